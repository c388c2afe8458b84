"""What every page may draw: the six colours, with their letters (`games.colours`)."""

from .colours import COLOURS


def colours(request):
    return {"COLOURS": COLOURS}
