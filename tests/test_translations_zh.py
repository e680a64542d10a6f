"""The Simplified Chinese catalogue (tutor/translations/zh): complete, in step with messages.pot, and
every placeholder kept, so that no page shows English or breaks on a missing parameter in Chinese.

When ``make messages`` brings new sentences in, these tests name each one still to translate.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from tutor.engine import messages
from tutor.engine.api import evaluate
from tutor.engine.report import explanation_text
from tutor.messages import catalogues
from tutor.quiz.skills import label

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "tutor" / "translations" / "messages.pot"
PO = ROOT / "tutor" / "translations" / "zh" / "LC_MESSAGES" / "messages.po"

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdrif]|\{(\w+)(![rsa])?(:[^{}]*)?\}")
"""A gettext parameter (``%(name)s``, ``%(id)r``) or a Sentence parameter (``{name}``, ``{text!r}``)."""


def _read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _show(key: tuple[str | None, str]) -> str:
    context, english = key
    return f"[{context}] {english!r}" if context else repr(english)


def placeholders(text: str) -> Counter[str]:
    """The parameters a sentence uses, as written (``%(n)s``, ``{tiles}``, ``{text!r}``), counted.

    >>> sorted(placeholders("{row}: you said {given}, it is {fu} (%(n)s, {text!r})").elements())
    ['%(n)s', '{fu}', '{given}', '{row}', '{text!r}']
    """
    return Counter(match.group(0) for match in PLACEHOLDER.finditer(text))


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return _read(POT)


@pytest.fixture(scope="module")
def zh() -> Catalog:
    return _read(PO)


def test_every_message_of_the_pot_has_a_chinese_translation(pot: Catalog, zh: Catalog) -> None:
    untranslated = []
    for wanted in pot:
        if not wanted.id:
            continue
        found = zh.get(wanted.id, wanted.context)
        strings = [] if found is None else [found.string] if isinstance(found.string, str) else list(found.string)
        if found is None or found.fuzzy or not strings or not all(s and s.strip() for s in strings):
            untranslated.append(_key(wanted))
    assert not untranslated, (
        f"{len(untranslated)} message(s) of messages.pot have no Chinese translation (or a fuzzy one) in "
        f"{PO.relative_to(ROOT)}:\n" + "\n".join(_show(key) for key in untranslated)
    )


def test_the_chinese_catalogue_holds_exactly_the_messages_of_the_pot(pot: Catalog, zh: Catalog) -> None:
    wanted = {_key(m) for m in pot if m.id}
    held = {_key(m) for m in zh if m.id}
    missing, stale = sorted(wanted - held, key=str), sorted(held - wanted, key=str)
    assert not missing and not stale, (
        "run `make messages` to bring the .po in step with the .pot;\nmissing:\n"
        + "\n".join(_show(k) for k in missing)
        + "\nno longer in the .pot:\n"
        + "\n".join(_show(k) for k in stale)
    )


def test_every_translation_keeps_the_placeholders_of_its_english(zh: Catalog) -> None:
    wrong = []
    for message in zh:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, str):
            english = placeholders(message.id)
            said = [message.string]
        else:
            # Chinese has one plural form: it stands for the singular and the plural alike.
            english = placeholders(message.id[0]) | placeholders(message.id[1])
            said = list(message.string)
        for text in said:
            got = placeholders(text)
            if got != english:
                missing, extra = sorted((english - got).elements()), sorted((got - english).elements())
                wrong.append(f"{_show(_key(message))}: missing {missing}, extra {extra} in {text!r}")
    assert not wrong, "placeholders differ from the English:\n" + "\n".join(wrong)


def test_the_placeholder_check_sees_both_styles() -> None:
    # The check above is only as good as its pattern: a dropped parameter of either style shows.
    assert placeholders("进位后是 {fu} 符") != placeholders("{total} fu rounded up to {fu}")
    assert placeholders("没有牌。") != placeholders("There is no tile %(code)r.")
    assert placeholders("{text!r} 不是") == placeholders("{text!r} is not")


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
