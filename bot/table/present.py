"""Text the bot writes about a game: pure functions of a table, so tests can read them."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from bot.store.privacy import is_forgotten, seat_label
from bot.table import computer_ids, limits, speech
from bot.table.model import Table
from bot.table.options import option_label
from bot.table.pace import Pace
from engine import OrderAction, Outcome, Prompt, QuickChoice
from engine.messages import ENGLISH, say
from engine.words import winners_line


def mention(user_id: int) -> str:
    """A person as a mention; a computer seat's holder by its level (it has no user), a
    forgotten player by their seat label."""
    if is_forgotten(user_id):  # a player who asked to be forgotten, in an ended game
        return seat_label(user_id)
    return computer_ids.label(user_id) if computer_ids.is_computer(user_id) else f"<@{user_id}>"


def seat_line(table: Table, seat: int) -> str:
    assert table.state is not None
    return f"{mention(table.holder(seat))} ({table.state.seat_names[seat]})"


def seating(table: Table) -> str:
    assert table.state is not None
    return "\n".join(f"- {seat_line(table, s)}" for s in range(len(table.state.seat_names)))


SHEET_HINT = "(draft them with `/game order`, send them with `/game orders`)"
"""Said after a prompt that carries an order sheet: how its orders are written and sent (the
prompt itself says they are secret)."""


def prompt_line(table: Table, prompt: Prompt) -> str:
    assert table.state is not None
    name = table.state.seat_names[prompt.seat]
    hint = f" {SHEET_HINT}" if prompt.sheet is not None else ""
    asked = speech.in_channel(table, prompt.msg)
    return f"➡️ {mention(table.holder(prompt.seat))} **{name}**: {asked}{hint}"


def outcome_text(table: Table, outcome: Outcome, narrated: str = "") -> str:
    """The result line, naming (and so pinging) the winners; the reason only if the game's own
    narration has not just said it."""
    winners = [seat_line(table, s) for s in outcome.winners]
    return game_over_line(winners, outcome, narrated, speech.table_language(table.row))


def game_over_line(
    winners: list[str], outcome: Outcome, narrated: str = "", language: str = ENGLISH
) -> str:
    """The end announced: the winner, or a shared win with every winner named; the reason
    only if `narrated` (the step's own narration) has not just said it."""
    said = say(outcome.msg, language)
    reason = "" if said in narrated else f" {said}"
    return f"🏁 **Game over.** {winners_line(winners)}.{reason}"


LOOK_BACK = (
    "Read it again with `/game log`, see any step with `/game board step:`, or keep it with "
    "`/game export`. `/game new` opens a lobby for the next game."
)
"""Where a game that is over can still be read: said with its result."""


def result_text(table: Table) -> str:
    """`/game status` once the channel's game is over: how it ended and who won (or that it
    was abandoned), and where to read it again."""
    lines = [f"**{table.game.title}**: this game is over."]
    if table.state is not None:
        lines.append(seating(table))
    outcome = None if table.state is None else table.game.outcome(table.state)
    if table.row.status == "abandoned" or outcome is None:
        lines.append("🛑 It was abandoned before it ended, so nobody won.")
    else:
        lines.append(outcome_text(table, outcome))
    lines += ["", LOOK_BACK]
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


def player_counts(counts: tuple[int, ...]) -> str:
    """How many may play, as a host reads it: "2 or 4", or a run as "2 to 5"."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(map(str, counts))


def lobby_text(table: Table) -> dict[str, Any]:
    """Title and body of the lobby embed."""
    game = table.game
    counts = player_counts(game.player_counts)
    players = "\n".join(
        f"{i + 1}. {mention(p)}{' (host)' if p == table.row.host_id else ''}"
        for i, p in enumerate(table.row.players)
    )
    options = ", ".join(option_label(game, k, v) for k, v in table.row.options.items())
    body = (
        f"Players ({len(table.row.players)}; needs {counts}):\n{players}\n\n"
        "Press **Join** to take a seat. The host presses **Start** when everyone is in; "
        "seats are dealt at random."
    )
    if options:
        body += f"\nOptions: {options}"
    body += f"\nPace: {Pace.model_validate(table.row.pace).summary()} (`/game settings`)"
    return {"title": f"{game.title}: lobby", "description": body}


def pace_lines(table: Table, away: dict[int, datetime]) -> list[str]:
    """How the table keeps time: paused or not, who is away until when, and its pace."""
    lines = [""]
    if table.row.paused_at is not None:
        since = int(datetime.fromisoformat(table.row.paused_at).timestamp())
        lines.append(f"⏸️ Paused since <t:{since}:f>: no reminders or limits.")
    lines += [f"🌴 {mention(u)} is away until <t:{int(t.timestamp())}:f>." for u, t in away.items()]
    lines.append(f"Pace: {Pace.model_validate(table.row.pace).summary()}.")
    return lines


GROUP_NOTES = {
    "game": "start, join, look, undo, your own settings",
    "game table": "host or Manage Channels: steer the whole table",
    "game seat": "replace a player (host), resign, time away",
}
"""What each `/game` group is for, in the help; its subcommands are read off the tree."""


def help_text(
    table: Table | None,
    general: dict[str, list[str]],
    commands: dict[str, list[tuple[str, str]]],
) -> str:
    """What a player can type: every `/game` command, and the actions of the game in this
    channel with what each does (or every game's action names). It fits one embed."""
    lines = ["**Game commands**"]
    for group, names in general.items():
        note = GROUP_NOTES.get(group, "")
        lines.append(f"`/{group}` {' · '.join(names)}" + (f" ({note})" if note else ""))
    if table is not None and any(issubclass(t, OrderAction) for t in table.game.action_types):
        lines.append(
            f"\n**Secret orders in {table.game.title}**\n`/game order` sets one line of your "
            "orders (only you see it); `/game orders` shows them all with **Submit orders**, "
            "which sends them at once. The table hears only that you have submitted."
        )
    for group, subcommands in commands.items():
        if table is not None and group != table.game.short_name:
            continue
        if table is None:  # every game: the names only, each game's own help is in its channel
            lines.append(f"`/{group}` " + " · ".join(name for name, _ in subcommands))
            continue
        lines.append(f"\n**/{group}**")
        lines += [f"`/{group} {name}` {summary}" for name, summary in subcommands]
    lines.append(
        "\nEvery action's options autocomplete with what is legal for you right now; "
        "decisions asked of you out of turn arrive as buttons. `/rules` explains the game."
    )
    return "\n".join(lines)
