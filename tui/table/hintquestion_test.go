package table

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// hintElsewhere is a fixture whose hint makes another card than the one
// that may carry an announcement of n points the hard bot's choice, and
// ranks the ways to play that card below every other option: the
// announcement first when say, else the card alone.
func hintElsewhere(n int, say bool) fixtureOpt {
	return func(hc *host.Config, _ *Config) {
		hc.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			ev, err := fakeHint(ctx, v, seed)
			card := announceCard(v, n)
			ev.Best = -1
			for i := range ev.Results {
				r := &ev.Results[i]
				switch {
				case r.Action.Card != card:
					r.Mean = float64(20 + i)
					if ev.Best < 0 || r.Mean > ev.Results[ev.Best].Mean {
						ev.Best = i
					}
				case r.Action.Bella == say:
					r.Mean = -10
				default:
					r.Mean = -20
				}
				r.Win, r.Points = 0.4+r.Mean/100, r.Mean/2
			}
			if ev.Best < 0 {
				// The card asked is the only one: its best way is best.
				ev.Best = slices.IndexFunc(ev.Results, func(r eval.Result) bool { return r.Mean == -10 })
			}
			return ev, err
		}
	}
}

// TestHintAnswersQuestion: H at the bella (or menage) question answers
// that question: the headline says how to play the card asked, its rows
// come first in the table, the hard bot's own card is said after, the
// question's answer is on the hint's and the closing line says so, not
// that the cursor is on the hard bot's choice. At every seat count.
func TestHintAnswersQuestion(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		type tc struct {
			name   string
			n      int
			seed   uint64
			say    bool
			word   string
			answer string
			opts   []fixtureOpt
		}
		cases := []tc{
			{"bella", 0, bellaSeeds[players], true, "bella", "▶[b]", nil},
			{"bella quiet", 0, bellaSeeds[players], false, "bella", "▶[n]", nil},
			{"menage", 50, menageSeeds[players], true, "menage", "▶[b]", []fixtureOpt{menageRules}},
			{"menage quiet", 50, menageSeeds[players], false, "menage", "▶[n]", []fixtureOpt{menageRules}},
		}
		for _, c := range cases {
			f := newFixture(t, players, c.seed, 80, 24, append(c.opts, gated(), hintElsewhere(c.n, c.say))...)
			card := announcing(t, f, c.n)
			f.hs.Press(string(rune('1' + slices.Index(f.s.hand(), card))))
			if f.s.Bella != card {
				t.Fatalf("%s: no question on %v:\n%s", c.name, card, f.text())
			}
			f.hs.Press("H")
			text := f.text()
			name := drill.Label(rules.PlayAction(card), false)
			head := "Hint: the hard bot would play " + name + " and say " + c.word + "."
			if !c.say {
				head = "Hint: the hard bot would play " + name + " without " + c.word + "."
			}
			sn := f.snap()
			other := slices.ContainsFunc(sn.View.Legal(), func(a rules.Action) bool { return a.Card != card })
			if !strings.Contains(text, head) || other != strings.Contains(text, "Of all your cards it would rather play ") {
				t.Fatalf("%s: the hint does not answer the question (%q):\n%s", c.name, head, text)
			}
			// The first two rows of the table are the card asked's.
			lines := strings.Split(text, "\n")
			at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "option") })
			if at < 0 || at+2 >= len(lines) || !strings.Contains(lines[at+1], name) || !strings.Contains(lines[at+2], name) {
				t.Fatalf("%s: the rows of %s are not the table's first:\n%s", c.name, name, text)
			}
			if strings.Contains(text, "PgDn") && !strings.Contains(text, name+" first, then best first") {
				t.Fatalf("%s: the page's note does not say %s's rows come first:\n%s", c.name, name, text)
			}
			if !strings.Contains(text, c.answer) || f.s.Bella != card || f.s.hand()[f.s.Cursor] != card {
				t.Fatalf("%s: the question is not on the hint's answer %s:\n%s", c.name, c.answer, text)
			}
			if strings.Contains(text, "the cursor is on the hard bot's choice") || !strings.Contains(text, "the answer marked is the hard bot's") {
				t.Fatalf("%s: the closing line says what is not so:\n%s", c.name, text)
			}
		}
	})
}

// TestHintCursorLine: the hint's closing line says the cursor is on the
// hard bot's choice only while it is.
func TestHintCursorLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		f := newFixture(t, players, 116, 80, 24, gated())
		f.until("the card play", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && len(s.View.Legal()) > 1
		}, true)
		f.refresh()
		f.hs.Press("H")
		if !strings.Contains(f.text(), "the cursor is on the hard bot's choice") {
			t.Fatalf("the hint's cursor line is missing:\n%s", f.text())
		}
		sn := f.snap()
		legal := sn.View.Legal()
		hinted := f.s.hand()[f.s.Cursor]
		for _, a := range legal {
			if a.Kind == rules.PlayCard && a.Card != hinted {
				f.s.Cursor = slices.Index(f.s.hand(), a.Card)
				break
			}
		}
		if strings.Contains(f.text(), "the cursor is on the hard bot's choice") {
			t.Fatalf("the cursor left the hint's choice, but the line still says it is on it:\n%s", f.text())
		}
	})
}
