package table

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// During the sequence dialogue the line over the table says where it
// stands and whose word it is, never a bare "Sequences", at every seat
// count; once a claim stands it names the claimant and its value.
func TestSequencesTitleSays(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		sawClaim := false
		for seed := uint64(1); seed < 100 && !sawClaim; seed++ {
			f := newFixture(t, n, seed, 80, 24, gated())
			inDialogue := func(s host.Snapshot) bool { return s.View.Phase == rules.PhaseSequences }
			if !f.reach(inDialogue, true) {
				continue
			}
			for range 40 {
				s := f.snap()
				if s.View.Phase != rules.PhaseSequences {
					break
				}
				title := ""
				for _, l := range strings.Split(ansi.Strip(f.text()), "\n") {
					if strings.HasPrefix(l, " Sequences") && !strings.HasPrefix(l, " Sequences (") {
						title = strings.TrimSpace(strings.Split(l, "│")[0])
					}
				}
				if title == "" || title == "Sequences" {
					t.Fatalf("seed %d: the dialogue's line says %q:\n%s", seed, title, f.text())
				}
				sc := f.s.scene()
				if who, value, _, _ := s.View.Claim(); who != rules.NoSeat {
					want := sc.Verb(who, "claim") + " " + strconv.Itoa(value)
					if !strings.Contains(title, want) {
						t.Fatalf("seed %d: %q does not say %q:\n%s", seed, title, want, f.text())
					}
					sawClaim = true
				}
				if s.Thinking != rules.NoSeat {
					f.release()
					f.refresh()
					continue
				}
				f.step(true)
			}
		}
		if !sawClaim {
			t.Fatal("no seed up to 100 showed a claim in the dialogue")
		}
	})
}

// At four players in 80×24 the line over the table has room for one
// row: who holds the sequences stays on it (before the upcard, which
// the bids panel says too), with the person as maker or another, with
// long names, with cards drawn in Unicode and in ASCII.
func TestSequencesShownInShortWindow(t *testing.T) {
	long := named("alexandra_of_the_north_x", "alexander_of_the_south_y", "Bot D")
	seen := map[bool]bool{} // by whether the person is the maker
	for seed := uint64(1); seed <= 40 && len(seen) < 2; seed++ {
		for _, opts := range [][]fixtureOpt{nil, {long}} {
			for _, ascii := range []bool{false, true} {
				f := newFixture(t, 4, seed, 80, 24, opts...)
				f.hs.Ctx.ASCII = ascii
				held := func(s host.Snapshot) bool {
					return myCard(s) && s.View.SeqWinner != rules.NoSeat
				}
				if !f.reach(held, seed%2 == 0) {
					continue
				}
				f.refresh()
				text := f.text()
				if ascii {
					text = kit.ASCIIText(text)
				}
				if !strings.Contains(text, "equences: ") {
					t.Errorf("seed %d, ascii %v: the screen does not say who holds the sequences:\n%s", seed, ascii, text)
				}
				seen[f.snap().View.Maker == f.snap().Seat] = true
			}
		}
	}
	if len(seen) < 2 {
		t.Fatalf("no game with the sequences held at both makers: %v", seen)
	}
}

// Once the sequence dialogue is settled, the row under the hand marks
// the person's sequences only where they score: the person's side
// holds the right. A sequence that lost the dialogue (or was kept
// quiet with "no sequence") has no mark in the first trick, at every
// seat count; one that won keeps its mark.
func TestSequenceMarkOnlyWhereItScores(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		lost, won := 0, 0
		for seed := uint64(1); seed <= 40 && (lost < 2 || won < 2); seed++ {
			f := newFixture(t, n, seed, 80, 24)
			for range 3000 {
				s := f.snap()
				if s.Over {
					break
				}
				v := &s.View
				if s.Can.Act && v.Phase == rules.PhasePlay && f.s.Bella == rules.NoCard &&
					v.Played[v.Seat] == 0 && len(rules.Melds(v.Hand, v.Trump, v.Options)) > 0 {
					scores := v.SeqWinner != rules.NoSeat && rules.SideOfSeat(n, v.SeqWinner) == rules.SideOfSeat(n, v.Seat)
					if scores {
						won++
					} else {
						lost++
					}
					if got := seqMarked(f.text()); got != scores {
						t.Fatalf("seed %d: right to %v, a sequence marked %v, want %v:\n%s", seed, v.SeqWinner, got, scores, f.text())
					}
				}
				f.step(seed%2 == 0)
			}
		}
		if lost == 0 || won == 0 {
			t.Fatalf("sequences held that lost %d times, that won %d", lost, won)
		}
	})
}

// seqMarked reports whether the row under the hand in the card play
// marks a sequence: a value ("20", "50+bella") on the row over the
// cards' numbers (a card's own rank is never on that row).
func seqMarked(screen string) bool {
	lines := strings.Split(screen, "\n")
	for i := 1; i < len(lines); i++ {
		left := strings.Split(lines[i], "│")[0]
		if fs := strings.Fields(left); len(fs) > 2 && fs[0] == "1" && fs[1] == "2" {
			row := strings.Split(lines[i-1], "│")
			return strings.ContainsAny(strings.Join(row[:len(row)-1], "│"), "0123456789")
		}
	}
	return false
}
