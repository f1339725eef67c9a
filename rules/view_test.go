package rules

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestViewHidesOpponentCards(t *testing.T) {
	d := newDeal(t, SeatB, bidHands)
	v := d.View(SeatA)
	if v.Hand != set(t, bidHands.nd) || v.Counts[SeatB] != 6 || v.Upcard != MustCard("JH") || v.Bottom != NoCard ||
		v.Trump != NoSuit || v.Maker != NoSeat || v.Turn != SeatA || v.Phase != PhaseBid1 || v.Seat != SeatA || v.Dealer != SeatB {
		t.Errorf("A's view at the deal: %+v", v)
	}
	if v.Unseen() != FullDeck&^set(t, bidHands.nd+" JH") || v.Hidden() != 32-6-6-1 {
		t.Errorf("unseen %s (%d cards), hidden places %d", v.Unseen(), v.Unseen().Count(), v.Hidden())
	}
	// Another deal with the same cards for A and the upcard, everything
	// else different, looks the same to A and different to B.
	other := hands{nd: bidHands.nd, up: bidHands.up, dl: "7D JD QD KD AD 7H"}
	e := newDeal(t, SeatB, other)
	if e.View(SeatA) != v {
		t.Error("deals that differ only in B's and the stock's cards give A different views")
	}
	if e.View(SeatB) == d.View(SeatB) {
		t.Error("B's views of different hands are equal")
	}
	// The bidding is public; the second batch shows only one's own.
	do(t, &d, "pass", "take")
	do(t, &e, "pass", "take")
	v = d.View(SeatA)
	if v.Maker != SeatB || v.Trump != Hearts || v.Bottom != MustCard("AD") || v.Hand.Count() != 9 || v.Counts[SeatB] != 9 {
		t.Errorf("A's view after B takes: %+v", v)
	}
	if len(v.History()) != 2 || v.History()[1] != (Step{Seat: SeatB, Action: Action{Kind: Take}}) {
		t.Errorf("history %v", v.History())
	}
	if w := d.View(SeatB); w.Legal() != nil || w.AppendLegal(nil) != nil {
		t.Errorf("B may not act on A's turn: %v", w.Legal())
	}
	if !slices.Equal(v.Legal(), d.Legal()) {
		t.Errorf("A's view legal %v, deal %v", v.Legal(), d.Legal())
	}
}

func TestViewBottomCardOption(t *testing.T) {
	opts := DefaultOptions()
	opts.BottomCard = false
	d := NewDeal(opts, SeatB, bidHands.deck(t))
	do(t, &d, "take")
	v := d.View(SeatA)
	if d.Bottom() != NoCard || v.Bottom != NoCard || !v.Unseen().Has(MustCard("AD")) {
		t.Errorf("bottom_card=off: bottom %s, view %s, unseen %s", d.Bottom(), v.Bottom, v.Unseen())
	}
}

func TestViewCompleteRefusesContradictions(t *testing.T) {
	// A (non-dealer) holds Q-K-A of clubs, B Q-K-A of spades, the trump
	// named: at "same" B's trump sequence wins the right. From A's view,
	// a B hand with Q-K-A of diamonds instead says the same words but
	// would give A the right: it contradicts the view.
	a := "QC KC AC 7D 8H TH 7S 9S 8C"
	b := "QS KS AS 9C TC 9D TD 9H JH"
	d := dialogueDeal(t, DefaultOptions(), a, b, Spades)
	do(t, &d, "announce 20", "how-high", "top A", "same")
	if d.SeqWinner() != SeatB {
		t.Fatalf("winner %s, want B", d.SeqWinner())
	}
	v := d.View(SeatA)
	restOf := func(opp CardSet) []Card { return (v.Unseen() &^ opp).Cards() }
	truth := set(t, b)
	if _, err := completeOpp(&v, truth); err != nil {
		t.Fatalf("the true hand refused: %v", err)
	}
	plain := truth.Without(MustCard("QS")).Without(MustCard("KS")).Without(MustCard("AS")) | set(t, "QD KD AD")
	wantContradicts(t, &v, plain, "B with plain Q-K-A")
	// A hand without a 20 to the ace could not have said "same".
	none := truth.Without(MustCard("QS")) | set(t, "8D")
	wantContradicts(t, &v, none, "B without the sequence")
	// Wrong sizes.
	if _, err := v.Complete(oppHands(truth.Without(MustCard("9C"))), restOf(truth)); !errors.Is(err, ErrInconsistent) {
		t.Errorf("eight cards: got %v", err)
	}
	if _, err := v.Complete(oppHands(truth), restOf(truth)[1:]); !errors.Is(err, ErrInconsistent) {
		t.Errorf("short rest: got %v", err)
	}

	// Shown sequences: after the first trick B shows Q-K-A of spades; a
	// B hand that also holds a run it did not show is refused.
	do(t, &d, "play 7D", "play 9D")
	v = d.View(SeatA)
	if v.Shown[SeatB] != set(t, "QS KS AS") || v.SeqWinner != SeatB {
		t.Fatalf("shown %s by %s", v.Shown, v.SeqWinner)
	}
	truth = d.Hand(SeatB)
	if _, err := completeOpp(&v, truth); err != nil {
		t.Fatalf("the true hand refused: %v", err)
	}
	extra := truth.Without(MustCard("9H")).Without(MustCard("JH")) | set(t, "JD QD") // T-J-Q of diamonds
	wantContradicts(t, &v, extra, "B with an unshown run")
	missing := truth.Without(MustCard("KS")) | set(t, "JD")
	wantContradicts(t, &v, missing, "B without a shown card")
}

func TestViewCompleteAfterDixExchange(t *testing.T) {
	d := newDeal(t, SeatB, dixNonDealer)
	do(t, &d, "take", "exchange")
	v := d.View(SeatB)
	if !v.Known(SeatA).Has(MustCard("JH")) || v.Unseen().Has(MustCard("JH")) || v.Unseen().Has(MustCard("7H")) {
		t.Fatalf("B's view: opponent known %s unseen %s", v.Known(SeatA), v.Unseen())
	}
	truth := d.Hand(SeatA)
	if c, err := completeOpp(&v, truth); err != nil || c.View(SeatB) != v {
		t.Fatalf("the true hand: %v", err)
	}
	// A has the jack of hearts, as everyone saw: a sample without it is
	// refused.
	without := truth.Without(MustCard("JH")).With((v.Unseen() &^ truth).First())
	wantContradicts(t, &v, without, "sample without the upcard A took")
}

func TestViewCompleteRefusesBadSamples(t *testing.T) {
	d := newDeal(t, SeatB, bidHands)
	do(t, &d, "pass", "take")
	v := d.View(SeatA)
	truth := d.Hand(SeatB)
	rest := (v.Unseen() &^ truth).Cards()
	if c, err := v.Complete(oppHands(truth), rest); err != nil || c.View(SeatA) != v {
		t.Fatalf("the truth: %v", err)
	}
	mine := v.Hand.First()
	theirs := truth.First()
	tests := []struct {
		name string
		opp  CardSet
		rest []Card
	}{
		{"opponent holds one of my cards", truth.Without(theirs).With(mine), append(rest, theirs)},
		{"opponent holds the upcard", truth.Without(theirs).With(v.Upcard), append(rest, theirs)},
		{"a card twice in the rest", truth, append(rest[:len(rest)-1:len(rest)-1], rest[0])},
		{"a card of the opponent's in the rest", truth, append(rest[1:len(rest):len(rest)], theirs)},
		{"not a card in the rest", truth, append(rest[1:len(rest):len(rest)], NoCard)},
		{"a card left over", truth, append(rest, rest[0])},
		{"too few", truth, rest[1:]},
		{"opponent short", truth.Without(theirs), append(rest, theirs)},
	}
	for _, tc := range tests {
		if _, err := v.Complete(oppHands(tc.opp), tc.rest); !errors.Is(err, ErrInconsistent) {
			t.Errorf("%s: got %v, want ErrInconsistent", tc.name, err)
		}
	}
}

func TestViewDialogueAndPlayAccessors(t *testing.T) {
	d := dialogueDeal(t, DefaultOptions(), twenty9C, twenty9S, Spades)
	do(t, &d, "announce 20", "how-high", "top 9")
	v := d.View(SeatB)
	if claimant, val, _, top := v.Claim(); claimant != SeatA || val != 20 || top != Nine {
		t.Errorf("Claim = %s, %d, %s; want A's 20, nine high", claimant, val, top)
	}
	if v.OwnBest().String() != "9S-8S-7S" {
		t.Errorf("OwnBest = %s", v.OwnBest())
	}
	va := d.View(SeatA)
	if got := va.OwnBest(); got.String() != "9C-8C-7C" {
		t.Errorf("A's OwnBest = %s", got)
	}
	if !slices.Equal(v.AppendLegal(nil), d.Legal()) {
		t.Errorf("AppendLegal %v, deal %v", v.AppendLegal(nil), d.Legal())
	}
	do(t, &d, "same", "play 7C")
	v = d.View(SeatB)
	p := v.Play()
	if p.Hands[SeatA] != 0 || p.Hands[SeatB] != d.Hand(SeatB) || p.Lead() != MustCard("7C") || p.Trump != Spades {
		t.Errorf("the view's Duel: %+v", p)
	}
	if trick, leader := d.Trick(); len(trick) != 1 || trick[0] != MustCard("7C") || leader != SeatA {
		t.Errorf("Trick = %v, %s", trick, leader)
	}
	if d.Options() != DefaultOptions() || d.Eldest() != SeatA || d.Deck()[12] != d.OrigUpcard() {
		t.Errorf("accessors: options %+v eldest %s deck %s", d.Options(), d.Eldest(), d.Deck())
	}
}

// oppHands is the hands argument of View.Complete with two players: the
// opponent's hand (the viewer's own entry is not read).
func oppHands(opp CardSet) [4]CardSet { return [4]CardSet{opp, opp} }

// completeOpp completes v, a two-player view, with the opponent holding
// opp and the unseen cards opp leaves as the rest.
func completeOpp(v *View, opp CardSet) (Deal, error) {
	return v.Complete(oppHands(opp), (v.Unseen() &^ opp).Cards())
}

// wantContradicts checks that v refuses the opponent holding opp as
// inconsistent; why says what is wrong with that hand.
func wantContradicts(t testing.TB, v *View, opp CardSet, why string) {
	t.Helper()
	if _, err := completeOpp(v, opp); !errors.Is(err, ErrInconsistent) {
		t.Errorf("%s: got %v, want ErrInconsistent", why, err)
	}
}

// TestUpcardTaker: every View says who took the upcard into its hand:
// at four the maker once the last cards are dealt, whatever trump was
// named (the upcard's suit, another suit, no trumps); at two and three
// the player of the dix exchange, else nobody (the upcard stays out).
func TestUpcardTaker(t *testing.T) {
	for n := 2; n <= 4; n++ {
		var seen [3]bool // taken with the upcard's suit, with another trump, left out
		for i := range 400 {
			r := newTestRand(uint64(1000*n + i))
			o := DefaultOptions()
			o.Players = n
			d := NewDeal(o, Seat(i%n), Shuffle(r))
			for d.Phase() != PhaseOver {
				for _, s := range []Seat{NoSeat, SeatA, Seat(n - 1)} {
					v := d.View(s)
					want := NoSeat
					switch {
					case v.DixBy != NoSeat:
						want = v.DixBy
					case n == 4 && v.Trump != NoSuit:
						want = v.Maker
					}
					if got := v.UpcardTaker(); got != want {
						t.Fatalf("%d players, phase %v, trump %v, maker %v: the upcard taker %v, want %v", n, v.Phase, v.Trump, v.Maker, got, want)
					}
					if v.Trump != NoSuit {
						switch {
						case want == NoSeat:
							seen[2] = true
						case v.Trump == v.OrigUpcard.Suit():
							seen[0] = true
						default:
							seen[1] = true
						}
					}
				}
				doRandom(t, &d, r)
			}
		}
		if n == 4 && (!seen[0] || !seen[1] || seen[2]) || n < 4 && !seen[2] {
			t.Errorf("%d players: the cases seen %v", n, seen)
		}
	}
}

// TestViewWinning plays random deals at every seat count and checks, at
// every card of the card play, that Winning names the seat that played
// the card no later card of the trick beats.
func TestViewWinning(t *testing.T) {
	for players := 2; players <= 4; players++ {
		r := newTestRand(uint64(players))
		checked := 0
		for range 40 {
			opts := DefaultOptions()
			opts.Players = players
			d := NewDeal(opts, Seat(r.IntN(players)), Shuffle(r))
			for !d.Over() {
				if d.Phase() == PhasePlay {
					v := d.View(SeatA)
					want := NoSeat
					if v.InTrick > 0 {
						best := v.Trick[0]
						for _, c := range v.Trick[1:v.InTrick] {
							if Beats(c, best, v.Trump) {
								best = c
							}
						}
						for s := range Seat(players) {
							if v.Played[s].Has(best) {
								want = s
							}
						}
						checked++
					}
					if got := v.Winning(); got != want {
						t.Fatalf("%d players: trick %v led by %s: Winning = %s, want %s", players, v.Trick[:v.InTrick], v.Leader, got, want)
					}
				}
				legal := d.Legal()
				if err := d.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked == 0 {
			t.Fatalf("%d players: no trick checked", players)
		}
	}
}

// TestCompleteSearchErrors: the dead ends of Complete's search are
// ErrInconsistent and say what fmt.Errorf said of them.
func TestCompleteSearchErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{declaresWithoutError{Seat(2)}, fmt.Sprintf("%v: seat C declares without the cards", ErrInconsistent)},
		{misplacedError{MustCard("QH")}, fmt.Sprintf("%v: %s is not where the history puts it", ErrInconsistent, MustCard("QH"))},
	} {
		if !errors.Is(c.err, ErrInconsistent) || c.err.Error() != c.want {
			t.Errorf("%#v: %q, is ErrInconsistent %v; want %q", c.err, c.err, errors.Is(c.err, ErrInconsistent), c.want)
		}
	}
}

// TestToldByTheDialogue: the four-player dialogue of docs/rules.md
// section 14. Each view's Told reaches the last word another seat said
// about its hidden cards: a value announced, "how high?", a top card,
// "not good", "same". Bids, "good" and "no sequence" tell nothing, and
// a seat's own words tell it nothing.
func TestToldByTheDialogue(t *testing.T) {
	h := tableDeal{players: 4, dealer: 3, maker: 2, up: "9S",
		first:  [4]string{"QD JD TD 7C 9C AH", "KC QC JC AD 9D 7D", "KS QS JS KH QH TC", "TH 9H 8H 7H AS TS"},
		second: [4]string{"8D 7S", "8S 8C", "AC", "KD JH"}}
	tb := h.table(t, "")
	told := func(want [4]int, after string) {
		t.Helper()
		for s := range Seat(4) {
			if v := tb.View(s); v.Told() != want[s] {
				t.Errorf("after %s: %s's Told = %d, want %d", after, s, v.Told(), want[s])
			}
		}
	}
	tdo(t, &tb, "A: pass", "B: pass", "C: take")
	told([4]int{}, "the bidding")
	tdo(t, &tb, "A: announce 20") // step 4
	told([4]int{0, 4, 4, 4}, "A's twenty")
	tdo(t, &tb, "B: how-high", "A: top Q", "B: not-good") // steps 5 to 7
	told([4]int{7, 6, 7, 7}, "B's not good")
	tdo(t, &tb, "C: how-high", "B: top K", "C: same") // steps 8 to 10
	told([4]int{10, 10, 9, 10}, "C's same")
	tdo(t, &tb, "D: announce 50") // step 11
	told([4]int{11, 11, 11, 10}, "D's fifty")

	// "no sequence" and "good" tell nothing.
	tb = h.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: take", "A: no-sequence", "B: announce 20", "C: good", "D: good")
	told([4]int{5, 0, 5, 5}, "B's twenty, C's and D's good")
	for _, k := range []Kind{Announce, NotGood, HowHigh, Top, Same, HowMany, Length, Exchange, Shlomo, Cleopatra, PlayCard} {
		if !k.Tells() {
			t.Errorf("%v tells nothing of its speaker's hidden cards", k)
		}
	}
	for _, k := range []Kind{Pass, Take, Schmeiss, Accept, Refuse, Name, NoExchange, NoSequence, Good, Draw, Give} {
		if k.Tells() {
			t.Errorf("%v tells the table about its speaker's hidden cards", k)
		}
	}
}

// TestToSpeakAndOwnClaim: the dialogue goes once round from eldest, and
// a seat that has spoken, or speaks now, is not to speak (the four
// players of docs/rules.md section 14). OwnClaim is the claimant's meld
// the claim stands for, its twenty after a twenty announced beside a
// fifty, and nothing for another seat.
func TestToSpeakAndOwnClaim(t *testing.T) {
	h := tableDeal{players: 4, dealer: 3, maker: 2, up: "9S",
		first:  [4]string{"QD JD TD 7C 9C AH", "KC QC JC AD 9D 7D", "KS QS JS KH QH TC", "TH 9H 8H 7H AS TS"},
		second: [4]string{"8D 7S", "8S 8C", "AC", "KD JH"}}
	tb := h.table(t, "")
	toSpeak := func(want string, after string) {
		t.Helper()
		for viewer := range Seat(4) {
			v := tb.View(viewer)
			got := ""
			for s := range Seat(4) {
				if v.ToSpeak(s) {
					got += s.String()
				}
			}
			if got != want {
				t.Errorf("after %s, %s's view: to speak %q, want %q", after, viewer, got, want)
			}
		}
	}
	tdo(t, &tb, "A: pass", "B: pass")
	toSpeak("", "the bidding")
	tdo(t, &tb, "C: take")
	toSpeak("BCD", "the bidding's end")
	tdo(t, &tb, "A: announce 20", "B: how-high")
	toSpeak("CD", "B's how high?")
	if a, b := tb.View(0), tb.View(1); a.OwnClaim().String() != "QD-JD-TD" || b.OwnClaim().Len != 0 {
		t.Errorf("A's claim: A's OwnClaim %s, B's %s", a.OwnClaim(), b.OwnClaim())
	}
	tdo(t, &tb, "A: top Q", "B: not-good")
	toSpeak("D", "B's not good")
	if b := tb.View(1); b.OwnClaim().String() != "KC-QC-JC" {
		t.Errorf("B's claim: B's OwnClaim %s", b.OwnClaim())
	}
	tdo(t, &tb, "C: how-high", "B: top K", "C: same", "D: announce 50")
	toSpeak("", "the dialogue")

	d := dialogueDeal(t, DefaultOptions(), "7C 8C 9C TC 7D 8D 9D AS KS", "7H 8H 9H JS QS 7S 8S AD KD", Spades)
	do(t, &d, "announce 20", "how-high")
	if a := d.View(SeatA); a.OwnClaim().String() != "9D-8D-7D" || a.OwnBest().String() != "TC-9C-8C-7C" {
		t.Errorf("a twenty beside a fifty: OwnClaim %s, OwnBest %s", a.OwnClaim(), a.OwnBest())
	}
}
