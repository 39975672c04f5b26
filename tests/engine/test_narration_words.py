"""Every line a player can read in whole games of every built game, checked for the slips real
games showed: "1 action dice left", "8 night(s)", "Extra action dice: [2]", a raw enum value, a
bare "pass" posted as narration, a whole district description as a move's confirmation, "Game
over" said twice, "Waiting for …" on a finished game, a roll that does not say what it needed
("rolls 2, destroyed"), "result 3" with no meaning, "Blue write" for one seat, "in secret" twice
in one prompt, "Winner:" before three names.

Seeded random games are played to the end (the last stretch by defaults alone, as a table that
stops answering is), and at every step the test reads what a client may show: each event of the
step, every prompt and its buttons, the status line for the channel and for every seat, every
seat's hand, the labels of a sample of legal actions (`describe`, `choice_label`, and each
field's autocomplete label), the view's own sentences, and the outcome with its winners.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import ActionBase, Event, Game, GameState
from engine.games import REGISTRY
from engine.messages import Msg, m, say
from engine.players import pick_seat, player_for, seen
from engine.rng import Rng
from tests.engine.defaults import default_action

PLURALS = (
    "dice|dies|moves|blocs|nights|cops|cards|districts|turns|actions|apartments|agents|reps|"
    "vans|barricades|attacks|players|rounds|seats|occupations|units|chits|worlds|winners"
)
MODIFIERS = "riot|police|ops|extra|action|lone|solo|loot|more|free|cop|shopping|movement"
SEATS = "Red|Blue|Yellow|Green|Purple|Developer|(?:Red|Blue|Yellow) Resident"
"""The seat names that name one player (Bloc by Bloc's factions are plural: "the Workers win")."""
VERBS = (
    "write|hold|win|have|are|were|do|move|pass|play|declare|recruit|deploy|discard|draw|"
    "roll|act|take|lose|share|end|go|get|build|score|keep|need"
)
"""Verbs in the form that agrees with several subjects: "Blue write" is a slip, "Blue writes"."""
FILLER = "your|their|with|from|that|this|have|were|each|there|then|them|they"
"""Short words that may end a pair ("and their", "from there") twice in a line without saying
anything twice; a pair ending in a word of three letters or fewer ("of the") is never counted."""
NOT_A_NAME = "".join(f"(?<!{word} )" for word in ("agent", "rep", "die", "night", "round"))
"""A 1 that numbers a piece or a die ("Agent 1 moves", "Troops #1 attacks") counts nothing."""
FORBIDDEN: dict[str, re.Pattern[str]] = {
    "a hedged plural": re.compile(r"\(s\)"),
    "a bracket (a Python list or a tag)": re.compile(r"[\[\]{}]"),
    "1 with a plural noun": re.compile(
        rf"{NOT_A_NAME}(?<![\w+.#-])1 (?:(?:{MODIFIERS}) )*(?:{PLURALS})\b", re.IGNORECASE
    ),
    "a Python None or bool": re.compile(r"\b(?:None|True|False)\b"),
    "a raw identifier with _": re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]"),
    "a Python repr of a string": re.compile(r"(?<![\w'])'[\w-]+'(?!\w)"),
    "a roll that does not say what it needed": re.compile(r"\brolls \d+(?!, needs \d| \(\d)"),
    "a result with no meaning": re.compile(r"\bresult \d"),
    "one seat with a verb for many": re.compile(
        rf"(?<!, )(?<!and )(?<!or )\b(?:{SEATS}) (?:{VERBS})\b(?! of\b)"
    ),
    "one winner announced for several": re.compile(r"Winner: [^.\n]*(?:,| and )"),
}
"""What no line a player reads may contain."""

REPEATED = re.compile(rf"(?<![\w'’])([a-z]+ (?!(?:{FILLER})\b)[a-z]{{4,}})\b.*\b\1\b")
"""A phrase said twice in one line of an instruction ("in secret … in secret"). Checked on
prompts, which are composed from parts; narration and card texts may repeat a phrase on purpose
("… or less …; … or less", an agenda's two ways to win)."""

MEANING = re.compile(r": \d, the (cops are called|police draw an ops card|police do not react)\.")
"""What a reaction roll's line must end with: the face, and what it does."""

EVENT_LIMIT = 300
"""The longest line of narration."""

LABEL_LIMIT = 100
"""The longest action label (a confirmation or a button), in characters."""


@dataclass
class Reading:
    """What one game showed, and where each line came from."""

    lines: list[tuple[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def read(self, where: str, said: Msg | str | None) -> None:
        if said is None:
            return
        text = say(said)  # words given as messages are read in English
        self.lines.append((where, text))
        for name, pattern in FORBIDDEN.items():
            if pattern.search(text):
                self.problems.append(f"{where}: {name}: {text!r}")
        rows = text.split("\n")
        for a, b in itertools.pairwise(rows):
            if a == b:
                self.problems.append(f"{where}: a line said twice in a row: {a!r}")

    def problem(self, where: str, what: str, text: str) -> None:
        self.problems.append(f"{where}: {what}: {text!r}")


def read_position(game: Game[Any, Any], state: GameState, rnd: random.Random, r: Reading) -> None:
    """Everything a client may show while the game stands here."""
    seats = range(len(state.seat_names))
    over = game.outcome(state) is not None
    for seat in [None, *seats]:
        status = say(game.status_text(state, seat))
        r.read(f"status {seat}", status)
        if over and ("Waiting for" in status or "Game over" not in status):
            r.problem(f"status {seat}", "a finished game's status does not say it is over", status)
    for seat in seats:
        hand = game.hand_text(state, seat)
        r.read(f"hand {seat}", None if hand is None else say(hand))
    read_view(game, state, over, r)
    for seat, prompt in game.prompts(state).items():
        r.read("prompt", prompt.text)
        if REPEATED.search(prompt.text):
            r.problem("prompt", "a phrase said twice in one line", prompt.text)
        for choice in prompt.choices:
            r.read("button", choice.label)
        actions = game.legal_actions(state, seat)
        for action in rnd.sample(actions, min(6, len(actions))):
            read_labels(game, state, action, r)


def read_labels(game: Game[Any, Any], state: GameState, action: ActionBase, r: Reading) -> None:
    for where, label in (
        ("describe", say(game.describe(state, action))),
        ("choice label", say(game.choice_label(state, action))),
    ):
        r.read(where, label)
        if not label.strip() or len(label) >= LABEL_LIMIT or "\n" in label:
            r.problem(where, f"not a short one-line label (under {LABEL_LIMIT})", label)
    for name, value in action.model_dump(exclude={"kind"}).items():
        label = say(game.label_value(state, action.kind, name, value))
        r.read(f"autocomplete {action.kind}.{name}", label)


def read_view(game: Game[Any, Any], state: GameState, over: bool, r: Reading) -> None:
    """The sentences a board image prints from the view."""
    view: Any = game.view(state, None)
    if game.id == "space_insurrection":
        r.read("view phase", view.phase_text)
        r.read("view outcome", view.outcome)
        if over and not view.outcome:
            r.problem("view", "a finished board does not say how it ended", view.phase_text)
    elif game.id == "bloc_by_bloc":
        decision = say(view.decision)
        r.read("view decision", decision)
        if over and not decision.startswith("Game over"):
            r.problem("view decision", "a finished board does not say it is over", decision)
    elif game.id in ("riot", "block_mania"):
        r.read("view outcome", None if view.outcome is None else say(view.outcome))
        if over and view.outcome is None:
            r.problem("view", "a finished board does not say how it ended", view.ended)
    else:
        r.read("view result", view.result or None)
        if view.pending is not None:
            r.read("view pending", view.pending.msg)
        if over and (view.phase != "over" or view.pending is not None or not view.result):
            r.problem("view", "a finished game's board still waits for someone", view.phase)


def read_events(events: list[Event], r: Reading) -> None:
    """One step's narration, as the posts made from it read."""
    public = [e.text for e in events if e.seat is None]
    if not public:
        r.problem("events", "a step with no public sentence (the post would be a bare label)", "")
    if len(public) == 1 and len(public[0].split()) < 3:
        r.problem("events", "a post that is not a sentence", public[0])
    for seat in {e.seat for e in events if e.seat is not None}:
        r.read(f"private events {seat}", "\n".join(e.text for e in events if e.seat == seat))
    r.read("events", "\n".join(public))
    for text in (e.text for e in events):
        if not text.strip():
            r.problem("events", "an empty line of narration", text)
            continue
        if len(text) > EVENT_LIMIT:
            r.problem("events", f"a line over {EVENT_LIMIT} characters", text)
        if not text.rstrip().endswith((".", "!", "?")):
            r.problem("events", "a line that is not a finished sentence", text)
        if text[0].islower():
            r.problem("events", "a line that starts in lower case", text)
        if text.startswith("Reaction roll") and not MEANING.search(text):
            r.problem("events", "a reaction roll that does not say what it means", text)
        if "Game over" in text:
            r.problem("events", "the game says Game over (the bot's outcome line does)", text)


def play_and_read(
    game: Game[Any, Any], players: int, seed: int, busy: int, **options: Any
) -> Reading:
    """A seeded game: `busy` steps of the game's own players (the random player for a game
    without one), then defaults alone to the end, played for absent players as the bot plays
    them."""
    rnd = random.Random(seed)
    rng = Rng.seeded(seed)
    state = game.setup(game.make_options(players, **options), seed)
    seats = {s: player_for(game, seed * 10 + s) for s in range(len(state.seat_names))}
    r = Reading()
    for step in range(20_000):
        if game.outcome(state) is not None:
            break
        read_position(game, state, rnd, r)
        if step < busy:
            prompts = game.prompts(state)
            seat = pick_seat(prompts, rng)
            action = seats[seat](seen(game, state, seat, prompts[seat]))
        else:
            seat = min(game.prompts(state))
            action = default_action(game, state, seat)
        result = game.apply(state, seat, action, absent=step >= busy)
        read_events(result.events, r)
        state = result.state
    outcome = game.outcome(state)
    assert outcome is not None, "the game ends"
    read_position(game, state, rnd, r)
    r.read("outcome", outcome.reason)
    winners = [game.seat_name(state, s) for s in outcome.winners]
    r.read("winners", say(m("words.listing", items=winners)))
    return r


BLOC_TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"mode": "semi_cooperative"}),
    (4, {"mode": "semi_cooperative", "difficulty": "hard"}),
    (4, {"beginner": True}),
    (3, {"scenario": "occupy-everything"}),
    (4, {"scenario": "let-the-infighting-begin", "mode": "semi_cooperative"}),
    (2, {"city": "beginner", "difficulty": "medium"}),
    (4, {"highway_overpass": True}),
]


MORE_TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "bloc_by_bloc": BLOC_TABLES,
    "space_insurrection": [(3, {"specials": 1}), (4, {"specials": 2}), (5, {"specials": 1})],
}
"""Tables beyond one per player count with the default options, for games whose options
change what is said."""
BUSY = 600
"""Moves chosen by players before the defaults take over."""
LONGER = {"not_on_my_block": 3000}
"""Games whose moves are small steps, so that players reach a win before the defaults."""
STANDSTILL_BUSY = 40
"""One more table per game is soon left to defaults alone: a standstill, if the game has one."""


def games() -> list[Any]:
    """Every registered game, at each of its player counts and its extra tables."""
    found = []
    for game in sorted(REGISTRY.values(), key=lambda g: g.id):
        tables = [(n, {}) for n in game.player_counts] + MORE_TABLES.get(game.id, [])
        busy = LONGER.get(game.id, BUSY)
        for seed, (players, options) in enumerate(tables):
            found.append(pytest.param(game, players, seed, busy, options, id=f"{game.id}-{seed}"))
        seed = len(tables)
        players = game.player_counts[0]
        found.append(pytest.param(game, players, seed, STANDSTILL_BUSY, {}, id=f"{game.id}-{seed}"))
    return found


@pytest.mark.parametrize(("game", "players", "seed", "busy", "options"), games())
def test_every_line_of_a_whole_game_reads_as_english(
    game: Game[Any, Any], players: int, seed: int, busy: int, options: Any
) -> None:
    reading = play_and_read(game, players, seed, busy, **options)
    assert len(reading.lines) > 100
    assert not reading.problems, "\n".join(sorted(set(reading.problems))[:40])


def test_the_forbidden_patterns_catch_the_slips_seen_in_real_games() -> None:
    slips = [
        "Your turn: 1 action dice left.",
        "Your turn: 1 moves left across your agents.",
        "Night 1, 8 night(s) left.",
        "The Prisoners start with 1 bloc(s).",
        "Extra action dice: [2].",
        "1 riot cop attack(s) in The Park.",
        "1 riot cops from The Park advance on Supermax Prison.",
        "The Students draw 1 police ops cards.",
        "mode: semi_cooperative",
        "Value: None",
        "There is no piece called 'red9'.",
        "Red's Saboteur #2 tries to kill Blue's Saboteur #4: rolls 1 (needs 3 or less), result 3: "
        "Saboteur #4 is killed.",
        "Red's Agent #1 runs the blockade of Aldebar: rolls 2, destroyed.",
        "Movement orders: Blue write their orders in secret.",
        "Game over. Winner: Red, Blue, Yellow. The last turn is over.",
        "Game over. Winner: Red and Blue.",
    ]
    for slip in slips:
        assert any(p.search(slip) for p in FORBIDDEN.values()), slip
    assert REPEATED.search(
        "Blue: write your movement orders in secret. (write them in secret with `/game order`)"
    )
    fine = [
        "The Students play +1 Molotovs.",
        "Agent 1 moves E5 → E4.",
        "Red rep 1 moves A1 → A2 for 1 move; red has 3 left.",
        "The Workers lose 1 bloc; the Students' occupation is evicted.",
        "1 move left across your agents.",
        "Police morale: Timid (1 ops card a turn). 1 night left; the Students go first.",
        "Blue's Troops #1 attacks Red's Rebels #5: rolls 2, needs 4 or less — fails.",
        "Red's Saboteur #2 tries to kill Blue's Saboteur #4: rolls 1, needs 3 or less — success; "
        "kill table rolls 3 (1-3 killed): Saboteur #4 is killed.",
        "Red's Agent #1 runs the blockade of Aldebar: rolls 2, needs 3 or more — destroyed.",
        "Movement orders: Blue writes their orders in secret.",
        "Movement orders: Red, Blue and Yellow write their orders in secret.",
        "Blue: write your movement orders in secret. (draft them with `/game order`)",
        "Game over. Winner: Red. Shared win: Red, Blue and Yellow.",
        "The Students roll 5, 3 and 2.",
        "The Neighbors build 3 barricades: 1 toward The Park and 2 toward The Plaza.",
    ]
    for line in fine:
        assert not any(p.search(line) for p in FORBIDDEN.values()), line
        assert not REPEATED.search(line), line
