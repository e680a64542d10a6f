"""Classes, join codes, assignments and what the class did with them. No Flask here, only the database.

Any account can open a class and is then its teacher. Students join with the
class's join code (rate-limited: wrong codes count against the account and the
address). An assignment is a quiz with a fixed seed: the same hands for the
whole class, or (``variant``) each student's own hands from it. An attempt is a
practice session in mode ``"assignment"`` that names its assignment, so every
answer goes through the same grading, storage and skill tracking as practice.
What an assignment allows while a student answers (open, due, reveal) is decided
by the practice loop, :mod:`tutor.practice.sessions`, from :class:`Assignment`'s rules.

Every lookup that takes an id from a URL also takes the user, and raises
:class:`NotFound` unless the user teaches (or belongs to) the class: a teacher
sees only their own classes, a student only the classes they joined.

One module per concern; this package re-exports what callers use:

- :mod:`.roster`: classes, join codes, members
- :mod:`.assignments`: assignments and their rules (open, due, attempts, reveal)
- :mod:`.attempts`: attempts, the best one, a student's standing and to-do list
- :mod:`.dashboard`: the teacher's figures per student, question, mistake and skill
- :mod:`.export`: CSV and JSON exports
- :mod:`.question_reports`: "report this question" reports, read and closed by the teacher
- :mod:`.lifecycle`: archiving (read-only) and deleting a class
"""

from tutor.classroom.assignments import (
    MAX_ATTEMPTS,
    REVEAL,
    Assignment,
    assignment,
    assignment_of_session,
    assignments,
    attempt_of,
    check_assignment,
    create_assignment,
    delete_assignment,
    parse_time,
    target_label,
    update_assignment,
)
from tutor.classroom.attempts import Attempt, StudentWork, attempts, best, start_attempt, student_work, to_do
from tutor.classroom.dashboard import (
    ROSTER_PAGE,
    AssignmentResults,
    Heatmap,
    QuestionStats,
    Report,
    RosterPage,
    Standing,
    class_mistakes,
    heatmap,
    overview,
    reports,
    results,
    roster_page,
)
from tutor.classroom.errors import ClassroomError, NotFound, TooManyAttempts
from tutor.classroom.export import (
    BOM,
    EXPORT_COLUMNS,
    JSON_COLUMNS,
    csv_cell,
    exercise_words,
    json_chunks,
    results_csv,
)
from tutor.classroom.lifecycle import WhatGoes, archive_class, delete_class, restore_class, what_goes
from tutor.classroom.question_reports import (
    QuestionReport,
    class_reports,
    close_report,
    every_report,
    open_report_count,
)
from tutor.classroom.roster import (
    ARCHIVED,
    JOIN_CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    JOIN_LIMIT_ACCOUNT,
    JOIN_LIMIT_ADDRESS,
    JOIN_WINDOW,
    MAX_DISPLAY_NAME,
    MAX_NAME,
    Classroom,
    Member,
    archived_reason,
    class_by_id,
    class_for_member,
    class_for_teacher,
    create_class,
    enrolled,
    every_class,
    is_member,
    join,
    member,
    new_join_code,
    normalise_code,
    refuse_if_archived,
    remove_member,
    rename_member,
    roster,
    teaches,
    teaching,
)

__all__ = [
    "ARCHIVED",
    "Assignment",
    "AssignmentResults",
    "Attempt",
    "Classroom",
    "ClassroomError",
    "EXPORT_COLUMNS",
    "Heatmap",
    "JOIN_CODE_ALPHABET",
    "JOIN_CODE_LENGTH",
    "JOIN_LIMIT_ACCOUNT",
    "JOIN_LIMIT_ADDRESS",
    "BOM",
    "JOIN_WINDOW",
    "JSON_COLUMNS",
    "MAX_ATTEMPTS",
    "MAX_DISPLAY_NAME",
    "MAX_NAME",
    "Member",
    "NotFound",
    "QuestionReport",
    "QuestionStats",
    "REVEAL",
    "Report",
    "StudentWork",
    "TooManyAttempts",
    "WhatGoes",
    "archive_class",
    "archived_reason",
    "assignment",
    "assignment_of_session",
    "assignments",
    "attempt_of",
    "attempts",
    "best",
    "check_assignment",
    "class_by_id",
    "class_for_member",
    "class_for_teacher",
    "class_mistakes",
    "class_reports",
    "close_report",
    "create_assignment",
    "create_class",
    "delete_class",
    "csv_cell",
    "exercise_words",
    "delete_assignment",
    "enrolled",
    "is_member",
    "every_report",
    "every_class",
    "json_chunks",
    "results_csv",
    "ROSTER_PAGE",
    "RosterPage",
    "Standing",
    "heatmap",
    "overview",
    "roster_page",
    "join",
    "member",
    "new_join_code",
    "normalise_code",
    "open_report_count",
    "refuse_if_archived",
    "parse_time",
    "target_label",
    "remove_member",
    "rename_member",
    "reports",
    "restore_class",
    "results",
    "roster",
    "start_attempt",
    "student_work",
    "teaches",
    "teaching",
    "to_do",
    "update_assignment",
    "what_goes",
]
