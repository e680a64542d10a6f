"""Final standings: rank, oka and uma from the four end scores (RULES.md 9.7-9.8).

Final score = (points - return) / 1000 + uma + oka. Ties go to the seat nearer
the first dealer (East, South, West, North of the first hand), riichi sticks
still on the table go to first place, and first place takes whatever makes the
four final scores add up to zero.

The seed's worked example (start 25,000, return 30,000, uma 8-4, fractions kept):

>>> game = standings((54300, 29000, 19700, -3000), rules="uma-8-4")
>>> [(row.rank, row.seat, shown(row.final)) for row in game.rows]
[(1, 'E', '+52.3'), (2, 'S', '+3.0'), (3, 'W', '-14.3'), (4, 'N', '-41.0')]

On Tenhou (uma 20-10, points rounded to the thousand, 4 down 5 up), two players
tied on 25,000: South sat nearer the first dealer, so South is second. The 1,000
riichi stick left on the table goes to East, first:

>>> game = standings((34000, 25000, 25000, 15000), sticks=1)
>>> [(row.seat, row.points, shown(row.final)) for row in game.rows]
[('E', 35000, '+45.0'), ('S', 25000, '+5.0'), ('W', 25000, '-15.0'), ('N', 15000, '-35.0')]
>>> sum(row.final for row in game.rows)
0

Scores that do not add up to the points the game started with are refused: no
payment creates or destroys points, so such scores hold a typing mistake.

>>> standings((35000, 28000, 22000, 14000))
Traceback (most recent call last):
...
tutor.messages.catalogues.Problem: the scores and sticks add up to 99,000 points, not 100,000 (4 × 25,000): check the scores and the riichi sticks left on the table
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tutor.messages.catalogues import N_, Problem, Sayable, Sentence, translate

SEATS = ("E", "S", "W", "N")
"""Seats of the first hand (East is the first dealer): the order the scores are given in and ties are broken by."""

SEAT_NAMES = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
STICK = 1000


@dataclass(frozen=True)
class StandingRules:
    """How a rule set turns end scores into final points."""

    id: str
    """The name ``tutor standings --rules`` and the page's form use."""
    name: str
    """What the rule set is called on pages (marked ``N_``)."""
    start: int
    """Points each player starts with."""
    kaeshi: int
    """The return (返し): the points subtracted from every score; oka = (kaeshi - start) × 4 / 1000."""
    uma: tuple[int, int]
    """Uma "X-Y" as (X, Y): +X / +Y / -Y / -X final points by rank."""
    rounding: Literal["thousand", "kept"]
    """``thousand``: each player's points rounded to the thousand, 4 down 5 up (by size, so -1,500 → -2,000);
    ``kept``: fractions kept (one decimal, since scores are in hundreds)."""
    source: str
    """Where the numbers come from (marked ``N_``)."""

    @property
    def oka(self) -> int:
        """First place's bonus in tenths of a final point: (return - start) × 4 / 1000."""
        return (self.kaeshi - self.start) * len(SEATS) // 100

    @property
    def uma_by_rank(self) -> tuple[int, int, int, int]:
        """Uma of 1st to 4th, in tenths of a final point."""
        big, small = self.uma
        return (big * 10, small * 10, -small * 10, -big * 10)


# RULES.md 9.7-9.8 and section 10 give the start, return, oka, rounding (S0), ties and sticks. The seeds
# lost Tenhou's uma digits (RULES.md 10, note); 20-10 is the uma published with Tenhou's ranking-match
# rules (English translations of tenhou.net's rule page), which RULES.md names as the usual figure.
TENHOU = StandingRules(
    id="tenhou",
    name=N_("Tenhou: start 25,000, return 30,000, oka +20, uma 20-10, rounded to the thousand"),
    start=25_000,
    kaeshi=30_000,
    uma=(20, 10),
    rounding="thousand",
    source=N_(
        "Tenhou's published rule. The start, return, oka, rounding, ties and leftover sticks are in the course's "
        "rule sources; uma 20-10 is Tenhou's own published figure for its ranked games, which those sources do not "
        "give. Other tables often play another uma: ask before you play."
    ),
)
# Seed 003's worked example (RULES.md 9.8, verified): the only other uma the sources give numbers for.
UMA_8_4 = StandingRules(
    id="uma-8-4",
    name=N_("Start 25,000, return 30,000, oka +20, uma 8-4, fractions kept"),
    start=25_000,
    kaeshi=30_000,
    uma=(8, 4),
    rounding="kept",
    source=N_(
        "Common practice varies from table to table; this one, uma 8-4 with fractions kept, is the worked example "
        "of the Chinese rule texts this course is checked against."
    ),
)
RULE_SETS = {rules.id: rules for rules in (TENHOU, UMA_8_4)}


@dataclass(frozen=True)
class Standing:
    """One player's result. Final points are in tenths (523 is +52.3) so that sums stay exact."""

    seat: str
    """The player's seat in the first hand: E, S, W or N."""
    rank: int
    """1 to 4."""
    score: int
    """The end score as given."""
    points: int
    """The score with the riichi sticks left on the table (first place only)."""
    counted: int
    """The points the rules count: rounded to the thousand on Tenhou, else the points."""
    base: int
    """(points - return) / 1000 after rounding, in tenths; for first place, what makes the total zero."""
    uma: int
    oka: int
    final: int
    """base + uma + oka, in tenths."""

    @property
    def rank_name(self) -> str:
        """1st to 4th (marked ``N_``)."""
        return ORDINALS[self.rank - 1]

    @property
    def seat_name(self) -> str:
        """The seat's name (marked ``N_``: say it in the reader's language)."""
        return SEAT_NAMES[self.seat]


@dataclass(frozen=True)
class Standings:
    """The four results, first place first, and why they are what they are."""

    rules: StandingRules
    sticks: int
    rows: tuple[Standing, ...]
    notes: tuple[Sayable, ...]
    """Sentences on what the table alone does not show: ties, sticks, rounding, a bust."""

    def seat(self, seat: str) -> Standing:
        """The result of the player who sat at ``seat`` in the first hand."""
        return next(row for row in self.rows if row.seat == seat)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The result as JSON (points as numbers: 52.3), notes and workings said in ``lang``.

        >>> standings((54300, 29000, 19700, -3000), rules="uma-8-4").to_json()["standings"][0]
        {'seat': 'E', 'rank': 1, 'score': 54300, 'points': 54300, 'base': 24.3, 'uma': 8.0, 'oka': 20.0, 'final': 52.3, 'working': 'East, 1st: (54,300 − 30,000) / 1000 gives +24.3, uma +8.0, oka +20.0: +52.3.'}
        """
        rows = [
            {
                "seat": row.seat,
                "rank": row.rank,
                "score": row.score,
                "points": row.points,
                "base": row.base / 10,
                "uma": row.uma / 10,
                "oka": row.oka / 10,
                "final": row.final / 10,
                "working": self.working(row).text(lang),
            }
            for row in self.rows
        ]
        return {
            "rules": self.rules.id,
            "source": translate(self.rules.source, lang),
            "sticks": self.sticks,
            "standings": rows,
            "notes": [note.text(lang) for note in self.notes],
        }

    def working(self, row: Standing) -> Sentence:
        """The sum behind one player's final points, as a sentence.

        >>> game = standings((40000, 35500, 24500, 0))
        >>> print(game.working(game.seat("S")))
        South, 2nd: 35,500 counts as 36,000; (36,000 − 30,000) / 1000 gives +6.0, uma +10.0, oka 0.0: +16.0.
        >>> print(game.working(game.seat("E")))
        East, 1st: (40,000 − 30,000) / 1000 + uma +20.0 + oka +20.0 would be +50.0, but the other three results add up to -49.0, so East gets +49.0.
        """
        params: dict[str, Any] = {
            "seat": Sentence(row.seat_name),
            "rank": Sentence(row.rank_name),
            "points": grouped(row.points),
            "counted": grouped(row.counted),
            "kaeshi": grouped(self.rules.kaeshi),
            "base": shown(row.base),
            "uma": shown(row.uma),
            "oka": shown(row.oka),
            "final": shown(row.final),
        }
        own = (row.counted - self.rules.kaeshi) // 100 + row.uma + row.oka
        if own != row.final and row.counted != row.points:
            return Sentence(
                N_(
                    "{seat}, {rank}: {points} counts as {counted}; ({counted} − {kaeshi}) / 1000 + uma {uma} + "
                    "oka {oka} would be {own}, but the other three results add up to {others}, so {seat} gets {final}."
                ),
                own=shown(own),
                others=shown(-row.final),
                **params,
            )
        if own != row.final:
            return Sentence(
                N_(
                    "{seat}, {rank}: ({counted} − {kaeshi}) / 1000 + uma {uma} + oka {oka} would be {own}, "
                    "but the other three results add up to {others}, so {seat} gets {final}."
                ),
                own=shown(own),
                others=shown(-row.final),
                **params,
            )
        if row.counted != row.points:
            return Sentence(
                N_(
                    "{seat}, {rank}: {points} counts as {counted}; ({counted} − {kaeshi}) / 1000 gives {base}, "
                    "uma {uma}, oka {oka}: {final}."
                ),
                **params,
            )
        return Sentence(
            N_("{seat}, {rank}: ({points} − {kaeshi}) / 1000 gives {base}, uma {uma}, oka {oka}: {final}."), **params
        )


ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def shown(tenths: int) -> str:
    """Tenths of a final point as players write them.

    >>> shown(523), shown(-410), shown(0), shown(-5)
    ('+52.3', '-41.0', '0.0', '-0.5')
    """
    sign = "-" if tenths < 0 else "+" if tenths > 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def grouped(points: int) -> str:
    """Points with thousands separators.

    >>> grouped(-3000), grouped(54300)
    ('-3,000', '54,300')
    """
    return f"{points:,}"


def _round_thousand(points: int) -> int:
    """To the thousand, 4 down 5 up, by size: 24,500 → 25,000, 24,400 → 24,000, -1,500 → -2,000."""
    size = (abs(points) + 500) // 1000 * 1000
    return size if points >= 0 else -size


def standings(scores: tuple[int, ...] | list[int], sticks: int = 0, rules: str | StandingRules = "tenhou") -> Standings:
    """Rank the four end scores (in seat order E, S, W, N of the first hand) and compute the final points.

    Raises :class:`~tutor.messages.catalogues.Problem` naming what is wrong: not four scores, a score that
    is not a multiple of 100, negative sticks, an unknown rule set, or a total that does not match.
    """
    chosen = _rules(rules)
    scores = tuple(scores)
    if len(scores) != len(SEATS):
        raise Problem(
            N_("give four end scores (East, South, West, North of the first hand), not {count}"), count=len(scores)
        )
    for seat, score in zip(SEATS, scores, strict=True):
        if isinstance(score, bool) or not isinstance(score, int) or score % 100:
            raise Problem(
                N_("{seat}'s score must be a whole number of points in hundreds, not {score!r}"),
                seat=Sentence(SEAT_NAMES[seat]),
                score=score,
            )
    if isinstance(sticks, bool) or not isinstance(sticks, int) or sticks < 0:
        raise Problem(
            N_("the riichi sticks left on the table must be a whole number, 0 or more, not {sticks!r}"), sticks=sticks
        )
    total, expected = sum(scores) + sticks * STICK, chosen.start * len(SEATS)
    if total != expected:
        raise Problem(
            N_(
                "the scores and sticks add up to {total} points, not {expected} ({players} × {start}): "
                "check the scores and the riichi sticks left on the table"
            ),
            total=grouped(total),
            expected=grouped(expected),
            players=len(SEATS),
            start=grouped(chosen.start),
        )

    # Higher score first; on a tie, the seat nearer the first dealer first.
    order = sorted(range(len(SEATS)), key=lambda at: (-scores[at], at))
    uma = chosen.uma_by_rank
    rows: list[Standing] = []
    for rank, at in enumerate(order, start=1):
        points = scores[at] + (sticks * STICK if rank == 1 else 0)
        counted = _round_thousand(points) if chosen.rounding == "thousand" else points
        base = (counted - chosen.kaeshi) // 100
        oka = chosen.oka if rank == 1 else 0
        final = base + uma[rank - 1] + oka
        rows.append(Standing(SEATS[at], rank, scores[at], points, counted, base, uma[rank - 1], oka, final))

    notes: list[Sayable] = []
    first = rows[0]
    others = sum(row.final for row in rows[1:])
    if first.final != -others:
        # Rounding moved the total off zero: first place absorbs it (RULES.md 9.8).
        base = -others - first.uma - first.oka
        rows[0] = Standing(first.seat, 1, first.score, first.points, first.counted, base, first.uma, first.oka, -others)
        notes.append(
            Sentence(
                N_(
                    "Rounding left the total at {off} instead of zero, so first place's result is set to {final} to make it zero."
                ),
                off=shown(first.final + others),
                final=shown(-others),
            )
        )
    if sticks:
        notes.append(
            Sentence(
                N_("The riichi sticks left on the table ({amount} points) go to first place, {seat}."),
                amount=grouped(sticks * STICK),
                seat=Sentence(first.seat_name),
            )
        )
    for higher, lower in zip(rows, rows[1:], strict=False):
        if higher.score == lower.score:
            notes.append(
                Sentence(
                    N_(
                        "{higher} and {lower} both ended on {score}; {higher} sat nearer the first dealer, so ranks higher."
                    ),
                    higher=Sentence(higher.seat_name),
                    lower=Sentence(lower.seat_name),
                    score=grouped(higher.score),
                )
            )
    for row in rows:
        if row.score < 0:
            notes.append(
                Sentence(
                    N_("{seat} finished below zero ({score}); the negative points count in full."),
                    seat=Sentence(row.seat_name),
                    score=grouped(row.score),
                )
            )
    return Standings(chosen, sticks, tuple(rows), tuple(notes))


def _rules(rules: str | StandingRules) -> StandingRules:
    if isinstance(rules, StandingRules):
        return rules
    if rules not in RULE_SETS:
        raise Problem(N_("unknown rules {rules!r}: choose one of {known}"), rules=rules, known=", ".join(RULE_SETS))
    return RULE_SETS[rules]
