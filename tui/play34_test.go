package tui

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// randomTableBot takes a seeded random legal action.
type randomTableBot struct{ r *rand.Rand }

func (b randomTableBot) Level() ai.Level { return ai.Random }

func (b randomTableBot) Choose(_ context.Context, v *rules.View) (rules.Action, error) {
	l := v.Legal()
	return l[b.r.IntN(len(l))], nil
}

// randomTableBots makes every table bot a seeded random one: the model
// tests do not depend on how well a bot plays.
func randomTableBots(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	return randomTableBot{rand.New(rand.NewPCG(cfg.Seed, 3))}, nil
}

// playTableByKeys answers the person's decisions by key until the
// deal's result shows: the first menu item, the first playable card, a
// key for a held trick.
func playTableByKeys(t *testing.T, hs *harness) {
	t.Helper()
	for range 400 {
		tb, ok := hs.app.screen.(*table34)
		if !ok {
			t.Fatalf("on screen %q, not the table", hs.name())
		}
		if tb.over() {
			return
		}
		v := tb.game.View(tb.me)
		switch {
		case tb.holding:
			hs.press("enter")
		case !tb.myTurn():
			t.Fatalf("the bots stopped: %s to move\n%s", v.Turn, hs.screen())
		case tb.Bella != rules.NoCard:
			hs.press("b")
		case v.Phase == rules.PhasePlay:
			hs.press(personKey(t, hs, &v))
		default:
			hs.press("1")
		}
	}
	t.Fatal("the deal did not end in 400 keys")
}

// TestPlayTable plays a whole deal of three and of four through klob
// play's App (setup, table, result, next deal), the bots
// random: the save holds the deal, and it replays with that many seats.
func TestPlayTable(t *testing.T) {
	for _, players := range []int{3, 4} {
		st := &memStore{}
		cfg := testConfig(uint64(40+players), st)
		cfg.NewBot = randomTableBots
		cfg.Setup.Options.Players = players
		cfg.Setup.Options.Shlomo = true
		w, h := kit.TableMinSize(players)
		hs := newHarness(t, cfg, w, h)
		hs.press("enter") // the setup starts the game
		if hs.name() != "table" {
			t.Fatalf("%d players: the setup's start went to %q:\n%s", players, hs.name(), hs.screen())
		}
		playTableByKeys(t, hs)
		s := hs.screen()
		checkSize(t, s, w, h)
		if !strings.Contains(s, "Deal 1 is over") {
			t.Fatalf("%d players: no result:\n%s", players, s)
		}
		l := st.current
		if l == nil {
			t.Fatalf("%d players: nothing saved", players)
		}
		r, err := l.Replay()
		if err != nil {
			t.Fatalf("%d players: the save does not replay: %v", players, err)
		}
		if r.Players() != players || len(r.Deals) != 1 || !r.Deals[0].Done {
			t.Fatalf("%d players: the save has %d players, %d deals", players, r.Players(), len(r.Deals))
		}
		hs.press("enter")
		if !strings.Contains(hs.screen(), "Deal 2") {
			t.Errorf("%d players: enter on the result does not deal deal 2:\n%s", players, hs.screen())
		}
	}
}

// TestMonkeyTables is the monkey test on klob play with three and four
// players (the setup, the table, results, next deals,
// quitting and resuming from the same store): random keys, clicks and
// window sizes never panic, every frame is the window's size, and the
// game saved always replays.
func TestMonkeyTables(t *testing.T) {
	events := 8000
	if testing.Short() {
		events = 2000
	}
	for _, players := range []int{3, 4} {
		r := rand.New(rand.NewPCG(uint64(players), 2026))
		st := &memStore{}
		w, h := kit.TableMinSize(players)
		open := func() *harness {
			cfg := testConfig(r.Uint64(), st)
			cfg.NewBot = randomTableBots
			cfg.ASCII = r.IntN(4) == 0
			cfg.Setup.Options.Players = players
			cfg.Setup.Options.Target = 200
			cfg.Setup.Options.Shlomo, cfg.Setup.Options.Cleopatra = true, true
			cfg.Setup.Options.Menage, cfg.Setup.Options.DealerForced = r.IntN(2) == 0, r.IntN(2) == 0
			return newHarness(t, cfg, w, h)
		}
		hs := open()
		deals := 0
		for range events {
			var msg tea.Msg
			switch n := r.IntN(100); {
			case n < 3:
				w, h = 1+r.IntN(200), 1+r.IntN(70)
				if r.IntN(2) == 0 {
					w, h = kit.TableMinSize(players)
				}
				msg = tea.WindowSizeMsg{Width: w, Height: h}
			case n < 10:
				msg = tea.MouseClickMsg{X: r.IntN(w + 2), Y: r.IntN(h + 2), Button: tea.MouseLeft}
			default:
				msg = monkeyKey(r)
			}
			before := 0
			if l := st.current; l != nil {
				before = len(l.Deals)
			}
			hs.send(msg)
			checkSize(t, hs.app.render(), w, h)
			if l := st.current; l != nil {
				rp, err := l.Replay()
				if err != nil {
					t.Fatalf("%d players: the save does not replay: %v", players, err)
				}
				if len(l.Deals) > before && before > 0 && rp.Deals[before-1].Done {
					deals++
				}
			}
			if hs.quit {
				hs = open()
			}
		}
		t.Logf("%d players: %d events, %d deals finished", players, events, deals)
		if deals == 0 {
			t.Errorf("%d players: the monkey finished no deal", players)
		}
	}
}

// TestResumeTable: a saved game of four is offered for what it is (the
// seats, the teams' score) and resumes on the table of four.
func TestResumeTable(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(44, st)
	cfg.NewBot = randomTableBots
	cfg.Setup.Options.Players = 4
	hs := newHarness(t, cfg, 100, 30)
	hs.press("enter") // the setup starts the table
	playTableByKeys(t, hs)
	hs.press("enter") // deal 2
	cfg.Setup.Options.Players = 2
	hs = newHarness(t, cfg, 100, 30)
	s := hs.screen()
	golden(t, "resume-table-4", s)
	for _, want := range []string{"Klaberjass for four", "With your partner North (normal), against West (normal), East (normal)", "1 deal played: your team"} {
		if !strings.Contains(s, want) {
			t.Errorf("the offer lacks %q:\n%s", want, s)
		}
	}
	hs.press("r")
	if tb, ok := hs.app.screen.(*table34); !ok || tb.game.Players() != 4 || !strings.Contains(hs.screen(), "Deal 2") {
		t.Errorf("r did not resume the game of four at deal 2:\n%s", hs.screen())
	}
}

// TestPlayTableUndo: u at a table of three or four takes back the
// person's last decision (the bots' moves after it too): the same
// decision is asked again, the log counts the takeback and still
// replays; with nothing to take back u says so.
func TestPlayTableUndo(t *testing.T) {
	for _, players := range []int{3, 4} {
		st := &memStore{}
		cfg := testConfig(uint64(60+players), st)
		cfg.NewBot = randomTableBots
		cfg.Setup.Options.Players = players
		w, h := kit.TableMinSize(players)
		hs := newHarness(t, cfg, w, h)
		hs.press("enter") // the setup starts the table
		tb, ok := hs.app.screen.(*table34)
		if !ok {
			t.Fatalf("%d players: on %q, not the table", players, hs.name())
		}
		hs.press("u")
		if s := hs.screen(); !strings.Contains(s, "Nothing to take back") {
			t.Fatalf("%d players: u before any decision:\n%s", players, s)
		}
		if !tb.myTurn() {
			t.Fatalf("%d players: the person is not asked first", players)
		}
		before := tb.game.View(tb.me)
		steps := len(before.History())
		hs.press("1") // the first word offered
		if now := tb.game.View(tb.me); len(now.History()) <= steps {
			t.Fatalf("%d players: the word was not taken", players)
		}
		hs.press("u")
		after := tb.game.View(tb.me)
		if len(after.History()) != steps || after.Turn != tb.me || !strings.Contains(hs.screen(), "Taken back") {
			t.Fatalf("%d players: after u: %d steps (want %d), turn %v:\n%s", players, len(after.History()), steps, after.Turn, hs.screen())
		}
		r, err := st.current.Replay()
		if err != nil {
			t.Fatalf("%d players: the save after a takeback does not replay: %v", players, err)
		}
		got := ""
		for _, tag := range r.Header.Extra {
			if tag.Name == session.TakebacksTag {
				got = tag.Value
			}
		}
		if got != "1" {
			t.Errorf("%d players: Takebacks tag %q, want 1", players, got)
		}
		playTableByKeys(t, hs) // the deal still plays to its end
	}
}
