"""A new game: both blocks intact, each player's starting Blockers drawn at random from their
reserve onto their ground floor with a Futsie on each, the Mania deck shuffled and dealt, the
Justice cards set aside for the Endgame, and the first turn's command points rolled."""

from __future__ import annotations

from engine.games.block_mania import board, names, turn
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import (
    RESERVE,
    SHARED,
    Blocker,
    ManiaOptions,
    ManiaState,
    Square,
)
from engine.kit import cards as deck
from engine.messages import say
from engine.rng import Rng


def setup(options: ManiaOptions, seed: int) -> ManiaState:
    rng = Rng.seeded(seed)
    c = content()
    mania = [x.id for x in c.cards.cards if x.window != "justice" for _ in range(x.count)]
    justice = [x.id for x in c.cards.cards if x.window == "justice" for _ in range(x.count)]
    rng.shuffle(mania)
    rng.shuffle(justice)
    hands = deck.deal(mania, [c.cards.dealt] * options.players)
    reserves = [[k.id for k in c.blockers.blockers for _ in range(k.count)] for _ in range(2)]
    state = ManiaState(
        rng=rng,
        holders=[0, 1],
        seat_names=["", ""],
        squares={s: Square() for s in board.all_squares()},
        blockers=[],
        reserves=reserves,
        hands=hands,
        deck=mania,
        justice=justice,
    )
    state.seat_names = [say(names.seat_label(board.block_of(s))) for s in range(2)]
    for seat in range(2):
        for _ in range(c.blockers.starting):
            turn.recruit(state, seat)
        futsie = c.blockers.futsies
        state.blockers.append(
            Blocker(
                id=f"F{seat + 1}",
                type=futsie.id,
                owner=SHARED,
                at=turn.entry(state, seat, futsie_slot=True),
                kit=list(futsie.kit),
            )
        )
    assert all(b.at != RESERVE for b in state.blockers)
    turn.start_turn(state, [])
    return state
