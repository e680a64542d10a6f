"""Lessons and yaku notes: Markdown with front matter, tiles, worked examples and questions.

A lesson file (``lessons/<lang>/NN-slug.md``) starts with front matter::

    ---
    title: Fu, item by item
    slug: fu
    order: 9
    summary: Where every fu comes from, and how the total is rounded.
    ---

and may use, besides ordinary Markdown:

* ``[[123m 4'56p -11-z]]`` tiles inline (see :mod:`tutor.drawing.tiles_html`); options
  after a bar: ``[[123m456p 55s | win=5s size=large]]``;
* a worked example: a fenced block ``score`` holding a score request (JSON);
  the engine scores it when the lesson is loaded and the page shows the full
  breakdown;
* a final standing: a fenced block ``standings`` holding
  ``{"scores": [35000, 28000, 22000, 15000], "sticks": 0, "rules": "tenhou", "caption": "..."}``
  (see :mod:`tutor.engine.standings`); the page shows the ranks, uma, oka and final points, and every
  signed number the caption quotes (``+45``, ``-14.3``) must be one of the final points computed;
* a check-yourself question: a fenced block ``question`` holding
  ``{"ask": "points", "request": {...}}`` (kinds in :mod:`tutor.quiz.questions`);
  the answer is the engine's, never typed into the text. ``"after": "<id of a ## heading>"`` declares
  the section that teaches its answer; the question must stand in that section's step or a later one.
  ``"needs": ["points"]`` names lessons it needs besides those its kind and answer need
  (:mod:`tutor.course.prerequisites`): no check may need a lesson that comes after its own.

A lesson is read in steps: each ``##`` section is one step (what comes before the first ``##`` joins
the first), and so is each ``###`` part its author marks ``{.step}``; a step's checks are the questions
that stand in it (:class:`Step`). A link to a lesson's heading (``[pao](/lessons/draws#pao)``) opens the
step that holds it (:func:`link_steps`).

Yaku notes (``lessons/<lang>/yaku/<yaku id>.md``) use the same syntax and
become the body of the yaku's reference page. Reference pages
(``lessons/<lang>/reference/<slug>.md``, such as the glossary) use it too and
are shown at ``/lessons/reference/<slug>``, outside the numbered course.

Each language has its own folder; a page another language has not translated yet
is shown from ``lessons/en/`` (see :class:`LessonLibrary`), page by page, so a
half-translated course is still the whole course. A translation keeps the English
file's slug, order and every block's request: only captions, prompts and prose change.

Everything is rendered once per process (once for all the apps of a process, see
:func:`shared_book`); broken tile codes, worked examples
or questions make a :class:`LessonError` naming the file and every problem in it.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import markdown
from markdown.extensions import Extension
from markdown.extensions.toc import slugify_unicode
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from tutor.drawing.tiles_html import SIZES, tiles_html
from tutor.engine.api import evaluate
from tutor.engine.hand import HandError
from tutor.engine.standings import shown, standings
from tutor.engine.tiles import TileNotationError
from tutor.messages import catalogues
from tutor.messages.catalogues import N_, Problem, translate
from tutor.quiz import Question, QuestionError

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
BLOCK = re.compile(r"^```(score|question|standings)[ \t]*\n(.*?)\n```[ \t]*$", re.S | re.M)
SIGNED = re.compile(r"(?<![\w.,])[+\-−]\d+(?:\.\d)?(?!\d|[.,]\d)")
"""A final score written in a caption: +45, -14.3 (a standings block's caption must quote the engine's)."""
REQUIRED = ("title", "slug", "order", "summary")
LESSON_QUESTIONS = 4
"""The fewest check-yourself questions a lesson of the course may have."""
NOTE_QUESTIONS = 1
"""The fewest a yaku note may have: a reader checks the yaku on a hand before leaving the page."""


STEP_HEADING = re.compile(r"<(h2|h3)\b([^>]*)>(.*?)</\1>", re.S)
"""A heading that may open a step: every ``##``, and a ``###`` marked ``{.step}``."""
ID = re.compile(r'\bid="([^"]*)"')
QUESTION_MARK = re.compile(r"<!--check-(\d+)-->")
"""Where a question stands in a page, whatever its template draws (what cuts it into steps)."""
LESSON_LINK = re.compile(r'href="/lessons/(?P<slug>[\w-]+)(?:/(?P<step>\d+))?(?:#(?P<anchor>[^"]*))?"')
"""A link to a lesson (``/lessons/fu``), perhaps to a heading in it (``/lessons/fu#the-pair``) or to one of
its steps (``/lessons/fu/4#the-pair``, what :func:`link_steps` writes)."""
PAGE_LINK = re.compile(r'href="#(?P<anchor>[^"]+)"')
"""A link to a heading of the same page."""


class LessonError(ValueError):
    """A lesson file that cannot be rendered, with the file and the reason."""


@dataclass
class Page:
    """A rendered Markdown page: a lesson or a yaku note."""

    slug: str
    title: str
    html: str
    path: Path
    order: int = 0
    summary: str = ""
    toc: list[dict[str, Any]] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    examples: int = 0
    """How many worked examples the engine scored for this page."""
    check_path: str = ""
    """Where the page is served and its questions post to (``/lessons/fu``, ``/yaku/pinfu``); what a
    learner's checks are stored under."""
    lang: str = "en"
    """The language the page is written in: English in another language's book until it is translated."""
    steps: list[Step] = field(default_factory=list)
    """The lesson in steps, one per ``##`` section (a yaku note or reference page has them too, unused)."""
    needs: list[tuple[str, ...]] = field(default_factory=list)
    """For each question, the lessons (slugs) its author says it needs besides those its kind and answer need
    (``"needs"``, :mod:`tutor.course.prerequisites`)."""

    def step_of(self, number: int) -> Step:
        """The step in which question ``number`` stands."""
        return next(step for step in self.steps if number in step.questions)


@dataclass(frozen=True)
class Step:
    """One section of a lesson, read on its own: a phone screen or two, with the checks that follow its teaching."""

    number: int
    """Its place in the lesson, from 1."""
    id: str
    """Its heading's anchor (``""`` for a lesson without ``##`` sections): what a learner's reading is stored under."""
    title: str
    html: str
    questions: tuple[int, ...]
    """The numbers of the page's questions that stand in this step."""


def split_steps(html: str, title: str) -> list[Step]:
    """A page's HTML cut before each ``<h2>``, and before each ``<h3>`` its author marked ``{.step}`` (a long
    section read in two or three steps), whose step opens with it as an ``<h2>``; the text before the first
    cut opens the first step."""
    heads = [
        head
        for head in STEP_HEADING.finditer(html)
        if head.group(1) == "h2" or re.search(r'\bclass="[^"]*\bstep\b', head.group(2))
    ]
    if not heads:
        return [Step(1, "", title, html, tuple(int(n) for n in QUESTION_MARK.findall(html)))]
    cuts = [0, *(head.start() for head in heads[1:]), len(html)]
    steps = []
    for at, head in enumerate(heads):
        part = html[cuts[at] : cuts[at + 1]]
        if head.group(1) == "h3":
            # Shown on its own, a step's heading comes right under the lesson's title, as a ## step's does: an
            # <h2> there, or the page would skip a level (screen readers move by heading levels).
            start = head.start() - cuts[at]
            part = f"{part[:start]}<h2{head.group(2)}>{head.group(3)}</h2>{part[start + len(head.group(0)) :]}"
        name = re.sub(r"<[^>]+>", "", head.group(3)).strip()
        numbers = tuple(int(n) for n in QUESTION_MARK.findall(part))
        found = ID.search(head.group(2))
        steps.append(Step(at + 1, found.group(1) if found else "", name, part, numbers))
    return steps


def link_steps(page: Page, anchors: dict[str, dict[str, int]], *, lesson: bool) -> Page:
    """The page with every link to a lesson's heading pointed at the step that holds the heading.

    A lesson is read a step at a time, so ``/lessons/fu#the-pair`` (the whole lesson) becomes
    ``/lessons/fu/5#the-pair``, and a link to a lesson without a heading opens its first step, as "Start
    lesson" does. In a ``lesson``'s steps, a link to one of its own headings in another step goes to that
    step; the whole-lesson page keeps its ``#heading`` links. A link to a lesson or heading that does not
    exist is left as written. ``anchors`` are the book's (:func:`lesson_anchors`): a page may link to a
    lesson of another folder (a translation to a lesson still in English), so a book links its pages once
    it knows all its lessons.
    """

    def to_step(match: re.Match[str]) -> str:
        slug, anchor = match.group("slug"), match.group("anchor")
        if slug not in anchors:
            return match.group(0)
        if anchor is None:
            return f'href="/lessons/{slug}/{match.group("step") or 1}"'
        number = anchors[slug].get(unquote(anchor))
        return f'href="/lessons/{slug}/{number}#{anchor}"' if number else match.group(0)

    def within(step: Step) -> str:
        html = LESSON_LINK.sub(to_step, step.html)
        if not lesson:
            return html
        own = anchors.get(page.slug, {})

        def to_other_step(match: re.Match[str]) -> str:
            number = own.get(unquote(match.group("anchor")))
            if number is None or number == step.number:
                return match.group(0)
            return f'href="/lessons/{page.slug}/{number}#{match.group("anchor")}"'

        return PAGE_LINK.sub(to_other_step, html)

    steps = [replace(step, html=within(step)) for step in page.steps]
    return replace(page, html=LESSON_LINK.sub(to_step, page.html), steps=steps)


def lesson_anchors(lessons: dict[str, Page]) -> dict[str, dict[str, int]]:
    """For each lesson, every anchor (``id``) in it and the number of the step that holds it."""
    found: dict[str, dict[str, int]] = {}
    for slug, page in lessons.items():
        found[slug] = {}
        for step in page.steps:
            for anchor in ID.findall(step.html):
                found[slug].setdefault(anchor, step.number)
    return found


RenderBlock = Callable[[str, Any, str], str]
"""(template kind, context, language) → HTML; the app supplies it so blocks share the site's templates."""


class _Blocks(Preprocessor):
    """Replaces ```score and ```question blocks by the HTML the engine and templates make."""

    def __init__(self, md: markdown.Markdown, page: _PageState) -> None:
        super().__init__(md)
        self.page = page

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)

        def replace(match: re.Match[str]) -> str:
            kind, body = match.group(1), match.group(2)
            # Stripped: Markdown keeps stashed HTML out of a <p> only when it starts with a tag (a form
            # inside a paragraph would end it, leaving stray empty paragraphs around every question).
            html = self.page.block(kind, body).strip()
            return "\n\n" + self.md.htmlStash.store(html) + "\n\n"

        return BLOCK.sub(replace, text).split("\n")


class _Tiles(InlineProcessor):
    """``[[123m 456p | win=5p]]`` → tile images."""

    def __init__(self, md: markdown.Markdown, page: _PageState) -> None:
        super().__init__(r"\[\[([^\]|]+)(?:\|([^\]]*))?\]\]", md)
        self.page = page

    # InlineProcessor takes ``data`` where its base Pattern does not; Markdown's own stubs ignore that override too.
    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        return self.md.htmlStash.store(self.page.tiles(m.group(1), m.group(2) or "")), m.start(0), m.end(0)


class _LessonExtension(Extension):
    def __init__(self, page: _PageState) -> None:
        super().__init__()
        self.page = page

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # Before fenced code (priority 25), so our blocks never reach it.
        md.preprocessors.register(_Blocks(md, self.page), "tutor_blocks", 28)
        md.inlinePatterns.register(_Tiles(md, self.page), "tutor_tiles", 185)


@dataclass
class _PageState:
    """What rendering one page collects, and how it reports problems."""

    path: Path
    slug: str
    render_block: RenderBlock
    lang: str
    check_path: str
    """Where the page's question forms post their answers (``<check_path>/check/<number>``)."""
    questions: list[Question] = field(default_factory=list)
    taught: list[str | None] = field(default_factory=list)
    """For each question, the id of the ``##`` section its author says teaches its answer (``"after"``)."""
    needs: list[tuple[str, ...]] = field(default_factory=list)
    """For each question, the lessons its author says it needs (``"needs"``)."""
    examples: int = 0
    problems: list[str] = field(default_factory=list)

    def say(self, sentence: str, **params: Any) -> str:
        """A problem (marked with ``N_``) in the page's language, for the author who reads the report."""
        return translate(sentence, self.lang).format(**params)

    def fail(self, problem: str) -> str:
        """Note a problem and keep rendering, so one pass reports every problem in the file."""
        self.problems.append(problem)
        return ""

    def tiles(self, notation: str, options: str) -> str:
        settings = dict(part.split("=", 1) for part in options.split() if "=" in part)
        unknown = set(settings) - {"win", "size"}
        if unknown or settings.get("size", "medium") not in SIZES:
            problem = N_("tiles [[{notation}|{options}]]: options are win=<tile> and size={sizes}")
            return self.fail(self.say(problem, notation=notation, options=options, sizes="/".join(SIZES)))
        try:
            return tiles_html(
                notation.strip(), win=settings.get("win"), size=settings.get("size", "medium"), lang=self.lang
            )
        except (TileNotationError, ValueError) as problem:
            return self.fail(self.say(N_("tiles [[{notation}]]: {problem}"), notation=notation, problem=problem))

    def block(self, kind: str, body: str) -> str:
        try:
            payload = json.loads(body)
        except ValueError as problem:
            return self.fail(self.say(N_("the {kind} block is not valid JSON: {problem}"), kind=kind, problem=problem))
        if kind == "score":
            caption = payload.pop("caption", "") if isinstance(payload, dict) else ""
            try:
                result = evaluate(payload)
            except HandError as refusal:
                refused = N_("worked example {request} is refused: {refusal}")
                return self.fail(self.say(refused, request=json.dumps(payload), refusal=refusal))
            self.examples += 1
            return self.render_block("example", {"result": result, "request": payload, "caption": caption}, self.lang)
        if kind == "standings":
            return self.standings(payload, body)
        after = payload.pop("after", None) if isinstance(payload, dict) else None
        if after is not None and not isinstance(after, str):
            wrong = N_('question {question}: "after" names the id of the ## heading whose section teaches it')
            return self.fail(self.say(wrong, question=body.strip()))
        needs = payload.pop("needs", []) if isinstance(payload, dict) else []
        if not isinstance(needs, list) or not all(isinstance(slug, str) for slug in needs):
            wrong = N_('question {question}: "needs" lists the slugs of the lessons it needs, such as ["points"]')
            return self.fail(self.say(wrong, question=body.strip()))
        try:
            question = Question.from_json(payload)
        except QuestionError as problem:
            return self.fail(self.say(N_("question {question}: {problem}"), question=body.strip(), problem=problem))
        self.questions.append(question)
        self.taught.append(after)
        self.needs.append(tuple(needs))
        number = len(self.questions)
        context = {"question": question, "number": number, "slug": self.slug, "check_path": self.check_path}
        return f"<!--check-{number}-->" + self.render_block("question", context, self.lang)

    def standings(self, payload: Any, body: str) -> str:
        """A final standing worked by the engine; its caption may only quote final points it computed."""
        known = {"scores", "sticks", "rules", "caption"}
        if not isinstance(payload, dict) or not isinstance(payload.get("caption"), str) or set(payload) - known:
            problem = N_("standings block {block}: give scores, sticks, rules and a caption, and nothing else")
            return self.fail(self.say(problem, block=body.strip()))
        try:
            game = standings(payload.get("scores", []), payload.get("sticks", 0), payload.get("rules", "tenhou"))
        except (Problem, TypeError) as refusal:
            return self.fail(self.say(N_("standings block {block}: {problem}"), block=body.strip(), problem=refusal))
        caption = payload["caption"]
        quoted = [number.replace("−", "-") for number in SIGNED.findall(caption)]
        wrong = [number for number in quoted if _tenths(number) not in {row.final for row in game.rows}]
        if not quoted or wrong:
            problem = N_("standings block: the caption {caption!r} must quote final points, and they are {finals}")
            return self.fail(self.say(problem, caption=caption, finals=", ".join(shown(r.final) for r in game.rows)))
        self.examples += 1
        return self.render_block("standings", {"game": game, "caption": caption}, self.lang)


def _tenths(number: str) -> int:
    """``+45`` → 450, ``-14.3`` → -143."""
    whole, _, tenth = number.lstrip("+-").partition(".")
    size = int(whole) * 10 + int(tenth or 0)
    return -size if number.startswith("-") else size


def render_page(
    path: Path, render_block: RenderBlock, *, lesson: bool, lang: str = "en", section: str = "/lessons"
) -> Page:
    """Render one Markdown file; raises LessonError on any problem.

    ``section`` is where the page is served (``/lessons`` or ``/yaku``), so its questions post back to it.
    """
    text = path.read_text(encoding="utf-8")
    meta: dict[str, str] = {}
    front = FRONT_MATTER.match(text)
    if front:
        for line in front.group(1).splitlines():
            if line.strip():
                key, sep, value = line.partition(":")
                if not sep:
                    problem = translate(N_("{path}: front matter line {line!r} is not 'key: value'"), lang)
                    raise LessonError(problem.format(path=path, line=line))
                meta[key.strip()] = value.strip()
        text = text[front.end() :]
    if lesson:
        missing = [key for key in REQUIRED if not meta.get(key)]
        if missing:
            problem = translate(N_("{path}: front matter needs {keys}"), lang)
            raise LessonError(problem.format(path=path, keys=", ".join(missing)))
        if not meta["order"].isdigit():
            problem = translate(N_("{path}: order must be a whole number, not {order!r}"), lang)
            raise LessonError(problem.format(path=path, order=meta["order"]))
    slug = meta.get("slug", path.stem)
    state = _PageState(path, slug, render_block, lang, f"{section}/{slug}")
    md = markdown.Markdown(
        extensions=["tables", "toc", "attr_list", "sane_lists", "fenced_code", _LessonExtension(state)],
        # slugify_unicode: a Chinese heading gets a readable anchor (its own words), not "_1".
        extension_configs={"toc": {"toc_depth": "2-3", "slugify": slugify_unicode}},
    )
    # A prose table scrolls sideways on a phone (style.css), so keyboard users must be able to focus it.
    html = md.convert(text).replace("<table>", '<table tabindex="0">')
    title = meta.get("title", slug)
    steps = split_steps(html, title)
    _check_placement(state, steps)
    if state.problems:
        raise LessonError(f"{path}: " + "; ".join(state.problems))
    return Page(
        slug=slug,
        title=title,
        html=html,
        path=path,
        order=int(meta.get("order", 0)),
        summary=meta.get("summary", ""),
        toc=list(getattr(md, "toc_tokens", [])),
        questions=state.questions,
        examples=state.examples,
        check_path=state.check_path,
        lang=lang,
        steps=steps,
        needs=state.needs,
    )


def _check_placement(state: _PageState, steps: list[Step]) -> None:
    """Each question declared ``"after"`` a section stands in that section's step or a later one."""
    place = {step.id: step.number for step in steps}
    for number, after in enumerate(state.taught, start=1):
        if after is None:
            continue
        standing = next((step.number for step in steps if number in step.questions), 0)
        if after not in place:
            problem = N_('question {number} says it comes "after" {after!r}, but no step heading has that id: {ids}')
            state.fail(state.say(problem, number=number, after=after, ids=", ".join(place)))
        elif standing < place[after]:
            problem = N_("question {number} stands before {after!r}, the section it says teaches its answer")
            state.fail(state.say(problem, number=number, after=after))


class LessonBook:
    """Every lesson and yaku note of one language, rendered once.

    ``folders`` are read in order; a later folder (a teacher's
    ``TUTOR_LESSONS_DIR``) adds lessons or replaces those with the same slug.
    """

    def __init__(self, folders: list[Path], render_block: RenderBlock, lang: str = "en") -> None:
        self.lang = lang
        self.lessons: dict[str, Page] = {}
        self.yaku_notes: dict[str, Page] = {}
        self.reference: dict[str, Page] = {}
        self.problems: list[str] = []
        for folder in folders:
            for path in sorted(folder.glob("*.md")):
                self._add(self.lessons, path, render_block, lesson=True, section="/lessons")
            for path in sorted((folder / "yaku").glob("*.md")):
                self._add(self.yaku_notes, path, render_block, lesson=False, section="/yaku")
            for path in sorted((folder / "reference").glob("*.md")):
                self._add(self.reference, path, render_block, lesson=False, section="/lessons/reference")
        self.lessons = dict(sorted(self.lessons.items(), key=lambda item: (item[1].order, item[0])))
        self._link_steps()

    def _add(
        self, pages: dict[str, Page], path: Path, render_block: RenderBlock, *, lesson: bool, section: str
    ) -> None:
        try:
            page = render_page(path, render_block, lesson=lesson, lang=self.lang, section=section)
        except LessonError as problem:
            self.problems.append(str(problem))
            return
        pages[page.slug] = page

    @classmethod
    def merged(cls, books: list[LessonBook], lang: str) -> LessonBook:
        """Books laid one over another: a later book's page replaces an earlier one's with the same slug.

        How a language's book is made of its folders, and how a translation is laid over English.
        """
        book = cls([], _no_blocks, lang)
        for layer in books:
            book.lessons.update(layer.lessons)
            book.yaku_notes.update(layer.yaku_notes)
            book.reference.update(layer.reference)
            book.problems += [problem for problem in layer.problems if problem not in book.problems]
        book.lessons = dict(sorted(book.lessons.items(), key=lambda item: (item[1].order, item[0])))
        book._link_steps()
        return book

    def _link_steps(self) -> None:
        """Point every page's links to lesson headings at the steps that hold them (:func:`link_steps`), now
        that the book knows all its lessons. The linked pages are new ones: the pages of a layer stay as
        they are for the other books made of it."""
        anchors = lesson_anchors(self.lessons)
        self.lessons = {slug: link_steps(page, anchors, lesson=True) for slug, page in self.lessons.items()}
        self.yaku_notes = {key: link_steps(page, anchors, lesson=False) for key, page in self.yaku_notes.items()}
        self.reference = {key: link_steps(page, anchors, lesson=False) for key, page in self.reference.items()}

    def untranslated(self) -> list[Page]:
        """The pages of this book still shown in English (none in the English book)."""
        pages = [*self.lessons.values(), *self.yaku_notes.values(), *self.reference.values()]
        return [page for page in pages if page.lang != self.lang]

    def neighbours(self, slug: str) -> tuple[Page | None, Page | None]:
        """The lessons before and after this one."""
        slugs = list(self.lessons)
        at = slugs.index(slug)
        before = self.lessons[slugs[at - 1]] if at > 0 else None
        after = self.lessons[slugs[at + 1]] if at + 1 < len(slugs) else None
        return before, after


def _no_blocks(kind: str, context: Any, lang: str) -> str:
    """A merged book is made of pages already rendered, so it never renders a block itself."""
    raise AssertionError("a merged book renders no blocks")


def too_few_questions(book: LessonBook) -> list[str]:
    """A problem for each lesson with fewer than LESSON_QUESTIONS questions and each yaku note with none.

    An author's rule, not a rendering failure: ``tutor check-lessons`` fails on these, while the
    site still shows a teacher's short lesson.
    """
    lesson = translate(N_("{path}: {count} check-yourself question(s); a lesson needs at least {least}"), book.lang)
    note = translate(N_("{path}: {count} check-yourself question(s); a yaku note needs at least {least}"), book.lang)
    problems = []
    for pages, least, sentence in ((book.lessons, LESSON_QUESTIONS, lesson), (book.yaku_notes, NOTE_QUESTIONS, note)):
        for page in pages.values():
            if len(page.questions) < least:
                problems.append(sentence.format(path=page.path, count=len(page.questions), least=least))
    return problems


_BUILT: dict[tuple[object, ...], LessonBook] = {}
_BUILT_LOCK = threading.Lock()


def _made_from(folders: list[Path], lang: str) -> tuple[object, ...]:
    """What a book is made from: its language, its folders and every Markdown file's path, size and time,
    and the catalogue its worked examples are explained with (the engine's sentences in that language)."""
    files = []
    po = catalogues.TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    if po.is_file():
        files.append((str(po.resolve()), po.stat().st_size, po.stat().st_mtime_ns))
    for folder in folders:
        pages = [folder.glob("*.md"), (folder / "yaku").glob("*.md"), (folder / "reference").glob("*.md")]
        for path in [path for found in pages for path in sorted(found)]:
            stat = path.stat()
            files.append((str(path.resolve()), stat.st_size, stat.st_mtime_ns))
    return (lang, tuple(str(folder.resolve()) for folder in folders), tuple(files))


def shared_book(folders: list[Path], render_block: RenderBlock, lang: str = "en") -> LessonBook:
    """The book of these folders, built once per process and shared by every app of the process.

    A page depends only on its files and on the site's templates, which are the same for every app
    in a process; so a second app (every test builds one) reuses the pages instead of scoring every
    worked example again. A folder of its own, or a file added, removed or edited, makes a new book.
    """
    key = _made_from(folders, lang)
    with _BUILT_LOCK:
        book = _BUILT.get(key)
        if book is None:
            book = _BUILT[key] = LessonBook(folders, render_block, lang)
        return book


class LessonLibrary:
    """The books of every language, each built on first use and kept for the life of the process.

    ``folders_for(lang)`` gives a language's folders in order, the built-in one first and a teacher's
    last, in the same places for every language (a folder may not exist). A reader of another language
    than English gets each folder's English laid under its translation, folder by folder: a page
    is shown in their language where it is translated, else in English, and a teacher's own page
    (in English or translated) still replaces the built-in one.
    """

    def __init__(self, folders_for: Callable[[str], list[Path]], render_block: RenderBlock) -> None:
        self._folders_for = folders_for
        self._render_block = render_block
        self._books: dict[str, LessonBook] = {}
        self._lock = threading.Lock()

    def book(self, lang: str) -> LessonBook:
        """What a reader of ``lang`` sees: every page, in ``lang`` where it is translated, else in English."""
        if lang == "en":
            return self.own_book("en")
        return self._kept(lang, lambda: self._layered(["en", lang], lang))

    def own_book(self, lang: str) -> LessonBook:
        """Only the pages written in ``lang`` (what ``tutor check-lessons`` checks for that language)."""
        return self._kept(f"own:{lang}", lambda: self._layered([lang], lang))

    def _kept(self, key: str, make: Callable[[], LessonBook]) -> LessonBook:
        book = self._books.get(key)
        if book is None:
            made = make()  # outside the lock: rendering takes seconds, and a second maker only wastes its work
            with self._lock:
                book = self._books.setdefault(key, made)
        return book

    def _layered(self, languages: list[str], lang: str) -> LessonBook:
        """The folders of these languages, place by place (built-in English, built-in ``lang``, the teacher's ...)."""
        places = [self._folders_for(language) for language in languages]
        layers = []
        for depth in range(max(len(folders) for folders in places)):
            for language, folders in zip(languages, places, strict=True):
                if depth < len(folders) and folders[depth].is_dir():
                    layers.append(shared_book([folders[depth]], self._render_block, language))
        # One folder: the shared book itself, so every app of the process holds the very same pages.
        return layers[0] if len(layers) == 1 and layers[0].lang == lang else LessonBook.merged(layers, lang)
