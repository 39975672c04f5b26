"""The Discord room: the client, its commands and buttons, interactions, publication of posts
and the drawing workers.

May import anything in the project. Nothing outside this room imports it except the program
entry (`bot.__main__`), so Discord stays the outermost layer.
"""
