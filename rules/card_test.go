package rules

import (
	"slices"
	"strings"
	"testing"
)

// docs/rules.md section 1: trick-taking order, high to low, written out here
// independently of the engine's power tables.
var (
	trumpOrder = []Rank{Jack, Nine, Ace, Ten, King, Queen, Eight, Seven}
	plainOrder = []Rank{Ace, Ten, King, Queen, Jack, Nine, Eight, Seven}
)

func TestTrickRankTrump(t *testing.T) {
	for _, trump := range []Suit{Clubs, Diamonds, Hearts, Spades} {
		for i, hi := range trumpOrder {
			for _, lo := range trumpOrder[i+1:] {
				h, l := NewCard(hi, trump), NewCard(lo, trump)
				if !Beats(h, l, trump) || Beats(l, h, trump) {
					t.Errorf("trump %s: %s must beat %s whichever is led", trump, h, l)
				}
				if got := TrickWinnerOf([]Card{l, h}, trump); got != 1 {
					t.Errorf("TrickWinnerOf(%s led, %s) trump %s: got %d, want 1", l, h, trump, got)
				}
				if got := TrickWinnerOf([]Card{h, l}, trump); got != 0 {
					t.Errorf("TrickWinnerOf(%s led, %s) trump %s: got %d, want 0", h, l, trump, got)
				}
				if Power(h, trump) <= Power(l, trump) {
					t.Errorf("Power trump %s: %s must exceed %s", trump, h, l)
				}
			}
		}
	}
}

func TestTrickRankPlain(t *testing.T) {
	for _, trump := range []Suit{Clubs, Diamonds, Hearts, Spades} {
		for s := Clubs; s <= Spades; s++ {
			if s == trump {
				continue
			}
			for i, hi := range plainOrder {
				for _, lo := range plainOrder[i+1:] {
					h, l := NewCard(hi, s), NewCard(lo, s)
					if !Beats(h, l, trump) || Beats(l, h, trump) {
						t.Errorf("trump %s: %s must beat %s", trump, h, l)
					}
					if TrickWinnerOf([]Card{l, h}, trump) != 1 || TrickWinnerOf([]Card{h, l}, trump) != 0 {
						t.Errorf("trump %s: TrickWinner does not rank %s over %s", trump, h, l)
					}
				}
			}
		}
	}
}

func TestTrickRankTrumpBeatsPlainAndDiscardsLose(t *testing.T) {
	tests := []struct {
		lead, second string
		trump        Suit
		want         int // 0 led card wins, 1 second wins
	}{
		{"AS", "7H", Hearts, 1}, // lowest trump beats a plain ace
		{"7H", "AS", Hearts, 0}, // a plain ace does not beat a trump lead
		{"7S", "AC", Hearts, 0}, // a discard of another plain suit never wins
		{"7S", "8S", Hearts, 1},
		{"JS", "9S", Hearts, 0}, // plain: J over 9
		{"9H", "JH", Hearts, 1}, // trump: J over 9
		{"AH", "9H", Hearts, 1}, // trump: 9 over A
		{"TH", "AH", Hearts, 1},
		{"TS", "KS", Hearts, 0}, // plain: 10 over K
		{"KS", "TS", Hearts, 1},
	}
	for _, tc := range tests {
		l, s := MustCard(tc.lead), MustCard(tc.second)
		if got := TrickWinnerOf([]Card{l, s}, tc.trump); got != tc.want {
			t.Errorf("TrickWinnerOf(%s, %s, trump %s): got %d, want %d", l, s, tc.trump, got, tc.want)
		}
		if got := Beats(s, l, tc.trump); got != (tc.want == 1) {
			t.Errorf("Beats(%s, %s, trump %s): got %v, want %v", s, l, tc.trump, got, tc.want == 1)
		}
		// The fast path agrees: play the trick in a Duel and see who
		// leads next.
		p := Duel{Hands: [2]CardSet{SetOf(l), SetOf(s)}, Trump: tc.trump, Lead: NoCard, Leader: SeatA}
		p.Move(l)
		done, w := p.Move(s)
		if !done || w != Seat(tc.want) || p.Leader != w {
			t.Errorf("Duel %s then %s, trump %s: got done %v winner %s, want winner %s", l, s, tc.trump, done, w, Seat(tc.want))
		}
	}
}

func TestCardPoints(t *testing.T) {
	// docs/rules.md section 1 table: trump, other suits.
	tests := []struct {
		rank         Rank
		trump, plain int
	}{
		{Jack, 20, 2}, {Nine, 14, 0}, {Ace, 11, 11}, {Ten, 10, 10},
		{King, 4, 4}, {Queen, 3, 3}, {Eight, 0, 0}, {Seven, 0, 0},
	}
	for _, tc := range tests {
		for s := Clubs; s <= Spades; s++ {
			c := NewCard(tc.rank, s)
			other := (s + 1) % 4
			if got := Points(c, s); got != tc.trump {
				t.Errorf("Points(%s, trump %s): got %d, want %d", c, s, got, tc.trump)
			}
			if got := Points(c, other); got != tc.plain {
				t.Errorf("Points(%s, trump %s): got %d, want %d", c, other, got, tc.plain)
			}
			if got := Points(c, NoSuit); got != tc.plain {
				t.Errorf("Points(%s, no trump): got %d, want %d", c, got, tc.plain)
			}
		}
	}
	for s := Clubs; s <= Spades; s++ {
		if got := SetPoints(FullDeck, s); got != 152 {
			t.Errorf("SetPoints(deck, trump %s): got %d, want 152", s, got)
		}
		if got := SetPoints(SuitMask(s), s); got != 62 {
			t.Errorf("trump suit %s: got %d points, want 62", s, got)
		}
	}
}

func TestCardNumbering(t *testing.T) {
	seen := CardSet(0)
	for s := Clubs; s <= Spades; s++ {
		for r := Seven; r <= Ace; r++ {
			c := NewCard(r, s)
			if c.Suit() != s || c.Rank() != r || !c.Valid() {
				t.Errorf("NewCard(%s, %s) = %d: got suit %s rank %s", r, s, c, c.Suit(), c.Rank())
			}
			if seen.Has(c) {
				t.Errorf("NewCard(%s, %s) = %d twice", r, s, c)
			}
			seen = seen.With(c)
			if !SuitMask(s).Has(c) {
				t.Errorf("SuitMask(%s) lacks %s", s, c)
			}
		}
	}
	if seen != FullDeck {
		t.Errorf("cards cover %08x, want the full deck", uint32(seen))
	}
}

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want string // String of the card, or "" for an error
	}{
		{"JS", "JS"}, {"TS", "TS"}, {"10S", "TS"}, {"J♠", "JS"}, {"10♥", "TH"},
		{"js", "JS"}, {"qh", "QH"}, {"ts", "TS"}, {" 7c ", "7C"}, {"A♦", "AD"},
		{"K♣", "KC"}, {"9♡", "9H"}, {"8♤", "8S"}, {"Ahearts", "AH"},
		{"", ""}, {"J", ""}, {"10", ""}, {"1S", ""}, {"JX", ""}, {"SJ", ""},
		{"11S", ""}, {"6S", ""}, {"JSS", ""}, {"♠J", ""},
	}
	for _, tc := range tests {
		c, err := ParseCard(tc.in)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("ParseCard(%q) = %s, want an error", tc.in, c)
		case tc.want != "" && err != nil:
			t.Errorf("ParseCard(%q): %v", tc.in, err)
		case tc.want != "" && c.String() != tc.want:
			t.Errorf("ParseCard(%q) = %s, want %s", tc.in, c, tc.want)
		}
		if tc.want == "" && err != nil && !strings.Contains(err.Error(), "card") {
			t.Errorf("ParseCard(%q) error %q does not say it is about a card", tc.in, err)
		}
	}
	for c := Card(0); c < 32; c++ {
		for _, s := range []string{c.String(), c.Pretty(false), c.Pretty(true), strings.ToLower(c.String())} {
			if got, err := ParseCard(s); err != nil || got != c {
				t.Errorf("ParseCard(%q) = %s, %v; want %s", s, got, err, c)
			}
		}
	}
}

func TestParseCardSet(t *testing.T) {
	m, err := ParseCardSet("JH, 9h  10♥\tAH")
	if err != nil || m != SetOf(MustCard("JH"), MustCard("9H"), MustCard("TH"), MustCard("AH")) {
		t.Errorf("ParseCardSet: got %s, %v", m, err)
	}
	if m.String() != "9H TH JH AH" {
		t.Errorf("String: got %q, want index order %q", m.String(), "9H TH JH AH")
	}
	if _, err := ParseCardSet("JH 10H JH"); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a card listed twice: got %v, want an error saying so", err)
	}
	if _, err := ParseCardSet("JH ZZ"); err == nil {
		t.Error("a bad card: got no error")
	}
	if m, err := ParseCardSet(""); err != nil || m != 0 {
		t.Errorf("empty set: got %s, %v", m, err)
	}
}

func TestParseDeck(t *testing.T) {
	d := NewDeck()
	got, err := ParseDeck(d.String())
	if err != nil || got != d {
		t.Fatalf("ParseDeck(String()) = %v, %v", got, err)
	}
	f := strings.Fields(d.String())
	tests := []struct {
		in, msg string
	}{
		{strings.Join(f[:31], " "), "a deck has 32 cards, got 31"},
		{strings.Join(append(f[:31:31], f[0]), " "), "card 32: 7C appears twice"},
		{strings.Join(append([]string{"XX"}, f[1:]...), " "), `card 1: "XX" is not a card: bad rank`},
	}
	for _, tc := range tests {
		if _, err := ParseDeck(tc.in); err == nil || err.Error() != tc.msg {
			t.Errorf("ParseDeck: got error %v, want %q", err, tc.msg)
		}
	}
}

func TestParseSuitRankSeat(t *testing.T) {
	suits := map[string]Suit{"c": Clubs, "D": Diamonds, "♥": Hearts, "spades": Spades, " Heart ": Hearts, "♧": Clubs}
	for in, want := range suits {
		if got, err := ParseSuit(in); err != nil || got != want {
			t.Errorf("ParseSuit(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "x", "-", "clubss"} {
		if got, err := ParseSuit(in); err == nil {
			t.Errorf("ParseSuit(%q) = %v, want an error", in, got)
		}
	}
	ranks := map[string]Rank{"7": Seven, "8": Eight, "9": Nine, "t": Ten, "10": Ten, "j": Jack, "Q": Queen, "K": King, "a": Ace}
	for in, want := range ranks {
		if got, err := ParseRank(in); err != nil || got != want {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "6", "1", "11", "AA"} {
		if got, err := ParseRank(in); err == nil {
			t.Errorf("ParseRank(%q) = %v, want an error", in, got)
		}
	}
}

// TestParseSeat: every seat of a table reads back from its letter, in
// any case; a seat past the table, a letter that is no seat and a table
// of no seat count are refused.
func TestParseSeat(t *testing.T) {
	for _, n := range SeatCounts() {
		for s := range Seat(n) {
			for _, in := range []string{s.String(), strings.ToLower(s.String()), " " + s.String() + " "} {
				if got, err := ParseSeat(in, n); err != nil || got != s {
					t.Errorf("ParseSeat(%q, %d) = %v, %v; want %v", in, n, got, err, s)
				}
			}
		}
		for _, in := range []string{"", Seat(n).String(), "E", "AB", "-", "@"} {
			if got, err := ParseSeat(in, n); err == nil {
				t.Errorf("ParseSeat(%q, %d) = %v, want an error", in, n, got)
			}
		}
	}
	if _, err := ParseSeat("C", 2); err == nil || err.Error() != `"C" is not a seat (A or B)` {
		t.Errorf("ParseSeat(C, 2): %v", err)
	}
	if _, err := ParseSeat("D", 3); err == nil || err.Error() != `"D" is not a seat (A to C)` {
		t.Errorf("ParseSeat(D, 3): %v", err)
	}
	for _, n := range []int{0, 1, 5} {
		if got, err := ParseSeat("A", n); err == nil {
			t.Errorf("ParseSeat(A, %d) = %v, want an error", n, got)
		}
	}
}

func TestParseAction(t *testing.T) {
	tests := []struct {
		in   string
		want Action
	}{
		{"pass", PassAction()},
		{"TAKE", Action{Kind: Take}},
		{"schmeiss", Action{Kind: Schmeiss}},
		{"accept", Action{Kind: Accept}},
		{"refuse", Action{Kind: Refuse}},
		{"name h", NameAction(Hearts)},
		{"name ♠", NameAction(Spades)},
		{"exchange", Action{Kind: Exchange}},
		{"no-exchange", Action{Kind: NoExchange}},
		{"no-sequence", Action{Kind: NoSequence}},
		{"announce 20", AnnounceAction(20)},
		{"announce 50", AnnounceAction(50)},
		{"good", Action{Kind: Good}},
		{"not-good", Action{Kind: NotGood}},
		{"how-high", Action{Kind: HowHigh}},
		{"top 10", TopAction(Ten)},
		{"top k", TopAction(King)},
		{"same", Action{Kind: Same}},
		{"how-many", Action{Kind: HowMany}},
		{"length 5", LengthAction(5)},
		{"play JS", PlayAction(MustCard("JS"))},
		{"play 10♥", PlayAction(MustCard("TH"))},
		{"play kh bella", PlayBellaAction(MustCard("KH"))},
	}
	for _, tc := range tests {
		got, err := ParseAction(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseAction(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			continue
		}
		back, err := ParseAction(got.String())
		if err != nil || back != got {
			t.Errorf("ParseAction(%q) = %v, %v: String %q does not round-trip", got.String(), back, err, got)
		}
	}
	for _, in := range []string{"", "jump", "pass now", "name", "name x", "name h s", "announce 30",
		"announce", "top", "top 6", "length 2", "length 9", "length x", "play", "play xx",
		"play js loudly", "play js bella now"} {
		if a, err := ParseAction(in); err == nil {
			t.Errorf("ParseAction(%q) = %v, want an error", in, a)
		}
	}
}

// An action's error says what is wrong once, quoting the text as it
// was written: the caller says where the action is ("action 7", a
// file's line), and an "action" of its own repeated that; the card was
// quoted lowercased.
func TestParseActionErrorSaysTextAsWritten(t *testing.T) {
	for in, want := range map[string]string{
		"play ZZ":       `"ZZ" is not a card: bad rank`,
		"PLAY JX":       `"JX" is not a card: bad suit`,
		"give Q♣x":      `"Q♣x" is not a card: bad suit`,
		"Pass now":      "pass takes no argument",
		"play JS Bella": "",
		"name NT":       "",
		"Jump":          `"Jump" is not an action`,
	} {
		_, err := ParseAction(in)
		switch {
		case want == "" && err != nil:
			t.Errorf("ParseAction(%q): %v", in, err)
		case want != "" && (err == nil || err.Error() != want):
			t.Errorf("ParseAction(%q) = %v, want %q", in, err, want)
		}
	}
}

func TestParseOptions(t *testing.T) {
	def := DefaultOptions()
	if def != (Options{BottomCard: true, SequenceRank: RankByValue, MeldsNeedTrick: true, LastTrick: 10, Target: 500}) {
		t.Errorf("DefaultOptions = %+v, not docs/rules.md's defaults", def)
	}
	if got, err := ParseOptions(""); err != nil || got != def {
		t.Errorf("ParseOptions(\"\") = %+v, %v; want the defaults", got, err)
	}
	want := "bottom_card=on,sequence_rank=value,melds_need_trick=on,last_trick=10,target=500"
	if def.String() != want {
		t.Errorf("String: got %q, want %q", def.String(), want)
	}
	o, err := ParseOptions(" bottom_card=off, sequence_rank=length,melds_need_trick=no,last_trick=0,target=1000 ")
	if err != nil {
		t.Fatal(err)
	}
	if o != (Options{BottomCard: false, SequenceRank: RankByLength, MeldsNeedTrick: false, LastTrick: 0, Target: 1000}) {
		t.Errorf("ParseOptions: got %+v", o)
	}
	if back, err := ParseOptions(o.String()); err != nil || back != o {
		t.Errorf("round trip of %q: got %+v, %v", o.String(), back, err)
	}
	for _, in := range []string{"bottom_card", "bottom_card=maybe", "sequence_rank=top", "last_trick=-1",
		"target=0", "target=x", "colour=red"} {
		if _, err := ParseOptions(in); err == nil {
			t.Errorf("ParseOptions(%q): want an error", in)
		}
	}
	if _, err := ParseOptions("colour=red"); err == nil || !strings.Contains(err.Error(), "bottom_card") {
		t.Errorf("unknown option: got %v, want an error listing the known ones", err)
	}
	for _, k := range OptionNames {
		if _, err := def.Get(k); err != nil {
			t.Errorf("Get(%q): %v", k, err)
		}
	}
}

func TestCardSetNth(t *testing.T) {
	// Nth against the obvious loop, on every set of a sample and every n.
	x := uint32(0x9E3779B9)
	for i := 0; i < 20000; i++ {
		x = xorshift32(x)
		m := CardSet(x)
		if i%3 == 0 {
			m &= CardSet(x >> 7) // sparser sets
		}
		cards := m.Cards()
		for n := -1; n <= len(cards); n++ {
			want := NoCard
			if n >= 0 && n < len(cards) {
				want = cards[n]
			}
			if got := m.Nth(n); got != want {
				t.Fatalf("%08x.Nth(%d) = %s, want %s", uint32(m), n, got, want)
			}
		}
	}
}

// TestRanksByPowerAndRunPoints: the ranks' order comes from the engine's
// own tables as section 1 states it, and sequences score as section 4
// says: 20 for three in a row, 50 for four or more.
func TestRanksByPowerAndRunPoints(t *testing.T) {
	if got := RanksByPower(true); !slices.Equal(got, trumpOrder) {
		t.Errorf("trump order %v, want %v", got, trumpOrder)
	}
	if got := RanksByPower(false); !slices.Equal(got, plainOrder) {
		t.Errorf("plain order %v, want %v", got, plainOrder)
	}
	for n, want := range []int{0, 0, 0, 20, 50, 50, 50, 50, 50} {
		if got := RunPoints(n); got != want {
			t.Errorf("RunPoints(%d) = %d, want %d", n, got, want)
		}
	}
}
