"""Drawing from the loot and police ops decks, reshuffling their discards when they run out.

Every loot draw makes two events: a public one with the number of cards and a private one for
the drawing seat naming them, so hands stay secret in the channel.
"""

from __future__ import annotations

from engine.core import Event
from engine.games.bloc_by_bloc.places import the
from engine.games.bloc_by_bloc.state import BlocState
from engine.kit.cards import discard, draw, reshuffle
from engine.messages import Msg, m

WHY = ("plain", "manifestation", "looting", "hacker", "workshop")
"""Why a faction draws loot: each reason has its own sentence ("... for looting")."""


def loot_name(card: str) -> Msg:
    return m(f"bloc.loot.{card}.name")


def draw_loot(
    state: BlocState, seat: int, count: int, why: str = "plain"
) -> tuple[list[str], list[Event]]:
    """Draw up to `count` loot cards into the seat's hand (fewer if both piles are empty);
    `why` (one of `WHY`) chooses the public sentence ("for looting", "with their Hacker
    Space")."""
    assert why in WHY, why
    drawn = draw(state.loot_deck, count, discard=state.loot_discard, rng=state.rng)
    state.hands[seat].extend(drawn)
    if not drawn:
        return drawn, [Event(msg=m(f"bloc.draw.{why}.empty", who=the(state, seat)))]
    return drawn, [
        Event(msg=m(f"bloc.draw.{why}", who=the(state, seat, True), n=len(drawn))),
        Event(msg=m("bloc.draw.private", cards=[loot_name(c) for c in drawn]), seat=seat),
    ]


def discard_loot(state: BlocState, seat: int, card: str) -> None:
    discard(state.hands[seat], card, state.loot_discard)


def draw_police(state: BlocState) -> str:
    """Take the top police ops card, reshuffling the discards first if the deck is empty (a
    new deck has no card face up)."""
    if not state.police_deck:
        reshuffle(state.police_deck, state.police_discard, state.rng)
        state.police_revealed = 0
    [card] = draw(state.police_deck)
    state.police_revealed = max(0, state.police_revealed - 1)
    return card


def reshuffle_police(state: BlocState) -> None:
    """Shuffle the police ops discards back into the deck, face-up cards included."""
    reshuffle(state.police_deck, state.police_discard, state.rng)
    state.police_revealed = 0
