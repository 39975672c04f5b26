"""The generic fuzzer (`python -m tests.fuzz`) finds nothing wrong with any registered game, and
does find what is wrong with a broken one: toy games that refuse their own legal action, that
stop prompting before they end, that never end, that crash, or whose view cannot be written as
JSON."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.core import ActionBase, Event, IllegalAction, Prompt
from engine.games import REGISTRY
from tests import fuzz
from tests.engine.toy_game import Bid, BidState, SealedBids
from tests.engine.toy_words import words

SHORT_BUSY = 300
"""Random moves in the quick run of each game: a few seconds, then defaults to the end."""


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_short_fuzz_of_every_registered_game_finds_nothing(game_id: str) -> None:
    assert fuzz.fuzz(REGISTRY[game_id], games=2, seed=11, busy=SHORT_BUSY) == []


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_short_fuzz_with_every_game_s_own_players_finds_nothing(game_id: str) -> None:
    assert fuzz.fuzz(REGISTRY[game_id], games=1, seed=12, busy=SHORT_BUSY, own=True) == []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_long_fuzz_of_every_registered_game_finds_nothing(game_id: str) -> None:
    game = REGISTRY[game_id]
    assert fuzz.fuzz(game, games=3 * len(game.player_counts), seed=100) == []


class RefusesItsHighestCard(SealedBids):
    """Lists every card in hand as a bid, then refuses a bid of the highest."""

    def _apply(self, state: BidState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if isinstance(action, Bid) and action.card == max(state.hands[seat]):
            raise IllegalAction(words("Not that one."))
        return super()._apply(state, seat, action, absent)


class StopsAfterTheFirstRound(SealedBids):
    """Asks nobody anything from the second round on, though the game is not over."""

    def _prompts(self, state: BidState) -> dict[int, Prompt]:
        return {} if state.round > 1 else super()._prompts(state)


class NeverEnds(SealedBids):
    """Every bid card goes back to its hand and the rounds never advance."""

    def _apply(self, state: BidState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        events = super()._apply(state, seat, action, absent)
        if isinstance(action, Bid):
            state.hands[seat] = sorted([*state.hands[seat], action.card])
        state.round = 1
        return events


class CrashesInTheSecondRound(SealedBids):
    def view(self, state: BidState, seat: int | None) -> Any:
        if state.round > 1:
            raise KeyError("board")
        return super().view(state, seat)


class _Unwritable(BaseModel):
    held: Any


class ViewNotJsonInTheSecondRound(SealedBids):
    """Shows something JSON cannot hold once the first round is over."""

    def view(self, state: BidState, seat: int | None) -> Any:
        if state.round > 1:
            return _Unwritable(held=object())
        return super().view(state, seat)


@pytest.mark.parametrize(
    ("broken", "kind", "detail"),
    [
        (RefusesItsHighestCard(), "refused", "a listed legal action"),
        (StopsAfterTheFirstRound(), "dead end", "nobody is prompted"),
        (NeverEnds(), "endless", "no outcome after 300 moves"),
        (CrashesInTheSecondRound(), "crash", "view raised KeyError"),
        (ViewNotJsonInTheSecondRound(), "invariant", "is not JSON"),
    ],
    ids=["refuses-legal", "dead-end", "endless", "crash", "view-not-json"],
)
def test_the_fuzzer_reports_a_broken_game(broken: SealedBids, kind: str, detail: str) -> None:
    problems = fuzz.fuzz(broken, games=4, seed=1, cap=300)
    assert problems, "a broken game is reported"
    assert {p.kind for p in problems} == {kind}
    assert all(detail in p.detail for p in problems), problems
    assert all(p.game == "sealed_bids" for p in problems)


def test_the_sound_toy_game_passes_and_the_command_line_fails_only_on_problems(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(fuzz.REGISTRY, "sealed_bids", SealedBids())
    assert fuzz.main(["--game", "sealed_bids", "--games", "5"]) == 0
    monkeypatch.setitem(fuzz.REGISTRY, "sealed_bids", StopsAfterTheFirstRound())
    assert fuzz.main(["--game", "sealed_bids", "--games", "2", "--seed", "4"]) == 1
    out = capsys.readouterr().out
    assert "sealed_bids seed 4 step" in out and "dead end" in out
