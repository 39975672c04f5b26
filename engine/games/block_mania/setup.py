"""A new game: both blocks intact, each player's starting Blockers drawn at random from their
reserve onto their block's ground floor with a Futsie on each block, the Mania deck shuffled and
dealt, the Justice cards set aside for the Endgame, and the first turn's command points rolled.

Four players make two teams, one per block (`content/teams.json`): each player draws from their
half of the block's counters and starts with fewer Blockers, and seats alternate between the
blocks in turn order."""

from __future__ import annotations

from math import ceil

from engine.games.block_mania import board, names, turn
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import (
    BLOCKS,
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


def reserve(players: int) -> list[str]:
    """The Blocker types one player may put in play: the whole counter mix when each player
    has a block, their share of it when teammates share one."""
    c = content()
    share = c.teams.reserve_share if players == c.teams.players else 1
    return [k.id for k in c.blockers.blockers for _ in range(ceil(k.count / share))]


def starting(players: int) -> int:
    c = content()
    return c.teams.starting if players == c.teams.players else c.blockers.starting


def setup(options: ManiaOptions, seed: int) -> ManiaState:
    rng = Rng.seeded(seed)
    c = content()
    players = options.players
    mania = [x.id for x in c.cards.cards if x.window != "justice" for _ in range(x.count)]
    justice = [x.id for x in c.cards.cards if x.window == "justice" for _ in range(x.count)]
    rng.shuffle(mania)
    rng.shuffle(justice)
    hands = deck.deal(mania, [c.cards.dealt] * players)
    state = ManiaState(
        rng=rng,
        holders=list(range(players)),
        seat_names=[""] * players,
        squares={s: Square() for s in board.all_squares()},
        blockers=[],
        reserves=[reserve(players) for _ in range(players)],
        hands=hands,
        deck=mania,
        justice=justice,
        bonus=[0] * players,
    )
    state.seat_names = [say(names.seat(state, s)) for s in range(players)]
    futsie = c.blockers.futsies
    for seat in range(players):
        for _ in range(starting(players)):
            turn.recruit(state, seat)
        if seat < len(BLOCKS):  # the first player of each block brings its Futsie
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
