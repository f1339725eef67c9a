package tourney

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// fixture is a service over a database of its own in a test directory.
type fixture struct {
	t     *testing.T
	c     *testkit.Clock
	dir   string
	db    *clubdb.DB
	s     *Service
	seeds uint64
	codes int

	// drawMu guards seeds and codes: the service draws them in
	// NewSeed and NewCode, creations at once together.
	drawMu sync.Mutex

	log *testkit.LogLines
	// bots are the service's bots, kept across a restart:
	// testkit.CheapBots, each decision worked out once.
	bots ai.Factory
	// perAddr is the service's Config.MaxEntrantsPerAddr (0: its
	// default), read at each open.
	perAddr int
	// openPerAddr is the service's Config.MaxOpenPerAddr (0: its
	// default), read at each open.
	openPerAddr int
	// wrap, when set, is what the service sees of the database, read at
	// each open.
	wrap func(DB) DB
}

// cheapBots are the bots of every fixture's service: the fixtures deal
// the same boards, so a view's decision for par is worked out once a
// test process. Each service gives its bots win tables of its own:
// SharedAcross keeps them out of the decisions' keys, or no service
// would share another's. The tests that check par or the bots against
// fresh ones (testkit.CheapBots) still make them fresh.
var cheapBots = testkit.SharedAcross(testkit.CheapBots)

// newFixture opens the database and the service; daily makes the
// daily tournaments too.
func newFixture(t *testing.T, daily bool) *fixture {
	t.Helper()
	f := &fixture{t: t, c: testkit.StoppedClock(), dir: t.TempDir(), log: &testkit.LogLines{}, bots: cheapBots}
	f.open(daily)
	return f
}

func (f *fixture) open(daily bool) {
	t := f.t
	db, err := clubdb.Open(filepath.Join(f.dir, clubdb.FileName), clubdb.Options{Now: f.c.Now})
	require.NoError(t, err)
	f.db = db
	var sdb DB = db
	if f.wrap != nil {
		sdb = f.wrap(db)
	}
	s, err := New(Config{DB: sdb, Dir: filepath.Join(f.dir, "tourneys"), NewBot: f.bots, Now: f.c.Now,
		Location: time.UTC, NoDaily: !daily, Slots: host.NewSlots(1), MaxEntrantsPerAddr: f.perAddr,
		MaxOpenPerAddr: f.openPerAddr,
		NewSeed: func() uint64 {
			f.drawMu.Lock()
			defer f.drawMu.Unlock()
			f.seeds++
			return 1000 + f.seeds
		},
		NewCode: func() string {
			f.drawMu.Lock()
			defer f.drawMu.Unlock()
			f.codes++
			return fmt.Sprintf("TEST%c%c", 'A'+f.codes/24, "ABCDEFGHJKLMNPQRSTUVWXYZ"[f.codes%24])
		},
		Logf: f.log.Logf})
	require.NoError(t, err)
	f.s = s
	t.Cleanup(f.close)
}

// close stops the service and the database (a restart, when opened
// again).
func (f *fixture) close() {
	if f.s != nil {
		f.s.Close()
		f.s = nil
	}
	if f.db != nil {
		f.db.Close()
		f.db = nil
	}
}

// restart closes and opens everything again over the same files.
func (f *fixture) restart(daily bool) {
	f.close()
	f.open(daily)
}

// waitPars waits until the database has par of code's boards.
func (f *fixture) waitPars(code string) []float64 {
	f.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		pars, err := f.db.Pars(context.Background(), code)
		require.NoError(f.t, err)
		if len(pars) > 0 {
			return pars
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("par of %s never came: %v", code, f.log.Lines())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// spec is a club tournament of players with boards, ending in a day.
func (f *fixture) spec(players, boards int) Spec {
	o := rules.DefaultOptions()
	o.Players = players
	return Spec{Rules: o, Level: ai.Normal, Boards: boards, Ends: f.c.Now().Add(24 * time.Hour)}
}

var (
	ann = Player{Key: "aaaa000000000000000000000000000000000000000000000000000000000001", Name: "Ann"}
	bob = Player{Key: "bbbb000000000000000000000000000000000000000000000000000000000002", Name: "Bob"}
	cy  = Player{Key: "cccc000000000000000000000000000000000000000000000000000000000003", Name: "Cy"}
)

// policy is a person's play: a choice among the legal actions that
// depends on the view alone, so two people with this policy act alike.
type policy func(v *rules.View) rules.Action

// middle takes the legal action in the middle of the list.
func middle(v *rules.View) rules.Action {
	legal := v.Legal()
	return legal[len(legal)/2]
}

// first takes the first legal action.
func first(v *rules.View) rules.Action { return v.Legal()[0] }

// playOut plays the seat's board with pol until its deal is over, or
// until stop says to stop at the person's turn (where nothing moves
// until they act; stop nil: to the end). It reports whether the board is
// over.
func playOut(t *testing.T, seat *Seat, pol policy, stop func(decisions int) bool) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	decisions := 0
	for {
		sn := seat.Port.Snapshot()
		switch {
		case sn.Over:
			return true
		case stop != nil && sn.Can.Act && stop(decisions):
			return false
		case sn.Can.Act && sn.HasDeal && !sn.Between:
			v := sn.View
			require.NoError(t, seat.Port.Act(sn.Gen, pol(&v)))
			decisions++
			continue
		case sn.Can.Ready:
			require.NoError(t, seat.Port.Ready(sn.Gen))
			continue
		}
		select {
		case <-seat.Port.Updates():
		case <-ctx.Done():
			t.Fatalf("board %d stalled: %+v", seat.Board, sn)
		}
	}
}

// eachSeatCount runs test at two, three and four players, each with a
// fixture of its own.
func eachSeatCount(t *testing.T, test func(t *testing.T, f *fixture, n int)) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) { test(t, newFixture(t, false), n) })
}

// annAtTheSecondDecision has Ann enter a new tournament of four boards
// at two players and play the first with middle up to her second
// decision; it returns the code and her seat.
func (f *fixture) annAtTheSecondDecision() (string, *Seat) {
	f.t.Helper()
	code := f.create(2, 4, ann)
	seat, err := f.s.Play(context.Background(), ann, code)
	require.NoError(f.t, err)
	playOut(f.t, seat, middle, func(d int) bool { return d >= 2 })
	return code, seat
}

// create has Cy create a tournament of boards boards at n players and
// the entrants enter it; it returns its code.
func (f *fixture) create(n, boards int, entrants ...Player) string {
	ctx := context.Background()
	info, err := f.s.Create(ctx, cy, f.spec(n, boards))
	require.NoError(f.t, err)
	for _, p := range entrants {
		require.NoError(f.t, f.s.Enter(ctx, p, info.Code))
	}
	return info.Code
}

// playAll plays every board p has left in code with pol.
func (f *fixture) playAll(p Player, code string, pol policy) {
	f.t.Helper()
	for {
		seat, err := f.s.Play(context.Background(), p, code)
		if err == ErrAllPlayed {
			return
		}
		require.NoError(f.t, err)
		playOut(f.t, seat, pol, nil)
		seat.Leave()
		f.waitRecorded(p, code, seat.Board)
	}
}

// waitRecorded waits until board n of p is recorded as played.
func (f *fixture) waitRecorded(p Player, code string, n int) {
	f.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		bs, err := f.db.BoardsOf(context.Background(), code, p.Key)
		require.NoError(f.t, err)
		for _, b := range bs {
			if b.Board == n && b.Finished {
				return
			}
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("board %d of %s never recorded: %+v %v", n, p.Name, bs, f.log.Lines())
		}
		time.Sleep(time.Millisecond)
	}
}
