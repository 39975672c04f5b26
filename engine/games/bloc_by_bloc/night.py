"""Sunset: a faction's turn from forming its Start bloc and rolling, through its actions, to the
police ops step, and the handing of the turn to the next faction.

Basic actions (move, barricade) take any die; advanced actions (loot, build, swap) need a die at
least the district's difficulty, may be stopped by the faction with the most blocs there, and
are followed by a reaction roll. Occupation abilities that turn an advanced action into a basic
one (Comrade Cafe, Strike Hall) skip the roll but can still be stopped.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.games.bloc_by_bloc import police
from engine.games.bloc_by_bloc.actions import (
    Barricade,
    Build,
    End,
    Form,
    Hack,
    Loot,
    Move,
    Swap,
)
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.decks import draw_loot
from engine.games.bloc_by_bloc.places import (
    difficulty,
    district_majority,
    district_name,
    faction_occupations,
    has_ability,
    occupation_name,
    own_type,
    require_district,
    the,
)
from engine.games.bloc_by_bloc.state import (
    BURNED,
    GRAFFITI,
    MAX_BARRICADES,
    TOTAL_BARRICADES,
    BlocState,
    Die,
    DiscardChoice,
    Occupation,
    StopChance,
    TurnUses,
)
from engine.messages import Msg, m
from engine.words import quoted

PUBLIC_OR_STATE = (DistrictType.PUBLIC, DistrictType.STATE)


def dice_for(blocs: int) -> int:
    """3 dice, 4 from 6 blocs in the city, 5 from 9."""
    return 5 if blocs >= 9 else 4 if blocs >= 6 else 3


# ----- turn flow ----------------------------------------------------------------------------


def start_turn(state: BlocState) -> list[Event]:
    seat = state.current
    state.phase = "turn"
    state.uses = TurnUses()
    name = the(state, seat, True)
    events = [Event(msg=m("bloc.turn.start", night=state.night, who=name))]
    for tile, ability in has_ability(state, seat, "form_bloc_at_turn_start"):
        n = min(ability.count, state.blocs_on_mat(seat))
        if n:
            state.add_blocs(seat, tile, n)
            where = district_name(tile)
            events.append(Event(msg=m("bloc.turn.start_bloc", n=n, who=name, where=where)))
    values = state.rng.roll(dice_for(state.blocs_in_city(seat)))
    state.dice = [Die(value=v) for v in values]
    events.append(Event(msg=m("bloc.turn.roll", who=name, dice=", ".join(map(str, values)))))
    return events


def default_turn() -> End:
    """What a faction's turn becomes when the table stops waiting for it: ending it. Unused
    dice are lost, but no bloc is moved into danger and no card is spent for the player; the
    police ops step that closes every turn happens either way."""
    return End()


def close_streak(state: BlocState) -> list[Event]:
    """The reaction roll owed for a finished run of attacks in one clash."""
    if not state.attack_streak:
        return []
    tile, state.attack_streak = state.attack_streak, ""
    return police.reaction_roll(state, tile)


def end_turn(state: BlocState) -> list[Event]:
    """The police ops step that closes a faction's turn. Handing the turn on, or the sunrise
    once every faction has played, is the caller's business."""
    events = close_streak(state)
    events += police.police_step(state)
    seat = state.current
    for card in state.lockdowns[seat]:
        state.police_discard.append(card)
    state.lockdowns[seat] = []
    state.dice = []
    state.turns_taken += 1
    return events


# ----- dice -------------------------------------------------------------------------------


def unused_dice(state: BlocState) -> list[Msg]:
    """The dice still to spend, as an error names them: "die 1 (5) and die 3 (2)"."""
    return [
        m("bloc.die.numbered", die=i, value=d.value)
        for i, d in enumerate(state.dice, 1)
        if not d.used
    ]


def check_die_exists(state: BlocState, die: int) -> None:
    """Refuse a die number outside the roll, naming the dice there are (0, a free action, is
    for each action to judge)."""
    if die == 0 or 1 <= die <= len(state.dice):
        return
    left = unused_dice(state)
    if left:
        raise IllegalAction(m("bloc.refuse.die.none", die=die, n=len(state.dice), unused=left))
    raise IllegalAction(m("bloc.refuse.die.none_left", die=die, n=len(state.dice)))


def spend_die(state: BlocState, die: int, need: int, bonus: int = 0) -> Die:
    """Check and mark the die; `need` 0 means any value will do."""
    if die == 0:
        raise IllegalAction(m("bloc.refuse.die.needed"))
    check_die_exists(state, die)
    chosen = state.dice[die - 1]
    if chosen.used:
        left = unused_dice(state)
        if left:
            raise IllegalAction(m("bloc.refuse.die.used", die=die, unused=left))
        raise IllegalAction(m("bloc.refuse.die.used_all", die=die))
    if chosen.value + bonus < need:
        shows = dict(need=need, die=die, value=chosen.value)
        if bonus:
            raise IllegalAction(m("bloc.refuse.die.low_bonus", bonus=bonus, **shows))
        raise IllegalAction(m("bloc.refuse.die.low", **shows))
    chosen.used = True
    return chosen


def free_moves_allowed(state: BlocState, seat: int) -> int:
    social = sum(a.count for _, a in has_ability(state, seat, "free_movement"))
    return social + state.uses.bonus_moves


def free_move_left(state: BlocState, seat: int) -> bool:
    return state.uses.free_moves < free_moves_allowed(state, seat)


# ----- basic actions ------------------------------------------------------------------------


def own_free_blocs(state: BlocState, seat: int, tile: str) -> int:
    """Blocs the seat may use for basic and advanced actions there (none while in a clash)."""
    return 0 if state.police_in(tile) else state.blocs_of(seat, tile)


def metro_closed(state: BlocState) -> bool:
    """Whether a Metro Lockdown card lies out. The card shuts the metro to every faction; the
    faction it lies before only times it (it is discarded when that faction's next turn ends)."""
    return any(state.lockdowns)


def move_targets(state: BlocState, seat: int, tile: str) -> list[str]:
    board = board_of(state.city)
    blocked = [d for d in board.districts if state.police_in(d)]
    return board.reachable(tile, blocked, metro=not metro_closed(state))


def check_move(state: BlocState, seat: int, a: Move) -> None:
    require_district(state, a.from_district)
    require_district(state, a.to_district)
    if state.police_in(a.from_district):
        raise IllegalAction(m("bloc.refuse.move.police"))
    have = state.blocs_of(seat, a.from_district)
    if a.blocs < 1:
        raise IllegalAction(m("bloc.refuse.move.none"))
    if a.blocs > have:
        where = district_name(a.from_district)
        raise IllegalAction(m("bloc.refuse.move.too_many", n=have, where=where, asked=a.blocs))
    if a.to_district not in move_targets(state, seat, a.from_district):
        raise IllegalAction(
            m(
                "bloc.refuse.move.unreachable",
                to=district_name(a.to_district),
                where=district_name(a.from_district),
            )
        )
    if a.die == 0 and not free_move_left(state, seat):
        raise IllegalAction(m("bloc.refuse.move.no_free"))


def do_move(state: BlocState, seat: int, a: Move) -> list[Event]:
    check_move(state, seat, a)
    if a.die == 0:
        state.uses.free_moves += 1
    else:
        spend_die(state, a.die, 0)
    state.add_blocs(seat, a.from_district, -a.blocs)
    state.add_blocs(seat, a.to_district, a.blocs)
    where, to = district_name(a.from_district), district_name(a.to_district)
    return [Event(msg=m("bloc.move", who=the(state, seat, True), n=a.blocs, where=where, to=to))]


def barricade_pile(state: BlocState) -> int:
    return TOTAL_BARRICADES - sum(state.barricades.values())


def barricade_room(state: BlocState, a: str, b: str) -> int:
    board = board_of(state.city)
    return sum(MAX_BARRICADES - state.barricades.get(c.key, 0) for c in board.between(a, b))


def place_barricades(state: BlocState, a: str, b: str, count: int) -> int:
    """Put up to `count` barricades on the connections between a and b, always on the one with
    the fewest (riot cops take the least barricaded way, so spreading them is what counts)."""
    board = board_of(state.city)
    placed = 0
    for _ in range(count):
        routes = [c for c in board.between(a, b) if state.barricades.get(c.key, 0) < MAX_BARRICADES]
        if not routes or barricade_pile(state) == 0:
            break
        route = min(routes, key=lambda c: state.barricades.get(c.key, 0))
        state.barricades[route.key] = state.barricades.get(route.key, 0) + 1
        placed += 1
    return placed


def garden_reach(state: BlocState, seat: int, tile: str) -> bool:
    """Whether a Guerrilla Garden lets this seat build 3 barricades around `tile` with one die."""
    board = board_of(state.city)
    for where, ability in has_ability(state, seat, "multi_barricade"):
        if where == tile:
            return True
        if "same_type" in ability.scope and board.info(where).type is board.info(tile).type:
            return True
    return False


def check_barricade(state: BlocState, seat: int, a: Barricade) -> None:
    board = require_district(state, a.district)
    targets = a.targets()
    if not a.toward or (a.toward_3 and not a.toward_2):
        raise IllegalAction(m("bloc.refuse.barricade.order"))
    for to in targets:
        require_district(state, to)
        if to not in board.neighbours[a.district]:
            raise IllegalAction(
                m("bloc.refuse.not_adjacent", to=district_name(to), where=district_name(a.district))
            )
    if own_free_blocs(state, seat, a.district) == 0:
        raise IllegalAction(m("bloc.refuse.need_free_bloc"))
    if len(targets) > 1 and not garden_reach(state, seat, a.district):
        raise IllegalAction(m("bloc.refuse.barricade.garden"))
    for to in set(targets):
        if barricade_room(state, a.district, to) < targets.count(to):
            raise IllegalAction(m("bloc.refuse.barricade.full", to=district_name(to)))
    if barricade_pile(state) < len(targets):
        raise IllegalAction(m("bloc.refuse.barricade.pile"))


def do_barricade(state: BlocState, seat: int, a: Barricade) -> list[Event]:
    check_barricade(state, seat, a)
    spend_die(state, a.die, 0)
    built: dict[str, int] = {}
    for to in a.targets():
        built[to] = built.get(to, 0) + place_barricades(state, a.district, to, 1)
    who, here = the(state, seat, True), district_name(a.district)
    if len(built) == 1 and sum(built.values()) == 1:
        toward = district_name(a.toward)
        board = board_of(state.city)
        standing = sum(state.barricades.get(c.key, 0) for c in board.between(a.district, a.toward))
        if standing < 2:
            return [Event(msg=m("bloc.barricade.one", who=who, where=here, to=toward))]
        return [Event(msg=m("bloc.barricade.one.now", who=who, where=here, to=toward, n=standing))]
    where = [m("bloc.barricade.toward", n=n, to=district_name(to)) for to, n in built.items()]
    total = sum(built.values())
    return [Event(msg=m("bloc.barricade.many", who=who, n=total, where=here, ways=where))]


# ----- advanced actions ---------------------------------------------------------------------


def loot_is_basic(state: BlocState, seat: int, step: str) -> bool:
    return any(step in a.loot_steps for _, a in has_ability(state, seat, "loot_as_basic"))


def build_is_basic(state: BlocState, seat: int, tile: str) -> bool:
    board = board_of(state.city)
    for where, ability in has_ability(state, seat, "build_as_basic"):
        if where == tile or ("adjacent" in ability.scope and tile in board.neighbours[where]):
            return True
        if "same_type" in ability.scope and board.info(where).type is board.info(tile).type:
            return True
    return False


def check_loot(state: BlocState, seat: int, a: Loot) -> bool:
    """Validate; return whether the loot is a basic action for this seat."""
    require_district(state, a.district)
    if a.step not in ("graffiti", "burn"):
        raise IllegalAction(m("bloc.refuse.loot.step"))
    if own_free_blocs(state, seat, a.district) == 0:
        raise IllegalAction(m("bloc.refuse.need_free_bloc"))
    marks = state.loot_marks.get(a.district, [])
    want = 0 if a.step == "graffiti" else GRAFFITI
    if want not in marks:
        key = (
            "bloc.refuse.loot.no_untouched"
            if a.step == "graffiti"
            else "bloc.refuse.loot.no_graffitied"
        )
        raise IllegalAction(m(key, where=district_name(a.district)))
    return loot_is_basic(state, seat, a.step)


def check_build(state: BlocState, seat: int, a: Build | Swap) -> bool:
    board = require_district(state, a.district)
    info = board.info(a.district)
    where = district_name(a.district)
    if not info.occupation_circle:
        raise IllegalAction(m("bloc.refuse.build.no_circle", where=where))
    if info.type not in PUBLIC_OR_STATE and info.type is not own_type(state, seat):
        kind = m(f"bloc.type.{info.type.name.lower()}")
        raise IllegalAction(m("bloc.refuse.build.not_yours", type=kind, where=where))
    if own_free_blocs(state, seat, a.district) == 0:
        raise IllegalAction(m("bloc.refuse.need_free_bloc"))
    current = state.occupations.get(a.district)
    if isinstance(a, Build) and current is not None:
        raise IllegalAction(m("bloc.refuse.build.occupied", where=where))
    if isinstance(a, Swap) and current is None:
        raise IllegalAction(m("bloc.refuse.build.nothing_to_swap", where=where))
    if a.occupation not in state.mat_occupations(seat, faction_occupations(state, seat)):
        raise IllegalAction(m("bloc.refuse.build.not_on_mat", occupation=quoted(a.occupation)))
    return build_is_basic(state, seat, a.district)


def advanced_need(state: BlocState, tile: str, basic: bool) -> int:
    return 0 if basic else difficulty(state, tile)


def attempt_advanced(state: BlocState, seat: int, a: Loot | Build | Swap) -> list[Event]:
    """Spend the die, then either ask the majority faction whether to stop it or carry it out."""
    basic = check_loot(state, seat, a) if isinstance(a, Loot) else check_build(state, seat, a)
    bonus = 0 if basic else state.uses.advanced_bonus
    spend_die(state, a.die, advanced_need(state, a.district, basic), bonus)
    if not basic:
        state.uses.advanced_bonus = 0
    boss = district_majority(state, a.district)
    asks = boss is not None and boss != seat and not state.stop_never[boss]
    if asks and boss is not None and state.holders[boss] != state.holders[seat]:
        state.pending.append(StopChance(seat=boss, actor=seat, district=a.district, action=a))
        args = dict(who=the(state, seat, True), where=district_name(a.district))
        return [Event(msg=m(f"bloc.try.{a.kind}", boss=the(state, boss), **args))]
    return carry_out(state, seat, a)


def carry_out(state: BlocState, seat: int, a: Loot | Build | Swap) -> list[Event]:
    if isinstance(a, Loot):
        return _loot(state, seat, a)
    return _occupy(state, seat, a)


def _loot(state: BlocState, seat: int, a: Loot) -> list[Event]:
    basic = loot_is_basic(state, seat, a.step)
    marks = state.loot_marks[a.district]
    i = marks.index(0 if a.step == "graffiti" else GRAFFITI)
    marks[i] = GRAFFITI if a.step == "graffiti" else BURNED
    who, where = the(state, seat, True), district_name(a.district)
    events = [Event(msg=m(f"bloc.loot.{a.step}", who=who, where=where))]
    scavenger = has_ability(state, seat, "loot_draw_choose")
    draw, keep = (scavenger[0][1].draw, scavenger[0][1].keep) if scavenger else (1, 1)
    drawn, more = draw_loot(state, seat, draw, "looting")
    events += more
    if not basic:
        events += police.reaction_roll(state, a.district)
    if len(drawn) > keep:
        state.pending.append(DiscardChoice(seat=seat, cards=drawn, count=len(drawn) - keep))
    return events


def _occupy(state: BlocState, seat: int, a: Build | Swap) -> list[Event]:
    """Place the occupation; the reaction roll follows unless the action was a basic one.

    Whether it was basic is decided on the city as it stood when the action was taken: building
    a Strike Hall is still an advanced action (roll), and swapping one out through its own
    ability was a basic action (no roll), though the occupation changes in between.
    """
    basic = build_is_basic(state, seat, a.district)
    name = the(state, seat, True)
    old = state.occupations.get(a.district)
    state.occupations[a.district] = Occupation(seat=seat, occ=a.occupation)
    where = district_name(a.district)
    new = occupation_name(a.occupation)
    if old is None:
        text = m("bloc.build", who=name, occupation=new, where=where)
    elif old.seat == seat:
        text = m(
            "bloc.swap.own", who=name, old=occupation_name(old.occ), occupation=new, where=where
        )
    else:
        gone = occupation_name(old.occ)
        owner = the(state, old.seat)
        text = m("bloc.swap", who=name, owner=owner, old=gone, occupation=new, where=where)
    events = [Event(msg=text)]
    if not basic:
        events += police.reaction_roll(state, a.district)
    return events


# ----- occupation abilities that cost a die -------------------------------------------------


def assembly_uses(state: BlocState, seat: int, tile: str) -> int:
    return sum(
        a.uses_per_turn for t, a in has_ability(state, seat, "form_bloc_for_die") if t == tile
    )


def do_form(state: BlocState, seat: int, a: Form) -> list[Event]:
    require_district(state, a.district)
    if assembly_uses(state, seat, a.district) == 0:
        raise IllegalAction(m("bloc.refuse.form.no_hall"))
    if state.uses.assembly >= assembly_uses(state, seat, a.district):
        raise IllegalAction(m("bloc.refuse.form.used"))
    if state.blocs_on_mat(seat) == 0:
        raise IllegalAction(m("bloc.refuse.form.no_blocs"))
    spend_die(state, a.die, 0)
    state.uses.assembly += 1
    state.add_blocs(seat, a.district, 1)
    return [Event(msg=m("bloc.form", who=the(state, seat, True)))]


def hacker_uses(state: BlocState, seat: int) -> int:
    return sum(a.uses_per_turn for _, a in has_ability(state, seat, "die_for_loot_choice"))


def do_hack(state: BlocState, seat: int, a: Hack) -> list[Event]:
    if hacker_uses(state, seat) == 0:
        raise IllegalAction(m("bloc.refuse.hack.none"))
    if state.uses.hacker >= hacker_uses(state, seat):
        raise IllegalAction(m("bloc.refuse.hack.used"))
    spend_die(state, a.die, 0)
    state.uses.hacker += 1
    ability = has_ability(state, seat, "die_for_loot_choice")[0][1]
    drawn, events = draw_loot(state, seat, ability.draw, "hacker")
    if len(drawn) > ability.keep:
        state.pending.append(DiscardChoice(seat=seat, cards=drawn, count=len(drawn) - ability.keep))
    return events


def propaganda_uses(state: BlocState, seat: int) -> int:
    return sum(a.count for _, a in has_ability(state, seat, "free_loot"))


def do_draw(state: BlocState, seat: int) -> list[Event]:
    if propaganda_uses(state, seat) == 0:
        raise IllegalAction(m("bloc.refuse.workshop.none"))
    if state.uses.propaganda >= propaganda_uses(state, seat):
        raise IllegalAction(m("bloc.refuse.workshop.used"))
    state.uses.propaganda += 1
    return draw_loot(state, seat, 1, "workshop")[1]
