package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/train/traintest"
)

// The trainer's golden screens are testdata/train-*.golden, rewritten
// with -update. They use traintest's stand-in evaluations, so that they
// show the layout and stay put when the evaluation itself improves;
// TestRealEvaluation checks the screen with the real one. The tests
// that need the App around the trainer (its help, quit question, the
// window too small, the monkey) are the root package's.

// testConfig is a trainer's configuration for tests of two players:
// seed 1, traintest.FakeEval, the drills given first.
func testConfig(rec Record, drills ...string) Config {
	return Config{Seed: 1, Samples: 40, Evaluate: traintest.FakeEval, Record: rec,
		Now: traintest.Now, Drills: traintest.Drills(drills...)}
}

// rulesConfig is a trainer's configuration for tests at any seat
// count: seed 1, traintest.FakeVariantEval, the rules given.
func rulesConfig(tb testing.TB, rec Record, ruleText string) Config {
	tb.Helper()
	cfg := testConfig(rec)
	cfg.Options, cfg.Evaluate = tabletest.Options(tb, ruleText), traintest.FakeVariantEval
	return cfg
}

// drillKind is a kind of drill at a table: the rules and the drills
// taken (-only).
type drillKind struct {
	rules string
	only  drill.Filter
}

// startOnly is the trainer of rulesConfig at k's rules, drilling only
// k's drills, at 80×24, its first drill open.
func startOnly(tb testing.TB, rec Record, k drillKind) *driver {
	tb.Helper()
	cfg := rulesConfig(tb, rec, k.rules)
	cfg.Only = k.only
	return start(tb, cfg, 80, 24)
}

// driver drives a trainer the way the App does, but synchronously:
// each command runs at once and its message goes back into Update.
// Commands held back (Hold) let a test look at the screen while the
// evaluation is still running; release runs them.
type driver struct {
	tb     testing.TB
	s      *Screen
	ctx    kit.Context
	budget int // messages left before a runaway
	kittest.Held
}

// newDriver is the trainer of cfg in a window of w×h cells, not yet
// entered.
func newDriver(tb testing.TB, cfg Config, w, h int) *driver {
	d := &driver{tb: tb, s: New(cfg), ctx: kit.NewContext(cfg.ASCII), budget: 1_000_000}
	d.ctx.Width, d.ctx.Height = w, h
	return d
}

// start is the trainer of cfg in a window of w×h cells, its first drill
// open.
func start(tb testing.TB, cfg Config, w, h int) *driver {
	tb.Helper()
	d := newDriver(tb, cfg, w, h)
	d.run(d.s.Enter(&d.ctx))
	d.s.View(&d.ctx)
	return d
}

// run executes cmd and every command that follows from it.
func (d *driver) run(cmd tea.Cmd) {
	d.tb.Helper()
	if d.Keep(cmd) {
		return
	}
	kittest.Run(d.tb, &d.budget, cmd, func(msg tea.Msg) tea.Cmd {
		_, next := d.s.Update(&d.ctx, msg)
		return next
	}, nil)
}

// release runs the commands held back and draws a frame.
func (d *driver) release() {
	d.Release(d.run)
	d.s.View(&d.ctx)
}

// send gives msg to the trainer, runs what follows from it and draws a
// frame, as the App draws one after every message: a key sent after it
// was typed on the screen it drew.
func (d *driver) send(msg tea.Msg) {
	d.tb.Helper()
	d.deliver(msg)
	d.s.View(&d.ctx)
}

// deliver is send without the frame: a key typed before the screen was
// drawn again.
func (d *driver) deliver(msg tea.Msg) {
	d.tb.Helper()
	_, cmd := d.s.Update(&d.ctx, msg)
	d.run(cmd)
}

// press sends keys: "enter", "space", "left", or single characters.
func (d *driver) press(keys ...string) {
	d.tb.Helper()
	for _, k := range keys {
		d.send(kittest.Key(k))
	}
}

// screen is the frame without styles, as the App draws it: under
// -ascii its text is made ASCII before it is laid on the window.
func (d *driver) screen() string {
	s := d.s.View(&d.ctx)
	if d.ctx.ASCII {
		s = kit.ASCIIText(s)
	}
	return ansi.Strip(kit.Canvas(kit.SplitLines(s), d.ctx.Width, d.ctx.Height))
}

func (d *driver) golden(name string) {
	d.tb.Helper()
	kittest.Golden(d.tb, "train-"+name, d.screen())
}

// TestGoldens: the trainer's screens at two players from drills
// given, and at three and four from seed 1, before and after the choice,
// at the window sizes each shows; the review; -ascii.
func TestGoldens(t *testing.T) {
	// The screens of one drill each: keys pressed and goldens taken
	// ("=name"), in turn.
	for _, c := range []struct {
		name, drill string
		w, h        int
		script      []string
	}{
		{"ask", traintest.Strong, 80, 24, []string{"=ask-80x24", "right", "=ask-cursor-80x24"}},
		{"round2", traintest.Round2, 80, 24, []string{"=round2-80x24", "d", "=round2-result-80x24"}},
		{"schmeiss", traintest.Schm, 100, 30, []string{"a", "=schmeiss-100x30"}},
		{"endgame", traintest.End, 100, 30, []string{"p", "=endgame-100x30"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := start(t, testConfig(nil, c.drill), c.w, c.h)
			for _, step := range c.script {
				if name, ok := strings.CutPrefix(step, "="); ok {
					hs.golden(name)
				} else {
					hs.press(step)
				}
			}
		})
	}
	t.Run("result", func(t *testing.T) {
		rec := &traintest.MemRecord{}
		hs := start(t, testConfig(rec, traintest.Strong, traintest.Strong), 80, 24)
		hs.press("t")
		hs.golden("best-80x24")
		hs.press("enter", "p")
		hs.golden("mistake-80x24")
		// The verdict says its grade in a word, not an annotator's mark.
		if !strings.Contains(hs.screen(), "blunder: -47.0 ± 1.9 pts  ← you") || strings.Contains(hs.screen(), "??") {
			t.Errorf("the verdict does not say what it is:\n%s", hs.screen())
		}
		if len(rec.Added) != 2 || rec.Added[0].Verdict.Kind != drill.Best || rec.Added[1].Verdict.Kind != drill.Blunder {
			t.Fatalf("records %+v", rec.Added)
		}
		hs.press("m")
		hs.golden("review-80x24")
		hs.press("esc")
		if hs.s.review {
			t.Error("esc does not close the review")
		}
	})
	t.Run("wait", func(t *testing.T) {
		hs := newDriver(t, testConfig(nil, traintest.Strong), 80, 24)
		hs.Hold = true
		hs.run(hs.s.Enter(&hs.ctx))
		hs.s.View(&hs.ctx)
		hs.press("s")
		hs.golden("wait-80x24")
		hs.release()
		// 4 points behind the best, within two errors: as good as it.
		if !strings.Contains(hs.screen(), "You chose to say schmeiss: as good as the best within the error") {
			t.Errorf("after the evaluation:\n%s", hs.screen())
		}
	})
	t.Run("tall", func(t *testing.T) {
		hs := start(t, testConfig(nil, traintest.Round2), 120, 40)
		hs.press("t")
		if !strings.Contains(hs.screen(), "! Key t is not among the choices: p, c, d or e.") {
			t.Errorf("a letter that is no option:\n%s", hs.screen())
		}
		hs.press("e")
		hs.golden("round2-120x40")
	})
	t.Run("ascii", func(t *testing.T) {
		asciiGolden(t, testConfig(nil, traintest.Strong), 80, 24, "p", "ascii-80x24")
	})
	t.Run("damaged", func(t *testing.T) {
		rec := &traintest.MemRecord{LoadErr: &drill.DamagedError{What: "the training record", Path: "/state/klob/train.json",
			Aside: "/state/klob/damaged/train-2026-11-29-143100.json", Err: errors.New("unexpected end of JSON input")}}
		hs := start(t, testConfig(rec, traintest.Strong), 100, 30)
		hs.golden("damaged-100x30")
	})
	t.Run("three", func(t *testing.T) {
		rec := &traintest.MemRecord{}
		hs := start(t, rulesConfig(t, rec, "players=3"), 80, 24)
		hs.golden("three-ask-80x24")
		tr := hs.s
		hs.press(itemKeys(tr.legal, tr.order)[0])
		hs.golden("three-result-80x24")
		hs.press("enter")
		hs.golden("three-ask2-80x24")
		hs.press(itemKeys(tr.legal, tr.order)[len(tr.legal)-1])
		hs.golden("three-result2-80x24")
		hs.press("m")
		hs.golden("three-review-80x24")
	})
	t.Run("four", func(t *testing.T) {
		for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
			name := fmt.Sprintf("%dx%d", size[0], size[1])
			cfg := rulesConfig(t, &traintest.MemRecord{}, "players=4")
			cfg.Only = drill.OnlyRound2
			hs := start(t, cfg, size[0], size[1])
			hs.golden("four-ask-" + name)
			tr := hs.s
			hs.press(itemKeys(tr.legal, tr.order)[0])
			hs.golden("four-result-" + name)
		}
	})
	t.Run("three-tall", func(t *testing.T) {
		hs := start(t, rulesConfig(t, &traintest.MemRecord{}, "players=3"), 120, 40)
		tr := hs.s
		hs.press(itemKeys(tr.legal, tr.order)[0])
		hs.golden("three-result-120x40")
	})
	t.Run("four-small", func(t *testing.T) {
		hs := start(t, rulesConfig(t, nil, "players=4"), 80, 24)
		hs.golden("four-small-80x24")
	})
	t.Run("three-variants", func(t *testing.T) {
		hs := startOnly(t, nil, drillKind{"players=3,shlomo=on,dealer_forced=on", drill.OnlyDeclare})
		hs.golden("three-shlomo-80x24")
		hs = startOnly(t, nil, drillKind{"players=3", drill.OnlyDix})
		hs.press("n")
		hs.golden("three-dix-result-80x24")
	})
	t.Run("four-ascii", func(t *testing.T) {
		asciiGolden(t, rulesConfig(t, nil, "players=4"), 100, 30, "enter", "four-ascii-100x30")
	})
}

// TestPagesGoldens: where the result's options are more than the window
// holds, PgDn turns to a later page of them and the key line says so,
// at every seat count: the first page and the next as goldens. The App
// draws no window under 80×24, where the trainer shows every option of
// these drills, so the goldens are of windows of 80×13 and 80×16, which cut
// them at every seat count.
func TestPagesGoldens(t *testing.T) {
	for _, c := range []struct {
		players, h int
		rules      string
		only       drill.Filter
	}{{2, 13, "players=2", drill.OnlyRound2}, {3, 16, "players=3,shlomo=on", drill.OnlyDeclare}, {4, 16, "players=4,shlomo=on,cleopatra=on", drill.OnlyDeclare}} {
		t.Run(fmt.Sprint(c.players), func(t *testing.T) {
			cfg := rulesConfig(t, nil, c.rules)
			cfg.Only = c.only
			hs := start(t, cfg, 80, c.h)
			for range 30 {
				keys := itemKeys(hs.s.legal, hs.s.order)
				hs.press(keys[len(keys)-1])
				if pageNote.MatchString(hs.screen()) {
					break
				}
				hs.press("enter")
			}
			first := hs.screen()
			if !strings.Contains(first, "PgDn shows lower ones") || !strings.Contains(first, "PgUp/PgDn more options") {
				t.Fatalf("no first page of options in 30 drills:\n%s", first)
			}
			hs.golden(fmt.Sprintf("pages-%d-first-80x%d", c.players, c.h))
			hs.press("pgdown")
			if later := hs.screen(); later == first || !strings.Contains(later, "PgUp") {
				t.Fatalf("PgDn does not turn to a later page:\n%s", later)
			}
			hs.golden(fmt.Sprintf("pages-%d-later-80x%d", c.players, c.h))
		})
	}
}

// asciiGolden starts cfg under -ascii in a w×h window, presses key and
// checks the screen against the golden name and for Unicode: no suit,
// ±, ≈, ▶, ← or ….
func asciiGolden(t *testing.T, cfg Config, w, h int, key, name string) {
	t.Helper()
	cfg.ASCII = true
	hs := start(t, cfg, w, h)
	hs.press(key)
	hs.golden(name)
	if scr := hs.screen(); strings.ContainsAny(scr, "♠♥♦♣±≈▶←…") {
		t.Errorf("-ascii screen has Unicode:\n%s", scr)
	}
}

// TestOptionsLegal: at every seat count the menu holds exactly the
// legal actions of the player's View, in order, for generated drills of
// every kind, each key takes the option it names, and the drill is
// counted in the record of its seat count only.
func TestOptionsLegal(t *testing.T) {
	for _, c := range []drillKind{
		{"players=2", drill.OnlyRound1}, {"players=2", drill.OnlySchmeiss}, {"players=2", drill.OnlyRound2},
		{"players=3", drill.OnlyRound1}, {"players=3", drill.OnlyRound2}, {"players=3", drill.OnlyDix},
		{"players=3", drill.OnlyDialogue}, {"players=4", drill.OnlyRound2}, {"players=4", drill.OnlyDialogue},
		{"players=3,shlomo=on", drill.OnlyDeclare}, {"players=4,cleopatra=on,dealer_forced=on", drill.Any},
	} {
		rec := &traintest.MemRecord{}
		hs := startOnly(t, rec, c)
		players := hs.s.cfg.Options.NumPlayers()
		r := rand.New(rand.NewPCG(1, 2))
		for n := range 5 {
			tr := hs.s
			v, err := tr.sit.View()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tr.legal, v.Legal()) {
				t.Fatalf("%s: menu %v, legal %v", c.rules, tr.legal, v.Legal())
			}
			scr := hs.screen()
			keys := itemKeys(tr.legal, tr.order)
			for _, k := range keys {
				if !strings.Contains(scr, "["+k+"] ") {
					t.Fatalf("%s -only %s: [%s] not offered:\n%s", c.rules, c.only, k, scr)
				}
			}
			i := r.IntN(len(tr.legal))
			hs.press(keys[i])
			if tr.state != stateResult || tr.chose != i || tr.an.Rows[i].Action != tr.legal[i] {
				t.Fatalf("%s: key %s: state %d, chose %d, want %d\n%s", c.rules, keys[i], tr.state, tr.chose, i, hs.screen())
			}
			if got := len(rec.Added); got != n+1 || rec.Added[n].Situation.Players() != players {
				t.Fatalf("%s: %d drills recorded, want %d of %d players", c.rules, got, n+1, players)
			}
			hs.press("enter")
		}
		if got := rec.Stats.Section(players).Drills; got != 5 || players != 2 && rec.Stats.Section(2).Drills != 0 {
			t.Errorf("%s: %d drills at %d players, %d at two: want 5 and 0", c.rules, got, players, rec.Stats.Section(2).Drills)
		}
	}
}

// TestKeys: numbers and arrows choose too; N skips a drill without
// counting it; late batches of an old drill are dropped.
func TestKeys(t *testing.T) {
	rec := &traintest.MemRecord{}
	hs := start(t, testConfig(rec, traintest.Strong, traintest.Round2, traintest.Schm), 80, 24)
	tr := hs.s
	hs.press("N")
	if tr.no != 2 || len(rec.Added) != 0 {
		t.Fatalf("N: drill %d, %d recorded", tr.no, len(rec.Added))
	}
	hs.press("3")
	if tr.state != stateResult || tr.legal[tr.chose] != rules.NameAction(rules.Diamonds) {
		t.Fatalf("3: chose %d", tr.chose)
	}
	hs.press("space")
	if tr.no != 3 {
		t.Fatalf("space: drill %d", tr.no)
	}
	hs.press("left", "enter")
	if tr.legal[tr.chose].Kind != rules.Refuse {
		t.Fatalf("left, enter: chose %s", tr.legal[tr.chose])
	}
	// A late batch of drill 1.
	before := tr.an
	hs.send(batchMsg{id: 1, k: 0, ev: eval.Evaluation{}})
	if !reflect.DeepEqual(before, tr.an) || tr.state != stateResult {
		t.Error("a late batch changed the drill")
	}
	// Keys that mean nothing now change nothing and do not panic.
	hs.press("x", "9", "z")
	if len(rec.Added) != 2 {
		t.Errorf("%d drills recorded, want 2", len(rec.Added))
	}
}

// TestKeysLineSays: while a drill asks, the keys line says what each
// key does: the arrows (all four) choose, enter or an option's letter
// answers.
func TestKeysLineSays(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		hs := start(t, rulesConfig(t, &traintest.MemRecord{}, fmt.Sprintf("players=%d", n)), 80, 24)
		lines := strings.Split(hs.screen(), "\n")
		keys := lines[len(lines)-1]
		for _, want := range []string{"←/→ choose", "enter or " + strings.Join(itemKeys(hs.s.legal, hs.s.order), "/") + " answer"} {
			if !strings.Contains(keys, want) {
				t.Errorf("%d players: the keys line %q lacks %q", n, keys, want)
			}
		}
		if strings.Contains(keys, "←/→ enter") {
			t.Errorf("%d players: the keys line %q has keys that say nothing", n, keys)
		}
	}
}

// TestDixKeysAndSeatRecord: n is "no exchange" at the dix (not a new drill), a
// letter that is no option says which are, and the record on screen is
// the one of this seat count.
func TestDixKeysAndSeatRecord(t *testing.T) {
	rec := &traintest.MemRecord{}
	rec.Stats.Add(drill.Record{Situation: traintest.Situation(t, traintest.Strong), Verdict: drill.Verdict{Kind: drill.Best}})
	hs := startOnly(t, rec, drillKind{"players=3", drill.OnlyDix})
	if scr := hs.screen(); !strings.Contains(scr, "no drills yet") {
		t.Errorf("the two-player record shows at three players:\n%s", scr)
	}
	tr := hs.s
	hs.press("z")
	if !strings.Contains(hs.screen(), "! Key z is not among the choices: ") {
		t.Errorf("a letter that is no option:\n%s", hs.screen())
	}
	hs.press("n")
	if tr.no != 1 || tr.state != stateResult || tr.legal[tr.chose].Kind != rules.NoExchange {
		t.Fatalf("n at the dix: drill %d, state %d", tr.no, tr.state)
	}
	if !strings.Contains(hs.screen(), "0 right · 1 wrong") && !strings.Contains(hs.screen(), "1 right · 0 wrong") {
		t.Errorf("the record of three players is not shown:\n%s", hs.screen())
	}
	hs.press("n")
	if tr.no != 2 || tr.state != stateAsk {
		t.Fatalf("n after the result: drill %d", tr.no)
	}
	before := tr.an
	hs.send(batchMsg{id: 1, k: 0, ev: eval.Evaluation{}})
	if !reflect.DeepEqual(before, tr.an) || tr.state != stateAsk {
		t.Error("a late batch changed the drill")
	}
	if got := hs.s.QuitNote(); !strings.HasPrefix(got, "This session (3 players): ") {
		t.Errorf("quit note %q", got)
	}
}

// TestRecord: the record shown is the one kept, a save that fails
// says so, and the quit note sums up the session.
func TestRecord(t *testing.T) {
	rec := &traintest.MemRecord{}
	rec.Stats.Add(drill.Record{Situation: traintest.Situation(t, traintest.Strong), Verdict: drill.Verdict{Kind: drill.Best}})
	hs := start(t, testConfig(rec, traintest.Strong, traintest.Strong), 100, 30)
	if !strings.Contains(hs.screen(), "record 1 right · 0 wrong") {
		t.Errorf("the loaded record is not shown:\n%s", hs.screen())
	}
	hs.press("p")
	if !strings.Contains(hs.screen(), "1 right · 1 wrong") {
		t.Errorf("after a mistake:\n%s", hs.screen())
	}
	rec.AddErr = errors.New("disk full")
	hs.press("enter", "t")
	if scr := hs.screen(); !strings.Contains(scr, "The record could not be saved: disk full") || !strings.Contains(scr, "2 right · 1 wrong") {
		t.Errorf("a failed save:\n%s", scr)
	}
	if got, want := hs.s.QuitNote(), "This session (2 players): 1 of 2 drills right, 47.0 points lost, 23.5 a drill."; got != want {
		t.Errorf("quit note %q, want %q", got, want)
	}
}

// TestRecordPathShown: the quit note says where the record is kept as
// the other screens show paths, "~" for the home directory.
func TestRecordPathShown(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(&drill.StatsFile{Path: filepath.Join(dir, "klob", "drills.json")}, traintest.Strong)
	cfg.ShowPath = func(p string) string { return "~" + strings.TrimPrefix(p, dir) }
	hs := start(t, cfg, 80, 24)
	hs.press("t")
	if got, want := hs.s.QuitNote(), " Your record is kept in ~/klob/drills.json."; !strings.HasSuffix(got, want) {
		t.Errorf("quit note %q, want it to end %q", got, want)
	}
}

// TestRecordNotSavedSaid: a record the drill could not be saved into (a
// newer klob's, left as it is) is not said to keep the session.
func TestRecordNotSavedSaid(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "klob", "drills.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"version": 99}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(&drill.StatsFile{Path: path}, traintest.Strong)
	cfg.ShowPath = func(p string) string { return "~" + strings.TrimPrefix(p, dir) }
	hs := start(t, cfg, 80, 24)
	hs.press("t")
	got := hs.s.QuitNote()
	if want := " Your record in ~/klob/drills.json could not be saved: it does not hold this session."; !strings.HasSuffix(got, want) {
		t.Errorf("quit note %q, want it to end %q", got, want)
	}
}

// TestRealEvaluation: with the real evaluation, at two players
// passing J-9-A of the upcard's suit is shown as a mistake, and taking
// is not; at three and four the screen grades a drill with the chance
// to win the game, as at two.
func TestRealEvaluation(t *testing.T) {
	cfg := testConfig(nil, traintest.Strong, traintest.Strong)
	cfg.Evaluate = nil
	cfg.Samples = 100
	if testing.Short() {
		cfg.Samples = 40
	}
	hs := start(t, cfg, 100, 30)
	hs.press("p")
	scr := hs.screen()
	wrong := strings.Contains(scr, "You chose to pass: a mistake that costs") || strings.Contains(scr, "You chose to pass: a blunder that costs")
	if !wrong || !strings.Contains(scr, "best · hard bot") {
		t.Errorf("passing J-9-A:\n%s", scr)
	}
	hs.press("enter", "t")
	if scr := hs.screen(); !strings.Contains(scr, "You chose to take: ") || strings.Contains(scr, "You chose to take: a mistake") {
		t.Errorf("taking J-9-A:\n%s", scr)
	}
	for _, rs := range []string{"players=3", "players=4"} {
		cfg := rulesConfig(t, nil, rs)
		cfg.Evaluate = nil
		cfg.Samples = 40
		hs := start(t, cfg, 100, 30)
		hs.press("enter")
		scr := hs.screen()
		if !strings.Contains(scr, "You chose ") || !strings.Contains(scr, "best · hard bot") || !strings.Contains(scr, "win game") {
			t.Errorf("%s:\n%s", rs, scr)
		}
	}
}

// TestClick: a click on a menu item takes it, at every seat count.
func TestClick(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		w, h int
		kind rules.Kind // of the item clicked, 0 for any
	}{
		{testConfig(nil, traintest.Strong), 80, 24, rules.Take},
		{rulesConfig(t, nil, "players=3"), 80, 24, 0},
		{rulesConfig(t, nil, "players=4"), 100, 30, 0},
	} {
		hs := start(t, c.cfg, c.w, c.h)
		tr := hs.s
		want := "[" + itemKeys(tr.legal, tr.order)[1] + "]"
		for y, l := range strings.Split(hs.screen(), "\n") {
			if x := strings.Index(l, want); x >= 0 && (strings.Contains(l, "Your choice") || strings.HasPrefix(l, "    ")) {
				hs.send(tea.MouseClickMsg{X: len([]rune(l[:x])) + 1, Y: y, Button: tea.MouseLeft})
				break
			}
		}
		if tr.state != stateResult || tr.chose != 1 || c.kind != 0 && tr.legal[tr.chose].Kind != c.kind {
			t.Fatalf("click on %s: state %d, chose %d\n%s", want, tr.state, tr.chose, hs.screen())
		}
	}
}

// TestGiveFollowsTheHand: a card to give (shlomo at three, cleopatra
// at four) is offered in the order the hand shows the cards, so that
// [1] gives the first card drawn, the arrows move along the hand, and
// the number keys pick the n-th card as at the table.
func TestGiveFollowsTheHand(t *testing.T) {
	for _, rs := range giveRules {
		hs := startOnly(t, nil, drillKind{rs, drill.OnlyDeclare})
		gives := 0
		for range 40 {
			tr := hs.s
			if tr.legal[0].Kind != rules.Give {
				hs.press(itemKeys(tr.legal, tr.order)[0], "enter")
				continue
			}
			gives++
			hand := kit.SortHand(tr.view.Hand, tr.view.Hand, drill.HandTrump(&tr.view))
			scr := hs.screen()
			at := -1
			for k, c := range hand {
				item := "[" + fmt.Sprint(k+1) + "] give " + ansi.Strip(hs.ctx.Paint.StyledCard(c))
				i := strings.Index(scr, item)
				if i < 0 || i < at {
					t.Fatalf("%s: %q not offered after the card before it:\n%s", rs, item, scr)
				}
				at = i
			}
			// The arrow goes to the second card of the hand; 3 gives the third.
			hs.press("right")
			if got := tr.legal[tr.menu].Card; got != hand[1] {
				t.Fatalf("%s: → is on %v, want %v", rs, got, hand[1])
			}
			hs.press("3")
			if got := tr.legal[tr.chose].Card; got != hand[2] {
				t.Fatalf("%s: 3 gave %v, want %v", rs, got, hand[2])
			}
			hs.press("enter")
		}
		if gives == 0 {
			t.Fatalf("%s: no card to give in 40 drills", rs)
		}
	}
}

// TestKeyLineFits: at 80×24, for drills of every kind at every seat
// count, the key line is whole to its last key ("q quit"): six cards to
// give at cleopatra once cut it at "q qui".
func TestKeyLineFits(t *testing.T) {
	for _, c := range []drillKind{
		{"players=2", drill.Any}, {"players=2", drill.OnlyRound2}, {"players=3,shlomo=on,dealer_forced=on", drill.Any},
		{"players=3,shlomo=on", drill.OnlyDeclare}, {"players=4,shlomo=on,cleopatra=on,dealer_forced=on", drill.Any},
		{"players=4,shlomo=on,cleopatra=on", drill.OnlyDeclare}, {"players=4", drill.OnlyRound2},
	} {
		hs := startOnly(t, nil, c)
		for range 12 {
			lines := strings.Split(strings.TrimRight(hs.screen(), "\n "), "\n")
			if last := strings.TrimRight(lines[len(lines)-1], " "); !strings.HasSuffix(last, "q quit") {
				t.Fatalf("%s -only %s: the key line is cut: %q\n%s", c.rules, c.only, last, hs.screen())
			}
			hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
			hs.press("enter")
		}
	}
}

// TestResultFits: at 80×24 at every seat count, with the house
// variants that make the words said longest and with the six options of
// round two at four (and at 100×30), every result shows who deals, the
// verdict, a row per option and the whole reason.
func TestResultFits(t *testing.T) {
	for _, c := range []struct {
		rules string
		w, h  int
	}{
		{"players=2", 80, 24},
		{"players=3,shlomo=on,dealer_forced=on", 80, 24},
		{"players=4", 80, 24},
		{"players=4,shlomo=on,cleopatra=on,dealer_forced=on", 80, 24},
		{"players=4,shlomo=on,cleopatra=on,dealer_forced=on", 100, 30},
	} {
		t.Run(fmt.Sprintf("%s-%dx%d", c.rules, c.w, c.h), func(t *testing.T) {
			cfg := rulesConfig(t, nil, c.rules)
			cfg.Seed = 9
			hs := start(t, cfg, c.w, c.h)
			for range 25 {
				tr := hs.s
				hs.press(itemKeys(tr.legal, tr.order)[len(tr.legal)-1])
				scr := hs.screen()
				flat := kittest.Flat(scr)
				if !strings.Contains(flat, "You chose ") || !strings.Contains(flat, kittest.Flat(strings.Join(tr.an.ReasonVersus(false, tr.chose), " "))) {
					t.Fatalf("%s at %dx%d: the verdict or the reason is cut:\n%s", c.rules, c.w, c.h, scr)
				}
				if deals := drill.Deals(&tr.view); !strings.Contains(flat, kittest.Flat(deals)) {
					t.Fatalf("%s at %dx%d: %q is left out:\n%s", c.rules, c.w, c.h, deals, scr)
				}
				if n := optionRows(scr); n != len(tr.an.Rows) {
					t.Fatalf("%s at %dx%d: %d rows for %d options:\n%s", c.rules, c.w, c.h, n, len(tr.an.Rows), scr)
				}
				hs.press("enter")
			}
		})
	}
}

// TestUnsampled: at every seat count, a drill whose evaluation finds no deal that fits
// the view is replaced before the person chooses, with a note; after a
// choice the failure is said and n goes on.
func TestUnsampled(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		calls := 0
		cfg := rulesConfig(t, &traintest.MemRecord{}, fmt.Sprintf("players=%d", players))
		cfg.Evaluate = func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
			calls++
			if calls == 1 {
				return eval.Evaluation{}, eval.ErrNoWorld
			}
			return traintest.FakeVariantEval(ctx, v, p, k)
		}
		hs := start(t, cfg, 80, 24)
		tr := hs.s
		if tr.no != 2 || tr.state != stateAsk || !strings.Contains(hs.screen(), "Drill 1 could not be evaluated") {
			t.Fatalf("%d players: drill %d, state %d:\n%s", players, tr.no, tr.state, hs.screen())
		}
		hs.press("enter")
		if tr.state != stateResult {
			t.Fatalf("%d players: the replacement drill is not graded: state %d", players, tr.state)
		}
	}
}

// TestReviewRecordWraps: the review's record, with points and chances
// to win lost, is longer than a line of 80: it wraps, every word shown.
func TestReviewRecordWraps(t *testing.T) {
	rec := &traintest.MemRecord{}
	rec.Stats.Add(drill.Record{Situation: traintest.Situation(t, traintest.Strong), Verdict: drill.Verdict{Kind: drill.Best}})
	rec.Stats.Add(drill.Record{Situation: traintest.Situation(t, traintest.Strong),
		Verdict: drill.Verdict{Kind: drill.Blunder, ByWin: true, Points: 96.4, Win: 0.03}})
	hs := start(t, testConfig(rec, traintest.Strong), 80, 24)
	hs.press("M")
	scr := hs.screen()
	flat := kittest.Flat(scr)
	sec := rec.Stats.Section(2)
	want := "Record at 2 players: 2 drills, 1 right (50%), " + sec.Score.LostText() + "."
	if !strings.Contains(flat, want) {
		t.Fatalf("the record is cut, want %q:\n%s", want, scr)
	}
}

// TestUpcardInfoWhole: beside the upcard, at 80 columns, the trump's
// name and who made it show whole, nine cards in hand included (a
// diamond trump was cut to "diamon").
func TestUpcardInfoWhole(t *testing.T) {
	for _, c := range []drillKind{
		{"players=2", drill.OnlyDix},
		{"players=3", drill.OnlyDix},
		{"players=3", drill.OnlyDialogue},
		{"players=4", drill.OnlyDialogue},
	} {
		hs := startOnly(t, nil, c)
		seen := map[rules.Suit]bool{}
		for range 40 {
			v := &hs.s.view
			want := "trump: no trumps"
			if v.Trump < rules.NoTrumps {
				want = "trump: " + v.Trump.Symbol() + " " + v.Trump.Name()
				seen[v.Trump] = true
			}
			want += " maker: " + drill.SeatName(v.Players, v.Maker)
			// The info is what follows the upcard's box on its rows.
			var info []string
			scr := hs.screen()
			for _, l := range strings.Split(scr, "\n") {
				if i := strings.LastIndexAny(l, "│┐┘"); i >= 0 && strings.Count(l, "┐")+strings.Count(l, "│")+strings.Count(l, "┘") >= 4 {
					info = append(info, strings.Fields(l[i+len("│"):])...)
				}
			}
			if got := strings.Join(info, " "); !strings.HasPrefix(got, want) {
				t.Fatalf("%s, %s: %q is not whole (%q):\n%s", c.rules, c.only, want, got, scr)
			}
			hs.press(itemKeys(hs.s.legal, hs.s.order)[0], "enter")
		}
		if !seen[rules.Diamonds] {
			t.Fatalf("%s, %s: no drill with diamonds trump in 40", c.rules, c.only)
		}
	}
}

// TestReasonWholeSentences: when the window cannot hold the whole
// reason under the table, it ends at the end of a sentence, never in
// the middle of one ("The game is all" at four players, 80x24).
func TestReasonWholeSentences(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		cfg := rulesConfig(t, nil, fmt.Sprintf("players=%d,shlomo=on,cleopatra=on,dealer_forced=on", min(players, 4)))
		if players == 2 {
			cfg = rulesConfig(t, nil, "players=2,dealer_forced=on")
		}
		cfg.Seed = 11
		hs := start(t, cfg, 80, 24)
		for range 30 {
			hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
			lines := strings.Split(hs.screen(), "\n")
			// The last line of the result: above the bottom rule, under
			// which come the note (or its blank line, unless the result
			// took it) and the keys.
			bottom := len(lines) - 2
			for bottom > 0 && !strings.HasPrefix(strings.TrimSpace(lines[bottom]), "─") {
				bottom--
			}
			last := ""
			for i := bottom - 1; i >= 0; i-- {
				if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "─") {
					last = l
					break
				}
				if strings.HasPrefix(strings.TrimSpace(lines[i]), "─") {
					break
				}
			}
			if strings.Contains(hs.screen(), "Hard bot:") && !strings.HasSuffix(last, ".") && !strings.HasSuffix(last, "?") {
				t.Fatalf("%d players: the reason ends in the middle of a sentence (%q):\n%s", players, last, hs.screen())
			}
			hs.press("enter")
		}
	}
}

// TestReviewDescriptionWraps: a mistake whose description is longer
// than the line (nine cards, scores of four figures) wraps, every card
// shown, rather than being cut.
func TestReviewDescriptionWraps(t *testing.T) {
	req, err := drill.Parse("players=3 dealer=C score=4433-4294-4477 target=5000 said=pass,pass,pass,pass,take " +
		"deck=AD,AH,KS,JS,9S,QH,9H,7S,KH,QC,8H,QD,9D,TD,8D,7C,TS,JC,JD,KD,TC,AC,8S,7H,QS,7D,8C,9C,JH,KC,TH,AS shlomo=on")
	if err != nil {
		t.Fatal(err)
	}
	rec := &traintest.MemRecord{}
	rec.Stats.Add(drill.Record{Situation: req.Situation, Chose: rules.Action{Kind: rules.NoExchange}, Best: rules.Action{Kind: rules.Exchange},
		Verdict: drill.Verdict{Kind: drill.Blunder, Points: 30}})
	cfg := rulesConfig(t, rec, "players=3,shlomo=on")
	hs := start(t, cfg, 80, 24)
	hs.press("M")
	scr := hs.screen()
	flat := kittest.Flat(scr)
	desc, _, err := hs.s.kind.missed(&hs.ctx, req.Situation.String())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(flat, kittest.Flat(ansi.Strip(desc))) {
		t.Fatalf("the description is cut, want %q:\n%s", desc, scr)
	}
}

// TestHardBotAskSentence: the hard bot's choice "how high?" ends its
// sentence: "Hard bot: how high?", not "Hard bot: how high?.".
func TestHardBotAskSentence(t *testing.T) {
	cfg := rulesConfig(t, nil, "players=2")
	cfg.Only = drill.OnlyDialogue
	// The stand-in evaluation, with "how high?" the best when offered.
	cfg.Evaluate = func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		ev, err := traintest.FakeVariantEval(ctx, v, p, k)
		for i := range ev.Results {
			if ev.Results[i].Action.Kind == rules.HowHigh {
				ev.Results[i].Mean, ev.Results[i].Win = 40, 0.7
			}
		}
		ev.Best = eval.Best(ev.Results, false)
		return ev, err
	}
	hs := start(t, cfg, 80, 24)
	asked := 0
	for range 60 {
		hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
		scr := hs.screen()
		if strings.Contains(scr, "?.") {
			t.Fatalf("a question ends with a full stop too:\n%s", scr)
		}
		if strings.Contains(scr, "Hard bot: how high?") {
			asked++
		}
		hs.press("enter")
	}
	if asked == 0 {
		t.Fatal("the hard bot never asked how high in 60 drills")
	}
}

// TestRecordKeepsTheEvaluation: a drill graded keeps the samples and
// seed its evaluation ran with, so the review's -eval text of a mistake
// samples the same deals.
func TestRecordKeepsTheEvaluation(t *testing.T) {
	rec := &traintest.MemRecord{}
	hs := start(t, testConfig(rec, traintest.Strong, traintest.Strong), 100, 30)
	hs.press("p")
	hs.press("enter", "p")
	if len(rec.Added) != 2 {
		t.Fatalf("%d drills recorded, want 2", len(rec.Added))
	}
	for i, r := range rec.Added {
		if want := drillSeed(1, i+1); r.Samples != 40 || r.Seed != want {
			t.Errorf("drill %d kept samples %d seed %d, want 40 and %d", i+1, r.Samples, r.Seed, want)
		}
	}
	ms := rec.Stats.Section(2).Mistakes
	if len(ms) == 0 {
		t.Fatal("no mistake kept")
	}
	if got := ms[0].EvalText(); !strings.HasSuffix(got, fmt.Sprintf(" samples=40 seed=%d", drillSeed(1, 1))) {
		t.Errorf("-eval text %q", got)
	}
}

// TestReviewHelpListsItsKeys: the help opened on the review of the last
// mistakes lists the keys that work there (scroll, back), not the
// drill's options, which the review does not take.
func TestReviewHelpListsItsKeys(t *testing.T) {
	hs := start(t, testConfig(&traintest.MemRecord{}, traintest.Strong), 80, 24)
	hs.press("M")
	if !hs.s.Reviewing() {
		t.Fatal("M did not open the review")
	}
	km := kit.DefaultKeys()
	var descs []string
	for _, group := range hs.s.KeyHelp(&km).FullHelp() {
		for _, b := range group {
			descs = append(descs, b.Help().Key+" "+b.Help().Desc)
		}
	}
	all := strings.Join(descs, "\n")
	for _, want := range []string{"scroll", "back"} {
		if !strings.Contains(all, want) {
			t.Errorf("the review's help lacks %q:\n%s", want, all)
		}
	}
	for _, not := range []string{"option", "new drill", "pass"} {
		if strings.Contains(all, not) {
			t.Errorf("the review's help offers %q:\n%s", not, all)
		}
	}
}

// TestDamagedRecordPathShown: the note on a damaged record names where
// it is kept as the other screens show paths, "~" for the home folder,
// not the whole path.
func TestDamagedRecordPathShown(t *testing.T) {
	rec := &traintest.MemRecord{LoadErr: &drill.DamagedError{What: "the training record", Path: "/home/ann/.local/state/klob/train.json",
		Aside: "/home/ann/.local/state/klob/damaged/train-2026-11-29-143100.json", Err: errors.New("unexpected end of JSON input")}}
	cfg := testConfig(rec, traintest.Strong)
	cfg.ShowPath = func(p string) string { return strings.Replace(p, "/home/ann", "~", 1) }
	hs := start(t, cfg, 80, 24)
	scr := strings.Join(strings.Fields(hs.screen()), " ")
	if !strings.Contains(scr, "~/.local/state/klob/damaged/train-2026-11-29-143100.json") || strings.Contains(scr, "/home/ann") {
		t.Errorf("the damaged record's path:\n%s", hs.screen())
	}
}

// TestDamagedRecordNoteGoesOnceAnswered: the damaged record's note
// shows on the first drill and goes once the person answers it, the
// verdict and the next drill free of it; the quit note still says
// where the damaged record was kept.
func TestDamagedRecordNoteGoesOnceAnswered(t *testing.T) {
	rec := &traintest.MemRecord{LoadErr: &drill.DamagedError{What: "the training record", Path: "/state/klob/train.json",
		Aside: "/state/klob/damaged/train-2026-11-29-143100.json", Err: errors.New("unexpected end of JSON input")}}
	hs := start(t, testConfig(rec, traintest.Strong, traintest.Strong), 80, 24)
	flat := func() string { return strings.Join(strings.Fields(hs.screen()), " ") }
	if !strings.Contains(flat(), "could not be read") {
		t.Fatalf("no note on the first drill:\n%s", hs.screen())
	}
	hs.press("p")
	if strings.Contains(flat(), "could not be read") {
		t.Errorf("the note stays through the verdict:\n%s", hs.screen())
	}
	hs.press("enter")
	if strings.Contains(flat(), "could not be read") {
		t.Errorf("the note stays on the next drill:\n%s", hs.screen())
	}
	if q := hs.s.QuitNote(); !strings.Contains(q, "/state/klob/damaged/train-2026-11-29-143100.json") {
		t.Errorf("the quit note lacks the damaged record: %q", q)
	}
}

// TestBottomCardShown: once trump is settled the bottom card is turned
// up, and the trainer shows it as the table does: a dix drill at two
// and three players says which card it is.
func TestBottomCardShown(t *testing.T) {
	for _, players := range []string{"players=2", "players=3"} {
		hs := startOnly(t, nil, drillKind{players, drill.OnlyDix})
		v := &hs.s.view
		if v.Bottom == rules.NoCard {
			t.Fatalf("%s: a dix drill with no bottom card turned", players)
		}
		if want := "bottom: " + v.Bottom.String(); !strings.Contains(kit.ASCIIText(hs.screen()), want) {
			t.Errorf("%s: the screen lacks %q:\n%s", players, want, hs.screen())
		}
	}
}

// TestUpcardLabelApart: the upcard's label and what follows it on its
// line (the bottom card) read apart, at two, three and four players,
// over drills of every kind: the label ends its line or a " · " follows
// it, never the next words straight after a space ("Upcard bottom").
func TestUpcardLabelApart(t *testing.T) {
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		cfg := rulesConfig(t, nil, players)
		hs := start(t, cfg, 80, 24)
		bottoms := 0
		for range 30 {
			for _, l := range strings.Split(hs.screen(), "\n") {
				i := strings.Index(l, "Upcard")
				if i < 0 || !strings.HasPrefix(strings.TrimSpace(l), "Your hand") {
					continue
				}
				rest := strings.TrimPrefix(l[i:], "Upcard")
				rest = strings.TrimPrefix(rest, " (the maker takes it)")
				if strings.TrimSpace(rest) != "" && !strings.HasPrefix(rest, " · ") {
					t.Fatalf("%s: the upcard's label runs into %q:\n%s", players, strings.TrimSpace(rest), hs.screen())
				}
				if strings.Contains(rest, "bottom: ") {
					bottoms++
				}
			}
			hs.press(itemKeys(hs.s.legal, hs.s.order)[0], "enter")
		}
		if players != "players=4" && bottoms == 0 {
			t.Fatalf("%s: no drill showed the bottom card", players)
		}
	}
}

// TestTallNarrowCardsFit: in a window tall enough for large cards but
// only 80 wide, nine large cards would push the upcard past the edge and
// what is said beside it off the screen: the cards stay small there,
// and large where they fit.
func TestTallNarrowCardsFit(t *testing.T) {
	for _, c := range []struct {
		w     int
		large bool
	}{{80, false}, {120, true}} {
		cfg := rulesConfig(t, nil, "players=2")
		cfg.Only = drill.OnlyDix
		hs := start(t, cfg, c.w, 40)
		scr := hs.screen()
		for _, want := range []string{"trump: ", "maker: ", "bottom: "} {
			if !strings.Contains(scr, want) {
				t.Errorf("%dx40: %q is not on the screen:\n%s", c.w, want, scr)
			}
		}
		if large := strings.Contains(scr, "┌─────┐"); large != c.large {
			t.Errorf("%dx40: large cards %v, want %v:\n%s", c.w, large, c.large, scr)
		}
	}
}

// TestReviewScrollsOnlyWhenLong: the review's key line offers ↑/↓ only
// when the mistakes run past the window; one mistake has nothing to
// scroll.
func TestReviewScrollsOnlyWhenLong(t *testing.T) {
	for _, n := range []int{1, 12} {
		rec := &traintest.MemRecord{}
		for range n {
			rec.Stats.Add(drill.Record{Situation: traintest.Situation(t, traintest.Strong),
				Verdict: drill.Verdict{Kind: drill.Blunder, Points: 30}})
		}
		hs := start(t, testConfig(rec, traintest.Strong), 80, 24)
		hs.press("M")
		lines := strings.Split(strings.TrimRight(hs.screen(), "\n"), "\n")
		if keys := lines[len(lines)-1]; strings.Contains(keys, "scroll") != (n == 12) {
			t.Errorf("%d mistakes: the keys read %q", n, keys)
		}
	}
}

// TestOwnKeysKeepTheirMeaning: the trainer's own keys are capitals, N
// a new drill and M the last mistakes, in every drill: at the dix,
// where n answers "no exchange", N still skips and M still opens the
// mistakes, and the keys line offers both. A small n or m answers
// where an option has it, else says which capital does the trainer's
// key, and skips nothing; once the drill is answered n goes on, as
// enter does. The help names N and M with no exception.
func TestOwnKeysKeepTheirMeaning(t *testing.T) {
	answered := 0
	for _, seats := range []int{2, 3, 4} {
		rs := fmt.Sprintf("players=%d", seats)
		cfg := rulesConfig(t, &traintest.MemRecord{}, rs)
		cfg.Only = drill.OnlyRound2 // n is "no trumps" at four
		if seats < 4 {
			cfg.Only = drill.OnlyDix // n is "no exchange"
		}
		hs := start(t, cfg, 80, 24)
		tr := hs.s
		if !slices.Contains(itemKeys(tr.legal, tr.order), "n") {
			t.Fatalf("%s: no [n] option: %v", rs, itemKeys(tr.legal, tr.order))
		}
		lines := strings.Split(hs.screen(), "\n")
		if keys := lines[len(lines)-1]; !strings.Contains(keys, "N skip") {
			t.Errorf("%s: the keys line does not offer N where n answers: %q", rs, keys)
		}
		hs.press("M")
		if !tr.Reviewing() {
			t.Fatalf("%s: M did not open the mistakes where m or n answers", rs)
		}
		hs.press("esc")
		hs.press("N")
		if tr.no != 2 || tr.state != stateAsk {
			t.Fatalf("%s: N where n answers: drill %d, state %d", rs, tr.no, tr.state)
		}
		if !slices.Contains(itemKeys(tr.legal, tr.order), "n") {
			continue // the next drill offers no n: the rest is done below
		}
		hs.press("n")
		if tr.no != 2 || tr.state != stateResult || tr.legal[tr.chose] != actionOf(tr, "n") {
			t.Fatalf("%s: n did not answer: drill %d, state %d", rs, tr.no, tr.state)
		}
		hs.press("n")
		if tr.no != 3 || tr.state != stateAsk {
			t.Fatalf("%s: n after the result: drill %d, state %d", rs, tr.no, tr.state)
		}
		answered++
	}
	if answered == 0 {
		t.Fatal("n never answered a drill: the seeds offer no second [n]")
	}
	// A bid (p, t, s): n and m are no options and do nothing but say so.
	hs := start(t, testConfig(&traintest.MemRecord{}, traintest.Strong, traintest.Strong), 80, 24)
	tr := hs.s
	for key, want := range map[string]string{"n": "N skips the drill", "m": "M shows your last mistakes"} {
		hs.press(key)
		if tr.no != 1 || tr.state != stateAsk || tr.Reviewing() || !strings.Contains(hs.screen(), "is not among the choices") ||
			!strings.Contains(hs.screen(), want) {
			t.Fatalf("%s at a bid: drill %d, state %d, review %v:\n%s", key, tr.no, tr.state, tr.Reviewing(), hs.screen())
		}
	}
	km := kit.DefaultKeys()
	lines := map[string]string{}
	for _, group := range tr.KeyHelp(&km).FullHelp() {
		for _, b := range group {
			lines[b.Help().Key] = b.Help().Desc
		}
	}
	if !strings.HasPrefix(lines["N"], "a new drill") || !strings.HasPrefix(lines["M"], "your last mistakes") {
		t.Errorf("the help's N reads %q, its M %q", lines["N"], lines["M"])
	}
	for k, d := range lines {
		if strings.Contains(d, "instead") {
			t.Errorf("the help's %s gives its key two meanings: %q", k, d)
		}
	}
}

// actionOf is the option the key takes in the drill on screen.
func actionOf(tr *Screen, key string) rules.Action {
	i := slices.Index(itemKeys(tr.legal, tr.order), key)
	if i < 0 {
		return rules.Action{}
	}
	return tr.legal[i]
}

// TestResultKeepsYourRow: a drill with many options (the cards to give
// at shlomo and cleopatra) shows its rows best first, every one at
// 80×24; where they do not all fit (a screen given fewer rows than any
// window), a page of them shows with a line that says which, PgDn turns
// to the others until every option was shown and PgUp back, and your
// own row, the hard bot's choice and what the options are worth (the
// reason's first sentence) always show.
func TestResultKeepsYourRow(t *testing.T) {
	for _, c := range []struct {
		rules string
		h     int
	}{{giveRules[0], 24}, {giveRules[1], 24}, {giveRules[0], 16}, {giveRules[1], 16}} {
		rs := c.rules
		cfg := rulesConfig(t, nil, rs)
		cfg.Only = drill.OnlyDeclare
		hs := start(t, cfg, 80, c.h)
		cut := 0
		// 30 drills, 15 under -short: at 80×16 nearly every one is cut,
		// most with your row besides the page.
		for i := range shortOr(30, 15) {
			tr := hs.s
			keys := itemKeys(tr.legal, tr.order)
			hs.press(keys[i%len(keys)])
			scr := hs.screen()
			if pageNote.MatchString(scr) {
				cut++
				// Page down to the last page: every option shows on
				// one, and the pages hold no more.
				// page is the screen since the last key: each is drawn
				// once and read as often as needed.
				seen := map[string]bool{}
				page := scr
				for range len(tr.an.Rows) {
					checkPage(t, rs, page, len(tr.an.Rows), seen)
					if !strings.Contains(page, "PgDn") {
						break
					}
					hs.press("pgdown")
					page = hs.screen()
				}
				if len(seen) != len(tr.an.Rows) {
					t.Fatalf("%s: the pages showed %d of %d options:\n%s", rs, len(seen), len(tr.an.Rows), page)
				}
				for strings.Contains(page, "PgUp shows") || strings.Contains(page, "PgUp/PgDn show") {
					hs.press("pgup")
					page = hs.screen()
				}
				if page != scr {
					t.Fatalf("%s: page up back to the first page shows\n%s\nnot\n%s", rs, page, scr)
				}
			} else if rows := optionRows(scr); rows != len(tr.an.Rows) {
				t.Fatalf("%s: %d rows shown for %d options, and no page note:\n%s", rs, rows, len(tr.an.Rows), scr)
			}
			if !strings.Contains(scr, "← you") || !strings.Contains(scr, "Hard bot: ") {
				t.Fatalf("%s: your row or the hard bot's choice is missing:\n%s", rs, scr)
			}
			// What the options are worth, in the reason's first
			// sentence, shows beside the hard bot's choice.
			if r := tr.an.ReasonVersus(false, tr.chose); len(r) > 0 && !strings.Contains(kittest.Flat(scr), kittest.Flat(r[0])) {
				t.Fatalf("%s: the reason %q is cut:\n%s", rs, r[0], scr)
			}
			var last float64 = math.Inf(1)
			for _, l := range strings.Split(scr, "\n") {
				if !optionRow.MatchString(l) || !strings.Contains(l, "give ") || strings.Contains(l, "best · hard bot") {
					continue
				}
				f := strings.Fields(l[strings.Index(l, "give")+len("give "):])
				if len(f) < 2 {
					break
				}
				mean, err := strconv.ParseFloat(f[1], 64)
				if tr.an.ByWin || err != nil {
					break
				}
				if mean > last {
					t.Fatalf("%s: rows not best first:\n%s", rs, scr)
				}
				last = mean
			}
			hs.press("enter")
		}
		if c.h >= 24 && cut > 0 {
			t.Errorf("%s: %d drills had rows cut at 80×%d", rs, cut, c.h)
		}
		if c.h < 24 && cut == 0 {
			t.Errorf("%s: no drill had rows to cut at 80×%d", rs, c.h)
		}
	}
}

// shortOr is full, or short under -short: how many drills a test over
// many drills takes.
func shortOr(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// pageNote is the line under a page of the result's options: its
// first and last rank, how many there are, whether your row shows
// besides them, and the keys.
var pageNote = regexp.MustCompile(`\(options? (\d+)(?:-(\d+))? of (\d+)( and yours)?, best first; (PgDn shows lower ones|PgUp/PgDn show the others|PgUp shows higher ones)\)`)

// checkPage checks a page of the result's options: it shows the rows
// its note says (and yours), of all, your row among them, the key line
// offers the page keys, and every option shown is added to seen.
func checkPage(t *testing.T, rs, scr string, all int, seen map[string]bool) {
	t.Helper()
	m := pageNote.FindStringSubmatch(scr)
	if m == nil {
		t.Fatalf("%s: no page note:\n%s", rs, scr)
	}
	from, _ := strconv.Atoi(m[1])
	to := from
	if m[2] != "" {
		to, _ = strconv.Atoi(m[2])
	}
	n, _ := strconv.Atoi(m[3])
	want := to - from + 1
	if m[4] != "" {
		want++
	}
	rows := optionRows(scr)
	if n != all || rows != want || !strings.Contains(scr, "← you") || !strings.Contains(scr, "PgUp/PgDn more options") {
		t.Fatalf("%s: %d rows shown where the note says %q of %d options, or your row or the page keys are missing:\n%s", rs, rows, m[0], all, scr)
	}
	for _, l := range strings.Split(scr, "\n") {
		if f := strings.Fields(strings.Replace(l, "▶", "", 1)); optionRow.MatchString(l) && len(f) > 1 {
			seen[f[0]+" "+f[1]] = true
		}
	}
}

// optionRow matches a row of the table of options by its score diff
// ("-4.1 ±  1.6" and the bete column after it), not the gaps with their
// error that the verdicts write ("-28.0 ± 2.1 pts").
var optionRow = regexp.MustCompile(`\d\.\d ± +\d+\.\d {2,}\S`)

// optionRows counts the rows of the table of options on scr.
func optionRows(scr string) int { return len(optionRow.FindAllString(scr, -1)) }

// giveRules are the rules whose declaration drills give cards: shlomo at
// three players, shlomo and cleopatra at four.
var giveRules = []string{"players=3,shlomo=on", "players=4,shlomo=on,cleopatra=on"}

// TestScoreAndDealerWhole: at 80×24 at every seat count, with the
// house variants that say the most, the question and the result both
// show who deals and the whole score, the sides within reach of the
// target with what they need (where the verdicts go by the chance to
// win); the result, where even the hand is said in words, at least
// the totals.
func TestScoreAndDealerWhole(t *testing.T) {
	for _, rs := range []string{"players=2", "players=2,dealer_forced=on,menage=on,of_a_kind=on", "players=3",
		"players=3,shlomo=on,dealer_forced=on", "players=4", "players=4,shlomo=on,cleopatra=on,dealer_forced=on"} {
		t.Run(rs, func(t *testing.T) {
			cfg := rulesConfig(t, nil, rs)
			cfg.Seed = 3
			hs := start(t, cfg, 80, 24)
			near := 0
			// 60 drills, 30 under -short: a side is near the target in
			// about one in three.
			for range shortOr(60, 30) {
				tr := hs.s
				score, deals := drill.ScoreText(&tr.view), drill.Deals(&tr.view)
				if strings.Contains(score, " more.") {
					near++
				}
				for _, when := range []string{"the question", "the result"} {
					if when == "the result" {
						hs.press(itemKeys(tr.legal, tr.order)[len(tr.legal)-1])
					}
					flat := kittest.Flat(hs.screen())
					wants := []string{score, deals}
					if when == "the result" && strings.Contains(flat, " Your hand: ") {
						// Short of room after the cards drawn, the score
						// keeps its totals, what each side needs giving
						// way to the "You chose:" line.
						wants[0] = drill.ScoreShort(&tr.view)
					}
					for _, want := range wants {
						if !strings.Contains(flat, kittest.Flat(want)) {
							t.Fatalf("%s leaves out %q:\n%s", when, want, hs.screen())
						}
					}
				}
				hs.press("enter")
			}
			if near == 0 {
				t.Errorf("no drill had a side near the target")
			}
		})
	}
}

// TestNewerRecordAlertWhole: a record a newer klob wrote is left as it
// is, and the trainer says so: at 80×24, at every seat count, the alert
// on opening and the one after a drill that could not be saved read
// whole, wrapped, never cut short.
func TestNewerRecordAlertWhole(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		path := filepath.Join(t.TempDir(), "state", "klob", "train.json")
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(`{"version": 99}`), 0o600); err != nil {
			t.Fatal(err)
		}
		rec := &drill.StatsFile{Path: path}
		_, newer := rec.Read()
		var ne *drill.NewerError
		if !errors.As(newer, &ne) {
			t.Fatalf("the record reads as %v, not as a newer klob's", newer)
		}
		hs := start(t, rulesConfig(t, rec, fmt.Sprintf("players=%d", n)), 80, 24)
		check := func(when, want string) {
			t.Helper()
			scr := hs.screen()
			if !strings.Contains(kittest.Flat(scr), kittest.Flat("! "+want)) {
				t.Errorf("%s: the alert is not whole, want %q:\n%s", when, want, scr)
			}
			kittest.CheckSize(t, scr, 80, 24)
		}
		check("opening", kit.Capital(newer.Error())+": the record is kept for this session only")
		hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
		check("after a drill", "The record could not be saved: "+newer.Error())
	})
}

// TestGiveKeepsItsSituation: a card to give (shlomo at three, shlomo
// and cleopatra at four) is decided on who deals, the score, the words
// said (which card was drawn, who declared) and the question: at 80×24
// every one of them shows whole before the choice, with the alert of a
// record a newer klob wrote under it too, and after the choice (without
// the alert) beside the table of every card, the hand then said in a
// line of text if the cards drawn leave no room.
func TestGiveKeepsItsSituation(t *testing.T) {
	for i, rs := range giveRules {
		for _, alert := range []bool{false, true} {
			var rec Record
			if alert {
				path := filepath.Join(t.TempDir(), "home", "someone", ".local", "state", "klob", "train.json")
				if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(`{"version": 99}`), 0o600); err != nil {
					t.Fatal(err)
				}
				rec = &drill.StatsFile{Path: path}
			}
			cfg := rulesConfig(t, rec, rs)
			cfg.Only, cfg.Seed = drill.OnlyDeclare, 2
			hs := start(t, cfg, 80, 24)
			gives := 0
			drills := shortOr(40, 20) // three in four are a card to give
			for range drills {
				tr := hs.s
				keys := itemKeys(tr.legal, tr.order)
				if tr.legal[0].Kind != rules.Give {
					hs.press(keys[0], "enter")
					continue
				}
				gives++
				situation := append([]string{drill.Deals(&tr.view), drill.ScoreText(&tr.view)}, drill.SaidLines(&tr.view, false)...)
				check := func(when string, want []string) {
					t.Helper()
					scr := hs.screen()
					flat := kittest.Flat(scr)
					for _, w := range want {
						if !strings.Contains(flat, kittest.Flat(w)) {
							t.Fatalf("%s, alert %v, %s: %q is left out:\n%s", rs, alert, when, w, scr)
						}
					}
					kittest.CheckSize(t, scr, 80, 24)
				}
				check("the question", append(situation, drill.Question(&tr.view, false)))
				hs.press(keys[len(keys)-1])
				if !alert {
					check("the result", situation)
				}
				if gives == 1 && !alert {
					hs.golden(fmt.Sprintf("%s-give-result-80x24", []string{"three", "four"}[i]))
				}
				hs.press("enter")
			}
			if gives == 0 {
				t.Fatalf("%s: no card to give in %d drills", rs, drills)
			}
		}
	}
}

// TestDrillHelpListsTheDrilledLetters: a drill's help lists the letters
// of the decisions the trainer drills, the questions put to a claim
// among them, and not a claim's answers (its top card, its length),
// which have one answer each and are never drilled.
func TestDrillHelpListsTheDrilledLetters(t *testing.T) {
	hs := start(t, testConfig(&traintest.MemRecord{}, traintest.Strong), 80, 24)
	km := kit.DefaultKeys()
	var descs []string
	for _, group := range hs.s.KeyHelp(&km).FullHelp() {
		for _, b := range group {
			descs = append(descs, b.Help().Desc)
		}
	}
	all := strings.Join(descs, "\n")
	for _, want := range []string{"pass", "exchange", "how high?"} {
		if !strings.Contains(all, want) {
			t.Errorf("the drill's help lacks %q:\n%s", want, all)
		}
	}
	for _, not := range []string{"name your top card", "count your cards"} {
		if strings.Contains(all, not) {
			t.Errorf("the drill's help offers %q, never drilled:\n%s", not, all)
		}
	}
}

// TestDealtOffUpdate: at every seat count a generated drill is dealt in
// a command, not in Update (the generator bids whole deals until the
// kind comes up): the screen says it is dealing, takes no answer, and
// shows the drill the generator deals when the command's message comes;
// a message of a drill skipped meanwhile is dropped.
func TestDealtOffUpdate(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		cfg := rulesConfig(t, nil, fmt.Sprintf("players=%d", players))
		hs := newDriver(t, cfg, 80, 24)
		hs.Hold = true
		hs.run(hs.s.Enter(&hs.ctx))
		if hs.s.state != stateDealing || !strings.Contains(hs.screen(), "Dealing drill 1") {
			t.Fatalf("%d players: state %d before the deal came:\n%s", players, hs.s.state, hs.screen())
		}
		hs.press("enter", "1")
		if hs.s.state != stateDealing || hs.s.chose != -1 {
			t.Fatalf("%d players: an answer was taken while dealing: state %d, chose %d", players, hs.s.state, hs.s.chose)
		}
		// N skips drill 1 while it is dealt; its late message is dropped.
		hs.press("N")
		hs.release()
		if hs.s.no != 2 || hs.s.state != stateAsk {
			t.Fatalf("%d players: drill %d, state %d after the deal", players, hs.s.no, hs.s.state)
		}
		gen, err := drill.NewGenerator(cfg.Seed, cfg.Only, cfg.Options)
		if err != nil {
			t.Fatal(err)
		}
		sit := gen.Drill(2)
		want, err := sit.View()
		if err != nil {
			t.Fatal(err)
		}
		if hs.s.view.String() != want.String() {
			t.Errorf("%d players: drill 2 shows\n%s\nwant the generator's\n%s", players, hs.s.view.String(), want.String())
		}
		stale := gen.Drill(1)
		hs.send(dealtMsg{id: hs.s.id - 1, sit: stale})
		if hs.s.view.String() != want.String() || hs.s.state != stateAsk {
			t.Errorf("%d players: a skipped drill's deal replaced drill 2", players)
		}
	}
}

// TestKeysTypedAheadCrossNoDrill: at every seat count, keys typed at a
// result as quick as n n or enter enter open the next drill once and
// answer nothing: a key that would answer (or go on) is not taken while
// the drill is dealt, nor once it is dealt but not yet drawn, and the
// note says so; after a frame the drill takes its answer. N and M are
// taken: they answer nothing.
func TestKeysTypedAheadCrossNoDrill(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		rec := &traintest.MemRecord{}
		hs := start(t, rulesConfig(t, rec, fmt.Sprintf("players=%d", n)), 80, 24)
		tr := hs.s
		untaken := func(when string, keys ...string) {
			t.Helper()
			for _, k := range keys {
				tr.note = ""
				hs.deliver(kittest.Key(k))
				if tr.no != 2 || tr.chose != -1 || len(rec.Added) != 1 || tr.note != aheadNote {
					t.Fatalf("%s typed %s: drill %d, state %d, chose %d, %d graded, note %q",
						when, k, tr.no, tr.state, tr.chose, len(rec.Added), tr.note)
				}
			}
		}
		hs.press("enter")
		if tr.state != stateResult || len(rec.Added) != 1 {
			t.Fatalf("enter: state %d, %d graded", tr.state, len(rec.Added))
		}
		// The drill is dealt in a command: keys typed before it comes.
		hs.Hold = true
		hs.press("n")
		if tr.state != stateDealing {
			t.Fatalf("n at the result: state %d", tr.state)
		}
		untaken("while dealing", "n", "enter", "space", "1")
		// Dealt, not yet drawn.
		hs.Release(hs.run)
		if tr.state != stateAsk {
			t.Fatalf("the deal came: state %d", tr.state)
		}
		keys := itemKeys(tr.legal, tr.order)
		untaken("before the drill was drawn", append([]string{"n", "enter", "space", "1"}, keys...)...)
		hs.deliver(tea.MouseClickMsg{X: 10, Y: 14, Button: tea.MouseLeft})
		if tr.chose != -1 || tr.note != aheadNote {
			t.Fatalf("a click before the drill was drawn: chose %d, note %q", tr.chose, tr.note)
		}
		if scr := hs.screen(); !strings.Contains(scr, aheadNote) {
			t.Errorf("the note does not say the key was not taken:\n%s", scr)
		}
		// Drawn: the drill takes its answer.
		hs.press(keys[0])
		if tr.no != 2 || tr.state != stateResult || len(rec.Added) != 2 || tr.note == aheadNote {
			t.Fatalf("%s after the drill was drawn: drill %d, state %d, %d graded, note %q",
				keys[0], tr.no, tr.state, len(rec.Added), tr.note)
		}
		// enter enter with nothing held: the second comes before a frame.
		hs.deliver(kittest.Key("enter"))
		hs.deliver(kittest.Key("enter"))
		if tr.no != 3 || tr.state != stateAsk || tr.chose != -1 || len(rec.Added) != 2 {
			t.Fatalf("enter enter at the result: drill %d, state %d, chose %d, %d graded",
				tr.no, tr.state, tr.chose, len(rec.Added))
		}
		// N and M are taken before the drill was drawn.
		hs.deliver(kittest.Key("M"))
		if !tr.Reviewing() {
			t.Fatal("M before the drill was drawn did not open the mistakes")
		}
		hs.press("esc")
		hs.deliver(kittest.Key("N"))
		if tr.no != 4 {
			t.Fatalf("N before the drill was drawn: drill %d", tr.no)
		}
	})
}

// TestHelpNamesTheChoiceKeys: the help names every key that moves the
// choice (the four arrows, h j k l) or answers with it (enter, space),
// each where it writes its keys, and each key it names there does so.
func TestHelpNamesTheChoiceKeys(t *testing.T) {
	km := kit.DefaultKeys()
	hs := start(t, testConfig(nil, traintest.Strong), 80, 24)
	help := map[string]key.Binding{}
	for _, group := range hs.s.KeyHelp(&km).FullHelp() {
		for _, b := range group {
			help[b.Help().Desc] = b
		}
	}
	for desc, c := range map[string]struct {
		keys  []string
		names []string
		moves bool
	}{
		"previous option": {[]string{"left", "up", "h", "k"}, []string{"←", "↑", "h", "k"}, true},
		"next option":     {[]string{"right", "down", "l", "j"}, []string{"→", "↓", "l", "j"}, true},
		"choose the option (after the result: next drill)": {[]string{"enter", "space"}, []string{"enter", "space"}, false},
	} {
		b, ok := help[desc]
		if !ok {
			t.Errorf("the help has no line %q", desc)
			continue
		}
		if got := b.Keys(); !reflect.DeepEqual(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(c.keys))) {
			t.Errorf("the help's %q takes %v, want %v", desc, got, c.keys)
		}
		for _, name := range c.names {
			if !slices.Contains(strings.FieldsFunc(b.Help().Key, func(r rune) bool { return r == '/' || r == ' ' }), name) {
				t.Errorf("the help's %q writes its keys %q, without %s", desc, b.Help().Key, name)
			}
		}
		for _, k := range c.keys {
			hs := start(t, testConfig(nil, traintest.Strong), 80, 24)
			menu := hs.s.menu
			hs.press(k)
			if moved := hs.s.state == stateAsk && hs.s.menu != menu; c.moves != moved {
				t.Errorf("%s (%q): the choice moved %v, state %d", k, desc, moved, hs.s.state)
			}
			if answered := hs.s.state == stateResult; !c.moves && !answered {
				t.Errorf("%s (%q) did not answer: state %d", k, desc, hs.s.state)
			}
		}
	}
}

// TestKeyLineNamesTheOpenersBack: a trainer whose opener takes esc
// (Config.Back: the lobby's) names esc on its key line at every step of
// a drill, asking or graded, with the help and q still on it, in 80
// columns at every seat count; the help lists esc in the opener's words.
// On the mistakes esc closes them, and the line says only that.
func TestKeyLineNamesTheOpenersBack(t *testing.T) {
	for _, c := range []drillKind{
		{"players=2", drill.Any}, {"players=2", drill.OnlyRound2}, {"players=3,shlomo=on,dealer_forced=on", drill.Any},
		{"players=3,shlomo=on", drill.OnlyDeclare}, {"players=4,shlomo=on,cleopatra=on,dealer_forced=on", drill.Any},
		{"players=4,shlomo=on,cleopatra=on", drill.OnlyDeclare}, {"players=4", drill.OnlyRound2},
	} {
		cfg := rulesConfig(t, nil, c.rules)
		cfg.Only, cfg.Back = c.only, "back to the lobby"
		hs := start(t, cfg, 80, 24)
		hs.ctx.Keys.QuitWord = "leave" // as the lobby's App sets it
		keyLine := func() string {
			lines := strings.Split(strings.TrimRight(hs.screen(), "\n "), "\n")
			return strings.TrimRight(lines[len(lines)-1], " ")
		}
		for range 8 {
			for _, at := range []string{"asking", "graded"} {
				line := keyLine()
				if !strings.Contains(line, "esc back · ? help") || !strings.HasSuffix(line, "q leave") || kit.WidthOf(line) > 80 {
					t.Fatalf("%s -only %s, %s: the key line %q does not name esc, the help and q in 80 columns\n%s",
						c.rules, c.only, at, line, hs.screen())
				}
				if at == "asking" {
					hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
				}
			}
			hs.press("enter")
		}
		found := false
		for _, group := range hs.s.KeyHelp(&hs.ctx.Keys).FullHelp() {
			for _, b := range group {
				found = found || b.Help().Key == "esc" && b.Help().Desc == "back to the lobby"
			}
		}
		if !found {
			t.Errorf("%s: the help does not list esc back to the lobby", c.rules)
		}
		hs.press("M")
		if line := keyLine(); !strings.Contains(line, "esc or M back") || strings.Contains(line, "esc back") {
			t.Errorf("%s: on the mistakes the key line is %q", c.rules, line)
		}
	}
}

// TestKeyLineWithoutBack: klob train's trainer, whose esc does nothing
// on a drill, names no esc there.
func TestKeyLineWithoutBack(t *testing.T) {
	hs := start(t, testConfig(nil, traintest.Strong), 80, 24)
	if strings.Contains(hs.screen(), "esc") {
		t.Errorf("the trainer without an opener names esc:\n%s", hs.screen())
	}
}

// TestAnswerKeepsQuestionAndChoice: at 80×24 at every seat count, over
// many drills of every kind and of round two alone, the answer screen
// still says what was asked (the question whole) and what you chose
// (the menu's "You chose:" line, which the verdict's "You chose" does
// not replace), and fits the window: the menu's other options and the
// cards drawn give way, not the lines that say what the screen is
// about.
func TestAnswerKeepsQuestionAndChoice(t *testing.T) {
	for _, k := range []drillKind{
		{"players=2", drill.Any},
		{"players=2", drill.OnlyRound2},
		{"players=3", drill.Any},
		{"players=3", drill.OnlyRound2},
		{"players=3,shlomo=on", drill.OnlyDeclare},
		{"players=4", drill.Any},
		{"players=4", drill.OnlyRound2},
		{"players=4,shlomo=on,cleopatra=on", drill.OnlyDeclare},
	} {
		for _, seed := range []uint64{1, 3, 5, 9} {
			cfg := rulesConfig(t, nil, k.rules)
			cfg.Only, cfg.Seed = k.only, seed
			hs := start(t, cfg, 80, 24)
			for i := range shortOr(20, 8) {
				tr := hs.s
				question := drill.Question(&tr.view, false)
				keys := itemKeys(tr.legal, tr.order)
				hs.press(keys[i%len(keys)])
				scr := hs.screen()
				kittest.CheckSize(t, scr, 80, 24)
				if !strings.Contains(kittest.Flat(scr), kittest.Flat(question)) {
					t.Fatalf("%s, %v, seed %d, drill %d: the question %q is left out:\n%s", k.rules, k.only, seed, tr.no, question, scr)
				}
				if !strings.Contains(scr, " You chose: ") {
					t.Fatalf("%s, %v, seed %d, drill %d: the \"You chose:\" line is left out:\n%s", k.rules, k.only, seed, tr.no, scr)
				}
				hs.press("enter")
			}
		}
	}
}

// TestHandLabelGoesWithTheCards: the label "Your hand … Upcard" stands
// right above the cards wherever they are drawn, asked and answered
// (the answer once left it out to make room), and goes with them when
// the hand is squeezed onto a line of text: a label over the text
// headed nothing.
func TestHandLabelGoesWithTheCards(t *testing.T) {
	label := regexp.MustCompile(`Your hand {2,}.*Upcard`)
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		for _, size := range [][2]int{{80, 24}, {80, 20}, {100, 30}} {
			cfg := rulesConfig(t, nil, players)
			cfg.Seed = 101
			hs := start(t, cfg, size[0], size[1])
			drawn, text := 0, 0
			check := func(when string) {
				t.Helper()
				scr := hs.screen()
				lines := strings.Split(scr, "\n")
				boxes := -1
				for i, l := range lines {
					if strings.HasPrefix(l, " ┌") {
						boxes = i
						break
					}
				}
				labelled := label.MatchString(scr)
				switch {
				case boxes >= 0:
					drawn++
					if !labelled || boxes == 0 || !label.MatchString(lines[boxes-1]) {
						t.Fatalf("%s %dx%d drill %d %s: the label away from the cards drawn:\n%s", players, size[0], size[1], hs.s.no, when, scr)
					}
				case strings.Contains(scr, " Your hand: "):
					text++
					if labelled {
						t.Fatalf("%s %dx%d drill %d %s: the label over the hand in words:\n%s", players, size[0], size[1], hs.s.no, when, scr)
					}
				}
			}
			for i := range shortOr(12, 6) {
				check("asked")
				tr := hs.s
				keys := itemKeys(tr.legal, tr.order)
				hs.press(keys[i%len(keys)])
				check("answered")
				hs.press("enter")
			}
			t.Logf("%s %dx%d: %d screens with the cards drawn, %d in words", players, size[0], size[1], drawn, text)
		}
	}
}

// TestKeyLineKeepsMistakes: at 80×24, while a drill asks, the key line
// keeps "M mistakes" and "q quit" with the six options of round two at
// four players (p/c/d/e/s/n), and says the keys that answer one way on
// every drill, "enter or p/c/d/e/s/n answer": where the line is short
// of room the arrows give way, not "enter or".
func TestKeyLineKeepsMistakes(t *testing.T) {
	six := 0
	for _, c := range []drillKind{
		{"players=2", drill.Any}, {"players=3", drill.OnlyRound2}, {"players=4", drill.OnlyRound2}, {"players=4", drill.Any},
	} {
		cfg := rulesConfig(t, nil, c.rules)
		cfg.Only, cfg.Seed = c.only, 202
		hs := start(t, cfg, 80, 24)
		for range shortOr(16, 8) {
			lines := strings.Split(strings.TrimRight(hs.screen(), "\n "), "\n")
			last := strings.TrimRight(lines[len(lines)-1], " ")
			letters := strings.Join(itemKeys(hs.s.legal, hs.s.order), "/")
			if len(hs.s.legal) >= 6 {
				six++
			}
			if !strings.Contains(last, "M mistakes") || !strings.HasSuffix(last, "q quit") {
				t.Fatalf("%s -only %s drill %d: the key line %q lacks M mistakes or q quit", c.rules, c.only, hs.s.no, last)
			}
			long := " ←/→ choose · enter or " + letters + " answer · N skip · M mistakes · ? help · q quit"
			if want := "enter or " + letters + " answer"; kit.WidthOf(long) <= 79 && !strings.Contains(last, want) {
				t.Errorf("%s -only %s drill %d: the key line %q lacks %q, which fits", c.rules, c.only, hs.s.no, last, want)
			}
			// One form on every drill: "enter or p/t answer", never
			// "enter/p/c/d/e/s/n answer" where the line is short of room.
			if want := "enter or " + letters + " answer"; !strings.Contains(last, want) {
				t.Errorf("%s -only %s drill %d: the key line %q does not say %q", c.rules, c.only, hs.s.no, last, want)
			}
			hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
			hs.press("enter")
		}
	}
	if six == 0 {
		t.Error("no drill with six options checked")
	}
}

// TestHandTextSetsTheTrumpApart: the hand in words, once trump is
// settled (the dix, the sequences), sets the trump and maker apart from
// the upcard as it does the bottom: "upcard 10♣ · trump: ♣ clubs,
// maker: you".
func TestHandTextSetsTheTrumpApart(t *testing.T) {
	for _, only := range []drill.Filter{drill.OnlyDix, drill.OnlyDialogue} {
		cfg := rulesConfig(t, nil, "players=2")
		cfg.Only = only
		hs := start(t, cfg, 80, 24)
		text := ansi.Strip(strings.Join(hs.s.handText(&hs.ctx, 200), " "))
		if !regexp.MustCompile(`· upcard \S+ · trump: .+, maker: `).MatchString(text) {
			t.Errorf("%v: %q does not set the trump apart from the upcard", only, text)
		}
	}
}

// TestHandTextTookTheUpcard: at four players, where the maker takes
// the upcard, the hand in words says so after the maker without a comma
// of its own: "maker: East (took the upcard)", not "maker: East, (took
// the upcard)".
func TestHandTextTookTheUpcard(t *testing.T) {
	cfg := rulesConfig(t, nil, "players=4")
	cfg.Only = drill.OnlyDialogue
	hs := start(t, cfg, 80, 24)
	took := 0
	for range 12 {
		if hs.s.view.Upcard == rules.NoCard {
			took++
			text := ansi.Strip(strings.Join(hs.s.handText(&hs.ctx, 200), " "))
			if !regexp.MustCompile(`maker: \S+ \(took the upcard\)`).MatchString(text) || strings.Contains(text, ", (") {
				t.Errorf("drill %d: %q", hs.s.no, text)
			}
		}
		hs.press(itemKeys(hs.s.legal, hs.s.order)[0])
		hs.press("enter")
	}
	if took == 0 {
		t.Fatal("no drill where the maker took the upcard")
	}
}

// TestNumberPastTheOptions: a number past the options (5 at the dix's
// two) answers nothing and says it is not an option, as a letter does,
// in place of the message before it.
func TestNumberPastTheOptions(t *testing.T) {
	hs := startOnly(t, nil, drillKind{"players=2", drill.OnlyDix})
	tr := hs.s
	hs.press("z")
	hs.press("5")
	scr := hs.screen()
	if tr.state != stateAsk || !strings.Contains(scr, "! Key 5 is not among the choices: ") || strings.Contains(scr, "Key z is not among") {
		t.Errorf("5 at a drill of %d options (state %d):\n%s", len(tr.legal), tr.state, scr)
	}
}

// TestEveryWrongKeyAnswered: at a drill's question, at every seat
// count, every key that takes no option is answered as the table and
// the lessons answer it, named as pressed (Z is not z), and leaves the
// drill as it was; esc and a modifier pressed alone are not answered.
func TestEveryWrongKeyAnswered(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		hs := start(t, rulesConfig(t, &traintest.MemRecord{}, fmt.Sprintf("players=%d", n)), 80, 24)
		tr := hs.s
		if tr.state != stateAsk {
			t.Fatalf("no question: state %d", tr.state)
		}
		offered := kit.JoinOr(itemKeys(tr.legal, tr.order))
		// An alert begins with a capital, but the key follows "Key" and
		// keeps its case: "Q" and "q" are two keys.
		for _, k := range []struct{ key, said string }{{"Q", "Q"}, {"0", "0"}, {"!", "!"}, {"@", "@"}, {"tab", "tab"}, {"Z", "Z"}, {"z", "z"}} {
			tr.setNote("", false)
			hs.press(k.key)
			want := "! Key " + k.said + " is not among the choices: " + offered
			if scr := hs.screen(); !strings.Contains(kittest.Flat(scr), want) {
				t.Fatalf("%s is not answered %q:\n%s", k.key, want, scr)
			}
			if tr.no != 1 || tr.state != stateAsk {
				t.Fatalf("%s moved the drill: drill %d, state %d", k.key, tr.no, tr.state)
			}
		}
		tr.setNote("", false)
		hs.send(tea.KeyPressMsg{Code: tea.KeyEscape})
		hs.send(tea.KeyPressMsg{Code: tea.KeyLeftShift})
		if tr.note != "" {
			t.Errorf("esc or shift alone is answered: %q", tr.note)
		}
	})
}

// TestHoldReadsAsTheScreenDraws: the hand in words (drill.Hold, what
// -eval and the mistakes list write) lists the cards in the order the
// trainer draws them, at every seat count, in every kind of drill.
func TestHoldReadsAsTheScreenDraws(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n)+",dealer_forced=on")
		cfg.Evaluate, cfg.Samples = randomEval, 100
		hs := start(t, cfg, 80, 24)
		rng := rand.New(rand.NewPCG(uint64(n), 3))
		for range 30 {
			var w []string
			for _, c := range hs.s.hand() {
				w = append(w, c.Pretty(false))
			}
			if got, want := drill.Hold(&hs.s.view, false), "You hold "+strings.Join(w, " ")+"."; !strings.HasPrefix(got, want) {
				t.Fatalf("%d players: %q, the screen draws %q", n, got, want)
			}
			keys := itemKeys(hs.s.legal, hs.s.order)
			hs.press(keys[rng.IntN(len(keys))], "enter")
		}
	}
}

// TestHandTextReadsWell: the hand in words says a suit refused once,
// after the card that shows it ("upcard Q♦, diamonds refused in round
// one", not "upcard Q♦ ♦ diamonds refused"), and at every width breaks
// its lines between phrases, never inside "maker: East" or "trump: ♣
// clubs".
func TestHandTextReadsWell(t *testing.T) {
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		cfg := rulesConfig(t, nil, players)
		cfg.Only = drill.OnlyRound2
		hs := start(t, cfg, 80, 24)
		su := hs.s.view.OrigUpcard.Suit()
		text := ansi.Strip(strings.Join(hs.s.handText(&hs.ctx, 200), " "))
		want := ", " + su.Name() + " refused in round one"
		if !strings.Contains(text, want) || strings.Contains(text, su.Symbol()+" "+su.Name()) {
			t.Errorf("%s: %q does not say %q once", players, text, want)
		}
	}
	checked := 0
	for _, c := range []drillKind{{"players=3", drill.OnlyDialogue}, {"players=4", drill.OnlyDialogue}, {"players=2", drill.OnlyDix}} {
		hs := startOnly(t, nil, c)
		for w := 30; w <= 100; w++ {
			lines := hs.s.handText(&hs.ctx, w)
			for _, l := range lines {
				l = strings.TrimSpace(ansi.Strip(l))
				for _, cut := range []string{"maker:", "trump:", "bottom:", "upcard", "trump: " + hs.s.view.Trump.Symbol()} {
					if strings.HasSuffix(l, cut) {
						t.Errorf("%s at %d: a line ends inside a phrase: %q", c.rules, w, lines)
					}
				}
				if strings.ContainsRune(l, '\u00a0') {
					t.Errorf("%s at %d: a no-break space is written: %q", c.rules, w, l)
				}
			}
			checked++
		}
	}
	t.Logf("%d widths", checked)
}

// TestWrongKeyAfterTheResultAnswered: after a drill's result, at every
// seat count, a key that does nothing there (a letter, an arrow, pgdown
// with every option on the screen) is answered with the keys of the key
// line, as on the drill, and leaves the result as it was; enter still
// goes on to the next drill.
func TestWrongKeyAfterTheResultAnswered(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		hs := start(t, rulesConfig(t, &traintest.MemRecord{}, fmt.Sprintf("players=%d", n)), 80, 24)
		tr := hs.s
		hs.press("enter")
		if tr.state != stateResult {
			t.Fatalf("enter did not answer the drill: state %d", tr.state)
		}
		for _, k := range []struct{ key, said string }{{"z", "z"}, {"a", "a"}, {"left", "left"}, {"pgdown", "pgdown"}, {"tab", "tab"}} {
			tr.setNote("", false)
			hs.press(k.key)
			want := "! Key " + k.said + " is not among the choices: enter or N, M, ? or q."
			if scr := hs.screen(); tr.paged || !strings.Contains(kittest.Flat(scr), want) {
				t.Fatalf("%s after the result is not answered %q (paged %v):\n%s", k.key, want, tr.paged, scr)
			}
			if tr.no != 1 || tr.state != stateResult {
				t.Fatalf("%s moved on: drill %d, state %d", k.key, tr.no, tr.state)
			}
		}
		hs.press("enter")
		if tr.no != 2 {
			t.Fatalf("enter after the answer: drill %d", tr.no)
		}
	})
}

// TestResultKeepsTheMenu: after the answer at 80×24, the menu keeps
// every option, as at three players, where the rows allow: at four the
// seats' sentence ("North, across, is your partner.") gives way to who
// deals before the menu does (the menu read "You chose: ▶[2] give Q♠"
// alone at four players). A card to give after a declaration, at both
// seat counts that have one.
func TestResultKeepsTheMenu(t *testing.T) {
	for _, rs := range giveRules {
		t.Run(rs, func(t *testing.T) {
			cfg := rulesConfig(t, nil, rs)
			cfg.Only, cfg.Seed = drill.OnlyDeclare, 2
			hs := start(t, cfg, 80, 24)
			for range 20 {
				tr := hs.s
				keys := itemKeys(tr.legal, tr.order)
				if tr.legal[0].Kind != rules.Give {
					hs.press(keys[0], "enter")
					continue
				}
				hs.press(keys[len(keys)-1])
				scr := hs.screen()
				menu, _, _ := strings.Cut(scr[strings.Index(scr, "You chose:"):], "────")
				for _, k := range keys {
					if !strings.Contains(menu, "["+k+"]") {
						t.Errorf("option %s left out of the menu:\n%s", k, scr)
					}
				}
				kittest.CheckSize(t, scr, 80, 24)
				return
			}
			t.Fatalf("no card to give in 20 drills")
		})
	}
}
