"""Entries by the public form (docs/online-event.md, Entries): `/t/<slug>/enter/`, a confirmation link mailed to the
address, the player entered at once or on the organiser's acceptance, and their private link mailed.

- `models`: `Entry`, one a form sent, with its confirmation token's digest and its state;
- `services`: asking to enter, confirming, accepting or declining, opening and closing the form;
- `forms`: the entry form (a trap field for robots), the organiser's entries settings;
- `views`: the public form and the confirmation page; the organiser's list of entries waiting.
"""
