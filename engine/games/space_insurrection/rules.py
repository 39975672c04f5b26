"""Space Insurrection as an `engine.core.Game`: set-up, and the flow of one action.

Every phase of secret orders is a set of order sheets submitted whole (`orders.py`); the other
decisions are ordinary actions: discards over the reserve limit, declared orders after an
observation, and one unit's action at a time in the action phase (`fight.py`; whose turn it
is, `turns.py`). `flow.py` moves the turn on whenever nobody is left to answer."""

from __future__ import annotations

from engine.core import (
    ActionBase,
    ChoiceStyle,
    Event,
    Game,
    HandCard,
    IllegalAction,
    OrderAction,
    Outcome,
    Prompt,
)
from engine.games.space_insurrection import (
    fight,
    flow,
    orders,
    prompts,
    recruit,
    search,
    text,
    victory,
)
from engine.games.space_insurrection.actions import (
    ACTION_TYPES,
    Declare,
    Discard,
    Pass,
)
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import SEAT_NAMES, seat_colour
from engine.games.space_insurrection.state import (
    SpaceOptions,
    SpaceState,
    Unit,
    World,
    all_chits,
    chit_name,
)
from engine.games.space_insurrection.view import SpaceView, build_view, phase_name
from engine.kit.cards import draw_at_random, hand_view
from engine.messages import Msg, m
from engine.rng import Rng


class SpaceInsurrection(Game[SpaceState, SpaceOptions]):
    id = "space_insurrection"
    title = "Space Insurrection"
    short_name = "space"
    player_counts = (2, 3, 4, 5)
    options_type = SpaceOptions
    state_type = SpaceState
    action_types = ACTION_TYPES

    def setup(self, options: SpaceOptions, seed: int) -> SpaceState:
        """Seats and home worlds are dealt at random; each home world is loyal, with a Base from
        the pile; then each seat draws its starting reserve. That reserve is the first turn's
        recruitment, so the first turn opens at its blockade phase (see DESIGN.md)."""
        rng = Rng.seeded(seed)
        n = options.players
        holders = list(range(n))
        rng.shuffle(holders)
        worlds = [World(id=w.id) for w in content().worlds]
        homes = list(range(len(worlds)))
        rng.shuffle(homes)
        pile = all_chits(options.specials)
        state = SpaceState(
            rng=rng,
            holders=holders,
            seat_names=list(SEAT_NAMES[:n]),
            last_turn=options.last_turn,
            specials=options.specials,
            worlds=worlds,
            pile=pile,
            reserves=[[] for _ in range(n)],
        )
        for seat in range(n):
            home = worlds[homes[seat]]
            home.loyal = seat
            base = f"base-{seat + 1}"
            state.pile.remove(base)
            state.units[base] = Unit(id=base, owner=seat, world=home.id)
        for seat in range(n):
            for _ in range(content().numbers.starting_reserve):
                chit = draw_at_random(state.pile, rng)
                assert chit is not None  # the pile holds far more than the starting reserves
                state.reserves[seat].append(chit)
        flow.to_sheet(state, "blockade")
        return state

    def _check_may_act(
        self, state: SpaceState, seat: int, action: ActionBase, prompts: dict[int, Prompt]
    ) -> None:
        """A second sheet in the same phase is told as such, not as someone else's turn."""
        if isinstance(action, OrderAction) and seat in state.sheets:
            raise IllegalAction(m("space.refuse.already_submitted"))
        super()._check_may_act(state, seat, action, prompts)

    def _prompts(self, state: SpaceState) -> dict[int, Prompt]:
        if state.winners is not None:
            return {}
        return prompts.prompts(self, state)

    def _asked(self, state: SpaceState) -> list[int]:
        """The seats of `_prompts`, without building their prompts."""
        if state.winners is not None:
            return []
        return prompts.asked(state)

    def legal_actions(self, state: SpaceState, seat: int) -> list[ActionBase]:
        if seat not in self._asked(state):
            return []
        if state.phase == "discard":
            return [Discard(chit=c) for c in sorted(set(state.reserves[seat]))]
        if state.phase == "action":
            return fight.legal(state, seat)
        prompt = prompts.prompt(self, state, seat)
        if prompt.sheet is not None:
            return [self.parse_action(prompt.default or {})]
        return [self.parse_action(c.action) for c in prompt.choices]

    def _apply(self, state: SpaceState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if not absent:
            state.busy = True  # a player's own choice, even a pass: no standstill this turn
        if isinstance(action, OrderAction):
            if action.kind != orders.KINDS.get(state.phase):
                raise_wrong_phase(state)
            events = orders.submit(state, seat, action.chosen())
            if not state.owing:
                events += flow.after_sheet(state)
        elif isinstance(action, Discard):
            if state.phase != "discard":
                raise_wrong_phase(state)
            events = recruit.discard(state, seat, action.chit)
            events += flow.after_discard(state)
        elif isinstance(action, Declare):
            if state.phase != "declare":
                raise_wrong_phase(state)
            events = [Event(msg=n) for n in orders.declare(state, seat, action.unit, action.to)]
            events += flow.after_declare(state)
        else:
            events = fight.play(state, seat, action)
            events += flow.after_action(state, seat)
        result = self.outcome(state)
        if result is not None:
            events.append(Event(msg=result.msg))
        return events

    def outcome(self, state: SpaceState) -> Outcome | None:
        return victory.outcome(state)

    def _resample(self, state: SpaceState, seat: int | None, rng: Rng) -> None:
        search.resample(self, state, seat, rng)

    def _fix_sheet(self, state: SpaceState, seat: int, draft: dict[str, str]) -> dict[str, str]:
        return search.fix_sheet(state, seat, draft)

    def _reveals(self, state: SpaceState, seat: int, action: ActionBase) -> bool:
        """A declared order is told to the table; it cannot be unsaid."""
        return isinstance(action, Declare)

    def turn_number(self, state: SpaceState) -> int:
        """The turn; a table's last turn is the number the game ends on."""
        return state.turn

    def seat_name(self, state: SpaceState, seat: int) -> Msg:
        """The seat's colour from the catalog, so the bot names it in the reader's language;
        `state.seat_names` keeps the English."""
        return seat_colour(state, seat)

    def view(self, state: SpaceState, seat: int | None) -> SpaceView:
        return build_view(state, seat, sorted(self._asked(state)), self.outcome(state))

    def describe(self, state: SpaceState, action: ActionBase) -> Msg:
        try:
            return text.describe(state, action)
        except (KeyError, ValueError, IndexError, StopIteration):
            return super().describe(state, action)

    def choice_label(self, state: SpaceState, action: ActionBase) -> Msg:
        try:
            return text.choice_label(state, action)
        except (KeyError, ValueError, IndexError, StopIteration):
            return m("core.name", name=action.kind)

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        return "secondary" if isinstance(action, Pass) else "primary"

    def label_value(self, state: SpaceState, kind: str, field: str, value: object) -> Msg:
        return text.label_value(state, field, value)

    def status_text(self, state: SpaceState, seat: int | None) -> Msg:
        result = self.outcome(state)
        if result is not None:
            return m("space.status.over", reason=result.msg)
        return text.status(state, sorted(self._asked(state)))

    def hand_text(self, state: SpaceState, seat: int) -> Msg | None:
        return text.hand(state, seat)

    def hand(self, state: SpaceState, seat: int) -> list[HandCard]:
        """The seat's reserve, chit by chit, with what it may do with each now: deploy it,
        play it (a special chit) or discard it."""
        return hand_view(
            self,
            state,
            seat,
            sorted(state.reserves[seat], key=text.chit_order),
            name=chit_name,
            text=text.chit_text,
            field="chit",
        )


def raise_wrong_phase(state: SpaceState) -> None:
    raise IllegalAction(m("space.refuse.wrong_phase", phase=phase_name(state.phase)))


GAME = SpaceInsurrection()
