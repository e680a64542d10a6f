"""Who pays what: the settlement of a scored hand, pao (responsibility payment) included (RULES.md §9.6).

A player whose discard is called (pon or open kan) to complete the third dragon
group or the fourth wind group is responsible (pao) for the daisangen or
daisuushii that follows. Under the Tenhou rules (the default):

* tsumo: the responsible player pays the whole hand, as if they had dealt in;
* ron by a third player: the discarder and the responsible player pay half each,
  and the responsible player also pays the honba (``rules.pao_honba``);
* ron by the responsible player: they pay it all, as in any ron;
* a composite yakuman is covered whole (``rules.pao_scope``; S4 covers only the
  pao yakuman and the rest is paid as usual).

Pao only moves who pays: the winner receives the same total either way.

>>> from tutor.engine.api import evaluate
>>> dragons = [{"kind": "pon", "tiles": t} for t in ("555z", "666z", "777z")]
>>> result = evaluate({"hand": "11122z", "win": "2z", "tsumo": True, "melds": dragons, "pao": "N"})
>>> [(share.seat, share.role, share.total) for share in settle(result).shares]
[('S', 'nothing', 0), ('W', 'nothing', 0), ('N', 'responsible', 96000)]
"""

from __future__ import annotations

from typing import NamedTuple

from tutor.engine.hand import HandError, MeldKind
from tutor.engine.messages import text, yaku_name
from tutor.engine.points import payment
from tutor.engine.rules import TENHOU, RuleSet
from tutor.engine.score import ScoreResult
from tutor.engine.situation import WIND_LETTERS
from tutor.engine.tiles import DRAGONS, WINDS
from tutor.messages.catalogues import DEFAULT, N_, Joined, Rendered

PAO_YAKU: dict[str, frozenset[int]] = {"daisangen": frozenset(DRAGONS), "daisuushii": frozenset(WINDS)}
"""The yakuman that make a player responsible under the Tenhou rules, and the tiles whose call does it."""


class Share(NamedTuple):
    """What one player pays the winner."""

    seat: str
    """The payer's seat wind: E S W N."""
    role: str
    """``discarder``, ``responsible``, ``discarder_responsible`` (dealt in and responsible), ``dealer`` or
    ``non_dealer`` (payers of a tsumo), or ``nothing`` (a player who pays nothing because of pao)."""
    hand: int
    """For the hand itself."""
    honba: int
    """For the honba."""

    @property
    def total(self) -> int:
        return self.hand + self.honba


class Settlement(NamedTuple):
    """Every payment of a scored hand, player by player."""

    winner: str
    shares: tuple[Share, ...]
    """One per player who pays (and, with pao, the players pao spares), in seat order from East."""
    riichi_sticks: int
    """Points the winner takes from the table (1000 per riichi stick)."""
    pao: str | None = None
    pao_yaku: tuple[str, ...] = ()
    """The pao yakuman in the hand (daisangen or daisuushii)."""
    scope: str = "whole"
    """The rule's pao scope: ``whole`` or ``yakuman``."""
    pao_part: int = 0
    """With the ``yakuman`` scope: what the pao yakuman alone is worth, as a ron."""

    @property
    def total(self) -> int:
        """Everything the winner gains: the shares and the riichi sticks."""
        return sum(share.total for share in self.shares) + self.riichi_sticks


def _up(points: float) -> int:
    return -(-int(points) // 100) * 100


def check_seats(seat_wind: str, tsumo: bool, pao: str | None, discarder: str | None) -> None:
    """Refuse seats that cannot be (before scoring): ``HandError("bad_request")`` naming the problem."""
    if discarder is not None:
        if tsumo:
            raise HandError("bad_request", N_("'discarder' is for a ron; on a tsumo nobody dealt in"))
        if discarder == seat_wind:
            raise HandError(
                "bad_request",
                N_("'discarder' is {seat!r}, the winner's own seat; the discarder is another player"),
                seat=discarder,
            )
    if pao is None:
        return
    if pao == seat_wind:
        raise HandError(
            "bad_request",
            N_("'pao' is {seat!r}, the winner's own seat; the responsible player is the one whose discard was called"),
            seat=pao,
        )
    if not tsumo and discarder is None:
        raise HandError(
            "bad_request",
            N_(
                "pao on a ron needs 'discarder' (the seat that dealt in): the discarder and the responsible player "
                "share the payment unless they are the same player"
            ),
        )


def pao_yaku(result: ScoreResult) -> tuple[str, ...]:
    """The pao yakuman the scored hand holds."""
    return tuple(y.id for y in result.yaku if y.id in PAO_YAKU)


def check_pao(result: ScoreResult) -> None:
    """Refuse pao on a hand it cannot apply to (after scoring): ``HandError("bad_request")``."""
    if result.situation.pao is None or not result.scored:
        return
    held = pao_yaku(result)
    if not held:
        raise HandError(
            "bad_request", N_("pao applies only to daisangen and daisuushii (Tenhou rules), and this hand is neither")
        )
    tiles = frozenset().union(*(PAO_YAKU[y] for y in held))
    called = [m for m in result.hand.melds if m.kind in (MeldKind.PON, MeldKind.MINKAN) and m.tiles[0].index in tiles]
    if not called:
        raise HandError(
            "bad_request",
            N_(
                "pao needs a called group (pon or open kan) of the {yaku} tiles: "
                "a player is responsible only when a call on their discard completes the hand, "
                "and this hand called none"
            ),
            yaku=Joined(", ", [_named(y) for y in held]),
        )


def _named(yaku_id: str) -> Rendered:
    """A yaku's name, said in the reader's language."""
    return Rendered(lambda lang: yaku_name(yaku_id, lang))


def settle(result: ScoreResult) -> Settlement:
    """Who pays what for a scored hand: pao, honba and riichi sticks included.

    A ron needs ``situation.discarder`` to name its payer; without one the payer is shown as ``?``.
    """
    best = result.best
    assert best is not None and best.payment is not None
    s = result.situation
    held = pao_yaku(result) if s.pao else ()
    pao_base = best.base
    if held and result.rules.pao_scope != "whole":
        pao_base = 8000 * sum(y.yakuman for y in best.yaku if y.id in held)
    return settle_base(
        s.seat_wind,
        best.base,
        tsumo=s.tsumo,
        honba=s.honba,
        riichi_sticks=s.riichi_sticks,
        discarder=s.discarder,
        pao=s.pao if held else None,
        pao_base=pao_base,
        held=held,
        rules=result.rules,
    )


def settle_base(
    winner: str,
    base: int,
    *,
    tsumo: bool,
    honba: int = 0,
    riichi_sticks: int = 0,
    discarder: str | None = None,
    pao: str | None = None,
    pao_base: int = 0,
    held: tuple[str, ...] = (),
    rules: RuleSet = TENHOU,
) -> Settlement:
    """Who pays what for a hand worth ``base`` points won by the seat ``winner`` (E is the dealer): the one
    settlement of :func:`settle` and of a score kept at the table from han and fu (``tutor.table``).

    ``pao`` names the responsible seat; it then covers ``pao_base`` of the hand (the whole hand under the
    Tenhou rules), and ``held`` names the pao yakuman when they are known.

    >>> [(share.seat, share.total) for share in settle_base("S", 8000, tsumo=True, pao="W", pao_base=8000).shares]
    [('E', 0), ('W', 32000), ('N', 0)]
    """
    others = [seat for seat in WIND_LETTERS if seat != winner]
    sticks = 1000 * riichi_sticks
    dealer = winner == "E"
    if pao is None:
        pay = payment(base, dealer, tsumo, honba)
        if not tsumo:
            ron = pay.ron or 0
            return Settlement(winner, (Share(discarder or "?", "discarder", ron - 300 * honba, 300 * honba),), sticks)
        shares = []
        for seat in others:
            dealer_pays = seat == "E" and pay.tsumo_dealer is not None
            each = (pay.tsumo_dealer if dealer_pays else pay.tsumo_non_dealer) or 0
            shares.append(Share(seat, "dealer" if seat == "E" else "non_dealer", each - 100 * honba, 100 * honba))
        return Settlement(winner, tuple(shares), sticks)
    responsible = pao
    times = 6 if dealer else 4  # what a ron pays: the responsible player pays "as if they had dealt in"
    honba_points = 300 * honba
    rest_base = base - pao_base
    pao_part = _up(pao_base * times)
    owed = dict.fromkeys(others, 0)
    if tsumo:
        owed[responsible] += pao_part
        for seat in others:  # the rest (S4 scope only) as an ordinary tsumo
            owed[seat] += _up(rest_base * (2 if dealer or seat == "E" else 1))
        honba_from = responsible
    else:
        assert discarder is not None  # check_seats
        half = pao_part // 2
        owed[responsible] += pao_part - half
        owed[discarder] += half
        owed[discarder] += _up(rest_base * times)
        honba_from = responsible if rules.pao_honba == "responsible" else discarder
    shares = []
    for seat in others:
        if not tsumo and seat == discarder:
            role = "discarder_responsible" if seat == responsible else "discarder"
        elif seat == responsible:
            role = "responsible"
        elif owed[seat]:
            role = "dealer" if seat == "E" else "non_dealer"
        else:
            role = "nothing"
        shares.append(Share(seat, role, owed[seat], honba_points if seat == honba_from else 0))
    return Settlement(
        winner,
        tuple(shares),
        sticks,
        responsible,
        held,
        rules.pao_scope,
        pao_part if rules.pao_scope == "yakuman" else 0,
    )


_ROLE_SENTENCES = {
    "discarder": "pay.discarder",
    "responsible": "pay.responsible",
    "discarder_responsible": "pay.discarder_responsible",
    "dealer": "pay.dealer",
    "non_dealer": "pay.non_dealer",
}


def seat_name(seat: str, lang: str = DEFAULT) -> str:
    """``East`` for ``E``, in ``lang``."""
    return text(f"seat.{seat}", lang) if seat in WIND_LETTERS else text("seat.unknown", lang)


def settlement_lines(settlement: Settlement, lang: str = DEFAULT) -> list[str]:
    """The settlement as whole sentences in ``lang``: who is responsible, then each payer, then the total."""
    lines = []
    if settlement.pao is not None:
        names = [yaku_name(y, lang) for y in settlement.pao_yaku]
        yaku = names[0] if len(names) == 1 else text("why_not.and", lang, first=names[0], second=names[1])
        lines.append(text("pao.responsible", lang, seat=seat_name(settlement.pao, lang), yaku=yaku))
        if settlement.scope == "whole":
            lines.append(text("pao.scope_whole", lang))
        else:
            lines.append(text("pao.scope_yakuman", lang, yaku=yaku, points=f"{settlement.pao_part:,}"))
    for share in settlement.shares:
        seat = seat_name(share.seat, lang)
        if share.role == "nothing":
            lines.append(text("pay.nothing", lang, seat=seat))
            continue
        key = _ROLE_SENTENCES[share.role] + ("_honba" if share.honba else "")
        lines.append(
            text(key, lang, seat=seat, points=f"{share.total:,}", hand=f"{share.hand:,}", honba=f"{share.honba:,}")
        )
    if settlement.riichi_sticks:
        lines.append(text("pay.sticks", lang, points=f"{settlement.riichi_sticks:,}"))
    lines.append(text("pay.total", lang, seat=seat_name(settlement.winner, lang), total=f"{settlement.total:,}"))
    return lines


def settlement_json(settlement: Settlement) -> list[dict[str, object]]:
    """The shares as the response's ``payments`` list."""
    return [
        {"seat": share.seat, "role": share.role, "hand": share.hand, "honba": share.honba, "pays": share.total}
        for share in settlement.shares
    ]
