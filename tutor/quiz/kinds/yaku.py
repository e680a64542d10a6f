"""Which yaku a hand scores, picked from a list that holds the right ones and the traps."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.messages import sayable
from tutor.engine.report import why_not
from tutor.engine.score import ScoreResult
from tutor.engine.situation import wind_index
from tutor.engine.tiles import CHUN, HAKU, HATSU, YAOCHUU
from tutor.engine.yaku import YAKU
from tutor.messages.catalogues import N_, Joined, Rendered, Said, joined, said
from tutor.quiz.answers import AnswerError
from tutor.quiz.kinds.hand import HandQuestion
from tutor.quiz.questions import DORA_IDS, Grade, as_typed, compare_picks, register

YAKU_CHOICES = 8
"""How many yaku a "name the yaku" question offers (more when the hand has more yaku or traps)."""
DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}
#: Yaku offered as distractors beside the right ones in "name the yaku" questions.
COMMON_YAKU = (
    "riichi",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "yakuhai_haku",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "chiitoitsu",
    "toitoi",
    "sanankou",
    "chanta",
    "ittsu",
    "sanshoku",
    "honitsu",
    "chinitsu",
)


@register
class YakuQuestion(HandQuestion):
    """``"offer": ["pinfu"]`` in the payload makes sure a trap of the teacher's own is among the choices."""

    kind = "yaku"
    name = N_("Yaku")
    default_prompt = N_("Which yaku does this hand score? (Dora are not yaku.)")
    picks = True
    example = {"request": {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True}, "offer": ["tanyao"]}
    hand_part = True
    progress_topic = "everyday-yaku"
    topics = ("everyday-yaku", "one-han", "two-han", "three-six-han", "yakuman")

    def expected_yaku(self) -> set[str]:
        return {y.id for y in self.result.yaku if y.id not in DORA_IDS}

    def right_choices(self) -> set[str]:
        return self.expected_yaku()

    def choices(self) -> list[tuple[str, str]]:
        right = self.expected_yaku()
        offered = right | set(self.data.get("offer", ())) | self._near_misses()
        rng = random.Random(self.key)
        others = [y for y in COMMON_YAKU if y not in offered]
        offered |= set(rng.sample(others, k=max(0, min(len(others), YAKU_CHOICES - len(offered)))))
        order = list(YAKU)
        return [(y, _name(y)) for y in sorted(offered, key=order.index)]

    def _near_misses(self) -> set[str]:
        """Wrong yaku a learner might well claim on this hand: the traps worth offering."""
        result = self.result
        assert result.best is not None
        near = {y.id for other in result.alternatives for y in other.yaku if y.id not in DORA_IDS}
        counts = result.hand.counts
        honours = {DRAGON_YAKU[k] for k in DRAGON_YAKU if counts[k] >= 2}
        winds = {wind_index(result.situation.seat_wind), wind_index(result.situation.round_wind)}
        if any(counts[k] >= 2 for k in winds):
            honours |= {"yakuhai_seat_wind", "yakuhai_round_wind"}
        near |= honours
        if result.hand.is_closed:
            near.add("pinfu")
        if sum(counts[k] for k in YAOCHUU) <= 3:
            near.add("tanyao")
        return near - self.expected_yaku()

    def mark(self, answer: Any) -> Grade:
        given = _picked(answer)
        unknown = given - set(YAKU)
        if unknown:
            raise AnswerError(N_("unknown yaku: {names}"), names=", ".join(sorted(unknown)))
        right = self.expected_yaku()
        hits, missed, wrong, score = compare_picks(given, right)
        result = self.result
        details = [said(N_("{yaku}: yes"), yaku=_name(y)) for y in sorted(hits)]
        details += [
            said(N_("missed {yaku} ({about})"), yaku=_name(y), about=sayable(f"yaku.{y}.about")) for y in sorted(missed)
        ]
        details += [
            said(
                N_("{yaku} does not count: {why}"),
                yaku=_name(y),
                why=_why_not(result, y),
            )
            for y in sorted(wrong)
        ]
        return Grade(not missed and not wrong, score, self.expected(), tuple(details))

    def expected(self) -> str:
        return said(Joined(", ", [_name(y) for y in sorted(self.expected_yaku(), key=list(YAKU).index)]))

    def right_answer(self) -> list[str]:
        return sorted(self.expected_yaku())

    def say_answer(self, answer: Any) -> Said:
        picked = {str(a) for a in answer} if isinstance(answer, list | tuple) else {answer} - {""}
        if not picked or not picked <= set(YAKU):
            return as_typed(answer)
        names = [sayable(f"yaku.{y}.name") for y in sorted(picked, key=list(YAKU).index)]
        return said(Rendered(lambda lang: joined([name.text(lang) for name in names], lang)))

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        right = self.expected_yaku()
        given = _picked(answers.get(self.kind) or [])
        return {f"yaku:{y}": (y in given) == (y in right) for y in right | given if y in YAKU}


def _name(yaku_id: str) -> Said:
    """A yaku's name, said in the reader's language."""
    return said(sayable(f"yaku.{yaku_id}.name"))


def _why_not(result: ScoreResult, yaku_id: str) -> Rendered:
    """Why a claimed yaku does not count, as the engine says it in the reader's language."""
    return Rendered(lambda lang: why_not(result, yaku_id, lang))


def _picked(answer: str | list[str]) -> set[str]:
    return {answer} if isinstance(answer, str) else set(answer)
