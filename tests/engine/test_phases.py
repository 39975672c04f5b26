"""Phase keys and turn numbers over seeded games: a client keeps one message per phase key, so
a key must hold while a phase passes between players and must never come back once the game
has moved on; the turn number counts the whole table's turns for headers and per-turn figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby, pairwise
from typing import Any

import pytest

from engine import Game
from engine.core import Prompt, Termination
from engine.games import REGISTRY
from engine.players import play_step, player_for
from engine.rng import Rng
from tests.engine.toy_game import GAME as TOY
from tests.engine.toy_game import BidOptions, BidState, SealedBids


@dataclass(frozen=True)
class Step:
    key: str | None
    actors: frozenset[int]
    turn: int


@dataclass(frozen=True)
class Played:
    steps: list[Step]
    state: Any
    game: Game[Any, Any]

    def runs(self) -> list[list[Step]]:
        """The steps grouped by phase key, in the order the phases came."""
        return [list(group) for _, group in groupby(self.steps, key=lambda s: s.key)]

    def phase(self, key: str) -> list[Step]:
        return [s for s in self.steps if s.key == key]


def play(game_id: str, players: int, seed: int, **options: Any) -> Played:
    """A seeded game to its end by the game's own players, recording before every move who is
    asked, in which phase, in which turn."""
    game = REGISTRY[game_id]
    state = game.setup(game.make_options(players, **options), seed)
    seats = {s: player_for(game, seed * 7 + s) for s in range(len(state.seat_names))}
    rng = Rng.seeded(seed)
    steps: list[Step] = []
    while game.outcome(state) is None:
        assert len(steps) < 5000, "the seeded game should end"
        prompts = game.prompts(state)
        keys = {p.phase for p in prompts.values()}
        assert len(keys) == 1, f"prompts asked at once are in one phase, not {keys}"
        steps.append(Step(keys.pop(), frozenset(prompts), game.turn_number(state)))
        state = play_step(game, state, seats, rng)[1].state
    return Played(steps, state, game)


TABLES = {
    "space_insurrection": (3, 1, {"last_turn": 10}),
    "bloc_by_bloc": (4, 5, {}),
    "not_on_my_block_4": (4, 1, {}),
    "not_on_my_block_2": (2, 1, {}),
}


@pytest.fixture(scope="module", params=sorted(TABLES))
def played(request: pytest.FixtureRequest) -> Played:
    players, seed, options = TABLES[request.param]
    return play(request.param.removesuffix("_4").removesuffix("_2"), players, seed, **options)


def test_a_phase_once_left_never_comes_back_and_lies_in_one_turn(played: Played) -> None:
    runs = played.runs()
    keys = [run[0].key for run in runs]
    assert None not in keys
    assert len(keys) == len(set(keys)), "two distinct phases share a key"
    for run in runs:
        assert len({s.turn for s in run}) == 1, f"phase {run[0].key} spans two turns"


def test_turn_numbers_start_at_one_and_never_go_down(played: Played) -> None:
    turns = [s.turn for s in played.steps]
    assert turns[0] == 1
    assert all(a <= b for a, b in pairwise(turns))
    assert played.game.turn_number(played.state) >= turns[-1]


def test_space_insurrection_shows_a_turn_in_one_phase_its_actions_passing_hands() -> None:
    played = play("space_insurrection", 3, 1, last_turn=10)
    outcome = played.game.outcome(played.state)
    assert outcome is not None and outcome.termination == Termination.TIME_LIMIT
    assert played.game.turn_number(played.state) == 10
    for turn in range(1, 11):
        assert {s.key for s in played.steps if s.turn == turn} == {f"turn {turn}"}
    turn = played.phase("turn 5")
    assert any(len(s.actors) == 3 for s in turn), "every seat writes orders at once"
    actors = [next(iter(s.actors)) for s in turn if len(s.actors) == 1]
    assert len(set(actors)) > 1, "the actions pass between seats in the turn's phase"


def test_bloc_by_bloc_keeps_districts_turns_and_sunrises_in_a_phase_each() -> None:
    played = play("bloc_by_bloc", 4, 5)
    outcome = played.game.outcome(played.state)
    assert outcome is not None and outcome.termination == Termination.TIME_LIMIT
    assert played.game.turn_number(played.state) == 8  # the default scenario's nights
    setup = played.phase("setup")
    assert [len(s.actors) for s in setup] == [4, 3, 2, 1], "one phase for every pick"
    for night in range(1, 9):
        keys = {s.key for s in played.steps if s.turn == night} - {"setup"}
        turns = {f"night-{night}-turn-{t}" for t in range(1, 5)}
        assert keys <= turns | {f"night-{night}-sunrise"}
    sunrises = [played.phase(f"night-{night}-sunrise") for night in range(1, 9)]
    assert any(sunrises), "a sunrise card window or choice was asked, in its night's phase"
    interrupted = [
        run
        for run in played.runs()
        if "turn" in str(run[0].key) and len({a for s in run for a in s.actors}) > 1
    ]
    assert interrupted, "answers asked of others during a turn stay in the turn's phase"


@pytest.mark.parametrize("players", [2, 4])
def test_not_on_my_block_places_in_one_phase_and_counts_rounds_by_developer_turns(
    players: int,
) -> None:
    played = play("not_on_my_block", players, 1)
    placing = {a for s in played.phase("placement") for a in s.actors}
    assert placing == set(range(1, players)), "every Resident places in the one phase"
    developer_turns = {s.key for s in played.steps if s.key and s.key.endswith("seat-0")}
    assert played.game.turn_number(played.state) == len(developer_turns)


# ----- the decision serial and the contract ------------------------------------------------


class CountedBids(SealedBids):
    """Sealed Bids whose bidding phase is keyed by how many bids are in: a key that changes
    while a seat that has not bid yet faces the very same question."""

    def _prompts(self, state: BidState) -> dict[int, Prompt]:
        prompts = super()._prompts(state)
        for prompt in prompts.values():
            prompt.phase = f"round {state.round}, {sum(b is not None for b in state.bids)} in"
        return prompts


@pytest.mark.parametrize("quiet", [False, True])
def test_a_new_phase_key_alone_keeps_a_seats_decision(quiet: bool) -> None:
    game = CountedBids()
    state = game.setup(BidOptions(players=3), seed=4)
    before = game.prompts(state)
    card = min(state.hands[0])
    bid = game.parse_action({"kind": "bid", "card": card})
    result = game.apply(state, 0, bid, quiet=quiet, prompts=before if quiet else None)
    after = game.prompts(result.state)
    assert after[1].phase != before[1].phase
    assert after[1].decision == before[1].decision, "a button posted for it still answers"
    assert after[2].decision == before[2].decision


def test_a_game_without_turn_numbers_cannot_be_made() -> None:
    body = {k: v for k, v in vars(SealedBids).items() if k != "turn_number"}
    no_turns = type("NoTurns", (Game,), body)
    with pytest.raises(TypeError, match="turn_number"):
        no_turns()
    assert TOY.turn_number(TOY.setup(BidOptions(), seed=1)) == 1
