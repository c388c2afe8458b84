"""The game a room plays and its clock: the engine's game and the server's clock driven by the room's stored
events, what each viewer may see of it, this process's copies of it, and a random player."""
