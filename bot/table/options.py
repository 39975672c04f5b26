"""Setup options a host can pick in the lobby, read from the game's pydantic options model.

Any option whose values form a short closed list (a Literal, an Enum or a bool) becomes a
select menu on the lobby message; `players` is never chosen, it is how many joined. A value is
shown by the name the options model gives it (`json_schema_extra={"labels": {...}}` on the
field), and stored as its id.

Options are checked against the seats taken, never against a table size nobody has joined
for: a choice Start would refuse is refused when it is made, and when a join or a leave makes
the chosen options refuse the new count, the fewest of them go back to their defaults and the
lobby says so (`fit`). Those refusals and notes are catalog messages (`bot.options.*`); the
game's own reason comes as the game words it.
"""

from __future__ import annotations

import enum
from itertools import combinations
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from bot.table import limits
from engine import Game, IllegalAction
from engine.messages import ENGLISH, Arg, Msg, has_key, m, say, term
from engine.words import quoted


class OptionField(BaseModel):
    name: str
    description: str
    values: list[Any]
    default: Any
    labels: dict[str, str] = {}
    """Each value's name as a host reads it, by the value's text."""

    @property
    def title(self) -> Msg:
        """The option's name: the entry `<description key>.title` when the game's catalog has
        one, else its field's name in words."""
        if has_key(f"{self.description}.title"):
            return Msg(key=f"{self.description}.title")
        return m("core.name", name=self.name.replace("_", " ").capitalize())

    def title_in(self, language: str) -> str:
        """`title` in `language`."""
        return say(self.title, language)

    def described(self, language: str = ENGLISH) -> str:
        """What the option does, in `language` (the field's description is a catalog key)."""
        return say(term(self.description), language)

    def named(self, value: Any) -> Msg:
        """`value` by the name the options model gives it (a catalog key), else in words
        (`value_named`)."""
        named = self.labels.get(_text(value))
        return term(named) if named else value_named(value)

    def label(self, value: Any, language: str = ENGLISH) -> str:
        """`named` in `language`."""
        return say(self.named(value), language)

    def parse(self, text: str) -> Any:
        """Map the text a select menu (or a host typing `/game option`) sends back to the typed
        value it stands for; anything else is refused, naming the option and its choices."""
        for value in self.values:
            if _text(value) == text:
                return value
        choices = [self.named(value) for value in self.values]
        raise IllegalAction(
            m("bot.options.not_a_choice", typed=quoted(text), option=self.title, choices=choices)
        )


def _text(value: Any) -> str:
    return str(value.value if isinstance(value, enum.Enum) else value)


def _values(annotation: Any) -> list[Any] | None:
    if annotation is bool:
        return [True, False]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [m.value for m in annotation]
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    return None


def _labels(extra: Any) -> dict[str, str]:
    labels = extra.get("labels") if isinstance(extra, dict) else None
    return {str(k): str(v) for k, v in labels.items()} if isinstance(labels, dict) else {}


def option_fields(game: Game) -> list[OptionField]:
    fields = []
    for name, info in game.options_type.model_fields.items():
        values = _values(info.annotation)
        if name == "players" or not values or len(values) > limits.CHOICES:
            continue
        fields.append(
            OptionField(
                name=name,
                description=info.description or name.replace("_", " "),
                values=values,
                default=info.get_default(call_default_factory=True),
                labels=_labels(info.json_schema_extra),
            )
        )
    return fields


def value_named(value: Any) -> Msg:
    """A value the options model gives no name: yes or no, or its id in words."""
    if isinstance(value, bool):
        return m("bot.options.yes" if value else "bot.options.no")
    words = _text(value).replace("_", " ")
    return m("core.name", name=words[:1].upper() + words[1:])


def value_label(value: Any, language: str = ENGLISH) -> str:
    """`value_named` in `language`."""
    return say(value_named(value), language)


def option_label(game: Game, name: str, value: Any, language: str = ENGLISH) -> str:
    """ "Mode: Semi-cooperative": one chosen option as the lobby lists it."""
    field = next((f for f in option_fields(game) if f.name == name), None)
    if field is None:
        return f"{name.replace('_', ' ').capitalize()}: {value_label(value, language)}"
    return f"{field.title_in(language)}: {field.label(value, language)}"


def counted_players(game: Game, seated: int) -> int:
    """The table size options are checked for: the seats taken, or while too few (or an
    unplayable number) have joined, the next size the game can start with."""
    playable = sorted(game.player_counts)
    return next((n for n in playable if n >= seated), playable[-1])


def check(game: Game, options: dict[str, Any], seated: int) -> None:
    """Refuse options Start would refuse with `seated` players, in the game's own words."""
    game.make_options(players=counted_players(game, seated), **options)


def refusal(game: Game, options: dict[str, Any], seated: int, reason: Msg) -> Msg:
    """Why a choice is refused, and, when a table of another size could play it, when it may
    be chosen: options go by the players seated now."""
    fits: list[int] = []
    for count in sorted(game.player_counts):
        try:
            game.make_options(players=count, **options)
        except IllegalAction:
            continue
        fits.append(count)
    if not fits:
        return m("bot.options.clash", reason=reason)
    when: Arg = fits[0]
    for count in fits[1:]:
        when = m("bot.present.counts_or", head=when, last=count)
    counted = counted_players(game, seated)
    return m("bot.options.seated", reason=reason, counted=counted, fits=when)


def fit(game: Game, options: dict[str, Any], seated: int) -> tuple[dict[str, Any], Msg | None]:
    """The options that go with `seated` players, and what had to change to get them.

    The fewest chosen options go back to their defaults, the latest chosen first among
    equals; the note names the reason and each reset, for the lobby message. Unchanged
    options come back with no note.
    """
    try:
        check(game, options, seated)
        return options, None
    except IllegalAction as exc:
        reason = exc.msg
    fields = {f.name: f for f in option_fields(game)}
    chosen = [k for k in reversed(options) if k not in fields or options[k] != fields[k].default]
    for size in range(1, len(chosen) + 1):
        for dropped in combinations(chosen, size):
            kept = {k: v for k, v in options.items() if k not in dropped}
            try:
                check(game, kept, seated)
            except IllegalAction:
                continue
            return kept, _reset_note(reason, [fields.get(k) for k in dropped])
    return {}, _reset_note(reason, list(fields.values()))


def _reset_note(reason: Msg, reset: list[OptionField | None]) -> Msg:
    back = [
        m("bot.options.back_to", option=f.title, value=f.named(f.default))
        for f in reset
        if f is not None
    ]
    if not back:
        return reason
    note = back[-1]
    for earlier in reversed(back[:-1]):
        note = m("bot.options.and", first=earlier, rest=note)
    return m("bot.options.reset", reason=reason, back=note)
