"""A table opened in a Spanish server hears the bot's table words in Spanish, end to end: the
lobby, the start and seating, the turn lines, a pause and a resume, and the game's status.
Every channel message is read against the English catalog entries of the table's own words
(`bot/table`), which must not show."""

from __future__ import annotations

from tests.bot.harness import Session, reply_text
from tests.bot.test_table_spanish import leftovers


async def test_a_spanish_server_opens_starts_and_pauses_its_table_in_spanish(
    session: Session,
) -> None:
    session.standin.world.guild_locales[session.standin.guild.id] = "es-ES"
    ana, ben = session.user("ana"), session.user("ben")
    ana.locale = ben.locale = "es-ES"
    await session.command(ana, "game", "new", game="sealed_bids")
    lobby = session.posts()[-1]
    assert "Pulsa **Unirme** para sentarte" in lobby.embeds[0]["description"]
    await session.command(ben, "game", "join")
    await session.command(ana, "game", "start")
    await session.command(ana, "game", "table", "pause")
    await session.command(ana, "game", "table", "resume")
    status = reply_text(await session.command(ben, "game", "status"))
    channel = session.posts()
    said = "\n".join(
        [m.content for m in channel]
        + [str(e.get("description", "")) + str(e.get("title", "")) for e in lobby.embeds]
    )
    assert "Los asientos se repartieron al azar" in said and "pausó la partida" in said
    assert "Ritmo: Recordatorios a las 12 h" in status
    assert leftovers(said + "\n" + status) == []
