"""The windows shown over the board: the rules, the games, the Join dialog and a replay."""
