"""Text the bot writes about a game: pure functions of a table, so tests can read them.

Every sentence is a catalog message (`bot/locale`, keys `bot.present.*`, `bot.lobby.*`,
`bot.help.*`), said in the table's language for the channel; what is answered privately takes
the reader's `language` (the table's when none is given)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.privacy import is_forgotten, seat_label
from bot.table import computer_ids, limits, speech
from bot.table.model import Table
from bot.table.options import option_label
from bot.table.pace import Pace
from engine import OrderAction, Outcome, Prompt, QuickChoice
from engine.messages import ENGLISH, Arg, Msg, m, say


def mention(user_id: int, language: str = ENGLISH) -> str:
    """A person as a mention; a computer seat's holder by its level (it has no user, and is
    named in the table's `language`), a forgotten player by their seat label."""
    return say(mention_msg(user_id), language)


def mention_msg(user_id: int) -> Msg:
    """`mention` as a message, for narration kept to be read again in another language."""
    if is_forgotten(user_id):  # a player who asked to be forgotten, in an ended game
        return m("core.name", name=seat_label(user_id))
    if computer_ids.is_computer(user_id):
        return computer_ids.holder(user_id)
    return m("core.name", name=f"<@{user_id}>")


def seat_line(table: Table, seat: int, language: str | None = None) -> str:
    """A seat's holder and the seat, in `language` (the table's when not given)."""
    return say(seat_msg(table, seat), language or speech.table_language(table.row))


def seat_msg(table: Table, seat: int) -> Msg:
    """A seat's holder and the seat, as a message."""
    assert table.state is not None
    holder = mention_msg(table.holder(seat))
    return m("bot.present.seat_line", holder=holder, seat=table.game.seat_name(table.state, seat))


def seating(table: Table) -> str:
    return speech.in_channel(table, seating_msg(table))


def seating_msg(table: Table) -> Msg:
    """Every seat's holder, a line each, as a message."""
    assert table.state is not None
    lines = [
        m("bot.present.seat_item", line=seat_msg(table, s))
        for s in range(len(table.state.seat_names))
    ]
    said = lines[0] if lines else m("core.name", name="")
    for line in lines[1:]:
        said = m("bot.present.next_line", first=said, rest=line)
    return said


SHEET_HINT = m("bot.present.sheet_hint")
"""Said after a prompt that carries an order sheet: how its orders are written and sent (the
prompt itself says they are secret)."""


def prompt_line(table: Table, prompt: Prompt, language: str | None = None) -> str:
    """Who the table waits for and for what, in `language` (the table's when not given: the
    channel's; a spectator page gives its reader's)."""
    assert table.state is not None
    language = language or speech.table_language(table.row)
    name = speech.seat_name(table, prompt.seat, language)
    hint = f" {say(SHEET_HINT, language)}" if prompt.sheet is not None else ""
    asked = say(prompt.msg, language)
    holder = mention(table.holder(prompt.seat), language)
    return f"➡️ {holder} **{name}**: {asked}{hint}"


def outcome_text(
    table: Table, outcome: Outcome, narrated: str = "", language: str | None = None
) -> str:
    """The result line, naming (and so pinging) the winners; the reason only if the game's own
    narration has not just said it. In `language`, the table's when not given."""
    language = language or speech.table_language(table.row)
    return say(outcome_msg(table, outcome, narrated, language), language)


def outcome_msg(table: Table, outcome: Outcome, narrated: str, language: str) -> Msg:
    """`outcome_text` as a message: whether the reason is said is decided against the step's
    narration as `language` read it, and stays so in every language it is read in later."""
    winners: list[Arg] = [seat_msg(table, s) for s in outcome.winners]
    return game_over_msg(winners, outcome, narrated, language)


def game_over_line(
    winners: list[str], outcome: Outcome, narrated: str = "", language: str = ENGLISH
) -> str:
    """The end announced: the winner, or a shared win with every winner named; the reason
    only if `narrated` (the step's own narration) has not just said it."""
    return say(game_over_msg(list(winners), outcome, narrated, language), language)


def game_over_msg(
    winners: list[Arg], outcome: Outcome, narrated: str = "", language: str = ENGLISH
) -> Msg:
    """`game_over_line` as a message (`narrated` is read in `language`)."""
    won = winners_msg(winners)
    if say(outcome.msg, language) in narrated:
        return m("bot.present.game_over", winners=won)
    return m("bot.present.game_over_why", winners=won, reason=outcome.msg)


def thanks_msg(table: Table) -> Msg:
    """The thanks said to everyone who played, once a game is over, each named as the
    channel knows them."""
    everyone = [mention_msg(p) for p in table.row.players]
    said = everyone[0] if everyone else m("core.name", name="")
    for one in everyone[1:]:
        said = m("bot.present.side_by_side", first=said, rest=one)
    return m("bot.posts.thanks", players=said)


def winners_msg(names: Sequence[Arg]) -> Msg:
    """Who won: one winner, a win shared by several (named, so a three-way tie never reads
    "Winner:" for three), or none."""
    if not names:
        return m("bot.present.no_winner")
    if len(names) == 1:
        return m("bot.present.winner", name=names[0])
    return m("bot.present.shared_win", names=names)


LOOK_BACK = m("bot.present.look_back")
"""Where a game that is over can still be read: said with its result."""


def result_text(table: Table, language: str | None = None) -> str:
    """`/game status` once the channel's game is over: how it ended and who won (or that it
    was abandoned), and where to read it again; in `language` (the table's by default)."""
    said = language or speech.table_language(table.row)
    lines = [say(m("bot.present.over", title=table.game.title), said)]
    if table.state is not None:
        lines.append(seating(table))
    outcome = None if table.state is None else table.game.outcome(table.state)
    if table.row.status == "abandoned" or outcome is None:
        lines.append(say(m("bot.present.abandoned"), said))
    else:
        winners = [seat_line(table, s) for s in outcome.winners]
        lines.append(game_over_line(winners, outcome, "", said))
    lines += ["", say(LOOK_BACK, said)]
    return "\n".join(lines)


def choice_key(choice: QuickChoice) -> str:
    """Short stable key of a choice's action, so a button survives restarts and reorderings."""
    text = json.dumps(choice.action, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def find_choice(prompt: Prompt, key: str) -> QuickChoice | None:
    return next((c for c in prompt.choices if choice_key(c) == key), None)


def split_text(text: str, limit: int = limits.MESSAGE_PIECE) -> list[str]:
    """Cut long narration at line breaks so every piece fits in one Discord message."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines():
        while len(line) > limit:
            pieces.append(line[:limit])
            line = line[limit:]
        if current and len(current) + 1 + len(line) > limit:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        pieces.append(current)
    return pieces


def counts_msg(counts: tuple[int, ...]) -> Msg:
    """How many may play, as a host reads it: "2 or 4", or a run as "2 to 5"."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return m("bot.present.counts_run", low=counts[0], high=counts[-1])
    said = m("core.name", name=str(counts[0]) if counts else "")
    for count in counts[1:]:
        said = m("bot.present.counts_or", head=said, last=count)
    return said


def player_counts(counts: tuple[int, ...], language: str = ENGLISH) -> str:
    """`counts_msg` said in `language`."""
    return say(counts_msg(counts), language)


def lobby_text(table: Table) -> dict[str, Any]:
    """Title and body of the lobby embed."""
    game = table.game
    said = speech.table_language(table.row)
    host = say(m("bot.lobby.host"), said)
    players = "\n".join(
        f"{i + 1}. {mention(p, said)}{host if p == table.row.host_id else ''}"
        for i, p in enumerate(table.row.players)
    )
    options = ", ".join(option_label(game, k, v, said) for k, v in table.row.options.items())
    body = say(
        m(
            "bot.lobby.body",
            n=len(table.row.players),
            counts=player_counts(game.player_counts, said),
            players=players,
            join=m("bot.buttons.lobby.join"),
            start=m("bot.buttons.lobby.start"),
        ),
        said,
    )
    if options:
        body += "\n" + say(m("bot.lobby.options", options=options), said)
    pace = Pace.model_validate(table.row.pace).summary()
    body += "\n" + say(m("bot.lobby.pace", pace=pace), said)
    return {"title": say(m("bot.lobby.title", game=game.title), said), "description": body}


def pace_lines(table: Table, away: dict[int, datetime], language: str | None = None) -> list[str]:
    """How the table keeps time: paused or not, who is away until when, and its pace; in
    `language` (the table's by default)."""
    said = language or speech.table_language(table.row)
    lines = [""]
    if table.row.paused_at is not None:
        since = int(datetime.fromisoformat(table.row.paused_at).timestamp())
        lines.append(say(m("bot.present.paused", since=f"<t:{since}:f>"), said))
    lines += [
        say(m("bot.present.away", who=mention(u, said), until=f"<t:{int(t.timestamp())}:f>"), said)
        for u, t in away.items()
    ]
    pace = Pace.model_validate(table.row.pace).summary()
    lines.append(say(m("bot.present.pace", pace=pace), said))
    return lines


GROUP_NOTES = {
    "game": m("bot.help.group.game"),
    "game table": m("bot.help.group.table"),
    "game seat": m("bot.help.group.seat"),
}
"""What each `/game` group is for, in the help; its subcommands are read off the tree."""


def help_text(
    table: Table | None,
    general: dict[str, list[str]],
    commands: dict[str, list[tuple[str, str]]],
    language: str | None = None,
) -> str:
    """What a player can type: every `/game` command, and the actions of the game in this
    channel with what each does (or every game's action names). It fits one embed. Said in
    `language`: the reader's, else the table's, else English."""
    said = language or (speech.table_language(table.row) if table is not None else ENGLISH)
    lines = [say(m("bot.help.title"), said)]
    for group, names in general.items():
        note = GROUP_NOTES.get(group)
        lines.append(f"`/{group}` {' · '.join(names)}" + (f" ({say(note, said)})" if note else ""))
    if table is not None and any(issubclass(t, OrderAction) for t in table.game.action_types):
        orders = m("bot.help.orders", game=table.game.title, submit=m("bot.buttons.orders.submit"))
        lines.append("\n" + say(orders, said))
    for group, subcommands in commands.items():
        if table is not None and group != table.game.short_name:
            continue
        if table is None:  # every game: the names only, each game's own help is in its channel
            lines.append(f"`/{group}` " + " · ".join(name for name, _ in subcommands))
            continue
        lines.append(f"\n**/{group}**")
        lines += [f"`/{group} {name}` {summary}" for name, summary in subcommands]
    lines.append("\n" + say(m("bot.help.closing"), said))
    return "\n".join(lines)
