"""The working links of a message, kept out of the readable outbox (docs/online-event.md, Messages).

A confirmation link confirms an entry and a private link acts for its player: a message that holds one is stored
twice, its readable text with each link masked ("[private link of Ann Able]") and the text as it will be sent,
encrypted (Fernet: AES with an HMAC) with a key derived from the site's `SECRET_KEY`.  A copy of the database or of
the messages page then opens nothing; only a process holding the secret key, the sender, reads the links back, as
it hands the message to the mail server.  Signing would not do: a signed text is still readable.

`SECRET_KEY_FALLBACKS` are tried too, so a message queued just before the key was rotated is still sent.
"""

from __future__ import annotations

import base64
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.utils.crypto import salted_hmac

# The HMAC's salt: a key for this use only, so no other use of SECRET_KEY ever yields the same bytes.
PURPOSE = "outbox.sealing.links"


class Unreadable(Exception):
    """A sealed text no key of this site opens (sealed under a secret key since replaced)."""


def seal(text: str) -> str:
    """`text` encrypted under the site's current secret key, as ASCII to store."""
    return _keys(settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS)).encrypt(text.encode()).decode("ascii")


def unseal(sealed: str) -> str:
    """The text `seal` was given; `Unreadable` when no key of the site opens it."""
    try:
        return _keys(settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS)).decrypt(sealed.encode("ascii")).decode()
    except (InvalidToken, ValueError) as error:
        raise Unreadable("the message's links were sealed with a secret key this site no longer has") from error


@lru_cache(maxsize=4)
def _keys(secret: str, fallbacks: tuple[str, ...]) -> MultiFernet:
    """The current key first (it seals), then the fallbacks (they only open): derived once per process."""
    return MultiFernet([Fernet(_derived(key)) for key in (secret, *fallbacks)])


def _derived(secret: str) -> bytes:
    """32 bytes of HMAC-SHA256 keyed by the secret, as Fernet wants them (URL-safe base64)."""
    digest = salted_hmac(PURPOSE, "fernet-key", secret=secret, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest)
