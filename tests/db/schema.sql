-- migration m001_meta
-- migration m002_practice
-- migration m003_classroom
-- migration m004_held_answers
-- migration m005_first_answer_stands
-- migration m006_session_generation_and_login_attempts
-- migration m007_guest_addresses
-- migration m008_password_resets
-- migration m009_answer_outcome
-- migration m010_scale
-- migration m011_user_language
-- migration m012_teachers_and_lessons
-- migration m013_game_logs
-- migration m014_wrong_answers
-- migration m015_first_try_weeks
-- migration m016_upload_attempts
-- migration m017_table_games
-- migration m018_game_seat
-- migration m019_game_nights
-- index idx__sqlite_migrations_migration_set_name
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
-- index idx_answer_skills_answer
CREATE INDEX idx_answer_skills_answer ON answer_skills (answer_id, skill, correct);
-- index idx_answer_skills_user_day
CREATE INDEX idx_answer_skills_user_day ON answer_skills (user_id, answered_at, skill, correct, answer_id);
-- index idx_answer_skills_user_id_skill_answered_at
CREATE INDEX "idx_answer_skills_user_id_skill_answered_at"
    ON "answer_skills" ("user_id", "skill", "answered_at");
-- index idx_answers_first
CREATE UNIQUE INDEX idx_answers_first ON answers (question_id) WHERE attempt = 1;
-- index idx_answers_held
CREATE INDEX idx_answers_held ON answers (user_id) WHERE held = 1;
-- index idx_answers_mistaken
CREATE INDEX idx_answers_mistaken ON answers (user_id, answered_at, held, mistakes) WHERE mistakes <> '[]';
-- index idx_answers_question_id
CREATE INDEX "idx_answers_question_id"
    ON "answers" ("question_id");
-- index idx_answers_question_mistaken
CREATE INDEX idx_answers_question_mistaken ON answers (question_id, attempt, user_id, mistakes) WHERE mistakes <> '[]';
-- index idx_answers_question_tally
CREATE INDEX idx_answers_question_tally ON answers (question_id, attempt, correct, score, time_ms, answered_at, wrong);
-- index idx_answers_user_day
CREATE INDEX idx_answers_user_day ON answers (user_id, answered_at, attempt, held, correct, question_id);
-- index idx_answers_user_id_answered_at
CREATE INDEX "idx_answers_user_id_answered_at"
    ON "answers" ("user_id", "answered_at");
-- index idx_assignments_class_id
CREATE INDEX "idx_assignments_class_id"
    ON "assignments" ("class_id");
-- index idx_classes_join_code
CREATE UNIQUE INDEX "idx_classes_join_code"
    ON "classes" ("join_code");
-- index idx_classes_teacher_id
CREATE INDEX "idx_classes_teacher_id"
    ON "classes" ("teacher_id");
-- index idx_game_logs_user
CREATE INDEX idx_game_logs_user ON game_logs (user_id);
-- index idx_game_nights_class
CREATE INDEX idx_game_nights_class ON game_nights (class_id, created_at);
-- index idx_join_attempts_address_at
CREATE INDEX "idx_join_attempts_address_at"
    ON "join_attempts" ("address", "at");
-- index idx_join_attempts_user_id_at
CREATE INDEX "idx_join_attempts_user_id_at"
    ON "join_attempts" ("user_id", "at");
-- index idx_lesson_checks_user_id_page_number
CREATE INDEX "idx_lesson_checks_user_id_page_number"
    ON "lesson_checks" ("user_id", "page", "number");
-- index idx_login_attempts_address_at
CREATE INDEX "idx_login_attempts_address_at"
    ON "login_attempts" ("address", "at");
-- index idx_login_attempts_username_at
CREATE INDEX "idx_login_attempts_username_at"
    ON "login_attempts" ("username", "at");
-- index idx_memberships_user_id
CREATE INDEX "idx_memberships_user_id"
    ON "memberships" ("user_id");
-- index idx_password_resets_user_id
CREATE INDEX "idx_password_resets_user_id"
    ON "password_resets" ("user_id");
-- index idx_practice_sessions_assignment_id_user_id
CREATE INDEX "idx_practice_sessions_assignment_id_user_id"
    ON "practice_sessions" ("assignment_id", "user_id");
-- index idx_questions_session
CREATE INDEX idx_questions_session ON questions (session_id, position, id, topic, target);
-- index idx_questions_session_id_position
CREATE UNIQUE INDEX "idx_questions_session_id_position"
    ON "questions" ("session_id", "position");
-- index idx_questions_user_id_served_at
CREATE INDEX "idx_questions_user_id_served_at"
    ON "questions" ("user_id", "served_at");
-- index idx_reports_open
CREATE INDEX idx_reports_open ON reports (status, created_at);
-- index idx_skill_states_user_id_due_at
CREATE INDEX "idx_skill_states_user_id_due_at"
    ON "skill_states" ("user_id", "due_at");
-- index idx_table_games_night
CREATE INDEX idx_table_games_night ON table_games (night_id);
-- index idx_table_games_user
CREATE INDEX idx_table_games_user ON table_games (user_id, updated_at);
-- index idx_upload_attempts_address
CREATE INDEX idx_upload_attempts_address ON upload_attempts (address, at) WHERE guest = 1;
-- index idx_upload_attempts_user
CREATE INDEX idx_upload_attempts_user ON upload_attempts (user_id, at);
-- index idx_users_guest_address
CREATE INDEX idx_users_guest_address ON users (created_address, created_at) WHERE is_guest = 1;
-- index idx_users_username
CREATE UNIQUE INDEX idx_users_username ON users (username COLLATE NOCASE);
-- table _sqlite_migrations
CREATE TABLE "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
-- table answer_skills
CREATE TABLE "answer_skills" (
   "answer_id" INTEGER REFERENCES "answers"("id"),
   "user_id" INTEGER REFERENCES "users"("id"),
   "skill" TEXT,
   "correct" INTEGER,
   "answered_at" TEXT, card TEXT,
   PRIMARY KEY ("answer_id", "skill")
);
-- table answers
CREATE TABLE "answers" (
   "id" INTEGER PRIMARY KEY,
   "question_id" TEXT NOT NULL REFERENCES "questions"("id"),
   "user_id" INTEGER NOT NULL REFERENCES "users"("id"),
   "attempt" INTEGER NOT NULL,
   "given" TEXT NOT NULL,
   "correct" INTEGER NOT NULL,
   "score" REAL NOT NULL,
   "parts" TEXT,
   "mistakes" TEXT,
   "time_ms" INTEGER,
   "answered_at" TEXT NOT NULL
, held INTEGER NOT NULL DEFAULT 0, outcome TEXT NOT NULL DEFAULT 'answered', wrong TEXT);
-- table assignment_skill_tallies
CREATE TABLE assignment_skill_tallies (assignment_id INTEGER NOT NULL, user_id INTEGER NOT NULL, skill TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL, PRIMARY KEY (assignment_id, user_id, skill)) WITHOUT ROWID;
-- table assignments
CREATE TABLE "assignments" (
   "id" INTEGER PRIMARY KEY,
   "class_id" INTEGER NOT NULL REFERENCES "classes"("id"),
   "title" TEXT NOT NULL,
   "settings" TEXT NOT NULL,
   "variant" INTEGER NOT NULL,
   "opens_at" TEXT NOT NULL,
   "due_at" TEXT,
   "attempts_allowed" INTEGER NOT NULL,
   "reveal" TEXT NOT NULL,
   "created_at" TEXT NOT NULL
);
-- table attempt_tallies
CREATE TABLE attempt_tallies (session_id INTEGER PRIMARY KEY, answered INTEGER NOT NULL, right INTEGER NOT NULL, score REAL NOT NULL, time_ms INTEGER NOT NULL, last_at TEXT);
-- table class_mistake_tallies
CREATE TABLE class_mistake_tallies (class_id INTEGER NOT NULL, user_id INTEGER NOT NULL, mistake TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (class_id, user_id, mistake)) WITHOUT ROWID;
-- table class_skill_tallies
CREATE TABLE class_skill_tallies (class_id INTEGER NOT NULL, user_id INTEGER NOT NULL, skill TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL, PRIMARY KEY (class_id, user_id, skill)) WITHOUT ROWID;
-- table classes
CREATE TABLE "classes" (
   "id" INTEGER PRIMARY KEY,
   "name" TEXT NOT NULL,
   "teacher_id" INTEGER NOT NULL REFERENCES "users"("id"),
   "join_code" TEXT NOT NULL,
   "created_at" TEXT NOT NULL
, archived_at TEXT);
-- table first_try_days
CREATE TABLE first_try_days (user_id INTEGER NOT NULL, kind TEXT NOT NULL, day TEXT NOT NULL, key TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL, PRIMARY KEY (user_id, kind, day, key)) WITHOUT ROWID;
-- table first_try_weeks
CREATE TABLE first_try_weeks (user_id INTEGER NOT NULL, kind TEXT NOT NULL, phase INTEGER NOT NULL, week INTEGER NOT NULL, key TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL, PRIMARY KEY (user_id, kind, phase, week, key)) WITHOUT ROWID;
-- table game_logs
CREATE TABLE game_logs (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, title TEXT NOT NULL, format TEXT NOT NULL, players TEXT NOT NULL, rules TEXT NOT NULL, hands INTEGER NOT NULL, wins INTEGER NOT NULL, askable INTEGER NOT NULL, created_at TEXT NOT NULL, seat INTEGER, scores TEXT);
-- table game_nights
CREATE TABLE game_nights (id INTEGER PRIMARY KEY, class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE, teacher_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, created_at TEXT NOT NULL);
-- table game_wins
CREATE TABLE game_wins (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES game_logs(id) ON DELETE CASCADE, position INTEGER NOT NULL, record TEXT NOT NULL, problem TEXT, UNIQUE (game_id, position));
-- table join_attempts
CREATE TABLE "join_attempts" (
   "id" INTEGER PRIMARY KEY,
   "user_id" INTEGER,
   "address" TEXT,
   "at" TEXT NOT NULL,
   "ok" INTEGER NOT NULL
);
-- table lesson_checks
CREATE TABLE "lesson_checks" (
   "id" INTEGER PRIMARY KEY,
   "user_id" INTEGER NOT NULL REFERENCES "users"("id"),
   "page" TEXT NOT NULL,
   "number" INTEGER NOT NULL,
   "question_key" TEXT NOT NULL,
   "given" TEXT NOT NULL,
   "correct" INTEGER NOT NULL,
   "score" REAL NOT NULL,
   "answered_at" TEXT NOT NULL
);
-- table lesson_reads
CREATE TABLE "lesson_reads" (
   "user_id" INTEGER REFERENCES "users"("id"),
   "page" TEXT,
   "first_read_at" TEXT NOT NULL,
   "last_read_at" TEXT NOT NULL,
   PRIMARY KEY ("user_id", "page")
);
-- table login_attempts
CREATE TABLE "login_attempts" (
   "id" INTEGER PRIMARY KEY,
   "username" TEXT NOT NULL,
   "address" TEXT NOT NULL,
   "at" TEXT NOT NULL,
   "ok" INTEGER NOT NULL
);
-- table memberships
CREATE TABLE "memberships" (
   "class_id" INTEGER REFERENCES "classes"("id"),
   "user_id" INTEGER REFERENCES "users"("id"),
   "display_name" TEXT NOT NULL,
   "joined_at" TEXT NOT NULL,
   PRIMARY KEY ("class_id", "user_id")
);
-- table meta
CREATE TABLE "meta" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT
);
-- table password_resets
CREATE TABLE "password_resets" (
   "token_hash" TEXT PRIMARY KEY,
   "user_id" INTEGER NOT NULL REFERENCES "users"("id"),
   "made_by" INTEGER NOT NULL REFERENCES "users"("id"),
   "created_at" TEXT NOT NULL,
   "expires_at" TEXT NOT NULL,
   "used_at" TEXT
);
-- table practice_sessions
CREATE TABLE "practice_sessions" (
   "id" INTEGER PRIMARY KEY,
   "user_id" INTEGER NOT NULL REFERENCES "users"("id"),
   "mode" TEXT NOT NULL,
   "settings" TEXT NOT NULL,
   "started_at" TEXT NOT NULL,
   "finished_at" TEXT
, assignment_id INTEGER REFERENCES assignments(id));
-- table questions
CREATE TABLE "questions" (
   "id" TEXT PRIMARY KEY,
   "user_id" INTEGER NOT NULL REFERENCES "users"("id"),
   "session_id" INTEGER NOT NULL REFERENCES "practice_sessions"("id"),
   "position" INTEGER,
   "topic" TEXT NOT NULL,
   "target" TEXT,
   "difficulty" INTEGER NOT NULL,
   "seed" TEXT NOT NULL,
   "payload" TEXT NOT NULL,
   "served_at" TEXT NOT NULL
);
-- table reports
CREATE TABLE "reports" (
   "id" INTEGER PRIMARY KEY,
   "question_id" TEXT REFERENCES "questions"("id"),
   "user_id" INTEGER REFERENCES "users"("id"),
   "remark" TEXT,
   "created_at" TEXT,
   "status" TEXT DEFAULT 'open'
, closed_at TEXT, closed_by INTEGER REFERENCES users(id));
-- table skill_states
CREATE TABLE "skill_states" (
   "user_id" INTEGER REFERENCES "users"("id"),
   "skill" TEXT,
   "card" TEXT,
   "due_at" TEXT,
   "reviews" INTEGER,
   "lapses" INTEGER,
   "updated_at" TEXT,
   PRIMARY KEY ("user_id", "skill")
);
-- table table_games
CREATE TABLE table_games (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, settings TEXT NOT NULL, share_token TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, night_id INTEGER REFERENCES game_nights(id) ON DELETE SET NULL);
-- table table_hands
CREATE TABLE table_hands (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES table_games(id) ON DELETE CASCADE, position INTEGER NOT NULL, record TEXT NOT NULL, UNIQUE (game_id, position));
-- table upload_attempts
CREATE TABLE upload_attempts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, address TEXT NOT NULL, guest INTEGER NOT NULL, at TEXT NOT NULL);
-- table users
CREATE TABLE "users" (
   "id" INTEGER PRIMARY KEY,
   "username" TEXT,
   "password_hash" TEXT,
   "role" TEXT NOT NULL DEFAULT 'learner',
   "is_guest" INTEGER NOT NULL DEFAULT 1,
   "created_at" TEXT NOT NULL,
   "last_seen_at" TEXT
, session_generation INTEGER NOT NULL DEFAULT 0, created_address TEXT, language TEXT);
-- trigger attempt_tally_added
CREATE TRIGGER attempt_tally_added AFTER INSERT ON answers WHEN new.attempt = 1 BEGIN INSERT INTO attempt_tallies (session_id, answered, right, score, time_ms, last_at) SELECT q.session_id, 1, new.correct, new.score, COALESCE(new.time_ms, 0), new.answered_at FROM questions q JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE q.id = new.question_id ON CONFLICT DO UPDATE SET answered = answered + 1, right = right + excluded.right, score = score + excluded.score, time_ms = time_ms + excluded.time_ms, last_at = MAX(last_at, excluded.last_at); END;
-- trigger attempt_tally_deleted
CREATE TRIGGER attempt_tally_deleted AFTER DELETE ON answers WHEN old.attempt = 1 BEGIN UPDATE attempt_tallies SET answered = answered - 1, right = right - old.correct, score = score - old.score, time_ms = time_ms - COALESCE(old.time_ms, 0), last_at = (SELECT MAX(a.answered_at) FROM answers a JOIN questions q ON q.id = a.question_id WHERE q.session_id = attempt_tallies.session_id AND a.attempt = 1) WHERE session_id = (SELECT session_id FROM questions WHERE id = old.question_id); DELETE FROM attempt_tallies WHERE session_id = (SELECT session_id FROM questions WHERE id = old.question_id) AND answered <= 0; END;
-- trigger attempt_tally_session_deleted
CREATE TRIGGER attempt_tally_session_deleted AFTER DELETE ON practice_sessions BEGIN DELETE FROM attempt_tallies WHERE session_id = old.id; END;
-- trigger class_mistake_tally_added
CREATE TRIGGER class_mistake_tally_added AFTER INSERT ON answers BEGIN INSERT INTO class_mistake_tallies (class_id, user_id, mistake, n) SELECT x.class_id, a.user_id, j.value, COUNT(*) FROM (SELECT new.question_id AS question_id, new.user_id AS user_id) a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id, json_each(new.mistakes) j WHERE new.mistakes <> '[]' GROUP BY j.value ON CONFLICT DO UPDATE SET n = n + excluded.n; END;
-- trigger class_mistake_tally_changed
CREATE TRIGGER class_mistake_tally_changed AFTER UPDATE OF question_id, user_id, mistakes ON answers BEGIN UPDATE class_mistake_tallies SET n = n - (SELECT COUNT(*) FROM json_each(old.mistakes) j WHERE j.value = class_mistake_tallies.mistake) WHERE user_id = old.user_id AND class_id = (SELECT x.class_id FROM (SELECT old.question_id AS question_id) a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id) AND old.mistakes <> '[]' AND mistake IN (SELECT value FROM json_each(old.mistakes)); DELETE FROM class_mistake_tallies WHERE user_id = old.user_id AND class_id = (SELECT x.class_id FROM (SELECT old.question_id AS question_id) a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id) AND old.mistakes <> '[]' AND n <= 0;INSERT INTO class_mistake_tallies (class_id, user_id, mistake, n) SELECT x.class_id, a.user_id, j.value, COUNT(*) FROM (SELECT new.question_id AS question_id, new.user_id AS user_id) a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id, json_each(new.mistakes) j WHERE new.mistakes <> '[]' GROUP BY j.value ON CONFLICT DO UPDATE SET n = n + excluded.n; END;
-- trigger class_mistake_tally_deleted
CREATE TRIGGER class_mistake_tally_deleted AFTER DELETE ON answers BEGIN UPDATE class_mistake_tallies SET n = n - (SELECT COUNT(*) FROM json_each(old.mistakes) j WHERE j.value = class_mistake_tallies.mistake) WHERE user_id = old.user_id AND class_id = (SELECT x.class_id FROM (SELECT old.question_id AS question_id) a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id) AND old.mistakes <> '[]' AND mistake IN (SELECT value FROM json_each(old.mistakes)); DELETE FROM class_mistake_tallies WHERE user_id = old.user_id AND class_id = (SELECT x.class_id FROM (SELECT old.question_id AS question_id) a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id) AND old.mistakes <> '[]' AND n <= 0; END;
-- trigger class_skill_tally_added
CREATE TRIGGER class_skill_tally_added AFTER INSERT ON answer_skills BEGIN INSERT INTO assignment_skill_tallies (assignment_id, user_id, skill, done, right) SELECT s.assignment_id, s.user_id, new.skill, 1, new.correct FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE a.id = new.answer_id AND a.attempt = 1 ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; INSERT INTO class_skill_tallies (class_id, user_id, skill, done, right) SELECT x.class_id, s.user_id, new.skill, 1, new.correct FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE a.id = new.answer_id AND a.attempt = 1 ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; END;
-- trigger class_skill_tally_deleted
CREATE TRIGGER class_skill_tally_deleted AFTER DELETE ON answer_skills BEGIN UPDATE assignment_skill_tallies SET done = done - 1, right = right - old.correct WHERE (assignment_id, user_id) IN (SELECT s.assignment_id, s.user_id FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE a.id = old.answer_id AND a.attempt = 1) AND skill = old.skill; DELETE FROM assignment_skill_tallies WHERE (assignment_id, user_id) IN (SELECT s.assignment_id, s.user_id FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE a.id = old.answer_id AND a.attempt = 1) AND skill = old.skill AND done <= 0; UPDATE class_skill_tallies SET done = done - 1, right = right - old.correct WHERE (class_id, user_id) IN (SELECT x.class_id, s.user_id FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE a.id = old.answer_id AND a.attempt = 1) AND skill = old.skill; DELETE FROM class_skill_tallies WHERE (class_id, user_id) IN (SELECT x.class_id, s.user_id FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id WHERE a.id = old.answer_id AND a.attempt = 1) AND skill = old.skill AND done <= 0; END;
-- trigger first_try_answer_added
CREATE TRIGGER first_try_answer_added AFTER INSERT ON answers BEGIN INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT new.user_id, 'topic', substr(new.answered_at, 1, 10), (SELECT topic FROM questions WHERE id = new.question_id), 1, new.correct WHERE new.attempt = 1 AND new.held = 0 AND new.outcome != 'skipped' ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; END;
-- trigger first_try_answer_changed
CREATE TRIGGER first_try_answer_changed AFTER UPDATE OF user_id, attempt, held, correct, answered_at ON answers BEGIN UPDATE first_try_days SET done = done - 1, right = right - old.correct WHERE user_id = old.user_id AND kind = 'topic' AND day = substr(old.answered_at, 1, 10) AND key = (SELECT topic FROM questions WHERE id = old.question_id) AND old.attempt = 1 AND old.held = 0 AND old.outcome != 'skipped'; DELETE FROM first_try_days WHERE user_id = old.user_id AND kind = 'topic' AND day = substr(old.answered_at, 1, 10) AND key = (SELECT topic FROM questions WHERE id = old.question_id) AND done <= 0;INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT new.user_id, 'topic', substr(new.answered_at, 1, 10), (SELECT topic FROM questions WHERE id = new.question_id), 1, new.correct WHERE new.attempt = 1 AND new.held = 0 AND new.outcome != 'skipped' ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; END;
-- trigger first_try_answer_counted
CREATE TRIGGER first_try_answer_counted AFTER UPDATE OF attempt, held ON answers WHEN (new.attempt = 1 AND new.held = 0 AND new.outcome != 'skipped') AND NOT (old.attempt = 1 AND old.held = 0 AND old.outcome != 'skipped') BEGIN INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT s.user_id, 'skill', substr(s.answered_at, 1, 10), s.skill, 1, s.correct FROM answer_skills s WHERE s.answer_id = new.id AND true ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; END;
-- trigger first_try_answer_deleted
CREATE TRIGGER first_try_answer_deleted AFTER DELETE ON answers BEGIN UPDATE first_try_days SET done = done - 1, right = right - old.correct WHERE user_id = old.user_id AND kind = 'topic' AND day = substr(old.answered_at, 1, 10) AND key = (SELECT topic FROM questions WHERE id = old.question_id) AND old.attempt = 1 AND old.held = 0 AND old.outcome != 'skipped'; DELETE FROM first_try_days WHERE user_id = old.user_id AND kind = 'topic' AND day = substr(old.answered_at, 1, 10) AND key = (SELECT topic FROM questions WHERE id = old.question_id) AND done <= 0; END;
-- trigger first_try_answer_uncounted
CREATE TRIGGER first_try_answer_uncounted AFTER UPDATE OF attempt, held ON answers WHEN (old.attempt = 1 AND old.held = 0 AND old.outcome != 'skipped') AND NOT (new.attempt = 1 AND new.held = 0 AND new.outcome != 'skipped') BEGIN UPDATE first_try_days SET done = done - 1, right = right - (SELECT s.correct FROM answer_skills s WHERE s.answer_id = old.id AND s.user_id = first_try_days.user_id AND substr(s.answered_at, 1, 10) = first_try_days.day AND s.skill = first_try_days.key) WHERE kind = 'skill' AND user_id IN (SELECT user_id FROM answer_skills WHERE answer_id = old.id) AND day IN (SELECT substr(answered_at, 1, 10) FROM answer_skills WHERE answer_id = old.id) AND EXISTS (SELECT 1 FROM answer_skills s WHERE s.answer_id = old.id AND s.user_id = first_try_days.user_id AND substr(s.answered_at, 1, 10) = first_try_days.day AND s.skill = first_try_days.key); DELETE FROM first_try_days WHERE kind = 'skill' AND user_id IN (SELECT user_id FROM answer_skills WHERE answer_id = old.id) AND day IN (SELECT substr(answered_at, 1, 10) FROM answer_skills WHERE answer_id = old.id) AND done <= 0; END;
-- trigger first_try_skill_added
CREATE TRIGGER first_try_skill_added AFTER INSERT ON answer_skills BEGIN INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT new.user_id, 'skill', substr(new.answered_at, 1, 10), new.skill, 1, new.correct WHERE EXISTS (SELECT 1 FROM answers WHERE id = new.answer_id AND attempt = 1 AND held = 0 AND outcome != 'skipped') ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; END;
-- trigger first_try_skill_changed
CREATE TRIGGER first_try_skill_changed AFTER UPDATE OF user_id, skill, correct, answered_at ON answer_skills BEGIN UPDATE first_try_days SET done = done - 1, right = right - old.correct WHERE user_id = old.user_id AND kind = 'skill' AND day = substr(old.answered_at, 1, 10) AND key = old.skill AND EXISTS (SELECT 1 FROM answers WHERE id = old.answer_id AND attempt = 1 AND held = 0 AND outcome != 'skipped'); DELETE FROM first_try_days WHERE user_id = old.user_id AND kind = 'skill' AND day = substr(old.answered_at, 1, 10) AND key = old.skill AND done <= 0;INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT new.user_id, 'skill', substr(new.answered_at, 1, 10), new.skill, 1, new.correct WHERE EXISTS (SELECT 1 FROM answers WHERE id = new.answer_id AND attempt = 1 AND held = 0 AND outcome != 'skipped') ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right; END;
-- trigger first_try_skill_deleted
CREATE TRIGGER first_try_skill_deleted AFTER DELETE ON answer_skills BEGIN UPDATE first_try_days SET done = done - 1, right = right - old.correct WHERE user_id = old.user_id AND kind = 'skill' AND day = substr(old.answered_at, 1, 10) AND key = old.skill AND EXISTS (SELECT 1 FROM answers WHERE id = old.answer_id AND attempt = 1 AND held = 0 AND outcome != 'skipped'); DELETE FROM first_try_days WHERE user_id = old.user_id AND kind = 'skill' AND day = substr(old.answered_at, 1, 10) AND key = old.skill AND done <= 0; END;
-- trigger first_try_week_added
CREATE TRIGGER first_try_week_added AFTER INSERT ON first_try_days BEGIN INSERT INTO first_try_weeks (user_id, kind, phase, week, key, done, right) SELECT new.user_id, new.kind, p.column1, IFNULL((CAST(julianday(new.day) AS INTEGER) - p.column1) / 7, -1), new.key, new.done, new.right FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) p WHERE true ON CONFLICT DO UPDATE SET done = done + excluded.done, right = right + excluded.right; END;
-- trigger first_try_week_deleted
CREATE TRIGGER first_try_week_deleted AFTER DELETE ON first_try_days BEGIN UPDATE first_try_weeks SET done = done - (old.done), right = right - (old.right) WHERE user_id = old.user_id AND kind = old.kind AND key = old.key AND (phase, week) IN (SELECT p.column1, IFNULL((CAST(julianday(old.day) AS INTEGER) - p.column1) / 7, -1) FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) p); DELETE FROM first_try_weeks WHERE user_id = old.user_id AND kind = old.kind AND key = old.key AND (phase, week) IN (SELECT p.column1, IFNULL((CAST(julianday(old.day) AS INTEGER) - p.column1) / 7, -1) FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) p) AND done <= 0; END;
-- trigger first_try_week_grew
CREATE TRIGGER first_try_week_grew AFTER UPDATE OF done, right ON first_try_days WHEN new.done >= old.done BEGIN INSERT INTO first_try_weeks (user_id, kind, phase, week, key, done, right) SELECT new.user_id, new.kind, p.column1, IFNULL((CAST(julianday(new.day) AS INTEGER) - p.column1) / 7, -1), new.key, new.done - old.done, new.right - old.right FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) p WHERE true ON CONFLICT DO UPDATE SET done = done + excluded.done, right = right + excluded.right; END;
-- trigger first_try_week_shrank
CREATE TRIGGER first_try_week_shrank AFTER UPDATE OF done, right ON first_try_days WHEN new.done < old.done BEGIN UPDATE first_try_weeks SET done = done - (old.done - new.done), right = right - (old.right - new.right) WHERE user_id = new.user_id AND kind = new.kind AND key = new.key AND (phase, week) IN (SELECT p.column1, IFNULL((CAST(julianday(new.day) AS INTEGER) - p.column1) / 7, -1) FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) p); DELETE FROM first_try_weeks WHERE user_id = new.user_id AND kind = new.kind AND key = new.key AND (phase, week) IN (SELECT p.column1, IFNULL((CAST(julianday(new.day) AS INTEGER) - p.column1) / 7, -1) FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) p) AND done <= 0; END;
