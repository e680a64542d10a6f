"""Classes through the Flask test client: the teacher's and students' flows, the numbers the dashboard
and the CSV show, reveal and closing rules, and who may see what."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_practice import count, form_answers, register, served
from tutor import create_app
from tutor.db import connect
from tutor.web.db import init_db


@dataclass
class Room:
    """A class with its teacher's client, its id, join code and one assignment."""

    teacher: FlaskClient
    class_id: int
    code: str
    assignment_id: int


def send(client: FlaskClient, path: str, **form: object):  # type: ignore[no-untyped-def]
    return client.post(path, data={"csrf_token": csrf(client), **form})


def user(app: Flask, name: str) -> FlaskClient:
    client = app.test_client()
    register(client, name)
    return client


def open_class(app: Flask, teacher: FlaskClient, name: str = "Thursday club", **assignment: object) -> Room:
    response = send(teacher, "/classes/", name=name)
    assert response.status_code == 302, response.get_data(as_text=True)
    class_id = int(response.location.rsplit("/", 1)[1])
    page = teacher.get(f"/classes/{class_id}").get_data(as_text=True)
    code = re.search(r"data-join-code>([A-Z0-9-]+)<", page).group(1)  # type: ignore[union-attr]
    fields = {"title": "Fu, week 3", "topic": "fu", "size": "4", "difficulty": "1", "seed": "club-7", **assignment}
    response = send(teacher, f"/classes/{class_id}/assignments/new", **fields)
    assert response.status_code == 302, response.get_data(as_text=True)
    return Room(teacher, class_id, code, int(response.location.rsplit("/", 1)[1]))


def join(client: FlaskClient, room: Room, name: str = "") -> None:
    response = send(client, "/classes/join", code=room.code, display_name=name)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert response.location == f"/classes/{room.class_id}"


def start(client: FlaskClient, room: Room) -> str:
    """Start (or continue) the assignment; returns the question the student lands on."""
    response = send(client, f"/classes/{room.class_id}/assignments/{room.assignment_id}/start")
    assert response.status_code == 302, response.get_data(as_text=True)
    match = re.fullmatch(r"/practice/q/([2-9a-z]{8})", response.location)
    assert match, response.location
    return match.group(1)


def take(app: Flask, client: FlaskClient, room: Room, rights: list[bool]) -> list[str]:
    """Answer the assignment's questions in turn, right or wrong as listed; returns the question ids."""
    ids = []
    question_id = start(client, room)
    for index, right in enumerate(rights):
        ids.append(question_id)
        response = send(client, f"/practice/q/{question_id}/answer", **form_answers(app, question_id, right))
        assert response.status_code == 302, response.get_data(as_text=True)
        session_id = served(app, question_id).session_id
        response = send(client, f"/practice/session/{session_id}/next")
        assert response.status_code == 302
        if index + 1 < len(rights):
            question_id = response.location.rsplit("/", 1)[1]
    return ids


def set_times(app: Flask, assignment_id: int, **times: datetime) -> None:
    db = connect(app.config["DATABASE"])
    try:
        for column, moment in times.items():
            stamp = moment.isoformat(timespec="seconds")
            db.execute(f"UPDATE assignments SET {column} = ? WHERE id = ?", [stamp, assignment_id])
    finally:
        db.conn.close()


def cell(page: str, name: str) -> str:
    return re.search(rf'data-stat="{name}">([^<]*)<', page).group(1)  # type: ignore[union-attr]


# --- the whole flow ------------------------------------------------------------------------------


def test_teacher_sets_work_two_students_answer_and_the_dashboard_and_csv_agree(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann, ben = user(app, "ann"), user(app, "ben")
    join(ann, room, "Ann A.")
    join(ben, room, "Ben B.")
    ann_ids = take(app, ann, room, [True, True, True, True])
    ben_ids = take(app, ben, room, [True, False, True, False])
    # Same seed, same hands: both students were asked the same four questions.
    for mine, theirs in zip(ann_ids, ben_ids, strict=True):
        assert served(app, mine).exercise == served(app, theirs).exercise

    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert cell(page, "done") == "2/2"
    assert cell(page, "average") == "75 %"  # (100 + 50) / 2
    rows = dict(re.findall(r'data-position="(\d)".*?data-percent>.*?(\d+ %|–)</td>', page, re.S))
    assert rows == {"1": "100 %", "2": "50 %", "3": "100 %", "4": "50 %"}
    # Ben's wrong fu answers are listed under the questions he missed.
    for question_id in (ben_ids[1], ben_ids[3]):
        wrong = form_answers(app, question_id, right=False)["fu"]
        position = served(app, question_id).position
        row = re.search(rf'data-position="{position}".*?</tr>', page, re.S).group(0)  # type: ignore[union-attr]
        assert f"<li>Fu: {wrong} fu ×1</li>" in row  # said as the fu question says an answer, unit and all

    export = room.teacher.get(f"/classes/{room.class_id}/results.csv")
    assert export.mimetype == "text/csv"
    table = list(csv.DictReader(io.StringIO(export.data.decode("utf-8-sig"))))
    assert len(table) == 8
    by_question = {row["question_id"]: row for row in table}
    for ids, rights, name in ((ann_ids, [1, 1, 1, 1], "Ann A."), (ben_ids, [1, 0, 1, 0], "Ben B.")):
        for question_id, right in zip(ids, rights, strict=True):
            row = by_question[question_id]
            assert (row["student"], row["correct"], row["attempt"]) == (name, str(right), "1")
            assert row["given"] == f"Fu: {form_answers(app, question_id, bool(right))['fu']} fu"  # said, unit and all
    assert sum(float(row["score"]) for row in table) == 6.0


def test_a_student_sees_their_assignments_with_status(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    page = ann.get(f"/classes/{room.class_id}").get_data(as_text=True)
    assert "Fu, week 3" in page and "not started" in page
    assert "1 assignment to do" in ann.get("/classes/").get_data(as_text=True)
    take(app, ann, room, [True, True])
    assert "in progress" in ann.get(f"/classes/{room.class_id}").get_data(as_text=True)
    question_id = start(ann, room)  # continues the same attempt at question 3
    assert served(app, question_id).position == 3
    take(app, ann, room, [True, True])
    page = ann.get(f"/classes/{room.class_id}").get_data(as_text=True)
    assert "done" in page and "100 %" in page
    assert "1 assignment to do" not in ann.get("/classes/").get_data(as_text=True)


def test_variant_assignments_give_each_student_their_own_hands(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), variant="each")
    ann, ben = user(app, "ann"), user(app, "ben")
    join(ann, room)
    join(ben, room)
    first = [served(app, q).exercise for q in take(app, ann, room, [True, True, True, True])]
    second = [served(app, q).exercise for q in take(app, ben, room, [True, True, True, True])]
    assert first != second
    assert [e.topic for e in first] == [e.topic for e in second] == ["fu"] * 4


def test_attempts_allowed_and_the_best_attempt_counts(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), attempts_allowed="2", size="2")
    ann = user(app, "ann")
    join(ann, room)
    take(app, ann, room, [False, False])
    take(app, ann, room, [True, False])
    response = send(ann, f"/classes/{room.class_id}/assignments/{room.assignment_id}/start")
    assert response.status_code == 302
    assert "used all 2 attempts" in ann.get(response.location).get_data(as_text=True)
    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert cell(page, "average") == "50 %"
    assert "2/2" in page  # attempts used


# --- when answers are revealed, and when work is accepted -------------------------------------------


def test_answers_held_back_until_the_attempt_is_finished(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), reveal="end", size="2")
    ann = user(app, "ann")
    join(ann, room)
    question_id = start(ann, room)
    send(ann, f"/practice/q/{question_id}/answer", **form_answers(app, question_id, right=False))
    page = ann.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert "Answer saved" in page and "Not quite" not in page and "The full scoring" not in page
    api = ann.get(f"/api/questions/{question_id}").json
    assert api["answer"] == {"question_id": question_id, "answer_id": api["answer"]["answer_id"], "revealed": False}
    session_id = served(app, question_id).session_id
    result = ann.get(f"/practice/session/{session_id}/result").get_data(as_text=True)
    assert "✗" not in result and "Your answers are saved" in result
    # The last answer, through the API, completes the attempt: now everything shows.
    second = send(ann, f"/practice/session/{session_id}/next").location.rsplit("/", 1)[1]
    answers = {"fu": form_answers(app, second)["fu"]}
    graded = ann.post(f"/api/questions/{second}/answer", json={"answers": answers}, headers={"X-CSRF-Token": csrf(ann)})
    assert graded.status_code == 200 and graded.json["revealed"] is True and graded.json["correct"] is True
    assert "Not quite" in ann.get(f"/practice/q/{question_id}").get_data(as_text=True)


def test_answers_held_back_until_the_due_time(app: Flask) -> None:
    due = datetime.now(UTC) + timedelta(days=2)
    room = open_class(app, user(app, "sensei"), reveal="due", size="1", due_at=due.strftime("%Y-%m-%dT%H:%M"))
    ann = user(app, "ann")
    join(ann, room)
    (question_id,) = take(app, ann, room, [True])
    assert "Answer saved" in ann.get(f"/practice/q/{question_id}").get_data(as_text=True)
    set_times(app, room.assignment_id, due_at=datetime.now(UTC) - timedelta(minutes=1))
    assert "Right!" in ann.get(f"/practice/q/{question_id}").get_data(as_text=True)


def test_no_work_before_opening_or_after_the_due_time(app: Flask) -> None:
    later = datetime.now(UTC) + timedelta(days=1)
    room = open_class(app, user(app, "sensei"), opens_at=later.strftime("%Y-%m-%dT%H:%M"), size="2")
    ann = user(app, "ann")
    join(ann, room)
    response = send(ann, f"/classes/{room.class_id}/assignments/{room.assignment_id}/start")
    assert "This assignment opens at" in ann.get(response.location).get_data(as_text=True)
    set_times(app, room.assignment_id, opens_at=datetime.now(UTC) - timedelta(hours=1))
    question_id = start(ann, room)
    set_times(app, room.assignment_id, due_at=datetime.now(UTC) - timedelta(minutes=1))
    response = send(ann, f"/practice/q/{question_id}/answer", **form_answers(app, question_id))
    assert response.status_code == 409 and "closed at" in response.get_data(as_text=True)
    refused = ann.post(
        f"/api/questions/{question_id}/answer", json={"answers": {"fu": "30"}}, headers={"X-CSRF-Token": csrf(ann)}
    )
    assert refused.status_code == 409 and "closed at" in refused.json["error"]["message"]
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 0


# --- the roster and join codes ---------------------------------------------------------------------


def test_a_new_code_replaces_the_old_one_and_members_stay(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann, ben = user(app, "ann"), user(app, "ben")
    join(ann, room)
    send(room.teacher, f"/classes/{room.class_id}/code")
    page = room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    new = re.search(r"data-join-code>([A-Z0-9-]+)<", page).group(1)  # type: ignore[union-attr]
    assert new != room.code
    refused = send(ben, "/classes/join", code=room.code)
    assert refused.status_code == 400 and "No class has that join code" in refused.get_data(as_text=True)
    join(ben, Room(room.teacher, room.class_id, new, room.assignment_id))
    assert ann.get(f"/classes/{room.class_id}").status_code == 200


def test_the_teacher_renames_and_removes_students(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    ann_id = ann.get("/api/session").json["user"]["id"]
    send(room.teacher, f"/classes/{room.class_id}/students/{ann_id}/rename", display_name="Annie")
    assert "Annie" in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    question_id = start(ann, room)
    send(room.teacher, f"/classes/{room.class_id}/students/{ann_id}/remove")
    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert "Annie is no longer in Thursday club" in page  # the flash, and no row of hers
    assert f'data-student="{ann_id}"' not in page
    assert ann.get(f"/classes/{room.class_id}").status_code == 404
    response = send(ann, f"/practice/q/{question_id}/answer", **form_answers(app, question_id))
    assert response.status_code == 409 and "no longer in this class" in response.get_data(as_text=True)


def test_a_student_can_leave_and_a_teacher_cannot_join_their_own_class(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    send(ann, f"/classes/{room.class_id}/leave")
    assert ann.get(f"/classes/{room.class_id}").status_code == 404
    own = send(room.teacher, "/classes/join", code=room.code)
    assert own.status_code == 400 and "You teach this class" in own.get_data(as_text=True)


def test_guessing_join_codes_is_throttled_without_hints(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    mallory = user(app, "mallory")
    near = room.code[:-1] + ("2" if room.code[-1] != "2" else "3")  # one character off
    messages = set()
    for guess in [near, "AAAA-AAAA"] * 5:
        response = send(mallory, "/classes/join", code=guess)
        assert response.status_code == 400
        messages.add(re.search(r'role="alert">([^<]*)<', response.get_data(as_text=True)).group(1))  # type: ignore[union-attr]
    assert messages == {"No class has that join code. Check it with your teacher and try again."}
    # The eleventh try is refused even with the right code, and says when to try again.
    response = send(mallory, "/classes/join", code=room.code)
    assert response.status_code == 429 and "Try again in 15 minutes" in response.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM memberships") == 0
    # Other accounts are not held up by mallory's ten guesses.
    join(user(app, "ann"), room)


def test_one_address_is_throttled_across_accounts(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    for n in range(3):
        guesser = user(app, f"guesser{n}")
        for _ in range(10):
            assert send(guesser, "/classes/join", code="ZZZZ-ZZZZ").status_code == 400
    late = user(app, "latecomer")
    assert send(late, "/classes/join", code=room.code).status_code == 429
    elsewhere = late.post(
        "/classes/join", data={"csrf_token": csrf(late), "code": room.code}, environ_base={"REMOTE_ADDR": "10.0.0.9"}
    )
    assert elsewhere.status_code == 302


# --- who may see what ---------------------------------------------------------------------------


@pytest.fixture
def two_classes(app: Flask) -> dict[str, object]:
    """Class A (teacher tara, students ann and ben, one attempt each) and class B (teacher tom, student cat)."""
    tara, tom = user(app, "tara"), user(app, "tom")
    a = open_class(app, tara, "Class A")
    b = open_class(app, tom, "Class B")
    ann, ben, cat = user(app, "ann"), user(app, "ben"), user(app, "cat")
    join(ann, a)
    join(ben, a)
    join(cat, b)
    ann_questions = take(app, ann, a, [True, False])
    take(app, cat, b, [True])
    ids = {name: c.get("/api/session").json["user"]["id"] for name, c in (("ann", ann), ("ben", ben), ("cat", cat))}
    return {
        "a": a,
        "b": b,
        "ann": ann,
        "ben": ben,
        "cat": cat,
        "tom": tom,
        "ids": ids,
        "ann_question": ann_questions[0],
        "ann_session": served(app, ann_questions[0]).session_id,
    }


def test_authorisation_matrix(app: Flask, two_classes: dict[str, object]) -> None:
    a, b = two_classes["a"], two_classes["b"]
    assert isinstance(a, Room) and isinstance(b, Room)
    ids = two_classes["ids"]
    assert isinstance(ids, dict)
    ann_session = two_classes["ann_session"]
    c, x = a.class_id, a.assignment_id
    teacher_only_gets = [
        f"/classes/{c}/assignments/{x}/present/1",
        f"/classes/{c}/results.csv",
        f"/classes/{c}/results.json",
        f"/classes/{c}/assignments/{x}/results.csv",
        f"/classes/{c}/students/{ids['ann']}",
        f"/classes/{c}/attempts/{ann_session}",
        f"/classes/{c}/assignments/new",
        f"/classes/{c}/assignments/{x}/edit",
    ]
    teacher_only_posts = [
        f"/classes/{c}/assignments/{x}/edit",
        f"/classes/{c}/assignments/{x}/delete",
        f"/classes/{c}/code",
        f"/classes/{c}/students/{ids['ben']}/rename",
        f"/classes/{c}/students/{ids['ben']}/remove",
        f"/classes/{c}/assignments/new",
    ]
    member_gets = [f"/classes/{c}", f"/classes/{c}/assignments/{x}"]
    member_posts = [f"/classes/{c}/assignments/{x}/start", f"/classes/{c}/leave"]
    tom, cat, ben = two_classes["tom"], two_classes["cat"], two_classes["ben"]
    assert isinstance(tom, FlaskClient) and isinstance(cat, FlaskClient) and isinstance(ben, FlaskClient)
    # Another teacher and a student of another class: nothing of class A exists for them.
    for outsider in (tom, cat):
        for path in teacher_only_gets + member_gets:
            assert outsider.get(path).status_code == 404, path
        for path in teacher_only_posts + member_posts:
            assert send(outsider, path, display_name="x", title="x").status_code == 404, path
    # A student of the class: the class and its assignments, nothing of the teacher's.
    for path in member_gets:
        assert ben.get(path).status_code == 200, path
    for path in teacher_only_gets:
        assert ben.get(path).status_code == 404, path
    for path in teacher_only_posts:
        assert send(ben, path, display_name="x", title="x").status_code == 404, path
    # The teacher, with ids from another class: the assignment, student and attempt of class B are not found.
    cat_session = count(app, "SELECT id AS n FROM practice_sessions WHERE user_id = ?", ids["cat"])
    for path in [
        f"/classes/{c}/assignments/{b.assignment_id}",
        f"/classes/{c}/assignments/{b.assignment_id}/present/1",
        f"/classes/{c}/assignments/{b.assignment_id}/results.csv",
        f"/classes/{c}/assignments/{b.assignment_id}/edit",
        f"/classes/{c}/students/{ids['cat']}",
        f"/classes/{c}/attempts/{cat_session}",
        f"/classes/{b.class_id}",
    ]:
        assert a.teacher.get(path).status_code == 404, path
    assert send(a.teacher, f"/classes/{c}/students/{ids['cat']}/remove").status_code == 404
    # The teacher sees their class; ben sees only his own questions, not ann's.
    for path in teacher_only_gets + member_gets:
        assert a.teacher.get(path).status_code == 200, path
    question = two_classes["ann_question"]
    assert ben.get(f"/practice/q/{question}").status_code == 404
    assert ben.get(f"/api/questions/{question}").status_code == 404
    assert ben.get(f"/practice/session/{ann_session}/result").status_code == 404
    assert a.teacher.get(f"/practice/q/{question}").status_code == 404  # teachers read attempts on class pages


def test_classes_need_an_account(client: FlaskClient) -> None:
    response = client.get("/classes/")
    assert response.status_code == 302 and response.location.startswith("/auth/login?next=/classes/")
    client.post("/practice/start", data={"csrf_token": csrf(client), "mode": "practice"})  # now a guest
    response = send(client, "/classes/", name="Guest class")
    assert response.status_code == 302 and "/auth/login" in response.location
    assert count(client.application, "SELECT COUNT(*) AS n FROM classes") == 0


def test_state_changes_need_the_csrf_token(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    for path in ("/classes/", f"/classes/{room.class_id}/code", "/classes/join"):
        response = room.teacher.post(path, data={"name": "x", "code": room.code})
        assert response.status_code == 400 and "CSRF" in response.get_data(as_text=True)


def test_names_are_escaped_everywhere_and_safe_in_spreadsheets(app: Flask) -> None:
    evil = '<img src=x onerror="alert(1)">'
    room = open_class(app, user(app, "sensei"), name=evil, title=evil)
    ann = user(app, "ann")
    join(ann, room, '=HYPERLINK("http://x")<b>')
    take(app, ann, room, [True])
    pages = [
        room.teacher.get(f"/classes/{room.class_id}"),
        room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}"),
        room.teacher.get("/classes/"),
        ann.get(f"/classes/{room.class_id}"),
        ann.get("/classes/"),
    ]
    for page in pages:
        text = page.get_data(as_text=True)
        assert "<img src=x" not in text and "<b>" not in text
    assert "&lt;img src=x" in pages[0].get_data(as_text=True)
    table = list(
        csv.reader(io.StringIO(room.teacher.get(f"/classes/{room.class_id}/results.csv").data.decode("utf-8-sig")))
    )
    student = table[1][table[0].index("student")]
    assert student.startswith("'=HYPERLINK")


def test_assignment_form_problems_are_named(app: Flask) -> None:
    teacher = user(app, "sensei")
    room = open_class(app, teacher)
    path = f"/classes/{room.class_id}/assignments/new"
    cases = [
        ({"title": "", "size": "5"}, "Give the assignment"),
        ({"title": "x", "size": "500"}, "1 to 50 questions"),
        ({"title": "x", "topic": "nope"}, "unknown topic"),
        ({"title": "x", "opens_at": "2026-12-05T10:00", "due_at": "2026-12-04T10:00"}, "must come after"),
        ({"title": "x", "due_at": "tomorrow"}, "is not a date and time"),
        ({"title": "x", "reveal": "due"}, "set a due time"),
        ({"title": "x", "attempts_allowed": "0"}, "Attempts allowed"),
    ]
    for form, message in cases:
        response = send(teacher, path, **form)
        assert response.status_code == 400, form
        assert message in response.get_data(as_text=True), form


def test_presentation_reveals_the_answer_step_by_step(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    path = f"/classes/{room.class_id}/assignments/{room.assignment_id}/present/2"
    first = room.teacher.get(path).get_data(as_text=True)
    steps = re.findall(r'<li class="step[^"]*" data-step="(\d+)"( hidden)?', first)
    assert len(steps) >= 3 and all(hidden for _, hidden in steps)
    assert "How many fu" in first and 'class="hand"' in first
    two = room.teacher.get(path + "?step=2").get_data(as_text=True)
    shown = [n for n, hidden in re.findall(r'<li class="step[^"]*" data-step="(\d+)"( hidden)?', two) if not hidden]
    assert shown == ["1", "2"]
    last = room.teacher.get(path + "?step=99").get_data(as_text=True)
    assert "step-payment" in last and " hidden" not in re.search(r'class="step step-payment"[^>]*>', last).group(0)  # type: ignore[union-attr]
    assert room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}/present/5").status_code == 404


def test_the_heat_map_and_class_mistakes_fill_in(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    take(app, ann, room, [True, False, True, False])
    # Say both wrong answers were the same named mistake (which one the grader finds depends on the hands).
    db = connect(app.config["DATABASE"])
    db.execute("""UPDATE answers SET mistakes = '["kan-as-triplet"]' WHERE correct = 0""")
    db.conn.close()
    page = room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    assert 'class="heatmap"' in page and "Ann · " in page
    assert "<strong>×2</strong> (1 student) the student scored a kan as a triplet" in page
    document = json.loads(room.teacher.get(f"/classes/{room.class_id}/results.json").get_data(as_text=True))
    (task,) = document["assignments"]
    assert task["students"][0]["right"] == 2 and task["students"][0]["status"] == "done"
    assert [q["right"] for q in task["questions"]] == [1, 0, 1, 0]
    assert len(document["answers"]) == 4


def test_the_teacher_extends_the_due_time_and_the_questions_stay(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), size="2")
    ann = user(app, "ann")
    join(ann, room)
    first = start(ann, room)
    set_times(app, room.assignment_id, due_at=datetime.now(UTC) - timedelta(minutes=1))
    path = f"/classes/{room.class_id}/assignments/{room.assignment_id}/edit"
    form = room.teacher.get(path).get_data(as_text=True)
    assert 'name="due_at"' in form and 'name="size"' not in form  # the questions cannot change
    later = (datetime.now(UTC) + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    response = send(
        room.teacher, path, title="Fu, week 3 (extended)", due_at=later, attempts_allowed="1", reveal="each"
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    page = room.teacher.get(response.location).get_data(as_text=True)
    assert "Fu, week 3 (extended)" in page and "open" in page
    response = send(ann, f"/practice/q/{first}/answer", **form_answers(app, first))
    assert response.location.endswith("#feedback")
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 1
    refused = send(room.teacher, path, title="x", due_at="2000-01-01T00:00")
    assert refused.status_code == 400 and "must come after" in refused.get_data(as_text=True)


def test_the_join_link_leads_a_newcomer_through_registration_to_the_filled_in_form(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    newcomer = app.test_client()
    response = newcomer.get(f"/classes/join?code={room.code}")
    assert response.status_code == 302
    login = newcomer.get(response.location).get_data(as_text=True)
    register_link = re.search(r'New here\? <a href="([^"]+)"', login).group(1)  # type: ignore[union-attr]
    response = newcomer.post(
        register_link.replace("&amp;", "&"),
        data={"csrf_token": csrf(newcomer), "username": "newcomer", "password": "correct horse"},
    )
    assert response.location == f"/classes/join?code={room.code}"
    form = newcomer.get(response.location).get_data(as_text=True)
    assert f'name="code" value="{room.code}"' in form

    # The header's links on the log-in page lead to the same place, not back to the log-in page.
    header_link = re.search(r'<a href="(/auth/register\?next=[^"]+)">Register', login).group(1)  # type: ignore[union-attr]
    assert header_link == register_link


def fu_tally(client: FlaskClient) -> tuple[int, int]:
    """(first tries, right) on the fu topic, as the learner's own progress reports them."""
    (fu,) = [t for t in client.get("/api/progress").json["topics"] if t["topic"] == "fu"]
    return fu["done"], fu["first_try_right"]


def test_held_back_answers_stay_out_of_the_learners_own_progress_until_revealed(app: Flask) -> None:
    due = datetime.now(UTC) + timedelta(days=2)
    room = open_class(app, user(app, "sensei"), reveal="due", size="2", due_at=due.strftime("%Y-%m-%dT%H:%M"))
    ann = user(app, "ann")
    join(ann, room)
    take(app, ann, room, [False, True])
    # Nothing in the progress figures, the replay list or the skill states says how it went.
    assert fu_tally(ann) == (0, 0)
    assert "Nothing to replay" in ann.get(send(ann, "/practice/replay").location).get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM skill_states") == 0
    assert count(app, "SELECT COUNT(*) AS n FROM answers WHERE held = 1") == 2
    # After the due time the answers count like any others, and the skills are scheduled.
    set_times(app, room.assignment_id, due_at=datetime.now(UTC) - timedelta(minutes=1))
    assert fu_tally(ann) == (2, 1)
    assert count(app, "SELECT COUNT(*) AS n FROM answers WHERE held = 1") == 0
    assert count(app, "SELECT COUNT(*) AS n FROM skill_states") > 0
    assert send(ann, "/practice/replay").location.startswith("/practice/q/")


def test_answers_held_until_the_end_count_once_the_attempt_is_complete(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), reveal="end", size="2")
    ann = user(app, "ann")
    join(ann, room)
    take(app, ann, room, [True])
    assert fu_tally(ann) == (0, 0)
    question_id = start(ann, room)
    send(ann, f"/practice/q/{question_id}/answer", **form_answers(app, question_id, right=False))
    assert fu_tally(ann) == (2, 1)


def test_any_hand_from_the_calculator_can_be_presented(client: FlaskClient) -> None:
    query = "hand=123m456m789p345s55s&win=5s&seat=S&riichi=1"
    page = client.get(f"/calculator?{query}").get_data(as_text=True)
    link = re.search(r'href="(/calculator/present\?[^"]+)" data-present-link', page).group(1)  # type: ignore[union-attr]
    shown = client.get(link.replace("&amp;", "&") + "&step=99").get_data(as_text=True)
    steps = re.findall(r'<li class="step step-(\w+)" data-step="\d+"( hidden)?', shown)
    assert [kind for kind, _ in steps] == ["reading", "yaku", "yaku", "fu", "fu", "payment"]
    assert not any(hidden for _, hidden in steps)
    assert "2 han 30 fu: 2,000 (non-dealer ron)" in shown
    refused = client.get("/calculator/present?hand=234m456m789p345s11z&win=5s")
    assert refused.status_code == 400 and "has no yaku" in refused.get_data(as_text=True)
    assert client.get("/calculator/present?hand=123m&win=9z").status_code == 400


def test_an_assignment_made_for_chosen_yaku(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), topic=[], target=["pinfu", "chiitoitsu", "kanchan"], size="6")
    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert "Hands made for" in page and "Pinfu" in page and "Fu: kanchan" in page
    ann = user(app, "ann")
    join(ann, room)
    exercises = [served(app, q).exercise for q in take(app, ann, room, [True] * 6)]
    assert sorted(e.target for e in exercises) == sorted(["pinfu", "chiitoitsu", "kanchan"] * 2)
    for exercise in exercises:
        result = exercise.main.result
        assert result is not None and result.best is not None
        if exercise.target != "kanchan":
            assert exercise.target in {y.id for y in result.best.yaku}
    refused = send(room.teacher, f"/classes/{room.class_id}/assignments/new", title="x", target="not-a-yaku")
    assert refused.status_code == 400 and "unknown yaku or fu feature" in refused.get_data(as_text=True)


def test_the_teacher_reads_what_students_reported(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    (question_id,) = take(app, ann, room, [False])
    send(ann, f"/practice/q/{question_id}/report", remark="I think <this> hand has 40 fu")
    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert "Reported by students" in page and "I think &lt;this&gt; hand has 40 fu" in page
    # The report links to the question in the student's attempt; the question's internal id is not shown.
    assert re.search(rf'href="/classes/{room.class_id}/attempts/\d+#question-1"', page)
    assert question_id not in page


def test_behind_a_trusted_proxy_the_limit_counts_the_clients_own_address(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "t", "TRUSTED_PROXIES": 1})
    with app.app_context():
        init_db()
    room = open_class(app, user(app, "sensei"))
    for n in range(3):
        guesser = user(app, f"guesser{n}")
        for _ in range(10):
            response = guesser.post(
                "/classes/join",
                data={"csrf_token": csrf(guesser), "code": "ZZZZ-ZZZZ"},
                headers={"X-Forwarded-For": "203.0.113.7"},
            )
            assert response.status_code == 400
    other = user(app, "other")
    # The proxy's own address (127.0.0.1) is not the one that guessed: another client gets in.
    assert send(other, "/classes/join", code=room.code).status_code == 302
    late = user(app, "late")
    blocked = late.post(
        "/classes/join", data={"csrf_token": csrf(late), "code": room.code}, headers={"X-Forwarded-For": "203.0.113.7"}
    )
    assert blocked.status_code == 429


def test_an_assignment_nobody_started_can_be_deleted(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    path = f"/classes/{room.class_id}/assignments/{room.assignment_id}"
    assert "Delete (nobody has started it)" in room.teacher.get(path).get_data(as_text=True)
    ann = user(app, "ann")
    join(ann, room)
    start(ann, room)
    assert "Delete (nobody has started it)" not in room.teacher.get(path).get_data(as_text=True)
    refused = send(room.teacher, path + "/delete")
    assert "Students have started this assignment" in room.teacher.get(refused.location).get_data(as_text=True)
    second = send(room.teacher, f"/classes/{room.class_id}/assignments/new", title="Oops", topic="fu", size="3")
    done = send(room.teacher, second.location + "/delete")
    assert done.location == f"/classes/{room.class_id}"
    assert room.teacher.get(second.location).status_code == 404
    assert count(app, "SELECT COUNT(*) AS n FROM assignments") == 1


def test_the_progress_page_lists_the_assignments_to_do(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), size="1")
    ann = user(app, "ann")
    join(ann, room)
    page = ann.get("/progress/").get_data(as_text=True)
    assert "Assignments to do" in page and "Fu, week 3" in page
    take(app, ann, room, [True])
    assert "Assignments to do" not in ann.get("/progress/").get_data(as_text=True)
