package replay

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBoardReplay: the replay of a duplicate board played out (one deal,
// the rules' game with no winner) names the board, is not sealed
// though a person played it, analyses it, and its end shows the result
// with no game totals and no "the log stops here".
func TestBoardReplay(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		o.Players = n
		set, err := duplicate.NewSet(duplicate.Spec{Seed: duplicate.Seed{9, uint64(n)}, Count: 1, Options: o, Level: ai.Normal})
		if err != nil {
			t.Fatal(err)
		}
		b := set.Boards[0]
		d := b.Deal(o)
		r := rand.New(rand.NewPCG(1, uint64(n)))
		for s := d.Turn(); s != rules.NoSeat; s = d.Turn() {
			l := d.Legal()
			if err := d.ApplyAs(s, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		l, err := set.BoardLog(b, d.Steps(), [4]string{"Ann", "West", "North", "East"},
			[4]string{gamelog.Human, "normal", "normal", "normal"})
		if err != nil {
			t.Fatal(err)
		}
		rp, err := l.Replay()
		if err != nil {
			t.Fatal(err)
		}
		s := New(rp, "board", Config{Board: "Board 1 of 8", Analyse: true, Analyze: fakeAnalyze}, nil)
		hs := kittest.New(t, s, 80, 24, false)
		if s.sealed {
			t.Fatal("a board played out is sealed")
		}
		// Quitting asks about no log: a board's player never saw one.
		if q := s.QuitQuestion(); strings.Contains(q, "log") {
			t.Errorf("a board's replay asks about a log: %q", q)
		}
		// The board in the line's lower case, as "deal 3 of 9" there.
		if txt := hs.Text(); !strings.Contains(txt, "Replay · board 1 of 8 · step 0 of") {
			t.Errorf("the replay does not name the board:\n%s", txt)
		}
		// Its one deal is the board, not "Deal 1", and there is no
		// other deal to step or go to.
		hs.Press("g")
		txt := hs.Text()
		for _, not := range []string{"Deal 1", "n/p deal", "go to", "Go to deal", "deal/game"} {
			if strings.Contains(txt, not) {
				t.Errorf("%d players: the board's start says %q:\n%s", n, not, txt)
			}
		}
		if !strings.Contains(txt, "The board as dealt: ") {
			t.Errorf("%d players: the board's start:\n%s", n, txt)
		}
		hs.Press("end")
		txt = hs.Text()
		for _, want := range []string{"Board 1 of 8 is over", "Points lost: "} {
			if !strings.Contains(txt, want) {
				t.Errorf("%d players: the end lacks %q:\n%s", n, want, txt)
			}
		}
		for _, not := range []string{"stops here", "game to", "won the game"} {
			if strings.Contains(txt, not) {
				t.Errorf("%d players: the end says %q:\n%s", n, not, txt)
			}
		}
		// At opens it at a step of the deal (the last, at most).
		k := min(5, len(rp.Deals[0].Steps))
		at := New(rp, "board", Config{Board: "Board 1 of 8", At: 5, Analyze: fakeAnalyze}, nil)
		if txt := kittest.New(t, at, 80, 24, false).Text(); !strings.Contains(txt, fmt.Sprintf("step %d of", k)) {
			t.Errorf("%d players: At 5 opens elsewhere:\n%s", n, txt)
		}
	}
}
