"""Decks, piles and hands as the plain lists a game state stores.

A deck is a list whose first item is its top card; a pile (Space Insurrection's recruit cup)
is a list drawn from at random; a hand is a seat's list of card ids, copies repeated. Every
random step takes the state's own generator, so a game stays a function of its seed and its
actions, and a search that reseeds the generator (`Game.determinize`) reshuffles with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Any, TypeVar

from engine.core import ActionBase, Game, HandCard, QuickChoice
from engine.messages import Msg
from engine.rng import Rng

T = TypeVar("T")


def reshuffle(deck: list[T], discard: list[T], rng: Rng) -> None:
    """Put the discard pile back into the deck and shuffle the whole deck; the discard pile is
    left empty. Drawing reshuffles only an empty deck; some cards (Bloc by Bloc's Chief of
    Police Fired) shuffle the discards into what is left."""
    deck.extend(discard)
    discard.clear()
    rng.shuffle(deck)


def draw(
    deck: list[T], count: int = 1, *, discard: list[T] | None = None, rng: Rng | None = None
) -> list[T]:
    """Take up to `count` cards off the top of `deck`. When it runs out and a `discard` pile is
    given, the discards are reshuffled into a new deck with `rng` (once per time it runs out);
    fewer cards come back only when both are empty."""
    drawn: list[T] = []
    for _ in range(count):
        if not deck and discard and rng is not None:
            reshuffle(deck, discard, rng)
        if not deck:
            break
        drawn.append(deck.pop(0))
    return drawn


def deal(deck: list[T], counts: Sequence[int]) -> list[list[T]]:
    """Hands dealt off the top of `deck`, `counts[seat]` cards for each seat in seat order (one
    seat's whole hand, then the next, as a setup counts them out)."""
    return [draw(deck, n) for n in counts]


def draw_at_random(pile: list[T], rng: Rng) -> T | None:
    """A card taken from anywhere in an unordered pile (chits drawn from a cup), or None when
    the pile is empty."""
    if not pile:
        return None
    return pile.pop(rng.below(len(pile)))


def discard(hand: list[T], card: T, pile: list[T]) -> None:
    """Move one copy of `card` from a hand (or a reserve) onto a discard pile, or back into the
    pile it came from. Raises ValueError when the hand does not hold it: the caller checks
    first, with a message for the player."""
    hand.remove(card)
    pile.append(card)


def sizes(hands: Sequence[Sized]) -> list[int]:
    """How many cards each hand (or deck) holds: what every seat may see of the others'."""
    return [len(hand) for hand in hands]


def unseen_order(cards: Iterable[T]) -> list[T]:
    """Hidden cards in an order that tells nothing of where they lie (sorted by their text),
    for a determinization to shuffle: shuffling them as they lie would make its sample a
    function of the truth it must not know."""
    return sorted(cards, key=repr)


def redeal(piles: Sequence[list[T]], rng: Rng) -> list[tuple[T, T]]:
    """Shuffle the cards of several hidden places together and deal them back, each place
    keeping its size, in place: a determinization's "anything unseen could be anywhere unseen".
    Returns each dealt position's (old, new) card pair, in the piles' order, for games that
    must rename what refers to a card (chits drawn this turn).

    The cards are put in a fixed order (`unseen_order`) before the shuffle, so the deal depends
    only on which cards are hidden and on `rng`, never on where they truly lie: a search
    seeded alike deals alike whatever the hidden truth."""
    before = [card for pile in piles for card in pile]
    pool = unseen_order(before)
    rng.shuffle(pool)
    rest = iter(pool)
    for pile in piles:
        pile[:] = [next(rest) for _ in pile]
    return list(zip(before, pool, strict=True))


def hand_cards(
    hand: Iterable[str],
    name: Callable[[str], Msg],
    text: Callable[[str], Msg],
    plays: Callable[[str], list[QuickChoice]] | None = None,
) -> list[HandCard]:
    """A hand as `HandCard`s, one per card id in the order first held, copies counted.
    `plays(card)` lists the quick choices that play a card (see `naming`)."""
    counted: dict[str, int] = {}
    for card in hand:
        counted[card] = counted.get(card, 0) + 1
    return [
        HandCard(
            id=card,
            name_msg=name(card),
            text_msg=text(card),
            count=n,
            choices=plays(card) if plays is not None else [],
        )
        for card, n in counted.items()
    ]


def naming(actions: Iterable[ActionBase], field: str) -> Callable[[str], list[ActionBase]]:
    """Group legal actions by the card their `field` names (as text, the way `HandCard.id`
    holds it): `naming(legal, "card")(c)` is every action that plays, offers or discards card
    `c`, for `hand_cards`' buttons."""
    by_card: dict[str, list[ActionBase]] = {}
    for action in actions:
        card: Any = getattr(action, field, None)
        if isinstance(card, str | int) and card != "":
            by_card.setdefault(str(card), []).append(action)
    return lambda card: by_card.get(card, [])


def hand_view(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    hand: Iterable[str],
    name: Callable[[str], Msg],
    text: Callable[[str], Msg],
    field: str = "card",
) -> list[HandCard]:
    """A seat's hand for `Game.hand`: each card with the seat's legal actions whose `field`
    names it, labelled by `describe` (the seat's own words, card names included) rather than
    by the public `choice_label` a prompt's buttons use."""
    plays = naming(game.legal_actions(state, seat), field)

    def choices(card: str) -> list[QuickChoice]:
        return [
            QuickChoice(
                msg=game.describe(state, action),
                action=action.model_dump(mode="json"),
                style=game.choice_style(action),
            )
            for action in plays(card)
        ]

    return hand_cards(hand, name, text, choices)
