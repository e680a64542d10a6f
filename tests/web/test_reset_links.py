"""Reset links only for learners, only while they are members (issue 27).

Any account can join a class, so a teacher could make a reset link for another *teacher* who joined,
use it, and act as them. And a link made before a student left still logged in as them. Now a link
is made only for a learner who is a student of one of the maker's classes in use and teaches no
class, and it is checked again when used: it dies when that stops being so.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_classroom import Room, join, open_class, send, user
from tests.web.test_security import PASSWORD, register, who


def user_id(client: FlaskClient) -> int:
    found = client.get("/api/session").json["user"]["id"]  # type: ignore[index]
    assert isinstance(found, int)
    return found


def make_link(room: Room, student: FlaskClient) -> str:
    made = send(room.teacher, f"/classes/{room.class_id}/students/{user_id(student)}/reset-link")
    assert made.status_code == 200, made.get_data(as_text=True)
    link = re.search(
        r'<code class="reset-link">http://localhost(/auth/reset/[\w-]+)</code>', made.get_data(as_text=True)
    )
    assert link
    return link.group(1)


def link_works(app: Flask, path: str) -> bool:
    """Whether the link opens its form (without using it up)."""
    return app.test_client().get(path).status_code == 200


def use(app: Flask, path: str) -> int:
    stranger = app.test_client()
    return stranger.post(path, data={"csrf_token": csrf(stranger), "password": "a whole new phrase"}).status_code


def refused(room: Room, student: FlaskClient) -> str:
    made = send(room.teacher, f"/classes/{room.class_id}/students/{user_id(student)}/reset-link")
    assert made.status_code == 400, made.status_code
    page = made.get_data(as_text=True)
    assert "reset-link" not in page or '<code class="reset-link">' not in page
    return page


def test_a_teacher_account_who_joined_gets_no_link(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    colleague = app.test_client()
    response = colleague.post(
        "/auth/register",
        data={"csrf_token": csrf(colleague), "username": "colleague", "password": PASSWORD, "role": "teacher"},
    )
    assert response.status_code == 302
    join(colleague, room)
    assert "only for a student of one of your classes" in refused(room, colleague)


def test_a_learner_who_owns_a_class_gets_no_link_the_attack_of_the_issue(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    rival = user(app, "rival")
    own = open_class(app, rival, name="Rival club")  # any account that opens a class is its teacher
    join(rival, room)
    refused(room, rival)
    # Nor may the rival reach the sensei that way: the sensei is no member of the rival's class.
    assert send(own.teacher, f"/classes/{own.class_id}/students/{user_id(room.teacher)}/reset-link").status_code == 404


def test_a_link_dies_when_the_student_opens_a_class(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    path = make_link(room, ann)
    assert link_works(app, path)
    open_class(app, ann, name="Ann's own club")
    assert not link_works(app, path) and use(app, path) == 404
    assert who(ann)["username"] == "ann"  # type: ignore[index] # nothing happened to the account


def test_a_link_dies_when_the_student_leaves(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    path = make_link(room, ann)
    assert send(ann, f"/classes/{room.class_id}/leave").status_code == 302
    assert not link_works(app, path) and use(app, path) == 404
    join(ann, room)  # back in the class: a new link is needed, and works
    assert use(app, make_link(room, ann)) == 302


def test_a_link_dies_when_the_student_is_removed(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    path = make_link(room, ann)
    assert send(room.teacher, f"/classes/{room.class_id}/students/{user_id(ann)}/remove").status_code == 302
    assert not link_works(app, path) and use(app, path) == 404


def test_a_link_dies_when_the_class_is_archived_and_none_is_made_then(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    path = make_link(room, ann)
    assert send(room.teacher, f"/classes/{room.class_id}/archive").status_code == 302
    assert not link_works(app, path) and use(app, path) == 404
    refused(room, ann)
    assert send(room.teacher, f"/classes/{room.class_id}/restore").status_code == 302
    assert use(app, make_link(room, ann)) == 302


def test_a_link_still_works_for_a_student_in_use(app: Flask) -> None:
    # The control for the tests above: the same steps without the change leave the link working.
    room = open_class(app, user(app, "sensei"))
    ann, ben = user(app, "ann"), user(app, "ben")
    join(ann, room)
    join(ben, room)
    path = make_link(room, ann)
    assert send(ben, f"/classes/{room.class_id}/leave").status_code == 302  # someone else leaving
    assert link_works(app, path) and use(app, path) == 302


def test_register_helper_makes_learners(app: Flask) -> None:
    client = app.test_client()
    register(client, "plain")
    assert who(client)["role"] == "learner"  # type: ignore[index]
