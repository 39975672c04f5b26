"""What a seat (or the channel) sees: both blocks square by square, every Blocker in play,
command points, Defeat Points, card counts; its own Mania hand only. Other hands and the
order of the decks stay hidden."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from engine.games.block_mania import board, names, walkways, weapons
from engine.games.block_mania.content.models import content
from engine.games.block_mania.prompts import acting
from engine.games.block_mania.state import ManiaState
from engine.messages import Msg


class SquareView(BaseModel):
    """Frozen: one is shared by every view showing the square as it is (`_square`)."""

    model_config = ConfigDict(frozen=True)

    id: str
    block: str
    col: int
    level: int
    kind: str
    kind_name: Msg
    fire: int
    damage: int
    collapsed: bool
    scrawl: bool
    tubeway: bool = False
    """The Sky Rail's Tubeway runs through it."""


class BlockerView(BaseModel):
    id: str
    type: str
    type_name: Msg
    owner: int
    at: str
    strength: int
    kit: list[str]
    active: bool
    locked: bool
    set_up: list[str]
    dog: bool
    """Carries a Robo Dog, a piece of its own on the board."""


class ChargeView(BaseModel):
    """A counter left in a square; a face-down one names its item to its owner's side only."""

    id: str
    at: str
    owner: int
    face_down: bool
    item: str
    """Empty when the viewer may not know it."""


class WalkwayView(BaseModel):
    """A way across the gap and how far its hits have broken it."""

    id: str
    hits: int
    stage: str
    """The stage its last hit reached (`tables.json: walkways`); empty while unhit."""
    closed: bool
    """Nobody may travel along it any more."""


class SeatView(BaseModel):
    seat: int
    name: str
    block: str
    defeat: int
    cards: int
    reserve: int
    crashed: bool
    power: bool


class ManiaView(BaseModel):
    seat: int | None
    turn: int
    active: int
    acting: int | None
    phase: str
    phase_name: Msg
    cp: int
    endgame: bool
    deck: int
    justice: int
    columns: int
    levels: int
    squares: list[SquareView]
    blockers: list[BlockerView]
    charges: list[ChargeView]
    walkways: list[WalkwayView]
    seats: list[SeatView]
    hand: list[str]
    hand_names: list[Msg]
    ended: str
    winners: list[int]
    outcome: Msg | None


def build(state: ManiaState, seat: int | None, outcome: Msg | None) -> ManiaView:
    lay = content().layout
    squares = []
    for s in board.all_squares():
        sq = state.squares[s]
        squares.append(_square(s, sq.fire, sq.damage, sq.collapsed, sq.scrawl))
    blockers = [
        BlockerView(
            id=b.id,
            type=b.type,
            type_name=names.blocker_type(b.type),
            owner=b.owner,
            at=b.at,
            strength=content().blocker(b.type).strength,
            kit=list(b.kit),
            active=b.active,
            locked=b.locked,
            set_up=list(b.set_up),
            dog=weapons.has_dog(b),
        )
        for b in board.in_play(state)
    ]
    side = None if seat is None else board.side(seat)
    charges = [
        ChargeView(
            id=c.id,
            at=c.at,
            owner=c.owner,
            face_down=c.face_down,
            item=c.item if not c.face_down or board.side(c.owner) == side else "",
        )
        for c in state.charges
    ]
    hand = list(state.hands[seat]) if seat is not None else []
    return ManiaView(
        seat=seat,
        turn=state.turn,
        active=state.active,
        acting=acting(state),
        phase=state.phase,
        phase_name=names.phase(state.phase),
        cp=state.cp,
        endgame=state.endgame,
        deck=len(state.deck),
        justice=len(state.justice),
        columns=lay.columns,
        levels=lay.levels,
        squares=squares,
        blockers=blockers,
        charges=charges,
        walkways=[_walkway(state, w.id) for w in content().tables.walkways],
        seats=[
            SeatView(
                seat=s,
                name=state.seat_names[s],
                block=board.block_of(s),
                defeat=state.defeat[board.side(s)],
                cards=len(state.hands[s]),
                reserve=len(state.reserves[s]),
                crashed=state.crashed[board.side(s)],
                power=state.power[board.side(s)],
            )
            for s in range(state.players)
        ],
        hand=hand,
        hand_names=[names.card(c) for c in hand],
        ended=state.ended,
        winners=list(state.winners),
        outcome=outcome,
    )


@cache
def _square(square: str, fire: int, damage: int, collapsed: bool, scrawl: bool) -> SquareView:
    """A square as every view shows it. Each seat's view of every step shows all the squares
    again, and building them was most of a fuzzed game's time; the arguments are all a square's
    view depends on (its place and kind are fixed), and few squares ever burn or break."""
    block, col, level = board.parse(square)
    kind = board.kind(square)
    return SquareView(
        id=square,
        block=block,
        col=col,
        level=level,
        kind=kind,
        kind_name=names.kind(kind),
        fire=fire,
        damage=damage,
        collapsed=collapsed,
        scrawl=scrawl,
        tubeway=square in board.tubeway(),
    )


def _walkway(state: ManiaState, walkway: str) -> WalkwayView:
    hits = walkways.hits(state, walkway)
    stages = content().walkway(walkway).stages
    return WalkwayView(
        id=walkway,
        hits=hits,
        stage=stages[hits - 1] if hits else "",
        closed=not walkways.passable(state, walkway),
    )
