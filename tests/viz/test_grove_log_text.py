"""The Grove stepper's log: one seat per line, in the current language (issue 10)."""

from __future__ import annotations

import re

from rulesengine import i18n
from rulesengine.viz.grove.table import GroveStepper


def test_the_log_names_each_seat_once_and_follows_the_language():
    stepper = GroveStepper(players=3, seed=2026)
    try:
        for _ in range(3):
            stepper.next_button.click()
        log = stepper.log.value
        lines = re.findall(r"<div class='grove-event[^>]*>(.*?)</div>", log)
        assert lines and "grove-private" in log  # the narrator sees every seat's private lines
        assert all(len(re.findall(r"Seat \d", line)) <= 1 for line in lines), lines
        stepper.switch.widget.value = "vi"
        stepper.next_button.click()
        log = stepper.log.value
        assert "Chỗ ngồi 0 bí mật xem Hình nộm trên tay" in log
        assert "looks at" not in log and "Seat" not in log
    finally:
        i18n.set_language("en")
