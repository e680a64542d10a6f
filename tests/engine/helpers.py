"""Small helpers for engine tests: score a request and look at the parts of the answer."""

from __future__ import annotations

from typing import Any

from tutor.engine.api import score_request


def scored(hand: str, win: str, **fields: Any) -> dict[str, Any]:
    """The contract response for a request; fails the test on an error response."""
    response = score_request({"hand": hand, "win": win, **fields})
    assert "error" not in response, response["error"]
    return response


def refused(hand: str, win: str, **fields: Any) -> str:
    """The error code for a request the engine must refuse."""
    response = score_request({"hand": hand, "win": win, **fields})
    assert "error" in response, f"expected an error, got {response.get('yaku')}"
    return response["error"]["code"]


def yaku_ids(response: dict[str, Any]) -> set[str]:
    return {y["id"] for y in response["yaku"]}


def yaku_han(response: dict[str, Any]) -> dict[str, int]:
    return {y["id"]: y["han"] for y in response["yaku"]}


def meld(kind: str, tiles: str) -> dict[str, str]:
    return {"kind": kind, "tiles": tiles}


def chi(tiles: str) -> dict[str, str]:
    return meld("chi", tiles)


def pon(tiles: str) -> dict[str, str]:
    return meld("pon", tiles)


def minkan(tiles: str) -> dict[str, str]:
    return meld("minkan", tiles)


def ankan(tiles: str) -> dict[str, str]:
    return meld("ankan", tiles)
