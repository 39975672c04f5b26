"""Small questions about districts and occupations that every rules module asks.

Occupation abilities are read from the content by their `kind`, so an owner who edits the
occupation data (say, a different liberated count) changes the game without touching code.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.bloc_by_bloc.board import Board, board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.content.models import Ability
from engine.games.bloc_by_bloc.state import BlocState
from engine.words import listing, quoted

START = "faction-start"


def district_name(tile: str) -> str:
    return load_content().districts[tile].name


def the(state: BlocState, seat: int, capital: bool = False) -> str:
    """A faction as narration names it: faction names are plural ("the Neighbors build")."""
    return f"{'The' if capital else 'the'} {state.seat_names[seat]}"


def is_liberated(state: BlocState, tile: str) -> bool:
    board = board_of(state.city)
    return state.city.at(board.pos[tile]).liberated


def difficulty(state: BlocState, tile: str) -> int:
    info = load_content().districts[tile]
    value = info.liberated_difficulty if is_liberated(state, tile) else info.repressed_difficulty
    return value or 0


def own_type(state: BlocState, seat: int) -> DistrictType:
    return load_content().factions[state.factions[seat]].district_type


def faction_occupations(state: BlocState, seat: int) -> tuple[str, ...]:
    return load_content().factions[state.factions[seat]].occupations


def occupation_name(occ: str) -> str:
    return load_content().occupations[occ].name


def has_ability(state: BlocState, seat: int, kind: str) -> list[tuple[str, Ability]]:
    """(district, ability on its current side) for each of the seat's occupations of that kind."""
    content = load_content()
    found = []
    for tile, o in state.occupations.items():
        if o.seat != seat:
            continue
        occ = content.occupations[o.occ]
        ability = occ.liberated if is_liberated(state, tile) else occ.ability
        if ability.kind == kind:
            found.append((tile, ability))
    return found


def require_district(state: BlocState, tile: str) -> Board:
    """The board, after checking that `tile` names a district of this city."""
    board = board_of(state.city)
    if tile not in board.pos or board.info(tile).is_highway:
        raise IllegalAction(f"{quoted(tile)} is not a district of this city.")
    return board


def seat_of_faction(state: BlocState, name: str) -> int:
    for seat, fid in enumerate(state.factions):
        if name.lower() in (fid, state.seat_names[seat].lower()):
            return seat
    names = listing([the(state, s) for s in range(state.seats)], "or")
    raise IllegalAction(f"No faction called {quoted(name)} plays in this game; choose {names}.")


def district_majority(state: BlocState, tile: str) -> int | None:
    """The faction with strictly the most blocs in `tile`, or None on a tie or an empty street."""
    counts = sorted(((state.blocs_of(s, tile), s) for s in range(state.seats)), reverse=True)
    if counts[0][0] == 0 or (len(counts) > 1 and counts[1][0] == counts[0][0]):
        return None
    return counts[0][1]
