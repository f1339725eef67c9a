package rules

import (
	"errors"
	"fmt"
	"testing"
)

// Three players (docs/rules.md section 12, the Scottish version). Seats A, B,
// C; with C dealing, A is eldest and speaks and leads first.

func TestThreeDealSixAndThreeFromEldest(t *testing.T) {
	// The deck in index order, C dealing: three each from A, twice, then
	// the upcard (9H), and after bidding three more each from A; the
	// bottom card (AS) is turned.
	tb := NewDeal(Options{Players: 3, BottomCard: true, LastTrick: 10, Target: 500}, 2, NewDeck())
	want := [3]string{"7C 8C 9C 8D 9D TD", "TC JC QC JD QD KD", "KC AC 7D AD 7H 8H"}
	for s := range 3 {
		if got := tb.Hand(Seat(s)); got != set(t, want[s]) {
			t.Errorf("seat %s first six: got %s, want %s", Seat(s), got, want[s])
		}
	}
	if tb.Upcard() != MustCard("9H") || tb.Turn() != SeatA || tb.Eldest() != SeatA {
		t.Errorf("upcard %s turn %s eldest %s, want 9H A A", tb.Upcard(), tb.Turn(), tb.Eldest())
	}
	tdo(t, &tb, "A: take")
	want = [3]string{"7C 8C 9C 8D 9D TD TH JH QH", "TC JC QC JD QD KD KH AH 7S", "KC AC 7D AD 7H 8H 8S 9S TS"}
	for s := range 3 {
		if got := tb.Hand(Seat(s)); got != set(t, want[s]) {
			t.Errorf("seat %s after bidding: got %s, want %s", Seat(s), got, want[s])
		}
	}
	if tb.Bottom() != MustCard("AS") {
		t.Errorf("bottom card %s, want AS", tb.Bottom())
	}
}

// tableOf returns the unshuffled deal of players seats dealt by the
// last seat, so that A is eldest.
func tableOf(players int) Deal {
	o := DefaultOptions()
	o.Players = players
	return NewDeal(o, Seat(players-1), NewDeck())
}

func TestTableBiddingNoSchmeiss(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			tb := tableOf(n)
			wantLegal(t, &tb, "pass, take")
			trefused(t, &tb, "schmeiss", ErrWrongPhase, fmt.Sprintf("no schmeiss with %d players", n))
		})
	}
}

func TestThreeBiddingInTurnFromEldest(t *testing.T) {
	// B deals: C is eldest, then A, then B.
	tb := tableDeal{players: 3, dealer: 1, up: "9H"}.table(t, "")
	for _, want := range []Seat{2, 0, 1} {
		if tb.Turn() != want {
			t.Fatalf("turn %s, want %s (history %v)", tb.Turn(), want, tb.Steps())
		}
		tdo(t, &tb, want.String()+": pass")
	}
	if tb.Phase() != PhaseBid2 || tb.Turn() != 2 {
		t.Fatalf("after three passes: %s, %s to speak; want round two, C", tb.Phase(), tb.Turn())
	}
}

func TestThreeRoundTwoNamesOneOfTheThreeOtherSuits(t *testing.T) {
	tb := tableDeal{players: 3, dealer: 2, up: "9H"}.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: pass")
	wantLegal(t, &tb, "pass, name C, name D, name S")
	tdo(t, &tb, "A: pass", "B: pass")
	// The dealer may not name the upcard's suit with three players.
	wantLegal(t, &tb, "pass, name C, name D, name S")
	trefused(t, &tb, "name H", ErrBadSuit, "hearts were refused in round one")
	trefused(t, &tb, "name NT", ErrBadSuit, "only for four players")
	tdo(t, &tb, "C: name S")
	if tb.Maker() != 2 || tb.Trump() != Spades || tb.Phase() != PhaseSequences {
		t.Errorf("maker %s trump %s phase %s, want C S sequences", tb.Maker(), tb.Trump(), tb.Phase())
	}
}

func TestTableAllPassTwiceAbandoned(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			tb := tableOf(n)
			for range 2 {
				for s := range Seat(n) {
					tdo(t, &tb, s.String()+": pass")
				}
			}
			if !tb.Over() || tb.Score().Outcome != Abandoned || tb.Score().Scored != [4]int{} {
				t.Errorf("after %d passes: over %v score %+v, want abandoned, nothing scored", 2*n, tb.Over(), tb.Score())
			}
		})
	}
}

func TestThreeDixAsInTwoPlayer(t *testing.T) {
	// Each player is asked in turn from eldest; B holds the 7 of trump.
	h := tableDeal{players: 3, dealer: 2, up: "9H", first: [4]string{"", "7H AS KS QS JS TS"}}
	tb := h.table(t, "")
	say(t, &tb, "A: take", "? no-exchange", "A: no-exchange", "? exchange, no-exchange", "B: exchange")
	if !tb.Hand(1).Has(MustCard("9H")) || tb.Hand(1).Has(MustCard("7H")) || tb.Upcard() != MustCard("7H") || tb.DixBy() != 1 {
		t.Errorf("after the exchange: B holds %s, upcard %s, dix by %s", tb.Hand(1), tb.Upcard(), tb.DixBy())
	}
	if tb.Phase() != PhaseSequences {
		t.Errorf("phase %s after the exchange, want sequences", tb.Phase())
	}
	// No exchange after round-two trump.
	tb = h.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: pass", "A: name S")
	if tb.Phase() != PhaseSequences {
		t.Errorf("phase %s after round-two trump, want sequences", tb.Phase())
	}
}

// threePlay is a trick in progress at a table of three, trump hearts:
// lead and second already played (A led), the third's hand.
func threePlay(t *testing.T, cards []string, third string, trump Suit) Play {
	t.Helper()
	p := Play{N: 3, Trump: trump, Leader: SeatA}
	for i, c := range cards {
		p.Hands[i] = SetOf(MustCard(c)).With(MustCard("7C")).With(MustCard("8C"))
	}
	p.Hands[len(cards)] = set(t, third)
	for _, c := range cards {
		p.Move(MustCard(c))
	}
	return p
}

func TestThreeTrickPlayDuties(t *testing.T) {
	for _, c := range []struct {
		name  string
		trick []string
		hand  string
		want  string
	}{
		{"ThirdPlayerMustOvertrump", []string{"AS", "9H"}, "JH 7H KD", "JH"},
		{"ThirdPlayerUndertrump", []string{"AS", "JH"}, "9H 7H KD", "7H 9H"},
		{"ThirdPlayerAnyCardWithoutTrump", []string{"AS", "JH"}, "KD QC", "QC KD"},
		{"ThirdPlayerFollowsSuitBeforeTrumping", []string{"AS", "JH"}, "7S 9H", "7S"},
		{"ThirdPlayerNeedNotBeatPlainCard", []string{"7S", "AS"}, "8S KS", "8S KS"},
		{"SecondPlayerTrumpsWithAnyTrump", []string{"AS"}, "7H JH KD", "7H JH"},
		{"TrumpLeadBeatHighestSoFar", []string{"7H", "9H"}, "AH JH 8H", "JH"},
		{"TrumpLeadCannotBeatAnyTrump", []string{"7H", "JH"}, "AH 8H KD", "8H AH"},
		{"TrumpLeadWithoutTrumpAnyCard", []string{"7H", "JH"}, "KD QC", "QC KD"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := threePlay(t, c.trick, c.hand, Hearts)
			if got := p.Legal(); got != set(t, c.want) {
				t.Errorf("trick %v, hand %s: legal %s, want %s", c.trick, c.hand, got, c.want)
			}
			if got := refTableLegal(set(t, c.hand), p.Trick[:p.InTrick], Hearts); got != set(t, c.want) {
				t.Errorf("the reference rule says %s, want %s", got, c.want)
			}
		})
	}
}

// undertrumpDeal returns a three-handed deal at its first lead, hearts
// trump named by A: C holds no spade, 9H and KD, so after A's AS and B's
// JH it must play the lower trump.
func undertrumpDeal(t *testing.T) Deal {
	t.Helper()
	h := tableDeal{players: 3, dealer: 2, up: "7C",
		first:  [4]string{"AS 7S 8S 7D 8D 9D", "JH 7H 8H TD JD QD", "9H KD AD AC KC QC"},
		second: [4]string{"TS JS QS", "TH QH KH", "JC TC 9C"}}
	tb := h.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: pass", "A: name H")
	toPlay(t, &tb)
	return tb
}

// toPlay answers every turn with its last legal action until the card
// play begins.
func toPlay(t *testing.T, tb *Deal) {
	t.Helper()
	for tb.Phase() != PhasePlay {
		tdo(t, tb, tb.Turn().String()+": "+tb.Legal()[len(tb.Legal())-1].String())
	}
}

func TestThreeThirdPlayerUndertrumpThroughApply(t *testing.T) {
	// C must play the lower trump, not the diamond.
	tb := undertrumpDeal(t)
	tplay(t, &tb, "AS JH")
	wantLegal(t, &tb, "play 9H")
	// Undertrumping is still trumping: the diamond is refused.
	trefused(t, &tb, "play KD", ErrMustTrump, "you have no spades, so you must trump")
}

func TestThreeMakerMustBeatEachOpponent(t *testing.T) {
	for _, c := range []struct {
		name    string
		totals  [4]int // by seat; A is the maker, B eldest (C deals)
		outcome Outcome
		scored  [4]int
	}{
		{"MoreThanEachNotBoth", [4]int{60, 50, 55}, Made, [4]int{60, 50, 55}},
		{"TieWithBestOpponent", [4]int{55, 55, 30}, Tie, [4]int{0, 55, 30}},
		{"BeteSplitEven", [4]int{40, 60, 50}, Bete, [4]int{0, 80, 70}},
		{"BeteSplitOddPointToHigherTotal", [4]int{41, 50, 60}, Bete, [4]int{0, 70, 81}},
		{"BeteSplitOddPointNearerEldest", [4]int{41, 60, 60}, Bete, [4]int{0, 81, 80}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// A deals, so B is eldest and nearer it than C.
			sc := ScoreDeal(Tally{Players: 3, Maker: 0, Eldest: 1, LastTrick: NoSeat, SeqWinner: NoSeat,
				Cards: c.totals}, DefaultOptions())
			if sc.Outcome != c.outcome || sc.Scored != c.scored {
				t.Errorf("totals %v: got %s %v, want %s %v", c.totals, sc.Outcome, sc.Scored, c.outcome, c.scored)
			}
		})
	}
}

// twentiesDeal: three players, C deals, hearts turned up. A holds a 20
// topped by the K of spades, B a 20 topped by the K of hearts (trump), C
// a 20 topped by the Q of diamonds.
var twentiesDeal = tableDeal{players: 3, dealer: 2, up: "7H",
	first:  [4]string{"KS QS JS 7C 8D AD", "KH QH JH 9C TC 8S", "QD JD TD 7S AC 9S"},
	second: [4]string{"8C AH 7D", "TS KC 9D", "8H TH AS"}}

// twentiesFiftyDeal is twentiesDeal with C dealt 9D in its second batch:
// its diamonds make a 50.
var twentiesFiftyDeal = func() tableDeal {
	h := twentiesDeal
	h.second = [4]string{"8C AH 7D", "TS KC KD", "8H TH 9D"}
	return h
}()

func TestThreeSequenceRightBestAtTable(t *testing.T) {
	// A announces, B asks how high, A says king, B says same and wins
	// with its trump sequence; C, told the top already, can only concede.
	tb := twentiesDeal.table(t, "")
	say(t, &tb, "A: take", "? announce 20, no-sequence", "A: announce 20",
		"? good, how-high", "B: how-high", "? top K", "A: top K", "? good, same", "B: same")
	v := tb.View(2)
	if c, val, _, top := v.Claim(); c != 1 || val != 20 || top != King {
		t.Errorf("after same: claim %s %d %s, want B's 20 king high", c, val, top)
	}
	wantLegal(t, &tb, "good")
	tdo(t, &tb, "C: good")
	if tb.Phase() != PhasePlay || tb.SeqWinner() != 1 {
		t.Errorf("phase %s sequence right %s, want play, B", tb.Phase(), tb.SeqWinner())
	}
	// C with a 50 instead: "not good" is enough to show it is better.
	tb = twentiesFiftyDeal.table(t, "")
	tdo(t, &tb, "A: take", "A: announce 20", "B: good")
	wantLegal(t, &tb, "good, not-good")
	tdo(t, &tb, "C: not-good")
	v = tb.View(0)
	if c, val, _, top := v.Claim(); tb.SeqWinner() != 2 || c != 2 || val != 50 || top != NoRank {
		t.Errorf("sequence right %s, claim %s %d %s; want C, a 50 of untold top", tb.SeqWinner(), c, val, top)
	}
}

func TestThreeIllegalCardSaysWhy(t *testing.T) {
	tb := tableDeal{players: 3, dealer: 2}.table(t, "")
	err := tb.Apply(PlayAction(MustCard("AS")))
	if !errors.Is(err, ErrWrongPhase) {
		t.Errorf("a card in the bidding: got %v, want ErrWrongPhase", err)
	}
}

// fiftiesDeal: three players, C deals, hearts turned up. A and B hold
// 50s of four topped by a ten, C a 50 of five.
var fiftiesDeal = tableDeal{players: 3, dealer: 2, up: "7H",
	first:  [4]string{"7C 8C 9C TC AH KH", "7D 8D 9D TD AS QH", "7S 8S 9S TS JS KC"},
	second: [4]string{"AD KD QS", "JH 8H AC", "QC JC 9H"}}

func TestDialogueClaimOverToldDetailsSaysWhatIsBetter(t *testing.T) {
	// sequence_rank=length, fiftiesDeal. B asks how many, then how high,
	// and says same; A's claim stands, its length and top told. C's 50 is
	// longer: "not good" would not say whether it is longer or higher, so
	// C says its length.
	tb := fiftiesDeal.table(t, "sequence_rank=length")
	say(t, &tb, "A: take", "A: announce 50", "? good, how-many", "B: how-many", "A: length 4",
		"? good, how-high", "B: how-high", "A: top T", "? good, same", "B: same",
		"? good, length 5", "C: length 5")
	wantSeqRight(t, &tb, 2)
	// By value: a 50 over a 20 whose top was told says "announce 50".
	tb = twentiesFiftyDeal.table(t, "")
	tdo(t, &tb, "A: take", "A: announce 20", "B: how-high", "A: top K", "B: same")
	wantLegal(t, &tb, "good, announce 50")
	tdo(t, &tb, "C: announce 50")
	v := tb.View(0)
	if c, val, _, top := v.Claim(); tb.SeqWinner() != 2 || c != 2 || val != 50 || top != NoRank {
		t.Errorf("claim %s %d %s, want C's 50", c, val, top)
	}
}

func TestThreeBeteSplitOddPointPlayedOut(t *testing.T) {
	// Random three-handed deals played out until the maker goes bete with
	// an odd total: each opponent gets its own total and half the
	// maker's, and the odd point goes to the higher opponent (or the one
	// nearer eldest).
	for seed := uint64(0); seed < 5000; seed++ {
		r := newTestRand(seed)
		o, _ := ParseOptions("players=3")
		tb := NewDeal(o, Seat(seed%3), Shuffle(r))
		for !tb.Over() {
			doRandom(t, &tb, r)
		}
		sc := tb.Score()
		m := int(sc.Maker)
		if sc.Outcome != Bete || sc.SideTotal[m]%2 == 0 {
			continue
		}
		// The opponents, a nearer eldest than b.
		var opp []int
		for k := range 3 {
			if s := (int(tb.Eldest()) + k) % 3; s != m {
				opp = append(opp, s)
			}
		}
		a, b := opp[0], opp[1]
		half := sc.SideTotal[m] / 2
		wantA, wantB := sc.SideTotal[a]+half, sc.SideTotal[b]+half
		if sc.SideTotal[b] > sc.SideTotal[a] {
			wantB++
		} else {
			wantA++
		}
		if sc.Scored[m] != 0 || sc.Scored[a] != wantA || sc.Scored[b] != wantB {
			t.Fatalf("totals %v maker %s: scored %v, want maker 0, %s %d, %s %d", sc.SideTotal, sc.Maker, sc.Scored, Seat(a), wantA, Seat(b), wantB)
		}
		return
	}
	t.Fatal("no bete with an odd maker total in 5000 deals")
}

func TestEldestLeadsTheFirstTrick(t *testing.T) {
	for _, players := range []int{3, 4} {
		for dealer := Seat(0); dealer < Seat(players); dealer++ {
			o, _ := ParseOptions("")
			o.Players = players
			tb := NewDeal(o, dealer, NewDeck())
			tdo(t, &tb, tb.Turn().String()+": take")
			toPlay(t, &tb)
			if want := NextDealer(dealer, players); tb.Turn() != want || tb.Eldest() != want {
				t.Errorf("%d players, %s deals: %s leads, want %s", players, dealer, tb.Turn(), want)
			}
		}
	}
}

func TestThreeSequenceFullTieNearerEldest(t *testing.T) {
	// A (eldest) and C hold plain 20s topped by the king, hearts trump:
	// a full tie, and A's claim stands, nearer eldest.
	h := tableDeal{players: 3, dealer: 2, up: "7H",
		first:  [4]string{"KS QS JS 7C 8D AD", "9C TC 8S 7S AS AC", "KD QD JD 8C 9S TS"},
		second: [4]string{"8H AH 7D", "KH 9H QC", "JH TH KC"}}
	tb := h.table(t, "")
	say(t, &tb, "A: take", "A: announce 20", "B: good",
		"? good, how-high", "C: how-high", "A: top K", "? good, same", "C: same")
	// A full tie: the seat nearer eldest wins.
	wantSeqRight(t, &tb, SeatA)
}

func TestDialogueConcededCannotClaimLater(t *testing.T) {
	// A holds a 50 but says no sequence; B claims a 20, C concedes: the
	// dialogue is over, A is not asked again, and B has the right.
	h := tableDeal{players: 3, dealer: 2, up: "7H",
		first:  [4]string{"7C 8C 9C TC AD KD", "KS QS JS 8D 9H AC", "QC KC 9D TD JH AS"},
		second: [4]string{"AH 7D TS", "8H KH 7S", "8S 9S QH"}}
	tb := h.table(t, "")
	tdo(t, &tb, "A: take", "A: no-sequence", "B: announce 20", "C: good")
	if tb.Phase() != PhasePlay || tb.SeqWinner() != 1 {
		t.Errorf("phase %s right %s: want play, B", tb.Phase(), tb.SeqWinner())
	}
}
