"""Drawing from the loot and police ops decks, reshuffling their discards when they run out.

Every loot draw makes two events: a public one with the number of cards and a private one for
the drawing seat naming them, so hands stay secret in the channel.
"""

from __future__ import annotations

from engine.core import Event
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.state import BlocState
from engine.kit.cards import discard, draw, reshuffle
from engine.messages import raw
from engine.words import count as counted
from engine.words import listing


def loot_name(card: str) -> str:
    return load_content().loot[card].name


def draw_loot(
    state: BlocState, seat: int, count: int, why: str = ""
) -> tuple[list[str], list[Event]]:
    """Draw up to `count` loot cards into the seat's hand (fewer if both piles are empty);
    `why` ends the public sentence ("for looting", "with their Hacker Space")."""
    drawn = draw(state.loot_deck, count, discard=state.loot_discard, rng=state.rng)
    state.hands[seat].extend(drawn)
    name = f"The {state.seat_names[seat]}"
    suffix = f" {why}" if why else ""
    if not drawn:
        empty = f"The loot deck is empty: the {state.seat_names[seat]} draw nothing{suffix}."
        return drawn, [Event(msg=raw(empty))]
    return drawn, [
        Event(msg=raw(f"{name} draw {counted(len(drawn), 'loot card')}{suffix}.")),
        Event(msg=raw("You draw: " + listing([loot_name(c) for c in drawn]) + "."), seat=seat),
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
