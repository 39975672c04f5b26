"""Computer players for any registered game, playing through the public contract alone.

A player decides for one seat from what that seat is shown (`Seen`: its prompt, its legal
actions, its view) and never receives the state behind them, so its choice cannot depend on
another seat's hand, a deck's order or the dice to come. That is what makes its games fair
tests, benchmarks and, later, fair opponents.

Every game gets two players for free: `random_player` (a seeded random legal action, a random
order sheet) and `default_player` (the prompt's default, as a table that stopped answering
plays). A game may ship its own heuristic as a `player` factory in a `player` module of its
package (`engine/games/<game>/player.py`), or `register` one; `player_for` picks the game's
own when there is one and the random player otherwise.

>>> from engine.games import REGISTRY
>>> game = REGISTRY["not_on_my_block"]
>>> state = game.setup(game.make_options(2), seed=1)
>>> absent = {seat: default_player(0) for seat in (0, 1)}
>>> seat, result = play_step(game, state, absent, Rng.seeded(1))
>>> result.state.decisions[seat] > state.decisions.get(seat, 0)
True
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from pydantic import BaseModel

from engine.core import ActionBase, Game, IllegalAction, Prompt, Result
from engine.rng import Rng

SHEET_LINE_WRITTEN = 0.5
"""How often the random player writes a line of an order sheet rather than leaving it blank."""


class Seen:
    """Everything one seat knows when it decides: its own prompt, and, built only when a player
    asks (listing actions or building a view costs time), its legal actions, its view and
    samples of the order sheets it may submit. It keeps no reference a player could follow back
    to the state."""

    def __init__(
        self,
        seat: int,
        prompt: Prompt,
        legal: Callable[[], list[ActionBase]],
        look: Callable[[], BaseModel],
        parse: Callable[[dict[str, Any]], ActionBase],
        sheets: Callable[[Rng, int], list[ActionBase]] | None = None,
        sample: Callable[[Rng], Any] | None = None,
    ):
        self.seat = seat
        self.prompt = prompt
        self._legal = legal
        self._look = look
        self._parse = parse
        self._sheets = sheets
        self._sample = sample

    def sample(self, rng: Rng) -> Any:
        """A whole game state this seat cannot tell from the true one, everything it cannot
        see dealt again from `rng` (`Game.determinize`), for a player that searches ahead. It
        is the only state a player ever gets, and it is a guess: the same `rng` gives the same
        guess whatever the hidden truth is."""
        if self._sample is None:
            raise LookupError("This seat's position cannot be sampled.")
        return self._sample(rng)

    @cached_property
    def legal(self) -> list[ActionBase]:
        return self._legal()

    @cached_property
    def view(self) -> BaseModel:
        return self._look()

    @cached_property
    def default(self) -> ActionBase:
        """The prompt's default: what the table plays for this seat when it stops waiting."""
        if self.prompt.default is None:
            raise LookupError(f"{self.prompt.text!r} offers no default.")
        return self._parse(self.prompt.default)

    def parse(self, data: dict[str, Any]) -> ActionBase:
        return self._parse(data)

    def sheets(self, rng: Rng, limit: int = 1) -> list[ActionBase]:
        """Up to `limit` submissions of this seat's order sheet. The game's own sampler
        (`Game.sheet_actions`) when it has one, whose sheets are all legal; else random drafts
        of the prompt's sheet, line by line, which the game may still refuse as a whole (a unit
        sent where nothing carries it), so a driver falls back to the default then."""
        if self._sheets is not None:
            return self._sheets(rng, limit)
        sheet = self.prompt.sheet
        if sheet is None:
            return []
        drafts = []
        for _ in range(limit):
            draft = {
                line.key: rng.choice(line.options).value
                for line in sheet.lines
                if not line.locked and rng.below(100) < 100 * SHEET_LINE_WRITTEN
            }
            drafts.append(self._parse(sheet.submission(draft)))
        return drafts


def seen(game: Game[Any, Any], state: Any, seat: int, prompt: Prompt | None = None) -> Seen:
    """What `seat` is shown now (`prompt`: its prompt, if already asked for); the seat must be
    prompted."""
    asked = prompt or game.prompts(state)[seat]
    sampler = getattr(game, "sheet_actions", None)
    sheets = None
    if sampler is not None and asked.sheet is not None:

        def sheets(rng: Rng, limit: int) -> list[ActionBase]:
            return list(sampler(state, seat, rng, limit))

    return Seen(
        seat=seat,
        prompt=asked,
        legal=lambda: game.legal_actions(state, seat),
        look=lambda: game.view(state, seat),
        parse=game.parse_action,
        sheets=sheets,
        sample=lambda rng: game.determinize(state, seat, rng),
    )


Player = Callable[[Seen], ActionBase]
"""Decides one seat's action from what it is shown."""
PlayerFactory = Callable[[int], Player]
"""Builds a player from a seed, so that the same seed plays the same game."""


def random_player(seed: int) -> Player:
    """A uniformly random legal action; a random sheet when the seat writes orders."""
    rng = Rng.seeded(seed)

    def play(what: Seen) -> ActionBase:
        if what.prompt.sheet is not None:
            return what.sheets(rng)[0]
        return rng.choice(what.legal) if what.legal else what.default

    return play


class Absent:
    """Stands in for a seat nobody answers for any more: plays the prompt's default, and
    `play_step` applies it as played for an absent player (`Game.apply(..., absent=True)`).
    A present player choosing the same pass is not absent; a game's standstill rule, which
    ends a table nobody plays at, counts only absent defaults, so a table of these ends."""

    def __call__(self, what: Seen) -> ActionBase:
        return what.default


def default_player(seed: int) -> Player:
    """The prompt's default every time, played for an absent player (`Absent`). The seed is
    unused (nothing is left to chance), and taken so that it is a `PlayerFactory` like any
    other."""
    return Absent()


def player_and_prior(
    new: Callable[[Rng, bool], Player],
) -> tuple[PlayerFactory, PlayerFactory]:
    """A game's heuristic `player` and its `prior` from one maker, `new(rng, tries)`: a
    player drawing from `rng` that makes random tries only when `tries`. The `prior` is the
    considered choice that never makes one, for the strong level's first try at the root of
    its search: random tries keep playouts varied, and played for real they are mostly
    mistakes."""

    def player(seed: int) -> Player:
        return new(Rng.seeded(seed), True)

    def prior(seed: int) -> Player:
        return new(Rng.seeded(seed), False)

    for made in (player, prior):  # they belong to the game whose maker they call
        made.__module__ = new.__module__
    return player, prior


HEURISTICS: dict[str, PlayerFactory] = {}
"""Players registered by game id, for games that keep theirs outside a `player` module."""


def register(game_id: str, factory: PlayerFactory) -> None:
    HEURISTICS[game_id] = factory


def heuristic(game: Game[Any, Any]) -> PlayerFactory | None:
    """The game's own player: one registered for its id, or the `player` factory of the
    `player` module beside its rules; None when it has neither."""
    if game.id in HEURISTICS:
        return HEURISTICS[game.id]
    factory: PlayerFactory | None = own_hook(game, "player")
    return factory


def own_hook(game: Game[Any, Any], name: str) -> Any:
    """The object called `name` in the `player` module beside the game's rules (its player,
    its evaluation of a position), or None when the game has no such module or no such name:
    a game adds these without any change outside its package."""
    package = importlib.import_module(type(game).__module__).__package__
    if not package or importlib.util.find_spec(f"{package}.player") is None:
        return None
    return getattr(importlib.import_module(f"{package}.player"), name, None)


def player_for(game: Game[Any, Any], seed: int) -> Player:
    """The game's own player when it has one, else the random player."""
    return (heuristic(game) or random_player)(seed)


def pick_seat(prompts: Mapping[int, Prompt], rng: Rng) -> int:
    """One of the seats being waited for, at random (simultaneous seats answer in any order)."""
    return rng.choice(sorted(prompts))


def play_step(
    game: Game[Any, Any], state: Any, players: Mapping[int, Player], rng: Rng
) -> tuple[int, Result]:
    """One move: a seat being waited for (picked by `rng`) asks its player and the game applies
    the answer, as played for an absent player when the player is an `Absent` stand-in. A sheet
    the game refuses that it never offered (a random draft) is replaced by the prompt's default;
    a refusal of anything the game offered is a bug and propagates."""
    prompts = game.prompts(state)
    seat = pick_seat(prompts, rng)
    what = seen(game, state, seat, prompts[seat])
    player = players[seat]
    action = player(what)
    try:
        return seat, game.apply(state, seat, action, absent=isinstance(player, Absent))
    except IllegalAction:
        if what.prompt.sheet is None or action == what.default or action in what.legal:
            raise
        return seat, game.apply(state, seat, what.default)


def play_out(
    game: Game[Any, Any],
    state: Any,
    players: Mapping[int, Player],
    rng: Rng,
    max_steps: int,
) -> tuple[Any, int]:
    """Play until the game ends or `max_steps` moves were made; the last state and the moves."""
    steps = 0
    while steps < max_steps and game.outcome(state) is None:
        _, result = play_step(game, state, players, rng)
        state = result.state
        steps += 1
    return state, steps


__all__ = [
    "HEURISTICS",
    "Absent",
    "Player",
    "PlayerFactory",
    "Seen",
    "default_player",
    "heuristic",
    "own_hook",
    "pick_seat",
    "play_out",
    "play_step",
    "player_and_prior",
    "player_for",
    "random_player",
    "register",
    "seen",
]
