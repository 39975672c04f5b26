"""The game state: every piece, card and marker of a Bloc by Bloc table, as plain JSON data.

Districts are named by their tile id (tiles are unique in a city), so pieces survive any future
change of grid coordinates. Seats are factions in clockwise table order: the faction to a
seat's left is `seat + 1`. Piece pools are derived, not stored, wherever the total is fixed
(blocs on a mat = 10 - blocs in the city), which keeps conservation true by construction.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from engine.core import GameState, Outcome
from engine.games.bloc_by_bloc.actions import Build, Loot, Swap
from engine.games.bloc_by_bloc.city import City
from engine.games.bloc_by_bloc.options import BlocOptions
from engine.kit.turns import seat_order

BLOCS_PER_FACTION = 10
TOTAL_COPS = 30
TOTAL_VANS = 6
TOTAL_BARRICADES = 40
MAX_BARRICADES = 3
"""Most barricades one connection between two districts can hold."""

GRAFFITI, BURNED = 1, 2
"""Marks on a shopping center: 0 clean, 1 graffiti, 2 burned."""


class Die(BaseModel):
    value: int
    used: bool = False


class Occupation(BaseModel):
    seat: int
    occ: str


class StopChance(BaseModel):
    """`seat`, with the most blocs in `district`, may stop `actor`'s advanced `action`."""

    kind: Literal["stop"] = "stop"
    seat: int
    actor: int
    district: str
    action: Annotated[Loot | Build | Swap, Field(discriminator="kind")]


class LootOffer(BaseModel):
    """`actor` offers `card` to `seat`: a gift, or a trade (`trade`) asking for the card named
    `want`, or for one of `seat`'s choosing when `want` is empty."""

    kind: Literal["offer"] = "offer"
    seat: int
    actor: int
    card: str
    trade: bool = False
    want: str = ""


class DiscardChoice(BaseModel):
    """`seat` keeps some of the cards just drawn: `count` of `cards` must go."""

    kind: Literal["discard"] = "discard"
    seat: int
    cards: list[str]
    count: int


class VictimChoice(BaseModel):
    """`seat` picks whose bloc falls to the next of `count` riot cop attacks in `district`."""

    kind: Literal["repression"] = "repression"
    seat: int
    district: str
    count: int


WindowStep = Literal["police_repression", "liberation"]
"""A sunrise step with loot cards of its own. Card windows open at Police Repression only
(liberation cards named there are set aside, `SetAside`); a snapshot older than schema 3 may
still hold a window of the liberation step."""


class CardWindow(BaseModel):
    """Every seat in `waiting` may play loot cards of timing `step` (at Police Repression, also
    set liberation cards aside), or pass."""

    kind: Literal["window"] = "window"
    step: WindowStep
    waiting: list[int]


class SetAside(BaseModel):
    """A sunrise card `seat` set aside for `district`, as it ended its turn or (a liberation
    card) in the sunrise window. It stays in the hand, unseen, until its sunrise step, which
    plays it only where it still helps (see `sunrise_cards`)."""

    seat: int
    card: str
    district: str


Pending = Annotated[
    StopChance | LootOffer | DiscardChoice | VictimChoice | CardWindow,
    Field(discriminator="kind"),
]
"""A decision the game waits for before anything else happens."""


class TurnUses(BaseModel):
    """Per-turn counters for occupation abilities and played cards' lingering effects."""

    assembly: int = 0
    hacker: int = 0
    propaganda: int = 0
    free_moves: int = 0
    bonus_moves: int = 0
    molotov_boosts: int = 0
    attack_bonus: int = 0
    advanced_bonus: int = 0
    skip_reaction: bool = False


class Protection(BaseModel):
    """Repression cards played for tonight: Shields and Lock-on Chains, per seat and district."""

    seat: int
    district: str
    shields: int = 0
    chained: bool = False


class BlocState(GameState):
    schema_version: int = 3
    """2: decision ids (`decisions`); 3: sunrise cards set aside (`set_aside`), one card window
    a sunrise for the factions that ask for it (`sunrise_never`). Older snapshots are rebuilt
    from the log on load when it still replays into the same game under these rules, and kept
    as they are otherwise (their factions keep being asked at sunrise)."""
    options: BlocOptions
    city: City
    factions: list[str]
    """Faction id per seat, clockwise."""
    unused_factions: list[str] = Field(default_factory=list)
    victory_scenario: str

    blocs: list[dict[str, int]]
    """Per seat: district -> blocs there (zero entries dropped)."""
    occupations: dict[str, Occupation] = Field(default_factory=dict)
    cops: dict[str, int] = Field(default_factory=dict)
    vans: dict[str, int] = Field(default_factory=dict)
    """District -> damage taken tonight (0, 1 or 2)."""
    barricades: dict[str, int] = Field(default_factory=dict)
    """Connection key (see city.Connection.key) -> barricades on it."""
    loot_marks: dict[str, list[int]] = Field(default_factory=dict)
    staging_cops: int = 0
    staging_vans: int = 0
    destroyed_vans: int = 0

    morale: int = 0
    nights_left: int = 8
    night: int = 1
    police_deck: list[str] = Field(default_factory=list)
    police_discard: list[str] = Field(default_factory=list)
    police_revealed: int = 0
    """How many cards on top of the police ops deck lie face up (manifestations reveal them)."""
    lockdowns: list[list[str]] = Field(default_factory=list)
    """Per seat: Metro Lockdown cards in front of it (discarded at the end of its next turn).
    While any card lies out, no faction may use the metro (see night.metro_closed)."""
    last_police_ops: list[str] = Field(default_factory=list)
    loot_deck: list[str] = Field(default_factory=list)
    loot_discard: list[str] = Field(default_factory=list)
    hands: list[list[str]]
    agendas: list[str | None]

    phase: Literal["setup", "turn", "sunrise", "over"] = "setup"
    first: int = 0
    first_rolls: list[list[int]] = Field(default_factory=list)
    """The setup rolls for the first faction marker (ties roll again)."""
    current: int = 0
    turns_taken: int = 0
    dice: list[Die] = Field(default_factory=list)
    uses: TurnUses = Field(default_factory=TurnUses)
    attacked: dict[str, int] = Field(default_factory=dict)
    """'district|seat' -> blocs of that seat that already attacked in that clash tonight."""
    attack_streak: str = ""
    """District of the current run of consecutive attacks, whose reaction roll is still owed."""
    pending: list[Pending] = Field(default_factory=list)
    protections: list[Protection] = Field(default_factory=list)
    liberation_bonus: dict[str, int] = Field(default_factory=dict)
    set_aside: list[SetAside] = Field(default_factory=list)
    """Sunrise cards waiting, face down, for their step of tonight's sunrise."""
    repression_queue: list[str] = Field(default_factory=list)
    sunrise_step: Literal["", "start", "vans", "cops", "liberate", "next"] = ""
    stop_never: list[bool] = Field(default_factory=list)
    """Standing choice per seat: never stop anyone's advanced actions (no question asked)."""
    scanner_auto: list[bool] = Field(default_factory=list)
    """Standing choice per seat: re-roll reaction rolls of 1 or 2 with a Police Scanner."""
    sunrise_never: list[bool] = Field(default_factory=list)
    """Standing choice per seat: never asked in the sunrise card window (it uses sunrise cards
    by setting them aside as it ends its turn). True for every seat of a new game; empty in
    snapshots older than the choice, whose factions are all still asked."""
    manifestations_done: list[str] = Field(default_factory=list)
    """Manifestation cards resolved and put back in the box."""
    outcome: Outcome | None = None
    """Set once, when the game ends."""

    # ----- reading pieces -----------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.factions)

    def blocs_of(self, seat: int, district: str) -> int:
        return self.blocs[seat].get(district, 0)

    def blocs_in(self, district: str) -> int:
        return sum(b.get(district, 0) for b in self.blocs)

    def blocs_in_city(self, seat: int) -> int:
        return sum(self.blocs[seat].values())

    def blocs_on_mat(self, seat: int) -> int:
        return BLOCS_PER_FACTION - self.blocs_in_city(seat)

    def police_in(self, district: str) -> bool:
        return self.cops.get(district, 0) > 0 or district in self.vans

    def occupations_of(self, seat: int) -> list[str]:
        """Districts holding the seat's occupations."""
        return [d for d, o in self.occupations.items() if o.seat == seat]

    def mat_occupations(self, seat: int, all_occupations: tuple[str, ...]) -> list[str]:
        placed = {o.occ for o in self.occupations.values() if o.seat == seat}
        return [o for o in all_occupations if o not in placed]

    def add_blocs(self, seat: int, district: str, n: int) -> None:
        count = self.blocs[seat].get(district, 0) + n
        if count:
            self.blocs[seat][district] = count
        else:
            self.blocs[seat].pop(district, None)

    def add_cops(self, district: str, n: int) -> None:
        count = self.cops.get(district, 0) + n
        if count:
            self.cops[district] = count
        else:
            self.cops.pop(district, None)

    def never_asked_at_sunrise(self, seat: int) -> bool:
        return seat < len(self.sunrise_never) and self.sunrise_never[seat]

    def order_from_first(self) -> list[int]:
        """Seats in tonight's turn order (first faction, then clockwise)."""
        return seat_order(self.first, self.seats)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def unused_dice(self) -> list[int]:
        """1-based numbers of the dice not yet spent this turn."""
        return [i + 1 for i, d in enumerate(self.dice) if not d.used]
