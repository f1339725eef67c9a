package session

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// tableRandom is the test's table bot: a seeded random legal action. It
// checks that it is asked only with its own seat's view.
type tableRandom struct {
	r     *rand.Rand
	asked int
}

func (b *tableRandom) Level() ai.Level { return ai.Random }

func (b *tableRandom) Choose(_ context.Context, v *rules.View) (rules.Action, error) {
	b.asked++
	legal := v.Legal()
	if len(legal) == 0 {
		return rules.Action{}, errors.New("no legal action")
	}
	return legal[b.r.IntN(len(legal))], nil
}

func tableBots(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	return &tableRandom{r: rand.New(rand.NewPCG(cfg.Seed, 9))}, nil
}

// tableConfig is a game of n players with shlomo (and cleopatra with
// four) on, so chance steps and private exchanges happen.
func tableConfig(n int, seed uint64, players ...Player) Config {
	opts := rules.DefaultOptions()
	opts.Players, opts.Target = n, 150
	opts.Shlomo, opts.Cleopatra, opts.OfAKind = true, n == 4, true
	return Config{Options: opts, Seed: seed, Players: players, NewBot: tableBots, Start: start}
}

// TestTableSessionPlaysToTheEnd: a game of three and one of four, with
// people and bots, played to the end; its log replays to the game, and
// the people's forced moves are kept.
func TestTableSessionPlaysToTheEnd(t *testing.T) {
	for _, n := range []int{3, 4} {
		players := []Player{person, bot, {Name: "Cy", Human: true}, bot}[:n]
		s, err := New(tableConfig(n, 7, players...))
		if err != nil {
			t.Fatal(err)
		}
		if s.Game().Players() != n || s.Game().FirstDealer() != FirstDealerOf(7, n) {
			t.Fatalf("n %d: players %d, first dealer %s", n, s.Game().Players(), s.Game().FirstDealer())
		}
		h := s.Header()
		if h.Name(2) != "Cy" || h.Level(2) != gamelog.Human || h.Level(1) != "normal" {
			t.Fatalf("n %d: header seats %q %q", n, h.Name(2), h.Level(2))
		}
		if !playOut(t, s, 20000) {
			t.Fatalf("n %d: the game does not end", n)
		}
		text, err := s.Log().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		back, r, err := gamelog.ParseReplay("game.klob", text)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Over || r.Totals != s.Game().Totals() || back.Header.Seats() != n {
			t.Fatalf("n %d: the log replays to %v, the game is %v", n, r.Totals, s.Game().Totals())
		}
		forced := 0
		for d := range s.Game().DealNo() + 1 {
			for k := range 100 {
				if _, ok := s.Forced(d, k); ok {
					forced++
				}
			}
		}
		if forced == 0 {
			t.Errorf("n %d: no forced move kept in a whole game", n)
		}
	}
}

// byPosition chooses an action from the position alone (deal and
// step), so that a resumed game that goes on as it should makes the
// same choices.
func byPosition(s *Session, legal []rules.Action) rules.Action {
	r := rand.New(rand.NewPCG(uint64(s.Game().DealNo()), uint64(len(s.Deal().Steps()))))
	return legal[r.IntN(len(legal))]
}

// TestTableSessionResumes: a table game resumed from its log at any
// point goes on exactly as the game itself did: the same decks, and the
// same chance steps (each drawn from its own stream of the seed).
func TestTableSessionResumes(t *testing.T) {
	for _, n := range []int{3, 4} {
		players := []Player{person, person, person, person}[:n]
		// playOut plays s to the end and returns its log, and the log
		// after every step (what the host would have saved).
		playOut := func(s *Session) ([]byte, []*gamelog.Log) {
			var logs []*gamelog.Log
			for i := 0; !s.Game().Over(); i++ {
				if i > 20000 {
					t.Fatalf("n %d: the game does not end", n)
				}
				stepWith(t, s, byPosition)
				logs = append(logs, s.Log())
			}
			b, err := s.Log().MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			return b, logs
		}
		// The first seed whose game has a shlomo (a chance step).
		var full []byte
		var saves []*gamelog.Log
		seed := uint64(0)
		for ; seed < 300 && !bytes.Contains(full, []byte("chance: draw")); seed++ {
			s, err := New(tableConfig(n, seed, players...))
			if err != nil {
				t.Fatal(err)
			}
			full, saves = playOut(s)
		}
		if !bytes.Contains(full, []byte("chance: draw")) {
			t.Fatalf("n %d: no shlomo in 300 games", n)
		}
		seed--
		for _, at := range []int{1, len(saves) / 3, len(saves) / 2, len(saves) - 2} {
			saved, err := saves[at].MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			l, err := gamelog.Parse("save.klob", saved)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Resume(l, tableConfig(n, 999))
			if err != nil {
				t.Fatal(err)
			}
			if r.Seed() != seed || len(r.Players()) != n {
				t.Fatalf("n %d: resumed seed %d, %d players", n, r.Seed(), len(r.Players()))
			}
			if got, _ := playOut(r); !bytes.Equal(got, full) {
				t.Fatalf("n %d: resumed from save %d, the game went another way", n, at)
			}
		}
	}
}

// TestTableSessionChanceIsSeeded: the draws of a shlomo depend only on
// the seed, the deal and the step, so two sessions with the same seed
// and the same actions draw the same cards.
func TestTableSessionChanceIsSeeded(t *testing.T) {
	play := func(seed uint64) []byte {
		s, err := New(tableConfig(3, seed, bot, bot, bot))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3000 && !s.Game().Over(); i++ {
			step(t, s)
		}
		b, err := s.Log().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	draws := 0
	for seed := range uint64(40) {
		a, b := play(seed), play(seed)
		if !bytes.Equal(a, b) {
			t.Fatalf("two sessions of seed %d differ", seed)
		}
		draws += bytes.Count(a, []byte("chance: draw"))
	}
	if draws == 0 {
		t.Fatal("no shlomo was drawn in 40 games")
	}
	if Chance(5, 1, 3).Uint64() == Chance(5, 1, 4).Uint64() || Chance(5, 1, 3).Uint64() == Chance(5, 2, 3).Uint64() {
		t.Error("two chance steps share a stream")
	}
}

func TestTableSessionRefuses(t *testing.T) {
	if _, err := New(tableConfig(3, 1, bot, bot)); err == nil || err.Error() != "a game has 3 players, not 2" {
		t.Errorf("two players at a table of three: got %v", err)
	}
	cfg := tableConfig(4, 1, person, bot, bot, bot)
	cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return nil, errors.New("out of bots") }
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "out of bots") {
		t.Errorf("a failing bot factory: got %v", err)
	}
	// No factory: ai's bots play the bot seats.
	cfg.NewBot = nil
	s, err := New(cfg)
	require.NoError(t, err)
	for i, b := range s.bots[1:] {
		if b == nil || b.Level() != ai.Normal {
			t.Errorf("seat %d: got %v, want ai's normal bot", i+1, b)
		}
	}
	// People only need no bots.
	cfg = tableConfig(3, 1, person, person, person)
	cfg.NewBot = nil
	s, err = New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Think(); ok {
		t.Error("a table of people has a bot to think")
	}
}

// TestTableSessionResumesSaves: every recorded table save resumes, and
// a log that stops at a chance step (a shlomo declared, its card not yet
// drawn) is resumed with the card drawn, so the declarer is to move.
func TestTableSessionResumesSaves(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testkit.GamesDir(t), "tables", "saves", "*.klob"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no table saves: %v", err)
	}
	for _, f := range files {
		l, err := gamelog.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(f, "in-declarations") {
			last := &l.Deals[len(l.Deals)-1]
			draw := last.Steps[len(last.Steps)-1]
			if draw.Seat != rules.ChanceSeat {
				t.Fatalf("%s: the save does not end with the draw: %v", f, draw)
			}
			last.Steps = last.Steps[:len(last.Steps)-1]
			declarer := last.Steps[len(last.Steps)-1].Seat
			s, err := Resume(l, tableConfig(3, 1))
			if err != nil {
				t.Fatal(err)
			}
			if seat, ok := s.ToMove(); !ok || seat != declarer {
				t.Fatalf("%s resumed at the chance step: %s to move (%v), want the declarer %s", f, seat, ok, declarer)
			}
			steps := s.Deal().Steps()
			if got := steps[len(steps)-1]; got.Seat != rules.ChanceSeat || got.Action.Kind != rules.Draw {
				t.Fatalf("%s: the last step after resuming is %v, want the draw", f, got)
			}
			continue
		}
		s, err := Resume(l, tableConfig(l.Header.Seats(), 1))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !playOut(t, s, 20000) {
			t.Fatalf("%s: the game does not end", f)
		}
	}
}
