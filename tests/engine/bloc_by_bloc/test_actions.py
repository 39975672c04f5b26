"""A faction's turn: dice, basic and advanced actions, stopping, exchanging loot, refusals."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import (
    Accept,
    Allow,
    Barricade,
    Build,
    Decline,
    End,
    Gift,
    Loot,
    Move,
    Stop,
    Swap,
    Trade,
)
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.night import dice_for
from tests.engine.bloc_by_bloc.support import (
    act,
    cleared,
    cleared_with,
    occupy,
    plaza_looted_beside,
    rng_rolling,
    seat_of,
    table,
    texts,
    turn,
)


def test_first_turn_forms_a_bloc_at_start_and_rolls_three_dice() -> None:
    state = table()
    seat = state.current
    assert state.blocs_in_city(seat) == 2
    assert len(state.dice) == 3
    assert [dice_for(n) for n in (5, 6, 8, 9, 10)] == [3, 4, 4, 5, 5]


def test_mob_moves_together_with_one_die() -> None:
    state = cleared()
    state.blocs[0] = {"the-park": 4}
    state, _ = act(
        state, 0, Move(die=1, from_district="the-park", to_district="the-plaza", blocs=4)
    )
    assert state.blocs[0] == {"the-plaza": 4}
    assert [d.used for d in state.dice] == [True, False, False]


def test_mob_crosses_the_city_by_streets_and_metro() -> None:
    state = cleared()
    state.blocs[0] = {"the-projects": 3}
    move = Move(die=2, from_district="the-projects", to_district="commercial-1", blocs=3)
    state, _ = act(state, 0, move)
    assert state.blocs[0] == {"commercial-1": 3}


def test_metro_lockdown_forbids_the_metro() -> None:
    state = cleared_with(
        blocs={"garment-sweatshop": 1}, cops={"the-projects": 1, "privatized-university": 1}
    )
    move = Move(die=1, from_district="garment-sweatshop", to_district="commercial-1")
    GAME.apply(state, 0, move)
    state.lockdowns[0] = ["metro-lockdown-1"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, move)
    assert refused.value.msg.key == "bloc.refuse.move.unreachable"
    assert str(refused.value).startswith(
        "Your blocs cannot reach Commercial District 1 from Garment Sweatshop"
    )


def test_blocs_cannot_leave_or_cross_police_but_may_end_there() -> None:
    state = cleared_with(blocs={"the-park": 1, "street-market": 1}, cops={"the-park": 1})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Move(die=1, from_district="the-park", to_district="the-plaza"))
    assert refused.value.msg.key == "bloc.refuse.move.police"
    # Street Market reaches the Financial District only through The Park (police) or by metro
    # via Commercial District 1; it may end its move in The Park itself.
    state, _ = act(state, 0, Move(die=1, from_district="street-market", to_district="the-park"))
    assert state.blocs[0] == {"the-park": 2}


def test_barricades_stop_at_three_per_connection() -> None:
    state = cleared()
    state.blocs[0] = {"the-park": 1}
    turn(state, 0, [1, 2, 3, 4])
    for die in (1, 2, 3):
        state, _ = act(state, 0, Barricade(die=die, district="the-park", toward="street-market"))
    key = board_of(state.city).between("the-park", "street-market")[0].key
    assert state.barricades == {key: 3}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Barricade(die=4, district="the-park", toward="street-market"))
    assert refused.value.msg.key == "bloc.refuse.barricade.full"


def test_loot_graffiti_then_burn_draws_a_card_each_time() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.rng = rng_rolling(4, 4)
    hand = len(state.hands[0])
    state, _ = act(state, 0, Loot(die=1, district="the-plaza", step="graffiti"))
    assert state.loot_marks["the-plaza"] == [1]
    state, _ = act(state, 0, Loot(die=2, district="the-plaza", step="burn"))
    assert state.loot_marks["the-plaza"] == [2]
    assert len(state.hands[0]) == hand + 2
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Loot(die=3, district="the-plaza", step="burn"))
    assert refused.value.msg.key == "bloc.refuse.loot.no_graffitied"


def test_advanced_actions_need_a_die_at_least_the_difficulty() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    turn(state, 0, [3, 4])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Loot(die=1, district="the-plaza"))
    assert refused.value.msg.key == "bloc.refuse.die.low"
    assert str(refused.value) == "This needs a die of 4 or more; die 1 shows 3."
    state, _ = act(state, 0, Loot(die=2, district="the-plaza"))


def test_build_only_in_own_public_or_state_districts() -> None:
    state = cleared()
    workers = seat_of(state, "workers")
    turn(state, workers, [6, 6, 6])
    state.rng = rng_rolling(4, 4, 4)
    state.blocs[workers] = {"garment-sweatshop": 1, "the-park": 1, "overcrowded-jail": 1}
    state, _ = act(
        state, workers, Build(die=1, district="garment-sweatshop", occupation="assembly-hall")
    )
    state, _ = act(state, workers, Build(die=2, district="the-park", occupation="peoples-kitchen"))
    with pytest.raises(IllegalAction, match="Prisoners"):
        GAME.apply(
            state, workers, Build(die=3, district="overcrowded-jail", occupation="strike-hall")
        )
    assert state.occupations["the-park"].occ == "peoples-kitchen"


def test_swap_example_neighbors_swap_their_own_occupation() -> None:
    state = cleared()
    neighbors = seat_of(state, "neighbors")
    turn(state, neighbors, [6])
    state.rng = rng_rolling(4)
    state.blocs[neighbors] = {"the-projects": 1}
    occupy(state, neighbors, "the-projects", "comrade-cafe")
    swap = Swap(die=1, district="the-projects", occupation="peoples-kitchen")
    state, _ = act(state, neighbors, swap)
    assert state.occupations["the-projects"].occ == "peoples-kitchen"
    assert "comrade-cafe" in state.mat_occupations(neighbors, ("comrade-cafe",))


def test_swap_example_students_replace_prisoners_in_a_public_district() -> None:
    state = cleared()
    students, prisoners = seat_of(state, "students"), seat_of(state, "prisoners")
    turn(state, students, [5])
    state.rng = rng_rolling(4)
    state.blocs[students] = {"street-market": 1}
    occupy(state, prisoners, "street-market", "molotov-factory")
    state, _ = act(
        state, students, Swap(die=1, district="street-market", occupation="hacker-space")
    )
    assert state.occupations["street-market"].seat == students


def test_no_swapping_another_faction_out_of_its_own_district() -> None:
    state = cleared()
    students, prisoners = seat_of(state, "students"), seat_of(state, "prisoners")
    turn(state, students, [6])
    state.blocs[students] = {"overcrowded-jail": 1}
    occupy(state, prisoners, "overcrowded-jail", "molotov-factory")
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(
            state, students, Swap(die=1, district="overcrowded-jail", occupation="hacker-space")
        )
    assert refused.value.msg.key == "bloc.refuse.build.not_yours"


def _contest(stop: bool) -> tuple:
    state = plaza_looted_beside(1, 2)
    prompt = GAME.prompts(state)[1]
    assert prompt.out_of_turn and prompt.default == Allow().model_dump()
    return act(state, 1, Stop() if stop else Allow())


def test_the_faction_with_most_blocs_may_stop_an_advanced_action() -> None:
    state, _ = _contest(stop=True)
    assert state.loot_marks["the-plaza"] == [0]
    assert state.dice[0].used


def test_an_allowed_advanced_action_goes_ahead() -> None:
    state, _ = _contest(stop=False)
    assert state.loot_marks["the-plaza"] == [1]


def test_a_tie_for_most_blocs_stops_nobody() -> None:
    state = plaza_looted_beside(2, 2)
    assert not state.pending and state.loot_marks["the-plaza"] == [1]


def test_standing_choice_never_stop_skips_the_question() -> None:
    from engine.games.bloc_by_bloc.actions import Prefer

    state = cleared()
    state.holders = [0, 1, 2, 3]
    state, _ = act(state, 1, Prefer(setting="stop", value="never"))
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-plaza": 2}
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    assert not state.pending


def test_gift_needs_a_shared_district_and_consent() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-park": 1}
    card = state.hands[0][0]
    other = state.factions[1]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Gift(faction=other, card=card))
    assert refused.value.msg.key == "bloc.refuse.offer.partner"
    state.blocs[1] = {"the-plaza": 1}
    state, events = act(state, 0, Gift(faction=other, card=card))
    assert GAME.prompts(state)[1].default == Decline().model_dump()
    assert all(e.seat == 1 for e in events if card.split("-")[0] in e.text.lower())
    declined, _ = act(state, 1, Decline())
    assert card in declined.hands[0]
    accepted, _ = act(state, 1, Accept())
    assert len(accepted.hands[0]) == 1 and len(accepted.hands[1]) == 3


def test_trade_swaps_one_card_each() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-plaza": 1}
    mine, theirs = state.hands[0][0], state.hands[1][0]
    state, _ = act(state, 0, Trade(faction=state.factions[1], card=mine))
    state, _ = act(state, 1, Accept(card=theirs))
    assert theirs in state.hands[0] and mine in state.hands[1]
    assert len(state.hands[0]) == len(state.hands[1]) == 2


def test_trade_names_the_card_wanted_and_keeps_both_hands_private() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-plaza": 1}
    state.hands[0], state.hands[1] = ["masks"], ["fireworks", "medic-kit"]
    trade = Trade(faction=state.factions[1], card="masks", want="medic-kit")
    assert trade in GAME.legal_actions(state, 0)
    state, events = act(state, 0, trade)
    public = texts([e for e in events if e.seat is None])
    assert "propose a trade" in public
    assert "Masks" not in public and "Medic Kit" not in public
    assert "Medic Kit" in texts([e for e in events if e.seat == 1])
    assert "Masks" in str(GAME.hand_text(state, 1) or "")
    prompt = GAME.prompts(state)[1]
    assert prompt.out_of_turn and prompt.default == Decline().model_dump()
    assert all("Medic" not in c.label and "Masks" not in c.label for c in prompt.choices)
    assert "Medic Kit" not in GAME.view(state, None).model_dump_json()
    assert GAME.legal_actions(state, 1) == [Accept(card="medic-kit"), Decline()]
    with pytest.raises(IllegalAction, match="Medic Kit"):
        GAME.apply(state, 1, Accept(card="fireworks"))
    state, events = act(state, 1, Accept(card="medic-kit"))
    assert state.hands[0] == ["medic-kit"] and sorted(state.hands[1]) == ["fireworks", "masks"]
    assert "accept the trade" in texts([e for e in events if e.seat is None])


def test_a_trade_for_a_card_not_held_can_only_be_declined() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1}
    state.blocs[1] = {"the-plaza": 1}
    state.hands[0], state.hands[1] = ["masks"], ["fireworks"]
    state, _ = act(state, 0, Trade(faction=state.factions[1], card="masks", want="medic-kit"))
    assert GAME.legal_actions(state, 1) == [Decline()]
    with pytest.raises(IllegalAction, match="decline"):
        GAME.apply(state, 1, Accept(card="medic-kit"))
    state, events = act(state, 1, Decline())
    assert state.hands[0] == ["masks"] and "decline the trade" in texts(events)


def test_refused_actions_change_nothing() -> None:
    state = table()
    before = state.model_dump_json()
    seat = state.current
    for action, why in (
        (Move(die=9, from_district="the-park", to_district="the-plaza"), "bloc.refuse.die.none"),
        (
            Build(die=1, district="nowhere", occupation="assembly-hall"),
            "bloc.refuse.not_a_district",
        ),
        (Loot(die=1, district="the-park", step="smash"), "bloc.refuse.loot.step"),
    ):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, action)
        assert refused.value.msg.key == why
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, (seat + 1) % state.seats, End())
    assert refused.value.msg.key == "bloc.refuse.not_their_turn"
    assert state.model_dump_json() == before


def test_reaction_roll_one_calls_a_cop_and_two_draws_police_ops() -> None:
    state = cleared()
    state.blocs[0] = {"the-plaza": 1, "street-market": 1}
    state.rng = rng_rolling(1)
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    assert state.cops == {"the-plaza": 1}
    top = state.police_deck[0]
    state.rng = rng_rolling(2)
    state, _ = act(state, 0, Loot(die=2, district="street-market"))
    assert state.last_police_ops == [top]


def test_peoples_kitchen_gives_an_extra_die_on_a_reaction_six() -> None:
    state = cleared()
    occupy(state, 0, "the-park", "peoples-kitchen")
    state.blocs[0] = {"the-plaza": 1}
    state.rng = rng_rolling(6)
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    assert len(state.dice) == 4


def test_narration_treats_faction_names_as_plural() -> None:
    state = table()
    seat = state.current
    name = state.seat_names[seat]
    state, events = act(state, seat, End())
    text = texts(events)
    assert f"The {name} draw 1 police ops card." in text
    nxt = state.seat_names[state.current]
    assert f"The {nxt} take their turn." in text
    assert "'s turn" not in text and " draws " not in text
