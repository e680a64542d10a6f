"""The OpenAPI 3.1 description of every JSON route, served at ``/api/openapi.json``.

Schemas are plain JSON Schema (2020-12), so the test suite validates real
responses against them (tests/web/test_openapi.py): the document cannot drift
from what the routes return.
"""

from __future__ import annotations

from typing import Any

from tutor.course.curriculum import TOPICS
from tutor.engine.situation import FLAGS, WIND_LETTERS
from tutor.engine.yaku import YAKU
from tutor.quiz.makers import HAND_PARTS
from tutor.quiz.questions import KINDS


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR = _json(_ref("Error"), "Refused: the error object says what is wrong")
NOT_FOUND = _json(_ref("Error"), "No such question or session for this user")
CSRF = {
    "name": "X-CSRF-Token",
    "in": "header",
    "required": True,
    "schema": {"type": "string"},
    "description": "The token from GET /api/session (every state-changing call needs it).",
}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            },
            "problems": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "For an unreadable answer: what could not be read, per part.",
            },
        },
    },
    "Meld": {
        "type": "object",
        "required": ["kind", "tiles"],
        "properties": {"kind": {"enum": ["chi", "pon", "minkan", "ankan"]}, "tiles": {"type": "string"}},
        "additionalProperties": False,
    },
    "ScoreRequest": {
        "type": "object",
        "description": "The score contract's request (../shared/api/score.md). Unknown keys are refused.",
        "required": ["hand", "win"],
        "properties": {
            "hand": {"type": "string", "description": "Concealed tiles in MPSZ, including the winning tile"},
            "win": {"type": "string"},
            "melds": {"type": "array", "items": _ref("Meld")},
            **{flag: {"type": "boolean"} for flag in FLAGS},
            "seat_wind": {"enum": list(WIND_LETTERS)},
            "round_wind": {"enum": list(WIND_LETTERS)},
            "dora_indicators": {"type": "array", "items": {"type": "string"}},
            "ura_indicators": {"type": "array", "items": {"type": "string"}},
            "honba": {"type": "integer", "minimum": 0},
            "riichi_sticks": {"type": "integer", "minimum": 0},
            "rules": {"type": "object"},
            "pao": {
                "enum": list(WIND_LETTERS),
                "description": "Seat wind of the player responsible (pao) for a daisangen or daisuushii: the one "
                "whose discard was called to complete it. The response then lists payments per player.",
            },
            "discarder": {
                "enum": list(WIND_LETTERS),
                "description": "On a ron, the seat wind of the player who dealt in (needed with pao).",
            },
        },
    },
    "ScoreResponse": {
        "type": "object",
        "required": ["han", "fu", "yaku", "yakuman", "fu_breakdown", "limit", "points", "total", "explanation"],
        "properties": {
            "han": {"type": "integer"},
            "fu": {"type": "integer"},
            "yaku": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "han"],
                    "properties": {"id": {"enum": [*YAKU, "dora", "ura_dora", "aka_dora"]}, "han": {"type": "integer"}},
                },
            },
            "yakuman": {"type": "integer"},
            "fu_breakdown": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["fu", "reason"],
                    "properties": {"fu": {"type": "integer"}, "reason": {"type": "string"}},
                },
            },
            "limit": {"enum": [None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman"]},
            "points": {"type": "object", "additionalProperties": {"type": "integer"}},
            "total": {"type": "integer"},
            "explanation": {"type": "string"},
            "reading": {"type": "object"},
            "alternatives": {"type": "array"},
            "payments": {
                "type": "array",
                "description": "With pao or discarder in the request: what each other player pays, honba included.",
                "items": {
                    "type": "object",
                    "required": ["seat", "role", "hand", "honba", "pays"],
                    "properties": {
                        "seat": {"enum": [*WIND_LETTERS, "?"]},
                        "role": {
                            "enum": [
                                "discarder",
                                "responsible",
                                "discarder_responsible",
                                "dealer",
                                "non_dealer",
                                "nothing",
                            ]
                        },
                        "hand": {"type": "integer"},
                        "honba": {"type": "integer"},
                        "pays": {"type": "integer"},
                    },
                },
            },
            "pao": {
                "type": "object",
                "properties": {
                    "responsible": {"enum": list(WIND_LETTERS)},
                    "yaku": {"type": "array", "items": {"enum": ["daisangen", "daisuushii"]}},
                    "scope": {"enum": ["whole", "yakuman"]},
                },
            },
        },
    },
    "User": {
        "type": ["object", "null"],
        "required": ["id", "username", "role", "is_guest"],
        "properties": {
            "id": {"type": "integer"},
            "username": {"type": ["string", "null"]},
            "role": {"enum": ["learner", "teacher"]},
            "is_guest": {"type": "boolean"},
        },
    },
    "Session": {
        "type": "object",
        "required": ["csrf_token", "user"],
        "properties": {"csrf_token": {"type": "string"}, "user": _ref("User")},
    },
    "NextRequest": {
        "type": "object",
        "description": "Continue a session (session_id), or start one with these settings.",
        "properties": {
            "session_id": {"type": ["integer", "null"], "description": "absent or null: start a new session"},
            "mode": {"enum": ["practice", "quiz", "review"]},
            "topics": {"type": "array", "items": {"enum": list(TOPICS)}},
            "difficulty": {"enum": [1, 2, 3]},
            "parts": {"type": "array", "items": {"enum": list(HAND_PARTS)}},
            "itemised": {"type": "boolean"},
            "size": {"type": "integer", "minimum": 1, "maximum": 50},
            "seed": {"type": "string"},
        },
    },
    "Part": {
        "type": "object",
        "required": ["kind", "prompt"],
        "properties": {
            "kind": {"enum": list(KINDS)},
            "prompt": {"type": "string"},
            "choices": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["value", "label"],
                    "properties": {"value": {"type": "string"}, "label": {"type": "string"}},
                },
            },
            "rows": {
                "type": "array",
                "description": "Itemised fu: answer each row id (rows with fu are given).",
                "items": {
                    "type": "object",
                    "required": ["id", "label"],
                    "properties": {
                        "id": {"type": "string"},
                        "label": {"type": "string"},
                        "tiles": {"type": ["string", "null"]},
                        "fu": {"type": "integer"},
                    },
                },
            },
        },
    },
    "Question": {
        "type": "object",
        "required": ["id", "session_id", "position", "topic", "target", "difficulty", "show", "parts", "answered"],
        "properties": {
            "id": {"type": "string", "pattern": "^[2-9a-z]{8}$"},
            "session_id": {"type": "integer"},
            "position": {"type": "integer"},
            "topic": {"enum": list(TOPICS)},
            "target": {"type": ["string", "null"]},
            "difficulty": {"enum": [1, 2, 3]},
            "show": {
                "type": "object",
                "description": "What to show: a score request without answers (hand "
                "questions), a 13-tile hand (waits), a furiten situation, dora indicators or a table cell.",
            },
            "parts": {"type": "array", "minItems": 1, "items": _ref("Part")},
            "answered": {"type": "boolean"},
            "answer": _ref("AnswerResult"),
        },
    },
    "NextResponse": {
        "type": "object",
        "required": ["question", "session_id", "finished"],
        "properties": {
            "question": {"oneOf": [_ref("Question"), {"type": "null"}]},
            "session_id": {"type": "integer"},
            "finished": {"type": "boolean"},
        },
    },
    "AnswerRequest": {
        "type": "object",
        "required": ["answers"],
        "properties": {
            "answers": {
                "type": "object",
                "description": 'Per part kind: text ("30", "1,000/2,000"), a list of picked values (yaku ids, '
                "tiles), or for itemised fu an object of row id to text.",
            }
        },
    },
    "AnswerResult": {
        "type": "object",
        "description": "The grading. While a class assignment holds its answers back (until the student "
        "finishes, or until the due time) only the ids come, with revealed false.",
        "required": ["question_id", "answer_id", "revealed"],
        "if": {"properties": {"revealed": {"const": True}}},
        "then": {"required": ["correct", "score", "parts", "mistakes", "explanation"]},
        "properties": {
            "question_id": {"type": "string"},
            "answer_id": {"type": "integer"},
            "revealed": {"type": "boolean"},
            "outcome": {
                "enum": ["answered", "shown", "skipped"],
                "description": "answered; shown: the learner asked for the answer (parts then hold the right "
                "answers, none correct); skipped: passed (no grading).",
            },
            "correct": {"type": "boolean"},
            "score": {"type": "number", "minimum": 0, "maximum": 1},
            "parts": {
                "type": "object",
                "additionalProperties": {
                    "type": "object",
                    "required": ["correct", "score", "expected", "details"],
                    "properties": {
                        "correct": {"type": "boolean"},
                        "score": {"type": "number"},
                        "expected": {"type": "string"},
                        "details": {"type": "array", "items": {"type": "string"}},
                    },
                },
            },
            "mistakes": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "label", "lesson"],
                    "properties": {"id": {"type": "string"}, "label": {"type": "string"}, "lesson": {"type": "string"}},
                },
            },
            "explanation": {"type": ["string", "null"]},
            "logged": _ref("LoggedHand"),
        },
    },
    "LoggedYaku": {
        "type": "object",
        "required": ["id", "han", "name"],
        "properties": {"id": {"type": "string"}, "han": {"type": "integer"}, "name": {"type": "string"}},
    },
    "LoggedHand": {
        "type": "object",
        "description": "A hand from a game log: what the log recorded beside our engine's score, each "
        "difference named. The winner is given by seat wind, never by name.",
        "required": ["round", "seat", "recorded", "ours", "agrees", "differences", "explanations"],
        "properties": {
            "position": {"type": "integer"},
            "asked": {"type": "boolean", "description": "False when our engine refuses the hand (not asked)"},
            "round": {"type": "string"},
            "seat": {"enum": list(WIND_LETTERS)},
            "recorded": {
                "type": "object",
                "required": ["han", "fu", "yaku", "yakuman", "points", "text"],
                "properties": {
                    "han": {"type": "integer"},
                    "fu": {"type": ["integer", "null"]},
                    "yaku": {"type": "array", "items": _ref("LoggedYaku")},
                    "yakuman": {"type": "integer"},
                    "points": {"type": "integer", "description": "Before honba and riichi sticks"},
                    "text": {"type": "string", "description": "The log's own result string"},
                },
            },
            "ours": {
                "type": "object",
                "required": ["han", "fu", "points", "yaku", "error"],
                "properties": {
                    "han": {"type": ["integer", "null"]},
                    "fu": {"type": ["integer", "null"]},
                    "points": {"type": ["integer", "null"]},
                    "yaku": {"type": "array", "items": _ref("LoggedYaku")},
                    "error": {"type": ["string", "null"]},
                },
            },
            "agrees": {"type": "boolean"},
            "differences": {"type": "array", "items": {"type": "string"}},
            "explanations": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Game": {
        "type": "object",
        "required": ["id", "title", "format", "players", "hands", "wins", "askable", "created_at"],
        "properties": {
            "id": {"type": "integer"},
            "title": {"type": "string"},
            "format": {"enum": ["mjlog", "tenhou6"]},
            "players": {"type": "array", "items": {"type": "string"}, "description": "Only you see them"},
            "hands": {"type": "integer", "description": "Hands played, draws included"},
            "wins": {"type": "integer"},
            "askable": {"type": "integer", "description": "Wins asked (our engine scores them)"},
            "seat": {
                "type": ["integer", "null"],
                "description": "Which player you were (0-3, as players lists them); null: not chosen",
            },
            "created_at": {"type": "string"},
        },
    },
    "Report": {
        "type": "object",
        "required": ["report_id", "question_id"],
        "properties": {"report_id": {"type": "integer"}, "question_id": {"type": "string"}},
    },
    "Progress": {
        "type": "object",
        "required": ["user", "days", "streak", "due", "topics", "weakest"],
        "properties": {
            "user": _ref("User"),
            "days": {"type": "integer"},
            "streak": {"type": "integer"},
            "due": {"type": "integer"},
            "topics": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["topic", "title", "done", "first_try_right"],
                    "properties": {
                        "topic": {"type": "string"},
                        "title": {"type": "string"},
                        "done": {"type": "integer"},
                        "first_try_right": {"type": "integer"},
                    },
                },
            },
            "weakest": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["skill", "label", "right", "done", "recall"],
                    "properties": {
                        "skill": {"type": "string"},
                        "label": {"type": "string"},
                        "right": {"type": "integer"},
                        "done": {"type": "integer"},
                        "recall": {"type": "number"},
                        "due_at": {"type": "string", "description": "When review brings it back (UTC)"},
                    },
                },
            },
        },
    },
}

GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "integer"}}
NO_GAME = _json(_ref("Error"), "No such game of yours (another account's game is not found either)")
QUESTION_ID = {"name": "question_id", "in": "path", "required": True, "schema": {"type": "string"}}

PATHS: dict[str, Any] = {
    "/api/score": {
        "post": {
            "summary": "Score a hand (the score contract)",
            "description": "Stateless: needs no session and no CSRF token.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("ScoreRequest")}}},
            "responses": {"200": _json(_ref("ScoreResponse"), "The scored hand"), "400": ERROR},
        }
    },
    "/api/standings": {
        "get": {
            "summary": "Final standings: rank, uma and oka from four end scores",
            "description": "Stateless. Scores in the seats of the first hand (East first); the scores and the "
            "riichi sticks left must add up to four times the starting points.",
            "parameters": [
                {
                    "name": "scores",
                    "in": "query",
                    "required": True,
                    "schema": {"type": "string"},
                    "example": "35000,28000,22000,15000",
                },
                {"name": "sticks", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                {"name": "rules", "in": "query", "schema": {"type": "string", "enum": ["tenhou", "uma-8-4"]}},
            ],
            "responses": {
                "200": _json(
                    {
                        "type": "object",
                        "required": ["rules", "source", "sticks", "standings", "notes"],
                        "properties": {
                            "rules": {"type": "string"},
                            "source": {
                                "type": "string",
                                "description": "Whether the rule set is Tenhou's published rule or common practice, "
                                "and where its numbers come from",
                            },
                            "sticks": {"type": "integer"},
                            "standings": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "required": ["seat", "rank", "score", "points", "uma", "oka", "final"],
                                    "properties": {
                                        "seat": {"enum": ["E", "S", "W", "N"]},
                                        "rank": {"type": "integer"},
                                        "score": {"type": "integer"},
                                        "points": {"type": "integer"},
                                        "base": {"type": "number"},
                                        "uma": {"type": "number"},
                                        "oka": {"type": "number"},
                                        "final": {"type": "number"},
                                        "working": {"type": "string"},
                                    },
                                },
                            },
                            "notes": {"type": "array", "items": {"type": "string"}},
                        },
                    },
                    "Each player's rank and final points, first place first",
                ),
                "400": ERROR,
            },
        }
    },
    "/api/openapi.json": {
        "get": {
            "summary": "This document",
            "responses": {"200": _json({"type": "object", "required": ["openapi", "paths"]}, "OpenAPI 3.1")},
        }
    },
    "/api/session": {
        "get": {
            "summary": "The CSRF token and the current user (null until a first question makes a guest)",
            "responses": {"200": _json(_ref("Session"), "Token and user")},
        }
    },
    "/api/questions/next": {
        "post": {
            "summary": "The next question of a session (or of a new one)",
            "description": "A question served but not yet answered comes back until it is answered, so a quiz "
            "cannot skip one. A replay (`mode: replay`) lists the ids of questions you have answered and may "
            "see the answers of; any other id is a 400 naming it. A drill names a skill that exists.",
            "parameters": [CSRF],
            "requestBody": {"content": {"application/json": {"schema": _ref("NextRequest")}}},
            "responses": {
                "200": _json(_ref("NextResponse"), "A question, or finished"),
                "400": ERROR,
                "404": NOT_FOUND,
                "409": _json(_ref("Error"), "The session is an attempt at a class assignment that is closed"),
            },
        }
    },
    "/api/questions/{question_id}": {
        "get": {
            "summary": "A question served to you, with its grading once answered",
            "parameters": [QUESTION_ID],
            "responses": {"200": _json(_ref("Question"), "The question"), "404": NOT_FOUND},
        }
    },
    "/api/questions/{question_id}/answer": {
        "post": {
            "summary": "Answer a question: graded part by part by the engine, and stored",
            "parameters": [QUESTION_ID, CSRF],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("AnswerRequest")}}},
            "responses": {
                "200": _json(_ref("AnswerResult"), "The grading"),
                "400": _json(_ref("Error"), "An answer that cannot be read (nothing is stored)"),
                "404": NOT_FOUND,
                "409": _json(
                    _ref("Error"), "Already answered (the first answer stands), or the class assignment is closed"
                ),
            },
        }
    },
    "/api/questions/{question_id}/show-answer": {
        "post": {
            "summary": "Show the right answers instead of answering: recorded as shown, not as a guess",
            "description": "Counts as a first try that was not right; every skill the question trains comes back "
            "soon in review. Refused (409) in an assignment that holds its answers back.",
            "parameters": [QUESTION_ID, CSRF],
            "responses": {
                "200": _json(_ref("AnswerResult"), "The right answers, part by part (outcome shown)"),
                "404": NOT_FOUND,
                "409": _json(_ref("Error"), "Already answered, the assignment is closed, or it holds answers back"),
            },
        }
    },
    "/api/questions/{question_id}/skip": {
        "post": {
            "summary": "Pass on a question: recorded as skipped (no skill, no tally; 0 in a quiz)",
            "parameters": [QUESTION_ID, CSRF],
            "responses": {
                "200": _json(
                    {
                        "type": "object",
                        "required": ["question_id", "answer_id", "outcome"],
                        "properties": {
                            "question_id": {"type": "string"},
                            "answer_id": {"type": "integer"},
                            "outcome": {"const": "skipped"},
                        },
                    },
                    "Recorded; ask /api/questions/next for the next question",
                ),
                "404": NOT_FOUND,
                "409": _json(_ref("Error"), "Already answered, or the class assignment is closed"),
            },
        }
    },
    "/api/questions/{question_id}/report": {
        "post": {
            "summary": "Report a question that looks wrong",
            "parameters": [QUESTION_ID, CSRF],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["remark"],
                            "properties": {"remark": {"type": "string"}},
                        }
                    }
                },
            },
            "responses": {"201": _json(_ref("Report"), "Stored for review"), "400": ERROR, "404": NOT_FOUND},
        }
    },
    "/api/games": {
        "get": {
            "summary": "Your imported game logs, the latest first",
            "responses": {
                "200": _json(
                    {
                        "type": "object",
                        "required": ["games"],
                        "properties": {"games": {"type": "array", "items": _ref("Game")}},
                    },
                    "Your games (none before a first import)",
                )
            },
        },
        "post": {
            "summary": "Import a game log and start practising its hands",
            "description": 'Send JSON `{"log": text, "file": name, "parts": [...], "itemised": false}` '
            "(tenhou.net/6 JSON or mjlog XML as text) or a multipart form with the file under `log` (a gzipped "
            ".mjlog too) and the parts under `part`. Parts: yaku, han, fu, points (none: all four). Up to 1 MB. "
            "A log that cannot be used (not a log, truncated, three-player or other unsupported rules, no wins, "
            "too large) is a 400 naming the problem (code bad_log) and nothing is stored. Then ask "
            "/api/questions/next with the session_id; each graded answer carries `logged`.",
            "parameters": [CSRF],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["log"],
                            "properties": {
                                "log": {"type": "string"},
                                "file": {"type": "string"},
                                "parts": {"type": "array", "items": {"enum": list(HAND_PARTS)}},
                                "itemised": {"type": "boolean"},
                            },
                        }
                    },
                    "multipart/form-data": {
                        "schema": {
                            "type": "object",
                            "properties": {
                                "log": {"type": "string", "contentEncoding": "binary"},
                                "part": {"type": "array", "items": {"enum": list(HAND_PARTS)}},
                            },
                        }
                    },
                },
            },
            "responses": {
                "201": _json(
                    {
                        "type": "object",
                        "required": ["game", "session_id"],
                        "properties": {"game": _ref("Game"), "session_id": {"type": "integer"}},
                    },
                    "Stored as yours; a practice session on its hands has started",
                ),
                "400": ERROR,
            },
        },
    },
    "/api/games/{game_id}": {
        "get": {
            "summary": "One of your games, every win with the log's result beside ours",
            "parameters": [GAME_ID],
            "responses": {
                "200": _json(
                    {
                        "allOf": [_ref("Game")],
                        "type": "object",
                        "required": ["hands_won"],
                        "properties": {"hands_won": {"type": "array", "items": _ref("LoggedHand")}},
                    },
                    "The game and its wins in play order",
                ),
                "404": NO_GAME,
            },
        },
        "delete": {
            "summary": "Delete one of your games (answers already given stay in your progress)",
            "parameters": [GAME_ID, CSRF],
            "responses": {
                "200": _json(
                    {"type": "object", "required": ["deleted"], "properties": {"deleted": {"type": "integer"}}},
                    "Deleted",
                ),
                "404": NO_GAME,
            },
        },
    },
    "/api/games/{game_id}/sessions": {
        "post": {
            "summary": "Practise one of your games again: a new session on its hands",
            "parameters": [GAME_ID, CSRF],
            "requestBody": {
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "properties": {
                                "parts": {"type": "array", "items": {"enum": list(HAND_PARTS)}},
                                "itemised": {"type": "boolean"},
                                "whose": {
                                    "enum": ["mine", "all"],
                                    "description": "mine: your wins and what you paid for the others' (a"
                                    " question of kind paid); all: every player's wins. Default: mine once"
                                    " your seat is chosen",
                                },
                            },
                        }
                    }
                }
            },
            "responses": {
                "201": _json(
                    {"type": "object", "required": ["session_id"], "properties": {"session_id": {"type": "integer"}}},
                    "Ask /api/questions/next with it",
                ),
                "400": ERROR,
                "404": NO_GAME,
            },
        }
    },
    "/api/games/{game_id}/seat": {
        "post": {
            "summary": "Say which player you were in one of your games",
            "description": "A later game with that player's name among its players gets the same seat.",
            "parameters": [GAME_ID, CSRF],
            "requestBody": {
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["seat"],
                            "properties": {"seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 3}},
                        }
                    }
                }
            },
            "responses": {"200": _json(_ref("Game"), "The game, with its seat"), "400": ERROR, "404": NO_GAME},
        }
    },
    "/api/progress": {
        "get": {
            "summary": "Your progress: streak, per-topic tallies, weakest skills",
            "parameters": [
                {"name": "days", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 365}}
            ],
            "responses": {"200": _json(_ref("Progress"), "Progress"), "400": ERROR},
        }
    },
}


PURE = frozenset({"/api/score", "/api/standings", "/api/openapi.json"})
"""Routes that compute their answer and touch no database (and need no CSRF token)."""
TOO_MANY = _json(
    _ref("Error"),
    "Too many requests (code too_many_requests): too many guest accounts from this address, or a limit of the "
    "route; the Retry-After header says in how many seconds to try again",
)
UNAVAILABLE = _json(
    _ref("Error"),
    "The database cannot be used just now (code unavailable), e.g. the write lock stayed busy past its wait; "
    "the Retry-After header says in how many seconds to try again",
)
UNREADABLE = _json(_ref("Error"), "Refused: unreadable JSON, a missing or wrong CSRF token, or bad parameters")
TOO_LARGE = _json(_ref("Error"), "The body is larger than the route takes")


def _with_common_statuses(paths: dict[str, Any]) -> dict[str, Any]:
    """Each operation with the statuses every route of its kind may answer, besides its own:

    - 400 for every state-changing call (the CSRF token) and every call with parameters or a body;
    - 413 for a body over the app's limit (the game upload says so in a 400 instead);
    - 429 for every state-changing call (it may make a guest account, and guests per address are limited);
    - 503 for every call that uses the database.
    """
    done: dict[str, Any] = {}
    for path, item in paths.items():
        done[path] = {}
        for method, operation in item.items():
            responses = dict(operation["responses"])
            changes = method in ("post", "put", "patch", "delete") and path not in PURE
            if changes or operation.get("parameters") or operation.get("requestBody"):
                responses.setdefault("400", UNREADABLE)
            if operation.get("requestBody") and path != "/api/games":
                responses.setdefault("413", TOO_LARGE)
            if changes:
                responses.setdefault("429", TOO_MANY)
            if path not in PURE:
                responses.setdefault("503", UNAVAILABLE)
            done[path][method] = {**operation, "responses": responses}
    return done


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Riichi Tutor",
            "version": "1",
            "description": "Score hands, and practise: fetch a question, answer it, read the grading. "
            "Practice calls use the session cookie; state-changing calls need the X-CSRF-Token header.",
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": _with_common_statuses(PATHS),
        "components": {"schemas": SCHEMAS},
    }
