"""A teacher archives (read-only, restorable) and deletes classes, reads and closes the reports on their
class's questions, and presents a per-student-variant assignment student by student."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.conftest import csrf
from tests.web.test_classroom import join, open_class, send, served, start, take, user
from tests.web.test_practice import count, form_answers


def archive(app: Flask, teacher_name: str = "sensei"):  # type: ignore[no-untyped-def]
    room = open_class(app, user(app, teacher_name))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    question_id = start(ann, room)
    response = send(room.teacher, f"/classes/{room.class_id}/archive")
    assert response.status_code == 302 and response.location == "/classes/"
    return room, ann, question_id


ARCHIVED = "This class is archived"


def test_an_archived_class_is_hidden_under_archived_and_restorable(app: Flask) -> None:
    room, ann, _ = archive(app)
    assert "Thursday club is archived" in room.teacher.get("/classes/").get_data(as_text=True)  # the flash
    listing = room.teacher.get("/classes/").get_data(as_text=True)
    taught = listing.split("data-archived", 1)
    assert "Thursday club" not in taught[0]  # not in the list of classes taught
    assert len(taught) == 2 and "Thursday club" in taught[1]  # but under the Archived toggle
    assert "Thursday club" in ann.get("/classes/").get_data(as_text=True).split("data-archived", 1)[1]
    page = room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    assert "data-archived-notice" in page and "New assignment" not in page
    assert "data-archived-notice" in ann.get(f"/classes/{room.class_id}").get_data(as_text=True)
    # Restoring puts it back in use.
    assert send(room.teacher, f"/classes/{room.class_id}/restore").status_code == 302
    listing = room.teacher.get("/classes/").get_data(as_text=True)
    assert "data-archived" not in listing and "Thursday club" in listing
    assert "New assignment" in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)


def test_an_archived_class_takes_no_new_students(app: Flask) -> None:
    room, _, _ = archive(app)
    response = send(user(app, "ben"), "/classes/join", code=room.code)
    assert response.status_code == 400 and "archived" in response.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM memberships") == 1


def test_an_archived_class_takes_no_new_or_changed_assignments(app: Flask) -> None:
    room, _, _ = archive(app)
    fields = {"title": "More", "topic": "fu", "size": "2", "seed": "x"}
    response = send(room.teacher, f"/classes/{room.class_id}/assignments/new", **fields)
    assert response.status_code == 400 and ARCHIVED in response.get_data(as_text=True)
    edit = send(room.teacher, f"/classes/{room.class_id}/assignments/{room.assignment_id}/edit", title="Renamed")
    assert edit.status_code == 400 and ARCHIVED in edit.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM assignments WHERE title = 'Renamed'") == 0
    assert send(room.teacher, f"/classes/{room.class_id}/code").status_code == 302
    assert ARCHIVED in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    assert room.code in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)


def test_an_archived_class_takes_no_answers(app: Flask) -> None:
    room, ann, question_id = archive(app)
    response = send(ann, f"/practice/q/{question_id}/answer", **form_answers(app, question_id, True))
    assert response.status_code == 409 and ARCHIVED in response.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 0
    api = ann.post(
        f"/api/questions/{question_id}/answer",
        json={"answers": form_answers(app, question_id, True)},
        headers={"X-CSRF-Token": csrf(ann)},
    )
    assert api.status_code == 409 and ARCHIVED in api.json["error"]["message"]  # type: ignore[index]
    send(ann, f"/classes/{room.class_id}/assignments/{room.assignment_id}/start")
    assert ARCHIVED in ann.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    # Nor does the student's to-do list offer it.
    assert "Fu, week 3" not in ann.get("/progress/").get_data(as_text=True)


def test_deleting_offers_the_export_first_and_asks_for_the_name(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    take(app, ann, room, [True, False])
    page = room.teacher.get(f"/classes/{room.class_id}/delete").get_data(as_text=True)
    assert f"/classes/{room.class_id}/results.csv" in page and f"/classes/{room.class_id}/results.json" in page
    assert "1 attempt at them" in page and "2 answers given in them" in page
    wrong = send(room.teacher, f"/classes/{room.class_id}/delete", confirm="Thursday")
    assert wrong.status_code == 400 and "Type the class&#39;s name" in wrong.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM classes") == 1
    # Another teacher cannot even see the page.
    stranger = user(app, "other")
    assert stranger.get(f"/classes/{room.class_id}/delete").status_code == 404
    assert send(stranger, f"/classes/{room.class_id}/delete", confirm="Thursday club").status_code == 404
    assert send(ann, f"/classes/{room.class_id}/delete", confirm="Thursday club").status_code == 404


def test_deleting_a_class_keeps_the_students_own_practice(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    ids = take(app, ann, room, [True, False])
    send(ann, f"/practice/q/{ids[0]}/report", remark="odd")
    # Ann's own practice, outside the class.
    response = send(ann, "/practice/start", mode="practice", topic="fu", difficulty="1")
    own = response.location.rsplit("/", 1)[1]
    send(ann, f"/practice/q/{own}/answer", **form_answers(app, own, True))
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 3

    response = send(room.teacher, f"/classes/{room.class_id}/delete", confirm="  Thursday   club ")
    assert response.status_code == 302 and response.location == "/classes/"
    for table in ("classes", "memberships", "assignments", "reports"):
        assert count(app, f"SELECT COUNT(*) AS n FROM {table}") == 0, table
    assert count(app, "SELECT COUNT(*) AS n FROM practice_sessions WHERE assignment_id IS NOT NULL") == 0
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 1
    assert count(app, "SELECT COUNT(*) AS n FROM questions WHERE id = ?", own) == 1
    assert served(app, own).last_answer is not None
    assert ann.get(f"/classes/{room.class_id}").status_code == 404
    # Her skill states now count only what is left: her own answer's skills.
    assert count(app, "SELECT COUNT(*) AS n FROM skill_states") == count(
        app, "SELECT COUNT(DISTINCT skill) AS n FROM answer_skills"
    )


# --- reports ---------------------------------------------------------------------------------------------


def test_the_teacher_reads_and_closes_reports_on_their_classs_questions(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    (question_id,) = take(app, ann, room, [False])
    send(ann, f"/practice/q/{question_id}/report", remark="I think <this> hand has 40 fu")
    # A report on practice outside the class is not the teacher's to see.
    response = send(ann, "/practice/start", mode="practice", topic="fu", difficulty="1")
    own = response.location.rsplit("/", 1)[1]
    send(ann, f"/practice/q/{own}/report", remark="my own practice")

    assert "1 question reported by a student" in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    page = room.teacher.get(f"/classes/{room.class_id}/reports").get_data(as_text=True)
    assert "I think &lt;this&gt; hand has 40 fu" in page and "my own practice" not in page
    assert f"<code>{question_id}</code>" in page and "Ann" in page
    assert 'class="hand"' in page  # the question is drawn
    report_id = int(re.search(r'data-report="(\d+)"', page).group(1))  # type: ignore[union-attr]

    # Nobody else closes it: not the student, not another teacher, not through another class.
    other = user(app, "other")
    other_room = open_class(app, other, name="Other club")
    assert send(other, f"/classes/{room.class_id}/reports/{report_id}/close").status_code == 404
    assert send(other, f"/classes/{other_room.class_id}/reports/{report_id}/close").status_code == 404
    assert send(ann, f"/classes/{room.class_id}/reports/{report_id}/close").status_code == 404
    assert ann.get(f"/classes/{room.class_id}/reports").status_code == 404

    assert send(room.teacher, f"/classes/{room.class_id}/reports/{report_id}/close").status_code == 302
    assert "data-no-reports" in room.teacher.get(f"/classes/{room.class_id}/reports").get_data(as_text=True)
    closed = room.teacher.get(f"/classes/{room.class_id}/reports?all=1").get_data(as_text=True)
    assert "report-closed" in closed and "40 fu" in closed
    assert count(app, "SELECT COUNT(*) AS n FROM reports WHERE status = 'closed' AND closed_by IS NOT NULL") == 1
    assert count(app, "SELECT COUNT(*) AS n FROM reports WHERE status = 'open'") == 1  # the practice one


# --- presenting a per-student variant ---------------------------------------------------------------------


def test_presenting_a_variant_assignment_shows_the_chosen_students_hands(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), variant="each")
    ann, ben = user(app, "ann"), user(app, "ben")
    join(ann, room, "Ann")
    join(ben, room, "Ben")
    ann_ids = take(app, ann, room, [False])
    ben_q = start(ben, room)
    ann_user = served(app, ann_ids[0]).user_id
    ben_user = served(app, ben_q).user_id
    base = f"/classes/{room.class_id}/assignments/{room.assignment_id}/present/1"

    first = room.teacher.get(base).get_data(as_text=True)
    assert "Each student has their own hands" in first and "Ann&#39;s question 1" in first
    assert re.search(rf'<option value="{ann_user}" selected>Ann</option>', first)
    assert f'<option value="{ben_user}"' in first
    chosen = room.teacher.get(f"{base}?student={ben_user}").get_data(as_text=True)
    assert "Ben&#39;s question 1" in chosen
    # Each page draws that student's hand (their questions differ), and the steps keep the choice.
    hand = re.compile(r'<p class="hand">(.*?)</p>', re.S)
    assert hand.search(first).group(1) != hand.search(chosen).group(1)  # type: ignore[union-attr]
    assert f"?student={ben_user}&amp;step=1" in chosen
    assert f"?student={ben_user}" in re.search(r'href="([^"]*)" data-next-hand', chosen).group(1)  # type: ignore[union-attr]
    # The hands and the engine's answer only: nobody's given answer or verdict (Ann answered, wrong).
    for page in (first, chosen):
        assert 'class="verdict' not in page and "Your answer" not in page
    # Only students of the class can be asked for.
    assert room.teacher.get(f"{base}?student=99999").status_code == 404
    assert room.teacher.get(f"{base}?student=abc").status_code == 400


def test_presenting_a_shared_assignment_has_no_student_choice(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    join(user(app, "ann"), room, "Ann")
    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}/present/1")
    assert "data-variant-picker" not in page.get_data(as_text=True)


@pytest.mark.parametrize("path", ["archive", "restore", "reports/1/close"])
def test_class_changes_need_the_csrf_token(app: Flask, path: str) -> None:
    room = open_class(app, user(app, "sensei"))
    assert room.teacher.post(f"/classes/{room.class_id}/{path}").status_code == 400
