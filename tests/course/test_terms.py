"""One term per concept (issue 23): the lessons, yaku notes, reference pages and the catalogue say the name
the term list (``lessons/terms.toml``) prefers, never a variant; only the glossaries name a variant, in the
row of the term the course uses."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
TERMS = LESSONS / "terms.toml"
CATALOGUES = ROOT / "tutor" / "translations"
GLOSSARIES = sorted(LESSONS.glob("*/reference/glossary.md"))


@dataclass(frozen=True)
class Term:
    lang: str
    concept: str
    use: str
    avoid: re.Pattern[str]
    """Every variant, as one pattern."""


def load_terms(path: Path = TERMS) -> list[Term]:
    with path.open("rb") as source:
        data = tomllib.load(source)
    terms = []
    for lang, entries in data.items():
        for entry in entries:
            variants = [re.escape(variant) for variant in entry.get("avoid", [])]
            if "avoid_pattern" in entry:
                variants.append(entry["avoid_pattern"])
            assert variants, f"{entry['concept']}: a term needs something to avoid"
            terms.append(Term(lang, entry["concept"], entry["use"], re.compile("|".join(variants))))
    return terms


TERM_LIST = load_terms()


def variants_in(text: str, terms: list[Term] = TERM_LIST) -> list[str]:
    """Each non-preferred term in ``text``, with what to say instead and a little context."""
    found = []
    for term in terms:
        for match in term.avoid.finditer(text):
            context = text[max(0, match.start() - 12) : match.end() + 12].replace("\n", " ")
            found.append(f"{match.group(0)!r} (say {term.use!r}): …{context}…")
    return found


def pages() -> list[Path]:
    """Every lesson, yaku note and reference page in every language, the glossaries aside."""
    return sorted(path for path in LESSONS.rglob("*.md") if path not in GLOSSARIES)


def test_the_term_list_holds_the_pairs_of_issue_23() -> None:
    chinese = {term.use for term in TERM_LIST if term.lang == "zh"}
    for preferred in (
        "双立直",
        "海底捞月",
        "舍牌振听",
        "门清荣和",
        "头名赏",
        "顺位马",
        "中途流局",
        "不听罚符",
        "二番缚",
    ):
        assert preferred in chinese
    assert {term.lang for term in TERM_LIST} == {"zh", "en"}
    for term in TERM_LIST:
        assert not term.avoid.search(term.use), f"{term.concept}: the preferred term matches its own variants"


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("别把两立直算成 3 番", "两立直"),
        ("最终得点含马和冈", "马"),
        ("马 +20", "马"),
        ("天凤：冈 +20", "冈"),
        ("The honors are the winds", "honors"),
        ("一局游戏结束时", "一局游戏"),
    ],
)
def test_a_variant_is_found(text: str, wrong: str) -> None:
    assert any(found.startswith(repr(wrong)) for found in variants_in(text))


@pytest.mark.parametrize("text", ["顺位马 +20，头名赏 +20", "立直后马上摸到", "罗马字", "双立直", "honours"])
def test_the_preferred_term_and_other_words_are_not_variants(text: str) -> None:
    assert variants_in(text) == []


@pytest.mark.parametrize("path", pages(), ids=lambda path: str(path.relative_to(LESSONS)))
def test_each_page_uses_the_preferred_terms(path: Path) -> None:
    assert variants_in(path.read_text(encoding="utf-8")) == []


def test_the_chinese_catalogue_uses_the_preferred_terms() -> None:
    with (CATALOGUES / "zh" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalogue = read_po(source)
    chinese = [term for term in TERM_LIST if term.lang == "zh"]
    wrong = []
    for message in catalogue:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in filter(None, strings):
            wrong += [f"{message.id!r}: {found}" for found in variants_in(text, chinese)]
    assert wrong == []


def test_the_english_messages_use_the_preferred_terms() -> None:
    with (CATALOGUES / "messages.pot").open("rb") as source:
        template = read_po(source)
    english = [term for term in TERM_LIST if term.lang == "en"]
    wrong = []
    for message in template:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        for text in filter(None, ids):
            wrong += variants_in(text, english)
    assert wrong == []


@pytest.mark.parametrize("glossary", GLOSSARIES, ids=lambda path: path.parent.parent.name)
def test_a_glossary_names_a_variant_only_beside_the_preferred_term(glossary: Path) -> None:
    for line in glossary.read_text(encoding="utf-8").splitlines():
        for term in TERM_LIST:
            if term.avoid.search(line):
                assert term.use in line, f"{glossary.name}: {term.avoid.pattern} without {term.use}: {line}"


def test_the_chinese_glossary_lists_the_course_s_name_first() -> None:
    glossary = LESSONS / "zh" / "reference" / "glossary.md"
    names = [
        line.split("|")[1].strip()
        for line in glossary.read_text(encoding="utf-8").splitlines()
        if line.startswith("| ")
    ]
    for term in TERM_LIST:
        if term.lang != "zh":
            continue
        for name in names:
            if term.avoid.search(name):
                assert name.startswith(term.use) or term.use in name.split(" / ")[0], (term.use, name)


# --- "Common mistakes" say what the mistake is -----------------------------------------------------

MISTAKES = {"zh": "常见错误", "en": "Common mistakes"}
"""The heading of a yaku note's list of mistakes, per language."""
MISTAKE_MARKERS = {
    "zh": re.compile(r"(误以为|错以为|错把|误把|忘了|漏看|漏算)"),
    # A gerund naming what the learner does wrong ("Counting …", "Forgetting …"); "Being …" states a fact.
    "en": re.compile(r"(?!Being\b)[A-Z][a-z]+ing\b"),
}
"""How a bullet under that heading must begin, so that a learner skimming it reads a mistake, not a rule:
误以为七对子里有 112233m 还能再加一杯口, not 七对子里有 112233m 就加一杯口."""


def mistake_bullets(path: Path, lang: str) -> list[str]:
    """The bullets under the note's mistakes heading, each joined onto one line."""
    text = path.read_text(encoding="utf-8")
    section = re.search(rf"^##+ {MISTAKES[lang]}[^\n]*\n(.*?)(?=^#|\Z)", text, re.S | re.M)
    if section is None:
        return []
    return [" ".join(item.split()) for item in re.split(r"\n(?=- )", section.group(1).strip()) if item.startswith("- ")]


def says_a_mistake(bullet: str, lang: str) -> bool:
    return MISTAKE_MARKERS[lang].match(bullet.removeprefix("- ").removeprefix("**")) is not None


NOTES = [(lang, path) for lang in MISTAKES for path in sorted((LESSONS / lang / "yaku").glob("*.md"))]


@pytest.mark.parametrize(("lang", "note"), NOTES, ids=lambda value: getattr(value, "stem", value))
def test_each_common_mistake_says_what_the_mistake_is(lang: str, note: Path) -> None:
    bullets = mistake_bullets(note, lang)
    assert bullets, f"{note}: no '{MISTAKES[lang]}' list"
    assert [bullet for bullet in bullets if not says_a_mistake(bullet, lang)] == []


@pytest.mark.parametrize(
    ("bullet", "lang", "mistake"),
    [
        ("- 七对子里有 [[112233m]] 就加一杯口：对子不是顺子。", "zh", False),
        ("- 误以为七对子里有 [[112233m]] 还能再加一杯口：对子不是顺子。", "zh", True),
        ("- 连风牌只算1番。", "zh", False),
        ("- **忘了包牌**。", "zh", True),
        ("- Dora are not yaku.", "en", False),
        ("- Being furiten still blocks the ron.", "en", False),
        ("- Counting only 1 han for a double wind.", "en", True),
    ],
)
def test_the_mistake_check_tells_a_mistake_from_a_rule(bullet: str, lang: str, mistake: bool) -> None:
    assert says_a_mistake(bullet, lang) is mistake


@pytest.mark.parametrize("path", sorted((LESSONS / "zh").rglob("*.md")), ids=lambda path: path.stem)
def test_chinese_pages_separate_chinese_words_with_full_width_commas(path: Path) -> None:
    """（役満，yakuman）, not （役満, yakuman）: a half-width comma after a Chinese or Japanese word."""
    half = re.findall(r"[\u4e00-\u9fff\u3040-\u30ff）], .{0,12}", path.read_text(encoding="utf-8"))
    assert half == []


def test_the_chinese_catalogue_names_a_yaku_in_brackets_by_its_name_not_its_id() -> None:
    """这是十三面听（国士无双十三面）, not （kokushi_13）: an id is for programs (issue 23)."""
    with (CATALOGUES / "zh" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalogue = read_po(source)
    ids = [
        message.string
        for message in catalogue
        if isinstance(message.string, str) and re.search(r"（[a-z0-9]+_[a-z0-9_]+）", message.string)
    ]
    assert ids == []
