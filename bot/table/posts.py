"""What a committed change must tell the channel and the players, as data.

Posts are decided in the same transaction as the change (so nothing committed can go untold)
and cut into concrete messages only when first sent (`pieces`), because only then is it known
whether a later move has superseded this one's board, pings and buttons. Everything here is a
pure function of a table, so it is tested without Discord.

A post is said when it is built (channel posts in the table's language, DMs in their reader's),
from the catalog entries `bot.posts.*`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, field_validator

from bot.store.models import OutboxRow, Post, Prefs
from bot.table import limits, present, speech
from bot.table.computer_ids import is_computer, people
from bot.table.model import Accepted, Table
from bot.table.pace import Pace
from engine import Prompt
from engine.messages import Msg, m, say


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
    """The turn message later steps edit in place while the same players must act, or while
    the game stays in one phase that passes quickly between players (`Prompt.phase`)."""

    message: int
    narration: str
    """What it tells so far, without the lines saying who must act."""
    actors: list[tuple[int, int]]
    """(seat, holder) of every prompt it shows."""
    phase: str | None = None
    """The phase its prompts belong to, if they share one."""
    seen: dict[str, str] = {}
    """When each player (by user id) last moved, as the table's clock told it: a player who
    moved within the table's grace period is at the table, watching this message change, and
    is not pinged when it becomes their turn again."""
    board_turn: int | None = None
    """The game turn (`Game.turn_number`) whose whole board the channel has shown: a later new
    message in that turn shows the picture of its step, not the whole board again."""


class Piece(BaseModel):
    """One Discord message of a post."""

    content: str
    ping: list[int] = []
    board: bool = False
    buttons: list[ButtonSpec] = []
    """Each deciding seat's buttons, a seat to a row or more (several seats choosing at once
    share one message; a click is still bound to its own seat and decision)."""
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
    timelapse: bool = False
    """Attach the finished game's timelapse (the message after the game's end and its last
    board; posts stored before that carried it with the board)."""

    @field_validator("buttons", mode="before")
    @classmethod
    def _one_seat_before(cls, value: Any) -> Any:
        """Pieces composed before several seats could share a message held one seat's buttons
        or none; a post cut short by a restart is sent on from them as they were stored."""
        if value is None:
            return []
        return [value] if isinstance(value, dict) else value


TIMELAPSE = m("bot.posts.timelapse")
TIMELAPSE_MISSING = m("bot.posts.timelapse_missing")
"""Said with a finished game's timelapse, in the message after its end, or in its place when
it could not be drawn."""


def without_timelapse(table: Table, content: str) -> str:
    """A game's end whose timelapse could not be drawn: its line says so instead."""
    said = speech.in_channel(table, TIMELAPSE)
    return content.replace(said, speech.in_channel(table, TIMELAPSE_MISSING))


# ----- at commit time -------------------------------------------------------------------------
def for_start(table: Table) -> list[Post]:
    assert table.state is not None
    begins = m("bot.posts.begins", game=table.game.title, seating=present.seating_msg(table))
    header = speech.in_channel(table, begins)
    posts = [_turn(table, header, final=False, said=[begins])]
    for seat in range(len(table.state.seat_names)):
        secret = table.game.hand_text(table.state, seat)
        if secret is not None and not is_computer(table.holder(seat)):
            posts.append(private(table, seat, speech.to_seat(table, seat, secret)))
    return posts


def for_move(
    move: Accepted, prefix: Msg | None = None, *, by: int = 0, at: datetime | None = None
) -> list[Post]:
    """What a move tells: `by` (the player who moved, 0 for a default played for someone) and
    `at` (the table's clock) say who is at the table, so their next turn needs no ping."""
    after = move.after
    assert after.state is not None
    said = narration(move, prefix)
    header = "\n".join(speech.in_channel(after, msg) for msg in said)
    if move.outcome is not None:
        language = speech.table_language(after.row)
        said += [
            present.outcome_msg(after, move.outcome, header, language),
            present.thanks_msg(after),
        ]
        header = "\n".join(speech.in_channel(after, msg) for msg in said)
    dms = [] if at is None or move.outcome is not None else _turn_dms(move, by, at)
    posts = [_turn(after, header, final=move.outcome is not None, by=by, at=at, said=said)]
    if dms:
        posts[0].body["dm"] = [after.holder(seat) for seat, _ in dms]
        posts += [private(after, seat, text) for seat, text in dms]
    by_seat: dict[int, list[str]] = {}
    for event in move.events:
        if event.seat is not None:
            by_seat.setdefault(event.seat, []).append(speech.to_seat(after, event.seat, event.msg))
    posts += [
        private(after, seat, "\n".join(texts))
        for seat, texts in by_seat.items()
        if not is_computer(after.holder(seat))  # a computer seat reads the state, not DMs
    ]
    return posts


def narration(move: Accepted, prefix: Msg | None = None) -> list[Msg]:
    """A move's lines for the channel, one message each: `prefix` (why a default was played)
    and the step's public events, or the move's own description when there are none."""
    after = move.after
    assert after.state is not None
    public = [e.msg for e in move.events if e.seat is None]
    told = [prefix, *public] if prefix is not None else public
    return told or [after.game.describe(after.state, move.action)]


def _turn_dms(move: Accepted, by: int, at: datetime) -> list[tuple[int, str]]:
    """The seats asked something new by this move whose players are away from the table (no
    move of theirs within its grace) and asked to be told by direct message, not by a ping:
    each with what it is asked."""
    after = move.after
    assert after.state is not None
    grace = timedelta(minutes=Pace.model_validate(after.row.pace).ping_grace_minutes)
    living = after.row.living or {}
    seen = {
        int(user)
        for user, when in living.get("seen", {}).items()
        if at - datetime.fromisoformat(when) < grace
    }
    before = move.before.prompts()
    out = []
    for seat, prompt in sorted(after.prompts().items()):
        if seat in before and before[seat].decision == prompt.decision:
            continue
        user = after.holder(seat)
        if user == by or user in seen or not after.row.prefs.get(user, Prefs()).turn_dm:
            continue
        turn = m(
            "bot.posts.your_turn", seat=after.game.seat_name(after.state, seat), asked=prompt.msg
        )
        out.append((seat, speech.to_seat(after, seat, turn)))
    return out


def for_change(
    table: Table, said: Msg, *, final: bool = False, ping: list[int] | None = None
) -> list[Post]:
    """A change to the game that is no player's move (a take-back, an import, a seat changing
    hands): the board and whoever must act now, as after a move. `final`: a game brought in
    already over, which asks nobody anything and so pings nobody. `ping`: people the change
    concerns, pinged even when what they are asked was announced before (to someone else)."""
    post = _turn(table, speech.in_channel(table, said), final=final, said=[said])
    if final:
        post.body["quiet"] = True
    if ping:
        post.body["ping"] = ping
    return [post]


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


def tell(
    table: Table,
    msg: Msg,
    ping: list[int] | None = None,
    controls: list[Control] | None = None,
    *,
    to: int | None = None,
) -> Post:
    """A notice of `msg`, said in the table's language, that keeps the message so the record
    reads it again in whatever language its reader asks."""
    post = notice(speech.in_channel(table, msg), ping, controls, to=to)
    post.body["said"] = [msg.model_dump(mode="json")]
    return post


def reminder(table: Table, user_id: int, text: str, controls: list[Control], fallback: Msg) -> Post:
    """A DM nudging one player, with a link to where they must answer; `fallback` is said in
    the channel instead, with a ping, if their DMs are closed (kept as a message too, as
    `tell` keeps it)."""
    instead = tell(table, fallback, [user_id], to=user_id)
    return Post(
        kind="private",
        recipient=user_id,
        body={
            "text": text,
            "controls": [c.model_dump() for c in controls],
            "fallback": instead.body["text"],
            "fallback_said": instead.body["said"],
        },
    )


def fallback(post: OutboxRow) -> Post | None:
    """The channel notice said in place of a DM that could not be delivered, if it has one:
    meant for its recipient alone, with their ping."""
    if "fallback" not in post.body:
        return None
    told = notice(post.body["fallback"], [post.recipient or 0], to=post.recipient)
    if "fallback_said" in post.body:
        told.body["said"] = post.body["fallback_said"]
    return told


def _turn(
    table: Table,
    header: str,
    *,
    final: bool,
    by: int = 0,
    at: datetime | None = None,
    said: list[Msg] | None = None,
) -> Post:
    """A turn's post: `header` is its narration as the channel reads it, `said` the same lines
    as messages (kept for readers of other languages), when it was built from messages."""
    body: dict[str, Any] = {"header": header, "final": final, "version": table.row.version}
    if said is not None:
        body["said"] = [msg.model_dump(mode="json") for msg in said]
    if by and at is not None:
        body["by"], body["at"] = by, at.isoformat()
    return Post(kind="turn", body=body)


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
    grace: timedelta = timedelta(minutes=10)
    """How recently a player must have moved to count as at the table (a pace setting)."""
    overview: bool = False
    """The game's turn pictures are phone overviews, not its whole board."""
    board_turn: int | None = None
    """The game turn whose whole board the channel has shown (`Living.board_turn`), known even
    when a notice has come after the turn message."""


def compose(
    table: Table, post: OutboxRow, *, current: bool, show: Show, late: str = ""
) -> list[Piece]:
    """Cut a post into messages. `current`: this post tells of the game as it stands now, so
    it carries the board, the pings of whoever must act and their buttons; an older post that a
    later one supersedes is narration only. While the same players must act, a current post
    edits the living turn message instead of adding one (no pings: nobody new is asked)."""
    controls = [Control.model_validate(c) for c in post.body.get("controls", [])]
    if post.kind == "private":
        reads = speech.person_language(
            table.row.prefs.get(post.recipient or 0), None, speech.table_language(table.row)
        )
        where = m("bot.posts.private_title", game=table.game.title, channel=table.row.channel_id)
        title = say(where, reads) + "\n"
        text = (late + title + post.body["text"])[: limits.MESSAGE]
        return [Piece(content=text, controls=controls)]
    if post.kind == "notice":
        pieces = [
            Piece(content=late + part, ping=people(post.body.get("ping", [])))
            for part in present.split_text(post.body["text"])
        ]
        pieces[-1].controls = controls
        return pieces
    header = late + _told(table, post.body["header"], show.narration)
    if not current:
        return [Piece(content=part) for part in present.split_text(header)]
    if post.body["final"]:
        ping = [] if post.body.get("quiet") else table.row.players
        # The final position: the whole board, however late in a turn whose board was shown.
        pieces = _with_board(header, ping, [], board=_board(table, show))
        if table.row.status == "finished" and not post.body.get("quiet"):
            # Its own message after the end: the end is shown at once, while the timelapse
            # takes its worker seconds to draw.
            pieces.append(Piece(content=speech.in_channel(table, TIMELAPSE), timelapse=True))
        return pieces
    prompts = list(table.prompts().values())
    phase = _phase(prompts)
    actors = sorted((p.seat, table.holder(p.seat)) for p in prompts)
    shows = sorted((p.seat, p.decision) for p in prompts)
    with_buttons = [p for p in prompts if p.choices and not is_computer(table.holder(p.seat))]
    together = _sharing(table, with_buttons)
    alone = with_buttons[len(together) :]
    asking = [present.prompt_line(table, p) for p in prompts if p not in alone]
    living = show.living
    seen = _seen(living, post, show.grace)
    ping = [
        table.holder(p.seat)
        for p in prompts
        if p not in alone
        and (p.seat, p.decision) not in show.announced
        and str(table.holder(p.seat)) not in seen
        and table.holder(p.seat) not in post.body.get("dm", [])  # told by direct message
    ]
    ping += [u for u in people(post.body.get("ping", [])) if u not in ping]
    if (
        living is not None
        and not ping
        and not alone
        and not late
        and (
            (phase is not None and living.phase == phase)
            or _continues(living.actors, actors, shows, show.announced)
        )
    ):
        narration = _latest(table, living.narration, header, asking)
        if narration is not None:
            content = "\n".join([narration, *asking])
            return [
                Piece(
                    content=content,
                    edit=living.message,
                    board=show.board == "step",
                    step=show.board == "turn",
                    buttons=together,
                    shows=shows,
                    living=living.model_copy(
                        update={
                            "narration": narration,
                            "actors": actors,
                            "phase": phase,
                            "seen": seen,
                        }
                    ),
                )
            ]
    board, step = _picture(table, show)
    pieces = _with_board("\n".join([header, *asking]), ping, together, board=board, step=step)
    pieces[-1].shows = shows
    if not alone:
        pieces[-1].living = Living(
            message=0,
            narration=header,
            actors=actors,
            phase=phase,
            seen=seen,
            board_turn=show.board_turn if step or board is None else _turn_of(table),
        )
    for prompt in alone:
        new = (prompt.seat, prompt.decision) not in show.announced
        pieces.append(
            Piece(
                content=present.prompt_line(table, prompt),
                ping=people([table.holder(prompt.seat)]) if new else [],
                buttons=[_spec(table, prompt)],
            )
        )
    return pieces


EARLIER = m("bot.posts.earlier_in_log")
"""The first line of a living turn message whose earliest steps no longer fit it."""


def _latest(table: Table, told: str, step: str, asking: list[str]) -> str | None:
    """The living message's narration (`told`) with this step's added, as much of it as fits
    one message with the lines saying who must act: when it would overflow, its earliest lines
    give way to one saying they are in `/game log` (and on the spectator page), so a long phase
    stays one message instead of going on in another. None when this step's own lines do not
    fit with it: it starts a new message."""
    lines = told.splitlines()
    if len("\n".join([*lines, step, *asking])) <= limits.MESSAGE_PIECE:
        return f"{told}\n{step}"
    earlier = speech.in_channel(table, EARLIER)
    if lines and lines[0] == earlier:
        lines = lines[1:]
    size = len("\n".join([earlier, *lines, step, *asking]))
    while lines and size > limits.MESSAGE_PIECE:
        size -= len(lines.pop(0)) + 1
    return None if size > limits.MESSAGE_PIECE else "\n".join([earlier, *lines, step])


def _phase(prompts: list[Prompt]) -> str | None:
    """The phase every open prompt belongs to, if they all share one."""
    phases = {p.phase for p in prompts}
    return phases.pop() if len(phases) == 1 else None


def _sharing(table: Table, with_buttons: list[Prompt]) -> list[ButtonSpec]:
    """The buttons of the deciding seats, in seat order, as many as fit one message (a seat's
    choices start a row); several seats' buttons are labelled with whose they are."""
    specs: list[ButtonSpec] = []
    rows = 0
    for prompt in with_buttons:
        spec = _spec(table, prompt)
        rows += -(-len(spec.choices) // limits.PER_ROW)
        if specs and rows > limits.ROWS:
            break
        specs.append(spec)
    if len(specs) > 1 and table.state is not None:
        for spec in specs:
            name = speech.seat_name(table, spec.seat)
            for choice in spec.choices:
                choice["label"] = f"{name} · {choice['label']}"
    return specs


def _seen(living: Living | None, post: OutboxRow, grace: timedelta) -> dict[str, str]:
    """Who has moved within `grace` of this post's move, the mover included."""
    at = post.body.get("at")
    if at is None:
        return {}
    now = datetime.fromisoformat(at)
    seen = {
        user: when
        for user, when in (living.seen if living is not None else {}).items()
        if now - datetime.fromisoformat(when) < grace
    }
    seen[str(post.body["by"])] = at
    return seen


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


def _told(table: Table, header: str, narration: str) -> str:
    """A step's narration: all of it, or in compact narration its first line (the rest is in
    `/game log`)."""
    if narration == "full":
        return header
    lines = header.splitlines()
    more = len(lines) - 1
    if not lines:
        return ""
    if more <= 0:
        return lines[0]
    return lines[0] + " " + speech.in_channel(table, m("bot.posts.more_in_log", n=more))


WHOLE_BOARD = m("bot.posts.whole_board")
"""Said under a turn message's phone overview, where the board a phone cannot read is, and
under a step's picture on a turn message after the first of a game turn."""


def _board(table: Table, show: Show) -> str | None:
    """Whether a turn message carries a picture, and if so the line that goes with it (in the
    table's language): a game whose board a phone cannot read shows the region in play, and
    says where the rest is."""
    if show.board == "request":
        return None
    return speech.in_channel(table, WHOLE_BOARD) if show.overview else ""


def _picture(table: Table, show: Show) -> tuple[str | None, bool]:
    """What picture a new turn message carries, as `_with_board` takes it: the turn's picture
    (`_board`), unless it would be the whole board again in a game turn whose whole board the
    channel has shown, when it is the picture of the step (True) and says where the board is."""
    board = _board(table, show)
    if board == "" and show.board == "turn" and show.board_turn == _turn_of(table):
        return speech.in_channel(table, WHOLE_BOARD), True
    return board, False


def _turn_of(table: Table) -> int | None:
    return None if table.state is None else table.game.turn_number(table.state)


def _with_board(
    text: str,
    ping: list[int],
    buttons: list[ButtonSpec],
    *,
    board: str | None,
    step: bool = False,
) -> list[Piece]:
    """`board`: None for no picture, else the line said with it (may be empty); `step`: the
    picture is the step's, not the turn's. Text too long for one message is cut in several;
    each person in `ping` is pinged by the first that names them (a ping only reaches someone
    the message names: a game's long end once named the winners in its first message and
    allowed pings only in its last), and one who is named nowhere by the last."""
    if board:
        text = f"{text}\n{board}"
    parts = present.split_text(text) or [""]
    first = {
        person: next((n for n, part in enumerate(parts) if f"<@{person}>" in part), len(parts) - 1)
        for person in people(dict.fromkeys(ping))
    }
    pieces = [
        Piece(content=part, ping=[p for p, at in first.items() if at == n])
        for n, part in enumerate(parts)
    ]
    last = pieces[-1]
    last.board, last.step, last.buttons = board is not None and not step, step, buttons
    return pieces


def _spec(table: Table, prompt: Prompt) -> ButtonSpec:
    return ButtonSpec(
        seat=prompt.seat,
        decision=prompt.decision,
        choices=[
            {
                "label": speech.in_channel(table, c.msg),
                "key": present.choice_key(c),
                "style": c.style,
            }
            for c in prompt.choices[: limits.BUTTONS]
        ],
    )


def dump(pieces: list[Piece]) -> list[dict[str, Any]]:
    return [p.model_dump(mode="json") for p in pieces]
