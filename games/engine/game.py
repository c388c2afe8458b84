"""A game of Ingenious that a program drives move by move.

Implements the rules of `docs/move-log.md` ("Rule sets", "Events",
"Precise points") for the score-board rule sets, mso and kosmos; the duel is
the subclass `variants.DuelGame`, and `variants.new_game` picks the class for
a rule set.  Every move is checked completely before anything changes: a move
that raises `IllegalMove` leaves the game exactly as it was.

Moves come in the log's notation (`place`, `draw`, `swap`, `flag`, `end`) or,
for a reader that has already parsed it, as cell numbers and colour integers
(`place_parsed`, `draw_parsed`, `swap_parsed`): the same checks, the same
errors, without parsing twice.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .board import CELL_INDEX, CELLS
from .clock import Clocks
from .errors import IllegalMove
from .placement import EMPTY, EMPTY_BOARD, check_cover, cover, off_board, play_area
from .rules import RULE_SETS, RuleSet
from .scoring import Result, add_to_board, board_winner, gain_list, raw_gain, wrong_gain
from .supply import Supply, counts_of, showing
from .offers import Offers
from .tiles import COLOUR_NAMES, COLOURS, PARSED_TILES, kind_name
from .turns import BONUS, DONE, PLACED, REFILL, START, SWAPPED, Turn, after_end, after_flag


class Game(Offers):
    """One game for 2 to 4 players under the mso or kosmos rules (the duel: `variants.DuelGame`).

    With `tracked_racks`, every tile placed must be in its player's rack and
    racks are filled by `draw`; without, only the bag's totals are checked.
    `clock_s`, the game's time per player, bounds the placements' clock readings.
    Build one with `variants.new_game`, which picks the class for the rule set.
    """

    RULES_PLAYED = ("mso", "kosmos")  # the rule sets this class plays
    COMPLETE = "a player had 18 in all six colours"  # what ending "all-18" means here
    GOAL = "18 in all six colours"

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        rules: str | RuleSet = "mso",
        tracked_racks: bool = True,
        clock_s: int | None = None,
    ):
        if isinstance(players, int):
            players = [f"Player {i + 1}" for i in range(players)]
        self.names: list[str] = list(players)
        count = len(self.names)
        self.rules: RuleSet = RULE_SETS[rules] if isinstance(rules, str) else rules
        if self.rules.name not in self.RULES_PLAYED:
            raise ValueError(f"{type(self).__name__} does not play {self.rules.name}: use variants.new_game")
        if not 2 <= count <= self.rules.max_players:
            raise ValueError(f"{self.rules.name} is for 2 to {self.rules.max_players} players, not {count}")
        self.player_count = count

        self.in_area, self._empty_pairs = play_area(count)
        self.board: list[int] = list(EMPTY_BOARD)
        self.scores: list[list[int]] = [[0] * 6 for _ in range(count)]
        self.supply = Supply(count, tracked_racks)

        self._clocks = Clocks(self.names, clock_s)  # the clock rule: readings, flags, a flag owed
        self._turn = Turn()
        self.has_placed = [False] * count
        self.started = False  # has anyone placed yet
        self.ended_by: str | None = None
        self.placement_count = 0

    # --- reading the game -------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.ended_by is not None

    @property
    def turn(self) -> int:
        """Whose turn it is (after a placement, until the next turn's first placement)."""
        return self._turn.player

    @property
    def phase(self) -> str:
        """How far the turn has gone (`turns`: START, BONUS, PLACED, SWAPPED, REFILL)."""
        return self._turn.phase

    @property
    def bonus_owed(self) -> int:
        return self._turn.bonus_owed

    @property
    def flagged(self) -> list[bool]:
        """Who has run out of time, per player (a copy)."""
        return self._clocks.flagged

    @property
    def flag_owed(self) -> int | None:
        """The player whose clock read 0 on a placement that did not end the game: their flag must come next."""
        return self._clocks.flag_owed

    def last_reading(self, player: int) -> int | None:
        """The player's latest clock reading (seconds left), None before the first."""
        return self._clocks.last(player)

    # The other endings, as phrases; "all-18" is the rule set's own COMPLETE.
    ENDINGS = {"board-full": "no two adjacent empty cells remained", "all-flagged": "every player had run out of time"}

    @classmethod
    def ending_phrase(cls, ended_by: str) -> str:
        """An ending code of the log spec as a phrase: "all-flagged" is "every player had run out of time"."""
        return cls.COMPLETE if ended_by == "all-18" else cls.ENDINGS[ended_by]

    @property
    def ended_text(self) -> str:
        """Why the game is over, as a phrase ("no two adjacent empty cells remained"); only once it is."""
        return self.ending_phrase(self.ended_by)

    @property
    def why_not_over(self) -> str:
        """Why the game is not over yet, as a phrase: every way it could have ended, denied."""
        return (
            f"two adjacent empty cells remain in the playing area, no player has {self.GOAL}, "
            f"and not every player has run out of time"
        )

    @property
    def score_rows(self) -> list[list[int]]:
        """The scores as rows of six: one per player (the duel: its one track)."""
        return self.scores

    def next_player(self, after: int) -> int | None:
        """The next player in order after `after` who has not flagged (maybe `after` itself)."""
        for step in range(1, self.player_count + 1):
            player = (after + step) % self.player_count
            if not self._clocks.has_flagged(player):
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

    @property
    def following(self) -> int | None:
        """Whose turn comes next: the next player in order after the turn's who has not flagged."""
        return self.next_player(self.turn)

    def colour_at(self, q: int, r: int) -> str | None:
        """The colour letter on a cell (tile or start symbol), or None if empty."""
        colour = self.board[CELL_INDEX[(q, r)]]
        return None if colour == EMPTY else COLOURS[colour]

    @property
    def tracked(self) -> bool:
        return self.supply.tracked

    @property
    def bag(self) -> list[int]:
        """Tiles in the bag, counted by kind (tracked racks)."""
        return self.supply.bag

    @property
    def bag_size(self) -> int:
        return sum(self.supply.bag)

    @property
    def racks(self) -> list[list[int]]:
        """Every player's rack, counted by kind (tracked racks)."""
        return self.supply.racks

    @property
    def rack_sizes(self) -> list[int]:
        return self.supply.rack_sizes

    def rack(self, player: int) -> list[str]:
        """The player's rack as tiles, with tracked racks."""
        return self.supply.rack(player)

    def lowest_colours(self, player: int) -> list[int]:
        scores = self.scores[player]
        lowest = min(scores)
        return [c for c in range(6) if scores[c] == lowest]

    def result(self) -> Result:
        """Scores, winner, levels and how the game ended; only once it is over."""
        if not self.is_over:
            raise ValueError("the game is not over")
        return self._result()

    # --- moves in the log's notation --------------------------------------

    def place(self, player: int, tile: str, cells, gain: dict | None = None, clock_s: int | None = None) -> list[int]:
        """Lay `tile` (e.g. "RO") with tile[0] on cells[0]; returns the raw gain per colour.

        `gain`, if given, is the player's declaration ({"R": 2}); a wrong one is refused.
        `clock_s`, if given, is the player's time left after it; an impossible one is refused.
        """
        parsed = PARSED_TILES[tile]
        (q0, r0), (q1, r1) = cells
        declared = None if gain is None else gain_list(gain)
        first, second = CELL_INDEX.get((q0, r0)), CELL_INDEX.get((q1, r1))
        return self.place_parsed(player, parsed, first, second, declared, cells, clock_s)

    def draw(self, player: int, tiles: Iterable[str]) -> None:
        """The player draws these tiles from the bag into the rack (tracked racks only)."""
        self.draw_parsed(player, [PARSED_TILES[t][2] for t in tiles])

    def swap(self, player: int, rack: Iterable[str] | None = None) -> None:
        """The player shows the rack and exchanges it (duel: sets `rack` aside)."""
        self.swap_parsed(player, None if rack is None else [PARSED_TILES[t][2] for t in rack])

    def flag(self, player: int) -> None:
        """The player's time ran out: no further move by that player."""
        self.check_not_over(player, DONE["flag"])
        self._clocks.check_flag(player)
        self._clocks.flag(player)
        if self._clocks.all_flagged:
            self.ended_by = "all-flagged"
        elif player == self.turn:
            # Whatever the turn still owed (bonus, swap, refill) is forfeited.
            self.supply.return_set_aside()
            self._turn.start(self.next_player(player))

    def check_next(self, instead: str, flag_by: int | None = None) -> None:
        """Refuse (`bad-clock`) any event but the flag owed after a clock reading of 0.

        For a reader that must put this check before an event's own checks (the
        log's order): `instead` names the event in words, `flag_by` is the
        flagging player when the event is a flag.  Every move checks it too.
        """
        self._clocks.check_next(instead, flag_by)

    def end(self) -> None:
        """Declare the game over; refused unless it has ended by the rules."""
        self._clocks.check_next("an end event")
        if not self.is_over:
            raise IllegalMove("premature-end", f"the log ends the game, but {self.why_not_over}")

    # --- moves already parsed ---------------------------------------------

    def place_parsed(
        self,
        player: int,
        tile: tuple[int, int, int],
        first: int | None,
        second: int | None,
        declared: list[int] | None = None,
        written=None,
        clock: int | None = None,
    ) -> list[int]:
        """`place` for a caller that has parsed the notation itself: the log reader's fast path.

        `tile` is `tiles.PARSED_TILES[text]` (colour on the first cell, colour on
        the second, kind); `first` and `second` are cell numbers (`board.CELL_INDEX`),
        None for a cell that is not on the board, and then `written` must hold the
        two cells as written, for the message; `declared` is the gain per colour
        index, or None; `clock` the player's time left, or None.  Checks in the
        spec's order; returns the raw gain per colour.
        """
        if self.ended_by is not None:
            self.check_not_over(player, DONE["place"])
        clocks = self._clocks
        if clocks.flag_owed is not None:
            clocks.check_next(f"a placement by {self.names[player]}")
        self.check_not_flagged(player, DONE["place"])
        turn = self._turn
        phase = turn.phase
        new_turn = turn.placement_starts_turn(self.names, self.following, player)
        a, b, kind = tile
        in_area, board = self.in_area, self.board
        if first is None or second is None or not in_area[first] or not in_area[second]:
            index, number = (0, first) if first is None or not in_area[first] else (1, second)
            cell = CELLS[number] if written is None else written[index]
            raise off_board(self.names[player], cell, self.player_count)
        direction = check_cover(self.names[player], board, self.rules, not self.has_placed[player], first, second)
        supply = self.supply
        supply.check_placeable(self.names[player], player, kind)
        points = raw_gain(board, a, b, first, second, direction)
        if declared is not None and declared != points:
            raise wrong_gain(self.names[player], declared, points)
        if clock is not None:  # after the other rule checks (Precise points: Clock readings)
            clocks.check_reading(player, clock)

        # Every check passed: change the game.
        if new_turn:
            if supply.set_aside is not None:
                supply.return_set_aside()
            turn.start(player)
        elif phase == BONUS:
            turn.bonus_owed -= 1
        self._empty_pairs -= cover(board, in_area, first, second, a, b)
        supply.take(player, kind)
        self.has_placed[player] = True
        self.started = True
        self.placement_count += 1

        earned, complete = self._score(player, points, a, b)
        if complete:
            self.ended_by = "all-18"
        elif self._empty_pairs == 0:
            self.ended_by = "board-full"
        else:
            owed = turn.bonus_owed + earned
            if owed and supply.rack_is_empty(player):
                owed = 0  # an empty rack cannot make the bonus placement
            turn.bonus_owed = owed
            turn.phase = BONUS if owed else PLACED
        clocks.record(player, clock, self.ended_by is not None)
        return points

    def draw_parsed(self, player: int, kinds: list[int]) -> None:
        """`draw` with the tiles as kinds (`tiles.TILE_KINDS` indexes)."""
        if self.ended_by is not None:
            self.check_not_over(player, DONE["draw"])
        self._clocks.check_next(f"a draw by {self.names[player]}")
        if not self.supply.tracked:
            raise ValueError("draw needs a game with tracked racks")
        name = self.names[player]
        if self._clocks.has_flagged(player):
            raise IllegalMove("out-of-turn", f"{name} drew tiles after running out of time")
        if self.started and (player != self.turn or self.phase not in (PLACED, SWAPPED, REFILL)):
            raise self._turn.out_of_turn(self.names, self.following, player, DONE["draw"])
        supply = self.supply
        supply.draw(name, player, kinds)
        if self.started:
            self._turn.phase = REFILL
            if supply.set_aside is not None:
                supply.return_set_aside()

    def swap_parsed(self, player: int, kinds: list[int] | None) -> None:
        """`swap` with the tiles shown (duel: set aside) as kinds, or None when the move lists none."""
        self.check_not_over(player, DONE["swap"])
        self._clocks.check_next(f"a swap by {self.names[player]}")
        self.check_not_flagged(player, DONE["swap"])
        if player != self.turn or self.phase != PLACED:
            raise self._turn.out_of_turn(self.names, self.following, player, DONE["swap"])
        self._exchange(player, None if kinds is None else counts_of(kinds))
        self._turn.phase = SWAPPED

    # --- what the variants change ------------------------------------------

    def _result(self) -> Result:
        scores = [list(s) for s in self.scores]
        return Result(scores, board_winner(scores), [min(s) for s in scores], self.ended_by)

    def _may_exchange(self, player: int) -> bool:
        """Whether the rules let the player swap now, the turn allowing it."""
        return showing(self.supply.racks[player], self.lowest_colours(player)) is None

    def _score(self, player: int, gain: list[int], a: int, b: int) -> tuple[int, bool]:
        """Add a placement's gain; the bonus placements it earns, and whether it completes the game."""
        return add_to_board(self.scores[player], gain, a, b, self.rules.bonus_per_colour)

    def _exchange(self, player: int, shown: list[int] | None) -> None:
        """A swap, turn checked: the player shows the whole rack, which holds none of the lowest colours."""
        name, supply = self.names[player], self.supply
        shown = supply.shown_rack(name, player, shown)
        offender = showing(shown, self.lowest_colours(player))
        if offender is not None:
            lowest = ", ".join(f"{COLOUR_NAMES[c]} {self.scores[player][c]}" for c in self.lowest_colours(player))
            raise IllegalMove(
                "illegal-swap",
                f"{name} swapped while holding {kind_name(offender)}, which shows a lowest-scoring colour "
                f"({lowest})",
            )
        supply.set_aside_tiles(player, list(shown))

    # --- the checks every move makes ----------------------------------------

    def check_not_over(self, player: int, what: str) -> None:
        """Refuse (`after-end`) `player`'s move (`what` they did: "swapped") once the game has ended."""
        if self.ended_by is not None:
            raise after_end(f"{self.names[player]} {what}", self.ended_text)

    def check_not_flagged(self, player: int, what: str) -> None:
        """Refuse (`flagged-player-moved`) a placement or swap (`what`) by a player who has run out of time."""
        if self._clocks.has_flagged(player):
            raise after_flag(self.names[player], what)
