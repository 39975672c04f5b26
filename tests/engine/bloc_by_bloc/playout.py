"""A seeded random player and the conservation checks the playout test runs after every step."""

from __future__ import annotations

import random

from engine.core import ActionBase, Prompt
from engine.games.bloc_by_bloc import GAME, player
from engine.games.bloc_by_bloc.actions import Prefer
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.player import busy
from engine.games.bloc_by_bloc.state import (
    BLOCS_PER_FACTION,
    MAX_BARRICADES,
    TOTAL_BARRICADES,
    TOTAL_COPS,
    TOTAL_VANS,
    BlocState,
)


def check_invariants(state: BlocState, police_cards: int) -> None:
    """Every piece and card is somewhere, exactly once."""
    for seat in range(state.seats):
        assert all(n > 0 for n in state.blocs[seat].values())
        assert state.blocs_in_city(seat) <= BLOCS_PER_FACTION
        occs = [o.occ for o in state.occupations.values() if o.seat == seat]
        assert len(occs) == len(set(occs)) <= 5
    assert sum(state.cops.values()) + state.staging_cops == TOTAL_COPS
    assert all(n > 0 for n in state.cops.values()) and state.staging_cops >= 0
    assert len(state.vans) + state.staging_vans + state.destroyed_vans == TOTAL_VANS
    assert state.staging_vans >= 0
    assert all(0 < n <= MAX_BARRICADES for n in state.barricades.values())
    assert sum(state.barricades.values()) <= TOTAL_BARRICADES
    loot = len(state.loot_deck) + len(state.loot_discard) + sum(len(h) for h in state.hands)
    assert loot == sum(c.count for c in load_content().loot.values())
    locked = sum(len(cards) for cards in state.lockdowns)
    assert len(state.police_deck) + len(state.police_discard) + locked == police_cards
    under = sum(1 for row in state.city.rows for cell in row if cell.manifestation)
    assert under + len(state.manifestations_done) == 25


def ask_at_sunrise(state: BlocState) -> BlocState:
    """Every faction chooses to be asked in the sunrise card window (`/bloc prefer sunrise
    ask`), so the window opens whenever someone is placed to use a sunrise card."""
    for seat in range(state.seats):
        state = GAME.apply(state, seat, Prefer(setting="sunrise", value="ask")).state
    return state


def play(seed: int, players: int, **options: object) -> tuple[BlocState, int]:
    """Play a whole game with a seeded random policy, checking invariants after every step.
    Odd seeds ask every faction at sunrise, even seeds keep the default (nobody asked)."""
    rnd = random.Random(seed)
    state = GAME.setup(GAME.make_options(players, **options), seed)
    if seed % 2:
        state = ask_at_sunrise(state)
    police_cards = len(state.police_deck)
    steps = 0
    prompts = GAME.prompts(state)
    while GAME.outcome(state) is None:
        seat, action = random_move(state, rnd, prompts)
        done = GAME.apply(state, seat, action, prompts=prompts)
        state, prompts = done.state, done.prompts  # the new state's, built once by the apply
        check_invariants(state, police_cards)
        steps += 1
        assert steps < 20_000, "game does not end"
    return state, steps


def random_move(
    state: BlocState, rnd: random.Random, prompts: dict[int, Prompt] | None = None
) -> tuple[int, ActionBase]:
    """The seeded random policy's next move in a running game: one of the seats being waited
    for, and one of its legal actions, nine times in ten a busy one when it has any (as the
    game's own player chooses, seen from that seat). `prompts`: the state's, where the apply
    that made it returned them."""
    prompts = GAME.prompts(state) if prompts is None else prompts
    assert prompts, "nobody can act in a running game"
    seat = rnd.choice(sorted(prompts))
    actions = GAME.legal_actions(state, seat)
    assert actions, f"{state.seat_names[seat]} has a prompt but no legal action"
    calm = busy(GAME.view(state, seat), actions)
    return seat, rnd.choice(actions) if not calm or rnd.random() < 0.1 else rnd.choice(calm)


def reckless(state: BlocState, action: ActionBase) -> bool:
    """Whether a move walks into police lines, as the game's own player judges it."""
    return player.reckless(GAME.view(state, None), action)
