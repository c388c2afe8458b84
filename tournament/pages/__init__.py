"""The public pages and a player's private link: each view reads a record and renders it; writes go through `tournament.services`."""
