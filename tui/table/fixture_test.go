package table

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// t0 is the tests' clock and the games' start.
var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// guard bounds a wait only a broken host would make long: it never
// decides a test that passes, it only stops one that hangs.
const guard = 30 * time.Second

// memStore keeps the saves and filings in memory.
type memStore struct {
	mu      sync.Mutex
	saves   int
	filed   []*gamelog.Log
	saveErr error
	fileErr error  // Archive fails with it when set
	dir     string // where games are filed; "" is /state/klob/history
}

func (m *memStore) SaveCurrent(l *gamelog.Log) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.saves++
	return m.saveErr
}

func (m *memStore) Archive(l *gamelog.Log) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fileErr != nil {
		return "", m.fileErr
	}
	m.filed = append(m.filed, l)
	dir := m.dir
	if dir == "" {
		dir = "/state/klob/history"
	}
	return fmt.Sprintf("%s/2026-12-01-1200-game-%d.klob", dir, len(m.filed)), nil
}

// randomBots are work-bounded bots: a seeded random legal action.
func randomBots(level ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }

// gate holds the bots of a game until the test lets them move, so that
// a test can act while a bot is thinking.
type gate struct {
	ch chan struct{}
}

// gatedBot is a random bot that answers once its gate lets it.
type gatedBot struct {
	ai.Bot
	g *gate
}

func (b gatedBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	select {
	case <-b.g.ch:
	case <-ctx.Done():
		return rules.Action{}, ctx.Err()
	}
	return b.Bot.Choose(ctx, v)
}

// fakeHint is a hint that does not depend on the bots: every legal
// option scored by its place in the engine's order, the best not the
// first, so that rank order shows. As eval does, it measures each
// option's gap to the best with its paired error (Paired), so that the
// hint grades by that error: a gap of 4 points (an inaccuracy on the
// scale) is within 2 × 2.1, one of 5 beyond it.
func fakeHint(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
	legal := v.Legal()
	ev := eval.Evaluation{Samples: 100, Best: 0, Paired: true}
	for i, a := range legal {
		mean := float64((i*37)%11) - 5
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: 1.5, Win: 0.4 + mean/100, Bete: 0.1, Points: mean / 2})
		if mean > ev.Results[ev.Best].Mean {
			ev.Best = i
		}
	}
	best := ev.Results[ev.Best]
	for i := range ev.Results {
		if r := &ev.Results[i]; i != ev.Best {
			r.Gap, r.GapErr = best.Mean-r.Mean, 2.1
			r.WinGap, r.WinGapErr = best.Win-r.Win, 0.004
		}
	}
	return ev, nil
}

// takeOrFirst is the action a test's seat makes to have a deal played:
// take trump when it may, else the first legal action.
func takeOrFirst(legal []rules.Action) rules.Action {
	for _, a := range legal {
		if a.Kind == rules.Take {
			return a
		}
	}
	return legal[0]
}

// options are the rules of a game of n players.
func options(n int) rules.Options {
	o := rules.DefaultOptions()
	o.Players = n
	return o
}

// fixture is a table screen over a real host: the person at A, random
// bots elsewhere, a manual clock and no pace, the screen refreshed by
// the test once the game rests.
type fixture struct {
	t     *testing.T
	h     *host.Host
	port  host.Port
	st    *memStore
	s     *Screen
	hs    *kittest.Driver
	gate  *gate
	rests func(host.Snapshot) bool
	// clock is the host's clock, where a test set it apart (the
	// screen's Now then reads it too).
	clock *clocktest.Manual
}

type fixtureOpt func(*host.Config, *Config)

// hiddenCardFixture is the game of n at 80×24 that the hidden-card
// tests play: with shlomo at three and four, cleopatra at four.
func hiddenCardFixture(t *testing.T, n int) *fixture {
	o := options(n)
	if n > 2 {
		o.Shlomo, o.Cleopatra = true, n == 4
	}
	return newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
}

// newFixture starts a game of n at seed, the screen w×h.
func newFixture(t *testing.T, n int, seed uint64, w, h int, opts ...fixtureOpt) *fixture {
	t.Helper()
	return startFixture(t, n, seed, w, h, host.New, opts...)
}

// eachTable runs test at every seat count on the count's game of seeds
// at 80×24.
func eachTable(t *testing.T, test func(t *testing.T, n int, f *fixture)) {
	eachTableWith(t, nil, test)
}

// eachTableWith is eachTable with the games made as opt says (none when
// opt is nil).
func eachTableWith(t *testing.T, opt fixtureOpt, test func(t *testing.T, n int, f *fixture)) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var opts []fixtureOpt
		if opt != nil {
			opts = append(opts, opt)
		}
		test(t, n, newFixture(t, n, seeds[n], 80, 24, opts...))
	})
}

// startFixture is newFixture with the host made by newHost.
func startFixture(t *testing.T, n int, seed uint64, w, h int, newHost func(host.Config) (*host.Host, error), opts ...fixtureOpt) *fixture {
	t.Helper()
	st := &memStore{}
	names := map[int][]string{2: {"Tester", "Bot"}, 3: {"Tester", "West", "East"}, 4: {"Tester", "West", "North", "East"}}[n]
	players := make([]host.Player, n)
	for i := range players {
		players[i] = host.Player{Name: names[i], Level: ai.Normal}
	}
	players[0] = host.Player{Name: "Tester", Human: true}
	hc := host.Config{Game: host.Game{Options: options(n), Seed: seed, Players: players, NewBot: randomBots, Start: t0}, Store: st,
		Clock: clocktest.New(t0), Takebacks: true, Hint: fakeHint}
	tc := Config{Manual: true, Now: func() time.Time { return t0 }, Rerun: func(seed uint64) [][]string { return [][]string{{"klob", "play"}, {"-seed", fmt.Sprint(seed)}} }}
	f := &fixture{t: t, st: st}
	for _, o := range opts {
		o(&hc, &tc)
	}
	if hc.NewBot == nil {
		f.gate = &gate{ch: make(chan struct{})}
		g := f.gate
		hc.NewBot = func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
			return gatedBot{ai.NewRandom(cfg.Seed), g}, nil
		}
	}
	hh, err := newHost(hc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hh.Close)
	p, err := hh.Seat(rules.SeatA)
	if err != nil {
		t.Fatal(err)
	}
	tc.Port = p
	tc.Log = hh.Log
	f.h, f.port = hh, p
	f.s = New(tc)
	f.rests = kittest.AtRest
	if f.gate != nil {
		// A bot waiting for its gate counts as rest.
		f.rests = func(s host.Snapshot) bool {
			return kittest.AtRest(s) || (s.Thinking != rules.NoSeat && !s.Save.Pending)
		}
	}
	f.settle()
	f.hs = kittest.New(t, f.s, w, h, false)
	f.hs.After = func(*kittest.Driver) { f.refresh() }
	return f
}

// resumedFixture is newFixture's game resumed from the log l, as a
// saved game is: n must be the log's seat count.
func resumedFixture(t *testing.T, l *gamelog.Log, n int, w, h int, opts ...fixtureOpt) *fixture {
	t.Helper()
	return startFixture(t, n, 0, w, h, func(hc host.Config) (*host.Host, error) { return host.Resume(l, hc) }, opts...)
}

// gated makes the bots wait for the test (fixture.release).
func gated() fixtureOpt {
	return func(hc *host.Config, _ *Config) { hc.NewBot = nil }
}

// settle waits for the game to rest.
func (f *fixture) settle() host.Snapshot {
	f.t.Helper()
	return kittest.WaitRest(f.t, f.port, f.rests, guard)
}

// refresh lets the game rest and shows it.
func (f *fixture) refresh() {
	f.settle()
	f.hs.Deliver(Refresh{})
}

// release lets a gated bot make one move, and waits for it.
func (f *fixture) release() {
	f.t.Helper()
	gen := f.port.Snapshot().Gen
	select {
	case f.gate.ch <- struct{}{}:
	case <-time.After(guard):
		f.t.Fatal("no bot took its turn")
	}
	timeout := time.After(guard)
	for f.port.Snapshot().Gen == gen {
		select {
		case <-f.port.Updates():
		case <-timeout:
			f.t.Fatal("the bot's move never came")
		}
	}
}

// say types line in the talk's box and sends it: /, its keys, enter.
func (f *fixture) say(line string) {
	openTalk(f.hs)
	for _, k := range line {
		f.hs.Press(string(k))
	}
	f.hs.Press("enter")
}

// drawASCII draws the screen, w×h as it was, with -ascii or without.
func (f *fixture) drawASCII(ascii bool) {
	w, h := f.hs.Ctx.Width, f.hs.Ctx.Height
	f.hs.Ctx = kit.NewContext(ascii)
	f.hs.Ctx.Width, f.hs.Ctx.Height = w, h
}

// snap is the game as the screen shows it.
func (f *fixture) snap() host.Snapshot { return f.s.snap }

// text is the screen without styles.
func (f *fixture) text() string { return screenText(f.hs) }

// screenText is the driver's frame as the App shows it (-ascii
// applied), without styles or trailing spaces.
func screenText(d *kittest.Driver) string {
	return kittest.TrimRight(ansi.Strip(frame(d)))
}

// frame is the driver's frame with -ascii applied, as the App draws it.
func frame(d *kittest.Driver) string {
	if d.Ctx.ASCII {
		return kit.ASCIIText(d.Frame())
	}
	return d.Frame()
}

// step makes the person's next move with the keys a person would press:
// the first playable card by its number, the menu's first item (or take
// when takeIt), enter between deals.
func (f *fixture) step(takeIt bool) {
	f.t.Helper()
	s := f.snap()
	switch {
	case s.Over && !f.s.overSeen:
		f.hs.Press("enter")
	case s.Can.Ready:
		f.hs.Press("enter")
	case s.Can.Act:
		kittest.Move(f.t, f.hs, s, f.s.hand(), f.s.Bella != rules.NoCard, takeIt)
	default:
		f.t.Fatalf("nothing to do: %+v", s.Can)
	}
}

// until plays until ok holds (at most 5000 moves), letting gated bots
// move when they think.
func (f *fixture) until(what string, ok func(host.Snapshot) bool, takeIt bool) {
	f.t.Helper()
	if !f.reach(ok, takeIt) {
		f.t.Fatalf("never got to %s", what)
	}
}

// reach is until that reports whether ok came to hold before the game
// ended, for a test that tries several games.
func (f *fixture) reach(ok func(host.Snapshot) bool, takeIt bool) bool {
	f.t.Helper()
	for range 5000 {
		if ok(f.snap()) {
			return true
		}
		if f.snap().Over && f.s.overSeen {
			return false
		}
		if f.gate != nil && f.snap().Thinking != rules.NoSeat {
			f.release()
			f.refresh()
			continue
		}
		f.step(takeIt)
	}
	return false
}

// myPlays counts the cards the person played in the deal shown.
func myPlays(s host.Snapshot) int {
	n := 0
	for _, st := range s.View.History() {
		if st.Seat == s.Seat && st.Action.Kind == rules.PlayCard {
			n++
		}
	}
	return n
}

// myMoves counts the decisions the person made in the deal shown (not
// the moves taken for them).
func myMoves(s host.Snapshot) int {
	n := 0
	for i, st := range s.View.History() {
		if _, forced := s.Forced[i]; st.Seat == s.Seat && !forced {
			n++
		}
	}
	return n
}

// myCard is a position where the person plays a card answering a lead.
func myCard(s host.Snapshot) bool {
	return s.Can.Act && s.View.Phase == rules.PhasePlay && s.View.InTrick > 0
}
