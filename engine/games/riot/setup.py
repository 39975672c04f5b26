"""A new game of RIOT: the factions for the table size, every unit in its supply, each
protester's own deck shuffled, the Public Opinion deck shuffled, the Nationalist goal dealt
face down, and the first round's placement order drawn at random."""

from __future__ import annotations

from engine.games.riot import names
from engine.games.riot.content.models import content
from engine.games.riot.state import FACTION_SETS, POLICE, RiotOptions, RiotState, Unit
from engine.kit import cards as deck
from engine.kit.turns import Round
from engine.messages import say
from engine.rng import Rng

PREFIX = {"police": "pol", "autonomen": "aut", "anarchists": "ana", "nationalists": "nat"}
"""Unit ids are the faction's prefix and a number: pol1, aut12."""
OPENING = 2
"""Buildings each protester takes in the first round with 3 or 4 players (in 2 areas)."""
STARTING_CARDS = 1
"""Cards each protester draws from its own deck at set-up (reconstructed: the rulebook names
no starting hand, and one card lets a first clash be more than a count of forces)."""


def setup(options: RiotOptions, seed: int) -> RiotState:
    rng = Rng.seeded(seed)
    factions = list(FACTION_SETS[options.players])
    units: list[Unit] = []
    for faction in factions:
        kinds = [k for k in content().units if k.faction == faction]
        number = 0
        for kind in kinds:
            for _ in range(kind.count):
                number += 1
                units.append(Unit(id=f"{PREFIX[faction]}{number}", type=kind.id, faction=faction))
    decks: list[list[str]] = []
    for faction in factions:
        cards = [c.id for c in content().cards if c.faction == faction for _ in range(c.count)]
        rng.shuffle(cards)
        decks.append(cards)
    opinion: list[str] = [p.id for p in content().opinion for _ in range(p.count)]
    rng.shuffle(opinion)
    goal, aside = "", []
    if "nationalists" in factions:
        goals = [g.id for g in content().goals]
        rng.shuffle(goals)
        goal, aside = goals[0], goals[1:]
    order = list(range(1, options.players))
    rng.shuffle(order)
    each = options.opening if options.players == 2 else OPENING
    holders = list(range(options.players))
    rng.shuffle(holders)
    count = options.players
    return RiotState(
        rng=rng,
        holders=holders,
        seat_names=[say(names.faction(f)) for f in factions],
        players=count,
        factions=factions,
        units=units,
        credits=[0] * count,
        points=[0] * count,
        hands=[
            deck.draw(cards, 0 if f == "police" else STARTING_CARDS)
            for f, cards in zip(factions, decks, strict=True)
        ],
        decks=decks,
        discards=[[] for _ in factions],
        opinion=opinion,
        goal=goal,
        set_aside_goals=aside,
        placing=order * each,
        round=Round(order=[POLICE, *order]),
    )
