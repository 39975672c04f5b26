"""Set-up: seats, home worlds with a Base, the starting reserves, the recruit pile's mix and the
special chits option; the first turn opens at its blockade phase."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import world_name
from engine.games.space_insurrection.state import (
    all_chits,
    is_special,
    special_name,
    type_name,
    type_of,
)
from engine.messages import say
from tests.engine.space_insurrection.support import WORLDS


def everything(state) -> list[str]:
    return [*state.pile, *(c for r in state.reserves for c in r), *state.units]


def test_ten_worlds_in_alphabetical_order_from_aldebar_to_kryos():
    state = GAME.setup(GAME.make_options(2), 0)
    assert [w.id for w in state.worlds] == WORLDS == sorted(WORLDS)
    names = [str(world_name(w.id)) for w in content().worlds]
    assert (names[0], names[-1]) == ("Aldebar", "Kryos")
    assert names == sorted(names)


def test_every_world_unit_type_and_special_is_named_by_the_catalogs_in_every_language():
    """The data files keep ids and numbers; each one's name is a catalog entry."""
    made = content()
    msgs = [world_name(w.id) for w in made.worlds] + [type_name(t.id) for t in made.types]
    msgs += [special_name(f"special-{s.id}-1") for s in made.specials]
    for msg in msgs:
        assert msg.key not in (say(msg, "en"), say(msg, "es")), msg.key
    assert [say(type_name(t.id), "en") for t in made.types][:3] == [
        "Assassin",
        "Security",
        "Star Cruiser",
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seats_are_named_by_colour(players):
    state = GAME.setup(GAME.make_options(players), 1)
    assert state.seat_names == ["Red", "Blue", "Yellow", "Green", "Purple"][:players]
    assert sorted(state.holders) == list(range(players))


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players):
    with pytest.raises(IllegalAction) as refused:
        GAME.make_options(players)
    assert refused.value.msg.key == "core.invalid_field"
    assert str(refused.value) == f'players: "{players}" is not one of its choices: 2, 3, 4 and 5'


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_starts_with_a_base_on_its_own_loyal_home_world(players):
    state = GAME.setup(GAME.make_options(players), players)
    homes = [w for w in state.worlds if w.loyal is not None]
    assert sorted(w.loyal for w in homes) == list(range(players))
    assert len(state.units) == players
    for world in homes:
        (base,) = state.units_at(world.id)
        assert type_of(base.id).id == "base" and base.owner == world.loyal
        assert not base.wounded and not base.disrupted
    for world in state.worlds:
        assert not world.uprising and not world.disrupted
        if world.loyal is None:
            assert not state.units_at(world.id), "every other world is neutral and empty"


def test_home_worlds_are_dealt_at_random():
    dealt = {
        tuple(w.loyal for w in GAME.setup(GAME.make_options(2), seed).worlds) for seed in range(20)
    }
    assert len(dealt) > 5


def test_the_bases_come_out_of_the_pile():
    state = GAME.setup(GAME.make_options(3), 0)
    for base in state.units:
        assert base not in state.pile
    assert sum(1 for c in everything(state) if type_of(c).id == "base") == 10


@pytest.mark.parametrize("players", [2, 5])
def test_each_seat_draws_seven_random_chits_into_its_reserve(players):
    state = GAME.setup(GAME.make_options(players), 3)
    assert [len(r) for r in state.reserves] == [7] * players
    other = GAME.setup(GAME.make_options(players), 4)
    assert state.reserves != other.reserves


@pytest.mark.parametrize("specials", [0, 1, 2])
def test_the_pile_mix_is_ten_of_each_unit_five_force_fields_and_ion_guns(specials):
    state = GAME.setup(GAME.make_options(2, specials=specials), 0)
    chits = everything(state)
    assert sorted(chits) == sorted(all_chits(specials))
    assert len(chits) == len(set(chits)), "every chit once"
    units = Counter(type_of(c).id for c in chits if not is_special(c))
    assert units.pop("force_field") == 5 and units.pop("ion_gun") == 5
    assert set(units.values()) == {10} and len(units) == 11
    assert len(chits) == 120 + 11 * specials


@pytest.mark.parametrize("specials", [1, 2])
def test_the_specials_option_puts_one_or_two_of_each_special_chit_in_the_pile(specials):
    state = GAME.setup(GAME.make_options(2, specials=specials), 0)
    made = Counter(c.rsplit("-", 1)[0] for c in everything(state) if is_special(c))
    assert made == {f"special-{s.id}": specials for s in content().specials}
    assert len(made) == 11


def test_no_special_chits_by_default():
    state = GAME.setup(GAME.make_options(2), 0)
    assert GAME.make_options(2).specials == 0
    assert not any(is_special(c) for c in everything(state))


def test_chits_are_numbered_from_one():
    chits = all_chits(0)
    assert "troops-1" in chits and "troops-10" in chits and "troops-11" not in chits
    assert "force_field-5" in chits and "force_field-6" not in chits


def test_the_first_turn_opens_at_its_blockade_phase_with_no_recruitment():
    """Only Bases are on the board, which take no orders: the three phases of orders pass at
    once and the first turn's actions begin at the first home world in alphabetical order."""
    state = GAME.setup(GAME.make_options(3), 0)
    assert state.turn == 1 and [len(r) for r in state.reserves] == [7, 7, 7]
    assert state.phase == "action" and state.sheets == {} and state.owing == []
    first_home = next(i for i, w in enumerate(state.worlds) if w.loyal is not None)
    assert state.at == first_home and state.acting == state.worlds[first_home].loyal
    assert not state.busy


def test_a_table_plays_until_a_victory_unless_its_host_sets_a_last_turn():
    """No single last turn lets most purposeful games of every size end by the rulebook
    (`python -m tests.bench.last_turn`, figures in DESIGN.md), so none is set by default."""
    default = GAME.setup(GAME.make_options(2), 0)
    assert default.last_turn == 0
    assert str(GAME.status_text(default, None)).startswith("Turn 1: ")
    chosen = GAME.setup(GAME.make_options(3, last_turn=40), 0)
    assert str(GAME.status_text(chosen, None)).startswith("Turn 1 of 40: ")
    with pytest.raises(IllegalAction) as refused:
        GAME.make_options(2, last_turn=7)
    assert refused.value.msg.key == "core.invalid_field"
    assert str(refused.value).startswith('Last turn: "7" is not one of its choices')


def test_same_seed_same_set_up():
    a = GAME.setup(GAME.make_options(4, specials=2), 11)
    b = GAME.setup(GAME.make_options(4, specials=2), 11)
    assert a == b
