package host

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// sideTricks counts the tricks the side of seat won in v.
func sideTricks(v *rules.View, seat rules.Seat) int {
	n, side := 0, rules.SideOfSeat(v.Players, seat)
	for s := range v.Players {
		if rules.SideOfSeat(v.Players, rules.Seat(s)) == side {
			n += v.Tricks[s]
		}
	}
	return n
}

// TestClaims: at every seat count a person claims late in deals. A
// refused claim changes nothing and says why; a good one plays the
// side's cards (a bot partner's too), and the side takes every trick
// left. Both happen.
func TestClaims(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		good, refused := 0, 0
		for game := 0; game < 30 && (good < 2 || refused < 2); game++ {
			cfg := config(n, uint64(500+game), nil, clocktest.New(t0), 0)
			h := newHost(t, cfg)
			d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(uint64(game), 1))}
			for {
				s, ok := d.lateClaim(t)
				if !ok {
					break
				}
				before := sideTricks(&s.View, 0)
				if err := d.p.Claim(); err != nil {
					t.Fatal(err)
				}
				c := await(t, d.p, "the verdict", func(x Snapshot) bool { return x.Claim == nil || !x.Claim.Pending })
				switch {
				case c.Claim == nil:
					t.Fatal("the claim's verdict was dropped")
				case c.Claim.Err != nil:
					t.Fatal(c.Claim.Err)
				case !c.Claim.Verdict.OK:
					refused++
					if c.Gen != s.Gen || c.Claim.Verdict.Reason(true) == "" {
						t.Fatalf("a refused claim changed the game (gen %d to %d) or gave no reason", s.Gen, c.Gen)
					}
					if _, err := d.step(c); err != nil {
						t.Fatal(err)
					}
					continue
				}
				good++
				end := await(t, d.p, "the deal's end", func(x Snapshot) bool { return x.DealNo > s.DealNo || x.Between || x.Over })
				if end.Claimer != 0 {
					t.Fatalf("the deal's claimer reads %v", end.Claimer)
				}
				var left int
				for o := range n {
					left += s.View.Counts[o]
				}
				left = (left + s.View.InTrick) / n
				if got := sideTricks(&end.View, 0) - before; got != left {
					t.Fatalf("after the claim the side took %d of the %d tricks left", got, left)
				}
				for i, m := range end.Moves[len(s.Moves):] {
					if (m.Seat == 0 || (n == 4 && m.Seat == 2)) && m.By != ByClaim {
						t.Fatalf("step %d of the side after the claim reads %v", len(s.Moves)+i, m.By)
					}
				}
			}
			h.Close()
		}
		t.Logf("%d good claims, %d refused", good, refused)
		if good < 1 || refused < 1 {
			t.Fatalf("%d good claims, %d refused: the test tests too little", good, refused)
		}
	})
}

// TestHoldTricks: with HoldTricks, a trick a bot is to lead after stays
// on the table until the person's Ready, which carries the Gen seen.
func TestHoldTricks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 14, nil, clocktest.New(t0), 0)
		cfg.HoldTricks = true
		h := newHost(t, cfg)
		d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(4, 4))}
		held := 0
		for held < 2 {
			s := d.playUntil(t, "a held trick", func(s Snapshot) bool { return s.Hold })
			if !s.Can.Ready || s.Can.Act || s.Last == nil || s.Last.TrickTo == rules.NoSeat || s.Thinking != rules.NoSeat {
				t.Fatalf("a held trick: can %+v last %+v thinking %v", s.Can, s.Last, s.Thinking)
			}
			settle(t, h)
			if x := d.p.Snapshot(); x.Gen != s.Gen {
				t.Fatal("the bots went on while the trick was held")
			}
			if err := d.p.Ready(s.Gen - 1); !errors.Is(err, ErrStale) {
				t.Fatalf("a stale Ready: %v", err)
			}
			if err := d.p.Ready(s.Gen); err != nil {
				t.Fatal(err)
			}
			await(t, d.p, "the bots going on", func(x Snapshot) bool { return x.Gen != s.Gen })
			held++
		}
	})
}

// TestSeats: a newer connection takes the seat from an older one; the
// bots wait while nobody is at the game; between deals the next waits
// for every person here, and an absent one counts as ready.
func TestSeats(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 15, nil, clocktest.New(t0), 0, 1)
		cfg.Options.Target = 1000
		h := newHost(t, cfg)
		old := sit(t, h, 0)
		a := sit(t, h, 0)
		if s := old.Snapshot(); !s.Kicked {
			t.Fatal("the older connection was not told it lost the seat")
		}
		if _, open := <-old.Updates(); open {
			// A tick may be left; the channel must close after it.
			if _, open := <-old.Updates(); open {
				t.Fatal("the older connection's updates did not close")
			}
		}
		if err := old.Act(0, rules.PassAction()); !errors.Is(err, ErrKicked) {
			t.Fatalf("the older connection acts: %v", err)
		}
		if _, err := h.Seat(rules.Seat(n - 1)); n > 2 && !errors.Is(err, ErrNoPerson) {
			t.Fatalf("a bot's seat: %v", err)
		}
		b := sit(t, h, 1)
		da := &driver{p: a, r: rand.New(rand.NewPCG(1, 1))}
		db := &driver{p: b, r: rand.New(rand.NewPCG(2, 2))}
		// Play both seats to the end of the first deal.
		for {
			settle(t, h)
			sa, sb := a.Snapshot(), b.Snapshot()
			if sa.Between {
				break
			}
			okA, err := da.step(sa)
			if err != nil {
				t.Fatal(err)
			}
			okB, err := db.step(sb)
			if err != nil {
				t.Fatal(err)
			}
			if !okA && !okB {
				// The host stores the seats' snapshots one after the
				// other: one read between may be a position behind.
				if sb.Gen < sa.Gen {
					await(t, b, "b's snapshot catching up", func(x Snapshot) bool { return x.Gen >= sa.Gen })
					continue
				}
				await(t, a, "a change", func(x Snapshot) bool { return x.Gen != sa.Gen || x.Can != sa.Can })
			}
		}
		settle(t, h)
		sa := a.Snapshot()
		if err := a.Ready(sa.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := a.Snapshot(); !x.Between || !x.Players[0].Ready || x.Players[1].Ready {
			t.Fatalf("one of two ready: between %v, ready %v %v", x.Between, x.Players[0].Ready, x.Players[1].Ready)
		}
		b.Leave()
		x := await(t, a, "the next deal", func(x Snapshot) bool { return x.DealNo == sa.DealNo+1 && !x.Between })
		if x.Players[1].State != SeatAway || !x.Players[1].Ready {
			t.Fatalf("the absent person: %+v", x.Players[1])
		}
		// Nobody here: nothing moves.
		a.Leave()
		wantStill(t, h, "the game moved with nobody at it")
	})
}

// TestTakeoverEndsWhenThePersonComesBack: a person who comes back to a
// seat a bot took plays it again in the same deal, from the seat's next
// decision, may not take back the bot's moves, and the log's comments
// say both.
func TestTakeoverEndsWhenThePersonComesBack(t *testing.T) {
	clock := clocktest.New(t0)
	cfg := config(3, 16, nil, clock, 0, 1)
	cfg.Options.Target, cfg.Grace, cfg.Takebacks = 1000, time.Minute, true
	h := newHost(t, cfg)
	a := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
	b := sit(t, h, 1)
	b.Leave()
	clock.Advance(cfg.Grace)
	s := await(t, a.p, "the takeover", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
	// The bot makes a move for bob's seat.
	s = a.playUntil(t, "a move of the bot's", func(s Snapshot) bool {
		return slices.Contains(s.Moves, Mover{Seat: 1, By: ByTakeover})
	})
	deal := s.DealNo
	b = sit(t, h, 1)
	s = await(t, b, "bob's seat his again", func(s Snapshot) bool { return s.Players[1].State == SeatHere })
	if s.DealNo != deal || s.Between {
		t.Fatalf("bob took his seat back in deal %d (between deals %v), want deal %d", s.DealNo, s.Between, deal)
	}
	if err := b.Undo(); err == nil {
		t.Fatalf("bob takes back his bot's move: %v", err)
	}
	l, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Comment) != 2 || !tookOverOnce(l.Comment) {
		t.Fatalf("the log's comments: %q", l.Comment)
	}
	if want := fmt.Sprintf("deal %d: ", deal); !strings.HasPrefix(l.Comment[1], want) {
		t.Fatalf("the log says %q, want it in deal %d", l.Comment[1], deal)
	}
}

// TestBackAtTheEndLeavesAway: a person who comes back to a seat a bot
// played to the game's end, then leaves, is away again, as everyone's
// snapshot says (the again line names them away): not still back.
func TestBackAtTheEndLeavesAway(t *testing.T) {
	clock := clocktest.New(t0)
	cfg := config(3, 16, nil, clock, 0, 1)
	cfg.Options.Target, cfg.Grace = 1, time.Minute
	h := newHost(t, cfg)
	a := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
	b := sit(t, h, 1)
	b.Leave()
	clock.Advance(cfg.Grace)
	await(t, a.p, "the takeover", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
	a.playUntil(t, "the game's end", func(s Snapshot) bool { return s.Over })
	b = sit(t, h, 1)
	await(t, a.p, "bob back at the end", func(s Snapshot) bool { return s.Players[1].State == SeatBack })
	b.Leave()
	await(t, a.p, "bob away again", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
}

// tookOverOnce: the first of the comments says a bot took bob's seat,
// the second that he took it back.
func tookOverOnce(c []string) bool {
	taken, back := gamelog.Log{Comment: c[:1]}, gamelog.Log{Comment: c}
	return slices.Equal(taken.LeftAtEnd(), []rules.Seat{rules.SeatB}) && back.LeftAtEnd() == nil
}

// panicBot panics when asked.
type panicBot struct{}

func (panicBot) Level() ai.Level { return ai.Random }
func (panicBot) Choose(context.Context, *rules.View) (rules.Action, error) {
	panic("a bug in the bot")
}

// TestAPanickingBotStopsNothing: a bot that panics fails like one that
// errs: its first legal move is made, the note says so, the game goes
// on to its end.
func TestAPanickingBotStopsNothing(t *testing.T) {
	cfg := config(3, 18, nil, clocktest.New(t0), 0)
	cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return panicBot{}, nil }
	h := newHost(t, cfg)
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
	failed := false
	d.seen = func(s Snapshot) { failed = failed || s.Note.Kind == NoteBotFailed }
	if end := d.play(t, false); !end.Over {
		t.Fatal("the game did not end")
	}
	if !failed {
		t.Fatal("no note said the bot failed")
	}
}

// TestSpectatorsAloneTakeNoSeat: a game every person left while
// spectators watch keeps the people's seats for them, for 2, 3 and 4
// seats: no grace runs with no person seated to play with, so no bot
// takes a seat however long the spectators watch. A person coming back
// starts the grace of the other, and a bot takes that seat after it.
func TestSpectatorsAloneTakeNoSeat(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(t0)
		cfg := config(n, 21, nil, clock, 0, 1)
		cfg.Options.Target, cfg.Grace, cfg.HoldTricks = 1000, time.Minute, true
		h := newHost(t, cfg)
		sit(t, h, 0).Leave()
		sit(t, h, 1).Leave()
		w, err := h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		for range 10 {
			clock.Advance(cfg.Grace)
			settle(t, h)
		}
		s := w.Snapshot()
		for i := range 2 {
			if p := s.Players[i]; p.State != SeatAway || !p.Until.IsZero() {
				t.Fatalf("seat %d after ten graces watched: %v until %v, not away for good", i, p.State, p.Until)
			}
		}
		ann := sit(t, h, 0)
		if want := clock.Now().Add(cfg.Grace); !ann.Snapshot().Players[1].Until.Equal(want) {
			t.Fatalf("Bob's seat goes to a bot at %v, not a grace from Ann's coming (%v)", ann.Snapshot().Players[1].Until, want)
		}
		clock.Advance(cfg.Grace)
		await(t, w, "a bot at Bob's seat", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
	})
}

// TestHeldTrickLetGoForSpectators: the last person leaving while a
// trick is held for their Ready (HoldTricks) lets it go when spectators
// stay, and the bots play on; the person's seat waits for them, no
// grace running while only spectators are at the game.
func TestHeldTrickLetGoForSpectators(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(t0)
		cfg := config(n, 14, nil, clock, 0)
		cfg.Options.Target, cfg.Grace, cfg.HoldTricks = 1000, time.Minute, true
		h := newHost(t, cfg)
		w, err := h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(4, 4))}
		s := d.playUntil(t, "a held trick", func(s Snapshot) bool { return s.Hold })
		d.p.Leave()
		await(t, w, "the trick let go", func(x Snapshot) bool { return !x.Hold && x.Gen > s.Gen })
		clock.Advance(10 * cfg.Grace)
		settle(t, h)
		if p := w.Snapshot().Players[0]; p.State != SeatAway || !p.Until.IsZero() {
			t.Fatalf("the seat after ten graces watched: %v until %v, not away for good", p.State, p.Until)
		}
	})
}

// TestGraceStartsWhenSomebodyComes: a game resumed after a restart, or
// left by everyone, has nobody to move it, so the people away keep
// their seats however long that lasts: each gets a whole grace from
// when somebody next comes, and a bot takes a seat only once that
// grace is over.
func TestGraceStartsWhenSomebodyComes(t *testing.T) {
	for _, restart := range []bool{true, false} {
		t.Run(fmt.Sprint("restart=", restart), func(t *testing.T) {
			clock := clocktest.New(t0)
			st := &memstore.Store{}
			cfg := config(3, 21, st, clock, 0, 1)
			cfg.Options.Target, cfg.Grace = 1000, 10*time.Second
			h := newHost(t, cfg)
			sit(t, h, 0).Leave()
			sit(t, h, 1).Leave()
			if restart {
				h.Close()
				l := st.LastSave()
				var err error
				if h, err = Resume(l, cfg); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(h.Close)
			}
			for range 17 { // 51 seconds with nobody at the game
				clock.Advance(3 * time.Second)
				settle(t, h)
			}
			ann := sit(t, h, 0)
			s := ann.Snapshot()
			if got := s.Players[1].State; got != SeatAway {
				t.Fatalf("Bob's seat is %v as Ann comes, not away", got)
			}
			if want := clock.Now().Add(cfg.Grace); !s.Players[1].Until.Equal(want) {
				t.Fatalf("Bob's seat goes to a bot at %v, not a grace from Ann's coming (%v)", s.Players[1].Until, want)
			}
			clock.Advance(cfg.Grace - time.Second)
			settle(t, h)
			if got := ann.Snapshot().Players[1].State; got != SeatAway {
				t.Fatalf("Bob's seat is %v before his grace is over", got)
			}
			clock.Advance(time.Second)
			await(t, ann, "a bot at Bob's seat", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
		})
	}
}

// TestStoodInCountsTheBotsShare: a person bots made at least a quarter
// of the moves for (the move clock's run-outs, a takeover given back)
// is one the bot's play wins nothing for; one run-out in a long game
// is not. The steps' actions do not matter to it, only their seats.
// At each seat count every seat moves in turn, four times a deal for
// two deals, with a chance step after the second round of deal 2: each
// seat has eight moves, so two made by a bot are a quarter.
func TestStoodInCountsTheBotsShare(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var deal1, deal2 []rules.Step
		for round := range 4 {
			if round == 2 {
				deal2 = append(deal2, rules.Step{Seat: rules.ChanceSeat})
			}
			for s := range rules.Seat(n) {
				deal1 = append(deal1, rules.Step{Seat: s})
				deal2 = append(deal2, rules.Step{Seat: s})
			}
		}
		// at is the index of seat s's move in round of deal (1 or
		// 2), the chance step counted.
		at := func(deal, round int, s rules.Seat) int {
			i := round*n + int(s)
			if deal == 2 && round >= 2 {
				i++
			}
			return i
		}
		A, B, last := rules.SeatA, rules.SeatB, rules.Seat(n-1)
		for _, tc := range []struct {
			name     string
			botMoves string
			want     []rules.Seat
		}{
			{"nobody's", "", nil},
			{"one of B's eight", fmt.Sprintf("1:%d-%d", at(1, 0, B), at(1, 0, B)), nil},
			{"two of B's eight", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 0, B), at(1, 0, B), at(2, 1, B), at(2, 1, B)), []rules.Seat{B}},
			// Deal 2 from B's second move to A's third: every seat
			// from B on once, the chance step, A once more.
			{"a chance step between is no move", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 0, A), at(1, 0, B), at(2, 1, B), at(2, 2, A)), []rules.Seat{A, B}},
			{"a quarter of A's", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 0, A), at(1, 0, A), at(2, 0, A), at(2, 0, A)), []rules.Seat{A}},
			{"a quarter of the last seat's", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 3, last), at(1, 3, last), at(2, 3, last), at(2, 3, last)), []rules.Seat{last}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				opts := rules.DefaultOptions()
				opts.Players = n
				l := &gamelog.Log{Header: gamelog.Header{Options: opts}}
				l.Header.SetTag(TakeoverTag, tc.botMoves)
				l.Deals = []gamelog.Deal{{Steps: deal1}, {Steps: deal2}}
				assert.Equal(t, tc.want, StoodIn(l))
			})
		}
	})
}

// TestLeftAtEndIsTheTakeoverOnly: a person a bot took the seat of and
// who did not take it back has left; one who took it back, even with a
// quarter of their moves made by bots, has not, though StoodIn lists
// both.
func TestLeftAtEndIsTheTakeoverOnly(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Players = 2
	steps := []rules.Step{{Seat: rules.SeatA}, {Seat: rules.SeatB}, {Seat: rules.SeatA}, {Seat: rules.SeatB}}
	l := &gamelog.Log{Header: gamelog.Header{Options: opts}}
	l.Deals = []gamelog.Deal{{Steps: steps}, {Steps: steps}}
	// ann's first move of deal 1 and both of cid's in deal 2 are the
	// bots'; ann took her seat back at deal 2, cid never did.
	l.Header.SetTag(TakeoverTag, "1:0-0 2:1-1 2:3-3")
	l.Comment = []string{
		"deal 1: ann dropped; a hard bot took seat A",
		"deal 2: ann took seat A back",
		"deal 2: cid dropped; a hard bot took seat B",
	}
	assert.Equal(t, []rules.Seat{rules.SeatA, rules.SeatB}, StoodIn(l))
	assert.Equal(t, []rules.Seat{rules.SeatB}, LeftAtEnd(l))
}

// The words that tell the table of their speaker's hidden cards, and
// the choices that tell nothing (docs/rules.md sections 3 to 5, 14, 15).
var (
	tellingWords = []rules.Kind{rules.Announce, rules.NotGood, rules.HowHigh, rules.Top, rules.Same,
		rules.HowMany, rules.Length, rules.Exchange, rules.Shlomo, rules.Cleopatra, rules.PlayCard}
	mereWords = []rules.Kind{rules.Pass, rules.Good, rules.NoSequence, rules.NoExchange}
)

// TestUndoStopsAtAWordTold: at every seat count the person makes the
// first deals' decisions, asking "how high?" and "how many cards?" when
// it may. Once another seat has told of its hidden cards since (a
// value, a top card, "not good", "same", a card played that the person
// knew was there), with no new card in view, the decision stands: the snapshot offers no
// takeback and Undo says ErrRevealed, in the game and in the game
// resumed from its log. After other seats' passes, "good" or "no
// sequence" alone it is taken back. Before, "ten high" could be heard
// and the "how high?" before it taken back.
func TestUndoStopsAtAWordTold(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		refused, allowed, played := 0, 0, 0
		for seed := uint64(1); seed < 400 && (refused < 2 || allowed < 2 || played < 1); seed++ {
			cfg := config(n, seed, nil, clocktest.New(t0), 0)
			h := newHost(t, cfg)
			p := sit(t, h, 0)
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			for {
				s := await(t, p, "a decision", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready || s.Over })
				if !s.Can.Act || s.DealNo > 3 {
					break
				}
				legal := s.View.Legal()
				a := legal[r.IntN(len(legal))]
				for _, b := range legal {
					if (b.Kind == rules.HowHigh || b.Kind == rules.HowMany) && r.IntN(4) > 0 {
						a = b
					}
				}
				at, seen := len(s.View.History()), seenBy(&s.View)
				if err := p.Act(s.Gen, a); err != nil {
					t.Fatal(err)
				}
				x := await(t, p, "the next decision", func(x Snapshot) bool { return x.Can.Act || x.Can.Ready || x.Over })
				hist := x.View.History()
				if x.DealNo != s.DealNo || !x.Can.Act || len(hist) <= at+1 || seenBy(&x.View) != seen {
					continue // the deal moved on, or cards came into view
				}
				told, mere := false, true
				for _, st := range hist[at+1:] {
					told = told || st.Seat != 0 && slices.Contains(tellingWords, st.Action.Kind)
					mere = mere && st.Seat != 0 && slices.Contains(mereWords, st.Action.Kind)
				}
				switch {
				case told:
					refused++
					if s.View.Phase == rules.PhasePlay {
						played++
					}
					if x.Can.Undo {
						t.Fatalf("seed %d: after %v the snapshot offers to take back %v", seed, hist[at+1:], a)
					}
					if err := p.Undo(); !errors.Is(err, ErrRevealed) {
						t.Fatalf("seed %d: undo of %v after %v: %v, want ErrRevealed", seed, a, hist[at+1:], err)
					}
					if after := p.Snapshot(); after.Gen != x.Gen {
						t.Fatal("a refused takeback changed the game")
					}
					resumedUndo(t, h, cfg, ErrRevealed)
				case mere:
					allowed++
					if !x.Can.Undo {
						t.Fatalf("seed %d: after %v the snapshot refuses to take back %v", seed, hist[at+1:], a)
					}
					resumedUndo(t, h, cfg, nil)
					if err := p.Undo(); err != nil {
						t.Fatalf("seed %d: undo of %v after %v: %v", seed, a, hist[at+1:], err)
					}
					await(t, p, "the decision back", func(s Snapshot) bool { return s.Can.Act && len(s.View.History()) == at })
				}
			}
			h.Close()
		}
		t.Logf("%d takebacks refused after a word told (%d of a card after a known card), %d made after passes", refused, played, allowed)
		if refused < 2 || allowed < 2 || played < 1 {
			t.Fatalf("%d refused (%d in the card play), %d made: the test tests too little", refused, played, allowed)
		}
	})
}

// resumedUndo resumes h's game from its log on a host of its own and
// checks that the person's takeback there is what want says.
func resumedUndo(t *testing.T, h *Host, cfg Config, want error) {
	t.Helper()
	l, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	h2, err := Resume(l, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	p := sit(t, h2, 0)
	s := await(t, p, "the resumed decision", func(s Snapshot) bool { return s.Can.Act })
	if s.Can.Undo != (want == nil) {
		t.Fatalf("resumed: the snapshot offers a takeback %v, want %v", s.Can.Undo, want == nil)
	}
	if err := p.Undo(); !errors.Is(err, want) {
		t.Fatalf("resumed: undo %v, want %v", err, want)
	}
}
