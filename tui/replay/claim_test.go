package replay

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// claimedGame is the recorded game file with a claim played out in its
// first played deal, by the winner of its last trick before that
// trick's first card, written and read back as a saved log is; the
// claimer is the person, "You". It returns the replay and the deal
// (from 0) of the claim.
func claimedGame(t *testing.T, file string) (*gamelog.Replay, int) {
	t.Helper()
	r := readGame(t, file)
	l := &gamelog.Log{Header: r.Header}
	deal := -1
	for i := range r.Deals {
		rd := &r.Deals[i]
		l.Deals = append(l.Deals, gamelog.Deal{Deck: rd.Deck, Steps: rd.Steps})
		if deal < 0 && rd.Done && rd.Ending == rules.PlayedOut {
			d := rd.At(len(rd.Steps))
			seat := d.LastTrickWinner()
			l.Deals[i].Claim = &gamelog.Claim{Seat: seat, Step: len(rd.Steps) - r.Players(), PlayedOut: true}
			for o := range rules.Seat(r.Players()) {
				if o == seat {
					l.Header.SetPlayer(o, "You", gamelog.Human)
				} else {
					l.Header.SetPlayer(o, "Bot "+o.String(), "normal")
				}
			}
			deal = i
		}
	}
	if deal < 0 {
		t.Fatalf("%s: no deal played out", file)
	}
	text, err := l.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	_, back, err := gamelog.ParseReplay(file, text)
	if err != nil {
		t.Fatal(err)
	}
	return back, deal
}

// TestReplaySaysTheClaim: at two, three and four players, the replay
// says from the point of a claim on that the person claimed the rest
// of the deal and the cards were played out, on one line that fits 80
// columns, and marks the cards played for the claim; before the claim
// and in the other deals it says nothing of one.
func TestReplaySaysTheClaim(t *testing.T) {
	const said = "You claimed the rest of the deal: the remaining cards were played out."
	for _, file := range gameOfEachCount {
		t.Run(file, func(t *testing.T) {
			r, deal := claimedGame(t, file)
			c := r.Deals[deal].Claim
			hs := kittest.New(t, New(r, "x", Config{Analyze: fakeAnalyze}, nil), 80, 24, false)
			s := replayOf(hs)
			saidAt, marked := 0, 0
			eachStep(hs, func(txt string) {
				for _, l := range strings.Split(txt, "\n") {
					if len([]rune(l)) > 80 {
						t.Fatalf("a line is wider than 80 columns: %q", l)
					}
				}
				has := strings.Contains(txt, said)
				want := s.pos.deal == deal && s.pos.n >= c.Step
				if has != want {
					t.Fatalf("deal %d step %d (claim at %d of deal %d): says the claim %v", s.pos.deal+1, s.pos.n, c.Step, deal+1, has)
				}
				if has {
					saidAt++
				}
				if strings.Contains(txt, "(played out after the claim)") {
					marked++
					if i := s.pos.n - 1; s.pos.deal != deal || !r.Deals[deal].ClaimedAt(i) {
						t.Fatalf("deal %d step %d is marked played out", s.pos.deal+1, s.pos.n)
					}
				}
			})
			ours := 0
			for i := range r.Deals[deal].Steps {
				if r.Deals[deal].ClaimedAt(i) {
					ours++
				}
			}
			if saidAt == 0 || marked != ours || ours == 0 {
				t.Fatalf("the claim said at %d steps, %d steps marked played out of %d", saidAt, marked, ours)
			}
		})
	}
}
