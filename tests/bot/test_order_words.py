"""An order sheet's words reach each player in their own language: the sheet carries messages,
so its title and lines read in Spanish to a Spanish reader, and a line or an order typed by
hand is found by its Spanish words as well as by its English ones."""

from __future__ import annotations

from bot.discord.orders import Draft, draft_text, find_line, find_option
from engine import OrderSheet
from engine.games.space_insurrection import orders
from tests.engine.space_insurrection.support import blockade_sheets


def _sheet() -> OrderSheet:
    return orders.sheet(blockade_sheets(), 0)


def test_a_draft_reads_in_the_players_language() -> None:
    draft = Draft(seat=0, name="Red", decision=1, sheet=_sheet(), lines={})
    spanish = draft_text(draft, "es")
    assert "Declaraciones de bloqueo" in spanish
    assert "Crucero Estelar #1 en Borealis: quedar libre para moverse (por defecto)" in spanish
    english = draft_text(draft, "en")
    assert "Blockade declarations" in english and "Star Cruiser #1 at Borealis" in english


def test_a_line_and_an_order_are_found_by_their_spanish_or_english_words() -> None:
    sheet = _sheet()
    for typed in ("crucero estelar #1 en borealis", "Star Cruiser #1 at Borealis"):
        line = find_line(sheet, typed, "es")
        assert line is not None and line.key == "star_cruiser-1", typed
    line = find_line(sheet, "star_cruiser-1", "es")
    assert line is not None
    for typed in ("bloquear Borealis", "blockade borealis", "blockade"):
        option = find_option(line, typed, "es")
        assert option is not None and option.value == "blockade", typed
    assert find_line(sheet, "crucero estelar #1 en borealis", "en") is None
