package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// docs/rules.md section 5.

func TestSequenceValues(t *testing.T) {
	tests := []struct {
		name, hand string
		want       string // Sequences, as String writes them
		points     int
		cards      string // sequenceCards
	}{
		{"none", "7C 8C TC JC 7H 9H AS", "", 0, ""},
		{"twenty", "7C 8C 9C JH", "9C-8C-7C", 20, "7C 8C 9C"},
		{"twenty ace high", "QS KS AS 7D", "AS-KS-QS", 20, "QS KS AS"},
		{"fifty", "7C 8C 9C TC", "TC-9C-8C-7C", 50, "7C 8C 9C TC"},
		{"long run counts once", "7C 8C 9C TC JC QC", "QC-JC-TC-9C-8C-7C", 50, "7C 8C 9C TC JC QC"},
		{"whole suit", "7D 8D 9D TD JD QD KD AD", "AD-KD-QD-JD-TD-9D-8D-7D", 50, "7D 8D 9D TD JD QD KD AD"},
		{"two in one suit", "7C 8C 9C JC QC KC", "KC-QC-JC 9C-8C-7C", 40, "7C 8C 9C JC QC KC"},
		{"twenty and fifty in two suits", "7C 8C 9C JH QH KH AH", "9C-8C-7C AH-KH-QH-JH", 70, "7C 8C 9C JH QH KH AH"},
		{"two twenties in two suits", "TD JD QD 8S 9S TS", "QD-JD-TD TS-9S-8S", 40, "TD JD QD 8S 9S TS"},
		{"a gap breaks a run", "7H 8H TH JH", "", 0, ""},
		{"natural order in trump too: J 10 9", "9H TH JH", "JH-TH-9H", 20, "9H TH JH"},
	}
	for _, tc := range tests {
		h := set(t, tc.hand)
		var got []string
		for _, q := range Sequences(h) {
			got = append(got, q.String())
			if q.Cards()&^h != 0 || q.Cards().Count() != int(q.Len) {
				t.Errorf("%s: sequence %s has cards %s", tc.name, q, q.Cards())
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: Sequences(%s) = %q, want %q", tc.name, h, g, tc.want)
		}
		if p := SequencePoints(h); p != tc.points {
			t.Errorf("%s: SequencePoints = %d, want %d", tc.name, p, tc.points)
		}
		if c := sequenceCards(h); c != set(t, tc.cards) {
			t.Errorf("%s: sequenceCards = %s, want %s", tc.name, c, tc.cards)
		}
	}
}

// seq builds a sequence from its top card and length.
func seq(top string, n int) Sequence {
	c := MustCard(top)
	return Sequence{Suit: c.Suit(), Top: c.Rank(), Len: uint8(n)}
}

func TestSequenceRanking(t *testing.T) {
	tests := []struct {
		name    string
		nd, dl  Sequence
		trump   Suit
		byValue int // compareSequences with sequence_rank=value: +1 non-dealer, -1 dealer
		byLen   int // with sequence_rank=length
	}{
		{"fifty beats twenty whatever the top", seq("TC", 4), seq("AD", 3), Spades, 1, 1},
		{"fifty beats twenty, dealer", seq("AD", 3), seq("TC", 4), Spades, -1, -1},
		{"by top card at equal value", seq("KC", 3), seq("AD", 3), Spades, -1, -1},
		{"by top card, non-dealer higher", seq("AC", 4), seq("KD", 4), Spades, 1, 1},
		{"trump over plain at equal top: dealer's trump", seq("KC", 3), seq("KH", 3), Hearts, -1, -1},
		{"trump over plain at equal top: non-dealer's trump", seq("KH", 3), seq("KC", 3), Hearts, 1, 1},
		{"full tie, neither trump: non-dealer", seq("KC", 3), seq("KD", 3), Spades, 1, 1},
		{"length option: five cards top J beat four top A", seq("JC", 5), seq("AD", 4), Spades, -1, 1},
		{"length option, dealer longer", seq("AD", 4), seq("JC", 5), Spades, 1, -1},
		{"length option, equal length: top decides", seq("QC", 4), seq("KD", 4), Spades, -1, -1},
		{"only the non-dealer holds one", seq("9C", 3), Sequence{}, Spades, 1, 1},
		{"only the dealer holds one", Sequence{}, seq("9C", 3), Spades, -1, -1},
		{"nobody", Sequence{}, Sequence{}, Spades, 0, 0},
	}
	for _, tc := range tests {
		if got := compareSequences(tc.nd, tc.dl, tc.trump, RankByValue); got != tc.byValue {
			t.Errorf("%s (value): got %d, want %d", tc.name, got, tc.byValue)
		}
		if got := compareSequences(tc.nd, tc.dl, tc.trump, RankByLength); got != tc.byLen {
			t.Errorf("%s (length): got %d, want %d", tc.name, got, tc.byLen)
		}
	}
}

func TestSequenceBest(t *testing.T) {
	tests := []struct {
		hand  string
		trump Suit
		mode  SeqRank
		want  string
	}{
		{"7C 8C 9C TC QH KH AH", Spades, RankByValue, "TC-9C-8C-7C"}, // value first
		{"9C TC JC QH KH AH", Spades, RankByValue, "AH-KH-QH"},       // then top
		{"JC QC KC JH QH KH", Hearts, RankByValue, "KH-QH-JH"},       // then trump
		{"JC QC KC JH QH KH", Clubs, RankByValue, "KC-QC-JC"},
		{"7C 8C 9C TC JC 8D 9D TD JD QD KD AD", Spades, RankByValue, "AD-KD-QD-JD-TD-9D-8D"},
		{"7C 8C 9C TC JC JD QD KD AD", Spades, RankByValue, "AD-KD-QD-JD"},
		{"7C 8C 9C TC JC JD QD KD AD", Spades, RankByLength, "JC-TC-9C-8C-7C"},
		{"7C 9C JC", Spades, RankByValue, "none"},
	}
	for _, tc := range tests {
		q, ok := bestSequence(set(t, tc.hand), tc.trump, tc.mode)
		if q.String() != tc.want || ok != (tc.want != "none") {
			t.Errorf("bestSequence(%s, trump %s, %s) = %s, %v; want %s", tc.hand, tc.trump, tc.mode, q, ok, tc.want)
		}
	}
}

// dialogueDeal deals nine cards each (the non-dealer's first, as strings
// of nine cards) with B dealing, and settles trump in round two by the
// non-dealer naming it, so the deal is at the opening of the dialogue.
func dialogueDeal(t *testing.T, opts Options, nd, dl string, trump Suit) Deal {
	t.Helper()
	n, l := strings.Fields(nd), strings.Fields(dl)
	if len(n) != 9 || len(l) != 9 {
		t.Fatalf("dialogueDeal wants nine cards each, got %d and %d", len(n), len(l))
	}
	used := set(t, nd) | set(t, dl)
	up := NoCard
	for c := Card(0); c < 32; c++ {
		if !used.Has(c) && c.Suit() != trump {
			up = c
			break
		}
	}
	h := hands{nd: strings.Join(n[:6], " "), nd2: strings.Join(n[6:], " "),
		dl: strings.Join(l[:6], " "), dl2: strings.Join(l[6:], " "), up: up.String()}
	d := NewDeal(opts, SeatB, h.deck(t))
	do(t, &d, "pass", "pass", "name "+trump.String())
	if d.Phase() != PhaseSequences || d.Turn() != SeatA {
		t.Fatalf("dialogueDeal: phase %s turn %s", d.Phase(), d.Turn())
	}
	return d
}

// Hands for the dialogue tests (A is the non-dealer, B the dealer); the
// pairs a test deals together are disjoint.
const (
	noSeqA    = "7C 9C JC 7D 9D JD 7H 9H JH"
	noSeqB    = "8C TC QC 8D TD QD 8H TH QH"
	twenty9C  = "7C 8C 9C JD 7H 9H JH KS AS" // 20: 7-8-9 of clubs
	noSeqB9C  = "TC QC 8D TD QD 8H TH QH AD" // none, beside twenty9C
	fiftyTD   = "TC QC 7D 8D 9D TD 8H TH QH" // 50: 7-8-9-10 of diamonds, beside twenty9C
	twentyQC  = "TC JC QC 8D TD KD 8H TH AD" // 20: 10-J-Q of clubs, beside twenty9C
	twenty9S  = "7S 8S 9S TC QC 8D TD 8H TH" // 20: 7-8-9 of spades, beside twenty9C
	twentyJH  = "7C 9C JC 8D TD 9H TH JH AS" // 20: 9-10-J of hearts
	twenty9Sb = "7S 8S 9S TC QC 7D 9D QH KH" // 20: 7-8-9 of spades, beside twentyJH
	twentyAS  = "8C TC QC 8D TD QD QS KS AS" // 20: Q-K-A of spades, beside noSeqA
	fiftyPlus = "7C 8C 9C TC 8D QD KD AD 9H" // 50 in clubs and a separate 20 (Q-K-A of diamonds)
	twentyASb = "JC QC 7D 9D JH QH QS KS AS" // 20: Q-K-A of spades, beside fiftyPlus
	noSeqBfp  = "JC QC 7D 9D JH QH 7S 9S JS" // none, beside fiftyPlus
)

func TestDialogueNoSequence(t *testing.T) {
	d := dialogueDeal(t, DefaultOptions(), noSeqA, noSeqB, Spades)
	wantLegal(t, &d, "no-sequence")
	refusedText(t, &d, "announce 20", ErrNoSuchSequence, "no sequence of that value to announce")
	refusedText(t, &d, "announce 50", ErrNoSuchSequence, "no sequence of that value to announce")
	refusedText(t, &d, "good", ErrDialogue, `you cannot say "good" now: you may say "no sequence"`)
	refusedText(t, &d, "play 7C", ErrWrongPhase, `"play 7C" is not a move now: the sequence dialogue is on: you may say "no sequence"`)
	do(t, &d, "no-sequence")
	if d.Turn() != SeatB {
		t.Fatalf("the dealer answers: turn %s", d.Turn())
	}
	wantLegal(t, &d, "no-sequence")
	do(t, &d, "no-sequence")
	if d.Phase() != PhasePlay || d.SeqWinner() != NoSeat || d.Turn() != SeatA {
		t.Errorf("phase %s winner %s turn %s, want play, nobody, the non-dealer to lead", d.Phase(), d.SeqWinner(), d.Turn())
	}
}

func TestDialogueGood(t *testing.T) {
	d := dialogueDeal(t, DefaultOptions(), twenty9C, noSeqB9C, Spades)
	wantLegal(t, &d, "announce 20, no-sequence")
	refusedText(t, &d, "announce 50", ErrNoSuchSequence, "no sequence of that value to announce: your best is twenty")
	do(t, &d, "announce 20")
	wantLegal(t, &d, "good")
	refusedText(t, &d, "not-good", ErrDialogue, `you cannot say "not good" now: you may say "good"`)
	refusedText(t, &d, "how-high", ErrDialogue, `you cannot say "how high?" now: you may say "good"`)
	refusedText(t, &d, "announce 20", ErrDialogue, `you cannot say "twenty" now: you may say "good"`)
	refusedText(t, &d, "no-sequence", ErrDialogue, "")
	do(t, &d, "good")
	if d.SeqWinner() != SeatA || d.Phase() != PhasePlay {
		t.Errorf("winner %s phase %s, want the non-dealer A and play", d.SeqWinner(), d.Phase())
	}
}

func TestDialogueNotGood(t *testing.T) {
	d := dialogueDeal(t, DefaultOptions(), twenty9C, fiftyTD, Spades)
	do(t, &d, "announce 20")
	wantLegal(t, &d, "good, not-good")
	refusedText(t, &d, "how-high", ErrDialogue, `you cannot say "how high?" now: you may say "good", "not good"`)
	refusedText(t, &d, "announce 50", ErrDialogue, "")
	do(t, &d, "not-good")
	wantSeqRight(t, &d, SeatB) // the dealer
	// The dealer may concede instead: "good" is always allowed.
	d = dialogueDeal(t, DefaultOptions(), twenty9C, fiftyTD, Spades)
	do(t, &d, "announce 20", "good")
	wantSeqRight(t, &d, SeatA)
}

func TestDialogueHowHigh(t *testing.T) {
	tests := []struct {
		name     string
		nd, dl   string
		trump    Suit
		top      Rank   // the non-dealer's top card, the only one it may name
		afterTop string // legal after the top is told
		reply    string
		winner   Seat
		takes    bool // the dealer's "same" would take the right (View.SameTakesRight)
	}{
		{"dealer higher", twenty9C, twentyQC, Hearts, Nine, "good, not-good", "not-good", SeatB, false},
		{"dealer higher concedes", twenty9C, twentyQC, Hearts, Nine, "good, not-good", "good", SeatA, false},
		{"dealer lower", twentyJH, twenty9Sb, Diamonds, Jack, "good", "good", SeatA, false},
		{"same, dealer's trump wins", twenty9C, twenty9S, Spades, Nine, "good, same", "same", SeatB, true},
		{"same, non-dealer's trump wins", twenty9C, twenty9S, Clubs, Nine, "good, same", "same", SeatA, false},
		{"same, neither trump: non-dealer", twenty9C, twenty9S, Hearts, Nine, "good, same", "same", SeatA, false},
		{"same, dealer concedes", twenty9C, twenty9S, Spades, Nine, "good, same", "good", SeatA, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := dialogueDeal(t, DefaultOptions(), tc.nd, tc.dl, tc.trump)
			do(t, &d, "announce 20")
			wantLegal(t, &d, "good, how-high")
			refusedText(t, &d, "not-good", ErrDialogue, `you cannot say "not good" now: you may say "good", "how high?"`)
			refusedText(t, &d, "same", ErrDialogue, "")
			do(t, &d, "how-high")
			if d.Turn() != SeatA {
				t.Fatalf("the non-dealer names the top card: turn %s", d.Turn())
			}
			wantLegal(t, &d, "top "+tc.top.String())
			for r := Seven; r <= Ace; r++ {
				if r != tc.top {
					refused(t, &d, TopAction(r), ErrNoSuchSequence,
						"that is not your sequence: say its real top card, "+tc.top.Name())
				}
			}
			refusedText(t, &d, "good", ErrDialogue, `you cannot say "good" now: you may say "`+tc.top.Name()+` high"`)
			do(t, &d, "top "+tc.top.String())
			if d.Turn() != SeatB {
				t.Fatalf("the dealer answers the top card: turn %s", d.Turn())
			}
			wantLegal(t, &d, tc.afterTop)
			if !strings.Contains(tc.afterTop, "same") {
				refusedText(t, &d, "same", ErrDialogue, "")
			}
			if !strings.Contains(tc.afterTop, "not-good") {
				refusedText(t, &d, "not-good", ErrDialogue, "")
			}
			refusedText(t, &d, "how-high", ErrDialogue, "")
			if v := d.View(SeatB); v.SameTakesRight() != tc.takes {
				t.Errorf("the dealer's SameTakesRight %v, want %v", v.SameTakesRight(), tc.takes)
			}
			if v := d.View(SeatA); v.SameTakesRight() {
				t.Error("SameTakesRight for the non-dealer, whose turn it is not")
			}
			do(t, &d, tc.reply)
			if d.SeqWinner() != tc.winner || d.Phase() != PhasePlay {
				t.Errorf("winner %s phase %s, want %s and play", d.SeqWinner(), d.Phase(), tc.winner)
			}
		})
	}
}

func TestDialogueNoSequenceThenDealerAnnounces(t *testing.T) {
	for _, pair := range [][2]string{{noSeqA, twentyAS}, {fiftyPlus, twentyASb}} { // without a sequence, and silent with one
		d := dialogueDeal(t, DefaultOptions(), pair[0], pair[1], Hearts)
		do(t, &d, "no-sequence")
		wantLegal(t, &d, "announce 20, no-sequence")
		refusedText(t, &d, "announce 50", ErrNoSuchSequence, "no sequence of that value to announce: your best is twenty")
		refusedText(t, &d, "good", ErrDialogue, `you cannot say "good" now: you may say "twenty", "no sequence"`)
		do(t, &d, "announce 20")
		if d.SeqWinner() != SeatB || d.Phase() != PhasePlay {
			t.Errorf("winner %s, want the dealer B", d.SeqWinner())
		}
	}
	// The dealer may stay silent too: nobody wins the right.
	d := dialogueDeal(t, DefaultOptions(), fiftyPlus, twentyASb, Hearts)
	do(t, &d, "no-sequence", "no-sequence")
	wantSeqRight(t, &d, NoSeat)
}

// TestDialogueAnnounceBelowTheBest: a player may announce less than its
// best, never more (docs/rules.md section 5): a 50 and a 20 may open with the
// 20. The words after it are about that 20 (its top card when asked), a
// better meld beats it, and the right it wins scores every sequence of
// the hand, the 50 too.
func TestDialogueAnnounceBelowTheBest(t *testing.T) {
	d := dialogueDeal(t, DefaultOptions(), fiftyPlus, noSeqBfp, Spades)
	wantLegal(t, &d, "announce 50, announce 20, no-sequence")
	refused(t, &d, AnnounceAction(30), ErrNoSuchSequence, "no sequence of that value to announce")
	do(t, &d, "announce 20")
	wantLegal(t, &d, "good")
	do(t, &d, "good", "play 9H")
	do(t, &d, d.Legal()[0].String())
	q := d.ShownCards()
	if got := fmt.Sprint(Sequences(q[SeatA])); got != "[TC-9C-8C-7C AD-KD-QD]" {
		t.Errorf("after the first trick A shows %s, want both its sequences", got)
	}

	// Asked how high, it names the 20's top card (the ace of diamonds),
	// not the 50's; at the same top, neither in trump, the non-dealer's
	// stands.
	d = dialogueDeal(t, DefaultOptions(), fiftyPlus, twentyASb, Hearts)
	do(t, &d, "announce 20")
	wantLegal(t, &d, "good, how-high")
	do(t, &d, "how-high")
	wantLegal(t, &d, "top A")
	refused(t, &d, TopAction(Ten), ErrNoSuchSequence, "that is not your sequence: say its real top card, ace")
	do(t, &d, "top A")
	wantLegal(t, &d, "good, same")
	do(t, &d, "same")
	wantSeqRight(t, &d, SeatA)

	// A 50 beats the 20 announced: the 50 held back does not count.
	d = dialogueDeal(t, DefaultOptions(), fiftyPlus, "JH QH KH AH 7S 8S JC 9D TD", Spades)
	do(t, &d, "announce 20")
	wantLegal(t, &d, "good, not-good")
	do(t, &d, "not-good")
	wantSeqRight(t, &d, SeatB)
}

func TestDialogueHowManyWithLengthOption(t *testing.T) {
	long := "7C 8C 9C TC JC 8D 9H KS AS"  // 50: five clubs to the jack
	short := "TD JD QD KD 8H TH AH 7S 8S" // 50: four diamonds to the king
	four := "7C 8C 9C TC QC 9D 9H JS QS"  // 50: four clubs to the 10
	opts := DefaultOptions()
	opts.SequenceRank = RankByLength

	// Longer non-dealer: the dealer's four cards are good.
	d := dialogueDeal(t, opts, long, short, Spades)
	do(t, &d, "announce 50")
	wantLegal(t, &d, "good, how-many")
	refusedText(t, &d, "how-high", ErrDialogue, `you cannot say "how high?" now: you may say "good", "how many cards?"`)
	do(t, &d, "how-many")
	wantLegal(t, &d, "length 5")
	refusedText(t, &d, "length 4", ErrNoSuchSequence, "that is not your sequence: say its real length, five cards")
	refused(t, &d, LengthAction(6), ErrNoSuchSequence, "")
	do(t, &d, "length 5")
	wantLegal(t, &d, "good")
	do(t, &d, "good")
	// With the length option the longer run wins.
	wantSeqRight(t, &d, SeatA)

	// Longer dealer: "not good" after the length.
	d = dialogueDeal(t, opts, short, long, Spades)
	do(t, &d, "announce 50", "how-many", "length 4")
	wantLegal(t, &d, "good, not-good")
	do(t, &d, "not-good")
	wantSeqRight(t, &d, SeatB)

	// Equal lengths: "how high?" follows, and the top decides.
	d = dialogueDeal(t, opts, four, short, Spades)
	say(t, &d, "announce 50", "how-many", "length 4", "? good, how-high", "how-high", "top T",
		"? good, not-good", "not-good")
	// King high over ten high.
	wantSeqRight(t, &d, SeatB)

	// The default option never asks how many: top card first.
	d = dialogueDeal(t, DefaultOptions(), long, short, Spades)
	do(t, &d, "announce 50")
	wantLegal(t, &d, "good, how-high")
	refusedText(t, &d, "how-many", ErrDialogue, "")
	do(t, &d, "how-high", "top J", "not-good")
	// By value: king high over jack high.
	wantSeqRight(t, &d, SeatB)

	// With the length option a 20 still goes straight to "how high?".
	d = dialogueDeal(t, opts, twenty9C, twentyQC, Spades)
	do(t, &d, "announce 20")
	wantLegal(t, &d, "good, how-high")
}

// TestDialogueAgreesWithRanking: when the dealer answers with the
// strongest reply the dialogue allows, the right goes where
// compareSequences says, for every pair of best sequences in a sample
// of random hands, under both options.
func TestDialogueAgreesWithRanking(t *testing.T) {
	x := uint64(12345)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	strongest := []Kind{NotGood, HowHigh, HowMany, Same, Announce, Length, Top, Good, NoSequence}
	for i := 0; i < 3000; i++ {
		var deck Deck = NewDeck()
		for j := 31; j > 0; j-- {
			k := int(next() % uint64(j+1))
			deck[j], deck[k] = deck[k], deck[j]
		}
		opts := DefaultOptions()
		if i%2 == 1 {
			opts.SequenceRank = RankByLength
		}
		d := NewDeal(opts, Seat(i%2), deck)
		trump := Suit(next() % 4)
		if trump == d.OrigUpcard().Suit() {
			trump = (trump + 1) % 4
		}
		do(t, &d, "pass", "pass", "name "+trump.String())
		nd, dl := roles(d.Dealer())
		want := compareSequences(bestSeq(&d, nd), bestSeq(&d, dl), d.Trump(), opts.SequenceRank)
		for d.Phase() == PhaseSequences {
			l := d.Legal()
			best := l[0]
			for _, k := range strongest {
				found := false
				for _, a := range l {
					if a.Kind == k {
						best, found = a, true
						break
					}
				}
				if found {
					break
				}
			}
			if err := d.Apply(best); err != nil {
				t.Fatal(err)
			}
		}
		got := map[Seat]int{nd: 1, dl: -1, NoSeat: 0}[d.SeqWinner()]
		if got != want {
			t.Fatalf("deal %d (%s): %s vs %s, trump %s: dialogue %v gives %s, compareSequences %d",
				i, opts.SequenceRank, bestSeq(&d, nd), bestSeq(&d, dl), d.Trump(), d.Steps(), d.SeqWinner(), want)
		}
	}
}

func TestSequenceRightAfterDixExchange(t *testing.T) {
	// The non-dealer's 9-10-Q of hearts and the 7: the exchange for the
	// jack makes 9-10-J-Q, a fifty.
	h := hands{nd: "7H 9H TH QH 7C 9C", dl: "8C TC QC 8D TD QD", up: "JH", nd2: "JC 7D 9D", dl2: "JD KD KC", bottom: "AD"}
	d := newDeal(t, SeatB, h)
	do(t, &d, "take", "exchange")
	wantLegal(t, &d, "announce 50, no-sequence")
	if q := bestSeq(&d, SeatA); q.String() != "QH-JH-TH-9H" {
		t.Errorf("best sequence %s, want QH-JH-TH-9H", q)
	}
}

func TestSequencesShownAfterFirstTrick(t *testing.T) {
	d := dialogueDeal(t, DefaultOptions(), fiftyPlus, noSeqBfp, Spades)
	do(t, &d, "announce 50", "good")
	if q := d.ShownCards(); q != [4]CardSet{} {
		t.Errorf("before the first trick: shown %v, want nothing", q)
	}
	if v := d.View(SeatB); v.Shown != [4]CardSet{} || v.SeqWinner != SeatA {
		t.Errorf("B's view before the first trick: shown %s winner %s", v.Shown, v.SeqWinner)
	}
	do(t, &d, "play 9H")
	if q := d.ShownCards(); q != [4]CardSet{} {
		t.Errorf("mid-trick: shown %v, want nothing yet", q)
	}
	l := d.Legal()
	do(t, &d, l[0].String())
	q := d.ShownCards()
	if got := fmt.Sprint(Sequences(q[SeatA])); q[SeatB] != 0 || got != "[TC-9C-8C-7C AD-KD-QD]" {
		t.Errorf("after the first trick: shown %s by A and %s by B, want [TC-9C-8C-7C AD-KD-QD] by A", got, q[SeatB])
	}
	if v := d.View(SeatB); v.Shown[SeatA] != set(t, "7C 8C 9C TC QD KD AD") {
		t.Errorf("B's view: shown %s", v.Shown)
	}
}

// bestSeq is seat s's best sequence as the dialogue counts it.
func bestSeq(d *Deal, s Seat) Sequence {
	m := d.BestMeld(s)
	return Sequence{Suit: m.Suit, Top: m.Top, Len: m.Len}
}

// The tests' own statement of the sequences of a hand and of the
// contest for the sequence right, which the engine's answers are
// checked against.

// sequenceCards returns the cards of hand that are part of a sequence.
func sequenceCards(hand CardSet) CardSet {
	var m CardSet
	for s := Clubs; s <= Spades; s++ {
		m |= CardSet(laneRuns[hand.Lane(s)].mask) << (8 * uint(s))
	}
	return m
}

// seqKey orders sequences for the contest as the engine does (Meld.key):
// a larger key wins. Equal keys are a true tie (won by the non-dealer).
func seqKey(q Sequence, trump Suit, mode SeqRank) int {
	return Meld{Suit: q.Suit, Top: q.Top, Len: q.Len, Trump: q.Suit == trump}.key(mode)
}

// bestSequence returns the sequence of hand that ranks highest under
// trump and the ranking mode, and false if the hand holds none.
func bestSequence(hand CardSet, trump Suit, mode SeqRank) (Sequence, bool) {
	var best Sequence
	bk := 0
	for s := Clubs; s <= Spades; s++ {
		lr := &laneRuns[hand.Lane(s)]
		for i := 0; i < int(lr.n); i++ {
			q := Sequence{Suit: s, Top: lr.top[i], Len: lr.len[i]}
			if k := seqKey(q, trump, mode); k > bk {
				best, bk = q, k
			}
		}
	}
	return best, bk > 0
}

// compareSequences says who wins the sequence right with the two best
// sequences (a zero Len means none): +1 for the non-dealer's, -1 for the
// dealer's, 0 when neither holds one. On a full tie the non-dealer wins.
func compareSequences(nonDealer, dealer Sequence, trump Suit, mode SeqRank) int {
	a, b := seqKey(nonDealer, trump, mode), seqKey(dealer, trump, mode)
	switch {
	case a == 0 && b == 0:
		return 0
	case a >= b:
		return 1
	}
	return -1
}

// TestSameTakesRightAtTables: at three and four players the challenger
// who ties the claim standing (jack-high twenties) takes the right with
// "same" only when its own meld is in trump, and View.SameTakesRight
// says so before it speaks; the right ends where the words put it.
func TestSameTakesRightAtTables(t *testing.T) {
	// A (eldest, the maker) holds 9-10-J of spades, B 9-10-J of clubs;
	// the upcard is a club.
	tests := []struct {
		trump Suit
		bid   string // A's bid, in round two after every seat passed unless "take"
		takes bool
	}{
		{Hearts, "name H", false},
		{Clubs, "take", true},
		{Spades, "name S", false},
	}
	for _, players := range []int{3, 4} {
		for _, tc := range tests {
			for _, reply := range []string{"same", "good"} {
				t.Run(fmt.Sprintf("%d players, trump %s, %s", players, tc.trump, reply), func(t *testing.T) {
					h := tableDeal{players: players, dealer: Seat(players - 1), maker: SeatA,
						first: [4]string{"9S TS JS 7H 8D AD", "9C TC JC 8H AH 7S"}, up: "8C"}
					if players == 4 {
						h.second = [4]string{"9H", "QH 8S"}
					} else {
						h.second = [4]string{"9H KC 7D", "QH 8S KD"}
					}
					d := h.table(t, "")
					if tc.bid != "take" {
						for range players {
							do(t, &d, "pass")
						}
					}
					do(t, &d, tc.bid)
					for d.Phase() == PhaseDix {
						do(t, &d, "no-exchange")
					}
					if d.Trump() != tc.trump || d.Phase() != PhaseSequences || d.Turn() != SeatA {
						t.Fatalf("trump %s phase %s turn %s", d.Trump(), d.Phase(), d.Turn())
					}
					do(t, &d, "announce 20", "how-high", "top J")
					if v := d.View(SeatB); v.SameTakesRight() != tc.takes {
						t.Errorf("B's SameTakesRight %v, want %v", v.SameTakesRight(), tc.takes)
					}
					do(t, &d, reply)
					if v := d.View(d.Turn()); v.SameTakesRight() {
						t.Errorf("SameTakesRight for %s, who may not say same", d.Turn())
					}
					for d.Phase() == PhaseSequences {
						if slices.Contains(d.Legal(), Action{Kind: Good}) {
							do(t, &d, "good")
						} else {
							do(t, &d, "no-sequence")
						}
					}
					want := SeatA
					if reply == "same" && tc.takes {
						want = SeatB
					}
					wantSeqRight(t, &d, want)
				})
			}
		}
	}
}
