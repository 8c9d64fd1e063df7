"""In a Grove strategy on the rules kernel: the fast simulator, one round as an OpenSpiel game, CFR+
equilibria saved in ``data/grove``, simple accusation policies and seat-rotated tournaments."""
