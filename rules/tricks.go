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
