package session

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// toClaim plays random games at n seats (the person at A) until the
// person's claim of the rest of a deal with at least three tricks left
// is accepted; it returns the session right after the claim (its cards
// played as far as Advance goes), the claim's deal and the tricks left
// when it came, the trick begun counted.
func toClaim(t *testing.T, n int, r *rand.Rand) (s *Session, c Config, deal, left int) {
	t.Helper()
	for game := 0; game < 60; game++ {
		c = seatConfig(uint64(500+game), n)
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
			vd, err := s.Claim(rules.SeatA)
			noErr(t, err)
			if vd.OK {
				return s, c, deal, left
			}
			playRandom(t, s, r)
		}
	}
	t.Fatal("no game gave a good claim with three tricks left")
	return nil, Config{}, 0, 0
}

// logText is the session's log as a file holds it.
func logText(t *testing.T, s *Session) string {
	t.Helper()
	text, err := s.Log().MarshalText()
	noErr(t, err)
	return string(text)
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
		s, _, deal, _ := toClaim(t, n, r)
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
