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
from engine.messages import raw
from engine.words import count, listing, verb

PEOPLES_KITCHEN = "peoples-kitchen"
SCANNER = "police-scanner"


def morale_draws(state: BlocState) -> int:
    return load_content().morale.steps[state.morale].draws


def change_morale(state: BlocState, delta: int) -> list[Event]:
    steps = load_content().morale.steps
    before = state.morale
    state.morale = min(max(state.morale + delta, 0), len(steps) - 1)
    label, was = steps[state.morale].label, steps[before].label
    if state.morale == before:
        if not delta:
            return [Event(msg=raw(f"Police morale stays {label}."))]
        end = "top" if delta > 0 else "bottom"
        return [Event(msg=raw(f"Police morale is at the {end} of its track: it stays {label}."))]
    word = "rises" if state.morale > before else "drops"
    if label == was:
        return [Event(msg=raw(f"Police morale {word} a step on its track but stays {label}."))]
    draws = count(steps[state.morale].draws, "ops card")
    return [Event(msg=raw(f"Police morale {word} to {label}: {draws} a turn from now on."))]


def police_step(state: BlocState) -> list[Event]:
    """Sunset step 3: draw as many cards as police morale says, resolving each in turn."""
    draws = morale_draws(state)
    who = the(state, state.current, True)
    events = [Event(msg=raw(f"{who} draw {count(draws, 'police ops card')}."))]
    state.last_police_ops = []
    for _ in range(draws):
        events += draw_and_resolve(state)
    return events


def draw_and_resolve(state: BlocState) -> list[Event]:
    card_id = draw_police(state)
    card = load_content().police_ops[card_id]
    state.last_police_ops.append(card_id)
    events = [Event(msg=raw(f"Police ops card: {card.name}."))]
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
        return [
            Event(
                msg=raw(
                    "Metro lockdown: no faction may use the metro until the end of "
                    f"{the(state, target)}' next turn."
                )
            )
        ], True
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
        text = f"{count(movers, 'riot cop')} from {district_name(src)} "
        text += f"{verb(movers, 'advance')} on {district_name(dst)}"
        if held:
            text += f"; the barricades hold back {held} and are dismantled"
        events.append(Event(msg=raw(text + ".")))
    if not moves:
        events.append(Event(msg=raw("No group of riot cops can advance.")))
    return events


def reinforce(state: BlocState, effect: Reinforcements) -> list[Event]:
    board = board_of(state.city)
    vans = [t for t, dmg in state.vans.items() if dmg == 0]
    placed: list[str] = []
    for tile in _by_priority(board, vans, effect.priority):
        n = min(effect.cops, state.staging_cops)
        if n:
            state.staging_cops -= n
            state.add_cops(tile, n)
            placed.append(f"{n} in {district_name(tile)}")
    if not placed:
        return [Event(msg=raw("Reinforcements: no riot cop is left in staging to send."))]
    return [Event(msg=raw(f"Reinforcements: riot cops join the vans, {listing(placed)}."))]


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
        return [Event(msg=raw("Tactical retreat: no riot cop stands alone, so none returns."))]
    cops = count(len(back), "lone riot cop")
    return [Event(msg=raw(f"Tactical retreat: {cops} {verb(len(back), 'return')} to staging."))]


def rotate(state: BlocState, keep: int) -> list[Event]:
    sent = 0
    for tile, n in list(state.cops.items()):
        if n > keep:
            state.cops[tile] = keep
            state.staging_cops += n - keep
            sent += n - keep
    if not sent:
        return [
            Event(msg=raw(f"Strategic rotation: no district holds more than {keep} riot cops."))
        ]
    cops = count(sent, "riot cop")
    return [Event(msg=raw(f"Strategic rotation: {cops} {verb(sent, 'return')} to staging."))]


def emergency(state: BlocState, max_vans: int) -> list[Event]:
    board = board_of(state.city)
    if len(state.vans) >= max_vans or state.staging_vans == 0:
        return [Event(msg=raw("Emergency reinforcements: no riot van is sent."))]
    spots = [t for t in state.cops if t not in state.vans]
    if not spots:
        return [Event(msg=raw("Emergency reinforcements: no district to send a riot van to."))]
    tile = _by_priority(board, spots, "highest")[0]
    state.staging_vans -= 1
    state.vans[tile] = 0
    return [
        Event(msg=raw(f"Emergency reinforcements: a riot van arrives in {district_name(tile)}."))
    ]


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
        return [Event(msg=raw("Maneuvers: no riot van can reposition."))]
    where = listing([district_name(t) for t in chosen])
    return [Event(msg=raw(f"Maneuvers: riot vans reposition to {where}."))]


def chief_fired(state: BlocState, card_id: str) -> list[Event]:
    reshuffle_police(state)
    state.police_discard = [card_id]
    return [Event(msg=raw("The Chief of Police is fired: the police ops deck is reshuffled."))]


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
        return [Event(msg=raw("Paramilitary operations find no unpoliced occupation to strike."))]
    return [Event(msg=raw(f"Paramilitary operations strike {listing(placed)}."))]


def reaction_roll(state: BlocState, tile: str) -> list[Event]:
    """Roll the reaction die for the current faction's risky action in `tile`: 1 calls a riot
    cop there, 2 draws a police ops card, 3 to 5 nothing, 6 brings People's Kitchen dice."""
    seat = state.current
    who = the(state, seat)
    if state.uses.skip_reaction:
        state.uses.skip_reaction = False
        return [Event(msg=raw(f"Masks: {who} skip the reaction roll this time."))]
    roll = state.rng.randint(1, 6)
    said = f"Reaction roll for {who} in {district_name(tile)}: {roll}"
    if roll <= 2 and state.scanner_auto[seat] and SCANNER in state.hands[seat]:
        discard_loot(state, seat, SCANNER)
        roll = state.rng.randint(1, 6)
        said += f". {who[0].upper()}{who[1:]}' Police Scanner rerolls it: {roll}"
    events = [Event(msg=raw(f"{said}, {REACTIONS[roll]}."))]
    board = board_of(state.city)
    if roll == 1:
        if state.staging_cops:
            state.staging_cops -= 1
            state.add_cops(tile, 1)
            events.append(
                Event(msg=raw(f"The cops are called: a riot cop arrives in {district_name(tile)}."))
            )
        else:
            events.append(
                Event(msg=raw("The cops are called, but no riot cop is left in staging."))
            )
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
            dice = count(extra, "extra action die")
            shown = listing([str(v) for v in values])
            events.append(Event(msg=raw(f"People's Kitchen: {who} get {dice}, showing {shown}.")))
    return events


REACTIONS = {
    1: "the cops are called",
    2: "the police draw an ops card",
    3: "the police do not react",
    4: "the police do not react",
    5: "the police do not react",
    6: "the police do not react",
}
"""What each face of the reaction die means, as the roll's narration says it."""
