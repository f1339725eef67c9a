package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Four players (docs/rules.md section 13, the South African version): A and C
// play against B and D. With D dealing, A is eldest.

func TestFourPartnersOpposite(t *testing.T) {
	tb := tableOf(4)
	for s, want := range []struct {
		side    int
		partner Seat
	}{{0, 2}, {1, 3}, {0, 0}, {1, 1}} {
		if tb.SideOf(Seat(s)) != want.side || SideOfSeat(4, Seat(s)) != want.side || tb.Partner(Seat(s)) != want.partner {
			t.Errorf("seat %s: side %d partner %s, want %d %s", Seat(s), tb.SideOf(Seat(s)), tb.Partner(Seat(s)), want.side, want.partner)
		}
	}
	if SidesAt(4) != 2 {
		t.Errorf("four players: %d sides, want 2", SidesAt(4))
	}
	// At two and three players each seat is its own side.
	for _, n := range []int{2, 3} {
		for s := range Seat(n) {
			if SideOfSeat(n, s) != int(s) || SidesAt(n) != n {
				t.Errorf("%d players, seat %s: side %d", n, s, SideOfSeat(n, s))
			}
		}
	}
}

func TestFourUpcardLastOfEightMakerGetsIt(t *testing.T) {
	// The deck in index order, D dealing: three each from A, twice
	// (24 cards), the last card (AS) turned up. B takes: of the eight
	// kept back A gets two, B one and the upcard, C and D two each.
	tb := tableOf(4)
	if tb.Upcard() != MustCard("AS") {
		t.Fatalf("upcard %s, want AS (the last of the eight kept back)", tb.Upcard())
	}
	tdo(t, &tb, "A: pass", "B: take")
	for s := range 4 {
		if n := tb.Hand(Seat(s)).Count(); n != 8 {
			t.Errorf("seat %s holds %d cards, want 8", Seat(s), n)
		}
	}
	deck := NewDeck()
	for s, pos := range [4][]int{
		{0, 1, 2, 12, 13, 14, 24, 25},
		{3, 4, 5, 15, 16, 17, 26, 31},
		{6, 7, 8, 18, 19, 20, 27, 28},
		{9, 10, 11, 21, 22, 23, 29, 30},
	} {
		var m CardSet
		for _, i := range pos {
			m = m.With(deck[i])
		}
		if tb.Hand(Seat(s)) != m {
			t.Errorf("seat %s holds %s, want %s", Seat(s), tb.Hand(Seat(s)), m)
		}
	}
	if tb.Upcard() != NoCard || tb.Bottom() != NoCard || tb.Phase() != PhaseSequences {
		t.Errorf("upcard %s bottom %s phase %s: want the upcard taken, no bottom card, sequences", tb.Upcard(), tb.Bottom(), tb.Phase())
	}
	v := tb.View(0)
	if !v.Known(1).Has(MustCard("AS")) || v.Unseen().Has(MustCard("AS")) {
		t.Errorf("the maker's upcard should be known to the table: known %s", v.Known(1))
	}
}

func TestFourRoundTwoAnySuitButUpcardOrNoTrumps(t *testing.T) {
	tb := tableOf(4) // upcard AS
	tdo(t, &tb, "A: pass", "B: pass", "C: pass", "D: pass")
	wantLegal(t, &tb, "pass, name C, name D, name H, name NT")
	trefused(t, &tb, "name S", ErrBadSuit, "spades were refused in round one")
	tdo(t, &tb, "A: name NT")
	if tb.Trump() != NoTrumps || tb.Maker() != 0 || tb.Phase() != PhaseSequences {
		t.Errorf("trump %s maker %s phase %s, want NT, A, sequences", tb.Trump(), tb.Maker(), tb.Phase())
	}
}

func TestFourDealerNamesUpcardSuitInRoundTwo(t *testing.T) {
	// D deals and speaks last; it may name the upcard's suit (spades).
	h := tableDeal{players: 4, dealer: 3, maker: 3, up: "AS", first: [4]string{"", "", "", "7S 8S 9S KH QH JH"}}
	tb := h.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: pass", "D: pass", "A: pass", "B: pass", "C: pass")
	wantLegal(t, &tb, "pass, name C, name D, name H, name S, name NT")
	tdo(t, &tb, "D: name S")
	// Spades are trump, D took the upcard, and there is no dix exchange
	// though D holds the 7 of trump.
	if tb.Trump() != Spades || tb.Maker() != 3 || !tb.Hand(3).Has(MustCard("AS")) || tb.Phase() != PhaseSequences {
		t.Errorf("trump %s maker %s hand %s phase %s: want S, D holding AS, sequences", tb.Trump(), tb.Maker(), tb.Hand(3), tb.Phase())
	}
}

func TestFourNoDixExchange(t *testing.T) {
	// A holds the 7 of the upcard's suit and takes: no exchange offered.
	h := tableDeal{players: 4, dealer: 3, maker: 0, up: "AS", first: [4]string{"7S 8H 9H TD JD QC"}}
	tb := h.table(t, "")
	tdo(t, &tb, "A: take")
	if tb.Phase() != PhaseSequences {
		t.Errorf("phase %s after a take holding the 7 of trump, want sequences (no dix)", tb.Phase())
	}
}

func TestFourNoTrumpsPlainRanksAndPoints(t *testing.T) {
	// Every suit ranks A 10 K Q J 9 8 7; J is worth 2 and 9 nothing.
	if w := TrickWinnerOf([]Card{MustCard("JS"), MustCard("TS"), MustCard("9S"), MustCard("KS")}, NoTrumps); w != 1 {
		t.Errorf("no trumps: JS TS 9S KS won by card %d, want 1 (the ten)", w)
	}
	if w := TrickWinnerOf([]Card{MustCard("9H"), MustCard("AS"), MustCard("JC"), MustCard("7H")}, NoTrumps); w != 0 {
		t.Errorf("no trumps: off-suit cards cannot win: won by %d, want 0", w)
	}
	if p := Points(MustCard("JH"), NoTrumps) + Points(MustCard("9H"), NoTrumps); p != 2 {
		t.Errorf("J and 9 in no trumps: %d points, want 2", p)
	}
	if p := SetPoints(FullDeck, NoTrumps); p != 120 {
		t.Errorf("the deck in no trumps: %d points, want 120", p)
	}
	// Void in the led suit: any card, trumps or not.
	p := Play{N: 4, Trump: NoTrumps, Leader: 0}
	p.Hands[0], p.Hands[1] = set(t, "AS 7C"), set(t, "JH KD")
	p.Move(MustCard("AS"))
	if p.Legal() != set(t, "JH KD") {
		t.Errorf("void in no trumps: legal %s, want any card", p.Legal())
	}
}

func TestFourNoTrumpsNoBella(t *testing.T) {
	// A names no trumps holding the K and Q of hearts and plays them
	// both: no bella is offered, and the deal scores none.
	h := tableDeal{players: 4, dealer: 3, maker: 0, up: "AC",
		first: [4]string{"AH TH KH QH AS KS"}, second: [4]string{"AD"}}
	tb := h.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: pass", "D: pass", "A: name NT")
	finishDialogue(t, &tb)
	for _, c := range []string{"AH", "TH", "KH", "QH"} {
		if tb.Turn() != 0 {
			t.Fatalf("A should lead %s, %s to play", c, tb.Turn())
		}
		for _, a := range tb.Legal() {
			if a.Bella {
				t.Errorf("no trumps, yet %s offered", a)
			}
		}
		tplay(t, &tb, c)
		for tb.Play().InTrick != 0 {
			doFirst(t, &tb)
		}
	}
	playLastToEnd(t, &tb)
	sc := tb.Score()
	got := 0
	for s := range 4 {
		got += sc.Cards[s] + sc.LastTrick[s]
		if sc.Bella[s] != 0 {
			t.Errorf("seat %s scores bella %d in no trumps", Seat(s), sc.Bella[s])
		}
	}
	if got != 130 {
		t.Errorf("no-trump deal: %d card points with the last trick, want 120 + 10", got)
	}
}

func TestFourEightTricksAllCardsPlayed(t *testing.T) {
	tb := tableOf(4)
	tdo(t, &tb, "A: take")
	playLastToEnd(t, &tb)
	sc := tb.Score()
	tricks, pts := 0, 0
	for s := range 4 {
		tricks += sc.Tricks[s]
		pts += sc.Cards[s] + sc.LastTrick[s]
	}
	if tricks != 8 || pts != 162 {
		t.Errorf("%d tricks, %d points, want 8 and 152 + 10", tricks, pts)
	}
}

func TestFourNoReleaseWhenPartnerWinning(t *testing.T) {
	// A leads AS; B, void, has no trump and discards; C (A's partner),
	// void, must still trump though A wins the trick.
	p := Play{N: 4, Trump: Hearts, Leader: 0}
	p.Hands[0], p.Hands[1], p.Hands[2] = set(t, "AS"), set(t, "8D"), set(t, "7H KD")
	p.Move(MustCard("AS"))
	p.Move(MustCard("8D"))
	if p.Legal() != set(t, "7H") {
		t.Errorf("partner winning: legal %s, want 7H", p.Legal())
	}
	// And the fourth, void, must overtrump C's 7H, or undertrump.
	p.Hands[3] = set(t, "9H 8H 7C")
	p.Move(MustCard("7H"))
	if p.Legal() != set(t, "8H 9H") {
		t.Errorf("fourth after a trump: legal %s, want 8H 9H", p.Legal())
	}
}

func TestFourTeamScoring(t *testing.T) {
	for _, c := range []struct {
		name    string
		totals  [4]int // by team
		outcome Outcome
		scored  [4]int
	}{
		{"Made", [4]int{90, 72}, Made, [4]int{90, 72}},
		{"Tie", [4]int{81, 81}, Tie, [4]int{0, 81}},
		{"Bete", [4]int{70, 92}, Bete, [4]int{0, 162}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := ScoreDeal(Tally{Players: 4, Maker: 0, Eldest: 1, LastTrick: NoSeat, SeqWinner: NoSeat,
				Cards: [4]int{c.totals[0], c.totals[1]}}, DefaultOptions())
			if sc.Outcome != c.outcome || sc.Scored != c.scored {
				t.Errorf("team totals %v: got %s %v, want %s %v", c.totals, sc.Outcome, sc.Scored, c.outcome, c.scored)
			}
		})
	}
}

// partnersDeal: A holds 7C-8C-9C (20), C holds 7D-8D-9D-TD (50); B and
// D hold no sequence. Clubs are trump (the upcard AC), A takes.
var partnersDeal = tableDeal{players: 4, dealer: 3, maker: 0, up: "AC",
	first:  [4]string{"7C 8C 9C AH AS AD", "TC QC 7H 9H JS 7S", "7D 8D 9D TD KS QH", "JC KC 8H TH 8S TS"},
	second: [4]string{"KH", "JD QD", "KD 9S", "JH QS"}}

func TestFourPartnersSequencesCountedTogether(t *testing.T) {
	tb := partnersDeal.table(t, "")
	tdo(t, &tb, "A: take", "A: announce 20", "B: good")
	// C need not claim over its partner; it may, with "not good".
	wantLegal(t, &tb, "good, not-good")
	tdo(t, &tb, "C: good", "D: good")
	if tb.SeqWinner() != 0 {
		t.Fatalf("sequence right %s, want A", tb.SeqWinner())
	}
	playLastToEnd(t, &tb)
	sc := tb.Score()
	if sc.Tricks[0]+sc.Tricks[2] == 0 {
		t.Fatalf("A and C took no trick: %v", sc.Tricks)
	}
	if sc.Seqs != [4]int{20, 0, 50, 0} {
		t.Errorf("sequences %v, want A's 20 and C's 50 for the team", sc.Seqs)
	}
	if sc.SideTotal[0] != sc.Total[0]+sc.Total[2] || sc.SideTotal[1] != sc.Total[1]+sc.Total[3] {
		t.Errorf("team totals %v from seat totals %v", sc.SideTotal, sc.Total)
	}
}

func TestFourTeammatesDoNotOverrule(t *testing.T) {
	// C claims its 50 over A's 20: the team holds the right either way
	// and scores both partners' sequences, A's smaller one too.
	tb := partnersDeal.table(t, "")
	tdo(t, &tb, "A: take", "A: announce 20", "B: good", "C: not-good", "D: good")
	if tb.SeqWinner() != 2 {
		t.Fatalf("sequence right %s, want C", tb.SeqWinner())
	}
	playLastToEnd(t, &tb)
	if sc := tb.Score(); sc.Seqs != [4]int{20, 0, 50, 0} {
		t.Errorf("sequences %v, want A's 20 and C's 50", sc.Seqs)
	}
	// The shown cards are both partners' sequences.
	tb = partnersDeal.table(t, "")
	tdo(t, &tb, "A: take", "A: announce 20", "B: good", "C: good", "D: good")
	for tb.Play().Tricks == 0 {
		doFirst(t, &tb)
	}
	if sh := tb.ShownCards(); sh[0] != set(t, "7C 8C 9C") || sh[2] != set(t, "7D 8D 9D TD") || sh[1]|sh[3] != 0 {
		t.Errorf("shown %v, want A's clubs and C's diamonds", sh)
	}
}

func TestFourOpponentMustBeatTheTeamsClaim(t *testing.T) {
	// B's 20 topped by the king of spades against A's 20 topped by 9C:
	// B asks how high, A tells nine, B says not good and takes the right.
	h := partnersDeal
	h.first[1] = "TC QC 7H KS QS JS"
	h.first[2] = "7D 8D 9D TD 7S QH"
	h.second[3] = "JH 9H"
	tb := h.table(t, "")
	say(t, &tb, "A: take", "A: announce 20", "? good, how-high", "B: how-high", "A: top 9",
		"? good, not-good", "B: not-good")
	// C's 50 beats B's 20 on value alone.
	say(t, &tb, "? good, not-good", "C: not-good", "D: good")
	wantSeqRight(t, &tb, 2)
}

func TestDealPassesToTheLeft(t *testing.T) {
	for _, c := range []struct {
		dealer  Seat
		players int
		want    Seat
	}{{0, 2, 1}, {1, 2, 0}, {2, 3, 0}, {1, 3, 2}, {3, 4, 0}, {2, 4, 3}} {
		if got := NextDealer(c.dealer, c.players); got != c.want {
			t.Errorf("%d players, %s dealt: next %s, want %s", c.players, c.dealer, got, c.want)
		}
	}
}

func TestSideWinnerFirstToTarget(t *testing.T) {
	for _, c := range []struct {
		totals []int
		want   int
	}{
		{[]int{480, 499}, -1},
		{[]int{500, 499}, 0},
		{[]int{510, 530, 200}, 1},
		{[]int{530, 530, 520}, -1},
		{[]int{530, 530, 540}, 2},
		{[]int{0, 700}, 1},
	} {
		if got := SideWinner(c.totals, 500); got != c.want {
			t.Errorf("totals %v: winner %d, want %d", c.totals, got, c.want)
		}
	}
}

func TestPlayoutIsPickAndMove(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for i, tb := range tableBenchPlays(players, 50) {
			p, q := tb.Play(), tb.Play()
			p.Playout(rand.NewPCG(uint64(i), 1))
			src := rand.NewPCG(uint64(i), 1)
			for !q.Done() {
				q.Move(q.Pick(uint32(src.Uint64())))
			}
			if p != q || !p.Done() {
				t.Fatalf("%d players, deal %d: Playout %+v, Pick and Move %+v", players, i, p, q)
			}
			sum := 0
			for s := range players {
				sum += int(p.Points[s])
			}
			// From the first lead every card in the hands is played.
			if want := SetPoints(tb.Hand(0)|tb.Hand(1)|tb.Hand(2)|tb.Hand(3), tb.Trump()) + tb.Options().LastTrick; sum != want {
				t.Fatalf("%d players, deal %d: %d points, want %d", players, i, sum, want)
			}
		}
	}
}

// TestPartnerOfIsTheOtherSeatOfTheSide checks PartnerOf at every seat
// count against SideOfSeat: the one other seat on s's side, or NoSeat.
func TestPartnerOfIsTheOtherSeatOfTheSide(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for s := range Seat(n) {
			want := NoSeat
			for o := range Seat(n) {
				if o != s && SideOfSeat(n, o) == SideOfSeat(n, s) {
					want = o
				}
			}
			if got := PartnerOf(n, s); got != want {
				t.Errorf("%d players, seat %s: PartnerOf = %s, want %s", n, s, got, want)
			}
		}
		for _, s := range []Seat{NoSeat, ChanceSeat} {
			if got := PartnerOf(n, s); got != NoSeat {
				t.Errorf("%d players, no seat %d: PartnerOf = %s, want no seat", n, s, got)
			}
		}
	}
}

// TestSideSeatsHoldsTheSide checks SideSeats at every seat count against
// SideOfSeat: bit o is set exactly when seat o plays for s's side.
func TestSideSeatsHoldsTheSide(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for s := range Seat(n) {
			want := uint8(0)
			for o := range Seat(n) {
				if SideOfSeat(n, o) == SideOfSeat(n, s) {
					want |= 1 << o
				}
			}
			if got := SideSeats(n, s); got != want {
				t.Errorf("%d players, seat %s: SideSeats = %04b, want %04b", n, s, got, want)
			}
		}
	}
}

// TestSeatsOfSideListsTheSide checks SeatsOfSide at every seat count
// against SideOfSeat: every seat of side i, in seat order, and no other.
func TestSeatsOfSideListsTheSide(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for i := range SidesAt(n) {
			var want []Seat
			for s := range Seat(n) {
				if SideOfSeat(n, s) == i {
					want = append(want, s)
				}
			}
			if got := SeatsOfSide(n, i); !slices.Equal(got, want) {
				t.Errorf("%d players, side %d: SeatsOfSide = %v, want %v", n, i, got, want)
			}
		}
	}
}

// TestPlaysInTeamsOnlyAtFour: four players play in two teams of
// partners (docs/rules.md section 13); two and three play each for itself.
func TestPlaysInTeamsOnlyAtFour(t *testing.T) {
	for n, want := range map[int]bool{2: false, 3: false, 4: true} {
		if got := PlaysInTeams(n); got != want {
			t.Errorf("%d players: PlaysInTeams = %v, want %v", n, got, want)
		}
	}
}
