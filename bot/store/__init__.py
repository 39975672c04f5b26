"""The store room: every line of SQL, and the rows it reads and writes as models.

May import: `engine` (for the words its models quote) and itself. Never Discord, never
`bot.table` or `bot.discord`: the store keeps what happened, it does not decide what it means,
so a second database (or a second process) can hold games without the bot's other rooms
changing.
"""
