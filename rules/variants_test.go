package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// House variants (docs/rules.md section 15), each off by default, a test per
// rule it adds.

func TestOptionsPlayersAndVariantsRoundTrip(t *testing.T) {
	def := DefaultOptions()
	if def.String() != "bottom_card=on,sequence_rank=value,melds_need_trick=on,last_trick=10,target=500" {
		t.Errorf("the default options' text changed: %q", def.String())
	}
	if def.NumPlayers() != 2 {
		t.Errorf("default players %d, want 2", def.NumPlayers())
	}
	o, err := ParseOptions("players=4,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on")
	if err != nil {
		t.Fatal(err)
	}
	if o.NumPlayers() != 4 || !o.OfAKind || !o.Menage || !o.DealerForced || !o.Bimah || !o.Shlomo || !o.Cleopatra {
		t.Errorf("parsed %+v", o)
	}
	if back, err := ParseOptions(o.String()); err != nil || back != o {
		t.Errorf("round trip of %q: %+v, %v", o.String(), back, err)
	}
	if two, _ := ParseOptions("players=2"); two != def {
		t.Errorf("players=2 is the default: got %+v", two)
	}
	for _, k := range AllOptionNames() {
		if _, err := def.Get(k); err != nil {
			t.Errorf("Get(%q): %v", k, err)
		}
	}
	for _, bad := range []string{"players=1", "players=5", "players=x", "menage=maybe"} {
		if _, err := ParseOptions(bad); err == nil {
			t.Errorf("ParseOptions(%q): want an error", bad)
		}
	}
	if _, err := ParseOptions("colour=red"); err == nil || !strings.Contains(err.Error(), "cleopatra") {
		t.Errorf("unknown option: %v, want the known ones listed, new ones too", err)
	}
}

func TestActionsRoundTrip(t *testing.T) {
	for _, s := range []string{"name NT", "play JH menage", "play KH bella", "name H"} {
		a, err := ParseAction(s)
		if err != nil || a.String() != s || a != a.canonical() {
			t.Errorf("%q: read %v, %v; writes %q", s, a, err, a.String())
		}
	}
	if w := NameAction(NoTrumps).Words(); w != "no trumps" {
		t.Errorf("no trumps said as %q", w)
	}
	if w := PlayMenageAction(MustCard("JH")).Words(); w != "JH, menage" {
		t.Errorf("menage said as %q", w)
	}
	// Deal, the two-player game, has no menage.
	d := NewDeal(DefaultOptions(), SeatA, NewDeck())
	if d.IsLegal(NameAction(NoTrumps)) {
		t.Error("two-player Deal accepts no trumps")
	}
}

func TestOfAKindSetsScoreTwentyAndFifty(t *testing.T) {
	h := set(t, "QC QD QH 9C 9D 9H 9S AH")
	best, pts, cards := melds(h, Spades, Options{OfAKind: true})
	if pts != 70 || cards != set(t, "QC QD QH 9C 9D 9H 9S") {
		t.Errorf("three queens and four nines: %d points in %s, want 70", pts, cards)
	}
	if !best.Set || best.Top != Nine || best.Len != 4 || !best.Trump {
		t.Errorf("best %+v, want the four nines (holding the trump nine)", best)
	}
	if _, pts, _ := melds(h, Spades, Options{}); pts != 0 {
		t.Errorf("of_a_kind off: sets score %d", pts)
	}
}

func TestOfAKindRankedLikeSequences(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b string // two hands; trump hearts
		win  int    // 0 for a, 1 for b
	}{
		{"FiftySetBeatsTwentyRun", "7C 7D 7H 7S", "AS KS QS", 0},
		{"FiftyRunBeatsTwentySet", "AS AD AC", "7S 8S 9S TS", 1},
		{"HigherTopWins", "KC KD KS", "QH JH TH", 0},
		{"EqualTopTrumpWins", "QC QD QS", "QH JH TH", 1},
		{"SetHoldingTrumpBeatsRun", "QC QD QH", "QS JS TS", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Options{OfAKind: true}
			a, _, _ := melds(set(t, c.a), Hearts, o)
			b, _, _ := melds(set(t, c.b), Hearts, o)
			got := 0
			if b.key(o.SequenceRank) > a.key(o.SequenceRank) {
				got = 1
			}
			if got != c.win {
				t.Errorf("%s (%v) against %s (%v): winner %d, want %d", c.a, a, c.b, b, got, c.win)
			}
		})
	}
}

func TestOfAKindSequenceAndSetBothCount(t *testing.T) {
	// Three players, clubs trump: A holds 9C-TC-JC and three jacks (JC in
	// both), announces its best (a 20), nobody claims, and takes a trick:
	// the run and the set both count, 40.
	h := tableDeal{players: 3, dealer: 2, up: "7C",
		first:  [4]string{"9C TC JC JD JH AS", "8C QC 7D 8D TD QD", "KC AC 9D KD AD 7H"},
		second: [4]string{"AH 8S 9S", "8H 9H TH", "KH QH TS"}}
	tb := h.table(t, "of_a_kind=on")
	tdo(t, &tb, "A: take", "A: announce 20", "B: good", "C: good")
	playLastToEnd(t, &tb)
	sc := tb.Score()
	if sc.Tricks[0] == 0 {
		t.Fatalf("A took no trick")
	}
	if sc.Seqs[0] != 40 {
		t.Errorf("A's melds score %d, want 20 for the run and 20 for the jacks", sc.Seqs[0])
	}
	if sh := tb.ShownCards(); sh[0] != set(t, "9C TC JC JD JH") {
		t.Errorf("A showed %s", sh[0])
	}
}

// menageDeal: four players, clubs trump (upcard 9C, A takes); A holds
// KC QC JC, its hand otherwise without a run.
var menageDeal = tableDeal{players: 4, dealer: 3, maker: 0, up: "9C",
	first:  [4]string{"KC QC JC AH AS AD", "TC AC 7H 9H JS 7S", "7D 8D TD KS QH 8C", "7C 9D TH 8H 8S TS"},
	second: [4]string{"KH", "JD QD", "KD 9S", "JH QS"}}

func TestMenageFiftyInPlaceOfBellaAndTheTwenty(t *testing.T) {
	tb := menageDeal.table(t, "menage=on")
	tdo(t, &tb, "A: take")
	// The K-Q-J of trump is the menage, not a 20 sequence.
	if m := tb.BestMeld(0); m.Len != 0 {
		t.Errorf("A's best meld %v: the menage's K-Q-J is not a sequence", m)
	}
	wantLegal(t, &tb, "no-sequence")
	finishDialogue(t, &tb)
	// A plays K and Q of trump: no bella for a menage holder; with the
	// last of the three it may announce the menage.
	var offered []string
	for !tb.Over() {
		// The menage is A's to announce until it does, and only A's
		// view says so.
		for s := range Seat(4) {
			v := tb.View(s)
			if want := s == 0 && tb.Phase() == PhasePlay && tb.MenageBy() == NoSeat; v.MenageDue() != want {
				t.Fatalf("seat %s: MenageDue %v, want %v", s, v.MenageDue(), want)
			}
		}
		l := tb.Legal()
		a := l[0]
		for _, x := range l {
			if x.Bella {
				offered = append(offered, x.String())
				a = x
			}
		}
		if tb.Turn() == 0 {
			for _, x := range l {
				if x.Card.Suit() == Clubs && x.Card.Rank() >= Jack && x.Card.Rank() <= King && !x.Bella {
					a = x
				}
			}
			for _, x := range l {
				if x.Bella {
					a = x
				}
			}
		}
		if err := tb.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if len(offered) != 1 || !strings.HasSuffix(offered[0], "menage") {
		t.Fatalf("announcements offered %v, want one menage", offered)
	}
	sc := tb.Score()
	if sc.Bella[0] != 50 || tb.MenageBy() != 0 || tb.BellaBy() != NoSeat {
		t.Errorf("A scores %d for the menage (by %s, bella by %s), want 50", sc.Bella[0], tb.MenageBy(), tb.BellaBy())
	}
}

func TestMenageOffBellaAndSequence(t *testing.T) {
	tb := menageDeal.table(t, "")
	tdo(t, &tb, "A: take")
	if m := tb.BestMeld(0); m.Len != 3 || m.Top != King {
		t.Errorf("menage off: A's best meld %v, want the K-Q-J", m)
	}
}

func TestMenageLongerRunStaysASequence(t *testing.T) {
	// A-K-Q-J of trump: the run counts as a 50, the menage replaces only
	// bella.
	h := menageDeal
	h.first[0] = "KC QC JC AH AS 9S"
	h.second[0] = "KH"
	h.up = "AC"
	h.first[1] = "TC 9C 7H 9H JS 7S"
	h.second[2] = "KD AD"
	tb := h.table(t, "menage=on")
	tdo(t, &tb, "A: take")
	if m := tb.BestMeld(0); m.Len != 4 || m.Top != Ace {
		t.Errorf("A-K-Q-J with menage on: best meld %v, want the four-card run", m)
	}
	if tb.menage != NoSeat {
		t.Errorf("menage seat set before play")
	}
	finishDialogue(t, &tb)
	if tb.menage != 0 {
		t.Errorf("menage holder %s, want A", tb.menage)
	}
}

// TestMenageHolderSaysNoBella: the menage's holder playing its second
// of K and Q with "bella" is refused because it holds the menage, and
// the refusal says so (as a fact for the log's own words too).
func TestMenageHolderSaysNoBella(t *testing.T) {
	tb := menageDeal.table(t, "menage=on")
	tdo(t, &tb, "A: take")
	finishDialogue(t, &tb)
	played := false
	for !tb.Over() {
		l := tb.Legal()
		a := l[0]
		if tb.Turn() == 0 {
			if !played {
				a = PlayAction(MustCard("KC"))
				played = true
			} else if !slices.Contains(l, PlayAction(MustCard("QC"))) {
				for _, x := range l { // keep QC and JC for later
					if x.Card != MustCard("QC") && x.Card != MustCard("JC") {
						a = x
					}
				}
			} else {
				bella := PlayBellaAction(MustCard("QC"))
				err := tb.Apply(bella)
				var ie *IllegalError
				if !errors.As(err, &ie) || !errors.Is(err, ErrBella) || !ie.Menage || !strings.Contains(ie.Reason, "you hold the menage") {
					t.Fatalf("QC bella by the menage's holder: %v (%+v)", err, ie)
				}
				return
			}
		}
		if err := tb.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("A never had the QC to play")
}

func TestMenageRefusedWithoutAllThree(t *testing.T) {
	// "play X menage" by a seat that did not hold K, Q and J of trump.
	tb := menageDeal.table(t, "menage=on")
	tdo(t, &tb, "A: take")
	finishDialogue(t, &tb)
	c := tb.Legal()[0].Card
	trefused(t, &tb, "play "+c.String()+" menage", ErrBella, "menage")
}

func TestDealerForcedMayNotPass(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		h := tableDeal{players: players, dealer: 0, maker: 0}
		tb := h.table(t, "dealer_forced=on")
		for range 2*players - 1 {
			tdo(t, &tb, tb.Turn().String()+": pass")
		}
		if tb.Turn() != 0 || tb.Phase() != PhaseBid2 {
			t.Fatalf("%d players: %s to speak in %s, want the dealer in round two", players, tb.Turn(), tb.Phase())
		}
		for _, a := range tb.Legal() {
			if a.Kind == Pass {
				t.Errorf("%d players: the forced dealer may pass", players)
			}
		}
		// The refusal says what the legal list holds: at four the dealer
		// may name the upcard's suit too, and no trumps.
		want := map[int]string{2: "name one of the other three suits", 3: "name one of the other three suits",
			4: "name any suit or no trumps"}[players]
		trefused(t, &tb, "pass", ErrWrongPhase, "the dealer must name trump: "+want)
		tdo(t, &tb, "A: "+tb.Legal()[0].String())
		if !tb.Score().Forced || tb.Maker() != 0 {
			t.Errorf("%d players: forced %v maker %s", players, tb.Score().Forced, tb.Maker())
		}
	}
	// Without the option the dealer may pass as always; and the option
	// does not force anyone in round one.
	tb := tableDeal{players: 3, dealer: 0}.table(t, "")
	tdo(t, &tb, "B: pass", "C: pass", "A: pass", "B: pass", "C: pass")
	wantLegal(t, &tb, "pass, name C, name D, name S")
}

func TestBimahFortyToForcedDealerWhoMakes(t *testing.T) {
	made, bete := 0, 0
	for seed := uint64(0); seed < 200 && (made == 0 || bete == 0); seed++ {
		o, _ := ParseOptions("players=3,dealer_forced=on,bimah=on")
		tb := NewDeal(o, 0, Shuffle(newTestRand(seed)))
		for range 5 {
			tdo(t, &tb, tb.Turn().String()+": pass")
		}
		tdo(t, &tb, "A: "+tb.Legal()[0].String())
		playLastToEnd(t, &tb)
		sc := tb.Score()
		switch sc.Outcome {
		case Made:
			made++
			if sc.Bimah != 40 || sc.Scored[0] != sc.SideTotal[0]+40 {
				t.Errorf("forced dealer made: bimah %d scored %d, total %d", sc.Bimah, sc.Scored[0], sc.SideTotal[0])
			}
		default:
			bete++
			if sc.Bimah != 0 || sc.Scored[0] != 0 {
				t.Errorf("forced dealer %s: bimah %d scored %d", sc.Outcome, sc.Bimah, sc.Scored[0])
			}
		}
	}
	if made == 0 || bete == 0 {
		t.Fatalf("seeds gave %d made and %d not made: both are needed", made, bete)
	}
	// A maker who named trump freely gets no bimah.
	o, _ := ParseOptions("players=3,dealer_forced=on,bimah=on")
	tb := NewDeal(o, 0, NewDeck())
	tdo(t, &tb, "B: take")
	playLastToEnd(t, &tb)
	if tb.Score().Bimah != 0 {
		t.Errorf("bimah %d for a maker who was not forced", tb.Score().Bimah)
	}
}
