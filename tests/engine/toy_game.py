"""A tiny test-only game that exercises the parts of the engine contract Not On My Block lacks.

"Sealed Bids": each seat holds a secret hand dealt from a shuffled deck. Every round all seats
bid a card at once (simultaneous secret orders); ties are broken by a die roll; the round's loser
then owes a decision out of turn (accept the result or demand a re-roll, once per game). Three
rounds; most round wins takes the game.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    ActionBase,
    Event,
    Game,
    GameState,
    IllegalAction,
    Outcome,
    Prompt,
    QuickChoice,
    Termination,
)
from engine.core import HandCard
from engine.kit.cards import deal, hand_view, redeal
from engine.messages import Msg
from engine.rng import Rng
from tests.engine.toy_words import words

ROUNDS = 3


class BidOptions(BaseModel):
    players: Literal[2, 3] = 2


class BidState(GameState):
    hands: list[list[int]]
    bids: list[int | None]
    wins: list[int]
    round: int = 1
    last_rolls: list[int] = Field(default_factory=list)
    pending_loser: int | None = None
    pending_winner: int | None = None
    rerolls_left: list[int]


class Bid(ActionBase):
    summary: ClassVar[str] = "Bid a card from your hand, in secret"
    kind: Literal["bid"] = "bid"
    card: int = Field(description="The card to bid")


class Settle(ActionBase):
    summary: ClassVar[str] = "Accept the round's result or demand a re-roll"
    kind: Literal["settle"] = "settle"
    choice: Literal["accept", "reroll"] = Field(description="accept or reroll")


class SealedBids(Game[BidState, BidOptions]):
    id = "sealed_bids"
    title = "Sealed Bids"
    short_name = "bids"
    player_counts = (2, 3)
    options_type = BidOptions
    state_type = BidState
    action_types = (Bid, Settle)

    def setup(self, options: BidOptions, seed: int) -> BidState:
        rng = Rng.seeded(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        n = options.players
        holders = list(range(n))
        rng.shuffle(holders)
        return BidState(
            rng=rng,
            holders=holders,
            seat_names=[f"Bidder {i + 1}" for i in range(n)],
            hands=[sorted(hand) for hand in deal(deck, [3] * n)],
            bids=[None] * n,
            wins=[0] * n,
            rerolls_left=[1] * n,
        )

    def _prompts(self, state: BidState) -> dict[int, Prompt]:
        if self.outcome(state) is not None:
            return {}
        if state.pending_loser is not None:
            seat = state.pending_loser
            choices = [
                QuickChoice(msg=words("Accept"), action={"kind": "settle", "choice": "accept"})
            ]
            if state.rerolls_left[seat]:
                choices.append(
                    QuickChoice(msg=words("Re-roll"), action={"kind": "settle", "choice": "reroll"})
                )
            return {
                seat: Prompt(
                    seat=seat,
                    msg=words("You lost the tie-break roll. Accept or re-roll?"),
                    kinds=["settle"],
                    choices=choices,
                    out_of_turn=True,
                    default={"kind": "settle", "choice": "accept"},
                )
            }
        return {
            seat: Prompt(
                seat=seat,
                msg=words("Bid a card."),
                kinds=["bid"],
                default={"kind": "bid", "card": min(state.hands[seat])},
            )
            for seat, bid in enumerate(state.bids)
            if bid is None
        }

    def legal_actions(self, state: BidState, seat: int) -> list[ActionBase]:
        prompt = self.prompts(state).get(seat)
        if prompt is None:
            return []
        if "bid" in prompt.kinds:
            return [Bid(card=c) for c in state.hands[seat]]
        return [self.parse_action(c.action) for c in prompt.choices]

    def _apply(self, state: BidState, seat: int, action: ActionBase, absent: bool) -> list[Event]:
        if isinstance(action, Bid):
            if state.pending_loser is not None or state.bids[seat] is not None:
                raise IllegalAction(words("You have already bid this round."))
            if action.card not in state.hands[seat]:
                raise IllegalAction(words(f"You do not hold a {action.card}."))
            state.hands[seat].remove(action.card)
            state.bids[seat] = action.card
            events = [
                Event(msg=words(f"{state.seat_names[seat]} has bid.")),
                Event(msg=words(f"You bid your {action.card}."), seat=seat),
            ]
            if all(b is not None for b in state.bids):
                events += self._resolve(state)
            return events
        assert isinstance(action, Settle)
        if state.pending_loser != seat:
            raise IllegalAction(words("There is no result for you to settle."))
        if action.choice == "reroll":
            if not state.rerolls_left[seat]:
                raise IllegalAction(words("You have no re-roll left."))
            state.rerolls_left[seat] -= 1
            state.wins[state.pending_winner or 0] -= 1
            return self._tie_break(state, [state.pending_winner or 0, seat])
        state.pending_loser = state.pending_winner = None
        return self._next_round(state)

    def _resolve(self, state: BidState) -> list[Event]:
        bids = [b or 0 for b in state.bids]
        shown = ", ".join(f"{state.seat_names[s]} {b}" for s, b in enumerate(bids))
        events = [Event(msg=words(f"Bids revealed: {shown}."))]
        top = max(bids)
        leaders = [s for s, b in enumerate(bids) if b == top]
        if len(leaders) == 1:
            state.wins[leaders[0]] += 1
            return events + self._next_round(state)
        return events + self._tie_break(state, leaders)

    def _tie_break(self, state: BidState, tied: list[int]) -> list[Event]:
        while True:
            rolls = state.rng.roll(len(tied))
            if len(set(rolls)) == len(rolls):
                break
        state.last_rolls = rolls
        ordered = sorted(zip(rolls, tied, strict=True), reverse=True)
        winner, loser = ordered[0][1], ordered[-1][1]
        state.wins[winner] += 1
        state.pending_winner, state.pending_loser = winner, loser
        return [Event(msg=words(f"Tie-break rolls {rolls}: {state.seat_names[winner]} wins."))]

    def _next_round(self, state: BidState) -> list[Event]:
        state.round += 1
        state.bids = [None] * len(state.bids)
        return [Event(msg=words(f"Round {state.round} begins."))] if state.round <= ROUNDS else []

    def turn_number(self, state: BidState) -> int:
        """The round being bid; after the last one the count stays on it."""
        return min(state.round, ROUNDS)

    def view(self, state: BidState, seat: int | None) -> BaseModel:
        data = state.model_dump(exclude={"rng", "hands", "bids"})
        data["hand_sizes"] = [len(h) for h in state.hands]
        data["has_bid"] = [b is not None for b in state.bids]
        if seat is not None:
            data["hand"] = state.hands[seat]
            data["my_bid"] = state.bids[seat]
        return _View(**data)

    def outcome(self, state: BidState) -> Outcome | None:
        if state.round <= ROUNDS or state.pending_loser is not None:
            return None
        best = max(state.wins)
        winners = [s for s, w in enumerate(state.wins) if w == best]
        return Outcome(
            termination=Termination.GOAL, winners=winners, msg=words(f"most rounds won ({best})")
        )

    def _resample(self, state: BidState, seat: int | None, rng: Rng) -> None:
        """The other seats' hands and sealed bids are dealt again among themselves, keeping
        how many cards each holds and who has bid (the cards never dealt are not kept)."""
        others = [s for s in range(len(state.hands)) if s != seat]
        bids = [s for s in others if state.bids[s] is not None]
        sealed = [state.bids[s] or 0 for s in bids]
        redeal([*(state.hands[s] for s in others), sealed], rng)
        for s in others:
            state.hands[s].sort()
        for s, card in zip(bids, sealed, strict=True):
            state.bids[s] = card

    def choice_label(self, state: BidState, action: ActionBase) -> Msg:
        """A bid is secret until the round resolves: in public it is only "a bid"."""
        return words("a secret bid") if action.kind == "bid" else self.describe(state, action)

    def hand_text(self, state: BidState, seat: int) -> Msg | None:
        return words("Your hand: " + ", ".join(map(str, state.hands[seat])))

    def hand(self, state: BidState, seat: int) -> list[HandCard]:
        """Each card of the hand with the button that bids it, while the seat may bid."""
        return hand_view(
            self,
            state,
            seat,
            map(str, state.hands[seat]),
            name=lambda card: words(f"The {card}"),
            text=lambda card: words(f"Bids {card}; the highest bid wins the round."),
        )


class _View(BaseModel, extra="allow"):
    pass


GAME = SealedBids()
