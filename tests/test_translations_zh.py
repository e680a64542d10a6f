"""The Simplified Chinese catalogue (tutor/translations/zh) says things the standard Chinese way.

That it is complete, in step with messages.pot and keeps every placeholder is checked with every
other shipped catalogue, in test_translations.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tutor.engine import messages
from tutor.engine.api import evaluate
from tutor.engine.report import explanation_text
from tutor.messages import catalogues
from tutor.quiz.skills import label

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "tutor" / "translations" / "zh" / "LC_MESSAGES" / "messages.po"


@pytest.fixture(scope="module")
def zh() -> Catalog:
    with PO.open("rb") as source:
        return read_po(source)


def test_the_catalogue_is_simplified_chinese_with_one_plural_form(zh: Catalog) -> None:
    assert str(zh.locale) == "zh" and zh.num_plurals == 1
    assert not zh.fuzzy  # a fuzzy header would make the compiler skip the whole catalogue's plural rule


# The Chinese names RULES.md gives (its "CN" names, first choice where it lists two).
RULES_MD_NAMES = {
    "riichi": "立直",
    "ippatsu": "一发",
    "menzen_tsumo": "门前清自摸和",
    "pinfu": "平和",
    "iipeikou": "一杯口",
    "tanyao": "断幺九",
    "rinshan": "岭上开花",
    "chankan": "抢杠",
    "haitei": "海底捞月",
    "houtei": "河底捞鱼",
    "double_riichi": "双立直",
    "chiitoitsu": "七对子",
    "chanta": "混全带幺九",
    "ittsu": "一气通贯",
    "sanshoku": "三色同顺",
    "sanshoku_doukou": "三色同刻",
    "sanankou": "三暗刻",
    "sankantsu": "三杠子",
    "toitoi": "对对和",
    "honroutou": "混老头",
    "shousangen": "小三元",
    "ryanpeikou": "二杯口",
    "junchan": "纯全带幺九",
    "honitsu": "混一色",
    "chinitsu": "清一色",
    "kokushi": "国士无双",
    "kokushi_13": "国士无双十三面",
    "suuankou": "四暗刻",
    "suuankou_tanki": "四暗刻单骑",
    "daisangen": "大三元",
    "shousuushii": "小四喜",
    "daisuushii": "大四喜",
    "tsuuiisou": "字一色",
    "ryuuiisou": "绿一色",
    "chinroutou": "清老头",
    "chuuren": "九莲宝灯",
    "junsei_chuuren": "纯正九莲宝灯",
    "tenhou": "天和",
    "chiihou": "地和",
    "renhou": "人和",
    "daisharin": "大车轮",
    "daichisei": "大七星",
}


@pytest.fixture
def real_chinese() -> str:
    """The real catalogue, read afresh (another test may have pointed the engine at a test catalogue)."""
    messages.forget()
    yield "zh"  # type: ignore[misc]
    messages.forget()


@pytest.mark.parametrize("yaku_id", sorted(RULES_MD_NAMES))
def test_each_yaku_has_the_chinese_name_of_rules_md(real_chinese: str, yaku_id: str) -> None:
    assert catalogues.TRANSLATIONS == ROOT / "tutor" / "translations"
    assert messages.yaku_name(yaku_id, real_chinese) == RULES_MD_NAMES[yaku_id]


def test_limits_and_terms_use_the_standard_chinese_words(real_chinese: str) -> None:
    limits = {key: messages.text(f"limit.{key}", real_chinese) for key in ("mangan", "haneman", "baiman", "sanbaiman")}
    assert limits == {"mangan": "满贯", "haneman": "跳满", "baiman": "倍满", "sanbaiman": "三倍满"}
    assert messages.text("limit.yakuman", real_chinese) == "役满"
    assert messages.text("limit.kazoe_yakuman", real_chinese).startswith("累计役满")
    assert messages.text("payment.honba", real_chinese, count=2) == "2 本场"


def test_an_explanation_is_all_chinese_but_tile_codes_and_numbers(real_chinese: str) -> None:
    result = evaluate({"hand": "234m234m567p789s55p", "win": "2m", "tsumo": True, "riichi": True, "honba": 1})
    text = explanation_text(result, lang=real_chinese)
    assert "立直" in text and "门前清自摸和" in text and "一杯口" in text and "本场" in text
    leftover = re.sub(r"\b[0-9]+[mpsz]\b|\bryanmen|kanchan|penchan|tanki|shanpon\b|\ball\b", "", text)
    assert not re.search(r"[A-Za-z]{3,}", leftover), text


@pytest.mark.parametrize(
    "cell", ["3-40-non_dealer-ron", "1-30-dealer-tsumo", "mangan-dealer-ron", "haneman-non_dealer-tsumo"]
)
def test_a_point_table_skill_is_named_in_chinese(real_chinese: str, cell: str) -> None:
    # Progress and review list these drills by name; "dealer ron" was left in English there.
    name = label(f"table:{cell}", real_chinese)
    assert not re.search(r"[A-Za-z]{3,}", name), name
    assert ("庄家" in name) == ("-dealer-" in cell) and ("闲家" in name) == ("non_dealer" in cell)
