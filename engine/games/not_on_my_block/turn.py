"""The active seat's own actions, from placing apartments to ending the turn, and turn order.

For each action kind its check and its effect sit side by side: the check raises an
`IllegalAction` a player can act on and never mutates; the effect assumes the check passed and
returns narration fragments. Legal actions are the candidates that pass the same checks, so
autocomplete can never offer a move that `apply` would refuse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import ActionBase, IllegalAction
from engine.games.not_on_my_block import mechanics as mech
from engine.games.not_on_my_block.actions import (
    Collude,
    Develop,
    End,
    Move,
    Place,
    Protect,
    Suppress,
)
from engine.games.not_on_my_block.board import DIRECTIONS, Direction
from engine.games.not_on_my_block.state import (
    COLOURS,
    DEVELOPER,
    AgentHome,
    NombState,
    SendHome,
    StorePush,
    SwapOffer,
)
from engine.kit import turns
from engine.messages import Arg, Msg, m
from engine.words import quoted

# ----- listing what is legal -----------------------------------------------------------------


def actions(state: NombState, seat: int) -> Iterator[ActionBase]:
    """Every legal action of the seat on its turn, `end` last so "anything but end?" stops
    early."""
    if state.phase == "placement":
        for colour in _placeable_colours(state, seat):
            for at in state.board.all_blocks():
                if mech.open_lot(state, at):
                    yield Place(colour=colour, block=at)
        return
    yield from legal(state, seat, ("move", "suppress", "develop", "protect", "collude"))
    yield End()


def legal(state: NombState, seat: int, kinds: tuple[str, ...]) -> Iterator[ActionBase]:
    """The legal actions of the given kinds during play: the candidates that pass `check`."""
    for action in _candidates(state, seat, kinds):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        yield action


def _candidates(state: NombState, seat: int, kinds: tuple[str, ...]) -> Iterator[ActionBase]:
    board = state.board
    if seat == DEVELOPER:
        for agent, src in state.agents.items() if state.dev_moves else ():
            for d in DIRECTIONS:
                dst = board.step(src, d)
                if dst is None:
                    continue
                if "move" in kinds:
                    yield Move(piece=agent, to=dst)
                if "suppress" in kinds and mech.reps_at(state, dst):
                    yield Suppress(agent=agent, to=dst)
        if "develop" in kinds:
            yield from (Develop(store=s) for s in board.of_type("store"))
    else:
        if "move" in kinds:
            # rep_moves holds only the acting seat's colours, so this also filters ownership.
            for rep, src in state.reps.items():
                if state.rep_moves.get(mech.rep_colour(rep)):
                    for d in DIRECTIONS:
                        dst = board.step(src, d)
                        if dst is not None:
                            yield Move(piece=rep, to=dst)
        if "protect" in kinds:
            for center in board.of_type("center"):
                if mech.may_protect_at(state, seat, center):
                    for apt in mech.eligible_apartments(state, center):
                        assert apt.at is not None
                        yield Protect(apartment=apt.at, center=center)
    if "collude" in kinds and may_collude(state):
        mine = mech.colours_of(state, seat)
        for rep, at in state.reps.items():
            if seat == DEVELOPER or mech.rep_colour(rep) in mine:
                # Skip pairs sharing a block up front: at Start that is every pair.
                yield from (
                    Collude(rep=rep, agent=agent)
                    for agent, where in state.agents.items()
                    if where != at
                )


# ----- checking and doing --------------------------------------------------------------------


def check(state: NombState, seat: int, action: ActionBase) -> None:
    """Raise IllegalAction unless `seat` may take `action` on its turn now. Never mutates."""
    if state.phase == "placement":
        if not isinstance(action, Place):
            raise IllegalAction(m("nomb.refuse.placing"))
        _check_place(state, seat, action)
        return
    rule = _RULES.get(type(action))
    if rule is None:
        raise IllegalAction(
            m("nomb.refuse.all_placed")
            if isinstance(action, Place)
            else m("nomb.refuse.no_such_decision")
        )
    rule.check(state, seat, action)


def play(state: NombState, seat: int, action: ActionBase) -> list[Msg]:
    """Carry out an action that passed `check`."""
    if isinstance(action, Place):
        return _place(state, seat, action)
    return _RULES[type(action)].effect(state, seat, action)


# ----- place (set-up) ------------------------------------------------------------------------


def _placeable_colours(state: NombState, seat: int) -> list[str]:
    if state.phase != "placement" or seat != state.active:
        return []
    unplaced = {a.colour for a in state.apartments if a.status == "unplaced"}
    return [c for c in mech.colours_of(state, seat) if c in unplaced]


def default_action(state: NombState, seat: int) -> ActionBase:
    """The action taken for the active seat when the table stops waiting for it: during
    set-up the least exposed placement (`default_place`), in play ending the turn, which moves
    no piece and commits to nothing, so the absent player's position stays as they left it.
    A whole round of turns ended so for absent players ends the game in a standstill
    (victory.py); a player who ends their own turn the same way plays on."""
    if state.phase == "placement":
        return default_place(state, seat)
    return End()


def default_place(state: NombState, seat: int) -> Place:
    """The placement made for a Resident who does not choose: the seat's first colour still to
    place, on the first open lot in drawing order that is neither on the board's edge (one push
    from being lost) nor in a Risk Zone (where reps guarding it can be caught); any open lot if
    none is left. The least exposed spot, so an absent player's apartment is not handed over."""
    colour = _placeable_colours(state, seat)[0]
    lots = [at for at in state.board.all_blocks() if mech.open_lot(state, at)]
    sheltered = [
        at
        for at in lots
        if state.board.type_of(at) == "empty"
        and all(state.board.step(at, d) is not None for d in DIRECTIONS)
    ]
    return Place(colour=colour, block=(sheltered or lots)[0])


def _check_place(state: NombState, seat: int, action: Place) -> None:
    colour = action.colour.strip().lower()
    if colour not in COLOURS:
        raise IllegalAction(m("nomb.refuse.colour"))
    if colour not in mech.colours_of(state, seat):
        raise IllegalAction(
            m(
                "nomb.refuse.not_your_colour",
                colour=mech.colour_word(mech.colours_of(state, seat)[0]),
            )
        )
    if colour not in _placeable_colours(state, seat):
        raise IllegalAction(m("nomb.refuse.colour_placed", colour=mech.colour_word(colour)))
    at = mech.norm_block(state, action.block)
    if not mech.open_lot(state, at):
        raise IllegalAction(m("nomb.refuse.not_a_lot", block=mech.block_text(state, at)))


def _place(state: NombState, seat: int, action: Place) -> list[Msg]:
    colour = action.colour.strip().lower()
    at = mech.norm_block(state, action.block)
    apt = next(a for a in state.apartments if a.colour == colour and a.status == "unplaced")
    apt.at, apt.status = at, "standing"
    where = mech.block_text(state, at)
    notes = [
        m(
            "nomb.event.placed",
            seat=mech.seat_name(state, seat),
            colour=mech.colour_word(colour),
            block=where,
        )
    ]
    placed = mech.count(state, "standing")
    if placed == len(state.apartments):
        state.phase = "play"
        notes += start_turn(state, DEVELOPER)
    elif state.players == 4:
        state.active = placed % 3 + 1
    return notes


# ----- move: a rep's step, or an agent's (which may push, catch or revoke) --------------------


def _check_move(state: NombState, seat: int, action: Move) -> None:
    piece = action.piece.strip().lower()
    if piece in state.agents:
        if seat != DEVELOPER:
            raise IllegalAction(m("nomb.refuse.agents_developer"))
        _, _, effect = mech.agent_effect(state, piece, action.to)
        _check_agent_effect(state, piece, action.to, effect, suppress=False)
    elif piece in state.reps:
        if mech.rep_colour(piece) not in mech.colours_of(state, seat):
            raise IllegalAction(m("nomb.refuse.not_yours_to_move", piece=mech.piece_label(piece)))
        mech.rep_step_cost(state, piece, action.to)
    else:
        raise IllegalAction(m("nomb.refuse.no_piece", text=quoted(action.piece)))


def _move(state: NombState, seat: int, action: Move) -> list[Msg]:
    piece = action.piece.strip().lower()
    if piece in state.reps:
        src = state.reps[piece]
        to, cost = mech.rep_step_cost(state, piece, action.to)
        colour = mech.rep_colour(piece)
        state.reps[piece] = to
        state.rep_moves[colour] -= cost
        left = state.rep_moves[colour]
        return [
            m(
                "nomb.event.rep_moves",
                piece=mech.piece_label(piece),
                at=src,
                block=mech.block_text(state, to),
                n=cost,
                colour=mech.colour_word(colour),
                left=left,
            )
        ]
    to, direction, effect = mech.agent_effect(state, piece, action.to)
    if effect in ("push", "push_or_suppress"):
        return _agent_push(state, piece, to, direction)
    return _agent_land(state, piece, to, effect)


def _check_agent_effect(
    state: NombState, agent: str, to: str, effect: mech.AgentEffect, *, suppress: bool
) -> None:
    if suppress:
        if effect not in ("suppress", "push_or_suppress"):
            raise IllegalAction(m("nomb.refuse.suppress_needs_reps"))
        mech.require_mode(state, "suppress")
    elif effect in ("revoke", "suppress"):
        mech.require_mode(state, "suppress")
    elif effect in ("push", "push_or_suppress"):
        mech.require_mode(state, "push")
        dst, direction, _ = mech.agent_effect(state, agent, to)
        mech.plan_push(state, dst, direction)


def _agent_push(state: NombState, agent: str, to: str, direction: Direction) -> list[Msg]:
    src = state.agents[agent]
    chain = mech.plan_push(state, to, direction)
    state.agents[agent] = to
    state.dev_moves -= 1
    notes = [
        m(
            "nomb.event.agent_pushes",
            piece=mech.piece_label(agent),
            at=src,
            to=to,
            direction=mech.direction_word(direction),
        )
    ]
    notes += mech.do_push(state, chain, direction)
    notes += mech.surround(state) + mech.eliminate(state)
    state.pending.append(AgentHome(seat=DEVELOPER, agent=agent))
    return notes


def _agent_land(state: NombState, agent: str, to: str, effect: mech.AgentEffect) -> list[Msg]:
    src = state.agents[agent]
    state.agents[agent] = to
    state.dev_moves -= 1
    head: dict[str, Arg] = {
        "piece": mech.piece_label(agent),
        "at": src,
        "block": mech.block_text(state, to),
    }
    if effect == "move":
        return [m("nomb.event.agent_moves", **head)]
    reps = mech.reps_at(state, to)
    state.mode = "suppress"
    if effect == "revoke":
        state.pending.append(SendHome(seat=DEVELOPER, reps=reps))
        note = m("nomb.event.agent_revokes", **head)
    else:
        state.pending.append(SendHome(seat=DEVELOPER, reps=reps, send_all=True))
        note = m("nomb.event.agent_catches", **head, reps=mech.piece_list(reps))
    state.pending.append(AgentHome(seat=DEVELOPER, agent=agent))
    return [note]


# ----- suppress: an agent's step that catches the reps on a Risk Zone ------------------------


def _check_suppress(state: NombState, seat: int, action: Suppress) -> None:
    agent = action.agent.strip().lower()
    if seat != DEVELOPER or agent not in state.agents:
        raise IllegalAction(m("nomb.refuse.no_agent", text=quoted(action.agent)))
    _, _, effect = mech.agent_effect(state, agent, action.to)
    _check_agent_effect(state, agent, action.to, effect, suppress=True)


def _suppress(state: NombState, seat: int, action: Suppress) -> list[Msg]:
    agent = action.agent.strip().lower()
    to, _, _ = mech.agent_effect(state, agent, action.to)
    return _agent_land(state, agent, to, "suppress")


# ----- develop: a Store with two agents becomes a Luxury Store -------------------------------


def _check_develop(state: NombState, seat: int, action: Develop) -> None:
    if seat != DEVELOPER:
        raise IllegalAction(m("nomb.refuse.stores_developer"))
    at = mech.norm_block(state, action.store)
    if state.board.type_of(at) != "store" or at in state.luxury_stores:
        raise IllegalAction(m("nomb.refuse.not_a_store", block=mech.block_text(state, at)))
    if len(state.luxury_stores) >= mech.LUXURY_STORE_TOKENS:
        raise IllegalAction(m("nomb.refuse.stores_built"))
    here = sum(where == at for where in state.agents.values())
    if here < 2:
        raise IllegalAction(m("nomb.refuse.store_agents", at=at, n=here))


def _develop(state: NombState, seat: int, action: Develop) -> list[Msg]:
    at = mech.norm_block(state, action.store)
    state.luxury_stores.append(at)
    notes = [m("nomb.event.store_built", at=at)]
    notes += mech.surround(state) + mech.eliminate(state)
    if state.mode == "suppress":
        notes.append(m("nomb.event.store_push_lost"))
    elif not mech.bonus_targets(state, at):
        notes.append(m("nomb.event.store_push_none", radius=mech.BONUS_RADIUS))
    else:
        state.pending.append(StorePush(seat=DEVELOPER, store=at))
    return notes


# ----- protect: an apartment becomes permanently protected -----------------------------------


def _check_protect(state: NombState, seat: int, action: Protect) -> None:
    """4 players: whoever completes the final requirement chooses the apartment, so nobody
    else may trigger the protection (rulebook: Permanent Protection, 4-player note)."""
    if seat == DEVELOPER:
        raise IllegalAction(m("nomb.refuse.protect_residents"))
    mech.protection_check(state, action.apartment, action.center)
    center = mech.norm_block(state, action.center)
    if mech.may_protect_at(state, seat, center):
        return
    holder = state.protection_rights.get(center)
    if holder is not None:
        raise IllegalAction(
            m("nomb.refuse.protect_theirs", seat=mech.seat_name(state, holder), center=center)
        )
    raise IllegalAction(m("nomb.refuse.protect_nobody", center=center))


def _protect(state: NombState, seat: int, action: Protect) -> list[Msg]:
    apt = mech.protection_check(state, action.apartment, action.center)
    center = mech.norm_block(state, action.center)
    assert apt.at is not None
    apt.status = "protected"
    notes = [
        m(
            "nomb.event.protected",
            seat=mech.seat_name(state, seat),
            colour=mech.colour_word(apt.colour),
            at=apt.at,
        )
    ]
    evicted = [a for a, where in state.agents.items() if where == apt.at]
    for agent in evicted:
        state.agents[agent] = state.board.start
    if evicted:
        notes.append(
            m("nomb.event.agents_evicted", n=len(evicted), agents=mech.piece_list(evicted))
        )
    # Both Center reps go home; each Resident places their own, the protector first.
    on_center = mech.reps_at(state, center)
    owners = sorted(
        {mech.seat_of(state, mech.rep_colour(r)) for r in on_center}, key=lambda s: (s != seat, s)
    )
    for owner in owners:
        mine = [r for r in on_center if mech.seat_of(state, mech.rep_colour(r)) == owner]
        state.pending.append(SendHome(seat=owner, reps=mine, send_all=True))
    return notes


# ----- collude: a swap of a rep and an agent, proposed to the other side (4 players) ----------


def may_collude(state: NombState) -> bool:
    """Whether the active seat may still propose a swap this turn."""
    if state.players != 4:
        return False
    return state.collusion_limit == "unlimited" or not state.colluded


def _check_collude(state: NombState, seat: int, action: Collude) -> int:
    """Check a swap proposal and return the seat that must consent."""
    if state.players != 4:
        raise IllegalAction(m("nomb.refuse.collude_players"))
    if not may_collude(state):
        raise IllegalAction(m("nomb.refuse.collude_once"))
    rep, agent = action.rep.strip().lower(), action.agent.strip().lower()
    if rep not in state.reps or agent not in state.agents:
        raise IllegalAction(m("nomb.refuse.collude_pieces"))
    owner = mech.seat_of(state, mech.rep_colour(rep))
    if seat == DEVELOPER:
        if owner in state.eliminated:
            raise IllegalAction(m("nomb.refuse.out", seat=mech.seat_name(state, owner)))
        other = owner
    else:
        if owner != seat:
            raise IllegalAction(m("nomb.refuse.not_yours", piece=mech.piece_label(rep)))
        other = DEVELOPER
    rep_at, agent_at = state.reps[rep], state.agents[agent]
    if rep_at == agent_at:
        raise IllegalAction(
            m(
                "nomb.refuse.share",
                rep=mech.piece_label(rep),
                agent=mech.piece_label(agent),
                at=rep_at,
            )
        )
    if state.board.type_of(rep_at) == "center":
        raise IllegalAction(m("nomb.refuse.agent_center", center=rep_at))
    apt = mech.apartment_at(state, rep_at)
    if apt is not None and apt.status == "protected":
        raise IllegalAction(m("nomb.refuse.agent_stand_protected", at=rep_at))
    return other


def _collude(state: NombState, seat: int, action: Collude) -> list[Msg]:
    other = _check_collude(state, seat, action)
    rep, agent = action.rep.strip().lower(), action.agent.strip().lower()
    state.colluded = True
    state.pending.append(SwapOffer(seat=other, rep=rep, agent=agent, proposer=seat))
    return [
        m(
            "nomb.event.proposes",
            seat=mech.seat_name(state, seat),
            rep=mech.piece_label(rep),
            rep_at=state.reps[rep],
            agent=mech.piece_label(agent),
            agent_at=state.agents[agent],
        )
    ]


# ----- end, and whose turn comes next --------------------------------------------------------


def _no_check(state: NombState, seat: int, action: End) -> None:
    """Ending a turn is always allowed to the seat whose turn it is."""


def _end(state: NombState, seat: int, action: End) -> list[Msg]:
    return [m("nomb.event.ends", seat=mech.seat_name(state, seat)), *next_turn(state)]


def next_seat(state: NombState) -> int:
    """The seat whose turn follows the active one's: the next in turn order still playing (the
    Developer is never out, so there always is one)."""
    seat = turns.next_seat(state.active, state.players, state.eliminated)
    assert seat is not None
    return seat


def next_placer(state: NombState) -> int:
    """Who acts once the current placement is made: with 4 players the next Resident in the
    round robin, with 2 the Developer (the Resident's placements are one set-up turn); after
    the last apartment, the Developer, who starts play."""
    if state.players == 2:
        return DEVELOPER
    placed = mech.count(state, "standing") + 1
    return DEVELOPER if placed == len(state.apartments) else placed % 3 + 1


def next_turn(state: NombState) -> list[Msg]:
    """Hand the turn on, counting a turn ended for an absent player with nothing done towards
    a standstill."""
    state.idle_turns = 0 if state.acted else state.idle_turns + 1
    seat = next_seat(state)
    if seat == DEVELOPER:
        state.round += 1
    return start_turn(state, seat)


def start_turn(state: NombState, seat: int) -> list[Msg]:
    state.active = seat
    state.acted = False
    state.mode = ""
    state.colluded = False
    state.dev_moves = mech.DEVELOPER_MOVES if seat == DEVELOPER else 0
    state.rep_moves = {c: mech.MOVES_PER_COLOUR for c in mech.colours_of(state, seat)}
    return [m("nomb.event.turn", seat=mech.seat_name(state, seat), round=state.round)]


@dataclass(frozen=True)
class _Rule:
    """One action kind of a turn in play: its check and its effect."""

    check: Callable[[NombState, int, Any], object]
    effect: Callable[[NombState, int, Any], list[Msg]]


_RULES: dict[type[ActionBase], _Rule] = {
    Move: _Rule(_check_move, _move),
    Suppress: _Rule(_check_suppress, _suppress),
    Develop: _Rule(_check_develop, _develop),
    Protect: _Rule(_check_protect, _protect),
    Collude: _Rule(_check_collude, _collude),
    End: _Rule(_no_check, _end),
}
