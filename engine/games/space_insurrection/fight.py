"""The action phase's actions: what a seat may do in its turn at a world, one unit taking one
action (or the loyal world its own), and what doing it does. Whose turn it is: `turns.py`.

The buttons offered depend only on what the table can see (units, loyalty), never on the
reserves, so nobody learns a hand from them. Deploying a chit and playing a special chit are
typed, never offered as public buttons."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core import ActionBase, Event, IllegalAction
from engine.games.space_insurrection.actions import Act, Deploy, Pass, Play
from engine.games.space_insurrection.content.models import UnitAction, content
from engine.games.space_insurrection.names import (
    actor,
    band,
    named,
    rolls,
    seat_colour,
    unit_name,
    unit_where,
    world_name,
    world_names,
)
from engine.games.space_insurrection.state import (
    SpaceState,
    Unit,
    World,
    chit_name,
    is_special,
    special_name,
    special_of,
    type_name,
    type_of,
)
from engine.kit.cards import discard
from engine.messages import Msg, m
from engine.words import quoted

Effect = Callable[[SpaceState, str], Msg]
"""What a successful action does to its target; says what happened."""

HEAL = "heal"
REPAIR = "repair"


# ----- whose turn ------------------------------------------------------------------------------
def may_act(state: SpaceState, unit: Unit) -> bool:
    """A unit with an action left this turn: not blockading, not an Agent that observed, and
    with something its state allows (a wounded personality heals, a disrupted unit repairs)."""
    kind = type_of(unit.id)
    if unit.blockading or unit.observed or unit.actions >= 1 + unit.extra:
        return False
    if unit.wounded or unit.disrupted:
        return True
    return bool(kind.actions)


def world_may_act(world: World, seat: int) -> bool:
    return world.loyal == seat and not world.acted


# ----- what may be done ------------------------------------------------------------------------
def public_actions(state: SpaceState, seat: int) -> list[ActionBase]:
    """Actions the table may see offered: every unit and world action but deployments and
    special chits, and passing."""
    if state.acting != seat:
        return []
    return [Pass(), *_acts(state, seat)]


def legal(state: SpaceState, seat: int) -> list[ActionBase]:
    if state.acting != seat:
        return []
    return [*public_actions(state, seat), *_deploys(state, seat), *_plays(state, seat)]


def might_act(state: SpaceState, seat: int) -> bool:
    """Whether the seat might do more than pass at the world being resolved, judged from what
    the table sees: its units and loyal world there, and only the size of its reserve. A
    deployment counts if any chit at all could be deployed there, and a special chit if the
    game has them, whatever the reserve holds; so passing a seat by itself never tells its
    hand (DESIGN.md, Actions)."""
    if next(_acts(state, seat), None) is not None:
        return True
    if not state.reserves[seat]:
        return False
    if state.specials:
        return True
    return any(
        _deploy_refusal(state, seat, by, chit) is None
        for by in _deployers(state, seat)
        for chit in _any_chit()
    )


def _any_chit() -> list[str]:
    """One chit of each unit type, standing for whatever a reserve might hold."""
    return [f"{kind.id}-1" for kind in content().types]


def _here(state: SpaceState) -> World:
    return state.worlds[state.at]


def _acts(state: SpaceState, seat: int) -> Iterator[Act]:
    world = _here(state)
    for unit in _own_here(state, seat):
        kind = type_of(unit.id)
        if kind.personality and unit.wounded:
            yield Act(unit=unit.id, action=HEAL)
            continue
        if not kind.personality and unit.disrupted:
            yield Act(unit=unit.id, action=REPAIR)
            continue
        seen: set[tuple[str, str]] = set()
        for option in kind.actions:
            for target in _targets(state, seat, option, unit):
                if (option.act, target) not in seen:
                    seen.add((option.act, target))
                    yield Act(unit=unit.id, action=option.act, target=target)
    if world_may_act(world, seat) and world.disrupted:
        yield Act(unit=world.id, action=REPAIR)


def _own_here(state: SpaceState, seat: int) -> list[Unit]:
    units = [u for u in state.units_at(_here(state).id) if u.owner == seat and may_act(state, u)]
    return sorted(units, key=lambda u: u.id)


def _targets(state: SpaceState, seat: int, option: UnitAction, unit: Unit) -> list[str]:
    world = _here(state)
    act = option.act
    if act == "deploy":
        return []
    if act == "control":
        return [world.id] if can_control(state, world, seat) else []
    if act == "incite":
        return [world.id] if not world.uprising and world.loyal != seat else []
    if act == "subdue":
        return [world.id] if world.uprising else []
    found = []
    for target in state.units_at(world.id):
        if target.owner == seat or not matches(target.id, option.targets):
            continue
        if act == "bombard" and _shielded(state, world.id):
            continue
        found.append(target.id)
    industry = act == "bombard" and "industry" in option.targets
    if industry and world.loyal != seat and not world.disrupted and not _shielded(state, world.id):
        found.append(world.id)
    return sorted(found)


def matches(chit: str, selectors: tuple[str, ...]) -> bool:
    kind = type_of(chit)
    return (
        kind.id in selectors
        or kind.kind in selectors
        or ("base" in selectors and kind.id == "base")
    )


def can_control(state: SpaceState, world: World, seat: int) -> bool:
    """Not in uprising, not already this seat's, and rid of enemy Troops and Installations."""
    if world.uprising or world.loyal == seat:
        return False
    return not any(
        u.owner != seat and (type_of(u.id).id == "troops" or type_of(u.id).kind == "mi")
        for u in state.units_at(world.id)
    )


def _shielded(state: SpaceState, world_id: str) -> bool:
    """A Force Field on the world, unless disrupted: its immunity is its entry in the action
    column (L40), and a disrupted installation takes no action but repair (L106)."""
    return any(
        type_of(u.id).id == "force_field" and not u.disrupted for u in state.units_at(world_id)
    )


def deployable(state: SpaceState, seat: int, by: str, chit: str) -> Msg | None:
    """Why `by` may not deploy `chit` here (None: it may)."""
    if chit not in state.reserves[seat] or is_special(chit):
        return m("space.refuse.not_unit_in_reserve", chit=_chit(chit))
    return _deploy_refusal(state, seat, by, chit)


def _deploy_refusal(state: SpaceState, seat: int, by: str, chit: str) -> Msg | None:
    """Why `by` could not deploy a unit chit like `chit` here, were it in the reserve."""
    world = _here(state)
    if world.disrupted:
        return m("space.refuse.deploy_disrupted", world=world_name(world.id))
    if by == world.id:
        if not world_may_act(world, seat) or world.disrupted:
            return m("space.refuse.world_not_yours", world=world_name(world.id))
        options = content().world.actions
    else:
        unit = state.units.get(by)
        if unit is None or unit.owner != seat or unit.world != world.id:
            return m(
                "space.refuse.not_your_unit", unit=named(state, by), world=world_name(world.id)
            )
        if not may_act(state, unit) or unit.wounded or unit.disrupted:
            return m("space.refuse.cannot_act_now", chit=chit_name(by))
        if type_of(by).id == "governor" and world.loyal != seat:
            return m("space.refuse.governor_deploys")
        options = type_of(by).actions
    targets = tuple(t for o in options if o.act == "deploy" for t in o.targets)
    if not targets:
        return m("space.refuse.cannot_deploy", actor=actor(by))
    if not matches(chit, targets):
        return m("space.refuse.cannot_deploy_chit", actor=actor(by), chit=chit_name(chit))
    kind = type_of(chit)
    if kind.id == "rebels" and world.loyal == seat:
        return m("space.refuse.rebels_on_loyal")
    if kind.kind == "mi" and any(type_of(u.id).id == kind.id for u in state.units_at(world.id)):
        return m("space.refuse.already_has", world=world_name(world.id), type=type_name(kind.id))
    return None


def _deployers(state: SpaceState, seat: int) -> list[str]:
    """The seat's units here with an action left, and its loyal world here if it has its own."""
    world = _here(state)
    deployers = [u.id for u in _own_here(state, seat)]
    if world_may_act(world, seat):
        deployers.append(world.id)
    return deployers


def _deploys(state: SpaceState, seat: int) -> Iterator[Deploy]:
    for by in _deployers(state, seat):
        for chit in sorted(set(state.reserves[seat])):
            if deployable(state, seat, by, chit) is None:
                yield Deploy(unit=by, chit=chit)


def _deploy_x(by: str, chit: str) -> int:
    options = content().world.actions if by in world_names() else type_of(by).actions
    return min(o.x for o in options if o.act == "deploy" and matches(chit, o.targets))


# ----- special chits ---------------------------------------------------------------------------
def _plays(state: SpaceState, seat: int) -> Iterator[Play]:
    for chit in sorted(c for c in set(state.reserves[seat]) if is_special(c)):
        for target, unit in special_targets(state, seat, chit):
            yield Play(chit=chit, target=target, unit=unit)


def special_targets(state: SpaceState, seat: int, chit: str) -> list[tuple[str, str]]:
    play = special_of(chit).play
    world = _here(state)
    here = state.units_at(world.id)
    mine = sorted(u.id for u in state.units.values() if u.owner == seat)
    if play == "betrayal":
        return [(u.id, "") for u in here if u.owner != seat and type_of(u.id).personality]
    if play in ("assassinate", "sabotage"):  # "any target": on any world (DESIGN.md)
        aimed = _personality if play == "assassinate" else _military
        return sorted((u.id, "") for u in state.units.values() if u.owner != seat and aimed(u.id))
    if play == "extra_personality":
        return [(u, "") for u in mine if type_of(u).personality]
    if play == "extra_military":
        return [(u, "") for u in mine if type_of(u).kind == "m"]
    if play == "recover":
        return [(u, "") for u in mine if state.units[u].wounded or state.units[u].disrupted]
    if play in ("deploy_rebels", "deploy_personality"):
        wanted = (
            (lambda c: type_of(c).id == "rebels")
            if play == "deploy_rebels"
            else (lambda c: type_of(c).personality)
        )
        chits = sorted(c for c in set(state.reserves[seat]) if not is_special(c) and wanted(c))
        return [
            (w.id, c)
            for w in state.worlds
            for c in chits
            if not (play == "deploy_rebels" and w.loyal == seat)
        ]
    if play == "incite":
        return [(w.id, "") for w in state.worlds if not w.uprising and w.loyal != seat]
    if play == "subdue":
        return [(w.id, "") for w in state.worlds if w.uprising]
    assert play == "diplomacy"
    return [(w.id, "") for w in state.worlds if w.loyal is None and not w.uprising]


def _personality(chit: str) -> bool:
    return type_of(chit).personality


def _military(chit: str) -> bool:
    return type_of(chit).kind in ("m", "mi")


# ----- doing it --------------------------------------------------------------------------------
def play(state: SpaceState, seat: int, action: ActionBase) -> list[Event]:
    if state.phase != "action" or state.acting != seat:
        raise IllegalAction(m("space.refuse.not_your_turn"))
    if isinstance(action, Pass):
        state.done.append(seat)
        events = [
            Event(
                msg=m(
                    "space.passed", seat=seat_colour(state, seat), world=world_name(_here(state).id)
                )
            )
        ]
    elif isinstance(action, Act):
        events = _act(state, seat, action)
    elif isinstance(action, Deploy):
        events = _deploy(state, seat, action)
    else:
        assert isinstance(action, Play)
        events = _special(state, seat, action)
    if not isinstance(action, Pass):
        state.busy = True
    return events


def _act(state: SpaceState, seat: int, action: Act) -> list[Event]:
    if action not in list(_acts(state, seat)):
        raise IllegalAction(_why_not(state, seat, action))
    numbers = content().numbers
    world = _here(state)
    if action.unit == world.id:
        world.acted = True
        x = next(o.x for o in content().world.actions if o.act == REPAIR)
        what = m("space.act.world_repairs", world=world_name(world.id))
        return [_attempt(state, what, x, world.id, _repair_world)]
    unit = state.units[action.unit]
    unit.actions += 1
    who = unit_name(state, unit.id)
    if action.action == HEAL:
        what = m("space.act.heals", unit=who)
        return [_attempt(state, what, numbers.heal, "", lambda s, t: _mend(unit))]
    if action.action == REPAIR:
        what = m("space.act.repairs", unit=who)
        return [_attempt(state, what, numbers.repair, "", lambda s, t: _mend(unit))]
    option = next(
        o
        for o in type_of(unit.id).actions
        if o.act == action.action and action.target in _targets(state, seat, o, unit)
    )
    x = option.x
    act = action.action
    target = action.target
    if target in state.spied:
        x += numbers.spy_bonus
    here = world_name(world.id)
    effect: Effect
    if act in ("kill", "attack", "sabotage") or (act == "bombard" and target != world.id):
        what = m(f"space.act.{act}", unit=who, target=unit_name(state, target))
        effect = lambda s, t: _strike(s, act, t)  # noqa: E731
    elif act == "bombard":
        what, effect = m("space.act.bombard_industry", unit=who, world=here), _disrupt_world
    elif act == "spy":
        what, effect = m("space.act.spy", unit=who, target=unit_name(state, target)), _spy
    elif act == "incite":
        what, effect = m("space.act.incite", unit=who, world=here), _uprise
    else:
        assert act in ("control", "subdue")
        what = m(f"space.act.{act}", unit=who, world=here)
        effect = lambda s, t: _loyal(s, t, seat)  # noqa: E731
    if target in state.spied:
        what = m("space.act.spied_on", what=what, bonus=numbers.spy_bonus)
    return [_attempt(state, what, x, target, effect)]


def _attempt(state: SpaceState, what: Msg, x: int, target: str, effect: Effect) -> Event:
    """Roll for success (x or less on a die); on success apply the effect, which may roll
    again and says what happened."""
    roll = state.rng.roll(1)[0]
    if roll > x:
        return Event(msg=m("space.attempt.fails", what=what, roll=rolls(roll, x)))
    done = effect(state, target)
    return Event(msg=m("space.attempt.succeeds", what=what, roll=rolls(roll, x), effect=done))


def _mend(unit: Unit) -> Msg:
    mended = "healed" if unit.wounded else "repaired"
    unit.wounded = unit.disrupted = False
    return m(f"space.effect.{mended}", chit=chit_name(unit.id))


def _repair_world(state: SpaceState, world_id: str) -> Msg:
    state.world(world_id).disrupted = False
    return m("space.effect.world_repaired")


def _disrupt_world(state: SpaceState, world_id: str) -> Msg:
    state.world(world_id).disrupted = True
    return m("space.effect.world_disrupted")


def _spy(state: SpaceState, target: str) -> Msg:
    """Any number of Agents may spy on one target; the bonus counts once (L145-147)."""
    if target in state.spied:
        return m("space.effect.spied_again")
    state.spied.append(target)
    return m("space.effect.spied")


def _uprise(state: SpaceState, world_id: str) -> Msg:
    world = state.world(world_id)
    world.uprising = True
    world.loyal = None
    return m("space.effect.uprising")


def _loyal(state: SpaceState, world_id: str, seat: int) -> Msg:
    """The world turns loyal; the seat's Rebels there go back to its reserve."""
    world = state.world(world_id)
    world.uprising = False
    world.loyal = seat
    back = [
        u.id for u in state.units_at(world_id) if u.owner == seat and type_of(u.id).id == "rebels"
    ]
    for unit_id in back:
        del state.units[unit_id]
        state.reserves[seat].append(unit_id)
    key = "space.effect.loyal_rebels_back" if back else "space.effect.loyal"
    return m(key, world=world_name(world_id), seat=seat_colour(state, seat))


def _strike(state: SpaceState, act: str, target: str) -> Msg:
    """Roll on the action's result table, saying which faces give the result rolled ("kill
    table rolls 3 (1-3 killed)"); a second wound or disruption eliminates."""
    roll = state.rng.roll(1)[0]
    table = content().effects[act]
    row = next(r for r in table if roll <= r.upto)
    low = 1 + max((r.upto for r in table if r.upto < row.upto), default=0)
    return m(
        "space.effect.table",
        table=m(f"space.table.{act}"),
        roll=roll,
        faces=band(low, row.upto),
        result=m(f"space.result.{row.result}"),
        damage=damage(state, target, row.result),
    )


def damage(state: SpaceState, target: str, result: str) -> Msg:
    unit = state.units[target]
    name = chit_name(target)
    if result in ("wounded", "disrupted"):
        already = unit.wounded if result == "wounded" else unit.disrupted
        if not already:
            setattr(unit, result, True)
            return m(f"space.effect.is_{result}", chit=name)
        return _remove(state, target, m(f"space.effect.eliminated_{result}", chit=name))
    return _remove(state, target, m(f"space.effect.is_{result}", chit=name))


def _remove(state: SpaceState, target: str, said: Msg) -> Msg:
    """Take an eliminated unit off the board to the pile; `said` tells it."""
    del state.units[target]
    state.pile.append(target)
    return said


def _deploy(state: SpaceState, seat: int, action: Deploy) -> list[Event]:
    why = deployable(state, seat, action.unit, action.chit)
    if why is not None:
        raise IllegalAction(why)
    world = _here(state)
    if action.unit == world.id:
        world.acted = True
    else:
        state.units[action.unit].actions += 1
    x = _deploy_x(action.unit, action.chit)
    roll = state.rng.roll(1)[0]
    who = named(state, action.unit)
    if roll > x:  # the chit stays hidden in the reserve
        return [Event(msg=m("space.deploy.fails", who=who, roll=rolls(roll, x)))]
    place(state, seat, action.chit, world.id)
    arrives = unit_name(state, action.chit)
    return [Event(msg=m("space.deploy.succeeds", who=who, roll=rolls(roll, x), unit=arrives))]


def place(state: SpaceState, seat: int, chit: str, world_id: str) -> None:
    state.reserves[seat].remove(chit)
    state.units[chit] = Unit(id=chit, owner=seat, world=world_id)


def _chit(chit: str) -> Msg | str:
    try:
        return chit_name(chit)
    except (KeyError, ValueError, IndexError):
        return quoted(chit)


def _special(state: SpaceState, seat: int, action: Play) -> list[Event]:
    if action.chit not in state.reserves[seat] or not is_special(action.chit):
        raise IllegalAction(m("space.refuse.not_special_in_reserve", chit=_chit(action.chit)))
    if (action.target, action.unit) not in special_targets(state, seat, action.chit):
        raise IllegalAction(
            m(
                "space.refuse.cannot_play",
                special=special_name(action.chit),
                target=named(state, action.target),
            )
        )
    special = special_of(action.chit)
    discard(state.reserves[seat], action.chit, state.pile)
    target = action.target
    said: Msg
    if special.play == "betrayal":
        said = m("space.play.changes_sides", unit=unit_name(state, target))
        unit = state.units[target]
        unit.owner = seat
    elif special.play in ("sabotage", "assassinate"):
        table = "sabotage" if special.play == "sabotage" else "kill"
        aimed = unit_where(state, target)
        said = m("space.play.sure", unit=aimed, strike=_strike(state, table, target))
    elif special.play in ("extra_personality", "extra_military"):
        state.units[target].extra += 1
        said = m("space.play.extra_action", chit=chit_name(target))
    elif special.play == "recover":
        mended = "healed" if state.units[target].wounded else "repaired"
        said = m(f"space.play.{mended}", chit=chit_name(target))
        _mend(state.units[target])
    elif special.play in ("deploy_rebels", "deploy_personality"):
        place(state, seat, action.unit, target)
        said = m("space.play.arrives", chit=chit_name(action.unit), world=world_name(target))
    elif special.play == "incite":
        said = m("space.play.on_world", world=world_name(target), said=_uprise(state, target))
    else:
        said = _loyal(state, target, seat)
    name = special_name(action.chit)
    return [
        Event(msg=m("space.play.played", seat=seat_colour(state, seat), special=name, said=said))
    ]


def _why_not(state: SpaceState, seat: int, action: Act) -> Msg:
    world = _here(state)
    if action.unit == world.id:
        return m("space.refuse.world_repair_only", world=world_name(world.id))
    unit = state.units.get(action.unit)
    if unit is None or unit.owner != seat or unit.world != world.id:
        return m(
            "space.refuse.not_your_unit", unit=named(state, action.unit), world=world_name(world.id)
        )
    name = chit_name(unit.id)
    if not may_act(state, unit):
        return m("space.refuse.no_action_left", chit=name)
    if unit.wounded:
        return m("space.refuse.wounded", chit=name)
    if unit.disrupted:
        return m("space.refuse.disrupted", chit=name)
    acts = {o.act for o in type_of(unit.id).actions}
    if action.action not in acts:
        can = [m(f"space.act_name.{a}") for a in sorted(acts)]
        return m("space.refuse.cannot_do", chit=name, typed=quoted(action.action), can=can)
    if action.action == "control":
        return m("space.refuse.cannot_take", world=world_name(world.id))
    return m(
        "space.refuse.cannot_target",
        chit=name,
        act=m(f"space.act_name.{action.action}"),
        target=named(state, action.target),
    )
