"""Bloc by Bloc content: counts, invariants, and one test per fact the rulebook states."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import TypeAdapter, ValidationError

from engine.games.bloc_by_bloc.content import load as content_load
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.effects import (
    CopMovement,
    DieBonus,
    DrawLoot,
    Effect,
    PoliceMorale,
    Reinforcements,
)
from engine.games.bloc_by_bloc.content.load import ContentError, load_content
from engine.games.bloc_by_bloc.content.models import District, PoliceOpsKind

C = load_content()


def by_name(name: str) -> District:
    return next(d for d in C.districts.values() if d.name == name)


# ----- counts and invariants ----------------------------------------------------------------


def test_component_counts_match_the_component_list() -> None:
    assert len(C.districts) == 30
    assert len(C.loot_deck()) == 60
    assert len(C.police_ops) == 34
    assert len(C.manifestations) == 28
    assert len(C.agendas) == 10


def test_setup_piles_are_9_8_8_plus_the_stadium_and_four_d_tiles() -> None:
    letters = Counter(d.letter for d in C.districts.values())
    assert letters == {"A": 9, "B": 8, "C": 8, "3": 1, "D": 4}


def test_police_ids_are_unique() -> None:
    ids = [d.police_id for d in C.districts.values()]
    assert len(set(ids)) == len(ids)


def test_liberated_difficulty_is_always_one_less() -> None:
    for d in C.districts.values():
        if d.repressed_difficulty is not None:
            assert d.liberated_difficulty == d.repressed_difficulty - 1, d.id


def test_every_item_says_where_it_comes_from() -> None:
    groups = [C.districts, C.loot, C.police_ops, C.manifestations, C.agendas, C.occupations]
    for group in groups:
        for item in group.values():
            assert item.provenance in ("rulebook", "reconstructed")


def test_effects_round_trip_through_json() -> None:
    adapter = TypeAdapter(tuple[Effect, ...])
    for card in C.police_ops.values():
        assert adapter.validate_json(adapter.dump_json(card.effects)) == card.effects


# ----- districts ----------------------------------------------------------------------------


def test_there_are_eight_district_types() -> None:
    assert {d.type for d in C.districts.values()} == set(DistrictType)
    assert len(DistrictType) == 8


def test_base_city_has_four_state_districts_so_the_stadium_leaves_three() -> None:
    base = [d for d in C.districts.values() if d.letter in "ABC"]
    assert sum(d.type is DistrictType.STATE for d in base) == 4


def test_the_stadium_has_letter_3_and_is_not_a_state_district() -> None:
    stadium = by_name("The Stadium")
    assert stadium.letter == "3"
    assert stadium.type is not DistrictType.STATE


def test_financial_district_is_a_state_district_in_the_a_pile() -> None:
    fd = by_name("Financial District")
    assert fd.type is DistrictType.STATE
    assert fd.letter == "A"  # The Stadium takes its place in the A pile


def test_interior_ministry_is_a_state_district() -> None:
    # Burn Down the Company Town swaps it for the Mega Mall and then vans each State district.
    assert by_name("Interior Ministry").type is DistrictType.STATE


def test_a_commercial_district_has_police_id_1() -> None:
    assert C.district_by_police_id(1).type is DistrictType.COMMERCIAL


def test_commercial_districts_have_several_shopping_centers_and_no_occupation_circle() -> None:
    for d in C.districts.values():
        if d.type is DistrictType.COMMERCIAL:
            assert d.shopping_centers >= 2
            assert not d.occupation_circle
            assert not d.liberatable


def test_state_and_public_and_faction_districts_have_an_occupation_circle() -> None:
    for d in C.districts.values():
        if d.type not in (DistrictType.COMMERCIAL, DistrictType.HIGHWAY):
            assert d.occupation_circle, d.id


def test_highways_join_two_separate_pairs_of_diagonal_districts() -> None:
    highways = [d for d in C.districts.values() if d.type is DistrictType.HIGHWAY]
    assert len(highways) == 4  # three base tiles plus the Highway Overpass
    for h in highways:
        assert len(h.highways) == 2
        assert not h.exits
        corners = [c for arc in h.highways for c in arc.ends]
        assert len(set(corners)) == 4  # two separate highways


def test_most_districts_are_4_way_and_3_way_ones_have_one_dead_end() -> None:
    streets = [d for d in C.districts.values() if not d.is_highway]
    assert all(len(d.exits) in (3, 4) for d in streets)
    assert sum(len(d.exits) == 4 for d in streets) > len(streets) / 2


def test_each_faction_has_districts_of_its_own_type_in_every_pile() -> None:
    for kind in (DistrictType.WORKERS, DistrictType.STUDENTS, DistrictType.NEIGHBORS):
        letters = {d.letter for d in C.districts.values() if d.type is kind}
        assert letters == {"A", "B", "C"}
    assert {d.letter for d in C.districts.values() if d.type is DistrictType.PRISONERS} == {
        "A",
        "B",
        "C",
    }


def test_the_four_mini_expansion_tiles_have_letter_d() -> None:
    d_tiles = {d.name for d in C.districts.values() if d.letter == "D"}
    assert d_tiles == {
        "Mega Mall",
        "Highway Overpass",
        "Autonomous Zone: Community Defense HQ",
        "Autonomous Zone: Communal Gardens",
    }


def test_the_autonomous_zones_are_flagged_and_not_state() -> None:
    zones = [d for d in C.districts.values() if d.autonomous_zone]
    assert {d.id for d in zones} == {"community-defense-hq", "communal-gardens"}
    assert all(d.type is not DistrictType.STATE for d in zones)


def test_mega_mall_is_commercial_with_shopping_centers() -> None:
    mall = by_name("Mega Mall")
    assert mall.type is DistrictType.COMMERCIAL and mall.shopping_centers >= 2


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("The Projects", DistrictType.NEIGHBORS),
        ("The Old Polytechnic", DistrictType.STUDENTS),
        ("Smartphone Factory", DistrictType.WORKERS),
        ("Immigrant Detention Center", DistrictType.PRISONERS),
        ("The Park", DistrictType.PUBLIC),
        ("The Plaza", DistrictType.PUBLIC),
        ("Telecom Network Hub", DistrictType.STATE),
    ],
)
def test_named_districts_exist_with_a_fitting_type(name: str, kind: DistrictType) -> None:
    assert by_name(name).type is kind


def test_metro_stations_exist_for_blocs_to_use() -> None:
    assert sum(d.metro for d in C.districts.values() if d.letter in "ABC") >= 2


# ----- police ops ---------------------------------------------------------------------------


def test_three_paramilitary_cards_and_difficulty_removes_them() -> None:
    para = PoliceOpsKind.PARAMILITARY_OPERATIONS
    for level, kept in (("hard", 3), ("medium", 2), ("easy", 1)):
        deck = C.police_ops_deck(level)
        assert len(deck) == 34 - (3 - kept)
        assert sum(C.police_ops[i].kind is para for i in deck) == kept


def test_two_emergency_reinforcements_cards_that_a_scenario_can_remove() -> None:
    emergency = PoliceOpsKind.EMERGENCY_REINFORCEMENTS
    assert sum(c.kind is emergency for c in C.police_ops.values()) == 2
    setup = C.scenarios["abolish-the-police"].setup
    deck = C.police_ops_deck("hard", setup.police_ops_removed)
    assert not any(C.police_ops[i].kind is emergency for i in deck)


def test_every_police_ops_type_is_in_the_deck() -> None:
    assert {c.kind for c in C.police_ops.values()} == set(PoliceOpsKind)


def test_movement_cards_name_a_district_type_and_an_id_priority() -> None:
    moves = [c for c in C.police_ops.values() if c.kind is PoliceOpsKind.RIOT_COP_MOVEMENT]
    assert moves
    for card in moves:
        effect = next(e for e in card.effects if isinstance(e, CopMovement))
        assert effect.district_type is not DistrictType.HIGHWAY
        assert effect.priority in ("highest", "lowest")
    assert {e.priority for c in moves for e in c.effects if isinstance(e, CopMovement)} == {
        "highest",
        "lowest",
    }


def test_heavy_reinforcements_deploy_two_and_light_one_per_van() -> None:
    for card in C.police_ops.values():
        for e in card.effects:
            if isinstance(e, Reinforcements):
                want = 2 if card.kind is PoliceOpsKind.HEAVY_REINFORCEMENTS else 1
                assert e.cops == want


def test_strategic_rotation_keeps_six_and_emergency_caps_at_four_vans() -> None:
    for card in C.police_ops.values():
        for e in card.effects:
            if e.type == "strategic_rotation":
                assert e.keep == 6
            if e.type == "emergency_reinforcements":
                assert e.max_vans == 4


def test_some_police_ops_cards_raise_police_morale_by_one() -> None:
    raising = [c for c in C.police_ops.values() if c.morale_up]
    assert raising
    for card in raising:
        assert [e.delta for e in card.effects if isinstance(e, PoliceMorale)] == [1]


def test_police_morale_starts_at_timid_and_draws_one_to_three_cards() -> None:
    assert C.morale.steps[C.morale.start].label == "Timid"
    assert {s.draws for s in C.morale.steps} == {1, 2, 3}


# ----- loot ---------------------------------------------------------------------------------


def test_molotovs_add_strength_to_attacks_and_several_may_join_one_attack() -> None:
    molotovs = [c for c in C.loot.values() if "Molotovs" in c.name]
    assert any(c.name == "+1 Molotovs" for c in molotovs)
    for card in molotovs:
        assert card.stackable
        bonus = [e for e in card.effects if isinstance(e, DieBonus)]
        assert bonus and bonus[0].actions == "attack"


def test_medic_kit_needs_an_occupation_in_the_city() -> None:
    assert "own_occupation_in_city" in C.loot["medic-kit"].requires


def test_fireworks_is_not_an_attack_and_needs_its_own_reaction_roll() -> None:
    fireworks = C.loot["fireworks"]
    assert not fireworks.counts_as_attack
    assert any(getattr(e, "reaction_roll", False) for e in fireworks.effects)


def test_some_loot_is_played_during_police_repression_or_liberation() -> None:
    timings = {c.timing for c in C.loot.values()}
    assert {"own_turn", "police_repression", "liberation"} <= timings


# ----- manifestations -----------------------------------------------------------------------


def test_every_manifestation_lowers_police_morale() -> None:
    for card in C.manifestations.values():
        assert any(isinstance(e, PoliceMorale) and e.delta < 0 for e in card.always)


def test_mass_looting_gives_two_loot_cards_at_liberated_difficulty_three() -> None:
    tier = C.manifestations["mass-looting"].benefit_for(3)
    assert tier == (DrawLoot(count=2, recipients="liberating"),)


def test_some_manifestations_reveal_police_ops_cards() -> None:
    assert sum(c.reveals_police_ops for c in C.manifestations.values()) >= 2


def test_manifestations_cover_every_liberated_difficulty() -> None:
    liberated = {d.liberated_difficulty for d in C.districts.values() if d.liberatable} - {None}
    for card in C.manifestations.values():
        for difficulty in liberated:
            card.benefit_for(difficulty)  # never raises
        assert set(card.benefits) == {2, 3, 4, 5}


# ----- agendas, occupations, factions -------------------------------------------------------


def test_vanguardist_sectarian_and_nihilist_can_win_alone() -> None:
    for name in ("vanguardist", "sectarian", "nihilist"):
        assert C.agendas[name].can_win_alone


def test_every_agenda_offers_options_and_most_win_together() -> None:
    for card in C.agendas.values():
        assert len(card.options) >= 2
        assert any(o.mode == "win_together" for o in card.options)
    assert sum(not c.can_win_alone for c in C.agendas.values()) > 5


def test_each_faction_has_five_occupations_three_common_two_unique() -> None:
    common = {"faction-start", "assembly-hall", "peoples-kitchen"}
    uniques: list[str] = []
    for faction in C.factions.values():
        assert set(faction.occupations) >= common
        own = [o for o in faction.occupations if o not in common]
        assert len(own) == 2
        assert all(C.occupations[o].faction == faction.id for o in own)
        uniques += own
    assert len(set(uniques)) == 8


def test_rulebook_occupations_belong_to_the_right_factions() -> None:
    expected = {
        "prisoners": {"Molotov Factory", "Scavenger's Hideout"},
        "neighbors": {"Guerrilla Garden", "Comrade Cafe"},
        "workers": {"Strike Hall", "Propaganda Workshop"},
        "students": {"Social Center", "Hacker Space"},
    }
    for faction, names in expected.items():
        found = {o.name for o in C.occupations.values() if o.faction == faction}
        assert found == names


def test_molotov_factory_adds_two_to_a_molotov() -> None:
    ability = C.occupations["molotov-factory"]
    assert ability.ability.amount == 2 and ability.ability.uses_per_turn == 1
    assert ability.liberated.uses_per_turn == 2


def test_peoples_kitchen_gives_one_die_on_a_six_and_two_when_liberated() -> None:
    occ = C.occupations["peoples-kitchen"]
    assert (occ.ability.count, occ.liberated.count) == (1, 2)


def test_factions_have_the_rulebook_colours_and_ten_blocs() -> None:
    colours = {f.name: f.colour for f in C.factions.values()}
    assert colours == {
        "Workers": "yellow",
        "Students": "purple",
        "Neighbors": "green",
        "Prisoners": "orange",
    }
    assert all(f.blocs == 10 for f in C.factions.values())


# ----- scenarios ----------------------------------------------------------------------------


def test_ten_mini_expansion_scenarios_plus_standard_and_beginner() -> None:
    assert len(C.scenarios) == 12
    assert {"standard", "beginner"} <= set(C.scenarios)


def test_beginner_game_is_cooperative_easy_six_nights_eight_for_three() -> None:
    beginner = C.scenarios["beginner"]
    assert beginner.modes == ("fully_cooperative",)
    assert beginner.setup.nights == 6 and beginner.setup.difficulty == "easy"
    assert beginner.setup_for(3).nights == 8
    assert "the-stadium" in beginner.setup.vans_in


def test_standard_three_player_game_swaps_financial_district_for_the_stadium() -> None:
    setup = C.scenarios["standard"].setup_for(3)
    assert [(s.remove, s.add) for s in setup.tile_swaps] == [("financial-district", "the-stadium")]
    assert setup.vans_in == ("the-stadium",)
    assert C.scenarios["standard"].setup_for(4).tile_swaps == ()


def test_let_the_infighting_begin_is_semi_cooperative_for_three_or_four() -> None:
    s = C.scenarios["let-the-infighting-begin"]
    assert s.modes == ("semi_cooperative",) and s.players == (3, 4)
    assert s.setup.agenda_deal == "infighting"


def test_autonomous_zone_phase_two_is_for_two_or_four_players() -> None:
    s = C.scenarios["autonomous-zone-phase-2"]
    assert s.players == (2, 4) and s.modes == ("fully_cooperative",)
    assert any(swap.remove_type is DistrictType.HIGHWAY for swap in s.setup.tile_swaps)


def test_asymmetrical_struggle_removes_the_nihilist_agenda() -> None:
    assert C.scenarios["asymmetrical-struggle"].setup.agendas_removed == ("nihilist",)


def test_no_setup_needs_more_than_six_vans_or_thirty_cops() -> None:
    for s in C.scenarios.values():
        for players in s.players:
            setup = s.setup_for(players)
            vans = len(setup.vans_in) + (4 if setup.vans_in_state else 0)
            state_swapped = sum(
                C.districts[sw.remove].type is DistrictType.STATE
                for sw in setup.tile_swaps
                if sw.remove
            )
            vans -= state_swapped if setup.vans_in_state else 0
            assert vans <= 6, s.id
            assert vans * setup.cops_per_van <= 30, s.id


def test_abolish_the_police_puts_all_six_vans_in_named_districts() -> None:
    setup = C.scenarios["abolish-the-police"].setup
    assert not setup.vans_in_state and len(set(setup.vans_in)) == 6


# ----- the loader refuses bad data ----------------------------------------------------------


def test_a_district_whose_liberated_side_is_not_one_easier_is_refused() -> None:
    data = C.districts["the-park"].model_dump()
    data["liberated_difficulty"] = data["repressed_difficulty"]
    with pytest.raises(ValidationError):
        District.model_validate(data)


def test_duplicate_police_ids_are_refused() -> None:
    districts = dict(C.districts)
    districts["the-park"] = districts["the-park"].model_copy(update={"police_id": 1})
    broken = C.model_copy(update={"districts": districts})
    with pytest.raises(ContentError, match="police IDs"):
        content_load._cross_check(broken)


def test_a_short_loot_deck_is_refused() -> None:
    loot = dict(C.loot)
    del loot["banners"]
    with pytest.raises(ContentError, match="loot"):
        content_load._cross_check(C.model_copy(update={"loot": loot}))
