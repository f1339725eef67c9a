package kit

import (
	"fmt"

	"github.com/klob/klob/rules"
)

// SeatWords says who is who in a score breakdown: the seats of the two
// columns and their headings, and how a sentence names a seat and puts
// a verb after it ("you score", "Bot scores"; "you have", "B has").
type SeatWords struct {
	Cols  [2]rules.Seat
	Heads [2]string
	Name  func(rules.Seat) string
	Does  func(s rules.Seat, verb string) string
	Has   func(rules.Seat) string
}

// PersonWords are the SeatWords of a breakdown seen from the person's
// seat me: the person's column first, then other's; the person said
// "you" ("you score", "you have"), the others by name ("Bot has").
func PersonWords(me, other rules.Seat, heads [2]string, name func(rules.Seat) string) SeatWords {
	return SeatWords{
		Cols:  [2]rules.Seat{me, other},
		Heads: heads,
		Name:  name,
		Does:  func(s rules.Seat, verb string) string { return Does(name(s), s == me, verb) },
		Has: func(s rules.Seat) string {
			if s == me {
				return "have"
			}
			return "has"
		},
	}
}

// ScoreLines is the breakdown of a scored deal under title: the lines of
// docs/rules.md section 8 by seat, the verdict in words, and what each
// scores. The result screen and the replay share it.
func ScoreLines(ctx *Context, sc rules.Score, sw SeatWords, title string, width int) []string {
	st := &ctx.Styles
	row := func(label string, v [4]int) string {
		return fmt.Sprintf(" %-18s %8d %8d", label, v[sw.Cols[0]], v[sw.Cols[1]])
	}
	maker, def := sc.Maker, sc.Maker.Other()
	lines := []string{
		title,
		"",
		st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "", sw.Heads[0], sw.Heads[1])),
		row("Tricks", sc.Tricks),
		row("Card points", sc.Cards),
		row("Last trick", sc.LastTrick),
		row("Sequences", sc.Seqs),
		row("Bella", sc.Bella),
		st.Heading.Render(row("Total", sc.Total)),
		"",
	}
	a, b := sc.Total[maker], sc.Total[def]
	has := sw.Has(maker)
	var verdict string
	switch sc.Outcome {
	case rules.Made:
		verdict = st.Good.Render("Made.") + fmt.Sprintf(" %s, the maker, %s more (%d to %d): each scores their own total.", sw.Name(maker), has, a, b)
	case rules.Tie:
		verdict = st.Bad.Render("Equal.") + fmt.Sprintf(" Both have %d: the maker (%s) scores nothing, %s %d.", a, sw.Name(maker), sw.Does(def, "score"), b)
	case rules.Bete:
		verdict = st.Bad.Render("Bete!") + fmt.Sprintf(" %s, the maker, %s less (%d to %d): %s both totals, %d.", sw.Name(maker), has, a, b, sw.Does(def, "score"), sc.Scored[rules.SideOfSeat(sc.Players, def)])
	}
	lines = append(lines, Indent(" ", Wrap(verdict, max(20, width-3)), nil)...)
	scored := func(s rules.Seat) string { return fmt.Sprintf("+%d", sc.Scored[s]) }
	lines = append(lines, st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "This deal scores", scored(sw.Cols[0]), scored(sw.Cols[1]))))
	return lines
}
