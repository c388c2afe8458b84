"""The live test server and the test itself take turns at the database (no Django import: the conftest uses it).

The browser tests run on an in-memory SQLite database, whose one connection pytest-django's live server shares
with the test's thread: a page's request and the test's own service call running at once would interleave their
transactions on that connection (a real server's SQLite file has a connection per thread, and its writers wait
for each other). So each request the live server serves, and each service call a test makes while a page is open
(`room_play.retried`), holds this lock.
"""

import threading

DATABASE_TURN = threading.RLock()
