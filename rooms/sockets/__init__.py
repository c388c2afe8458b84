"""The game rooms' WebSockets: the addresses, the consumer that reads a browser's frames and relays them
to the services, what a socket does on its own (presence marks, pings, the next game), the bell rung after each
commit, the check that no socket stays behind its room, and the threads that do the sockets' database work."""
