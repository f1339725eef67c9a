package clubdb

// migrations are the schema, step by step: migrations[k-1] takes a
// database of version k-1 to version k (PRAGMA user_version). A step is
// never changed once released: a change of schema is a new step at the
// end. Open applies the missing steps in one transaction.
//
// Times are Unix milliseconds (UTC). A player is their SSH key's
// fingerprint and the name they chose, nothing else.
var migrations = []string{
	// 1: the index of the state directory's game logs. A game is its
	// log: log_sha256 (hex SHA-256 of the log's bytes) is its identity,
	// so the same game filed in several players' histories is one game,
	// and recording it again changes nothing.
	`
CREATE TABLE players (
	key        TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	first_seen INTEGER NOT NULL,
	last_seen  INTEGER NOT NULL
) STRICT;

CREATE TABLE games (
	id         INTEGER PRIMARY KEY,
	log_sha256 TEXT NOT NULL UNIQUE CHECK (length(log_sha256) = 64),
	log_path   TEXT NOT NULL,
	table_code TEXT NOT NULL DEFAULT '',
	seats      INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
	rules      TEXT NOT NULL,
	started    INTEGER,
	recorded   INTEGER NOT NULL,
	deals      INTEGER NOT NULL CHECK (deals >= 0),
	winner     TEXT NOT NULL,
	practice   INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE INDEX games_table ON games(table_code) WHERE table_code <> '';

CREATE TABLE game_seats (
	game_id    INTEGER NOT NULL REFERENCES games(id),
	seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
	player_key TEXT REFERENCES players(key),
	name       TEXT NOT NULL,
	level      TEXT NOT NULL,
	total      INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX game_seats_player ON game_seats(player_key, game_id) WHERE player_key IS NOT NULL;

CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) STRICT;
`,
	// 2: ratings, one per player and seat count (the pool), and their
	// history: a row per rated game and player, written in the
	// transaction that records the game, so a game is rated once.
	`
CREATE TABLE ratings (
	player_key TEXT NOT NULL REFERENCES players(key),
	seats      INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
	mu         REAL NOT NULL,
	sigma      REAL NOT NULL CHECK (sigma >= 0),
	games      INTEGER NOT NULL CHECK (games >= 0),
	last_game  INTEGER NOT NULL REFERENCES games(id),
	PRIMARY KEY (player_key, seats)
) STRICT, WITHOUT ROWID;

CREATE TABLE rating_history (
	game_id      INTEGER NOT NULL REFERENCES games(id),
	player_key   TEXT NOT NULL REFERENCES players(key),
	seats        INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
	mu_before    REAL,
	sigma_before REAL,
	mu           REAL NOT NULL,
	sigma        REAL NOT NULL,
	PRIMARY KEY (game_id, player_key)
) STRICT, WITHOUT ROWID;

CREATE INDEX rating_history_player ON rating_history(player_key, seats, game_id);
`,
	// 3: rematch chains: a game started with "again" at the end of
	// another names it; a game has at most one rematch.
	`
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games(id);

CREATE UNIQUE INDEX games_rematch ON games(rematch_of) WHERE rematch_of IS NOT NULL;
`,
	// 4: club tournaments: the board set (its seed is secret until the
	// end), the par of each board, the entries, and each entrant's
	// boards: in play (result NULL, the log of the board in progress)
	// or finished.
	`
CREATE TABLE tournaments (
	id          INTEGER PRIMARY KEY,
	code        TEXT NOT NULL UNIQUE,
	creator_key TEXT REFERENCES players(key),
	seats       INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
	rules       TEXT NOT NULL,
	bot_level   TEXT NOT NULL,
	boards      INTEGER NOT NULL CHECK (boards BETWEEN 1 AND 64),
	board_seed  INTEGER NOT NULL,
	created     INTEGER NOT NULL,
	ends        INTEGER NOT NULL
) STRICT;

CREATE INDEX tournaments_ends ON tournaments(ends);

CREATE TABLE tournament_pars (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	board         INTEGER NOT NULL CHECK (board >= 1),
	par           REAL NOT NULL,
	PRIMARY KEY (tournament_id, board)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_entries (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	player_key    TEXT NOT NULL REFERENCES players(key),
	entered       INTEGER NOT NULL,
	PRIMARY KEY (tournament_id, player_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_boards (
	tournament_id INTEGER NOT NULL,
	player_key    TEXT NOT NULL,
	board         INTEGER NOT NULL CHECK (board >= 1),
	log_path      TEXT NOT NULL,
	started       INTEGER NOT NULL,
	result        REAL,
	log_sha256    TEXT,
	finished      INTEGER,
	PRIMARY KEY (tournament_id, player_key, board),
	FOREIGN KEY (tournament_id, player_key) REFERENCES tournament_entries(tournament_id, player_key),
	CHECK ((result IS NULL) = (finished IS NULL))
) STRICT, WITHOUT ROWID;
`,
}

// Version is the schema version this package writes: the number of
// migrations (a test checks that they agree).
const Version = 4

// applicationID marks a Klob club database in the SQLite header
// (PRAGMA application_id): "KLOB".
const applicationID = 0x4B4C4F42
