"""The outbox: every mail the site sends, written in the transaction of the change it tells of (docs/online-event.md,
Messages), and delivered later by a sender that claims rows, so that a slow or absent mail server slows no page and
loses no message.

- `models`: `Mail`, one row a message, with its state (queued, sent, failed and why); `Attempt`, one row a try;
  `MadeUpAddress`, the addresses never mailed (the demo's);
- `services`: `queue` and `queue_many` (called inside the caller's transaction; the sender is woken once it
  commits), `Link` (a working link, stored sealed and shown masked), `text_to_send`, `send_again`, `never_mail`;
- `sealing`: the encryption of a message's working links, with a key derived from the site's secret key;
- `sender`: `deliver_due` claims due rows and hands them to Django's mail backend; the retry rule;
- `worker`: the per-process thread that runs `deliver_due`, and its `start` (called by the site's wiring,
  tournament/serving/threads.py, not by the rooms' sweep).

The messages page that shows the outbox is the organiser's (tournament/organiser/messages.py): it writes the
arbiter's message through `tournament.letters` and the audit, and `tournament` imports `outbox`, never the reverse.
"""
