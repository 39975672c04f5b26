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
from engine.messages import Msg, m
from engine.words import quoted

START = "faction-start"


def district_name(tile: str) -> Msg:
    """A district's name in the reader's language (the content keeps only its id)."""
    return m(f"bloc.district.{tile}.name")


def the(state: BlocState, seat: int, capital: bool = False) -> Msg:
    """A faction as narration names it, with its article: faction names are plural ("the
    Neighbors build"); `capital` for the start of a sentence. Each language keeps its own
    article and gender in the faction's entries."""
    return m(f"bloc.faction.{state.factions[seat]}.{'the_cap' if capital else 'the'}")


def faction_name(fid: str) -> Msg:
    """A faction's bare name ("Students"), by its content id."""
    return m(f"bloc.faction.{fid}.name")


def commas(items: list[Msg], key: str = "bloc.list.comma") -> Msg:
    """Items joined by commas alone, as a run of cards is shown ("a, b, c"); another joint by
    its key ("bloc.list.semicolon" for the parts of a report)."""
    joined = items[0]
    for item in items[1:]:
        joined = m(key, head=joined, last=item)
    return joined


def semicolons(items: list[Msg]) -> Msg:
    return commas(items, "bloc.list.semicolon")


def agenda_name(agenda: str) -> Msg:
    return m(f"bloc.agenda.{agenda}.name")


def agenda_goals(agenda: str) -> Msg:
    """An agenda's goals, each an alternative to the one before ("... Or: ...")."""
    goals = load_content().agendas[agenda].options
    return commas(
        [m(f"bloc.agenda.{agenda}.goal.{i}") for i in range(len(goals))], "bloc.agenda.goals"
    )


def either(items: list[Msg]) -> Msg:
    """Alternatives joined the way the language offers a choice ("a, b or c")."""
    if len(items) == 1:
        return items[0]
    return m("bloc.list.or", head=items[:-1], last=items[-1])


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


def occupation_name(occ: str) -> Msg:
    return m(f"bloc.occupation.{occ}.name")


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
        raise IllegalAction(m("bloc.refuse.not_a_district", tile=quoted(tile)))
    return board


def seat_of_faction(state: BlocState, name: str) -> int:
    for seat, fid in enumerate(state.factions):
        if name.lower() in (fid, state.seat_names[seat].lower()):
            return seat
    names = either([the(state, s) for s in range(state.seats)])
    raise IllegalAction(m("bloc.refuse.no_such_faction", name=quoted(name), choices=names))


def district_majority(state: BlocState, tile: str) -> int | None:
    """The faction with strictly the most blocs in `tile`, or None on a tie or an empty street."""
    counts = sorted(((state.blocs_of(s, tile), s) for s in range(state.seats)), reverse=True)
    if counts[0][0] == 0 or (len(counts) > 1 and counts[1][0] == counts[0][0]):
        return None
    return counts[0][1]
