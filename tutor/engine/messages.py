"""Every sentence the engine shows a learner, by message id.

Results carry message ids and parameters, never finished English, so a
Chinese edition can add a catalogue of its own. Yaku declare their reason
sentences beside their rule (``yaku/*.py``); they join this catalogue as
``yaku.<id>.<reason>``. :func:`catalogue` is the whole set for translators.

>>> text("fu.closed_triplet.terminals", tiles="999p", fu=8)
'Closed triplet of terminals 999p: 8 fu'
"""

from __future__ import annotations

from functools import cache
from typing import Any

ENGLISH: dict[str, str] = {
    # Fu (RULES.md §6)
    "fu.base": "Base (futei): {fu} fu",
    "fu.menzen_ron": "Closed hand won by ron (menzen kafu): {fu} fu",
    "fu.tsumo": "Tsumo: {fu} fu",
    "fu.pinfu_tsumo": "Pinfu tsumo: the 2 tsumo fu are not added, the hand stays at 20 fu",
    "fu.open_pinfu": "Open hand won by ron with no other fu: {fu} fu, so it rounds up to 30",
    "fu.chiitoitsu": "Seven pairs (chiitoitsu): a fixed {fu} fu, not rounded",
    "fu.wait.kanchan": "Closed wait (kanchan) {tiles} on {win}: {fu} fu",
    "fu.wait.penchan": "Edge wait (penchan) {tiles} on {win}: {fu} fu",
    "fu.wait.tanki": "Pair wait (tanki) on {win}: {fu} fu",
    "fu.pair.dragon": "Pair of dragons {tiles}: {fu} fu",
    "fu.pair.seat_wind": "Pair of the seat wind {tiles}: {fu} fu",
    "fu.pair.round_wind": "Pair of the round wind {tiles}: {fu} fu",
    "fu.pair.double_wind": "Pair of the double wind {tiles} (seat and round wind): {fu} fu",
    "fu.closed_triplet.simples": "Closed triplet of simples {tiles}: {fu} fu",
    "fu.closed_triplet.terminals": "Closed triplet of terminals {tiles}: {fu} fu",
    "fu.closed_triplet.honours": "Closed triplet of honours {tiles}: {fu} fu",
    "fu.open_triplet.simples": "Open triplet of simples {tiles}: {fu} fu",
    "fu.open_triplet.terminals": "Open triplet of terminals {tiles}: {fu} fu",
    "fu.open_triplet.honours": "Open triplet of honours {tiles}: {fu} fu",
    "fu.ron_triplet.simples": "Triplet of simples {tiles} completed by ron counts as open: {fu} fu",
    "fu.ron_triplet.terminals": "Triplet of terminals {tiles} completed by ron counts as open: {fu} fu",
    "fu.ron_triplet.honours": "Triplet of honours {tiles} completed by ron counts as open: {fu} fu",
    "fu.closed_quad.simples": "Closed kan of simples {tiles}: {fu} fu",
    "fu.closed_quad.terminals": "Closed kan of terminals {tiles}: {fu} fu",
    "fu.closed_quad.honours": "Closed kan of honours {tiles}: {fu} fu",
    "fu.open_quad.simples": "Open kan of simples {tiles}: {fu} fu",
    "fu.open_quad.terminals": "Open kan of terminals {tiles}: {fu} fu",
    "fu.open_quad.honours": "Open kan of honours {tiles}: {fu} fu",
    "fu.rounded": "{total} fu rounded up to {fu}",
    # Dora (RULES.md §1.2-1.3): listed like yaku, though they are not yaku
    "yaku.dora.hit": "{count} dora; indicator→dora: {indicators}",
    "yaku.ura_dora.hit": "{count} ura dora; indicator→ura dora: {indicators}",
    "yaku.aka_dora.hit": "{count} red five(s)",
    # Limits (RULES.md §7.1)
    "limit.mangan": "Mangan",
    "limit.haneman": "Haneman",
    "limit.baiman": "Baiman",
    "limit.sanbaiman": "Sanbaiman",
    "limit.yakuman": "Yakuman",
    "limit.kazoe_yakuman": "Kazoe yakuman (13 or more counted han)",
    "limit.capped": "{han} han {fu} fu reaches the mangan cap",
    "limit.kiriage": "{han} han {fu} fu is rounded up to mangan (kiriage)",
}


@cache
def catalogue() -> dict[str, str]:
    """All English sentences by message id, yaku reasons included."""
    from .yaku import YAKU

    sentences = dict(ENGLISH)
    for rule in YAKU.values():
        for key, sentence in rule.messages.items():
            sentences[f"yaku.{rule.id}.{key}"] = sentence
    return sentences


def text(message_id: str, **params: Any) -> str:
    """The sentence for a message id with its parameters filled in.

    >>> from .tiles import KindSet
    >>> text("yaku.tanyao.yaochuu", tiles=KindSet(1 << 8 | 1 << 27))
    'terminals and honours break tanyao, and the hand holds 9m, 1z'
    """
    return catalogue()[message_id].format(**params)
