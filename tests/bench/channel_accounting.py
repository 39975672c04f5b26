"""The channel benchmark's bookkeeping, kept free of the bot and the stand-in so that a test can
check it on a hand-made game: who was told it was their turn, how many game turns a game took,
and whether a game's figures meet the targets of a calm channel.

A game is a list of `Move`s, each seen just before it was made: the bot's clock, the seats that
owed a decision then, who holds them, the turn it was made in, and a *mark*, a position in the
order of everything the channel and the players' DMs showed (message ids sort in that order).
A `Tell` is something that told one player it was their move: a channel message that pinged
them, or a DM that said so, at its position in that order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine.games import REGISTRY

DEFAULT_GRACE = timedelta(minutes=10)
"""How long after their own move a player still counts as watching the table, when the table
does not say (its `ping_grace_minutes` setting): they see the turn message edited to them."""


@dataclass(frozen=True)
class Move:
    at: datetime
    """The bot's clock when the move was made."""
    seat: int
    """The seat that made it."""
    owed: frozenset[int]
    """The seats that owed a decision just before it."""
    holders: dict[int, int]
    """Seat -> the Discord user playing it."""
    mark: int
    """Everything the players were shown before this move sorts below this."""
    turn: int
    """The game turn (night, round) the move was made in."""


@dataclass(frozen=True)
class Tell:
    user: int
    position: int


@dataclass(frozen=True)
class Start:
    """The moment the game began: the first seats are asked then."""

    at: datetime
    mark: int


@dataclass
class Waits:
    """Every wait that ended with its seat acting, and the ones whose player was never told."""

    total: int = 0
    untold: int = 0
    repeated: int = 0
    """Waits whose player was told more than once (pinged or messaged twice for one ask)."""
    examples: list[str] = field(default_factory=list)
    """A few untold waits, as "seat S at move N", for a reader to look up."""


def count_waits(
    start: Start, moves: Sequence[Move], tells: Iterable[Tell], grace: timedelta = DEFAULT_GRACE
) -> Waits:
    """A wait opens when a seat starts to owe a decision (it did not owe one before the
    previous move, or it made the previous move and still owes one) and ends when the seat
    acts; a wait that ends because the seat no longer owes anything was no wait on a player.
    Its player counts as told if, between being asked and answering, a channel message pinged
    them or a DM told them, or they had themselves moved less than `grace` before being asked
    (they are at the table, watching the message change to them)."""
    told_at: dict[int, list[int]] = {}
    for tell in tells:
        told_at.setdefault(tell.user, []).append(tell.position)
    asked: dict[int, tuple[datetime, int]] = {}
    last_moved: dict[int, datetime] = {}
    found = Waits()
    previous: Move | None = None
    for n, move in enumerate(moves):
        moment = (start.at, start.mark) if previous is None else (previous.at, previous.mark)
        for seat in sorted(move.owed):
            fresh = previous is None or seat not in previous.owed or previous.seat == seat
            if fresh or seat not in asked:
                asked[seat] = moment
        for seat in list(asked):
            if seat not in move.owed:
                del asked[seat]
        user = move.holders[move.seat]
        if move.seat in asked:
            since, mark = asked.pop(move.seat)
            found.total += 1
            pings = sum(1 for p in told_at.get(user, []) if mark <= p < move.mark)
            pinged = pings > 0
            watching = user in last_moved and since - last_moved[user] < grace
            if pings > 1:
                found.repeated += 1
            if not (pinged or watching):
                found.untold += 1
                if len(found.examples) < 5:
                    found.examples.append(f"seat {move.seat} at move {n}")
        last_moved[user] = move.at
        previous = move
    return found


def turns_played(moves: Sequence[Move]) -> int:
    """The game turns in which someone moved (a set-up before turn 1 counts as one)."""
    return len({m.turn for m in moves}) or 1


def per_turn(count: float, turns: int) -> float:
    return count / max(turns, 1)


DEFAULT_MESSAGES_PER_TURN = 3.0
"""New channel messages a game turn may take when the game's flow says nothing else: the turn's
message, a reveal or result, and one more (a game's end, a notice)."""
PINGS_PER_PLAYER_PER_TURN = 1.5
BOARDS_PER_TURN = 1.0
WRITES_PER_ACTION = 1.2
UNTOLD = 0


def messages_per_turn_target(game: str, factions: int) -> float:
    """A game whose turn passes through every faction's own turn (Bloc by Bloc's night, RIOT's
    round: `Game.seats_take_turns_within_a_turn`) may take a message per faction and two more
    (the turn's opening, its close); any other game gets the default."""
    known = REGISTRY.get(game)
    if known is not None and known.seats_take_turns_within_a_turn:
        return float(factions + 2)
    return DEFAULT_MESSAGES_PER_TURN


@dataclass(frozen=True)
class Target:
    name: str
    value: float
    limit: float

    @property
    def met(self) -> bool:
        return self.value <= self.limit

    def line(self) -> str:
        verdict = "met" if self.met else "NOT met"
        return f"{self.name:<28} {self.value:7.2f} <= {self.limit:g}  {verdict}"


def targets(
    game: str,
    factions: int,
    *,
    messages_per_turn: float,
    pings_per_player_per_turn: float,
    boards_per_turn: float,
    writes_per_action: float,
    untold: int,
) -> list[Target]:
    """The targets of a calm channel for one game's figures; a game not named here gets the
    defaults."""
    return [
        Target("new messages/turn", messages_per_turn, messages_per_turn_target(game, factions)),
        Target("pings/player/turn", pings_per_player_per_turn, PINGS_PER_PLAYER_PER_TURN),
        Target("full boards/turn", boards_per_turn, BOARDS_PER_TURN),
        Target("writes/action", writes_per_action, WRITES_PER_ACTION),
        Target("untold waits", untold, UNTOLD),
    ]
