"""The engine's players: they play every registered game through the public contract, the same
seed playing the same game; a game's own player is found in its package, and a game without
one gets the random player or one registered for it."""

from __future__ import annotations

import pytest

from engine import players
from engine.core import ActionBase
from engine.games import REGISTRY
from engine.players import heuristic, play_out, player_for, random_player
from engine.rng import Rng
from tests.engine.toy_game import GAME as TOY

OWN = {"bloc_by_bloc", "block_mania", "not_on_my_block", "space_insurrection", "riot"}
"""The built games that ship their own player."""


def table(game_id: str, factory: players.PlayerFactory, seed: int) -> tuple[object, int]:
    game = REGISTRY[game_id]
    state = game.setup(game.make_options(game.player_counts[0]), seed)
    seats = {s: factory(seed + s) for s in range(len(state.seat_names))}
    return play_out(game, state, seats, Rng.seeded(seed), max_steps=300)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_same_seed_plays_the_same_game(game_id: str) -> None:
    first, moves = table(game_id, random_player, 3)
    again, _ = table(game_id, random_player, 3)
    assert moves > 0 and first == again


def test_each_built_game_s_own_player_is_found_in_its_package() -> None:
    assert {g for g, game in REGISTRY.items() if heuristic(game) is not None} == OWN
    for game_id in OWN:
        module = heuristic(REGISTRY[game_id]).__module__  # type: ignore[union-attr]
        assert module == f"engine.games.{game_id}.player"


def test_a_game_without_its_own_player_gets_the_random_one_or_a_registered_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert heuristic(TOY) is None
    state = TOY.setup(TOY.make_options(2), 2)
    assert player_for(TOY, 4)(players.seen(TOY, state, 0)) == random_player(4)(
        players.seen(TOY, state, 0)
    )

    def highest(seed: int) -> players.Player:
        return lambda seen: max(seen.legal, key=lambda a: a.card)  # type: ignore[attr-defined]

    monkeypatch.setitem(players.HEURISTICS, TOY.id, highest)
    assert player_for(TOY, 4)(players.seen(TOY, state, 0)).card == max(state.hands[0])


def test_a_random_sheet_is_drawn_from_the_sheet_s_own_options() -> None:
    game = REGISTRY["space_insurrection"]
    state = game.setup(game.make_options(2), 0)
    rng = Rng.seeded(0)
    while not any(p.sheet and p.sheet.kind == "moves" for p in game.prompts(state).values()):
        state, _ = play_out(game, state, {0: random_player(1), 1: random_player(2)}, rng, 1)
    seat, prompt = next((s, p) for s, p in game.prompts(state).items() if p.sheet)
    assert prompt.sheet is not None
    written: set[str] = set()
    for sheet in players.seen(game, state, seat, prompt).sheets(rng, 30):
        assert isinstance(sheet, ActionBase)
        for key, value in sheet.chosen().items():  # type: ignore[attr-defined]
            line = prompt.sheet.line(key)
            assert line is not None and value in {o.value for o in line.options}
            written.add(key)
    assert written, "lines are written at random, not all left blank"


@pytest.mark.parametrize(
    ("game_id", "count"),
    [(g, n) for g, game in sorted(REGISTRY.items()) for n in game.player_counts],
)
def test_a_table_of_absent_players_comes_to_an_end(game_id: str, count: int) -> None:
    """Defaults alone, each played for an absent player, end every game (the contract's
    promise, kept by a standstill where nothing else ends it)."""
    game = REGISTRY[game_id]
    state = game.setup(game.make_options(count), 5)
    away = {s: players.default_player(s) for s in range(len(state.seat_names))}
    state, moves = play_out(game, state, away, Rng.seeded(5), max_steps=2000)
    assert game.outcome(state) is not None, f"still running after {moves} defaults"


def test_a_present_player_passing_is_not_taken_for_an_absent_one() -> None:
    """The same defaults chosen by players who are there leave the standstill rule alone."""
    game = REGISTRY["space_insurrection"]
    state = game.setup(game.make_options(2), 5)
    passing = {s: (lambda seen: seen.default) for s in range(2)}
    state, _ = play_out(game, state, passing, Rng.seeded(5), max_steps=40)
    assert game.outcome(state) is None
