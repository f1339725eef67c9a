package kit

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

func cardsOf(s string) rules.CardSet {
	m, err := rules.ParseCardSet(s)
	if err != nil {
		panic(err)
	}
	return m
}

func handText(cs []rules.Card) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c.String()
	}
	return out
}

func TestSortHand(t *testing.T) {
	for _, tc := range []struct {
		hand, dealt string
		trump       rules.Suit
		want        string
	}{
		// Before trump: spades, hearts, clubs, diamonds; strongest first.
		{"7H JC 8C TD 9D 8D", "", rules.NoSuit, "7H JC 8C TD 9D 8D"},
		{"AS 7C TS KH 9H", "", rules.NoSuit, "AS TS KH 9H 7C"},
		// Trump first, in trump order J 9 A 10 K Q 8 7.
		{"9D TD 8D AS 8H 7H QC JC 8C JD", "", rules.Diamonds, "JD 9D TD 8D AS 8H 7H QC JC 8C"},
		// Colours alternate after trump: red trump, then black, red, black.
		{"7H AS AC AD", "", rules.Hearts, "7H AS AD AC"},
		// Black trump: red, black, red.
		{"7C AS AH AD", "", rules.Clubs, "7C AH AS AD"},
		// The order stays as dealt while the hand empties: with the ace
		// of spades the order was D S H C; it stays D H C once it is
		// played, not D C H as the three suits alone would give.
		{"9D QC 8H", "9D QC 8H AS", rules.Diamonds, "9D 8H QC"},
		{"9D QC 8H", "", rules.Diamonds, "9D QC 8H"},
	} {
		if got := handText(SortHand(cardsOf(tc.hand), cardsOf(tc.dealt), tc.trump)); got != tc.want {
			t.Errorf("SortHand(%s, trump %s) = %s, want %s", tc.hand, tc.trump, got, tc.want)
		}
	}
}

// TestSortHandBySuit: the hand J♠ 9♠ 10♠ K♠ Q♠ by strength
// hides a five-card run; by suit it reads K Q J 10 9.
func TestSortHandBySuit(t *testing.T) {
	h := cardsOf("JS 9S TS KS QS 7H AH")
	if got, want := handText(sortHandBy(h, h, rules.Clubs, ByStrength)), "TS KS QS JS 9S AH 7H"; got != want {
		t.Errorf("by strength: %s, want %s", got, want)
	}
	if got, want := handText(sortHandBy(h, h, rules.Clubs, BySuit)), "KS QS JS TS 9S AH 7H"; got != want {
		t.Errorf("by suit: %s, want %s", got, want)
	}
	// Trump first either way; in sequence order the jack sits by rank.
	h = cardsOf("JH 9H KH QH AS")
	if got, want := handText(sortHandBy(h, h, rules.Hearts, BySuit)), "KH QH JH 9H AS"; got != want {
		t.Errorf("trump by suit: %s, want %s", got, want)
	}
}

// TestTurnKeepsTheSelectedCard: o sorts the hand the other way and the
// cursor follows its card; a cursor on no card stays where it is.
func TestTurnKeepsTheSelectedCard(t *testing.T) {
	h := cardsOf("JS 9S TS KS QS 7H AH")
	o := ByStrength
	hand := func() []rules.Card { return sortHandBy(h, h, rules.Clubs, o) }
	for i, c := range hand() {
		o = ByStrength
		cursor := i
		o.Turn(hand, &cursor)
		if o != BySuit || hand()[cursor] != c {
			t.Errorf("turned with %v selected: order %v, cursor on %v", c, o, hand()[cursor])
		}
		o.Turn(hand, &cursor)
		if o != ByStrength || cursor != i {
			t.Errorf("turned back with %v selected: order %v, cursor %d, want %d", c, o, cursor, i)
		}
	}
	cursor := -1
	o.Turn(hand, &cursor)
	if cursor != -1 || o != BySuit {
		t.Errorf("no card selected: cursor %d, order %v", cursor, o)
	}
}

// TestMeldRow: a run side by side gets a bracket with its value, the
// bella pair "bella"; a run the order spreads out gets one bracket from
// its first card to its last, dashed under the cards between not in
// it, its value once; where another meld's card lies between, its value
// under each of its cards, two of one value told apart ("20a", "20b").
func TestMeldRow(t *testing.T) {
	g := NewGlyphs(false)
	w, gap := 5, 1
	cases := []struct {
		hand  string
		trump rules.Suit
		o     HandSort
		want  string
		w     int // the cards' width, 0 for 5
	}{
		// K Q J 10 9 of spades: one fifty.
		{"JS 9S TS KS QS 7H AH", rules.Clubs, BySuit, "└────────────50─────────────┘            ", 0},
		// K Q of trump: bella.
		{"KH QH 7C", rules.Hearts, BySuit, "└──bella──┘      ", 0},
		// K Q J of trump: a twenty that holds the bella pair.
		{"KH QH JH 7C", rules.Hearts, BySuit, "└───20+bella────┘      ", 0},
		// By strength the trump run is split by the 9: one bracket
		// from the J to the Q, dashed under the 9, its value under the
		// K Q side by side.
		{"KH QH JH 9H 7C", rules.Hearts, ByStrength, "└────╌╌╌╌╌╌╌─20+bella─┘      ", 0},
		// The same with small cards the label cannot fit beside: J 9 K
		// Q of trump in cards 3 wide.
		{"KH QH JH 9H AS KS QS", rules.Hearts, ByStrength, "└──╌╌╌╌╌─20+b─┘ └───20────┘", 3},
		// A K Q of trump side by side, the 9 8 7 around them: the
		// 9-8-7's value under each of its cards.
		{"AH KH QH 9H 8H 7H", rules.Hearts, ByStrength, " 20   └───20+bella────┘  20    20  ", 0},
		// Two runs of trump the order interleaves, J-Q-K (with the
		// bella pair) and 7-8-9, shown J 9 K Q 8 7: each twenty tagged
		// under its own cards, not "20" under six.
		{"JH 9H KH QH 8H 7H", rules.Hearts, ByStrength, " 20a   20b  20a+b 20a+b  20b   20b ", 0},
		// The same outside trump: A-K-Q and 10-9-8 shown A 10 K Q 9 8.
		{"AS TS KS QS 9S 8S", rules.Hearts, ByStrength, " 20a   20b   20a   20a   20b   20b ", 0},
		// Two runs and the pair apart: ♥ K Q (bella), ♠ A K Q.
		{"KH QH AS KS QS", rules.Hearts, BySuit, "└──bella──┘ └──────20───────┘", 0},
	}
	for _, c := range cases {
		h := cardsOf(c.hand)
		shown := sortHandBy(h, h, c.trump, c.o)
		w := w
		if c.w > 0 {
			w = c.w
		}
		got := MeldRow(&g, shown, handMeldsOf(shown, c.trump, rules.DefaultOptions(), true, false, 0), w, gap)
		if got != c.want {
			t.Errorf("%s (%v, order %d):\n got %q\nwant %q", c.hand, c.trump, c.o, got, c.want)
		}
	}
	if MeldRow(&g, nil, nil, w, gap) != "" {
		t.Error("an empty hand has marks")
	}
}

// TestMeldRowBracketOnce: MeldRow, drawn on every frame, draws each
// meld's bracket once: what it allocates beyond an empty row is less
// than two brackets' worth (spreadMark's own allocations), for a run
// the order spreads out and for one side by side. A work bound, not a
// time: it holds on any machine.
func TestMeldRowBracketOnce(t *testing.T) {
	g := NewGlyphs(false)
	for _, hand := range []string{"KH QH JH 9H 7C", "JS 9S TS KS QS 7H AH"} {
		h := cardsOf(hand)
		shown := sortHandBy(h, h, rules.Hearts, ByStrength)
		melds := handMeldsOf(shown, rules.Hearts, rules.DefaultOptions(), true, false, 0)
		if len(melds) != 1 || spreadMark(&g, shown, melds, melds[0], 5, 1) == "" {
			t.Fatalf("%s: want one meld under a bracket, got %+v", hand, melds)
		}
		row := testing.AllocsPerRun(50, func() { MeldRow(&g, shown, melds, 5, 1) })
		empty := testing.AllocsPerRun(50, func() { MeldRow(&g, shown, nil, 5, 1) })
		bracket := testing.AllocsPerRun(50, func() { spreadMark(&g, shown, melds, melds[0], 5, 1) })
		if row-empty >= 2*bracket {
			t.Errorf("%s: MeldRow allocates %v beyond an empty row's %v, a bracket %v: the bracket is drawn twice", hand, row-empty, empty, bracket)
		}
	}
}

// TestMeldRowVariants: the marks follow the options the deal scores:
// with menage, K Q J of trump are the menage (50, not a twenty and
// bella), a longer run holding them its value and the menage; with
// of_a_kind, a set of three or four is marked as a sequence is; the K
// and Q left of a menage held when play began (due) are the menage
// still, never bella.
func TestMeldRowVariants(t *testing.T) {
	g := NewGlyphs(false)
	w, gap := 5, 1
	cases := []struct {
		hand, rules string
		trump       rules.Suit
		want        string
		due         bool
	}{
		{"KH QH JH 7C", "menage=on", rules.Hearts, "└────menage─────┘      ", false},
		{"KH QH JH TH 7C", "menage=on", rules.Hearts, "└──────50+menage──────┘      ", false},
		{"KH QH 7C", "menage=on", rules.Hearts, "└──bella──┘      ", false},
		{"KH QH 7C", "menage=on", rules.Hearts, "└─menage──┘      ", true},
		{"AH AS AC 7D", "of_a_kind=on", rules.Hearts, "└───20─────╌╌╌╌╌╌╌────┘", false},
		{"AH AS AC 7D", "", rules.Hearts, "                       ", false},
	}
	for _, c := range cases {
		h := cardsOf(c.hand)
		shown := sortHandBy(h, h, c.trump, BySuit)
		got := MeldRow(&g, shown, handMeldsOf(shown, c.trump, tabletest.Options(t, c.rules), true, c.due, 0), w, gap)
		if got != c.want {
			t.Errorf("%s (%s):\n got %q\nwant %q", c.hand, c.rules, got, c.want)
		}
	}
}

// TestMeldRowCrossing: where two marks would cross (a card in two
// melds), every card of a meld has its own label and a card of two
// both: the Q♥ of a fifty with the menage that is also one of three
// queens reads "50+m/20" over the gaps beside it when they are free,
// never a bracket that another starts inside; "+m" only under the
// menage's own cards, the 10♥ of that fifty "50". A
// label one cell too long for its card reads whole over the gap beside
// it ("menage" under the one card left of a menage); a bracket's label
// too long for its cards side by side reads whole between its corners.
func TestMeldRowCrossing(t *testing.T) {
	cases := []struct {
		hand  string
		trump rules.Suit
		due   bool
		ascii bool
		want  string
	}{
		{"JH TH KH QH JS QD KC QC 7C", rules.Hearts, false, false, "50+m   50   50+m 50+m/20       20          20        "},
		// Two sets of twenty, the aces and the sevens, one ace in the
		// fifty too: "20a" under the aces, "20b" under the sevens.
		{"JS AS KS QS 7S AH 7C AD 7D", rules.Spades, false, false, "50+m 50/20a 50+m  50+m   20b   20a   20b   20a   20b "},
		{"QS 7H", rules.Spades, true, false, "menage     "},
		{"QS 7H", rules.Spades, true, true, "menage     "},
		{"JH TH KH 7C", rules.Hearts, true, false, "└────menage╌────┘      "},
		{"JH KH", rules.Hearts, true, false, "└─menage──┘"},
	}
	for _, c := range cases {
		g := NewGlyphs(c.ascii)
		h := cardsOf(c.hand)
		shown := sortHandBy(h, h, c.trump, ByStrength)
		o := tabletest.Options(t, "menage=on,of_a_kind=on")
		got := MeldRow(&g, shown, handMeldsOf(shown, c.trump, o, true, c.due, 0), 5, 1)
		if got != c.want {
			t.Errorf("%s (%v):\n got %q\nwant %q", c.hand, c.trump, got, c.want)
		}
	}
}

// TestCardRowsMarks: under the hand a playable card has the playable
// mark, the selected card the selected mark, and the selected card
// that may be played both, side by side in its column ("▲•", "^*"
// under -ascii); a selected card not playable only ▲.
func TestCardRowsMarks(t *testing.T) {
	h := cardsOf("AH KH 7C")
	hand := sortHandBy(h, h, rules.Hearts, BySuit) // A♥ K♥ 7♣
	legal := h.Without(hand[2])
	for _, c := range []struct {
		ascii bool
		sel   int
		want  string
	}{
		{false, 0, "  ▲•    •        "},
		{false, 2, "  •     •     ▲  "},
		{true, 1, "  *     ^*       "},
	} {
		ctx := NewContext(c.ascii)
		rows := make([]string, HandRows(SmallCard)-1)
		CardRows(&ctx, rows, hand, legal, c.sel, true, SmallCard, "")
		if got := ansi.Strip(rows[SmallCard.H+2]); got != c.want {
			t.Errorf("ascii %v, card %d selected: marks %q, want %q", c.ascii, c.sel+1, got, c.want)
		}
	}
}

// TestBellaLeftMarked: the bella pair the seat held keeps its mark on
// the card left once the other is played, while bella is still to be
// said with it, as the menage's cards do; once said, no mark.
func TestBellaLeftMarked(t *testing.T) {
	g := NewGlyphs(false)
	v := rules.View{Players: 2, Options: rules.DefaultOptions(), Seat: rules.SeatA, Trump: rules.Clubs,
		BellaBy: rules.NoSeat, MenageBy: rules.NoSeat}
	v.Hand = cardsOf("KC 7D 8H")
	v.Played[rules.SeatA] = cardsOf("QC")
	shown := sortHandBy(v.Hand, v.Hand, v.Trump, ByStrength)
	if got := MeldRow(&g, shown, HeldMelds(&v, shown), 5, 1); !strings.Contains(got, "bella") || strings.Index(got, "bella") > 5 {
		t.Errorf("the K♣ left of the pair is not marked bella: %q", got)
	}
	v.BellaBy = rules.SeatA
	if got := HeldMelds(&v, shown); len(got) != 0 {
		t.Errorf("bella said, still marked: %+v", got)
	}
	v.BellaBy = rules.NoSeat
	v.Played[rules.SeatA] = cardsOf("QD")
	if got := HeldMelds(&v, shown); len(got) != 0 {
		t.Errorf("the K♣ alone, never with the queen, marked: %+v", got)
	}
}

// HiddenCards keeps one form for every count of a hand in a given
// room: the word only where the most cards would have it too, the
// backs while they fit, words alone past that; no cards in words.
func TestHiddenCards(t *testing.T) {
	ctx := NewContext(false)
	for _, c := range []struct {
		n, most, w int
		want       string
	}{
		{6, 9, 17, "▮▮▮▮▮▮ 6 cards"},
		{9, 9, 17, "▮▮▮▮▮▮▮▮▮ 9 cards"},
		{6, 9, 16, "▮▮▮▮▮▮ 6"}, // 9 cards would not have the word
		{9, 9, 16, "▮▮▮▮▮▮▮▮▮ 9"},
		{1, 8, 11, "▮ 1"},
		{8, 8, 9, "8 cards"},
		{0, 9, 40, "no cards"},
		{10, 9, 18, "▮▮▮▮▮▮▮▮▮▮ 10"}, // more than most: its own room counts
	} {
		if got := ansi.Strip(HiddenCards(&ctx, c.n, c.most, c.w)); got != c.want {
			t.Errorf("%d of %d in %d: %q, want %q", c.n, c.most, c.w, got, c.want)
		}
	}
}

// TestMeldRowLabelsApart: at 80 columns (cards 5 wide at every seat
// count, nine cards with two or three seats, eight with four), under
// hands where a menage, a fifty or the bella pair shares cards with a
// set or a run of another suit lies beside it, every card of a meld has
// a mark under it and no two marks touch: each run of marks is a
// bracket from a card's left edge to a card's right edge, or one card's
// label, under that card's cells alone (over the gaps beside too). A
// card in two melds names both, as "m/50".
func TestMeldRowLabelsApart(t *testing.T) {
	o := tabletest.Options(t, "menage=on,of_a_kind=on")
	cases := []struct {
		hand  string // the last card left out with four seats
		trump rules.Suit
		due   bool
		both  string // the label under a card in two melds, "" for any
	}{
		// The menage K Q J♠ and the four queens.
		{"KS QS JS KH QH QC QD 7D 8H", rules.Spades, false, "men/50"},
		// The menage and three queens.
		{"KS QS JS QH QD 7C 8C 9D AH", rules.Spades, false, "/20"},
		// The menage and three kings and three jacks: each of its
		// cards in a set.
		{"KS QS JS KH KD JH JD 7C JC", rules.Spades, false, ""},
		// A fifty holding the menage and the four queens, both fifties.
		{"JS TS KS QS QH QD QC 7C 8D", rules.Spades, false, "50/50"},
		// The bella pair and three queens.
		{"KH QH QS QD 7C 8C 9S AD TD", rules.Hearts, false, "/20"},
		// What is left of a menage held when play began (its word
		// under one card) beside a run of another suit.
		{"QS AH KH QH 7C 8D 9C TD 8S", rules.Spades, true, ""},
		{"KS JS AH KH QH 7C 8D 9C 8S", rules.Spades, true, ""},
	}
	const w, gap = 5, HandGap
	for _, seats := range []int{2, 3, 4} {
		for _, c := range cases {
			h := cardsOf(c.hand)
			if seats == 4 {
				h = h.Without(cardsOf(c.hand[len(c.hand)-2:]).Cards()[0])
			}
			for _, ascii := range []bool{false, true} {
				for _, ord := range []HandSort{BySuit, ByStrength} {
					g := NewGlyphs(ascii)
					shown := sortHandBy(h, h, c.trump, ord)
					melds := handMeldsOf(shown, c.trump, o, true, c.due, 0)
					row := []rune(MeldRow(&g, shown, melds, w, gap))
					name := fmt.Sprintf("%d seats, %s, order %d, ascii %v", seats, handText(shown), ord, ascii)
					if len(row) != HandWidth(len(shown), SmallCard) {
						t.Fatalf("%s: row %d cells wide, the hand %d", name, len(row), HandWidth(len(shown), SmallCard))
					}
					checkMeldRow(t, name, &g, shown, melds, row, w, gap, c.both)
				}
			}
		}
	}
}

// TestMeldRowOneFormPerMeld: at 80 columns (cards 5 wide), under a
// hand whose menage shares its jack with three jacks, at every seat
// count, in either order (one drawn in ascii), the menage's word reads
// in one form under both its king and its queen ("men" under both, not
// "men" and "menage"), each with a mark over its middle cell, and the
// row still passes checkMeldRow.
func TestMeldRowOneFormPerMeld(t *testing.T) {
	o := tabletest.Options(t, "menage=on,of_a_kind=on")
	const w, gap = 5, HandGap
	for _, seats := range []int{2, 3, 4} {
		h := cardsOf("JH KH QH TS JS 8S JD AC 9C")
		if seats == 4 {
			h = h.Without(cardsOf("9C").Cards()[0])
		}
		for _, ord := range []HandSort{BySuit, ByStrength} {
			ascii := ord == ByStrength
			g := NewGlyphs(ascii)
			shown := sortHandBy(h, h, rules.Hearts, ord)
			melds := handMeldsOf(shown, rules.Hearts, o, true, false, 0)
			row := []rune(MeldRow(&g, shown, melds, w, gap))
			name := fmt.Sprintf("%d seats, %s, order %d, ascii %v", seats, handText(shown), ord, ascii)
			checkMeldRow(t, name, &g, shown, melds, row, w, gap, "")
			forms := map[string]bool{}
			read := 0 // the king and queen with a mark over the middle
			for i, c := range shown {
				if c == rules.NewCard(rules.King, rules.Hearts) || c == rules.NewCard(rules.Queen, rules.Hearts) {
					// The run of marks over the card's middle cell.
					lo, hi := i*(w+gap)+w/2, i*(w+gap)+w/2
					for lo > 0 && row[lo-1] != ' ' {
						lo--
					}
					for hi < len(row) && row[hi] != ' ' {
						hi++
					}
					if hi > lo {
						forms[string(row[lo:hi])] = true
						read++
					}
				}
			}
			if read != 2 {
				t.Errorf("%s: %d of the menage's king and queen have a mark over their middle cell: %q", name, read, string(row))
			}
			if len(forms) != 1 {
				t.Errorf("%s: the menage reads %v under its king and queen: %q", name, forms, string(row))
			}
		}
	}
}

// checkMeldRow fails unless every card of melds has a mark under it
// in row and each run of marks is one bracket or one card's label;
// both, when set, must be in the row.
func checkMeldRow(t *testing.T, name string, g *Glyphs, shown []rules.Card, melds []Meld, row []rune, w, gap int, both string) {
	t.Helper()
	for i, c := range shown {
		held := slices.ContainsFunc(melds, func(m Meld) bool { return m.Cards.Has(c) })
		if held && strings.TrimSpace(string(row[i*(w+gap):i*(w+gap)+w])) == "" {
			t.Errorf("%s: %v has no mark under it: %q", name, c, string(row))
		}
	}
	for x := 0; x < len(row); x++ {
		if row[x] == ' ' {
			continue
		}
		end := x
		for end < len(row) && row[end] != ' ' {
			end++
		}
		run := string(row[x:end])
		bracket := strings.HasPrefix(run, g.normal.bl) && strings.HasSuffix(run, g.normal.br) &&
			x%(w+gap) == 0 && (end+gap)%(w+gap) == 0
		var cards []int
		for i := range shown {
			if x < i*(w+gap)+w && end > i*(w+gap) {
				cards = append(cards, i)
			}
		}
		if !bracket && len(cards) != 1 {
			t.Errorf("%s: %q runs under %d cards, two marks touching: %q", name, run, len(cards), string(row))
		}
		x = end
	}
	if both != "" && !strings.Contains(string(row), both) {
		t.Errorf("%s: no %q, a card in two melds: %q", name, both, string(row))
	}
}
