"""Loot cards played from a hand, and manifestation cards drawn when a district is liberated.

Each card is a list of typed effects from the content files; this module implements each effect
type once. Effects that would need a choice nobody is there to make (which cops a manifestation
sends home, where its barricades go) follow a fixed, documented rule instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Event, IllegalAction
from engine.games.bloc_by_bloc import police
from engine.games.bloc_by_bloc.actions import Card
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.effects import (
    Countdown,
    DieBonus,
    DrawLoot,
    Effect,
    ExtraDice,
    FormBlocs,
    FreeAction,
    LiberationBonus,
    PlaceBarricades,
    PoliceMorale,
    PreventAttacks,
    ProtectOccupation,
    RemoveCops,
    RevealPoliceOps,
    SkipReactionRoll,
)
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.content.models import LootCard
from engine.games.bloc_by_bloc.decks import discard_loot, draw_loot, loot_name
from engine.games.bloc_by_bloc.night import barricade_room, own_free_blocs, place_barricades
from engine.games.bloc_by_bloc.places import (
    commas,
    difficulty,
    district_name,
    has_ability,
    is_liberated,
    require_district,
    the,
)
from engine.games.bloc_by_bloc.state import BlocState, Die, Protection
from engine.messages import m


def loot_card(card: str) -> LootCard:
    return load_content().loot[card]


def playable_now(card: LootCard, timing: str) -> bool:
    """Whether the card may be played in this window. Police Scanner is never played by hand:
    the seat's standing choice re-rolls bad reaction rolls with it automatically."""
    if any(e.type == "reroll_reaction" for e in card.effects):
        return False
    return card.timing in (timing, "any")


def breaks_streak(card_id: str) -> bool:
    """Fireworks is not an attack: using it ends a run of attacks (and has its own roll)."""
    return any(isinstance(e, RemoveCops) for e in loot_card(card_id).effects)


def card_targets(state: BlocState, seat: int, card: LootCard) -> list[tuple[str, str]]:
    """Every (district, toward) the card may be aimed at now; ('', '') when it needs none."""
    board = board_of(state.city)
    effect = card.effects[0]
    if "own_occupation_in_city" in card.requires and not state.occupations_of(seat):
        return []
    if "own_bloc_in_clash" in card.requires and not any(
        state.police_in(t) for t in state.blocs[seat]
    ):
        return []
    if isinstance(effect, PlaceBarricades):
        return [
            (t, n)
            for t in board.districts
            if own_free_blocs(state, seat, t)
            for n in board.neighbours[t]
        ]
    if isinstance(effect, FormBlocs):
        return [(t, "") for t in state.occupations_of(seat)] if state.blocs_on_mat(seat) else []
    if isinstance(effect, RemoveCops):
        return [(t, "") for t in board.districts if state.blocs_of(seat, t) and state.cops.get(t)]
    if isinstance(effect, PreventAttacks):
        return [(t, "") for t in _cop_attacks(state) if state.blocs_of(seat, t)]
    if isinstance(effect, ProtectOccupation):
        return [
            (t, "")
            for t in _cop_attacks(state)
            if t in state.occupations_of(seat) and state.cops[t] > state.blocs_in(t)
        ]
    if isinstance(effect, LiberationBonus):
        return [(t, "") for t in state.blocs[seat] if _liberation_in_reach(state, t)]
    return [("", "")]


def _cop_attacks(state: BlocState) -> list[str]:
    """Districts whose riot cops attack at sunrise. Where a riot van stands, it has defeated
    every bloc and evicted the occupation before the first cop attacks."""
    return [t for t in sorted(state.cops) if t not in state.vans]


def cops_still_to_attack(state: BlocState) -> bool:
    """Whether tonight's Police Repression is still ahead (the sunrise's card window)."""
    return state.phase == "sunrise" and state.sunrise_step in ("start", "vans")


def _liberation_in_reach(state: BlocState, tile: str) -> bool:
    """Whether liberation cards may still decide the district tonight, as everyone can see it.

    It is occupied and not liberated; it falls short of its threshold as it stands, or may
    once the riot cops still to attack tonight have done so (a riot van leaves nothing to
    liberate); and the cards held by the factions there, each counted as the strongest
    liberation card in the deck, could make up the difference at best."""
    if tile not in state.occupations or is_liberated(state, tile):
        return False
    bonus = state.liberation_bonus.get(tile, 0)
    best = worst = state.blocs_in(tile) + bonus
    if cops_still_to_attack(state):
        if tile in state.vans:
            return False
        worst = max(0, state.blocs_in(tile) - state.cops.get(tile, 0)) + bonus
    held = sum(len(state.hands[s]) for s in range(state.seats) if state.blocs_of(s, tile))
    return worst < 2 * difficulty(state, tile) <= best + sum(_liberation_bonuses()[:held])


def _liberation_bonuses() -> list[int]:
    """What each liberation card in the loot deck adds, largest first (Banners: 2 each)."""
    return sorted(
        (
            effect.count
            for card in load_content().loot.values()
            for effect in card.effects
            if isinstance(effect, LiberationBonus)
            for _ in range(card.count)
        ),
        reverse=True,
    )


def playable_cards(state: BlocState, seat: int, timing: str) -> Iterator[Card]:
    """Every way the seat may play a card from its hand in this timing window."""
    for cid in sorted(set(state.hands[seat])):
        card = loot_card(cid)
        if playable_now(card, timing):
            for d, t in card_targets(state, seat, card):
                yield Card(card=cid, district=d, toward=t)


def play_card(state: BlocState, seat: int, a: Card, timing: str) -> list[Event]:
    """Validate and resolve a loot card from the seat's hand in the given timing window."""
    if a.card not in state.hands[seat]:
        raise IllegalAction(m("bloc.refuse.card.not_held"))
    card = loot_card(a.card)
    name = loot_name(a.card)
    if not playable_now(card, timing):
        raise IllegalAction(m("bloc.refuse.card.not_now", card=name))
    if a.district:
        require_district(state, a.district)
    if (a.district, a.toward) not in card_targets(state, seat, card):
        raise IllegalAction(m("bloc.refuse.card.not_there", card=name))
    discard_loot(state, seat, a.card)
    events = [Event(msg=m("bloc.card.play", who=the(state, seat, True), card=name))]
    for effect in card.effects:
        events += _own_effect(state, seat, effect, a)
    return events


def _own_effect(state: BlocState, seat: int, effect: Effect, a: Card) -> list[Event]:
    if isinstance(effect, DieBonus):
        amount = effect.amount
        factory = has_ability(state, seat, "molotov_boost")
        if effect.actions == "attack" and factory:
            allowed = sum(ab.uses_per_turn for _, ab in factory)
            if state.uses.molotov_boosts < allowed:
                state.uses.molotov_boosts += 1
                amount += factory[0][1].amount
        if effect.actions == "attack":
            state.uses.attack_bonus += amount
        else:
            state.uses.advanced_bonus += amount
        key = "bloc.card.bonus.attack" if effect.actions == "attack" else "bloc.card.bonus.advanced"
        return [Event(msg=m(key, who=the(state, seat, True), amount=amount))]
    if isinstance(effect, ExtraDice):
        values = state.rng.roll(effect.count)
        state.dice += [Die(value=v) for v in values]
        shown = [str(v) for v in values]
        return [
            Event(msg=m("bloc.card.dice", who=the(state, seat, True), n=len(values), shown=shown))
        ]
    if isinstance(effect, FreeAction):
        state.uses.bonus_moves += effect.count
        return [Event(msg=m("bloc.card.free_moves", who=the(state, seat, True), n=effect.count))]
    if isinstance(effect, PlaceBarricades):
        n = place_barricades(state, a.district, a.toward, effect.count)
        where, to = district_name(a.district), district_name(a.toward)
        return [Event(msg=m("bloc.card.barricades", n=n, where=where, to=to))]
    if isinstance(effect, FormBlocs):
        n = min(effect.count, state.blocs_on_mat(seat))
        state.add_blocs(seat, a.district, n)
        where = district_name(a.district)
        return [Event(msg=m("bloc.card.form", who=the(state, seat, True), n=n, where=where))]
    if isinstance(effect, RemoveCops):
        n = min(effect.count, state.cops.get(a.district, 0))
        state.add_cops(a.district, -n)
        state.staging_cops += n
        events = [Event(msg=m("bloc.card.cops_leave", n=n, where=district_name(a.district)))]
        if effect.reaction_roll:
            events += police.reaction_roll(state, a.district)
        return events
    if isinstance(effect, SkipReactionRoll):
        state.uses.skip_reaction = True
        return [Event(msg=m("bloc.card.masks", who=the(state, seat, True)))]
    if isinstance(effect, PreventAttacks):
        _protection(state, seat, a.district).shields += effect.count
        where = district_name(a.district)
        shields = m("bloc.card.shields", n=effect.count, who=the(state, seat), where=where)
        return [Event(msg=shields)]
    if isinstance(effect, ProtectOccupation):
        _protection(state, seat, a.district).chained = True
        chained = m("bloc.card.chains", who=the(state, seat, True), where=district_name(a.district))
        return [Event(msg=chained)]
    if isinstance(effect, LiberationBonus):
        state.liberation_bonus[a.district] = (
            state.liberation_bonus.get(a.district, 0) + effect.count
        )
        where = district_name(a.district)
        return [Event(msg=m("bloc.card.banners", n=effect.count, where=where))]
    raise ValueError(f"{type(effect).__name__} is not a loot effect")


def _protection(state: BlocState, seat: int, tile: str) -> Protection:
    for p in state.protections:
        if p.seat == seat and p.district == tile:
            return p
    state.protections.append(Protection(seat=seat, district=tile))
    return state.protections[-1]


# ----- manifestations -----------------------------------------------------------------------


def resolve_manifestation(
    state: BlocState, card_id: str, tile: str, liberators: list[int]
) -> list[Event]:
    """The card's morale drop, then the benefit for the liberated side's difficulty."""
    card = load_content().manifestations[card_id]
    level = load_content().districts[tile].liberated_difficulty or 0
    name, text = m(f"bloc.manifestation.{card_id}.name"), m(f"bloc.manifestation.{card_id}.text")
    events = [Event(msg=m("bloc.manifestation", name=name, text=text))]
    for effect in (*card.always, *card.benefit_for(level)):
        events += _manifest(state, effect, tile, liberators)
    return events


def _manifest(state: BlocState, effect: Effect, tile: str, liberators: list[int]) -> list[Event]:
    if isinstance(effect, PoliceMorale):
        return police.change_morale(state, effect.delta)
    if isinstance(effect, DrawLoot):
        seats = list(range(state.seats)) if effect.recipients == "each_faction" else liberators
        events: list[Event] = []
        for seat in seats:
            events += draw_loot(state, seat, effect.count, "manifestation")[1]
        return events
    if isinstance(effect, FormBlocs):
        events = []
        for seat in liberators:
            n = min(effect.count, state.blocs_on_mat(seat))
            state.add_blocs(seat, tile, n)
            who = the(state, seat, True)
            events.append(Event(msg=m("bloc.card.form", who=who, n=n, where=district_name(tile))))
        return events
    if isinstance(effect, PlaceBarricades):
        n = _barricade_around(state, tile, effect.count * len(liberators))
        return [Event(msg=m("bloc.manifest.barricades", n=n, where=district_name(tile)))]
    if isinstance(effect, RemoveCops):
        sent = _send_home(state, effect.count)
        return [Event(msg=m("bloc.manifest.cops_leave", n=sent))]
    if isinstance(effect, RevealPoliceOps):
        state.police_revealed = min(len(state.police_deck), state.police_revealed + effect.count)
        shown = [police.ops_name(c) for c in state.police_deck[: state.police_revealed]]
        if not shown:
            return [Event(msg=m("bloc.manifest.revealed.none"))]
        return [Event(msg=m("bloc.manifest.revealed", cards=commas(shown)))]
    if isinstance(effect, Countdown):
        state.nights_left += effect.nights
        return [Event(msg=m("bloc.manifest.nights", n=effect.nights))]
    raise ValueError(f"{type(effect).__name__} is not a manifestation effect")


def _barricade_around(state: BlocState, tile: str, count: int) -> int:
    """Spread barricades over the district's connections, least barricaded neighbour first."""
    board = board_of(state.city)
    placed = 0
    for _ in range(count):
        options = [n for n in board.neighbours[tile] if barricade_room(state, tile, n)]
        if not options:
            break
        best = min(
            options,
            key=lambda n: sum(state.barricades.get(c.key, 0) for c in board.between(tile, n)),
        )
        placed += place_barricades(state, tile, best, 1)
    return placed


def _send_home(state: BlocState, count: int) -> int:
    """Riot cops leave the most crowded district first, highest police ID on a tie."""
    board = board_of(state.city)
    sent = 0
    for _ in range(count):
        if not state.cops:
            break
        tile = max(state.cops, key=lambda t: (state.cops[t], board.police_id(t)))
        state.add_cops(tile, -1)
        state.staging_cops += 1
        sent += 1
    return sent
