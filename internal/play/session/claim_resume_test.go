package session

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestClaimSurvivesResume: a game saved while the cards of an accepted
// claim are being played, and resumed, goes on playing them for the
// claimer's side (the person is not asked to play them again, nor to
// claim again), at every seat count; a takeback forgets the claim.
func TestClaimSurvivesResume(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		r := rand.New(rand.NewPCG(3, 5))
		for game := 0; game < 60; game++ {
			c := config(uint64(200+game), person)
			c.Options.Players = n
			for range n - 1 {
				c.Players = append(c.Players, bot)
			}
			s, err := New(c)
			noErr(t, err)
			for i := 0; !s.Game().Over() && i < 5000; i++ {
				seat, ok := s.ToMove()
				if !ok || seat != rules.SeatA || s.Game().Deal().Phase() != rules.PhasePlay ||
					rules.TricksPerDeal(n)-int(s.Game().Deal().Play().Tricks) < 3 {
					playRandom(t, s, r)
					continue
				}
				vd, err := s.Claim(rules.SeatA)
				noErr(t, err)
				if !vd.OK || !s.Claimed(rules.SeatA) {
					playRandom(t, s, r)
					continue
				}
				back, err := Resume(s.Log(), Config{Seed: c.Seed, NewBot: testkit.RandomBots})
				noErr(t, err)
				if !back.Claimed(rules.SeatA) {
					t.Fatal("the resumed game forgot the claim")
				}
				if got, want := back.count(ClaimsTag), s.count(ClaimsTag); got != want {
					t.Fatalf("the resumed game counts %d claims, want %d", got, want)
				}
				side := back.Game().SideOf(rules.SeatA)
				sideTricks := func(tricks func(rules.Seat) int) int {
					sum := 0
					for o := range rules.Seat(n) {
						if back.Game().SideOf(o) == side {
							sum += tricks(o)
						}
					}
					return sum
				}
				play := back.Game().Deal().Play()
				before := sideTricks(func(o rules.Seat) int { return int(play.Won[o]) })
				left := rules.TricksPerDeal(n) - int(play.Tricks)
				deal := back.Game().DealNo()
				for back.Game().DealNo() == deal && !back.Game().NeedDeal() && !back.Game().Over() {
					noErr(t, back.Advance()) // plays the claimed side's cards
					if seat, ok := back.ToMove(); ok && back.Human(seat) && back.Game().SideOf(seat) == side {
						t.Fatal("the resumed game asks the claimer's side to play")
					}
					playRandom(t, back, r)
				}
				recs := back.Game().Records()
				sc := recs[len(recs)-1].Score
				if got := sideTricks(func(o rules.Seat) int { return sc.Tricks[o] }); got != before+left {
					t.Fatalf("the claimer's side took %d tricks, want %d", got, before+left)
				}
				// A takeback of the decision before the claim forgets it.
				again, err := Resume(s.Log(), Config{Seed: c.Seed, NewBot: testkit.RandomBots})
				noErr(t, err)
				noErr(t, again.Undo(rules.SeatA))
				if again.Claimed(rules.SeatA) || again.header.Tag(ClaimedTag) != "" {
					t.Fatal("a takeback left the claim standing")
				}
				return
			}
		}
		t.Fatal("no game gave a good claim with three tricks left")
	})
}
