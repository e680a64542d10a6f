"""What a check-yourself question needs a learner to have been taught, and the checks asked too early.

A question needs the lessons (by slug) that teach what its answer is made of. Most of it follows from the
question's kind and the engine's answer (:func:`needs`):

* a payment (``points``, ``table``) needs the points lesson (``points``); that need is met before it when
  every amount the answer pays is written in the question's prompt or in the lesson's prose before the
  question ("state the number it needs");
* a fu count needs the fu lesson (``fu``), except the fixed counts taught with their yaku: seven pairs'
  25 (``two-han``) and pinfu's 20 and 30 (``everyday-yaku``);
* a yakuman in the answer of any hand question needs the yakuman lesson (``yakuman``);
* ura dora need the dora lesson (``dora``); final standings need the table-procedure lesson.

An author adds needs of their own with ``"needs": ["points"]`` in the question block (see
``docs/writing-lessons.md``). :func:`asked_before_taught` lists every question of a book that needs a
lesson coming after its own; ``tutor check-lessons`` fails on them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from tutor.messages.catalogues import N_, translate

if TYPE_CHECKING:
    from tutor.course.lessons import LessonBook, Page
    from tutor.quiz import Question

POINTS, YAKUMAN, FU, DORA, TABLE_PROCEDURE = "points", "yakuman", "fu", "dora", "table-procedure"
SEVEN_PAIRS_FU, PINFU_FU = "two-han", "everyday-yaku"
PAYMENT_NEEDS = frozenset({POINTS})
"""Needs a question meets by stating the amounts its answer pays (a yakuman must still be recognised: not these)."""

QUESTION_BLOCK = re.compile(r"^```question[ \t]*\n.*?\n```[ \t]*$", re.S | re.M)


def needs(question: Question, declared: Iterable[str] = ()) -> set[str]:
    """The slugs of the lessons a question needs, from its kind and the engine's answer, plus ``declared``."""
    found = set(declared)
    kind = question.kind
    if kind == "table":
        found.add(POINTS)
    elif kind == "standings":
        found.add(TABLE_PROCEDURE)
    request = question.data.get("request")
    if not isinstance(request, Mapping):
        return found
    result = question.solution
    if getattr(result, "yakuman", 0):
        found.add(YAKUMAN)
    if request.get("ura_indicators"):
        found.add(DORA)
    if kind == "points":
        found.add(POINTS)
    elif kind == "fu" and not result.yakuman:
        yaku = {hit.id for hit in result.yaku}
        if "chiitoitsu" in yaku:
            found.add(SEVEN_PAIRS_FU)
        elif "pinfu" in yaku:
            found.add(PINFU_FU)
        else:
            found.add(FU)
    return found


def amounts(question: Question) -> set[int]:
    """Every amount a payment question's answer pays (honba included), as the engine computes it."""
    if question.kind == "table":
        payment = question.solution
        values = (payment.ron, payment.tsumo_dealer, payment.tsumo_non_dealer)
    elif question.kind == "points":
        from tutor.engine.api import score_request

        values = tuple(score_request(dict(question.data["request"])).get("points", {}).values())
    else:
        return set()
    return {value for value in values if isinstance(value, int) and value}


def stated(amount: int, text: str) -> bool:
    """Whether ``text`` writes the amount, as 4,000 or 4000 (not as part of a longer number)."""
    return any(re.search(rf"(?<![\d,]){re.escape(form)}(?![\d]|,\d)", text) for form in {f"{amount:,}", str(amount)})


def asked_before_taught(book: LessonBook) -> list[str]:
    """A problem for each lesson question that needs a lesson coming after its own (in the book's order)."""
    order = {slug: page.order for slug, page in book.lessons.items()}
    sentence = translate(
        N_("{path}: question {number} needs lesson {needed} ({slug}), which comes after this one ({order})"),
        book.lang,
    )
    problems = []
    for page in book.lessons.values():
        before = _prose_before_each_question(page)
        for number, question in enumerate(page.questions, start=1):
            declared = page.needs[number - 1] if number <= len(page.needs) else ()
            wanted = needs(question, declared)
            if wanted & PAYMENT_NEEDS and _payment_stated(question, before, number):
                wanted -= PAYMENT_NEEDS
            for slug in sorted(wanted):
                if slug in order and order[slug] > page.order:
                    problems.append(
                        sentence.format(path=page.path, number=number, needed=order[slug], slug=slug, order=page.order)
                    )
    return problems


def _payment_stated(question: Question, before: list[str], number: int) -> bool:
    paid = amounts(question)
    prose = before[number - 1] if number <= len(before) else ""
    return bool(paid) and all(stated(amount, question.prompt) or stated(amount, prose) for amount in paid)


def _prose_before_each_question(page: Page) -> list[str]:
    """For each question of the page, the page's text before it with every question block taken out."""
    text = page.path.read_text(encoding="utf-8")
    found = []
    for match in QUESTION_BLOCK.finditer(text):
        found.append(QUESTION_BLOCK.sub("", text[: match.start()]))
    return found
