"""Not On My Block as an `engine.core.Game`: set-up, turns, actions and follow-up decisions.

A turn is a series of single-step moves and free actions. Anything a move triggers that needs a
choice (where caught reps go, where an agent returns, the Luxury Store push, consent to a swap)
is queued in `state.pending` and must be settled, by the seat it names, before play goes on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import (
    ActionBase,
    ChoiceStyle,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Prompt,
    Termination,
)
from engine.games.not_on_my_block import mechanics as m
from engine.games.not_on_my_block import text
from engine.games.not_on_my_block.actions import (
    ACTION_TYPES,
    Bonus,
    Collude,
    Consent,
    Develop,
    End,
    Move,
    Place,
    Protect,
    Return,
    SendBack,
    Skip,
    Suppress,
)
from engine.games.not_on_my_block.board import DIRECTIONS, load_board
from engine.games.not_on_my_block.state import (
    COLOURS,
    Apartment,
    NombOptions,
    NombState,
    Pending,
)
from engine.games.not_on_my_block.view import NombView, build_view
from engine.rng import Rng


class NotOnMyBlock(Game[NombState, NombOptions]):
    id = "not_on_my_block"
    title = "Not On My Block"
    command = "nomb"
    player_counts = (2, 4)
    options_type = NombOptions
    state_type = NombState
    action_types = ACTION_TYPES

    # ----- setup -------------------------------------------------------------------------
    def setup(self, options: NombOptions, seed: int) -> NombState:
        """Deal identities at random; Residents place apartments, then the Developer starts."""
        rng = Rng.seeded(seed)
        holders = list(range(options.players))
        rng.shuffle(holders)
        board = load_board()
        if options.players == 4:
            names = ["Developer", *(f"{c.capitalize()} Resident" for c in COLOURS)]
        else:
            names = ["Developer", "Resident"]
        return NombState(
            rng=rng,
            holders=holders,
            seat_names=names,
            players=options.players,
            collusion_limit=options.collusion_limit,
            board=board,
            apartments=[Apartment(id=f"{c}-apt{i}", colour=c) for c in COLOURS for i in (1, 2, 3)],
            reps={f"{c}{i}": board.start for c in COLOURS for i in (1, 2, 3)},
            agents={f"agent{i}": board.start for i in range(1, m.AGENT_COUNT + 1)},
            active=1,
        )

    # ----- whose move --------------------------------------------------------------------
    def _prompts(self, state: NombState) -> dict[int, Prompt]:
        seat = self._acting_seat(state)
        if seat is None:
            return {}
        if state.pending:
            need = state.pending[0]
            offered = list(self._pending_actions(state))
            return {
                seat: Prompt(
                    seat=seat,
                    text=text.pending_text(state, need),
                    kinds=sorted({a.kind for a in offered}),
                    choices=self.quick_choices(state, offered),
                    out_of_turn=seat != state.active,
                    default=_default(state, need) if seat != state.active else None,
                )
            }
        if state.phase == "placement":
            return {seat: Prompt(seat=seat, text=text.turn_text(state), kinds=["place"])}
        # Buttons only for the few free actions; moves are typed (autocomplete lists them).
        free = [*self._legal(state, seat, ("develop", "protect")), End()]
        kinds = {"move", "end", *(a.kind for a in free)}
        if any(True for _ in self._legal(state, seat, ("suppress",))):
            kinds.add("suppress")
        if _may_collude(state):
            kinds.add("collude")
        return {
            seat: Prompt(
                seat=seat,
                text=text.turn_text(state),
                kinds=sorted(kinds),
                choices=self.quick_choices(state, free),
            )
        }

    def legal_actions(self, state: NombState, seat: int) -> list[ActionBase]:
        if seat != self._acting_seat(state):
            return []
        return list(self._iter_actions(state, seat))

    def _acting_seat(self, state: NombState) -> int | None:
        """The one seat that may act now (a pending decision's seat, else the active one)."""
        if self.outcome(state) is not None:
            return None
        return state.pending[0].seat if state.pending else state.active

    def _iter_actions(self, state: NombState, seat: int) -> Iterator[ActionBase]:
        """Every legal complete action, `end` last so "anything but end?" stops early."""
        if state.pending:
            yield from self._pending_actions(state)
            return
        if state.phase == "placement":
            for colour in self._placeable_colours(state, seat):
                for at in state.board.all_blocks():
                    if m.open_lot(state, at):
                        yield Place(colour=colour, block=at)
            return
        yield from self._legal(state, seat, ("move", "suppress", "develop", "protect", "collude"))
        yield End()

    def _legal(self, state: NombState, seat: int, kinds: tuple[str, ...]) -> Iterator[ActionBase]:
        """The legal actions of the given kinds during play, from candidates that pass `_check`."""
        for action in self._candidates(state, seat, kinds):
            if self._allowed(state, seat, action):
                yield action

    def _candidates(
        self, state: NombState, seat: int, kinds: tuple[str, ...]
    ) -> Iterator[ActionBase]:
        board = state.board
        if seat == 0:
            for agent, src in state.agents.items() if state.dev_moves else ():
                for d in DIRECTIONS:
                    dst = board.step(src, d)
                    if dst is None:
                        continue
                    if "move" in kinds:
                        yield Move(piece=agent, to=dst)
                    if "suppress" in kinds and m.reps_at(state, dst):
                        yield Suppress(agent=agent, to=dst)
            if "develop" in kinds:
                yield from (Develop(store=s) for s in board.of_type("store"))
        else:
            if "move" in kinds:
                # rep_moves holds only the acting seat's colours, so this also filters ownership.
                for rep, src in state.reps.items():
                    if state.rep_moves.get(m.rep_colour(rep)):
                        for d in DIRECTIONS:
                            dst = board.step(src, d)
                            if dst is not None:
                                yield Move(piece=rep, to=dst)
            if "protect" in kinds:
                for center in board.of_type("center"):
                    if m.may_protect_at(state, seat, center):
                        for apt in m.eligible_apartments(state, center):
                            assert apt.at is not None
                            yield Protect(apartment=apt.at, center=center)
        if "collude" in kinds and _may_collude(state):
            mine = m.colours_of(state, seat)
            for rep, at in state.reps.items():
                if seat == 0 or m.rep_colour(rep) in mine:
                    # Skip pairs sharing a block up front: at Start that is every pair.
                    yield from (
                        Collude(rep=rep, agent=agent)
                        for agent, where in state.agents.items()
                        if where != at
                    )

    def _pending_actions(self, state: NombState) -> Iterator[ActionBase]:
        need = state.pending[0]
        if need.kind == "sendback":
            for rep in need.reps:
                for home in m.rep_homes(state):
                    yield SendBack(rep=rep, to=home)
        elif need.kind == "return":
            for home in m.agent_homes(state):
                yield Return(agent=need.agent, to=home)
        elif need.kind == "bonus":
            for at, d in m.bonus_targets(state, need.store):
                yield Bonus(apartment=at, direction=d)
            yield Skip()
        else:
            yield Consent(answer="accept")
            yield Consent(answer="decline")

    def _allowed(self, state: NombState, seat: int, action: ActionBase) -> bool:
        """Whether a candidate passes its checks, without touching the state."""
        try:
            self._check(state, seat, action)
        except IllegalAction:
            return False
        return True

    def _placeable_colours(self, state: NombState, seat: int) -> list[str]:
        if state.phase != "placement" or seat != state.active:
            return []
        unplaced = {a.colour for a in state.apartments if a.status == "unplaced"}
        return [c for c in m.colours_of(state, seat) if c in unplaced]

    # ----- checks --------------------------------------------------------------------------
    def _check(self, state: NombState, seat: int, action: ActionBase) -> None:
        """Raise IllegalAction unless `seat` may take `action` now. Never mutates."""
        if state.pending:
            need = state.pending[0]
            if seat != need.seat or action.kind not in _PENDING_KINDS[need.kind]:
                raise IllegalAction(text.pending_text(state, need))
            self._check_pending(state, need, action)
            return
        if state.phase == "placement":
            if not isinstance(action, Place):
                raise IllegalAction("Residents are still placing their apartments.")
            self._check_place(state, seat, action)
            return
        if isinstance(action, Place):
            raise IllegalAction("All apartments are already placed.")
        if isinstance(action, (Bonus, Skip, SendBack, Return, Consent)):
            raise IllegalAction("There is no decision of that kind waiting.")
        if isinstance(action, Move):
            self._check_move(state, seat, action)
        elif isinstance(action, Suppress):
            self._check_suppress(state, seat, action)
        elif isinstance(action, Develop):
            self._check_develop(state, seat, action)
        elif isinstance(action, Protect):
            if seat == 0:
                raise IllegalAction("Only Residents protect apartments.")
            m.protection_check(state, action.apartment, action.center)
            self._check_protector(state, seat, m.norm_block(state, action.center))
        elif isinstance(action, Collude):
            self._check_collude(state, seat, action)

    def _check_place(self, state: NombState, seat: int, action: Place) -> None:
        colour = action.colour.strip().lower()
        if colour not in COLOURS:
            raise IllegalAction("Colour must be red, blue or yellow.")
        if colour not in m.colours_of(state, seat):
            raise IllegalAction(f"You place {m.colours_of(state, seat)[0]} apartments.")
        if colour not in self._placeable_colours(state, seat):
            raise IllegalAction(f"All three {colour} apartments are already placed.")
        at = m.norm_block(state, action.block)
        if not m.open_lot(state, at):
            raise IllegalAction(
                f"Apartments go on an empty block or Risk Zone with no apartment; "
                f"{m.block_text(state, at)} is not one."
            )

    def _check_move(self, state: NombState, seat: int, action: Move) -> None:
        piece = action.piece.strip().lower()
        if piece in state.agents:
            if seat != 0:
                raise IllegalAction("Only the Developer moves agents.")
            _, _, effect = m.agent_effect(state, piece, action.to)
            self._check_agent_effect(state, piece, action.to, effect, suppress=False)
        elif piece in state.reps:
            if m.rep_colour(piece) not in m.colours_of(state, seat):
                raise IllegalAction(f"{m.piece_label(piece)} is not yours to move.")
            m.rep_step_cost(state, piece, action.to)
        else:
            raise IllegalAction(f"There is no piece called {action.piece!r} (try red1 or agent1).")

    def _check_agent_effect(
        self, state: NombState, agent: str, to: str, effect: m.AgentEffect, *, suppress: bool
    ) -> None:
        if suppress:
            if effect not in ("suppress", "push_or_suppress"):
                raise IllegalAction(
                    "Dissent suppression needs reps on a Risk Zone block (without a temporarily "
                    "protected apartment); a plain move does the rest."
                )
            m.require_mode(state, "suppress")
        elif effect in ("revoke", "suppress"):
            m.require_mode(state, "suppress")
        elif effect in ("push", "push_or_suppress"):
            m.require_mode(state, "push")
            dst, direction, _ = m.agent_effect(state, agent, to)
            m.plan_push(state, dst, direction)

    def _check_suppress(self, state: NombState, seat: int, action: Suppress) -> None:
        agent = action.agent.strip().lower()
        if seat != 0 or agent not in state.agents:
            raise IllegalAction(f"There is no agent called {action.agent!r} for you to move.")
        _, _, effect = m.agent_effect(state, agent, action.to)
        self._check_agent_effect(state, agent, action.to, effect, suppress=True)

    def _check_develop(self, state: NombState, seat: int, action: Develop) -> None:
        if seat != 0:
            raise IllegalAction("Only the Developer builds Luxury Stores.")
        at = m.norm_block(state, action.store)
        if state.board.type_of(at) != "store" or at in state.luxury_stores:
            raise IllegalAction(f"{m.block_text(state, at)} is not a Store that can be developed.")
        if len(state.luxury_stores) >= m.LUXURY_STORE_TOKENS:
            raise IllegalAction("Both Luxury Stores are already built.")
        here = sum(where == at for where in state.agents.values())
        if here < 2:
            raise IllegalAction(f"You need 2 agents on the Store at {at} (there are {here}).")

    def _check_protector(self, state: NombState, seat: int, center: str) -> None:
        """4 players: whoever completes the final requirement chooses the apartment, so nobody
        else may trigger the protection (rulebook: Permanent Protection, 4-player note)."""
        if m.may_protect_at(state, seat, center):
            return
        holder = state.protection_rights.get(center)
        if holder is not None:
            raise IllegalAction(
                f"{state.seat_names[holder]} completed the requirements at {center}, so only "
                "they may trigger its protection."
            )
        raise IllegalAction(
            f"Only the Resident who completes the requirements at {center} may trigger its "
            "protection, and nobody has completed them since they last came together."
        )

    def _check_collude(self, state: NombState, seat: int, action: Collude) -> int:
        """Check a swap proposal and return the seat that must consent."""
        if state.players != 4:
            raise IllegalAction("Collusion only exists in the 4-player game.")
        if not _may_collude(state):
            raise IllegalAction(
                "A swap was already proposed this turn, and this table allows one per turn."
            )
        rep, agent = action.rep.strip().lower(), action.agent.strip().lower()
        if rep not in state.reps or agent not in state.agents:
            raise IllegalAction("Name one rep (e.g. red1) and one agent (e.g. agent2).")
        owner = m.seat_of(state, m.rep_colour(rep))
        if seat == 0:
            if owner in state.eliminated:
                raise IllegalAction(f"{state.seat_names[owner]} is out of the game.")
            other = owner
        else:
            if owner != seat:
                raise IllegalAction(f"{m.piece_label(rep)} is not yours.")
            other = 0
        rep_at, agent_at = state.reps[rep], state.agents[agent]
        if rep_at == agent_at:
            raise IllegalAction(f"{m.piece_label(rep)} and {m.piece_label(agent)} share {rep_at}.")
        if state.board.type_of(rep_at) == "center":
            raise IllegalAction(f"Agents cannot enter Community Center {rep_at}.")
        apt = m.apartment_at(state, rep_at)
        if apt is not None and apt.status == "protected":
            raise IllegalAction(f"Agents cannot stand on the protected apartment at {rep_at}.")
        return other

    def _check_pending(self, state: NombState, need: Pending, action: ActionBase) -> None:
        if isinstance(action, SendBack):
            if action.rep.strip().lower() not in need.reps:
                names = ", ".join(m.piece_label(r) for r in need.reps)
                raise IllegalAction(f"The rep to send home is one of: {names}.")
            if m.norm_block(state, action.to) not in m.rep_homes(state):
                raise IllegalAction(
                    "Reps go back to Start or a Store: " + ", ".join(m.rep_homes(state)) + "."
                )
        elif isinstance(action, Return):
            if action.agent.strip().lower() != need.agent:
                raise IllegalAction(f"{m.piece_label(need.agent)} is the agent going back.")
            if m.norm_block(state, action.to) not in m.agent_homes(state):
                raise IllegalAction(
                    "Agents go back to Start or a Luxury Store: "
                    + ", ".join(m.agent_homes(state))
                    + "."
                )
        elif isinstance(action, Bonus):
            at = m.norm_block(state, action.apartment)
            apt = m.apartment_at(state, at)
            if apt is None or apt.status != "standing":
                raise IllegalAction(f"There is no apartment that can be pushed on {at}.")
            if state.board.distance(need.store, at) > m.BONUS_RADIUS:
                raise IllegalAction(
                    f"{at} is more than {m.BONUS_RADIUS} blocks from the Luxury Store at "
                    f"{need.store}."
                )
            m.plan_push(state, at, action.direction)

    # ----- apply ---------------------------------------------------------------------------
    def _apply(self, state: NombState, seat: int, action: ActionBase) -> list[Event]:
        self._check(state, seat, action)
        ready_before = m.ready_centers(state) if state.players == 4 else set()
        reps_before = dict(state.reps)
        apts_before = {apt.id: apt.at for apt in state.apartments}
        handler = getattr(self, f"_do_{action.kind}")
        notes: list[str] = handler(state, seat, action)
        notes += self._settle_forced(state)
        if state.players == 4:
            m.update_protection_rights(state, ready_before, reps_before, apts_before)
        if (
            state.phase == "play"
            and not state.pending
            and not isinstance(action, End)
            and self.outcome(state) is None
            and self._only_end_left(state)
        ):
            notes.append(f"{state.seat_names[state.active]} has nothing left to do")
            notes += self._next_turn(state)
        events = [Event(text=_sentence(note)) for note in notes]
        result = self.outcome(state)
        if result is not None:
            events.append(Event(text=result.reason))
        return events

    def _only_end_left(self, state: NombState) -> bool:
        first = next(self._iter_actions(state, state.active))
        return isinstance(first, End)

    def _settle_forced(self, state: NombState) -> list[str]:
        """Settle queued decisions that have only one possible answer (e.g. no Luxury Store yet)."""
        notes = []
        while state.pending:
            need = state.pending[0]
            if need.kind == "sendback" and need.send_all and len(m.rep_homes(state)) == 1:
                for rep in need.reps:
                    state.reps[rep] = state.board.start
                notes.append(_list(need.reps) + " go back to Start")
            elif need.kind == "return" and len(m.agent_homes(state)) == 1:
                state.agents[need.agent] = state.board.start
                notes.append(f"{m.piece_label(need.agent)} returns to Start")
            else:
                break
            state.pending.pop(0)
        return notes

    def _do_place(self, state: NombState, seat: int, action: Place) -> list[str]:
        colour = action.colour.strip().lower()
        at = m.norm_block(state, action.block)
        apt = next(a for a in state.apartments if a.colour == colour and a.status == "unplaced")
        apt.at, apt.status = at, "standing"
        where = m.block_text(state, at)
        notes = [f"{state.seat_names[seat]} places a {colour} apartment on {where}"]
        placed = m.count(state, "standing")
        if placed == len(state.apartments):
            state.phase = "play"
            notes += self._start_turn(state, 0)
        elif state.players == 4:
            state.active = placed % 3 + 1
        return notes

    def _do_move(self, state: NombState, seat: int, action: Move) -> list[str]:
        piece = action.piece.strip().lower()
        if piece in state.reps:
            src = state.reps[piece]
            to, cost = m.rep_step_cost(state, piece, action.to)
            colour = m.rep_colour(piece)
            state.reps[piece] = to
            state.rep_moves[colour] -= cost
            left = state.rep_moves[colour]
            return [
                f"{m.piece_label(piece)} moves {src} → {m.block_text(state, to)} "
                f"({cost} move{'s' * (cost > 1)}; {colour} has {left} left)"
            ]
        to, direction, effect = m.agent_effect(state, piece, action.to)
        if effect in ("push", "push_or_suppress"):
            return self._agent_push(state, piece, to, direction)
        return self._agent_land(state, piece, to, effect)

    def _do_suppress(self, state: NombState, seat: int, action: Suppress) -> list[str]:
        agent = action.agent.strip().lower()
        to, _, _ = m.agent_effect(state, agent, action.to)
        return self._agent_land(state, agent, to, "suppress")

    def _agent_push(self, state: NombState, agent: str, to: str, direction: str) -> list[str]:
        src = state.agents[agent]
        chain = m.plan_push(state, to, direction)  # type: ignore[arg-type]
        state.agents[agent] = to
        state.dev_moves -= 1
        notes = [f"{m.piece_label(agent)} moves {src} → {to} and pushes {direction}"]
        notes += m.do_push(state, chain, direction)  # type: ignore[arg-type]
        notes += m.surround(state) + m.eliminate(state)
        state.pending.append(Pending(kind="return", seat=0, agent=agent, why="push"))
        return notes

    def _agent_land(self, state: NombState, agent: str, to: str, effect: str) -> list[str]:
        src = state.agents[agent]
        state.agents[agent] = to
        state.dev_moves -= 1
        head = f"{m.piece_label(agent)} moves {src} → {m.block_text(state, to)}"
        if effect == "move":
            return [head]
        reps = m.reps_at(state, to)
        state.mode = "suppress"
        if effect == "revoke":
            state.pending.append(Pending(kind="sendback", seat=0, reps=reps, why="revoke"))
            note = f"{head} and revokes the temporary protection of the apartment there"
        else:
            state.pending.append(
                Pending(kind="sendback", seat=0, reps=reps, send_all=True, why="suppression")
            )
            note = f"{head} and catches {_list(reps)} in the Risk Zone"
        state.pending.append(Pending(kind="return", seat=0, agent=agent, why=effect))
        return [note]

    def _do_develop(self, state: NombState, seat: int, action: Develop) -> list[str]:
        at = m.norm_block(state, action.store)
        state.luxury_stores.append(at)
        notes = [f"The Developer builds a Luxury Store on {at}"]
        notes += m.surround(state) + m.eliminate(state)
        if state.mode == "suppress":
            notes.append("its push is lost: reps were already sent home this turn")
        elif not m.bonus_targets(state, at):
            notes.append("no apartment within 2 blocks can be pushed, so its push is lost")
        else:
            state.pending.append(Pending(kind="bonus", seat=0, store=at, why="luxury store"))
        return notes

    def _do_bonus(self, state: NombState, seat: int, action: Bonus) -> list[str]:
        need = state.pending.pop(0)
        at = m.norm_block(state, action.apartment)
        chain = m.plan_push(state, at, action.direction)
        notes = [
            f"The Luxury Store on {need.store} pushes the apartment on {at} {action.direction}"
        ]
        notes += m.do_push(state, chain, action.direction)
        return notes + m.surround(state) + m.eliminate(state)

    def _do_skip(self, state: NombState, seat: int, action: Skip) -> list[str]:
        need = state.pending.pop(0)
        return [f"The Developer gives up the push of the Luxury Store on {need.store}"]

    def _do_protect(self, state: NombState, seat: int, action: Protect) -> list[str]:
        apt = m.protection_check(state, action.apartment, action.center)
        center = m.norm_block(state, action.center)
        assert apt.at is not None
        apt.status = "protected"
        notes = [
            f"{state.seat_names[seat]} permanently protects the {apt.colour} apartment on {apt.at}"
        ]
        evicted = [a for a, where in state.agents.items() if where == apt.at]
        for agent in evicted:
            state.agents[agent] = state.board.start
        if evicted:
            notes.append(f"{_list(evicted)} must leave the protected block and go to Start")
        # Both Center reps go home; each Resident places their own, the protector first.
        on_center = m.reps_at(state, center)
        owners = sorted(
            {m.seat_of(state, m.rep_colour(r)) for r in on_center}, key=lambda s: (s != seat, s)
        )
        for owner in owners:
            state.pending.append(
                Pending(
                    kind="sendback",
                    seat=owner,
                    reps=[r for r in on_center if m.seat_of(state, m.rep_colour(r)) == owner],
                    send_all=True,
                    why="protection",
                )
            )
        return notes

    def _do_sendback(self, state: NombState, seat: int, action: SendBack) -> list[str]:
        need = state.pending[0]
        rep = action.rep.strip().lower()
        to = m.norm_block(state, action.to)
        state.reps[rep] = to
        if need.send_all:
            need.reps.remove(rep)
        if not need.send_all or not need.reps:
            state.pending.pop(0)
        return [f"{m.piece_label(rep)} is sent back to {m.block_text(state, to)}"]

    def _do_return(self, state: NombState, seat: int, action: Return) -> list[str]:
        need = state.pending.pop(0)
        to = m.norm_block(state, action.to)
        state.agents[need.agent] = to
        return [f"{m.piece_label(need.agent)} returns to {m.block_text(state, to)}"]

    def _do_collude(self, state: NombState, seat: int, action: Collude) -> list[str]:
        other = self._check_collude(state, seat, action)
        rep, agent = action.rep.strip().lower(), action.agent.strip().lower()
        state.colluded = True
        state.pending.append(
            Pending(kind="consent", seat=other, rep=rep, agent=agent, proposer=seat)
        )
        return [
            f"{state.seat_names[seat]} proposes to swap {m.piece_label(rep)} "
            f"({state.reps[rep]}) with {m.piece_label(agent)} ({state.agents[agent]})"
        ]

    def _do_consent(self, state: NombState, seat: int, action: Consent) -> list[str]:
        need = state.pending.pop(0)
        if action.answer == "decline":
            return [f"{state.seat_names[seat]} declines the swap"]
        rep_at, agent_at = state.reps[need.rep], state.agents[need.agent]
        state.reps[need.rep], state.agents[need.agent] = agent_at, rep_at
        return [
            f"{state.seat_names[seat]} accepts: {m.piece_label(need.rep)} goes to {agent_at} "
            f"and {m.piece_label(need.agent)} to {rep_at}"
        ]

    def _do_end(self, state: NombState, seat: int, action: End) -> list[str]:
        return [f"{state.seat_names[seat]} ends their turn", *self._next_turn(state)]

    # ----- turns ---------------------------------------------------------------------------
    def _next_turn(self, state: NombState) -> list[str]:
        seat = state.active
        while True:
            seat = (seat + 1) % state.players
            if seat not in state.eliminated:
                break
        if seat == 0:
            state.round += 1
        return self._start_turn(state, seat)

    def _start_turn(self, state: NombState, seat: int) -> list[str]:
        state.active = seat
        state.mode = ""
        state.colluded = False
        state.dev_moves = m.DEVELOPER_MOVES if seat == 0 else 0
        state.rep_moves = {c: m.MOVES_PER_COLOUR for c in m.colours_of(state, seat)}
        return [f"{state.seat_names[seat]}'s turn (round {state.round})"]

    # ----- results and text ----------------------------------------------------------------
    def outcome(self, state: NombState) -> Outcome | None:
        lost = m.count(state, "pushed", "surrounded")
        protected = m.count(state, "protected")
        if lost >= m.GOAL:
            return Outcome(
                termination=Termination.GOAL,
                winners=[0],
                reason=f"The Developer wins: {lost} apartments are gone from the neighbourhood.",
            )
        if protected < m.GOAL:
            return None
        if state.players == 2:
            return Outcome(
                termination=Termination.GOAL,
                winners=[1],
                reason=f"The Resident wins: {protected} apartments are protected.",
            )
        scores = {seat: text.resident_score(state, seat) for seat in (1, 2, 3)}
        best = max(scores.values())
        winners = [seat for seat, score in scores.items() if score == best]
        names = " and ".join(state.seat_names[s] for s in winners)
        return Outcome(
            termination=Termination.GOAL,
            winners=winners,
            reason=(
                f"The Residents win with {protected} apartments protected; {names} "
                f"{'wins' if len(winners) == 1 else 'share the win'} with {best[0]} "
                f"apartments still standing ({best[1]} protected)."
            ),
        )

    def view(self, state: NombState, seat: int | None) -> NombView:
        return build_view(state, self.outcome(state))

    def describe(self, state: NombState, action: ActionBase) -> str:
        return text.describe(state, action)

    def choice_style(self, action: ActionBase) -> ChoiceStyle:
        """Consent answers read as yes and no; ending or skipping is routine; the rest move the
        game on."""
        if isinstance(action, Consent):
            return "success" if action.answer == "accept" else "danger"
        if isinstance(action, (End, Skip)):
            return "secondary"
        return "primary"

    def label_value(self, state: NombState, kind: str, field: str, value: object) -> str:
        return text.label_value(state, field, value)

    def status_text(self, state: NombState, seat: int | None) -> str:
        result = self.outcome(state)
        if result is not None:
            return text.score_line(state) + "\n" + result.reason
        return text.status(state)


def _may_collude(state: NombState) -> bool:
    """Whether the active seat may still propose a swap this turn."""
    if state.players != 4:
        return False
    return state.collusion_limit == "unlimited" or not state.colluded


def _default(state: NombState, need: Pending) -> dict[str, Any] | None:
    """What an absent player's out-of-turn decision becomes: a swap is declined, and a rep sent
    home after a protection goes to Start."""
    if need.kind == "consent":
        return Consent(answer="decline").model_dump()
    if need.kind == "sendback":
        return SendBack(rep=need.reps[0], to=state.board.start).model_dump()
    return None


_PENDING_KINDS = {
    "sendback": {"sendback"},
    "return": {"return"},
    "bonus": {"bonus", "skip"},
    "consent": {"consent"},
}


def _list(pieces: list[str]) -> str:
    labels = [m.piece_label(p) for p in pieces]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _sentence(note: str) -> str:
    return note[0].upper() + note[1:] + ("" if note.endswith((".", "!")) else ".")


GAME = NotOnMyBlock()
