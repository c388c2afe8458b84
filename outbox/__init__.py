"""The outbox: every mail the site sends, written in the transaction of the change it tells of (docs/online-event.md,
Messages), and delivered later by a sender that claims rows, so that a slow or absent mail server slows no page and
loses no message.

- `models`: `Mail`, one row a message, with its state (queued, sent, failed and why);
- `services`: `queue` (called inside the caller's transaction), `wake` (the sender, once it commits);
- `sender`: `deliver_due` claims due rows and hands them to Django's mail backend; the retry rule;
- `worker`: the per-process thread that runs `deliver_due` (started with the rooms' sweep);
- `views`: the organiser's messages page.
"""
