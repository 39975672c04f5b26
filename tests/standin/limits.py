"""Discord's documented size limits, checked on everything the bot sends.

Discord refuses a request that breaks one of these with 400 / code 50035; the stand-in records a
``Violation`` too, so a test can assert that the bot never even tried.
"""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_CUSTOM_ID = 100
MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_FILE_BYTES = 25 * 1024 * 1024
MAX_FILES = 10

Problem = tuple[str, str]

_EMBED_FIELDS = {"title": 256, "description": 4096}


def _embed_problems(embed: dict[str, Any], index: int) -> list[Problem]:
    out: list[Problem] = []
    total = 0
    for key, limit in _EMBED_FIELDS.items():
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > limit:
            out.append((f"embed.{key}", f"embed {index} {key} has {len(text)} > {limit} chars"))
    fields = embed.get("fields") or []
    if len(fields) > 25:
        out.append(("embed.fields", f"embed {index} has {len(fields)} > 25 fields"))
    for f in fields:
        name, value = f.get("name") or "", f.get("value") or ""
        total += len(name) + len(value)
        if len(name) > 256 or len(value) > 1024:
            out.append(("embed.field", f"embed {index} field {name[:30]!r} too long"))
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if len(footer) > 2048 or len(author) > 256:
        out.append(("embed.footer_author", f"embed {index} footer/author too long"))
    if total > MAX_EMBED_TOTAL:
        out.append(("embed.total", f"embed {index} has {total} > {MAX_EMBED_TOTAL} chars"))
    return out


def component_problems(components: list[dict[str, Any]]) -> list[Problem]:
    """Action rows, buttons per row, custom_id and label lengths, select option counts."""
    out: list[Problem] = []
    rows = [c for c in components if c.get("type") == 1]
    if len(rows) > MAX_ROWS:
        out.append(("components.rows", f"{len(rows)} > {MAX_ROWS} action rows"))

    def walk(items: list[dict[str, Any]], in_row: bool) -> None:
        buttons = [c for c in items if c.get("type") == 2]
        if in_row and len(buttons) > MAX_PER_ROW:
            out.append(("components.buttons_per_row", f"{len(buttons)} > {MAX_PER_ROW} in a row"))
        for item in items:
            cid = item.get("custom_id")
            if cid is not None and len(cid) > MAX_CUSTOM_ID:
                out.append(("custom_id", f"{len(cid)} > {MAX_CUSTOM_ID} chars: {cid[:40]}..."))
            label = item.get("label") or ""
            if item.get("type") == 2 and len(label) > MAX_BUTTON_LABEL:
                out.append(("button.label", f"{len(label)} > {MAX_BUTTON_LABEL} chars"))
            options = item.get("options")
            if isinstance(options, list) and len(options) > MAX_SELECT_OPTIONS:
                out.append(("select.options", f"{len(options)} > {MAX_SELECT_OPTIONS} options"))
            children = item.get("components") or []
            walk(children, in_row=item.get("type") == 1)
            accessory = item.get("accessory")
            if isinstance(accessory, dict):
                walk([accessory], in_row=False)

    walk(components, in_row=False)
    ids = [c["custom_id"] for c in _flatten(components) if "custom_id" in c]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        out.append(("custom_id.duplicate", f"custom_ids used twice: {dupes}"))
    return out


def _flatten(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in items:
        out.append(item)
        out.extend(_flatten(item.get("components") or []))
        if isinstance(item.get("accessory"), dict):
            out.append(item["accessory"])
    return out


def message_problems(body: dict[str, Any], file_sizes: list[tuple[str, int]]) -> list[Problem]:
    """Everything checked on a message create/edit body plus its uploaded files."""
    out: list[Problem] = []
    content = body.get("content") or ""
    if len(content) > MAX_CONTENT:
        out.append(("content", f"{len(content)} > {MAX_CONTENT} chars"))
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        out.append(("embeds", f"{len(embeds)} > {MAX_EMBEDS} embeds"))
    for i, embed in enumerate(embeds):
        out.extend(_embed_problems(embed, i))
    out.extend(component_problems(body.get("components") or []))
    if len(file_sizes) > MAX_FILES:
        out.append(("files", f"{len(file_sizes)} > {MAX_FILES} files"))
    for name, size in file_sizes:
        if size > MAX_FILE_BYTES:
            out.append(("file.size", f"{name} is {size} > {MAX_FILE_BYTES} bytes"))
    return out


def choice_problems(choices: list[dict[str, Any]]) -> list[Problem]:
    """Autocomplete results: at most 25, names and string values at most 100 chars."""
    out: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        out.append(("autocomplete.choices", f"{len(choices)} > {MAX_CHOICES} choices"))
    for c in choices:
        name, value = str(c.get("name", "")), c.get("value")
        if not 1 <= len(name) <= MAX_CHOICE_TEXT:
            out.append(("autocomplete.name", f"choice name length {len(name)}: {name[:40]!r}"))
        if isinstance(value, str) and len(value) > MAX_CHOICE_TEXT:
            out.append(("autocomplete.value", f"choice value length {len(value)}"))
    return out


def modal_problems(data: dict[str, Any]) -> list[Problem]:
    """A modal: title at most 45 chars, custom_ids and rows as for messages."""
    out: list[Problem] = []
    title = data.get("title") or ""
    if len(title) > 45:
        out.append(("modal.title", f"{len(title)} > 45 chars"))
    cid = data.get("custom_id") or ""
    if len(cid) > MAX_CUSTOM_ID:
        out.append(("custom_id", f"modal custom_id {len(cid)} > {MAX_CUSTOM_ID} chars"))
    out.extend(component_problems(data.get("components") or []))
    return out
