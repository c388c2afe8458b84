# Stored move logs: added with the log checker.
