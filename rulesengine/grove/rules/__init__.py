"""The In a Grove rules kernel: figures and the culprit rule, one detective's knowledge, the game.

A closed room: nothing here imports anything of :mod:`rulesengine.grove` outside ``rules/``
(``tests/test_layers.py``). Built on it, beside it: :mod:`rulesengine.grove.odds` (exact culprit odds,
inference from other players' chips, behaviour models), :mod:`rulesengine.grove.strategy` (the fast
simulator, the OpenSpiel game, CFR equilibria, policies and tournaments) and
:mod:`rulesengine.grove.play` (game records and replays).
"""
