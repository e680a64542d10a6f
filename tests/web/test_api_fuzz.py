"""Schemathesis fuzzes every operation of ``/api/openapi.json`` against the app (through WSGI, no server).

Each operation gets schema-made requests, valid and invalid, sent with a real session's CSRF token; every
answer must be documented: no 5xx, a status code the schema lists for it, the body and content type it
describes. Hypothesis is derandomised, so a run is the same on every machine. What found bugs here before:
a TRACE answered with a CSRF complaint instead of 405, ``/api/progress?days=null`` taken as 30 days,
``/api/questions/next`` also read as a question named "next", a null ``session_id`` the schema did not allow.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from tests.conftest import csrf
from tutor import create_app
from tutor.web.db import init_db

# Schemathesis makes one test per operation from a schema it reads when this module is collected, so the
# app is made here (its own database, removed with the folder when the run ends), not by a fixture.
_FOLDER = tempfile.TemporaryDirectory(prefix="tutor-fuzz-")
APP = create_app({"TESTING": True, "DATABASE": str(Path(_FOLDER.name) / "fuzz.sqlite"), "SECRET_KEY": "fuzz"})
with APP.app_context():
    init_db()
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=8, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_api_answer_is_one_the_schema_documents(case: Any) -> None:
    client = APP.test_client()
    token = csrf(client)  # a session of its own: the schema says a token from the session is needed
    cookie = client.get_cookie("session")
    assert cookie is not None
    case.call_and_validate(
        headers={"X-CSRF-Token": token},
        cookies={"session": cookie.value},
        # A schema-valid body may still be refused with 400: a "log" string that is no game log, a question
        # that does not exist. Every other check stays.
        excluded_checks=[schemathesis.checks.positive_data_acceptance],
    )
