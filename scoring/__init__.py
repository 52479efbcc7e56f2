"""tenbo's scoring engine: pure Python, standard library only.

Every payment of a hand, the flow of a game and its final settlement, from a game
record and a ruleset. No clock, no randomness, no I/O outside the command line.
"""
