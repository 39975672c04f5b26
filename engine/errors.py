"""The one error the rules raise: kept apart so that every engine module can refuse an action
without importing the contract that builds on them."""

from __future__ import annotations

import enum
import logging
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from engine.messages import Msg, has_key, m, say
from engine.words import quoted

log = logging.getLogger(__name__)


class IllegalAction(ValueError):
    """An action the rules refuse. `msg` says why, for the player who tried it, in whatever
    language the client shows it; `str()` of the error is the English, for logs and tests."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(msg)

    def __str__(self) -> str:
        # Said when read, not when raised: listing legal actions refuses thousands of
        # candidates that nobody reads, and saying each took a tenth of a search's playouts.
        return say(self.msg)


LIMITS = {
    "greater_than_equal": ("core.problem.at_least", "ge"),
    "less_than_equal": ("core.problem.at_most", "le"),
    "greater_than": ("core.problem.more_than", "gt"),
    "less_than": ("core.problem.less_than", "lt"),
    "string_too_long": ("core.problem.longest", "max_length"),
    "string_too_short": ("core.problem.shortest", "min_length"),
    "too_long": ("core.problem.most_items", "max_length"),
    "too_short": ("core.problem.fewest_items", "min_length"),
}
"""Validation errors about a bound: the catalog entry that names it, and where pydantic keeps it."""
KINDS = {
    "int_parsing": "core.problem.whole_number",
    "int_type": "core.problem.whole_number",
    "int_from_float": "core.problem.whole_number",
    "float_parsing": "core.problem.number",
    "float_type": "core.problem.number",
    "bool_parsing": "core.problem.yes_or_no",
    "bool_type": "core.problem.yes_or_no",
    "string_type": "core.problem.text",
    "missing": "core.problem.missing",
    "extra_forbidden": "core.problem.unknown_field",
}
"""Validation errors about what kind of value was given: the catalog entry for each."""


def readable(exc: ValidationError, model: type[BaseModel] | None = None) -> Msg:
    """Validation errors as a player reads them, in the project's words (pydantic's own are
    English), one `explained` after another."""
    parts = [explained(err, model) for err in exc.errors()]
    said = parts[0]
    for part in parts[1:]:
        said = m("core.problems", first=said, then=part)
    return said


def explained(err: ErrorDetails, model: type[BaseModel] | None = None) -> Msg:
    """One validation error: which field (by its title, when `model` declares one in the
    catalogs), what is wrong with it and the bound or the choices it takes, repeating at most
    a short excerpt of what was typed, never a Python repr. A validator that refuses with a
    message (`IllegalAction`) is heard in its own words."""
    names = [str(p) for p in err["loc"] if not isinstance(p, int)]
    ctx = err.get("ctx", {})
    if err["type"] == "union_tag_invalid":
        tags = str(ctx.get("expected_tags", "")).replace("'", "")
        return m("core.no_such_action", typed=quoted(ctx.get("tag")), choices=tags)
    problem = wrong(err, model)
    if not names:
        return m("core.invalid", problem=problem)
    return m("core.invalid_field", field=_field(names, _info(names, model)), problem=problem)


def _info(names: list[str], model: type[BaseModel] | None) -> FieldInfo | None:
    return model.model_fields.get(names[0]) if model is not None and names else None


def wrong(err: ErrorDetails, model: type[BaseModel] | None = None) -> Msg:
    """What is wrong with one field's value (`explained` without naming the field)."""
    names = [str(p) for p in err["loc"] if not isinstance(p, int)]
    info = _info(names, model)
    kind, ctx, given = err["type"], err.get("ctx", {}), err.get("input")
    if kind in LIMITS:
        key, bound = LIMITS[kind]
        limit = ctx.get(bound)
        return m(key, limit=f"{limit:g}" if isinstance(limit, float) else str(limit))
    if kind in ("literal_error", "enum"):
        return m("core.problem.one_of", typed=quoted(given), choices=_choices(ctx, info))
    if kind == "value_error" and isinstance(ctx.get("error"), IllegalAction):
        return ctx["error"].msg
    if kind in KINDS:
        return m(KINDS[kind], typed=quoted(given))
    log.warning("a validation error with no words of its own: %s", kind)
    return m("core.problem.other")


def _choices(ctx: dict[str, Any], info: FieldInfo | None) -> list[Msg]:
    """The values a field takes, each by the name its model gives it (`labels`, catalog keys,
    as the lobby shows them), else in words."""
    annotation = info.annotation if info is not None else None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        values = [str(member.value) for member in annotation]
    elif get_origin(annotation) is Literal:
        values = [str(value) for value in get_args(annotation)]
    else:  # pydantic's own list: "'a', 'b' or 'c'", "2, 3 or 4"
        listed = str(ctx.get("expected", "")).replace(" or ", ", ")
        values = [value.strip().strip("'") for value in listed.split(", ") if value.strip()]
    extra = info.json_schema_extra if info is not None else None
    labels = extra.get("labels") if isinstance(extra, dict) else None
    named = labels if isinstance(labels, dict) else {}
    return [
        m(str(named[v])) if v in named and has_key(str(named[v])) else m("core.name", name=v)
        for v in values
    ]


def _field(names: list[str], info: FieldInfo | None) -> Msg:
    """A field as a player knows it: the option's title when its description names a catalog
    entry that has one (`<description>.title`), else its name in words."""
    title = f"{info.description}.title" if info is not None and info.description else ""
    if title and has_key(title):
        return m(title)
    return m("core.name", name=" ".join(names).replace("_", " "))
