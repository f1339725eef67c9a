package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// playDeal is dialogueDeal followed by "no sequence" from both, so the
// deal is at the first lead, by the non-dealer A.
func playDeal(t *testing.T, opts Options, a, b string, trump Suit) Deal {
	t.Helper()
	d := dialogueDeal(t, opts, a, b, trump)
	do(t, &d, "no-sequence", "no-sequence")
	if d.Phase() != PhasePlay || d.Turn() != SeatA {
		t.Fatalf("playDeal: phase %s turn %s, want play with A to lead", d.Phase(), d.Turn())
	}
	return d
}

// playCards plays cards in order, whoever is to move; a card written
// with a trailing "+" is played with bella.
func playCards(t *testing.T, d *Deal, cards string) {
	t.Helper()
	for _, f := range strings.Fields(cards) {
		s := "play " + strings.TrimSuffix(f, "+")
		if strings.HasSuffix(f, "+") {
			s += " bella"
		}
		do(t, d, s)
	}
}

// followCase is the follower's position after A leads: the cards B may
// play, and plays it may not make with the error they get.
type followCase struct {
	name  string
	trump Suit
	a, b  string // nine cards each; A (the non-dealer) leads
	lead  string
	legal string // B's legal cards
	bad   []badPlay
}

// badPlay is a refusal: each of cards (space separated) is refused
// with err, saying msg.
type badPlay struct {
	cards string
	err   error
	msg   string
}

func runFollow(t *testing.T, tests []followCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := playDeal(t, DefaultOptions(), tc.a, tc.b, tc.trump)
			// The leader may lead any card.
			p := d.Play()
			if got := p.Legal(); got != set(t, tc.a) {
				t.Errorf("the leader may lead %s, want the whole hand %s", got, tc.a)
			}
			playCards(t, &d, tc.lead)
			if d.Turn() != SeatB {
				t.Fatalf("turn %s, want B to follow", d.Turn())
			}
			p = d.Play()
			if got := p.Legal(); got != set(t, tc.legal) {
				t.Errorf("B may play %s, want %s", got, set(t, tc.legal))
			}
			var want []string
			for _, c := range set(t, tc.legal).Cards() {
				want = append(want, "play "+c.String())
			}
			wantLegal(t, &d, strings.Join(want, ", "))
			for _, bp := range tc.bad {
				for _, c := range strings.Fields(bp.cards) {
					refused(t, &d, PlayAction(MustCard(c)), bp.err, bp.msg)
				}
			}
			// Every legal card is accepted.
			for _, c := range set(t, tc.legal).Cards() {
				e := d
				if err := e.Apply(PlayAction(c)); err != nil {
					t.Errorf("legal %s refused: %v", c, err)
				}
			}
		})
	}
}

func TestPlayFollowSuit(t *testing.T) {
	runFollow(t, []followCase{
		{
			name: "follow with any card of the suit, beating or not", trump: Spades,
			a: "AH 7C 9C JC 7D 9D JD 7S 9S", b: "TH 8H 8C TC QC 8D TD QD JS",
			lead: "AH", legal: "8H TH",
			bad: []badPlay{
				{"8C JS", ErrMustFollow, "you must follow hearts"}, // JS: trumping is no way out
				{"AS", ErrNotInHand, "you do not hold A♠"},
				{"7C", ErrNotInHand, "you do not hold 7♣"},
			},
		},
		{
			name: "a single card of the suit", trump: Hearts,
			a: "7D 7C 9C JC 9D JD 7S 9S AS", b: "AD 8H 8C TC QC 9H TH 8S JS",
			lead: "7D", legal: "AD",
			bad: []badPlay{{"9H", ErrMustFollow, "you must follow diamonds"}},
		},
	})
}

func TestPlayTrumpWhenVoid(t *testing.T) {
	runFollow(t, []followCase{
		{
			name: "void in clubs: any trump, not only a high one", trump: Spades,
			a: "7C 9C JC 7D 9D JD 7H 9H JH", b: "8D TD QD 8H TH QH 7S 8S AS",
			lead: "7C", legal: "7S 8S AS",
			bad: []badPlay{{"8D QH", ErrMustTrump, "you have no clubs, so you must trump"}},
		},
	})
}

func TestPlayOvertrumpWhenTrumpLed(t *testing.T) {
	runFollow(t, []followCase{
		{
			name: "a higher trump when able", trump: Hearts,
			a: "AH 7C 9C JC 7D 9D JD 7S 9S", b: "JH 9H KH 7H 8C TC QC 8D TD",
			lead: "AH", legal: "9H JH",
			bad: []badPlay{{"KH 7H 8C", ErrMustOvertrump, "a trump was led, so you must play a higher trump (J♥ or 9♥)"}},
		},
		{
			name: "one higher trump", trump: Hearts,
			a: "TH 7C 9C JC 7D 9D JD 7S 9S", b: "AH 8H 8C TC QC 8D TD QD AS",
			lead: "TH", legal: "AH",
			bad: []badPlay{{"8H", ErrMustOvertrump, "a trump was led, so you must play a higher trump (A♥)"}},
		},
		{
			name: "no higher trump: any trump", trump: Hearts,
			a: "JH 7C 9C JC 7D 9D JD 7S 9S", b: "9H KH 8C TC QC 8D TD QD AS",
			lead: "JH", legal: "9H KH",
			bad: []badPlay{{"8C", ErrMustFollow, "you must follow hearts"}},
		},
		{
			name: "no trump at all: any card", trump: Hearts,
			a: "AH 7C 9C JC 7D 9D JD 7S 9S", b: "8C TC QC 8D TD QD 8S TS QS",
			lead: "AH", legal: "8C TC QC 8D TD QD 8S TS QS",
		},
	})
}

func TestPlayFreeDiscard(t *testing.T) {
	runFollow(t, []followCase{
		{
			name: "void in the led suit and in trumps", trump: Spades,
			a: "7C 9C JC 7D 9D JD 7H 9H JH", b: "8D TD QD 8H TH QH AD KD KH",
			lead: "7C", legal: "8D TD QD KD AD 8H TH QH KH",
		},
	})
}

func TestPlayNonDealerLeadsAndWinnerLeads(t *testing.T) {
	// The dealer B is maker (named spades in round two); A still leads.
	h := hands{nd: "7C 9C JC 7D 9D JD", nd2: "7H 9H JH", dl: "8D TD QD 8H TH QH", dl2: "7S 8S AS", up: "8C"}
	d := newDeal(t, SeatB, h)
	do(t, &d, "pass", "pass", "pass", "name S", "no-sequence", "no-sequence")
	if d.Maker() != SeatB || d.Turn() != SeatA {
		t.Fatalf("maker %s, first lead by %s; want B and A", d.Maker(), d.Turn())
	}
	refused(t, &d, PlayAction(NoCard), ErrNotInHand, "that is not a card")
	refused(t, &d, PlayAction(Card(40)), ErrNotInHand, "that is not a card")
	refused(t, &d, Action{Kind: PlayCard, Card: MustCard("7C"), Suit: Hearts}, ErrMalformed, "malformed action: a play action sets fields it does not use")
	refusedText(t, &d, "no-sequence", ErrWrongPhase, `"no-sequence" is not a move now: play a card`)
	playCards(t, &d, "7C 7S") // B trumps and wins
	lastCards, leader, ok := d.LastTrick()
	if !ok || [2]Card(lastCards[:2]) != [2]Card{MustCard("7C"), MustCard("7S")} || leader != SeatA {
		t.Errorf("LastTrick = %v, %s, %v", lastCards, leader, ok)
	}
	if p := d.Play(); d.Turn() != SeatB || p.Legal() != d.Hand(SeatB) {
		t.Errorf("the winner B leads any card: turn %s legal %s", d.Turn(), p.Legal())
	}
	playCards(t, &d, "8H 9H") // A follows higher and wins
	if d.Turn() != SeatA {
		t.Errorf("turn %s, want the winner A", d.Turn())
	}
	if w := d.Play().Won; w != [4]uint8{1, 1} {
		t.Errorf("tricks won %v, want one each", w)
	}
}

// Bella: K and Q of hearts in A's hand, hearts trump.
const (
	bellaA = "KH QH 7C 9C JC 7D 9D JD 7S"
	bellaB = "8C TC QC 8D TD QD 8S TS QS"
)

func TestBellaOnlyOnSecondOfKingAndQueen(t *testing.T) {
	d := playDeal(t, DefaultOptions(), bellaA, bellaB, Hearts)
	// Leading the king, the first of the two: no bella yet.
	for _, a := range d.Legal() {
		if a.Bella {
			t.Errorf("bella offered with the first of K and Q: %v", d.Legal())
		}
	}
	refusedText(t, &d, "play KH bella", ErrBella,
		"bella is announced with the second of the king and queen of trump, by the player who held both")
	playCards(t, &d, "KH 8C")
	// A won with the trump king and leads: the queen may carry bella.
	wantLegal(t, &d, "play 7C, play 9C, play JC, play 7D, play 9D, play JD, play QH, play QH bella, play 7S")
	refusedText(t, &d, "play 7C bella", ErrBella, "")
	playCards(t, &d, "QH+")
	if d.BellaBy() != SeatA {
		t.Errorf("bella by %s, want A", d.BellaBy())
	}
	playCards(t, &d, "TC 7C QC")
	playFirstToEnd(t, &d)
	if sc := d.Score(); sc.Bella != [4]int{20} {
		t.Errorf("bella scores %v, want [20 0]", sc.Bella)
	}
}

func TestBellaIsOptional(t *testing.T) {
	d := playDeal(t, DefaultOptions(), bellaA, bellaB, Hearts)
	playCards(t, &d, "QH 8C KH") // the king without bella
	if d.BellaBy() != NoSeat {
		t.Errorf("bella by %s, want nobody", d.BellaBy())
	}
	playCards(t, &d, "TC")
	for !d.Over() {
		for _, a := range d.Legal() {
			if a.Bella {
				t.Fatalf("bella offered after the chance passed: %v", d.Legal())
			}
		}
		doFirst(t, &d)
	}
	if sc := d.Score(); sc.Bella != [4]int{} {
		t.Errorf("bella scores %v, want none", sc.Bella)
	}
}

func TestBellaNeedsBothKingAndQueen(t *testing.T) {
	// A holds the king, B the queen: neither may announce.
	d := playDeal(t, DefaultOptions(), "KH 8H 7C 9C JC 7D 9D JD 7S", "QH TH 8C TC QC 8D TD QD 8S", Hearts)
	tried := 0
	for !d.Over() {
		for _, a := range d.Legal() {
			if a.Bella {
				t.Fatalf("bella offered without both cards: %v", d.Legal())
			}
			if a.Card.Suit() == Hearts && a.Card.Rank() >= Queen {
				refused(t, &d, PlayBellaAction(a.Card), ErrBella, "")
				tried++
			}
		}
		doFirst(t, &d)
	}
	if tried < 2 {
		t.Errorf("tried bella %d times, want with both the king and the queen", tried)
	}
	if d.Score().Bella != [4]int{} {
		t.Errorf("bella scored without both cards: %v", d.Score().Bella)
	}
}

func TestBellaWithKingFromDixExchange(t *testing.T) {
	// The upcard is the king of hearts; A exchanges the 7 for it and so
	// holds both king and queen when play begins.
	h := hands{nd: "7H QH 7C 9C JC 7D", nd2: "9D JD 7S", dl: "8C TC QC 8D TD QD", dl2: "8S TS QS", up: "KH"}
	d := newDeal(t, SeatB, h)
	do(t, &d, "take", "exchange", "no-sequence", "no-sequence")
	playCards(t, &d, "QH 8C")
	found := false
	for _, a := range d.Legal() {
		found = found || a == PlayBellaAction(MustCard("KH"))
	}
	if !found {
		t.Errorf("bella with the king taken by the dix exchange not offered: %v", d.Legal())
	}
	playCards(t, &d, "KH+")
	if d.BellaBy() != SeatA {
		t.Errorf("bella by %s, want A", d.BellaBy())
	}
}

func TestPickChoosesByIndexOrder(t *testing.T) {
	p := Duel{Hands: [2]CardSet{set(t, "7C JC AD 9H KS"), set(t, "8C")}, Trump: Hearts, Lead: NoCard, Leader: SeatA}
	cards := p.Legal().Cards()
	n := uint64(len(cards))
	for j, c := range cards {
		// The numbers r with r*n/2^32 == j: the first and the last.
		lo := uint32((uint64(j)<<32 + n - 1) / n)
		hi := uint32((uint64(j+1)<<32 - 1) / n)
		if got := p.Pick(lo); got != c {
			t.Errorf("Pick(%#x) = %s, want %s", lo, got, c)
		}
		if got := p.Pick(hi); got != c {
			t.Errorf("Pick(%#x) = %s, want %s", hi, got, c)
		}
	}
	empty := Duel{Lead: NoCard}
	if got := empty.Pick(12345); got != NoCard {
		t.Errorf("Pick with nothing to play = %s, want NoCard", got)
	}
}

func TestPlayoutOddPositions(t *testing.T) {
	tests := []Duel{
		// Unequal hands: not a deal's position, played card by card.
		{Hands: [2]CardSet{set(t, "7C JC AD"), set(t, "8C 9H")}, Trump: Hearts, Lead: NoCard, Leader: SeatA},
		// No trump yet.
		{Hands: [2]CardSet{set(t, "7C JC AD"), set(t, "8C 9H TS")}, Trump: NoSuit, Lead: NoCard, Leader: SeatB},
		// A trick led.
		{Hands: [2]CardSet{set(t, "7C JC"), set(t, "8C 9H TS")}, Trump: Spades, Lead: MustCard("AD"), Leader: SeatA},
		// Nothing left.
		{Trump: Spades, Lead: NoCard},
	}
	for i, p := range tests {
		for seed := uint64(0); seed < 50; seed++ {
			q := p
			q.Playout(rand.NewPCG(seed, 1))
			// It plays until the seat to move has no card.
			if q.Legal() != 0 || q.Hands[0]&q.Hands[1] != 0 {
				t.Fatalf("position %d seed %d: playout stopped at %+v", i, seed, q)
			}
		}
	}
}

// TestCardList: the five-bit card lists Playout keeps.
func TestCardList(t *testing.T) {
	x := uint32(12345)
	for i := 0; i < 100000; i++ {
		x = xorshift32(x)
		h := CardSet(x) & CardSet(x>>3) // up to about 12 cards: a list holds 12
		if h.Count() > 12 {
			continue
		}
		var want uint64
		for j, c := range h.Cards() {
			want |= uint64(c) << (5 * j)
		}
		if got := cardList(h); got != want {
			t.Fatalf("%s: %x want %x", h, got, want)
		}
	}
}
