"""The SQLite database, without Flask: the schema's frozen migrations, connections, the write lock, backups.

>>> db = connect(":memory:")
>>> migrations.apply(db)
>>> "answers" in db.table_names()
True
"""

from tutor.db.connection import (
    UNAVAILABLE,
    WriteBusy,
    backup,
    close,
    connect,
    is_unavailable,
    migrate,
    set_write_wait,
    skip_if_busy,
    write_transaction,
)
from tutor.db.schema import day_number, migrations

__all__ = [
    "UNAVAILABLE",
    "WriteBusy",
    "backup",
    "close",
    "connect",
    "day_number",
    "is_unavailable",
    "migrate",
    "migrations",
    "set_write_wait",
    "skip_if_busy",
    "write_transaction",
]
