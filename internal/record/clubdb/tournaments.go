package clubdb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/klob/klob/rules"
)

// Errors of tournaments.
var (
	ErrTournamentOver  = errors.New("the tournament is over")
	ErrNotOver         = errors.New("the tournament is not over: its results are hidden until the end")
	ErrNotEntered      = errors.New("the player has not entered the tournament")
	ErrBoardStarted    = errors.New("the board was started already: a board is played once")
	ErrBoardNotStarted = errors.New("the board was not started")
	ErrBoardFinished   = errors.New("the board was played already: a board is played once")
	ErrNotCreator      = errors.New("only the player who created the tournament may end it")
)

// Tournament is a club tournament: a board set everyone plays against
// bots before the end time. The seed of its boards is not here: only
// BoardSeed gives it, for the server to deal the boards.
type Tournament struct {
	ID      int64
	Code    string
	Creator string        // the creator's key, "" for the server's own (the daily tournament)
	Rules   rules.Options // the seat count is Rules.NumPlayers()
	Level   string        // the bots' level
	Boards  int
	Created time.Time
	Ends    time.Time
	Entries int // the number of entrants (set when read)
}

// MaxBoards is the most boards a tournament may have.
const MaxBoards = 64

// CreateTournament records a new tournament, created now, whose boards
// come from seed, and returns it as the database has it.
func (db *DB) CreateTournament(ctx context.Context, t Tournament, seed uint64) (Tournament, error) {
	now := db.now()
	switch {
	case t.Code == "":
		return Tournament{}, errors.New("a tournament needs a code")
	case t.Boards < 1 || t.Boards > MaxBoards:
		return Tournament{}, fmt.Errorf("a tournament has 1 to %d boards, not %d", MaxBoards, t.Boards)
	case !t.Ends.After(now):
		return Tournament{}, fmt.Errorf("the tournament's end, %s, is not after now (%s)", t.Ends.Format(time.RFC3339), now.Format(time.RFC3339))
	case t.Level == "":
		return Tournament{}, errors.New("a tournament needs the bots' level")
	}
	err := db.write(ctx, func(tx *wtx) error {
		s := tx.s()
		if t.Creator != "" {
			if err := tx.needPlayer(t.Creator); err != nil {
				return err
			}
		}
		creator := sql.NullString{String: t.Creator, Valid: t.Creator != ""}
		res, err := tx.exec(s.insertTournament, t.Code, creator, t.Rules.NumPlayers(), t.Rules.String(), t.Level, t.Boards,
			int64(seed), ms(now), ms(t.Ends))
		if err != nil {
			if _, _, _, terr := tx.tournament(t.Code); terr == nil {
				return fmt.Errorf("a tournament with the code %s exists already", t.Code)
			}
			return err
		}
		t.ID, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return Tournament{}, err
	}
	return db.Tournament(ctx, t.Code)
}

// needPlayer fails with a clear error when key is no player's.
func (tx *wtx) needPlayer(key string) error {
	var known bool
	if err := tx.row(tx.s().playerExists, key).Scan(&known); err != nil {
		return err
	}
	if !known {
		return fmt.Errorf("player %s: %w (SeePlayer first)", key, ErrNotFound)
	}
	return nil
}

// tournament finds a tournament's id, board count and end inside a
// write.
func (tx *wtx) tournament(code string) (id int64, boards int, ends time.Time, err error) {
	var e int64
	err = tx.row(tx.s().tournamentByCode, code).Scan(&id, &boards, &e)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, time.Time{}, fmt.Errorf("tournament %s: %w", code, ErrNotFound)
	}
	return id, boards, fromMS(e), err
}

// writeOpen runs fn in a write on the tournament code, once it is
// found not ended (ErrTournamentOver), with its id, its board count and
// the time of the call (in milliseconds).
func (db *DB) writeOpen(ctx context.Context, code string, fn func(tx *wtx, id int64, boards int, now int64) error) error {
	now := ms(db.now())
	return db.write(ctx, func(tx *wtx) error {
		id, boards, ends, err := tx.tournament(code)
		if err != nil {
			return err
		}
		if !tx.db.now().Before(ends) {
			return fmt.Errorf("tournament %s: %w", code, ErrTournamentOver)
		}
		return fn(tx, id, boards, now)
	})
}

// SetPars keeps the par of every board, in board order; a board set's
// pars are computed once: setting them again with the same values does
// nothing, with others fails.
func (db *DB) SetPars(ctx context.Context, code string, pars []float64) error {
	for i, p := range pars {
		if math.IsNaN(p) || math.IsInf(p, 0) {
			return fmt.Errorf("tournament %s: board %d's par is %v", code, i+1, p)
		}
	}
	return db.write(ctx, func(tx *wtx) error {
		id, boards, _, err := tx.tournament(code)
		if err != nil {
			return err
		}
		rows, err := tx.s().pars.QueryContext(tx.ctx, id)
		old, err := collect(rows, err, scanOne[float64])
		if err != nil {
			return err
		}
		if len(old) > 0 {
			if !slices.Equal(old, pars) {
				return fmt.Errorf("tournament %s has its pars already (%v), not %v", code, old, pars)
			}
			return nil
		}
		if len(pars) != boards {
			return fmt.Errorf("tournament %s has %d boards, and %d pars were given", code, boards, len(pars))
		}
		for i, p := range pars {
			if _, err := tx.exec(tx.s().putPar, id, i+1, p); err != nil {
				return fmt.Errorf("tournament %s: board %d's par: %w", code, i+1, err)
			}
		}
		return nil
	})
}

// Pars returns the par of every board, board 1 first; none before
// SetPars.
func (db *DB) Pars(ctx context.Context, code string) ([]float64, error) {
	return tournamentRows(ctx, db, code, db.rs.pars, scanOne[float64])
}

// Enter enters the player (seen before: SeePlayer) in the tournament,
// before its end; entering twice is entering once.
func (db *DB) Enter(ctx context.Context, code, key string) error {
	return db.writeOpen(ctx, code, func(tx *wtx, id int64, _ int, now int64) error {
		if err := tx.needPlayer(key); err != nil {
			return err
		}
		_, err := tx.exec(tx.s().enter, id, key, now)
		return err
	})
}

// EndTournament ends the tournament now, for its creator (key): it is
// over as if its end had come, so a board in play does not count.
func (db *DB) EndTournament(ctx context.Context, code, key string) error {
	return db.writeOpen(ctx, code, func(tx *wtx, id int64, _ int, now int64) error {
		res, err := tx.exec(tx.s().endTournament, id, key, now)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("tournament %s: %w", code, ErrNotCreator)
		}
		return nil
	})
}

// BoardResult is an entrant's board: in play (Finished false, Log the
// game in progress) or played.
type BoardResult struct {
	Key       string
	Board     int // from 1
	Log       string
	LogSHA256 string // of the finished board's log
	Started   time.Time
	Finished  bool
	Result    float64 // the deal's score from the player's seat
	Done      time.Time
}

// StartBoard notes that the entrant began board, playing it in the log
// at path; a board is started once (ErrBoardStarted), before the end.
func (db *DB) StartBoard(ctx context.Context, code, key string, board int, path string) error {
	return db.writeOpen(ctx, code, func(tx *wtx, id int64, boards int, now int64) error {
		if board < 1 || board > boards {
			return fmt.Errorf("tournament %s has boards 1 to %d, not %d", code, boards, board)
		}
		if err := tx.needEntry(id, code, key); err != nil {
			return err
		}
		switch started, _, _, err := tx.board(id, key, board); {
		case err != nil:
			return err
		case started:
			return fmt.Errorf("tournament %s, board %d: %w", code, board, ErrBoardStarted)
		}
		_, err := tx.exec(tx.s().startBoard, id, key, board, path, now)
		return err
	})
}

// board reads the entrant's row of board: whether they started it, and
// once it is finished its result and the checksum of its log.
func (tx *wtx) board(id int64, key string, board int) (started bool, res sql.NullFloat64, sum sql.NullString, err error) {
	var path string
	err = tx.row(tx.s().board, id, key, board).Scan(&path, &res, &sum)
	if errors.Is(err, sql.ErrNoRows) {
		return false, res, sum, nil
	}
	return err == nil, res, sum, err
}

func (tx *wtx) needEntry(id int64, code, key string) error {
	var in bool
	if err := tx.row(tx.s().entered, id, key).Scan(&in); err != nil {
		return err
	}
	if !in {
		return fmt.Errorf("tournament %s: %s: %w", code, key, ErrNotEntered)
	}
	return nil
}

// FinishBoard records the result of a board the entrant started, and
// the log where it was played out (its checksum sum), before the end.
// Recording the same log again does nothing; another result for a
// played board fails with ErrBoardFinished.
func (db *DB) FinishBoard(ctx context.Context, code, key string, board int, result float64, path, sum string) error {
	if math.IsNaN(result) || math.IsInf(result, 0) {
		return fmt.Errorf("tournament %s, board %d: the result is %v", code, board, result)
	}
	return db.writeOpen(ctx, code, func(tx *wtx, id int64, _ int, now int64) error {
		switch started, res, old, err := tx.board(id, key, board); {
		case err != nil:
			return err
		case !started:
			return fmt.Errorf("tournament %s, board %d: %w", code, board, ErrBoardNotStarted)
		case res.Valid && old.String == sum && res.Float64 == result:
			return nil
		case res.Valid:
			return fmt.Errorf("tournament %s, board %d: %w", code, board, ErrBoardFinished)
		}
		_, err := tx.exec(tx.s().finishBoard, result, path, sum, now, id, key, board)
		return err
	})
}

// Tournament returns the tournament with code, or ErrNotFound.
func (db *DB) Tournament(ctx context.Context, code string) (Tournament, error) {
	t, err := scanTournament(db.rs.tournament.QueryRowContext(ctx, code))
	return t, db.rowErr(err, "tournament "+code)
}

// Tournaments returns the tournaments that have not ended, the first
// to end first.
func (db *DB) Tournaments(ctx context.Context) ([]Tournament, error) {
	return readAll(ctx, db, db.rs.tournaments, scanTournament, ms(db.now()))
}

func scanTournament(sc scanner) (Tournament, error) {
	var t Tournament
	var seats int
	var ruleText string
	var created, ends int64
	if err := sc.Scan(&t.ID, &t.Code, &t.Creator, &seats, &ruleText, &t.Level, &t.Boards, &created, &ends, &t.Entries); err != nil {
		return Tournament{}, err
	}
	o, err := rules.ParseOptions(ruleText)
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %s: its rules %q: %w", t.Code, ruleText, err)
	}
	t.Rules, t.Created, t.Ends = o, fromMS(created), fromMS(ends)
	return t, nil
}

// BoardSeed returns the seed the tournament's boards are dealt from.
// It is the server's secret until the end: never show it to a player.
func (db *DB) BoardSeed(ctx context.Context, code string) (uint64, error) {
	var v int64
	err := db.rs.seedOf.QueryRowContext(ctx, code).Scan(&v)
	return uint64(v), db.rowErr(err, "tournament "+code)
}

// Entrant is a player in a tournament.
type Entrant struct {
	Key, Name string
	Entered   time.Time
}

// Entrants returns the tournament's entrants, first entered first.
func (db *DB) Entrants(ctx context.Context, code string) ([]Entrant, error) {
	return tournamentRows(ctx, db, code, db.rs.entries, func(sc scanner) (Entrant, error) {
		var e Entrant
		var at int64
		err := sc.Scan(&e.Key, &e.Name, &at)
		e.Entered = fromMS(at)
		return e, err
	})
}

// tournamentRows runs st on the ID of the tournament code (ErrNotFound
// when there is none) and args, and reads its rows with scan.
func tournamentRows[T any](ctx context.Context, db *DB, code string, st *sql.Stmt, scan func(scanner) (T, error), args ...any) ([]T, error) {
	t, err := db.Tournament(ctx, code)
	if err != nil {
		return nil, err
	}
	return readAll(ctx, db, st, scan, append([]any{t.ID}, args...)...)
}

// BoardsOf returns the entrant's own boards, by board: what a player
// may see of a tournament while it runs.
func (db *DB) BoardsOf(ctx context.Context, code, key string) ([]BoardResult, error) {
	return tournamentRows(ctx, db, code, db.rs.boardsOf, scanBoard, key)
}

// Unrecorded returns the boards of tournament code begun with a log but
// holding no result, by board then entrant: the boards in play, and
// those a stop cut between their last move and their result.
func (db *DB) Unrecorded(ctx context.Context, code string) ([]BoardResult, error) {
	all, err := tournamentRows(ctx, db, code, db.rs.boardsAll, scanBoard)
	return slices.DeleteFunc(all, func(b BoardResult) bool { return b.Finished || b.Log == "" }), err
}

// Results returns every entrant's boards, by board then entrant, once
// the tournament is over (ErrNotOver before).
func (db *DB) Results(ctx context.Context, code string) ([]BoardResult, error) {
	t, err := db.Tournament(ctx, code)
	if err != nil {
		return nil, err
	}
	if db.now().Before(t.Ends) {
		return nil, fmt.Errorf("tournament %s: %w", code, ErrNotOver)
	}
	return readAll(ctx, db, db.rs.boardsAll, scanBoard, t.ID)
}

func scanBoard(sc scanner) (BoardResult, error) {
	var b BoardResult
	var started int64
	var res sql.NullFloat64
	var done sql.NullInt64
	err := sc.Scan(&b.Key, &b.Board, &b.Log, &started, &res, &b.LogSHA256, &done)
	b.Started = fromMS(started)
	b.Finished, b.Result = res.Valid, res.Float64
	if done.Valid {
		b.Done = fromMS(done.Int64)
	}
	return b, err
}
