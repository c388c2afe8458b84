"""What is typed: each form checks it and hands plain values to a service (which may still refuse, saying why)."""
