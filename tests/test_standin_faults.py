"""The stand-in misbehaving like Discord does, seen through a real discord.py 2.7 client.

Covers injected 5xx (retried, then surfaced), 429 (retried after ``retry_after``), hangs, gone
channels and messages, revoked permissions, nonce dedupe, channel history paging, answering a
deferral by editing the original response, and a bot in a child process killed mid-request or
mid-upload.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
import discord
import pytest
import yarl

from tests.standin import ChannelRecord, StandIn, UserRecord

Handler = Callable[[discord.Interaction], Awaitable[None]]


class Probe(discord.Client):
    """A plain client that records what the gateway told it and answers interactions with
    whatever handler the test registered under the command name."""

    def __init__(self) -> None:
        super().__init__(
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=0.05,
        )
        self.created: list[discord.Message] = []
        self.deleted: list[int] = []
        self.handlers: dict[str, Handler] = {}
        self.failures: list[BaseException] = []

    async def on_message(self, message: discord.Message) -> None:
        self.created.append(message)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.deleted.append(payload.message_id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        name = (interaction.data or {}).get("name")
        handler = self.handlers.get(str(name))
        if handler is None:
            return
        try:
            await handler(interaction)
        except Exception as exc:
            self.failures.append(exc)

    def at(self, channel: ChannelRecord) -> discord.PartialMessageable:
        return self.get_partial_messageable(channel.id)


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with StandIn(server_error_backoff=0.01) as s:
        s.world.set_commands(s.guild.id, [{"name": "ping", "description": "x"}])
        yield s


@pytest.fixture
def general(standin: StandIn) -> ChannelRecord:
    return standin.add_text_channel("general")


@pytest.fixture
def alice(standin: StandIn) -> UserRecord:
    return standin.add_user("alice")


@pytest.fixture
async def probe(
    standin: StandIn, general: ChannelRecord, alice: UserRecord
) -> AsyncIterator[Probe]:
    client = Probe()
    task = asyncio.create_task(client.start("standin-token"))
    try:
        await standin.wait_ready(commands=False)
        yield client
    finally:
        await client.close()
        await task


async def handled(standin: StandIn, probe: Probe, rec_done: Awaitable[object]) -> None:
    await rec_done
    await standin.wait_idle()
    assert probe.failures == []


# ----- 5xx and 429 ---------------------------------------------------------------------------


async def test_500_is_retried_then_succeeds_in_channels_and_dms(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    fault = standin.fail("POST", "/channels/*/messages", status=500, times=2)
    sent = await probe.at(general).send("hello")
    assert fault.hits == 2 and not fault.active
    assert [m.id for m in standin.messages(general)] == [sent.id]

    dm = standin.dm_channel(alice)
    in_dm = standin.fail("POST", f"/channels/{dm.id}/messages", status=502, times=1)
    user = await probe.fetch_user(alice.id)
    await user.send("psst")
    assert in_dm.hits == 1 and [m.content for m in standin.dms(alice)] == ["psst"]
    standin.assert_clean()  # injected faults are neither violations nor stand-in errors


async def test_server_errors_every_time_surface_as_discord_server_error(
    standin: StandIn, probe: Probe, general: ChannelRecord
) -> None:
    always = standin.fail("POST", f"/channels/{general.id}/messages", status=500, times=None)
    started = time.monotonic()
    with pytest.raises(discord.DiscordServerError) as err:
        await probe.at(general).send("lost")
    assert err.value.status == 500 and always.hits == 5  # discord.py's five tries
    assert time.monotonic() - started < 2.0  # 25 s of real back-off, scaled by 0.01
    standin.clear_faults()

    once = standin.fail("POST", "/channels/*/messages", status=503, message="upstream")
    with pytest.raises(discord.DiscordServerError) as err:
        await probe.at(general).send("lost too")
    assert once.hits == 1 and err.value.text == "upstream"  # 503 is not retried
    assert standin.messages(general) == []
    standin.assert_clean()


async def test_429_carries_retry_after_and_is_retried(
    standin: StandIn, probe: Probe, general: ChannelRecord
) -> None:
    limited = standin.fail("POST", "/channels/*/messages", status=429, retry_after=0.3)
    started = time.monotonic()
    sent = await probe.at(general).send("patient")
    waited = time.monotonic() - started
    assert limited.hits == 1 and 0.3 <= waited < 2.0  # retry_after is not scaled away
    assert [m.id for m in standin.messages(general)] == [sent.id]
    standin.assert_clean()


async def test_faults_reach_interaction_routes(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="pong")

    probe.handlers["ping"] = ping
    callback = standin.fail("POST", "/interactions/*/callback", status=500)
    edit = standin.fail("PATCH", "/webhooks/*/messages/@original", status=429, retry_after=0.1)
    rec = await standin.slash(alice, general, "ping")
    await handled(standin, probe, rec.done())
    assert callback.hits == 1 and edit.hits == 1  # both retried by discord.py's webhook adapter
    assert rec.acknowledged and rec.original_content == "pong"
    standin.assert_clean()


# ----- answering a deferral by editing @original -----------------------------------------------


async def test_deferral_answered_by_editing_the_original(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    async def private(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="draft")
        await interaction.edit_original_response(content="only you see this")

    probe.handlers["ping"] = private
    rec = await standin.slash(alice, general, "ping")
    await handled(standin, probe, rec.done())
    assert rec.acknowledged and rec.followups == [] and rec.ephemeral
    assert rec.original_content == "only you see this"
    assert rec.reply is rec.original and standin.ephemerals(alice) == [rec.original]
    assert standin.messages(general) == []


async def test_failing_edit_of_the_original_leaves_it_thinking(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    errors: list[int] = []

    async def public(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        try:
            await interaction.edit_original_response(content="result")
        except discord.DiscordServerError as exc:
            errors.append(exc.status)

    probe.handlers["ping"] = public
    edits = standin.fail("PATCH", "/webhooks/*/messages/@original", status=500, times=None)
    rec = await standin.slash(alice, general, "ping")
    await rec.answered()
    await standin.wait_until(lambda: errors, what="the edit to fail")
    assert edits.hits == 5 and rec.acknowledged and rec.loading
    assert rec.original_content is None and rec.reply is None
    standin.clear_faults()


# ----- permissions, gone channels and messages -----------------------------------------------


async def test_revoked_permissions_answer_403_and_reduce_app_permissions(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    seen: list[discord.Permissions] = []

    async def ping(interaction: discord.Interaction) -> None:
        seen.append(interaction.app_permissions)
        await interaction.response.send_message("ok", ephemeral=True)

    probe.handlers["ping"] = ping
    channel = probe.at(general)

    standin.revoke(general, "attach_files")
    await channel.send("text is fine")
    with pytest.raises(discord.Forbidden) as err:
        await channel.send(file=discord.File(io.BytesIO(b"x"), "a.txt"))
    assert err.value.code == 50013

    standin.revoke(general, "embed_links")
    kept = await channel.send("with embed", embed=discord.Embed(title="t"))
    assert kept.embeds == [] and standin.message(kept.id).embeds == []  # dropped silently
    with pytest.raises(discord.HTTPException) as err:
        await channel.send(embed=discord.Embed(title="only an embed"))
    assert err.value.code == 50006

    standin.revoke(general, "send_messages")
    with pytest.raises(discord.Forbidden) as err:
        await channel.send("silenced")
    assert err.value.code == 50013
    await handled(standin, probe, (await standin.slash(alice, general, "ping")).done())
    perms = seen[-1]
    assert perms.view_channel and not (perms.send_messages or perms.embed_links)
    await standin.wait_until(lambda: probe.get_channel(general.id), what="channel cache")
    text = probe.get_channel(general.id)
    assert isinstance(text, discord.TextChannel)
    assert not text.permissions_for(text.guild.me).send_messages  # CHANNEL_UPDATE arrived

    standin.revoke(general, "view_channel")
    with pytest.raises(discord.Forbidden) as err:
        await channel.send("hidden")
    assert err.value.code == 50001
    await handled(standin, probe, (await standin.slash(alice, general, "ping")).done())
    assert seen[-1].value == 0

    standin.restore(general)
    await channel.send("back")
    assert standin.bot_permissions(general).send_messages
    assert [m.content for m in standin.messages(general)] == ["text is fine", "with embed", "back"]
    standin.assert_clean()


async def test_deleted_channel_is_unknown_everywhere(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    answers: list[int] = []

    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.1)  # the channel is deleted meanwhile
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as exc:
            answers.append(exc.code)

    probe.handlers["ping"] = slow
    thread = standin.add_thread(general, "game-1")
    rec = await standin.slash(alice, general, "ping")
    standin.delete_channel(general)
    for target in (general, thread):
        with pytest.raises(discord.NotFound) as err:
            await probe.at(target).send("anyone?")
        assert err.value.code == 10003
    with pytest.raises(discord.NotFound):
        await probe.fetch_channel(general.id)
    await standin.wait_until(lambda: answers, what="the late answer to fail")
    assert answers == [10003] and not rec.acknowledged
    with pytest.raises(LookupError):
        await standin.slash(alice, general, "ping")
    await standin.wait_until(lambda: probe.get_channel(general.id) is None, what="CHANNEL_DELETE")


async def test_deleted_message_cannot_be_edited(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    originals: list[discord.InteractionMessage] = []

    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("lobby")
        originals.append(await interaction.original_response())

    probe.handlers["ping"] = ping
    lobby = await probe.at(general).send("lobby: 1 player")
    standin.delete_message(standin.message(lobby.id))
    await standin.wait_until(lambda: probe.deleted, what="MESSAGE_DELETE")
    assert probe.deleted == [lobby.id]
    with pytest.raises(discord.NotFound) as err:
        await lobby.edit(content="lobby: 2 players")
    assert err.value.code == 10008

    rec = await standin.slash(alice, general, "ping")
    await handled(standin, probe, rec.done())
    assert rec.original is not None
    standin.delete_message(rec.original)
    with pytest.raises(discord.NotFound) as err:
        await originals[0].edit(content="changed")
    assert err.value.code == 10008
    assert rec.original_content is None and rec.reply is None


# ----- hangs ---------------------------------------------------------------------------------


async def test_hang_then_answer_or_client_gives_up(
    standin: StandIn, probe: Probe, general: ChannelRecord
) -> None:
    channel = probe.at(general)
    slow = standin.hang("POST", f"/channels/{general.id}/messages", 0.2)
    started = time.monotonic()
    await channel.send("slow")
    assert time.monotonic() - started >= 0.2 and slow.abandoned == 0

    stuck = standin.hang("POST", "/channels/*/messages", 30)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(channel.send("never arrives"), 0.2)
    await standin.wait_until(lambda: stuck.abandoned, what="the stand-in to notice")
    assert [m.content for m in standin.messages(general)] == ["slow"]

    landed = standin.hang("POST", "/channels/*/messages", 30, takes_effect=True)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(channel.send("arrives unseen", nonce="outbox-7"), 0.2)
    await standin.wait_until(lambda: landed.abandoned, what="the stand-in to notice")
    assert [m.content for m in standin.messages(general)][-1] == "arrives unseen"
    # retrying with the same nonce gets the message that landed, not a second one
    again = await channel.send("arrives unseen", nonce="outbox-7")
    assert again.id == standin.messages(general)[-1].id and len(standin.messages(general)) == 2
    standin.assert_clean()


async def test_stopping_the_stand_in_ends_held_requests() -> None:
    standin = StandIn()
    await standin.start()
    standin.patch_discord()
    general = standin.add_text_channel("general")
    client = discord.Client(intents=discord.Intents.default())
    await client.login("standin-token")  # REST only: no gateway needed
    try:
        held = standin.hang("POST", "/channels/*/messages", 60)
        send = asyncio.create_task(client.get_partial_messageable(general.id).send("held"))
        await standin.wait_until(lambda: held.hits, what="the held request")
        started = time.monotonic()
        await standin.stop()
        assert time.monotonic() - started < 2.0
        await asyncio.wait_for(asyncio.gather(send, return_exceptions=True), 2.0)
    finally:
        await client.close()


# ----- nonces --------------------------------------------------------------------------------


async def test_nonce_dedupe_within_and_outside_the_window(
    standin: StandIn, probe: Probe, general: ChannelRecord
) -> None:
    channel = probe.at(general)
    first = await channel.send("turn 1", nonce="turn-1")
    second = await channel.send("turn 1", nonce="turn-1")
    assert first.id == second.id and first.nonce == "turn-1"
    (record,) = standin.messages(general)
    assert record.nonce == "turn-1"
    await standin.wait_until(lambda: probe.created, what="MESSAGE_CREATE")
    await standin.wait_idle()
    assert [(m.id, m.nonce) for m in probe.created] == [(first.id, "turn-1")]
    fetched = await channel.fetch_message(first.id)
    assert fetched.nonce is None  # Discord never returns nonces from fetches

    standin.nonce_window = 0.1
    await asyncio.sleep(0.15)
    third = await channel.send("turn 1", nonce="turn-1")
    assert third.id != first.id

    standin.nonce_window = 0  # a crash test can prove the bot does not lean on dedupe
    fourth = await channel.send("turn 1", nonce="turn-1")
    assert fourth.id != third.id and len(standin.messages(general)) == 3


# ----- history -------------------------------------------------------------------------------


async def test_history_paging_before_after_around(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    posted = [await standin.say(alice, general, f"m{i}") for i in range(130)]
    ids = [m.id for m in posted]
    channel = probe.at(general)

    newest = [m.id async for m in channel.history(limit=3)]
    assert newest == ids[:-4:-1]
    everything = [m.id async for m in channel.history(limit=None)]  # two pages via before
    assert everything == ids[::-1]
    oldest_first = [m.id async for m in channel.history(limit=None, oldest_first=True)]
    assert oldest_first == ids  # two pages via after
    assert [m.id async for m in channel.history(limit=3, before=posted[10])] == ids[9:6:-1]
    assert [m.id async for m in channel.history(limit=3, after=posted[10])] == ids[11:14]

    raw_after = await probe.http.logs_from(general.id, 3, after=ids[10])
    assert [int(m["id"]) for m in raw_after] == ids[13:10:-1]  # newest first, right after
    raw_around = await probe.http.logs_from(general.id, 3, around=ids[50])
    assert [int(m["id"]) for m in raw_around] == ids[51:48:-1]
    assert len(await probe.http.logs_from(general.id, 4, around=ids[50])) == 5
    assert all("nonce" not in m for m in raw_after)

    standin.delete_message(posted[-1])
    assert [m.id async for m in channel.history(limit=1)] == [ids[-2]]
    with pytest.raises(discord.HTTPException) as err:
        await probe.http.logs_from(general.id, 101)
    assert err.value.code == 50035
    assert [v.rule for v in standin.violations] == ["history.limit"]
    standin.violations.clear()

    standin.revoke(general, "read_message_history")
    assert [m async for m in channel.history(limit=5)] == []
    standin.restore(general)


async def test_history_in_threads_and_dms(
    standin: StandIn, probe: Probe, general: ChannelRecord, alice: UserRecord
) -> None:
    thread = standin.add_thread(general, "game-1")
    for i in range(3):
        await probe.at(thread).send(f"t{i}")
    user = await probe.fetch_user(alice.id)
    for i in range(3):
        await user.send(f"d{i}")
    dm = standin.dm_channel(alice)
    assert [m.content async for m in probe.at(thread).history(limit=2)] == ["t2", "t1"]
    dm_history = [m.content async for m in probe.at(dm).history(after=discord.Object(0))]
    assert dm_history == ["d0", "d1", "d2"]
    standin.assert_clean()


# ----- a bot in a child process --------------------------------------------------------------

CHILD = """
import sys
import aiohttp
import discord
import yarl

client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)

@client.event
async def on_ready():
    await client.get_partial_messageable(int(sys.argv[1])).send("child up")
    print("ready", flush=True)

@client.event
async def on_interaction(interaction):
    print("interaction", flush=True)
    await interaction.response.send_message("answered")

client.run("standin-token", log_handler=None)
"""


async def spawn(standin: StandIn, channel: ChannelRecord) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        *standin.child_argv("-c", CHILD, str(channel.id)),
        env=standin.child_env(),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 15)
    if line != b"ready\n":
        proc.kill()
        _, err = await proc.communicate()
        raise AssertionError(f"child did not start: {line!r} {err.decode()[-2000:]}")
    return proc


async def test_child_killed_mid_request_leaves_the_stand_in_serving(
    standin: StandIn, general: ChannelRecord, alice: UserRecord
) -> None:
    callback = standin.hang("POST", "/interactions/*/callback", 30)
    first = await spawn(standin, general)
    try:
        assert standin.connected and standin.connections == 1
        rec = await standin.slash(alice, general, "ping")
        await standin.wait_until(lambda: callback.hits, what="the child to answer")
    finally:
        first.kill()  # SIGKILL while its callback request is held open
        await first.wait()
    await standin.wait_disconnected()
    await standin.wait_until(lambda: callback.abandoned, what="the dropped request")
    assert not rec.acknowledged and rec.callbacks == [] and rec.reply is None

    second = await spawn(standin, general)
    try:
        assert standin.connected and standin.connections == 2
        assert [m.content for m in standin.messages(general)] == ["child up", "child up"]
        session = standin.server.gateway.sessions[-1]
        assert all(frame["t"] != "INTERACTION_CREATE" for frame in session.sent)
        answered = await (await standin.slash(alice, general, "ping")).done()
        assert answered.original_content == "answered"
    finally:
        second.kill()
        await second.wait()
    await standin.wait_disconnected()
    assert not rec.acknowledged  # never redelivered to the new process
    standin.assert_clean()


async def test_clearing_named_faults_leaves_the_others_catching(
    standin: StandIn, probe: Probe, general: ChannelRecord
) -> None:
    """Two lanes of play on one stand-in each stop only their own faults."""
    mine = standin.fail("POST", f"/channels/{general.id}/messages", status=500, times=None)
    theirs = standin.fail("PATCH", "/channels/*/messages/*", status=500, times=None)
    standin.clear_faults([mine])
    assert standin.faults == [theirs] and theirs.active and not mine.active
    sent = await probe.at(general).send("through")
    assert mine.hits == 0 and [m.id for m in standin.messages(general)] == [sent.id]
    standin.clear_faults()
    assert standin.faults == [] and not theirs.active


async def test_a_caller_that_hangs_up_mid_upload_changes_nothing(
    standin: StandIn, general: ChannelRecord
) -> None:
    """A bot killed while it uploads a new board for a message: the edit never arrived whole,
    so the message stays as it was and the stand-in reports no error of its own."""
    api = yarl.URL(standin.api_base)
    async with aiohttp.ClientSession() as http:
        posted = await http.post(f"{api}/channels/{general.id}/messages", json={"content": "was"})
        message = await posted.json()
    parts = (
        b'--cut\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n'
        b'{"content": "now"}\r\n'
        b'--cut\r\nContent-Disposition: form-data; name="files[0]"; filename="board.png"\r\n'
        b"Content-Type: image/png\r\n\r\n" + b"\x89PNG" * 1000
    )
    head = (
        f"PATCH {api.path}/channels/{general.id}/messages/{message['id']} HTTP/1.1\r\n"
        f"Host: {api.host}\r\nContent-Type: multipart/form-data; boundary=cut\r\n"
        f"Content-Length: {len(parts) + 100_000}\r\n\r\n"
    ).encode()
    assert api.host is not None and api.port is not None
    _, writer = await asyncio.open_connection(api.host, api.port)
    writer.write(head + parts)
    await writer.drain()
    activity = standin.world.activity
    await standin.wait_until(lambda: activity.inflight == 1, what="the upload being read")
    writer.transport.abort()  # the connection dropped as a killed process drops it
    await standin.wait_until(lambda: activity.inflight == 0, what="the upload given up")
    assert [m.content for m in standin.messages(general)] == ["was"]
    standin.assert_clean()
