"""Tragedy Looper drawings and widgets: the board, the card placement, the day stepper, the loop end,
the deduction, playing a script, the exercises' pictures and the notebooks' words."""
