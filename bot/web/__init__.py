"""The spectator page: a web page per game, served by the bot when its admin turns it on.

A room of its own beside the store, the table and Discord: it reads games through the store
protocol and the table's use cases, draws through the drawing workers it is handed, and never
imports Discord (`tests/bot/test_rooms.py`).
"""
