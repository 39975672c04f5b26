"""Building the table: city, police deployment, decks, factions, agendas and the first roll.

Follows the rulebook's setup steps as modified by the chosen scenario's data. Starting districts
are the one setup step that needs the players, so the game opens in the `setup` phase with a
`start` decision for every faction.
"""

from __future__ import annotations

from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.city import City, beginner_city, generate_city
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.options import BlocOptions
from engine.games.bloc_by_bloc.state import TOTAL_COPS, TOTAL_VANS, BlocState
from engine.kit.cards import deal
from engine.rng import Rng

STADIUM = "the-stadium"
INFIGHTING_AGENDAS = ("nihilist", "vanguardist")
STARTING_LOOT = 2
"""Loot cards dealt to each player at setup."""


def build_city(options: BlocOptions, rng: Rng) -> City:
    if options.uses_beginner_city:
        return beginner_city(rng)
    return generate_city(rng, options.setup_data(), highway_overpass=options.highway_overpass)


def seat_holders(players: int, seats: int, rng: Rng) -> list[int]:
    """Which player holds each seat; in a 2-player game each player holds two factions."""
    holders = [i % players for i in range(seats)]
    rng.shuffle(holders)
    return holders


def starting_loot(holders: list[int]) -> list[int]:
    """Loot cards each seat starts with: 2 per *player*, spread over the factions they hold.

    The setup deals loot to each player but agendas to each faction, so a player holding two
    factions (the 2-player game) gets 2 cards in all, one in each faction's hand.
    """
    counts = [0] * len(holders)
    for player in set(holders):
        seats = [s for s, h in enumerate(holders) if h == player]
        for i in range(STARTING_LOOT):
            counts[seats[i % len(seats)]] += 1
    return counts


def deal_agendas(options: BlocOptions, seats: int, rng: Rng) -> list[str | None]:
    if not options.uses_agendas():
        return [None] * seats
    data = options.setup_data()
    deck = [a for a in sorted(load_content().agendas) if a not in data.agendas_removed]
    if data.agenda_deal == "infighting":
        rest = [a for a in deck if a not in INFIGHTING_AGENDAS]
        rng.shuffle(rest)
        deck = rest[:seats] + list(INFIGHTING_AGENDAS)
    rng.shuffle(deck)
    return list(deck[:seats])


def first_faction(seats: int, rng: Rng) -> tuple[int, list[list[int]]]:
    """Everyone rolls; the highest roll goes first, tied leaders roll again."""
    rolling = list(range(seats))
    history = []
    while True:
        rolls = rng.roll(len(rolling))
        history.append(rolls)
        top = max(rolls)
        rolling = [s for s, r in zip(rolling, rolls, strict=True) if r == top]
        if len(rolling) == 1:
            return rolling[0], history


def new_game(options: BlocOptions, seed: int) -> BlocState:
    content = load_content()
    rng = Rng.seeded(seed)
    data = options.setup_data()
    city = build_city(options, rng)
    board = board_of(city)
    factions = sorted(content.factions)
    rng.shuffle(factions)
    seats = 3 if options.players == 3 else 4
    in_play, unused = factions[:seats], factions[seats:]
    state = BlocState(
        rng=rng,
        holders=seat_holders(options.players, seats, rng),
        seat_names=[content.factions[f].name for f in in_play],
        options=options,
        city=city,
        factions=in_play,
        unused_factions=unused,
        victory_scenario=options.scenario_id,
        blocs=[{} for _ in in_play],
        hands=[[] for _ in in_play],
        agendas=[None] * seats,
        lockdowns=[[] for _ in in_play],
        stop_never=[False] * seats,
        scanner_auto=[True] * seats,
        sunrise_never=[True] * seats,
        nights_left=data.nights,
        morale=content.morale.start,
    )
    van_tiles = [t for t in board.of_type(DistrictType.STATE)] if data.vans_in_state else []
    extra = list(data.vans_in)
    if options.uses_beginner_city and STADIUM not in extra:
        extra.append(STADIUM)
    van_tiles += [t for t in extra if t in board.pos and t not in van_tiles]
    for tile in van_tiles:
        state.vans[tile] = 0
        state.cops[tile] = data.cops_per_van
    state.staging_vans = TOTAL_VANS - len(van_tiles)
    state.staging_cops = TOTAL_COPS - data.cops_per_van * len(van_tiles)
    state.loot_marks = {
        t: [0] * board.info(t).shopping_centers
        for t in board.districts
        if board.info(t).shopping_centers
    }
    state.police_deck = content.police_ops_deck(
        options.police_difficulty(), dict(data.police_ops_removed)
    )
    rng.shuffle(state.police_deck)
    state.loot_deck = content.loot_deck()
    rng.shuffle(state.loot_deck)
    state.hands = deal(state.loot_deck, starting_loot(state.holders))
    state.agendas = deal_agendas(options, seats, rng)
    state.first, state.first_rolls = first_faction(seats, rng)
    state.current = state.first
    return state
