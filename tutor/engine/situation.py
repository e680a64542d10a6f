"""How the hand was won: ron or tsumo, riichi, winds, dora, sticks.

:meth:`Situation.check` refuses combinations that cannot happen at a real
table (ippatsu without riichi, haitei together with rinshan, ...), each with
a sentence that says why.
"""

from __future__ import annotations

from typing import NamedTuple

from tutor.engine.hand import Hand, HandError
from tutor.engine.rules import RuleSet
from tutor.engine.tiles import WINDS, Tile
from tutor.messages.catalogues import N_, Joined, Sentence

WIND_LETTERS = "ESWN"


def wind_index(letter: str) -> int:
    """``"E"`` → index of 1z, ``"S"`` → 2z, ..."""
    index = _WIND_INDEX.get(letter)
    return WINDS[WIND_LETTERS.index(letter)] if index is None else index


_WIND_INDEX = dict(zip(WIND_LETTERS, WINDS, strict=True))

ROUND_TITLES = {"E": N_("East {hand}"), "S": N_("South {hand}"), "W": N_("West {hand}"), "N": N_("North {hand}")}


def round_title(wind: str, hand: int, honba: int = 0) -> Sentence:
    """A hand's name, said in any language: the one place rounds are named (the table, game logs, the CLI).

    >>> str(round_title("E", 2, 1)), round_title("E", 2, 1).text("zh"), str(round_title("S", 4))
    ('East 2, 1 honba', '东2局1本场', 'South 4')
    """
    name = Sentence(ROUND_TITLES[wind], hand=hand)
    return Sentence(N_("{round}, {honba} honba"), round=name, honba=honba) if honba else name


class Situation(NamedTuple):
    tsumo: bool = False
    """Won by self-draw; otherwise by ron on another player's tile."""
    riichi: bool = False
    double_riichi: bool = False
    """Riichi on the first discard; implies riichi, and only double riichi is scored."""
    ippatsu: bool = False
    rinshan: bool = False
    """Tsumo on the replacement tile after a kan."""
    chankan: bool = False
    """Ron on a tile another player added to a pon."""
    haitei: bool = False
    """Tsumo on the last tile of the live wall."""
    houtei: bool = False
    """Ron on the last discard of the hand."""
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    """Ron before the winner's first draw (a local yaku, off in the Tenhou rules)."""
    seat_wind: str = "E"
    """E, S, W or N; East is the dealer."""
    round_wind: str = "E"
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    pao: str | None = None
    """Seat wind (E S W N) of the player responsible (pao) for a daisangen or daisuushii, if any."""
    discarder: str | None = None
    """On a ron, the seat wind of the player who dealt in, when given (pao needs it)."""

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    def check(self, hand: Hand, rules: RuleSet) -> None:
        """Raise ``HandError("bad_request", ...)`` for flags that contradict each other or the hand."""
        if not (
            self.riichi
            or self.double_riichi
            or self.ippatsu
            or self.rinshan
            or self.chankan
            or self.haitei
            or self.houtei
            or self.tenhou
            or self.chiihou
            or self.renhou
        ):
            return  # a plain ron or tsumo contradicts nothing
        problem = self._problem(hand, rules)
        if problem:
            raise HandError("bad_request", problem)

    def _problem(self, hand: Hand, rules: RuleSet) -> Sentence | None:
        # Written out only when said: a meld's text sorts its tiles, which costs more than the whole check.
        if self.in_riichi and not hand.is_closed:
            name = "double_riichi" if self.double_riichi else "riichi"
            return Sentence(
                N_("{flag} needs a closed hand, but it has open melds ({melds})"),
                flag=Sentence(FLAG_NAMES[name]),
                melds=Joined(", ", [m.said() for m in hand.melds if m.is_open]),
            )
        if self.ippatsu and not self.in_riichi:
            return Sentence(N_("ippatsu needs riichi or double riichi"))
        if self.rinshan and not any(m.kind.is_kan for m in hand.melds):
            return Sentence(
                N_("rinshan is a win on the replacement tile after a kan, but there is no kan among the melds")
            )
        if self.rinshan and not self.tsumo:
            return Sentence(N_("rinshan is won by tsumo (the replacement tile is drawn), so the win must be a tsumo"))
        if self.rinshan and self.ippatsu:
            return Sentence(N_("ippatsu cannot be won on a replacement tile: declaring the kan already ended it"))
        if self.haitei and self.rinshan:
            return Sentence(
                N_("haitei and rinshan cannot both be claimed: a replacement tile is never the last tile of the wall")
            )
        if self.haitei and not self.tsumo:
            return Sentence(
                N_(
                    "haitei is a tsumo on the last tile of the wall, so the win must be a tsumo"
                    " (ron on the last discard is houtei)"
                )
            )
        if self.houtei and self.tsumo:
            return Sentence(
                N_(
                    "houtei is a ron on the last discard, so the win cannot be a tsumo (tsumo on the last tile is haitei)"
                )
            )
        if self.chankan and self.tsumo:
            return Sentence(N_("chankan is a ron on a tile added to a kan, so the win cannot be a tsumo"))
        if self.chankan and self.houtei:
            return Sentence(N_("chankan and houtei cannot both be claimed"))
        if self.chankan:
            held = sum(1 for t in hand.all_tiles if t.index == hand.win.index)
            if held > 1:
                return Sentence(
                    N_(
                        "chankan robs the fourth {tile} from another player's pon, "
                        "so the hand cannot hold another {tile} (it holds {held})"
                    ),
                    tile=str(hand.win),
                    held=held,
                )
        for flag, dealer in (("tenhou", True), ("chiihou", False), ("renhou", False)):
            if not getattr(self, flag):
                continue
            if flag == "renhou" and not rules.renhou:
                return Sentence(N_("renhou is not a yaku under these rules (enable it with rules.renhou)"))
            if self.is_dealer != dealer:
                if dealer:
                    return Sentence(
                        N_("{flag} is a win for the dealer (the East seat)"), flag=Sentence(FLAG_NAMES[flag])
                    )
                return Sentence(
                    N_("{flag} is a win for a non-dealer (the South, West or North seat)"),
                    flag=Sentence(FLAG_NAMES[flag]),
                )
            if (flag == "renhou") == self.tsumo:
                if flag == "renhou":
                    return Sentence(N_("{flag} is a win by ron"), flag=Sentence(FLAG_NAMES[flag]))
                return Sentence(N_("{flag} is a win by tsumo"), flag=Sentence(FLAG_NAMES[flag]))
            if hand.melds:
                return Sentence(
                    N_("{flag} needs the untouched starting hand: no melds, not even a closed kan"),
                    flag=Sentence(FLAG_NAMES[flag]),
                )
            if self.in_riichi:
                return Sentence(
                    N_("{flag} comes before any discard, so riichi is impossible"), flag=Sentence(FLAG_NAMES[flag])
                )
        if int(self.tenhou) + int(self.chiihou) + int(self.renhou) > 1:
            return Sentence(N_("only one of tenhou, chiihou and renhou can be claimed"))
        return None


FLAGS: tuple[str, ...] = Situation._fields[: Situation._fields.index("seat_wind")]
"""The true/false fields, in Situation's order: tsumo ... renhou."""
STANDARD_FLAGS: tuple[str, ...] = tuple(flag for flag in FLAGS if flag != "renhou")
"""The flags of the standard rules (renhou belongs to a local yaku, switched on by a rule)."""
FLAG_NAMES: dict[str, str] = {
    "tsumo": N_("tsumo"),
    "riichi": N_("riichi"),
    "double_riichi": N_("double riichi"),
    "ippatsu": N_("ippatsu"),
    "rinshan": N_("rinshan"),
    "chankan": N_("chankan"),
    "haitei": N_("haitei"),
    "houtei": N_("houtei"),
    "tenhou": N_("tenhou"),
    "chiihou": N_("chiihou"),
    "renhou": N_("renhou"),
}
"""Each flag as a checkbox names it (the romaji players use; translated like every other word)."""
