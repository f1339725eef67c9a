package host

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestNoTakebackAcrossClaim: once a person's claim is accepted, the
// seat is offered no takeback (Can.Undo, which the table asks before
// it shows u) to the claim's deal's end, and one asked for is refused
// as the session refuses it: a claim cannot be taken back. At every
// seat count.
func TestNoTakebackAcrossClaim(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for game := 0; game < 30; game++ {
			cfg := config(n, uint64(700+game), nil, clocktest.New(t0), 0)
			h := newHost(t, cfg)
			d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(uint64(game), 2))}
			for {
				_, ok := d.lateClaim(t)
				if !ok {
					break
				}
				if err := d.p.Claim(); err != nil {
					t.Fatal(err)
				}
				c := await(t, d.p, "the verdict", func(x Snapshot) bool { return x.Claim == nil || !x.Claim.Pending })
				if c.Claim == nil || c.Claim.Err != nil || !c.Claim.Verdict.OK {
					if _, err := d.step(c); err != nil {
						t.Fatal(err)
					}
					continue
				}
				end := await(t, d.p, "the deal's end", func(x Snapshot) bool { return x.Between || x.Over })
				if end.Over {
					break
				}
				if end.Can.Undo {
					t.Fatal("a takeback across the claim is offered")
				}
				if err := d.p.Undo(); !errors.Is(err, session.ErrClaimStands) {
					t.Fatalf("a takeback across the claim: %v, want session.ErrClaimStands", err)
				}
				h.Close()
				return
			}
			h.Close()
		}
		t.Fatal("no game gave a good claim before its end")
	})
}

// stepSession moves a session on by a step: a deal, the session's own
// moves, a bot's move, or a random legal action of the person.
func stepSession(t *testing.T, s *session.Session, r *rand.Rand) {
	t.Helper()
	if s.Game().NeedDeal() {
		noErr(t, s.StartDeal())
		return
	}
	noErr(t, s.Advance())
	if th, ok := s.Think(); ok {
		a, err := th.Think(context.Background())
		noErr(t, s.BotMove(th, a, err))
		return
	}
	if seat, ok := s.ToMove(); ok {
		v := s.View(seat)
		legal := v.Legal()
		noErr(t, s.Apply(seat, legal[r.IntN(len(legal))]))
	}
}

func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// claimedLogs plays games of cfg (the person at A) until A's claim with
// three tricks or more left is accepted, and returns the log saved right
// after it (the claim's first cards played), the log saved after the
// claim's deal, the claim's deal and step, and the tricks left when it
// came (the trick begun counted).
func claimedLogs(t *testing.T, cfg Game) (now, after *gamelog.Log, deal, step, left int) {
	t.Helper()
	n := cfg.Options.NumPlayers()
	r := rand.New(rand.NewPCG(9, uint64(n)))
	for game := 0; game < 60; game++ {
		cfg.Seed = uint64(600 + game)
		s, err := session.New(cfg)
		noErr(t, err)
		for i := 0; !s.Game().Over() && i < 5000; i++ {
			seat, ok := s.ToMove()
			if !ok || seat != rules.SeatA || s.Game().Deal().Phase() != rules.PhasePlay ||
				rules.TricksPerDeal(n)-int(s.Game().Deal().Play().Tricks) < 3 {
				stepSession(t, s, r)
				continue
			}
			deal, step = s.Game().DealNo(), len(s.Game().Deal().Steps())
			left = rules.TricksPerDeal(n) - int(s.Game().Deal().Play().Tricks)
			vd, err := s.Claim(rules.SeatA)
			noErr(t, err)
			if !vd.OK {
				stepSession(t, s, r)
				continue
			}
			now = s.Log()
			if s.Game().DealNo() != deal || s.Game().NeedDeal() || len(now.Deals[deal-1].Steps) == step {
				break // no card after the claim is still to come, or none came yet
			}
			for s.Game().DealNo() == deal && !s.Game().NeedDeal() && !s.Game().Over() {
				stepSession(t, s, r)
			}
			return now, s.Log(), deal, step, left
		}
	}
	t.Fatal("no game gave a good claim with cards played and to come")
	return
}

// TestClaimResumed: a game saved while a claim's cards are being played,
// or after the claim's deal, and resumed, shows the deal's end as the
// game not stopped does: the claimer, every card of the side from the
// claim on played for the claim (so the deal-over screen counts every
// trick from the claim's, not only those after the resume), and no
// takeback across the claim (Can.Undo false, Undo refused). At every
// seat count.
func TestClaimResumed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 0, nil, clocktest.New(t0), 0)
		now, after, deal, step, left := claimedLogs(t, cfg.Game)
		for _, l := range []*gamelog.Log{now, after} {
			h, err := Resume(l, cfg)
			noErr(t, err)
			t.Cleanup(h.Close)
			p := sit(t, h, 0)
			end := await(t, p, "the claim's deal's end", func(x Snapshot) bool { return x.Between || x.Over })
			if end.DealNo != deal || end.Claimer != rules.SeatA {
				t.Fatalf("deal %d's end reads claimer %v, want deal %d claimed by A", end.DealNo, end.Claimer, deal)
			}
			first, plays, history := -1, 0, end.View.History()
			for i, m := range end.Moves {
				side := rules.SideOfSeat(n, m.Seat) == rules.SideOfSeat(n, rules.SeatA)
				if i >= step && side && m.By != ByClaim {
					t.Fatalf("step %d of the side after the claim reads %v", i, m.By)
				}
				if history[i].Action.Kind != rules.PlayCard {
					continue
				}
				if first < 0 && m.By == ByClaim {
					first = plays / n
				}
				plays++
			}
			if got := (plays+n-1)/n - first; first < 0 || got != left {
				t.Fatalf("%d tricks read as played for the claim, want %d", got, left)
			}
			if !end.Over {
				if end.Can.Undo {
					t.Fatal("a takeback across the claim is offered")
				}
				if err := p.Undo(); !errors.Is(err, session.ErrClaimStands) {
					t.Fatalf("a takeback across the claim: %v, want session.ErrClaimStands", err)
				}
			}
			h.Close()
		}
	})
}
