"""What a committed change must tell the channel and the players, as data.

Posts are decided in the same transaction as the change (so nothing committed can go untold)
and cut into concrete messages only when first sent (`pieces`), because only then is it known
whether a later move has superseded this one's board, pings and buttons. Everything here is a
pure function of a table, so it is tested without Discord.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.store.models import OutboxRow, Post
from bot.table import limits, present
from bot.table.model import Accepted, Table
from engine import Prompt


class ButtonSpec(BaseModel):
    """One decision's buttons, frozen when the message is composed so a re-send is identical."""

    seat: int
    decision: int
    choices: list[dict[str, str]]
    """Each with `label`, `key` (the choice's hash) and `style`."""


class Control(BaseModel):
    """A button that is not a game decision: a link, or one whose id a handler in `buttons`
    takes (a snooze, a vote on a rewind)."""

    label: str
    custom_id: str | None = None
    url: str | None = None
    style: str = "secondary"


class Living(BaseModel):
    """The turn message later steps edit in place while the same players must act."""

    message: int
    narration: str
    """What it tells so far, without the lines saying who must act."""
    actors: list[tuple[int, int]]
    """(seat, holder) of every prompt it shows."""


class Piece(BaseModel):
    """One Discord message of a post."""

    content: str
    ping: list[int] = []
    board: bool = False
    buttons: ButtonSpec | None = None
    controls: list[Control] = []
    shows: list[tuple[int, int]] | None = None
    """On a post that tells of the game as it stands: the (seat, decision) pairs it shows as
    owed, which are not pinged again; a seat asked something new is."""
    edit: int | None = None
    """The living turn message this piece replaces in place, instead of a new message."""
    step: bool = False
    """Attach the picture of what this step changed (when it can be drawn)."""
    living: Living | None = None
    """This piece becomes the living turn message (its id filled in once sent)."""


# ----- at commit time -------------------------------------------------------------------------
def for_start(table: Table) -> list[Post]:
    assert table.state is not None
    header = f"🎲 **{table.game.title}** begins! Seats were dealt at random:\n" + present.seating(
        table
    )
    posts = [_turn(table, header, final=False)]
    for seat in range(len(table.state.seat_names)):
        secret = table.game.hand_text(table.state, seat)
        if secret is not None:
            posts.append(private(table, seat, secret))
    return posts


def for_move(move: Accepted, prefix: str = "") -> list[Post]:
    after = move.after
    assert after.state is not None
    public = [e.text for e in move.events if e.seat is None]
    header = "\n".join([prefix, *public] if prefix else public)
    header = header or after.game.describe(after.state, move.action)
    if move.outcome is not None:
        header += "\n" + present.outcome_text(after, move.outcome, narrated=header)
        header += "\nThanks for playing, " + " ".join(map(present.mention, after.row.players)) + "!"
    posts = [_turn(after, header, final=move.outcome is not None)]
    by_seat: dict[int, list[str]] = {}
    for event in move.events:
        if event.seat is not None:
            by_seat.setdefault(event.seat, []).append(event.text)
    posts += [private(after, seat, "\n".join(texts)) for seat, texts in by_seat.items()]
    return posts


def for_change(table: Table, header: str) -> list[Post]:
    """A change to the game that is no player's move (a take-back): the board and whoever must
    act now, as after a move."""
    return [_turn(table, header, final=False)]


def notice(
    text: str,
    ping: list[int] | None = None,
    controls: list[Control] | None = None,
    *,
    to: int | None = None,
) -> Post:
    """A channel post that is no step's narration. `to`: the one player it is meant for (said
    in the channel only because their DMs are closed), whom alone `/game since` shows it to."""
    body: dict[str, Any] = {"text": text, "ping": ping or []}
    if to is not None:
        body["to"] = to
    if controls:
        body["controls"] = [c.model_dump() for c in controls]
    return Post(kind="notice", body=body)


def reminder(user_id: int, text: str, controls: list[Control], fallback: str) -> Post:
    """A DM nudging one player, with a link to where they must answer; `fallback` is said in
    the channel instead, with a ping, if their DMs are closed."""
    return Post(
        kind="private",
        recipient=user_id,
        body={
            "text": text,
            "controls": [c.model_dump() for c in controls],
            "fallback": fallback,
        },
    )


def _turn(table: Table, header: str, *, final: bool) -> Post:
    return Post(
        kind="turn",
        body={"header": header, "final": final, "version": table.row.version},
    )


def private(table: Table, seat: int, text: str) -> Post:
    assert table.state is not None
    return Post(kind="private", recipient=table.holder(seat), body={"text": text})


# ----- at send time ---------------------------------------------------------------------------
class Show(BaseModel):
    """How a table shows itself: its `board` and `narration` settings, what the channel was
    last shown as owed, and the turn message that may be edited."""

    board: str = "turn"
    narration: str = "full"
    announced: set[tuple[int, int]] = set()
    living: Living | None = None


def compose(
    table: Table, post: OutboxRow, *, current: bool, show: Show, late: str = ""
) -> list[Piece]:
    """Cut a post into messages. `current`: this post tells of the game as it stands now, so
    it carries the board, the pings of whoever must act and their buttons; an older post that a
    later one supersedes is narration only. While the same players must act, a current post
    edits the living turn message instead of adding one (no pings: nobody new is asked)."""
    controls = [Control.model_validate(c) for c in post.body.get("controls", [])]
    if post.kind == "private":
        title = f"**{table.game.title}** in <#{table.row.channel_id}>:\n"
        text = (late + title + post.body["text"])[: limits.MESSAGE]
        return [Piece(content=text, controls=controls)]
    if post.kind == "notice":
        pieces = [
            Piece(content=late + part, ping=post.body.get("ping", []))
            for part in present.split_text(post.body["text"])
        ]
        pieces[-1].controls = controls
        return pieces
    header = late + _told(post.body["header"], show.narration)
    if not current:
        return [Piece(content=part) for part in present.split_text(header)]
    if post.body["final"]:
        ping = [] if post.body.get("quiet") else table.row.players
        return _with_board(header, ping, None, board=show.board != "request")
    prompts = list(table.prompts().values())
    with_buttons = [p for p in prompts if p.choices]
    main = with_buttons[0] if with_buttons else None
    actors = sorted((p.seat, table.holder(p.seat)) for p in prompts)
    asking = [present.prompt_line(table, p) for p in prompts if not p.choices or p is main]
    shows = sorted((p.seat, p.decision) for p in prompts)
    living = show.living
    if (
        living is not None
        and _continues(living.actors, actors, shows, show.announced)
        and len(with_buttons) <= 1
        and not late
    ):
        narration = f"{living.narration}\n{header}"
        content = "\n".join([narration, *asking])
        if len(content) <= limits.MESSAGE_PIECE:
            return [
                Piece(
                    content=content,
                    edit=living.message,
                    board=show.board == "step",
                    step=show.board == "turn",
                    buttons=None if main is None else _spec(main),
                    shows=shows,
                    living=Living(message=living.message, narration=narration, actors=actors),
                )
            ]
    ping = [
        table.holder(p.seat)
        for p in prompts
        if (not p.choices or p is main) and (p.seat, p.decision) not in show.announced
    ]
    pieces = _with_board(
        "\n".join([header, *asking]),
        ping,
        None if main is None else _spec(main),
        board=show.board != "request",
    )
    pieces[-1].shows = shows
    if len(with_buttons) <= 1:
        pieces[-1].living = Living(message=0, narration=header, actors=actors)
    for prompt in with_buttons[1:]:
        new = (prompt.seat, prompt.decision) not in show.announced
        pieces.append(
            Piece(
                content=present.prompt_line(table, prompt),
                ping=[table.holder(prompt.seat)] if new else [],
                buttons=_spec(prompt),
            )
        )
    return pieces


def _continues(
    before: list[tuple[int, int]],
    actors: list[tuple[int, int]],
    shows: list[tuple[int, int]],
    announced: set[tuple[int, int]],
) -> bool:
    """Whether a step continues the living turn message: the same players still act, or some
    of those it shows have finished (a simultaneous order submitted) and nobody still acting
    is asked anything new."""
    if actors == before:
        return True
    return bool(actors) and set(actors) < set(before) and set(shows) <= announced


def _told(header: str, narration: str) -> str:
    """A step's narration: all of it, or in compact narration its first line (the rest is in
    `/game log`)."""
    if narration == "full":
        return header
    lines = header.splitlines()
    more = len(lines) - 1
    return lines[0] + (f" (+{more} more in `/game log`)" if more > 0 else "") if lines else ""


def _with_board(
    text: str, ping: list[int], buttons: ButtonSpec | None, *, board: bool
) -> list[Piece]:
    parts = present.split_text(text) or [""]
    pieces = [Piece(content=p) for p in parts[:-1]]
    pieces.append(
        Piece(content=parts[-1], ping=list(dict.fromkeys(ping)), board=board, buttons=buttons)
    )
    return pieces


def _spec(prompt: Prompt) -> ButtonSpec:
    return ButtonSpec(
        seat=prompt.seat,
        decision=prompt.decision,
        choices=[
            {"label": c.label, "key": present.choice_key(c), "style": c.style}
            for c in prompt.choices[: limits.BUTTONS]
        ],
    )


def dump(pieces: list[Piece]) -> list[dict[str, Any]]:
    return [p.model_dump(mode="json") for p in pieces]
