"""Setup options a host picks in the lobby, and the combinations the rulebook rules out.

Every refusal explains itself in words a host understands, as a catalog message
(`bloc.option.refused.*`) the lobby says in its reader's language. The scenario's own setup
(content/scenarios.json) is looked up through `scenario_id`.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.errors import IllegalAction
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.content.models import Scenario, ScenarioSetup
from engine.messages import Arg, m

ScenarioChoice = Literal[
    "none",
    "routine-traffic-stop",
    "burn-down-the-company-town",
    "abolish-the-police",
    "occupy-everything",
    "asymmetrical-struggle",
    "collective-liberation",
    "autonomous-zone-phase-1",
    "let-the-infighting-begin",
    "smash-the-state",
    "autonomous-zone-phase-2",
]


SCENARIO_NAMES: dict[str, str] = {
    "none": "bloc.option.scenario.none",
    **{key: f"bloc.scenario.{key}.name" for key in get_args(ScenarioChoice)[1:]},
}
"""Each scenario choice by the catalog key of its title, for menus; the choice stays its id."""


class BlocOptions(BaseModel):
    """What a table decides before the first night."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Literal[2, 3, 4] = Field(description="bloc.option.players")
    mode: Literal["fully_cooperative", "semi_cooperative"] = Field(
        default="fully_cooperative",
        description="bloc.option.mode",
        json_schema_extra={
            "labels": {
                "fully_cooperative": "bloc.option.mode.fully_cooperative",
                "semi_cooperative": "bloc.option.mode.semi_cooperative",
            }
        },
    )
    difficulty: Literal["easy", "medium", "hard"] = Field(
        default="easy",
        description="bloc.option.difficulty",
        json_schema_extra={
            "labels": {
                "easy": "bloc.option.difficulty.easy",
                "medium": "bloc.option.difficulty.medium",
                "hard": "bloc.option.difficulty.hard",
            }
        },
    )
    scenario: ScenarioChoice = Field(
        default="none",
        description="bloc.option.scenario",
        json_schema_extra={"labels": {**SCENARIO_NAMES}},
    )
    beginner: bool = Field(default=False, description="bloc.option.beginner")
    city: Literal["random", "beginner"] = Field(
        default="random",
        description="bloc.option.city",
        json_schema_extra={
            "labels": {"random": "bloc.option.city.random", "beginner": "bloc.option.city.beginner"}
        },
    )
    highway_overpass: bool = Field(default=False, description="bloc.option.highway_overpass")

    @model_validator(mode="after")
    def _allowed(self) -> BlocOptions:
        # Choices that clash whatever the player count come first, so a lobby that tries every
        # count hears the real reason rather than a count it has not chosen.
        refused = "bloc.option.refused."
        scenario = m(f"bloc.scenario.{self.scenario}.name")
        if self.beginner:
            if self.scenario != "none":
                raise IllegalAction(m(refused + "beginner_scenario", scenario=scenario))
            if self.mode != "fully_cooperative":
                raise IllegalAction(m(refused + "beginner_mode"))
            if self.difficulty != "easy":
                difficulty = m(f"bloc.option.difficulty.{self.difficulty}")
                raise IllegalAction(m(refused + "beginner_difficulty", difficulty=difficulty))
        scen = load_content().scenarios[self.scenario] if self.scenario != "none" else None
        if scen is not None:
            if self.mode not in scen.modes:
                mode = m(f"bloc.option.mode.{self.mode}")
                raise IllegalAction(m(refused + "scenario_mode", scenario=scenario, mode=mode))
            if self.city == "beginner":
                raise IllegalAction(m(refused + "scenario_city"))
        if self.highway_overpass:
            if self.city == "beginner" or self.beginner:
                raise IllegalAction(m(refused + "overpass_city"))
            if self.scenario == "routine-traffic-stop":
                raise IllegalAction(m(refused + "overpass_scenario", scenario=scenario))
        if scen is not None and self.players not in scen.players:
            counts: Arg = scen.players[0]
            for more in scen.players[1:]:
                counts = m(refused + "or", head=counts, last=more)
            raise IllegalAction(m(refused + "scenario_players", scenario=scenario, counts=counts))
        if self.players == 2 and self.mode == "semi_cooperative":
            raise IllegalAction(m(refused + "two_players"))
        return self

    @property
    def scenario_id(self) -> str:
        """The content scenario this table plays (the standard and beginner games included)."""
        if self.scenario != "none":
            return self.scenario
        return "beginner" if self.beginner else "standard"

    @property
    def uses_beginner_city(self) -> bool:
        return self.beginner or self.city == "beginner"

    def scenario_data(self) -> Scenario:
        return load_content().scenarios[self.scenario_id]

    def setup_data(self) -> ScenarioSetup:
        return self.scenario_data().setup_for(self.players)

    def police_difficulty(self) -> str:
        """A scenario may force the difficulty (the beginner game plays on Easy)."""
        return self.setup_data().difficulty or self.difficulty

    def uses_agendas(self) -> bool:
        forced = self.setup_data().use_agendas
        if forced is False:
            return False
        return self.mode == "semi_cooperative"
