"""In a Grove drawings and widgets: the table and its stepper, the culprit odds, inference and strategy,
and the exercises' pictures."""
