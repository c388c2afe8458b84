"""QR codes on the sheets (reportlab's own widget), and the addresses they hold.

The sheets are drawn from the plain record, which knows no web addresses:
whoever prints passes `Addresses`, built from the `SITE_URL` setting
(`tournament/serving/site_url.py`), so the pages and `manage.py print` print the same
codes.  Without them a sheet has no codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm


@dataclass(frozen=True)
class Addresses:
    """Full addresses for the codes: each player's private link by player id, and a round's public pairings page."""

    links: Mapping[int, str] = field(default_factory=dict)
    round_page: Callable[[int], str] | None = None


NONE = Addresses()


def qr_code(address: str, side: float = 20 * mm) -> Drawing:
    """A square QR code of `side`, its quiet zone included, holding `address` (error correction M)."""
    widget = QrCodeWidget(address, barLevel="M")
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(side, side, transform=[side / (right - left), 0, 0, side / (top - bottom), 0, 0])
    drawing.add(widget)
    return drawing
