"""The contract between a game's rules and everything else (bot, renderer, tests).

A game is a `Game` subclass: a bundle of pure functions over a pydantic `GameState`. Nothing here
does I/O, awaits, or reads the clock, so a game is fully determined by its options, its seed and
the list of actions applied to it. See engine/README.md for the whole picture.
"""

from __future__ import annotations

import itertools
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Iterable
from enum import StrEnum
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.errors import IllegalAction, readable
from engine.messages import ENGLISH, Msg, m
from engine.rng import Rng
from engine.rules_help import RulesTopic, topics_for
from engine.sheets import OrderSheet, decode_orders


class Event(BaseModel):
    """One line of narration. `seat=None` is public; otherwise only that seat may read it."""

    msg: Msg
    seat: int | None = None

    @property
    def text(self) -> str:
        """The line in English (logs, tests); clients show `msg` in their reader's language."""
        return str(self.msg)


ChoiceStyle = Literal["primary", "secondary", "success", "danger"]
"""How a quick choice looks: the main way on, a routine one, a yes, or a no."""


class QuickChoice(BaseModel):
    """A complete action offered as a single click (consent, 'where does my agent go back to').

    Games build them with `Game.quick_choices`."""

    msg: Msg
    action: dict[str, Any]
    style: ChoiceStyle = "secondary"

    @property
    def label(self) -> str:
        """The choice in English (logs, tests); clients show `msg` in their reader's language."""
        return str(self.msg)


class HandCard(BaseModel):
    """One kind of card in a seat's hand, as a client shows it: the id an action names, its
    name and rules text, how many copies the hand holds, and the complete actions that would
    play it right now (each a `QuickChoice`, so a client can offer them as buttons; empty when
    the card cannot be played at this moment). The choices are labelled for the hand's holder
    and may name the card: a client shows them to that seat alone."""

    id: str
    name_msg: Msg
    text_msg: Msg
    count: int = 1
    choices: list[QuickChoice] = Field(default_factory=list)

    @property
    def name(self) -> str:
        """The card's name in English (logs, tests)."""
        return str(self.name_msg)

    @property
    def text(self) -> str:
        """The card's rules text in English (logs, tests)."""
        return str(self.text_msg)


class Prompt(BaseModel):
    """What one seat may do right now.

    `kinds` lists the action kinds open to the seat (a client's commands); `choices` lists
    complete actions that a client can show as buttons. A seat that is not the active player
    can still have a prompt: that is how consent, interrupts and card windows are expressed.
    Several seats with `kinds` at once is how simultaneous orders are expressed.
    """

    seat: int
    msg: Msg
    """What the seat is asked, in words."""
    kinds: list[str] = Field(default_factory=list)
    choices: list[QuickChoice] = Field(default_factory=list)
    out_of_turn: bool = False
    sheet: OrderSheet | None = None
    """Secret orders this seat writes line by line and submits at once (see `OrderSheet`)."""
    default: dict[str, Any] | None = None
    """The complete, legal action taken for this seat when the table stops waiting for it (the
    host forces it, a deadline or turn limit passes, the player is away), so a game never
    stalls on an absent player. Every prompt sets one: for an out-of-turn decision the answer
    that changes least, for a seat's own turn the least harmful way on (end the turn, pass).
    Applying defaults alone, each played for an absent player (`apply(..., absent=True)`), must
    always bring a game to its end."""
    phase: str | None = None
    """The phase this prompt belongs to, as a key that only compares: prompts of one phase that
    passes quickly between players (Space Insurrection's action phase going world by world, Bloc
    by Bloc's card windows and simultaneous starting districts, a faction's turn and the answers
    it asks of others) share it, so a client keeps ONE message for the phase and edits it as
    whoever acts changes, instead of posting (and pinging) anew at every change of hands. Two
    distinct phases never share a key: a game puts its turn (night, round) in it, so the same
    phase next turn is a new message. None means no phase: the client decides by who acts.
    It names where a decision is shown, not the decision itself, so `Game.apply` ignores it
    when it compares prompts to move decision serials."""
    decision: int = 0
    """The identity of this decision for its seat, stamped by `Game.prompts`. It changes whenever
    the seat answers or the decision is replaced, so a button posted for one decision can never
    answer the next one that happens to offer the same choice (a double click, a stale message)."""

    @property
    def text(self) -> str:
        """The prompt in English (logs, tests); clients show `msg` in their reader's language."""
        return str(self.msg)


def in_phase(prompts: dict[int, Prompt], key: str | None) -> dict[int, Prompt]:
    """`prompts`, each put in the phase `key` (`Prompt.phase`): a game's prompt builder
    computes the phase once from the state and ends with this."""
    for prompt in prompts.values():
        prompt.phase = key
    return prompts


class Termination(StrEnum):
    """How a game ended, in kinds every game shares, so a client can treat endings alike
    without knowing the game; `Outcome.reason` tells the particulars."""

    GOAL = "goal"
    """A side met its victory condition (the winners may be one seat, several, or all)."""
    ELIMINATION = "elimination"
    """A side was wiped out of play."""
    TIME_LIMIT = "time_limit"
    """The game's own clock ran out: its last night, round or card."""
    STANDSTILL = "standstill"
    """A house rule for tables nobody plays at any more: every seat's decisions were defaults
    played for an absent player, with nothing done, for a whole turn or round; nobody wins."""


class Outcome(BaseModel):
    """The end of a game: how it ended, who won, and a sentence to narrate it."""

    termination: Termination
    winners: list[int]
    """Every winning seat; empty when everyone lost."""
    msg: Msg
    """One sentence for the players, e.g. "Time runs out: the military arrives."."""

    @property
    def reason(self) -> str:
        """The sentence in English (logs, tests); clients show `msg` in their reader's language."""
        return str(self.msg)


class Result(BaseModel):
    """What `apply` returns. The input state is never modified; this carries the new one."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event]
    prompts: dict[int, Prompt] | None = None
    """The new state's prompts, stamped as `Game.prompts` stamps them (None only from a game
    that builds its own Result): a caller hands them back as `prompts` with the next apply, or
    keeps them with the state, so that no state's prompts are built twice."""


class GameState(BaseModel):
    """Fields every game state carries; games subclass it.

    `holders[seat]` is the index (in join order) of the player who controls that seat, which is
    how one person can hold several seats (a 2-player Bloc by Bloc game) without the engine
    knowing anything about Discord.
    """

    schema_version: int = 1
    rng: Rng
    holders: list[int]
    seat_names: list[str]
    decisions: dict[int, int] = Field(default_factory=dict)
    """Per seat, the serial of its current decision; kept by `Game.apply`, never by a game."""


class ActionBase(BaseModel):
    """Base of every action. Subclasses set `kind` to a Literal and add plain typed fields.

    Field order is the order in which a client asks for them; each field's `description` is the
    hint a client shows beside it, and `summary` describes the whole action.
    Fields are `str` or `int` so that any client can type them.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    summary: ClassVar[str] = ""
    kind: str

    def to_text(self) -> str:
        """Compact, stable text for the action log; `Game.parse_action` reverses it."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))


class OrderAction(ActionBase):
    """Submits an order sheet. Clients build it from a seat's draft (`OrderSheet.submission`)
    rather than offering it as a typed command, since its one field holds every line at once."""

    orders: str = Field(default="", description="core.orders_field")

    def chosen(self) -> dict[str, str]:
        return decode_orders(self.orders)


S = TypeVar("S", bound=GameState)
Opt = TypeVar("Opt", bound=BaseModel)


class Game(ABC, Generic[S, Opt]):
    """One game's rules. Every method is pure: same inputs, same outputs, no side effects.

    Subclasses set the class variables and implement the abstract methods. The bot discovers
    games through `engine.games.REGISTRY` and builds its commands from `action_types`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    short_name: ClassVar[str]
    """A short lowercase name clients may use, e.g. as a command prefix ("bloc")."""
    player_counts: ClassVar[tuple[int, ...]]
    options_type: ClassVar[type[BaseModel]]
    state_type: ClassVar[type[GameState]]
    action_types: ClassVar[tuple[type[ActionBase], ...]]
    seats_take_turns_within_a_turn: ClassVar[bool] = False
    """Each seat plays a whole turn of its own inside one turn of the table (Bloc by Bloc's
    night, RIOT's round): the channel then needs a message per seat in a table's turn, which
    is what the channel benchmark allows such a game (`turn_number` counts the table's turns).
    """

    # ----- setup -------------------------------------------------------------------------
    def make_options(self, players: int, **chosen: Any) -> Opt:
        """Build validated options; a `ValidationError` becomes an IllegalAction a host can read."""
        try:
            return self.options_type(players=players, **chosen)  # type: ignore[return-value]
        except ValidationError as exc:
            raise IllegalAction(readable(exc, self.options_type)) from None

    @abstractmethod
    def setup(self, options: Opt, seed: int) -> S: ...

    # ----- play --------------------------------------------------------------------------
    def prompts(self, state: S) -> dict[int, Prompt]:
        """Every seat that may act now, with what it may do, each stamped with its decision id.

        Empty once the game is over."""
        raw = self._prompts(state)
        for seat, prompt in raw.items():
            prompt.decision = state.decisions.get(seat, 0)
        return raw

    @abstractmethod
    def _prompts(self, state: S) -> dict[int, Prompt]:
        """The game's own prompts; `prompts` adds the decision ids every client relies on."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[ActionBase]:
        """All complete actions `seat` may take now. Clients use it for autocomplete."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        """Mutate `state` (already a private copy) or raise IllegalAction before mutating.

        `absent` says the action is the prompt's default, played because the table stopped
        waiting for the seat's player (see `apply`); most games treat it like any other."""

    def _check_may_act(
        self, state: S, seat: int, action: ActionBase, prompts: dict[int, Prompt]
    ) -> None:
        """Refuse an action from a seat with nothing to do; games widen it for free actions."""
        if seat not in prompts:
            raise IllegalAction(m("core.not_your_turn", seat=state.seat_names[seat]))

    def _private_copy(self, state: S) -> S:
        """The copy `_apply` may mutate: the state through its own JSON and back, which pydantic
        does in compiled code, 2.5 to 3.5 times faster than a deep copy of Bloc by Bloc's and
        Space Insurrection's states. A game whose state copies faster another way (Not On My
        Block shares its immutable board) overrides it."""
        return type(state).model_validate_json(state.model_dump_json())

    def apply(
        self,
        state: S,
        seat: int,
        action: ActionBase,
        *,
        absent: bool = False,
        quiet: bool = False,
        prompts: dict[int, Prompt] | None = None,
    ) -> Result:
        """The only way a game moves on. Raises IllegalAction and leaves `state` untouched.

        `absent=True` marks the prompt's default played for a player who is not there (a turn
        limit, a deadline, a host forcing it, a vacation) rather than chosen by them: a house
        rule that ends a game nobody plays (a standstill) must tell the two apart, since a
        present player may choose the very same pass. Replays pass it again from the log.

        After the game's own `_apply`, the acting seat's decision serial moves on, and so does
        every other seat's whose prompt appeared, vanished or changed: that is what binds a
        button to the one decision it was posted for.

        `quiet=True` is for a search playing thousands of games nobody reads: the result carries
        no events, and its `prompts` are the new state's, which the caller passes back as
        `prompts` with the next quiet apply (they must be what `prompts(state)` gives), so
        every state's prompts are built once instead of three times. The new state is the one
        the narrated apply makes, decision serials included (tests/engine/test_search.py).
        """
        if self.outcome(state) is not None:
            raise IllegalAction(m("core.game_over"))
        if not 0 <= seat < len(state.seat_names):
            raise IllegalAction(m("core.no_such_seat"))
        if prompts is None:
            before = self._prompts(state)
        else:  # stamped by `prompts`; the unstamped prompts compare with the new ones below
            before = {s: p.model_copy(update={"decision": 0}) for s, p in prompts.items()}
        self._check_may_act(state, seat, action, before)
        work = self._private_copy(state)
        events = self._apply(work, seat, action, absent)
        after = self._prompts(work)
        seats = before.keys() | after.keys()
        changed = {s for s in seats if not _same_decision(before.get(s), after.get(s))}
        for changed_seat in {seat} | changed:
            work.decisions[changed_seat] = work.decisions.get(changed_seat, 0) + 1
        for s, prompt in after.items():
            prompt.decision = work.decisions.get(s, 0)
        return Result(state=work, events=[] if quiet else events, prompts=after)

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """The turn of the whole table the game is in, counting from 1, as its rulebook counts
        them (Space Insurrection's turn, Bloc by Bloc's night, Not On My Block's round): what
        headers show and what per-turn figures (the channel benchmark's messages and pings per
        turn) divide by. It never goes down, and a game that ends on its clock ends on its
        last turn's number. Abstract, so that a new game cannot forget it."""

    def seat_name(self, state: S, seat: int) -> Msg:
        """A seat's name as a reader of any language sees it (a faction, a colour): games
        whose seat names are words override it with their catalog's; by default the name the
        state keeps, shown as it is."""
        return m("core.name", name=state.seat_names[seat])

    def next_up(self, state: S) -> int | None:
        """The seat expected to act once the current turn is over (for "you are on deck"
        notices), or None when the game cannot tell; games with a turn order override it."""
        return None

    def reversible(
        self, before: S, after: S, seat: int, action: ActionBase, events: list[Event]
    ) -> bool:
        """Whether a player may take this action back (`final_because` finds no reason not to).
        Undo replays the log without the action, so this is all it needs to be fair."""
        return self.final_because(before, after, seat, action, events) is None

    def final_because(
        self, before: S, after: S, seat: int, action: ActionBase, events: list[Event]
    ) -> Msg | None:
        """Why this action may not be taken back, in words its player reads after "it ...", or
        None when it may: the last sheet of secret orders in reveals every sheet; nothing may
        have ended the game, moved the random generator, told anyone anything in private or
        changed a seat's secret information; and the game may call an action final itself."""
        if isinstance(action, OrderAction) and not any(
            s != seat and p.sheet is not None for s, p in self._prompts(before).items()
        ):
            return m("core.final.last_sheet")
        if self.outcome(after) is not None:
            return m("core.final.ended")
        if after.rng != before.rng:
            return m("core.final.chance")
        if any(e.seat is not None for e in events):
            return m("core.final.private")
        seats = range(len(before.seat_names))
        if any(self.hand_text(before, s) != self.hand_text(after, s) for s in seats):
            return m("core.final.secret")
        if self._reveals(before, seat, action):
            return m("core.final.rules")
        return None

    def _reveals(self, state: S, seat: int, action: ActionBase) -> bool:
        """Game-specific information an action shows that `reversible` cannot see by itself."""
        return False

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel:
        """Exactly what `seat` may see (None: a spectator, i.e. the channel)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    # ----- search hooks -------------------------------------------------------------------
    def determinize(self, state: S, seat: int | None, rng: Rng) -> S:
        """A full state that `seat` (None: the channel) cannot tell from `state`, with all it
        cannot see dealt again from `rng`: the other seats' hands, reserves and secret orders,
        the order of every deck and pile, face-down pieces, and the game's own generator, so a
        search that plays on from it cannot know tomorrow's dice or draws. Each game says what
        it hides in `_resample`; the same `rng` gives the same sample."""
        work = self._private_copy(state)
        self._resample(work, seat, rng)
        work.rng = Rng.seeded(rng.next64())
        return work

    def _resample(self, state: S, seat: int | None, rng: Rng) -> None:
        """Deal again, in place, everything `seat` cannot see except the generator (which
        `determinize` reseeds). The base game hides nothing else."""

    def sheet_actions(self, state: S, seat: int, rng: Rng, limit: int) -> list[ActionBase]:
        """Complete actions a search may branch on for `seat`: for an order sheet, up to `limit`
        distinct legal submissions in an order drawn from `rng` (every one when there are no
        more than `limit`, else a sample, see `sample_sheet`); for any other prompt,
        `legal_actions`."""
        prompt = self._prompts(state).get(seat)
        if prompt is None:
            return []
        if prompt.sheet is None:
            return self.legal_actions(state, seat)
        sheet = prompt.sheet
        drafts: list[dict[str, str]]
        sizes = [1 if line.locked else len(line.options) for line in sheet.lines]
        if math.prod(sizes) <= limit:
            drafts = [
                {line.key: line.options[i].value for line, i in zip(sheet.lines, pick, strict=True)}
                for pick in itertools.product(*(range(n) for n in sizes))
            ]
            rng.shuffle(drafts)
        else:
            drafts = [self.sample_sheet(state, seat, sheet, rng) for _ in range(limit * 4)]
        found: dict[str, ActionBase] = {}
        for draft in drafts:
            action = self.parse_action(sheet.submission(self._fix_sheet(state, seat, draft)))
            found.setdefault(action.to_text(), action)
            if len(found) == limit:
                break
        return list(found.values())

    def sample_sheet(self, state: S, seat: int, sheet: OrderSheet, rng: Rng) -> dict[str, str]:
        """A random legal draft of `sheet`: each open line left as it is one time in two, else
        given one of its other options; `_fix_sheet` then mends what the lines break together."""
        draft = {}
        for line in sheet.lines:
            if not line.locked and len(line.options) > 1 and rng.below(2):
                draft[line.key] = line.options[1 + rng.below(len(line.options) - 1)].value
        return self._fix_sheet(state, seat, draft)

    def _fix_sheet(self, state: S, seat: int, draft: dict[str, str]) -> dict[str, str]:
        """A legal draft close to `draft`, for games whose lines constrain each other (Troops
        need carriers; two scouts may not enter one place): such games put offending lines
        back to their first option. Lines are checked one by one by the sheet itself."""
        return draft

    def returns(self, state: S) -> list[float] | None:
        """What the game is worth to each seat, in [0, 1], once it is over: 1 to every winner
        (a shared win is a win), 0 to the rest. Cooperative and semi-cooperative games
        override it. None while the game runs: how good an unfinished game is is a player's
        judgement (engine/players.py), not a rule."""
        result = self.outcome(state)
        if result is None:
            return None
        return [1.0 if s in result.winners else 0.0 for s in range(len(state.seat_names))]

    # ----- text helpers for clients ------------------------------------------------------
    def parse_action(self, data: str | dict[str, Any]) -> ActionBase:
        """Turn log text or a client's field dict into a typed action, or explain what is wrong."""
        raw = json.loads(data) if isinstance(data, str) else data
        try:
            return self._action_adapter().validate_python(raw)
        except ValidationError as exc:
            raise IllegalAction(readable(exc)) from None

    def describe(self, state: S, action: ActionBase) -> Msg:
        """A short human label for a complete action (autocomplete entries, narration); by
        default its kind and values as the log writes them, which games override in words."""
        fields = action.model_dump(exclude={"kind"})
        return m("core.name", name=" ".join([action.kind, *(str(v) for v in fields.values())]))

    def quick_choices(self, state: S, actions: Iterable[ActionBase]) -> list[QuickChoice]:
        """Complete actions offered as single clicks, labelled by `choice_label` and styled by
        `choice_style`. All of them: how many fit on a screen is each client's own limit."""
        return [
            QuickChoice(
                msg=self.choice_label(state, action),
                action=action.model_dump(mode="json"),
                style=self.choice_style(action),
            )
            for action in actions
        ]

    def choice_label(self, state: S, action: ActionBase) -> Msg:
        """An action named where the whole channel may read it: a quick choice's button, a
        default played for an absent player, a move taken back. `describe`, unless the game
        must say less there (a secret order, a card from a hand)."""
        return self.describe(state, action)

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        """A quick choice's look; games mark the choices that matter most."""
        return "secondary"

    def label_value(self, state: S, kind: str, field: str, value: Any) -> Msg:
        """Human label for one field value in autocomplete; games override for nicer names."""
        return m("core.name", name=str(value))

    def status_text(self, state: S, seat: int | None) -> Msg:
        """Plain-text summary for `/game status`; games override with something useful."""
        waiting = [state.seat_names[s] for s in self.prompts(state)]
        return m("core.waiting_for", seats=waiting) if waiting else m("core.waiting_for_nobody")

    def hand_text(self, state: S, seat: int) -> Msg | None:
        """The seat's hidden information as text, or None when the game hides nothing."""
        return None

    def hand(self, state: S, seat: int) -> list[HandCard] | None:
        """The seat's cards one by one (id, name, rules text, copies, and the quick choices
        that play each now), for a client that offers a hand as buttons rather than the text
        of `hand_text`; None when the game has no hand of cards (see engine/kit/cards.py)."""
        return None

    def rules_topics(self, language: str = ENGLISH) -> list[RulesTopic]:
        """The project's own short summaries of this game's rules, overview first (`/rules`).
        By default read from the `rules_help.json` the game ships (engine/rules_help.py); a game
        without one has none."""
        return topics_for(type(self), language)

    def _action_adapter(self) -> TypeAdapter[Any]:
        cached = self.__dict__.get("_adapter")
        if cached is None:
            from typing import Annotated, Union

            # Any: the union is built from this game's action types at run time, which a static
            # checker cannot read as a type.
            union: Any = Union[tuple(self.action_types)]  # noqa: UP007 - built at run time
            cached = TypeAdapter(Annotated[union, Field(discriminator="kind")])
            self.__dict__["_adapter"] = cached
        return cached


def _same_decision(before: Prompt | None, after: Prompt | None) -> bool:
    """Whether a seat faces the same decision after an action as before: the same prompt, its
    phase key aside. A phase moving on around an unchanged question (a new night's key on a
    card window still asking the same seats the same thing) must not retire the buttons
    already posted for it, so the phase is left out; it is copied only when it differs, which
    is rare enough not to cost a search anything."""
    if before is None or after is None:
        return before is after
    if before.phase != after.phase:
        before = before.model_copy(update={"phase": after.phase})
    return before == after
