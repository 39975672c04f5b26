"""A tiny test-only game played entirely with secret order sheets (`engine.OrderSheet`).

"Scouts": two or three camps, each with three scouts on a small map. Every round all seats write
movement orders in secret, one line per scout (stay, or go to a neighbouring place), and submit
them at once; the table only hears who has submitted. When the last seat submits, every order
is revealed and carried out, and each place held by one camp alone scores it a point; the first
camp then musters everyone for the next round (a plain action, no sheet). A scout on
the tower keeps watch: its order (stay) is declared in public, so its line is locked. Two of
your scouts may not move into the same place in one round, which the game checks on submission.
Two rounds; the most points wins.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel

from engine import (
    ActionBase,
    Event,
    Game,
    GameState,
    IllegalAction,
    OrderAction,
    OrderLine,
    OrderOption,
    OrderSheet,
    Outcome,
    Prompt,
    Termination,
)
from engine.messages import Msg
from engine.rng import Rng
from tests.engine.toy_words import words

ROUNDS = 2
WATCH = "tower"
PLACES = {
    "camp": ("hill", "ford"),
    "hill": ("camp", "woods", "tower"),
    "ford": ("camp", "woods"),
    "woods": ("hill", "ford", "tower"),
    "tower": ("hill", "woods"),
}
CAMPS = ("Red", "Blue", "Green")
START = {
    "Red": ("camp", "camp", "tower"),
    "Blue": ("ford", "woods", "tower"),
    "Green": ("hill", "woods", "tower"),
}


class ScoutOptions(BaseModel):
    players: Literal[2, 3] = 2


class ScoutState(GameState):
    at: dict[str, str]
    """Each scout's place, by scout key (`red-1`)."""
    orders: list[dict[str, str] | None]
    """Each seat's submitted orders this round; None until it submits."""
    scores: list[int]
    round: int = 1
    mustering: bool = False
    """Between rounds: the orders are revealed and the first seat sends the scouts out again."""


class Orders(OrderAction):
    summary: ClassVar[str] = "Submit your scouts' movement orders"
    kind: Literal["orders"] = "orders"


class Muster(ActionBase):
    summary: ClassVar[str] = "Send the scouts out for the next round"
    kind: Literal["muster"] = "muster"


def place_name(place: str) -> str:
    return place.capitalize()


def scout_name(key: str) -> str:
    camp, _, number = key.partition("-")
    return f"{camp.capitalize()} scout {number}"


class Scouts(Game[ScoutState, ScoutOptions]):
    id = "scouts"
    title = "Scouts"
    short_name = "scouts"
    player_counts = (2, 3)
    options_type = ScoutOptions
    state_type = ScoutState
    action_types = (Orders, Muster)

    def setup(self, options: ScoutOptions, seed: int) -> ScoutState:
        rng = Rng.seeded(seed)
        n = options.players
        holders = list(range(n))
        rng.shuffle(holders)
        at = {
            f"{camp.lower()}-{i + 1}": place
            for camp in CAMPS[:n]
            for i, place in enumerate(START[camp])
        }
        return ScoutState(
            rng=rng,
            holders=holders,
            seat_names=list(CAMPS[:n]),
            at=at,
            orders=[None] * n,
            scores=[0] * n,
        )

    def scouts_of(self, state: ScoutState, seat: int) -> list[str]:
        prefix = state.seat_names[seat].lower() + "-"
        return [key for key in state.at if key.startswith(prefix)]

    def sheet(self, state: ScoutState, seat: int) -> OrderSheet:
        lines = []
        for key in self.scouts_of(state, seat):
            here = state.at[key]
            stay = OrderOption(value=here, label=words(f"stays at the {place_name(here)}"))
            if here == WATCH:
                lines.append(
                    OrderLine(key=key, label=words(scout_name(key)), options=[stay], locked=True)
                )
                continue
            moves = [OrderOption(value=p, label=words(place_name(p))) for p in PLACES[here]]
            lines.append(OrderLine(key=key, label=words(scout_name(key)), options=[stay, *moves]))
        return OrderSheet(
            kind="orders", title=words(f"Movement orders, round {state.round}"), lines=lines
        )

    def _prompts(self, state: ScoutState) -> dict[int, Prompt]:
        if self.outcome(state) is not None:
            return {}
        if state.mustering:
            return {
                0: Prompt(
                    seat=0,
                    msg=words(f"Muster the scouts for round {state.round}."),
                    kinds=["muster"],
                    choices=self.quick_choices(state, [Muster()]),
                    default={"kind": "muster"},
                )
            }
        prompts = {}
        for seat, orders in enumerate(state.orders):
            if orders is not None:
                continue
            sheet = self.sheet(state, seat)
            prompts[seat] = Prompt(
                seat=seat,
                msg=words(f"Write your scouts' movement orders for round {state.round}."),
                kinds=["orders"],
                sheet=sheet,
                default=sheet.submission({}),
            )
        return prompts

    def legal_actions(self, state: ScoutState, seat: int) -> list[ActionBase]:
        prompt = self.prompts(state).get(seat)
        if prompt is None:
            return []
        return [Muster()] if state.mustering else [Orders(orders="")]

    def _apply(self, state: ScoutState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if isinstance(action, Muster):
            if not state.mustering:
                raise IllegalAction(words("The scouts are already out."))
            state.mustering = False
            return [Event(msg=words(f"Round {state.round} begins."))]
        assert isinstance(action, Orders)
        if state.mustering:
            raise IllegalAction(words("The scouts wait to be mustered for the next round."))
        if state.orders[seat] is not None:
            raise IllegalAction(words("You have already submitted your orders this round."))
        sheet = self.sheet(state, seat)
        chosen = action.chosen()
        targets: dict[str, str] = {}
        for key, place in chosen.items():
            line = sheet.line(key)
            if line is None:
                raise IllegalAction(words(f"{scout_name(key)} is not one of your scouts."))
            if place not in [o.value for o in line.options]:
                raise IllegalAction(words(f"{line.label} cannot reach the {place_name(place)}."))
            if place == state.at[key]:
                continue
            if place in targets:
                raise IllegalAction(
                    words(
                        f"{scout_name(targets[place])} and {line.label} cannot both go to the "
                        f"{place_name(place)}; send one of them elsewhere."
                    )
                )
            targets[place] = key
        state.orders[seat] = chosen
        events = [Event(msg=words(f"{state.seat_names[seat]} has submitted orders."))]
        if all(o is not None for o in state.orders):
            events += self._reveal(state)
        return events

    def _reveal(self, state: ScoutState) -> list[Event]:
        told = []
        for orders in state.orders:
            assert orders is not None
            for key, place in orders.items():
                if place != state.at[key]:
                    told.append(
                        f"{scout_name(key)} {place_name(state.at[key])} → {place_name(place)}"
                    )
                    state.at[key] = place
        holders: dict[str, set[int]] = {}
        for key, place in state.at.items():
            owner = next(s for s in range(len(state.seat_names)) if key in self.scouts_of(state, s))
            holders.setdefault(place, set()).add(owner)
        for seats in holders.values():
            if len(seats) == 1:
                state.scores[next(iter(seats))] += 1
        scores = ", ".join(f"{n} {s}" for n, s in zip(state.seat_names, state.scores, strict=True))
        events = [
            Event(msg=words("Orders revealed: " + ("; ".join(told) or "every scout stays") + ".")),
            Event(msg=words(f"Scores after round {state.round}: {scores}.")),
        ]
        state.round += 1
        state.orders = [None] * len(state.orders)
        state.mustering = state.round <= ROUNDS
        return events

    def turn_number(self, state: ScoutState) -> int:
        """The round being ordered; after the last one the count stays on it."""
        return min(state.round, ROUNDS)

    def _resample(self, state: ScoutState, seat: int | None, rng: Rng) -> None:
        """Orders the other seats have submitted are secret: a random legal sheet each."""
        for other, orders in enumerate(state.orders):
            if other != seat and orders is not None:
                sheet = self.sheet(state, other)
                state.orders[other] = sheet.written(self.sample_sheet(state, other, sheet, rng))

    def _fix_sheet(self, state: ScoutState, seat: int, draft: dict[str, str]) -> dict[str, str]:
        """A second scout sent into a place one of its camp already enters stays instead."""
        fixed, entered = dict(draft), set()
        for key, place in draft.items():
            if place == state.at[key]:
                continue
            if place in entered:
                fixed[key] = state.at[key]
            entered.add(place)
        return fixed

    def _reveals(self, state: ScoutState, seat: int, action: ActionBase) -> bool:
        """The last submission reveals everyone's orders."""
        return all(o is not None for s, o in enumerate(state.orders) if s != seat)

    def view(self, state: ScoutState, seat: int | None) -> BaseModel:
        return _View(
            at=state.at,
            submitted=[o is not None for o in state.orders],
            scores=state.scores,
            round=state.round,
        )

    def outcome(self, state: ScoutState) -> Outcome | None:
        if state.round <= ROUNDS:
            return None
        best = max(state.scores)
        winners = [s for s, score in enumerate(state.scores) if score == best]
        return Outcome(
            termination=Termination.TIME_LIMIT, winners=winners, msg=words(f"most points ({best})")
        )

    def describe(self, state: ScoutState, action: ActionBase) -> Msg:
        if not isinstance(action, Orders):
            return words("Muster the scouts")
        moves = [
            f"{scout_name(k)} → {place_name(p)}"
            for k, p in action.chosen().items()
            if k in state.at
        ]
        return words("orders: " + (", ".join(moves) or "every scout stays"))

    def choice_label(self, state: ScoutState, action: ActionBase) -> Msg:
        """Orders stay secret until the reveal: in public they are only "sealed orders"."""
        if isinstance(action, Orders):
            return words("sealed orders")
        return self.describe(state, action)

    def status_text(self, state: ScoutState, seat: int | None) -> Msg:
        at = ", ".join(f"{scout_name(k)} at the {place_name(p)}" for k, p in state.at.items())
        return words(f"Round {min(state.round, ROUNDS)} of {ROUNDS}. {at}.")


class _View(BaseModel):
    at: dict[str, str]
    submitted: list[bool]
    scores: list[int]
    round: int


GAME = Scouts()
