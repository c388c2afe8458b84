"""The benchmarks' targets, in one place: every benchmark reads its target here and fails when it misses it.

`bench_engine` and `bench_pairing` (commands, and `python -m games.engine.bench`,
`python -m tournament.pairing.bench`, `python -m tournament.pairing.draft_bench`)
print their figures and exit with status 1 when a target is missed; the timed
tests in `tests/bench` fail.  None of them is in the default test run (`make
test`): they are slow, and their figures depend on what else the machine is
doing.  Run them by hand, on a quiet machine: `.venv/bin/python -m pytest tests/bench`.
Plain numbers, no imports: the pure cores read them too.
"""

ENGINE_TWO_PLAYER_LOGS_PER_S = 2000  # bench_engine: two-player logs with clock readings replayed a second, one core
ANALYSIS_GAME_S = {2: 1.0, 4: 3.0}  # bench_engine: CPU seconds, one core, to analyse the slowest whole game of this many players
PAIRING_S = {1000: 2.0, 5000: 15.0}  # bench_pairing: CPU seconds to pair round 7 of a Swiss of this many players
PAIRING_GENERATED_S = 15.0  # bench_pairing: the worst CPU seconds to pair round 7 of a generated 10,000-player history
DRAFT_CHECK_S = 0.2  # draft_bench: seconds to check each draft of a 500-player Swiss round
PAIRING_SHEET_500_S = 1.5  # tests/bench/test_bench_pdf.py: the pairing sheet of a 500-player round, drawn and by `manage.py print`
PLAYERS_FILE_10000_S = 5.0  # tests/bench/test_bench_players_csv.py: a 10,000-line players file uploaded
PUBLIC_PAGE_UNCACHED_MS = 100  # tests/bench/test_bench_public_pages.py: server CPU for a public page uncached after a change
JUNK_GROWTH_MB = 8  # the same: server memory grown by 60 requests with junk query strings
GRID_MS = 300  # tests/bench/test_bench_results_grid.py: a 250-table results grid rendered
GRID_SAVE_MS = 100  # the same: one board saved through the grid
ROUND_MAIL_PUBLISH_500_S = 2.0  # tests/bench/test_bench_round_mail.py: a 500-player online round published, mails queued
ROUND_MAIL_DELIVERY_500_S = 60.0  # the same: its 500 mails delivered by one sender to an SMTP server on loopback
AUTO_ROUND_LAG_S = 2.0  # tests/bench/test_bench_auto_event.py: a round published after its last game ended, at most
