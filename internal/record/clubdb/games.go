package clubdb

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"slices"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Player is a keyed person: the fingerprint of their SSH key and the
// name they chose, nothing more.
type Player struct {
	Key       string
	Name      string
	FirstSeen time.Time
	LastSeen  time.Time
}

// Seat is one seat of a game.
type Seat struct {
	Key   string // the person's key fingerprint; "" for a bot
	Name  string
	Level string // gamelog.Human for a person, else the bot's level
	Total int    // the final total of the seat's side
}

// Game is a game the database indexes. Its log is the archive: the
// database keeps where it is and its checksum, which is the game's
// identity.
type Game struct {
	ID        int64  // the database's number for the game (set when read or recorded)
	LogSHA256 string // hex SHA-256 of the log's bytes (SumLog)
	LogPath   string
	Table     string // the table's code, "" for a game against bots
	Rules     rules.Options
	Seats     []Seat // one per seat, A first
	Started   time.Time
	Recorded  time.Time // when the database first had it (set when read)
	Deals     int
	Winner    string // the winning side ("A", "BD"), "" when the game was not finished
	Practice  bool   // the player chose the seed
	// RematchOf is the LogSHA256 of the game whose "again" started this
	// one, "" when none.
	RematchOf string
}

// Finished reports whether the game was played to its end.
func (g *Game) Finished() bool { return g.Winner != "" }

// SumLog is the checksum that identifies a game: the hex SHA-256 of its
// log's bytes.
func SumLog(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// The extra tags of a table's log (internal/play/hall writes them).
const (
	tagTable = "Table"
	// TagRematchOf names, in a game started by "again", the checksum of
	// the game before it (internal/play/host writes it).
	TagRematchOf = "RematchOf"
)

// FromLog reads what the database keeps of the game in the log data,
// read from path: its checksum, table, rules, seats, result and the
// game it is a rematch of (TagRematchOf). The people's keys come from
// the table's tags (KeyA, KeyB, ...); in a game against bots, which has
// none, the one human seat is owner's (the player whose history holds
// the log).
func FromLog(path string, data []byte, owner string) (Game, error) {
	l, r, err := gamelog.ParseReplay(path, data)
	if err != nil {
		return Game{}, err
	}
	h := &l.Header
	n := h.Seats()
	g := Game{LogSHA256: SumLog(data), LogPath: path, Table: h.Tag(tagTable), Rules: h.Options, Deals: len(r.Deals), Practice: h.Practice(),
		RematchOf: h.Tag(TagRematchOf)}
	if start, ok := h.Start(time.Local); ok {
		g.Started = start
	}
	if r.Over {
		g.Winner = rules.SideName(n, int(r.Winner))
	}
	humans, keyed := 0, false
	for s := range rules.Seat(n) {
		st := Seat{Name: h.Name(s), Level: h.Level(s), Total: r.Totals[rules.SideOfSeat(n, s)], Key: h.Key(s)}
		if st.Level == gamelog.Human {
			humans++
		}
		keyed = keyed || st.Key != ""
		g.Seats = append(g.Seats, st)
	}
	if !keyed && humans == 1 && owner != "" {
		for i := range g.Seats {
			if g.Seats[i].Level == gamelog.Human {
				g.Seats[i].Key = owner
			}
		}
	}
	return g, nil
}

// check says what is wrong with a game to record.
func (g *Game) check() error {
	if _, err := hex.DecodeString(g.LogSHA256); err != nil || len(g.LogSHA256) != 64 {
		return fmt.Errorf("the game's checksum %q is not a hex SHA-256", g.LogSHA256)
	}
	if g.LogPath == "" {
		return errors.New("the game has no log path")
	}
	if n := g.Rules.NumPlayers(); len(g.Seats) != n {
		return fmt.Errorf("the game's rules are for %d players, and it has %d seats", n, len(g.Seats))
	}
	keys := map[string]bool{}
	for i, s := range g.Seats {
		if s.Level == "" {
			return fmt.Errorf("seat %s has no level", rules.Seat(i))
		}
		if s.Key != "" && keys[s.Key] {
			return fmt.Errorf("the key %s holds two seats", s.Key)
		}
		if len(s.Key) > MaxKey {
			return fmt.Errorf("seat %s: %w", rules.Seat(i), checkKey(s.Key))
		}
		keys[s.Key] = s.Key != ""
	}
	if g.Winner != "" {
		ok := false
		for side := range rules.SidesAt(len(g.Seats)) {
			ok = ok || rules.SideName(len(g.Seats), side) == g.Winner
		}
		if !ok {
			return fmt.Errorf("the winner %q is not a side of a game of %d", g.Winner, len(g.Seats))
		}
	}
	return nil
}

// Rating is a player's rating in the pool of one seat count.
type Rating struct {
	Key   string
	Seats int // the pool: 2, 3 or 4
	Mu    float64
	Sigma float64
	Games int  // rated games in the pool
	Rated bool // false while the player has no rating in the pool (Mu, Sigma and Games are zero)
}

// RateFunc computes the ratings a finished game gives. It gets the
// ratings before the game of every seat with a key, in seat order
// (Rated false for a first game in the pool), and returns the new Mu
// and Sigma of the players to rate, matched by Key (others keep theirs;
// none rates nobody). It runs on the writer's connection, inside the
// transaction that records the game, so no other game's result can
// come between the ratings it reads and those it writes: it must be
// quick, and must not call the database.
type RateFunc func(before []Rating) (after []Rating, err error)

// RatingChange is a player's rating before and after a game.
type RatingChange struct {
	GameID    int64
	LogSHA256 string
	When      time.Time // the game's start (when it was recorded if unknown)
	Before    Rating    // Rated false before a first game
	After     Rating
}

// Recorded is what RecordGame did.
type Recorded struct {
	ID      int64
	New     bool           // the database did not have the game
	Changes []RatingChange // the ratings this call changed (none when the game was rated before)
	// Unlinked says why a rematch was recorded without its link to the
	// game before it (Import only: RecordGame refuses it).
	Unlinked string
}

// RecordGame records a game (its players seen now) and, when rate is
// given and the game finished, its ratings, in one transaction: the
// game, its seats, the new ratings and their history land together or
// not at all. A game is its checksum: recording it again adds nothing,
// and a game already rated is never rated again (rate is not called),
// so a retry after a crash or an error is always safe. Recording a game
// known from another copy of its log moves its path to g.LogPath when
// the file at the old path is gone.
func (db *DB) RecordGame(ctx context.Context, g Game, rate RateFunc) (Recorded, error) {
	rec, _, err := db.RecordGameTimed(ctx, g, rate)
	return rec, err
}

// RecordGameTimed is RecordGame that also returns the database's own
// time on the transaction that held the record: from its begin to its
// commit, without the wait for the writer's turn.
func (db *DB) RecordGameTimed(ctx context.Context, g Game, rate RateFunc) (Recorded, time.Duration, error) {
	if err := g.check(); err != nil {
		return Recorded{}, 0, err
	}
	var rec Recorded
	var named []keyName
	took, err := db.writeTimed(ctx, func(tx *wtx) error {
		var err error
		rec, err = tx.recordGame(&g, db.now(), rate, false)
		named = tx.named
		return err
	})
	if err == nil {
		db.named(named)
	}
	return rec, took, err
}

// recordGame is RecordGame inside the writer's transaction; seen is
// when the game's people were last seen. loose records a game whose
// rematch link cannot be made (the game before it unknown, or linked to
// another already) without the link, saying why in Recorded.Unlinked,
// where RecordGame refuses it.
func (tx *wtx) recordGame(g *Game, seen time.Time, rate RateFunc, loose bool) (Recorded, error) {
	s := tx.s()
	var rec Recorded
	var path string
	var prev sql.NullInt64
	err := tx.row(s.gameBySum, g.LogSHA256).Scan(&rec.ID, &path, &prev)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if rec.ID, err = tx.insertGame(g, seen); err != nil {
			return Recorded{}, err
		}
		rec.New = true
	case err != nil:
		return Recorded{}, err
	case path != g.LogPath:
		if _, serr := os.Stat(path); errors.Is(serr, fs.ErrNotExist) {
			if _, err := tx.exec(s.setGamePath, g.LogPath, rec.ID); err != nil {
				return Recorded{}, err
			}
		}
	}
	if g.RematchOf != "" && !prev.Valid {
		if err := tx.linkRematch(g, rec.ID); err != nil {
			if !loose {
				return Recorded{}, err
			}
			rec.Unlinked = err.Error()
		}
	}
	if rate == nil || !g.Finished() {
		return rec, nil
	}
	var rated bool
	if err := tx.row(s.gameRated, rec.ID).Scan(&rated); err != nil {
		return Recorded{}, err
	}
	if rated {
		return rec, nil
	}
	rec.Changes, err = tx.rate(g, rec.ID, rate)
	return rec, err
}

// linkRematch records game id as the rematch of g.RematchOf.
func (tx *wtx) linkRematch(g *Game, id int64) error {
	s := tx.s()
	var pid int64
	var ppath string
	var pprev sql.NullInt64
	if err := tx.row(s.gameBySum, g.RematchOf).Scan(&pid, &ppath, &pprev); errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("the game %s is a rematch of %s, which the club database does not have", g.LogSHA256, g.RematchOf)
	} else if err != nil {
		return err
	}
	if pid == id {
		return fmt.Errorf("the game %s cannot be its own rematch", g.LogSHA256)
	}
	if _, err := tx.exec(s.setRematch, pid, id); err != nil {
		return fmt.Errorf("recording %s as the rematch of %s: %w", g.LogSHA256, g.RematchOf, err)
	}
	return nil
}

// insertGame adds a new game, its people and its seats.
func (tx *wtx) insertGame(g *Game, seen time.Time) (int64, error) {
	s := tx.s()
	for _, st := range g.Seats {
		if st.Key == "" {
			continue
		}
		var name string
		if err := tx.row(s.playerInGame, st.Key, st.Name, ms(seen)).Scan(&name); err != nil {
			return 0, err
		}
		tx.named = append(tx.named, keyName{st.Key, name})
	}
	started := sql.NullInt64{Int64: ms(g.Started), Valid: !g.Started.IsZero()}
	res, err := tx.exec(s.insertGame, g.LogSHA256, g.LogPath, g.Table, len(g.Seats), g.Rules.String(), started,
		ms(tx.db.now()), g.Deals, g.Winner, g.Practice)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for i, st := range g.Seats {
		key := sql.NullString{String: st.Key, Valid: st.Key != ""}
		if _, err := tx.exec(s.insertSeat, id, i, key, st.Name, st.Level, st.Total); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// rate applies rate's new ratings for game id.
func (tx *wtx) rate(g *Game, id int64, rate RateFunc) ([]RatingChange, error) {
	s := tx.s()
	n := len(g.Seats)
	var before []Rating
	for _, st := range g.Seats {
		if st.Key == "" {
			continue
		}
		r, err := scanRating(tx.row(s.rating, st.Key, n), st.Key, n)
		if err != nil {
			return nil, err
		}
		before = append(before, r)
	}
	if len(before) == 0 {
		return nil, nil
	}
	after, err := rate(append([]Rating(nil), before...))
	if err != nil {
		return nil, fmt.Errorf("rating game %s: %w", g.LogSHA256, err)
	}
	when := g.Started
	if when.IsZero() {
		when = tx.db.now()
	}
	var changes []RatingChange
	done := map[string]bool{}
	for _, a := range after {
		i := slices.IndexFunc(before, func(b Rating) bool { return b.Key == a.Key })
		switch {
		case i < 0:
			return nil, fmt.Errorf("rating game %s: %s holds no seat", g.LogSHA256, a.Key)
		case done[a.Key]:
			return nil, fmt.Errorf("rating game %s: %s is rated twice", g.LogSHA256, a.Key)
		case math.IsNaN(a.Mu) || math.IsInf(a.Mu, 0) || math.IsNaN(a.Sigma) || math.IsInf(a.Sigma, 0) || a.Sigma < 0:
			return nil, fmt.Errorf("rating game %s: %s gets mu %v, sigma %v", g.LogSHA256, a.Key, a.Mu, a.Sigma)
		}
		done[a.Key] = true
		b := before[i]
		muBefore := sql.NullFloat64{Float64: b.Mu, Valid: b.Rated}
		sigmaBefore := sql.NullFloat64{Float64: b.Sigma, Valid: b.Rated}
		if _, err := tx.exec(s.putRating, a.Key, n, a.Mu, a.Sigma, id); err != nil {
			return nil, err
		}
		if _, err := tx.exec(s.insertHistory, id, a.Key, n, muBefore, sigmaBefore, a.Mu, a.Sigma); err != nil {
			return nil, err
		}
		changes = append(changes, RatingChange{GameID: id, LogSHA256: g.LogSHA256, When: when, Before: b,
			After: Rating{Key: a.Key, Seats: n, Mu: a.Mu, Sigma: a.Sigma, Games: b.Games + 1, Rated: true}})
	}
	return changes, nil
}

// SeePlayer notes that a keyed person came in, under the name they
// chose: their name becomes name and they are last seen now (first seen
// too, the first time).
func (db *DB) SeePlayer(ctx context.Context, key, name string) error {
	return db.writePlayer(ctx, key, name, db.ws.seePlayer)
}

// NamePlayer notes that a keyed person already met (in a game, or a
// tournament: SeePlayer) came in, or renamed themselves, under name. A
// key never met is not recorded: keys cost nothing, and a row for every
// key that ever connects would let one client grow the database
// without bound. Such a person's row comes with their first game (its
// seat's name, the one they chose) or tournament.
func (db *DB) NamePlayer(ctx context.Context, key, name string) error {
	return db.writePlayer(ctx, key, name, db.ws.namePlayer)
}

// writePlayer checks key and name, then runs the writer's statement st
// with the key, the name and now.
func (db *DB) writePlayer(ctx context.Context, key, name string, st *sql.Stmt) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if len(name) > MaxName {
		return fmt.Errorf("player %s: a name of %d bytes is longer than %d", key, len(name), MaxName)
	}
	now := ms(db.now())
	met := false
	err := db.write(ctx, func(tx *wtx) error {
		res, err := tx.exec(st, key, name, now)
		if err == nil {
			var n int64
			n, err = res.RowsAffected()
			met = n > 0 // NamePlayer changes no row of a key never met
		}
		return err
	})
	if err == nil && met {
		db.named([]keyName{{key, name}})
	}
	return err
}

// Bounds of what a player is.
const (
	MaxKey  = 128 // bytes of a key fingerprint (klob serve's are 32)
	MaxName = 256 // bytes of a chosen name
)

// checkKey says what is wrong with a player's key.
func checkKey(key string) error {
	switch {
	case key == "":
		return errors.New("a player needs a key")
	case len(key) > MaxKey:
		return fmt.Errorf("a key of %d bytes is longer than %d", len(key), MaxKey)
	}
	return nil
}

// Player returns the player with key, or ErrNotFound.
func (db *DB) Player(ctx context.Context, key string) (Player, error) {
	var p Player
	var first, last int64
	err := db.rs.player.QueryRowContext(ctx, key).Scan(&p.Key, &p.Name, &first, &last)
	if err := db.rowErr(err, "player "+key); err != nil {
		return Player{}, err
	}
	p.FirstSeen, p.LastSeen = fromMS(first), fromMS(last)
	return p, nil
}

// Counts is how much the database holds.
type Counts struct {
	Players, Games int
}

// Counts returns the number of players and games.
func (db *DB) Counts(ctx context.Context) (Counts, error) {
	var c Counts
	if err := db.rs.playerCount.QueryRowContext(ctx).Scan(&c.Players); err != nil {
		return c, db.openErr(err)
	}
	if err := db.rs.gameCount.QueryRowContext(ctx).Scan(&c.Games); err != nil {
		return c, db.openErr(err)
	}
	return c, nil
}

// scanGame reads gameCols.
func scanGame(sc scanner) (Game, error) {
	var g Game
	var seats int
	var ruleText string
	var started sql.NullInt64
	var recorded int64
	var rematch sql.NullString
	if err := sc.Scan(&g.ID, &g.LogSHA256, &g.LogPath, &g.Table, &seats, &ruleText, &started, &recorded, &g.Deals, &g.Winner, &g.Practice, &rematch); err != nil {
		return Game{}, err
	}
	o, err := rules.ParseOptions(ruleText)
	if err != nil {
		return Game{}, fmt.Errorf("game %d: its rules %q: %w", g.ID, ruleText, err)
	}
	g.Rules = o
	if started.Valid {
		g.Started = fromMS(started.Int64)
	}
	g.Recorded = fromMS(recorded)
	g.RematchOf = rematch.String
	g.Seats = make([]Seat, 0, seats)
	return g, nil
}

// seatsOf fills in the seats of g.
func (db *DB) seatsOf(ctx context.Context, g *Game) error {
	rows, err := db.rs.seats.QueryContext(ctx, g.ID)
	g.Seats, err = collect(rows, err, func(sc scanner) (Seat, error) {
		var i int
		var s Seat
		err := sc.Scan(&i, &s.Key, &s.Name, &s.Level, &s.Total)
		return s, err
	})
	return err
}

// Game returns the game numbered id, or ErrNotFound.
func (db *DB) Game(ctx context.Context, id int64) (Game, error) {
	return db.oneGame(ctx, db.rs.game, id)
}

// GameBySum returns the game whose log has the checksum sum, or
// ErrNotFound.
func (db *DB) GameBySum(ctx context.Context, sum string) (Game, error) {
	return db.oneGame(ctx, db.rs.gameBySum, sum)
}

func (db *DB) oneGame(ctx context.Context, st *sql.Stmt, arg any) (Game, error) {
	g, err := scanGame(st.QueryRowContext(ctx, arg))
	if err := db.rowErr(err, fmt.Sprint("game ", arg)); err != nil {
		return Game{}, err
	}
	if err := db.seatsOf(ctx, &g); err != nil {
		return Game{}, db.openErr(err)
	}
	return g, nil
}

// GamesOf returns the games of the player with key, newest first: at
// most limit of those numbered below before (0: from the newest).
func (db *DB) GamesOf(ctx context.Context, key string, before int64, limit int) ([]Game, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := db.rs.gamesOf.QueryContext(ctx, key, before, limit)
	return db.withSeats(ctx, rows, err)
}

// RematchChain returns the games of the chain of rematches through
// game id, first to last.
func (db *DB) RematchChain(ctx context.Context, id int64) ([]int64, error) {
	ids := func(st *sql.Stmt) ([]int64, error) {
		rows, err := st.QueryContext(ctx, id)
		return collect(rows, err, scanOne[int64])
	}
	back, err := ids(db.rs.chainBack)
	if err != nil {
		return nil, db.openErr(err)
	}
	if len(back) == 0 {
		return nil, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	fwd, err := ids(db.rs.chainForward)
	if err != nil {
		return nil, db.openErr(err)
	}
	return append(back, fwd...), nil
}
