"""Bloc by Bloc as an `engine.core.Game`: who may act, what they may do, and applying it.

The turn order is: setup (every faction picks a starting district at once), then nights of
faction turns and a sunrise. Anything that needs another seat's word (stopping an advanced
action, accepting loot, choosing which blocs fall, a card window) is queued in `state.pending`
and shown as an out-of-turn prompt with a default, so an absent player never stalls the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from engine.core import (
    ActionBase,
    ChoiceStyle,
    Event,
    Game,
    HandCard,
    IllegalAction,
    Outcome,
    Prompt,
)
from engine.games.bloc_by_bloc import (
    attacks,
    cards,
    decisions,
    night,
    prompts,
    search,
    sunrise,
    sunrise_cards,
    text,
    view,
)
from engine.games.bloc_by_bloc.actions import (
    ACTION_TYPES,
    Accept,
    Allow,
    Attack,
    Barricade,
    Build,
    Card,
    Decline,
    Defeat,
    Draw,
    End,
    Form,
    Gift,
    Hack,
    Loot,
    Move,
    Pass,
    Prefer,
    Start,
    Stop,
    Swap,
    Trade,
)
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.decks import loot_name
from engine.games.bloc_by_bloc.legal import all_actions, exchange_partners, start_choices
from engine.games.bloc_by_bloc.options import BlocOptions
from engine.games.bloc_by_bloc.places import (
    START,
    district_name,
    faction_name,
    seat_of_faction,
    the,
)
from engine.games.bloc_by_bloc.setup import new_game
from engine.games.bloc_by_bloc.state import BlocState, CardWindow, LootOffer, Occupation
from engine.kit.cards import hand_view
from engine.messages import Arg, Msg, m
from engine.rng import Rng
from engine.words import quoted


class BlocByBloc(Game[BlocState, BlocOptions]):
    id = "bloc_by_bloc"
    title = "Bloc by Bloc"
    short_name = "bloc"
    player_counts = (2, 3, 4)
    seats_take_turns_within_a_turn = True
    options_type = BlocOptions
    state_type = BlocState
    action_types = ACTION_TYPES

    def setup(self, options: BlocOptions, seed: int) -> BlocState:
        return new_game(options, seed)

    # ----- who acts -------------------------------------------------------------------------
    def _prompts(self, state: BlocState) -> dict[int, Prompt]:
        return prompts.prompts(self, state)

    def legal_actions(self, state: BlocState, seat: int) -> list[ActionBase]:
        return all_actions(state, seat)

    # ----- applying -------------------------------------------------------------------------
    def _check_may_act(
        self, state: BlocState, seat: int, action: ActionBase, prompts: dict[int, Prompt]
    ) -> None:
        """Standing choices may be set at any moment, whoever is to act."""
        if isinstance(action, Prefer):
            return
        if seat not in prompts:
            raise IllegalAction(m("bloc.refuse.not_their_turn", who=the(state, seat)))

    def _apply(self, state: BlocState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if isinstance(action, Prefer):
            return _prefer(state, seat, action)
        if state.pending:
            return decisions.settle(state, seat, action)
        if state.phase == "setup":
            if not isinstance(action, Start):
                raise IllegalAction(m("bloc.refuse.start_first"))
            return _start(state, seat, action)
        if seat != state.current or state.phase != "turn":
            raise IllegalAction(m("bloc.refuse.not_your_turn"))
        return self._turn_action(state, seat, action)

    def _turn_action(self, state: BlocState, seat: int, action: ActionBase) -> list[Event]:
        if isinstance(action, Gift | Trade):
            return _offer(state, seat, action)
        if isinstance(action, Draw):
            return night.do_draw(state, seat)
        if isinstance(action, End):
            return _end(state, action)
        handler = TURN_HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(m("bloc.refuse.cannot_now", what=text.as_is(action.kind)))
        night.check_die_exists(state, getattr(action, "die", 0))
        if not _breaks_streak(state, action):
            return handler(state, seat, action)
        # The owed reaction roll comes first, but only for an action that is legal right now;
        # should the roll make it impossible, the player sees the roll and chooses again.
        handler(self._private_copy(state), seat, action)
        events = night.close_streak(state)
        try:
            return events + handler(state, seat, action)
        except IllegalAction as exc:
            said = m(f"bloc.after_roll.{action.kind}", why=exc.msg)
            return [*events, Event(msg=said)]

    # ----- reading ------------------------------------------------------------------------
    def view(self, state: BlocState, seat: int | None) -> BaseModel:
        return view.build_view(state, seat)

    def outcome(self, state: BlocState) -> Outcome | None:
        return state.outcome

    def _resample(self, state: BlocState, seat: int | None, rng: Rng) -> None:
        search.resample(state, seat, rng)

    def returns(self, state: BlocState) -> list[float] | None:
        return search.returns(state)

    def turn_number(self, state: BlocState) -> int:
        """The night: set-up counts as the first night's, and a game the countdown ends stays
        on its last night, the scenario's number of nights."""
        return state.night

    def seat_name(self, state: BlocState, seat: int) -> Msg:
        """The seat's faction from the catalog ("Students", "Estudiantes"), so the bot names it
        in the reader's language; `state.seat_names` keeps the English."""
        return faction_name(state.factions[seat])

    def next_up(self, state: BlocState) -> int | None:
        """The faction whose turn follows the current one: the next to the left tonight, or,
        after the night's last turn and through the sunrise, the faction that takes the first
        faction marker (the left of tonight's first), unless the countdown runs out at this
        sunrise. Nobody during set-up: starting districts are chosen all at once, and the
        rulebook settles who goes first only afterwards."""
        if state.phase in ("setup", "over"):
            return None
        if state.phase == "turn" and state.turns_taken + 1 < state.seats:
            return state.left_of(state.current)
        return state.left_of(state.first) if state.nights_left > 1 else None

    def _reveals(self, state: BlocState, seat: int, action: ActionBase) -> bool:
        """What is final although nothing random or private may show in it: ending a turn
        turns over police ops cards from the hidden deck; stopping, allowing, accepting or
        declining answers another faction; choosing whose bloc falls, like the last pass of a
        card window, carries the sunrise on, where liberated districts show the manifestation
        cards under them; playing, drawing or offering loot shows or moves a hidden card."""
        if isinstance(action, REVEALING):
            return True
        if isinstance(action, Pass):
            need = state.pending[0] if state.pending else None
            return isinstance(need, CardWindow) and need.waiting == [seat]
        return False

    def hand_text(self, state: BlocState, seat: int) -> Msg | None:
        return text.hand_text(state, seat)

    def hand(self, state: BlocState, seat: int) -> list[HandCard]:
        """The faction's loot cards, each with what it may do with it now: play, offer, trade,
        give in a trade or discard."""
        return hand_view(
            self,
            state,
            seat,
            state.hands[seat],
            name=text.card_name,
            text=lambda card: m(f"bloc.loot.{card}.text"),
        )

    def status_text(self, state: BlocState, seat: int | None) -> Msg:
        return text.status_text(state, self.prompts(state))

    def describe(self, state: BlocState, action: ActionBase) -> Msg:
        return text.describe(state, action)

    def label_value(self, state: BlocState, kind: str, field: str, value: Any) -> Msg:
        return text.label_value(state, kind, field, value)

    def choice_label(self, state: BlocState, action: ActionBase) -> Msg:
        """Offer buttons name no card: the channel sees them, and only the two factions may
        know what is traded. Nor does a discard, which is how a forced default discard may be
        told in the channel."""
        if action.kind in CHOICE_LABELS:
            return m(f"bloc.choice.{action.kind}")
        return self.describe(state, action)

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        return CHOICE_STYLES.get(action.kind, "secondary")


CHOICE_LABELS = ("end", "accept", "decline", "discard", "pass")
"""Actions whose public button says only what it does (`bloc.choice.<kind>`)."""
REVEALING = (End, Stop, Allow, Accept, Decline, Defeat, Card, Draw, Hack, Gift, Trade)
"""Actions never taken back (see `BlocByBloc._reveals`)."""
CHOICE_STYLES: dict[str, ChoiceStyle] = {"end": "danger", "accept": "success", "decline": "danger"}


# ----- handlers --------------------------------------------------------------------------


def _own_card(state: BlocState, seat: int, a: Card) -> list[Event]:
    sunrise_cards.refuse_at_the_wrong_time(a.card)
    return cards.play_card(state, seat, a, "own_turn")


TURN_HANDLERS: dict[type, Callable[[BlocState, int, Any], list[Event]]] = {
    Attack: attacks.do_attack,
    Card: _own_card,
    Move: night.do_move,
    Barricade: night.do_barricade,
    Loot: night.attempt_advanced,
    Build: night.attempt_advanced,
    Swap: night.attempt_advanced,
    Form: night.do_form,
    Hack: night.do_hack,
}


def _breaks_streak(state: BlocState, action: ActionBase) -> bool:
    """Whether this action ends a run of attacks in one clash (so its reaction roll is due)."""
    if not state.attack_streak:
        return False
    if isinstance(action, Attack):
        return action.district != state.attack_streak
    if isinstance(action, Card):
        return action.card in state.hands[state.current] and cards.breaks_streak(action.card)
    return True


def _prefer(state: BlocState, seat: int, a: Prefer) -> list[Event]:
    if a.setting == "stop" and a.value in ("ask", "never"):
        state.stop_never[seat] = a.value == "never"
    elif a.setting == "scanner" and a.value in ("auto", "never"):
        state.scanner_auto[seat] = a.value == "auto"
    elif a.setting == "sunrise" and a.value in ("ask", "never"):
        state.sunrise_never = state.sunrise_never or [False] * state.seats
        state.sunrise_never[seat] = a.value == "never"
    else:
        raise IllegalAction(m("bloc.refuse.prefer"))
    return [
        Event(msg=m("bloc.prefer.public", who=the(state, seat, True))),
        Event(msg=m("bloc.prefer.saved", choice=text.describe(state, a)), seat=seat),
    ]


def _start(state: BlocState, seat: int, a: Start) -> list[Event]:
    if any(o.seat == seat for o in state.occupations.values()):
        raise IllegalAction(m("bloc.refuse.start.again"))
    if a.district not in start_choices(state, seat):
        raise IllegalAction(m("bloc.refuse.start.where"))
    state.occupations[a.district] = Occupation(seat=seat, occ=START)
    n = state.options.setup_data().start_blocs
    state.add_blocs(seat, a.district, n)
    where = district_name(a.district)
    events = [Event(msg=m("bloc.start", who=the(state, seat, True), where=where, n=n))]
    if len(state.occupations) == state.seats:
        state.current = state.first
        events += night.start_turn(state)
    return events


def _end(state: BlocState, a: End) -> list[Event]:
    """End the turn, setting aside the sunrise card it names, if any (told to the faction
    alone); then the reaction roll an attack run still owes comes first.

    That roll may be a 6 with a People's Kitchen, whose extra dice belong to this turn; when it
    brings any, the turn stays open so they can be used, and the faction ends it again after.
    """
    sunrise_cards.check_end(state, state.current, a)
    unused = len(state.unused_dice())
    events = sunrise_cards.end_set_aside(state, state.current, a) + night.close_streak(state)
    if len(state.unused_dice()) > unused:
        who = the(state, state.current, True)
        again = m("bloc.end.new_dice", who=who, n=len(state.unused_dice()) - unused)
        return [*events, Event(msg=again)]
    events += night.end_turn(state)
    if state.turns_taken < state.seats:
        state.current = state.left_of(state.current)
        return events + night.start_turn(state)
    return events + sunrise.begin_sunrise(state) + sunrise.proceed(state)


def _offer(state: BlocState, seat: int, a: Gift | Trade) -> list[Event]:
    """Queue the offer. Only the two factions learn which cards are involved: the channel reads
    that an offer was made, the answerer reads the cards privately."""
    other = seat_of_faction(state, a.faction)
    if other not in exchange_partners(state, seat):
        raise IllegalAction(m("bloc.refuse.offer.partner"))
    if a.card not in state.hands[seat]:
        raise IllegalAction(m("bloc.refuse.card.not_held"))
    want = a.want if isinstance(a, Trade) else ""
    if want and want not in load_content().loot:
        raise IllegalAction(m("bloc.refuse.offer.no_such_card", card=quoted(want)))
    trade = isinstance(a, Trade)
    state.pending.append(LootOffer(seat=other, actor=seat, card=a.card, trade=trade, want=want))
    said: dict[str, Arg] = {"who": the(state, seat, True), "card": loot_name(a.card)}
    if not trade:
        offer = m("bloc.offer.gift", **said)
    elif want:
        offer = m("bloc.offer.trade", want=loot_name(want), **said)
    else:
        offer = m("bloc.offer.trade_any", **said)
    what = "trade" if trade else "gift"
    return [
        Event(msg=m(f"bloc.offer.{what}.public", who=the(state, seat, True), to=the(state, other))),
        Event(msg=offer, seat=other),
    ]


GAME = BlocByBloc()
