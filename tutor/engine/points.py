"""From han and fu to points (RULES.md §7).

Base points are fu × 2^(han+2), capped at mangan (2000) from 1 to 4 han;
from 5 han the limits take over. Each payment is a multiple of the base,
rounded up to 100 on its own.

>>> base_points(3, 30, 0, TENHOU)
(960, None)
>>> base_points(4, 40, 0, TENHOU)   # 2560 is over the cap: mangan, not 10,300
(2000, 'mangan')
>>> str(payment(960, dealer=False, tsumo=True))
'1000/2000'
>>> payment(2000, dealer=True, tsumo=False, honba=1, riichi_sticks=2).total
14300
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from tutor.engine.messages import text
from tutor.engine.rules import TENHOU, RuleSet
from tutor.messages.catalogues import DEFAULT

LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")
LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000}
MANGAN = 2000


def limit_for_han(han: int) -> str | None:
    """The limit 5+ han reach by themselves (13+ is handled with the kazoe rule)."""
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5:
        return "mangan"
    return None


def base_points(han: int, fu: int, yakuman_units: int, rules: RuleSet = TENHOU) -> tuple[int, str | None]:
    """Base points and the limit reached (None below mangan)."""
    if yakuman_units:
        return 8000 * yakuman_units, "yakuman"
    if han >= 13:
        if rules.kazoe == "sanbaiman":
            return LIMIT_BASE["sanbaiman"], "sanbaiman"
        units = han // 13 if rules.kazoe == "unlimited" else 1
        return 8000 * units, "kazoe_yakuman"
    limit = limit_for_han(han)
    if limit:
        return LIMIT_BASE[limit], limit
    if is_kiriage(han, fu, rules):
        return MANGAN, "mangan"
    base = fu * 2 ** (han + 2)
    if base > MANGAN:
        return MANGAN, "mangan"
    return base, None


def is_kiriage(han: int, fu: int, rules: RuleSet) -> bool:
    """Whether mangan was reached only by rounding up 1920 (kiriage)."""
    return rules.kiriage and (han, fu) in ((4, 30), (3, 60))


def _up(points: int) -> int:
    return -(-points // 100) * 100


class Payment(NamedTuple):
    """Who pays what, honba included. Exactly one of ron / tsumo fields is used."""

    ron: int | None = None
    """What the discarder pays."""
    tsumo_dealer: int | None = None
    """On a non-dealer's tsumo: what the dealer pays."""
    tsumo_non_dealer: int | None = None
    """On a tsumo: what each non-dealer pays."""
    riichi_sticks: int = 0

    @property
    def total(self) -> int:
        """Everything the winner gains, riichi sticks (1000 each) included."""
        if self.ron is not None:
            paid = self.ron
        elif self.tsumo_dealer is not None:
            paid = self.tsumo_dealer + 2 * (self.tsumo_non_dealer or 0)
        else:
            paid = 3 * (self.tsumo_non_dealer or 0)
        return paid + 1000 * self.riichi_sticks

    def as_contract(self) -> dict[str, int]:
        if self.ron is not None:
            return {"ron": self.ron}
        if self.tsumo_dealer is not None:
            return {"tsumo_dealer": self.tsumo_dealer, "tsumo_non_dealer": self.tsumo_non_dealer or 0}
        return {"tsumo_non_dealer": self.tsumo_non_dealer or 0}

    def __str__(self) -> str:
        """As players say it: ``7700``, ``1000/2000`` (non-dealers/dealer) or ``2000 all``."""
        if self.ron is not None:
            return str(self.ron)
        if self.tsumo_dealer is not None:
            return f"{self.tsumo_non_dealer}/{self.tsumo_dealer}"
        return f"{self.tsumo_non_dealer} all"


def contract_points(payment: Payment) -> tuple[dict[str, int], int]:
    """The score contract's ``points`` (:meth:`Payment.as_contract`, a new dict) and ``total``, worked out
    once per payment: the same few hundred payments recur from hand to hand, and reading a payment's
    fields by name costs more than looking the pair up.

    >>> contract_points(payment(960, dealer=False, tsumo=True, riichi_sticks=1))
    ({'tsumo_dealer': 2000, 'tsumo_non_dealer': 1000}, 5000)
    """
    known = _CONTRACT_POINTS.get(payment)
    if known is None:
        known = (payment.as_contract(), payment.total)
        if len(_CONTRACT_POINTS) > 8192:
            _CONTRACT_POINTS.clear()
        _CONTRACT_POINTS[payment] = known
    return known[0].copy(), known[1]


_CONTRACT_POINTS: dict[Payment, tuple[dict[str, int], int]] = {}
_PAID: dict[tuple[int, int, int, bool, bool, int, int, str, bool], tuple[int, str | None, Payment]] = {}


def paid(
    han: int, fu: int, yakuman_units: int, dealer: bool, tsumo: bool, honba: int, riichi_sticks: int, rules: RuleSet
) -> tuple[int, str | None, Payment]:
    """Base points, the limit reached and the payment (:func:`base_points`, :func:`payment`), each worked
    out once: the same few hundred recur from hand to hand (payments are immutable, so they are shared).

    >>> paid(3, 30, 0, False, True, 0, 0, TENHOU)
    (960, None, Payment(ron=None, tsumo_dealer=2000, tsumo_non_dealer=1000, riichi_sticks=0))
    """
    # base_points reads two of the rules' options: they stand for the rules in the key.
    key = (han, fu, yakuman_units, dealer, tsumo, honba, riichi_sticks, rules.kazoe, rules.kiriage)
    known = _PAID.get(key)
    if known is None:
        base, limit = base_points(han, fu, yakuman_units, rules)
        known = (base, limit, payment(base, dealer, tsumo, honba, riichi_sticks))
        if len(_PAID) > 8192:
            _PAID.clear()
        _PAID[key] = known
    return known


def possible_cell(han: int, fu: int, tsumo: bool) -> bool:
    """Whether a hand of this han and fu can exist under the Tenhou rules (RULES.md §7.3).

    >>> possible_cell(1, 20, tsumo=False), possible_cell(2, 20, tsumo=True), possible_cell(2, 25, tsumo=False)
    (False, True, True)
    """
    if fu == 20 and (not tsumo or han == 1):
        return False  # no 20-fu ron (pinfu ron and open pinfu shape are 30); a 20-fu tsumo is pinfu + tsumo
    # chiitoitsu is 2 han, and 3 with tsumo
    return not (fu == 25 and (han == 1 or (tsumo and han == 2)))


def payment(base: int, dealer: bool, tsumo: bool, honba: int = 0, riichi_sticks: int = 0) -> Payment:
    """Payments for a hand worth ``base`` points (RULES.md §7.1)."""
    if not tsumo:
        return _payment((_up(base * (6 if dealer else 4)) + 300 * honba, None, None, riichi_sticks))
    if dealer:
        return _payment((None, None, _up(base * 2) + 100 * honba, riichi_sticks))
    return _payment((None, _up(base * 2) + 100 * honba, _up(base) + 100 * honba, riichi_sticks))


# Payment._make without its length check: NamedTuple's generated __new__ is one more Python call.
_payment = partial(tuple.__new__, Payment)


def working(
    han: int,
    fu: int,
    yakuman_units: int,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    rules: RuleSet = TENHOU,
    lang: str = DEFAULT,
) -> str:
    """How the payment follows from han and fu, step by step, for a learner (in ``lang``).

    >>> working(3, 30, 0, dealer=False, tsumo=False)
    'base points = 30 × 2^(3+2) = 960; a non-dealer ron pays 4 × 960 = 3,840, rounded up to 3,900'
    >>> working(4, 100, 0, dealer=False, tsumo=False)
    'base points = 100 × 2^(4+2) = 6,400, over 2,000, so mangan: base 2,000; a non-dealer ron pays 4 × 2,000 = 8,000'
    >>> working(2, 40, 0, dealer=False, tsumo=True, honba=1)
    'base points = 40 × 2^(2+2) = 640; the dealer pays 2 × 640 = 1,280, rounded up to 1,300, and each non-dealer 640, rounded up to 700; plus 100 from each payer for 1 honba'
    """
    base, limit = base_points(han, fu, yakuman_units, rules)
    if limit is None:
        steps = text("working.base", lang, fu=fu, han=han, base=f"{base:,}")
    elif limit == "mangan" and han < 5:
        raw = fu * 2 ** (han + 2)
        key = "working.kiriage" if is_kiriage(han, fu, rules) else "working.capped"
        steps = text(key, lang, fu=fu, han=han, raw=f"{raw:,}")
    else:
        # English keeps its lower-case clause ("haneman: base 3,000"); other languages say the limit's name.
        name = limit.replace("_", " ") if lang == DEFAULT else text(f"limit.{limit}", lang)
        steps = text("working.limit", lang, limit=name, base=f"{base:,}")

    def share(times: int) -> str:
        exact = times * base
        shown = (
            text("working.times", lang, times=times, base=f"{base:,}", exact=f"{exact:,}") if times > 1 else f"{base:,}"
        )
        return shown if exact == _up(exact) else text("working.rounded", lang, shown=shown, up=f"{_up(exact):,}")

    if not tsumo:
        steps += text(
            "working.dealer_ron" if dealer else "working.non_dealer_ron", lang, share=share(6 if dealer else 4)
        )
        extra = text("working.ron_honba", lang, extra=f"{300 * honba:,}", honba=honba)
    elif dealer:
        steps += text("working.dealer_tsumo", lang, share=share(2))
        extra = text("working.tsumo_honba", lang, extra=f"{100 * honba:,}", honba=honba)
    else:
        steps += text("working.non_dealer_tsumo", lang, dealer=share(2), each=share(1))
        extra = text("working.tsumo_honba", lang, extra=f"{100 * honba:,}", honba=honba)
    return steps + (extra if honba else "")
