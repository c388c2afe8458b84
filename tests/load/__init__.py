"""The load test (run by hand: `python tests/load/run.py`; pytest ignores this folder).

This file makes `tests.load.run` importable, so that the build step can run
inside Django as `manage.py shell -c "from tests.load.run import ..."`.
"""
