"""Block Mania as an `engine.core.Game`: two tower blocks at war, seen from the side. One seat
acts at a time: the player whose turn it is, or the opponent during Defensive Fire."""

from __future__ import annotations

from engine.core import (
    ActionBase,
    ChoiceStyle,
    Event,
    Game,
    HandCard,
    IllegalAction,
    Outcome,
    Prompt,
    Termination,
)
from engine.games.block_mania import names, ordnance, prompts, text, turn
from engine.games.block_mania.actions import (
    ACTION_TYPES,
    Activate,
    Arm,
    Attack,
    Deploy,
    Draw,
    Drop,
    End,
    Move,
    Play,
    SetUp,
    Switch,
)
from engine.games.block_mania.content.models import content
from engine.games.block_mania.setup import setup as new_game
from engine.games.block_mania.state import ManiaOptions, ManiaState
from engine.games.block_mania.view import ManiaView, build
from engine.kit import cards as deck
from engine.kit.cards import hand_view
from engine.messages import Msg, m
from engine.rng import Rng

ENDINGS = {
    "crash": Termination.ELIMINATION,
    "both": Termination.ELIMINATION,
    "endgame": Termination.GOAL,
}


class BlockMania(Game[ManiaState, ManiaOptions]):
    id = "block_mania"
    title = "Block Mania"
    short_name = "mania"
    player_counts = (2, 4)
    options_type = ManiaOptions
    state_type = ManiaState
    action_types = ACTION_TYPES

    def setup(self, options: ManiaOptions, seed: int) -> ManiaState:
        return new_game(options, seed)

    def _prompts(self, state: ManiaState) -> dict[int, Prompt]:
        return prompts.prompts(self, state)

    def legal_actions(self, state: ManiaState, seat: int) -> list[ActionBase]:
        return prompts.legal(state, seat)

    def _apply(self, state: ManiaState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if prompts.acting(state) != seat:
            raise IllegalAction(m("mania.refuse.not_now"))
        phase = state.phase
        notes = self._step(state, seat, action)
        if phase != "combat" and state.phase == "combat":
            notes += ordnance.combat_begins(state)
        result = self.outcome(state)
        events = [Event(msg=note) for note in notes]
        if result is not None:
            events.append(Event(msg=result.msg))
        return events

    def _step(self, state: ManiaState, seat: int, action: ActionBase) -> list[Msg]:
        phase = state.phase
        if isinstance(action, Play):
            return turn.play(state, seat, action)
        if phase == "command":
            if isinstance(action, Activate):
                return turn.activate(state, action)
            if isinstance(action, Move):
                return ordnance.move(state, action)
            if isinstance(action, Arm):
                return ordnance.do_arm(state, action)
            if isinstance(action, SetUp):
                return ordnance.do_set_up(state, action)
            if isinstance(action, Drop):
                return ordnance.do_drop(state, action)
            if isinstance(action, Draw):
                return ordnance.do_draw(state, action)
            if isinstance(action, Deploy):
                return turn.deploy(state)
            if isinstance(action, Switch):
                return turn.switch(state, action)
            if isinstance(action, End):
                return turn.end_command(state)
        if phase == "defensive" and state.window is not None:
            if isinstance(action, Attack):
                return turn.defend(state, action)
            if isinstance(action, End):
                state.window.answer(played=False)
                state.window = None
                state.phase = "combat"
                return [
                    m(
                        "mania.event.phase",
                        seat=names.seat(state, state.active),
                        phase=names.phase("combat"),
                    )
                ]
        if phase == "combat":
            if isinstance(action, Attack):
                return turn.attack(state, action)
            if isinstance(action, End):
                return turn.end_phase(state)
        raise IllegalAction(m(f"mania.refuse.phase.{phase}"))

    def outcome(self, state: ManiaState) -> Outcome | None:
        if not state.ended:
            return None
        winners = [names.seat(state, s) for s in state.winners]
        return Outcome(
            termination=ENDINGS[state.ended],
            winners=list(state.winners),
            msg=m(f"mania.outcome.{state.ended}", winners=winners, n=len(winners)),
        )

    def turn_number(self, state: ManiaState) -> int:
        return state.turn

    def seat_name(self, state: ManiaState, seat: int) -> Msg:
        """The seat's block from the catalog, so the bot names it in the reader's language;
        `state.seat_names` keeps the English."""
        return names.seat(state, seat)

    def next_up(self, state: ManiaState) -> int | None:
        return None if state.ended else state.defender

    def _reveals(self, state: ManiaState, seat: int, action: ActionBase) -> bool:
        """Cards played and Defensive Fire are final."""
        return isinstance(action, Play) or state.phase == "defensive"

    def view(self, state: ManiaState, seat: int | None) -> ManiaView:
        result = self.outcome(state)
        return build(state, seat, None if result is None else result.msg)

    def _resample(self, state: ManiaState, seat: int | None, rng: Rng) -> None:
        """The other hand (and, for the channel, both), the deck and the set-aside Justice
        cards, dealt again among themselves. Justice cards have their own backs, so each
        hidden place keeps how many of each kind it holds."""
        others = (state.hands[s] for s in range(state.players) if s != seat)
        places = [*others, state.deck, state.justice]
        for justice in (False, True):
            spots = [
                (place, i)
                for place in places
                for i, card in enumerate(place)
                if (content().card(card).window == "justice") is justice
            ]
            pool = deck.unseen_order(place[i] for place, i in spots)
            rng.shuffle(pool)
            for (place, i), card in zip(spots, pool, strict=True):
                place[i] = card

    def describe(self, state: ManiaState, action: ActionBase) -> Msg:
        return text.describe(state, action)

    def choice_label(self, state: ManiaState, action: ActionBase) -> Msg:
        return text.label(state, action)

    def label_value(self, state: ManiaState, kind: str, field: str, value: object) -> Msg:
        return text.value(state, field, str(value))

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        return "secondary" if isinstance(action, End) else "primary"

    def status_text(self, state: ManiaState, seat: int | None) -> Msg:
        result = self.outcome(state)
        if result is not None:
            return m("mania.status.over", reason=result.msg)
        return m(
            "mania.status.running",
            turn=state.turn,
            seat=names.seat(state, state.active),
            phase=names.phase(state.phase),
            n=state.cp,
            left=len(state.deck),
        )

    def hand_text(self, state: ManiaState, seat: int) -> Msg:
        cards = [names.card(c) for c in state.hands[seat]]
        return m("mania.hand.cards", cards=cards) if cards else m("mania.hand.empty")

    def hand(self, state: ManiaState, seat: int) -> list[HandCard] | None:
        return hand_view(self, state, seat, state.hands[seat], names.card, names.card_text)


GAME = BlockMania()
