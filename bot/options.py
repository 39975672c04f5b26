"""Setup options a host can pick in the lobby, read from the game's pydantic options model.

Any option whose values form a short closed list (a Literal, an Enum or a bool) becomes a
select menu on the lobby message; `players` is never chosen, it is how many joined.
"""

from __future__ import annotations

import enum
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from bot import limits
from engine import Game


class OptionField(BaseModel):
    name: str
    description: str
    values: list[Any]
    default: Any

    def parse(self, text: str) -> Any:
        """Map the text a select menu sends back to the typed value it stands for."""
        for value in self.values:
            if _text(value) == text:
                return value
        raise ValueError(
            f"{limits.clip(text, 40)!r} is not a choice for {self.name.replace('_', ' ')}"
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
            )
        )
    return fields


def value_label(value: Any) -> str:
    text = _text(value)
    return {"True": "yes", "False": "no"}.get(text, text.replace("_", " "))
