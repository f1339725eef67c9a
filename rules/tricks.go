package rules

// Trick is one completed trick at a table of two, three or four.
type Trick struct {
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

// Tricks returns the completed tricks of a deal of players seats from
// its steps (Deal.Steps or View.History: every card
// played is public), with trump and the last-trick bonus of opts. A
// trick not finished is left out.
func Tricks(steps []Step, players int, trump Suit, opts Options) []Trick {
	var out []Trick
	var cur Trick
	last := TricksPerDeal(players)
	for _, s := range steps {
		if s.Action.Kind != PlayCard {
			continue
		}
		if cur.N == 0 {
			cur = Trick{No: len(out) + 1, Leader: s.Seat, Cards: [4]Card{NoCard, NoCard, NoCard, NoCard}}
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
		cur = Trick{}
	}
	return out
}

// CompletedTricks returns the deal's completed tricks as this seat saw them
// played (see the function Tricks).
func (v *View) CompletedTricks() []Trick {
	return Tricks(v.History(), v.Players, v.Trump, v.Options)
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
