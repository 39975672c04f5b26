"""Hidden information stays hidden; games replay exactly from their action log."""

from __future__ import annotations

import random

from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.decks import draw_loot
from tests.engine.bloc_by_bloc.support import cleared, put_cops, table


def test_spectator_view_hides_hands_agendas_and_manifestations() -> None:
    state = table(mode="semi_cooperative", city="random")
    spectator = GAME.view(state, None).model_dump_json()
    assert all(agenda not in spectator for agenda in state.agendas if agenda)
    loot_ids = {c for hand in state.hands for c in hand}
    assert all(f'"{c}"' not in spectator for c in loot_ids)
    cards = [cell.manifestation for row in state.city.rows for cell in row if cell.manifestation]
    assert all(c not in spectator for c in cards)
    assert all(c not in spectator for c in state.police_deck)


def test_a_seat_sees_its_own_hand_and_agenda_only() -> None:
    state = table(mode="semi_cooperative")
    mine = GAME.view(state, 0)
    assert mine.hand == state.hands[0] and mine.agenda == state.agendas[0]
    assert [f.hand_size for f in mine.factions] == [2, 2, 2, 2]
    text = str(GAME.hand_text(state, 0))
    assert state.seat_names[0] in text and load_content().agendas[state.agendas[0]].name in text


def test_draws_announce_the_count_publicly_and_the_cards_privately() -> None:
    state = table()
    drawn, events = draw_loot(state, 1, 2)
    public = [e for e in events if e.seat is None]
    private = [e for e in events if e.seat == 1]
    assert "2 loot cards" in public[0].text
    names = [load_content().loot[c].name for c in drawn]
    assert all(n not in public[0].text for n in names if n not in state.seat_names[1])
    assert all(n in private[0].text for n in names)


def test_public_events_of_a_whole_game_never_name_a_held_card() -> None:
    state = table(seed=5)
    rnd = random.Random(5)
    loot = load_content().loot
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.prompts(state)))
        result = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
        for event in result.events:
            if event.seat is None and "draw" in event.text:
                assert not any(card.name in event.text for card in loot.values())
        state = result.state


def test_same_seed_and_actions_replay_to_the_same_state() -> None:
    rnd = random.Random(9)
    state = GAME.setup(GAME.make_options(3, mode="semi_cooperative"), 9)
    log = []
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.prompts(state)))
        action = rnd.choice(GAME.legal_actions(state, seat))
        log.append((seat, action.to_text()))
        state = GAME.apply(state, seat, action).state
    replay = GAME.setup(GAME.make_options(3, mode="semi_cooperative"), 9)
    for seat, text in log:
        replay = GAME.apply(replay, seat, GAME.parse_action(text)).state
    assert replay.model_dump_json() == state.model_dump_json()
    assert GAME.state_type.model_validate_json(state.model_dump_json()) == state


def test_out_of_turn_prompts_have_defaults() -> None:
    rnd = random.Random(2)
    state = table(seed=2)
    for _ in range(600):
        if GAME.outcome(state) is not None:
            break
        prompts = GAME.prompts(state)
        for seat, prompt in prompts.items():
            if prompt.out_of_turn:
                assert prompt.default is not None
                GAME.apply(state, seat, GAME.parse_action(prompt.default))
        seat = rnd.choice(sorted(prompts))
        state = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat))).state


def test_district_labels_count_every_faction_whoever_reads_them() -> None:
    state = cleared()
    state.blocs[0] = {"the-park": 2}
    state.blocs[1] = {"the-park": 1}
    put_cops(state, "the-park", 2)
    first, second = state.seat_names[0], state.seat_names[1]
    label = str(GAME.label_value(state, "defeat", "district", "the-park"))
    assert label == f"The Park (3 blocs: {first} 2, {second} 1; 2 cops)"
    assert "your" not in label
    assert str(GAME.label_value(state, "move", "to_district", "the-plaza")) == "The Plaza"
