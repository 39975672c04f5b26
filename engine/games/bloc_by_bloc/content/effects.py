"""Card effects as data: every effect a Bloc by Bloc card can have, one typed shape each.

Cards carry machine-readable `effects` lists built from these shapes, so the rules engine
implements each effect type once instead of parsing card text.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.games.bloc_by_bloc.content.basics import DistrictType, Frozen, Priority


class DieBonus(Frozen):
    """Add `amount` to one action die used for an action of class `actions` (Molotovs)."""

    type: Literal["die_bonus"] = "die_bonus"
    amount: int = Field(ge=1)
    actions: Literal["attack", "advanced"]


class ExtraDice(Frozen):
    """Roll `count` extra action dice now, to use this turn only."""

    type: Literal["extra_dice"] = "extra_dice"
    count: int = Field(ge=1)


class FreeAction(Frozen):
    """Take `count` actions of this kind without spending an action die."""

    type: Literal["free_action"] = "free_action"
    action: Literal["movement"]
    count: int = Field(ge=1)


Recipients = Literal["self", "liberating", "each_faction"]
"""Who benefits: the card's player; each faction with blocs in the liberated district; all."""


class PlaceBarricades(Frozen):
    """Place `count` barricades from the pile around one district (free, no reaction roll)."""

    type: Literal["place_barricades"] = "place_barricades"
    count: int = Field(ge=1)
    where: Literal["own_bloc_district", "liberated_district"]
    recipients: Recipients = "self"


class FormBlocs(Frozen):
    """Take `count` blocs from the faction mat and put them in the city."""

    type: Literal["form_blocs"] = "form_blocs"
    count: int = Field(ge=1)
    where: Literal["own_occupation", "liberated_district", "start"]
    recipients: Recipients = "self"


class RemoveCops(Frozen):
    """Send up to `count` riot cops to the staging area (never riot vans).

    `where="own_bloc_district"`: one district holding one of your blocs; `"any"`: anywhere.
    `reaction_roll` is True when using the effect needs its own reaction roll (Fireworks); such
    a use is never an attack action.
    """

    type: Literal["remove_cops"] = "remove_cops"
    count: int = Field(ge=1)
    where: Literal["own_bloc_district", "any"]
    reaction_roll: bool = False


class SkipReactionRoll(Frozen):
    """Do not make the reaction roll that your next advanced or attack action would need."""

    type: Literal["skip_reaction_roll"] = "skip_reaction_roll"


class RerollReaction(Frozen):
    """Roll the reaction die again after seeing it; the new result stands."""

    type: Literal["reroll_reaction"] = "reroll_reaction"


class PreventAttacks(Frozen):
    """Police Repression: in one district, `count` riot cop attacks on your blocs are ignored."""

    type: Literal["prevent_attacks"] = "prevent_attacks"
    count: int = Field(ge=1)


class ProtectOccupation(Frozen):
    """Police Repression: riot cops (not riot vans) cannot evict your occupation in one district."""

    type: Literal["protect_occupation"] = "protect_occupation"


class LiberationBonus(Frozen):
    """District Liberation: count `count` extra blocs in one district holding your bloc."""

    type: Literal["liberation_bonus"] = "liberation_bonus"
    count: int = Field(ge=1)


class DrawLoot(Frozen):
    """Draw `count` loot cards (manifestations hand them to `recipients`)."""

    type: Literal["draw_loot"] = "draw_loot"
    count: int = Field(ge=1)
    recipients: Recipients = "self"


class PoliceMorale(Frozen):
    """Move the police morale marker by `delta` steps (clamped to the track)."""

    type: Literal["police_morale"] = "police_morale"
    delta: int


class RevealPoliceOps(Frozen):
    """Turn the top `count` police ops cards face up in order; they stay on top of the deck.

    Several reveals in the same Sunrise add up (the rulebook says to reveal the total).
    """

    type: Literal["reveal_police_ops"] = "reveal_police_ops"
    count: int = Field(ge=1)


class Countdown(Frozen):
    """Give the insurrection `nights` more nights (move the countdown marker back)."""

    type: Literal["countdown"] = "countdown"
    nights: int = Field(ge=1)


class CopMovement(Frozen):
    """Every group of riot cops advances into an adjacent district of `district_type`.

    With several candidate districts, the one with the `priority` police ID wins.
    """

    type: Literal["cop_movement"] = "cop_movement"
    district_type: DistrictType
    priority: Priority


class Reinforcements(Frozen):
    """Each riot van deploys `cops` riot cops from staging into its district (Heavy: 2, Light: 1).

    When staging runs short, vans are served in `priority` police ID order.
    """

    type: Literal["reinforcements"] = "reinforcements"
    cops: int = Field(ge=1)
    priority: Priority


class TacticalRetreat(Frozen):
    """Solo riot cops return to staging, except those with a riot van or in a clash."""

    type: Literal["tactical_retreat"] = "tactical_retreat"


class StrategicRotation(Frozen):
    """Districts with more than `keep` riot cops send the excess back to staging."""

    type: Literal["strategic_rotation"] = "strategic_rotation"
    keep: int = Field(default=6, ge=1)


class EmergencyReinforcements(Frozen):
    """With fewer than `max_vans` vans in the city, one van goes to the highest-ID district that
    has riot cops and no van."""

    type: Literal["emergency_reinforcements"] = "emergency_reinforcements"
    max_vans: int = Field(default=4, ge=1)


class Maneuvers(Frozen):
    """All riot vans move to the highest-ID districts that hold a van or at least one cop."""

    type: Literal["maneuvers"] = "maneuvers"


class MetroLockdown(Frozen):
    """The faction to the left may not use metro stations until the end of its next turn."""

    type: Literal["metro_lockdown"] = "metro_lockdown"


class ChiefFired(Frozen):
    """Set this card aside, shuffle deck and discards together, start the discards with it."""

    type: Literal["chief_fired"] = "chief_fired"


class Paramilitary(Frozen):
    """Reconstructed: in each district with an occupation and no police, place
    `cops_per_district` riot cops from staging, served in `priority` police ID order."""

    type: Literal["paramilitary"] = "paramilitary"
    cops_per_district: int = Field(ge=1)
    priority: Priority


Effect = Annotated[
    DieBonus
    | ExtraDice
    | FreeAction
    | PlaceBarricades
    | FormBlocs
    | RemoveCops
    | SkipReactionRoll
    | RerollReaction
    | PreventAttacks
    | ProtectOccupation
    | LiberationBonus
    | DrawLoot
    | PoliceMorale
    | RevealPoliceOps
    | Countdown
    | CopMovement
    | Reinforcements
    | TacticalRetreat
    | StrategicRotation
    | EmergencyReinforcements
    | Maneuvers
    | MetroLockdown
    | ChiefFired
    | Paramilitary,
    Field(discriminator="type"),
]
