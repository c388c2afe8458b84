"""The tournament's rules as plain data and pure functions; no Django here.

    enums     MatchStatus, RoundStatus, System, Progressive: the named states
    records   TournamentFile, Settings, PlayerRecord, RoundRecord, MatchRecord
    results   a game's result: six scores each, checked; winner, level, difference, VP
    rounds    what each player got in each round; which rounds count; "during round 5"
    text      how VP and results are written for people (½ style)
    values    what a stored value may be (whole, finite, storable text)
    limits    the largest numbers and longest texts the database holds

Pairing (`tournament.pairing`, `tournament.pairing.next_round`), standings
(`scoring`), the file (`tournament.tfile`), TRF-16, the pages and the sheets
all read these.
"""
