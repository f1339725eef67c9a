package rules

import (
	"strings"
	"testing"
)

// scriptedDeal is a whole deal written out: nine cards each (A the
// non-dealer, B the dealer), A names trump in round two (the upcard is
// the 7 of diamonds, so hearts may be named), the dialogue, and every
// card played in order ("KH+" plays the king with bella). The expected
// scores in the tests below were worked out by hand, trick by trick, in
// the comments.
type scriptedDeal struct {
	a, b     string
	trump    Suit
	dialogue []string
	plays    string
}

func (s scriptedDeal) hands(t testing.TB) hands {
	a, b := strings.Fields(s.a), strings.Fields(s.b)
	return hands{nd: strings.Join(a[:6], " "), nd2: strings.Join(a[6:], " "),
		dl: strings.Join(b[:6], " "), dl2: strings.Join(b[6:], " "), up: "7D"}
}

// actions returns the deal's actions in ParseAction notation.
func (s scriptedDeal) actions() []string {
	acts := append([]string{"pass", "pass", "name " + s.trump.String()}, s.dialogue...)
	for _, f := range strings.Fields(s.plays) {
		a := "play " + strings.TrimSuffix(f, "+")
		if strings.HasSuffix(f, "+") {
			a += " bella"
		}
		acts = append(acts, a)
	}
	return acts
}

// run plays the deal with B dealing.
func (s scriptedDeal) run(t *testing.T, opts Options) Deal {
	t.Helper()
	d := NewDeal(opts, SeatB, s.hands(t).deck(t))
	do(t, &d, s.actions()...)
	if !d.Over() {
		t.Fatalf("scripted deal not over: phase %s", d.Phase())
	}
	// Card points and the last trick add up to the 18 cards dealt.
	sc := d.Score()
	dealt := SetPoints(set(t, s.a+" "+s.b), s.trump) + opts.LastTrick
	if got := sc.Cards[0] + sc.Cards[1] + sc.LastTrick[0] + sc.LastTrick[1]; got != dealt {
		t.Errorf("card points and last trick add up to %d, want %d", got, dealt)
	}
	return d
}

var (
	// madeDeal: A is maker and makes; both score.
	//  1 A 7C  B KC  B  4      2 B 8D  A KD  A  4
	//  3 A 9C  B 7H  B  0      4 B 9D  A JH  A 20
	//  5 A TC  B QH  B 13      6 B QD  A KH  A  7
	//  7 A AC  B AD  A 22      8 A AH  B QS  A 14
	//  9 A TS  B AS  B 21 + 10 for the last trick
	// A 4+20+7+22+14 = 67, B 4+0+13+21 = 38 (+10 = 48).
	madeDeal = scriptedDeal{
		a: "7C 9C TC AC KD JH KH AH TS", b: "KC 8D 9D QD AD 7H QH QS AS", trump: Hearts,
		dialogue: []string{"no-sequence", "no-sequence"},
		plays:    "7C KC 8D KD 9C 7H 9D JH TC QH QD KH AC AD AH QS TS AS",
	}
	// tieDeal: equal totals, 48 each.
	//  1 A 8C  B 9C  B  0      2 B TC  A KC  B 14
	//  3 B AC  A 8H  A 11      4 A QD  B 9D  A  3
	//  5 A 9H  B JH  B 34      6 B 7H  A KH  A  4
	//  7 A AH  B 7S  A 11      8 A QS  B 8S  A  3
	//  9 A KS  B JS  A  6 + 10
	// A 11+3+4+11+3+6 = 38 (+10 = 48), B 14+34 = 48.
	tieDeal = scriptedDeal{
		a: "8C KC QD 8H 9H KH AH QS KS", b: "9C TC AC 9D 7H JH 7S 8S JS", trump: Hearts,
		dialogue: []string{"no-sequence", "no-sequence"},
		plays:    "8C 9C TC KC AC 8H QD 9D 9H JH 7H KH AH 7S QS 8S KS JS",
	}
	// sweepDeal: A holds every heart and the ace of spades, wins every
	// trick, the sequence right (50 against B's six spades to the king,
	// ace high beats king high) and bella.
	// Cards: hearts 62, AS 11, B's discards 3+4+11+0+0+10+2+3+4 = 37.
	sweepDeal = scriptedDeal{
		a: "7H 8H 9H TH JH QH KH AH AS", b: "8S 9S TS JS QS KS QC KC AC", trump: Hearts,
		dialogue: []string{"announce 50", "how-high", "top A", "good"},
		plays:    "JH QC 9H KC AH AC TH 8S QH 9S KH+ TS 8H JS 7H QS AS KS",
	}
	// beteDeal: A names hearts holding none; B holds them all and the ace
	// of spades and wins every trick. A wins the sequence right with its
	// 7-8-9 of clubs (B concedes with "good") but takes no trick.
	// B's tricks: hearts 62, AS 11, A's cards 2+3+4+10+4 = 23: 96 + 10.
	beteDeal = scriptedDeal{
		a: "7C 8C 9C JC QD KD 9S TS KS", b: "7H 8H 9H TH JH QH KH AH AS", trump: Hearts,
		dialogue: []string{"announce 20", "good"},
		plays:    "7C 7H 8H 8C QH 9C KH+ JC AH QD TH KD 9H 9S JH TS AS KS",
	}
)

// wantScore compares every line of the breakdown.
func wantScore(t *testing.T, got, want Score) {
	t.Helper()
	if got != want {
		t.Errorf("score\n got %+v\nwant %+v", got, want)
	}
}

func TestScoreMade(t *testing.T) {
	d := madeDeal.run(t, DefaultOptions())
	wantScore(t, d.Score(), Score{Players: 2, Maker: SeatA, Trump: Hearts, Outcome: Made,
		Tricks: [4]int{5, 4}, Cards: [4]int{67, 38}, LastTrick: [4]int{0, 10},
		Total: [4]int{67, 48}, SideTotal: [4]int{67, 48}, Scored: [4]int{67, 48}})

	d = sweepDeal.run(t, DefaultOptions())
	wantScore(t, d.Score(), Score{Players: 2, Maker: SeatA, Trump: Hearts, Outcome: Made,
		Tricks: [4]int{9, 0}, Cards: [4]int{110, 0}, LastTrick: [4]int{10, 0},
		Seqs: [4]int{50, 0}, Bella: [4]int{20, 0},
		Total: [4]int{190, 0}, SideTotal: [4]int{190, 0}, Scored: [4]int{190, 0}})
}

func TestScoreTie(t *testing.T) {
	d := tieDeal.run(t, DefaultOptions())
	// Equal totals: the maker scores nothing, the defender its own.
	wantScore(t, d.Score(), Score{Players: 2, Maker: SeatA, Trump: Hearts, Outcome: Tie,
		Tricks: [4]int{6, 3}, Cards: [4]int{38, 48}, LastTrick: [4]int{10, 0},
		Total: [4]int{48, 48}, SideTotal: [4]int{48, 48}, Scored: [4]int{0, 48}})
}

func TestScoreBete(t *testing.T) {
	d := beteDeal.run(t, DefaultOptions())
	// The defender scores both totals.
	wantScore(t, d.Score(), Score{Players: 2, Maker: SeatA, Trump: Hearts, Outcome: Bete,
		Tricks: [4]int{0, 9}, Cards: [4]int{0, 96}, LastTrick: [4]int{0, 10},
		Bella: [4]int{0, 20}, Total: [4]int{0, 126}, SideTotal: [4]int{0, 126}, Scored: [4]int{0, 126}})
	wantSeqRight(t, &d, SeatA)
}

func TestScoreMeldsNeedTrick(t *testing.T) {
	// Default on: the winner of the right took no trick and scores no
	// sequence (bella still counts: B's 20 above).
	d := beteDeal.run(t, DefaultOptions())
	if got := d.Score().Seqs; got != [4]int{} {
		t.Errorf("melds_need_trick=on: sequences %v, want none", got)
	}
	opts := DefaultOptions()
	opts.MeldsNeedTrick = false
	d = beteDeal.run(t, opts)
	wantScore(t, d.Score(), Score{Players: 2, Maker: SeatA, Trump: Hearts, Outcome: Bete,
		Tricks: [4]int{0, 9}, Cards: [4]int{0, 96}, LastTrick: [4]int{0, 10},
		Seqs: [4]int{20, 0}, Bella: [4]int{0, 20}, Total: [4]int{20, 126}, SideTotal: [4]int{20, 126}, Scored: [4]int{0, 146}})
	// A winner who takes a trick scores under either option.
	for _, on := range []bool{true, false} {
		opts.MeldsNeedTrick = on
		d := sweepDeal.run(t, opts)
		if got := d.Score().Seqs; got != [4]int{50, 0} {
			t.Errorf("melds_need_trick=%v: sequences %v, want [50 0]", on, got)
		}
	}
}

func TestScoreWinnerScoresEverySequence(t *testing.T) {
	// fiftyPlus holds a 50 and a separate 20: the winner scores both.
	d := dialogueDeal(t, DefaultOptions(), fiftyPlus, noSeqBfp, Spades)
	do(t, &d, "announce 50", "good")
	playFirstToEnd(t, &d)
	sc := d.Score()
	if sc.Tricks[SeatA] == 0 {
		t.Fatal("test deal: A took no trick")
	}
	if sc.Seqs != [4]int{70, 0} {
		t.Errorf("sequences %v, want [70 0]", sc.Seqs)
	}
}

func TestScoreLastTrick(t *testing.T) {
	// B wins the ninth trick of madeDeal.
	for _, tc := range []struct {
		bonus      int
		last, tot  [4]int
		wantResult Outcome
	}{
		{10, [4]int{0, 10}, [4]int{67, 48}, Made},
		{0, [4]int{0, 0}, [4]int{67, 38}, Made},
		{25, [4]int{0, 25}, [4]int{67, 63}, Made},
		{40, [4]int{0, 40}, [4]int{67, 78}, Bete},
	} {
		opts := DefaultOptions()
		opts.LastTrick = tc.bonus
		d := madeDeal.run(t, opts)
		sc := d.Score()
		if sc.LastTrick != tc.last || sc.Total != tc.tot || sc.Outcome != tc.wantResult {
			t.Errorf("last_trick=%d: last %v total %v %s, want %v %v %s", tc.bonus, sc.LastTrick, sc.Total, sc.Outcome, tc.last, tc.tot, tc.wantResult)
		}
	}
}

func TestGameWinnerRule(t *testing.T) {
	tests := []struct {
		totals []int
		target int
		want   int
	}{
		{[]int{499, 0}, 500, -1},
		{[]int{500, 0}, 500, 0},
		{[]int{120, 501}, 500, 1},
		{[]int{510, 530}, 500, 1}, // both over: the higher
		{[]int{600, 530}, 500, 0},
		{[]int{520, 520}, 500, -1}, // equal: play continues
		{[]int{99, 100}, 100, 1},
	}
	for _, tc := range tests {
		if got := SideWinner(tc.totals, tc.target); got != tc.want {
			t.Errorf("SideWinner(%v, %d) = %d, want %d", tc.totals, tc.target, got, tc.want)
		}
	}
}

// playGame plays madeDeal as every deal of a game with the given target
// and first dealer, until the game ends or maxDeals deals are played. The
// deal's roles swap with the dealer, so the non-dealer of each deal
// scores 67 and the dealer 48.
func playGame(t *testing.T, target int, first Seat, maxDeals int) *Game {
	t.Helper()
	opts := DefaultOptions()
	opts.Target = target
	g := NewGame(opts, first)
	deck := madeDeal.hands(t).deck(t)
	for n := 0; n < maxDeals && !g.Over(); n++ {
		if err := g.StartDeal(deck); err != nil {
			t.Fatal(err)
		}
		for _, s := range madeDeal.actions() {
			a, _ := ParseAction(s)
			if err := g.Apply(a); err != nil {
				t.Fatalf("deal %d: %s: %v", n+1, s, err)
			}
		}
	}
	return g
}

func TestGameTargetReachedByOne(t *testing.T) {
	for _, first := range []Seat{SeatA, SeatB} {
		g := playGame(t, 60, first, 5)
		nd := first.Other()
		want := [4]int{}
		want[nd] = 67
		want[first] = 48
		if !g.Over() || g.Winner() != int(nd) || g.Totals() != want || len(g.Records()) != 1 {
			t.Errorf("first dealer %s: over %v winner %d totals %v after %d deals; want %s wins %v after one",
				first, g.Over(), g.Winner(), g.Totals(), len(g.Records()), nd, want)
		}
		if err := g.StartDeal(NewDeck()); err != ErrGameOver {
			t.Errorf("StartDeal after the end: got %v, want ErrGameOver", err)
		}
		if err := g.Apply(PassAction()); err != ErrGameOver {
			t.Errorf("Apply after the end: got %v, want ErrGameOver", err)
		}
	}
}

func TestGameTargetReachedByBoth(t *testing.T) {
	// Both pass 40 on the first deal: the higher wins.
	g := playGame(t, 40, SeatB, 5)
	if !g.Over() || g.Winner() != 0 || g.Totals() != [4]int{67, 48} {
		t.Errorf("target 40: winner %d totals %v, want A with 67-48", g.Winner(), g.Totals())
	}
	// Both pass 100 on the second deal with 115 each: play continues;
	// the third deal decides.
	g = playGame(t, 100, SeatB, 2)
	if g.Over() || g.Totals() != [4]int{115, 115} || !g.NeedDeal() || g.Dealer() != SeatB {
		t.Fatalf("target 100 after two deals: over %v totals %v, want 115-115 and a third deal dealt by B", g.Over(), g.Totals())
	}
	g = playGame(t, 100, SeatB, 5)
	if !g.Over() || g.Winner() != 0 || g.Totals() != [4]int{182, 163} || len(g.Records()) != 3 {
		t.Errorf("target 100: winner %d totals %v after %d deals, want A with 182-163 after three", g.Winner(), g.Totals(), len(g.Records()))
	}
}

func TestGameRecords(t *testing.T) {
	g := playGame(t, 1000, SeatB, 1)
	// The deal's first trick: A led 7C, B took it with KC.
	d := g.Deal().Copy()
	replay := NewDeal(d.Options(), d.Dealer(), d.Deck())
	if d.Deck() != madeDeal.hands(t).deck(t) || d.Dealer() != SeatB {
		t.Errorf("the deal: dealer %s deck %s, want B and the scripted deck", d.Dealer(), d.Deck())
	}
	for _, st := range d.Steps() {
		if err := replay.ApplyAs(st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
		if replay.Play().Tricks == 1 {
			break
		}
	}
	if cards, leader, ok := replay.LastTrick(); !ok || cards != [4]Card{MustCard("7C"), MustCard("KC"), NoCard, NoCard} || leader != SeatA || replay.LastTrickWinner() != SeatB {
		t.Errorf("first trick %v led by %s won by %s, want 7C KC led by A won by B", cards, leader, replay.LastTrickWinner())
	}
	if sc := d.Score(); sc.Outcome != Made || d.Ending() != PlayedOut {
		t.Errorf("score %+v ending %s, want made and played out", sc, d.Ending())
	}
	rec := g.Records()[0]
	if len(rec.Steps) != 23 || rec.Totals != [4]int{67, 48} || rec.Dealer != SeatB {
		t.Errorf("record: %d steps totals %v dealer %s", len(rec.Steps), rec.Totals, rec.Dealer)
	}
	if err := g.Apply(PassAction()); err != ErrNoDeal {
		t.Errorf("Apply between deals: got %v, want ErrNoDeal", err)
	}

	// A show event after the first trick when someone won the right.
	opts := DefaultOptions()
	g = NewGame(opts, SeatB)
	if err := g.StartDeal(sweepDeal.hands(t).deck(t)); err != nil {
		t.Fatal(err)
	}
	if err := g.StartDeal(NewDeck()); err == nil {
		t.Error("StartDeal during a deal: got no error")
	}
	for _, s := range sweepDeal.actions() {
		a, _ := ParseAction(s)
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	shown := g.Deal().ShownCards()
	if seqs := Sequences(shown[SeatA]); shown[SeatB] != 0 || len(seqs) != 1 || seqs[0].String() != "AH-KH-QH-JH-TH-9H-8H-7H" {
		t.Errorf("shown %v, want A's AH-KH-QH-JH-TH-9H-8H-7H", shown)
	}
}

// TestScoreMargin: a side's margin is its score less the mean of the
// other sides' (worked by hand at three and four players).
func TestScoreMargin(t *testing.T) {
	sc := Score{Players: 3, Scored: [4]int{0, 162, 41}}
	for side, want := range []float64{-101.5, 141.5, -40} {
		if got := sc.Margin(side); got != want {
			t.Errorf("side %d: %v, want %v", side, got, want)
		}
	}
	four := Score{Players: 4, Scored: [4]int{30, 172}}
	if four.Margin(0) != -142 || four.Margin(1) != 142 {
		t.Error("four players")
	}
	two := Score{Players: 2, Scored: [4]int{67, 48}}
	if two.Margin(0) != 19 || two.Margin(1) != -19 {
		t.Error("two players")
	}
}

// TestOutcomeWord: what people read calls equal totals "equal" and a
// deal nobody plays "thrown in", as the rules do, while a game log
// keeps its words "tie" and "abandoned".
func TestOutcomeWord(t *testing.T) {
	for o, want := range map[Outcome][2]string{Made: {"made", "made"}, Tie: {"equal", "tie"}, Bete: {"bete", "bete"}, Abandoned: {"thrown in", "abandoned"}} {
		if o.Word() != want[0] || o.String() != want[1] {
			t.Errorf("%v: Word %q, String %q; want %q, %q", int(o), o.Word(), o.String(), want[0], want[1])
		}
	}
}
