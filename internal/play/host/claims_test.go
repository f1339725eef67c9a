package host

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
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
				s := await(t, d.p, "a decision", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready || s.Over })
				if s.Over {
					break
				}
				if !s.Can.Claim || s.View.Counts[0] > 3 {
					if _, err := d.step(s); err != nil {
						t.Fatal(err)
					}
					continue
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
