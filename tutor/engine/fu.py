"""Fu, item by item (RULES.md §6).

Each item names its source (the group, pair or wait it came from) so a
learner can check the count line by line. A closed ron shows as 20 + 10,
and the open hand's bump from 20 to 30 is an item of its own.

>>> from tutor.engine.hand import Hand
>>> from tutor.engine.situation import Situation
>>> from tutor.engine.rules import TENHOU
>>> from tutor.engine.context import WinContext
>>> from tutor.engine.decompose import readings
>>> hand = Hand.parse("234m678m222p55s789s", win="2p")
>>> ctx = WinContext(hand, Situation(riichi=True), TENHOU)
>>> shanpon = [r for r in readings(hand, tsumo=False) if r.wait.value == "shanpon"][0]
>>> [item.text for item in fu_items(shanpon, ctx)]
['Base (futei): 20 fu', 'Closed hand won by ron (menzen kafu): 10 fu', 'Triplet of simples 222p completed by ron counts as open: 2 fu']
>>> rounded_fu(fu_items(shanpon, ctx))
40
"""

from __future__ import annotations

from typing import NamedTuple

from tutor.engine.context import WinContext
from tutor.engine.decompose import Group, Reading, Shape, Wait, all_groups
from tutor.engine.messages import forgotten_with_catalogues, text
from tutor.engine.tiles import DRAGONS, EAST, IS_HONOR, IS_YAOCHUU, index_name, pair_notation
from tutor.engine.yaku import pinfu_shape
from tutor.messages.catalogues import DEFAULT


class FuItem(NamedTuple):
    key: str
    """Message id (see :mod:`tutor.engine.messages`)."""
    fu: int
    tiles: str = ""
    """The group, pair or wait shape the fu came from, in MPSZ (for the sentence and for highlighting)."""
    win: str = ""
    """For wait items: the winning tile."""

    def render(self, lang: str = DEFAULT) -> str:
        """The item as a sentence in ``lang``, e.g. ``Closed triplet of terminals 999p: 8 fu``."""
        rendered = fu_sentences(lang)
        sentence = rendered.get(self)
        if sentence is None:
            sentence = rendered[self] = text(self.key, lang, fu=self.fu, tiles=self.tiles, win=self.win)
        return sentence

    @property
    def text(self) -> str:
        """The item as an English sentence (for the CLI and the JSON contract; pages use :meth:`render`)."""
        return self.render()


def fu_sentences(lang: str) -> dict[FuItem, str]:
    """The fu items rendered so far in ``lang``, by item (:meth:`FuItem.render` adds to it): a caller
    rendering many items looks them up here first, without a method call per item."""
    rendered = _TEXTS.get(lang)
    if rendered is None:
        rendered = _TEXTS[lang] = {}
    return rendered


# Items repeat across hands (they are built from shared groups), so each sentence is rendered once per language.
_TEXTS: dict[str, dict[FuItem, str]] = forgotten_with_catalogues({})
BASE = FuItem("fu.base", 20)
MENZEN_RON = FuItem("fu.menzen_ron", 10)
TSUMO = FuItem("fu.tsumo", 2)
PINFU_TSUMO = FuItem("fu.pinfu_tsumo", 0)
OPEN_PINFU = FuItem("fu.open_pinfu", 2)
CHIITOITSU = FuItem("fu.chiitoitsu", 25)


def fu_items(r: Reading, ctx: WinContext) -> list[FuItem]:
    """The fu of one reading, before rounding. Kokushi has none (its payment is fixed)."""
    if r.shape is not Shape.STANDARD:
        return [CHIITOITSU] if r.shape is Shape.CHIITOITSU else []  # kokushi has no fu
    closed = ctx.is_closed
    tsumo = ctx.tsumo
    items = [BASE, MENZEN_RON] if closed and not tsumo else [BASE]
    if r.triplets:
        for group in r.groups:
            if not group.is_sequence:
                items.append(_TRIPLET_ITEMS[group, r.is_concealed(group)])  # one owner of "ron opens it"
    pair = r.pairs[0]
    if pair >= EAST:  # a pair of number tiles earns nothing
        pair_item = _pair_item(pair, ctx)
        if pair_item is not None:
            items.append(pair_item)
    if r.wait in _WAITS_WITH_FU:
        items.append(_wait_item(r))
    if tsumo:
        # Only a closed hand with nothing but the base can be pinfu; ask the yaku rule itself.
        if len(items) == 1 and closed and not ctx.rules.pinfu_tsumo_fu and pinfu_shape(r, ctx).hit:
            items.append(PINFU_TSUMO)
        else:
            items.append(TSUMO)
    elif len(items) == 1 and not closed and ctx.rules.open_pinfu_fu:
        items.append(OPEN_PINFU)
    return items


def rounded_fu(items: list[FuItem]) -> int:
    """The sum rounded up to the next 10; chiitoitsu's 25 stays 25."""
    if items and items[0] is CHIITOITSU:
        return 25
    total = 0
    for item in items:
        total += item.fu
    return -(-total // 10) * 10


def _triplet_item(group: Group, concealed: bool) -> FuItem:
    yaochuu = IS_YAOCHUU[group.first]
    fu = (4 if yaochuu else 2) * (2 if concealed else 1) * (4 if group.is_quad else 1)
    tile_class = "honours" if IS_HONOR[group.first] else "terminals" if yaochuu else "simples"
    if group.is_quad:
        state = "closed_quad" if concealed else "open_quad"
    elif concealed:
        state = "closed_triplet"
    elif group.is_open:
        state = "open_triplet"
    else:
        state = "ron_triplet"
    return FuItem(f"fu.{state}.{tile_class}", fu, group.notation)


# Triplet and kan items depend only on the (shared) group and whether it counts as concealed.
_TRIPLET_ITEMS = {
    (group, concealed): _triplet_item(group, concealed)
    for group in all_groups()
    for concealed in (False, True)
    if not group.is_sequence and not (concealed and group.is_open)
}
_PAIR_ITEMS: dict[tuple[int, int, int, int], FuItem | None] = {}


def _pair_item(pair: int, ctx: WinContext) -> FuItem | None:
    """The fu item of an honour pair (``pair`` is at least EAST), or None for a pair that earns nothing."""
    key = (pair, ctx.seat_wind, ctx.round_wind, ctx.rules.double_wind_pair_fu)
    try:
        return _PAIR_ITEMS[key]
    except KeyError:
        item = _PAIR_ITEMS[key] = _make_pair_item(*key)
        return item


def _make_pair_item(pair: int, seat_wind: int, round_wind: int, double_wind_fu: int) -> FuItem | None:
    tiles = pair_notation(pair)
    seat = pair == seat_wind
    round_ = pair == round_wind
    if seat and round_:
        return FuItem("fu.pair.double_wind", double_wind_fu, tiles)
    if seat:
        return FuItem("fu.pair.seat_wind", 2, tiles)
    if round_:
        return FuItem("fu.pair.round_wind", 2, tiles)
    if pair in DRAGONS:
        return FuItem("fu.pair.dragon", 2, tiles)
    return None


def _wait_item(r: Reading) -> FuItem:
    key = (r.wait, r.win_group, r.win)
    item = _WAIT_ITEMS.get(key)
    if item is None:
        item = _WAIT_ITEMS[key] = _make_wait_item(*key)
    return item


_WAIT_ITEMS: dict[tuple[Wait, Group | None, int], FuItem] = {}
_WAITS_WITH_FU = frozenset(wait for wait in Wait if wait.fu)


def _make_wait_item(wait: Wait, group: Group | None, win_index: int) -> FuItem:
    win = index_name(win_index)
    if group is None:  # tanki: the winning tile completed the pair
        return FuItem("fu.wait.tanki", 2, win, win)
    first = group.first
    held = [i for i in (first, first + 1, first + 2) if i != win_index]
    shape = "".join(index_name(i)[0] for i in held) + index_name(first)[1]
    return FuItem(f"fu.wait.{wait.label}", 2, shape, win)
