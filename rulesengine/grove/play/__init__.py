"""Playing In a Grove on the rules kernel: game records that replay a game exactly, and seeded bot games."""
