"""Pieces games share: decks, piles and hands (`cards`), and who answers or plays next
(`turns`). Each works on the plain lists and numbers a game state already stores, so a game
adopts a piece without changing what it saves."""
