package table

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// hintAnnounce is a fixture whose hint (fakeHint's figures) makes its
// best the card that may carry an announcement of n points (0: bella,
// 50: menage), played with it when say, else quietly.
func hintAnnounce(n int, say bool) fixtureOpt {
	return func(hc *host.Config, _ *Config) {
		hc.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			ev, err := fakeHint(ctx, v, seed)
			card := announceCard(v, n)
			for i, r := range ev.Results {
				if r.Action.Kind == rules.PlayCard && r.Action.Card == card && r.Action.Bella == say && (!say || int(r.Action.N) == n) {
					ev.Best = i
				}
			}
			return ev, err
		}
	}
}

// announceCard is the card v's seat may play with an announcement of n
// points (0: bella, 50: menage), rules.NoCard when none.
func announceCard(v *rules.View, n int) rules.Card {
	for _, a := range v.Legal() {
		if a.Kind == rules.PlayCard && a.Bella && int(a.N) == n {
			return a.Card
		}
	}
	return rules.NoCard
}

// announcing reaches the person's card that may carry an announcement
// of n points (0: bella, 50: menage), and returns it.
func announcing(t *testing.T, f *fixture, n int) rules.Card {
	t.Helper()
	f.until("a card with an announcement", func(s host.Snapshot) bool {
		return s.Can.Act && s.View.Phase == rules.PhasePlay && hasBella(s.View.Legal(), n)
	}, true)
	f.refresh()
	sn := f.snap()
	for _, a := range sn.View.Legal() {
		if a.Kind == rules.PlayCard && a.Bella && int(a.N) == n {
			return a.Card
		}
	}
	t.Fatal("no card carries the announcement")
	return rules.NoCard
}

// played is the person's last step of the deal shown.
func played(t *testing.T, f *fixture) rules.Action {
	t.Helper()
	sn := f.settle()
	h := sn.View.History()
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Seat == rules.SeatA {
			return h[i].Action
		}
	}
	t.Fatal("the person made no step")
	return rules.Action{}
}

// menageSeeds deal the person, the menage on, a card that may carry
// the menage (playing the fixture's way).
var menageSeeds = map[int]uint64{2: 7, 3: 2, 4: 6}

// menageRules switches the menage on.
func menageRules(hc *host.Config, _ *Config) { hc.Options.Menage = true }

// TestQuestionFollowsHint: with the hint shown for the decision, enter
// on the card the hint's cursor points at opens the bella question (and
// the menage's "Announce?") on the hint's answer, so that a second
// enter plays what the hint said: quietly when it said the card alone,
// with the announcement when it said so. With no hint shown the
// question starts on the announcement, as before. At every seat count.
func TestQuestionFollowsHint(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	type tc struct {
		name   string
		n      int
		seed   uint64
		hint   bool // H pressed before enter
		say    bool // the hint's best says the announcement
		prompt string
		opts   []fixtureOpt
	}
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cases := []tc{
			{"hint quiet", 0, bellaSeeds[players], true, false, "Bella?", nil},
			{"hint bella", 0, bellaSeeds[players], true, true, "Bella?", nil},
			{"no hint", 0, bellaSeeds[players], false, false, "Bella?", nil},
		}
		seed := menageSeeds[players]
		cases = append(cases,
			tc{"menage hint quiet", 50, seed, true, false, "Announce?", []fixtureOpt{menageRules}},
			tc{"menage hint says", 50, seed, true, true, "Announce?", []fixtureOpt{menageRules}},
			tc{"menage no hint", 50, seed, false, false, "Announce?", []fixtureOpt{menageRules}})
		for _, c := range cases {
			f := newFixture(t, players, c.seed, 80, 24, append(c.opts, gated(), hintAnnounce(c.n, c.say))...)
			card := announcing(t, f, c.n)
			if c.hint {
				f.hs.Press("H")
				if !strings.Contains(f.text(), "Hint: the hard bot would") || f.s.hand()[f.s.Cursor] != card {
					t.Fatalf("%s: no hint, or its cursor is not on %v:\n%s", c.name, card, f.text())
				}
			} else {
				f.s.Cursor = slices.Index(f.s.hand(), card)
			}
			f.hs.Press("enter")
			text := f.text()
			answer := "▶[b]"
			if c.hint && !c.say {
				answer = "▶[n]"
			}
			if f.s.Bella != card || !strings.Contains(text, c.prompt) || !strings.Contains(text, answer) {
				t.Fatalf("%s: enter did not open the question on %s:\n%s", c.name, answer, text)
			}
			f.hs.Press("enter")
			got := played(t, f)
			if got.Card != card || got.Bella != (answer == "▶[b]") {
				t.Fatalf("%s: the second enter played %v, the question's %s", c.name, got, answer)
			}
		}
	})
}

// TestQuestionTakesHint: H at the bella question shows the hint for
// the decision, as at the card choice, and the question's answer goes
// to the hint's; its key line offers H, and while the hint is open esc
// closes it (the line says so and no longer offers esc for another
// card), the question staying open. At every seat count.
func TestQuestionTakesHint(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, bellaSeeds[n], 80, 24, gated(), hintAnnounce(0, false))
		card := announcing(t, f, 0)
		f.hs.Press(string(rune('1' + slices.Index(f.s.hand(), card))))
		keys := func() string {
			lines := strings.Split(f.text(), "\n")
			return lines[len(lines)-1]
		}
		if f.s.Bella != card || !strings.Contains(f.text(), "▶[b]") || !strings.Contains(keys(), "H hint") {
			t.Fatalf("no bella question on [b], or its key line offers no H:\n%s", f.text())
		}
		f.hs.Press("H")
		switch text := f.text(); {
		case !strings.Contains(text, "Hint: the hard bot would") || f.s.Bella != card:
			t.Fatalf("H at the bella question shows no hint, or closes the question:\n%s", text)
		case !strings.Contains(text, "▶[n]"):
			t.Fatalf("the hint said the card alone, but the question is not on [n]:\n%s", text)
		case strings.Contains(keys(), "esc another card") || !strings.Contains(keys(), "H or esc close the hint"):
			t.Fatalf("the open hint's key line does not say esc closes it:\n%s", text)
		}
		f.hs.Press("esc")
		if f.s.hintOpen() || f.s.Bella != card || !strings.Contains(keys(), "esc another card") {
			t.Fatalf("esc did not close the hint alone:\n%s", f.text())
		}
		f.hs.Press("enter")
		if got := played(t, f); got.Card != card || got.Bella {
			t.Fatalf("enter played %v, not %v quietly", got, card)
		}
	})
}
