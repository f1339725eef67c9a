package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

const replayGames = "../testdata/games"

func readReplayLog(t testing.TB, path string) *gamelog.Replay {
	t.Helper()
	l, err := gamelog.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := l.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fakeAnalyze grades without the bot, so the golden screens do not move
// when the bot does: a decision with a choice loses (5·deal + 3·step)
// mod 29 points against the first other legal action. At a table of
// three or four a chance step is forced and nobody's.
func fakeAnalyze(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
	rep := &analysis.Report{Header: r.Header, Seed: opt.Seed, Deals: make([]analysis.DealReport, len(r.Deals))}
	total := 0
	for _, rd := range r.Deals {
		total += len(rd.Steps)
	}
	done := 0
	for i := range r.Deals {
		rd := &r.Deals[i]
		dr := &rep.Deals[i]
		dr.No, dr.Dealer, dr.Done, dr.Analysed = rd.No, rd.Dealer, rd.Done, true
		walk := newStepWalk(r, rd)
		for j, st := range rd.Steps {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			legal, phase := walk.legal(st.Seat)
			dec := analysis.Decision{Deal: rd.No, Step: j + 1, Seat: st.Seat, Phase: phase, Action: st.Action}
			if len(legal) <= 1 || st.Seat == rules.ChanceSeat {
				dec.Grade = analysis.Forced
			} else {
				dec.Loss = float64((5*rd.No + 3*j) % 29)
				dec.Best = st.Action
				if dec.Loss > 0 {
					for _, a := range legal {
						if a != st.Action {
							dec.Best = a
							break
						}
					}
				}
				dec.Grade = analysis.GradeOf(dec.Loss)
			}
			if st.Seat != rules.ChanceSeat {
				for _, sm := range []*analysis.Summary{&dr.Players[st.Seat], &rep.Players[st.Seat]} {
					sm.Counts[dec.Grade]++
					if dec.Graded() {
						sm.Graded++
						sm.Lost += dec.Loss
					} else {
						sm.Forced++
					}
				}
			}
			dr.Decisions = append(dr.Decisions, dec)
			walk.apply(st.Action)
			done++
			if opt.Progress != nil {
				opt.Progress(analysis.Progress{Done: done, Total: total, Deal: rd.No})
			}
		}
	}
	return rep, nil
}

// stepWalk replays a deal of two players or of a table, step by step,
// for the fake analysis.
type stepWalk struct {
	d     rules.Deal
	t     rules.Deal
	table bool
}

func newStepWalk(r *gamelog.Replay, rd *gamelog.ReplayDeal) *stepWalk {
	if r.Players() > 2 {
		return &stepWalk{t: rd.At(0), table: true}
	}
	return &stepWalk{d: rd.At(0)}
}

// legal is what seat may do now, and the phase.
func (w *stepWalk) legal(seat rules.Seat) ([]rules.Action, rules.Phase) {
	if w.table {
		v := w.t.View(seat)
		return v.Legal(), w.t.Phase()
	}
	v := w.d.View(seat)
	return v.Legal(), w.d.Phase()
}

func (w *stepWalk) apply(a rules.Action) {
	if w.table {
		w.t.ApplyUnchecked(a)
		return
	}
	w.d.ApplyUnchecked(a)
}

// newReplayHarness opens r in the viewer at w×h.
func newReplayHarness(t testing.TB, r *gamelog.Replay, name string, cfg ReplayConfig, w, h int) *harness {
	t.Helper()
	if cfg.Analyze == nil {
		cfg.Analyze = fakeAnalyze
	}
	hs := &harness{tb: t, app: NewReplay(r, name, cfg)}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

func (hs *harness) replay() *replayScreen {
	s, _ := hs.app.screen.(*replayScreen)
	return s
}

// TestReplayGolden compares the viewer's screens at chosen points of a
// recorded game with golden files (go test -update rewrites them).
func TestReplayGolden(t *testing.T) {
	tie := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	for _, c := range []struct {
		name string
		w, h int
		cfg  ReplayConfig
		keys []string
	}{
		{name: "start-80x24", w: 80, h: 24},
		// Deal 4: the bidding and dialogue, then a trick with the card
		// to be played next drawn selected.
		{name: "dialogue-80x24", w: 80, h: 24, keys: []string{"n", "n", "n", "right", "right", "right", "right"}},
		{name: "trick-80x24", w: 80, h: 24, keys: []string{"n", "n", "n", "down", "down", "right"}},
		{name: "one-hand-80x24", w: 80, h: 24, keys: []string{"n", "n", "n", "down", "down", "right", "o"}},
		{name: "other-hand-80x24", w: 80, h: 24, keys: []string{"n", "n", "n", "down", "down", "right", "o", "o"}},
		{name: "breakdown-80x24", w: 80, h: 24, keys: []string{"n", "n", "n", "n", "left"}},
		{name: "thrown-in-80x24", w: 80, h: 24, keys: []string{"right", "right"}},
		{name: "goto-80x24", w: 80, h: 24, keys: []string{"g", "1", "2"}},
		{name: "goto-bad-80x24", w: 80, h: 24, keys: []string{"9", "9", "enter"}},
		{name: "analysis-100x30", w: 100, h: 30, keys: []string{"g", "4", "enter", "down", "down", "down", "right", "a"}},
		{name: "analysis-hidden-100x30", w: 100, h: 30, keys: []string{"g", "4", "enter", "down", "down", "down", "right", "a", "o", "o"}},
		{name: "end-100x30", w: 100, h: 30, keys: []string{"end"}},
		{name: "ascii-80x24", w: 80, h: 24, cfg: ReplayConfig{ASCII: true}, keys: []string{"n", "n", "n", "down", "down", "right", "a"}},
		{name: "large-120x40", w: 120, h: 40, keys: []string{"n", "n", "n", "down", "down", "right"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newReplayHarness(t, tie, "09-tie.klob", c.cfg, c.w, c.h)
			hs.press(c.keys...)
			golden(t, "replay-"+c.name, trimRight(hs.screen()))
		})
	}
}

// TestReplayAnalysing: while the analysis runs, the screen says how far
// it is, and keys still move the replay.
func TestReplayAnalysing(t *testing.T) {
	tie := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	hs := newReplayHarness(t, tie, "09-tie.klob", ReplayConfig{}, 80, 24)
	s := hs.replay()
	_ = s.startAnalysis() // not run: the analysis stays in flight
	s.on = true
	// The progress as the analysis' command would bring it; the channel
	// is closed so that the next wait ends at once.
	ch := make(chan analysis.Progress)
	close(ch)
	hs.send(analysisProgressMsg{run: s.run, p: analysis.Progress{Done: 57, Total: 240, Deal: 3}, ch: ch})
	hs.press("n", "n", "n", "right")
	golden(t, "replay-analysing-80x24", trimRight(hs.screen()))
	// A message of an older run is dropped.
	hs.send(analysisDoneMsg{run: s.run - 1, err: fmt.Errorf("stale")})
	if s.state != analysisRunning {
		t.Errorf("a stale result changed the state to %d", s.state)
	}
	hs.send(analysisDoneMsg{run: s.run, err: fmt.Errorf("out of memory")})
	if !strings.Contains(hs.screen(), "! analysis failed: out of memory (a tries again)") {
		t.Errorf("a failed analysis is not shown:\n%s", hs.screen())
	}
	// a tries again (the fake analysis succeeds) and shows the grades.
	hs.press("a")
	if s.state != analysisDone || !s.on || !strings.Contains(hs.screen(), "Points lost:") {
		t.Errorf("after a failure, a: state %d, on %v, screen:\n%s", s.state, s.on, hs.screen())
	}
}

// TestReplayRealAnalysis runs the real analysis (few samples) in the
// viewer's command and checks that grades reach the screen.
func TestReplayRealAnalysis(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "saves", "in-trick.klob"))
	cfg := ReplayConfig{Analyze: analysis.Analyze, Analysis: analysis.Options{Samples: 4, Seed: 1}}
	hs := newReplayHarness(t, r, "in-trick.klob", cfg, 100, 30)
	hs.press("end", "a")
	s := hs.replay()
	if s.state != analysisDone || s.report == nil {
		t.Fatalf("analysis state %d, err %v: want done", s.state, s.err)
	}
	scr := hs.screen()
	if !strings.Contains(scr, "Points lost: this deal A ") {
		t.Errorf("no summary of the analysis:\n%s", scr)
	}
	// Every step of the last deal shows a grade in the step line.
	for s.pos.n > 0 {
		line := strings.Split(hs.screen(), "\n")[30-3]
		if !strings.Contains(line, " · ") {
			t.Errorf("step %d: no grade in %q", s.pos.n, line)
		}
		hs.press("left")
	}
	// Off hides the grades, on shows them again without a new run.
	run := s.run
	hs.press("a")
	if strings.Contains(hs.screen(), "Points lost") || !strings.Contains(hs.screen(), "Analysis hidden") {
		t.Errorf("analysis off still shows it:\n%s", hs.screen())
	}
	hs.press("a")
	if s.run != run || !strings.Contains(hs.screen(), "Points lost") {
		t.Errorf("analysis on again: run %d (was %d), screen:\n%s", s.run, run, hs.screen())
	}
}

// TestReplayStepBack: stepping forward then back returns to the same
// screen, over every step of whole games, in each hand mode, with the
// analysis on and off; by trick and by deal from the places they stop.
func TestReplayStepBack(t *testing.T) {
	for _, name := range []string{"09-tie.klob", "06-sequences-decided-by-top-card.klob", "saves/in-trick.klob", "02-sequence-rank-length.klob"} {
		r := readReplayLog(t, filepath.Join(replayGames, name))
		for _, setup := range [][]string{nil, {"o"}, {"o", "o", "a"}} {
			hs := newReplayHarness(t, r, name, ReplayConfig{}, 100, 30)
			hs.press(setup...)
			s := hs.replay()
			// Forward through the whole game, keeping each screen.
			var screens []string
			var positions []replayPos
			for {
				screens = append(screens, hs.screen())
				positions = append(positions, s.pos)
				before := s.pos
				hs.press("right")
				if s.pos == before {
					break
				}
			}
			want := 0
			for _, d := range r.Deals {
				want += len(d.Steps) + 1
			}
			if len(screens) != want {
				t.Fatalf("%s: %d positions stepping forward, want %d", name, len(screens), want)
			}
			// Back through it: each screen as it was on the way forward.
			for i := len(screens) - 1; i >= 0; i-- {
				if got := hs.screen(); got != screens[i] {
					t.Fatalf("%s %v: stepping back to %+v gives another screen:\ngot:\n%s\nwant:\n%s", name, setup, positions[i], got, screens[i])
				}
				hs.press("left")
			}
			// Random places: forward then back by action, by trick from
			// a trick's end, by deal from a deal's start.
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			for range 200 {
				i := rng.IntN(len(positions) - 1) // not the end: forward stays there
				s.pos = positions[i]
				start := hs.screen()
				pairs := [][2]string{{"right", "left"}}
				if s.isBound(s.pos) {
					pairs = append(pairs, [2]string{"down", "up"}, [2]string{"j", "k"})
				}
				if s.pos.n == 0 && s.pos.deal+1 < len(r.Deals) {
					pairs = append(pairs, [2]string{"n", "p"})
				}
				for _, pr := range pairs {
					s.pos = positions[i]
					hs.press(pr[0], pr[1])
					if got := hs.screen(); got != start {
						t.Fatalf("%s: %s then %s from %+v gives another screen:\ngot:\n%s\nwant:\n%s", name, pr[0], pr[1], positions[i], got, start)
					}
				}
			}
		}
	}
}

// TestReplayMoves checks the moves by trick and by deal on one game.
func TestReplayMoves(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	s := newReplayScreen(r, "x", ReplayConfig{}, nil)
	d4 := len(r.Deals[3].Steps)
	// Deal 4: take, two no-exchange, two no-sequence, nine tricks.
	pos := replayPos{3, 0}
	want := []int{5, 7, 9, 11, 13, 15, 17, 19, 21, 23}
	for _, n := range want {
		pos = s.nextTrick(pos)
		if pos != (replayPos{3, n}) {
			t.Fatalf("next trick: at %+v, want deal 4 step %d", pos, n)
		}
	}
	if d4 != 23 {
		t.Fatalf("deal 4 has %d steps, want 23", d4)
	}
	if p := s.nextTrick(pos); p != (replayPos{4, 0}) {
		t.Errorf("next trick after deal 4's end: %+v, want deal 5 as dealt", p)
	}
	if p := s.prevTrick(replayPos{3, 6}); p != (replayPos{3, 5}) {
		t.Errorf("previous trick from inside trick 1: %+v, want the first lead", p)
	}
	for _, c := range []struct{ from, next, prev replayPos }{
		{replayPos{0, 0}, replayPos{1, 0}, replayPos{0, 0}},
		{replayPos{3, 7}, replayPos{4, 0}, replayPos{3, 0}},
		{replayPos{3, 0}, replayPos{4, 0}, replayPos{2, 0}},
		{s.end(), s.end(), replayPos{len(r.Deals) - 1, 0}},
	} {
		if p := s.nextDeal(c.from); p != c.next {
			t.Errorf("next deal from %+v: %+v, want %+v", c.from, p, c.next)
		}
		if p := s.prevDeal(c.from); p != c.prev {
			t.Errorf("previous deal from %+v: %+v, want %+v", c.from, p, c.prev)
		}
	}
	if p := s.prev(replayPos{}); p != (replayPos{}) {
		t.Errorf("back from the start: %+v", p)
	}
	if p := s.next(s.end()); p != s.end() {
		t.Errorf("on from the end: %+v", p)
	}
}

// TestReplayNoDeal: a log with no deal yet opens and says so.
func TestReplayNoDeal(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "saves", "no-deal.klob"))
	hs := newReplayHarness(t, r, "no-deal.klob", ReplayConfig{}, 80, 24)
	hs.press("right", "down", "n", "end", "a", "o", "g", "1", "enter")
	if !strings.Contains(hs.screen(), "This log has no deal yet") {
		t.Errorf("empty log:\n%s", hs.screen())
	}
}

// TestReplayMonkey presses random keys at random sizes: no panic, and
// every frame is exactly the window; two-handed games and tables, the
// analysis (the fake) on and off.
func TestReplayMonkey(t *testing.T) {
	keys := []string{"right", "left", "up", "down", "n", "p", "g", "1", "3", "enter", "esc", "o", "a", "home", "end",
		"[", "]", "x", "?", "q", "n", "space", "backspace", "<", ">", "0"}
	for _, name := range []string{"09-tie.klob", "saves/in-dialogue.klob", "saves/no-deal.klob",
		"tables/3-01-every-house-variant.klob", "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob", "tables/saves/four-in-trick.klob"} {
		r := readReplayLog(t, filepath.Join(replayGames, name))
		rng := rand.New(rand.NewPCG(3, uint64(len(name))))
		cfg := ReplayConfig{ASCII: rng.IntN(2) == 0}
		hs := newReplayHarness(t, r, name, cfg, 80, 24)
		for i := range 1500 {
			if i%100 == 0 {
				w, h := 1+rng.IntN(160), 1+rng.IntN(60)
				hs.send(tea.WindowSizeMsg{Width: w, Height: h})
			}
			k := keys[rng.IntN(len(keys))]
			if k == "backspace" {
				hs.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
			} else {
				hs.press(k)
			}
			if hs.quit {
				// Open it again: every key press counts.
				hs = newReplayHarness(t, r, name, cfg, 80, 24)
				continue
			}
			out := hs.app.render()
			ctx := &hs.app.ctx
			lines := strings.Split(out, "\n")
			if ctx.Width > 0 && ctx.Height > 0 && len(lines) != ctx.Height {
				t.Fatalf("%s: %d lines for a height of %d", name, len(lines), ctx.Height)
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); ctx.Width > 0 && w != ctx.Width {
					t.Fatalf("%s: a line %d wide in a window %d wide: %q", name, w, ctx.Width, l)
				}
			}
		}
	}
}

// The analysis of a hidden hand does not show the card it should have
// played.
func TestReplayHiddenBetter(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	hs := newReplayHarness(t, r, "09-tie.klob", ReplayConfig{}, 100, 30)
	hs.press("a")
	s := hs.replay()
	for {
		if d := s.decision(s.pos.deal, s.pos.n-1); d != nil && d.Grade >= analysis.Inaccuracy && d.Action.Kind == rules.PlayCard {
			break
		}
		before := s.pos
		hs.press("right")
		if s.pos == before {
			t.Fatal("no card graded a mistake in the game")
		}
	}
	seat := r.Deals[s.pos.deal].Steps[s.pos.n-1].Seat
	stepLine := func() string { return strings.Split(hs.screen(), "\n")[27] }
	if !strings.Contains(stepLine(), "; better ") {
		t.Fatalf("both hands open: no better action in %q", stepLine())
	}
	// Open only the other seat's hand.
	for s.open(seat) {
		hs.press("o")
	}
	if strings.Contains(stepLine(), "better") || !strings.Contains(stepLine(), "loses") {
		t.Errorf("hand of %s hidden: step line %q shows the better card or no loss", seat, stepLine())
	}
}

func TestReplayHelpKeys(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	s := newReplayScreen(r, "x", ReplayConfig{}, nil)
	k := kit.DefaultKeys()
	seen := map[string]bool{}
	for _, b := range s.KeyHelp(&k).FullHelp()[0] {
		h := b.Help()
		if h.Key == "" || h.Desc == "" || seen[h.Key] {
			t.Errorf("help key %q %q: empty or listed twice", h.Key, h.Desc)
		}
		seen[h.Key] = true
	}
	if len(seen) != 13 {
		t.Errorf("%d keys listed, want 13 (? and q, and no esc without a list to go back to)", len(seen))
	}
	if n := len(newReplayScreen(r, "x", ReplayConfig{}, newHistoryScreen(emptySource{}, ReplayConfig{})).KeyHelp(&k).FullHelp()[0]); n != 14 {
		t.Errorf("opened from the list: %d keys, want 14 with esc", n)
	}
}

// TestThrownInSaysWhoseSchmeiss: "Bot accepted your schmeiss", never
// "You's".
func TestThrownInSaysWhoseSchmeiss(t *testing.T) {
	name := func(s rules.Seat) string { return [2]string{"You", "Bot"}[s] }
	rd := &gamelog.ReplayDeal{Ending: rules.SchmeissAccepted, Schmeisser: rules.SeatA}
	if got, want := abandonWhy(rd, name), "Bot accepted your schmeiss"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	rd.Schmeisser = rules.SeatB
	if got, want := abandonWhy(rd, name), "You accepted Bot's schmeiss"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
