package duplicate

import "github.com/klob/klob/rules"

// Result is the result of seat on the finished deal d: what its side
// scored minus the mean of what the other sides scored (rules'
// Score.Margin; at three players it may end in .5).
func Result(d *rules.Deal, seat rules.Seat) float64 {
	sc := d.Score()
	return sc.Margin(d.SideOf(seat))
}

// MaxResult bounds a board's result under opts: no deal gives any seat
// more than it, nor less than its negative. A side scores at most every
// total of the deal (a bete hands the maker's to the others) and the
// bimah: the deck's card points with the most a trump adds, the last
// trick, bella or the menage, two declarations a seat, and the melds of
// the one side that scores them, each card of its hands in at most one
// run and one set of four, 50 for four cards being the most a meld
// gives a card. The others score no less than nothing, so no margin
// passes it. It is loose: it catches results no deal can give, not
// results this deal does not give.
func MaxResult(opts rules.Options) float64 {
	players := opts.NumPlayers()
	cards := 0
	for s := rules.Clubs; s <= rules.Spades; s++ {
		cards = max(cards, rules.SetPoints(rules.FullDeck, s))
	}
	// A hand plays one card a trick; at four the side that scores melds
	// is a team of two hands.
	meldCards := rules.TricksPerDeal(players) * len(rules.SeatsOfSide(players, 0))
	fifty := rules.Sequence{Len: 4}.Value()
	melds := meldCards * 2 * fifty / 4
	total := cards + opts.LastTrick + melds + max(rules.BellaPoints, rules.MenagePoints) +
		2*rules.DeclarationPoints*players + rules.BimahPoints
	return float64(total)
}
