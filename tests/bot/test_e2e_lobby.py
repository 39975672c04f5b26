"""A lobby's setup options through the stand-in, as a host meets them: menus and autocomplete
name the choices as the game does (the ids stay behind them), and the options always go with
the players seated, so Start never refuses what the lobby shows without the lobby saying so."""

from __future__ import annotations

from typing import Any

from tests.bot.harness import STEP_TIMEOUT, Session, reply_text
from tests.standin import InteractionRecord, MessageRecord, UserRecord


def menu(lobby: MessageRecord, field: str) -> dict[str, Any]:
    return next(c for c in lobby.iter_components() if c.get("custom_id", "").endswith(f":{field}"))


async def choose(
    session: Session, user: UserRecord, lobby: MessageRecord, field: str, value: str
) -> InteractionRecord:
    """Pick `value` in the lobby's menu for `field`, as the host does."""
    shown = session.standin.message(lobby.id)
    record = await session.standin.select(user, shown, menu(shown, field)["custom_id"], [value])
    return await record.done(timeout=STEP_TIMEOUT)


def footer(session: Session, lobby: MessageRecord) -> str:
    return session.standin.message(lobby.id).embeds[0].get("footer", {}).get("text", "")


def body(session: Session, lobby: MessageRecord) -> str:
    return session.standin.message(lobby.id).embeds[0]["description"]


async def test_lobby_menus_and_autocomplete_name_the_choices_and_keep_their_ids(session: Session):
    ana, ben, cy = session.user("ana"), session.user("ben"), session.user("cy")
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    lobby = session.posts()[-1]
    for user in (ben, cy):
        await session.click(user, lobby, "Join")
    scenarios = {o["value"]: o["label"] for o in menu(lobby, "scenario")["options"]}
    assert scenarios["burn-down-the-company-town"] == "Scenario: Burn Down the Company Town"
    assert scenarios["none"] == "Scenario: No scenario"
    modes = {o["value"]: o["label"] for o in menu(lobby, "mode")["options"]}
    assert modes["semi_cooperative"] == "Mode: Semi-cooperative"

    picked = await choose(session, ana, lobby, "mode", "semi_cooperative")
    assert reply_text(picked) == "Mode set to Semi-cooperative."
    assert "Mode: Semi-cooperative" in body(session, lobby)
    assert (await session.table()).row.options == {"mode": "semi_cooperative"}

    offered = await session.standin.autocomplete(
        ana,
        session.channel,
        ["game", "option"],
        {"name": "scenario"},
        focused="value",
        value="burn",
    )
    assert offered == [
        {"name": "Burn Down the Company Town", "value": "burn-down-the-company-town"}
    ]


async def test_an_option_is_checked_against_the_players_seated_when_chosen(session: Session):
    ana, ben = session.user("ana"), session.user("ben")
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    lobby = session.posts()[-1]
    await session.click(ben, lobby, "Join")
    refused = await choose(session, ana, lobby, "mode", "semi_cooperative")
    told = reply_text(refused)
    assert refused.reply.ephemeral and "always fully cooperative" in told
    assert "once 3 or 4 are seated" in told
    assert (await session.table()).row.options == {}
    assert "Semi" not in body(session, lobby)
    # What the lobby shows, Start accepts.
    await session.click(ana, session.standin.message(lobby.id), "Start")
    assert (await session.table()).row.status == "active"


async def test_a_leave_that_breaks_the_options_resets_them_and_the_lobby_says_so(
    session: Session,
):
    ana, ben, cy = session.user("ana"), session.user("ben"), session.user("cy")
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    lobby = session.posts()[-1]
    for user in (ben, cy):
        await session.click(user, lobby, "Join")
    await choose(session, ana, lobby, "difficulty", "hard")
    await choose(session, ana, lobby, "mode", "semi_cooperative")
    left = await session.command(cy, "game", "leave")
    assert "Mode is back to Fully cooperative" in reply_text(left)
    note = footer(session, lobby)
    assert "always fully cooperative" in note and "Mode is back to Fully cooperative" in note
    assert "Difficulty: Hard" in body(session, lobby) and "Semi" not in body(session, lobby)
    assert (await session.table()).row.options == {"difficulty": "hard"}
    started = await session.command(ana, "game", "start")
    assert "Started" in reply_text(started)


async def test_a_join_that_breaks_the_options_resets_them_too(session: Session):
    people = [session.user(n) for n in ("ana", "ben", "cy", "dee")]
    ana, ben, cy, dee = people
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    lobby = session.posts()[-1]
    await session.click(ben, lobby, "Join")
    await choose(session, ana, lobby, "scenario", "autonomous-zone-phase-2")  # 2 or 4 players
    assert (await session.table()).row.options == {"scenario": "autonomous-zone-phase-2"}
    await session.click(cy, lobby, "Join")
    note = footer(session, lobby)
    assert "Autonomous Zone Phase II is for 2 or 4 players" in note
    assert "Scenario is back to No scenario" in note
    assert (await session.table()).row.options == {}
    await session.click(dee, lobby, "Join")
    started = await session.command(ana, "game", "start")
    assert "Started" in reply_text(started)


async def test_a_spanish_host_hears_refused_options_in_spanish_naming_the_option_and_choices(
    session: Session,
):
    """A value typed by hand that is no choice, a choice the seats taken rule out, and a
    choice that goes back to its default when a player leaves: each said in the reader's
    language, with the option's and the values' names from the catalogs."""
    session.standin.world.guild_locales[session.standin.guild.id] = "es-ES"
    ana, ben, cy = session.user("ana"), session.user("ben"), session.user("cy")
    ana.locale = ben.locale = cy.locale = "es-ES"
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    lobby = session.posts()[-1]
    await session.click(ben, lobby, "Unirme")
    typed = await session.command(ana, "game", "option", name="difficulty", value="extreme")
    assert reply_text(typed) == (
        '⚠️ "extreme" no es una opción de Dificultad; elige Fácil, Media y Difícil.'
    ), reply_text(typed)
    clash = reply_text(await choose(session, ana, lobby, "mode", "semi_cooperative"))
    assert "Con 2 jugadores la partida siempre es totalmente cooperativa" in clash, clash
    await session.click(cy, session.standin.message(lobby.id), "Unirme")
    await choose(session, ana, lobby, "mode", "semi_cooperative")
    left = reply_text(await session.command(cy, "game", "leave"))
    assert "Modo" in left and "Totalmente cooperativo" in left, left
    assert "Mode" not in left and "Fully" not in left
