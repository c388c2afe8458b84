# Standings and tie-breaks: added with the scoring rules.
