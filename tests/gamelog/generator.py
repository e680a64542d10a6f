"""Write small game logs of our own in both formats, from one script per hand.

A script lists the deal and the moves in play order; the writer gives every tile a physical
copy (0-135, red fives 16/52/88 when the table has them), draws filler turns (draw and throw the
same tile) where a hand needs many, and writes the mjlog XML and the tenhou.net/6 JSON of the
same game. The recorded results (han, fu, yaku, points text) are written into the scripts by
hand, as Tenhou would print them, never computed by our engine.

``python -m tests.gamelog.generator`` rewrites the committed fixtures in tests/gamelog/fixtures.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tutor.engine.tiles import Tile, parse_tiles
from tutor.gamelog.mjlog import RED_COPIES, encode_meld
from tutor.gamelog.tenhou6 import number_of
from tutor.gamelog.yakulist import TENHOU_YAKU

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ("Aoi", "Ben", "Chen", "Dai")
YAKU_NUMBER = {name: number for number, (_, name) in enumerate(TENHOU_YAKU)}


def _yaku_number(name: str) -> int:
    return YAKU_NUMBER[name.replace(" ", "")]


@dataclass
class WinSpec:
    who: int
    from_who: int
    text: str
    """Tenhou's points text, e.g. '40符3飜1300-2600点' (the tenhou.net/6 form)."""
    fu: int
    limit: int
    """mjlog's limit number: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman."""
    yaku: list[tuple[str, int]]
    """(Tenhou's yaku name, han), in Tenhou's order; 0 han entries are written too (ura)."""
    pao: int | None = None
    """The seat responsible for a daisangen or daisuushii, as Tenhou records it."""


@dataclass
class HandScript:
    round_index: int
    honba: int
    sticks: int
    dora: str
    """The first dora indicator."""
    deal: tuple[str, str, str, str]
    moves: list[tuple[Any, ...]]
    """("draw", seat, tile) ("discard", seat, tile) ("riichi", seat, tile) ("chi"|"pon"|"minkan", seat, tiles, called)
    ("ankan", seat, tiles) ("kakan", seat, tile) ("dora", tile) ("filler_to", draws)"""
    wins: list[WinSpec] = field(default_factory=list)
    ura: str = ""
    draw_name: str = "流局"


def _tiles(text: str) -> list[Tile]:
    return list(parse_tiles(text))


class _Copies:
    """Physical copies: each tile of the script gets its own number 0-135."""

    def __init__(self, aka: bool) -> None:
        self.aka = aka
        self.free = {kind: [kind * 4 + c for c in range(4)] for kind in range(34)}

    def take(self, tile: Tile) -> int:
        free = self.free[tile.index]
        if tile.red:
            assert self.aka and tile.index * 4 in RED_COPIES and free[0] in RED_COPIES, f"no red copy of {tile}"
            return free.pop(0)
        plain = [n for n in free if not (self.aka and n in RED_COPIES)]
        assert plain, f"no copy of {tile} left"
        free.remove(plain[0])
        return plain[0]

    def any(self) -> int:
        for kind in (31, 32, 33, 27, 28, 29, 30, 0, 8, 9, 17, 18, 26, *range(34)):
            plain = [n for n in self.free[kind] if not (self.aka and n in RED_COPIES)]
            if plain:
                self.free[kind].remove(plain[0])
                return plain[0]
        raise AssertionError("the wall is empty")


def _tile_of(number: int, aka: bool) -> Tile:
    return Tile.of(number // 4, red=aka and number in RED_COPIES)


def _pon_part(kind: str, tiles: tuple[int, ...], called: int | None) -> tuple[int, ...]:
    """An added kan is encoded from its pon's three tiles and the added one."""
    return tuple(n for n in tiles if n != called) if kind == "kakan" else tiles


def _six(n: int, aka: bool = True) -> str:
    return str(number_of(_tile_of(n, aka)))


class _HandWriter:
    def __init__(self, script: HandScript, aka: bool) -> None:
        self.script = script
        self.aka = aka
        self.copies = _Copies(aka)
        self.held: list[list[int]] = [[] for _ in range(4)]
        self.xml: list[str] = []
        self.takes: list[list[Any]] = [[] for _ in range(4)]
        self.discards: list[list[Any]] = [[] for _ in range(4)]
        self.dora: list[int] = []
        self.ura: list[int] = []
        self.pons: dict[tuple[int, int], str] = {}
        self.melds: list[list[tuple[str, tuple[int, ...], int | None, int]]] = [[] for _ in range(4)]
        self.draws = 0
        self.dealer = script.round_index % 4
        self.turn = self.dealer
        self.last: tuple[str, int, int] = ("start", self.dealer, -1)
        self.sticks = script.sticks
        self.pending_riichi: int | None = None

    def _settle(self) -> None:
        if self.pending_riichi is not None:
            self.sticks += 1
            self.xml.append(f'<REACH who="{self.pending_riichi}" ten="250,250,250,250" step="2"/>')
            self.pending_riichi = None

    def _six(self, n: int) -> str:
        return _six(n, self.aka)

    def number(self, seat: int, tile: Tile) -> int:
        for n in self.held[seat]:
            if _tile_of(n, self.aka) == tile:
                return n
        raise AssertionError(f"seat {seat} holds no {tile}")

    def write(self) -> None:
        s = self.script
        # Scripted tiles take their copies first, so filler never uses them up.
        hands = [[self.copies.take(t) for t in _tiles(text)] for text in s.deal]
        self.dora = [self.copies.take(Tile(s.dora))]
        scripted = {}
        for position, move in enumerate(s.moves):
            if move[0] == "draw":
                scripted[position] = self.copies.take(Tile(move[2]))
            elif move[0] == "dora":
                scripted[position] = self.copies.take(Tile(move[1]))
        self.ura = [self.copies.take(t) for t in _tiles(s.ura)]
        self.held = [list(h) for h in hands]
        seed = f"{s.round_index},{s.honba},{s.sticks},0,0,{self.dora[0]}"
        hai = " ".join(f'hai{i}="{",".join(map(str, hands[i]))}"' for i in range(4))
        self.xml.append(f'<INIT seed="{seed}" ten="250,250,250,250" oya="{self.dealer}" {hai}/>')
        for position, move in enumerate(s.moves):
            getattr(self, "_" + move[0])(*move[1:], number=scripted.get(position))
        self._result()

    # moves
    def _draw(self, seat: int, tile: str, number: int | None = None) -> None:
        self._settle()
        assert number is not None and seat == self.turn, f"seat {seat} draws out of turn ({self.turn} is due)"
        self.draws += 1
        self.held[seat].append(number)
        self.xml.append(f"<{'TUVW'[seat]}{number}/>")
        self.takes[seat].append(int(self._six(number)))
        self.last = ("draw", seat, number)

    def _discard(self, seat: int, tile: str, number: int | None = None, riichi: bool = False) -> None:
        n = self.number(seat, Tile(tile))
        if riichi:
            self.xml.append(f'<REACH who="{seat}" step="1"/>')
        self.held[seat].remove(n)
        self.xml.append(f"<{'DEFG'[seat]}{n}/>")
        value = "60" if self.last == ("draw", seat, n) else self._six(n)
        self.discards[seat].append("r" + value if riichi else int(value))
        if riichi:
            self.pending_riichi = seat  # the stick goes down only if nobody rons this tile
        self.last = ("discard", seat, n)
        self.turn = (seat + 1) % 4

    def _riichi(self, seat: int, tile: str, number: int | None = None) -> None:
        self._discard(seat, tile, riichi=True)

    def _call(self, kind: str, seat: int, tiles: str, called: str) -> None:
        self._settle()
        what, source, n = self.last
        assert what == "discard" and _tile_of(n, self.aka) == Tile(called)
        own_tiles = _tiles(tiles)
        own_tiles.remove(Tile(called))
        own = []
        for t in own_tiles:
            own.append(self.number(seat, t))
            self.held[seat].remove(own[-1])
        relative = (source - seat) % 4
        numbers = tuple(sorted((*own, n)))
        self.xml.append(f'<N who="{seat}" m="{encode_meld(kind, numbers, n, relative)}"/>')
        self.melds[seat].append((kind, numbers, n, relative))
        letter = {"chi": "c", "pon": "p", "minkan": "m"}[kind]
        mine = "".join(self._six(o) for o in own)
        marked = letter + self._six(n)
        at = {3: 0, 2: 2, 1: len(mine)}[relative]  # previous player first, opposite after one tile, next last
        text = mine[:at] + marked + mine[at:]
        self.takes[seat].append(text)
        if kind == "minkan":
            self.discards[seat].append(0)
        if kind == "pon":
            self.pons[(seat, numbers[0] // 4)] = text
        self.turn = seat
        self.last = ("call", seat, n)

    def _chi(self, seat: int, tiles: str, called: str, number: int | None = None) -> None:
        self._call("chi", seat, tiles, called)

    def _pon(self, seat: int, tiles: str, called: str, number: int | None = None) -> None:
        self._call("pon", seat, tiles, called)

    def _minkan(self, seat: int, tiles: str, called: str, number: int | None = None) -> None:
        self._call("minkan", seat, tiles, called)

    def _ankan(self, seat: int, tiles: str, number: int | None = None) -> None:
        self._settle()
        numbers = []
        for t in _tiles(tiles):
            numbers.append(self.number(seat, t))
            self.held[seat].remove(numbers[-1])
        numbers.sort()
        self.xml.append(f'<N who="{seat}" m="{encode_meld("ankan", tuple(numbers), None, 0)}"/>')
        self.melds[seat].append(("ankan", tuple(numbers), None, 0))
        self.discards[seat].append("".join(self._six(n) for n in numbers[:3]) + "a" + self._six(numbers[3]))
        self.last = ("ankan", seat, numbers[0])

    def _kakan(self, seat: int, tile: str, number: int | None = None) -> None:
        self._settle()
        n = self.number(seat, Tile(tile))
        self.held[seat].remove(n)
        position = next(i for i, m in enumerate(self.melds[seat]) if m[0] == "pon" and m[1][0] // 4 == n // 4)
        _, pon_numbers, called, relative = self.melds[seat][position]
        self.xml.append(f'<N who="{seat}" m="{encode_meld("kakan", pon_numbers, n, relative)}"/>')
        self.melds[seat][position] = ("kakan", tuple(sorted((*pon_numbers, n))), n, relative)
        pon_text = self.pons[(seat, n // 4)]
        self.discards[seat].append(pon_text.replace("p", "k" + self._six(n)))
        self.last = ("kakan", seat, n)

    def _dora(self, tile: str, number: int | None = None) -> None:
        assert number is not None
        self.dora.append(number)
        self.xml.append(f'<DORA hai="{number}"/>')

    def _filler_to(self, draws: int, number: int | None = None) -> None:
        while self.draws < draws:
            seat = self.turn
            n = self.copies.any()
            self._draw(seat, str(_tile_of(n, self.aka)), number=n)
            self._discard(seat, str(_tile_of(n, self.aka)))

    # the end of the hand
    def _result(self) -> None:
        s = self.script
        if not s.wins:
            self.xml.append(f'<RYUUKYOKU ba="{s.honba},{self.sticks}" sc="250,0,250,0,250,0,250,0"/>')
            self.result: list[Any] = [s.draw_name, [0, 0, 0, 0]]
            return
        self.result = ["和了"]
        sticks, honba = self.sticks, s.honba
        for spec in s.wins:
            self.result += [
                self._deltas(spec, sticks, honba),
                [spec.who, spec.from_who, spec.who if spec.pao is None else spec.pao, spec.text],
            ]
            self.result[-1] += [f"{name}({han}飜)" if han < 13 else f"{name}(役満)" for name, han in spec.yaku]
            self.xml.append(self._agari(spec, sticks))
            sticks = honba = 0  # a double ron: only the winner nearest the discarder gets them

    def _deltas(self, spec: WinSpec, sticks: int, honba: int) -> list[int]:
        deltas = [0, 0, 0, 0]
        match = re.search(r"(\d+)(?:-(\d+))?点(∀?)$", spec.text)
        assert match
        a, b, everyone = int(match[1]), match[2], match[3]
        if spec.who != spec.from_who:
            deltas[spec.from_who] -= a + 300 * honba
            deltas[spec.who] += a + 300 * honba + 1000 * sticks
            return deltas
        for seat in range(4):
            if seat != spec.who:
                pay = a if everyone or seat != self.dealer else int(b or 0)
                deltas[seat] -= pay + 100 * honba
                deltas[spec.who] += pay + 100 * honba
        deltas[spec.who] += 1000 * sticks
        return deltas

    def _agari(self, spec: WinSpec, sticks: int) -> str:
        what, seat, n = self.last
        concealed = list(self.held[spec.who])
        if spec.who != spec.from_who:
            concealed.append(n)
        match = re.search(r"(\d+)(?:-(\d+))?点(∀?)$", spec.text)
        assert match
        a, b, everyone = int(match[1]), match[2], match[3]
        points = a if spec.who != spec.from_who else 3 * a if everyone else 2 * a + int(b or 0)
        ordinary = [(_yaku_number(name), han) for name, han in spec.yaku if han < 13]
        yakuman = [_yaku_number(name) for name, han in spec.yaku if han >= 13]
        attrs = {
            "ba": f"{self.script.honba},{sticks}",
            "hai": ",".join(map(str, sorted(concealed))),
            "m": ",".join(str(encode_meld(k, _pon_part(k, t, c), c, r)) for k, t, c, r in self.melds[spec.who]),
            "machi": str(n),
            "ten": f"{spec.fu},{points},{spec.limit}",
            "yaku": ",".join(f"{num},{han}" for num, han in ordinary),
            "yakuman": ",".join(map(str, yakuman)),
            "doraHai": ",".join(map(str, self.dora)),
            "doraHaiUra": ",".join(map(str, self.ura))
            if spec.yaku and any(n in ("立直", "両立直") for n, _ in spec.yaku)
            else "",
            "who": str(spec.who),
            "fromWho": str(spec.from_who),
            "sc": "250,0,250,0,250,0,250,0",
            "paoWho": "" if spec.pao is None else str(spec.pao),
        }
        text = " ".join(
            f'{k}="{v}"' for k, v in attrs.items() if v or k in ("ba", "hai", "machi", "ten", "who", "fromWho")
        )
        return f"<AGARI {text} />"

    def tenhou6(self) -> list[Any]:
        s = self.script
        kyoku: list[Any] = [[s.round_index, s.honba, s.sticks], [25000] * 4]
        kyoku.append([int(self._six(n)) for n in self.dora])
        riichi_win = any(any(n in ("立直", "両立直") for n, _ in w.yaku) for w in s.wins)
        kyoku.append([int(self._six(n)) for n in self.ura] if riichi_win else [])
        for seat in range(4):
            start = self.script.deal[seat]
            kyoku.append([number_of(t) for t in _tiles(start)])
            kyoku += [self.takes[seat], self.discards[seat]]
        kyoku.append(self.result)
        return kyoku


def write_game(scripts: list[HandScript], aka: bool = True, kuitan: bool = True) -> tuple[str, str]:
    """(mjlog XML, tenhou.net/6 JSON) of one game."""
    go_type = 0x01 | 0x08 | (0 if aka else 0x02) | (0 if kuitan else 0x04)
    names = " ".join(f'n{i}="{quote(name)}"' for i, name in enumerate(NAMES))
    xml = [
        '<mjloggm ver="2.3">',
        '<SHUFFLE seed="team-written" ref=""/>',
        f'<GO type="{go_type}" lobby="0"/>',
        f'<UN {names} dan="9,9,9,9" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>',
        '<TAIKYOKU oya="0"/>',
    ]
    log = []
    for script in scripts:
        writer = _HandWriter(script, aka)
        writer.write()
        xml += writer.xml
        log.append(writer.tenhou6())
    xml.append("</mjloggm>")
    disp = "般南" + ("喰" if kuitan else "") + ("赤" if aka else "")
    document = {
        "title": ["Riichi Tutor test game", ""],
        "name": list(NAMES),
        "rule": {"disp": disp, "aka": int(aka)},
        "log": log,
    }
    rows = ",\n".join(json.dumps(kyoku, ensure_ascii=False) for kyoku in document["log"])
    head = json.dumps({k: v for k, v in document.items() if k != "log"}, ensure_ascii=False)[:-1]
    return "\n".join(xml) + "\n", f'{head}, "log": [\n{rows}\n]}}\n'


def main() -> None:
    from .scripts import GAME, PLAIN_GAME

    FIXTURES.mkdir(exist_ok=True)
    for name, scripts, aka, kuitan in (("game", GAME, True, True), ("plain_table", PLAIN_GAME, False, False)):
        xml, six = write_game(scripts, aka=aka, kuitan=kuitan)
        (FIXTURES / f"{name}.mjlog").write_text(xml, encoding="utf-8")
        (FIXTURES / f"{name}.json").write_text(six, encoding="utf-8")


if __name__ == "__main__":
    main()
