"""Issue 10: sessions that end, throttled log-ins, safe redirects, strong passwords, security headers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tutor import accounts
from tutor.accounts import LOGIN_LIMIT_PAIR, AccountError, TooManyLogins
from tutor.db import connect
from tutor.web.views.auth import local_path

PASSWORD = "correct horse"


def register(client: FlaskClient, name: str, password: str = PASSWORD) -> None:
    response = client.post("/auth/register", data={"csrf_token": csrf(client), "username": name, "password": password})
    assert response.status_code == 302, response.get_data(as_text=True)


def log_in(client: FlaskClient, name: str, password: str = PASSWORD, **data: str):  # type: ignore[no-untyped-def]
    return client.post("/auth/login", data={"csrf_token": csrf(client), "username": name, "password": password, **data})


def who(client: FlaskClient) -> object:
    return client.get("/api/session").json["user"]  # type: ignore[index]


def copy_of(client: FlaskClient, app: Flask) -> FlaskClient:
    """Another browser holding a copy of ``client``'s session cookie as it is now."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    other = app.test_client()
    other.set_cookie("session", cookie.value)
    return other


# 1. Session fixation at registration


def test_an_old_copy_of_a_guests_cookie_is_not_logged_in_to_the_account_it_became(
    client: FlaskClient, app: Flask
) -> None:
    assert client.post("/practice/start", data={"csrf_token": csrf(client)}).status_code == 302
    assert who(client) is not None  # a guest now
    stolen = copy_of(client, app)
    register(client, "gus")
    assert who(client)["username"] == "gus"  # type: ignore[index]
    assert who(stolen) is None


# 2. Logging out and changing the password end every earlier cookie


def test_logging_out_ends_every_earlier_cookie(client: FlaskClient, app: Flask) -> None:
    register(client, "lou")
    stolen = copy_of(client, app)
    assert who(stolen)["username"] == "lou"  # type: ignore[index]
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    assert who(client) is None
    assert who(stolen) is None
    assert client.get("/progress/").status_code == 200  # the old cookie is simply logged out, nothing breaks


def test_logging_in_again_after_logging_out_works_and_old_cookies_stay_out(client: FlaskClient, app: Flask) -> None:
    register(client, "liv")
    stolen = copy_of(client, app)
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    assert log_in(client, "liv").status_code == 302
    assert who(client)["username"] == "liv"  # type: ignore[index]
    assert who(stolen) is None


def test_changing_the_password_ends_other_sessions_and_keeps_this_one(client: FlaskClient, app: Flask) -> None:
    register(client, "pat")
    other = copy_of(client, app)
    response = client.post(
        "/auth/password", data={"csrf_token": csrf(client), "current": PASSWORD, "password": "a new secret phrase"}
    )
    assert response.status_code == 302
    assert who(client)["username"] == "pat"  # type: ignore[index]
    assert who(other) is None
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    assert log_in(client, "pat").status_code == 400
    assert log_in(client, "pat", "a new secret phrase").status_code == 302


@pytest.mark.parametrize(
    ("current", "new", "message"),
    [
        pytest.param("wrong one!", "a new secret phrase", "do not match", id="wrong-current"),
        pytest.param(PASSWORD, "password", "most commonly used", id="common"),
        pytest.param(PASSWORD, "pam", "at least 8", id="short"),
    ],
)
def test_a_refused_password_change_says_why(client: FlaskClient, current: str, new: str, message: str) -> None:
    register(client, "pam")
    response = client.post("/auth/password", data={"csrf_token": csrf(client), "current": current, "password": new})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert log_in(client, "pam").status_code == 302  # the old password still works


def test_a_guest_cannot_change_a_password(client: FlaskClient) -> None:
    response = client.get("/auth/password")
    assert response.status_code == 302 and "/auth/login" in response.location


# 3. Log-in throttling


def test_failed_logins_per_account_are_limited_with_429(client: FlaskClient) -> None:
    register(client, "tom")
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    for _ in range(LOGIN_LIMIT_PAIR):
        assert log_in(client, "tom", "wrong password").status_code == 400
    refused = log_in(client, "TOM", PASSWORD)  # even the right password, in any case
    assert refused.status_code == 429
    assert "Try again in 15 minutes" in refused.get_data(as_text=True)
    assert 14 * 60 < int(refused.headers["Retry-After"]) <= 15 * 60  # the seconds left, to the second


def test_the_login_limit_holds_in_the_database_for_every_process(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    accounts.register(db, "ida", PASSWORD)
    start = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    for minute in range(LOGIN_LIMIT_PAIR):
        with pytest.raises(AccountError):
            accounts.authenticate(db, "ida", "nope nope", "10.0.0.1", at=start + timedelta(minutes=minute))
    # Another connection (another server process) sees the same attempts.
    elsewhere = connect(app.config["DATABASE"])
    with pytest.raises(TooManyLogins) as refused:
        accounts.authenticate(elsewhere, "ida", PASSWORD, "10.0.0.1", at=start + timedelta(minutes=10))
    assert refused.value.minutes == 5
    later = start + timedelta(minutes=15, seconds=1)
    assert accounts.authenticate(elsewhere, "ida", PASSWORD, "10.0.0.1", at=later).username == "ida"


def test_failed_logins_per_address_slow_down_rather_than_lock(app: Flask) -> None:
    # The policy changed in issue 27 (tests/web/test_lockout.py has the rest): an address is paced, not locked.
    db = connect(app.config["DATABASE"])
    accounts.register(db, "ann", PASSWORD)
    at = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    for n in range(accounts.LOGIN_SLOW_ADDRESS):
        with pytest.raises(AccountError):
            accounts.authenticate(db, f"someone{n}", "nope nope", "10.0.0.9", at=at)
    with pytest.raises(TooManyLogins) as refused:
        accounts.authenticate(db, "ann", PASSWORD, "10.0.0.9", at=at)
    assert refused.value.seconds == accounts.LOGIN_PACE_ADDRESS.total_seconds()
    assert accounts.authenticate(db, "ann", PASSWORD, "10.0.0.9", at=at + accounts.LOGIN_PACE_ADDRESS).username == "ann"
    assert accounts.authenticate(db, "ann", PASSWORD, "10.0.0.10", at=at).username == "ann"


# 4. Unknown usernames cost a password check too


def test_an_unknown_username_costs_a_password_check(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    db = connect(app.config["DATABASE"])
    accounts.register(db, "kim", PASSWORD)
    checked: list[str] = []
    real = accounts.check_password_hash

    def counting(stored: str, password: str) -> bool:
        checked.append(stored)
        return real(stored, password)

    monkeypatch.setattr(accounts, "check_password_hash", counting)
    for name in ("kim", "nobody"):
        with pytest.raises(AccountError, match="do not match"):
            accounts.authenticate(db, name, "wrong password")
    assert len(checked) == 2
    assert checked[0].split("$")[0] == checked[1].split("$")[0]  # hashed the same way


def test_server_timing_only_when_asked(tmp_path, blank_database) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from tutor import create_app

    database = tmp_path / "tutor.sqlite"
    shutil.copyfile(blank_database, database)
    quiet = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"})
    assert "Server-Timing" not in quiet.test_client().get("/").headers
    timed = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test", "SERVER_TIMING": True})
    assert timed.test_client().get("/").headers["Server-Timing"].startswith("app;dur=")


# 5. Open redirects


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        " //evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "evil.example",
        "/\x00/evil.example",
    ],
)
def test_login_never_redirects_to_another_site(client: FlaskClient, target: str) -> None:
    register(client, "rex")
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    client.get("/auth/login", query_string={"next": target})
    response = log_in(client, "rex", next=target)
    assert response.status_code == 302
    assert response.location == "/progress/"


def test_the_url_encoded_tab_trick_is_refused(client: FlaskClient) -> None:
    register(client, "rey")
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    response = client.post(
        "/auth/login?next=/%09/evil.example",
        data={"csrf_token": csrf(client), "username": "rey", "password": PASSWORD},
    )
    assert response.status_code == 302 and not response.location.startswith("//")


@pytest.mark.parametrize(
    ("target", "expected"),
    [("/classes/3", "/classes/3"), ("/progress/?x=1#y", "/progress/?x=1#y"), ("/", "/"), ("/a\tb", "/ab")],
)
def test_local_paths_are_kept(target: str, expected: str) -> None:
    assert local_path(target) == expected


# 6. Weak passwords


@pytest.mark.parametrize(
    ("password", "message"),
    [
        pytest.param("12345678", "most commonly used", id="digits-run"),
        pytest.param("password", "most commonly used", id="password"),
        pytest.param("PassWord1", "most commonly used", id="common-any-case"),
        pytest.param("qwertyuiop", "most commonly used", id="keyboard"),
        pytest.param("abcdefghij", "most commonly used", id="letter-run"),
        pytest.param(" " * 8, "one character repeated", id="eight-spaces"),
        pytest.param("zzzzzzzzzz", "one character repeated", id="one-character"),
        pytest.param("Walter.White", "cannot be the username", id="username"),
        pytest.param("short", "at least 8", id="short"),
    ],
)
def test_weak_passwords_are_refused_with_a_reason(client: FlaskClient, password: str, message: str) -> None:
    response = client.post(
        "/auth/register", data={"csrf_token": csrf(client), "username": "walter.white", "password": password}
    )
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_the_register_form_shows_the_password_rules(client: FlaskClient) -> None:
    page = client.get("/auth/register").get_data(as_text=True)
    assert 'id="password-rules"' in page and "not your username" in page


# 7. Headers, cookies and the secret key


def test_every_response_carries_the_security_headers(client: FlaskClient) -> None:
    for path in ("/", "/lessons/", "/static/app.js", "/api/session", "/no-such-page"):
        response = client.get(path)
        response.close()  # the static file's handle
        headers = response.headers
        policy = headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "script-src" not in policy or "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
        assert "http" not in policy  # no other hosts
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"


def test_pages_have_no_inline_script(client: FlaskClient) -> None:
    import re

    register(client, "ivy")
    for path in ("/", "/lessons/", "/practice/", "/progress/", "/classes/", "/calculator", "/auth/password"):
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path
        assert not re.search(r"\son[a-z]+\s*=", html), path


def test_pages_of_a_logged_in_user_are_not_stored(client: FlaskClient) -> None:
    assert "no-store" not in client.get("/lessons/").headers.get("Cache-Control", "")
    register(client, "ned")
    assert client.get("/progress/").headers["Cache-Control"] == "no-store"
    assert client.get("/lessons/").headers["Cache-Control"] == "no-store"


def test_cookies_are_secure_when_asked(tmp_path, blank_database, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from tutor import create_app

    database = tmp_path / "tutor.sqlite"
    shutil.copyfile(blank_database, database)
    monkeypatch.setenv("TUTOR_SECURE_COOKIES", "1")
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"})
    client = app.test_client()
    response = client.get("/api/session")
    assert "Secure" in response.headers["Set-Cookie"]
    monkeypatch.delenv("TUTOR_SECURE_COOKIES")
    plain = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"})
    assert "Secure" not in plain.test_client().get("/api/session").headers["Set-Cookie"]


def test_the_secret_key_file_is_private_from_the_start(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import os
    import stat
    from pathlib import Path

    from tutor import create_app

    monkeypatch.setenv("TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("TUTOR_SECRET_KEY", raising=False)
    monkeypatch.setattr(Path, "chmod", lambda self, mode: None)  # only the mode it is created with counts
    old = os.umask(0o022)
    try:
        create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "instance" / "secret_key").stat().st_mode) == 0o600


# 8. Guests: made only when something is stored, limited per address, purged when old


def test_reading_pages_makes_no_guest(client: FlaskClient, app: Flask) -> None:
    for path in ("/", "/practice/", "/progress/", "/lessons/", "/api/session"):
        client.get(path)
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM users").fetchone()[0] == 0


def test_guests_per_address_are_limited(app: Flask) -> None:
    app.config["GUEST_LIMIT"] = 3
    for _ in range(3):
        visitor = app.test_client()
        assert visitor.post("/practice/start", data={"csrf_token": csrf(visitor)}).status_code == 302
    late = app.test_client()
    refused = late.post("/practice/start", data={"csrf_token": csrf(late)})
    assert refused.status_code == 429 and "Too many guests from your address" in refused.get_data(as_text=True)
    elsewhere = app.test_client()
    token = csrf(elsewhere)
    other = elsewhere.post("/practice/start", data={"csrf_token": token}, environ_base={"REMOTE_ADDR": "10.1.1.1"})
    assert other.status_code == 302


def test_purge_guests_deletes_old_unused_guests_and_their_practice(app: Flask) -> None:
    from tutor.clock import stamp

    db = connect(app.config["DATABASE"])
    old = accounts.create_guest(db, "10.0.0.1", at=datetime(2026, 1, 1, tzinfo=UTC))
    active = accounts.create_guest(db, "10.0.0.1", at=datetime(2026, 1, 1, tzinfo=UTC))
    fresh = accounts.create_guest(db, "10.0.0.1")
    named = accounts.register(db, "keeps", PASSWORD)
    for user, started in ((old, datetime(2026, 1, 2, tzinfo=UTC)), (active, datetime.now(UTC))):
        db.execute(
            "INSERT INTO practice_sessions (user_id, mode, settings, started_at) VALUES (?, 'practice', '{}', ?)",
            [user.id, stamp(started)],
        )
    assert accounts.purge_guests(db, timedelta(days=30)) == 1
    left = {row[0] for row in db.execute("SELECT id FROM users")}
    assert left == {active.id, fresh.id, named.id}
    assert db.execute("SELECT COUNT(*) FROM practice_sessions WHERE user_id = ?", [old.id]).fetchone()[0] == 0


# 9. A teacher's one-time password reset link for a student of their class


def test_a_teacher_makes_a_one_time_reset_link_for_a_student(app: Flask) -> None:
    import re

    from tests.web.test_classroom import join, open_class, send, user

    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room)
    ann_id = ann.get("/api/session").json["user"]["id"]  # type: ignore[index]
    made = send(room.teacher, f"/classes/{room.class_id}/students/{ann_id}/reset-link")
    assert made.status_code == 200 and made.headers["Cache-Control"] == "no-store"
    link = re.search(
        r'<code class="reset-link">http://localhost(/auth/reset/[\w-]+)</code>', made.get_data(as_text=True)
    )
    assert link, made.get_data(as_text=True)
    path = link.group(1)

    stranger = app.test_client()
    page = stranger.get(path).get_data(as_text=True)
    assert "For the account ann" in page, page
    weak = stranger.post(path, data={"csrf_token": csrf(stranger), "password": "password"})
    assert weak.status_code == 400 and "most commonly used" in weak.get_data(as_text=True)
    done = stranger.post(path, data={"csrf_token": csrf(stranger), "password": "a fresh start"})
    assert done.status_code == 302
    assert who(stranger)["username"] == "ann"  # type: ignore[index]
    assert who(ann) is None  # the forgotten session elsewhere is logged out
    again = app.test_client()
    assert again.get(path).status_code == 404  # once only
    assert log_in(again, "ann", "a fresh start").status_code == 302


def test_only_the_teacher_of_the_students_class_makes_a_reset_link(app: Flask) -> None:
    from tests.web.test_classroom import join, open_class, send, user

    room = open_class(app, user(app, "sensei"))
    other = open_class(app, user(app, "rival"), name="Other club")
    ann = user(app, "ann")
    join(ann, room)
    ann_id = ann.get("/api/session").json["user"]["id"]  # type: ignore[index]
    assert send(other.teacher, f"/classes/{room.class_id}/students/{ann_id}/reset-link").status_code == 404
    assert send(other.teacher, f"/classes/{other.class_id}/students/{ann_id}/reset-link").status_code == 404
    assert send(ann, f"/classes/{room.class_id}/students/{ann_id}/reset-link").status_code == 404


def test_a_reset_link_expires(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    from tutor.classroom.roster import create_class, join

    kid = accounts.register(db, "kid", PASSWORD)
    teacher = accounts.register(db, "teacher", PASSWORD)
    join(db, kid, create_class(db, teacher, "club").join_code, "10.0.0.1")  # links are for students
    made = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    token = accounts.make_reset_link_token(db, kid.id, teacher.id, at=made)
    with pytest.raises(AccountError, match="expired"):
        accounts.reset_password(db, token, "another phrase", at=made + accounts.RESET_LIFETIME)
    assert accounts.reset_password(db, token, "another phrase", at=made + timedelta(hours=1)).id == kid.id
    assert accounts.authenticate(db, "kid", "another phrase").id == kid.id


def test_a_refusal_counts_its_minutes_in_words() -> None:
    from tutor.accounts import TooManyGuests, TooManyLogins
    from tutor.classroom.errors import TooManyAttempts

    for refusal in (TooManyGuests, TooManyLogins, TooManyAttempts):
        assert str(refusal(1)).endswith(" 1 minute.")
        assert str(refusal(7)).endswith(" 7 minutes.")
