"""The actions a faction can send, as small typed values a client turns into commands.

Fields are listed in the order a player fills them in. Districts are tile ids (autocomplete shows
their names); `die` is the 1-based position of an action die in the turn's roll, and 0 asks for
a free action (Social Center, Bicycles) where one is offered.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.core import ActionBase

DIE = "Action die to spend (its number in your roll; 0 = a free action)"


class Start(ActionBase):
    summary: ClassVar[str] = "Choose your starting district (Start occupation and first bloc)"
    kind: Literal["start"] = "start"
    district: str = Field(description="One of your faction's districts")


class Move(ActionBase):
    summary: ClassVar[str] = "Move one bloc or a whole mob by streets, highways and metro"
    kind: Literal["move"] = "move"
    die: int = Field(description=DIE)
    from_district: str = Field(description="Where the blocs are (not in a clash)")
    to_district: str = Field(description="Where they go")
    blocs: int = Field(default=1, description="How many of your blocs there move together")


class Barricade(ActionBase):
    summary: ClassVar[str] = "Build a barricade between a district you hold and a neighbour"
    kind: Literal["barricade"] = "barricade"
    die: int = Field(description="Action die to spend (any value)")
    district: str = Field(description="District with your bloc (not in a clash)")
    toward: str = Field(description="The adjacent district the barricade faces")
    toward_2: str = Field(
        default="", description="Guerrilla Garden: adjacent district for a 2nd barricade"
    )
    toward_3: str = Field(
        default="", description="Guerrilla Garden: adjacent district for a 3rd barricade"
    )

    def targets(self) -> list[str]:
        """Every neighbour named, once per barricade (a Guerrilla Garden names up to 3)."""
        return [t for t in (self.toward, self.toward_2, self.toward_3) if t]


class Loot(ActionBase):
    summary: ClassVar[str] = "Loot a shopping center: graffiti it, or burn a graffitied one"
    kind: Literal["loot"] = "loot"
    die: int = Field(description="Action die (at least the district's difficulty)")
    district: str = Field(description="District with a shopping center and your bloc")
    step: str = Field(default="graffiti", description="graffiti or burn")


class Build(ActionBase):
    summary: ClassVar[str] = "Build an occupation from your mat in an empty occupation circle"
    kind: Literal["build"] = "build"
    die: int = Field(description="Action die (at least the district's difficulty)")
    district: str = Field(description="Your own, a Public or a State district")
    occupation: str = Field(description="Occupation from your faction mat")


class Swap(ActionBase):
    summary: ClassVar[str] = "Replace an occupation with one from your mat"
    kind: Literal["swap"] = "swap"
    die: int = Field(description="Action die (at least the district's difficulty)")
    district: str = Field(description="District whose occupation you replace")
    occupation: str = Field(description="Occupation from your faction mat")


class Attack(ActionBase):
    summary: ClassVar[str] = "Attack in a clash: defeat a cop, hit the van, or kick 2 cops out"
    kind: Literal["attack"] = "attack"
    die: int = Field(description="Action die (at least the district's difficulty)")
    district: str = Field(description="District of the clash")
    target: str = Field(description="'cop', 'van', or the district to kick 2 riot cops into")


class Form(ActionBase):
    summary: ClassVar[str] = "Assembly Hall: spend a die of any value to form a bloc there"
    kind: Literal["form"] = "form"
    die: int = Field(description="Action die to spend (any value)")
    district: str = Field(description="District of your Assembly Hall")


class Hack(ActionBase):
    summary: ClassVar[str] = "Hacker Space: spend a die of any value to draw 2 loot, keep 1"
    kind: Literal["hack"] = "hack"
    die: int = Field(description="Action die to spend (any value)")


class Draw(ActionBase):
    summary: ClassVar[str] = "Propaganda Workshop: draw your free loot card for this turn"
    kind: Literal["draw"] = "draw"


class Card(ActionBase):
    summary: ClassVar[str] = "Play a loot card from your hand"
    kind: Literal["card"] = "card"
    card: str = Field(description="The loot card")
    district: str = Field(default="", description="District it acts on, if it needs one")
    toward: str = Field(default="", description="Neighbouring district, for barricade cards")


class Gift(ActionBase):
    summary: ClassVar[str] = "Offer a loot card to a faction with blocs where you have blocs"
    kind: Literal["gift"] = "gift"
    faction: str = Field(description="The faction receiving it")
    card: str = Field(description="Your loot card")


class Trade(ActionBase):
    summary: ClassVar[str] = "Offer a loot card in exchange for one of theirs"
    kind: Literal["trade"] = "trade"
    faction: str = Field(description="The faction to trade with")
    card: str = Field(description="Your loot card")
    want: str = Field(
        default="", description="The loot card you want back (empty: they choose which)"
    )


class Accept(ActionBase):
    summary: ClassVar[str] = "Accept the loot offered to you (for a trade, the card you give)"
    kind: Literal["accept"] = "accept"
    card: str = Field(default="", description="For a trade: the card you give back")


class Decline(ActionBase):
    summary: ClassVar[str] = "Decline the loot offered to you"
    kind: Literal["decline"] = "decline"


class Discard(ActionBase):
    summary: ClassVar[str] = "Choose a loot card to discard from those just drawn"
    kind: Literal["discard"] = "discard"
    card: str = Field(description="The card to let go")


class End(ActionBase):
    summary: ClassVar[str] = "End your actions; the police ops step follows"
    kind: Literal["end"] = "end"
    card: str = Field(default="", description="A sunrise loot card to set aside for tonight")
    district: str = Field(default="", description="The district the card is set aside for")


class Stop(ActionBase):
    summary: ClassVar[str] = "Stop the advanced action another faction is taking"
    kind: Literal["stop"] = "stop"


class Allow(ActionBase):
    summary: ClassVar[str] = "Let the other faction's advanced action happen"
    kind: Literal["allow"] = "allow"


class Defeat(ActionBase):
    summary: ClassVar[str] = "Police Repression: choose whose bloc the next riot cop defeats"
    kind: Literal["defeat"] = "defeat"
    faction: str = Field(description="Faction losing a bloc")


class Pass(ActionBase):
    summary: ClassVar[str] = "Play no (more) cards in this window"
    kind: Literal["pass"] = "pass"


class Prefer(ActionBase):
    summary: ClassVar[str] = (
        "Standing choice: stopping allies, auto Police Scanner, sunrise card windows"
    )
    kind: Literal["prefer"] = "prefer"
    setting: str = Field(description="stop, scanner or sunrise")
    value: str = Field(description="stop: ask/never; scanner: auto/never; sunrise: ask/never")


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
