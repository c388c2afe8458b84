"""What a tournament's numbers and texts may be: the file, the forms and the database columns share these."""

MAX_ROUND = 32_767  # round numbers, rounds announced, joined/withdrawn rounds, tables (small integers)
MAX_INT = 2_147_483_647  # player ids, the clock (integers)
MAX_TOURNAMENT_NAME = 200
MAX_PLAYER_TEXT = 120  # a player's name and club
MAX_RATING = 10_000  # a rating: 0 to this, typed, or read from a players file or a tournament file (values.is_rating)
MAX_PLAYERS_FILE_ROWS = 10_000  # players one players file (CSV) may enter at once

# The longest break the timetable allows between rounds (docs/online-event.md): a day.
MAX_ROUND_BREAK_S = 24 * 3600
