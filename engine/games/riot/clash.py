"""Clashes: an attack declared, the distance Blitz window (the defender first, both sides in
turn until both pass), the attacker pressing on or stopping, the hand-to-hand window, then
force against force; losses and wounds, buildings taken or held, and whether Public Opinion
hears of it. No dice: only forces and cards."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import IllegalAction
from engine.games.riot import board as b
from engine.games.riot import names
from engine.games.riot.actions import Attack, Play
from engine.games.riot.content.models import content
from engine.games.riot.state import (
    HOSPITAL,
    HQ,
    POLICE,
    SUPPLY,
    Clash,
    Obstruction,
    RiotState,
    Unit,
)
from engine.games.riot.turn import blockers, in_play, own
from engine.kit import cards as deck
from engine.kit.turns import Window
from engine.messages import Msg, m

MAX_ATTACKS = 2
"""How often one player may attack the same group in one turn."""


def force(unit: Unit, clash: Clash | None = None) -> int:
    kind = content().unit(unit.type)
    if kind.special == "black_bloc" and clash is not None and unit.id in clash.street_attack:
        return kind.force + 1
    return kind.force


def _may_attack(u: Unit) -> bool:
    """Whether `u` may join any attack this turn: units in a building never attack."""
    return not (u.attacked or not b.on_board(u) or b.is_building(u.at) or u.at == HOSPITAL)


def _reaches(state: RiotState, u: Unit, target: str) -> bool:
    """Whether `u` may join an attack on `target` this turn."""
    if not _may_attack(u):
        return False
    kind = content().unit(u.type)
    if b.is_street(target):
        if u.at == target:
            return True
        police = u.faction == "police"
        return u.steps > 0 and not u.moved and target in b.steps_from(u.at, police)
    street = f"s{b.area_of()[target]}"
    if u.at == street:
        return u.steps > 0
    return kind.direct_assault and u.fresh and not u.moved and (u.at == HQ or b.is_entry(u.at))


def _out_of_reach(u: Unit, target: str) -> Msg:
    """Why `u` may not join an attack on `target`, once `_reaches` has said so: kept apart so
    that listing the attacks a prompt offers builds no refusal it never shows."""
    unit, place = names.unit(u), names.place(target)
    if u.attacked:
        return m("riot.refuse.reach.attacked", unit=unit)
    if not b.on_board(u) or u.at == HOSPITAL:
        return m("riot.refuse.reach.off_board", unit=unit)
    if b.is_building(u.at):
        return m("riot.refuse.reach.in_building", unit=unit)
    street = target if b.is_street(target) else f"s{b.area_of()[target]}"
    if u.at == street:  # a building of its own area, without the step it takes
        return m("riot.refuse.reach.no_step", unit=unit, place=place)
    if u.moved:
        return m("riot.refuse.reach.moved", unit=unit, place=place)
    if u.steps <= 0:
        return m("riot.refuse.reach.no_step", unit=unit, place=place)
    return m("riot.refuse.reach", unit=unit, place=place)


def eligible(state: RiotState, seat: int, target: str) -> list[Unit]:
    return [u for u in own(state, seat) if _reaches(state, u, target)]


def attacks(state: RiotState, seat: int) -> Iterator[Attack]:
    """Every target with each whole group that may attack it (a typed attack may name fewer).
    Who stands where is gathered once and each target's group found once, not once per place
    and faction: every prompt of a turn asks for these."""
    present = {(u.at, u.faction) for u in state.units}
    others = [s for s in in_play(state) if s != seat]
    ready = [u for u in own(state, seat) if _may_attack(u)]
    if not ready:
        return
    for target in [f"s{n}" for n in b.areas()] + list(b.building_values()):
        defenders = [state.factions[s] for s in others if (target, state.factions[s]) in present]
        if not defenders:
            continue
        group = ",".join(u.id for u in ready if _reaches(state, u, target))
        if not group:
            continue
        for defender in defenders:
            action = Attack(target=target, defender=defender, units=group)
            if _refusal(state, seat, action) is None:
                yield action


def _parse(state: RiotState, seat: int, action: Attack) -> tuple[str, int | None, list[Unit]]:
    target = action.target.strip().lower()
    faction = action.defender.strip().lower()
    other = state.factions.index(faction) if faction in state.factions else None
    ids = [x.strip().lower() for x in action.units.split(",") if x.strip()]
    if not ids and (b.is_street(target) or b.is_building(target)):
        return target, other, eligible(state, seat, target)
    by_id = {u.id: u for u in state.units}
    found = [by_id.get(x) for x in ids]
    return target, other, [u for u in found if u is not None] if None not in found else []


def _refusal(state: RiotState, seat: int, action: Attack) -> Msg | None:
    target, other, group = _parse(state, seat, action)
    if not (b.is_street(target) or b.is_building(target)):
        return m("riot.refuse.target")
    if other is None or other == seat or other not in in_play(state):
        return m("riot.refuse.defender")
    defenders = b.units_at(state, target, state.factions[other])
    if not defenders:
        return m(
            "riot.refuse.no_defenders", faction=names.seat(state, other), place=names.place(target)
        )
    if not group or any(u.faction != state.factions[seat] for u in group):
        return m("riot.refuse.not_yours")
    for u in group:
        if not _reaches(state, u, target):
            return _out_of_reach(u, target)
    if state.attacks.get(_key(state, seat, target, other), 0) >= MAX_ATTACKS:
        return m("riot.refuse.twice")
    if seat == POLICE:
        if b.is_building(target) and "no_building_attacks" in state.penalties:
            return m("riot.refuse.no_building_attacks")
        return _outnumbered(group, defenders, target)
    return None


def _outnumbered(attackers: list[Unit], defenders: list[Unit], target: str) -> Msg | None:
    """The refusal due when the Police's force is below the defenders' (a building's bonus
    included): they never attack in the minority."""
    mine = sum(force(u) for u in attackers)
    theirs = sum(force(u) for u in defenders) + (1 if b.is_building(target) else 0)
    if mine < theirs:
        return m("riot.refuse.police_weaker", mine=mine, theirs=theirs)
    return None


def held_back(state: RiotState, clash: Clash) -> Msg | None:
    """Why the attacker may not go on to hand to hand: Police that the distance attacks left
    in the minority (the rulebook's NB 2 has such a clash end in the distance phase)."""
    if clash.attacker != POLICE:
        return None
    attackers, defenders = _units(state, clash.attackers), _units(state, clash.defenders)
    return _outnumbered(attackers, defenders, clash.target)


def _ask_the_street(
    state: RiotState, seat: int, other: int, target: str, group: list[Unit], defender: str
) -> list[Msg]:
    """Before a declared attack starts, the factions it passes ask first: an attack on a
    building waits for every other faction in its street to block it or let it by; an attack
    in a street waits for every third faction there to step in between or stay out (the
    publisher's interposition: all its units in the street stand in the way). Empty when
    nobody is asked."""
    building = b.is_building(target)
    street = f"s{b.area_of()[target]}" if building else target
    waiting = [s for s in blockers(state, seat, street) if building or s != other]
    if not waiting:
        return []
    fixed = Attack(
        target=target, defender=defender.strip().lower(), units=",".join(u.id for u in group)
    )
    state.pending.append(
        Obstruction(
            why="way" if building else "interpose",
            seat=waiting[0],
            mover=seat,
            action=fixed.model_dump(),
            waiting=waiting[1:],
        )
    )
    key = "riot.event.asks_way_attack" if building else "riot.event.asks_interpose"
    return [
        m(
            key,
            faction=names.seat(state, seat),
            defender=names.seat(state, other),
            place=names.place(target),
        )
    ]


def _key(state: RiotState, seat: int, target: str, other: int) -> str:
    return f"{seat}:{target}:{other}"


def attack(state: RiotState, seat: int, action: Attack, checked: bool = False) -> list[Msg]:
    refusal = _refusal(state, seat, action)
    if refusal is not None:
        raise IllegalAction(refusal)
    target, other, group = _parse(state, seat, action)
    assert other is not None
    if not checked:
        asked = _ask_the_street(state, seat, other, target, group, action.defender)
        if asked:
            return asked
    key = _key(state, seat, target, other)
    state.attacks[key] = state.attacks.get(key, 0) + 1
    for u in group:
        u.attacked = True
        u.steps = 0
    clash = Clash(
        attacker=seat,
        defender=other,
        target=target,
        attackers=[u.id for u in group],
        defenders=[u.id for u in b.units_at(state, target, state.factions[other])],
        window=Window.opening([other, seat]),
        involved=[u.id for u in group + b.units_at(state, target, state.factions[other])],
        street_attack=[u.id for u in group if b.is_street(u.at) and b.is_street(target)],
    )
    state.pending.append(clash)
    notes = [
        m(
            "riot.event.attack",
            faction=names.seat(state, seat),
            n=len(group),
            force=sum(force(u) for u in group),
            defender=names.seat(state, other),
            place=names.place(target),
        )
    ]
    return notes + advance(state)


# ----- the Blitz windows ---------------------------------------------------------------------


def current(state: RiotState) -> Clash | None:
    return next((p for p in state.pending if isinstance(p, Clash)), None)


def _enemy(clash: Clash, seat: int) -> list[str]:
    return clash.defenders if seat == clash.attacker else clash.attackers


def plays(state: RiotState, seat: int) -> Iterator[Play]:
    """The Blitz cards `seat` may play in the open window, each with its target."""
    clash = current(state)
    if clash is None or clash.stage == "press" or clash.window.seat != seat:
        return
    for card_id in dict.fromkeys(state.hands[seat]):
        card = content().card(card_id)
        if card.window != clash.stage:
            continue
        if card.effect == "damage":
            if seat == clash.attacker and b.is_building(clash.target):
                continue
            for unit_id in _enemy(clash, seat):
                yield Play(card=card_id, target=unit_id)
        else:
            yield Play(card=card_id)


def play(state: RiotState, seat: int, action: Play) -> list[Msg]:
    clash = current(state)
    assert clash is not None
    chosen = Play(card=action.card.strip().lower(), target=action.target.strip().lower())
    if chosen not in list(plays(state, seat)):
        raise IllegalAction(m("riot.refuse.blitz"))
    card = content().card(chosen.card)
    deck.discard(state.hands[seat], chosen.card, state.discards[seat])
    clash.window.answer(played=True)
    who = names.seat(state, seat)
    notes = [m("riot.event.played", faction=who, card=names.card(chosen.card))]
    if card.effect == "damage":
        target = b.unit(state, chosen.target)
        assert target is not None
        notes += _hit(state, clash, seat, target, card.amount)
    elif card.effect == "force":
        clash.bonus[seat] = clash.bonus.get(seat, 0) + card.amount
    elif card.effect == "tie_cap":
        clash.capped.append(seat)
    elif card.effect == "no_opinion":
        clash.no_opinion = True
    elif card.effect == "no_clash":
        state.pending.remove(clash)
        return [*notes, m("riot.event.called_off")]
    return notes + advance(state)


def pass_window(state: RiotState, seat: int) -> list[Msg]:
    clash = current(state)
    assert clash is not None
    clash.window.answer(played=False)
    return [m("riot.event.passed", faction=names.seat(state, seat)), *advance(state)]


def _hit(state: RiotState, clash: Clash, seat: int, target: Unit, damage: int) -> list[Msg]:
    """A distance card's damage on one unit: a shield stops the first point in this clash; the
    unit is then eliminated or wounded, and leaves the clash either way."""
    if content().unit(target.type).shield and target.id not in clash.shielded:
        clash.shielded.append(target.id)
        damage -= 1
        if damage <= 0:
            return [m("riot.event.shield", unit=names.unit(target))]
    defending = target.id in clash.defenders
    (clash.defenders if defending else clash.attackers).remove(target.id)
    if target.wounded or damage >= force(target, clash):
        return _eliminate(state, seat, [target], defending=defending)
    _wound(state, target, clash.target, stays=b.is_building(target.at))
    return [m("riot.event.wounded", unit=names.unit(target))]


def _eliminate(state: RiotState, by: int, units: list[Unit], defending: bool) -> list[Msg]:
    notes: list[Msg] = []
    for u in units:
        if u.faction in ("autonomen", "anarchists"):
            state.eliminations[by] += 1
        owner = state.factions.index(u.faction)
        if defending and content().unit(u.type).special == "mediactivist":
            state.hands[owner] += deck.draw(
                state.decks[owner], discard=state.discards[owner], rng=state.rng
            )
            notes.append(m("riot.event.media_card", unit=names.unit(u)))
        u.at, u.wounded, u.steps = SUPPLY, False, 0
    if units:
        notes.insert(0, m("riot.event.eliminated_units", units=names.units(units)))
    _purge_done(state, by)
    return notes


def _purge_done(state: RiotState, by: int) -> None:
    """The Nationalists' elimination goal wins the moment it is met, mid-clash included (the
    rulebook: they win when their goal is accomplished)."""
    if state.factions[by] != "nationalists" or not state.goal or by in state.out:
        return
    goal = content().goal(state.goal)
    if goal.kind == "eliminations" and state.eliminations[by] >= goal.amount:
        state.ended, state.winners = "goal", [by]


def _wound(state: RiotState, u: Unit, target: str, stays: bool) -> None:
    """A wounded unit goes to the area's entry point (protesters) or the Hospital (Police),
    unless it stays in the building it defended."""
    u.wounded = True
    if stays:
        return
    u.at = HOSPITAL if u.faction == "police" else f"e{b.area_of()[target]}"


def advance(state: RiotState) -> list[Msg]:
    """Pass for seats that hold no card (the table sees that), and move the clash on whenever
    its window closes."""
    clash = current(state)
    if clash is None or clash.stage == "press":
        return []
    clash.window.pass_unable(lambda s: bool(state.hands[s]))
    if not clash.window.closed:
        return []
    if clash.stage == "distance":
        if not clash.attackers or not clash.defenders:
            return _settle_early(state, clash)
        clash.stage = "press"
        return []
    return _resolve(state, clash)


def press(state: RiotState, seat: int, answer: str) -> list[Msg]:
    clash = current(state)
    assert clash is not None
    if answer == "stop":
        state.pending.remove(clash)
        return [m("riot.event.stopped", faction=names.seat(state, seat))]
    refusal = held_back(state, clash)
    if refusal is not None:
        raise IllegalAction(refusal)
    clash.stage = "hand"
    clash.window = Window.opening([clash.defender, clash.attacker])
    return [m("riot.event.hand_to_hand"), *advance(state)]


def _units(state: RiotState, ids: list[str]) -> list[Unit]:
    return [u for u in (b.unit(state, x) for x in ids) if u is not None]


def _settle_early(state: RiotState, clash: Clash) -> list[Msg]:
    """The distance phase ended the clash: no hand-to-hand, so Public Opinion hears nothing."""
    state.pending.remove(clash)
    if clash.defenders:
        return [m("riot.event.attack_spent")]
    return [
        m("riot.event.cleared", place=names.place(clash.target)),
        *_occupy(state, clash, _units(state, clash.attackers)),
    ]


def _occupy(state: RiotState, clash: Clash, winners: list[Unit]) -> list[Msg]:
    """The attacker's surviving units take the place: into the street, or into the building
    (entering unwounded); the Police never enter a building and stay in its street."""
    street = clash.target if b.is_street(clash.target) else f"s{b.area_of()[clash.target]}"
    for u in winners:
        if b.is_building(clash.target) and u.faction != "police":
            u.at, u.wounded = clash.target, False
        elif not u.wounded:
            u.at = street
    return []


def _totals(
    clash: Clash, attackers: list[Unit], defenders: list[Unit], building: bool
) -> tuple[int, int]:
    att = sum(force(u, clash) for u in attackers) + clash.bonus.get(clash.attacker, 0)
    dfn = sum(force(u, clash) for u in defenders) + clash.bonus.get(clash.defender, 0)
    dfn += 1 if building else 0
    for seat in clash.capped:
        if seat == clash.attacker and att < dfn:
            att += 1
        elif seat == clash.defender and dfn < att:
            dfn += 1
    return att, dfn


def _resolve(state: RiotState, clash: Clash) -> list[Msg]:
    state.pending.remove(clash)
    attackers, defenders = _units(state, clash.attackers), _units(state, clash.defenders)
    building = b.is_building(clash.target)
    att, dfn = _totals(clash, attackers, defenders, building)
    notes = [m("riot.event.forces", attack=att, defence=dfn)]
    if att == dfn:
        return [*notes, m("riot.event.draw")]
    won_attack = att > dfn
    winners, losers = (attackers, defenders) if won_attack else (defenders, attackers)
    winner_seat = clash.attacker if won_attack else clash.defender
    damage = dfn if won_attack else att
    notes.append(m("riot.event.won", faction=names.seat(state, winner_seat)))
    notes += _eliminate(state, winner_seat, losers, defending=won_attack)
    hurt: list[Unit] = []
    for u in sorted(winners, key=lambda u: (force(u, clash), content().unit(u.type).cost)):
        if damage <= 0:
            break
        if u.wounded or damage >= force(u, clash):
            damage -= force(u, clash)
            notes += _eliminate(state, _other(clash, winner_seat), [u], defending=not won_attack)
        else:
            damage = 0
            hurt.append(u)
    survivors = [u for u in winners if u.at != SUPPLY]
    for u in hurt:
        if not (won_attack and building and u.faction != "police"):
            _wound(state, u, clash.target, stays=building and not won_attack)
            notes.append(m("riot.event.wounded", unit=names.unit(u)))
    if won_attack:
        notes += _occupy(state, clash, survivors)
    police = POLICE in (clash.attacker, clash.defender)
    media = any(
        content().unit(u.type).special == "mediactivist" for u in _units(state, clash.involved)
    )
    if police and not clash.no_opinion and not media:
        state.clash_with_police = True
    return notes


def _other(clash: Clash, seat: int) -> int:
    return clash.defender if seat == clash.attacker else clash.attacker
