"""Log-in throttling that does not lock out the owner (issue 27).

Before, 10 wrong passwords locked anyone's account for 15 minutes from every address, and 50 from one
address locked a whole school behind one NAT. Now failures are throttled by (username, address) first;
a username or an address with many failures is slowed down (one attempt per pace), never locked.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from sqlite_utils import Database

from tutor import accounts
from tutor.accounts import (
    LOGIN_LIMIT_PAIR,
    LOGIN_PACE_ACCOUNT,
    LOGIN_PACE_ADDRESS,
    LOGIN_SLOW_ACCOUNT,
    LOGIN_SLOW_ADDRESS,
    AccountError,
    TooManyLogins,
)
from tutor.db import connect

PASSWORD = "correct horse"
START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def db(app: Flask) -> Database:
    found = connect(app.config["DATABASE"])
    accounts.register(found, "owner", PASSWORD)
    return found


def fail(db: Database, username: str, address: str, at: datetime) -> None:
    with pytest.raises(AccountError) as refused:
        accounts.authenticate(db, username, "wrong guess", address, at=at)
    assert not isinstance(refused.value, TooManyLogins)


def test_a_stranger_guessing_does_not_lock_the_owner_out(db: Database) -> None:
    for n in range(LOGIN_LIMIT_PAIR):
        fail(db, "owner", "203.0.113.7", START + timedelta(seconds=n))
    # The stranger's address is stopped for this username...
    with pytest.raises(TooManyLogins) as refused:
        accounts.authenticate(db, "owner", PASSWORD, "203.0.113.7", at=START + timedelta(minutes=1))
    assert 13 * 60 < refused.value.seconds <= 15 * 60
    # ...the owner at home is not, even at once, with the right password.
    assert accounts.authenticate(db, "owner", PASSWORD, "198.51.100.2", at=START + timedelta(minutes=1)).id


def test_one_students_typos_do_not_lock_the_school(db: Database) -> None:
    school = "192.0.2.1"  # everyone behind one NAT
    accounts.register(db, "classmate", PASSWORD)
    for n in range(LOGIN_LIMIT_PAIR):
        fail(db, "owner", school, START + timedelta(seconds=n))
    assert accounts.authenticate(db, "classmate", PASSWORD, school, at=START + timedelta(seconds=20)).id
    # Thirty students with three typos each stay under the address's slow-down.
    for n in range(90):
        fail(db, f"student{n // 3}", school, START + timedelta(seconds=30 + n))
    assert accounts.authenticate(db, "classmate", PASSWORD, school, at=START + timedelta(minutes=3)).id


def test_a_sprayed_address_is_paced_not_locked(db: Database) -> None:
    at = START
    for n in range(LOGIN_SLOW_ADDRESS):
        fail(db, f"name{n}", "198.51.100.66", at)
    with pytest.raises(TooManyLogins) as refused:
        accounts.authenticate(db, "owner", PASSWORD, "198.51.100.66", at=at + timedelta(seconds=1))
    assert refused.value.seconds == LOGIN_PACE_ADDRESS.total_seconds() - 1
    assert "seconds" in str(refused.value)
    # One attempt per pace goes through, and is checked like any other.
    fail(db, "name-x", "198.51.100.66", at + LOGIN_PACE_ADDRESS)
    with pytest.raises(TooManyLogins):
        accounts.authenticate(db, "owner", PASSWORD, "198.51.100.66", at=at + LOGIN_PACE_ADDRESS)
    later = at + 2 * LOGIN_PACE_ADDRESS
    assert accounts.authenticate(db, "owner", PASSWORD, "198.51.100.66", at=later).id


def test_a_username_guessed_from_many_addresses_is_paced_and_its_owner_still_gets_in(db: Database) -> None:
    assert accounts.authenticate(db, "owner", PASSWORD, "198.51.100.2", at=START).id  # the owner's usual address
    for n in range(LOGIN_SLOW_ACCOUNT):
        fail(db, "owner", f"10.1.{n}.1", START + timedelta(seconds=n))
    at = START + timedelta(seconds=LOGIN_SLOW_ACCOUNT)
    with pytest.raises(TooManyLogins) as refused:
        accounts.authenticate(db, "owner", "another guess", "10.2.0.1", at=at)
    assert 0 < refused.value.seconds <= LOGIN_PACE_ACCOUNT.total_seconds()
    # Slowed, not locked: a new address gets one try per pace.
    fail(db, "owner", "10.2.0.1", at + LOGIN_PACE_ACCOUNT)
    # The owner, from an address they logged in from today, is not slowed at all.
    assert accounts.authenticate(db, "owner", PASSWORD, "198.51.100.2", at=at + LOGIN_PACE_ACCOUNT).id


def test_the_refusal_on_the_page_says_seconds_in_retry_after(app: Flask) -> None:
    from tests.web.test_security import log_in, register

    client = app.test_client()
    register(app.test_client(), "paced")
    db = connect(app.config["DATABASE"])
    now = datetime.now(UTC)
    db["login_attempts"].insert_all(  # type: ignore[union-attr]
        {"username": f"x{n}", "address": "127.0.0.1", "at": now.isoformat(timespec="seconds"), "ok": 0}
        for n in range(LOGIN_SLOW_ADDRESS)
    )
    refused = log_in(client, "paced", PASSWORD)
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= LOGIN_PACE_ADDRESS.total_seconds()
