"""A game definition is checked when it is registered, and every registered game has a board."""

from typing import ClassVar, Literal

import pytest
from pydantic import Field

from engine import ActionBase
from engine.games import GAMES, REGISTRY
from engine.games.registry import GameDefinitionError, check, registry
from render import renderer_for
from tests.engine.toy_game import GAME as TOY
from tests.engine.toy_game import SealedBids


def test_every_registered_game_is_sound_and_has_a_board_renderer():
    assert [g.id for g in GAMES] == list(REGISTRY)
    for game in GAMES:
        assert check(game) == []
        assert callable(renderer_for(game.id))


def test_a_game_without_a_board_is_named_at_once():
    with pytest.raises(KeyError, match=r"add render/sealed_bids\.py"):
        renderer_for("sealed_bids")


class Shout(ActionBase):
    summary: ClassVar[str] = ""
    kind: Literal["shout"] = "shout"
    words: list[str] = Field(description="what to shout")
    volume: int


class Broken(SealedBids):
    id = "Sealed Bids!"
    short_name = TOY.short_name
    action_types = (*SealedBids.action_types, Shout)


def test_an_unsound_definition_stops_registration_with_every_problem_named():
    with pytest.raises(GameDefinitionError) as caught:
        registry([TOY, Broken()])
    text = str(caught.value)
    assert "id 'Sealed Bids!' is not a short lowercase name" in text
    assert "action shout has no summary" in text
    assert "field words is not a str or an int" in text
    assert "field volume has no description" in text
    assert f"short name {TOY.short_name} is {TOY.id}'s already" in text


def test_a_game_registered_twice_is_refused():
    with pytest.raises(GameDefinitionError, match="registered twice"):
        registry([TOY, TOY])
