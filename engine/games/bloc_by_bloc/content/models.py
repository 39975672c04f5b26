"""Typed shapes of Bloc by Bloc's printed content: district tiles, decks, occupations, scenarios.

The rulebook names many components without listing them, so most data here is reconstructed
(see DESIGN.md beside this file). Every item says where it comes from in `provenance`, and every
card carries a machine-readable `effects` list so that the rules engine implements each effect
type once instead of parsing card text. Owners of a physical copy replace the JSON files; these
models (and the loader's cross-checks) keep such edits honest.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field, model_validator

from engine.games.bloc_by_bloc.content.basics import DistrictType, Frozen
from engine.games.bloc_by_bloc.content.effects import Effect, PoliceMorale, RevealPoliceOps

Provenance = Literal["rulebook", "reconstructed"]
Direction = Literal["N", "E", "S", "W"]
Corner = Literal["NW", "NE", "SE", "SW"]
Letter = Literal["A", "B", "C", "D", "3"]
Timing = Literal["own_turn", "police_repression", "liberation", "any"]
"""When a loot card may be played: during your own turn, during the Police Repression step,
during the District Liberation step, or at any of those moments."""


# ----- districts ----------------------------------------------------------------------------


class HighwayArc(Frozen):
    """One highway drawn on a highway tile, joining two of the tile's corners (orientation 0).

    The districts diagonally beyond those two corners become adjacent to each other.
    """

    ends: tuple[Corner, Corner]


class District(Frozen):
    """One district tile, described at orientation 0 (police ID pointer at the bottom edge).

    `exits` lists the street directions at orientation 0: four for a 4-way intersection, three
    for a 3-way one (the missing side is a dead end), none for a highway tile. Shopping centers
    exist only on the repressed side. `liberated_difficulty` is None for tiles that cannot be
    liberated and have no printed difficulty (highways); tiles without an occupation circle still
    carry it for completeness but can never be flipped.
    """

    id: str
    name: str
    type: DistrictType
    police_id: int = Field(ge=1)
    letter: Letter
    repressed_difficulty: int | None = Field(default=None, ge=1, le=6)
    liberated_difficulty: int | None = Field(default=None, ge=0, le=6)
    occupation_circle: bool
    shopping_centers: int = Field(default=0, ge=0)
    exits: frozenset[Direction]
    metro: bool = False
    highways: tuple[HighwayArc, ...] = ()
    autonomous_zone: bool = False
    provenance: Provenance
    note: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> District:
        if (self.repressed_difficulty is None) != (self.liberated_difficulty is None):
            raise ValueError(f"{self.id}: give both difficulties or neither")
        rep, lib = self.repressed_difficulty, self.liberated_difficulty
        if rep is not None and lib is not None and lib != rep - 1:
            raise ValueError(f"{self.id}: liberated difficulty must be repressed - 1")
        if self.type is DistrictType.HIGHWAY:
            if self.exits or not self.highways or self.occupation_circle:
                raise ValueError(f"{self.id}: a highway has arcs, no streets, no occupation")
        else:
            if len(self.exits) not in (3, 4) or self.highways:
                raise ValueError(f"{self.id}: a district has a 3- or 4-way intersection")
            if self.repressed_difficulty is None:
                raise ValueError(f"{self.id}: a district needs a difficulty")
        if self.type in (DistrictType.COMMERCIAL, DistrictType.HIGHWAY) and self.occupation_circle:
            raise ValueError(f"{self.id}: {self.type} districts have no occupation circle")
        return self

    @property
    def liberatable(self) -> bool:
        """Only tiles with an occupation circle have a liberated side worth flipping to."""
        return self.occupation_circle

    @property
    def is_highway(self) -> bool:
        return self.type is DistrictType.HIGHWAY


# ----- cards --------------------------------------------------------------------------------


Requirement = Literal["own_occupation_in_city", "own_bloc_in_clash", "own_bloc_not_in_clash"]


class LootCard(Frozen):
    """A loot card design; the deck holds `count` identical copies of it.

    `stackable`: several copies may join the same action (Molotovs). `counts_as_attack`: using
    it is an attack action (it never is for Fireworks).
    """

    id: str
    name: str
    count: int = Field(ge=1)
    timing: Timing
    effects: tuple[Effect, ...]
    requires: tuple[Requirement, ...] = ()
    stackable: bool = False
    counts_as_attack: bool = False
    text: str
    provenance: Provenance
    note: str = ""


class PoliceOpsKind(StrEnum):
    """The police ops card types the rulebook describes."""

    RIOT_COP_MOVEMENT = "riot_cop_movement"
    HEAVY_REINFORCEMENTS = "heavy_reinforcements"
    LIGHT_REINFORCEMENTS = "light_reinforcements"
    TACTICAL_RETREAT = "tactical_retreat"
    STRATEGIC_ROTATION = "strategic_rotation"
    EMERGENCY_REINFORCEMENTS = "emergency_reinforcements"
    MANEUVERS = "maneuvers"
    METRO_LOCKDOWN = "metro_lockdown"
    CHIEF_OF_POLICE_FIRED = "chief_of_police_fired"
    PARAMILITARY_OPERATIONS = "paramilitary_operations"


class PoliceOpsCard(Frozen):
    """One physical police ops card (each has its own id, the deck is a list of ids).

    `morale_up` marks the printed '+1 police morale'; it is also present in `effects` as a
    `police_morale` effect so that the engine resolves cards uniformly.
    """

    id: str
    name: str
    kind: PoliceOpsKind
    effects: tuple[Effect, ...]
    morale_up: bool = False
    text: str
    provenance: Provenance
    note: str = ""

    @model_validator(mode="after")
    def _morale_matches(self) -> PoliceOpsCard:
        has = any(isinstance(e, PoliceMorale) and e.delta == 1 for e in self.effects)
        if has != self.morale_up:
            raise ValueError(f"{self.id}: morale_up must match a police_morale +1 effect")
        return self


class ManifestationCard(Frozen):
    """A manifestation card. `benefits[d]` applies when the liberated side shows difficulty d.

    `always` holds what happens whatever the difficulty; it must lower police morale.
    """

    id: str
    name: str
    always: tuple[Effect, ...]
    benefits: dict[int, tuple[Effect, ...]]
    text: str
    provenance: Provenance
    note: str = ""

    @model_validator(mode="after")
    def _lowers_morale(self) -> ManifestationCard:
        if not any(isinstance(e, PoliceMorale) and e.delta < 0 for e in self.always):
            raise ValueError(f"{self.id}: every manifestation lowers police morale")
        return self

    def benefit_for(self, liberated_difficulty: int) -> tuple[Effect, ...]:
        """The tier for that difficulty, clamped to the printed range."""
        keys = sorted(self.benefits)
        d = min(max(liberated_difficulty, keys[0]), keys[-1])
        while d not in self.benefits:
            d -= 1
        return self.benefits[d]

    @property
    def reveals_police_ops(self) -> bool:
        return any(
            isinstance(e, RevealPoliceOps)
            for tier in (self.always, *self.benefits.values())
            for e in tier
        )


# ----- agendas ------------------------------------------------------------------------------


class Objective(Frozen):
    """One checkable goal on an agenda card, read at the Next Night step.

    kinds:
    - insurrection_successful: all State districts hold occupations.
    - own_occupations_in_state: your occupations sit in at least `count` State districts.
    - own_occupations: you have at least `count` occupations in the city.
    - own_districts_occupied: your occupations sit in all of your own districts.
    - liberated_with_own_occupation: at least `count` liberated districts hold your occupation.
    - districts_liberated: at least `count` districts are liberated (by anyone).
    - shopping_centers_burned: at least `count` shopping centers are burned.
    - blocs_in_city: you have at least `count` blocs in the city.
    - most_blocs_in_city: you alone have the most blocs in the city.
    - most_occupations: you alone have the most occupations in the city.
    - all_state_own: every State district holds one of your occupations.
    - loot_in_hand: you hold at least `count` loot cards.
    - riot_vans_destroyed: at least `count` riot vans have been destroyed.
    - police_morale_at_most: the morale marker is at step `count` or lower (0 = first step).
    """

    kind: Literal[
        "insurrection_successful",
        "own_occupations_in_state",
        "own_occupations",
        "own_districts_occupied",
        "liberated_with_own_occupation",
        "districts_liberated",
        "shopping_centers_burned",
        "blocs_in_city",
        "most_blocs_in_city",
        "most_occupations",
        "all_state_own",
        "loot_in_hand",
        "riot_vans_destroyed",
        "police_morale_at_most",
    ]
    count: int = 0


class AgendaOption(Frozen):
    """One way to win with this card: all objectives must hold at once."""

    mode: Literal["win_together", "win_alone"]
    objectives: tuple[Objective, ...]
    text: str


class AgendaCard(Frozen):
    id: str
    name: str
    options: tuple[AgendaOption, ...] = Field(min_length=2)
    flavor: str = ""
    provenance: Provenance
    note: str = ""

    @property
    def can_win_alone(self) -> bool:
        return any(o.mode == "win_alone" for o in self.options)


# ----- occupations and factions -------------------------------------------------------------


class Ability(Frozen):
    """An occupation's ongoing ability (one side: normal or liberated).

    kinds (parameters in brackets):
    - form_bloc_at_turn_start [count]: before rolling, form blocs here (Faction Start).
    - form_bloc_for_die [count, uses_per_turn]: spend a die of any value to form blocs here.
    - extra_dice_on_reaction_six [count]: each reaction roll of 6 grants extra action dice.
    - molotov_boost [amount, uses_per_turn]: a Molotovs card you use gets +amount.
    - loot_draw_choose [draw, keep]: each loot action draws `draw`, keeps `keep`.
    - multi_barricade [count, scope]: one die of any value builds `count` barricades.
    - loot_as_basic [loot_steps]: those loot steps become basic actions for you.
    - build_as_basic [scope]: building and swapping occupations become basic actions.
    - free_loot [count]: draw loot cards for free once per turn, at any time.
    - free_movement [count]: free movement actions each turn.
    - die_for_loot_choice [draw, keep, uses_per_turn]: a die of any value draws and keeps.

    `scope` lists where it applies: "here" (this district), "adjacent" (districts adjacent to
    it), "same_type" (all districts of this district's type).
    """

    kind: Literal[
        "form_bloc_at_turn_start",
        "form_bloc_for_die",
        "extra_dice_on_reaction_six",
        "molotov_boost",
        "loot_draw_choose",
        "multi_barricade",
        "loot_as_basic",
        "build_as_basic",
        "free_loot",
        "free_movement",
        "die_for_loot_choice",
    ]
    count: int = 0
    amount: int = 0
    uses_per_turn: int = 0
    draw: int = 0
    keep: int = 0
    scope: tuple[Literal["here", "adjacent", "same_type"], ...] = ()
    loot_steps: tuple[Literal["graffiti", "burn"], ...] = ()
    text: str


class Occupation(Frozen):
    """An occupation token design. `faction` None means every faction owns one (common)."""

    id: str
    name: str
    faction: str | None
    ability: Ability
    liberated: Ability
    is_start: bool = False
    provenance: Provenance
    note: str = ""


class Faction(Frozen):
    id: str
    name: str
    colour: str
    district_type: DistrictType
    occupations: tuple[str, ...] = Field(min_length=5, max_length=5)
    blocs: int = 10
    provenance: Provenance


class MoraleStep(Frozen):
    """One space of the police morale track and how many police ops cards it draws."""

    label: str
    draws: int = Field(ge=1, le=3)


class MoraleTrack(Frozen):
    steps: tuple[MoraleStep, ...]
    start: int = 0
    provenance: Provenance
    note: str = ""


# ----- scenarios ----------------------------------------------------------------------------


class TileSwap(Frozen):
    """Take one tile out of the piles and put another in the same pile.

    Name the tile to remove with `remove`, or give `remove_type` to remove one tile of that type
    chosen at random (the scenario says 'a highway district tile'). The added tile takes the
    removed tile's letter pile, so the A/B/C piles keep their 9/8/8 sizes.
    """

    add: str
    remove: str | None = None
    remove_type: DistrictType | None = None

    @model_validator(mode="after")
    def _one_target(self) -> TileSwap:
        if (self.remove is None) == (self.remove_type is None):
            raise ValueError("give exactly one of remove / remove_type")
        return self


class ScenarioSetup(Frozen):
    """Everything a setup changes against the tables: tiles, police, blocs, nights, decks.

    `vans_in_state`: one van in each State district; `vans_in`: extra named districts (or all
    of them when `vans_in_state` is False). The usual 3-player Stadium swap is an ordinary
    `tile_swaps` entry of the standard game's 3-player setup.
    """

    tile_swaps: tuple[TileSwap, ...] = ()
    nights: int = Field(default=8, ge=1)
    vans_in_state: bool = True
    vans_in: tuple[str, ...] = ()
    cops_per_van: int = Field(default=3, ge=0)
    start_blocs: int = Field(default=1, ge=1)
    use_agendas: bool | None = None
    """None: agendas when playing semi-cooperatively; False: never (fully cooperative)."""
    police_ops_removed: dict[PoliceOpsKind, int] = Field(default_factory=dict)
    agendas_removed: tuple[str, ...] = ()
    agenda_deal: Literal["standard", "infighting"] = "standard"
    difficulty: Literal["easy", "medium", "hard"] | None = None
    """Forced police ops difficulty (beginner: easy); None lets the table choose."""


class Condition(Frozen):
    """A victory condition or win veto, checked at the Next Night step.

    kinds:
    - all_state_occupied [require_liberated]: every State district holds an occupation.
    - highway_entrances_barricaded: every highway connection in the city holds a barricade.
    - commercial_burned: every shopping center of every Commercial district is burned.
    - police_abolished: all riot vans destroyed and no riot cops in the city.
    - own_districts_occupied: every faction has occupations in all of its own districts.
    - state_or_own_districts: every faction either occupies a State district or all of its own.
    - districts_liberated [count]: at least `count` districts are liberated.
    - autonomous_zone_neighbours_liberated: every district adjacent to an Autonomous Zone is
      liberated.
    - no_police_in_autonomous_zones: no riot cop or van stands in an Autonomous Zone.
    """

    kind: Literal[
        "all_state_occupied",
        "highway_entrances_barricaded",
        "commercial_burned",
        "police_abolished",
        "own_districts_occupied",
        "state_or_own_districts",
        "districts_liberated",
        "autonomous_zone_neighbours_liberated",
        "no_police_in_autonomous_zones",
    ]
    count: int = 0
    require_liberated: bool = False


Mode = Literal["semi_cooperative", "fully_cooperative"]


class Scenario(Frozen):
    """A way to play: the standard game, the beginner game, or a mini-expansion scenario.

    `victory`: all must hold for the insurrection to succeed. `win_vetoes`: while any fails,
    nobody wins at all (Autonomous Zone Phase I), whatever agenda cards say.
    """

    id: str
    name: str
    modes: tuple[Mode, ...] = Field(min_length=1)
    players: tuple[int, ...] = Field(min_length=1)
    level: Literal["beginner", "standard", "intermediate", "expert"]
    victory: tuple[Condition, ...] = Field(min_length=1)
    win_vetoes: tuple[Condition, ...] = ()
    setup: ScenarioSetup
    three_player: ScenarioSetup | None = None
    beginner_city: bool = False
    text: str = ""
    provenance: Provenance
    note: str = ""

    def setup_for(self, players: int) -> ScenarioSetup:
        """The setup to use at this table size (the 3-player variant when it exists)."""
        if players == 3 and self.three_player is not None:
            return self.three_player
        return self.setup


class HighwayOverpassOption(Frozen):
    """The optional rule that swaps one base highway for the Highway Overpass in the C pile."""

    tile: str
    pile: Literal["C"] = "C"
    replaces_from_pile: Literal["A", "B", "C"] = "C"
    provenance: Provenance
    note: str = ""


# ----- beginner city ------------------------------------------------------------------------


class FixedTile(Frozen):
    tile: str
    orientation: int = Field(default=0, ge=0, le=3)


class FixedCity(Frozen):
    """A hand-made 5x5 layout (rows top to bottom, five tiles each)."""

    rows: tuple[tuple[FixedTile, ...], ...]
    unused: tuple[str, ...]
    provenance: Provenance
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> FixedCity:
        if len(self.rows) != 5 or any(len(r) != 5 for r in self.rows):
            raise ValueError("a city is a 5 x 5 grid")
        return self
