"""The turn's rules: the Power House, who may enter a locked square, what Mob and Fatties may
ride, Defensive Fire, the Endgame's Justice card, the hand limit and a crash."""

from __future__ import annotations

from engine.games.block_mania import board, combat, turn
from engine.games.block_mania.actions import Attack, End, Move, Play, Switch
from engine.games.block_mania.rules import GAME

from .support import game, put, rigged


def test_switching_the_power_off_stops_elevators_and_the_free_civic_and_costs_one_mp() -> None:
    state = game()
    b = put(state, "juves", 0, "A32")  # A's Power House
    b.active, b.mp = True, 2
    GAME.apply(state, 0, Switch(blocker=b.id))  # the input state is untouched
    state = GAME.apply(state, 0, Switch(blocker=b.id)).state
    moved = board.find(state, b.id)
    assert moved is not None and moved.mp == 1 and state.power == [False, True]
    moved.at = "A13"
    assert "A19" not in board.steps(state, moved)
    moved.at = "A10"
    assert board.steps(state, moved)["A20"] == 1
    assert not board.pedway_open(state)


def test_shooting_into_a_dark_block_is_at_minus_one() -> None:
    state = game()
    state.power[1] = False
    shooter = put(state, "juves", 0, "B33", ["laser"])
    target = put(state, "juves", 1, "B34")  # Strength 2: 5 + 3 - 2 = 6, minus 1
    rigged(state, [5])
    combat.resolve(state, 0, shooter, Attack(blocker=shooter.id, how="shoot", target=target.id))
    assert target.at == "B34"


def test_only_a_superhero_joins_a_friend_in_a_locked_square() -> None:
    state = game()
    friend = put(state, "juves", 0, "A35")
    foe = put(state, "juves", 1, "A35")
    friend.locked = foe.locked = True
    hero = put(state, "superhero", 0, "A25")
    walker = put(state, "juves", 0, "A45")
    hero.mp = walker.mp = 4
    assert "A35" in board.steps(state, hero)
    assert "A35" not in board.steps(state, walker)


def test_mob_rides_the_sky_rail_but_not_the_mega_way_and_fatties_ride_neither() -> None:
    state = game()
    mob = put(state, "mob", 0, "A68")
    fat = put(state, "fatties", 0, "A68")
    assert "B08" in board.steps(state, mob) and "B08" not in board.steps(state, fat)
    mob.at = fat.at = "A50"
    assert "B10" not in board.steps(state, mob) and "B10" not in board.steps(state, fat)
    juve = put(state, "juves", 0, "A50")
    assert board.steps(state, juve)["B10"] == 1


def test_defensive_fire_reaches_activated_enemies_next_to_the_shooter_as_buttons() -> None:
    state = game()
    for b in state.blockers:
        b.at = "gone"
    mover = put(state, "juves", 0, "A35")
    mover.active = True
    near = put(state, "citi_def", 1, "A36", ["laser"])
    put(state, "citi_def", 1, "A38", ["laser"])  # two levels away: no shot
    state.hands[1] = []
    state = GAME.apply(state, 0, End()).state
    assert state.phase == "defensive"
    (prompt,) = GAME.prompts(state).values()
    assert prompt.seat == 1 and prompt.out_of_turn and prompt.default == {"kind": "end"}
    shots = [c.action for c in prompt.choices if c.action["kind"] == "attack"]
    assert shots == [
        {"kind": "attack", "blocker": near.id, "how": "shoot", "target": mover.id, "weapon": ""}
    ]


def test_no_defensive_fire_goes_straight_to_combat() -> None:
    state = game()
    state.hands[1] = []
    state = GAME.apply(state, 0, End()).state
    assert state.phase == "combat" and list(GAME.prompts(state)) == [0]


def test_in_the_endgame_a_justice_card_comes_first() -> None:
    state = game()
    state.deck = []
    state.hands[1] = ["arrest"]
    state.hands[0] = []
    state.phase = "combat"
    state = GAME.apply(state, 0, End()).state
    assert state.endgame and state.active == 1 and state.phase == "justice"
    (prompt,) = GAME.prompts(state).values()
    action = GAME.parse_action(prompt.default)
    assert isinstance(action, Play) and action.card == "arrest"
    victim = board.find(state, action.target)
    state = GAME.apply(state, 1, action).state
    assert state.phase == "command" and board.find(state, victim.id).at == "gone"


def test_a_hand_holds_three_cards() -> None:
    state = game()
    state.hands[0] = ["overtime", "berserk", "arrest"]
    state.phase = "combat"
    state = GAME.apply(state, 0, End()).state
    assert len(state.hands[0]) == 3 and state.hands[0][:2] == ["berserk", "arrest"]


def test_a_crashed_block_loses() -> None:
    state = game()
    for s in board.all_squares()[70:]:  # every square of block B: 5D6 is at most 30
        if board.parse(s)[2] >= 5:
            state.squares[s].collapsed = True
    state.collapsed_now[1] = True
    state.phase = "combat"
    result = GAME.apply(state, 0, End())
    outcome = GAME.outcome(result.state)
    assert outcome is not None and outcome.winners == [0]
    assert str(outcome.msg) == "Block A wins: the other block has crashed."


def test_new_blockers_enter_on_the_ground_floor_of_their_own_block() -> None:
    state = game()
    b = turn.recruit(state, 1)
    assert b is not None and b.at[0] == "B" and board.parse(b.at)[2] == 0


def test_a_jaeger_crosses_by_sucker_gun_three_levels_down_immune_to_defensive_fire() -> None:
    state = game()
    jaeger = put(state, "jaeger", 0, "A67")  # A window at level 7
    jaeger.active, jaeger.mp = True, 3
    assert board.steps(state, jaeger)["B04"] == 1
    guard = put(state, "citi_def", 1, "B05", ["laser"])
    rigged(state, [4])
    turn.move(state, Move(blocker=jaeger.id, to="B04"))
    assert jaeger.at == "B04" and jaeger.suckered
    assert all(a.target != jaeger.id for a in turn.defensive_shots(state))
    rigged(state, [3, 4])  # 3 + 3 + 2 (stump gun) + 1 across = 9 against 4 + 3 + 3 = 10
    combat.resolve(state, 0, jaeger, Attack(blocker=jaeger.id, how="melee", target=guard.id))
    assert jaeger.at == "gone"


def test_the_sucker_gun_risks_an_attack_on_a_one_and_needs_height() -> None:
    state = game()
    jaeger = put(state, "jaeger", 0, "A67")
    jaeger.active, jaeger.mp = True, 3
    rigged(state, [1, 6])  # slips: 6 + 2 - 3 = 5, survives
    turn.move(state, Move(blocker=jaeger.id, to="B04"))
    assert jaeger.at == "B04"
    low = put(state, "jaeger", 0, "A63")
    assert "B00" not in board.steps(state, low)
    walker = put(state, "juves", 0, "A67")
    assert "B04" not in board.steps(state, walker)
