"""RIOT as an `engine.core.Game`: the Police against up to three protester factions, with
credits, units, Blitz cards and no dice. One seat acts at a time: the faction whose turn it is,
or the seat a clash's window, an attack's next step or an obstruction waits for."""

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
from engine.games.riot import clash, names, prompts, text, turn
from engine.games.riot.actions import (
    ACTION_TYPES,
    Attack,
    Buy,
    BuyCard,
    Deploy,
    End,
    Hospital,
    Move,
    Obstruct,
    Order,
    Pass,
    Place,
    Play,
    Press,
    Ready,
)
from engine.games.riot.setup import setup as new_game
from engine.games.riot.state import POLICE, Casualty, Obstruction, RiotOptions, RiotState
from engine.games.riot.view import RiotView, build
from engine.kit import cards as deck
from engine.kit.cards import hand_view
from engine.messages import Msg, m
from engine.rng import Rng

ENDINGS = {
    "police": Termination.GOAL,
    "points": Termination.GOAL,
    "goal": Termination.GOAL,
    "elimination": Termination.ELIMINATION,
    "standstill": Termination.STANDSTILL,
}


class Riot(Game[RiotState, RiotOptions]):
    id = "riot"
    title = "RIOT"
    short_name = "riot"
    player_counts = (2, 3, 4)
    seats_take_turns_within_a_turn = True
    options_type = RiotOptions
    state_type = RiotState
    action_types = ACTION_TYPES

    def setup(self, options: RiotOptions, seed: int) -> RiotState:
        return new_game(options, seed)

    def _prompts(self, state: RiotState) -> dict[int, Prompt]:
        return prompts.prompts(self, state)

    def legal_actions(self, state: RiotState, seat: int) -> list[ActionBase]:
        return prompts.legal(state, seat)

    def _apply(self, state: RiotState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if prompts.acting(state) != seat:
            raise IllegalAction(m("riot.refuse.not_now"))
        if not absent:
            state.acted = True
        hands = [list(h) for h in state.hands]
        notes = self._step(state, seat, action)
        result = self.outcome(state)
        events = [Event(msg=note) for note in notes]
        if result is not None:
            events.append(Event(msg=result.msg))
            return events
        return self._hands_told(state, hands) + events

    def _hands_told(self, state: RiotState, before: list[list[str]]) -> list[Event]:
        """Each protester whose hand changed (a card bought, drawn or played) reads the new one
        privately, so a DM always holds it; the table only reads how many cards each holds."""
        return [
            Event(seat=s, msg=self.hand_text(state, s) or m("riot.hand.empty"))
            for s in range(state.players)
            if s != POLICE and state.hands[s] != before[s]
        ]

    def _step(self, state: RiotState, seat: int, action: ActionBase) -> list[Msg]:
        if state.pending:
            return self._answer(state, seat, action)
        phase = state.phase
        if phase == "placement" and isinstance(action, Place):
            return turn.place(state, seat, action)
        if phase == "order" and isinstance(action, Order):
            return turn.set_order(state, action)
        if phase == "buy" and isinstance(action, Buy):
            return turn.buy(state, seat, action)
        if phase == "buy" and isinstance(action, BuyCard):
            return turn.buy_card(state, seat)
        if phase == "buy" and isinstance(action, Ready):
            return turn.ready(state, seat)
        if phase == "deploy" and isinstance(action, Deploy):
            return turn.deploy(state, seat, action)
        if phase == "act":
            if isinstance(action, Move):
                return turn.move(state, seat, action)
            if isinstance(action, Attack):
                return clash.attack(state, seat, action)
            if isinstance(action, Play):
                return turn.play_turn_card(state, seat, action)
            if isinstance(action, End):
                return turn.end(state, seat)
        raise IllegalAction(m(f"riot.refuse.phase.{phase}"))

    def _answer(self, state: RiotState, seat: int, action: ActionBase) -> list[Msg]:
        need = state.pending[0]
        if isinstance(need, Casualty):
            if not isinstance(action, Hospital):
                raise IllegalAction(m("riot.refuse.answer_hospital"))
            return turn.hospital(state, action)
        if isinstance(need, Obstruction):
            if not isinstance(action, Obstruct):
                raise IllegalAction(m("riot.refuse.answer_obstruct"))
            return self._obstruct(state, need, action)
        if need.stage == "press":
            if not isinstance(action, Press):
                raise IllegalAction(m("riot.refuse.answer_press"))
            return clash.press(state, seat, action.answer)
        if isinstance(action, Pass):
            return clash.pass_window(state, seat)
        if isinstance(action, Play):
            return clash.play(state, seat, action)
        raise IllegalAction(m("riot.refuse.answer_window"))

    def _obstruct(self, state: RiotState, need: Obstruction, action: Obstruct) -> list[Msg]:
        """A block stops the move or the attack (the mover keeps its units' steps and may attack
        the blockers instead); once every seat asked lets it by, it goes ahead."""
        state.pending.pop(0)
        who = names.seat(state, need.seat)
        if action.answer == "block":
            attacker = names.seat(state, need.mover)
            return [m(f"riot.event.block.{need.why}", faction=who, attacker=attacker)]
        notes = [m(f"riot.event.allow.{need.why}", faction=who)]
        if need.waiting:
            state.pending.insert(
                0, need.model_copy(update={"seat": need.waiting[0], "waiting": need.waiting[1:]})
            )
            return notes
        move = self.parse_action(dict(need.action))
        if isinstance(move, Move):
            return notes + turn.move(state, need.mover, move, checked=True)
        assert isinstance(move, Attack)
        return notes + clash.attack(state, need.mover, move, checked=True)

    def outcome(self, state: RiotState) -> Outcome | None:
        if not state.ended:
            return None
        winners = [names.seat(state, s) for s in state.winners]
        msg = m(f"riot.outcome.{state.ended}", winners=winners)
        if state.goal:
            msg = m("riot.outcome.with_goal", result=msg, goal=names.goal(state.goal))
        return Outcome(termination=ENDINGS[state.ended], winners=list(state.winners), msg=msg)

    def turn_number(self, state: RiotState) -> int:
        return state.round.number

    def seat_name(self, state: RiotState, seat: int) -> Msg:
        """The seat's faction from the catalog, so the bot names it in the reader's language;
        `state.seat_names` keeps the English."""
        return names.seat(state, seat)

    def next_up(self, state: RiotState) -> int | None:
        if state.ended or state.phase == "placement":
            return None
        order = state.round.order
        after = state.round.turn + 1
        return order[after] if after < len(order) else POLICE

    def _reveals(self, state: RiotState, seat: int, action: ActionBase) -> bool:
        """Answers to another seat (an obstruction, a Blitz window) and cards played are final."""
        return bool(state.pending) or isinstance(action, Play)

    def view(self, state: RiotState, seat: int | None) -> RiotView:
        result = self.outcome(state)
        return build(state, seat, None if result is None else result.msg)

    def _resample(self, state: RiotState, seat: int | None, rng: Rng) -> None:
        """Other protesters' hands with their decks, this seat's own deck order, the Public
        Opinion deck and, unless the seat is the Nationalists or the game is over, the goal."""
        for s in range(state.players):
            places = [state.decks[s]] if s == seat else [state.hands[s], state.decks[s]]
            deck.redeal(places, rng)
        deck.redeal([state.opinion], rng)
        nationalist = seat is not None and state.factions[seat] == "nationalists"
        if state.goal and not nationalist and not state.ended:
            goal = [state.goal]
            deck.redeal([goal, state.set_aside_goals], rng)
            state.goal = goal[0]

    def describe(self, state: RiotState, action: ActionBase) -> Msg:
        return text.describe(state, action)

    def label_value(self, state: RiotState, kind: str, field: str, value: object) -> Msg:
        return text.value(state, field, str(value))

    def choice_label(self, state: RiotState, action: ActionBase) -> Msg:
        return text.label(state, action)

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        if isinstance(action, (Pass, End, Ready)) or getattr(action, "answer", "") in (
            "allow",
            "stop",
        ):
            return "secondary"
        if isinstance(action, Obstruct | Press):
            return "danger" if action.answer in ("block", "continue") else "secondary"
        return "primary"

    def status_text(self, state: RiotState, seat: int | None) -> Msg:
        result = self.outcome(state)
        if result is not None:
            return m("riot.status.over", reason=result.msg)
        acting = prompts.acting(state)
        return m(
            "riot.status.running",
            round=state.round.number,
            faction=names.seat(state, state.active),
            acting=names.seat(state, acting if acting is not None else state.active),
            left=len(state.opinion),
        )

    def hand_text(self, state: RiotState, seat: int) -> Msg | None:
        if seat == POLICE:
            return None
        cards = [names.card(x) for x in state.hands[seat]]
        hand = m("riot.hand.cards", cards=cards) if cards else m("riot.hand.empty")
        if state.factions[seat] == "nationalists" and state.goal:
            return m("riot.hand.with_goal", hand=hand, goal=names.goal(state.goal))
        return hand

    def hand(self, state: RiotState, seat: int) -> list[HandCard] | None:
        """Every seat's cards; the Police's hand is always empty, as they buy no cards."""
        return hand_view(self, state, seat, state.hands[seat], names.card, names.card_text)


GAME = Riot()
