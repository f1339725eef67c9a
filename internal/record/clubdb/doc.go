// Package clubdb is the database of klob serve: one SQLite file
// (modernc.org/sqlite, pure Go) in the server's state directory that
// indexes the players, their games, their ratings, the rematch chains
// and the club tournaments. The game logs stay the archive: the
// database keeps each game's log path and checksum, and the checksum
// is the game's identity, so the same game filed in several histories
// is one game and recording a game twice changes nothing.
//
// # Schema
//
// Numbered steps in the code (migrations, in schema.go); PRAGMA
// user_version is the number of steps applied and PRAGMA
// application_id marks a Klob database. Open applies the missing steps
// in one transaction, after copying an older file aside (club.db.vK.bak,
// made as club.db.vK.bak.new, private, and named once whole and synced).
//
//	players            key (SSH key fingerprint), name, first and last seen
//	games              log checksum and path, table code, seat count,
//	                   rules, start, deals, winning side, practice,
//	                   rematch_of (the game whose "again" started it)
//	game_seats         per seat: key (none for a bot), name, level, total
//	ratings            per player and seat count: mu, sigma, games
//	rating_history     per rated game and player: before and after
//	tournaments        code, creator, seat count, rules, bots' level,
//	                   boards, board seed (secret), end
//	tournament_pars    the par of each board
//	tournament_entries who entered, when
//	tournament_boards  each entrant's boards: in play (the log) or
//	                   played (the result, the log and its checksum)
//	meta               the last import, the rating rule and its first game
//
// Nothing identifies a player but the fingerprint of their key and the
// name they chose.
//
// # Writes
//
// WAL mode, synchronous NORMAL: a write that returned nil is in the
// log, which a killed process never loses; a crash of the machine may
// lose the last commits before the log's next sync, and the import at
// the next start records their games again from the game logs. One
// writer at a time, on one connection with prepared statements: every
// write method queues a function and waits for its commit; the caller
// that finds the connection free commits, on its own goroutine, every
// request queued, in one transaction, each in its own savepoint, so one
// commit serves them all and a failing request is rolled back alone.
// A request whose context ends before a commit takes it is not made;
// once taken, it runs and its caller gets its outcome, so nil always
// means committed. A game, its seats and its ratings are one request:
// a rating is never applied twice (the game's history rows say it is
// rated) nor lost (the rating and its history commit with the game).
// Reads run on a pool of read-only connections and never wait for the
// writer.
//
// # Damaged and newer files
//
// Before writing anything, Open checks an existing file: SQLite's
// header, the header of its write-ahead log (SQLite takes a log with a
// bad header for an empty one and drops its commits), the Klob mark,
// the schema version, SQLite's full integrity check (the indexes
// against their tables too) and the foreign keys, on a read-only
// connection. A damaged file or log (*DamagedError) or a file from a
// newer klob (*NewerError) is refused, with its path, what is wrong and
// what to do, and left byte for byte as it was, with no -wal or -shm
// file made beside a damaged one. CheckFile (klob serve -db-check) runs
// the same checks, the ratings against their history too, read-only.
//
// # Copies
//
// Backup takes a consistent copy of the open database (VACUUM INTO, on
// a read-only connection of its own: no write waits for it) into the
// backups folder beside it, as club-DAY.db, made as .new, private,
// synced and renamed once whole, and keeps the newest few. The refusal
// of a damaged database lists them (Copies), the newest first, and
// gives the commands that put the newest back.
//
// # Import
//
// Import indexes the state directory klob serve kept before the
// database (players/<key>/ with its name and history, tables/<code>/):
// every player and every filed or finished game; importing again adds
// only what is new.
package clubdb
