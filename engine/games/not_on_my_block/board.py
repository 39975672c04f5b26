"""Board geometry and the board data file.

The rulebook describes the printed board (a city grid with one Start, Stores, Community Centers
ringed by Risk Zones) without printing it, so the default board is reconstructed in
`board.json`. Only the special blocks are listed there; every other block is an empty lot.
Owners of the physical game can copy their printed board into that file without touching code.

Blocks are named like chess squares: columns A, B, C... from the left, rows 1, 2, 3... from the
bottom, so "up" means towards higher row numbers.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Direction = Literal["up", "down", "left", "right"]
DIRECTIONS: tuple[Direction, ...] = ("up", "down", "left", "right")
DELTAS: dict[Direction, tuple[int, int]] = {
    "up": (0, 1),
    "down": (0, -1),
    "left": (-1, 0),
    "right": (1, 0),
}
BlockType = Literal["empty", "risk", "start", "store", "center"]
Provenance = Literal["rulebook", "reconstructed"]
DEFAULT_BOARD = Path(__file__).with_name("board.json")


def block_name(col: int, row: int) -> str:
    """0-based column and row to a name such as "C4"."""
    return f"{COLUMNS[col]}{row + 1}"


@lru_cache(maxsize=4096)
def parse_block(name: str) -> tuple[int, int] | None:
    """ "c4" or "C4" to (2, 3); None when the text is not a block name at all. Remembered:
    the computer players measure distances between the same few blocks millions of times a
    game, and views place every block; bounded, since players type names too."""
    text = name.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return None
    return COLUMNS.index(text[0]), int(text[1:]) - 1


class BlockSpec(BaseModel):
    """One special block of the board; `type` says what is printed there."""

    at: str
    """Block name, e.g. E5."""
    type: Literal["risk", "start", "store", "center"]
    provenance: Provenance


class _Geometry:
    """Lookup tables built once per board: the rules ask "what is next to C4?" constantly."""

    __slots__ = ("between", "by_type", "cells", "order", "steps", "types")

    def __init__(
        self, width: int, height: int, specials: tuple[tuple[str, BlockType], ...]
    ) -> None:
        self.types: dict[str, BlockType] = {}
        for at, kind in specials:
            pos = parse_block(at)
            assert pos is not None
            self.types[block_name(*pos)] = kind
        self.order = [
            block_name(col, row) for row in reversed(range(height)) for col in range(width)
        ]
        self.by_type: dict[str, list[str]] = {
            k: [] for k in ("empty", "risk", "start", "store", "center")
        }
        self.steps: dict[str, dict[Direction, str | None]] = {}
        self.between: dict[tuple[str, str], Direction] = {}
        cells = []
        for at in self.order:
            self.by_type[self.types.get(at, "empty")].append(at)
            col, row = parse_block(at) or (0, 0)
            cells.append((at, col, row, self.types.get(at, "empty")))
            self.steps[at] = {}
            for direction, (dx, dy) in DELTAS.items():
                x, y = col + dx, row + dy
                dest = block_name(x, y) if 0 <= x < width and 0 <= y < height else None
                self.steps[at][direction] = dest
                if dest is not None:
                    self.between[at, dest] = direction
        self.cells: tuple[tuple[str, int, int, BlockType], ...] = tuple(cells)

    def __eq__(self, other: object) -> bool:
        """Derived data: equal boards have equal tables (pydantic compares private attributes)."""
        return isinstance(other, _Geometry) and (self.types, self.order) == (
            other.types,
            other.order,
        )

    __hash__ = None  # type: ignore[assignment]


@lru_cache(maxsize=16)
def _geometry(width: int, height: int, specials: tuple[tuple[str, BlockType], ...]) -> _Geometry:
    """The tables of a board of this size and these special blocks, built once per process:
    every state read from JSON carries its board, and building them took most of the read (3
    ms of a fuzzed position's 4). They are only read, so boards share them."""
    return _Geometry(width, height, specials)


class BoardSpec(BaseModel):
    """A whole board: size and special blocks, validated so a hand-edited file fails loudly."""

    model_config = ConfigDict(frozen=True)

    name: str
    provenance: Provenance
    width: int = Field(ge=3, le=len(COLUMNS))
    height: int = Field(ge=3, le=40)
    blocks: list[BlockSpec]

    _geo: _Geometry = PrivateAttr()

    @model_validator(mode="after")
    def _check(self) -> BoardSpec:
        seen: dict[str, BlockType] = {}
        for block in self.blocks:
            pos = parse_block(block.at)
            if pos is None or not (0 <= pos[0] < self.width and 0 <= pos[1] < self.height):
                raise ValueError(f"block {block.at!r} is not on a {self.width}x{self.height} board")
            name = block_name(*pos)
            if name in seen:
                raise ValueError(f"block {name} is listed twice")
            seen[name] = block.type
        types = list(seen.values())
        if types.count("start") != 1:
            raise ValueError("the board needs exactly one start block")
        if "store" not in types or "center" not in types:
            raise ValueError("the board needs at least one store and one community center")
        return self

    def model_post_init(self, context: object, /) -> None:
        specials = tuple((b.at, b.type) for b in self.blocks)
        self._geo = _geometry(self.width, self.height, specials)

    def __deepcopy__(self, memo: dict[int, object] | None = None) -> BoardSpec:
        """Boards never change during a game, so copies of a game state share theirs."""
        return self

    @property
    def geo(self) -> _Geometry:
        # Read the private slot directly: pydantic's private-attribute lookup is slow, and the
        # rules consult the geometry hundreds of times per action when listing legal moves.
        return self.__pydantic_private__["_geo"]  # type: ignore[index]

    def type_of(self, at: str) -> BlockType:
        return self.geo.types.get(at, "empty")

    def normalise(self, text: str) -> str | None:
        """A player's spelling of a block ("c4 ") to its canonical name; None if off the board."""
        if text in self.geo.steps:
            return text
        pos = parse_block(text)
        if pos is None or not (0 <= pos[0] < self.width and 0 <= pos[1] < self.height):
            return None
        return block_name(*pos)

    def step(self, at: str, direction: Direction) -> str | None:
        """The neighbouring block in `direction`, or None past the edge of the board."""
        return self.geo.steps[at][direction]

    def direction_between(self, src: str, dst: str) -> Direction | None:
        """The direction of a single orthogonal step from src to dst, if they are neighbours."""
        return self.geo.between.get((src, dst))

    def distance(self, a: str, b: str) -> int:
        """Blocks apart counting diagonals as one (a square radius), used for the store push."""
        pa, pb = parse_block(a), parse_block(b)
        assert pa is not None and pb is not None
        return max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1]))

    def all_blocks(self) -> list[str]:
        """Every block, top row first and left to right, the order a renderer draws them."""
        return list(self.geo.order)

    def cells(self) -> tuple[tuple[str, int, int, BlockType], ...]:
        """Every block in drawing order with its 0-based column and row and its type: the
        printed board, hashable, so what is drawn from it alone can be kept per board."""
        return self.geo.cells

    def of_type(self, kind: BlockType) -> list[str]:
        """Blocks printed as `kind`, in drawing order."""
        return list(self.geo.by_type[kind])

    @property
    def start(self) -> str:
        return self.geo.by_type["start"][0]


@cache
def _default_text() -> str:
    return DEFAULT_BOARD.read_text(encoding="utf-8")


def load_board(text: str | None = None) -> BoardSpec:
    """Parse and validate board data; with no text, the packaged default board."""
    return BoardSpec.model_validate(json.loads(text if text is not None else _default_text()))
