package rules

import "testing"

// TestScoreDealRules has one case per scoring rule of docs/rules.md section 8,
// on ScoreDeal alone (no deal is played).
func TestScoreDealRules(t *testing.T) {
	std := DefaultOptions()
	noLast := std
	noLast.LastTrick = 0
	meldsFree := std
	meldsFree.MeldsNeedTrick = false
	tests := []struct {
		name string
		opts Options
		in   Tally
		want Score
	}{
		{"total is cards, last trick, sequences and bella", std,
			Tally{Players: 2, Maker: SeatA, Trump: Hearts, Tricks: [4]int{5, 4}, Cards: [4]int{60, 52}, LastTrick: SeatA, SeqWinner: SeatA, SeqPoints: [4]int{50}, Bella: [4]int{0, 20}},
			Score{Players: 2, Maker: SeatA, Trump: Hearts, Outcome: Made, Tricks: [4]int{5, 4}, Cards: [4]int{60, 52}, LastTrick: [4]int{10, 0},
				Seqs: [4]int{50, 0}, Bella: [4]int{0, 20}, Total: [4]int{120, 72}, SideTotal: [4]int{120, 72}, Scored: [4]int{120, 72}}},
		{"last_trick = 0 drops the last-trick bonus", noLast,
			Tally{Players: 2, Maker: SeatB, Trump: Clubs, Tricks: [4]int{4, 5}, Cards: [4]int{50, 62}, LastTrick: SeatB, SeqWinner: NoSeat},
			Score{Players: 2, Maker: SeatB, Trump: Clubs, Outcome: Made, Tricks: [4]int{4, 5}, Cards: [4]int{50, 62},
				Total: [4]int{50, 62}, SideTotal: [4]int{50, 62}, Scored: [4]int{50, 62}}},
		{"maker greater: both score their own", std,
			Tally{Players: 2, Maker: SeatB, Tricks: [4]int{3, 6}, Cards: [4]int{40, 72}, LastTrick: SeatB, SeqWinner: NoSeat},
			Score{Players: 2, Maker: SeatB, Outcome: Made, Tricks: [4]int{3, 6}, Cards: [4]int{40, 72}, LastTrick: [4]int{0, 10},
				Total: [4]int{40, 82}, SideTotal: [4]int{40, 82}, Scored: [4]int{40, 82}}},
		{"equal: maker scores nothing, defender its own", std,
			Tally{Players: 2, Maker: SeatA, Tricks: [4]int{4, 5}, Cards: [4]int{61, 51}, LastTrick: SeatB, SeqWinner: NoSeat},
			Score{Players: 2, Maker: SeatA, Outcome: Tie, Tricks: [4]int{4, 5}, Cards: [4]int{61, 51}, LastTrick: [4]int{0, 10},
				Total: [4]int{61, 61}, SideTotal: [4]int{61, 61}, Scored: [4]int{0, 61}}},
		{"maker less: bete, defender scores both totals", std,
			Tally{Players: 2, Maker: SeatA, Tricks: [4]int{2, 7}, Cards: [4]int{30, 82}, LastTrick: SeatB, SeqWinner: SeatA, SeqPoints: [4]int{20}},
			Score{Players: 2, Maker: SeatA, Outcome: Bete, Tricks: [4]int{2, 7}, Cards: [4]int{30, 82}, LastTrick: [4]int{0, 10},
				Seqs: [4]int{20, 0}, Total: [4]int{50, 92}, SideTotal: [4]int{50, 92}, Scored: [4]int{0, 142}}},
		{"melds_need_trick: the right without a trick scores no sequences", std,
			Tally{Players: 2, Maker: SeatB, Tricks: [4]int{0, 9}, Cards: [4]int{0, 152}, LastTrick: SeatB, SeqWinner: SeatA, SeqPoints: [4]int{100}},
			Score{Players: 2, Maker: SeatB, Outcome: Made, Tricks: [4]int{0, 9}, Cards: [4]int{0, 152}, LastTrick: [4]int{0, 10},
				Total: [4]int{0, 162}, SideTotal: [4]int{0, 162}, Scored: [4]int{0, 162}}},
		{"melds_need_trick off: sequences count without a trick", meldsFree,
			Tally{Players: 2, Maker: SeatB, Tricks: [4]int{0, 9}, Cards: [4]int{0, 152}, LastTrick: SeatB, SeqWinner: SeatA, SeqPoints: [4]int{100}},
			Score{Players: 2, Maker: SeatB, Outcome: Made, Tricks: [4]int{0, 9}, Cards: [4]int{0, 152}, LastTrick: [4]int{0, 10},
				Seqs: [4]int{100, 0}, Total: [4]int{100, 162}, SideTotal: [4]int{100, 162}, Scored: [4]int{100, 162}}},
		{"bella counts for the maker's total", std,
			Tally{Players: 2, Maker: SeatA, Tricks: [4]int{4, 5}, Cards: [4]int{51, 51}, LastTrick: SeatB, SeqWinner: NoSeat, Bella: [4]int{20}},
			Score{Players: 2, Maker: SeatA, Outcome: Made, Tricks: [4]int{4, 5}, Cards: [4]int{51, 51}, LastTrick: [4]int{0, 10},
				Bella: [4]int{20, 0}, Total: [4]int{71, 61}, SideTotal: [4]int{71, 61}, Scored: [4]int{71, 61}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ScoreDeal(tt.in, tt.opts); got != tt.want {
				t.Errorf("ScoreDeal(%+v)\ngot  %+v\nwant %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestAnnounceable: bella while it is open; with the menage on, the
// seat that held K, Q and J of trump may announce the menage while it
// holds one of them, and never bella.
func TestAnnounceable(t *testing.T) {
	menage := Options{Menage: true}
	tests := []struct {
		hand, played string
		trump        Suit
		opts         Options
		want         int
	}{
		{"KH QH 7C", "", Hearts, Options{}, BellaPoints},
		{"KH QH JH", "", Hearts, Options{}, BellaPoints},
		{"QH 7C", "KH", Hearts, Options{}, BellaPoints},
		{"7C", "KH QH", Hearts, Options{}, 0},
		{"KH QH 7C", "", Hearts, menage, BellaPoints},
		{"KH QH JH", "", Hearts, menage, MenagePoints},
		{"JH 7C", "KH QH", Hearts, menage, MenagePoints},
		{"7C", "KH QH JH", Hearts, menage, 0},
		{"KH QH JH", "", Spades, menage, 0},
		{"KH QH JH", "", NoSuit, menage, 0},
	}
	for _, tt := range tests {
		var played CardSet
		if tt.played != "" {
			played = set(t, tt.played)
		}
		if got := Announceable(set(t, tt.hand), played, tt.trump, tt.opts); got != tt.want {
			t.Errorf("Announceable(%s, played %s, trump %s, menage %v) = %d, want %d", tt.hand, tt.played, tt.trump, tt.opts.Menage, got, tt.want)
		}
	}
}

// TestBellaOpen: bella stays open while the player that held both the
// king and the queen of trump still holds one of them.
func TestBellaOpen(t *testing.T) {
	tests := []struct {
		hand, played string
		trump        Suit
		want         bool
	}{
		{"KH QH 7C", "", Hearts, true},
		{"QH 7C", "KH", Hearts, true},
		{"7C", "KH QH", Hearts, false},
		{"KH 7C", "", Hearts, false},
		{"KH QH", "", Spades, false},
		{"KH QH", "", NoSuit, false},
	}
	for _, tt := range tests {
		var played CardSet
		if tt.played != "" {
			played = set(t, tt.played)
		}
		if got := BellaOpen(set(t, tt.hand), played, tt.trump); got != tt.want {
			t.Errorf("BellaOpen(%s, played %s, trump %s) = %v, want %v", tt.hand, tt.played, tt.trump, got, tt.want)
		}
	}
}
