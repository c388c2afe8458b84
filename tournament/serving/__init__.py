"""How the site is served, none of it the event's: page versions and caches, the servers' settings, logs, health, the security headers."""
