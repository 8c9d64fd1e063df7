"""Every event the engine logs in real games has a sentence; secret ones stay out of the public log."""

from __future__ import annotations

import pytest

from rulesengine.looper.play.agents import RandomAgent
from rulesengine.looper.rules.engine import Game, play
from rulesengine.looper.rules.script import load_script, shipped_scripts
from rulesengine.viz.looper.text import describe_event, log_html, log_lines


@pytest.mark.parametrize("path", shipped_scripts(), ids=lambda p: p.stem)
def test_every_logged_event_of_a_random_game_is_described(path):
    for seed in (1, 2):
        game = Game(load_script(path))
        play(game, {"mastermind": RandomAgent(seed), "protagonists": RandomAgent(seed + 10)})
        for event in game.view("mastermind")["log"]:
            text = describe_event(event)
            assert not text.startswith(f"{event['kind']}:"), f"no sentence for {event}"
        public = game.view("protagonists")["log"]
        assert all(vis == "public" for _rule, vis, _text in log_lines(public))
        assert "rulesengine-log-secret" not in log_html(public)
