"""`tutor score` with pao: JSON in and out, the options and the help."""

from __future__ import annotations

import json

from tests.test_cli import tutor

DRAGON_PONS = [{"kind": "pon", "tiles": tiles} for tiles in ("555z", "666z", "777z")]


def test_score_json_with_pao_lists_the_payments() -> None:
    request = {"hand": "11122z", "win": "2z", "tsumo": True, "melds": DRAGON_PONS, "pao": "N"}
    done = tutor("score", "--json", stdin=json.dumps(request))
    assert done.returncode == 0, done.stderr
    response = json.loads(done.stdout)
    assert {row["seat"]: row["pays"] for row in response["payments"]} == {"S": 0, "W": 0, "N": 96000}


def test_score_options_pao_and_discarder_print_who_pays() -> None:
    melds = [arg for tiles in ("555z", "666z", "777z") for arg in ("--meld", f"pon:{tiles}")]
    done = tutor(
        "score",
        "--hand",
        "234m11p",
        "--win",
        "4m",
        "--seat",
        "S",
        *melds,
        "--pao",
        "N",
        "--discarder",
        "W",
        "--honba",
        "1",
    )
    assert done.returncode == 0, done.stderr
    assert "West dealt in and pays 16,000." in done.stdout
    assert "North, the responsible player, pays 16,300: 16,000 for the hand and 300 for the honba." in done.stdout


def test_score_refuses_pao_on_a_hand_without_a_pao_yakuman() -> None:
    done = tutor("score", "--hand", "123m456m789p345s55s", "--win", "5s", "--riichi", "--pao", "W", "--discarder", "N")
    assert done.returncode == 2
    assert "pao applies only to daisangen and daisuushii" in done.stderr


def test_score_help_documents_pao() -> None:
    done = tutor("score", "--help")
    assert done.returncode == 0
    assert '"pao" is the seat wind' in " ".join(done.stdout.split()) and "--discarder" in done.stdout
