"""Tenhou's mjlog: the XML game record Tenhou saves (often gzip-compressed).

Format notes (from public descriptions of the format, in our words)
--------------------------------------------------------------------
The root element is ``<mjloggm ver="2.3">``; its children come in play order:

- ``<GO type="T" lobby="L"/>``: the table's rules as bits of ``T`` (:data:`LOBBY_BITS` lists
  each with what we do with it); a tournament lobby (``L`` not 0) may add ``rule`` and
  ``csrule`` attributes with its own settings (:data:`KNOWN_LOBBY_RULES`).
- ``<UN n0=".." n1=".." n2=".." n3=".." .../>``: player names, percent-encoded UTF-8.
- ``<INIT seed="r,h,s,d1,d2,i" ten=".." oya="d" hai0=".." ... hai3=".."/>`` starts a hand:
  round ``r`` (0-3 East 1-4, 4-7 South 1-4, ...), honba ``h``, riichi sticks ``s`` left on the
  table, two dice, the first dora indicator ``i``; ``oya`` the dealer's seat; ``haiN`` seat N's
  13 tiles.
- A tile is a number 0-135: its kind is ``n // 4`` (0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s,
  27-33 East South West North haku hatsu chun); with red fives on, copies 16, 52 and 88 are
  the red 5m, 5p, 5s.
- ``<T12/>``, ``<U..>``, ``<V..>``, ``<W..>``: seat 0, 1, 2, 3 draws a tile; ``<D..>``,
  ``<E..>``, ``<F..>``, ``<G..>``: seat 0-3 discards one. The draw after a kan is the
  replacement tile.
- ``<REACH who="s" step="1"/>`` announces riichi (the next discard is the riichi tile);
  ``step="2"`` comes once the stick is placed.
- ``<DORA hai="n"/>``: a new (kan) dora indicator.
- ``<N who="s" m="code"/>``: a call. ``code & 3`` is who it came from, counted from the caller
  (1 the next player, 2 opposite, 3 the previous one; 0 for a closed kan). Then:

  * bit 0x04 set, a **chi**: ``code >> 10`` is ``t * 3 + r``, ``t`` the lowest tile as
    ``suit * 7 + (number - 1)``, ``r`` which of the three was called; bits 3-4, 5-6, 7-8 give
    the copy (0-3) of each of the three tiles.
  * bit 0x08 set, a **pon**; bit 0x10 set, an **added kan**: ``code >> 9`` is ``kind * 3 + r``;
    bits 5-6 give the copy left out of the pon (for an added kan, the copy added); ``r`` picks
    the called tile among the three others in copy order.
  * bit 0x20 set: **nuki** (a North set aside), three-player only.
  * none of those bits, a **kan**: ``code >> 8`` is ``kind * 4 + c`` with ``c`` the copy
    called; a closed kan when the source is 0, else a called (open) kan.
- ``<AGARI ba="h,s" hai=".." m=".." machi="n" ten="fu,points,limit" yaku="id,han,..."
  yakuman="id,..." doraHai=".." doraHaiUra=".." who="w" fromWho="f" sc=".."/>``: a win.
  ``hai`` is the concealed hand with the winning tile ``machi``; ``ten`` the fu, the hand's
  value before honba and sticks, and the limit (0 none, 1 mangan ... 5 yakuman); ``yaku`` pairs
  of Tenhou's yaku number (:mod:`.yakulist`) and han; ``yakuman`` yakuman numbers alone.
  ``who == fromWho`` is a tsumo; ``paoWho`` names the player responsible (pao) for a
  daisangen or daisuushii, when there is one. A double ron is two AGARI in a row.
- ``<RYUUKYOKU .../>``: the hand ended without a win.
"""

from __future__ import annotations

import gzip
import io
import re
import xml.etree.ElementTree as ElementTree
import zlib
from collections.abc import Iterable, Iterator
from typing import Any, cast
from urllib.parse import unquote

from tutor.engine.tiles import Tile, format_tiles
from tutor.gamelog.model import (
    MAX_HANDS,
    MAX_LOG_BYTES,
    MAX_XML_DEPTH,
    MAX_XML_ELEMENTS,
    SUPPORTED_SAID,
    FinalScores,
    GameLog,
    HandReplay,
    HandScores,
    LogError,
    ReadBudget,
    Recorded,
    Win,
    checked_name,
    log_text,
    scores_after,
    too_many_hands,
)
from tutor.gamelog.yakulist import by_number
from tutor.messages.catalogues import N_

RED_COPIES = (16, 52, 88)

LOBBY_BITS: dict[int, tuple[str, str]] = {
    0x001: ("players are people (else computer opponents)", "read: no effect on scores"),
    0x002: ("no red fives", "read: rules.aka false"),
    0x004: ("no open tanyao", "read: rules.open_tanyao false"),
    0x008: ("hanchan (else tonpuusen)", "read: no effect on a hand's score"),
    0x010: ("three players (sanma)", "refused"),
    0x020: ("room level, high bit (with 0x080: 0 ippan, 0x080 joukyuu, 0x020 tokujou, both houou)", "no effect"),
    0x040: ("fast table (shorter thinking time)", "no effect"),
    0x080: ("room level, low bit (see 0x020)", "no effect"),
    0x100: ("discards shown dimmed or hidden (暗)", "no effect on scores"),
    0x200: ("chips (祝儀): a payment beside the points for red fives, ippatsu, ura", "read: rules.kiriage true"),
    0x400: ("with 0x200: 5 chips a unit rather than 2", "no effect on points"),
    0x800: ("a private parlour (雀荘) lobby", "read as Tenhou rules (checked on records)"),
}
"""The lobby type's bits as public descriptions of the format give them: (meaning, what we do).

Every other bit is refused by name: its rule is not described, so a reading would be a guess. A
chip lobby (0x200) pays 4 han 30 fu and 3 han 60 fu as mangan: Tenhou's own payments say so on
records of types 553 and 1569 (a dealer's 4 han 30 fu tsumo paid 4,000 all, 12,000, in
``tests/gamelog/fixtures/real/dn_chip_excerpt.xml``), though descriptions of the bit only mention
the chips themselves. The chips are paid apart from the points, so no score we check includes them."""
KNOWN_BITS = sum(LOBBY_BITS)

KNOWN_LOBBY_RULES: dict[str, tuple[str, ...]] = {
    "rule": ("", ",,0101,0,0,0,0"),
    "csrule": ("", "0FE0BF0B,0000001F,,,30000,30000,30000" + "," * 14 + ",5,-5,-15" * 5 + ",,,,"),
}
"""A tournament lobby's own settings (``<GO rule=".." csrule="..">``) that we read as Tenhou's rules.

No public description of these attributes' fields is known to us, so only the values seen on a
record whose every win our engine agrees with (``dn_newattr2023.xml``: 30,000 starting points and
placement points, nothing else set) are read; any other value is refused, naming the attribute."""
# At most 9 ASCII digits: a longer number is no tile (tile() refuses it) and int() need never see it.
_DRAW = re.compile(r"^([TUVW])([0-9]{1,9})$")
_DISCARD = re.compile(r"^([DEFG])([0-9]{1,9})$")


def tile(number: int, aka: bool = True) -> Tile:
    """Tile ``number`` (0-135) of an mjlog.

    >>> tile(16), tile(17), tile(16, aka=False), tile(135)
    (Tile('0m'), Tile('5m'), Tile('5m'), Tile('7z'))
    """
    if not 0 <= number <= 135:
        raise LogError(N_("tile number {number} is out of range (an mjlog numbers its tiles 0-135)"), number=number)
    return Tile.of(number // 4, red=aka and number in RED_COPIES)


def decode_meld(code: int) -> tuple[str, tuple[int, ...], int | None, int]:
    """An ``N`` element's ``m``: (kind, tile numbers, the called or added tile, source 0-3 from the caller).

    Kinds: chi, pon, kakan (the tiles are the whole kan), minkan, ankan (called tile None).

    >>> decode_meld(encode_meld("pon", (36, 37, 39), 37, 2))
    ('pon', (36, 37, 39), 37, 2)
    """
    source = code & 3
    if code & 0x4:
        t, r = divmod(code >> 10, 3)
        base = t // 7 * 9 + t % 7
        tiles = tuple((base + i) * 4 + (code >> (3 + 2 * i) & 3) for i in range(3))
        return "chi", tiles, tiles[r], source
    if code & 0x18:
        t, r = divmod(code >> 9, 3)
        if t > 33:
            raise LogError(N_("meld code {code} names no tile"), code=code)
        left_out = code >> 5 & 3
        tiles = tuple(t * 4 + c for c in range(4) if c != left_out)
        if code & 0x8:
            return "pon", tiles, tiles[r], source
        return "kakan", tuple(sorted((*tiles, t * 4 + left_out))), t * 4 + left_out, source
    if code & 0x20:
        raise LogError(
            N_("this log sets a North aside (nuki), which only three-player games do; supported: {supported}"),
            supported=SUPPORTED_SAID,
        )
    t = code >> 8
    if t > 135:
        raise LogError(N_("meld code {code} names no tile"), code=code)
    kind = t // 4
    tiles = tuple(kind * 4 + c for c in range(4))
    if source == 0:
        return "ankan", tiles, None, 0
    return "minkan", tiles, t, source


def encode_meld(kind: str, tiles: tuple[int, ...], called: int | None, source: int) -> int:
    """The ``m`` code of a meld: the inverse of :func:`decode_meld` (used to write test logs).

    For a kakan ``tiles`` are the pon's three and ``called`` the added tile.
    """
    if kind == "chi":
        ordered = sorted(tiles)
        base = ordered[0] // 4
        t = base // 9 * 7 + base % 9
        code = (t * 3 + ordered.index(called if called is not None else ordered[0])) << 10 | 0x4 | source
        for i, number in enumerate(ordered):
            code |= (number % 4) << (3 + 2 * i)
        return code
    if kind in ("pon", "kakan"):
        ordered = sorted(tiles)
        kind_index = ordered[0] // 4
        if kind == "pon":
            left_out = next(c for c in range(4) if kind_index * 4 + c not in ordered)
            r = ordered.index(called) if called is not None else 0
        else:
            assert called is not None
            left_out = called % 4
            r = 0
        return (kind_index * 3 + r) << 9 | (0x8 if kind == "pon" else 0x10) | left_out << 5 | source
    number = called if called is not None else sorted(tiles)[0]
    return number << 8 | (0 if kind == "ankan" else source)


def _ints(text: str | None, what: str) -> list[int]:
    if not text:
        return []
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise LogError(N_("{what} {text!r} is not a list of numbers"), what=what, text=text[:40]) from None


def _attr(element: ElementTree.Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise LogError(N_("a <{tag}> element has no {name!r} attribute"), tag=element.tag, name=name)
    return value


def _number(element: ElementTree.Element, name: str) -> int:
    """An attribute that must be one whole number (a tile, a meld code)."""
    value = _attr(element, name)
    # ASCII digits only: int() would also take " 7", "+7", "٧" or "1_0", none of which Tenhou writes.
    if not re.fullmatch(r"-?[0-9]{1,12}", value):
        raise LogError(N_("<{tag} {name}={value!r}> is not a number"), tag=element.tag, name=name, value=value[:40])
    return int(value)


def _seat(element: ElementTree.Element, name: str) -> int:
    """An attribute naming a seat: 0-3."""
    value = _attr(element, name)
    if value not in ("0", "1", "2", "3"):
        raise LogError(N_("<{tag} {name}={value!r}> is not a seat (0-3)"), tag=element.tag, name=name, value=value[:40])
    return int(value)


def unpack(data: bytes) -> bytes:
    """The XML of an mjlog, gunzipped when Tenhou saved it compressed (its .mjlog files are)."""
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            xml = stream.read(MAX_LOG_BYTES + 1)
    except (OSError, EOFError, zlib.error):
        raise LogError(N_("the file is gzip-compressed but cannot be uncompressed (truncated or damaged)")) from None
    if len(xml) > MAX_LOG_BYTES:
        raise LogError(N_("the uncompressed log is larger than 10 MB, far more than any game"))
    return xml


def read_mjlog(data: bytes | str, file: str = "-") -> GameLog:
    """Read a Tenhou mjlog (XML, or its gzip) into a :class:`GameLog`."""
    # Checked on the text, whatever the file's encoding (log_text), and parsed from the text: the
    # parser then ignores an encoding="..." declaration rather than decode differently from us.
    xml = data if isinstance(data, str) else log_text(unpack(data))
    if "<!DOCTYPE" in xml or "<!ENTITY" in xml:
        raise LogError(N_("the XML declares a DOCTYPE or entities, which an mjlog never does"))
    budget = ReadBudget()
    return _Reader(file, budget).read(_children(xml, budget))


def _children(xml: str, budget: ReadBudget) -> Iterator[ElementTree.Element]:
    """The root's children one at a time, each dropped once read: memory stays that of one element.

    Refuses, as soon as it is seen, XML nested deeper than :data:`MAX_XML_DEPTH` or with more than
    :data:`MAX_XML_ELEMENTS` elements (a small file of either once took hundreds of MB as a tree).
    """
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(("start", "end"))
    root: ElementTree.Element | None = None
    depth = count = 0
    try:
        for at in range(0, len(xml) or 1, 64 * 1024):
            parser.feed(xml[at : at + 64 * 1024])
            for item in parser.read_events():
                event, element = cast(tuple[str, ElementTree.Element], item)  # "start" and "end" carry an element
                if event == "end":
                    depth -= 1
                    if depth == 1 and root is not None:
                        yield element
                        root.remove(element)
                    continue
                depth += 1
                count += 1
                if depth > MAX_XML_DEPTH:
                    raise LogError(N_("the XML nests more than {most} levels deep; an mjlog has 2"), most=MAX_XML_DEPTH)
                if count > MAX_XML_ELEMENTS:
                    raise LogError(
                        N_("the XML has more than {most} elements; no real game has that many"), most=MAX_XML_ELEMENTS
                    )
                if root is None:
                    root = element
                    if root.tag != "mjloggm":
                        raise LogError(N_("the XML's root is <{tag}>, not an mjlog's <mjloggm>"), tag=root.tag)
            budget.check()
        parser.close()
    except ElementTree.ParseError as problem:
        raise LogError(N_("the mjlog's XML is broken or truncated ({problem})"), problem=str(problem)) from None


class _Reader:
    def __init__(self, file: str, budget: ReadBudget) -> None:
        self.file = file
        self.budget = budget
        self.aka = True
        self.rules: dict[str, Any] = {}
        self.players: list[str | None] = [None] * 4
        self.replay: HandReplay | None = None
        self.riichi_next: set[int] = set()
        self.wins: list[Win] = []
        self.hands = 0
        self.draws = 0
        self.finished = True
        self.start: tuple[int, ...] | None = None
        self.scores: list[HandScores] = []
        self.after: tuple[int, ...] | None = None
        """The scores after the current hand, from its last AGARI or RYUUKYOKU's ``sc``."""
        self.won = False
        self.final: FinalScores | None = None

    def read(self, elements: Iterable[ElementTree.Element]) -> GameLog:
        seen_go = False
        for element in elements:
            tag = element.tag
            if tag == "GO":
                seen_go = True
                self._rules(element)
            elif tag == "UN":
                # The first UN names everyone; a later one (a player reconnecting) names only them.
                if element.get("n3") == "" and element.get("n2"):
                    raise LogError(
                        N_("this is a three-player game (sanma); supported: {supported}"), supported=SUPPORTED_SAID
                    )
                for seat in range(4):
                    name = element.get(f"n{seat}")
                    if name:
                        self.players[seat] = checked_name(unquote(name))
            elif tag == "INIT":
                self._start(element)
            elif self.replay is not None:
                self._event(element, self.replay)
        if not seen_go:
            raise LogError(N_("the mjlog has no <GO> element, so its rules are unknown"))
        if not self.finished and self.replay is not None:
            raise LogError(N_("the log is truncated: it ends in the middle of {where}"), where=self.replay.where)
        if not self.hands:
            raise LogError(N_("the mjlog holds no hand (no <INIT> element)"))
        self._hand_scores()
        return GameLog(
            "mjlog",
            tuple(p or "" for p in self.players),
            self.rules,
            tuple(self.wins),
            self.hands,
            self.draws,
            tuple(self.scores),
            self.start,
            self.final,
        )

    def _hand_scores(self) -> None:
        """Keep the scores after the hand just ended, when its result stated them."""
        if self.replay is not None and self.after is not None:
            replay = self.replay
            self.scores.append(HandScores(replay.hand_number, replay.round_index, replay.honba, self.won, self.after))
        self.after, self.won = None, False

    def _ended(self, element: ElementTree.Element) -> None:
        """A hand's result: the scores after it (``sc``) and, on the last, the game's end (``owari``)."""
        after = scores_after(_ints(element.get("sc"), "the sc"), 100)
        if after is not None:
            self.after = after
        owari = element.get("owari")
        if owari is not None:
            parts = owari.split(",")
            # Plain decimal numbers only: float() would also take "nan" or "1e999".
            if len(parts) < 8 or not all(re.fullmatch(r"-?[0-9]{1,6}(\.[0-9]{1,3})?", p) for p in parts[:8]):
                raise LogError(N_("the game's end (owari={owari!r}) is not four scores and points"), owari=owari[:80])
            scores = tuple(round(float(parts[2 * seat]) * 100) for seat in range(4))
            self.final = FinalScores(scores, tuple(float(parts[2 * seat + 1]) for seat in range(4)))

    def _rules(self, element: ElementTree.Element) -> None:
        try:
            kind = int(element.get("type", "0"))
        except ValueError:
            raise LogError(N_("<GO type={type!r}> is not a number"), type=element.get("type")) from None
        if kind & 0x10 and kind >= 0:
            raise LogError(N_("this is a three-player game (sanma); supported: {supported}"), supported=SUPPORTED_SAID)
        if kind < 0 or kind & ~KNOWN_BITS:
            unknown = kind & ~KNOWN_BITS if kind >= 0 else kind
            raise LogError(
                N_(
                    "the lobby type {type} sets bits {bits}, whose rules are not publicly described, so we will not "
                    "guess them; supported: {supported}"
                ),
                type=kind,
                bits=f"0x{unknown:x}",
                supported=SUPPORTED_SAID,
            )
        for name, known in KNOWN_LOBBY_RULES.items():
            value = element.get(name)
            if value is not None and value not in known:
                raise LogError(
                    N_(
                        "this tournament lobby sets its own rules (<GO {name}={value!r}>), which we cannot read; "
                        "supported: {supported}"
                    ),
                    name=name,
                    value=value[:80],
                    supported=SUPPORTED_SAID,
                )
        self.aka = not kind & 0x02
        if not self.aka:
            self.rules["aka"] = False
        if kind & 0x04:
            self.rules["open_tanyao"] = False
        if kind & 0x200:
            self.rules["kiriage"] = True

    def _tiles(self, text: str | None, what: str) -> list[Tile]:
        return [tile(n, self.aka) for n in _ints(text, what)]

    def _start(self, element: ElementTree.Element) -> None:
        if not self.finished and self.replay is not None:
            raise LogError(N_("{where} never ends: a new hand starts before its win or draw"), where=self.replay.where)
        seed = _ints(_attr(element, "seed"), "the INIT seed")
        if len(seed) != 6:
            raise LogError(N_("the INIT seed {seed!r} does not have 6 numbers"), seed=element.get("seed"))
        dealer = _seat(element, "oya")
        if any(n < 0 for n in seed):
            raise LogError(N_("the INIT seed {seed!r} has a negative number"), seed=element.get("seed"))
        self._hand_scores()
        self.hands += 1
        if self.hands > MAX_HANDS:
            raise too_many_hands()
        if self.start is None:
            ten = _ints(element.get("ten"), "the INIT ten")
            self.start = tuple(n * 100 for n in ten) if len(ten) == 4 else None
        self.budget.check()
        self.finished = False
        self.riichi_next = set()
        self.replay = HandReplay(
            file=self.file,
            hand_number=self.hands,
            round_index=seed[0],
            honba=seed[1],
            sticks=seed[2],
            dealer=dealer,
            dora=[tile(seed[5], self.aka)],
            players=self.players,
            rules=self.rules,
        )
        for seat in range(4):
            self.replay.deal(seat, self._tiles(_attr(element, f"hai{seat}"), "a starting hand"))

    def _event(self, element: ElementTree.Element, replay: HandReplay) -> None:
        tag = element.tag
        if self.finished and tag not in ("AGARI", "RYUUKYOKU"):
            return
        if match := _DRAW.match(tag):
            replay.draw("TUVW".index(match[1]), tile(int(match[2]), self.aka))
        elif match := _DISCARD.match(tag):
            seat = "DEFG".index(match[1])
            riichi = seat in self.riichi_next
            self.riichi_next.discard(seat)
            replay.discard(seat, tile(int(match[2]), self.aka), riichi=riichi)
        elif tag == "REACH":
            if element.get("step") == "1":
                self.riichi_next.add(_seat(element, "who"))
        elif tag == "N":
            self._meld(replay, _seat(element, "who"), _number(element, "m"))
        elif tag == "DORA":
            replay.new_dora(tile(_number(element, "hai"), self.aka))
        elif tag == "AGARI":
            self._win(replay, element)
            self._ended(element)
            self.won = self.finished = True
        elif tag == "RYUUKYOKU":
            if not self.finished:
                self.draws += 1
            self._ended(element)
            self.finished = True

    def _meld(self, replay: HandReplay, who: int, code: int) -> None:
        kind, numbers, called, source = decode_meld(code)
        tiles = [tile(n, self.aka) for n in numbers]
        if kind == "ankan":
            replay.ankan(who, tiles)
        elif kind == "kakan":
            assert called is not None
            replay.kakan(who, tile(called, self.aka))
        else:
            assert called is not None
            replay.call(who, kind, tiles, tile(called, self.aka), (who + source) % 4)

    def _win(self, replay: HandReplay, element: ElementTree.Element) -> None:
        who = _seat(element, "who")
        from_who = _seat(element, "fromWho")
        ten = _ints(_attr(element, "ten"), "the AGARI ten")
        if len(ten) < 2:
            raise LogError(N_("AGARI ten={ten!r} needs fu and points"), ten=element.get("ten"))
        pairs = _ints(element.get("yaku"), "the AGARI yaku")
        yakuman_numbers = _ints(element.get("yakuman"), "the AGARI yakuman")
        yaku: list[tuple[str, int]] = []
        for number, han in zip(pairs[::2], pairs[1::2], strict=False):
            name = by_number(number)
            if name is None:
                raise LogError(N_("the AGARI names yaku number {number}, which Tenhou does not have"), number=number)
            if han:
                yaku.append((name, han))
        for number in yakuman_numbers:
            name = by_number(number)
            if name is None:
                raise LogError(N_("the AGARI names yaku number {number}, which Tenhou does not have"), number=number)
            yaku.append((name, 13))
        text = " ".join(
            f'{name}="{element.get(name)}"' for name in ("ten", "yaku", "yakuman") if element.get(name) is not None
        )
        han = 13 * len(yakuman_numbers) if yakuman_numbers else sum(h for _, h in yaku)
        recorded = Recorded(han, ten[0], tuple(yaku), ten[1], text, len(yakuman_numbers))
        # Sorted like the replay's melds: Tenhou lists a red five first (copy 0), we sort it after 5.
        stated = sorted(
            (kind, tuple(sorted(tile(n, self.aka) for n in numbers)))
            for kind, numbers, _, _ in map(decode_meld, _ints(element.get("m"), "the AGARI melds"))
        )
        made = sorted((meld.kind, meld.tiles) for meld in replay.seats[who].melds)
        if stated != made:
            shown = ", ".join(f"{kind} {format_tiles(tiles)}" for kind, tiles in stated) or "none"
            raise replay.fail(N_("the log's melds for the win ({melds}) are not those the moves made"), melds=shown)
        ba = _ints(element.get("ba"), "the AGARI ba")
        self.wins.append(
            replay.win(
                who,
                from_who,
                recorded,
                ura=self._tiles(element.get("doraHaiUra"), "the ura indicators"),
                dora=self._tiles(element.get("doraHai"), "the dora indicators") if element.get("doraHai") else None,
                win_tile=tile(_number(element, "machi"), self.aka),
                concealed=self._tiles(_attr(element, "hai"), "the winning hand"),
                sticks=ba[1] if len(ba) == 2 else None,
                pao=_seat(element, "paoWho") if element.get("paoWho") is not None else None,
                gain=self._gain(element, who),
            )
        )

    @staticmethod
    def _gain(element: ElementTree.Element, who: int) -> int | None:
        """The winner's score change from ``sc`` (points before, change, for each seat, in hundreds;
        a chip lobby adds the chips after), or None when the log has no ``sc``."""
        changes = _ints(element.get("sc"), "the AGARI sc")
        return changes[2 * who + 1] * 100 if len(changes) >= 8 else None
