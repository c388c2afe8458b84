"""The organiser's pages under /manage/: thin views over `services`.

Who may use them (`access`): a tournament's organisers (and superusers) do
everything; its arbiters see the rounds and enter and correct results; any
staff user may create or import a tournament (and becomes its organiser).
Anonymous visitors go to the login page; everyone else gets 403.  Each view
reads a form, calls one service, and renders or redirects; a service's
`Refused` is shown on the form (or, for a plain button, as an error note) by
`tournament.pages.submitting.refusal_shown`.

- `access`: roles and the decorators that check them;
- `tournaments`: the list, a new or imported tournament, settings, export, printing, the audit;
- `dashboard`: a tournament's main page; `players`: entries and withdrawals made from it;
- `rounds`: pairing, the draft's edits, publishing, deleting, closing;
- `results`: a match's result; `people`: organisers, arbiters and the players' private links.
"""
