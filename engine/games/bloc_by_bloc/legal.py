"""Every complete action a seat may take now, for autocomplete and for random playouts.

Dice showing the same value are interchangeable, so only the first unused die of each value is
offered; the enumeration stays in the low thousands even on a crowded night.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from engine.core import ActionBase
from engine.games.bloc_by_bloc import attacks, decisions, night
from engine.games.bloc_by_bloc.actions import (
    Attack,
    Barricade,
    Build,
    Draw,
    End,
    Form,
    Gift,
    Hack,
    Loot,
    Move,
    Start,
    Swap,
    Trade,
)
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.cards import playable_cards
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.places import difficulty, faction_occupations, own_type
from engine.games.bloc_by_bloc.state import GRAFFITI, BlocState
from engine.games.bloc_by_bloc.sunrise_cards import end_options


def start_choices(state: BlocState, seat: int) -> list[str]:
    board = board_of(state.city)
    return [t for t in board.of_type(own_type(state, seat)) if t not in state.occupations]


def default_start(state: BlocState, seat: int) -> Start:
    """The starting district taken for a faction that does not choose: the first of its own
    districts without police, else the first. Police there would hit the start bloc at the
    first sunrise, so an unpoliced district is the least harmful place to begin."""
    choices = start_choices(state, seat)
    return Start(district=min(choices, key=lambda t: (state.police_in(t), choices.index(t))))


def dice_at_least(state: BlocState, need: int, bonus: int = 0) -> list[int]:
    """One die number per distinct value, among unused dice good enough for `need`."""
    seen: set[int] = set()
    out = []
    for i, d in enumerate(state.dice):
        if not d.used and d.value + bonus >= need and d.value not in seen:
            seen.add(d.value)
            out.append(i + 1)
    return out


def turn_actions(state: BlocState, seat: int) -> Iterator[ActionBase]:
    board = board_of(state.city)
    any_die = dice_at_least(state, 0)
    mine = sorted(state.blocs[seat], key=board.police_id)
    for tile in mine:
        have = state.blocs_of(seat, tile)
        if state.police_in(tile):
            left = attacks.attacks_left(state, seat, tile)
            if not left:
                continue
            targets = (["cop"] if state.cops.get(tile) else []) + (
                ["van"] if tile in state.vans else []
            )
            targets += attacks.kick_targets(state, tile)
            for die in dice_at_least(state, difficulty(state, tile), state.uses.attack_bonus):
                for target in targets:
                    yield Attack(die=die, district=tile, target=target)
            continue
        move_dice = any_die + ([0] if night.free_move_left(state, seat) else [])
        for to in night.move_targets(state, seat, tile) if move_dice else []:
            for die in move_dice:
                for n in range(1, have + 1):
                    yield Move(die=die, from_district=tile, to_district=to, blocs=n)
        yield from _barricades(state, seat, tile, any_die)
        yield from _advanced(state, seat, tile)
    for tile, _ in night.has_ability(state, seat, "form_bloc_for_die"):
        if state.uses.assembly < night.assembly_uses(state, seat, tile) and state.blocs_on_mat(
            seat
        ):
            yield from (Form(die=d, district=tile) for d in any_die)
    if state.uses.hacker < night.hacker_uses(state, seat):
        yield from (Hack(die=d) for d in any_die)
    if state.uses.propaganda < night.propaganda_uses(state, seat):
        yield Draw()
    yield from playable_cards(state, seat, "own_turn")
    yield from _exchanges(state, seat)
    yield from end_options(state, seat)
    yield End()


def _barricades(state: BlocState, seat: int, tile: str, dice: list[int]) -> Iterator[ActionBase]:
    """One barricade toward any neighbour; with a Guerrilla Garden, also every sequence of 2 or
    3 neighbours that the connections' room (3 barricades each) and the pile allow."""
    if not dice:
        return
    board = board_of(state.city)
    pile = night.barricade_pile(state)
    room = {to: night.barricade_room(state, tile, to) for to in board.neighbours[tile]}
    most = 3 if night.garden_reach(state, seat, tile) else 1
    for size in range(1, min(most, pile) + 1):
        for spread in product([t for t in room if room[t]], repeat=size):
            if all(spread.count(t) <= room[t] for t in set(spread)):
                named = [*spread, "", ""]
                for d in dice:
                    yield Barricade(
                        die=d, district=tile, toward=named[0], toward_2=named[1], toward_3=named[2]
                    )


def _advanced(state: BlocState, seat: int, tile: str) -> Iterator[ActionBase]:
    board = board_of(state.city)
    info = board.info(tile)
    marks = state.loot_marks.get(tile, [])
    for step, mark in (("graffiti", 0), ("burn", GRAFFITI)):
        if mark in marks:
            basic = night.loot_is_basic(state, seat, step)
            for die in _advanced_dice(state, tile, basic):
                yield Loot(die=die, district=tile, step=step)
    allowed = info.type in (DistrictType.PUBLIC, DistrictType.STATE) or info.type is own_type(
        state, seat
    )
    if not info.occupation_circle or not allowed:
        return
    mat = state.mat_occupations(seat, faction_occupations(state, seat))
    kind = Swap if tile in state.occupations else Build
    for die in _advanced_dice(state, tile, night.build_is_basic(state, seat, tile)):
        for occ in mat:
            yield kind(die=die, district=tile, occupation=occ)


def _advanced_dice(state: BlocState, tile: str, basic: bool) -> list[int]:
    if basic:
        return dice_at_least(state, 0)
    return dice_at_least(state, difficulty(state, tile), state.uses.advanced_bonus)


def exchange_partners(state: BlocState, seat: int) -> list[int]:
    """Factions with blocs in a district where this seat has blocs."""
    return [
        s
        for s in range(state.seats)
        if s != seat and any(state.blocs_of(s, t) for t in state.blocs[seat])
    ]


def _exchanges(state: BlocState, seat: int) -> Iterator[ActionBase]:
    for other in exchange_partners(state, seat):
        for cid in sorted(set(state.hands[seat])):
            yield Gift(faction=state.factions[other], card=cid)
            for want in ("", *load_content().loot):
                yield Trade(faction=state.factions[other], card=cid, want=want)


def all_actions(state: BlocState, seat: int) -> list[ActionBase]:
    if state.phase == "over":
        return []
    if state.pending:
        return decisions.answers(state, seat)
    if state.phase == "setup":
        if any(o.seat == seat for o in state.occupations.values()):
            return []
        return [Start(district=t) for t in start_choices(state, seat)]
    if state.phase == "turn" and seat == state.current:
        return list(turn_actions(state, seat))
    return []
