"""Block Mania's content as data: block layouts, Blockers, equipment, the Mania deck, tables."""
