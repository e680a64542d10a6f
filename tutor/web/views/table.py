"""The game at the table (``/table``): keep a real game's score on a phone, hand by hand.

A thin caller of :mod:`tutor.table`: the form fields become hand records, :mod:`tutor.table.store` keeps them
(replaying every change first, so a refused hand changes nothing) and :func:`tutor.table.replay` says
everything the page shows. A game is its owner's (a guest included); anyone else gets 404, and the
read-only share link (``/table/s/<token>``) shows it without any form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from tutor.engine.hand import HandError
from tutor.engine.situation import FLAG_NAMES, STANDARD_FLAGS
from tutor.engine.standings import SEAT_NAMES
from tutor.messages.catalogues import N_, Problem, Sentence
from tutor.table import DoubleRon, Draw, Entered, HandRecord, Quick, Settings, Win, store
from tutor.table.export import export
from tutor.table.export import left_out as exported_left_out
from tutor.table.game import OWNED
from tutor.table.practice import practisable, to_practice
from tutor.table.records import ABORTIVE, FU, MAX_YAKUMAN
from tutor.web.db import get_db
from tutor.web.i18n import gettext, listed, say
from tutor.web.views.calculator import MELD_KINDS, MELD_SLOTS, request_from_form
from tutor.web.visitor import current_user, learner

bp = Blueprint("table", __name__, url_prefix="/table")

KINDS = ("ron", "tsumo", "double_ron", "draw", "abortive")
TABLE_FLAGS = tuple(flag for flag in STANDARD_FLAGS if flag not in ("tsumo", "riichi"))
"""The flags an entered hand may carry: the table knows tsumo and riichi from the hand's record."""
HAN = tuple(range(1, 14))
"""The han a quick win offers (13 and more is a counted yakuman, which the table's rules score)."""
YAKUMAN = tuple(range(1, MAX_YAKUMAN + 1))
RULE_FLAGS = ("red_fives", "kuitan", "kiriage", "double_yakuman", "tobi", "agari_yame")
RULE_NAMES = {
    "red_fives": N_("red fives"),
    "kuitan": N_("open tanyao (kuitan)"),
    "kiriage": N_("kiriage mangan"),
    "double_yakuman": N_("double yakuman"),
    "tobi": N_("a player below zero ends the game (tobi)"),
    "agari_yame": N_("the last dealer may stop when first (agari-yame)"),
}
DEFAULT_ON = frozenset(("red_fives", "kuitan", "tobi", "agari_yame"))
UMAS = ((20, 10), (30, 10), (10, 5), (15, 5), (10, 10), (0, 0))


# --- reading the forms --------------------------------------------------------------------------


def _whole(text: str | None, what: str) -> int:
    cleaned = (text or "").strip().replace(",", "")
    if not (cleaned.isascii() and cleaned.isdigit()) or len(cleaned) > 9:
        raise Problem(N_("{what} must be a whole number, not {text!r}"), what=Sentence(what), text=text or "")
    return int(cleaned)


def _player(text: str | None, what: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise Problem(N_("choose {what}"), what=Sentence(what))
    return int(text)


def _players(form: Mapping[str, Any], name: str) -> tuple[int, ...]:
    chosen = form.getlist(name) if isinstance(form, MultiDict) else form.get(name, [])
    return tuple(sorted({_player(value, N_("the players")) for value in chosen}))


def settings_from_form(form: MultiDict[str, str]) -> Settings:
    """New game settings from the form; a Problem names the first field that cannot be."""
    uma_text = form.get("uma", "20-10")
    big, _, small = uma_text.partition("-")
    return Settings.make(
        [form.get(f"name{n}", "") for n in range(4)],
        length=form.get("length", "hanchan"),
        start=_whole(form.get("start"), N_("the starting points")),
        kaeshi=_whole(form.get("kaeshi"), N_("the return")),
        uma=(_whole(big, N_("the uma")), _whole(small, N_("the uma"))),
        **{flag: form.get(flag) == "1" for flag in RULE_FLAGS},
    )


def last_tile(hand: str) -> str:
    """The last tile written in MPSZ (``"34m55s2m"`` -> ``"2m"``), or "" when there is none.

    >>> last_tile("234m567p234678s55s"), last_tile("123m 4"), last_tile("")
    ('5s', '', '')
    """
    text = hand.replace(" ", "")
    if len(text) >= 2 and text[-1] in "mpsz" and text[-2].isdigit():
        return text[-2:]
    return ""


def _score(form: MultiDict[str, str], suffix: str = "") -> Quick | Entered:
    """A win's value: han and fu (``yakuman`` units in the han field as ``y1``), or the hand's tiles."""
    if not suffix and form.get("entry") == "tiles":
        fields = form.copy()
        if not fields.get("win", "").strip():
            # As with the calculator's picker, the last tile added is the winning tile: one field fewer to fill.
            fields["win"] = last_tile(fields.get("hand", ""))
        try:
            built = request_from_form(fields)
        except HandError as refusal:
            raise Problem(N_("the hand cannot be read: {problem}"), problem=refusal) from None
        flags = [flag for flag in TABLE_FLAGS if form.get(flag)]
        entered = {key: value for key, value in built.items() if key not in OWNED and key != "rules"}
        entered.update({flag: True for flag in flags})
        return Entered(entered)
    han = form.get(f"han{suffix}", "")
    if han.startswith("y"):
        return Quick(yakuman=_whole(han[1:], N_("the yakuman")))
    return Quick(_whole(han, N_("the han")), _whole(form.get(f"fu{suffix}", "0"), N_("the fu")))


def hand_from_form(form: MultiDict[str, str]) -> HandRecord:
    """A hand record from the hand form; a Problem for a field that cannot be (the replay checks the rules)."""
    kind = form.get("kind")
    if kind not in KINDS:
        raise Problem(N_("choose how the hand ended: ron, tsumo, double ron, exhaustive draw or abortive draw"))
    riichi = _players(form, "riichi")
    result: Win | DoubleRon | Draw
    if kind in ("ron", "tsumo"):
        pao = form.get("pao") or None
        result = Win(
            _player(form.get("winner"), N_("the winner")),
            _score(form),
            _player(form.get("discarder"), N_("who dealt in")) if kind == "ron" else None,
            None if pao is None else _player(pao, N_("the responsible player")),
        )
    elif kind == "double_ron":
        discarder = _player(form.get("discarder"), N_("who dealt in"))
        result = DoubleRon(
            Win(_player(form.get("winner"), N_("the winner")), _score(form), discarder),
            Win(_player(form.get("winner2"), N_("the second winner")), _score(form, "2"), discarder),
        )
    elif kind == "draw":
        result = Draw(tenpai=_players(form, "tenpai"), nagashi=_players(form, "nagashi"))
    else:
        abortive = form.get("abortive", "")
        if abortive not in ABORTIVE:
            raise Problem(N_("choose the kind of abortive draw"))
        result = Draw(abortive=abortive)
    return HandRecord(result, riichi)


def form_of(record: HandRecord) -> MultiDict[str, str]:
    """The hand form filled in with a record, to edit it."""
    fields: list[tuple[str, str]] = [("riichi", str(p)) for p in record.riichi]
    result = record.result

    def score(win: Win, suffix: str) -> None:
        if isinstance(win.score, Quick):
            if win.score.yakuman:
                fields.append((f"han{suffix}", f"y{win.score.yakuman}"))
            else:
                fields.extend([(f"han{suffix}", str(win.score.han)), (f"fu{suffix}", str(win.score.fu))])
            return
        request = win.score.request
        fields.extend(
            [("entry", "tiles"), ("hand", str(request.get("hand", ""))), ("win", str(request.get("win", "")))]
        )
        fields.append(("dora", "".join(request.get("dora_indicators", []))))
        fields.append(("ura", "".join(request.get("ura_indicators", []))))
        for slot, meld in enumerate(request.get("melds", []), start=1):
            fields.extend([(f"meld{slot}_kind", str(meld.get("kind"))), (f"meld{slot}_tiles", str(meld.get("tiles")))])
        fields.extend((flag, "1") for flag in TABLE_FLAGS if request.get(flag))

    if isinstance(result, Win):
        fields.extend([("kind", "tsumo" if result.tsumo else "ron"), ("winner", str(result.winner))])
        if result.discarder is not None:
            fields.append(("discarder", str(result.discarder)))
        if result.pao is not None:
            fields.append(("pao", str(result.pao)))
        score(result, "")
    elif isinstance(result, DoubleRon):
        fields.extend([("kind", "double_ron"), ("discarder", str(result.first.discarder))])
        fields.extend([("winner", str(result.first.winner)), ("winner2", str(result.second.winner))])
        score(result.first, "")
        score(result.second, "2")
    elif result.abortive:
        fields.extend([("kind", "abortive"), ("abortive", result.abortive)])
    else:
        fields.append(("kind", "draw"))
        fields.extend(("tenpai", str(p)) for p in result.tenpai)
        fields.extend(("nagashi", str(p)) for p in result.nagashi)
    return MultiDict(fields)


# --- pages --------------------------------------------------------------------------------------


def _own(game_id: int) -> store.TableGame:
    user = current_user()
    try:
        if user is None:
            raise store.NotFound(game_id)
        return store.load(get_db(), user.id, game_id)
    except store.NotFound:
        abort(404, gettext("There is no such game for you."))


def _shared(token: str) -> store.TableGame:
    try:
        return store.shared(get_db(), token)
    except store.NotFound:
        abort(404, gettext("There is no such game for you."))


@bp.get("/")
def index(form: MultiDict[str, str] | None = None, problem: str | None = None) -> ResponseReturnValue:
    user = current_user()
    found = store.games(get_db(), user.id) if user else []
    return render_template(
        "table/index.html",
        games=[(game, game.state()) for game in found],
        form=form if form is not None else MultiDict(),
        problem=problem,
        rule_flags=RULE_FLAGS,
        rule_names=RULE_NAMES,
        default_on=DEFAULT_ON,
        umas=UMAS,
    ), (400 if problem else 200)


@bp.post("/")
def create() -> ResponseReturnValue:
    try:
        settings = settings_from_form(request.form)
        game = store.create(get_db(), learner().id, settings)
    except Problem as problem:
        return index(request.form, say(problem))
    return redirect(url_for("table.game", game_id=game.id))


def _page(
    game: store.TableGame,
    *,
    shared: bool = False,
    form: MultiDict[str, str] | None = None,
    problem: str | None = None,
    editing: int | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    state = game.state()
    left_out = exported_left_out(state)
    practise_count, practise_left_out = practisable(state)
    return render_template(
        "table/game.html",
        game=game,
        state=state,
        shared=shared,
        form=form if form is not None else MultiDict(),
        problem=problem,
        editing=editing,
        kinds=KINDS,
        han_choices=HAN,
        yakuman_choices=YAKUMAN,
        fu_choices=FU,  # every fu count a hand can be worth: the table's, not the page's
        abortive=ABORTIVE,
        flags=TABLE_FLAGS,
        flag_names=FLAG_NAMES,
        meld_kinds=MELD_KINDS,
        meld_slots=range(1, MELD_SLOTS + 1),
        seat_names=SEAT_NAMES,
        share_url=url_for("table.shared", token=game.share_token, _external=True),
        exported=len(game.hands) - len(left_out),
        left_out=left_out,
        practisable=practise_count,
        practise_left_out=practise_left_out,
        export_url=url_for("table.shared_export_log", token=game.share_token)
        if shared
        else url_for("table.export_log", game_id=game.id),
    ), status


@bp.get("/<int:game_id>")
def game(game_id: int) -> ResponseReturnValue:
    return _page(_own(game_id))


@bp.post("/<int:game_id>/hands")
def add_hand(game_id: int) -> ResponseReturnValue:
    game = _own(game_id)
    try:
        store.add(get_db(), game.user_id, game.id, hand_from_form(request.form))
    except Problem as problem:
        return _page(game, form=request.form, problem=say(problem), status=400)
    return redirect(url_for("table.game", game_id=game.id) + "#hands")


def _position(game: store.TableGame, number: int) -> int:
    if not 1 <= number <= len(game.hands):
        abort(404, gettext("There is no such hand in this game."))
    return number - 1


@bp.get("/<int:game_id>/hands/<int:number>")
def edit_hand(game_id: int, number: int) -> ResponseReturnValue:
    game = _own(game_id)
    position = _position(game, number)
    return _page(game, form=form_of(game.hands[position]), editing=number)


@bp.post("/<int:game_id>/hands/<int:number>")
def save_hand(game_id: int, number: int) -> ResponseReturnValue:
    game = _own(game_id)
    position = _position(game, number)
    try:
        store.edit(get_db(), game.user_id, game.id, position, hand_from_form(request.form))
    except Problem as problem:
        return _page(game, form=request.form, problem=say(problem), editing=number, status=400)
    flash(gettext("Hand %(number)s changed; every hand after it was worked out again.", number=number))
    return redirect(url_for("table.game", game_id=game.id) + f"#hand-{number}")


@bp.post("/<int:game_id>/hands/<int:number>/remove")
def remove_hand(game_id: int, number: int) -> ResponseReturnValue:
    game = _own(game_id)
    position = _position(game, number)
    try:
        store.remove(get_db(), game.user_id, game.id, position)
    except Problem as problem:
        return _page(game, problem=say(problem), status=400)
    flash(gettext("Hand %(number)s removed; every hand after it was worked out again.", number=number))
    return redirect(url_for("table.game", game_id=game.id) + "#hands")


@bp.post("/<int:game_id>/delete")
def delete(game_id: int) -> ResponseReturnValue:
    game = _own(game_id)
    store.delete(get_db(), game.user_id, game.id)
    flash(gettext("Game deleted."))
    return redirect(url_for("table.index"))


@bp.get("/s/<token>")
def shared(token: str) -> ResponseReturnValue:
    return _page(_shared(token), shared=True)


def _export(game: store.TableGame) -> Response:
    """The game as a tenhou.net/6 log: the hands that made-up turns can give faithfully (tutor/table/export.py)."""
    body, _ = export(game.settings, game.hands)
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="table-game-{game.id}.json"'
    return response


@bp.get("/<int:game_id>/tenhou6.json")
def export_log(game_id: int) -> Response:
    return _export(_own(game_id))


@bp.get("/s/<token>/tenhou6.json")
def shared_export_log(token: str) -> Response:
    return _export(_shared(token))


def _practise(game: store.TableGame, shared: bool = False) -> ResponseReturnValue:
    """Keep the game's entered hands as the visitor's own "practise my games" game (a guest account is made
    if need be) and show it, where the learner chooses their seat and starts, as for an imported log."""
    user = learner()
    try:
        found, left_out = to_practice(get_db(), user.id, game, user.is_guest)
    except Problem as problem:
        return _page(game, shared=shared, problem=say(problem), status=400)
    if left_out:
        flash(
            gettext(
                "Hands left out (given as han and fu, with no tiles to ask): %(list)s.",
                list=listed(left_out),
            )
        )
    return redirect(url_for("games.show", game_id=found.id))


@bp.post("/<int:game_id>/practise")
def practise(game_id: int) -> ResponseReturnValue:
    return _practise(_own(game_id))


@bp.post("/s/<token>/practise")
def shared_practise(token: str) -> ResponseReturnValue:
    return _practise(_shared(token), shared=True)
