"""The Discord client: wires storage, tables, commands and persistent buttons together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord.action_commands import build_group
from bot.discord.buttons import DYNAMIC_ITEMS, is_ours
from bot.discord.checked import misplaced, option_refusal, payload
from bot.discord.deadlines import DueSweep
from bot.discord.drawing import Drawing
from bot.discord.game_commands import GUILD_ONLY, GameCommands, subcommand_names
from bot.discord.health import recent_lags, watch_loop_lag
from bot.discord.interactions import APOLOGY, answer, handling, let_go_when_handled
from bot.discord.lobby import Lobbies
from bot.discord.orders import Orders
from bot.discord.owed_answers import OwedAnswers
from bot.discord.privacy import Privacy
from bot.discord.publication import Publisher
from bot.discord.rules_commands import rules_command
from bot.discord.stale import StaleClicks, on_message
from bot.discord.steward import Steward
from bot.discord.translator import CatalogTranslator
from bot.discord.turns import Turns
from bot.discord.workers import Workers
from bot.store.choice import chosen
from bot.store.protocol import GameStore, worker_name
from bot.table.model import PlayerError, ShuttingDown
from bot.table.tables import Tables
from engine.games import REGISTRY
from engine.messages import Msg, m
from engine.words import quoted
from render import renderer_for

if TYPE_CHECKING:
    from bot.web.site import SpectatorSite

log = logging.getLogger(__name__)

RESTARTING = m("bot.answers.restarting")


class GameBot(discord.AutoShardedClient):
    """The bot on its shards (`SHARD_COUNT`, `SHARD_IDS`): every process may play any game,
    since the games are in the store and every DM interaction comes to shard 0's process."""

    shutdown_grace: float = 5.0
    """Seconds `close` lets running moves finish; well inside `docker stop`'s 10 s."""
    closing: bool = False
    """Set once shutdown begins; from then on `in_flight` refuses new moves."""
    _running: int = 0
    _drained: asyncio.Future[None] | None = None
    _shutdown: asyncio.Task[None] | None = None

    def __init__(
        self,
        settings: Settings,
        store: GameStore | None = None,
        holder: str | None = None,
        workers: Workers | None = None,
    ) -> None:
        """`holder`: this process's hold on the database (`bot.store.lease`), which marks the
        answers it owes so that another process's restart never claims them. `workers`: the
        drawing workers, already warming (`bot.discord.workers`); without them, they start
        with the client."""
        # A text-only bot: discord.py would warn on every start that voice needs libraries
        # this bot never installs.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Everything a player does reaches the bot as an interaction, which needs no intent;
        # the guilds intent keeps the channels and threads it posts in. Without the message,
        # typing and reaction intents Discord does not send it every chat line, edit, key press
        # and reaction in its servers (its own posts and edits included), which it would only
        # parse and drop.
        intents = discord.Intents(guilds=True)
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            chunk_guilds_at_startup=False,
            shard_count=settings.shard_count,
        )
        self.shard_ids = settings.shard_ids
        """Launched in `connect`: None runs every shard (the settings checked the subset)."""
        self.settings = settings
        url = settings.database_url.get_secret_value() if settings.database_url else None
        self.store: GameStore = store or chosen(settings.database_path, url)[0]
        self.tables = Tables(
            self.store,
            cache_bytes=int(settings.state_cache_mib * 1024 * 1024),
            lobbies_per_user=settings.lobbies_per_user,
            lobbies_per_server=settings.lobbies_per_server,
            deadline_hours=settings.decision_deadline_hours,
        )
        self.drawing = Drawing(settings.render_workers, settings.timelapse_frames, workers)
        self.site: SpectatorSite | None = None
        """The spectator pages' server, when the admin turned it on (`WEB_PORT`)."""
        if settings.web_port is not None:
            from bot.web.site import SpectatorSite  # aiohttp's server: loaded only to serve

            self.site = SpectatorSite(
                self.store,
                self.tables,
                self.drawing.work,
                self.drawing.lapse,
                host=settings.web_host,
                port=settings.web_port,
                rate=settings.web_requests_per_minute / 60,
                burst=settings.web_burst,
            )
        self.publisher = Publisher(self, self.store, self.tables, self.drawing, settings)
        self.turns = Turns(self.tables, self.store, self.drawing, self.publisher)
        self.lobbies = Lobbies(self, self.tables, self.store)
        self.orders = Orders(self.tables, self.store, self.turns)
        self.steward = Steward(self.tables, self.store, self.turns, self.lobbies, self.publisher)
        self.stale_clicks = StaleClicks(self, self.tables, self.store)
        self.privacy = Privacy(self.store)
        self.owed_answers = OwedAnswers(self, self.store, lambda: self.closing, holder)
        self.due_sweep = DueSweep(
            self.tables,
            self.store,
            self.turns,
            self.publisher,
            self.in_flight,
            lambda: self.closing,
            settings.deadline_check_seconds,
            worker_name(settings.shard_ids),
        )
        self.publisher.computer_due = self.due_sweep.wake
        self.before_store_closes: list[Callable[[], Awaitable[None]]] = []
        """Run at shutdown once the games have stopped, while the store is still open (the
        program entry gives back its hold on the database here)."""
        self._deadlines: asyncio.Task[None] | None = None
        self._publishing: asyncio.Task[None] | None = None
        self._health: asyncio.Task[None] | None = None
        self.chosen_languages: dict[int, str] = {}
        """The language each person chose in `/game me`, as last read (their private answers
        are said in it; `bot.discord.interactions.reader`)."""
        self.recent_lag = recent_lags()
        """The event loop's latest lags, for `/healthz` (`bot.discord.endpoint`)."""
        self.tree = app_commands.CommandTree(self, allowed_contexts=GUILD_ONLY)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        self.tree.interaction_check = self.check_options  # type: ignore[method-assign]
        general = GameCommands()
        self.tree.add_command(general)
        self.tree.add_command(rules_command())
        self.general_commands = subcommand_names(general)
        """Each `/game` command group's subcommands, for `/game help`, read off the tree so
        the help can never leave one out."""
        self.action_commands: dict[str, list[tuple[str, str]]] = {}
        for game in REGISTRY.values():
            renderer_for(game.id)  # a game without a board stops the bot here, not mid-game
            group = build_group(game)
            if not group.commands:
                continue  # every action is an order sheet's: `/game order` writes them
            self.tree.add_command(group)
            self.action_commands[group.name] = [(c.name, c.description) for c in group.commands]

    async def setup_hook(self) -> None:
        await self.store.open()
        # Before any command can arrive: what a crash left players waiting for is claimed now.
        await self.owed_answers.recover()
        await self.drawing.start()
        if self.site is not None:
            await self.site.start()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self._deadlines = asyncio.create_task(self.due_sweep.run(), name="deadlines")
        self._publishing = asyncio.create_task(self.publisher.run(), name="publication")
        self._health = asyncio.create_task(
            watch_loop_lag(self.settings.health_log_seconds, self.recent_lag), name="health"
        )
        await self.tree.set_translator(CatalogTranslator())
        if self.settings.guild_ids:
            for guild_id in self.settings.guild_ids:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info("commands synced for %s", self.settings.guild_ids or "all guilds")

    @asynccontextmanager
    async def in_flight(self) -> AsyncIterator[None]:
        """Hold off shutdown while one move runs, or refuse the move if shutdown has begun.

        A move cut off between its commit and its posts would be healed at the next start, but
        its player would wait for that; a few seconds of grace usually spares them the wait.
        """
        if self.closing:
            raise ShuttingDown(RESTARTING)
        self._running += 1
        try:
            yield
        finally:
            self._running -= 1
            if not self._running and self._drained is not None and not self._drained.done():
                self._drained.set_result(None)

    async def close(self) -> None:
        """Shut down once, however many callers ask (signal handler, `async with`, tests)."""
        if self._shutdown is None:
            self._shutdown = asyncio.create_task(self._shut_down(), name="shutdown")
        await asyncio.shield(self._shutdown)

    async def _shut_down(self) -> None:
        """Refuse new moves, give running ones `shutdown_grace`, then disconnect and close
        the store; the gateway stays up meanwhile so those moves can still post."""
        self.closing = True
        if self._running:
            self._drained = asyncio.get_running_loop().create_future()
            try:
                await asyncio.wait_for(asyncio.shield(self._drained), self.shutdown_grace)
            except TimeoutError:
                log.warning(
                    "%d move(s) still running after %g s; closing anyway",
                    self._running,
                    self.shutdown_grace,
                )
        for task in (self._deadlines, self._publishing, self._health):
            if task is not None:
                task.cancel()
        await self.publisher.stop()
        self.owed_answers.stop()
        if self.site is not None:
            await self.site.stop()
        self.drawing.stop()
        await super().close()
        for step in self.before_store_closes:
            await step()
        await self.store.aclose()

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Errors raised before a command's own handling began: nothing was changed by then.
        discord.py words them in English, so the player hears the catalog's words instead."""
        text: Msg
        if isinstance(error, app_commands.TransformerError):
            text = m("bot.answers.not_converted", typed=quoted(error.value))
        elif isinstance(error, app_commands.CheckFailure):
            text = m("bot.answers.not_allowed")
        else:
            log.error("command error in channel %s", interaction.channel_id, exc_info=error)
            text = APOLOGY
        await answer(interaction, text)

    async def check_options(self, interaction: discord.Interaction) -> bool:
        """Before any command runs: every option within its bounds, or a refusal saying which
        is not (Discord enforces them, a hand-made payload does not)."""
        let_go_when_handled(interaction)
        if interaction.type is not discord.InteractionType.application_command:
            return True
        refusal = option_refusal(interaction)
        if refusal is None:
            return True
        await answer(interaction, m("bot.answers.warning", why=refusal))
        return False

    async def on_interaction(self, interaction: discord.Interaction[GameBot]) -> None:
        """Every component click gets one answer. A handler answers those discord.py hands it;
        a click on a control no longer on its message (which discord.py drops) is told it was
        already answered, unless that control never belongs on such a message (`misplaced`:
        an Undo or a page turn on a channel post); an id no handler takes (forged, mangled, or
        from an old version) gets a specific refusal, instead of Discord's "interaction
        failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        data = payload(interaction)
        custom_id = str(data.get("custom_id", ""))
        kind = int(data.get("component_type", 0))
        if is_ours(custom_id) and on_message(interaction.message, kind, custom_id):
            return  # its handler answers, after `Checked` has looked at it
        let_go_when_handled(interaction)
        if is_ours(custom_id):
            refusal = misplaced(interaction.message, custom_id)
            if refusal is None:
                await self.stale_clicks.answer(interaction, custom_id)
            else:  # never on that message: not a click that came too late
                async with handling(interaction):
                    raise PlayerError(refusal)
            return
        log.info("refused a component with an unknown id in channel %s", interaction.channel_id)
        async with handling(interaction):
            raise PlayerError(m("bot.answers.unknown_control"))
