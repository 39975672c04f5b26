"""Board queries and the rule mechanics shared by `rules.py`, the view and the text helpers.

Checks raise `IllegalAction` with a reason a player can act on; mutations assume their checks
passed and return short narration fragments.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from engine.core import IllegalAction
from engine.games.not_on_my_block.board import COLUMNS, DIRECTIONS, BlockType, Direction
from engine.games.not_on_my_block.state import COLOURS, Apartment, Colour, NombState
from engine.messages import Msg, m
from engine.words import quoted

# Numbers printed in the rulebook.
DEVELOPER_MOVES = 8
MOVES_PER_COLOUR = 4
GOAL = 5
AGENT_COUNT = 6
LUXURY_STORE_TOKENS = 2
BONUS_RADIUS = 2

AgentEffect = Literal["move", "push", "suppress", "revoke", "push_or_suppress"]
"""What an agent's step does, from what is on the block it lands on."""


# ----- names ----------------------------------------------------------------------------------


def rep_colour(rep: str) -> Colour:
    colour = rep.rstrip("0123456789")
    assert colour in COLOURS
    return colour


_PIECES = {
    "agent": "nomb.piece.agent",
    "red": "nomb.piece.red",
    "blue": "nomb.piece.blue",
    "yellow": "nomb.piece.yellow",
}
_COLOURS = {"red": "nomb.colour.red", "blue": "nomb.colour.blue", "yellow": "nomb.colour.yellow"}
_COLOUR_NAMES = {
    "red": "nomb.colour.red.name",
    "blue": "nomb.colour.blue.name",
    "yellow": "nomb.colour.yellow.name",
}
_DIRECTIONS = {
    "up": "nomb.direction.up",
    "down": "nomb.direction.down",
    "left": "nomb.direction.left",
    "right": "nomb.direction.right",
}


def piece_label(piece: str) -> Msg:
    """ "red2" -> "Red rep 2", "agent3" -> "Agent 3"."""
    name = piece.rstrip("0123456789")
    return Msg(key=_PIECES[name], args={"number": int(piece[len(name) :])})


def piece_list(pieces: list[str]) -> list[Msg]:
    """ "Red rep 1, Blue rep 2 and Agent 3": pieces named for narration (a list argument,
    joined the reader's way)."""
    return [piece_label(p) for p in pieces]


def colour_word(colour: str) -> Msg:
    """A colour inside a sentence: "the red apartment"."""
    return Msg(key=_COLOURS[colour])


def colour_name(colour: str) -> Msg:
    """A colour standing alone, as a name: "Red"."""
    return Msg(key=_COLOUR_NAMES[colour])


def direction_word(direction: str) -> Msg:
    return Msg(key=_DIRECTIONS[direction])


def seat_name(state: NombState, seat: int) -> Msg:
    """The seat's name in the reader's language: "Developer", "Resident", "Red Resident"."""
    return seat_names(state.players)[seat]


def seat_names(players: int) -> list[Msg]:
    """Every seat's name, in turn order."""
    if players == 2:
        return [m("nomb.seat.developer"), m("nomb.seat.resident")]
    residents = [m("nomb.seat.red"), m("nomb.seat.blue"), m("nomb.seat.yellow")]
    return [m("nomb.seat.developer"), *residents]


def colours_of(state: NombState, seat: int) -> list[Colour]:
    """The colours a seat plays: none for the Developer, all three for the 2-player Resident."""
    if seat == 0:
        return []
    if state.players == 2:
        return list(COLOURS)
    return [COLOURS[seat - 1]]


def seat_of(state: NombState, colour: Colour) -> int:
    return 1 if state.players == 2 else COLOURS.index(colour) + 1


def norm_block(state: NombState, text: str) -> str:
    at = state.board.normalise(text)
    if at is None:
        last = COLUMNS[state.board.width - 1]
        raise IllegalAction(
            m("nomb.refuse.not_a_block", text=quoted(text), last=last, height=state.board.height)
        )
    return at


_BLOCK_TEXT = {
    "start": "nomb.block.start",
    "store": "nomb.block.store",
    "center": "nomb.block.center",
    "risk": "nomb.block.risk",
}


def block_text(state: NombState, at: str) -> Msg:
    """What a player sees on a block, for messages: "C5 (Luxury Housing)"."""
    if at in state.luxury_stores:
        return m("nomb.block.luxury_store", at=at)
    if at in state.luxury_housing:
        return m("nomb.block.luxury_housing", at=at)
    key = _BLOCK_TEXT.get(state.board.type_of(at), "nomb.block.plain")
    return Msg(key=key, args={"at": at})


# ----- occupancy ------------------------------------------------------------------------------


def apartment_at(state: NombState, at: str) -> Apartment | None:
    """The standing or permanently protected apartment on a block, if any."""
    for apt in state.apartments:
        if apt.at == at and apt.status in ("standing", "protected"):
            return apt
    return None


def reps_at(state: NombState, at: str) -> list[str]:
    return [rep for rep, where in state.reps.items() if where == at]


def gentrified(state: NombState, at: str) -> bool:
    return at in state.luxury_housing or at in state.luxury_stores


def risk_zone(state: NombState, at: str) -> bool:
    return uncovered_risk(state.board.type_of(at), at, state.luxury_housing)


def uncovered_risk(kind: BlockType, at: str, luxury_housing: Collection[str]) -> bool:
    """A printed Risk Zone that Luxury Housing has not covered."""
    return kind == "risk" and at not in luxury_housing


def temporarily_protected(state: NombState, apt: Apartment) -> bool:
    return apt.status == "standing" and apt.at is not None and len(reps_at(state, apt.at)) >= 2


def open_lot(state: NombState, at: str) -> bool:
    """An empty block or Risk Zone with no apartment and no Luxury Housing: where apartments go."""
    return (
        state.board.type_of(at) in ("empty", "risk")
        and at not in state.luxury_housing
        and apartment_at(state, at) is None
    )


def rep_homes(state: NombState) -> list[str]:
    """Where reps are sent back to: Start or a Store that is not yet a Luxury Store."""
    stores = [s for s in state.board.of_type("store") if s not in state.luxury_stores]
    return [state.board.start, *stores]


def agent_homes(state: NombState) -> list[str]:
    return [state.board.start, *state.luxury_stores]


def count(state: NombState, *statuses: str) -> int:
    return sum(apt.status in statuses for apt in state.apartments)


# ----- residents ------------------------------------------------------------------------------


def rep_step_cost(state: NombState, rep: str, to_text: str) -> tuple[str, int]:
    """Check one step of a rep and return (destination, cost). Luxury blocks cost 2 to enter."""
    src = state.reps[rep]
    to = norm_block(state, to_text)
    if state.board.direction_between(src, to) is None:
        raise IllegalAction(m("nomb.refuse.not_adjacent", piece=piece_label(rep), at=src, to=to))
    cost = 2 if gentrified(state, to) else 1
    colour = rep_colour(rep)
    left = state.rep_moves.get(colour, 0)
    if left < cost:
        reason = (
            m("nomb.refuse.cost.step")
            if cost == 1
            else m("nomb.refuse.cost.housing")
            if to in state.luxury_housing
            else m("nomb.refuse.cost.store")
        )
        raise IllegalAction(
            m("nomb.refuse.moves_short", colour=colour_name(colour), n=left, reason=reason)
        )
    if state.board.type_of(to) == "center":
        there = reps_at(state, to)
        if len(there) >= 2:
            raise IllegalAction(m("nomb.refuse.center_full", center=to))
        if any(rep_colour(r) == colour for r in there):
            raise IllegalAction(
                m("nomb.refuse.center_colour", center=to, colour=colour_word(colour))
            )
    return to, cost


def protection_check(state: NombState, apartment_text: str, center_text: str) -> Apartment:
    """The apartment that would become permanently protected, or why it cannot."""
    at = norm_block(state, apartment_text)
    center = norm_block(state, center_text)
    apt = apartment_at(state, at)
    if apt is None:
        raise IllegalAction(m("nomb.refuse.no_apartment", at=at))
    if apt.status == "protected":
        raise IllegalAction(m("nomb.refuse.already_protected", at=at))
    if state.board.type_of(center) != "center":
        raise IllegalAction(m("nomb.refuse.not_a_center", at=center))
    center_colours = {rep_colour(r) for r in reps_at(state, center)}
    if len(center_colours) < 2:
        raise IllegalAction(
            m("nomb.refuse.center_needs_two", center=center, held=len(reps_at(state, center)))
        )
    if apt.colour not in center_colours:
        raise IllegalAction(
            m("nomb.refuse.center_lacks", at=at, colour=colour_word(apt.colour), center=center)
        )
    if not any(rep_colour(r) == apt.colour for r in reps_at(state, at)):
        raise IllegalAction(
            m("nomb.refuse.rep_on_apartment", colour=colour_word(apt.colour), at=at)
        )
    return apt


def eligible_apartments(state: NombState, center: str) -> list[Apartment]:
    """The apartments a protection at `center` may pick now: reps of two colours on the Center,
    and a standing apartment of one of those colours with a rep of its own colour on it."""
    colours = {rep_colour(r) for r in reps_at(state, center)}
    if len(colours) < 2:
        return []
    return [
        apt
        for apt in state.apartments
        if apt.status == "standing"
        and apt.at is not None
        and apt.colour in colours
        and any(rep_colour(r) == apt.colour for r in reps_at(state, apt.at))
    ]


def ready_centers(state: NombState) -> set[str]:
    """Community Centers where every requirement of permanent protection is met."""
    return {c for c in state.board.of_type("center") if eligible_apartments(state, c)}


def _completer(
    state: NombState, center: str, reps_before: dict[str, str], apts_before: dict[str, str | None]
) -> int | None:
    """The Resident whose piece, moved by the last action, completed the requirements at
    `center`: the owner of a rep that stepped (or was swapped) into place, or, when a push
    slid an apartment under its own rep, that apartment's owner. First in turn order on a tie."""
    apts = eligible_apartments(state, center)
    pieces = reps_at(state, center)
    for apt in apts:
        assert apt.at is not None
        pieces += [r for r in reps_at(state, apt.at) if rep_colour(r) == apt.colour]
    moved = [seat_of(state, rep_colour(r)) for r in pieces if reps_before[r] != state.reps[r]]
    moved += [seat_of(state, a.colour) for a in apts if apts_before[a.id] != a.at]
    return min(moved) if moved else None


def update_protection_rights(
    state: NombState,
    ready_before: set[str],
    reps_before: dict[str, str],
    apts_before: dict[str, str | None],
) -> None:
    """4 players: only the Resident who completes a Center's requirements may trigger its
    protection. A right is earned when a Center becomes ready and lasts while it stays so."""
    ready = ready_centers(state)
    rights = {c: s for c, s in state.protection_rights.items() if c in ready}
    for center in ready - ready_before:
        rights.pop(center, None)
        seat = _completer(state, center, reps_before, apts_before)
        if seat is not None:
            rights[center] = seat
    state.protection_rights = {c: s for c, s in sorted(rights.items()) if s not in state.eliminated}


def may_protect_at(state: NombState, seat: int, center: str) -> bool:
    """Whether `seat` is the Resident entitled to trigger protection at `center`."""
    if state.players == 2:
        return seat == 1
    return state.protection_rights.get(center) == seat


# ----- developer ------------------------------------------------------------------------------


def agent_effect(state: NombState, agent: str, to_text: str) -> tuple[str, Direction, AgentEffect]:
    """Check where an agent may step and say what landing there does (before turn-mode checks)."""
    src = state.agents[agent]
    to = norm_block(state, to_text)
    direction = state.board.direction_between(src, to)
    if direction is None:
        raise IllegalAction(m("nomb.refuse.not_adjacent", piece=piece_label(agent), at=src, to=to))
    if state.dev_moves < 1:
        raise IllegalAction(m("nomb.refuse.no_moves"))
    if state.board.type_of(to) == "center":
        raise IllegalAction(m("nomb.refuse.agent_center", center=to))
    apt = apartment_at(state, to)
    if apt is not None and apt.status == "protected":
        raise IllegalAction(m("nomb.refuse.agent_protected", at=to))
    reps = reps_at(state, to)
    if apt is not None:
        if len(reps) >= 2:
            return to, direction, "revoke"
        if reps and risk_zone(state, to):
            return to, direction, "push_or_suppress"
        return to, direction, "push"
    if reps and risk_zone(state, to):
        return to, direction, "suppress"
    return to, direction, "move"


def require_mode(state: NombState, wanted: Literal["push", "suppress"]) -> None:
    """A Developer's turn pushes apartments or sends reps home, never both."""
    if wanted == "push" and state.mode == "suppress":
        raise IllegalAction(m("nomb.refuse.suppressed_already"))
    if wanted == "suppress" and state.mode == "push":
        raise IllegalAction(m("nomb.refuse.pushed_already"))


def plan_push(state: NombState, first: str, direction: Direction) -> list[Apartment]:
    """The chain of apartments a push starting at `first` moves, or why it is blocked."""
    chain: list[Apartment] = []
    at: str | None = first
    while at is not None:
        apt = apartment_at(state, at)
        if apt is None:
            break
        if apt.status == "protected":
            raise IllegalAction(m("nomb.refuse.push_protected", at=at))
        if temporarily_protected(state, apt):
            raise IllegalAction(m("nomb.refuse.push_temporary", at=at))
        chain.append(apt)
        at = state.board.step(at, direction)
    if at is not None and not open_lot(state, at):
        raise IllegalAction(
            m(
                "nomb.refuse.push_blocked",
                at=chain[-1].at or "",
                direction=direction_word(direction),
                block=block_text(state, at),
            )
        )
    return chain


def do_push(state: NombState, chain: list[Apartment], direction: Direction) -> list[Msg]:
    """Move the chain one block (furthest first); the vacated block becomes Luxury Housing."""
    first = chain[0].at
    assert first is not None
    notes = []
    for apt in reversed(chain):
        assert apt.at is not None
        dest = state.board.step(apt.at, direction)
        if dest is None:
            notes.append(m("nomb.event.pushed_off", colour=colour_word(apt.colour), at=apt.at))
            apt.at, apt.status = None, "pushed"
        else:
            notes.append(
                m("nomb.event.apartment_moves", colour=colour_word(apt.colour), at=apt.at, to=dest)
            )
            apt.at = dest
    state.luxury_housing.append(first)
    state.mode = "push"
    return [*reversed(notes), m("nomb.event.luxury_housing", at=first)]


def surround(state: NombState) -> list[Msg]:
    """Apartments with gentrified blocks on all four sides become Luxury Housing (repeatedly).

    The board edge is not gentrified, so an apartment on the edge is never surrounded; permanently
    protected apartments are safe for good.
    """
    notes = []
    changed = True
    while changed:
        changed = False
        for apt in state.apartments:
            if apt.status != "standing" or apt.at is None:
                continue
            sides = [state.board.step(apt.at, d) for d in DIRECTIONS]
            if all(side is not None and gentrified(state, side) for side in sides):
                notes.append(m("nomb.event.surrounded", colour=colour_word(apt.colour), at=apt.at))
                state.luxury_housing.append(apt.at)
                apt.at, apt.status = None, "surrounded"
                changed = True
    return notes


def eliminate(state: NombState) -> list[Msg]:
    """4 players: a Resident with no apartment left on the board stops playing.

    An eliminated Resident is no longer one of the Residents that protection needs two of, so
    their reps leave play: they go back to Start for good, where they fill no Center and
    protect no apartment.
    """
    if state.players != 4:
        return []
    notes = []
    for seat in (1, 2, 3):
        colour = COLOURS[seat - 1]
        left = [a for a in state.apartments if a.colour == colour and a.at is not None]
        if not left and seat not in state.eliminated:
            state.eliminated.append(seat)
            for rep in state.reps:
                if rep_colour(rep) == colour:
                    state.reps[rep] = state.board.start
            state.protection_rights = {
                c: s for c, s in state.protection_rights.items() if s != seat
            }
            notes.append(m("nomb.event.eliminated", seat=seat_name(state, seat)))
    return notes


def bonus_targets(state: NombState, store: str) -> list[tuple[str, Direction]]:
    """Every (apartment block, direction) the Luxury Store's one-time push may take."""
    options = []
    for apt in state.apartments:
        if apt.status != "standing" or apt.at is None:
            continue
        if state.board.distance(store, apt.at) > BONUS_RADIUS:
            continue
        for direction in DIRECTIONS:
            try:
                plan_push(state, apt.at, direction)
            except IllegalAction:
                continue
            options.append((apt.at, direction))
    return options
