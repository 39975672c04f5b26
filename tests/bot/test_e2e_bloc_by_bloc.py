"""Whole games of Bloc by Bloc through the loopback Discord stand-in, and a check over everything
the bot sent that no faction's loot cards or agenda ever reached anyone else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.table import binding
from bot.table.model import Table
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.state import BlocState
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session, game_end, reply_text, whole_post
from tests.standin import MessageRecord, UserRecord

CONTENT = load_content()
AGENDA_NAMES = [a.name for a in CONTENT.agendas.values()]


@pytest.fixture
async def session(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


class SecretsWatch:
    """Remembers who held which secrets, step by step, then checks everything that was sent."""

    def __init__(self, session: Session, users: dict[int, UserRecord]) -> None:
        self.session = session
        self.users = users
        self.card_offers_checked = 0
        self.agenda_of: dict[int, set[str]] = {}
        self.factions_of: dict[int, set[str]] = {}

    async def before_step(self, n: int) -> None:
        """Autocomplete for a loot card offers only the asking player's own cards."""
        table = await self.session.table()
        state = table.state
        assert isinstance(state, BlocState)
        for seat, name in enumerate(state.seat_names):
            self.factions_of.setdefault(table.holder(seat), set()).add(name)
        for seat, agenda in enumerate(state.agendas):
            if agenda is not None:
                self.agenda_of.setdefault(table.holder(seat), set()).add(
                    CONTENT.agendas[agenda].name
                )
        prompts = table.prompts()
        for seat, prompt in prompts.items():
            if "card" not in prompt.kinds:
                continue
            user = self.users[table.holder(seat)]
            offered = {
                binding.bare(v)
                for v in await self.session.offered(user, ["bloc", "card"], {}, "card")
            }
            own = {c for s in table.seats_of(user.id) for c in state.hands[s]}
            assert set(offered) <= own, f"{user.name} was offered cards not in their hand"
            self.card_offers_checked += 1

    def check_everything_sent(self, end: list[MessageRecord], *, final_reveal: bool) -> None:
        """`end`: the game's end (its messages), which reveals the agendas; nothing else the
        channel shows may."""
        standin = self.session.standin
        channel = standin.messages(self.session.channel)
        public = "\n".join(
            m.content + " ".join(str(e) for e in m.embeds) + " ".join(map(str, m.components))
            for m in channel
            if not any(m is e for e in end)
        )
        for name in AGENDA_NAMES:
            assert not re.search(rf"\b{re.escape(name)}\b", public), f"agenda {name} leaked"
        channel_lines = {line.strip() for line in public.splitlines()}
        dm_lines = {
            line.strip()
            for user in self.users.values()
            for m in standin.dms(user)
            for line in m.content.splitlines()[1:]
        }
        assert dm_lines, "the players were sent their secrets"
        leaked = dm_lines & channel_lines
        assert not leaked, f"private lines reached the channel: {leaked}"
        for user_id, user in self.users.items():
            private = "\n".join(m.content for m in standin.dms(user) + standin.ephemerals(user))
            others = set().union(*(a for u, a in self.agenda_of.items() if u != user_id))
            mine = self.agenda_of.get(user_id, set())
            for name in others - mine:
                assert name not in private, f"{user.name} saw another faction's agenda {name}"
        for user in self.users.values():
            factions = set(self.factions_of.get(user.id, ()))
            for m in standin.dms(user) + standin.ephemerals(user):
                for named in re.findall(r"You play the (\w+)", m.content):
                    assert named in factions, f"{user.name} was sent the {named}' secrets"
        if final_reveal:
            for names in self.agenda_of.values():
                told = "\n".join(e.content for e in end)
                assert all(n in told for n in names), "agendas revealed at the end"


async def assert_game_over_shown(session: Session) -> list[MessageRecord]:
    """The game's end, in as many messages as its text takes, its last board on the last."""
    last, lapse = await game_end(session)
    end = [m for m in whole_post(session, last) if m is not lapse]
    assert end[-1] is last
    assert "Game over" in end[0].content and last.attachments
    assert session.bot is not None
    row = await session.bot.store.latest_game(session.channel.id, finished=True)
    assert row is not None
    pinged = [p for m in end for p in m.pinged_ids]
    assert sorted(pinged) == sorted(set(row.players)), "every player pinged once at the end"
    return end


def assert_pings_and_time(session: Session, users: dict[int, UserRecord]) -> None:
    for message in session.standin.messages(session.channel):
        assert set(message.pinged_ids) <= set(users)
    assert not [r for r in session.standin.interactions if r.late]
    session.standin.assert_clean()


async def test_two_player_cooperative_game_to_the_end_with_a_restart_mid_night(session: Session):
    alice, bob = session.user("alice"), session.user("bob")
    users = await session.open_game("bloc_by_bloc", alice, bob, seed=4, mode="fully_cooperative")
    table = await session.table()
    assert sorted(table.holder(s) for s in range(4)) == sorted([alice.id, alice.id, bob.id, bob.id])
    restarted: list[int] = []

    async def restart_mid_night(n: int) -> None:
        table = await session.table()
        state = table.state
        assert isinstance(state, BlocState)
        if not restarted and state.night == 2 and any(d.used for d in state.dice):
            before = state
            await session.restart()
            after = (await session.table()).state
            assert after == before
            restarted.append(n)

    await play_until_over(session, users, seated(4), max_steps=1500, before_step=restart_mid_night)
    assert restarted, "the bot was restarted during a night"
    end = await assert_game_over_shown(session)
    assert "Sunrise" in "\n".join(m.content for m in session.posts())
    assert "Game over" in end[0].content
    finished = await session.bot.tables.by_id(session.game_id)
    assert await session.bot.tables.replay(finished) == finished.state
    assert_pings_and_time(session, users)


async def test_three_player_semi_cooperative_game_with_closed_dms(session: Session):
    ana, ben, cy = session.user("ana"), session.user("ben"), session.user("cy")
    session.standin.close_dms(cy)
    users = await session.open_game(
        "bloc_by_bloc", ana, ben, cy, seed=SEMI_SEED, mode="semi_cooperative"
    )
    notice = next(m for m in session.posts() if "could not send you a direct message" in m.content)
    assert notice.pinged_ids == [cy.id]
    assert session.standin.dms(cy) == []
    hand = await session.command(cy, "game", "hand")
    assert hand.ephemeral
    table: Table = await session.table()
    state = table.state
    seat = table.seats_of(cy.id)[0]
    assert CONTENT.agendas[state.agendas[seat]].name in reply_text(hand)
    for card in state.hands[seat]:
        assert CONTENT.loot[card].name in reply_text(hand)
    first_dm = session.standin.dms(ana)[0].content
    assert "You play the" in first_dm and "Loot cards:" in first_dm and "Agenda:" in first_dm

    watch = SecretsWatch(session, users)
    await play_until_over(
        session, users, seated(SEMI_SEED), max_steps=1500, before_step=watch.before_step
    )
    end = await assert_game_over_shown(session)
    watch.check_everything_sent(end, final_reveal=True)
    assert watch.card_offers_checked > 0
    assert_pings_and_time(session, users)


async def test_four_player_scenario_game(session: Session):
    people = [session.user(n) for n in ("ana", "ben", "cy", "dee")]
    users = await session.open_game(
        "bloc_by_bloc",
        *people,
        seed=SCENARIO_SEED,
        mode="semi_cooperative",
        scenario="let-the-infighting-begin",
    )
    table = await session.table()
    assert table.row.options["scenario"] == "let-the-infighting-begin"
    watch = SecretsWatch(session, users)
    await play_until_over(
        session, users, seated(SCENARIO_SEED), max_steps=1500, before_step=watch.before_step
    )
    end = await assert_game_over_shown(session)
    watch.check_everything_sent(end, final_reveal=True)
    assert_pings_and_time(session, users)


async def test_forbidden_option_combinations_are_refused_with_the_reason(session: Session):
    ana, ben, cy = session.user("ana"), session.user("ben"), session.user("cy")
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    for user in (ben, cy):
        await session.command(user, "game", "join")
    await session.command(ana, "game", "option", name="mode", value="semi_cooperative")
    refused = await session.command(
        ana, "game", "option", name="scenario", value="routine-traffic-stop"
    )
    assert refused.ephemeral and "cooperative" in reply_text(refused).lower()
    assert (await session.table()).row.options == {"mode": "semi_cooperative"}
    infighting = await session.command(
        ana, "game", "option", name="scenario", value="let-the-infighting-begin"
    )
    assert "set to" in reply_text(infighting)
    beginner = await session.command(ana, "game", "option", name="beginner", value="True")
    assert "do not go together" in reply_text(beginner) and "scenario" in reply_text(beginner)
    assert (await session.table()).row.status == "lobby"


SEMI_SEED = 4
SCENARIO_SEED = 1


async def test_lobby_option_menus_work_after_a_restart(session: Session):
    ana = session.user("ana")
    await session.command(ana, "game", "new", game="bloc_by_bloc")
    lobby = session.posts()[-1]
    await session.restart()
    lobby = session.standin.message(lobby.id)
    menu = next(c for c in lobby.custom_ids if c.endswith(":difficulty"))
    record = await session.standin.select(ana, lobby, menu, ["hard"])
    await record.done()
    assert "Difficulty set to Hard" in reply_text(record)
    assert (await session.table()).row.options == {"difficulty": "hard"}
    assert "Difficulty: Hard" in session.standin.message(lobby.id).embeds[0]["description"]
