package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// inProgress reads a save of a game in progress with seat A made the
// person, as klob play writes it.
func inProgress(t *testing.T, name string) *gamelog.Replay {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(replayGames, "saves", name))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), `[LevelA "random"]`, `[LevelA "human"]`, 1)
	l, err := gamelog.Parse(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r, err := l.Replay()
	if err != nil || r.Over {
		t.Fatalf("%s: %v (over %v): want a game in progress", name, err, r.Over)
	}
	return r
}

// A game in progress replays only from the person's seat: whatever keys
// are pressed (hands, analysis, every position), the bot's hand is never
// drawn and no analysis runs (issue 14: the replay of the game in
// progress showed the bot's hand face up). A finished game opens both.
func TestReplayInProgressIsSealed(t *testing.T) {
	for _, name := range []string{"in-trick.klob", "in-play.klob", "in-dix.klob", "in-dialogue.klob"} {
		r := inProgress(t, name)
		hs := newReplayHarness(t, r, name, ReplayConfig{Analyse: true, ASCII: true}, 100, 30)
		s := hs.replay()
		check := func(after string) {
			t.Helper()
			if s.open(rules.SeatB) || !s.open(rules.SeatA) || s.state != analysisNone {
				t.Fatalf("%s after %s: bot's hand open %v, own open %v, analysis %v", name, after, s.open(rules.SeatB), s.open(rules.SeatA), s.state)
			}
			d := r.Deals[s.pos.deal].At(s.pos.n)
			if n := d.Hand(rules.SeatB).Count(); n > 0 && !strings.Contains(hs.screen(), "hidden") {
				t.Fatalf("%s after %s: the bot's %d cards are not shown hidden:\n%s", name, after, n, hs.screen())
			}
		}
		check("opening")
		for _, k := range []string{"o", "a", "o", "o", "end", "o", "a", "home", "right", "o", "n", "p", "down", "o", "a"} {
			hs.press(k)
			check(k)
		}
		if !strings.Contains(hs.screen(), "your cards only") {
			t.Errorf("%s: the screen does not say why the bot's cards are hidden:\n%s", name, hs.screen())
		}
	}
	done := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	hs := newReplayHarness(t, done, "09-tie.klob", ReplayConfig{}, 100, 30)
	if s := hs.replay(); s.sealed || !s.open(rules.SeatA) || !s.open(rules.SeatB) {
		t.Errorf("a finished game: sealed %v, hands open %v %v; want both open", s.sealed, s.open(rules.SeatA), s.open(rules.SeatB))
	}
}

// The go-to prompt takes as many digits as the last deal's number has
// (issue 14: at most 4, though a game may have more deals).
func TestReplayGoToDigits(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	many := *r
	for len(many.Deals) < 10004 {
		many.Deals = append(many.Deals, r.Deals...)
	}
	many.Deals = many.Deals[:10004]
	s := newReplayScreen(&many, "many", ReplayConfig{}, nil)
	hs := newReplayHarness(t, r, "x", ReplayConfig{}, 80, 24)
	hs.app.screen = s
	hs.press("g", "1", "0", "0", "0", "3", "9", "enter")
	if s.pos.deal != 10002 {
		t.Errorf("g 10003 enter: at deal %d, want 10003", s.pos.deal+1)
	}
	hs.press("g", "1", "2", "3", "enter")
	if s.pos.deal != 122 {
		t.Errorf("g 123 enter: at deal %d, want 123", s.pos.deal+1)
	}
}

// A finished game left as the save (a crash before it was filed) is not
// called a game in progress on the resume screen (issue 14), and an
// unreadable save is said to be left in place.
func TestResumeScreenWording(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(replayGames, "09-tie.klob"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := gamelog.Parse("tie", []byte(strings.Replace(string(b), `[LevelA "random"]`, `[LevelA "human"]`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, testConfig(dealSeed, &memStore{current: l}), 100, 24)
	scr := hs.screen()
	if hs.name() != "resume" || strings.Contains(scr, "in progress") || !strings.Contains(scr, "Your last game is over") || !strings.Contains(scr, "see how it ended") {
		t.Errorf("a finished save offered as:\n%s", scr)
	}
	unreadable := &store.UnreadableError{Path: "/state/klob/current.klob", Err: errors.New("permission denied")}
	hs = newHarness(t, testConfig(dealSeed, &memStore{loadErr: unreadable}), 100, 24)
	scr = hs.screen()
	if !strings.Contains(scr, "permission denied") || !strings.Contains(scr, "left as it is at /state/klob/current.klob") {
		t.Errorf("an unreadable save shown as:\n%s", scr)
	}
}

// A practice game (the player chose the seed) is marked so in the
// history list (issue 14).
func TestHistoryPracticeMark(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, "09-tie.klob"))
	h := r.Header
	h.Levels[0] = gamelog.Human
	s := newHistoryScreen(emptySource{}, ReplayConfig{})
	ctx := kit.NewContext(false)
	plain := historyRow{path: "a.klob", entry: store.Entry{Header: h, Deals: 3, Over: true, Winner: 0}}
	h.SetPractice()
	practice := historyRow{path: "b.klob", entry: store.Entry{Header: h, Deals: 3, Over: true, Winner: 0}}
	if got := s.rowLine(&ctx, &plain, 100); strings.Contains(got, "practice") || !strings.Contains(got, "won") {
		t.Errorf("a game with a drawn seed: %q", got)
	}
	if got := s.rowLine(&ctx, &practice, 100); !strings.Contains(got, "won, practice") {
		t.Errorf("a practice game: %q, want it marked", got)
	}
}
