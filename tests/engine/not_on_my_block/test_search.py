"""Not On My Block's returns: the Developer's win is its own; four-player Residents share
their win and the ranking's winner gets the most (rulebook: most apartments still on the
board, then most protected); a standstill is worth nothing."""

from __future__ import annotations

from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.state import NombState
from engine.rng import Rng


def ended(players: int, statuses: dict[str, list[str]]) -> NombState:
    """A game whose apartments of each colour have the given statuses."""
    state = GAME.setup(GAME.make_options(players), 1)
    state.phase = "play"
    for colour, marks in statuses.items():
        mine = [a for a in state.apartments if a.colour == colour]
        for apartment, status in zip(mine, marks, strict=True):
            apartment.status = status  # type: ignore[assignment]
    return state


def test_the_residents_share_a_win_that_red_takes() -> None:
    """Red keeps three apartments on the board, Blue two, Yellow one: five are protected."""
    state = ended(
        4,
        {
            "red": ["protected", "protected", "standing"],
            "blue": ["protected", "protected", "pushed"],
            "yellow": ["protected", "pushed", "pushed"],
        },
    )
    assert GAME.returns(state) == [0.0, 1.0, 0.5, 0.5]


def test_the_developers_win_is_its_own() -> None:
    state = ended(
        4,
        {
            "red": ["pushed", "pushed", "standing"],
            "blue": ["pushed", "surrounded", "standing"],
            "yellow": ["pushed", "standing", "standing"],
        },
    )
    assert GAME.returns(state) == [1.0, 0.0, 0.0, 0.0]


def test_two_players_win_or_lose_outright() -> None:
    state = ended(2, {"red": ["protected"] * 3, "blue": ["protected"] * 2 + ["standing"]})
    assert GAME.returns(state) == [0.0, 1.0]
    assert GAME.returns(GAME.setup(GAME.make_options(2), 1)) is None


def test_a_standstill_is_worth_nothing() -> None:
    state = GAME.setup(GAME.make_options(4), 1)
    state.phase, state.idle_turns = "play", 4
    assert GAME.returns(state) == [0.0, 0.0, 0.0, 0.0]


def test_nothing_is_hidden_but_the_dice() -> None:
    """A determinized game is the same game with another generator."""
    state = GAME.setup(GAME.make_options(4), 1)
    sample = GAME.determinize(state, 2, Rng.seeded(9))
    assert sample.rng != state.rng
    assert sample.model_copy(update={"rng": state.rng}) == state
