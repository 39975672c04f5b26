"""Set-up, turn order, views, text and determinism of Not On My Block."""

import pytest

from engine.core import IllegalAction
from engine.games import REGISTRY
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.board import load_board
from tests.engine.not_on_my_block.support import act, position


def test_the_game_is_registered():
    assert REGISTRY["not_on_my_block"] is GAME


def test_identity_cards_are_shuffled_into_a_random_seat_assignment():
    seen = set()
    for seed in range(20):
        state = GAME.setup(GAME.make_options(4), seed)
        assert sorted(state.holders) == [0, 1, 2, 3]
        seen.add(tuple(state.holders))
    assert len(seen) > 5


def test_seat_names_for_four_and_two_players():
    assert GAME.setup(GAME.make_options(4), 1).seat_names == [
        "Developer",
        "Red Resident",
        "Blue Resident",
        "Yellow Resident",
    ]
    assert GAME.setup(GAME.make_options(2), 1).seat_names == ["Developer", "Resident"]


def test_only_two_or_four_players_can_play():
    with pytest.raises(IllegalAction) as refused:
        GAME.make_options(3)
    assert refused.value.msg.key == "core.invalid_field"
    assert str(refused.value) == 'players: "3" is not one of its choices: 2 and 4'


def test_every_rep_and_agent_begins_on_start():
    state = GAME.setup(GAME.make_options(4), 1)
    assert set(state.reps.values()) == {"E5"} and len(state.reps) == 9
    assert set(state.agents.values()) == {"E5"} and len(state.agents) == 6


def test_four_player_residents_place_one_apartment_each_in_turn():
    state = GAME.setup(GAME.make_options(4), 1)
    order = []
    blocks = iter(["A1", "B1", "C1", "D1", "F1", "G1", "H1", "I1", "A2"])
    while state.phase == "placement":
        (seat,) = GAME.prompts(state)
        order.append(seat)
        colour = state.seat_names[seat].split()[0].lower()
        state = act(state, seat, kind="place", colour=colour, block=next(blocks))
    assert order == [1, 2, 3] * 3
    assert GAME.prompts(state).keys() == {0}, "the Developer plays first once all are placed"


def test_a_resident_places_only_their_own_colour():
    state = GAME.setup(GAME.make_options(4), 1)
    with pytest.raises(IllegalAction, match="You place red apartments"):
        act(state, 1, kind="place", colour="blue", block="A1")


def test_two_player_resident_places_all_nine_apartments():
    state = GAME.setup(GAME.make_options(2), 1)
    blocks = ["A1", "B1", "C1", "D1", "F1", "G1", "H1", "I1", "A2"]
    for i, at in enumerate(blocks):
        assert GAME.prompts(state).keys() == {1}
        state = act(state, 1, kind="place", colour=["red", "blue", "yellow"][i % 3], block=at)
    assert state.phase == "play" and state.active == 0 and state.dev_moves == 8


def test_faq_resident_1_apartments_may_be_placed_on_risk_zones():
    state = GAME.setup(GAME.make_options(2), 1)
    state = act(state, 1, kind="place", colour="red", block="B6")
    assert state.apartments[0].at == "B6"


@pytest.mark.parametrize(
    ("block", "why"),
    [("E5", "Start"), ("E8", "Store"), ("C7", "Community Center"), ("A1", "not one")],
)
def test_apartments_go_only_on_free_empty_blocks_or_risk_zones(block, why):
    state = GAME.setup(GAME.make_options(2), 1)
    state = act(state, 1, kind="place", colour="red", block="A1")
    with pytest.raises(IllegalAction, match=why):
        act(state, 1, kind="place", colour="blue", block=block)


def test_turns_go_developer_then_red_blue_yellow_and_reset_moves():
    state = position(4, apartments={"A1": "red", "B1": "blue", "C1": "yellow"})
    order = []
    for _ in range(4):
        order.append(state.active)
        state = act(state, state.active, kind="end")
    assert order == [0, 1, 2, 3]
    assert state.active == 0 and state.dev_moves == 8 and state.round == 2


def test_a_turn_ends_by_itself_when_only_ending_is_left():
    state = position(2, apartments={"A1": "red"}, reps={"red1": "A2"}, active=1)
    state.rep_moves = {"red": 1, "blue": 0, "yellow": 0}
    state = act(state, 1, kind="move", piece="red1", to="A3")
    assert state.active == 0


def test_acting_out_of_turn_is_refused_and_changes_nothing():
    state = position(2, apartments={"A1": "red"})
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="not Resident's turn"):
        act(state, 1, kind="end")
    assert state.model_dump_json() == before


def test_view_carries_everything_a_renderer_draws():
    state = position(
        4,
        apartments={"C4": "red", "D6": "blue"},
        protected={"A1": "yellow"},
        reps={"red1": "C4", "blue1": "C4"},
        agents={"agent2": "E8"},
        luxury=["C3"],
        luxury_stores=["H7"],
    )
    view = GAME.view(state, None)
    assert (view.width, view.height, view.start) == (9, 9, "E5")
    assert len(view.blocks) == 81 and view.blocks[0].at == "A9"
    kinds = {b.at: (b.type, b.gentrified, b.risk_zone) for b in view.blocks}
    assert kinds["C3"] == ("empty", "luxury_housing", False)
    assert kinds["H7"] == ("store", "luxury_store", False)
    assert kinds["C7"] == ("center", "", False) and kinds["D6"] == ("risk", "", True)
    apts = {a.at: a for a in view.apartments if a.at}
    assert apts["C4"].temporarily_protected
    assert apts["A1"].status == "protected"
    assert {p.id: p.at for p in view.agents}["agent2"] == "E8"
    assert str(view.active_name) == "Developer" and view.developer_moves_left == 8
    assert view.protected == 1 and view.developer_score == 0 and view.goal == 5
    assert view.seats[1].colours == ["red"] and view.pending is None


def test_text_helpers_are_friendly():
    state = position(
        2, apartments={"C4": "red"}, reps={"red2": "C3"}, luxury=["D3"], agents={"agent1": "C5"}
    )
    state.active, state.rep_moves = 1, {"red": 4, "blue": 4, "yellow": 4}
    move = GAME.parse_action({"kind": "move", "piece": "red2", "to": "D3"})
    assert str(GAME.describe(state, move)) == "Red rep 2 C3 → D3 (2 moves, Luxury)"
    push = GAME.parse_action({"kind": "move", "piece": "agent1", "to": "C4"})
    assert str(GAME.describe(state, push)) == "Agent 1 C5 → C4: push red apartment down"
    assert str(GAME.label_value(state, "move", "piece", "red2")) == "Red rep 2 (at C3)"
    assert str(GAME.label_value(state, "move", "to", "D3")) == "D3 (Luxury Housing)"
    assert "Moves left: red 4, blue 4, yellow 4" in str(GAME.status_text(state, None))


def test_every_accepted_action_is_narrated():
    state = position(2, apartments={"C4": "red"}, agents={"agent1": "C5"})
    result = GAME.apply(
        state, 0, GAME.parse_action({"kind": "move", "piece": "agent1", "to": "C4"})
    )
    texts = [e.text for e in result.events]
    assert texts[0] == "Agent 1 moves C5 → C4 and pushes down."
    assert "C4 becomes Luxury Housing." in texts
    assert all(e.seat is None for e in result.events)


def test_same_seed_and_actions_give_the_same_game_and_the_log_replays():
    def play(seed: int) -> tuple[object, list[str]]:
        state = GAME.setup(GAME.make_options(4), seed)
        log = []
        for step in range(120):
            seat = next(iter(GAME.prompts(state)))
            actions = GAME.legal_actions(state, seat)
            action = actions[(step * 7919) % len(actions)]
            log.append((seat, action.to_text()))
            state = GAME.apply(state, seat, action).state
        return state, log

    first, log = play(11)
    again, _ = play(11)
    assert first.model_dump_json() == again.model_dump_json()
    replay = GAME.setup(GAME.make_options(4), 11)
    for seat, line in log:
        replay = GAME.apply(replay, seat, GAME.parse_action(line)).state
    assert replay.model_dump_json() == first.model_dump_json()
    assert GAME.state_type.model_validate_json(first.model_dump_json()) == first


def test_the_board_file_is_validated_and_every_item_marked_reconstructed():
    board = load_board()
    assert board.provenance == "reconstructed"
    assert all(b.provenance == "reconstructed" for b in board.blocks)
    assert len(board.of_type("store")) == 4 and len(board.of_type("center")) == 2
    bad = '{"name":"x","provenance":"reconstructed","width":5,"height":5,"blocks":[]}'
    with pytest.raises(ValueError, match="exactly one start"):
        load_board(bad)
