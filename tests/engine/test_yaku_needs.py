"""A yaku's ``needs`` (hand features it cannot do without) is only a shortcut: it must never hide a yaku."""

from __future__ import annotations

import random

import pytest

from tutor.engine.api import parse_request
from tutor.engine.context import WinContext
from tutor.engine.decompose import readings
from tutor.engine.generate import STYLES, random_request
from tutor.engine.hand import HandError
from tutor.engine.yaku import YAKU


@pytest.mark.parametrize("style", STYLES)
def test_every_hit_has_the_features_its_yaku_needs(style: str) -> None:
    rng = random.Random(f"needs-{style}")
    checked = 0
    for _ in range(400):
        request = random_request(rng, style)
        request["rules"] = {"renhou": True, "daisharin": "any_suit", "daichisei": True}
        try:
            hand, situation, rules = parse_request(request)
        except HandError:
            continue
        ctx = WinContext(hand, situation, rules)
        for reading in readings(hand, situation.tsumo):
            for rule in YAKU.values():
                if rule.check(reading, ctx).hit:
                    checked += 1
                    assert not rule.needs & ~ctx.features, f"{rule.id} hit on {request} without the features it needs"
    assert checked > 100
