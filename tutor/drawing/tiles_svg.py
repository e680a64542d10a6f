"""Every riichi mahjong tile drawn as SVG by this module's own code.

Tiles are named by MPSZ codes: ``1m``-``9m`` characters, ``1p``-``9p`` circles,
``1s``-``9s`` bamboo, ``1z``-``7z`` honours (East, South, West, North, White,
Green, Red), ``0m``/``0p``/``0s`` the red fives and ``back`` a face-down tile.

How a tile is drawn, top to bottom in this file:

* Every tile shares one body: a darker rounded rectangle peeking out below and
  to the right (the tile's thickness) under an ivory face with a thin border.
  The viewBox is ``0 0 60 80`` with no width or height, so CSS sizes the tile.
* A heavy Arabic digit (or E/S/W/N/G/R for honours) sits in the top-left corner:
  bold Latin ``<text>`` thickened by an outline in its own colour, over a halo in
  the face colour. It is what makes a tile readable at 24 px.
* Chinese characters (numerals, 萬, winds, dragons) need no font at all: each is
  one ``<path>`` of pen strokes from :data:`KANJI`, designed here in a 100-unit
  box and drawn with round caps and joins, so every reader sees the same glyph.
* Circles and bamboo are plain shapes: a pip is a coloured ring around a dot, a
  stick is a thick round-capped line with a pale core and a bulging node.
  Shapes of one colour share a ``<g>`` so each one costs only its coordinates.
  Layouts are written in whole-face coordinates and then shrunk toward the
  bottom (:data:`ART_TRANSFORM`) so they clear the corner index.
* Red fives are the fives with every pip, stick or numeral in :data:`AKA`, a
  red used nowhere else, so they stand out at a glance (and tests can tell).

Each tile is well under 2.5 KB; :func:`sprite_svg` puts all 38 in one document
as ``<symbol id="tile-5m">`` elements for pages that ``<use>`` them.

>>> tile_name("0p")
'red 5 of circles'
>>> tile_svg("7z").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

from functools import cache

VIEWBOX = "0 0 60 80"
SIDEWAYS_VIEWBOX = "0 0 80 60"
# A called tile lies turned a quarter left (its top toward the player it came from, as at the table): the
# face's artwork turns with it, the body is drawn wide so its thickness still shows below and to the right.
SIDEWAYS_TURN = "translate(0 58) rotate(-90)"

# Palette. AKA is kept for red fives alone; RED is the ordinary red of 萬, 中 and some pips.
FACE = "#fcf8ec"
EDGE = "#c7bc9c"
BORDER = "#8f8670"
INK = "#1b2a4a"
RED = "#c4302b"
GREEN = "#1b7a45"
BLUE = "#1f4e9c"
AKA = "#e8101c"
BACK = "#2f7f62"
BACK_BORDER = "#1f5a45"
BACK_LIGHT = "#5fae8f"

LATIN_FONT = "Arial,Helvetica,'DejaVu Sans',sans-serif"

# The corner index: 27 units puts a 6 px digit on a 24 px tile; CORNER_INK thickens its strokes beyond bold.
CORNER_SIZE = 27
CORNER_INK = 1.4
# Pips, sticks and the bird shrink to 80% toward the bottom centre of the face, leaving the corner free.
ART_TRANSFORM = "translate(5.8 14.6) scale(.8)"
# Where the characters go (x, y, width, height): the numeral right of the index above a wide 萬; honours below it.
NUMERAL_BOX = (23, 6, 28, 28)
WAN_BOX = (9, 38.5, 40, 34)
HONOUR_BOX = (6, 25, 46, 46)

SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
NUMERALS = "一二三四五六七八九"

# Every Chinese character a tile shows, drawn by us as pen strokes in a 100 x 100 box (y down): SVG path data,
# straight runs (H, V, L) and quadratic curves (Q), whole numbers only. The strokes are drawn with round caps and
# joins, so each is a line, never an outline, and one path per character is all a tile needs.
KANJI: dict[str, str] = {
    "一": "M12 52Q52 44 94 50",
    "二": "M22 30L78 28M8 74Q50 68 92 72",
    "三": "M20 18L80 16M28 50L72 48M8 84Q50 78 92 82",
    "四": "M12 16V88M12 16H88V88M12 84H88M40 16Q42 50 26 62M60 16V54Q60 62 68 62H86",
    "五": "M14 14H86M44 14L38 84M24 46H70L66 84M6 86H94",
    "六": "M50 6L58 20M10 36H90M36 54Q30 72 14 88M62 54Q74 70 86 86",
    "七": "M8 46L92 36M38 8V76Q38 88 50 88H82Q88 88 90 76",
    "八": "M40 18Q38 62 10 86M58 16Q62 62 92 84",
    "九": "M44 8Q46 64 10 90M14 36H64Q62 78 70 86Q74 90 84 88Q90 86 90 74",
    # 艹 over 田 over 禸 (ム inside 冂), the middle stroke of 田 running on down into ム.
    "萬": "M6 16H94M32 4V28M68 4V28M22 34V58M22 34H78V58M22 46H78M22 58H78M50 34V66L34 86H66M58 74L68 86"
    "M14 96V64H86V92Q86 98 78 96",
    "東": "M12 22H88M50 4V96M24 34V66M24 34H76V66M24 50H76M24 66H76M46 68Q34 84 10 94M54 68Q68 84 92 92",
    "南": "M10 14H90M50 2V26M18 32V96M18 32H82V88Q82 96 72 94M36 42L42 52M64 42L58 52M30 60H70M26 76H74M50 60V94",
    "西": "M10 12H90M18 32V94M18 32H82V94M18 90H82M40 12V50Q38 66 22 72M60 12V60Q60 68 68 68H80",
    "北": "M38 6V94M10 40H38M10 78L38 64M86 26L62 42M62 6V82Q62 94 74 94H86Q92 94 92 82",
    # 癶 over 弓 (left) and 殳 (right).
    "發": "M8 10H28L12 26M24 22L31 29M44 4Q44 26 8 44M84 8L66 20M54 6Q62 34 94 44"
    "M10 52H38V63H14V76H40Q40 96 26 94M62 50V60Q60 70 50 74M62 50H78V62Q78 68 86 68H92M54 78H86Q76 92 52 98"
    "M62 84Q74 94 94 98",
    "中": "M14 30V72M14 30H86V72M14 70H86M50 4V96",
}

# Honour number -> (name, glyph, corner letter, colour). The white dragon has no glyph: it is a frame.
HONOURS: dict[int, tuple[str, str, str, str]] = {
    1: ("East wind", "東", "E", INK),
    2: ("South wind", "南", "S", INK),
    3: ("West wind", "西", "W", INK),
    4: ("North wind", "北", "N", INK),
    5: ("White dragon", "", "", BLUE),
    6: ("Green dragon", "發", "G", GREEN),
    7: ("Red dragon", "中", "R", RED),
}

TILE_CODES: tuple[str, ...] = (
    *(f"{n}{suit}" for suit in "mps" for n in range(1, 10)),
    *(f"{n}z" for n in range(1, 8)),
    "0m",
    "0p",
    "0s",
    "back",
)


# --- codes and names --------------------------------------------------------


def _parse(code: str) -> tuple[int, str]:
    """Split a code into (number, suit); red fives keep their 0, the back is (0, "back")."""
    if code == "back":
        return 0, "back"
    # Compare against ASCII digits: str.isdigit() would also accept full-width and other scripts' digits.
    if len(code) == 2 and code[0] in "0123456789" and code[1] in "mpsz":
        number, suit = int(code[0]), code[1]
        if suit != "z" or 1 <= number <= 7:
            return number, suit
    raise ValueError(f"unknown tile code {code!r}")


def tile_name(code: str) -> str:
    """The tile's accessible English name, e.g. ``"red 5 of circles"``; ValueError for an unknown code."""
    number, suit = _parse(code)
    if suit == "back":
        return "Face-down tile"
    if suit == "z":
        return HONOURS[number][0]
    if number == 0:
        return f"red 5 of {SUIT_NAMES[suit]}"
    return f"{number} of {SUIT_NAMES[suit]}"


def _n(value: float) -> str:
    """A number without trailing zeros, so the markup stays small."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# --- shared pieces ----------------------------------------------------------


def _body(face: str = FACE, border: str = BORDER, sideways: bool = False) -> str:
    """The tile body; the offset rectangle behind the face reads as thickness and shadow."""
    if sideways:
        return (
            f'<rect x="2.5" y="3.5" width="76" height="56.5" rx="7" fill="{EDGE}"/>'
            f'<rect x="1" y="1" width="74" height="56" rx="6.5" fill="{face}" stroke="{border}" stroke-width="1.2"/>'
        )
    return (
        f'<rect x="2.5" y="3.5" width="56.5" height="76" rx="7" fill="{EDGE}"/>'
        f'<rect x="1" y="1" width="56" height="74" rx="6.5" fill="{face}" stroke="{border}" stroke-width="1.2"/>'
    )


def _corner(label: str, colour: str) -> str:
    """The corner index, drawn twice: a wide face-coloured halo that parts it from the artwork, then the label
    outlined in its own colour, which makes bold Latin digits heavier so they survive a 24 px tile."""
    at = f'x="3.5" y="{_n(3 + CORNER_SIZE * 0.73)}"'  # cap height of Arial-like digits is ~0.73 em
    return (
        f'<g font-family="{LATIN_FONT}" font-size="{CORNER_SIZE}" font-weight="700" stroke-linejoin="round">'
        f'<text {at} fill="{FACE}" stroke="{FACE}" stroke-width="{_n(CORNER_INK + 3)}">{label}</text>'
        f'<text {at} fill="{colour}" stroke="{colour}" stroke-width="{_n(CORNER_INK)}">{label}</text></g>'
    )


def _kanji(glyph: str, box: tuple[float, float, float, float], weight: float, colour: str) -> str:
    """One character from :data:`KANJI`, its 100-unit box stretched onto ``box`` (x, y, width, height).

    ``weight`` is the stroke width in glyph units; a box wider than tall thins the horizontal strokes a little,
    as a brush does. The class names the code point (``kanji u842c`` is 萬) so tests and stylesheets can find a
    glyph although the document holds no CJK text.
    """
    x, y, width, height = box
    return (
        f'<path class="kanji u{ord(glyph):x}" d="{KANJI[glyph]}" transform="translate({_n(x)} {_n(y)}) '
        f'scale({_n(width / 100)}{"" if width == height else " " + _n(height / 100)})" fill="none" stroke="{colour}" stroke-width="{_n(weight)}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>'
    )


# --- characters (man) -------------------------------------------------------


def _characters(number: int, red: bool) -> str:
    """The numeral above a red 萬, as on real tiles; the numeral sits right of centre to clear the index."""
    numeral_colour = AKA if red else INK
    wan_colour = AKA if red else RED
    # Stroke widths in glyph units: bold numerals as on real tiles, a finer pen for the many strokes of 萬.
    numeral = _kanji(NUMERALS[number - 1], NUMERAL_BOX, 13, numeral_colour)
    return numeral + _kanji("萬", WAN_BOX, 8, wan_colour)


# --- circles (pin) ----------------------------------------------------------

Pip = tuple[float, float, float, str]  # x, y, radius, colour

# The traditional arrangements and colours, in whole-face coordinates (centre 29, 38).
PIN_LAYOUTS: dict[int, list[Pip]] = {
    2: [(29, 21, 11, GREEN), (29, 55, 11, BLUE)],
    3: [(15, 16, 9.5, BLUE), (29, 38, 9.5, RED), (43, 60, 9.5, GREEN)],
    4: [(17, 22, 10, BLUE), (41, 22, 10, GREEN), (17, 54, 10, GREEN), (41, 54, 10, BLUE)],
    5: [(16, 17, 9, BLUE), (42, 17, 9, GREEN), (29, 38, 9, RED), (16, 59, 9, GREEN), (42, 59, 9, BLUE)],
    6: [(18, 15, 8.5, GREEN), (40, 15, 8.5, GREEN), *((x, y, 8.5, RED) for y in (40, 61) for x in (18, 40))],
    7: [
        (14, 11, 7, GREEN),
        (29, 18, 7, GREEN),
        (44, 25, 7, GREEN),
        *((x, y, 8, RED) for y in (44, 63) for x in (18, 40)),
    ],
    8: [(x, y, 7.8, BLUE) for y in (12.5, 29, 45.5, 62) for x in (19, 39)],
    9: [(x, y, 7.6, colour) for y, colour in ((16, BLUE), (38, RED), (60, GREEN)) for x in (13, 29, 45)],
}


def _pips(pips: list[Pip]) -> str:
    """Ring-and-dot pips, grouped by colour and size so each circle carries only its centre and radius."""
    out = []
    for colour, radius in dict.fromkeys((c, r) for _, _, r, c in pips):
        centres = [(x, y) for x, y, r, c in pips if (c, r) == (colour, radius)]
        rings = "".join(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius * 0.8)}"/>' for x, y in centres)
        dots = "".join(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius * 0.38)}"/>' for x, y in centres)
        out.append(
            f'<g fill="none" stroke="{colour}" stroke-width="{_n(radius * 0.4)}">{rings}</g>'
            f'<g fill="{colour}">{dots}</g>'
        )
    return "".join(out)


def _one_pin() -> str:
    """The 1 of circles: one large medallion of rings, a petal ring and a red heart."""
    return (
        f'<circle cx="29" cy="38" r="22" fill="{GREEN}"/>'
        f'<circle cx="29" cy="38" r="18.5" fill="{FACE}"/>'
        f'<circle cx="29" cy="38" r="15" fill="none" stroke="{RED}" stroke-width="5" stroke-dasharray="3.3 2.6"/>'
        f'<circle cx="29" cy="38" r="10" fill="{BLUE}"/>'
        f'<circle cx="29" cy="38" r="5.5" fill="{FACE}"/>'
        f'<circle cx="29" cy="38" r="3" fill="{RED}"/>'
    )


def _circles(number: int, red: bool) -> str:
    if number == 1:
        return _one_pin()
    pips = PIN_LAYOUTS[number]
    if red:
        pips = [(x, y, r, AKA) for x, y, r, _ in pips]
    return _pips(pips)


# --- bamboo (sou) -----------------------------------------------------------

Stick = tuple[float, float, float, float, str]  # x1, y1, x2, y2 (centres of the round caps), colour

# Most layouts use two rows of sticks, y 11-33 and 43-65; 7 and 9 need three shorter rows.
SOU_LAYOUTS: dict[int, list[Stick]] = {
    2: [(29, 11, 29, 33, GREEN), (29, 43, 29, 65, BLUE)],
    3: [(29, 11, 29, 33, GREEN), (19, 43, 19, 65, BLUE), (39, 43, 39, 65, BLUE)],
    4: [(19, 11, 19, 33, BLUE), (39, 11, 39, 33, GREEN), (19, 43, 19, 65, GREEN), (39, 43, 39, 65, BLUE)],
    5: [
        (14, 11, 14, 33, GREEN),
        (44, 11, 44, 33, BLUE),
        (29, 27, 29, 49, RED),
        (14, 43, 14, 65, BLUE),
        (44, 43, 44, 65, GREEN),
    ],
    6: [*((x, 11, x, 33, GREEN) for x in (14, 29, 44)), *((x, 43, x, 65, BLUE) for x in (14, 29, 44))],
    7: [
        (29, 7, 29, 21, RED),
        *((x, 30, x, 44, GREEN) for x in (14, 29, 44)),
        *((x, 54, x, 68, BLUE) for x in (14, 29, 44)),
    ],
    # The M over W pattern: outer sticks upright, inner ones leaning together at the top, apart at the bottom.
    8: [
        (10, 11, 10, 33, GREEN),
        (24, 11, 17, 33, GREEN),
        (34, 11, 41, 33, GREEN),
        (48, 11, 48, 33, GREEN),
        (10, 43, 10, 65, BLUE),
        (17, 43, 24, 65, BLUE),
        (41, 43, 34, 65, BLUE),
        (48, 43, 48, 65, BLUE),
    ],
    9: [(x, y, x, y + 14, RED if x == 29 else GREEN) for y in (7, 31, 55) for x in (14, 29, 44)],
}


def _sticks(sticks: list[Stick]) -> str:
    """Bamboo sticks: a thick stem, a pale core so it reads as a tube, and a wider node halfway along."""
    out = []
    for colour in dict.fromkeys(c for *_, c in sticks):
        mine = [(x1, y1, x2, y2) for x1, y1, x2, y2, c in sticks if c == colour]
        stems = "".join(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}" for x1, y1, x2, y2 in mine)
        nodes = "".join(f"M{_n((x1 + x2) / 2 - 4)} {_n((y1 + y2) / 2)}h8" for x1, y1, x2, y2 in mine)
        out.append(
            f'<path d="{stems}" stroke="{colour}" stroke-width="6.5"/>'
            f'<path d="{stems}" stroke="{FACE}" stroke-width="1.3"/>'
            f'<path d="{nodes}" stroke="{colour}" stroke-width="2.6"/>'
        )
    return f'<g fill="none" stroke-linecap="round">{"".join(out)}</g>'


def _bird() -> str:
    """The 1 of bamboo: a stylised bird (tail fan, body, wing, head, beak, eye, crest), unlike any other tile."""
    return (
        f'<path d="M27 44 12 62M29 46 22 68M32 46 34 69" stroke="{RED}" stroke-width="4" stroke-linecap="round"/>'
        f'<path d="M24 45 9 51M35 45 44 64" stroke="{BLUE}" stroke-width="3.5" stroke-linecap="round"/>'
        f'<ellipse cx="31" cy="38" rx="12" ry="10" fill="{GREEN}"/>'
        f'<path d="M26 34q7-7 14 1q-6 6-14-1z" fill="{BLUE}"/>'
        f'<circle cx="39" cy="22" r="7" fill="{GREEN}"/>'
        f'<path d="M45 20l8 3-8 2z" fill="{RED}"/>'
        f'<circle cx="41" cy="21" r="1.6" fill="{FACE}"/>'
        f'<path d="M36 15q2-6 6-7" stroke="{RED}" stroke-width="2" fill="none" stroke-linecap="round"/>'
    )


def _bamboo(number: int, red: bool) -> str:
    if number == 1:
        return _bird()
    sticks = SOU_LAYOUTS[number]
    if red:
        sticks = [(x1, y1, x2, y2, AKA) for x1, y1, x2, y2, _ in sticks]
    return _sticks(sticks)


# --- honours ----------------------------------------------------------------


def _honour(number: int) -> str:
    """A wind or dragon: one large character under its corner letter; the white dragon is an empty blue frame."""
    _, glyph, letter, colour = HONOURS[number]
    if not glyph:
        return (
            f'<rect x="10" y="12" width="38" height="52" rx="4" fill="none" stroke="{colour}" stroke-width="3.5"/>'
            f'<rect x="15" y="17" width="28" height="42" rx="2" fill="none" stroke="{colour}" stroke-width="1.2"/>'
        )
    return _kanji(glyph, HONOUR_BOX, 9, colour) + _corner(letter, colour)


# --- whole tiles ------------------------------------------------------------


def _back() -> str:
    """The face-down tile's inset frame (its body is the same body in the back colour)."""
    return f'<rect x="6" y="6" width="46" height="64" rx="4" fill="none" stroke="{BACK_LIGHT}" stroke-width="1.5"/>'


@cache
def _inner(code: str, sideways: bool = False) -> str:
    """Everything inside the root element (or the symbol) for one tile, title first."""
    number, suit = _parse(code)
    title = f"<title>{tile_name(code)}</title>"
    if suit == "back":
        body, art = _body(BACK, BACK_BORDER, sideways), _back()
    elif suit == "z":
        body, art = _body(sideways=sideways), _honour(number)
    else:
        red = number == 0
        five = 5 if red else number
        if suit == "m":
            art = _characters(five, red)
        else:
            drawn = _circles(five, red) if suit == "p" else _bamboo(five, red)
            art = f'<g transform="{ART_TRANSFORM}">{drawn}</g>'
        body, art = _body(sideways=sideways), art + _corner(str(five), AKA if red else INK)
    if sideways:
        art = f'<g transform="{SIDEWAYS_TURN}">{art}</g>'
    return title + body + art


@cache
def tile_svg(code: str, sideways: bool = False) -> str:
    """A standalone SVG document for one tile, upright or (``sideways``) turned a quarter left as a called
    tile lies: 80 wide and 60 high, so an image of it is exactly an upright tile turned; ValueError for an
    unknown code."""
    box = SIDEWAYS_VIEWBOX if sideways else VIEWBOX
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" role="img">{_inner(code, sideways)}</svg>'


@cache
def sprite_svg() -> str:
    """Every tile as ``<symbol id="tile-<code>">`` in one document; hidden itself when inlined in a page."""
    symbols = "".join(f'<symbol id="tile-{code}" viewBox="{VIEWBOX}">{_inner(code)}</symbol>' for code in TILE_CODES)
    return f'<svg xmlns="http://www.w3.org/2000/svg" style="display:none">{symbols}</svg>'
