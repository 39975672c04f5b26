"""RIOT's printed content as data (board, units, cards, Public Opinion cards, Nationalist goals),
validated at load; see ../DESIGN.md for what is reconstructed and how to swap in the printed
content."""
