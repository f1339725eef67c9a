package duplicate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestBoardLog: a board's log, written and read back, replays to the
// deal played, its score the one the result is taken from; at every
// seat count with the house variants on.
func TestBoardLog(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := testSet(t, players, uint64(20+players), 6)
		r := rand.New(rand.NewPCG(3, uint64(players)))
		for i, d := range playAll(t, s, r) {
			b := s.Boards[i]
			names := [4]string{"Ann", "West", "North", "East"}
			levels := [4]string{gamelog.Human, "normal", "normal", "normal"}
			l, err := s.BoardLog(b, d.Steps(), names, levels)
			if err != nil {
				t.Fatal(err)
			}
			text, err := l.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			_, rp, err := gamelog.ParseReplay("board", text)
			if err != nil {
				t.Fatalf("board %d: %v\n%s", b.Number, err, text)
			}
			if len(rp.Deals) != 1 || !rp.Deals[0].Done || rp.Deals[0].Dealer != b.Dealer {
				t.Fatalf("board %d: %d deals, done %v", b.Number, len(rp.Deals), rp.Deals[0].Done)
			}
			sc := rp.Deals[0].Score
			if got, want := sc.Margin(d.SideOf(s.Seat)), Result(&d, s.Seat); got != want {
				t.Errorf("board %d: the log's result %v, the deal's %v", b.Number, got, want)
			}
			if seat, ok := rp.Header.HumanSeat(); !ok || seat != rules.SeatA {
				t.Errorf("board %d: the person's seat is lost", b.Number)
			}
		}
		d := playRandom(t, s, s.Boards[0], r)
		bad := append([]rules.Step(nil), d.Steps()...)
		bad[0].Seat = (bad[0].Seat + 1) % rules.Seat(players)
		if _, err := s.BoardLog(s.Boards[0], bad, [4]string{}, [4]string{}); err == nil || !strings.Contains(err.Error(), "board 1: action 1") {
			t.Errorf("a step out of turn: %v", err)
		}
	}
}

// TestStepsText: FormatSteps and ParseSteps read each other's text back
// on whole deals, and a bad action is named with its place.
func TestStepsText(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := testSet(t, players, uint64(40+players), 8)
		r := rand.New(rand.NewPCG(5, uint64(players)))
		for _, d := range playAll(t, s, r) {
			text := FormatSteps(d.Steps())
			back, err := ParseSteps(text, players)
			if err != nil || fmt.Sprint(back) != fmt.Sprint(d.Steps()) {
				t.Fatalf("%s\nread back %v (%v)", text, back, err)
			}
		}
	}
	for _, c := range []struct{ text, want string }{
		{"", "no actions"},
		{"A: pass, B pass", `action 2 "B pass": want SEAT: ACTION`},
		{"A: pass, D: pass", `action 2: "D" is not a seat at a table of 3 (A to C) nor chance`},
		{"A: pazz", `action 1 "pazz"`},
	} {
		if _, err := ParseSteps(c.text, 3); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestParLine: the line is the deal par is the result of.
func TestParLine(t *testing.T) {
	s := testSet(t, 3, 31, 2)
	for _, b := range s.Boards {
		l, err := s.ParLine(context.Background(), b, testkit.CheapBots)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Par(context.Background(), b, testkit.CheapBots)
		if err != nil || l.Par != p || Result(&l.Deal, s.Seat) != p || l.Board != b.Number || !l.Deal.Over() {
			t.Errorf("board %d: line %v over %v, par %v (%v)", b.Number, l.Par, l.Deal.Over(), p, err)
		}
	}
}

// FuzzParseSteps: any text is read or refused without a panic, and
// what is read is written back as it reads.
func FuzzParseSteps(f *testing.F) {
	f.Add("A: pass, B: take, A: play 7C", 2)
	f.Add("chance: draw KS, C: give 9H", 3)
	f.Add("D: play TS bella, A: announce 50", 4)
	f.Add(",,:", 3)
	f.Fuzz(func(t *testing.T, text string, players int) {
		players = 2 + (players%3+3)%3
		steps, err := ParseSteps(text, players)
		if err != nil {
			return
		}
		back, err := ParseSteps(FormatSteps(steps), players)
		if err != nil || fmt.Sprint(back) != fmt.Sprint(steps) {
			t.Fatalf("%q: read %v, written %q, read back %v (%v)", text, steps, FormatSteps(steps), back, err)
		}
	})
}
