"""Whole games of Space Insurrection played through the loopback Discord stand-in, as players
play them: secret orders written with `/game order` and submitted with the button, actions by
button and typed command, everything read only where Discord would show it.

Besides reaching a win, the games check what must stay secret: no chit of a reserve and no
order before its reveal ever reaches the channel, and what an Agent sees reaches its owner
alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.table.model import Table
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.orders import STAY
from engine.games.space_insurrection.state import SpaceState, Unit, chit_name, special_name
from engine.players import PlayerFactory, default_player, random_player
from engine.rng import Rng
from render.space_insurrection import render
from tests.bot.driver import Policy, play_until_over, seated, step, submit_orders
from tests.bot.harness import Session, game_end, reply_text
from tests.bot.test_e2e_calm import problems, texts_read
from tests.standin import UserRecord

NAMES = ["ana", "ben", "cy", "dee"]


@pytest.fixture
async def session(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


def channel_text(session: Session) -> str:
    return "\n".join(texts_read(session.posts()))


class Watch:
    """Checks after every step that the channel has learned nothing secret so far.

    A chit's name may be public once it has been on the board; a chit that has only ever been
    in reserves must never be named in the channel, nor the kind of a special chit held before
    a copy of that kind has been played.
    A submitted movement order must not be told before the reveal."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.public: set[str] = set()
        self.steps = 0
        self.sheets_seen = 0

    async def __call__(self, _: int) -> None:
        table = await self.session.table()
        state = table.state
        assert isinstance(state, SpaceState)
        self.public |= set(state.units)
        self.steps += 1
        text = channel_text(self.session)
        for reserve in state.reserves:
            for chit in reserve:
                if chit not in self.public and not chit.startswith("special-"):
                    assert not re.search(rf"\b{re.escape(str(chit_name(chit)))}\b", text), chit
                if chit.startswith("special-"):
                    # A held special chit's kind is named only once some copy has been played.
                    kind = str(special_name(chit))
                    assert f"plays {kind}" in text or not re.search(rf"\b{kind}\b", text), kind
        if state.phase == "movement" and state.sheets:
            self.sheets_seen += 1
            for seat, sheet in state.sheets.items():
                for part in filter(None, sheet.split(";")):
                    unit, _, where = part.partition("=")
                    if where != STAY and unit not in state.declared:
                        told = f"{chit_name(unit)!s} {_world(state, unit)} to"
                        assert told not in text, f"{state.seat_names[seat]}'s order leaked"


def _world(state: SpaceState, unit: str) -> str:
    from engine.games.space_insurrection.names import world_name

    return str(world_name(state.units[unit].world))


def red_against(others: PlayerFactory, seed: int, players: int) -> Policy:
    """Red plays the game's own player, which goes for a win by conquest; every other seat
    plays `others`: random ones write orders and fight back, default ones let Red win fast."""
    return seated(seed, {s: others(seed * 10 + s) for s in range(1, players)})


def by_seat(table: Table, users: dict[int, UserRecord]) -> list[UserRecord]:
    assert table.state is not None
    return [users[table.holder(s)] for s in range(len(table.state.seat_names))]


async def test_two_player_game_to_a_win_with_a_missed_deadline_and_a_restart_before_the_reveal(
    session: Session,
):
    ana, ben = session.user("ana"), session.user("ben")
    users = await session.open_game("space_insurrection", ana, ben, seed=3)
    table = await session.table()
    red, blue = by_seat(table, users)
    start = session.posts()[-1]
    assert "Space Insurrection" in start.content and "(Red)" in start.content
    for user, seat in ((red, 0), (blue, 1)):  # the reserve goes by DM, to its owner only
        reserve = str(GAME.hand_text(table.state, seat))
        assert any(reserve in m.content for m in session.standin.dms(user))
        assert reserve not in channel_text(session)
    await session.command(red, "game", "settings", turn_limit=24, on_limit="default")

    watch = Watch(session)
    missed: list[int] = []
    restarted: list[int] = []
    play = red_against(random_player, 3, 2)

    async def before(n: int) -> None:
        await watch(n)
        table = await session.table()
        state = table.state
        assert isinstance(state, SpaceState)
        if state.phase != "movement" or set(state.owing) != {0, 1} or state.turn < 2:
            return
        if not restarted:
            # Red submits, the bot restarts, then Blue submits: the reveal comes once.
            seat, action = play(table)
            assert seat == 0
            assert (await submit_orders(session, red, action.chosen())).startswith("✅")
            before_restart = await session.table()
            await session.restart()
            after = await session.table()
            assert after.state == before_restart.state
            assert "Red has submitted movement orders" in channel_text(session)
            restarted.append(state.turn)
        elif not missed and state.turn > restarted[0]:
            # Red submits; Blue never does, and the turn limit plays its empty orders.
            seat, action = play(table)
            assert (await submit_orders(session, red, action.chosen())).startswith("✅")
            await session.advance(25)
            after = await session.table()
            assert after.state.phase != "movement" or after.state.turn > state.turn
            assert "Orders revealed" in channel_text(session)
            missed.append(state.turn)

    await play_until_over(session, users, play, max_steps=400, before_step=before)
    assert restarted and missed, (restarted, missed)
    assert watch.sheets_seen >= 1
    final = await session.bot.tables.by_id(session.game_id)
    outcome = GAME.outcome(final.state)
    assert outcome is not None and outcome.winners == [0]
    end, _ = await game_end(session)
    assert "Game over" in end.content and "(Red)" in end.content.split("Winner:")[1]
    assert channel_text(session).count("Orders revealed") >= 2
    assert problems(texts_read(session.posts())) == []
    assert await session.bot.tables.replay(final) == final.state
    # The board posted with the end is the spectator's view of the final state, nothing more.
    (board,) = end.attachments
    names = [final.row.player_names.get(str(final.holder(s))) for s in (0, 1)]
    assert board.data == render(GAME.view(final.state, None), names)
    session.standin.assert_clean()


async def test_four_player_game_with_special_chits_to_a_win(session: Session):
    people = [session.user(n) for n in NAMES]
    users = await session.open_game("space_insurrection", *people, seed=11, specials="1")
    watch = Watch(session)
    play = red_against(default_player, 11, 4)
    await play_until_over(session, users, play, max_steps=600, before_step=watch)
    final = await session.bot.tables.by_id(session.game_id)
    outcome = GAME.outcome(final.state)
    assert outcome is not None and outcome.winners == [0]
    assert watch.steps > 50
    text = channel_text(session)
    assert "Actions at" in text and "Orders revealed" in text and "Game over" in text
    assert problems(texts_read(session.posts())) == []
    # Every seat asked to act at a world was pinged there, and only players were pinged.
    for message in session.posts():
        assert set(message.pinged_ids) <= set(users)
    session.standin.assert_clean()


async def test_what_an_agent_sees_in_a_reserve_reaches_its_owner_alone(session: Session):
    ana, ben = session.user("ana"), session.user("ben")
    users = await session.open_game("space_insurrection", ana, ben, seed=3)
    table = await session.table()
    red, blue = by_seat(table, users)
    state = table.state
    assert isinstance(state, SpaceState)
    # A surveillance phase in which Red's Agent at home is the only one asked, with a die that
    # lets it see Blue's reserve.
    home = next(w.id for w in state.worlds if w.loyal == 0)
    agent = next(c for c in state.pile if c.startswith("agent-"))
    state.pile.remove(agent)
    state.units[agent] = Unit(id=agent, owner=0, world=home)
    state.phase, state.owing, state.sheets = "surveillance", [0], {}
    state.rng = next(r for r in map(Rng.seeded, range(100)) if r.model_copy().roll(1)[0] <= 2)
    await session.bot.tables.act(
        table, red.id, {"kind": "surveillance", "orders": f"{agent}=reserve-1"}
    )
    await session.bot.publisher.publish(table.row.id)
    seen = ", ".join(str(chit_name(c)) for c in sorted(state.reserves[1]))
    told = [m.content for m in session.standin.dms(red) if "sees Blue's reserve" in m.content]
    assert len(told) == 1
    assert all(str(chit_name(c)) in told[0] for c in state.reserves[1]), (told, seen)
    assert not any("sees Blue's reserve" in m.content for m in session.standin.dms(blue))
    text = channel_text(session)
    assert "observes Blue's reserve" in text and "sees Blue's reserve" not in text
    assert not any(str(chit_name(c)) in text for c in state.reserves[1])


async def test_wrong_orders_and_actions_are_refused_with_reasons_and_change_nothing(
    session: Session,
):
    ana, ben = session.user("ana"), session.user("ben")
    users = await session.open_game("space_insurrection", ana, ben, seed=3)
    table = await session.table()
    red, blue = by_seat(table, users)
    play = red_against(random_player, 3, 2)
    # Play until a movement phase in which both seats have units to order.
    for _ in range(200):
        table = await session.table()
        state = table.state
        if state.phase == "movement" and set(state.owing) == {0, 1}:
            break
        await step(session, users, play)
    else:
        pytest.fail("no movement phase with both seats asked")
    version = table.row.version
    red_unit = next(line.key for line in table.prompts()[0].sheet.lines)
    blue_unit = next(line.key for line in table.prompts()[1].sheet.lines)

    answer = reply_text(await session.command(red, "game", "order", unit=blue_unit, to=STAY))
    assert "Blue" in answer and "not one of yours" in answer
    answer = reply_text(await session.command(red, "game", "order", unit=red_unit, to="nowhere"))
    assert "may go to" in answer
    assert (await session.table()).row.version == version

    assert (await submit_orders(session, red, {})).startswith("✅")
    answer = reply_text(await session.command(red, "game", "order", unit=red_unit, to=STAY))
    assert "already submitted" in answer
    panel = (await session.command(red, "game", "orders")).reply
    assert panel is not None and "Submit orders" not in [
        c.get("label") for c in panel.iter_components()
    ]
    assert (await submit_orders(session, blue, {})).startswith("✅")
    answer = reply_text(await session.command(blue, "game", "order", unit=blue_unit, to=STAY))
    assert "revealed" in answer or "no orders" in answer.lower()
    del users
