"""The hands of our test games, move by move, with the results Tenhou would print for them.

Each result (han, fu, yaku, points text) was worked out by hand from the rules in RULES.md,
not by our engine; the reasoning is in the comment above each win.
"""

from __future__ import annotations

from .generator import HandScript, WinSpec

# East 1: the dealer (seat 0) declares riichi on the first discard (double riichi, nobody has
# called) and draws 6p before anyone calls or their next discard: ippatsu. 23499m 40p 345789s
# waits on 3p/6p (two-sided, 9m pair, all sequences: pinfu).
# Double riichi 2 + ippatsu 1 + menzen tsumo 1 + pinfu 1 + red 5p 1 = 6 han: haneman; pinfu tsumo
# is 20 fu. A dealer's haneman by tsumo is 6000 from each player: 18000.
EAST_1 = HandScript(
    round_index=0,
    honba=0,
    sticks=0,
    dora="1z",
    ura="2z",
    deal=("2349m40p345789s7z", "147m258p369s1234z", "258m147p147s5566z", "369m369p258s1234z"),
    moves=[
        ("draw", 0, "9m"),
        ("riichi", 0, "7z"),
        ("draw", 1, "1m"),
        ("discard", 1, "1m"),
        ("draw", 2, "9p"),
        ("discard", 2, "9p"),
        ("draw", 3, "8p"),
        ("discard", 3, "8p"),
        ("draw", 0, "6p"),
    ],
    wins=[
        WinSpec(
            0,
            0,
            "跳満6000点∀",
            fu=20,
            limit=2,
            yaku=[("門前清自摸和", 1), ("両立直", 2), ("一発", 1), ("平和", 1), ("赤ドラ", 1), ("裏ドラ", 0)],
        )
    ],
)

# East 1, 1 honba: seat 1 chis 3s (with 4s and the red 5s) from seat 0, pons chun from seat 3,
# adds the fourth chun (added kan) and wins on the replacement tile 5p (tanki).
# Chun 1 + rinshan 1 + red 5s 1 = 3 han. Fu: 20 + open kan of an honour 16 + tanki 2 + tsumo 2 = 40.
# 3 han 40 fu, non-dealer tsumo: base 1280, the dealer pays 2600, the others 1300 each: 5200.
EAST_1_HONBA_1 = HandScript(
    round_index=0,
    honba=1,
    sticks=0,
    dora="1z",
    deal=("125m1369p3s12346z", "6789m12345p40s77z", "349m4678p1589s56z", "1567m2789p2678s7z"),
    moves=[
        ("draw", 0, "4z"),
        ("discard", 0, "3s"),
        ("chi", 1, "340s", "3s"),
        ("discard", 1, "9m"),
        ("draw", 2, "9p"),
        ("discard", 2, "9p"),
        ("draw", 3, "9s"),
        ("discard", 3, "7z"),
        ("pon", 1, "777z", "7z"),
        ("discard", 1, "1p"),
        ("draw", 2, "1m"),
        ("discard", 2, "1m"),
        ("draw", 3, "2m"),
        ("discard", 3, "2m"),
        ("draw", 0, "3m"),
        ("discard", 0, "3m"),
        ("draw", 1, "7z"),
        ("kakan", 1, "7z"),
        ("draw", 1, "5p"),
    ],
    wins=[WinSpec(1, 1, "40符3飜1300-2600点", fu=40, limit=0, yaku=[("嶺上開花", 1), ("役牌 中", 1), ("赤ドラ", 1)])],
)

# East 2: seat 2 declares riichi, nobody wins, the wall runs out (70 draws): an exhaustive draw.
# The riichi stick stays on the table and the dealer (seat 1) stays: 1 honba next.
EAST_2_DRAW = HandScript(
    round_index=1,
    honba=0,
    sticks=0,
    dora="9m",
    deal=("1234m1234p1234s1z", "5678m5678p5678s2z", "129m129p129s3334z", "346m346p34s55667z"),
    moves=[
        ("draw", 1, "7z"),
        ("discard", 1, "7z"),
        ("draw", 2, "6s"),
        ("riichi", 2, "6s"),
        ("filler_to", 70),
    ],
)

# East 2, 1 honba, 1 stick carried: the dealer (seat 1) draws the fourth 1s and declares a
# closed kan (kan dora 9p flipped at once), then riichi (not double: the kan came first). The 70th
# and last draw of the wall is his 5p: haitei. 234567m 33p 46p + 5p (closed wait), kan 1111s.
# Riichi 1 + menzen tsumo 1 + haitei 1 = 3 han (dora 8m and 1p, ura 2z and 1z: none held).
# Fu: 20 + closed kan of terminals 32 + closed wait 2 + tsumo 2 = 56, rounded to 60.
# 3 han 60 fu, dealer tsumo: base 1920, each player pays 3900: 11700.
EAST_2_HONBA_1 = HandScript(
    round_index=1,
    honba=1,
    sticks=1,
    dora="7m",
    ura="1z4z",
    deal=("119m119p2289s556z", "234567m3346p111s", "888m777p77s14666z", "599m88p4799s2233z"),
    moves=[
        ("draw", 1, "1s"),
        ("ankan", 1, "1111s"),
        ("dora", "9p"),
        ("draw", 1, "7z"),
        ("riichi", 1, "7z"),
        ("filler_to", 69),
        ("draw", 1, "5p"),
    ],
    wins=[
        WinSpec(
            1,
            1,
            "60符3飜3900点∀",
            fu=60,
            limit=0,
            yaku=[("門前清自摸和", 1), ("立直", 1), ("海底摸月", 1), ("裏ドラ", 0)],
        )
    ],
)

# East 2, 2 honba: seat 0 pons haku from the dealer, seat 2 declares riichi (after a call: not
# double). The dealer draws the 70th tile and throws 6p: seats 2 and 0 both ron it (houtei).
# Seat 2: 123456m 78p 234s 99s + 6p, riichi 1 + houtei 1 + pinfu 1 = 3 han 30 fu: 3900.
# Seat 0: pon haku, 234m 40p 22789s + 6p, haku 1 + houtei 1 + red 5p 1 = 3 han;
# fu 20 + open honour pon 4 = 24, rounded to 30: 3900. Seat 2 comes first after the
# discarder, so it is listed first and takes the riichi stick.
EAST_2_HONBA_2 = HandScript(
    round_index=1,
    honba=2,
    sticks=0,
    dora="9p",
    ura="3z",
    deal=("234m40p22789s155z", "189m189p18s34567z", "123456m78p23499s", "567m123p5667s222z"),
    moves=[
        ("draw", 1, "7z"),
        ("discard", 1, "5z"),
        ("pon", 0, "555z", "5z"),
        ("discard", 0, "1z"),
        ("draw", 1, "6z"),
        ("discard", 1, "6z"),
        ("draw", 2, "1z"),
        ("riichi", 2, "1z"),
        ("filler_to", 69),
        ("draw", 1, "6p"),
        ("discard", 1, "6p"),
    ],
    wins=[
        WinSpec(2, 1, "30符3飜3900点", fu=30, limit=0, yaku=[("立直", 1), ("河底撈魚", 1), ("平和", 1), ("裏ドラ", 0)]),
        WinSpec(0, 1, "30符3飜3900点", fu=30, limit=0, yaku=[("河底撈魚", 1), ("役牌 白", 1), ("赤ドラ", 1)]),
    ],
)

# East 3: seat 0 calls a kan of the dealer's 8p (kan dora 7p flipped after his discard); seat 2
# pons 3m from seat 1 and later adds the fourth 3m; seat 0 robs it (chankan) for 12m + 3m.
# Chankan 1 + dora 4 (the kan dora 7p makes his four 8p dora) = 5 han: mangan, 8000.
# Fu (as Tenhou records it): 20 + open kan of simples 8 + edge wait 2 + round-wind (East) pair 2 = 32 -> 40.
EAST_3 = HandScript(
    round_index=2,
    honba=0,
    sticks=0,
    dora="7m",
    deal=("888p12m456789s11z", "1359m246p1357s23z", "3367m189p29s4567z", "2448m2356p268s12z"),
    moves=[
        ("draw", 2, "1s"),
        ("discard", 2, "8p"),
        ("minkan", 0, "8888p", "8p"),
        ("draw", 0, "9m"),
        ("discard", 0, "9m"),
        ("dora", "7p"),
        ("draw", 1, "4p"),
        ("discard", 1, "3m"),
        ("pon", 2, "333m", "3m"),
        ("discard", 2, "1p"),
        ("draw", 3, "3p"),
        ("discard", 3, "3p"),
        ("draw", 0, "9p"),
        ("discard", 0, "9p"),
        ("draw", 1, "5p"),
        ("discard", 1, "5p"),
        ("draw", 2, "3m"),
        ("kakan", 2, "3m"),
    ],
    wins=[WinSpec(0, 2, "満貫8000点", fu=40, limit=1, yaku=[("槍槓", 1), ("ドラ", 4)])],
)

# East 4: the dealer (seat 3) wins on his very first draw: tenhou, a yakuman. The dealer's yakuman by
# tsumo is 16000 from each player: 48000. (Fu as written in the mjlog: 20 + tsumo 2 + haku pair 2 -> 30.)
EAST_4 = HandScript(
    round_index=3,
    honba=0,
    sticks=0,
    dora="9s",
    deal=("1199m1199p1199s1z", "2288m2288p2288s2z", "3377m3377p3377s3z", "123m456p234789s5z"),
    moves=[("draw", 3, "5z")],
    wins=[WinSpec(3, 3, "役満16000点∀", fu=30, limit=5, yaku=[("天和", 13)])],
)

# East 4, 1 honba: the dealer draws and discards, then seat 0 wins on his first draw with no call
# before it: chiihou. A non-dealer's yakuman by tsumo: 8000 from each non-dealer, 16000 from the dealer: 32000.
EAST_4_HONBA_1 = HandScript(
    round_index=3,
    honba=1,
    sticks=0,
    dora="9s",
    deal=("123m456p234789s5z", "2288m2288p2288s2z", "3377m3377p3377s3z", "1199m1199p1199s1z"),
    moves=[("draw", 3, "4z"), ("discard", 3, "4z"), ("draw", 0, "5z")],
    wins=[WinSpec(0, 0, "役満8000-16000点", fu=30, limit=5, yaku=[("地和", 13)])],
)

GAME = [EAST_1, EAST_1_HONBA_1, EAST_2_DRAW, EAST_2_HONBA_1, EAST_2_HONBA_2, EAST_3, EAST_4, EAST_4_HONBA_1]

# The second hand again at a table without red fives or open tanyao: the 5s is an ordinary five.
# Chun 1 + rinshan 1 = 2 han 40 fu, non-dealer tsumo: base 640, the dealer pays 1300, the others 700: 2700.
PLAIN_TABLE = HandScript(
    round_index=0,
    honba=0,
    sticks=0,
    dora="1z",
    deal=("125m1369p3s12346z", "6789m12345p45s77z", "349m4678p1589s56z", "1567m2789p2678s7z"),
    moves=[(m[0], m[1], m[2].replace("0s", "5s"), *m[3:]) if m[0] == "chi" else m for m in EAST_1_HONBA_1.moves],
    wins=[WinSpec(1, 1, "40符2飜700-1300点", fu=40, limit=0, yaku=[("嶺上開花", 1), ("役牌 中", 1)])],
)
PLAIN_GAME = [PLAIN_TABLE]

# East 1: seat 1 declares riichi with 5s and seat 2 rons it at once. A riichi whose declaration tile
# deals in is not made: no stick goes on the table. Seat 2: 234567m 345p 678s + 5s (single wait),
# tanyao 1 han; fu 20 + closed ron 10 + single wait 2 = 32 -> 40. 1 han 40 fu, non-dealer ron: 1300.
RIICHI_DEALT_IN = HandScript(
    round_index=0,
    honba=0,
    sticks=0,
    dora="1z",
    deal=("1119m1119p1119s1z", "8889m8889p588s67z", "234567m345p5678s", "444m444p444s3334z"),
    moves=[("draw", 0, "2z"), ("discard", 0, "2z"), ("draw", 1, "7z"), ("riichi", 1, "5s")],
    wins=[WinSpec(2, 1, "40符1飜1300点", fu=40, limit=0, yaku=[("断幺九", 1)])],
)

# South 1: seat 1 pons haku from seat 0, hatsu from seat 2 and chun from seat 3, whose discard
# completes the third dragon set: seat 3 is responsible (pao). Seat 1 draws 9p: daisangen by tsumo.
# A non-dealer's yakuman: 32000 (Tenhou has seat 3 pay it all). Fu as written in the mjlog:
# 20 + three open honour pons 12 + single wait 2 + tsumo 2 = 36 -> 40.
DAISANGEN_PAO = HandScript(
    round_index=4,
    honba=0,
    sticks=0,
    dora="9m",
    deal=("2468m2468p2468s5z", "1234m19p1s556677z", "3579m3579p3579s6z", "89m8p89s11223347z"),
    moves=[
        ("draw", 0, "1z"),
        ("discard", 0, "5z"),
        ("pon", 1, "555z", "5z"),
        ("discard", 1, "1m"),
        ("draw", 2, "2z"),
        ("discard", 2, "6z"),
        ("pon", 1, "666z", "6z"),
        ("discard", 1, "1p"),
        ("draw", 2, "3z"),
        ("discard", 2, "3z"),
        ("draw", 3, "4z"),
        ("discard", 3, "7z"),
        ("pon", 1, "777z", "7z"),
        ("discard", 1, "1s"),
        ("draw", 2, "9s"),
        ("discard", 2, "9s"),
        ("draw", 3, "1p"),
        ("discard", 3, "1p"),
        ("draw", 0, "2z"),
        ("discard", 0, "2z"),
        ("draw", 1, "9p"),
    ],
    wins=[WinSpec(1, 1, "役満8000-16000点", fu=40, limit=5, yaku=[("大三元", 13)], pao=3)],
)
