"""Every sentence the engine shows a learner, by message id, in any language with a catalogue.

Results carry message ids and parameters, never finished sentences: the edge
(a page, the CLI, the JSON API) renders them with :func:`text` in the
language it serves. The English sentences below are the source; a
translation is a gettext catalogue entry whose context (``msgctxt``) is the
message id, so two ids with the same English can be translated apart. Yaku
declare their names and reason sentences beside their rule (``yaku/*.py``);
they join this catalogue as ``yaku.<id>.name``, ``yaku.<id>.about`` and
``yaku.<id>.<reason>``. :func:`extract` hands the whole set to ``pybabel
extract`` (see ``babel.cfg``), so translators find it in ``messages.pot``.

>>> text("fu.closed_triplet.terminals", tiles="999p", fu=8)
'Closed triplet of terminals 999p: 8 fu'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any, TypeVar

from tutor.engine.rules import PRESET_DESCRIPTIONS
from tutor.messages.catalogues import DEFAULT, Rendered, translate
from tutor.messages.catalogues import forget as forget_catalogues

ENGLISH: dict[str, str] = {
    # Fu (RULES.md §6)
    "fu.base": "Base (futei): {fu} fu",
    "fu.menzen_ron": "Closed hand won by ron (menzen kafu): {fu} fu",
    "fu.tsumo": "Tsumo: {fu} fu",
    "fu.pinfu_tsumo": "Pinfu tsumo: the 2 tsumo fu are not added, the hand stays at 20 fu",
    "fu.open_pinfu": "Open hand won by ron with no other fu: {fu} fu, so it rounds up to 30",
    "fu.chiitoitsu": "Seven pairs (chiitoitsu): a fixed {fu} fu, not rounded",
    "fu.wait.kanchan": "Closed wait (kanchan) {tiles} on {win}: {fu} fu",
    "fu.wait.penchan": "Edge wait (penchan) {tiles} on {win}: {fu} fu",
    "fu.wait.tanki": "Pair wait (tanki) on {win}: {fu} fu",
    "fu.pair.dragon": "Pair of dragons {tiles}: {fu} fu",
    "fu.pair.seat_wind": "Pair of the seat wind {tiles}: {fu} fu",
    "fu.pair.round_wind": "Pair of the round wind {tiles}: {fu} fu",
    "fu.pair.double_wind": "Pair of the double wind {tiles} (seat and round wind): {fu} fu",
    "fu.closed_triplet.simples": "Closed triplet of simples {tiles}: {fu} fu",
    "fu.closed_triplet.terminals": "Closed triplet of terminals {tiles}: {fu} fu",
    "fu.closed_triplet.honours": "Closed triplet of honours {tiles}: {fu} fu",
    "fu.open_triplet.simples": "Open triplet of simples {tiles}: {fu} fu",
    "fu.open_triplet.terminals": "Open triplet of terminals {tiles}: {fu} fu",
    "fu.open_triplet.honours": "Open triplet of honours {tiles}: {fu} fu",
    "fu.ron_triplet.simples": "Triplet of simples {tiles} completed by ron counts as open: {fu} fu",
    "fu.ron_triplet.terminals": "Triplet of terminals {tiles} completed by ron counts as open: {fu} fu",
    "fu.ron_triplet.honours": "Triplet of honours {tiles} completed by ron counts as open: {fu} fu",
    "fu.closed_quad.simples": "Closed kan of simples {tiles}: {fu} fu",
    "fu.closed_quad.terminals": "Closed kan of terminals {tiles}: {fu} fu",
    "fu.closed_quad.honours": "Closed kan of honours {tiles}: {fu} fu",
    "fu.open_quad.simples": "Open kan of simples {tiles}: {fu} fu",
    "fu.open_quad.terminals": "Open kan of terminals {tiles}: {fu} fu",
    "fu.open_quad.honours": "Open kan of honours {tiles}: {fu} fu",
    "fu.rounded": "{total} fu rounded up to {fu}",
    # Dora (RULES.md §1.2-1.3): listed like yaku, though they are not yaku
    "yaku.dora.hit": "{count} dora; indicator→dora: {indicators}",
    "yaku.ura_dora.hit": "{count} ura dora; indicator→ura dora: {indicators}",
    "yaku.aka_dora.hit": "{count} red five(s)",
    # Limits (RULES.md §7.1)
    "limit.mangan": "Mangan",
    "limit.haneman": "Haneman",
    "limit.baiman": "Baiman",
    "limit.sanbaiman": "Sanbaiman",
    "limit.yakuman": "Yakuman",
    "limit.kazoe_yakuman": "Kazoe yakuman (13 or more counted han)",
    "limit.capped": "{han} han {fu} fu reaches the mangan cap",
    "limit.kiriage": "{han} han {fu} fu is rounded up to mangan (kiriage)",
    "limit.note": " — {limit}",
    "limit.note_why": " — {limit} ({why})",
    # Dora lines in the yaku list
    "yaku.dora.name": "Dora",
    "yaku.ura_dora.name": "Ura dora",
    "yaku.aka_dora.name": "Aka dora",
    # How the hand was read (report.py)
    "reading.standard": "{groups}, {wait} wait on {win}",
    "reading.kokushi_13": "thirteen orphans, 13-sided wait on {win}",
    "reading.kokushi_single": "thirteen orphans, single wait on {win}",
    # The wait's name inside a reading: the romaji players use, which a catalogue may replace (两面, 单骑 ...).
    "wait.name.ryanmen": "ryanmen",
    "wait.name.kanchan": "kanchan",
    "wait.name.penchan": "penchan",
    "wait.name.tanki": "tanki",
    "wait.name.shanpon": "shanpon",
    "wait.name.kokushi": "kokushi single wait",
    "wait.name.kokushi_13": "kokushi 13-sided wait",
    # The explanation (report.py)
    "report.reading": "Reading: {reading}",
    "report.yaku": "{name}: {han} han ({reason})",
    "report.yakuman_fu": "Fu do not matter for a yakuman.",
    "report.other_reading": "Other reading: {reading} would be {worth}",
    "report.other_worth": "{han} han {fu} fu, {payment}",
    "report.other_no_yaku": "no yaku",
    # The payment line (report.py): "2 han 30 fu: 2000 (non-dealer ron)"
    "payment.han": "{han} han",
    "payment.han_fu": "{han} han {fu} fu",
    "payment.all": "{each} all",
    "payment.dealer_ron": "dealer ron",
    "payment.dealer_tsumo": "dealer tsumo",
    "payment.non_dealer_ron": "non-dealer ron",
    "payment.non_dealer_tsumo": "non-dealer tsumo",
    "payment.honba": "{count} honba",
    "payment.riichi_stick": "{count} riichi stick",
    "payment.riichi_sticks": "{count} riichi sticks",
    "payment.line": "{size}{limit}: {payment} ({who})",
    "payment.line_extras": "{size}{limit}: {payment} ({who}) (with {extras}; the winner receives {total} in all)",
    "payment.list": "{first}, {second}",
    # `tutor score` (report.format_result)
    "cli.hand": "Hand:  {tiles}",
    "cli.hand_melds": "Hand:  {tiles}  melds {melds}",
    "cli.win_ron": "Win:   {win} by ron, {seat} seat, {round} round",
    "cli.win_tsumo": "Win:   {win} by tsumo, {seat} seat, {round} round",
    # The round wind by name ("East round"; 东场 in Chinese, where a seat is 东家: seat.E)
    "round.E": "East",
    "round.S": "South",
    "round.W": "West",
    "round.N": "North",
    "cli.not_winning": "Not a winning hand: no reading as four groups and a pair, seven pairs or thirteen orphans.",
    "cli.no_yaku": "No yaku: this hand cannot win as it stands.",
    "cli.yaku": "Yaku:",
    "cli.fu": "Fu:",
    "cli.fu_total": "  = {fu} fu",
    "cli.fu_rounded": "  -> {fu} fu (sum {total}, rounded up)",
    # Why a yaku does not count (report.why_not)
    "why_not.not_winning": "the hand is not a winning hand",
    "why_not.counts": "it does count",
    "why_not.other_reading": "it counts only when the hand is read as {reading}, which scores less",
    "why_not.local": "it is a local yaku these rules do not use",
    "why_not.yakuman_alone": "a yakuman counts alone: ordinary yaku are not added to it",
    "why_not.replaced": "{names} replaces it",
    "why_not.and": "{first} and {second}",
    "why_not.lower": "it is not part of the reading that scores most",
    # How the payment follows from han and fu (points.working)
    "working.base": "base points = {fu} × 2^({han}+2) = {base}",
    "working.capped": "base points = {fu} × 2^({han}+2) = {raw}, over 2,000, so mangan: base 2,000",
    "working.kiriage": "base points = {fu} × 2^({han}+2) = {raw}, kiriage rounds it up to mangan: base 2,000",
    "working.limit": "{limit}: base {base}",
    "working.times": "{times} × {base} = {exact}",
    "working.rounded": "{shown}, rounded up to {up}",
    "working.dealer_ron": "; a dealer ron pays {share}",
    "working.non_dealer_ron": "; a non-dealer ron pays {share}",
    "working.dealer_tsumo": "; each player pays {share}",
    "working.non_dealer_tsumo": "; the dealer pays {dealer}, and each non-dealer {each}",
    "working.ron_honba": "; plus {extra} for {honba} honba",
    "working.tsumo_honba": "; plus {extra} from each payer for {honba} honba",
    # Who pays what, pao included (pao.settlement_lines; RULES.md §9.6)
    "seat.E": "East",
    "seat.S": "South",
    "seat.W": "West",
    "seat.N": "North",
    "seat.unknown": "The discarder",
    "pao.responsible": "{seat} fed the call that completed the {yaku}, so {seat} is responsible (pao).",
    "pao.scope_whole": "Pao covers the whole hand, every yakuman in it included (Tenhou's rule).",
    "pao.scope_yakuman": "Pao covers only the {yaku}, worth {points} as a ron; the rest of the hand is paid as usual.",
    "pay.discarder": "{seat} dealt in and pays {points}.",
    "pay.discarder_honba": "{seat} dealt in and pays {points}: {hand} for the hand and {honba} for the honba.",
    "pay.responsible": "{seat}, the responsible player, pays {points}.",
    "pay.responsible_honba": "{seat}, the responsible player, pays {points}: {hand} for the hand and {honba} for the honba.",
    "pay.discarder_responsible": "{seat} dealt in and is also the responsible player, so {seat} pays it all: {points}.",
    "pay.discarder_responsible_honba": "{seat} dealt in and is also the responsible player, so {seat} pays it all: {points}, of which {honba} for the honba.",
    "pay.dealer": "{seat}, the dealer, pays {points}.",
    "pay.dealer_honba": "{seat}, the dealer, pays {points}: {hand} for the hand and {honba} for the honba.",
    "pay.non_dealer": "{seat} pays {points}.",
    "pay.non_dealer_honba": "{seat} pays {points}: {hand} for the hand and {honba} for the honba.",
    "pay.nothing": "{seat} pays nothing.",
    "pay.sticks": "The winner also takes the riichi sticks on the table: {points}.",
    "pay.total": "{seat}, the winner, receives {total} in all.",
    # How long furiten binds (furiten.FuritenKind.lasts)
    "furiten.lasts.discard": "until the hand's waits no longer include any tile in your discards (after riichi, to the end of the hand)",
    "furiten.lasts.riichi": "to the end of the hand",
    "furiten.lasts.temporary": "until your next own draw, or until you call a tile",
    # Rules presets, as the calculator describes them
    **{f"rules.{preset}": description for preset, description in PRESET_DESCRIPTIONS.items()},
}


_SENTENCES: dict[str, str] = dict(ENGLISH)
"""ENGLISH and the sentences declared beside their rules (:func:`declare`), by message id."""
_COMMENTS: dict[str, str] = {}
"""For translators: where a declared sentence comes from (``yaku tanyao (断幺九)``)."""


def declare(message_id: str, english: str, comment: str) -> None:
    """Add a sentence that lives beside its rule: each yaku declares its name, description and reasons
    as it registers (``yaku/registry.py``), so this module needs to know nothing of the yaku.

    Importing :mod:`tutor.engine` imports the yaku, so every yaku has declared its sentences before
    a page, the CLI or ``pybabel extract`` asks for one.
    """
    if message_id in _SENTENCES:
        raise ValueError(f"message {message_id!r} declared twice")
    _SENTENCES[message_id] = english
    _COMMENTS[message_id] = comment


def catalogue() -> dict[str, str]:
    """All English sentences by message id, yaku names, descriptions and reasons included."""
    return dict(_SENTENCES)


def text(message_id: str, lang: str = DEFAULT, **params: Any) -> str:
    """The sentence for a message id in ``lang`` (English by default), its parameters filled in.

    Parameters are filled in as given: a parameter that is itself a sentence
    (a yaku name, a reading) is rendered in ``lang`` by the caller first.

    >>> from tutor.engine.tiles import KindSet
    >>> text("yaku.tanyao.yaochuu", tiles=KindSet(1 << 8 | 1 << 27))
    'terminals and honours break tanyao, and the hand holds 9m, 1z'
    """
    english = _SENTENCES[message_id]
    template = english if lang == DEFAULT else translate(english, lang, context=message_id)
    return template.format_map(params)  # as format(**params), without copying them again


def yaku_name(yaku_id: str, lang: str = DEFAULT) -> str:
    """A yaku's (or dora line's) name in ``lang``: ``Pinfu``, ``Ura dora``."""
    name = _YAKU_NAMES.get((yaku_id, lang))
    if name is None:
        name = _YAKU_NAMES[yaku_id, lang] = text(f"yaku.{yaku_id}.name", lang)
    return name


def sayable(message_id: str, **params: Any) -> Rendered:
    """A message to be said later, in the language of whoever shows it (a parameter of a quiz sentence).

    >>> sayable("yaku.pinfu.name").text("en")
    'Pinfu'
    """
    return Rendered(lambda lang: text(message_id, lang, **params))


_CACHES: list[dict[Any, Any]] = []
_Cache = TypeVar("_Cache", bound=dict[Any, Any])


def render_cache() -> dict[Any, str]:
    """A dict for sentences rendered once and reused (the same fu item recurs across thousands of hands).

    Keys must hold the language; :func:`forget` empties every such dict.
    """
    return forgotten_with_catalogues({})


def forgotten_with_catalogues(cache: _Cache) -> _Cache:
    """``cache`` (any dict of rendered text, keyed by what holds the language), emptied by :func:`forget`."""
    _CACHES.append(cache)
    return cache


_YAKU_NAMES = render_cache()
"""Names by (yaku id, language): a yaku line with parameters (dora and their indicators) is rendered on
many hands, each time with the yaku's name."""


def forget() -> None:
    """Drop rendered sentences and loaded catalogues (after a catalogue changes, e.g. in tests)."""
    forget_catalogues()
    for rendered in _CACHES:
        rendered.clear()


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extraction method for this module (``babel.cfg``): every message, its id as context.

    The line points at the id in ``ENGLISH``; yaku messages point at the loop
    that gathers them, and their comment names the yaku they belong to.
    """
    lines = fileobj.read().decode("utf-8").splitlines()
    line_of: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        key = line.strip().split('"')[1] if line.strip().startswith('"') else None
        if key in ENGLISH:
            line_of.setdefault(key, number)
    for message_id, english in ENGLISH.items():
        yield line_of.get(message_id, 0), "pgettext", (message_id, english), []
    for message_id, comment in _COMMENTS.items():
        yield 0, "pgettext", (message_id, _SENTENCES[message_id]), [comment]
