"""Naming the mistake behind a wrong number: misconception diagnosis.

When a learner's han, fu, points or table answer is wrong, the tutor re-scores
the hand with each known mistake applied (one fu item changed, a han left out,
one step of the points formula bent, another reading of the hand) and says
which mistakes give exactly the number the learner typed. Nothing here is a
table of wrong answers: every mistaken answer is recomputed from the hand.

>>> from tutor.quiz.questions import Question
>>> q = Question.from_json({"ask": "fu", "request": {"hand": "123m456m789p345s55s", "win": "5s",
...                         "riichi": True, "seat_wind": "S"}})
>>> [(m.id, m.label) for m in diagnose(q, "20 fu")]
[('closed-ron-forgot-10', 'forgot the 10 fu for a closed ron')]
>>> diagnose(q, "30"), diagnose(q, "lots")   # a right answer, an unreadable one
([], [])

Mistakes are declared below, one small function each, in the order
:func:`diagnose` reports them: most specific first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from tutor.engine.context import WinContext
from tutor.engine.decompose import Reading, Shape
from tutor.engine.fu import BASE, CHIITOITSU, MENZEN_RON, OPEN_PINFU, PINFU_TSUMO, TSUMO, FuItem
from tutor.engine.messages import sayable
from tutor.engine.report import describe_reading
from tutor.engine.score import dora_hits, score_reading
from tutor.engine.yaku import YAKU
from tutor.messages.catalogues import N_, Joined, Rendered, Said, Sentence, said
from tutor.quiz.answers import Answer, AnswerError
from tutor.quiz.questions import Question
from tutor.quiz.working import Working


def working(question: Question) -> Working | None:
    """The right working behind a question's answer; None for questions not answered with a number."""
    return question.working()


def right_answer(question: Question) -> Answer | None:
    """The engine's answer, in the form :func:`diagnose` compares (None: not a number question)."""
    return question.number_answer()


# --- mistakes -------------------------------------------------------------------------------------

Rework = Callable[[Working], Working | list[Working] | None]
"""From the right working to the mistaken one(s); None when the mistake does not apply to the hand."""


@dataclass(frozen=True)
class Mistake:
    id: str
    """Kebab-case and stable: stored in the database with the answer."""
    label: str
    """What the learner did, as one sentence they read: ``added 10 fu for ron on an open hand`` (marked
    ``N_``; once diagnosed with a detail, :class:`~tutor.messages.catalogues.Said` text naming it)."""
    lesson: str
    """Where the rule is taught: ``/lessons/fu#the-way-of-winning``."""
    kinds: frozenset[str]
    """The question kinds it can explain: some of han, fu, dora, points, table."""
    rework: Rework = field(repr=False, compare=False)

    def answers(self, question: Question) -> dict[Answer, Mistake]:
        """Each wrong answer this mistake gives to the question, with the mistake as diagnosed
        (its label naming the detail, such as the reading used). Empty when it does not apply
        to this hand or gives the right answer anyway."""
        base, right = working(question), right_answer(question)
        if base is None or right is None or base.answer(question.kind) != right:
            return {}
        return self._answers(question.kind, base, right)

    def _answers(self, kind: str, base: Working, right: Answer) -> dict[Answer, Mistake]:
        if kind not in self.kinds:
            return {}
        reworked = self.rework(base)
        found: dict[Answer, Mistake] = {}
        for wrong in [reworked] if isinstance(reworked, Working) else reworked or []:
            answer = wrong.answer(kind)
            if answer != right and answer not in found:
                noted = said(N_("{label} ({note})"), label=Sentence(self.label), note=wrong.note)
                found[answer] = replace(self, label=noted) if wrong.note else self
        return found

    @property
    def said(self) -> Said:
        """The label, sayable in the reader's language whether or not it names a detail."""
        return self.label if isinstance(self.label, Said) else said(self.label)


MISTAKES: dict[str, Mistake] = {}
"""Every known mistake by id, most specific first."""
HAND = ("han", "fu", "points")
"""Kinds for mistakes in how the hand was read: they change han, fu or both."""
POINTS = ("points", "table")
"""Kinds for mistakes in the points formula, made the same on a hand or a table cell."""


def mistake(id: str, label: str, lesson: str, kinds: Iterable[str]) -> Callable[[Rework], Rework]:
    """Register the decorated rework as a mistake."""

    def register(rework: Rework) -> Rework:
        if id in MISTAKES:
            raise ValueError(f"mistake {id!r} registered twice")
        MISTAKES[id] = Mistake(id, label, lesson, frozenset(kinds), rework)
        return rework

    return register


def diagnose(question: Question, answer_text: str) -> list[Mistake]:
    """The known mistakes that give exactly the learner's (wrong) answer, most specific first.

    An unreadable answer, a right answer or a question not answered with a
    number gets no diagnosis.
    """
    base, right = working(question), right_answer(question)
    if base is None or right is None:
        return []
    try:
        given = question.read_number(answer_text)
    except AnswerError:
        return []
    # The working must reproduce the engine's answer, or a "mistake" could just be a gap in it.
    if given == right or base.answer(question.kind) != right:
        return []
    found = []
    for known in MISTAKES.values():
        diagnosed = known._answers(question.kind, base, right).get(given)
        if diagnosed is not None:
            found.append(diagnosed)
    return found


def _fu(w: Working, change: Callable[[FuItem], FuItem | None]) -> Working | None:
    """The working with each fu item changed (None drops it); None when nothing changed.

    The rest of the recipe still holds: an open ron left with the bare base gets its 2 fu
    (fu.py), so a learner who forgot some other item still reaches 30 there.
    """
    items = [changed for changed in map(change, w.fu_items) if changed is not None]
    if items == [BASE] and not w.closed and not w.tsumo and w.rules.open_pinfu_fu:
        items.append(OPEN_PINFU)
    return None if tuple(items) == w.fu_items else w.with_fu_items(items)


def _kind(item: FuItem) -> str:
    """``fu.closed_triplet.honours`` → ``closed_triplet``."""
    return item.key.split(".")[1]


def _counted_as(states: dict[str, str], scale: float) -> Callable[[FuItem], FuItem]:
    """A fu change: groups of each old state counted in the new one, their fu scaled to match
    (closed is twice open, a kan four times a triplet: RULES.md §6.2)."""

    def change(item: FuItem) -> FuItem:
        state = _kind(item)
        if state not in states:
            return item
        return item._replace(key=item.key.replace(state, states[state]), fu=round(item.fu * scale))

    return change


def _han(w: Working, change: int, note: str = "") -> Working | None:
    """The working with ``change`` han more (dora and yaku alike); None for yakuman, where han are not counted."""
    if w.yakuman or not change:
        return None
    return replace(w, han=w.han + change, note=note)


# Readings and groups -------------------------------------------------------------------------------


@mistake(
    "ron-triplet-closed",
    N_("counted a triplet completed by ron as closed"),
    "/lessons/fu#triplets-and-kans",
    HAND,
)
def _ron_triplet_closed(w: Working) -> list[Working] | None:
    assert w.result is not None and w.scored is not None
    r = w.scored.reading
    if w.tsumo or r.shape is not Shape.STANDARD or r.win_group is None or r.win_group.is_sequence:
        return None
    # Score the same reading as if the winning tile had been drawn: the triplet is then concealed
    # for fu and for sanankou/suuankou alike.
    drawn = Reading.standard(r.groups, r.pair, r.win_group, r.wait, r.win, tsumo=True)
    ctx = WinContext(w.result.hand, w.result.situation, w.result.rules)
    rescored = score_reading(drawn, ctx, dora_hits(ctx))
    had = {y.id for y in w.scored.yaku}
    gained = [sayable(f"yaku.{y.id}.name") for y in rescored.yaku if y.id not in had]
    counted = said(N_("and so counted {yaku}"), yaku=Joined(" and ", gained)) if gained else ""
    as_closed = Working.of_reading(w.result, rescored, counted)
    # A learner may double the fu without going on to claim sanankou: that answer too (first, so a
    # fu answer is not labelled with a yaku it says nothing about).
    fu_only = _fu(w, _counted_as({"ron_triplet": "closed_triplet"}, 2))
    return [*([fu_only] if fu_only else []), as_closed]


@mistake("kan-as-triplet", N_("scored a kan as a triplet"), "/lessons/fu#triplets-and-kans", ("fu", "points"))
def _kan_as_triplet(w: Working) -> Working | None:
    return _fu(w, _counted_as({"closed_quad": "closed_triplet", "open_quad": "open_triplet"}, 1 / 4))


@mistake(
    "called-triplet-as-closed",
    N_("counted a called triplet (pon) as closed"),
    "/lessons/fu#triplets-and-kans",
    ("fu", "points"),
)
def _called_triplet_as_closed(w: Working) -> Working | None:
    return _fu(w, _counted_as({"open_triplet": "closed_triplet"}, 2))


@mistake(
    "open-ron-10-fu",
    N_("added 10 fu for ron on an open hand"),
    "/lessons/fu#the-way-of-winning",
    ("fu", "points"),
)
def _open_ron_10_fu(w: Working) -> Working | None:
    if w.closed or w.tsumo or w.result is None:
        return None
    # The closed-ron 10 fu take the place of the open hand's 2 (which only lift a bare 20 to 30).
    items = [item for item in w.fu_items if item != OPEN_PINFU]
    return w.with_fu_items([items[0], MENZEN_RON, *items[1:]])


@mistake(
    "closed-ron-forgot-10",
    N_("forgot the 10 fu for a closed ron"),
    "/lessons/fu#the-way-of-winning",
    ("fu", "points"),
)
def _closed_ron_forgot_10(w: Working) -> Working | None:
    return _fu(w, lambda i: None if i == MENZEN_RON else i)


@mistake(
    "pinfu-tsumo-30",
    N_("added the 2 tsumo fu to a pinfu tsumo (it stays at 20 fu)"),
    "/lessons/fu#the-special-cases",
    ("fu", "points"),
)
def _pinfu_tsumo_30(w: Working) -> Working | None:
    return _fu(w, lambda i: TSUMO if i == PINFU_TSUMO else i)


@mistake(
    "open-20-fu",
    N_("left an open hand's 20 fu at 20 instead of raising it to 30"),
    "/lessons/fu#the-special-cases",
    ("fu", "points"),
)
def _open_20_fu(w: Working) -> Working | None:
    if OPEN_PINFU not in w.fu_items:
        return None
    return w.with_fu_items(item for item in w.fu_items if item != OPEN_PINFU)


@mistake(
    "chiitoitsu-rounded",
    N_("rounded chiitoitsu's 25 fu up to 30"),
    "/lessons/fu#the-special-cases",
    ("fu", "points"),
)
def _chiitoitsu_rounded(w: Working) -> Working | None:
    if w.fu_items[:1] != (CHIITOITSU,):
        return None
    return replace(w, fu=_round_up(CHIITOITSU.fu))


@mistake(
    "double-wind-2",
    N_("counted a double-wind pair as 2 fu instead of 4"),
    "/lessons/fu#the-pair",
    ("fu", "points"),
)
def _double_wind_2(w: Working) -> Working | None:
    if w.rules.double_wind_pair_fu != 4:
        return None
    return _fu(w, lambda i: i._replace(fu=2) if i.key == "fu.pair.double_wind" else i)


@mistake(
    "pair-fu-forgotten",
    N_("forgot the fu for a pair of value tiles"),
    "/lessons/fu#the-pair",
    ("fu", "points"),
)
def _pair_fu_forgotten(w: Working) -> Working | None:
    return _fu(w, lambda i: None if _kind(i) == "pair" else i)


@mistake(
    "wait-fu-forgotten",
    N_("forgot the 2 fu for a kanchan, penchan or tanki wait"),
    "/lessons/fu#the-wait",
    ("fu", "points"),
)
def _wait_fu_forgotten(w: Working) -> Working | None:
    return _fu(w, lambda i: None if _kind(i) == "wait" else i)


@mistake("tsumo-fu-forgotten", N_("forgot the 2 fu for a tsumo"), "/lessons/fu#the-way-of-winning", ("fu", "points"))
def _tsumo_fu_forgotten(w: Working) -> Working | None:
    return _fu(w, lambda i: None if i == TSUMO else i)


# Han ------------------------------------------------------------------------------------------------


def _dora_changed(w: Working, change: int) -> Working | None:
    """The working with ``change`` more han of dora. Dora count in the han of every scored hand
    but a yakuman; the dora question counts them anyway."""
    if not change:
        return None
    return replace(w, han=w.han + (0 if w.yakuman else change), dora=w.dora + change)


def _dora_left_out(kind: str) -> Rework:
    def rework(w: Working) -> Working | None:
        assert w.result is not None
        return _dora_changed(w, -sum(line.han for line in w.result.dora if line.id == kind))

    return rework


mistake("dora-forgotten", N_("left out the dora"), "/lessons/dora#counting-dora", ("han", "dora", "points"))(
    _dora_left_out("dora")
)
mistake(
    "ura-forgotten", N_("left out the ura dora"), "/lessons/dora#ura-dora-only-for-riichi", ("han", "dora", "points")
)(_dora_left_out("ura_dora"))
mistake("aka-forgotten", N_("left out the red fives"), "/lessons/dora#red-fives", ("han", "dora", "points"))(
    _dora_left_out("aka_dora")
)


@mistake(
    "indicator-as-dora",
    N_("counted the indicator tile itself as the dora, not the tile after it"),
    "/lessons/dora#from-indicator-to-dora",
    ("han", "dora", "points"),
)
def _indicator_as_dora(w: Working) -> Working | None:
    assert w.result is not None
    s, counts = w.result.situation, w.result.hand.counts
    # Ura indicators only count for a riichi winner (score.dora_hits), mistaken or not.
    indicators = [*s.dora_indicators, *(s.ura_indicators if s.in_riichi else ())]
    held = sum(line.han for line in w.result.dora if line.id in ("dora", "ura_dora"))
    claimed = sum(counts[t.index] for t in indicators)
    # Holding no indicator tile, this mistake looks just like forgetting the dora: leave it to that one.
    return _dora_changed(w, claimed - held) if claimed else None


@mistake(
    "open-han-not-reduced",
    N_("counted a yaku's closed han on an open hand"),
    "/lessons/two-han#kuisagari-which-ones-lose-a-han",
    ("han", "points"),
)
def _open_han_not_reduced(w: Working) -> Working | None:
    assert w.scored is not None
    if w.closed:
        return None
    reduced = [(YAKU[y.id], y.han) for y in w.scored.yaku if y.id in YAKU and YAKU[y.id].han > y.han]
    lost = N_("{yaku} is {han} han open, not {closed}")
    each = [Sentence(lost, yaku=sayable(f"yaku.{rule.id}.name"), han=han, closed=rule.han) for rule, han in reduced]
    note = said(Joined("; ", each))
    return _han(w, sum(rule.han - han for rule, han in reduced), note)


@mistake(
    "double-wind-triplet-1-han",
    N_("counted a double-wind triplet as 1 han instead of 2"),
    "/lessons/everyday-yaku#yakuhai",
    ("han", "points"),
)
def _double_wind_triplet_1_han(w: Working) -> Working | None:
    assert w.result is not None and w.scored is not None
    s = w.result.situation
    ids = {y.id for y in w.scored.yaku}
    if s.seat_wind != s.round_wind or not {"yakuhai_seat_wind", "yakuhai_round_wind"} <= ids:
        return None  # a seat-wind and a round-wind triplet of two different winds are two triplets
    return _han(w, -1)


@mistake(
    "menzen-tsumo-forgotten",
    N_("forgot menzen tsumo, the yaku of a closed hand's tsumo"),
    "/lessons/everyday-yaku#menzen-tsumo",
    ("han", "points"),
)
def _menzen_tsumo_forgotten(w: Working) -> Working | None:
    assert w.scored is not None
    return _han(w, -sum(y.han for y in w.scored.yaku if y.id == "menzen_tsumo"))


@mistake(
    "open-menzen-tsumo",
    N_("counted menzen tsumo on an open hand"),
    "/lessons/everyday-yaku#menzen-tsumo",
    ("han", "points"),
)
def _open_menzen_tsumo(w: Working) -> Working | None:
    if w.closed or not w.tsumo:
        return None
    return _han(w, YAKU["menzen_tsumo"].han)


# Points ---------------------------------------------------------------------------------------------


@mistake(
    "kiriage",
    N_("paid 4 han 30 fu or 3 han 60 fu as a mangan, but these rules have no kiriage"),
    "/lessons/points#kiriage-mangan",
    POINTS,
)
def _kiriage(w: Working) -> Working | None:
    return None if w.rules.kiriage else replace(w, rules=w.rules._replace(kiriage=True))


@mistake(
    "kiriage-forgotten",
    N_("paid 4 han 30 fu or 3 han 60 fu from the formula, but these rules round it up to a mangan (kiriage)"),
    "/lessons/points#kiriage-mangan",
    POINTS,
)
def _kiriage_forgotten(w: Working) -> Working | None:
    return replace(w, rules=w.rules._replace(kiriage=False)) if w.rules.kiriage else None


@mistake(
    "no-mangan-cap",
    N_("forgot the mangan cap: below 5 han the base is never more than 2,000"),
    "/lessons/points#the-mangan-cap",
    POINTS,
)
def _no_mangan_cap(w: Working) -> Working | None:
    if w.yakuman or w.han > 4 or w.fu * 2 ** (w.han + 2) <= 2000:
        return None  # the cap did not bite (4 han 30 fu under kiriage is the kiriage mistake)
    return replace(w, mangan_cap=False)


@mistake(
    "dealer-as-non-dealer",
    N_("paid the dealer's win like a non-dealer's"),
    "/lessons/points#who-pays-what",
    POINTS,
)
def _dealer_as_non_dealer(w: Working) -> Working | None:
    return replace(w, dealer=False) if w.dealer else None


@mistake(
    "non-dealer-as-dealer",
    N_("paid a non-dealer's win like the dealer's"),
    "/lessons/points#who-pays-what",
    POINTS,
)
def _non_dealer_as_dealer(w: Working) -> Working | None:
    return None if w.dealer else replace(w, dealer=True)


# tsumo-split-wrong (a non-dealer tsumo with the dealer's and the others' payments swapped) is
# not a mistake we can see: parse_points sorts the two numbers, so "2000/1000" and "1000/2000"
# are the same answer, graded right.


@mistake(
    "honba-100-on-ron",
    N_("counted each honba as 100 on a ron (the discarder pays 300 per honba)"),
    "/lessons/points#honba-and-riichi-sticks",
    POINTS,
)
def _honba_100_on_ron(w: Working) -> Working | None:
    return None if w.tsumo else replace(w, honba_on_ron=100)


@mistake(
    "honba-300-each-on-tsumo",
    N_("added 300 per honba to each tsumo payment (each payer adds 100)"),
    "/lessons/points#honba-and-riichi-sticks",
    POINTS,
)
def _honba_300_each_on_tsumo(w: Working) -> Working | None:
    return replace(w, honba_per_payer=300) if w.tsumo else None


@mistake("honba-forgotten", N_("forgot the honba"), "/lessons/points#honba-and-riichi-sticks", POINTS)
def _honba_forgotten(w: Working) -> Working | None:
    return replace(w, honba=0)


@mistake(
    "riichi-sticks-in-payment",
    N_("added the riichi sticks to the discarder's payment (the winner takes them from the table)"),
    "/lessons/points#honba-and-riichi-sticks",
    POINTS,
)
def _riichi_sticks_in_payment(w: Working) -> Working | None:
    # Only on a ron: on a tsumo there is no one payment the sticks could have been folded into.
    return None if w.tsumo or not w.riichi_sticks else replace(w, sticks_in_payment=True)


@mistake(
    "tsumo-total",
    N_("gave a tsumo's total instead of each player's payment"),
    "/lessons/points#who-pays-what",
    POINTS,
)
def _tsumo_total(w: Working) -> Working | None:
    return replace(w, tsumo_total=True) if w.tsumo else None


@mistake(
    "no-payment-rounding",
    N_("did not round each payment up to the next 100"),
    "/lessons/points#rounding-each-payment",
    POINTS,
)
def _no_payment_rounding(w: Working) -> Working | None:
    return replace(w, round_payments=False)


# Broad mistakes last: they can explain many numbers ---------------------------------------------


@mistake(
    "no-fu-rounding",
    N_("did not round the fu up to the next 10"),
    "/lessons/fu#rounding",
    ("fu", "points"),
)
def _no_fu_rounding(w: Working) -> Working | None:
    if not w.fu_items or w.fu_items[0] == CHIITOITSU:
        return None
    return replace(w, fu=sum(item.fu for item in w.fu_items))


@mistake(
    "lower-reading",
    N_("used a reading that scores less than the best one"),
    "/lessons/fu#when-a-hand-can-be-read-two-ways",
    HAND,
)
def _lower_reading(w: Working) -> list[Working] | None:
    if w.result is None:
        return None
    result = w.result
    others = [other for other in result.alternatives if other.payment is not None]
    return [Working.of_reading(result, other, _read_as(other.reading)) for other in others]


def _read_as(reading: Reading) -> Said:
    """The note of a working that used another reading: ``read as 111m 234p ..., kanchan wait on 3p``."""
    return said(N_("read as {reading}"), reading=Rendered(lambda lang: describe_reading(reading, lang)))


def _round_up(fu: int) -> int:
    return -(-fu // 10) * 10
