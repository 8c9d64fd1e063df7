"""The Tragedy Looper rules kernel: content, scripts, the state, the day in nine steps, observations.

A closed room: nothing here imports anything of :mod:`rulesengine.looper` outside ``rules/``
(``tests/test_layers.py``). What is built on the kernel lives beside it —
:mod:`rulesengine.looper.play` (agents, prepared plans, replays, the community format) and
:mod:`rulesengine.looper.deduction` (what the Protagonists can deduce) — and reaches the kernel only
through its public names and its two seams, a provider of hidden facts and an event sink
(:mod:`rulesengine.looper.rules.seams`).

* :mod:`~rulesengine.looper.rules.content`, :mod:`~rulesengine.looper.rules.board`,
  :mod:`~rulesengine.looper.rules.cards` — the tables read from ``data/looper``, the board, the cards.
* :mod:`~rulesengine.looper.rules.script`, :mod:`~rulesengine.looper.rules.rulings`,
  :mod:`~rulesengine.looper.rules.limits` — script files, their validator and the ruling options.
* :mod:`~rulesengine.looper.rules.state`, :mod:`~rulesengine.looper.rules.engine`,
  :mod:`~rulesengine.looper.rules.abilities`, :mod:`~rulesengine.looper.rules.incidents` — the game.
* :mod:`~rulesengine.looper.rules.observe` — what each side may see; :mod:`~rulesengine.looper.rules.text`
  — the sentences the engine says, in both languages.
"""
