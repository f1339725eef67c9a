package session

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// toClaim plays random games at n seats (the person at A) until the
// person's claim of the rest of a deal with at least three tricks left
// is accepted; it returns the session right after the claim (its cards
// played as far as Advance goes), the claim's deal and the tricks left
// when it came, the trick begun counted, and the step of the deal the
// claim came before. The games' seeds count up from seed.
func toClaim(t *testing.T, n int, r *rand.Rand, seed uint64) (s *Session, c Config, deal, left, step int) {
	t.Helper()
	for game := range uint64(60) {
		c = seatConfig(seed+game, n)
		var err error
		s, err = New(c)
		noErr(t, err)
		for i := 0; !s.Game().Over() && i < 5000; i++ {
			seat, ok := s.ToMove()
			if !ok || seat != rules.SeatA || s.Game().Deal().Phase() != rules.PhasePlay ||
				rules.TricksPerDeal(n)-int(s.Game().Deal().Play().Tricks) < 3 {
				playRandom(t, s, r)
				continue
			}
			deal, left = s.Game().DealNo(), rules.TricksPerDeal(n)-int(s.Game().Deal().Play().Tricks)
			step = len(s.Game().Deal().Steps())
			vd, err := s.Claim(rules.SeatA)
			noErr(t, err)
			if vd.OK && s.Claimed(rules.SeatA) {
				return s, c, deal, left, step
			}
			playRandom(t, s, r)
		}
	}
	t.Fatal("no game gave a good claim with three tricks left")
	return nil, Config{}, 0, 0, 0
}

// logText is the session's log as a file holds it.
func logText(t *testing.T, s *Session) string {
	t.Helper()
	text, err := s.Log().MarshalText()
	noErr(t, err)
	return string(text)
}

// firstLegal moves the game on by a step the same way in every session:
// the first legal action of the seat to move (stepBy).
func firstLegal(t *testing.T, s *Session) {
	t.Helper()
	stepBy(t, s, func(_ *Session, legal []rules.Action) rules.Action { return legal[0] })
}

// stepBy moves the game on by a step: a deal, the session's own moves,
// else the action choose picks among the legal ones of the seat to
// move, a bot's too.
func stepBy(t *testing.T, s *Session, choose func(*Session, []rules.Action) rules.Action) {
	t.Helper()
	if s.Game().NeedDeal() {
		noErr(t, s.StartDeal())
		return
	}
	noErr(t, s.Advance())
	if seat, ok := s.ToMove(); ok {
		v := s.View(seat)
		noErr(t, s.Apply(seat, choose(s, v.Legal())))
	}
}

// TestUndoAcrossClaim: once a claim is accepted, the person's last
// decision came before it, and a takeback is refused (MayUndo says so
// first, as the table asks before offering u): the game, its log and the
// claim being played out stay as they were, through the deal's end. A
// decision of the next deal is taken back as usual, and the log keeps
// the claim. At every seat count.
func TestUndoAcrossClaim(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		r := rand.New(rand.NewPCG(6, uint64(n)))
		s, _, deal, _, _ := toClaim(t, n, r, 500)
		claimAt, _ := s.ClaimOf(deal)
		refused := func(when string) {
			t.Helper()
			text, gen := logText(t, s), s.Gen()
			if err := s.MayUndo(rules.SeatA); !errors.Is(err, ErrClaimStands) {
				t.Fatalf("%s: MayUndo says %v, want ErrClaimStands", when, err)
			}
			if err := s.Undo(rules.SeatA); !errors.Is(err, ErrClaimStands) {
				t.Fatalf("%s: Undo: %v, want ErrClaimStands", when, err)
			}
			if logText(t, s) != text || s.Gen() != gen {
				t.Fatalf("%s: a refused takeback changed the game", when)
			}
			verifies(t, s.Log())
		}
		refused("right after the claim")
		if !s.Claimed(rules.SeatA) {
			t.Fatal("a refused takeback dropped the claim being played out")
		}
		for s.Game().DealNo() == deal && !s.Game().NeedDeal() && !s.Game().Over() {
			playRandom(t, s, r)
		}
		if s.Game().Over() {
			t.Skip("the claim ended the game")
		}
		refused("after the claim's deal")
		// The next deal's first decision of the person is theirs to take
		// back; the claim before it stays in the log.
		for i := 0; ; i++ {
			if i > 500 || s.Game().Over() {
				t.Skip("the game ended before the person decided again")
			}
			if d, _, ok := s.LastDecision(rules.SeatA); ok && d > deal {
				break
			}
			playRandom(t, s, r)
		}
		noErr(t, s.MayUndo(rules.SeatA))
		noErr(t, s.Undo(rules.SeatA))
		if got := verifies(t, s.Log()).Deals[deal-1].Claim; got == nil || *got != claimAt {
			t.Fatalf("after a takeback in the next deal the log's claim is %+v, want %+v", got, claimAt)
		}
	})
}

// claimAnswers is what the session says of the claim of deal, which the
// deal-over screen is built from: each step's forced reason, the claim,
// the claimer, whose cards are played, whether the person may take
// back, and how many tricks were played for the side (counted from the
// first card played for the claim, as the screen counts them).
func claimAnswers(s *Session, deal int) string {
	out := ""
	var steps []rules.Step
	if l := s.Log(); deal <= len(l.Deals) {
		steps = l.Deals[deal-1].Steps
	}
	first, plays := -1, 0
	for i, st := range steps {
		why, ok := s.Forced(deal, i)
		out += fmt.Sprintf("step %d: %q %v\n", i, why, ok)
		if st.Action.Kind != rules.PlayCard {
			continue
		}
		if first < 0 && ok && why == "claimed" {
			first = plays / s.Game().Players()
		}
		plays++
	}
	played := 0
	if first >= 0 {
		played = (plays+s.Game().Players()-1)/s.Game().Players() - first
	}
	c, ok := s.ClaimOf(deal)
	claimer, claiming := s.Claimer()
	out += fmt.Sprintf("claim %+v %v, claimer %s %v, played for %d tricks\n", c, ok, claimer, claiming, played)
	for seat := range rules.Seat(s.Game().Players()) {
		out += fmt.Sprintf("%s claimed %v\n", seat, s.Claimed(seat))
	}
	d, st, ok := s.LastDecision(rules.SeatA)
	out += fmt.Sprintf("last decision %d:%d %v, may undo %v\n", d, st, ok, s.MayUndo(rules.SeatA))
	return out
}

// TestClaimResumesAsUnbroken: a game saved after a claim, at any point
// of its playing out or after the deal, and resumed from the log's text
// answers of the claim as the game that was not stopped does: the cards
// played for the claim (so the deal-over screen counts every trick
// played for the side, not only those after the resume), the claimer,
// the refused takeback; and both go on alike to the deal's end, where
// every trick from the claim's on was played for the side. At every
// seat count.
func TestClaimResumesAsUnbroken(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for saveAt := 0; ; saveAt++ {
			// The same game each time (seeded), saved saveAt steps after
			// the claim.
			r := rand.New(rand.NewPCG(7, uint64(n)))
			s, c, deal, left, _ := toClaim(t, n, r, 500)
			for range saveAt {
				playRandom(t, s, r)
			}
			l, err := gamelog.Parse("claim.klob", []byte(logText(t, s)))
			noErr(t, err)
			back, err := Resume(l, Config{Seed: c.Seed, NewBot: testkit.RandomBots})
			noErr(t, err)
			if got, want := claimAnswers(back, deal), claimAnswers(s, deal); got != want {
				t.Fatalf("saved %d steps after the claim: the resumed game answers\n%s\nthe unbroken one\n%s", saveAt, got, want)
			}
			between := s.Game().DealNo() != deal || s.Game().NeedDeal() || s.Game().Over()
			// Both go on alike to the deal's end, and answer alike there.
			for _, g := range []*Session{s, back} {
				for g.Game().DealNo() == deal && !g.Game().NeedDeal() && !g.Game().Over() {
					firstLegal(t, g)
				}
			}
			got, want := claimAnswers(back, deal), claimAnswers(s, deal)
			if got != want {
				t.Fatalf("saved %d steps after the claim, at the deal's end: the resumed game answers\n%s\nthe unbroken one\n%s", saveAt, got, want)
			}
			if logText(t, back) != logText(t, s) {
				t.Fatalf("saved %d steps after the claim: the resumed game's log differs from the unbroken one's", saveAt)
			}
			if w := fmt.Sprintf("played for %d tricks", left); !strings.Contains(got, w) {
				t.Fatalf("saved %d steps after the claim, the deal's end says\n%s\nwant %s", saveAt, got, w)
			}
			if between {
				return // this save was after the deal's end
			}
		}
	})
}
