"""Slash commands built from a game's action types, so a new game needs no bot code.

Each game gets a command group named by `Game.short_name`; each action kind becomes a subcommand
whose parameters are the action's fields. Every parameter autocompletes from the game's legal
actions for the invoking player, narrowed by the parameters already filled in, and every value
it offers is marked with the decision it was computed for (bot/table/binding.py), so a command sent
after that decision has moved on is refused instead of landing on the next one. A command with
no required parameter (a pass) gets one optional parameter more, `decision`, offering the
player's open decision itself, so that it can be bound too. Order sheets
(`OrderAction` kinds) get no command of their own: `/game order` writes them line by line and
their Submit button sends them (bot/discord/orders.py).
"""

from __future__ import annotations

import keyword
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.game_commands import GUILD_ONLY
from bot.discord.interactions import reader
from bot.table import binding, limits
from engine import ActionBase, Game, GameState, OrderAction
from engine.messages import has_key, m, say, term

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.table.model import Table

DECISION = binding.DECISION
DECISION_HELP = "bot.actions.decision_help"
"""The `decision` option's help: a catalog key, declared like a game's field descriptions."""
_RESERVED = frozenset({"callback", "interaction", "play", "Interaction"})
"""Names the generated callback uses itself, which no option may take."""
Command = app_commands.Command[Any, ..., None]
Play = Callable[["discord.Interaction[GameBot]", dict[str, str | None]], Awaitable[None]]
Callback = Callable[..., Coroutine[Any, Any, None]]


def _fields(action_type: type[ActionBase]) -> dict[str, Any]:
    return {n: f for n, f in action_type.model_fields.items() if n != "kind"}


def build_group(game: Game) -> app_commands.Group:
    group = app_commands.Group(
        name=game.short_name,
        description=app_commands.locale_str(
            say(m("core.play_game", title=game.title))[: limits.DESCRIPTION],
            key="core.play_game",
            title=game.title,
        ),
        allowed_contexts=GUILD_ONLY,
    )
    for action_type in game.action_types:
        if not issubclass(action_type, OrderAction):
            group.add_command(_build_command(game, action_type))
    return group


def _build_command(game: Game, action_type: type[ActionBase]) -> Command:
    kind: str = action_type.model_fields["kind"].default
    fields = _fields(action_type)
    described_fields = {n: (f.description or n) for n, f in fields.items()}
    optional = {n: not f.is_required() for n, f in fields.items()}
    if all(optional.values()):
        described_fields[DECISION] = DECISION_HELP
        optional[DECISION] = True

    async def play(
        interaction: discord.Interaction[GameBot], values: dict[str, str | None]
    ) -> None:
        given = {k: v for k, v in values.items() if v is not None}
        await interaction.client.turns.command(interaction, kind, given, game=game.id)

    described = app_commands.describe(
        **{n: _declared(text) for n, text in described_fields.items()}
    )(_typed_callback(kind, optional, play))
    command: Command = app_commands.Command(
        name=kind,
        description=_declared(action_type.summary or kind),
        callback=described,
    )
    for name in fields:
        command.autocomplete(name)(_autocompleter(game, kind, name))
    if DECISION in described_fields:
        command.autocomplete(DECISION)(_decisions(game, kind))
    return command


def _declared(text: str) -> app_commands.locale_str:
    """A command string a game declares: a catalog key (its English for Discord's default,
    the key for the translator's other languages), or finished text as it is."""
    english = say(term(text))[: limits.DESCRIPTION]
    return (
        app_commands.locale_str(english, key=text)
        if has_key(text)
        else app_commands.locale_str(english)
    )


def _typed_callback(kind: str, optional: dict[str, bool], play: Play) -> Callback:
    """A real function whose signature is the command's options, built from source the way
    `dataclasses` builds `__init__`: discord.py reads a command's options from its callback's
    parameters, and an action's fields are only known at run time. Every option is text, even
    a number, because a suggestion carries its decision's mark (bot/table/binding.py); an
    optional field's option may be left out (None). The function hands the options on to
    `play` by name."""
    for name in optional:
        if not name.isidentifier() or keyword.iskeyword(name) or name in _RESERVED:
            raise ValueError(f"action {kind!r}: field {name!r} cannot name a command option")
    params = ["interaction: Interaction", "*"] if optional else ["interaction: Interaction"]
    params += [f"{n}: str | None = None" if opt else f"{n}: str" for n, opt in optional.items()]
    values = ", ".join(f"{n!r}: {n}" for n in optional)
    source = (
        f"async def callback({', '.join(params)}) -> None:\n"
        f"    await play(interaction, {{{values}}})\n"
    )
    namespace: dict[str, Any] = {
        "__name__": __name__,
        "Interaction": discord.Interaction,
        "play": play,
    }
    exec(compile(source, f"<{kind} command>", "exec", dont_inherit=True), namespace)
    callback: Callback = namespace["callback"]
    return callback


async def _playing(
    interaction: discord.Interaction[GameBot], game: Game
) -> tuple[GameBot, Table, GameState, int] | None:
    """The bot, the channel's running game of `game`, its state and its log's length (the step
    each suggestion is marked with), or None when the channel plays no such game: nothing to
    suggest."""
    bot = interaction.client
    table = await bot.tables.current(interaction.channel_id or 0)
    if table is None or table.state is None or table.game.id != game.id:
        return None
    return bot, table, table.state, table.row.steps


def _autocompleter(game: Game, kind: str, focused: str) -> Any:
    async def complete(
        interaction: discord.Interaction[GameBot], current: str
    ) -> list[app_commands.Choice[str]]:
        playing = await _playing(interaction, game)
        if playing is None:
            return []
        bot, table, state, step = playing
        filled = {
            name: str(binding.bare(value))
            for name, value in vars(interaction.namespace).items()
            if name not in (focused, DECISION) and value is not None and value != ""
        }
        decisions = {s: p.decision for s, p in table.prompts().items()}
        needle = str(current).lower()
        seen: dict[Any, app_commands.Choice[str]] = {}
        for seat, action in bot.tables.legal_for(table, interaction.user.id, kind):
            values = action.model_dump()
            if any(str(values.get(k)) != v for k, v in filled.items() if k in values):
                continue
            value = values[focused]
            mark = binding.Mark(table.row.id, seat, decisions[seat], step)
            if value in seen or value == "" or not binding.fits(mark, value):
                continue  # "" means "leave this option out", which needs no suggestion
            shown = game.label_value(state, kind, focused, value)
            label = say(shown, reader(interaction)) or str(value)
            if needle and needle not in label.lower() and needle not in str(value).lower():
                continue
            seen[value] = app_commands.Choice(
                name=label[: limits.CHOICE_NAME], value=binding.bind(mark, value)
            )
            if len(seen) == limits.CHOICES:
                break
        return list(seen.values())

    return complete


def _decisions(game: Game, kind: str) -> Any:
    """The `decision` parameter's suggestions: each decision of the user's that this command
    may answer now, named as its prompt reads."""

    async def complete(
        interaction: discord.Interaction[GameBot], current: str
    ) -> list[app_commands.Choice[str]]:
        playing = await _playing(interaction, game)
        if playing is None:
            return []
        bot, table, state, step = playing
        prompts = table.prompts()
        seats = dict.fromkeys(
            seat for seat, _ in bot.tables.legal_for(table, interaction.user.id, kind)
        )
        out = []
        said = reader(interaction)
        for seat in seats:
            name = f"{state.seat_names[seat]}: {say(prompts[seat].msg, said)}"
            if str(current).lower() not in name.lower():
                continue
            mark = binding.Mark(table.row.id, seat, prompts[seat].decision, step)
            out.append(
                app_commands.Choice(
                    name=limits.clip(name, limits.CHOICE_NAME), value=binding.bind(mark, "")
                )
            )
        return out[: limits.CHOICES]

    return complete
