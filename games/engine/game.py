"""A game of Ingenious that a program drives move by move.

Implements the rules of `shared/spec/ingenious-log.md` ("Rule sets", "Events",
"Precise points").  Every move is checked completely before anything changes:
a move that raises `IllegalMove` leaves the game exactly as it was.

The hot path (`_place`) works on cell numbers and colour integers; the public
methods (`place`, `swap`, `draw`, `flag`) take the log's notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from .board import (
    CELL_INDEX,
    CELLS,
    DIRECTION_TO,
    NEIGHBOURS,
    SCORING_RAYS,
    START_SYMBOLS,
    area_cells,
    format_cell,
)
from .errors import BadLog, IllegalMove
from .rules import DUEL_END, MAX_SCORE, RULE_SETS, RuleSet
from .tiles import (
    BAG_COUNTS,
    COLOUR_NAMES,
    COLOURS,
    PARSED_TILES,
    RACK_SIZE,
    TILE_KINDS,
    kind_name,
)

EMPTY = -1

# Where the current turn stands.
START = "start"  # the turn's player has not placed yet
BONUS = "bonus"  # bonus placements are owed
PLACED = "placed"  # placements done; a swap or the refill may follow
SWAPPED = "swapped"  # the rack was exchanged; the refill follows
REFILL = "refill"  # the refill has begun; only more draws may follow

_START_NEIGHBOURS = {start: frozenset(NEIGHBOURS[start]) for start in START_SYMBOLS}
_EMPTY_BOARD = tuple(START_SYMBOLS.get(i, EMPTY) for i in range(len(CELLS)))


@lru_cache(maxsize=None)
def _area(players: int) -> tuple[tuple[bool, ...], int]:
    """Which cells are in the playing area, and how many adjacent empty pairs it starts with."""
    area = area_cells(players)
    in_area = tuple(i in area for i in range(len(CELLS)))
    empty = [in_area[i] and _EMPTY_BOARD[i] == EMPTY for i in range(len(CELLS))]
    pairs = sum(1 for i in range(len(CELLS)) if empty[i] for n in NEIGHBOURS[i] if n > i and empty[n])
    return in_area, pairs


@dataclass(frozen=True)
class Placement:
    """A tile laid on two cells: `tile[0]` on `cells[0]`, `tile[1]` on `cells[1]`."""

    tile: str
    cells: tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game (see "Precise points": Winner, Duel winner)."""

    scores: list  # per player six scores (R O Y G B P); duel: six track positions
    winner: int | None
    levels: list | None
    ended_by: str


def format_gain(gain: Sequence[int]) -> str:
    """`R+3 G+1`, or `nothing`."""
    parts = [f"{COLOURS[c]}+{points}" for c, points in enumerate(gain) if points]
    return " ".join(parts) if parts else "nothing"


def _counts_text(counts: Sequence[int]) -> str:
    tiles = [kind_name(k) for k, n in enumerate(counts) for _ in range(n)]
    return " ".join(tiles) if tiles else "no tiles"


class Game:
    """One game for 2 to 4 players under a rule set (`mso`, `kosmos`, `duel`).

    With `tracked_racks`, every tile placed must be in its player's rack and
    racks are filled by `draw`; without, only the bag's totals are checked.
    """

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        rules: str | RuleSet = "mso",
        tracked_racks: bool = True,
    ):
        if isinstance(players, int):
            players = [f"Player {i + 1}" for i in range(players)]
        self.names: list[str] = list(players)
        count = len(self.names)
        self.rules: RuleSet = RULE_SETS[rules] if isinstance(rules, str) else rules
        if not 2 <= count <= self.rules.max_players:
            raise ValueError(f"{self.rules.name} is for 2 to {self.rules.max_players} players, not {count}")
        self.player_count = count

        self.in_area, self._empty_pairs = _area(count)
        self.board: list[int] = list(_EMPTY_BOARD)

        self.scores: list[list[int]] = [[0] * 6 for _ in range(count)]
        self.track: list[int] = [0] * 6  # duel: + toward player 0, - toward player 1
        self.tokens: list[int | None] = [None] * 6  # duel: who holds each colour's token

        self.flagged = [False] * count
        self.has_placed = [False] * count
        self.started = False  # has anyone placed yet
        self.turn = 0
        self.phase = START
        self.bonus_owed = 0
        self.ended_by: str | None = None
        self.placement_count = 0

        self.tracked = tracked_racks
        self.bag = list(BAG_COUNTS)  # tracked: what is in the bag now
        self.racks = [[0] * len(TILE_KINDS) for _ in range(count)]
        self.rack_sizes = [0] * count
        self.placed_kinds = [0] * len(TILE_KINDS)  # untracked: copies placed so far
        self._set_aside: list[int] | None = None  # swapped tiles going back after the draw

    # --- reading the game -------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.ended_by is not None

    def name(self, player: int) -> str:
        return self.names[player]

    def next_player(self, after: int) -> int | None:
        """The next player in order after `after` who has not flagged (maybe `after` itself)."""
        for step in range(1, self.player_count + 1):
            player = (after + step) % self.player_count
            if not self.flagged[player]:
                return player
        return None

    @property
    def to_place(self) -> int | None:
        """The player whose placement comes next (a bonus, or the next turn's)."""
        if self.is_over:
            return None
        if self.phase in (START, BONUS):
            return self.turn
        return self.next_player(self.turn)

    def colour_at(self, q: int, r: int) -> str | None:
        """The colour letter on a cell (tile or start symbol), or None if empty."""
        colour = self.board[CELL_INDEX[(q, r)]]
        return None if colour == EMPTY else COLOURS[colour]

    def rack(self, player: int) -> list[str]:
        """The player's rack as tiles, with tracked racks."""
        return [kind_name(k) for k, n in enumerate(self.racks[player]) for _ in range(n)]

    @property
    def bag_size(self) -> int:
        return sum(self.bag)

    def lowest_colours(self, player: int) -> list[int]:
        scores = self.scores[player]
        lowest = min(scores)
        return [c for c in range(6) if scores[c] == lowest]

    def may_swap(self, player: int) -> bool:
        """Whether `swap(player)` would be accepted now (tracked racks)."""
        if self.is_over or self.flagged[player] or player != self.turn or self.phase != PLACED:
            return False
        if self.rules.duel:
            return any(self.track[c] == self._duel_goal(player) for c in range(6))
        return self._swap_offender(player, self.racks[player]) is None

    def legal_cell_pairs(self, player: int | None = None) -> list[tuple[int, int]]:
        """Every unordered pair of cell numbers the player may cover now."""
        if player is None:
            player = self.to_place
        in_area, board = self.in_area, self.board
        first_kosmos = not self.rules.must_touch and not self.has_placed[player]
        free_starts = [s for s in START_SYMBOLS if not self._start_touched(s)] if first_kosmos else ()
        pairs = []
        for i in range(len(CELLS)):
            if not in_area[i] or board[i] != EMPTY:
                continue
            for j in NEIGHBOURS[i]:
                if j < i or not in_area[j] or board[j] != EMPTY:
                    continue
                if self.rules.must_touch:
                    if not self._touches_anything(i, j):
                        continue
                elif first_kosmos:
                    if not any(i in _START_NEIGHBOURS[s] or j in _START_NEIGHBOURS[s] for s in free_starts):
                        continue
                pairs.append((i, j))
        return pairs

    def legal_placements(self, player: int | None = None) -> list[Placement]:
        """Every placement of a tile from the player's (tracked) rack allowed now."""
        if player is None:
            player = self.to_place
        kinds = [k for k, n in enumerate(self.racks[player]) if n]
        placements = []
        for i, j in self.legal_cell_pairs(player):
            cells = (CELLS[i], CELLS[j])
            for k in kinds:
                a, b = TILE_KINDS[k]
                placements.append(Placement(COLOURS[a] + COLOURS[b], cells))
                if a != b:
                    placements.append(Placement(COLOURS[b] + COLOURS[a], cells))
        return placements

    def gain_of(self, tile: str, cells) -> list[int]:
        """The raw points a placement would score now, per colour (not checked for legality)."""
        a, b, _ = PARSED_TILES[tile]
        i0, i1 = CELL_INDEX[tuple(cells[0])], CELL_INDEX[tuple(cells[1])]
        return self._gain(a, b, i0, i1, DIRECTION_TO[i0][i1])

    def result(self) -> Result:
        """Scores, winner, levels and how the game ended; only once it is over."""
        if not self.is_over:
            raise ValueError("the game is not over")
        if self.rules.duel:
            return Result(list(self.track), duel_winner(self.track), None, self.ended_by)
        scores = [list(s) for s in self.scores]
        return Result(scores, board_winner(scores), [min(s) for s in scores], self.ended_by)

    # --- moves in the log's notation --------------------------------------

    def place(self, player: int, tile: str, cells, gain: dict | None = None) -> list[int]:
        """Lay `tile` (e.g. "RO") with tile[0] on cells[0]; returns the raw gain per colour.

        `gain`, if given, is the player's declaration ({"R": 2}); a wrong one is refused.
        """
        a, b, kind = PARSED_TILES[tile]
        (q0, r0), (q1, r1) = cells
        declared = None
        if gain is not None:
            declared = [0] * 6
            for letter, points in gain.items():
                declared[COLOURS.index(letter)] = points
        return self._place(
            player, a, b, kind, CELL_INDEX.get((q0, r0)), CELL_INDEX.get((q1, r1)), declared, cells
        )

    def draw(self, player: int, tiles: Iterable[str]) -> None:
        """The player draws these tiles from the bag into the rack (tracked racks only)."""
        self._draw(player, [PARSED_TILES[t][2] for t in tiles])

    def swap(self, player: int, rack: Iterable[str] | None = None) -> None:
        """The player shows the rack and exchanges it (duel: sets `rack` aside)."""
        kinds = None if rack is None else [PARSED_TILES[t][2] for t in rack]
        self._swap(player, kinds)

    def flag(self, player: int) -> None:
        """The player's time ran out: no further move by that player."""
        self._check_not_over(player, "ran out of time")
        if self.flagged[player]:
            raise BadLog("bad-event", f"{self.names[player]} ran out of time twice")
        self.flagged[player] = True
        if all(self.flagged):
            self.ended_by = "all-flagged"
        elif player == self.turn:
            # Whatever the turn still owed (bonus, swap, refill) is forfeited.
            self._start_turn(self.next_player(player))

    def end(self) -> None:
        """Declare the game over; refused unless it has ended by the rules."""
        if not self.is_over:
            raise IllegalMove("premature-end", f"the log ends the game, but {self._why_not_over()}")

    # --- internals ---------------------------------------------------------

    def _check_not_over(self, player: int, what: str) -> None:
        if self.ended_by is not None:
            raise IllegalMove(
                "after-end", f"{self.names[player]} {what} after the game had ended ({self._ended_text()})"
            )

    def _ended_text(self) -> str:
        return {
            "all-18": "a player reached the end of every colour" if self.rules.duel else "a player had 18 in all six colours",
            "board-full": "no two adjacent empty cells remained",
            "all-flagged": "every player had run out of time",
        }[self.ended_by]

    def _why_not_over(self) -> str:
        return (
            f"two adjacent empty cells remain in the playing area, no player has "
            f"{'every counter on their side' if self.rules.duel else '18 in all six colours'}, "
            f"and not every player has run out of time"
        )

    def _start_turn(self, player: int) -> None:
        self._return_set_aside()
        self.turn = player
        self.phase = START
        self.bonus_owed = 0

    def _return_set_aside(self) -> None:
        if self._set_aside is not None:
            for k, n in enumerate(self._set_aside):
                self.bag[k] += n
            self._set_aside = None

    def _start_touched(self, start: int) -> bool:
        board = self.board
        return any(board[n] != EMPTY and n not in START_SYMBOLS for n in NEIGHBOURS[start])

    def _touches_anything(self, i0: int, i1: int) -> bool:
        board = self.board
        for n in NEIGHBOURS[i0]:
            if board[n] != EMPTY:
                return True
        for n in NEIGHBOURS[i1]:
            if board[n] != EMPTY:
                return True
        return False

    def _gain(self, a: int, b: int, i0: int, i1: int, direction: int) -> list[int]:
        """Raw points of colour a on i0 and colour b on i1, the partner's direction left out."""
        board = self.board
        gain = [0, 0, 0, 0, 0, 0]
        points = 0
        for ray in SCORING_RAYS[i0][direction]:
            for n in ray:
                if board[n] != a:
                    break
                points += 1
        gain[a] = points
        points = 0
        for ray in SCORING_RAYS[i1][(direction + 3) % 6]:
            for n in ray:
                if board[n] != b:
                    break
                points += 1
        gain[b] += points
        return gain

    def _out_of_turn(self, player: int, what: str) -> IllegalMove:
        name = self.names[player]
        if self.phase == BONUS and player != self.turn:
            why = f"{self.names[self.turn]} still owes a bonus placement"
        elif self.phase in (START, BONUS):
            why = f"it is {self.names[self.turn]}'s turn"
        elif player == self.turn:
            why = {
                PLACED: "the turn's placement is made and no bonus placement was earned",
                SWAPPED: "the turn's rack was already swapped",
                REFILL: "the turn's refill has begun",
            }[self.phase]
        else:
            why = f"{self.names[self.turn]}'s turn is not finished and {self.names[self.next_player(self.turn)]} plays next"
        return IllegalMove("out-of-turn", f"{name} {what} out of turn: {why}")

    def _place(self, player, a, b, kind, i0, i1, declared, cells) -> list[int]:
        """Check a placement in the spec's order, then make it; the hot path of a replay."""
        if self.ended_by is not None:
            self._check_not_over(player, "placed a tile")
        if self.flagged[player]:
            raise IllegalMove("flagged-player-moved", f"{self.names[player]} placed a tile after running out of time")
        phase = self.phase
        new_turn = False
        if phase == START or phase == BONUS:
            if player != self.turn:
                raise self._out_of_turn(player, "placed a tile")
        else:
            following = (self.turn + 1) % self.player_count
            if self.flagged[following]:
                following = self.next_player(self.turn)
            if player != following:
                raise self._out_of_turn(player, "placed a tile")
            new_turn = True

        in_area, board = self.in_area, self.board
        if i0 is None or i1 is None or not in_area[i0] or not in_area[i1]:
            raise self._off_board(player, i0, cells)
        if board[i0] != EMPTY or board[i1] != EMPTY:
            raise self._occupied(player, i0 if board[i0] != EMPTY else i1)
        direction = DIRECTION_TO[i0].get(i1)
        if direction is None:
            raise IllegalMove(
                "not-adjacent",
                f"{self.names[player]} placed on {format_cell(i0)} and {format_cell(i1)}, which do not touch",
            )
        if self.rules.must_touch:
            if not self._touches_anything(i0, i1):
                raise self._placement_rule(player, i0, i1)
        elif not self.has_placed[player] and not self._touches_free_start(i0, i1):
            raise self._placement_rule(player, i0, i1)
        tracked = self.tracked
        if tracked:
            if not self.racks[player][kind]:
                raise self._not_in_rack(player, kind)
        elif self.placed_kinds[kind] >= BAG_COUNTS[kind]:
            raise IllegalMove(
                "tile-supply",
                f"{self.names[player]} placed a {kind_name(kind)} tile once more than the bag holds "
                f"({BAG_COUNTS[kind]} copies, all already on the board)",
            )
        gain = self._gain(a, b, i0, i1, direction)
        if declared is not None and declared != gain:
            raise IllegalMove(
                "wrong-gain",
                f"{self.names[player]} declared {format_gain(declared)} but the placement scores {format_gain(gain)}",
            )

        # Every check passed: change the game.
        if new_turn:
            if self._set_aside is not None:
                self._return_set_aside()
            self.turn = player
            self.bonus_owed = 0
        elif phase == BONUS:
            self.bonus_owed -= 1
        lost = 0
        for n in NEIGHBOURS[i0]:
            if board[n] == EMPTY and in_area[n]:
                lost += 1
        board[i0] = a
        for n in NEIGHBOURS[i1]:
            if board[n] == EMPTY and in_area[n]:
                lost += 1
        board[i1] = b
        self._empty_pairs -= lost
        if tracked:
            self.racks[player][kind] -= 1
            self.rack_sizes[player] -= 1
        else:
            self.placed_kinds[kind] += 1
        self.has_placed[player] = True
        self.started = True
        self.placement_count += 1

        if self.rules.duel:
            earned, complete = self._score_duel(player, gain)
        else:
            earned, complete = self._score_board(player, gain, a, b)
        if complete:
            self.ended_by = "all-18"
        elif self._empty_pairs == 0:
            self.ended_by = "board-full"
        else:
            owed = self.bonus_owed + earned
            if owed and tracked and not self.rack_sizes[player]:
                owed = 0  # an empty rack cannot make the bonus placement
            self.bonus_owed = owed
            self.phase = BONUS if owed else PLACED
        return gain

    def _off_board(self, player: int, i0: int | None, cells) -> IllegalMove:
        q, r = cells[0] if i0 is None or not self.in_area[i0] else cells[1]
        return IllegalMove(
            "off-board",
            f"{self.names[player]} placed on [{q},{r}], which is outside the playing area "
            f"for {self.player_count} players",
        )

    def _occupied(self, player: int, cell: int) -> IllegalMove:
        if cell in START_SYMBOLS:
            what = f"holds the printed {COLOUR_NAMES[START_SYMBOLS[cell]]} start symbol"
        else:
            what = "is already covered"
        return IllegalMove("occupied", f"{self.names[player]} placed on {format_cell(cell)}, which {what}")

    def _placement_rule(self, player: int, i0: int, i1: int) -> IllegalMove:
        name, where = self.names[player], f"{format_cell(i0)} and {format_cell(i1)}"
        if self.rules.must_touch:
            return IllegalMove(
                "placement-rule",
                f"{name} placed on {where}, which touch no tile and no start symbol "
                f"({self.rules.name} rules: every placement must touch one)",
            )
        return IllegalMove(
            "placement-rule",
            f"{name}'s first placement, on {where}, does not touch a start symbol "
            f"that no tile touches yet ({self.rules.name} rules)",
        )

    def _not_in_rack(self, player: int, kind: int) -> IllegalMove:
        return IllegalMove(
            "tile-not-in-rack",
            f"{self.names[player]} placed {kind_name(kind)}, which is not in the rack "
            f"({_counts_text(self.racks[player])})",
        )

    def _touches_free_start(self, i0: int, i1: int) -> bool:
        return any(
            (i0 in around or i1 in around) and not self._start_touched(start)
            for start, around in _START_NEIGHBOURS.items()
        )

    def _score_board(self, player: int, gain: list[int], a: int, b: int) -> tuple[int, bool]:
        scores = self.scores[player]
        reached = 0
        for colour in (a,) if a == b else (a, b):
            points = gain[colour]
            before = scores[colour]
            if points and before < MAX_SCORE:
                after = before + points
                if after >= MAX_SCORE:
                    after = MAX_SCORE
                    reached += 1
                scores[colour] = after
        if not reached:
            return 0, False
        earned = reached if self.rules.bonus_per_colour else 1
        return earned, min(scores) == MAX_SCORE

    @staticmethod
    def _duel_goal(player: int) -> int:
        return DUEL_END if player == 0 else -DUEL_END

    def _score_duel(self, player: int, gain: list[int]) -> tuple[int, bool]:
        track, goal = self.track, self._duel_goal(player)
        step = 1 if player == 0 else -1
        earned = 0
        for colour in range(6):
            points = gain[colour]
            before = track[colour]
            if not points or before == goal:
                continue
            after = before + step * points
            if before * step < 0 and after * step >= 0:
                after += step  # the dividing line is not a space once the counter has moved
            if after * step > DUEL_END:
                after = goal
            track[colour] = after
            if after == goal and self.tokens[colour] != player:
                self.tokens[colour] = player
                earned += 1
        complete = all(t > 0 for t in track) or all(t < 0 for t in track)
        return earned, complete

    def _draw(self, player: int, kinds: list[int]) -> None:
        if self.ended_by is not None:
            self._check_not_over(player, "drew tiles")
        if not self.tracked:
            raise ValueError("draw needs a game with tracked racks")
        name = self.names[player]
        if self.flagged[player]:
            raise IllegalMove("out-of-turn", f"{name} drew tiles after running out of time")
        if self.started and (player != self.turn or self.phase not in (PLACED, SWAPPED, REFILL)):
            raise self._out_of_turn(player, "drew tiles")
        wanted: dict[int, int] = {}
        for k in kinds:
            wanted[k] = wanted.get(k, 0) + 1
        bag = self.bag
        for k, n in wanted.items():
            if n > bag[k]:
                left = bag[k]
                raise IllegalMove(
                    "tile-supply",
                    f"{name} drew {n} {kind_name(k)}, but the bag holds "
                    + (f"only {left}" if left else "none"),
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
        if self.started:
            self.phase = REFILL
            if self._set_aside is not None:
                self._return_set_aside()

    def _swap(self, player: int, shown: list[int] | None) -> None:
        self._check_not_over(player, "swapped")
        name = self.names[player]
        if self.flagged[player]:
            raise IllegalMove("flagged-player-moved", f"{name} swapped after running out of time")
        if player != self.turn or self.phase != PLACED:
            raise self._out_of_turn(player, "swapped")
        shown_counts = None
        if shown is not None:
            shown_counts = [0] * len(TILE_KINDS)
            for k in shown:
                shown_counts[k] += 1
        if self.rules.duel:
            self._swap_duel(player, shown_counts)
            return
        if self.tracked:
            if shown_counts is not None and shown_counts != self.racks[player]:
                raise IllegalMove(
                    "rack-mismatch",
                    f"{name} showed {_counts_text(shown_counts)} but holds {_counts_text(self.racks[player])}",
                )
            shown_counts = self.racks[player]
        elif shown_counts is None:
            raise IllegalMove(
                "illegal-swap", f"{name} swapped without showing the rack (the log does not track racks)"
            )
        offender = self._swap_offender(player, shown_counts)
        if offender is not None:
            lowest = ", ".join(f"{COLOUR_NAMES[c]} {self.scores[player][c]}" for c in self.lowest_colours(player))
            raise IllegalMove(
                "illegal-swap",
                f"{name} swapped while holding {kind_name(offender)}, which shows a lowest-scoring colour "
                f"({lowest})",
            )
        if self.tracked:
            self._set_aside = list(self.racks[player])
            self.racks[player] = [0] * len(TILE_KINDS)
            self.rack_sizes[player] = 0
        self.phase = SWAPPED

    def _swap_offender(self, player: int, counts: Sequence[int]) -> int | None:
        """A tile kind in `counts` showing one of the player's lowest colours, if any."""
        lowest = set(self.lowest_colours(player))
        for k, n in enumerate(counts):
            if n and (TILE_KINDS[k][0] in lowest or TILE_KINDS[k][1] in lowest):
                return k
        return None

    def _swap_duel(self, player: int, set_aside: list[int] | None) -> None:
        name = self.names[player]
        if set_aside is None:
            raise BadLog("bad-event", f"{name}'s duel swap does not list the tiles set aside")
        rack = self.racks[player]
        if self.tracked and any(n > rack[k] for k, n in enumerate(set_aside)):
            raise IllegalMove(
                "rack-mismatch",
                f"{name} set aside {_counts_text(set_aside)} but holds {_counts_text(rack)}",
            )
        goal = self._duel_goal(player)
        finished = {c for c in range(6) if self.track[c] == goal}
        if not finished:
            raise IllegalMove("illegal-swap", f"{name} swapped with no counter on {name}'s 9")
        for k, n in enumerate(set_aside):
            a, b = TILE_KINDS[k]
            if n and a not in finished and b not in finished:
                colours = ", ".join(COLOUR_NAMES[c] for c in sorted(finished))
                raise IllegalMove(
                    "illegal-swap",
                    f"{name} set aside {kind_name(k)}, which shows none of the colours on {name}'s 9 ({colours})",
                )
        if self.tracked:
            for k, n in enumerate(set_aside):
                rack[k] -= n
            self.rack_sizes[player] -= sum(set_aside)
            self._set_aside = set_aside
        self.phase = SWAPPED


def board_winner(scores: Sequence[Sequence[int]]) -> int | None:
    """The player whose ascending score list is greatest; None when shared (mso, kosmos)."""
    ranked = [sorted(s) for s in scores]
    best = max(ranked)
    holders = [p for p, r in enumerate(ranked) if r == best]
    return holders[0] if len(holders) == 1 else None


def duel_winner(track: Sequence[int]) -> int | None:
    """More counters on one's side wins; then the ascending distances compare (spec, Duel winner)."""
    sides = (sorted(t for t in track if t > 0), sorted(-t for t in track if t < 0))
    if len(sides[0]) != len(sides[1]):
        return 0 if len(sides[0]) > len(sides[1]) else 1
    if sides[0] == sides[1]:
        return None
    return 0 if sides[0] > sides[1] else 1
