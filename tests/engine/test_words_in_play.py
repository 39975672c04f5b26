"""The particular wording slips seen in real games, each pinned where it happened: refusals that
named the wrong reason or echoed a whole paste back, a move confirmed with a district's whole
crowd, a card played with no word of what it does, morale "rising" to where it was, a reaction
roll with no meaning, an instruction repeated on every Not On My Block post, a three-way tie
told as if one seat had won."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import ActionBase, IllegalAction
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.bloc_by_bloc.actions import (
    Build,
    Card,
    Gift,
    Hack,
    Loot,
    Move,
    Prefer,
    Trade,
)
from engine.games.bloc_by_bloc.police import change_morale
from engine.games.bloc_by_bloc.text import winners_text
from engine.games.not_on_my_block import GAME as NOMB
from engine.games.space_insurrection import GAME as SPACE
from engine.games.space_insurrection import victory
from engine.words import excerpt, quoted
from tests.engine.bloc_by_bloc.support import act, cleared, put_cops, rng_rolling, texts, turn
from tests.engine.defaults import default_action
from tests.engine.not_on_my_block.support import act_events, position
from tests.engine.space_insurrection.support import blank, loyal

PASTE = "x" * 41 + " and then a whole paragraph pasted by mistake " * 5


def refusal(game: Any, state: Any, seat: int, action: ActionBase | dict[str, Any]) -> str:
    if isinstance(action, dict):
        with pytest.raises(IllegalAction) as parsed:
            game.apply(state, seat, game.parse_action(action))
        return str(parsed.value)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, action)
    return str(refused.value)


# ----- the shared helpers -----------------------------------------------------------------------


def test_an_excerpt_of_input_is_one_short_line():
    assert excerpt("red9") == "red9" and quoted("red9") == '"red9"'
    clipped = excerpt(PASTE)
    assert len(clipped) == 40 and clipped.endswith("…")
    assert excerpt("two\nlines") == "two lines"


# ----- Bloc by Bloc: refusals -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_beginner_game_refused_for_its_real_reason_at_every_count(players: int):
    """The lobby tries each player count and shows the first refusal: a table that chose the
    semi-cooperative mode and then the beginner game hears that the beginner game is
    cooperative, not a rule about 2 players it never chose."""
    with pytest.raises(IllegalAction) as refused:
        BLOC.make_options(players, mode="semi_cooperative", beginner=True)
    assert "beginner game" in str(refused.value) and "2 players" not in str(refused.value)
    assert BLOC.make_options(3, beginner=True).beginner


def test_a_die_that_does_not_exist_is_named_with_the_dice_there_are():
    state = cleared()
    turn(state, 0, [5, 3, 2])
    state.dice[1].used = True
    message = refusal(BLOC, state, 0, Hack(die=99))
    assert message == "There is no die 99: you rolled 3 dice; unused: die 1 (5) and die 3 (2)."
    assert "Hacker Space" in refusal(BLOC, state, 0, Hack(die=1)), "a real die: the real reason"
    message = refusal(BLOC, state, 0, Move(die=2, from_district="the-park", to_district="x"))
    assert "die" in message.lower() or "district" in message.lower()


def test_a_used_die_names_the_unused_ones():
    state = cleared()
    turn(state, 0, [5, 3, 2])
    state.dice[1].used = True
    state.blocs[0] = {"the-park": 1}
    move = Move(die=2, from_district="the-park", to_district="the-plaza")
    message = refusal(BLOC, state, 0, move)
    assert message == "Die 2 is already used. Unused: die 1 (5) and die 3 (2)."


@pytest.mark.parametrize(
    "action",
    [
        Move(die=1, from_district=PASTE, to_district="the-plaza"),
        Build(die=1, district="the-park", occupation=PASTE),
        Trade(faction="neighbors", card="masks", want=PASTE),
        Gift(faction=PASTE, card="masks"),
        Card(card="masks", district=PASTE),
        Loot(die=1, district="the-park", step=PASTE),
        {"kind": "move", "die": PASTE, "from_district": "the-park", "to_district": "the-plaza"},
        {"kind": PASTE},
    ],
    ids=["district", "occupation", "wanted", "faction", "card district", "step", "die", "kind"],
)
def test_a_bloc_refusal_repeats_at_most_a_short_excerpt_of_input(action: Any):
    state = cleared()
    state.blocs[0] = {"the-park": 1, "the-plaza": 1}
    state.blocs[1] = {"the-plaza": 1}
    state.hands[0] = ["masks"]
    message = refusal(BLOC, state, 0, action)
    assert "x" * 41 not in message and "pasted" not in message
    assert len(message) < 300


# ----- Bloc by Bloc: labels and narration --------------------------------------------------------


def test_a_move_is_confirmed_in_a_short_specific_label():
    state = cleared()
    state.blocs[0] = {"overcrowded-jail": 3}
    state.blocs[1] = {"underfunded-high-school": 2}
    move = Move(
        die=1, from_district="overcrowded-jail", to_district="underfunded-high-school", blocs=2
    )
    label = str(BLOC.describe(state, move))
    assert label == "Move 2 blocs Overcrowded Jail → Underfunded High School (die 1)"
    assert str(
        BLOC.describe(state, Move(die=0, from_district="the-park", to_district="the-plaza"))
    ) == ("Move 1 bloc The Park → The Plaza (free move)")


def test_every_loot_card_played_on_a_turn_says_what_it_does():
    state = cleared()
    state.hands[0] = ["masks", "bicycles", "energy-drinks", "molotovs-1", "bolt-cutters"]
    state.blocs[0] = {"the-park": 1}
    put_cops(state, "the-park", 1)
    for card in list(state.hands[0]):
        state, events = act(state, 0, Card(card=card))
        public = [e.text for e in events if e.seat is None]
        assert len(public) >= 2, f"{card}: {public}"
        assert public[0].startswith("The Students play ")


def test_masks_are_narrated_and_then_spare_the_roll():
    state = cleared()
    state.hands[0] = ["masks"]
    state.blocs[0] = {"the-plaza": 1}
    state, events = act(state, 0, Card(card="masks"))
    assert texts(events) == (
        "The Students play Masks.\nThe Students cover their faces: their next reaction roll is "
        "skipped."
    )
    state.rng = rng_rolling(1)
    state, events = act(state, 0, Loot(die=1, district="the-plaza"))
    assert "Masks: the Students skip the reaction roll this time." in texts(events)


def test_a_reaction_roll_says_what_it_means():
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.rng = rng_rolling(4)
    state, events = act(state, 0, Loot(die=1, district="the-plaza"))
    assert "Reaction roll for the Students in The Plaza: 4, the police do not react." in texts(
        events
    )


def test_morale_moving_within_one_label_does_not_rise_to_where_it_was():
    state = cleared()
    state.morale = 0
    assert [e.text for e in change_morale(state, 1)] == [
        "Police morale rises a step on its track but stays Timid."
    ]
    assert [e.text for e in change_morale(state, 1)] == [
        "Police morale rises to Confident: 2 ops cards a turn from now on."
    ]
    state.morale = 0
    assert "stays Timid" in change_morale(state, -1)[0].text


def test_a_standing_choice_is_told_in_the_channel_as_a_sentence():
    state = cleared()
    state, events = act(state, 2, Prefer(setting="stop", value="never"))
    public = [e.text for e in events if e.seat is None]
    assert public == ["The Prisoners change one of their standing choices."]
    assert str(BLOC.describe(state, Prefer(setting="stop", value="never"))).startswith(
        "Standing choice"
    )


def test_the_turn_prompt_counts_its_dice():
    state = cleared()
    turn(state, 0, [4])
    assert BLOC.prompts(state)[0].text.startswith("Your turn: 1 action die left. Use it,")


# ----- Not On My Block ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "move", "piece": PASTE, "to": "C5"},
        {"kind": "move", "piece": "agent1", "to": PASTE},
        {"kind": "suppress", "agent": PASTE, "to": "C5"},
        {"kind": "develop", "store": PASTE},
        {"kind": "protect", "apartment": PASTE, "center": "C7"},
    ],
    ids=["piece", "block", "agent", "store", "apartment"],
)
def test_a_nomb_refusal_repeats_at_most_a_short_excerpt_of_input(fields: dict[str, Any]):
    state = position(2, apartments={"C4": "red"})
    message = refusal(NOMB, state, 0, fields)
    assert "x" * 41 not in message and "pasted" not in message
    assert len(message) < 300


def test_the_developer_hears_how_to_play_once_then_only_the_moves_left():
    state = NOMB.setup(NOMB.make_options(2), 0)
    while state.phase == "placement":
        (seat,) = NOMB.prompts(state)
        state = NOMB.apply(state, seat, default_action(NOMB, state, seat)).state
    first = NOMB.prompts(state)[0].text
    assert first.startswith("8 moves left across your agents. Step onto an apartment")
    state, _ = act_events(state, 0, kind="move", piece="agent1", to="E4")
    assert NOMB.prompts(state)[0].text == "7 moves left across your agents."
    state.dev_moves = 1
    assert NOMB.prompts(state)[0].text == "1 move left across your agents."
    state.dev_moves, state.round = 8, 2
    assert NOMB.prompts(state)[0].text == "8 moves left across your agents."


# ----- ties ----------------------------------------------------------------------------------


def test_a_tie_is_told_as_a_shared_win_with_every_winner_named():
    state = blank(3, last_turn=10)
    state.turn, state.busy = 10, True
    for world, seat in (("aldebar", 0), ("borealis", 1), ("cassiopia", 2)):
        loyal(state, world, seat)
    victory.judge(state)
    outcome = SPACE.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1, 2]
    assert outcome.reason == (
        "The last turn is over: Red, Blue and Yellow hold the most loyal worlds (1 world) "
        "and share the win."
    )
    bloc = cleared()
    assert str(winners_text(bloc, [0, 1])) == "The Students and the Neighbors share the win."
    assert str(winners_text(bloc, [3])) == "The Workers win."
