"""Facts the course once got wrong (issues 12 and 25): each error is forbidden, and the right statement is checked where it can be.

The lessons are read as text; only the point tables and the payments asked before lesson 13 are worked out by the engine.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tutor.app import resource_dir
from tutor.drawing.tiles_html import parse_drawing

COURSE = resource_dir("lessons")
PAGES = sorted(COURSE.rglob("*.md"))
TILES = re.compile(r"\[\[([^\]|]+)(?:\|[^\]]*)?\]\]")
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)


def prose(path: Path) -> str:
    """The page without its fenced blocks, with line breaks and runs of spaces folded into one space."""
    return " ".join(FENCE.sub("", path.read_text(encoding="utf-8")).split())


def paragraphs(path: Path) -> list[str]:
    """The page's prose paragraphs (fenced blocks and headings left out), each folded onto one line."""
    blocks = FENCE.sub("", path.read_text(encoding="utf-8")).split("\n\n")
    return [" ".join(block.split()) for block in blocks if not block.lstrip().startswith("#")]


def en(name: str) -> Path:
    return COURSE / "en" / name


# (file, pattern that must not come back, why): one row per sentence fixed in issue 12.
WRONG = [
    ("11-fu.md", r"only a closed ron is\s+always worth at least 30", "seven pairs won by ron is a closed ron at 25 fu"),
    ("11-fu.md", r"30 fu is not the floor", "30 fu is the floor except for pinfu tsumo (20) and seven pairs (25)"),
    ("11-fu.md", r"There is one exception: a \[pinfu\]", "tsumo fu have two exceptions: pinfu tsumo and seven pairs"),
    ("11-fu.md", r"is the only closed kan", "say what makes a kan closed"),
    (
        "yaku/double_riichi.md",
        r"no chi, pon or open kan by other players",
        "any call cancels it, another's closed kan too",
    ),
    ("yaku/chiihou.md", r"no chi, pon or open kan by another player", "any call cancels it, another's closed kan too"),
    ("yaku/ippatsu.md", r"an open kan by anyone, and even your own closed kan", "any kan that is not robbed breaks it"),
    ("07-two-han.md", r"won by ron, it scores ordinary yaku", "not with a tanki wait: that is suuankou tanki"),
    ("07-two-han.md", r"The fu are large too: two concealed", "the base and the closed-ron fu belong in the sum"),
    ("09-dora.md", r"holds four dora and no yaku", "all four 5p hold the red one: 5 han of dora"),
    ("09-dora.md", r"it cannot win, by ron or by tsumo", "haitei, houtei, rinshan and chankan are yaku of their own"),
    ("02-hand-shape.md", r"neither groups nor pairs", "kokushi has one pair"),
    ("06-one-han.md", r"adds to a kan\b", "chankan robs a tile added to a pon"),
    ("yaku/chiitoitsu.md", r"the situational yaku and dora", "name which situational yaku go with seven pairs"),
    (
        "yaku/ryanpeikou.md",
        r"two different pairs of identical sequences",
        "on Tenhou four copies of one sequence count",
    ),
    ("08-three-six-han.md", r"One honour tile cost a han", "it was a pair of honours, and junchan became chanta"),
    (
        "04-everyday-yaku.md",
        r"can always declare riichi",
        "riichi needs tenpai, 1000 points and four tiles in the wall",
    ),
    ("01-tiles.md", r"so every player deals at least once", "the rotation: when the deal passes and when it stays"),
]


@pytest.mark.parametrize(("name", "pattern", "why"), WRONG, ids=[f"{row[0]}:{row[1][:30]}" for row in WRONG])
def test_a_fixed_error_does_not_come_back(name: str, pattern: str, why: str) -> None:
    assert not re.search(pattern, prose(en(name))), f"{name}: {pattern!r} is back ({why})"


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(COURSE)) for p in PAGES])
def test_a_fu_floor_names_both_exceptions(path: Path) -> None:
    """Any sentence about 30 fu being a floor or a minimum names pinfu tsumo's 20 and seven pairs' 25."""
    floor = re.compile(
        r"\b30( fu)?\b[^.]*\b(floor|minimum)\b|\b(floor|minimum)\b[^.]*\b30 fu\b|(at least|fewer than|less than) 30\b"
    )
    for paragraph in paragraphs(path):
        if floor.search(paragraph):
            assert "20" in paragraph and "25" in paragraph, (
                f"{path.name}: a 30-fu floor without 20 and 25: {paragraph[:120]}"
            )


def test_the_course_states_the_fu_floor() -> None:
    assert any("fewer than 30 fu" in p and "20 fu" in p and "25 fu" in p for p in paragraphs(en("11-fu.md")))


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(COURSE)) for p in PAGES])
def test_four_fives_of_a_suit_include_the_red_one(path: Path) -> None:
    """Tenhou's set has one red five per suit, so a drawing of all four 5s of a suit shows it."""
    for match in TILES.finditer(path.read_text(encoding="utf-8")):
        codes = [tile.code for group in parse_drawing(match.group(1).strip()) for tile in group]
        fives = Counter(code[1] for code in codes if code[0] in "05" and code[1] in "mps")
        for suit, count in fives.items():
            assert count < 4 or f"0{suit}" in codes, (
                f"{path.name}: {match.group(0)} draws four 5{suit} and no red 0{suit}"
            )


def test_the_red_five_check_catches_plain_fives(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("Four of them: [[5555m]], one red: [[0555m]].\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"\[\[5555m\]\]"):
        test_four_fives_of_a_suit_include_the_red_one(page)


def test_cancelling_calls_include_every_kan() -> None:
    for name in ("yaku/double_riichi.md", "yaku/chiihou.md", "yaku/ippatsu.md"):
        assert "closed kan" in prose(en(name)) and "any player" in prose(en(name)), name
    assert "added kan that nobody robs" in prose(en("yaku/ippatsu.md"))


def test_seven_pairs_names_its_situational_yaku() -> None:
    text = prose(en("yaku/chiitoitsu.md"))
    for yaku in ("riichi", "double_riichi", "ippatsu", "menzen_tsumo", "haitei", "houtei", "rinshan", "chankan"):
        assert f"(/yaku/{yaku})" in text, yaku


def test_pao_honba_names_its_rule_set() -> None:
    text = prose(en("15-draws.md"))
    assert "Tenhou's rule" in text and "EMA" in text


def test_passing_on_a_ron_mentions_furiten() -> None:
    text = prose(en("10-yakuman.md"))
    assert re.search(r"let that ron go by[^.]*\.[^.]*furiten", text)


RULE_KEY = re.compile(r'`[^`\n]*"[A-Za-z_]+"[^`\n]*`')
TEACHERS = ("> **For teachers:**", "> **教师须知：**")
"""How a teachers' aside starts, in English and in Chinese (lessons/zh)."""


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(COURSE)) for p in PAGES])
def test_engine_rule_keys_stay_in_teachers_asides(path: Path) -> None:
    """Learners read rules in words; request JSON such as `"kiriage": true` goes in a "For teachers" blockquote."""
    for paragraph in paragraphs(path):
        if RULE_KEY.search(paragraph):
            assert paragraph.startswith(TEACHERS), (
                f"{path.name}: engine rule key outside a teachers' aside: {paragraph[:120]}"
            )


def test_teachers_asides_render_as_blockquotes(client: FlaskClient) -> None:
    page = client.get("/lessons/points").get_data(as_text=True)
    assert re.search(
        r"<blockquote>\s*<p><strong>For teachers:</strong>[^<]*<code>(\"|&quot;)kiriage(\"|&quot;): true</code>", page
    )


# Issue 25: facts a teacher's review found wrong or misleading, checked in both editions.

LANGS = ("en", "zh")


def page(lang: str, name: str) -> Path:
    return COURSE / lang / name


def glossary_rows(lang: str) -> dict[str, list[str]]:
    """Glossary rows by their romaji (the first cell in English, the third in Chinese): all four cells."""
    found = {}
    for line in page(lang, "reference/glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if (
            line.startswith("|")
            and len(cells) == 4
            and not set(cells[0]) <= set("-")
            and cells[0] not in ("Term", "中文")
        ):
            found[cells[0] if lang == "en" else cells[2]] = cells
    return found


def meaning(lang: str, romaji: str) -> str:
    return glossary_rows(lang)[romaji][3]


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_s_ura_dora_is_the_tile_after_the_ura_indicator(lang: str) -> None:
    """The tile under an indicator is the ura indicator; the ura dora follows it (the trap lesson 9 warns of)."""
    text = meaning(lang, "ura dora")
    assert not re.match(r"The tile under each indicator, counted|压在每张指示牌下面的牌，只对", text)
    if lang == "en":
        assert re.search(r"ura indicator; the ura dora is the tile that follows it", text), text
    else:
        assert re.search(r"里宝牌指示牌；里宝牌是它的下一张", text), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_s_kan_dora_is_the_tile_after_the_new_indicator(lang: str) -> None:
    text = meaning(lang, "kan dora")
    assert not re.match(r"An extra indicator turned up|每次开杠后多翻开的一张指示牌。$", text)
    assert re.search(r"the kan dora is the tile that follows that new indicator|杠宝牌是这张新指示牌的下一张", text), (
        text
    )


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(COURSE)) for p in PAGES])
def test_shouminkan_is_not_written_with_kakan_s_kanji(path: Path) -> None:
    """Shouminkan is 小明槓; 加槓 is kakan. Both name the added kan."""
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"shouminkan\W{0,3}加槓|kakan\W{0,3}小明槓", text), path.name


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_names_the_added_kan_both_ways(lang: str) -> None:
    text = meaning(lang, "kan")
    assert "kakan 加槓" in text and "shouminkan 小明槓" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_atozuke_is_about_calling_without_a_yaku_and_kataagari_has_its_own_entry(lang: str) -> None:
    """Atozuke: the yaku comes only after a call made without one. A wait where only some tiles give a yaku is
    kataagari, a different thing (the old entry defined atozuke with a kataagari example)."""
    atozuke, kataagari = meaning(lang, "atozuke"), meaning(lang, "kataagari")
    assert not re.search(r"Winning on a tile that alone supplies the yaku|役完全由和了牌那一张带来", atozuke)
    assert re.search(r"^Calling a tile while the hand has no yaku yet|^手牌还没有役时就鸣牌", atozuke), atozuke
    assert re.search(r"only some of the winning tiles give the hand a yaku|只有一部分能给手牌带来役", kataagari)


POINT_TABLE = "14-point-table.md"
TABLE_ROW = re.compile(r"^\| (\d+) \|(.*)\|$")


def point_tables(lang: str) -> list[dict[tuple[int, int], str]]:
    """Lesson 14's han × fu tables in page order, each as {(han, fu): cell}."""
    tables, current = [], None
    for line in page(lang, POINT_TABLE).read_text(encoding="utf-8").splitlines():
        if re.match(r"^\| (Fu|符) \| 1 (han|番) \|", line):
            current = {}
            tables.append(current)
        elif current is not None and (row := TABLE_ROW.match(line)):
            for han, cell in enumerate(row.group(2).split("|"), start=1):
                current[(han, int(row.group(1)))] = cell.strip()
        elif not line.startswith("|"):
            current = None
    return tables


def engine_cell(han: int, fu: int, dealer: bool, tsumo: bool, lang: str) -> str:
    from tutor.engine.points import base_points, payment, possible_cell

    if not possible_cell(han, fu, tsumo):
        return "—"
    base, limit = base_points(han, fu, 0)
    if limit:
        return {"en": "mangan", "zh": "满贯"}[lang]
    paid = payment(base, dealer, tsumo)
    if paid.ron is not None:
        return f"{paid.ron:,}"
    if paid.tsumo_dealer is not None:
        return f"{paid.tsumo_non_dealer:,}/{paid.tsumo_dealer:,}"
    return f"{paid.tsumo_non_dealer:,} all"


@pytest.mark.parametrize("lang", LANGS)
def test_the_point_table_lesson_shows_all_four_tables_as_the_engine_computes_them(lang: str) -> None:
    """Non-dealer ron, dealer ron, non-dealer tsumo, dealer tsumo: every cell typed in the lesson is the engine's."""
    tables = point_tables(lang)
    kinds = [(False, False), (True, False), (False, True), (True, True)]
    assert len(tables) == len(kinds), f"{lang}: {len(tables)} han × fu tables, expected the four"
    for table, (dealer, tsumo) in zip(tables, kinds, strict=True):
        assert len(table) >= 24
        for (han, fu), cell in table.items():
            assert cell == engine_cell(han, fu, dealer, tsumo, lang), (lang, dealer, tsumo, han, fu, cell)


@pytest.mark.parametrize("lang", LANGS)
def test_the_point_table_lesson_teaches_a_dealer_rule_that_is_always_right(lang: str) -> None:
    """ "Multiply by 1.5" from the rounded non-dealer payment gives 7,800 for a dealer's 3 han 40 fu (it is 7,700)."""
    text = prose(page(lang, POINT_TABLE))
    assert not re.search(r"Multiply by 1\.5 for the dealer|庄家乘以 1\.5", text)
    assert not re.search(r"handful of patterns that give the other three|再加上几条规律，就能由它推出另外三张", text)
    assert re.search(r"6 × base|6 × 基本点", text) and re.search(
        r"rounded up to 100 on its own|各自向上取整到 100", text
    )
    assert re.search(r"7,700", text) and re.search(r"7,800", text)


def test_the_dealer_shortcut_fails_in_the_nine_cells_the_lesson_says() -> None:
    from tutor.engine.points import base_points, payment, possible_cell

    wrong = set()
    for fu in (25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
        for han in (1, 2, 3, 4):
            base, limit = base_points(han, fu, 0)
            if possible_cell(han, fu, tsumo=False) and not limit:
                shortcut = -(-payment(base, dealer=False, tsumo=False).ron * 3 // 200) * 100
                if shortcut != payment(base, dealer=True, tsumo=False).ron:
                    wrong.add((han, fu))
    assert len(wrong) == 9 and {(2, 30), (3, 30), (3, 40)} <= wrong
    assert "wrong in nine of the cells below mangan" in prose(en(POINT_TABLE))
    assert "有九格算错" in prose(page("zh", POINT_TABLE))


@pytest.mark.parametrize("lang", LANGS)
def test_two_cells_with_the_same_base_are_not_called_the_same_cell(lang: str) -> None:
    assert not re.search(r"the same cell|同一格", prose(page(lang, POINT_TABLE)))


PROCEDURE = "17-table-procedure.md"


@pytest.mark.parametrize("lang", LANGS)
def test_no_kan_on_the_last_tile_is_the_rule_not_a_lack_of_replacement_tiles(lang: str) -> None:
    """Replacement tiles always exist; the rule forbids every call and kan once only the dead wall remains."""
    text = prose(page(lang, PROCEDURE))
    assert not re.search(r"there would be no replacement tile|已经没有岭上牌可摸", text)
    assert re.search(r"replacement tiles are still there|岭上牌其实还在王牌里", text)
    assert re.search(
        r"once only the dead wall remains, no call and no kan|只剩王牌时，不允许任何鸣牌，也不允许开杠", text
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_kan_after_riichi_uses_the_tile_just_drawn(lang: str) -> None:
    """Every sentence of lesson 17 on the kan after riichi says: only with the tile just drawn (RULES.md §3.1)."""
    sentences = re.split(r"(?<=[.;。；])\s*|\n- ", prose(page(lang, PROCEDURE)).replace(" - ", "\n- "))
    about = [
        s
        for s in sentences
        if re.search(r"(After \[riichi\]|after riichi)[^.]*closed kan|立直[^。]*后只能[^。]*暗杠", s)
    ]
    assert len(about) >= 2, about
    for sentence in about:
        assert re.search(r"just drawn|刚摸到", sentence), sentence


@pytest.mark.parametrize("lang", LANGS)
def test_a_noten_all_last_dealer_agrees_with_the_west_round_extension(lang: str) -> None:
    """A noten dealer at all-last passes the deal; the game ends only if someone has 30,000, else the West round."""
    text = prose(page(lang, PROCEDURE))
    assert not re.search(r"a dealer who is noten ends the game anyway|庄家未听时，对局照样结束", text)
    noten = re.search(
        r"a \*\*noten\*\* dealer does not repeat[^.]*\.[^.]*\.[^.]*\.|庄家\*\*未听\*\*时不连庄[^。]*。[^。]*。", text
    )
    assert noten and re.search(r"30,000", noten.group(0)) and re.search(r"West round|西场", noten.group(0)), noten


def paragraph_with(lang: str, name: str, marker: str) -> str:
    found = [p for p in paragraphs(page(lang, name)) if marker in p]
    assert len(found) == 1, (lang, name, marker, len(found))
    return found[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_dora_hand_without_a_kan_cannot_win_by_rinshan(lang: str) -> None:
    """Lesson 9's hand with all four 5p has no kan, so rinshan is not one of the ways it can win."""
    text = paragraph_with(lang, "09-dora.md", "[[456p 789s 22s]]")
    ways = re.search(r"It can win only if.*?full\.|只有当和牌的方式本身就是役时.*?照算。", text)
    assert ways and "(/yaku/rinshan)" not in ways.group(0), ways
    assert re.search(r"needs a kan, and this hand has none|需要先开杠，而这手牌没有杠", text)


@pytest.mark.parametrize("lang", LANGS)
def test_kokushi_is_not_the_only_shape_without_groups(lang: str) -> None:
    text = prose(page(lang, "02-hand-shape.md"))
    assert not re.search(r"only winning shape with no groups|唯一完全没有面子的和牌形", text)
    assert re.search(r"Like seven pairs it has no groups|和七对子一样，它完全没有面子", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_method_that_never_misses_a_wait_covers_kokushi(lang: str) -> None:
    """Kokushi can wait on a tile the hand does not hold, which "every tile held and its neighbours" misses."""
    text = prose(page(lang, "03-waits.md"))
    method = re.search(r"never misses anything:.*?\[\[7m\]\]\.|永远不会漏的方法：.*?\[\[7m\]\]", text)
    assert method, lang
    assert "(/yaku/kokushi)" in method.group(0)
    assert re.search(r"or seven pairs, or thirteen orphans\?|或七对子，或国士无双？", method.group(0))


@pytest.mark.parametrize("lang", LANGS)
def test_chankan_never_completes_a_tanki_or_a_shanpon(lang: str) -> None:
    """The robbed tile is the fourth copy: you hold none, so no pair wait and no shanpon can take it."""
    text = prose(page(lang, "yaku/chankan.md"))
    assert not re.search(r"any wait|听牌形式不限", text)
    rule = re.search(r"not every wait can rob a kan.*?missing\.|并不是任何听牌形式都能抢杠.*?缺的那一张。", text)
    assert rule, lang
    for wait in ("tanki", "shanpon", "kokushi") if lang == "en" else ("单骑", "双碰", "国士无双"):
        assert wait in rule.group(0), wait


@pytest.mark.parametrize("lang", LANGS)
def test_a_dragon_triplet_and_two_dragon_pairs_is_a_shousangen_tenpai(lang: str) -> None:
    text = prose(page(lang, "yaku/shousangen.md"))
    assert not re.search(
        r"One dragon triplet and two dragon pairs: just one yakuhai|一个三元牌刻子加两个三元牌雀头：只有一个役牌", text
    )
    assert re.search(
        r"two dragon pairs is not a near miss but a tenpai hand: a shanpon|两个三元牌对子并不是“差一点”，而是听牌：双碰",
        text,
    )


# The glossary claims every term the course uses: a Japanese term a lesson marks in italics, and the text of
# every link into the glossary, must name one of its entries (the link's into the section that holds it).

ITALIC = re.compile(r"(?<![*A-Za-z0-9])\*(?![*\s])([^*\n]+?)(?<!\s)\*(?![*A-Za-z0-9])")
GLOSSARY_LINK = re.compile(r"\[([^\]]+)\]\(/lessons/reference/glossary#([\w-]+)\)")
ALIAS_SPLIT = re.compile(r"\s*(?:/|,|，|、| and | or |或|还是)\s*")


def aliases(cell: str) -> set[str]:
    """The names one glossary cell gives: 'dealer (oya)' -> dealer, oya; '供托（立直棒）' -> 供托, 立直棒."""
    inside = re.findall(r"[(（]([^)）]*)[)）]", cell)
    outside = re.sub(r"[(（][^)）]*[)）]", "", cell)
    names = set()
    for part in [outside, *inside]:
        names |= {name.strip().lower() for name in ALIAS_SPLIT.split(part) if name.strip()}
    return names


def glossary_sections(lang: str) -> dict[str, set[str]]:
    """The names each glossary section defines, by the section's anchor."""
    sections: dict[str, set[str]] = {}
    anchor = ""
    for line in page(lang, "reference/glossary.md").read_text(encoding="utf-8").splitlines():
        if heading := re.match(r"^## (.*?)(?: \{#([\w-]+)\})?$", line):
            anchor = heading.group(2) or re.sub(r"[^\w-]", "", heading.group(1).lower().replace(" ", "-"))
            sections[anchor] = set()
        elif line.startswith("|") and anchor:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) == 4 and not set(cells[0]) <= set("-") and cells[0] not in ("Term", "中文"):
                for cell in cells[:3] if lang == "zh" else cells[:2]:
                    sections[anchor] |= aliases(cell)
    return sections


def defined(names: set[str], used: str) -> bool:
    """Whether every term in ``used`` ("ron or tsumo", "riichi stick") is one of ``names``."""
    for term in ALIAS_SPLIT.split(used.strip().lower()):
        if term not in names and term.removesuffix("s") not in names and f"{term}s" not in names:
            return False
    return True


def terms_used(lang: str) -> list[tuple[str, str, str | None]]:
    """(page, term, glossary anchor or None) for every italic term and glossary link in the lessons of ``lang``."""
    found = []
    for path in sorted((COURSE / lang).rglob("*.md")):
        text = FENCE.sub("", path.read_text(encoding="utf-8"))
        name = str(path.relative_to(COURSE / lang))
        found += [(name, match.group(1), None) for match in ITALIC.finditer(text)]
        found += [(name, match.group(1), match.group(2)) for match in GLOSSARY_LINK.finditer(text)]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_a_lesson_marks_or_links_has_a_glossary_entry(lang: str) -> None:
    sections = glossary_sections(lang)
    everything = set().union(*sections.values())
    missing = []
    for name, term, anchor in terms_used(lang):
        if anchor is None and not defined(everything, term):
            missing.append(f"{name}: *{term}* is in no glossary entry")
        elif anchor is not None and not defined(sections.get(anchor, set()), term):
            missing.append(f"{name}: [{term}] links to #{anchor}, which has no entry for it")
    assert not missing, "\n".join(missing)
    assert len(terms_used(lang)) > 80


def test_the_glossary_check_sees_an_unknown_term() -> None:
    names = glossary_sections("en")["winning"]
    assert defined(names, "ron or tsumo") and defined(names, "Furiten") and not defined(names, "nagashi")
    assert ITALIC.findall("a *tonpuusen* and **bold** and ***both*** and 2 * 3 * 4") == ["tonpuusen"]


# The terms issue 25 found missing: each has an entry in both editions.
ISSUE_25_TERMS = ["guest wind", "tonpuusen", "hanchan", "all-last", "shimocha", "kamicha", "toimen", "menzen kafu"]
ISSUE_25_TERMS += ["futei", "kyuushu kyuuhai", "suufon renda", "suukaikan", "suucha riichi", "sanchahou"]
ISSUE_25_TERMS += ["tenpai-yame", "ryanhan shibari", "kakan", "juusanmen", "tsumo-son"]


@pytest.mark.parametrize("term", ISSUE_25_TERMS)
def test_a_term_the_glossary_once_lacked_has_an_entry_in_both_editions(term: str) -> None:
    assert term in set().union(*glossary_sections("en").values()), term
    romaji = {"guest wind": "kyakufuu"}.get(term, term)
    assert any(romaji in aliases(row[2]) for row in glossary_rows("zh").values()), term


# Asked before taught (issue 25): a question must not need a number that a later lesson teaches.

QUESTION = re.compile(r"^```question\s*\n(.*?)^```", re.S | re.M)
FU_LESSON, POINTS_LESSON = 11, 13


def numbered_lessons(lang: str) -> list[tuple[int, Path]]:
    found = []
    for path in sorted((COURSE / lang).glob("*.md")):
        order = re.search(r"^order: (\d+)$", path.read_text(encoding="utf-8"), re.M)
        if order:
            found.append((int(order.group(1)), path))
    return found


def questions(path: Path) -> list[dict]:
    import json

    return [json.loads(block) for block in QUESTION.findall(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("lang", LANGS)
def test_no_fu_question_on_a_kan_before_the_fu_lesson(lang: str) -> None:
    """Kan fu are taught in lesson 11; lesson 6 once asked the fu of an open-kan hand."""
    for order, path in numbered_lessons(lang):
        for question in questions(path):
            if order < FU_LESSON and question["ask"] == "fu":
                kinds = {meld["kind"] for meld in question["request"].get("melds", [])}
                assert not kinds & {"minkan", "ankan", "kakan", "shouminkan"}, (path.name, question)


@pytest.mark.parametrize("lang", LANGS)
def test_a_payment_asked_before_the_points_lesson_is_stated_in_the_lesson(lang: str) -> None:
    """Before lesson 13 a points question may ask only a payment its prompt or its lesson states (4,000 all for a
    dealer's mangan tsumo, 8,000/16,000 for a yakuman tsumo): lessons 6, 8 and 9 once asked them untaught."""
    from tutor.engine.api import score_request

    for order, path in numbered_lessons(lang):
        if order >= POINTS_LESSON:
            continue
        text = path.read_text(encoding="utf-8")
        taught = QUESTION.sub("", text)
        for question in questions(path):
            if question["ask"] != "points":
                continue
            paid = score_request(question["request"])["points"]
            for amount in {value for value in paid.values() if value}:
                stated = f"{amount:,}" in taught or f"{amount:,}" in question.get("prompt", "")
                assert stated, f"{path.name}: {question['request']['hand']} pays {amount:,}, stated nowhere before"


# Issue 25: the checklist of rules to agree, the nagashi mangan note, and what the course leaves out.

CHECKLIST = "reference/house-rules.md"
# The eleven rules the checklist promises, as each edition names them in its row.
CHECKLIST_RULES = [
    ("Open tanyao (*kuitan*)", "食断（*kuitan*）"),
    ("Red fives", "赤宝牌（红五）"),
    ("Kiriage mangan", "切上满贯"),
    ("Double yakuman", "双倍役满"),
    ("The kazoe cap", "累计役满的上限"),
    ("Uma and oka", "顺位马与头名赏"),
    ("Busting (*tobi*)", "击飞（*tobi*）"),
    ("Stopping at all-last (*agari-yame*)", "和了止（*agari-yame*）"),
    ("Nagashi mangan", "流局满贯"),
    ("Pao and honba", "包牌与本场"),
    ("Mistakes (*chombo*)", "错和（*chombo*）"),
]
LINK = re.compile(r"\]\((/[^)#\s]*)(?:#[^)]*)?\)")


def checklist_rows(lang: str) -> dict[str, list[str]]:
    """The checklist table's rows by their rule name: the cells after the number."""
    rows = {}
    for line in page(lang, CHECKLIST).read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 5 and cells[0].isdigit():
            rows[cells[1]] = cells[2:]
    return rows


def page_exists(lang: str, path: str) -> bool:
    """Whether a site path (/lessons/<slug>, /lessons/reference/<slug>, /yaku/<id>) is a page of the course."""
    if path.startswith("/lessons/reference/"):
        return page(lang, f"reference/{path.removeprefix('/lessons/reference/')}.md").is_file()
    if path.startswith("/yaku/"):
        return page(lang, f"yaku/{path.removeprefix('/yaku/')}.md").is_file()
    slugs = {
        re.search(r"^slug: (.+)$", p.read_text(encoding="utf-8"), re.M).group(1) for _, p in numbered_lessons(lang)
    }
    return path.startswith("/lessons/") and path.removeprefix("/lessons/") in slugs


@pytest.mark.parametrize("lang", LANGS)
def test_the_checklist_names_each_rule_with_tenhou_s_choice_and_a_link_to_where_it_is_taught(lang: str) -> None:
    rows = checklist_rows(lang)
    names = [name_en if lang == "en" else name_zh for name_en, name_zh in CHECKLIST_RULES]
    assert list(rows) == names, "the checklist must list the eleven rules, in this order"
    for name in names:
        _question, choice, where = rows[name]
        assert choice, f"{name}: no Tenhou choice"
        links = LINK.findall(where)
        assert links, f"{name}: no link to where the course teaches it"
        for link in links:
            assert page_exists(lang, link), f"{name}: {link} is not a page of the course"


def test_the_page_check_sees_a_missing_page() -> None:
    assert page_exists("en", "/lessons/draws") and page_exists("en", "/yaku/tanyao")
    assert not page_exists("en", "/lessons/nagashi") and not page_exists("zh", "/lessons/reference/rules")


@pytest.mark.parametrize("lang", LANGS)
def test_the_checklist_states_tenhou_s_numbers_as_the_engine_computes_them(lang: str) -> None:
    """Kiriage off: 4 han 30 fu pays 7,700 (dealer 11,600) on a ron; start 25,000, return 30,000, oka +20."""
    rows = checklist_rows(lang)
    kiriage = rows[CHECKLIST_RULES[2][lang == "zh"]][1]
    assert engine_cell(4, 30, False, False, lang) in kiriage and engine_cell(4, 30, True, False, lang) in kiriage
    uma = rows[CHECKLIST_RULES[5][lang == "zh"]][1]
    assert all(number in uma for number in ("25,000", "30,000", "+20", "20-10"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_checklist_is_linked_from_the_table_procedure_lesson(lang: str) -> None:
    assert "(/lessons/reference/house-rules)" in page(lang, "17-table-procedure.md").read_text(encoding="utf-8")


NAGASHI = "reference/nagashi-mangan.md"
# Markers each edition must keep: not a yaku; no honba or sticks taken; it replaces the tenpai payments.
NAGASHI_SAYS = {
    "en": [
        "is **not a yaku**",
        "**no honba are collected and no riichi sticks are taken**",
        "**replace the tenpai payments**",
        "**exhaustive draw**",
    ],
    "zh": ["**不是役**", "**不收本场，也不拿立直棒**", "**取代不听罚符**", "**荒牌流局**"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_nagashi_note_pays_a_mangan_tsumo_as_the_engine_computes_it(lang: str) -> None:
    from tutor.engine.points import base_points, payment

    text = prose(page(lang, NAGASHI))
    base, limit = base_points(5, 30, 0)
    assert limit == "mangan"
    child, dealer = payment(base, dealer=False, tsumo=True), payment(base, dealer=True, tsumo=True)
    # The table: who made it | each non-dealer pays | the dealer pays | received in all.
    non_dealer_row = (
        f"| {child.tsumo_non_dealer:,} | {child.tsumo_dealer:,} | {2 * child.tsumo_non_dealer + child.tsumo_dealer:,} |"
    )
    assert non_dealer_row in text, non_dealer_row
    dealer_row = re.search(rf"\| {dealer.tsumo_non_dealer:,} \| [^|]+ \| {3 * dealer.tsumo_non_dealer:,} \|", text)
    assert dealer_row and dealer.tsumo_dealer is None
    assert f"{child.tsumo_non_dealer:,}/{child.tsumo_dealer:,}" in text and f"{dealer.tsumo_non_dealer:,} all" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_nagashi_note_says_what_it_promises_and_is_linked_from_the_draws_lesson(lang: str) -> None:
    text = prose(page(lang, NAGASHI))
    for marker in NAGASHI_SAYS[lang]:
        assert marker in text, marker
    assert "(/lessons/reference/nagashi-mangan)" in page(lang, "15-draws.md").read_text(encoding="utf-8")
    assert "(/lessons/reference/nagashi-mangan)" in page(lang, CHECKLIST).read_text(encoding="utf-8")


LEFT_OUT = {"en": ("tile efficiency", "defence"), "zh": ("牌效率", "防守")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_lesson_says_the_course_does_not_teach_efficiency_or_defence(lang: str) -> None:
    heading = {"en": "## What this course does not teach", "zh": "## 本课程不教什么"}[lang]
    text = page(lang, "01-tiles.md").read_text(encoding="utf-8")
    assert heading in text
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    assert all(f"**{topic}**" in section for topic in LEFT_OUT[lang]), section
    assert ("book" in section and "replay" in section) if lang == "en" else ("书" in section and "回放" in section)


def test_the_course_doc_says_what_the_course_does_not_teach_and_lists_the_new_reference_pages() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "course.md").read_text(encoding="utf-8")
    assert "## What the course does not teach" in doc and "tile efficiency" in doc and "defence" in doc
    assert "/lessons/reference/house-rules" in doc and "/lessons/reference/nagashi-mangan" in doc


# Issue 25: the limit names (haneman from lesson 3, baiman from lesson 9) come with their payments in lesson 1.

LIMITS = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "yakuman": 13}


def preview_rows(lang: str) -> dict[str, list[str]]:
    """Lesson 1's payments preview: each limit's row (by its romaji name) and its four payments."""
    text = page(lang, "01-tiles.md").read_text(encoding="utf-8")
    part = text[text.index("{#points-preview .step}") :].split("\n## ", 1)[0]
    rows = {}
    for line in part.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        name = (
            re.search(r"\b(mangan|haneman|baiman|sanbaiman|yakuman)\b", cells[0]) if line.startswith("| **") else None
        )
        if name:
            rows[name.group(1)] = cells[2:]
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_one_previews_every_limit_payment_as_the_engine_computes_it(lang: str) -> None:
    from tutor.engine.points import base_points, payment

    rows = preview_rows(lang)
    assert set(rows) == set(LIMITS)
    for name, han in LIMITS.items():
        base, limit = base_points(han, 30, 0)
        assert limit
        ron, dealer_ron = payment(base, False, False).ron, payment(base, True, False).ron
        tsumo, dealer_tsumo = payment(base, False, True), payment(base, True, True)
        expected = [
            f"{ron:,}",
            f"{dealer_ron:,}",
            f"{tsumo.tsumo_non_dealer:,}/{tsumo.tsumo_dealer:,}",
            f"{dealer_tsumo.tsumo_non_dealer:,} all" if lang == "en" else f"每家 {dealer_tsumo.tsumo_non_dealer:,}",
        ]
        assert rows[name] == expected, (lang, name)


def test_no_lesson_before_the_preview_names_a_limit() -> None:
    """The preview is in lesson 1, the first lesson: the limit names may appear from lesson 1's preview on."""
    first = numbered_lessons("en")[0][1]
    assert first.name == "01-tiles.md"
    text = first.read_text(encoding="utf-8")
    preview = text.index("{#points-preview .step}")
    for name in ("haneman", "baiman", "sanbaiman"):
        assert name not in text[:preview].lower(), name


# Issue 25: the sideways tile says who discarded it (left kamicha, middle toimen, right shimocha); pao depends on it.

SIDEWAYS_ROWS = {
    "en": [
        ("on the left", "*kamicha*", "5'55z"),
        ("in the middle", "*toimen*", "55'5z"),
        ("on the right", "*shimocha*", "555'z"),
    ],
    "zh": [("左边", "*kamicha*", "5'55z"), ("中间", "*toimen*", "55'5z"), ("右边", "*shimocha*", "555'z")],
}


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_one_teaches_where_the_called_tile_lies_before_any_lesson_draws_a_call_from_elsewhere(lang: str) -> None:
    lines = page(lang, "01-tiles.md").read_text(encoding="utf-8").splitlines()
    for where, who, drawing in SIDEWAYS_ROWS[lang]:
        assert any(where in line and who in line and f"[[{drawing}]]" in line for line in lines), (lang, where)
    assert "/lessons/draws#pao-the-responsibility-payment" in prose(page(lang, "01-tiles.md"))


def sideways_at(drawing: str) -> list[tuple[str, int]]:
    """Each called meld of a drawing with the place of its turned tile (0 = left)."""
    groups = parse_drawing(drawing)
    return [
        ("".join(t.code for t in g), [t.sideways for t in g].index(True)) for g in groups if any(t.sideways for t in g)
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_pao_pon_from_the_player_opposite_lies_in_the_middle(lang: str) -> None:
    """Lesson 15's South hand ponned North's Red dragon: North is opposite, so not 7'77z (left) but 77'7z."""
    text = prose(page(lang, "15-draws.md"))
    assert "[[7'77z]]" not in text and "[[77'7z]]" in text


def test_a_pao_hand_is_drawn_with_the_responsible_player_s_tile_turned_towards_them() -> None:
    """Every pao worked example of the course: the last honour call lies towards the responsible player."""
    import json

    from tutor.drawing.tiles_html import called_from, hand_drawing
    from tutor.engine.api import evaluate

    place = {"left": 0, "middle": 1, "right": 2}
    found = 0
    for path in PAGES:
        for block in re.findall(r"^```score\s*\n(.*?)^```", path.read_text(encoding="utf-8"), re.S | re.M):
            request = json.loads(block)
            request.pop("caption", None)
            if not request.get("pao"):
                continue
            result = evaluate(request)
            melds = sideways_at(hand_drawing(result.hand, result.situation))
            seat = request.get("seat_wind", "E")
            assert melds[-1][1] == place[called_from(seat, request["pao"])], (path.name, request)
            assert all(at == 0 for _, at in melds[:-1])
            found += 1
    assert found >= 10
    # South's pon from North: the middle; from East (the left) and West (the right).
    assert called_from("S", "N") == "middle" and called_from("S", "E") == "left" and called_from("S", "W") == "right"


# Issue 25: at the table — declaring tenpai, chombo and dead hands, point sticks, the timing of calls.

TABLE_PROCEDURE = "17-table-procedure.md"
AT_THE_TABLE = {
    "en": {
        "timing": r"before the next player draws",
        "show": r"A \*\*riichi player must show\*\*",
        "order": r"starting with the dealer: East,\s+South, West, North",
        "tenhou chombo": r"There is no chombo on Tenhou",
        "set": r"one 10,000 stick, two 5,000, four 1,000 and\s+ten 100",
        "change": r"gets\s+1,100 back",
    },
    "zh": {
        "timing": r"赶在下一位玩家摸牌之前",
        "show": r"\*\*立直的玩家必须亮牌\*\*",
        "order": r"从庄家开始：东、南、西、北",
        "tenhou chombo": r"天凤没有错和",
        "set": r"10,000 一根、5,000 两根、1,000 四根、100 十根",
        "change": r"找回 1,100",
    },
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_procedure_lesson_teaches_what_a_player_does_at_a_real_table(lang: str) -> None:
    text = page(lang, TABLE_PROCEDURE).read_text(encoding="utf-8")
    for what, pattern in AT_THE_TABLE[lang].items():
        assert re.search(pattern, text), (lang, what)
    assert 10000 + 2 * 5000 + 4 * 1000 + 10 * 100 == 25000


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_table_sections_each_have_a_check_after_them(lang: str) -> None:
    import json

    text = page(lang, TABLE_PROCEDURE).read_text(encoding="utf-8")
    after = [json.loads(block)["after"] for block in QUESTION.findall(text)]
    for section in ("mistakes-and-dead-hands-chombo", "showing-your-hand-at-the-draw", "point-sticks-and-paying"):
        assert section in after, (lang, section)


@pytest.mark.parametrize("lang", LANGS)
def test_the_usual_chombo_is_a_reversed_mangan_as_the_engine_pays_a_mangan_tsumo(lang: str) -> None:
    from tutor.engine.points import base_points, payment

    base, _ = base_points(5, 30, 0)
    non_dealer, dealer = payment(base, dealer=False, tsumo=True), payment(base, dealer=True, tsumo=True)
    text = prose(page(lang, TABLE_PROCEDURE))
    offender_non_dealer = 2 * non_dealer.tsumo_non_dealer + non_dealer.tsumo_dealer
    for amount in (
        non_dealer.tsumo_non_dealer,
        non_dealer.tsumo_dealer,
        offender_non_dealer,
        3 * dealer.tsumo_non_dealer,
    ):
        assert f"{amount:,}" in text, (lang, amount)
    assert (offender_non_dealer, 3 * dealer.tsumo_non_dealer) == (8000, 12000)


# Issue 25: the uma — Tenhou's published rule and common practice, said the same in lesson 17 and by `tutor standings`.


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_s_uma_and_oka_are_the_numbers_standings_computes(lang: str) -> None:
    from tutor.engine.standings import RULE_SETS, standings

    text = prose(page(lang, TABLE_PROCEDURE))
    tenhou, common = RULE_SETS["tenhou"], RULE_SETS["uma-8-4"]
    first, second, third, fourth = (value // 10 for value in tenhou.uma_by_rank)
    said = {
        "en": rf"\+{first} for first, \+{second} for second, −{-third} for third and −{-fourth} for fourth",
        "zh": rf"第一名 \+{first}，第二名 \+{second}，第三名 −{-third}，第四名 −{-fourth}",
    }[lang]
    assert re.search(said, text) and "20-10" in text and tenhou.uma == (20, 10)
    assert f"+{tenhou.oka // 10}" in text and tenhou.oka == 200
    assert f"{common.uma[0]}-{common.uma[1]}" in text and "(+8, +4, −4, −8)" in text.replace("（", "(").replace(
        "、", ", "
    ).replace("）", ")")
    # The plain example's East: +5 over the return, uma and oka, as standings() works it.
    east = standings((35000, 28000, 22000, 15000)).seat("E")
    assert (east.base, east.uma, east.oka, east.final) == (50, 200, 200, 450)
    assert re.search(r"\+45", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_says_which_uma_is_tenhou_s_published_rule_and_which_is_common_practice(lang: str) -> None:
    text = prose(page(lang, TABLE_PROCEDURE))
    published, common = {"en": ("Tenhou's published rule", "common practice"), "zh": ("天凤公布的规则", "常见做法")}[
        lang
    ]
    assert published in text and common in text


def test_tutor_standings_says_the_same_as_the_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tutor.cli import main

    assert main(["standings", "35000", "28000", "22000", "15000"]) == 0
    out = capsys.readouterr().out
    assert "Tenhou's published rule" in out and "+45.0" in out
    assert main(["standings", "54300", "29000", "19700", "-3000", "--rules", "uma-8-4", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["source"].startswith("Common practice") and body["standings"][0]["final"] == 52.3
    assert main(["standings", "35000", "28000", "22000", "15000", "--lang", "zh"]) == 0
    assert "天凤公布的规则" in capsys.readouterr().out
    cli = " ".join((Path(__file__).parents[2] / "docs" / "cli.md").read_text(encoding="utf-8").split())
    assert "Tenhou's published rule" in cli and "common practice" in cli


@pytest.mark.parametrize("lang", LANGS)
def test_the_fu_lesson_s_payments_point_back_to_the_preview(lang: str) -> None:
    """Lesson 11 quotes 1,000 / 1,300 / 1,600 two lessons before the points lesson: it says where to read them."""
    assert "{#points-preview .step}" in page(lang, "01-tiles.md").read_text(encoding="utf-8")
    text = prose(page(lang, "11-fu.md"))
    assert "/lessons/tiles#points-preview" in text and "/lessons/points" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_checks_once_asked_before_their_lesson_stay_fixed(lang: str) -> None:
    """Lesson 8 once asked a fu count (lesson 11) and lesson 9 a daisangen payment (lesson 10): check-lessons' rule
    finds nothing in the course, and those two lessons ask neither again."""
    from tutor.course.lessons import LessonBook
    from tutor.course.prerequisites import asked_before_taught

    book = LessonBook([COURSE / lang], lambda kind, context, said: "", lang)
    assert asked_before_taught(book) == []
    assert all(q.kind != "fu" for q in book.lessons["three-six-han"].questions)
    assert all(not getattr(q.solution, "yakuman", 0) for q in book.lessons["dora"].questions)
