"""Decision identities: every prompt carries an id that moves on when its seat answers or the
decision is replaced, and stays put while other seats act, so a button can be bound to it."""

from engine.games import REGISTRY
from tests.engine.toy_game import GAME, Bid, BidState


def new_game(players: int = 3) -> BidState:
    return GAME.setup(GAME.make_options(players), 1)


def test_a_seat_that_acts_gets_a_new_decision_even_when_its_next_prompt_reads_the_same():
    nomb = REGISTRY["not_on_my_block"]
    state = nomb.setup(nomb.make_options(players=2), 3)
    seat, prompt = next(iter(nomb.prompts(state).items()))
    action = nomb.legal_actions(state, seat)[0]
    after = nomb.apply(state, seat, action).state
    again = nomb.prompts(after).get(seat)
    assert again is not None, "placement continues with the same seat"
    assert again.decision != prompt.decision


def test_another_seats_open_decision_keeps_its_id_while_someone_else_acts():
    state = new_game()
    ids = {s: p.decision for s, p in GAME.prompts(state).items()}
    state = GAME.apply(state, 1, Bid(card=state.hands[1][0])).state
    now = GAME.prompts(state)
    assert 1 not in now
    assert now[0].decision == ids[0] and now[2].decision == ids[2]


def test_a_decision_that_appears_has_an_id_no_earlier_button_of_that_seat_carried():
    state = new_game(players=2)
    seen = {s: {p.decision} for s, p in GAME.prompts(state).items()}
    for _ in range(6):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat, prompt = min(prompts.items())
        if prompt.choices:
            action = GAME.parse_action(prompt.choices[0].action)
        else:
            action = Bid(card=state.hands[seat][0])
        state = GAME.apply(state, seat, action).state
        for s, p in GAME.prompts(state).items():
            if s == seat:
                assert p.decision not in seen.setdefault(s, set())
            seen.setdefault(s, set()).add(p.decision)


def test_decision_ids_are_part_of_the_state_and_replay_identically():
    state = new_game()
    for seat in (0, 1, 2):
        state = GAME.apply(state, seat, Bid(card=state.hands[seat][0])).state
    again = new_game()
    for seat in (0, 1, 2):
        again = GAME.apply(again, seat, Bid(card=again.hands[seat][0])).state
    assert state.decisions == again.decisions and state.decisions
    assert BidState.model_validate_json(state.model_dump_json()).decisions == state.decisions
