"""Not On My Block as an `engine.core.Game`: set-up, and the flow of one action.

A turn is a series of single-step moves and free actions (`turn.py`). Anything a move triggers
that needs a choice (where caught reps go, where an agent returns, the Luxury Store push,
consent to a swap) is queued in `state.pending` and must be settled, by the seat it names,
before play goes on (`decisions.py`).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import ActionBase, ChoiceStyle, Event, Game, Outcome, Prompt
from engine.games.not_on_my_block import decisions, prompts, text, turn, victory
from engine.games.not_on_my_block import mechanics as mech
from engine.games.not_on_my_block.actions import ACTION_TYPES, Consent, End, Skip
from engine.games.not_on_my_block.board import load_board
from engine.games.not_on_my_block.state import COLOURS, Apartment, NombOptions, NombState
from engine.games.not_on_my_block.view import NombView, build_view
from engine.messages import ENGLISH, Msg, m, say
from engine.rng import Rng


class NotOnMyBlock(Game[NombState, NombOptions]):
    id = "not_on_my_block"
    title = "Not On My Block"
    short_name = "nomb"
    player_counts = (2, 4)
    options_type = NombOptions
    state_type = NombState
    action_types = ACTION_TYPES

    def setup(self, options: NombOptions, seed: int) -> NombState:
        """Deal identities at random; Residents place apartments, then the Developer starts."""
        rng = Rng.seeded(seed)
        holders = list(range(options.players))
        rng.shuffle(holders)
        board = load_board()
        names = [say(name, ENGLISH) for name in mech.seat_names(options.players)]
        return NombState(
            rng=rng,
            holders=holders,
            seat_names=names,
            players=options.players,
            collusion_limit=options.collusion_limit,
            board=board,
            apartments=[Apartment(id=f"{c}-apt{i}", colour=c) for c in COLOURS for i in (1, 2, 3)],
            reps={f"{c}{i}": board.start for c in COLOURS for i in (1, 2, 3)},
            agents={f"agent{i}": board.start for i in range(1, mech.AGENT_COUNT + 1)},
            active=1,
        )

    def _private_copy(self, state: NombState) -> NombState:
        """A deep copy (`NombState.__deepcopy__`, which shares the immutable board): five times
        faster here than the JSON round trip, which would write and read the whole board."""
        return state.model_copy(deep=True)

    def _prompts(self, state: NombState) -> dict[int, Prompt]:
        if self.outcome(state) is not None:
            return {}
        return prompts.prompts(self, state)

    def legal_actions(self, state: NombState, seat: int) -> list[ActionBase]:
        if self.outcome(state) is not None or seat != state.acting_seat:
            return []
        return list(_actions(state, seat))

    def _apply(self, state: NombState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        """Settle the decision owed, or play the turn's action; then whatever follows on its own:
        decisions with a single answer, protection rights, a turn with nothing left but `end`.
        """
        ready_before = mech.ready_centers(state) if state.players == 4 else set()
        reps_before = dict(state.reps)
        apts_before = {apt.id: apt.at for apt in state.apartments}
        if state.phase == "play" and not (absent and isinstance(action, End)):
            state.acted = True
        if state.pending:
            notes = decisions.settle(state, seat, action)
        else:
            turn.check(state, seat, action)
            notes = turn.play(state, seat, action)
        notes += decisions.settle_forced(state)
        if state.players == 4:
            mech.update_protection_rights(state, ready_before, reps_before, apts_before)
        if (
            state.phase == "play"
            and not state.pending
            and not isinstance(action, End)
            and self.outcome(state) is None
            and isinstance(next(_actions(state, state.active)), End)
        ):
            notes.append(m("nomb.event.nothing_left", seat=mech.seat_name(state, state.active)))
            notes += turn.next_turn(state)
        events = [Event(msg=note) for note in notes]
        result = self.outcome(state)
        if result is not None:
            events.append(Event(msg=result.msg))
        return events

    def outcome(self, state: NombState) -> Outcome | None:
        return victory.outcome(state)

    def returns(self, state: NombState) -> list[float] | None:
        """The Residents' shared win and their ranking (victory.py). Nothing on the board is
        hidden, so `determinize` only reseeds the dice (the base `_resample`)."""
        return victory.returns(state)

    def turn_number(self, state: NombState) -> int:
        """The round: apartment placement is part of the first, and a round begins with each
        Developer turn after the first."""
        return state.round

    def seat_name(self, state: NombState, seat: int) -> Msg:
        """The seat's role and colour from the catalog ("Developer", "Red Resident"), so the
        bot names it in the reader's language; `state.seat_names` keeps the English."""
        return mech.seat_name(state, seat)

    def next_up(self, state: NombState) -> int | None:
        """Whose turn follows the active seat's: the next seat in turn order still playing
        (Developer, then Red, Blue, Yellow), or during set-up the next to place."""
        if self.outcome(state) is not None:
            return None
        if state.phase == "placement":
            return turn.next_placer(state)
        return turn.next_seat(state)

    def _reveals(self, state: NombState, seat: int, action: ActionBase) -> bool:
        """Nothing is hidden and nothing is random once play starts, so only an answer to
        another seat's proposal is final: the proposer has had their answer."""
        return isinstance(action, Consent)

    def view(self, state: NombState, seat: int | None) -> NombView:
        return build_view(state, self.outcome(state))

    def describe(self, state: NombState, action: ActionBase) -> Msg:
        """The friendly label; the plain one when the action names a piece or block as the
        board does not spell it (players may type " Red1")."""
        try:
            return text.describe(state, action)
        except (KeyError, IndexError, AssertionError, ValueError):
            return text.plain_label(action)

    def label_value(self, state: NombState, kind: str, field: str, value: object) -> Msg:
        return text.label_value(state, field, value)

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        """Consent answers read as yes and no; ending or skipping is routine; the rest move the
        game on."""
        if isinstance(action, Consent):
            return "success" if action.answer == "accept" else "danger"
        if isinstance(action, (End, Skip)):
            return "secondary"
        return "primary"

    def status_text(self, state: NombState, seat: int | None) -> Msg:
        result = self.outcome(state)
        if result is not None:
            return m("nomb.status.over", reason=result.msg, score=text.score_line(state))
        return text.status(state)


def _actions(state: NombState, seat: int) -> Iterator[ActionBase]:
    """Every legal action of the seat that may act: the answers to the decision owed, else the
    actions of its turn."""
    if state.pending:
        return decisions.answers(state)
    return turn.actions(state, seat)


GAME = NotOnMyBlock()
