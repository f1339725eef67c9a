package rules

// TrickRecord is one completed trick of a deal.
type TrickRecord struct {
	No     int     // 1 to 9
	Leader Seat    // who led
	Cards  [2]Card // in play order, the led card first
	Bella  [2]bool // bella said with the card
	Winner Seat
	// Points are the card points of the two cards, plus the last-trick
	// bonus on the last trick.
	Points int
}

// Tricks returns the completed tricks of a deal from its steps (Deal.Steps
// or View.History: every card played is public), with trump and the
// last-trick bonus of its options. A trick half played is left out.
func Tricks(steps []Step, trump Suit, opts Options) []TrickRecord {
	var out []TrickRecord
	var cur TrickRecord
	half := false
	for _, s := range steps {
		if s.Action.Kind != PlayCard {
			continue
		}
		if !half {
			cur = TrickRecord{No: len(out) + 1, Leader: s.Seat}
			cur.Cards[0], cur.Bella[0] = s.Action.Card, s.Action.Bella
			half = true
			continue
		}
		cur.Cards[1], cur.Bella[1] = s.Action.Card, s.Action.Bella
		cur.Winner = cur.Leader
		if TrickWinner(cur.Cards[0], cur.Cards[1], trump) == 1 {
			cur.Winner = cur.Leader.Other()
		}
		cur.Points = Points(cur.Cards[0], trump) + Points(cur.Cards[1], trump)
		if cur.No == 9 {
			cur.Points += opts.LastTrick
		}
		out = append(out, cur)
		half = false
	}
	return out
}

// TableTrick is one completed trick at a table of two, three or four.
type TableTrick struct {
	No     int // 1 to the number of tricks of the deal
	Leader Seat
	// Cards holds the N cards in play order, the led card first; Seats
	// who played each.
	Cards [4]Card
	Seats [4]Seat
	Bella [4]bool // bella (or the menage) said with the card
	N     int
	// Winner took the trick; Points are its card points, with the
	// last-trick bonus on the deal's last trick.
	Winner Seat
	Points int
}

// TableTricks returns the completed tricks of a table deal of players
// seats from its steps (Table.Steps or TableView.History: every card
// played is public), with trump and the last-trick bonus of opts. A
// trick not finished is left out.
func TableTricks(steps []Step, players int, trump Suit, opts Options) []TableTrick {
	var out []TableTrick
	var cur TableTrick
	last := TricksPerDeal(players)
	for _, s := range steps {
		if s.Action.Kind != PlayCard {
			continue
		}
		if cur.N == 0 {
			cur = TableTrick{No: len(out) + 1, Leader: s.Seat}
		}
		cur.Cards[cur.N], cur.Seats[cur.N], cur.Bella[cur.N] = s.Action.Card, s.Seat, s.Action.Bella
		cur.N++
		if cur.N < players {
			continue
		}
		cur.Winner = cur.Seats[TrickWinnerOf(cur.Cards[:cur.N], trump)]
		for _, c := range cur.Cards[:cur.N] {
			cur.Points += Points(c, trump)
		}
		if cur.No == last {
			cur.Points += opts.LastTrick
		}
		out = append(out, cur)
		cur = TableTrick{}
	}
	return out
}

// TableTricks returns the deal's completed tricks as this seat saw them
// played (see the function TableTricks).
func (v *TableView) TableTricks() []TableTrick {
	return TableTricks(v.History(), v.Players, v.Trump, v.Options)
}

// TricksPerDeal is the number of tricks of a deal at a table of players
// seats: every hand plays out, nine cards each with two or three
// players, eight with four.
func TricksPerDeal(players int) int {
	if players == 4 {
		return 8
	}
	return 9
}
