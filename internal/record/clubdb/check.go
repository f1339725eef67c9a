package clubdb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/textwrap"
)

// Report is what Check found.
type Report struct {
	Path    string
	Version int // the file's schema version
	// Problems lists what is wrong, one line each: SQLite's integrity
	// check, broken references, a schema version this klob does not
	// know, ratings that disagree with their history.
	Problems []string
	// Notes lists what is not wrong but worth saying (an older schema,
	// moved on at the next start).
	Notes []string
	// Damaged is true when the schema lacks a table, column or index
	// of klob's, or SQLite's integrity check or the foreign keys found
	// problems: damage no write of klob makes, for which klob serve
	// refuses the file (a *DamagedError).
	Damaged bool
	// Backups lists the copies before schema moves beside the file, and
	// Copies the day's copies klob serve took, for the advice on a
	// damaged one (DamagedError.Backups, DamagedError.Copies).
	Backups []string
	Copies  []Copy
}

// OK reports whether the check found no problem.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

// Write prints the report, a line per problem or note, and a last line
// that says whether the database is sound.
func (r *Report) Write(w io.Writer) {
	for _, p := range r.Problems {
		fmt.Fprintf(w, "%s: %s\n", r.Path, p)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "%s: note: %s\n", r.Path, n)
	}
	switch {
	case r.OK():
		fmt.Fprintf(w, "%s: ok (schema version %d)\n", r.Path, r.Version)
	case r.Damaged:
		// What to do, as klob serve says it when it refuses the file.
		fmt.Fprintf(w, "%s: %s\n%s\n", r.Path, textwrap.Count(len(r.Problems), "problem"),
			(&DamagedError{Path: r.Path, Reason: "its check finds the " + textwrap.Count(len(r.Problems), "problem") + " above", Backups: r.Backups, Copies: r.Copies}).Error())
	default:
		fmt.Fprintf(w, "%s: %s\n", r.Path, textwrap.Count(len(r.Problems), "problem"))
	}
}

// CheckFile checks the database at path without writing to it (a
// read-only connection; it may run while klob serve has the database
// open). SQLite, reading a database in WAL mode, makes its empty -wal
// and -shm files beside it when they are missing. When no DB has the
// database open (CheckFile takes its lock, alone), they are removed
// again after the check, and the folder is left with the files it had;
// while one has it open they are its own and kept (readConn removes
// them only from a file found damaged). The database itself is never
// written. It runs SQLite's full integrity check and checks
// the foreign keys, the schema version, the tables, columns and indexes
// of that version, and the ratings against their history. The error
// says why it could not check at all: no file, a write-ahead log left
// without its database, not an SQLite database, a damaged log, or one
// too damaged to check (a *DamagedError).
func CheckFile(ctx context.Context, path string) (Report, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		if err := orphanWAL(path); err != nil {
			return Report{}, err
		}
		return Report{}, fmt.Errorf("no club database at %s", path)
	}
	held, release := alone(path)
	defer release()
	if held {
		// Deferred after release: it runs first, under the lock.
		defer removeMade(path, missingBeside(path))
	}
	var r Report
	err := readConn(ctx, path, held, func(conn *sql.Conn) (err error) {
		r, err = check(ctx, conn, path)
		if err == nil && r.Damaged {
			return errDamaged
		}
		return err
	})
	if errors.Is(err, errDamaged) {
		err = nil
		r.Backups = schemaCopies(path)
		r.Copies = Copies(path)
	}
	return r, withBackups(err, path)
}

// alone takes the lock of the database at path (LockSuffix) when no DB
// holds it: no klob then has the database open or opens it meanwhile,
// so the files a read makes beside it are nobody else's. release lets
// it go, removing the lock file when alone made it (a check leaves the
// folder as it found it); Open's lock on the state directory's klob
// serve stands besides. held is false when another holds the lock or it
// cannot be taken (release then does nothing).
func alone(path string) (held bool, release func()) {
	lp := path + LockSuffix
	_, err := os.Lstat(lp)
	made := errors.Is(err, fs.ErrNotExist)
	l, err := dirlock.TryLock(lp)
	if err != nil {
		return false, func() {}
	}
	return true, func() {
		if made {
			os.Remove(lp)
		}
		l.Unlock()
	}
}

// Check is CheckFile on the open database, on a read connection.
func (db *DB) Check(ctx context.Context) (Report, error) {
	conn, err := db.rdb.Conn(ctx)
	if err != nil {
		return Report{}, db.openErr(err)
	}
	defer conn.Close()
	return check(ctx, conn, db.path)
}

// check runs the checks on conn.
func check(ctx context.Context, conn *sql.Conn, path string) (Report, error) {
	r := Report{Path: path}
	var app int
	if err := conn.QueryRowContext(ctx, markSQL).Scan(&app, &r.Version); err != nil {
		return r, sqlErr(path, err)
	}
	switch {
	case app != applicationID:
		r.Problems = append(r.Problems, fmt.Sprintf("application id %#x: not a Klob club database", app))
		return r, nil
	case r.Version > Version:
		r.Problems = append(r.Problems, fmt.Sprintf("schema version %d is newer than this klob's (%d): a newer klob wrote it", r.Version, Version))
	case r.Version < Version:
		r.Notes = append(r.Notes, fmt.Sprintf("schema version %d: the next klob serve moves it to version %d", r.Version, Version))
	}
	schema, err := schemaProblems(ctx, conn, r.Version)
	if err != nil {
		return r, sqlErr(path, err)
	}
	for _, p := range schema {
		r.Problems = append(r.Problems, "schema: "+p)
	}
	problems, err := checkStore(ctx, conn)
	if err != nil {
		// Too damaged to check (a *DamagedError), as a file SQLite
		// cannot open at all is.
		return r, sqlErr(path, err)
	}
	r.Problems = append(r.Problems, problems...)
	r.Damaged = len(schema) > 0 || len(problems) > 0
	// The ratings are read from their tables: not when one is missing.
	if len(schema) == 0 && r.Version >= 2 && r.Version <= Version {
		rp, err := ratingProblems(ctx, conn)
		if err != nil {
			return r, sqlErr(path, err)
		}
		r.Problems = append(r.Problems, rp...)
	}
	return r, nil
}

// checkStore is the part of the check Open makes at every start too:
// SQLite's full integrity check (the pages, the rows, and every index
// against its table) and the foreign keys, the damage no write of klob
// makes. The ratings against their history are left to the check and
// to the club's Verify, which reports them on an open database. The
// error is SQLite's, unwrapped: a file too malformed to check at all.
func checkStore(ctx context.Context, conn *sql.Conn) ([]string, error) {
	lines, err := pragmaLines(ctx, conn, "PRAGMA integrity_check")
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, l := range lines {
		problems = append(problems, "integrity: "+l)
	}
	fk, err := foreignKeyProblems(ctx, conn)
	return append(problems, fk...), err
}

// foreignKeyProblems words PRAGMA foreign_key_check's rows.
func foreignKeyProblems(ctx context.Context, conn *sql.Conn) ([]string, error) {
	rows, err := conn.QueryContext(ctx, "PRAGMA foreign_key_check")
	return collect(rows, err, func(sc scanner) (string, error) {
		var table, parent string
		var rowid sql.NullInt64
		var fkid int
		err := sc.Scan(&table, &rowid, &parent, &fkid)
		row := "a row"
		if rowid.Valid {
			row = fmt.Sprintf("row %d", rowid.Int64)
		}
		return fmt.Sprintf("foreign key: %s of %s refers to a missing row of %s", row, table, parent), err
	})
}

// ratingProblems checks that every rating is its history's last step
// and counts its games: a game rated twice, or a rating written without
// its history, shows here.
func ratingProblems(ctx context.Context, conn *sql.Conn) ([]string, error) {
	rows, err := conn.QueryContext(ctx, `
		SELECT r.player_key, r.seats, r.games, r.mu, r.sigma,
			(SELECT count(*) FROM rating_history h WHERE h.player_key = r.player_key AND h.seats = r.seats),
			l.mu, l.sigma
		FROM ratings r
		LEFT JOIN rating_history l ON l.player_key = r.player_key AND l.seats = r.seats
			AND l.game_id = (SELECT max(game_id) FROM rating_history h WHERE h.player_key = r.player_key AND h.seats = r.seats)
		UNION ALL
		SELECT h.player_key, h.seats, 0, 0, 0, count(*), NULL, NULL FROM rating_history h
		WHERE NOT EXISTS (SELECT 1 FROM ratings r WHERE r.player_key = h.player_key AND r.seats = h.seats)
		GROUP BY h.player_key, h.seats`)
	// A rating without a problem reads as "", dropped at the end.
	out, err := collect(rows, err, func(sc scanner) (string, error) {
		var key string
		var seats, games, hist int
		var mu, sigma float64
		var lmu, lsigma sql.NullFloat64
		if err := sc.Scan(&key, &seats, &games, &mu, &sigma, &hist, &lmu, &lsigma); err != nil {
			return "", err
		}
		switch {
		case games != hist:
			return fmt.Sprintf("rating of %s at %d players: %d games counted, %d in its history", key, seats, games, hist), nil
		case lmu.Valid && (lmu.Float64 != mu || lsigma.Float64 != sigma):
			return fmt.Sprintf("rating of %s at %d players: %v/%v, and its history ends at %v/%v", key, seats, mu, sigma, lmu.Float64, lsigma.Float64), nil
		}
		return "", nil
	})
	return slices.DeleteFunc(out, func(s string) bool { return s == "" }), err
}
