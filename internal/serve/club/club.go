package club

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// Options configures Open.
type Options struct {
	// Now is the database's clock; nil is time.Now.
	Now func() time.Time
	// Logf logs what the import found and what a record could not do;
	// nil discards.
	Logf func(format string, args ...any)
	// Rating is the rating model; the zero Config is rating.Default().
	Rating rating.Config
	// Scale shows ratings; the zero Scale is rating.DefaultScale().
	Scale rating.Scale
	// MinGames is the rated games that list a player on a leaderboard
	// (0: rating.DefaultMinGames).
	MinGames int
	// Backups is how many of the database's day copies are kept, in
	// the backups folder of the state directory: one is taken at the
	// start when the newest is a day old or there is none, then one a
	// day. 0 takes none.
	Backups int
	// Clock times the copies; nil is the system's.
	Clock Clock
}

// Service is the club of one klob serve: its database and its ratings.
// Its methods are safe for concurrent use; every one may wait for the
// disk, so none is called from a screen's Update.
type Service struct {
	db       *clubdb.DB
	cfg      rating.Config
	scale    rating.Scale
	minGames int
	logf     func(string, ...any)

	writes   latencies // every game's record, for the server's figures
	dbWrites latencies // the database's own part of each

	backups *backups // nil when none are taken
}

// Path is the club database's file in the state directory state.
func Path(state string) string { return filepath.Join(state, clubdb.FileName) }

// Open opens the club database of the state directory state (creating
// it), imports the directory's files into it (only what is new) and
// rates the games the import recorded that change ratings and have
// none yet. A damaged database or one a newer klob wrote is refused
// (*clubdb.DamagedError, *clubdb.NewerError) and left as it is; so is
// a database another process has open (clubdb.ErrBusy).
func Open(ctx context.Context, state string, o Options) (*Service, error) {
	if o.Rating == (rating.Config{}) {
		o.Rating = rating.Default()
	}
	if err := o.Rating.Check(); err != nil {
		return nil, err
	}
	if o.Scale == (rating.Scale{}) {
		o.Scale = rating.DefaultScale()
	}
	if o.MinGames <= 0 {
		o.MinGames = rating.DefaultMinGames
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	db, err := clubdb.Open(Path(state), clubdb.Options{Now: o.Now})
	if err != nil {
		return nil, err
	}
	s := &Service{db: db, cfg: o.Rating, scale: o.Scale, minGames: o.MinGames, logf: o.Logf}
	// Before any game is rated: the games rated from here on are this
	// rule's, those before another's, which Verify cannot rate again.
	if _, err := db.SetRatingRule(ctx, ruleName(o.Rating)); err != nil {
		db.Close()
		return nil, fmt.Errorf("naming the rating rule in the club database: %w", err)
	}
	rep, err := db.Import(ctx, state)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("importing the state directory %s into the club database: %w", state, err)
	}
	for _, sk := range rep.Skipped {
		s.logf("club: the import skipped %s: %v", sk.Path, sk.Err)
	}
	for _, u := range rep.Unlinked {
		s.logf("club: %s is recorded without its rematch link: %v", u.Path, u.Err)
	}
	if rep.NewGames > 0 || db.Created() {
		s.logf("club: the import into %s found %s and added %s (%s, %s against bots in progress)",
			db.Path(), textwrap.Count(rep.Players, "player"), textwrap.Count(rep.NewGames, "game"),
			textwrap.Count(rep.OpenTables, "open table"), textwrap.Count(rep.InProgress, "game"))
	}
	n, err := s.ratePending(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	if n > 0 {
		s.logf("club: rated %s the import recorded", textwrap.Count(n, "game"))
	}
	if o.Backups > 0 {
		if o.Clock == nil {
			o.Clock = host.SystemClock()
		}
		s.backups = startBackups(db, o.Backups, o.Clock, s.logf)
	}
	return s, nil
}

// ratePending rates the games recorded without their ratings, in the
// order the database numbered them; it returns how many changed
// ratings. A game numbered before the last that changed ratings was
// rated as it was recorded and changed none (an older klob may have
// rated nobody where this one would): rating it now would apply its
// ratings after later games', out of the order Verify reads the logs
// in, so it is left as it is.
func (s *Service) ratePending(ctx context.Context) (int, error) {
	games, err := s.db.Unrated(ctx)
	if err != nil {
		return 0, err
	}
	last, err := s.db.LastRated(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range games {
		g := &games[i]
		if g.ID < last {
			continue
		}
		// The log says who a bot played for at the end; one that cannot
		// be read rates the game by its seats alone. Only a regular file
		// is read: a FIFO in its place would hang the start.
		data, _ := untrusted.ReadFile(g.LogPath)
		if data != nil && clubdb.SumLog(data) != g.LogSHA256 {
			data = nil
		}
		rec, err := s.db.RecordGame(ctx, *g, s.rateFunc(g, data))
		if err != nil {
			return n, fmt.Errorf("rating the game %s (%s): %w", g.LogSHA256, g.LogPath, err)
		}
		if len(rec.Changes) > 0 {
			n++
		}
	}
	return n, nil
}

// Close stops the database's copies (one under way is stopped and
// leaves no file under a copy's name), then closes the database once
// its queued writes are done.
func (s *Service) Close() error {
	if s.backups != nil {
		s.backups.close()
	}
	return s.db.Close()
}

// DB is the club's database.
func (s *Service) DB() *clubdb.DB { return s.db }

// NamePlayer notes that the person with key, if the club has met them
// (a game, a tournament), came in or renamed themselves under name
// (clubdb.DB.NamePlayer). A guest (key "") is not recorded.
func (s *Service) NamePlayer(ctx context.Context, key, name string) error {
	if key == "" {
		return nil
	}
	return s.db.NamePlayer(ctx, key, name)
}

// rateFunc is the rating function of game g for clubdb.RecordGame,
// whose log's bytes are data: a side one of whose people bots played
// for (stoodIn) is rated as having lost (RateStoodIn); if all had left,
// it rates nobody.
func (s *Service) rateFunc(g *clubdb.Game, data []byte) clubdb.RateFunc {
	stood, left := stoodIn(g.LogPath, data)
	return func(before []clubdb.Rating) ([]clubdb.Rating, error) {
		return RateStoodIn(s.cfg, g, before, stood, left)
	}
}

// stoodIn reads from a game's log the seats of the people bots played
// for (host.StoodIn) and, among them, of those who had left at its end
// (host.LeftAtEnd); nil when the log cannot be read.
func stoodIn(path string, data []byte) (stood, left []rules.Seat) {
	if data == nil {
		return nil, nil
	}
	l, err := gamelog.Parse(path, data)
	if err != nil {
		return nil, nil
	}
	return host.StoodIn(l), host.LeftAtEnd(l)
}

// Record indexes the game log l, filed at path (a copy in a person's
// history), and applies its ratings in the same transaction. owner is
// the key of the one person of a game against bots, whose log names no
// key ("" for a table's game, whose log names every seat's). A game is
// its log's checksum (of l as Log.MarshalText writes it, which is how
// the history keeps it): recording it again changes nothing, and it is
// rated once. A rematch whose game before it the database does not have
// is recorded without the link (and logged).
func (s *Service) Record(ctx context.Context, path string, l *gamelog.Log, owner string) (clubdb.Recorded, error) {
	data, err := l.MarshalText()
	if err != nil {
		return clubdb.Recorded{}, err
	}
	return s.RecordData(ctx, path, data, owner)
}

// RecordData is Record of a log's bytes.
func (s *Service) RecordData(ctx context.Context, path string, data []byte, owner string) (clubdb.Recorded, error) {
	g, err := clubdb.FromLog(path, data, owner)
	if err != nil {
		return clubdb.Recorded{}, err
	}
	if g.RematchOf != "" {
		if _, err := s.db.GameBySum(ctx, g.RematchOf); errors.Is(err, clubdb.ErrNotFound) || g.RematchOf == g.LogSHA256 {
			s.logf("club: %s is a rematch of %s, which the club database does not have: recorded without the link", path, g.RematchOf)
			g.RematchOf = ""
		} else if err != nil {
			return clubdb.Recorded{}, err
		}
	}
	start := time.Now()
	rec, own, err := s.db.RecordGameTimed(ctx, g, s.rateFunc(&g, data))
	s.writes.add(time.Since(start))
	if err == nil {
		s.dbWrites.add(own)
		s.logRecord(g, rec)
	}
	return rec, err
}

// logRecord logs a table's game the club records for the first time,
// one line for its result and one for each rating it changed, each
// person named by name and key tag (hall.Who) as the lobby tags them:
// the operator's record of who played whom and what it did to them.
func (s *Service) logRecord(g clubdb.Game, rec clubdb.Recorded) {
	if !rec.New {
		return
	}
	names := map[string]string{}
	if g.Table != "" {
		var b strings.Builder
		for i, st := range g.Seats {
			if i > 0 {
				b.WriteString(", ")
			}
			who := "bot"
			if st.Key != "" {
				who = hall.Who(hall.Player{ID: st.Key, Name: st.Name})
			}
			fmt.Fprintf(&b, "%s %s %d", rules.Seat(i), who, st.Total)
		}
		result := "not finished"
		if g.Finished() {
			result = "won by " + g.Winner
		}
		s.logf("club: table %s's game recorded as game %d, %s: %s", g.Table, rec.ID, result, b.String())
	}
	for _, st := range g.Seats {
		if st.Key != "" {
			names[st.Key] = st.Name
		}
	}
	for _, c := range rec.Changes {
		after := s.scale.Show(rating.Rating{Mu: c.After.Mu, Sigma: c.After.Sigma})
		before := "unrated"
		change := ""
		if c.Before.Rated {
			b := rating.Rating{Mu: c.Before.Mu, Sigma: c.Before.Sigma}
			before = s.scale.Show(b).String()
			change = fmt.Sprintf(" (%+d)", s.scale.Change(b, rating.Rating{Mu: c.After.Mu, Sigma: c.After.Sigma}))
		}
		s.logf("club: game %d rated %s at %d seats: %s -> %s%s", rec.ID,
			hall.Who(hall.Player{ID: c.After.Key, Name: names[c.After.Key]}), c.After.Seats, before, after, change)
	}
}

// WriteLatencies returns the quantiles qs (0 to 1) of the time each
// game's record took since the start, as its caller waited for it, and
// how many there were.
func (s *Service) WriteLatencies(qs ...float64) ([]time.Duration, int) {
	return s.writes.quantiles(qs...)
}

// DBWriteLatencies is WriteLatencies of the database's own time on each
// record's transaction (clubdb.DB.RecordGameTimed): the part of a record's
// time that is the database's, without the waits for a core.
func (s *Service) DBWriteLatencies(qs ...float64) ([]time.Duration, int) {
	return s.dbWrites.quantiles(qs...)
}

// latencies keeps durations, the most recent maxLatencies.
type latencies struct {
	mu   sync.Mutex
	d    []time.Duration
	next int
	n    int
}

const maxLatencies = 1 << 16

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	if len(l.d) < maxLatencies {
		l.d = append(l.d, d)
		return
	}
	l.d[l.next] = d
	l.next = (l.next + 1) % maxLatencies
}

func (l *latencies) quantiles(qs ...float64) ([]time.Duration, int) {
	l.mu.Lock()
	d := append([]time.Duration(nil), l.d...)
	n := l.n
	l.mu.Unlock()
	out := make([]time.Duration, len(qs))
	if len(d) == 0 {
		return out, n
	}
	slices.Sort(d)
	for i, q := range qs {
		out[i] = d[min(len(d)-1, int(q*float64(len(d)-1)+0.5))]
	}
	return out, n
}
