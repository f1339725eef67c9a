package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/tui"
)

// The club of klob serve (internal/serve/club): its database, club.db
// in the state directory, and its ratings.

// clubWait bounds one write of the club's done for a connection (a
// player seen, a game against bots recorded).
const clubWait = 10 * time.Second

// clubOptions is the club of f: its clock, its leaderboards, and its
// day copies of the database, on the tables' clock (the system's when
// f sets none).
func clubOptions(f serveFlags, logf func(string, ...any)) club.Options {
	return club.Options{Now: f.now, MinGames: f.boardGames, Logf: logf, Backups: f.backups, Clock: f.clock}
}

// runDBCheck is klob serve -db-check: SQLite's integrity check of the
// state directory's club database, its references and its ratings
// against their history, read-only (it may run while klob serve runs).
// It prints one line a problem and a last line that says whether the
// database is sound; the exit code is 0 when it is, 1 when not, or when
// it could not be checked.
func runDBCheck(f serveFlags, stdout, stderr io.Writer) int {
	rep, err := clubdb.CheckFile(context.Background(), club.Path(f.state))
	if err != nil {
		return failed(stderr, "serve -db-check", f.stateError(err, true))
	}
	rep.Write(stdout)
	if !rep.OK() {
		return 1
	}
	return 0
}

// clubFiles is a player's store on a server with a club: a game
// against bots, once filed in the player's history, is recorded in the
// club (rated for nobody). A record that fails is logged: the next
// start's import records the game from the history.
type clubFiles struct {
	playerFiles
	club *club.Service
	key  string
	logf func(string, ...any)
}

func (c clubFiles) Archive(l *gamelog.Log) (string, error) {
	path, err := c.Store.Archive(l)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), clubWait)
		defer cancel()
		if _, rerr := c.club.Record(ctx, path, l, c.key); rerr != nil {
			c.logf("club: recording %s: %v", path, rerr)
		}
	}
	return c.inside(path), durable.Public(err)
}

// LoadCurrent is playerFiles.LoadCurrent, with a line in the server's
// log when the player's saved game was damaged and moved aside: the
// operator, who keeps the copy, learns of it as the player does.
func (c clubFiles) LoadCurrent() (*gamelog.Log, error) {
	l, err := c.Store.LoadCurrent()
	var d *store.DamagedError
	if errors.As(err, &d) {
		c.logf("player %s: %v", c.key, d)
	}
	return c.playerFiles.publicLoad(l, err)
}

// nameKeeper keeps the name of a keyed person the club has met (a game,
// a tournament) as they choose it, off the screens' Update, the newest
// name last; a key the club has never met is not written.
type nameKeeper struct {
	club *club.Service
	key  string
	logf func(string, ...any)

	mu   sync.Mutex
	name string
}

// see writes name now: at the connection's start, before its lobby.
func (k *nameKeeper) see(name string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.name = name
	k.write()
}

// rename writes name on a goroutine of its own.
func (k *nameKeeper) rename(name string) {
	k.mu.Lock()
	k.name = name
	k.mu.Unlock()
	go func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		k.write() // the newest name, whichever goroutine comes last
	}()
}

// write writes k.name; k.mu is held.
func (k *nameKeeper) write() {
	ctx, cancel := context.WithTimeout(context.Background(), clubWait)
	defer cancel()
	if err := k.club.NamePlayer(ctx, k.key, k.name); err != nil && !errors.Is(err, clubdb.ErrClosed) {
		k.logf("club: keeping the name of %s: %v", k.key, err)
	}
}

// withClub gives a connection's lobby the club: the person seen (their
// key and chosen name, nothing more), their renames kept, their games
// against bots recorded, the ratings and leaderboards shown.
func withClub(cfg *tui.LobbyConfig, cl *club.Service, key string, logf func(string, ...any)) {
	if cl == nil {
		return
	}
	cfg.Club = cl
	if key == "" {
		return // a guest: nothing is written
	}
	k := &nameKeeper{club: cl, key: key, logf: logf}
	k.see(cfg.Player.Name)
	rename := cfg.Rename
	cfg.Rename = func(n string) error {
		k.rename(n)
		if rename != nil {
			return rename(n)
		}
		return nil
	}
	if pf, ok := cfg.Solo.Store.(playerFiles); ok {
		cfg.Solo.Store = clubFiles{playerFiles: pf, club: cl, key: key, logf: logf}
	}
}

// clubStats is the stats line's part on the club: the games recorded
// since the start and the time their writes took.
func clubStats(cl *club.Service) string {
	if cl == nil {
		return ""
	}
	q, n := cl.WriteLatencies(0.5, 0.99, 1)
	d, _ := cl.DBWriteLatencies(0.5, 0.99, 1)
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	return fmt.Sprintf(", %d games recorded (write p50 %v, p99 %v, max %v; in the database p50 %v, p99 %v, max %v)", n,
		r(q[0]), r(q[1]), r(q[2]), r(d[0]), r(d[1]), r(d[2]))
}

// hallRecord is the hall's Config.Record of a server with a club, a
// table's filed game into the club (nil without one).
func hallRecord(cl *club.Service) func(string, *gamelog.Log) error {
	if cl == nil {
		return nil
	}
	return func(path string, l *gamelog.Log) error {
		ctx, cancel := context.WithTimeout(context.Background(), clubWait)
		defer cancel()
		_, err := cl.Record(ctx, path, l, "")
		return err
	}
}
