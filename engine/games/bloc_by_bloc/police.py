"""The police: police ops cards, riot cop movement against barricades, and reaction rolls.

Nobody plays the police; every order comes from a card's typed `effects`, resolved here one
effect type at a time. All orders that move several groups are computed from the city as it
stands when the card is read, so a group that has just advanced never moves twice.
"""

from __future__ import annotations

from engine.core import Event
from engine.games.bloc_by_bloc.board import Board, board_of
from engine.games.bloc_by_bloc.content.effects import (
    ChiefFired,
    CopMovement,
    Effect,
    EmergencyReinforcements,
    Maneuvers,
    MetroLockdown,
    Paramilitary,
    PoliceMorale,
    Reinforcements,
    StrategicRotation,
    TacticalRetreat,
)
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.decks import discard_loot, draw_police, reshuffle_police
from engine.games.bloc_by_bloc.places import district_name, the
from engine.games.bloc_by_bloc.state import BlocState, Die
from engine.messages import Arg, Msg, m

PEOPLES_KITCHEN = "peoples-kitchen"
SCANNER = "police-scanner"


def morale_draws(state: BlocState) -> int:
    return load_content().morale.steps[state.morale].draws


def change_morale(state: BlocState, delta: int) -> list[Event]:
    steps = load_content().morale.steps
    before = state.morale
    state.morale = min(max(state.morale + delta, 0), len(steps) - 1)
    now, was = steps[state.morale].label, steps[before].label
    label = morale_label(now)
    if state.morale == before:
        if not delta:
            return [Event(msg=m("bloc.morale.stays", label=label))]
        end = "top" if delta > 0 else "bottom"
        return [Event(msg=m(f"bloc.morale.at_{end}", label=label))]
    way = "rises" if state.morale > before else "drops"
    if now == was:
        return [Event(msg=m(f"bloc.morale.{way}.same", label=label))]
    draws = steps[state.morale].draws
    return [Event(msg=m(f"bloc.morale.{way}", label=label, n=draws))]


def morale_label(label: str) -> Msg:
    """A step of the morale track by its printed label ("Timid"), in the reader's language."""
    return m(f"bloc.morale.{label.lower()}")


def ops_name(card_id: str) -> Msg:
    return m(f"bloc.ops.{card_id}.name")


def police_step(state: BlocState) -> list[Event]:
    """Sunset step 3: draw as many cards as police morale says, resolving each in turn."""
    draws = morale_draws(state)
    who = the(state, state.current, True)
    events = [Event(msg=m("bloc.police.draw", who=who, n=draws))]
    state.last_police_ops = []
    for _ in range(draws):
        events += draw_and_resolve(state)
    return events


def draw_and_resolve(state: BlocState) -> list[Event]:
    card_id = draw_police(state)
    card = load_content().police_ops[card_id]
    state.last_police_ops.append(card_id)
    events = [Event(msg=m("bloc.police.card", card=ops_name(card_id)))]
    keep = False
    for effect in card.effects:
        more, held = resolve_effect(state, effect, card_id)
        events += more
        keep = keep or held
    if not keep:
        state.police_discard.append(card_id)
    return events


def resolve_effect(state: BlocState, effect: Effect, card_id: str) -> tuple[list[Event], bool]:
    """Apply one police effect; the flag says the card stays out of the discards for now."""
    if isinstance(effect, CopMovement):
        return advance_cops(state, effect), False
    if isinstance(effect, Reinforcements):
        return reinforce(state, effect), False
    if isinstance(effect, TacticalRetreat):
        return tactical_retreat(state), False
    if isinstance(effect, StrategicRotation):
        return rotate(state, effect.keep), False
    if isinstance(effect, EmergencyReinforcements):
        return emergency(state, effect.max_vans), False
    if isinstance(effect, Maneuvers):
        return maneuvers(state), False
    if isinstance(effect, MetroLockdown):
        # The card shuts the metro to every faction; it lies before the faction to the left of
        # the one who drew it only to time it, until the end of that faction's next turn.
        target = state.left_of(state.current)
        state.lockdowns[target].append(card_id)
        return [Event(msg=m("bloc.police.metro", who=the(state, target)))], True
    if isinstance(effect, ChiefFired):
        return chief_fired(state, card_id), True
    if isinstance(effect, Paramilitary):
        return paramilitary(state, effect), False
    if isinstance(effect, PoliceMorale):
        return change_morale(state, effect.delta), False
    raise ValueError(f"{type(effect).__name__} is not a police effect")


def _by_priority(board: Board, tiles: list[str], priority: str) -> list[str]:
    return sorted(tiles, key=board.police_id, reverse=priority == "highest")


def in_clash(state: BlocState, tile: str) -> bool:
    return state.blocs_in(tile) > 0 and state.police_in(tile)


def stopped_by(barricades: int, movers: int) -> int:
    """How many of `movers` cops 1, 2 or 3 barricades hold back."""
    if barricades <= 0:
        return 0
    if barricades == 1:
        return min(1, movers)
    if barricades == 2:
        return movers // 2
    return movers


def advance_cops(state: BlocState, effect: CopMovement) -> list[Event]:
    board = board_of(state.city)
    events: list[Event] = []
    moves: list[tuple[str, str, int]] = []
    for tile in board.districts:
        cops = state.cops.get(tile, 0)
        if cops < 2 or state.blocs_in(tile) > 0:
            continue
        targets = [n for n in board.neighbours[tile] if board.info(n).type is effect.district_type]
        if targets:
            moves.append((tile, _by_priority(board, targets, effect.priority)[0], cops - 1))
    for src, dst, movers in moves:
        route = min(board.between(src, dst), key=lambda c: state.barricades.get(c.key, 0))
        held = stopped_by(state.barricades.get(route.key, 0), movers)
        if held:
            state.barricades.pop(route.key)
        go = movers - held
        state.add_cops(src, -go)
        state.add_cops(dst, go)
        where, to = district_name(src), district_name(dst)
        if held:
            text = m("bloc.police.advance.held", n=movers, where=where, to=to, held=held)
        else:
            text = m("bloc.police.advance", n=movers, where=where, to=to)
        events.append(Event(msg=text))
    if not moves:
        events.append(Event(msg=m("bloc.police.advance.none")))
    return events


def reinforce(state: BlocState, effect: Reinforcements) -> list[Event]:
    board = board_of(state.city)
    vans = [t for t, dmg in state.vans.items() if dmg == 0]
    placed: list[Msg] = []
    for tile in _by_priority(board, vans, effect.priority):
        n = min(effect.cops, state.staging_cops)
        if n:
            state.staging_cops -= n
            state.add_cops(tile, n)
            placed.append(m("bloc.police.placed", n=n, where=district_name(tile)))
    if not placed:
        return [Event(msg=m("bloc.police.reinforce.none"))]
    return [Event(msg=m("bloc.police.reinforce", places=placed))]


def tactical_retreat(state: BlocState) -> list[Event]:
    back = [
        t
        for t, n in state.cops.items()
        if n == 1 and t not in state.vans and not in_clash(state, t)
    ]
    for tile in back:
        state.add_cops(tile, -1)
        state.staging_cops += 1
    if not back:
        return [Event(msg=m("bloc.police.retreat.none"))]
    return [Event(msg=m("bloc.police.retreat", n=len(back)))]


def rotate(state: BlocState, keep: int) -> list[Event]:
    sent = 0
    for tile, n in list(state.cops.items()):
        if n > keep:
            state.cops[tile] = keep
            state.staging_cops += n - keep
            sent += n - keep
    if not sent:
        return [Event(msg=m("bloc.police.rotation.none", keep=keep))]
    return [Event(msg=m("bloc.police.rotation", n=sent))]


def emergency(state: BlocState, max_vans: int) -> list[Event]:
    board = board_of(state.city)
    if len(state.vans) >= max_vans or state.staging_vans == 0:
        return [Event(msg=m("bloc.police.emergency.none"))]
    spots = [t for t in state.cops if t not in state.vans]
    if not spots:
        return [Event(msg=m("bloc.police.emergency.nowhere"))]
    tile = _by_priority(board, spots, "highest")[0]
    state.staging_vans -= 1
    state.vans[tile] = 0
    return [Event(msg=m("bloc.police.emergency", where=district_name(tile)))]


def maneuvers(state: BlocState) -> list[Event]:
    """Undamaged vans regroup on the highest-ID districts holding a van or a cop; damaged vans
    ignore the order and keep their district."""
    board = board_of(state.city)
    movable = [t for t, dmg in state.vans.items() if dmg == 0]
    fixed = {t for t, dmg in state.vans.items() if dmg > 0}
    spots = [t for t in {*state.cops, *movable} if t not in fixed]
    chosen = _by_priority(board, spots, "highest")[: len(movable)]
    for tile in movable:
        del state.vans[tile]
    for tile in chosen:
        state.vans[tile] = 0
    if not chosen:
        return [Event(msg=m("bloc.police.maneuvers.none"))]
    where = [district_name(t) for t in chosen]
    return [Event(msg=m("bloc.police.maneuvers", where=where))]


def chief_fired(state: BlocState, card_id: str) -> list[Event]:
    reshuffle_police(state)
    state.police_discard = [card_id]
    return [Event(msg=m("bloc.police.chief_fired"))]


def paramilitary(state: BlocState, effect: Paramilitary) -> list[Event]:
    board = board_of(state.city)
    spots = [t for t in state.occupations if not state.police_in(t)]
    placed = []
    for tile in _by_priority(board, spots, effect.priority):
        n = min(effect.cops_per_district, state.staging_cops)
        if n:
            state.staging_cops -= n
            state.add_cops(tile, n)
            placed.append(district_name(tile))
    if not placed:
        return [Event(msg=m("bloc.police.paramilitary.none"))]
    return [Event(msg=m("bloc.police.paramilitary", where=placed))]


def reaction_roll(state: BlocState, tile: str) -> list[Event]:
    """Roll the reaction die for the current faction's risky action in `tile`: 1 calls a riot
    cop there, 2 draws a police ops card, 3 to 5 nothing, 6 brings People's Kitchen dice."""
    seat = state.current
    who = the(state, seat)
    if state.uses.skip_reaction:
        state.uses.skip_reaction = False
        return [Event(msg=m("bloc.reaction.masks", who=who))]
    roll = state.rng.randint(1, 6)
    said: dict[str, Arg] = {"who": who, "where": district_name(tile), "roll": roll}
    if roll <= 2 and state.scanner_auto[seat] and SCANNER in state.hands[seat]:
        discard_loot(state, seat, SCANNER)
        roll = state.rng.randint(1, 6)
        again: dict[str, Arg] = {
            "again": roll,
            "owner": the(state, seat, True),
            "reaction": REACTIONS[roll],
        }
        events = [Event(msg=m("bloc.reaction.roll.scanner", **said, **again))]
    else:
        events = [Event(msg=m("bloc.reaction.roll", **said, reaction=REACTIONS[roll]))]
    board = board_of(state.city)
    if roll == 1:
        if state.staging_cops:
            state.staging_cops -= 1
            state.add_cops(tile, 1)
            events.append(Event(msg=m("bloc.reaction.cop_arrives", where=district_name(tile))))
        else:
            events.append(Event(msg=m("bloc.reaction.no_cop_left")))
        return events
    if roll == 2:
        return events + draw_and_resolve(state)
    if roll == 6:
        kitchens = [
            t for t, o in state.occupations.items() if o.seat == seat and o.occ == PEOPLES_KITCHEN
        ]
        extra = sum(2 if state.city.at(board.pos[t]).liberated else 1 for t in kitchens)
        if extra:
            values = state.rng.roll(extra)
            state.dice += [Die(value=v) for v in values]
            shown = [str(v) for v in values]
            events.append(Event(msg=m("bloc.reaction.kitchen", who=who, n=extra, shown=shown)))
    return events


REACTIONS = {
    1: m("bloc.reaction.called"),
    2: m("bloc.reaction.ops"),
    3: m("bloc.reaction.none"),
    4: m("bloc.reaction.none"),
    5: m("bloc.reaction.none"),
    6: m("bloc.reaction.none"),
}
"""What each face of the reaction die means, as the roll's narration says it."""
