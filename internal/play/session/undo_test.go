package session

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// verifies checks a log the way klob verify does: written as text, read
// back and replayed through the rules engine.
func verifies(t *testing.T, l *gamelog.Log) *gamelog.Log {
	t.Helper()
	text, err := l.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	back, err := gamelog.Parse("undo.klob", text)
	if err != nil {
		t.Fatalf("the log does not read back: %v\n%s", err, text)
	}
	if _, err := back.Replay(); err != nil {
		t.Fatalf("the log does not replay: %v", err)
	}
	return back
}

// playRandom moves the game on by a step: the person picks a random
// legal action, the bot thinks.
func playRandom(t *testing.T, s *Session, r *rand.Rand) {
	t.Helper()
	stepWith(t, s, func(_ *Session, l []rules.Action) rules.Action { return l[r.IntN(len(l))] })
}

func history(s *Session, seat rules.Seat) []rules.Step {
	v := s.View(seat)
	return v.History()
}

// TestUndo: at random points of random games the person takes back the
// last decision: it is their turn again at the same point (the public
// history is the one before that decision), the log counts the
// takeback and replays, and the game goes on to the end. The person
// sits at A with bots in every other seat, at each seat count.
func TestUndo(t *testing.T) {
	testkit.EachSeatCount(t, testUndo)
}

// seatConfig is config at a table of n seats: the person at A, bots in
// the others.
func seatConfig(seed uint64, n int) Config {
	cfg := config(seed, append([]Player{person}, slices.Repeat([]Player{bot}, n-1)...)...)
	cfg.Options.Players = n
	return cfg
}

func testUndo(t *testing.T, n int) {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	s, err := New(seatConfig(5, n))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(rules.SeatA); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo before any decision: %v, want ErrNothingToUndo", err)
	}
	if err := s.Undo(rules.SeatB); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo for the bot's seat: %v, want ErrNothingToUndo", err)
	}
	undos := 0
	var before []rules.Step
	var beforeDeal int
	for i := 0; !s.Game().Over(); i++ {
		if i > 20000 {
			t.Fatal("the game does not end")
		}
		seat, ok := s.ToMove()
		if ok && seat == rules.SeatA && r.IntN(2) == 0 && undos < 40 {
			// Remember the position, decide, let the bot answer, undo.
			before = append(before[:0], history(s, rules.SeatA)...)
			beforeDeal = s.Game().DealNo()
			v := s.View(seat)
			l := v.Legal()
			noErr(t, s.Apply(seat, l[r.IntN(len(l))]))
			for j := 0; j < 3 && !s.Game().Over(); j++ {
				if sq, ok := s.ToMove(); ok && sq == rules.SeatA {
					break
				}
				playRandom(t, s, r)
			}
			if s.Game().Over() {
				break
			}
			gen := s.Gen()
			if err := s.Undo(rules.SeatA); err != nil {
				t.Fatalf("undo: %v", err)
			}
			undos++
			if s.Gen() == gen {
				t.Fatal("undo did not move Gen: a bot's late answer would be taken")
			}
			if sq, ok := s.ToMove(); !ok || sq != rules.SeatA || s.Game().DealNo() != beforeDeal {
				t.Fatalf("after undo: turn %v %v, deal %d; want seat A in deal %d", sq, ok, s.Game().DealNo(), beforeDeal)
			}
			if got := history(s, rules.SeatA); !slices.Equal(got, before) {
				t.Fatalf("after undo the history is\n%v\nwant\n%v", got, before)
			}
			if s.Takebacks() != undos {
				t.Fatalf("takebacks %d, want %d", s.Takebacks(), undos)
			}
			if back := verifies(t, s.Log()); back.Header.Tag(TakebacksTag) == "" {
				t.Fatal("the log read back has no Takebacks tag")
			}
			continue
		}
		playRandom(t, s, r)
	}
	t.Logf("%d undos", undos)
	if undos < 5 {
		t.Fatalf("only %d undos: the test tests little", undos)
	}
	verifies(t, s.Log())
}

// TestClaim: a claim the check refuses changes nothing; a good one
// plays the claimer's cards, every one taking its trick, and the log
// replays. The claimer sits at A with bots in every other seat, at each
// seat count.
func TestClaim(t *testing.T) {
	testkit.EachSeatCount(t, testClaim)
}

func testClaim(t *testing.T, n int) {
	r := rand.New(rand.NewPCG(3, uint64(n)))
	// Most good claims come with a card or two left, where any card
	// keeps the tricks; the games go on until some came with three cards
	// or more (six, two in the short run), where the session must pick
	// the cards that keep them.
	wantLong := 6
	if testing.Short() {
		wantLong = 2
	}
	// sharp counts the good claims where one card of seat A's keeps
	// every trick and any other loses one: those show that the session
	// plays the right cards.
	good, long, sharp, refused := 0, 0, 0, 0
	for game := 0; game < 400 && (good < 5 || long < wantLong || sharp < 1); game++ {
		s, err := New(seatConfig(uint64(100+game), n))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !s.Game().Over() && i < 5000; i++ {
			seat, ok := s.ToMove()
			if ok && seat == rules.SeatA && s.Game().Deal().Phase() == rules.PhasePlay && !s.Claimed(rules.SeatA) {
				gen := s.Gen()
				cards := s.View(rules.SeatA).Hand.Count()
				before := s.Game().Deal().Play() // the claim plays from here
				ours := func(o rules.Seat) bool { return s.Game().SideOf(o) == s.Game().SideOf(rules.SeatA) }
				vd, err := s.Claim(rules.SeatA)
				if err != nil {
					t.Fatal(err)
				}
				if !vd.OK {
					refused++
					if s.Gen() != gen || vd.Reason(false) == "" {
						t.Fatal("a refused claim changed the game or gave no reason")
					}
					playRandom(t, s, r)
					continue
				}
				good++
				if cards >= 3 {
					long++
				}
				if onlyOne(before, rules.SeatA, ours) {
					sharp++
				}
				// The claim is the side's: seat A's, and its partner's
				// with four players.
				side := func(tricks func(o rules.Seat) int) (sum int) {
					for o := range rules.Seat(n) {
						if s.Game().SideOf(o) == s.Game().SideOf(rules.SeatA) {
							sum += tricks(o)
						}
					}
					return sum
				}
				won := side(func(o rules.Seat) int { return int(s.Game().Deal().Play().Won[o]) })
				left := rules.TricksPerDeal(n) - int(s.Game().Deal().Play().Tricks)
				deal := s.Game().DealNo()
				for s.Game().DealNo() == deal && !s.Game().NeedDeal() && !s.Game().Over() {
					playRandom(t, s, r)
				}
				recs := s.Game().Records()
				sc := recs[len(recs)-1].Score
				if got := side(func(o rules.Seat) int { return sc.Tricks[o] }); got != won+left {
					t.Fatalf("after the claim seat A's side took %d tricks, want %d", got, won+left)
				}
				verifies(t, s.Log())
				continue
			}
			playRandom(t, s, r)
		}
	}
	t.Logf("%d good claims (%d with three cards or more, %d with one right card), %d refused", good, long, sharp, refused)
	if good < 3 || long < wantLong || sharp < 1 || refused < 10 {
		t.Fatalf("%d good claims (%d with three cards or more, %d with one right card), %d refused: the test tests little", good, long, sharp, refused)
	}
	// A claim outside the card play is refused: a seed whose first
	// dealer sits at the last seat, so that A, eldest, speaks first.
	seed := uint64(9)
	for FirstDealerOf(seed, n) != rules.Seat(n-1) {
		if seed++; seed > 9+64 {
			t.Fatalf("no seed in 64 deals first from seat %s", rules.Seat(n-1))
		}
	}
	s, _ := New(seatConfig(seed, n))
	noErr(t, s.StartDeal())
	if seat, ok := s.ToMove(); !ok || seat != rules.SeatA {
		t.Fatalf("seed %d: %s to move first, want A", seed, seat)
	}
	if vd, _ := s.Claim(rules.SeatA); vd.OK || !errors.Is(vd.Err, claim.ErrNotPlaying) {
		t.Fatalf("claim in the bidding: %+v", vd)
	}
}

// onlyOne reports whether exactly one of the cards claimer, to move in
// p, may play keeps every trick for its side, of two or more (every
// hand known); ours says which seats are on claimer's side. Any other
// card the session played for such a claim would lose a trick.
func onlyOne(p rules.Play, claimer rules.Seat, ours func(rules.Seat) bool) bool {
	legal, keep := 0, 0
	for m := p.Legal(); m != 0; m &= m - 1 {
		legal++
		q := p
		if done, w := q.Move(m.First()); (!done || ours(w)) && claim.TakesAll(q, claimer) {
			keep++
		}
	}
	return legal > 1 && keep == 1
}

// TestClaimSurvivesResume: a game saved while the cards of an accepted
// claim are being played, and resumed, goes on playing them for the
// claimer's side (the person is not asked to play them again, nor to
// claim again), at every seat count; a takeback across it is refused.
func TestClaimSurvivesResume(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		r := rand.New(rand.NewPCG(3, 5))
		s, c, _, _, _ := toClaim(t, n, r, 200)
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
		// A takeback of the decision before the claim is refused:
		// the claim stands, and its cards are played still.
		again, err := Resume(s.Log(), Config{Seed: c.Seed, NewBot: testkit.RandomBots})
		noErr(t, err)
		if err := again.Undo(rules.SeatA); !errors.Is(err, ErrClaimStands) {
			t.Fatalf("a takeback across the claim: %v, want ErrClaimStands", err)
		}
		if !again.Claimed(rules.SeatA) || again.header.Tag(ClaimedTag) == "" {
			t.Fatal("a refused takeback dropped the claim")
		}
	})
}

// TestClaimInLog: the log records an accepted claim in its deal (the
// claimer, the step it came before, played out), through the deal's end,
// a save and resume, and the text; a resumed game whose Claimed tag is
// gone still plays the claim's cards from the log's claim; a takeback
// of the decision before the claim is refused and the log keeps it. At
// every seat count.
func TestClaimInLog(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		r := rand.New(rand.NewPCG(4, 5))
		s, c, deal, _, step := toClaim(t, n, r, 300)
		want := &gamelog.Claim{Seat: rules.SeatA, Step: step, PlayedOut: true}
		if got := s.Log().Deals[deal-1].Claim; !reflect.DeepEqual(got, want) {
			t.Fatalf("the log's claim is %+v, want %+v", got, want)
		}
		// Resumed from a log without the Claimed tag, the log's
		// claim goes on being played.
		l := s.Log()
		l.Header.SetTag(ClaimedTag, "")
		back, err := Resume(l, Config{Seed: c.Seed, NewBot: testkit.RandomBots})
		noErr(t, err)
		if !back.Claimed(rules.SeatA) {
			t.Fatal("the resumed game forgot the log's claim")
		}
		for back.Game().DealNo() == deal && !back.Game().NeedDeal() && !back.Game().Over() {
			noErr(t, back.Advance())
			playRandom(t, back, r)
		}
		text, err := back.Log().MarshalText()
		noErr(t, err)
		read, err := gamelog.Parse("claim.klob", text)
		noErr(t, err)
		if got := read.Deals[deal-1].Claim; !reflect.DeepEqual(got, want) {
			t.Fatalf("the claim read back is %+v, want %+v", got, want)
		}
		if !strings.Contains(string(text), "\nclaim A trick ") {
			t.Fatalf("no claim line:\n%s", text)
		}
		// A takeback of the decision before the claim is refused:
		// the log keeps the claim.
		again, err := Resume(s.Log(), Config{Seed: c.Seed, NewBot: testkit.RandomBots})
		noErr(t, err)
		if err := again.Undo(rules.SeatA); !errors.Is(err, ErrClaimStands) {
			t.Fatalf("a takeback across the claim: %v, want ErrClaimStands", err)
		}
		if got := again.Log().Deals[deal-1].Claim; !reflect.DeepEqual(got, want) {
			t.Fatalf("after a refused takeback the log's claim is %+v, want %+v", got, want)
		}
	})
}
