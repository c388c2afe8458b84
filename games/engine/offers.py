"""What the player to move may do now: the moves a program driving a `Game` offers (the game room's buttons).

`Offers` is the part of `game.Game` that only reads the game: the turn's
state and what it owes (`state`), the legal placements of a tile
(`placements_of`), whether a swap is allowed (`may_swap`), a placement's gain.
"""

from __future__ import annotations

from .board import CELL_INDEX, CELLS, DIRECTION_TO
from .placement import Placement, legal_cell_pairs, placements
from .scoring import raw_gain
from .tiles import PARSED_TILES, RACK_SIZE
from .turns import PLACED, REFILL, SWAPPED, TurnState


class Offers:
    """The reading half of `Game`, through its public attributes (`board`, `supply`, `turn`, `phase`, `flag_owed`...)."""

    @property
    def state(self) -> TurnState:
        """What the game waits for now: whose turn, how far it has gone, and what is owed."""
        if self.is_over:
            return TurnState(None, self.phase, None, 0, False, 0, None)
        player, phase = self.turn, self.phase
        refill = 0
        if self.tracked and self.started and phase in (PLACED, SWAPPED, REFILL):
            refill = min(RACK_SIZE - self.supply.rack_sizes[player], self.bag_size)
        return TurnState(player, phase, self.to_place, self.bonus_owed, self.may_swap(player), refill,
                         self.flag_owed)

    def may_swap(self, player: int) -> bool:
        """Whether `swap(player)` would be accepted now (tracked racks)."""
        if self.is_over or self.flag_owed is not None or player != self.turn or self.flagged[player] \
                or self.phase != PLACED:
            return False
        return self._may_exchange(player)

    def swappable(self, player: int) -> list[str]:
        """The tiles a swap by the player exchanges: the whole rack, shown (tracked racks)."""
        return self.supply.rack(player)

    def legal_cell_pairs(self, player: int | None = None) -> list[tuple[int, int]]:
        """Every unordered pair of cell numbers the player may cover now."""
        if player is None:
            player = self.to_place
        return legal_cell_pairs(self.board, self.in_area, self.rules, not self.has_placed[player])

    def legal_placements(self, player: int | None = None) -> list[Placement]:
        """Every placement of a tile from the player's (tracked) rack allowed now."""
        if player is None:
            player = self.to_place
        kinds = [k for k, n in enumerate(self.supply.racks[player]) if n]
        return placements(self.legal_cell_pairs(player), kinds)

    def placements_of(self, tile: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Where the player to place may lay `tile` now ("RO": R on the first cell): the cell pairs, both ways round.

        Empty when nobody may place (the game over, a flag owed) or, with tracked
        racks, when the tile is not in that player's rack.
        """
        player = self.to_place
        if player is None or self.flag_owed is not None or tile not in PARSED_TILES:
            return []
        kind = PARSED_TILES[tile][2]
        if self.tracked and not self.supply.racks[player][kind]:
            return []
        pairs = self.legal_cell_pairs(player)
        both_ways = tile[0] != tile[1]
        return [(CELLS[i], CELLS[j]) for i, j in pairs] + ([(CELLS[j], CELLS[i]) for i, j in pairs] if both_ways else [])

    def gain_of(self, tile: str, cells) -> list[int]:
        """The raw points a placement would score now, per colour (not checked for legality)."""
        a, b, _ = PARSED_TILES[tile]
        i0, i1 = CELL_INDEX[tuple(cells[0])], CELL_INDEX[tuple(cells[1])]
        return raw_gain(self.board, a, b, i0, i1, DIRECTION_TO[i0][i1])
