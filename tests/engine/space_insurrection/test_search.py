"""Space Insurrection's search hooks: what a seat cannot see (the pile, other reserves, other
seats' sealed orders) is dealt again over every place it could be; sampled movement sheets
carry Troops only where cruisers go; an ended game is worth 1 to each winner."""

from __future__ import annotations

from collections import Counter

from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.orders import STAY
from engine.games.space_insurrection.state import all_chits, type_of
from engine.games.space_insurrection.victory import judge
from engine.rng import Rng
from engine.sheets import decode_orders
from tests.engine.space_insurrection.support import blank, give, put, sheets, submit

SAMPLES = 300


def test_unseen_chits_are_spread_over_the_pile_and_every_other_reserve() -> None:
    """Seat 0 keeps its reserve; each chit it cannot see turns up, over many samples, in the
    pile and in both other reserves, whose sizes never change."""
    state = GAME.setup(GAME.make_options(3, specials=1), 5)
    unseen = set(state.pile) | set(state.reserves[1]) | set(state.reserves[2])
    places: dict[str, set[str]] = {chit: set() for chit in unseen}
    for n in range(SAMPLES):
        sample = GAME.determinize(state, 0, Rng.seeded(n))
        assert sample.reserves[0] == state.reserves[0]
        assert [len(r) for r in sample.reserves] == [len(r) for r in state.reserves]
        assert len(sample.pile) == len(state.pile)
        held = [*sample.pile, *(c for r in sample.reserves for c in r), *sample.units]
        assert sorted(held) == sorted(all_chits(1))
        for chit in sample.pile:
            places[chit].add("pile")
        for seat in (1, 2):
            for chit in sample.reserves[seat]:
                places[chit].add(f"reserve {seat}")
    assert all(found == {"pile", "reserve 1", "reserve 2"} for found in places.values())


def test_the_channel_sees_no_reserve_at_all() -> None:
    state = GAME.setup(GAME.make_options(2), 5)
    moved = {tuple(GAME.determinize(state, None, Rng.seeded(n)).reserves[0]) for n in range(20)}
    assert len(moved) > 10


def movement_with_troops():
    """Red: a cruiser and three Troops at Borealis, a cruiser at Cassiopia; Blue: one cruiser.
    The movement phase is open."""
    state = blank(2)
    put(state, "star_cruiser-1", 0, "borealis")
    for n in (1, 2, 3):
        put(state, f"troops-{n}", 0, "borealis")
    put(state, "star_cruiser-2", 0, "cassiopia")
    put(state, "star_cruiser-3", 1, "draconis")
    give(state, 1, "agent-1")
    sheets(state, "movement")
    return state


def test_sampled_sheets_are_many_legal_and_repeatable() -> None:
    """Red's sheets differ from one another, each is accepted, some carry Troops (only with a
    cruiser going the same way), and the same rng gives the same sheets."""
    state = movement_with_troops()
    actions = GAME.sheet_actions(state, 0, Rng.seeded(7), 40)
    assert len(actions) == 40
    assert actions == GAME.sheet_actions(state, 0, Rng.seeded(7), 40)
    assert actions != GAME.sheet_actions(state, 0, Rng.seeded(8), 40)
    carried = 0
    for action in actions:
        GAME.apply(state, 0, action)
        chosen = decode_orders(action.orders)  # type: ignore[attr-defined]
        for unit, where in chosen.items():
            if type_of(unit).id == "troops" and where != STAY:
                assert chosen.get("star_cruiser-1") == where
                carried += 1
    assert carried


def test_a_sealed_sheet_is_written_again_and_ones_own_is_kept() -> None:
    """Blue's submitted orders are unknown to Red: samples give Blue other legal sheets, which
    reveal and play on; Red's own submitted sheet is what Red wrote."""
    state = movement_with_troops()
    state, _ = submit(state, 1, **{"star_cruiser-3": "eridani"})
    written = Counter(GAME.determinize(state, 0, Rng.seeded(n)).sheets[1] for n in range(60))
    assert len(written) > 5
    sample = GAME.determinize(state, 0, Rng.seeded(3))
    revealed = GAME.apply(sample, 0, GAME.parse_action(GAME.prompts(sample)[0].default or {}))
    assert revealed.state.phase != "movement"
    mine = blank(2)
    put(mine, "star_cruiser-1", 0, "borealis")
    put(mine, "star_cruiser-2", 1, "borealis")
    sheets(mine, "movement")
    mine, _ = submit(mine, 0, **{"star_cruiser-1": "kryos"})
    for n in range(10):
        assert GAME.determinize(mine, 0, Rng.seeded(n)).sheets[0] == mine.sheets[0]


def test_an_ended_game_is_worth_one_to_each_winner() -> None:
    """Every world loyal to Blue at a turn's end: Blue wins alone. At the last turn, a tie for
    the most loyal worlds shares the win (rulebook's optional time limit, as the lobby sets)."""
    state = blank(3)
    for world in state.worlds:
        world.loyal = 1
    put(state, "troops-1", 0, "borealis")
    put(state, "troops-2", 1, "borealis")
    assert GAME.returns(state) is None
    judge(state)
    assert GAME.returns(state) == [0.0, 1.0, 0.0]
    tied = blank(3, last_turn=10)
    tied.turn = 10
    tied.worlds[0].loyal, tied.worlds[1].loyal = 0, 2
    put(tied, "troops-1", 0, "borealis")
    put(tied, "troops-2", 2, "cassiopia")
    judge(tied)
    assert GAME.returns(tied) == [1.0, 0.0, 1.0]
