"""How a committed change is cut into messages: narration only once a later change supersedes
it; the board, pings and decision-bound buttons on the post that tells of the game as it is."""

from datetime import UTC, datetime, timedelta

from bot.store.models import GameRow, OutboxRow, Post, Prefs
from bot.table import limits, posts
from bot.table.model import Accepted, Table
from engine import Prompt, QuickChoice
from tests.engine.toy_game import GAME as TOY
from tests.engine.toy_game import Bid
from tests.engine.toy_words import words

ALICE, BOB = 101, 202


def table() -> Table:
    state = TOY.setup(TOY.make_options(2), 7)
    row = GameRow(
        id=5,
        channel_id=77,
        guild_id=1,
        game=TOY.id,
        host_id=ALICE,
        status="active",
        options={},
        players=[ALICE, BOB],
        seed=7,
        state=None,
        version=3,
        lobby_message_id=None,
    )
    return Table(row=row, game=TOY, state=state)


def row(post: Post, seq: int = 1) -> OutboxRow:
    return OutboxRow(
        **post.model_dump(),
        id=9,
        game_id=5,
        seq=seq,
        state="pending",
        pieces=None,
        parts_sent=0,
        attempts=0,
        created_at=datetime.now(UTC),
        sending_at=None,
    )


def test_a_superseded_turn_post_is_narration_only():
    turn = row(Post(kind="turn", body={"header": "Bidder 1 has bid.", "final": False}))
    pieces = posts.compose(table(), turn, current=False, show=posts.Show())
    assert [p.content for p in pieces] == ["Bidder 1 has bid."]
    assert not any(p.board or p.ping or p.buttons for p in pieces)


def test_the_current_post_pings_only_seats_not_already_waiting_and_shows_who_owes_a_move():
    t = table()
    turn = row(Post(kind="turn", body={"header": "Round 1.", "final": False}))
    fresh = posts.compose(t, turn, current=True, show=posts.Show())
    assert fresh[-1].board and sorted(fresh[-1].ping) == [ALICE, BOB]
    assert fresh[-1].shows == [(0, 0), (1, 0)]
    shown = posts.Show(announced={(t.seats_of(ALICE)[0], 0)})
    waiting = posts.compose(t, turn, current=True, show=shown)
    assert waiting[-1].ping == [BOB]
    # Alice was shown this decision; asked something new, she is pinged again.
    asked_anew = posts.Show(announced={(t.seats_of(ALICE)[0], 7)})
    assert ALICE in posts.compose(t, turn, current=True, show=asked_anew)[-1].ping


def test_decision_buttons_carry_the_decision_they_answer():
    t = table()
    state = t.state
    for seat in (0, 1):
        state = TOY.apply(state, seat, Bid(card=state.hands[seat][0])).state
    state.pending_loser, state.pending_winner = 1, 0
    t = Table(row=t.row, game=TOY, state=state)
    turn = row(Post(kind="turn", body={"header": "Tie.", "final": False}))
    (spec,) = posts.compose(t, turn, current=True, show=posts.Show())[-1].buttons
    assert spec.seat == 1
    assert spec.decision == TOY.prompts(state)[1].decision
    assert [c["label"] for c in spec.choices] == ["Accept", "Re-roll"]


def test_a_private_post_names_its_game_and_channel_and_a_late_one_says_so():
    private = row(Post(kind="private", recipient=BOB, body={"text": "Your hand: 1, 2"}))
    (piece,) = posts.compose(table(), private, current=True, show=posts.Show(), late="⏱️ late\n")
    assert piece.content.startswith("⏱️ late\n") and "<#77>" in piece.content
    assert piece.content.endswith("Your hand: 1, 2") and not piece.board


NOW = datetime(2026, 3, 2, 20, 0, tzinfo=UTC)


def asking(*seats: int, phase: str | None = "actions:1") -> Table:
    """The toy table with the given seats asked to click, all in one phase."""
    return table().knowing(
        {
            seat: Prompt(
                seat=seat,
                msg=words("Pick one."),
                choices=[
                    QuickChoice(msg=words(label), action={"kind": "bid", "card": 1})
                    for label in ("North", "South", "East")
                ],
                phase=phase,
                decision=4,
            )
            for seat in seats
        }
    )


def moved(by: int, minutes_ago: float = 0) -> OutboxRow:
    at = NOW - timedelta(minutes=minutes_ago)
    return row(
        Post(
            kind="turn",
            body={
                "header": "A move.",
                "final": False,
                "version": 3,
                "by": by,
                "at": at.isoformat(),
            },
        )
    )


def living(*, seen: dict[int, float]) -> posts.Living:
    """The phase's turn message as it stood, with when each player last moved."""
    return posts.Living(
        message=555,
        narration="Earlier.",
        actors=[(0, ALICE)],
        phase="actions:1",
        seen={str(u): (NOW - timedelta(minutes=m)).isoformat() for u, m in seen.items()},
    )


def test_a_phase_keeps_one_message_edited_as_the_actor_changes_while_players_are_there():
    bob = asking(1).seats_of(BOB)[0]
    show = posts.Show(announced={(0, 3)}, living=living(seen={BOB: 4}))
    (piece,) = posts.compose(asking(bob), moved(ALICE), current=True, show=show)
    assert piece.edit == 555 and piece.ping == []
    assert [spec.seat for spec in piece.buttons] == [bob]
    assert "Pick one." in piece.content and piece.content.startswith("Earlier.\nA move.")
    assert piece.living is not None and set(piece.living.seen) == {str(ALICE), str(BOB)}


def test_a_full_phase_message_keeps_its_latest_steps_and_says_where_the_earlier_are():
    bob = asking(1).seats_of(BOB)[0]
    long = living(seen={BOB: 4})
    steps = [f"Step {n}: " + "a unit moves and fights " * 4 for n in range(30)]
    long.narration = "\n".join(steps)
    show = posts.Show(announced={(0, 3)}, living=long)
    (piece,) = posts.compose(asking(bob), moved(ALICE), current=True, show=show)
    assert piece.edit == 555 and piece.ping == [], "still the phase's one message"
    assert len(piece.content) <= limits.MESSAGE_PIECE
    earlier = str(posts.EARLIER)
    assert piece.content.startswith(earlier + "\nStep ") and "Pick one." in piece.content
    assert "Step 0:" not in piece.content and "\nA move.\n" in piece.content
    # The next step trims the same way, with the one line saying where the rest is.
    assert piece.living is not None
    show = posts.Show(announced={(0, 3)}, living=piece.living)
    (again,) = posts.compose(asking(bob), moved(ALICE), current=True, show=show)
    assert again.edit == 555 and again.content.count(earlier) == 1
    assert again.content.count("A move.") == 2


def test_a_player_who_waited_longer_than_the_grace_is_pinged_in_a_new_message():
    bob = asking(1).seats_of(BOB)[0]
    show = posts.Show(announced={(0, 3)}, living=living(seen={BOB: 45}))
    pieces = posts.compose(asking(bob), moved(ALICE), current=True, show=show)
    assert pieces[-1].edit is None and pieces[-1].ping == [BOB] and pieces[-1].board
    assert pieces[-1].living is not None and pieces[-1].living.phase == "actions:1"
    again = posts.Show(announced={(0, 3)}, living=living(seen={BOB: 45}), grace=timedelta(hours=1))
    assert posts.compose(asking(bob), moved(ALICE), current=True, show=again)[-1].edit == 555


def test_seats_choosing_at_once_share_one_message_each_with_their_own_labelled_buttons():
    t = asking(0, 1, phase="districts")
    (piece,) = posts.compose(t, moved(ALICE), current=True, show=posts.Show())
    assert [spec.seat for spec in piece.buttons] == [0, 1]
    names = t.state.seat_names
    assert [c["label"] for c in piece.buttons[1].choices] == [
        f"{names[1]} · North",
        f"{names[1]} · South",
        f"{names[1]} · East",
    ]
    assert sorted(piece.ping) == [BOB], "Alice has just moved: she is at the table"
    assert piece.content.count("Pick one.") == 2


def test_a_player_away_who_asked_for_it_is_told_their_turn_by_dm_and_not_pinged():
    bob_seat = table().seats_of(BOB)[0]
    before = asking(bob_seat)
    before.prompts()[bob_seat].decision = 3
    after = asking(bob_seat)
    after.row.prefs = {BOB: Prefs(turn_dm=True)}
    move = Accepted(
        before=before, after=after, seat=1 - bob_seat, action=Bid(card=1), events=[], outcome=None
    )
    told = posts.for_move(move, by=ALICE, at=NOW)
    (dm,) = [p for p in told if p.kind == "private"]
    assert dm.recipient == BOB and dm.body["text"].startswith("⏰ Your turn as")
    pieces = posts.compose(after, row(told[0]), current=True, show=posts.Show())
    assert BOB not in pieces[-1].ping, "told by DM instead"
    # Back at the table a few minutes ago: watching the message, so no DM either.
    after.row.living = {"seen": {str(BOB): (NOW - timedelta(minutes=3)).isoformat()}}
    assert [p.kind for p in posts.for_move(move, by=ALICE, at=NOW)] == ["turn"]
    # A player who did not ask for DMs is pinged in the channel as before.
    after.row.living, after.row.prefs = None, {}
    assert [p.kind for p in posts.for_move(move, by=ALICE, at=NOW)] == ["turn"]


def test_a_turn_message_with_a_phone_overview_says_where_the_whole_board_is():
    turn = row(Post(kind="turn", body={"header": "Round 1.", "final": False}))
    (overview,) = posts.compose(table(), turn, current=True, show=posts.Show(overview=True))
    assert overview.board and overview.content.endswith(str(posts.WHOLE_BOARD))
    (whole,) = posts.compose(table(), turn, current=True, show=posts.Show())
    assert whole.board and str(posts.WHOLE_BOARD) not in whole.content
    shown = posts.Show(overview=True, board="request")
    (none,) = posts.compose(table(), turn, current=True, show=shown)
    assert not none.board and str(posts.WHOLE_BOARD) not in none.content


def test_a_later_new_message_of_a_game_turn_whose_board_was_shown_shows_its_step_instead():
    bob = asking(1).seats_of(BOB)[0]
    t = asking(bob)
    turn = t.game.turn_number(t.state)
    away = living(seen={BOB: 45})
    # The first new message of the turn carries the whole board, and remembers it did.
    (first,) = posts.compose(t, moved(ALICE), current=True, show=posts.Show(living=away))
    assert first.board and not first.step and first.ping == [BOB]
    assert first.living is not None and first.living.board_turn == turn
    # Another new message in that turn (a ping) shows the picture of its step, and says
    # where the whole board is; so does one after a notice, which ends the living message.
    shown = posts.Show(living=away, board_turn=turn)
    for show in (shown, posts.Show(board_turn=turn)):
        (later,) = posts.compose(t, moved(ALICE), current=True, show=show)
        assert later.edit is None and later.step and not later.board
        assert later.content.endswith(str(posts.WHOLE_BOARD))
        assert later.living is not None and later.living.board_turn == turn
    # The next game turn's first message carries the whole board again.
    (next_turn,) = posts.compose(
        t, moved(ALICE), current=True, show=posts.Show(board_turn=turn - 1)
    )
    assert next_turn.board and not next_turn.step
    # A game whose turn messages show a phone overview keeps showing it.
    overview = posts.Show(board_turn=turn, overview=True)
    (phone,) = posts.compose(t, moved(ALICE), current=True, show=overview)
    assert phone.board and not phone.step
    # The game's end shows the final position whole, even in a turn whose board was shown.
    over = row(Post(kind="turn", body={"header": "Game over.", "final": True, "version": 3}))
    (end, *_) = posts.compose(t, over, current=True, show=posts.Show(board_turn=turn))
    assert end.board and not end.step


def test_a_game_end_too_long_for_one_message_pings_each_player_where_it_names_them():
    """A long end is cut in several messages; a ping reaches only someone the message names,
    so each player is pinged by the first message that names them, and the board comes last."""
    t = table()
    t.row.status = "finished"
    story = "\n".join(f"Round {n}: a long line of what happened that round." for n in range(60))
    header = f"Game over. Winner: <@{ALICE}>.\n{story}\nThanks for playing, <@{BOB}>."
    over = row(Post(kind="turn", body={"header": header, "final": True, "version": 3}))
    pieces = posts.compose(t, over, current=True, show=posts.Show())
    told = [p for p in pieces if not p.timelapse]
    assert len(told) >= 2 and all(len(p.content) <= limits.MESSAGE for p in told)
    assert f"<@{ALICE}>" in told[0].content and told[0].ping == [ALICE]
    (bob,) = [p for p in told if f"<@{BOB}>" in p.content]
    assert bob.ping == [BOB]
    assert [p.board for p in told] == [False] * (len(told) - 1) + [True]
    assert sum(len(p.ping) for p in pieces) == 2, "each pinged once"
