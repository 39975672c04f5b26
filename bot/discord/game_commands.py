"""`/game ...`: everything that is the same whatever game the channel plays."""

from __future__ import annotations

import zoneinfo
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import computer_seats, orders, record_commands, spectate_commands
from bot.discord.interactions import answer, handling, reader
from bot.discord.permissions import POSTING, missing_permissions, named_permissions
from bot.table import limits, present
from bot.table.model import PlayerError
from bot.table.options import OptionField, option_fields
from bot.table.pace import Pace, bounds, language_name
from bot.table.speech import in_channel
from bot.table.tables import NO_GAME
from engine.games import REGISTRY
from engine.messages import Msg, Said, languages, m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot

HOW_TO_PLAY = m("bot.commands.how_to_play_here")
GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
"""Games live in server channels and threads: every command group declares it (`contexts`)."""


async def game_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    needle = current.lower()
    return [
        app_commands.Choice(name=game.title, value=game.id)
        for game in REGISTRY.values()
        if needle in game.title.lower() or needle in game.id
    ][: limits.CHOICES]


async def _lobby_fields(interaction: discord.Interaction[GameBot]) -> list[OptionField]:
    table = await interaction.client.tables.current(interaction.channel_id or 0)
    if table is None or table.row.status != "lobby":
        return []
    return option_fields(table.game)


async def option_name_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(
            name=f"{f.name.replace('_', ' ')}: {f.described(reader(interaction))}"[
                : limits.CHOICE_NAME
            ],
            value=f.name,
        )
        for f in await _lobby_fields(interaction)
        if current.lower() in f.name
    ][: limits.CHOICES]


async def option_value_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    chosen = interaction.namespace.name
    field = next((f for f in await _lobby_fields(interaction) if f.name == chosen), None)
    if field is None:
        return []
    return [
        app_commands.Choice(
            name=field.label(v)[: limits.CHOICE_NAME], value=str(v)[: limits.CHOICE_NAME]
        )
        for v in field.values
        if current.lower() in f"{v} {field.label(v)}".lower()
    ][: limits.CHOICES]


def subcommand_names(group: app_commands.Group) -> dict[str, list[str]]:
    """Each group's subcommands by the group's full name ("game", "game table")."""
    names: dict[str, list[str]] = {}
    for command in group.walk_commands():
        if isinstance(command, app_commands.Command):
            parent, _, name = command.qualified_name.rpartition(" ")
            names.setdefault(parent, []).append(name)
    return names


PACE = Pace.model_fields
PACE_HELP = {name: field.description or name for name, field in PACE.items()}
"""Each pace setting's option help: its field's description."""

RemindAfter = app_commands.Range[float, *bounds("remind_after")]
RemindEvery = app_commands.Range[float, *bounds("remind_every")]
Reminders = app_commands.Range[int, *bounds("reminders")]
TurnLimit = app_commands.Range[float, *bounds("turn_limit")]
VacationDays = app_commands.Range[int, *bounds("vacation_days")]
PingGrace = app_commands.Range[int, *bounds("ping_grace_minutes")]
"""`/game settings` numbers with the bounds `Pace` declares, so Discord shows and enforces
them; the bot still refuses out-of-range values itself, in its own words (`pace.refusal`)."""

ZONES = sorted(zoneinfo.available_timezones())

LANGUAGES = [app_commands.Choice(name=language_name(code), value=code) for code in languages()]
"""The languages the bot speaks, each named in itself, so anyone finds their own."""
CLIENT = "client"
"""The `/game me` language that follows the person's Discord client."""


async def timezone_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    needle = current.lower().replace(" ", "_")
    return [app_commands.Choice(name=z, value=z) for z in ZONES if needle in z.lower()][
        : limits.CHOICES
    ]


class TableCommands(app_commands.Group, name="table", description="Steer the whole table"):
    @app_commands.command(name="pause", description="Stop reminders and limits (host)")
    async def pause(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.table_op(interaction, "pause")

    @app_commands.command(name="resume", description="Start reminders and limits again (host)")
    async def resume(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.table_op(interaction, "resume")

    @app_commands.command(
        name="force", description="Play the default for everyone the table waits for (host)"
    )
    async def force(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.ask(interaction, "force")

    @app_commands.command(
        name="rewind", description="Ask everyone to agree to take back the latest moves (host)"
    )
    @app_commands.describe(moves="How many of the latest moves to take back")
    async def rewind(
        self, interaction: discord.Interaction[GameBot], moves: app_commands.Range[int, 1, 50]
    ) -> None:
        await interaction.client.steward.ask(interaction, "rewind", count=moves)

    @app_commands.command(name="abandon", description="End this channel's game without a result")
    async def abandon(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.ask(interaction, "abandon")


class SeatCommands(app_commands.Group, name="seat", description="Your seat, or a player's"):
    @app_commands.command(name="replace", description="Hand a player's seat to another member")
    @app_commands.describe(player="Who leaves the seat", newcomer="Who takes it over")
    async def replace(
        self,
        interaction: discord.Interaction[GameBot],
        player: discord.User,
        newcomer: discord.User,
    ) -> None:
        if newcomer.bot:
            async with handling(interaction):
                raise PlayerError(m("bot.commands.bot_seat"))
            return
        await interaction.client.steward.ask(
            interaction, "replace", a=player.id, b=newcomer.id, name=newcomer.display_name
        )

    @app_commands.command(
        name="computer", description="Seat a computer in the lobby, or give it a player's seat"
    )
    @app_commands.describe(
        level="How well it plays: casual (quick) or strong (searches ahead)",
        player="During play: whose seat the computer takes over",
    )
    @app_commands.choices(
        level=[app_commands.Choice(name=v, value=v) for v in ("casual", "strong")]
    )
    async def computer(
        self,
        interaction: discord.Interaction[GameBot],
        level: str,
        player: discord.User | None = None,
    ) -> None:
        await computer_seats.hand_over(interaction, level, player)

    @app_commands.command(name="return", description="Give a computer's seat to a member")
    @app_commands.describe(seat="The seat's name, as the game calls it", newcomer="Who takes it")
    async def hand_back(
        self, interaction: discord.Interaction[GameBot], seat: str, newcomer: discord.User
    ) -> None:
        await computer_seats.hand_back(interaction, seat, newcomer)

    @app_commands.command(name="resign", description="Leave the game: ask to be replaced")
    async def resign(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.table_op(interaction, "resign")

    @app_commands.command(name="vacation", description="Be away for some days (0: back now)")
    @app_commands.describe(days="How many days you will be away; 0 ends it")
    async def vacation(
        self, interaction: discord.Interaction[GameBot], days: app_commands.Range[float, 0, 60]
    ) -> None:
        await interaction.client.steward.table_op(interaction, "vacation", days=days)


class MeCommands(
    app_commands.Group, name="me", description="Your settings, and what I keep about you"
):
    @app_commands.command(
        name="settings", description="Your time zone, quiet hours, DMs and language"
    )
    @app_commands.describe(
        timezone="Your time zone, e.g. Europe/Berlin",
        quiet_from="Hour (0-23, your time) from which I send no reminders",
        quiet_to="Hour (0-23, your time) at which reminders may resume",
        on_deck="DM me when I am next after the current player",
        turn_dm="DM me when it is my turn after I have been away, instead of a ping",
        language="The language of my DMs and private answers (default: my Discord's)",
    )
    @app_commands.choices(
        language=[*LANGUAGES, app_commands.Choice(name="as my Discord", value=CLIENT)]
    )
    @app_commands.autocomplete(timezone=timezone_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction[GameBot],
        timezone: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        on_deck: bool | None = None,
        turn_dm: bool | None = None,
        language: str | None = None,
    ) -> None:
        chosen: dict[str, object] = {
            k: v
            for k, v in {
                "timezone": timezone,
                "quiet_from": quiet_from,
                "quiet_to": quiet_to,
                "on_deck": on_deck,
                "turn_dm": turn_dm,
            }.items()
            if v is not None
        }
        if language is not None:
            chosen["language"] = None if language == CLIENT else language
        await interaction.client.steward.me(interaction, chosen)

    @app_commands.command(name="data", description="What I keep about you (only you see it)")
    async def data(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.privacy.data(interaction)

    @app_commands.command(
        name="forget", description="Delete what I keep about you (asks you to confirm first)"
    )
    async def forget(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.privacy.ask_forget(interaction)


def cannot_post(missing: Sequence[Msg]) -> Msg:
    """Why `/game board` posted nothing, and what to grant."""
    return m("bot.permissions.cannot_post", **named_permissions(missing))


class GameCommands(app_commands.Group, name="game", description="Start and manage board games"):
    def __init__(self) -> None:
        super().__init__(allowed_contexts=GUILD_ONLY)
        # A game's record and where games stand: their own module, registered here.
        self.add_command(record_commands.log_command)
        self.add_command(record_commands.since_command)
        self.add_command(record_commands.export_command)
        self.add_command(record_commands.import_command)
        self.add_command(record_commands.list_command)
        self.add_command(record_commands.mine_command)
        self.add_command(spectate_commands.spectate_command)
        self.add_command(spectate_commands.timelapse_command)

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(game="Which game to play")
    @app_commands.autocomplete(game=game_autocomplete)
    async def new(self, interaction: discord.Interaction[GameBot], game: str) -> None:
        await interaction.client.lobbies.open(interaction, game)

    @app_commands.command(name="option", description="Set a setup option in the lobby (host only)")
    @app_commands.describe(name="Which option", value="Its new value")
    @app_commands.autocomplete(name=option_name_autocomplete, value=option_value_autocomplete)
    async def option(
        self, interaction: discord.Interaction[GameBot], name: str, value: str
    ) -> None:
        bot = interaction.client
        table = await bot.tables.current(interaction.channel_id or 0)
        if table is None:
            async with handling(interaction):
                raise PlayerError(m("bot.commands.no_lobby"))
            return
        await bot.lobbies.choose_option(interaction, table.row.id, name, value)

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.lobbies.op(interaction, "join")

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.lobbies.op(interaction, "leave")

    @app_commands.command(name="start", description="Deal the seats and begin (host only)")
    async def start(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.lobbies.op(interaction, "start")

    @app_commands.command(
        name="board", description="Post the current board for everyone, or see a past step"
    )
    @app_commands.describe(
        step="A past step to look at, only you see it (leave out: the board now)"
    )
    async def board(
        self, interaction: discord.Interaction[GameBot], step: int | None = None
    ) -> None:
        bot = interaction.client
        if step is not None:
            await record_commands.past_board(interaction, step)
            return
        async with handling(interaction):
            table = await bot.tables.require(interaction.channel_id or 0)
            if table.state is None:
                raise PlayerError(m("bot.commands.not_started"))
            missing = missing_permissions(interaction, POSTING)
            if missing:
                raise PlayerError(cannot_post(missing))
            status = in_channel(table, table.game.status_text(table.state, None))
            assert interaction.channel is not None
            try:
                await interaction.channel.send(  # type: ignore[union-attr]
                    status[: limits.MESSAGE],
                    file=await bot.drawing.board(table),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.Forbidden:  # taken away since Discord sent the interaction
                raise PlayerError(cannot_post(list(POSTING.values()))) from None
            await answer(interaction, m("bot.commands.board_posted"))

    @app_commands.command(name="status", description="Where the game stands and who must act")
    async def status(self, interaction: discord.Interaction[GameBot]) -> None:
        bot = interaction.client
        async with handling(interaction):
            channel_id = interaction.channel_id or 0
            table = await bot.tables.current(channel_id)
            if table is None:
                ended = await bot.tables.last_ended(channel_id)
                if ended is None:
                    raise PlayerError(NO_GAME)
                await answer(interaction, Said(present.result_text(ended, reader(interaction))))
                return
            if table.state is None:
                text = present.lobby_text(table)
                await answer(interaction, Said(f"**{text['title']}**\n{text['description']}"))
                return
            seats = table.seats_of(interaction.user.id)
            said = reader(interaction)
            lines = [f"**{table.game.title}**", present.seating(table), ""]
            last = await bot.store.last_narration(table.row.id)
            if last:
                lines += [say(m("bot.commands.last_move", what=limits.clip(last, 600)), said), ""]
            lines.append(
                say(table.game.status_text(table.state, seats[0] if seats else None), said)
            )
            lines += [present.prompt_line(table, p) for p in table.prompts().values()]
            lines += present.pace_lines(table, table.row.away, said)
            await answer(interaction, Said("\n".join(lines)))

    @app_commands.command(name="hand", description="Your private information (only you see it)")
    async def hand(self, interaction: discord.Interaction[GameBot]) -> None:
        bot = interaction.client
        async with handling(interaction):
            table = await bot.tables.require(interaction.channel_id or 0)
            seats = table.seats_of(interaction.user.id)
            if table.state is None or not seats:
                raise PlayerError(m("bot.commands.no_seat"))
            parts: list[Msg] = []
            for seat in seats:
                secret = table.game.hand_text(table.state, seat)
                name = table.state.seat_names[seat]
                hidden = secret or m("bot.commands.nothing_hidden")
                parts.append(m("bot.commands.hand", name=name, secret=hidden))
            said = reader(interaction)
            await answer(interaction, Said("\n".join(say(part, said) for part in parts)))

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction[GameBot]) -> None:
        bot = interaction.client
        async with handling(interaction):
            table = await bot.tables.current(interaction.channel_id or 0)
            said = reader(interaction)
            text = present.help_text(table, bot.general_commands, bot.action_commands, said)
            how = m("bot.commands.how_to_play", game=table.game.title) if table else HOW_TO_PLAY
            title = say(how, said)
            embed = discord.Embed(title=title, description=text, colour=0x0072B2)
            await answer(interaction, Said(""), embed=embed)

    @app_commands.command(
        name="order", description="Write one line of your secret orders (only you see them)"
    )
    @app_commands.describe(unit="Which of your units to order", to="Where it goes (what it does)")
    @app_commands.autocomplete(unit=orders.unit_autocomplete, to=orders.to_autocomplete)
    async def order(self, interaction: discord.Interaction[GameBot], unit: str, to: str) -> None:
        await interaction.client.orders.order(interaction, unit, to)

    @app_commands.command(
        name="orders", description="Your secret orders so far, to submit or clear (only you)"
    )
    @app_commands.describe(sheet=orders.SHEET_HELP)
    @app_commands.autocomplete(sheet=orders.sheet_autocomplete)
    async def orders(
        self, interaction: discord.Interaction[GameBot], sheet: str | None = None
    ) -> None:
        await interaction.client.orders.show(interaction, sheet)

    @app_commands.command(name="undo", description="Take back your own latest move(s)")
    @app_commands.describe(moves="How many of your latest moves (default 1)")
    async def undo(
        self, interaction: discord.Interaction[GameBot], moves: app_commands.Range[int, 1, 20] = 1
    ) -> None:
        await interaction.client.steward.ask_undo(interaction, moves)

    @app_commands.command(
        name="settings", description="The table's pace: reminders, turn limit, vacations"
    )
    @app_commands.describe(
        remind_after=PACE_HELP["remind_after"],
        remind_every=PACE_HELP["remind_every"],
        reminders=PACE_HELP["reminders"],
        turn_limit=PACE_HELP["turn_limit"],
        on_limit=PACE_HELP["on_limit"],
        vacation_days=PACE_HELP["vacation_days"],
        on_vacation=PACE_HELP["on_vacation"],
        board=PACE_HELP["board"],
        narration=PACE_HELP["narration"],
        ping_grace_minutes=PACE_HELP["ping_grace_minutes"],
    )
    @app_commands.choices(
        on_limit=[
            app_commands.Choice(name="tell the host", value="tell_host"),
            app_commands.Choice(
                name=app_commands.locale_str("play the default", key="cmd.choice.on_limit.default"),
                value="default",
            ),
            app_commands.Choice(name="the computer plays the seat", value="computer"),
        ],
        on_vacation=[
            app_commands.Choice(name="their clocks wait", value="pause"),
            app_commands.Choice(
                name=app_commands.locale_str(
                    "play the default for them", key="cmd.choice.on_vacation.default"
                ),
                value="default",
            ),
        ],
        board=[
            app_commands.Choice(name="every step", value="step"),
            app_commands.Choice(name="every turn, steps show what changed", value="turn"),
            app_commands.Choice(name="on request (/game board)", value="request"),
        ],
        narration=[
            app_commands.Choice(name="full", value="full"),
            app_commands.Choice(name="compact (one line a step)", value="compact"),
        ],
        language=LANGUAGES,
    )
    async def settings(
        self,
        interaction: discord.Interaction[GameBot],
        remind_after: RemindAfter | None = None,
        remind_every: RemindEvery | None = None,
        reminders: Reminders | None = None,
        turn_limit: TurnLimit | None = None,
        on_limit: str | None = None,
        vacation_days: VacationDays | None = None,
        on_vacation: str | None = None,
        board: str | None = None,
        narration: str | None = None,
        ping_grace_minutes: PingGrace | None = None,
        language: str | None = None,
    ) -> None:
        chosen = {k: v for k, v in locals().items() if k in PACE and v is not None}
        await interaction.client.steward.settings(interaction, chosen)

    table = TableCommands()
    me = MeCommands()
    seat = SeatCommands()
