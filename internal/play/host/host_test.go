package host

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/rules"
)

// moves writes a log's moves (not its header, which holds the t0
// time) for comparing two games.
func moves(t *testing.T, l *gamelog.Log) string {
	t.Helper()
	c := *l
	c.Header = gamelog.Header{Options: l.Header.Options, FirstDealer: l.Header.FirstDealer, Players: l.Header.Players, Levels: l.Header.Levels}
	c.Comment = nil
	var b bytes.Buffer
	if err := func() error { _, err := c.WriteTo(&b); return err }(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestWholeGame: at every seat count a person plays a whole game
// against bots through a Port: the game ends, is saved once more and
// filed once, and its log replays to the same game.
func TestWholeGame(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		st := &memstore.Store{}
		me := rules.Seat(n - 1)
		h := newHost(t, config(n, 11, st, clocktest.New(t0), me))
		d := &driver{p: sit(t, h, me), r: rand.New(rand.NewPCG(1, uint64(n)))}
		end := d.play(t, true)
		if !end.Over || end.WinnerSide < 0 || !end.SeedShown || end.Seed != 11 {
			t.Fatalf("the end: over %v winner %d seed %v %d", end.Over, end.WinnerSide, end.SeedShown, end.Seed)
		}
		if end.Save.Pending || end.Save.Err != "" || end.Save.Path == "" {
			t.Fatalf("the end's save state: %+v", end.Save)
		}
		h.Close()
		_, filed := st.Counts()
		if filed != 1 {
			t.Fatalf("%d filings, want 1", filed)
		}
		l, err := h.Log()
		if err == nil {
			t.Fatalf("Log after Close: %v", l)
		}
		last := st.LastSave()
		g, err := last.Game()
		if err != nil || !g.Over() {
			t.Fatalf("the last save is not the finished game: %v", err)
		}
		if moves(t, last) != moves(t, st.Filed[0]) {
			t.Fatal("the filed game differs from the last save")
		}
		if len(end.Deals) != len(g.Records()) || end.Totals != g.Totals() {
			t.Fatalf("the snapshot's %d deals and totals %v; the log's %d and %v", len(end.Deals), end.Totals, len(g.Records()), g.Totals())
		}
	})
}

// TestSameSeedSameGame: a game is a function of its seed and the
// person's decisions: two hosts with the same seed, played the same
// way, write the same moves.
func TestSameSeedSameGame(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var logs []string
		for range 2 {
			st := &memstore.Store{}
			h := newHost(t, config(n, 42, st, clocktest.New(t0), 0))
			d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(7, 7))}
			d.play(t, true)
			h.Close()
			logs = append(logs, moves(t, st.Filed[0]))
		}
		if logs[0] != logs[1] {
			t.Log(logs[0])
			t.Log(logs[1])
			t.Fatal("the same seed and decisions made two games")
		}
	})
}

// TestResume: a game saved mid-deal comes back where it was, every seat
// seeing what it saw; the deal's end then waits for the person's Ready
// as always (only a deal dealt at the start waits for nobody).
func TestResume(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		s, h2 := playStopResume(t, n, "the card play", func(s Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhasePlay })
		d2 := &driver{p: sit(t, h2, 0), r: rand.New(rand.NewPCG(6, 2))}
		r := await(t, d2.p, "the resumed decision", func(x Snapshot) bool { return x.Can.Act })
		if r.View != s.View || r.DealNo != s.DealNo || len(r.Moves) != len(s.Moves) {
			t.Fatal("the resumed game shows another position")
		}
		end := d2.playUntil(t, "the deal's end", func(x Snapshot) bool { return x.Between || x.Over || x.DealNo > s.DealNo })
		if end.Over {
			return
		}
		settle(t, h2)
		if x := d2.p.Snapshot(); !x.Between || !x.Can.Ready || x.DealNo != s.DealNo {
			t.Fatal("the resumed game dealt on without the person's Ready")
		}
	})
}

// playStopResume plays a game of n seats (seed 61, seat A the person's)
// until its snapshot is what until wants, then stops the host and
// resumes the game from its store: it returns that snapshot and the
// new host.
func playStopResume(t *testing.T, n int, what string, until func(Snapshot) bool) (Snapshot, *Host) {
	t.Helper()
	cfg := config(n, 61, &memstore.Store{}, clocktest.New(t0), 0)
	cfg.Options.Target = 1000
	h := newHost(t, cfg)
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(6, 1))}
	s := d.playUntil(t, what, until)
	return s, stopAndResume(t, h, cfg)
}

// TestResumeBetweenDeals: a game stopped between deals, its person
// reading the deal's summary and not yet Ready, comes back to that
// summary: the next deal waits for their Ready as before the stop.
func TestResumeBetweenDeals(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 63, &memstore.Store{}, clocktest.New(t0), 0)
		cfg.Options.Target = 1000
		h := newHost(t, cfg)
		d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(6, 3))}
		s := d.playUntil(t, "the first deal's end", func(x Snapshot) bool { return x.Between && x.Can.Ready })
		h2 := stopAndResume(t, h, cfg)
		p := sit(t, h2, 0)
		settle(t, h2)
		if x := p.Snapshot(); !x.Between || !x.Can.Ready || x.DealNo != s.DealNo {
			t.Fatalf("resumed between deals: deal %d, between %v, can be ready %v; want deal %d's summary waiting for Ready",
				x.DealNo, x.Between, x.Can.Ready, s.DealNo)
		}
		if err := p.Ready(p.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		await(t, p, "the next deal", func(x Snapshot) bool { return x.DealNo == s.DealNo+1 && !x.Between })
	})
}

// TestFinishedSaveIsFiled: a finished game whose filing failed before a
// restart is filed when it is resumed; Abandon files a game not over.
func TestFinishedSaveIsFiled(t *testing.T) {
	st := &memstore.Store{}
	h := newHost(t, config(2, 71, st, clocktest.New(t0), 0))
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
	d.play(t, true)
	h.Close()
	st2 := &memstore.Store{}
	h2, err := Resume(st.LastSave(), config(2, 71, st2, clocktest.New(t0), 0))
	if err != nil {
		t.Fatal(err)
	}
	h2.Close()
	if _, filed := st2.Counts(); filed != 1 {
		t.Fatalf("the resumed finished game was filed %d times", filed)
	}
	st3 := &memstore.Store{}
	h3 := newHost(t, config(3, 72, st3, clocktest.New(t0), 0))
	p := sit(t, h3, 0)
	await(t, p, "a decision", func(s Snapshot) bool { return s.Can.Act })
	if err := h3.Abandon(); err != nil {
		t.Fatal(err)
	}
	if _, filed := st3.Counts(); filed != 1 {
		t.Fatalf("the abandoned game was filed %d times", filed)
	}
	if g, err := st3.Filed[0].Game(); err != nil || g.Over() {
		t.Fatalf("the abandoned game's log: %v", err)
	}
}

// TestAgainstBots: the person sits where asked at every seat count, and
// the bots are named by where they sit around them.
func TestAgainstBots(t *testing.T) {
	want := map[int][]string{2: {"", "Bot"}, 3: {"", "West", "East"}, 4: {"", "West", "North", "East"}}
	for n := 2; n <= 4; n++ {
		for seat := range rules.Seat(n) {
			me := Player{Name: "me", Human: true}
			ps := AgainstBots(n, me, seat, ai.Hard)
			if len(ps) != n || ps[seat] != me {
				t.Fatalf("%d seats, the person at %v: %+v", n, seat, ps)
			}
			for i, p := range ps {
				if rules.Seat(i) != seat && (p.Human || p.Level != ai.Hard || p.Name != want[n][(i-int(seat)+n)%n]) {
					t.Fatalf("%d seats, the person at %v: seat %d is %+v", n, seat, i, p)
				}
			}
		}
	}
}

// stopAndResume stops h, as a server stopping does, and resumes its
// game from its log with cfg and a store of its own.
func stopAndResume(t *testing.T, h *Host, cfg Config) *Host {
	t.Helper()
	l, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	h.Close()
	cfg.Store = &memstore.Store{}
	h2, err := Resume(l, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h2.Close)
	return h2
}

// TestUndoAfterResume: a decision that could be taken back before the
// game stopped (no card shown since) can be taken back after it is
// resumed, at every seat count; before, the resume counted every card in
// view as new and refused every takeback as "cards were shown".
func TestUndoAfterResume(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		s, h2 := playStopResume(t, n, "a decision after one that can be taken back", func(s Snapshot) bool { return s.Can.Act && s.Can.Undo })
		p := sit(t, h2, 0)
		r := await(t, p, "the resumed decision", func(x Snapshot) bool { return x.Can.Act })
		if r.View != s.View {
			t.Fatal("the resumed game shows another position")
		}
		if !r.Can.Undo {
			t.Fatal("the resumed game does not offer the takeback it offered before the stop")
		}
		if err := p.Undo(); err != nil {
			t.Fatalf("undo after the resume: %v", err)
		}
	})
}

// TestResumeKeepsForcedMoves: a game saved at the person's decision
// after a move taken for them (their only choice) and resumed shows the
// deal's moves as before the stop: the one taken for them still reads
// as taken (ByForced, with its reason), not as their choice. At every
// seat count.
func TestResumeKeepsForcedMoves(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		s, h2 := playStopResume(t, n, "a decision after a move taken for the person", func(s Snapshot) bool {
			return s.Can.Act && slices.ContainsFunc(s.Moves, func(m Mover) bool { return m.By == ByForced })
		})
		p := sit(t, h2, 0)
		r := await(t, p, "the resumed decision", func(x Snapshot) bool { return x.Can.Act })
		if r.DealNo != s.DealNo || !slices.Equal(r.Moves, s.Moves) || !maps.Equal(r.Forced, s.Forced) {
			t.Fatalf("the resumed deal %d reads moves %v, forced %v; before the stop deal %d, moves %v, forced %v",
				r.DealNo, r.Moves, r.Forced, s.DealNo, s.Moves, s.Forced)
		}
	})
}
