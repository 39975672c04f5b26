"""Secret order sheets: written line by line with `/game order`, read back with `/game orders`,
and sent all at once with the **Submit orders** button. Works for any game whose prompt carries
an `OrderSheet`.

A draft is its player's alone: every answer here is ephemeral, drafts live in the store (they
survive restarts) bound to the decision they were written for, and nothing is posted, edited or
scheduled in the channel while someone writes. Only a submission goes through the play path
(`Tables.act` in the channel lock, then publication), so the channel hears exactly what the game
tells: who has submitted, and everything once the last seat has.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.buttons import orders_view
from bot.discord.interactions import REFUSAL, answer, handling, reader
from bot.discord.plays import plays
from bot.store.models import LoggedAction
from bot.table import binding, limits
from bot.table.model import PlayerError, Table
from bot.table.tables import NO_GAME
from engine import (
    Game,
    IllegalAction,
    OrderAction,
    OrderLine,
    OrderOption,
    OrderSheet,
    Prompt,
    history,
)
from engine.messages import ENGLISH, Msg, Said, m, say
from engine.sheets import encode_orders
from engine.words import quoted

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.discord.turns import Turns
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables

ORDER_FOR = m("bot.orders.order_for")
"""How an order line bound to a sheet that moved on is named (`binding.stale`)."""
SHEET_FOR = m("bot.orders.sheet_for")
"""How a sheet picked for `/game orders` that has moved on is named (`binding.stale`)."""
SHEET_HELP = "Which of your sheets (from the list), so a repeat cannot reach a later sheet"
"""The `/game orders` option's help (a command declaration: the translator says it)."""
SUBMITTED = m("bot.orders.submitted")
NAMED = 6
"""Options named in a refusal before "and N more"."""
PANELS = 12
"""Seats one `/game orders` answer shows: two buttons each, within Discord's 25."""


@dataclass
class Draft:
    """One seat's open order sheet with what its player has written on it so far."""

    seat: int
    name: Msg
    """The seat's name, said in whoever reads the draft's language."""
    decision: int
    sheet: OrderSheet
    lines: dict[str, str]
    """Line key to value: only lines written, open and set to one of their options."""

    @property
    def digest(self) -> str:
        """A short fingerprint of the submission this draft would make: a Submit button shown
        with one draft never sends another."""
        text = encode_orders(self.sheet.written(self.lines))
        return hashlib.sha1(text.encode()).hexdigest()[:8]

    def value(self, line: OrderLine) -> OrderOption:
        """What the line says now: its written option, else its first (the default)."""
        if not line.locked:
            chosen = self.lines.get(line.key)
            for option in line.options:
                if option.value == chosen:
                    return option
        return line.options[0]


def cleaned(sheet: OrderSheet, lines: dict[str, str]) -> dict[str, str]:
    """The stored lines that still fit the sheet: open lines, set to one of their options."""
    kept = {}
    for key, value in lines.items():
        line = sheet.line(key)
        if line is not None and not line.locked and value in {o.value for o in line.options}:
            kept[key] = value
    return kept


def open_sheets(table: Table, user_id: int) -> list[tuple[int, Prompt, OrderSheet]]:
    """The user's seats with an order sheet open now, with its prompt."""
    if table.state is None or table.row.status != "active":
        return []
    prompts = table.prompts()
    found = []
    for seat in table.seats_of(user_id):
        prompt = prompts.get(seat)
        if prompt is not None and prompt.sheet is not None:
            found.append((seat, prompt, prompt.sheet))
    return found


def _named(label: Msg, language: str) -> set[str]:
    """A label as a player may type it: in their language or in English, folded."""
    return {say(label, language).casefold(), say(label, ENGLISH).casefold()}


def find_line(sheet: OrderSheet, unit: str, language: str = ENGLISH) -> OrderLine | None:
    """The line a player named: by its key (what autocomplete fills in), or by its label in
    the player's `language` or in English."""
    line = sheet.line(unit)
    if line is not None:
        return line
    wanted = unit.strip().casefold()
    return next((line for line in sheet.lines if wanted in _named(line.label, language)), None)


def find_option(line: OrderLine, to: str, language: str = ENGLISH) -> OrderOption | None:
    """The option a player named: by its value, or by its label in their `language` or in
    English."""
    wanted = to.strip().casefold()
    for same in (
        lambda o: o.value == to,
        lambda o: wanted == o.value.casefold() or wanted in _named(o.label, language),
    ):
        option = next((o for o in line.options if same(o)), None)
        if option is not None:
            return option
    return None


def short_list(labels: list[Msg], language: str) -> Msg:
    """At most `NAMED` labels said in `language`, and how many more there are."""
    shown = ", ".join(say(label, language) for label in labels[:NAMED])
    more = len(labels) - NAMED
    return m("bot.orders.and_more", shown=shown, n=more) if more > 0 else m("core.name", name=shown)


def submitted(game: Game, moves: list[LoggedAction], seats: list[int], kind: str) -> bool:
    """Whether one of `seats` already handed in a sheet of `kind` in the round still open: its
    latest move is that submission, and every move since is another seat's sheet of the same
    kind (anything else would have closed the round and opened a new one)."""
    for entry in reversed(moves):
        try:
            action = game.parse_action(entry.action)
        except IllegalAction:
            return False
        if not isinstance(action, OrderAction) or action.kind != kind:
            return False
        if entry.seat in seats:
            return True
    return False


def nothing_open(table: Table, seats: list[int], moves: list[LoggedAction], language: str) -> Msg:
    """Why the user has no orders to write now, in the words that fit the table: they already
    submitted, nothing of theirs is asked this round, or the game is not taking orders.
    `language` is the asker's, in which they are named "you" among the others."""
    assert table.state is not None
    if table.row.status != "active":
        return m("bot.orders.game_over")
    if not any(issubclass(t, OrderAction) for t in table.game.action_types):
        return m("bot.orders.no_orders_game", game=table.game.title)
    prompts = table.prompts()
    sheets = {s: p.sheet for s, p in prompts.items() if p.sheet is not None and s not in seats}
    if sheets:
        waiting = short_list([table.game.seat_name(table.state, s) for s in sheets], language)
        kind = next(iter(sheets.values())).kind
        if submitted(table.game, moves, seats, kind):
            return m("bot.orders.already_submitted", waiting=waiting, n=len(sheets))
        return m("bot.orders.none_of_yours", waiting=waiting)
    if not prompts:
        return m("bot.orders.not_taking")
    you = m("bot.orders.you")
    named = [you if s in seats else table.game.seat_name(table.state, s) for s in prompts]
    waiting = short_list(named, language)
    return m("bot.orders.not_taking_waits", waiting=waiting)


def draft_text(draft: Draft, language: str) -> str:
    """Every line of a draft with what it says now; unwritten lines show their default."""
    out = [f"📝 **{say(draft.name, language)}: {say(draft.sheet.title, language)}**"]
    for line in draft.sheet.lines:
        option = draft.value(line)
        if line.locked:
            said = m("bot.orders.line.declared", line=line.label, value=option.label)
        elif line.key in draft.lines and option is not line.options[0]:
            said = m("bot.orders.line.written", line=line.label, value=option.label)
        else:
            said = m("bot.orders.line.default", line=line.label, value=option.label)
        out.append(say(said, language))
    return "\n".join(out)


def panel(
    table: Table, drafts: list[Draft], language: str, note: Msg | None = None
) -> tuple[Said, discord.ui.View]:
    """The private answer showing drafts, with each one's Submit and Clear buttons, in the
    player's `language`."""
    drafts = drafts[:PANELS]
    parts = [] if note is None else [say(note, language)]
    parts += [draft_text(d, language) for d in drafts]
    parts.append(say(m("bot.orders.only_you"), language))
    several = len(drafts) > 1
    view = orders_view(
        table.row.id,
        [(d.seat, d.decision, d.digest, say(d.name, language) if several else "") for d in drafts],
        language,
    )
    text = "\n\n".join(parts)
    if len(text) > limits.MESSAGE:
        text = limits.clip(text, limits.MESSAGE)
    return Said(text), view


class Orders:
    def __init__(self, tables: Tables, store: GameStore, turns: Turns) -> None:
        self.tables = tables
        self.store = store
        self.turns = turns
        """Answers a submission as it answers any move."""

    async def draft(self, table: Table, seat: int, prompt: Prompt, sheet: OrderSheet) -> Draft:
        assert table.state is not None
        stored = await self.store.draft(table.row.id, seat, prompt.decision)
        return Draft(
            seat=seat,
            name=table.game.seat_name(table.state, seat),
            decision=prompt.decision,
            sheet=sheet,
            lines=cleaned(sheet, stored),
        )

    async def _mine(
        self, table: Table, user_id: int, language: str
    ) -> list[tuple[int, Prompt, OrderSheet]]:
        """The user's open sheets, or the refusal that says why there are none."""
        if table.state is None:
            raise PlayerError(m("bot.orders.not_started"))
        seats = table.seats_of(user_id)
        if not seats:
            raise PlayerError(m("bot.orders.not_playing"))
        mine = open_sheets(table, user_id)
        if not mine:
            moves = history.moves(await self.store.action_log(table.row.id))
            raise PlayerError(nothing_open(table, seats, moves, language))
        return mine

    async def _line(
        self, table: Table, user_id: int, unit: str, seat: int | None, language: str
    ) -> tuple[int, Prompt, OrderSheet, OrderLine]:
        """The line named, on the sheet of `seat` when the values were offered for it."""
        assert table.state is not None
        mine = [s for s in await self._mine(table, user_id, language) if seat in (None, s[0])]
        for seat, prompt, sheet in mine:
            line = find_line(sheet, unit, language)
            if line is not None:
                return seat, prompt, sheet, line
        for seat, prompt in table.prompts().items():
            theirs = None if prompt.sheet is None else find_line(prompt.sheet, unit, language)
            if theirs is not None:
                raise PlayerError(
                    m(
                        "bot.orders.theirs",
                        line=theirs.label,
                        seat=table.game.seat_name(table.state, seat),
                    )
                )
        labels: list[Msg] = [line.label for _, _, sheet in mine for line in sheet.lines]
        yours = short_list(labels, language)
        raise PlayerError(m("bot.orders.no_such_unit", unit=quoted(unit), yours=yours))

    # ----- /game order, /game orders ------------------------------------------------------
    async def order(self, interaction: discord.Interaction[GameBot], unit: str, to: str) -> None:
        """Set one line of the invoking player's open sheet and show the whole draft. It is
        written in the channel's lock, so a Submit in progress sees the final draft."""
        channel_id = interaction.channel_id or 0
        user_id = interaction.user.id
        async with plays(interaction) as play:
            mark, values = binding.unbind({"unit": unit, "to": to})
            unit, to = values["unit"], values["to"]
            refused = await self._stale(
                play.found, channel_id, user_id, mark, ORDER_FOR, play.language
            )
            if refused is not None:
                play.reply(refused)
                return
            table = play.table
            seat = None if mark is None else mark.seat
            seat, prompt, sheet, line = await self._line(table, user_id, unit, seat, play.language)
            if line.locked:
                raise PlayerError(
                    m("bot.orders.declared", line=line.label, value=line.options[0].label)
                )
            option = find_option(line, to, play.language)
            if option is None:
                may = short_list([o.label for o in line.options], play.language)
                raise PlayerError(
                    m("bot.orders.cannot_go", line=line.label, to=quoted(to), may=may)
                )
            draft = await self.draft(table, seat, prompt, sheet)
            if option is line.options[0]:
                draft.lines.pop(line.key, None)
            else:
                draft.lines[line.key] = option.value
            await self.store.put_draft(table.row.id, seat, prompt.decision, draft.lines)
            written = m("bot.orders.written", line=line.label, value=option.label)
            play.reply(*panel(table, [draft], play.language, written))

    async def _stale(
        self,
        table: Table | None,
        channel_id: int,
        user_id: int,
        mark: binding.Mark | None,
        what: Msg,
        language: str,
    ) -> Msg | None:
        """Why a value marked for an older sheet no longer counts, or None when it still does
        (or carries no mark: typed by hand, it is checked against the sheet open now);
        `table` is the channel's game, `language` its player's."""
        if mark is None:
            return None
        return await binding.stale(self.store, table, channel_id, user_id, mark, language, what)

    async def show(
        self, interaction: discord.Interaction[GameBot], chosen: str | None = None
    ) -> None:
        """Every open sheet of the invoking player, with what is written on it; only the sheet
        `chosen` names when it was picked from autocomplete, or why that sheet is gone."""
        channel_id = interaction.channel_id or 0
        user_id = interaction.user.id
        async with handling(interaction):
            mark = binding.read(chosen)[0] if chosen else None
            found = await self.tables.current(channel_id)
            refused = await self._stale(
                found, channel_id, user_id, mark, SHEET_FOR, reader(interaction)
            )
            if refused is not None:
                await answer(interaction, refused)
                return
            if found is None:
                raise PlayerError(NO_GAME)
            table = found
            said = reader(interaction)
            drafts = [
                await self.draft(table, seat, prompt, sheet)
                for seat, prompt, sheet in await self._mine(table, user_id, said)
                if mark is None or seat == mark.seat
            ]
            text, view = panel(table, drafts, said)
            await answer(interaction, text, view=view)

    # ----- the Submit and Clear buttons --------------------------------------------------
    async def pressed(
        self,
        interaction: discord.Interaction[GameBot],
        game_id: int,
        seat: int,
        decision: int,
        digest: str,
        op: str,
    ) -> None:
        """Submit or clear the draft exactly as it was shown with the button, or nothing."""
        user_id = interaction.user.id
        async with plays(interaction, game_id=game_id, in_place=True) as play:
            table = play.table
            if table.state is None or seat >= len(table.state.seat_names):
                raise PlayerError(SUBMITTED)
            name = table.game.seat_name(table.state, seat)
            if table.holder(seat) != user_id:
                raise PlayerError(
                    m("bot.orders.not_yours", seat=name, holder=f"<@{table.holder(seat)}>")
                )
            prompt = table.prompts().get(seat) if table.row.status == "active" else None
            if prompt is None or prompt.sheet is None or prompt.decision != decision:
                raise PlayerError(SUBMITTED)
            draft = await self.draft(table, seat, prompt, prompt.sheet)
            note: Msg
            if draft.digest != digest:
                note = m("bot.orders.changed")
            elif op == "clear":
                await self.store.put_draft(game_id, seat, decision, {})
                draft.lines = {}
                note = m("bot.orders.cleared")
            else:
                try:
                    move = await self.tables.act(
                        table, user_id, prompt.sheet.submission(draft.lines), seat
                    )
                except IllegalAction as exc:
                    why = limits.clip(say(exc.msg, play.language), REFUSAL)
                    note = m("bot.orders.refused", why=why)
                else:  # the draft went with the move, in its transaction
                    told = draft_text(draft, play.language).removeprefix("📝 ")
                    self.turns.told(play, move, m("bot.orders.sent", sheet=told))
                    return
            play.reply(*panel(table, [draft], play.language, note))


# ----- autocomplete ---------------------------------------------------------------------------
async def unit_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    """The lines of the player's open sheets, each with what it says now."""
    bot = interaction.client
    table = await bot.tables.current(interaction.channel_id or 0)
    if table is None or table.state is None:
        return []
    mine = open_sheets(table, interaction.user.id)
    needle = str(current).casefold()
    found: list[app_commands.Choice[str]] = []
    step = table.row.steps
    for seat, prompt, sheet in mine:
        mark = binding.Mark(table.row.id, seat, prompt.decision, step)
        draft = await bot.orders.draft(table, seat, prompt, sheet)
        for line in sheet.lines:
            key = "bot.orders.choice.declared" if line.locked else "bot.orders.choice.line"
            name = say(m(key, line=line.label, value=draft.value(line).label), reader(interaction))
            if len(mine) > 1:
                name = f"{say(draft.name, reader(interaction))} · {name}"
            choice = _suggested(mark, needle, name, line.key)
            if choice is not None:
                found.append(choice)
    return found[: limits.CHOICES]


def _suggested(
    mark: binding.Mark, needle: str, name: str, value: str
) -> app_commands.Choice[str] | None:
    """A suggestion bound to `mark`, if what was typed (`needle`, folded) is in its name or its
    value and the bound value fits Discord's limit."""
    if needle and needle not in name.casefold() and needle not in value.casefold():
        return None
    if not binding.fits(mark, value):
        return None
    return app_commands.Choice(
        name=limits.clip(name, limits.CHOICE_NAME), value=binding.bind(mark, value)
    )


async def to_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    """Where the chosen line may go (what it may be told to do), its present value marked."""
    bot = interaction.client
    table = await bot.tables.current(interaction.channel_id or 0)
    bound, named = binding.lenient(getattr(interaction.namespace, "unit", "") or "")
    unit = str(named)
    if table is None or table.state is None or not unit:
        return []
    needle = str(current).casefold()
    step = table.row.steps
    language = reader(interaction)
    for seat, prompt, sheet in open_sheets(table, interaction.user.id):
        line = find_line(sheet, unit, language)
        if line is None or (bound is not None and bound.seat != seat):
            continue
        mark = binding.Mark(table.row.id, seat, prompt.decision, step)
        now = (await bot.orders.draft(table, seat, prompt, sheet)).value(line)
        found = []
        for option in line.options:
            shown = (
                m("bot.orders.choice.now", value=option.label) if option is now else option.label
            )
            name = say(shown, language)
            choice = _suggested(mark, needle, name, option.value)
            if choice is not None:
                found.append(choice)
        return found[: limits.CHOICES]
    return []


async def sheet_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    """The player's open sheets by title, each bound to its decision: `/game orders` sent again
    after that sheet was submitted then says so instead of showing the next one."""
    bot = interaction.client
    table = await bot.tables.current(interaction.channel_id or 0)
    if table is None or table.state is None:
        return []
    step = table.row.steps
    found = []
    for seat, prompt, sheet in open_sheets(table, interaction.user.id):
        said = reader(interaction)
        seat_name = say(table.game.seat_name(table.state, seat), said)
        name = f"{seat_name}: {say(sheet.title, said)}"
        if str(current).casefold() in name.casefold():
            mark = binding.Mark(table.row.id, seat, prompt.decision, step)
            value = binding.bind(mark, "")
            found.append(
                app_commands.Choice(name=limits.clip(name, limits.CHOICE_NAME), value=value)
            )
    return found[: limits.CHOICES]
