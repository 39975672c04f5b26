"""The table room: what a table does, without Discord: tables, moves, posts as data, pace,
take-backs, attendance, records and options.

May import: `engine`, `render` (to draw a record offline), `bot.store` and itself. Never
Discord or `bot.discord`: everything here is tested without a client, and a second front end
(a web page, a command line) could drive a table through it.
"""
