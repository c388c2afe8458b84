"""The tiles off the board: the bag, the racks, draws, and racks set aside by a swap.

`docs/move-log.md`, "Events" (draw, swap) and "Colours and tiles".
Tiles are counted by kind (`tiles.TILE_KINDS`).  With tracked racks every
tile placed must come from its player's rack; without, only the bag's totals
are checked.  The `Game` checks whose turn it is; a `Supply` checks that the
tiles are there, and changes nothing when they are not.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .errors import IllegalMove
from .tiles import BAG_COUNTS, RACK_SIZE, TILE_KINDS, kind_name


def counts_of(kinds: Iterable[int]) -> list[int]:
    """How many of each tile kind a list of kinds holds."""
    counts = [0] * len(TILE_KINDS)
    for k in kinds:
        counts[k] += 1
    return counts


def counts_text(counts: Sequence[int]) -> str:
    """`RO RO YB`, or `no tiles`."""
    tiles = [kind_name(k) for k, n in enumerate(counts) for _ in range(n)]
    return " ".join(tiles) if tiles else "no tiles"


def showing(counts: Sequence[int], colours: Iterable[int]) -> int | None:
    """The first tile kind in `counts` that shows one of `colours`, or None."""
    colours = set(colours)
    for k, n in enumerate(counts):
        if n and (TILE_KINDS[k][0] in colours or TILE_KINDS[k][1] in colours):
            return k
    return None


class Supply:
    """The bag and every player's rack, or (untracked) how many of each kind are on the board."""

    def __init__(self, players: int, tracked: bool):
        self.tracked = tracked
        self.bag = list(BAG_COUNTS)  # tracked: what is in the bag now
        self.racks = [[0] * len(TILE_KINDS) for _ in range(players)]
        self.rack_sizes = [0] * players
        self.placed_kinds = [0] * len(TILE_KINDS)  # untracked: copies placed so far
        self.set_aside: list[int] | None = None  # swapped tiles going back to the bag after the draw

    def rack(self, player: int) -> list[str]:
        """The player's rack as tiles."""
        return [kind_name(k) for k, n in enumerate(self.racks[player]) for _ in range(n)]

    def rack_is_empty(self, player: int) -> bool:
        """Whether a tracked rack holds nothing (so no bonus placement can be made from it)."""
        return self.tracked and not self.rack_sizes[player]

    # --- placing ---------------------------------------------------------------

    def check_placeable(self, name: str, player: int, kind: int) -> None:
        """Refuse a tile not in the player's rack, or (untracked) one more copy than the bag holds."""
        if self.tracked:
            if not self.racks[player][kind]:
                raise IllegalMove(
                    "tile-not-in-rack",
                    f"{name} placed {kind_name(kind)}, which is not in the rack ({counts_text(self.racks[player])})",
                )
        elif self.placed_kinds[kind] >= BAG_COUNTS[kind]:
            raise IllegalMove(
                "tile-supply",
                f"{name} placed a {kind_name(kind)} tile once more than the bag holds "
                f"({BAG_COUNTS[kind]} copies, all already on the board)",
            )

    def take(self, player: int, kind: int) -> None:
        """The tile leaves the rack for the board (checked first with `check_placeable`)."""
        if self.tracked:
            self.racks[player][kind] -= 1
            self.rack_sizes[player] -= 1
        else:
            self.placed_kinds[kind] += 1

    # --- drawing ---------------------------------------------------------------

    def draw(self, name: str, player: int, kinds: Sequence[int]) -> None:
        """Move these tiles from the bag into the rack; refused if the bag lacks one or the rack overflows."""
        wanted: dict[int, int] = {}
        for k in kinds:
            wanted[k] = wanted.get(k, 0) + 1
        bag = self.bag
        for k, n in wanted.items():
            if n > bag[k]:
                left = bag[k]
                raise IllegalMove(
                    "tile-supply",
                    f"{name} drew {n} {kind_name(k)}, but the bag holds " + (f"only {left}" if left else "none"),
                )
        size = self.rack_sizes[player] + len(kinds)
        if size > RACK_SIZE:
            raise IllegalMove(
                "rack-overflow",
                f"{name} drew {len(kinds)} tiles, which makes {size} in the rack; a rack holds {RACK_SIZE}",
            )
        rack = self.racks[player]
        for k, n in wanted.items():
            bag[k] -= n
            rack[k] += n
        self.rack_sizes[player] = size

    # --- swapping --------------------------------------------------------------

    def shown_rack(self, name: str, player: int, shown: list[int] | None) -> list[int]:
        """The rack a swap shows: the tracked rack (which `shown`, if given, must be), else `shown`."""
        if self.tracked:
            if shown is not None and shown != self.racks[player]:
                raise IllegalMove(
                    "rack-mismatch", f"{name} showed {counts_text(shown)} but holds {counts_text(self.racks[player])}"
                )
            return self.racks[player]
        if shown is None:
            raise IllegalMove("illegal-swap", f"{name} swapped without showing the rack (the log does not track racks)")
        return shown

    def check_held(self, name: str, player: int, aside: list[int]) -> None:
        """Refuse setting aside tiles the player does not hold (tracked racks)."""
        rack = self.racks[player]
        if self.tracked and any(n > rack[k] for k, n in enumerate(aside)):
            raise IllegalMove(
                "rack-mismatch", f"{name} set aside {counts_text(aside)} but holds {counts_text(rack)}"
            )

    def set_aside_tiles(self, player: int, aside: list[int]) -> None:
        """These tiles leave the rack; they go back to the bag after the refill's draw (tracked racks)."""
        if self.tracked:
            rack = self.racks[player]
            for k, n in enumerate(aside):
                rack[k] -= n
            self.rack_sizes[player] -= sum(aside)
            self.set_aside = aside

    def return_set_aside(self) -> None:
        """Tiles set aside by a swap go back into the bag."""
        if self.set_aside is not None:
            for k, n in enumerate(self.set_aside):
                self.bag[k] += n
            self.set_aside = None
