"""The actions a faction can send, as small typed values a client turns into commands.

Fields are listed in the order a player fills them in. Districts are tile ids (autocomplete shows
their names); `die` is the 1-based position of an action die in the turn's roll, and 0 asks for
a free action (Social Center, Bicycles) where one is offered.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase


class Start(ActionBase):
    summary: ClassVar[str] = "bloc.action.start"
    kind: Literal["start"] = "start"
    district: str = Field(description="bloc.action.start.district")


class Move(ActionBase):
    summary: ClassVar[str] = "bloc.action.move"
    kind: Literal["move"] = "move"
    die: int = Field(description="bloc.action.move.die")
    from_district: str = Field(description="bloc.action.move.from_district")
    to_district: str = Field(description="bloc.action.move.to_district")
    blocs: int = Field(default=1, description="bloc.action.move.blocs")


class Barricade(ActionBase):
    summary: ClassVar[str] = "bloc.action.barricade"
    kind: Literal["barricade"] = "barricade"
    die: int = Field(description="bloc.action.barricade.die")
    district: str = Field(description="bloc.action.barricade.district")
    toward: str = Field(description="bloc.action.barricade.toward")
    toward_2: str = Field(default="", description="bloc.action.barricade.toward_2")
    toward_3: str = Field(default="", description="bloc.action.barricade.toward_3")

    def targets(self) -> list[str]:
        """Every neighbour named, once per barricade (a Guerrilla Garden names up to 3)."""
        return [t for t in (self.toward, self.toward_2, self.toward_3) if t]


class Loot(ActionBase):
    summary: ClassVar[str] = "bloc.action.loot"
    kind: Literal["loot"] = "loot"
    die: int = Field(description="bloc.action.loot.die")
    district: str = Field(description="bloc.action.loot.district")
    step: str = Field(default="graffiti", description="bloc.action.loot.step")


class Build(ActionBase):
    summary: ClassVar[str] = "bloc.action.build"
    kind: Literal["build"] = "build"
    die: int = Field(description="bloc.action.build.die")
    district: str = Field(description="bloc.action.build.district")
    occupation: str = Field(description="bloc.action.build.occupation")


class Swap(ActionBase):
    summary: ClassVar[str] = "bloc.action.swap"
    kind: Literal["swap"] = "swap"
    die: int = Field(description="bloc.action.swap.die")
    district: str = Field(description="bloc.action.swap.district")
    occupation: str = Field(description="bloc.action.swap.occupation")


class Attack(ActionBase):
    summary: ClassVar[str] = "bloc.action.attack"
    kind: Literal["attack"] = "attack"
    die: int = Field(description="bloc.action.attack.die")
    district: str = Field(description="bloc.action.attack.district")
    target: str = Field(description="bloc.action.attack.target")


class Form(ActionBase):
    summary: ClassVar[str] = "bloc.action.form"
    kind: Literal["form"] = "form"
    die: int = Field(description="bloc.action.form.die")
    district: str = Field(description="bloc.action.form.district")


class Hack(ActionBase):
    summary: ClassVar[str] = "bloc.action.hack"
    kind: Literal["hack"] = "hack"
    die: int = Field(description="bloc.action.hack.die")


class Draw(ActionBase):
    summary: ClassVar[str] = "bloc.action.draw"
    kind: Literal["draw"] = "draw"


class Card(ActionBase):
    summary: ClassVar[str] = "bloc.action.card"
    kind: Literal["card"] = "card"
    card: str = Field(description="bloc.action.card.card")
    district: str = Field(default="", description="bloc.action.card.district")
    toward: str = Field(default="", description="bloc.action.card.toward")


class Gift(ActionBase):
    summary: ClassVar[str] = "bloc.action.gift"
    kind: Literal["gift"] = "gift"
    faction: str = Field(description="bloc.action.gift.faction")
    card: str = Field(description="bloc.action.gift.card")


class Trade(ActionBase):
    summary: ClassVar[str] = "bloc.action.trade"
    kind: Literal["trade"] = "trade"
    faction: str = Field(description="bloc.action.trade.faction")
    card: str = Field(description="bloc.action.trade.card")
    want: str = Field(default="", description="bloc.action.trade.want")


class Accept(ActionBase):
    summary: ClassVar[str] = "bloc.action.accept"
    kind: Literal["accept"] = "accept"
    card: str = Field(default="", description="bloc.action.accept.card")


class Decline(ActionBase):
    summary: ClassVar[str] = "bloc.action.decline"
    kind: Literal["decline"] = "decline"


class Discard(ActionBase):
    summary: ClassVar[str] = "bloc.action.discard"
    kind: Literal["discard"] = "discard"
    card: str = Field(description="bloc.action.discard.card")


class End(ActionBase):
    summary: ClassVar[str] = "bloc.action.end"
    kind: Literal["end"] = "end"
    card: str = Field(default="", description="bloc.action.end.card")
    district: str = Field(default="", description="bloc.action.end.district")


class Stop(ActionBase):
    summary: ClassVar[str] = "bloc.action.stop"
    kind: Literal["stop"] = "stop"


class Allow(ActionBase):
    summary: ClassVar[str] = "bloc.action.allow"
    kind: Literal["allow"] = "allow"


class Defeat(ActionBase):
    summary: ClassVar[str] = "bloc.action.defeat"
    kind: Literal["defeat"] = "defeat"
    faction: str = Field(description="bloc.action.defeat.faction")


class Pass(ActionBase):
    summary: ClassVar[str] = "bloc.action.pass"
    kind: Literal["pass"] = "pass"


class Prefer(ActionBase):
    summary: ClassVar[str] = "bloc.action.prefer"
    kind: Literal["prefer"] = "prefer"
    setting: str = Field(description="bloc.action.prefer.setting")
    value: str = Field(description="bloc.action.prefer.value")


ACTION_TYPES: tuple[type[ActionBase], ...] = (
    Start,
    Move,
    Barricade,
    Loot,
    Build,
    Swap,
    Attack,
    Form,
    Hack,
    Draw,
    Card,
    Gift,
    Trade,
    Accept,
    Decline,
    Discard,
    End,
    Stop,
    Allow,
    Defeat,
    Pass,
    Prefer,
)
