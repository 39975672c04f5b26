"""Focus images (what one step changed, for phones), display names, and finished boards.

Steps come from seeded games played with random legal actions that take the wanted kind of
action as soon as it is legal, so each test sees a real before and after of that action.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image
from pydantic import BaseModel

import render
from bot.discord.drawing import Drawing
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.bloc_by_bloc.view import BlocView
from engine.games.not_on_my_block import GAME as NOMB
from engine.games.not_on_my_block.view import NombView, PendingView
from engine.messages import m
from render.bloc_by_bloc import side as bloc_side
from render.bloc_by_bloc.closeup import changed_cells
from render.focus import MAX_WIDTH, Window, best_window, window, without_game_over
from render.names import clean_name, with_player
from render.not_on_my_block import headline as nomb_headline
from render.not_on_my_block.closeup import changed_blocks
from render.not_on_my_block.side import result as nomb_result
from render.not_on_my_block.side import status_lines
from tests.bench.render import reckless
from tests.bot.test_drawing import table_of
from tests.render.test_layers import busy_city, over
from tests.render.test_not_on_my_block_render import midgame_state

PLAYERS = ["ana", "Bartholomew", "José", "kim"]
QUIET = frozenset({"gift", "trade", "end", "skip", "pass", "decline", "collude"})

Step = tuple[BaseModel, BaseModel]


def play_until(
    game: Any, players: int, seed: int, wanted: Callable[[Any, Any], bool], limit: int = 600
) -> tuple[Any, Any]:
    """Before and after states of the first action `wanted(state, action)` accepts, in a
    seeded random game that takes such an action as soon as one is legal (and, in Bloc by
    Bloc, keeps its blocs out of police lines, so the game lasts: see the render benchmark)."""
    rnd = random.Random(seed)
    options = {"mode": "semi_cooperative"} if game is BLOC else {}
    state = game.setup(game.make_options(players, **options), seed)
    for _ in range(limit):
        assert game.outcome(state) is None, "the game ended before the wanted step"
        seat = rnd.choice(sorted(game.prompts(state)))
        actions = game.legal_actions(state, seat)
        hits = [a for a in actions if wanted(state, a)]
        if hits:
            return state, game.apply(state, seat, hits[0]).state
        busy = [a for a in actions if a.kind not in QUIET and not reckless(state, a)] or actions
        state = game.apply(state, seat, rnd.choice(busy)).state
    raise AssertionError("no wanted step within the limit")


def kind(name: str) -> Callable[[Any, Any], bool]:
    return lambda state, action: action.kind == name


def nomb_pushes(state: Any, action: Any) -> bool:
    """A Developer move that shifts an apartment (a push)."""
    if action.kind != "move" or state.active != 0 or state.pending:
        return False
    after = NOMB.apply(state, 0, action).state
    return [a.at for a in after.apartments] != [a.at for a in state.apartments]


def views(game: Any, before: Any, after: Any) -> Step:
    return game.view(before, None), game.view(after, None)


@cache
def bloc_step(name: str) -> Step:
    if name == "sunrise":
        before, after = play_until(
            BLOC, 4, 7, lambda s, a: a.kind == "end" and s.phase == "turn" and s.current == 3
        )
    else:
        before, after = play_until(BLOC, 4, 7, kind(name))
    return views(BLOC, before, after)


@cache
def nomb_step(name: str) -> Step:
    if name == "push":
        return views(NOMB, *play_until(NOMB, 4, 4, nomb_pushes))
    if name == "final":
        return nomb_final()
    return views(NOMB, *play_until(NOMB, 4, 4, kind(name)))


def nomb_final() -> Step:
    """The Developer's fifth apartment pushed off the board: the game ends on this step."""
    before = midgame_state()
    apartments = {a.id: a for a in before.apartments}
    for gone in ("red-apt1", "blue-apt1", "yellow-apt2"):
        apartments[gone].at, apartments[gone].status = None, "pushed"
    before.agents["agent1"] = "H8"
    after = before.model_copy(deep=True)
    apartments = {a.id: a for a in after.apartments}
    apartments["red-apt3"].at, apartments["red-apt3"].status = None, "pushed"
    after.agents["agent1"] = "H9"
    return views(NOMB, before, after)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


STEPS = [
    ("bloc_by_bloc", "start"),
    ("bloc_by_bloc", "move"),
    ("bloc_by_bloc", "attack"),
    ("bloc_by_bloc", "sunrise"),
    ("not_on_my_block", "place"),
    ("not_on_my_block", "move"),
    ("not_on_my_block", "push"),
    ("not_on_my_block", "final"),
]


def step(game: str, name: str) -> Step:
    return bloc_step(name) if game == BLOC.id else nomb_step(name)


@pytest.mark.parametrize(("game", "name"), STEPS, ids=[f"{g}-{n}" for g, n in STEPS])
def test_a_focus_image_is_phone_sized_and_shows_something(game: str, name: str) -> None:
    before, after = step(game, name)
    png = render.focus_png(game, before, after, PLAYERS)
    assert png is not None and png.startswith(b"\x89PNG")
    image = decode(png)
    assert 700 <= image.width <= MAX_WIDTH
    assert image.height <= 1.4 * image.width, "a phone shows a tall image too small"
    assert len(png) < 120_000
    colours = image.getcolors(maxcolors=1 << 16) or []
    assert len(colours) > 20, "more than a blank page"


@pytest.mark.parametrize(("game", "name"), STEPS, ids=[f"{g}-{n}" for g, n in STEPS])
def test_the_same_view_twice_gives_no_focus_image(game: str, name: str) -> None:
    _, after = step(game, name)
    assert render.focus_png(game, after, after.model_copy(deep=True), PLAYERS) is None


def test_a_step_that_changes_nothing_on_the_city_gives_no_focus_image() -> None:
    before, after = views(BLOC, *play_until(BLOC, 4, 7, kind("trade")))
    assert before != after
    assert changed_cells(before, after) == {}  # type: ignore[arg-type]
    assert render.focus_png(BLOC.id, before, after) is None


def test_a_move_changes_both_of_its_districts() -> None:
    before, after = bloc_step("move")
    assert isinstance(before, BlocView) and isinstance(after, BlocView)
    changed = changed_cells(before, after)
    assert len(changed) >= 2
    lost = [t for t, u in zip(before.tiles, after.tiles, strict=True) if t.blocs != u.blocs]
    assert {(t.row, t.col) for t in lost} <= set(changed)


def test_a_push_changes_the_apartment_old_and_new_blocks() -> None:
    before, after = nomb_step("push")
    assert isinstance(before, NombView) and isinstance(after, NombView)
    changed = changed_blocks(before, after)
    old = {a.id: a.at for a in before.apartments}
    moved = [a for a in after.apartments if old[a.id] != a.at]
    assert moved
    for apartment in moved:
        assert {old[apartment.id], apartment.at} - {None} <= changed


@pytest.mark.parametrize(("game", "name"), [("bloc_by_bloc", "move"), ("not_on_my_block", "push")])
def test_display_names_change_the_images(game: str, name: str) -> None:
    before, after = step(game, name)
    assert render.focus_png(game, before, after, PLAYERS) != render.focus_png(game, before, after)
    named = render.board_png(game, after, PLAYERS)
    assert named != render.board_png(game, after)
    assert render.board_png(game, after) == render.renderer_for(game)(after)


def test_display_names_sit_beside_seat_and_faction_names() -> None:
    _, after = bloc_step("move")
    assert isinstance(after, BlocView)
    seat = after.current_seat
    headline = bloc_side.headline(after, PLAYERS)
    assert f"{after.factions[seat].name} ({clean_name(PLAYERS[seat])})" in headline
    titles = [bloc_side.mat_lines(after, f, PLAYERS)[0].text for f in after.factions]
    assert titles[2].startswith(f"{after.factions[2].name} · José")
    _, nomb = nomb_step("move")
    assert isinstance(nomb, NombView)
    texts = [line.text for line in status_lines(nomb, PLAYERS)]
    assert any(t.startswith("Red Resident · Bartholomew:") for t in texts), texts


def test_names_draw_as_written_and_lose_only_what_no_font_draws() -> None:
    assert clean_name("José") == "José"
    assert clean_name("Łukasz Straße") == "Łukasz Straße"
    assert clean_name("Влад") == "Влад"
    assert clean_name("山田 🎲") == "山田"
    assert clean_name("王小明") == "王小明"
    assert clean_name("🎲 ana 🔥") == "ana"
    assert clean_name("❤️ zoë 👨‍👩‍👧") == "❤ zoë", "a heart the font has stays, without its selector"
    assert clean_name("Jose\u0301") == "José", "a combining accent is kept, composed"
    assert clean_name("🔥🔥") == ""
    assert clean_name(None) == ""
    assert len(clean_name("x" * 40)) <= 24
    assert with_player("Workers", ["Влад"], 0) == "Workers · Влад"
    assert with_player("Workers", ["👍🏽"], 0) == "Workers"
    assert with_player("Workers", ["ana"], 3) == "Workers"


def test_a_renderer_without_players_still_draws_when_given_them() -> None:
    calls = []

    def plain(view: BaseModel) -> bytes:
        calls.append(view)
        return b"png"

    render.RENDERERS["plain_test_game"] = plain
    try:
        assert render.board_png("plain_test_game", after_view(), ["ana"]) == b"png"
        assert render.focus_png("plain_test_game", after_view(), after_view(), ["ana"]) is None
    finally:
        render.RENDERERS.pop("plain_test_game", None)
        render.FOCUSES.pop("plain_test_game", None)
    assert len(calls) == 1


def after_view() -> BaseModel:
    return nomb_step("move")[1]


def test_a_finished_not_on_my_block_board_says_game_over_and_never_waiting() -> None:
    _, after = nomb_step("final")
    assert isinstance(after, NombView)
    assert after.phase == "over"
    # Even a view that still carries a pending decision draws no wait on a finished game.
    stale = after.model_copy(
        update={
            "pending": PendingView(
                seat=0, seat_name=m("nomb.seat.developer"), msg=m("nomb.prompt.place_one")
            )
        }
    )
    for view in (after, stale):
        texts = [line.text for line in status_lines(view, PLAYERS)]
        assert texts[0] == "Game over"
        assert str(after.result) in texts
        assert not any("Waiting" in t or "waiting" in t for t in texts)
        assert nomb_headline(view, PLAYERS).startswith("Game over: Developer (ana) wins")


def test_a_tie_on_a_finished_board_reads_as_a_shared_win() -> None:
    """Three winners are listed as English lists them and share the win; they never read as
    "Red & Blue & Yellow win"."""
    _, after = nomb_step("final")
    assert isinstance(after, NombView)
    tie = after.model_copy(update={"winners": [1, 2, 3]})
    names = [str(tie.seats[s].name) for s in (1, 2, 3)]
    shared = f"{names[0]}, {names[1]} and {names[2]} share the win"
    assert nomb_headline(tie) == f"Game over: {shared}"
    assert nomb_result(tie.model_copy(update={"result": None})) == f"{shared}."
    bloc = BLOC.view(over(busy_city()), None)
    assert isinstance(bloc, BlocView)
    pair = bloc.model_copy(update={"winners": [0, 1]})
    assert bloc_side.headline(pair).endswith(" share the win"), bloc_side.headline(pair)


def test_a_finished_bloc_board_says_game_over_and_how() -> None:
    view = BLOC.view(over(busy_city()), None)
    assert isinstance(view, BlocView)
    texts = [line.text for line in bloc_side.turn_lines(view, PLAYERS)]
    assert texts[0] == "Game over"
    assert any("Time runs out." in t for t in texts[1:])
    assert not any(t.startswith("Turn:") or "Waiting" in t for t in texts)
    assert bloc_side.headline(view).startswith("Game over")
    titles = [bloc_side.mat_lines(view, f, PLAYERS)[0].text for f in view.factions]
    assert not any("playing" in t for t in titles)


def test_without_game_over() -> None:
    assert without_game_over("Game over: Time runs out.") == "Time runs out."
    assert without_game_over("The Developer wins.") == "The Developer wins."


def test_the_window_centres_a_lone_change_and_stops_at_the_edge() -> None:
    assert best_window({(2, 2)}, 5, 5, 3, 3) == (1, 1)
    assert best_window({(0, 0)}, 5, 5, 3, 3) == (0, 0)
    assert best_window({(4, 8)}, 9, 9, 5, 5) == (2, 4)
    # Too wide to fit: the window holding most of the changes wins.
    assert best_window({(0, 0), (0, 4), (1, 4), (2, 4)}, 5, 5, 3, 3) == (0, 2)


def test_a_window_stops_at_a_small_grid_and_holds_the_cells_it_shows() -> None:
    shown = window({(0, 4)}, 2, 9, 3)
    assert shown == Window((0, 3), 2, 3) and shown.bottom_right == (1, 5)
    assert (0, 3) in shown and (1, 5) in shown
    assert (0, 2) not in shown and (2, 4) not in shown and (1, 6) not in shown


async def test_the_bot_draws_a_step_and_the_board_with_names_in_a_thread() -> None:
    drawing = Drawing(workers=0)
    await drawing.start()
    before, after = play_until(NOMB, 4, 4, kind("move"))
    old, new = (table_of(NOMB, state, players=4, seed=4) for state in (before, after))
    try:
        picture = await drawing.step(old, new, PLAYERS)
        assert picture is not None and picture.filename == "step.png"
        assert decode(picture.fp.getvalue()).width <= MAX_WIDTH
        same = await drawing.step(new, new, PLAYERS)
        assert same is None
        board = await drawing.board(new, PLAYERS)
        plain = await drawing.board(new)
        assert board.fp.getvalue() != plain.fp.getvalue()
    finally:
        drawing.stop()
