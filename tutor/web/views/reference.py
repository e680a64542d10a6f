"""The yaku reference: an index grouped by han, and one page per yaku id."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from tutor.course.lessons import LessonBook
from tutor.engine.yaku import YAKU, Yaku
from tutor.messages.catalogues import N_
from tutor.web.i18n import current_language, gettext
from tutor.web.views.lessons import Checked, grade_question, with_feedback

bp = Blueprint("reference", __name__, url_prefix="/yaku")

GROUPS = (
    ("situational", N_("Won how: riichi, tsumo, the last tile")),
    ("1", N_("1 han")),
    ("2", N_("2 han")),
    ("3", N_("3 han")),
    ("6", N_("6 han")),
    ("yakuman", N_("Yakuman")),
    ("local", N_("Local yaku (off in the Tenhou rules)")),
)


def group_of(rule: Yaku) -> str:
    if rule.rule is not None:
        return "local"
    if rule.yakuman:
        return "yakuman"
    if rule.situational and rule.han == 1:
        return "situational"
    return str(rule.han)


@bp.get("/")
def index() -> str:
    grouped: dict[str, list[Yaku]] = {key: [] for key, _ in GROUPS}
    for rule in YAKU.values():
        grouped[group_of(rule)].append(rule)
    return render_template("reference/index.html", groups=[(key, label, grouped[key]) for key, label in GROUPS])


@bp.get("/<yaku_id>")
def yaku(yaku_id: str) -> str:
    return _show(yaku_id)


@bp.post("/<yaku_id>/check/<int:number>")
def check(yaku_id: str, number: int) -> ResponseReturnValue:
    """Grade one check-yourself question of a yaku note, as a lesson's are graded."""
    note = _book().yaku_notes.get(yaku_id)
    if YAKU.get(yaku_id) is None or note is None:
        abort(404, gettext("There is no yaku with the id %(id)r.", id=yaku_id))
    graded = grade_question(note, number)
    return graded if isinstance(graded, dict) else _show(yaku_id, {number: graded})


def _book() -> LessonBook:
    book: LessonBook = current_app.extensions["lessons"].book(current_language())
    return book


def _show(yaku_id: str, feedback: dict[int, Checked] | None = None) -> str:
    rule = YAKU.get(yaku_id)
    if rule is None:
        abort(404, gettext("There is no yaku with the id %(id)r.", id=yaku_id))
    note = _book().yaku_notes.get(yaku_id)
    superseded_by = [other for other in YAKU.values() if yaku_id in other.supersedes]
    return render_template(
        "reference/yaku.html",
        rule=rule,
        note=note,
        body=Markup(with_feedback(note, feedback)) if note else None,
        superseded_by=superseded_by,
        supersedes=[YAKU[i] for i in rule.supersedes],
    )
