package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestRefusedLineOutlastsMoves: why a line of talk was refused stays on
// the screen while the bots move, whether the box stays open (a line
// refused by the talk) or closes (a line the quiet of a rated deal kept
// back), until the person presses a key; the move after that key takes
// it. So does a note held by the screen's owner (HoldNote: a board dealt
// again). At every seat count.
func TestRefusedLineOutlastsMoves(t *testing.T) {
	for _, c := range []struct {
		name, said  string
		quiet, hold bool // hold: a note the screen's owner holds (HoldNote), no line typed
	}{{"refused", "Slow down: wait 2 s.", false, false}, {"quiet", "Not sent: at a rated table nobody talks", true, false},
		{"held", "The board is dealt again from its start.", true, true}} {
		t.Run(c.name, func(t *testing.T) {
			kittest.ForCounts(t, func(t *testing.T, n int) {
				q := &hushTalk{hush: c.quiet}
				if !c.quiet {
					q.refuse = errors.New("slow down: wait 2 s")
				}
				f := newFixture(t, n, seeds[n], 80, 24, gated(), func(_ *host.Config, cf *Config) { cf.Talk = q })
				// To a bot's turn, with more of them to come.
				botsToCome := func() bool {
					s := f.snap()
					return s.Thinking != rules.NoSeat && !s.Between && !s.Over
				}
				for range 500 {
					if botsToCome() {
						break
					}
					f.step(true)
				}
				if !botsToCome() {
					t.Fatalf("%d players: no bot's turn:\n%s", n, f.text())
				}
				if c.hold {
					f.s.HoldNote(c.said, true)
				} else {
					f.hs.Press("/")
					for _, k := range "psst" {
						f.hs.Press(string(k))
					}
					f.hs.Press("enter")
				}
				if !strings.Contains(kittest.Flat(f.text()), c.said) {
					t.Fatalf("%d players: the refusal is not said:\n%s", n, f.text())
				}
				gen := f.snap().Gen
				for botsToCome() {
					f.release()
					f.refresh()
					if !strings.Contains(kittest.Flat(f.text()), c.said) {
						t.Fatalf("%d players: a bot's move took the refusal away:\n%s", n, f.text())
					}
				}
				if f.snap().Gen == gen {
					t.Fatalf("%d players: no bot moved", n)
				}
				if !c.quiet {
					return // the box is open: its keys are tested with it
				}
				f.hs.Press("v") // the trick list, and back
				f.hs.Press("v")
				if f.snap().Can.Act {
					f.step(true)
				}
				if strings.Contains(kittest.Flat(f.text()), c.said) {
					t.Errorf("%d players: the refusal stays after a key and a move:\n%s", n, f.text())
				}
			})
		})
	}
}
