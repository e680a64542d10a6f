"""The game drawn (issue 26): each win's hand as tiles with its dora and ura indicators, every player's
score after each hand, the final standings by our engine beside the log's (a difference flagged), the
log's raw text behind a toggle, and rounds and results in the page's language."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_mygames import FIXTURES, game_ids, upload

BUG5 = (FIXTURES / "real" / "dn_bug5.xml").read_bytes()
"""A real hanchan ending in a double ron, with Tenhou's final scores and points (owari)."""


def page(client: FlaskClient, app: Flask, lang: str = "en") -> str:
    (game_id,) = game_ids(app)
    return client.get(f"/practice/games/{game_id}?lang={lang}").get_data(as_text=True)


def test_each_win_is_drawn_as_tiles_with_its_indicators(app: Flask, client: FlaskClient) -> None:
    upload(client, BUG5, name="bug5.xml")
    shown = page(client, app)
    wins = shown.split('class="logged-result')[1:]
    assert len(wins) == 8
    for win in wins:
        hand = re.search(r'<p class="hand">(.*?)</p>', win, re.S)
        assert hand and hand.group(1).count("<img") >= 14 and "win-group" in hand.group(1)
        assert "Dora indicators:" in win and re.search(r"\d+ han( \d+ fu)?, \d+ points", win)
        assert '<details class="raw-log"><summary>Details</summary>' in win  # the log's text, out of the way
    assert "Ura dora indicators:" in shown


def test_scores_after_each_hand_and_standings_beside_the_logs(app: Flask, client: FlaskClient) -> None:
    upload(client, BUG5, name="bug5.xml")
    shown = page(client, app)
    scores = shown.split('class="game-scores"')[1].split("</table>")[0]
    assert scores.count("<tr>") == 1 + 10  # the header and every hand, draws too
    assert '<td class="num">24,900</td><td class="num">13,300</td><td class="num">29,200</td>' in scores
    end = shown.split('class="game-end"')[1].split("</table>")[0]
    # Tenhou's own final points (owari) are ours: +43, +9, -15, -37.
    assert [m for m in re.findall(r'<td class="num">([+\-][0-9.]+)</td>', end)] == [
        "+43.0",
        "+43.0",
        "+9.0",
        "+9.0",
        "-15.0",
        "-15.0",
        "-37.0",
        "-37.0",
    ]
    assert "differs" not in end


def test_final_points_unlike_ours_are_flagged(app: Flask, client: FlaskClient) -> None:
    upload(
        client,
        BUG5.replace(b'owari="249,-15,133,-37,292,9,326,43"', b'owari="249,-15,133,-47,292,9,326,53"'),
        name="bug5.xml",
    )
    shown = page(client, app)
    assert "<strong>differs</strong>" in shown and "The log's final points differ from ours" in shown


def test_the_chinese_page_says_rounds_and_results_in_chinese(app: Flask, client: FlaskClient) -> None:
    upload(client, BUG5, name="bug5.xml")
    shown = page(client, app, "zh")
    assert "东1局" in shown and "南4局" in shown
    body = re.sub(r"<(script|style)\b.*?</\1>", "", shown, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    for english in ("East 1", "South 4", " honba", " han ", "points", "Scores after", "Final standings"):
        assert english not in text, english
