"""The migrations are frozen: a fresh database built through every one of them has exactly the committed schema.

A migration that changed after its release would build a different schema on a new server than the one
every running server has. When a new migration is added, write the new snapshot with
``python -m tests.db.test_schema`` and commit it with the migration.
"""

from __future__ import annotations

import ast
from pathlib import Path

from sqlite_utils import Database

from tutor.db import connect, migrations

SNAPSHOT = Path(__file__).resolve().parent / "schema.sql"
SCHEMA_MODULE = Path(__file__).resolve().parents[2] / "tutor" / "db" / "schema.py"


def fresh_schema(db: Database) -> str:
    """Every migration applied, then every table, index, trigger and view as SQLite keeps it, in name order."""
    migrations.apply(db)
    applied = [row["name"] for row in db.query("SELECT name FROM _sqlite_migrations ORDER BY id")]
    objects = db.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
        " ORDER BY type, name"
    ).fetchall()
    lines = [f"-- migration {name}" for name in applied]
    lines += [f"-- {kind} {name}\n{sql};" for kind, name, sql in objects]
    return "\n".join(lines) + "\n"


def test_a_fresh_database_has_the_committed_schema(tmp_path: Path) -> None:
    built = fresh_schema(connect(tmp_path / "fresh.sqlite"))
    assert SNAPSHOT.exists(), "no snapshot: write it with python -m tests.db.test_schema"
    assert built == SNAPSHOT.read_text(), "the migrations build another schema than tests/db/schema.sql"


def test_the_snapshot_names_every_migration() -> None:
    text = SNAPSHOT.read_text()
    names = [migration.name for migration in migrations._migrations]
    assert names and all(f"-- migration {name}\n" in text for name in names)


def test_the_migrations_import_no_application_code() -> None:
    for node in ast.walk(ast.parse(SCHEMA_MODULE.read_text())):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not (node.module or "").startswith("tutor"), node.module
        elif isinstance(node, ast.Import):
            assert not any(alias.name.startswith("tutor") for alias in node.names)


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        SNAPSHOT.write_text(fresh_schema(connect(Path(folder) / "fresh.sqlite")))
    print(f"wrote {SNAPSHOT}")
