package drill

import (
	"fmt"
	"io"
	"strings"

	"github.com/klob/klob/rules"
)

// WriteTableReport writes a table drill and its analysis as `klob train
// -eval` prints them: the situation in words (the player's View only),
// then the table of options and the reason, as WriteReport does for
// two players. Cards are written in letters (JS 9S).
func WriteTableReport(w io.Writer, s *TableSituation, seed uint64, an *Analysis) error {
	v, err := s.View()
	if err != nil {
		return err
	}
	trump := v.OrigUpcard.Suit()
	if v.Trump < rules.NoTrumps {
		trump = v.Trump
	}
	var cards []string
	for _, c := range sortedHand(v.Hand, trump) {
		cards = append(cards, c.String())
	}
	hold := fmt.Sprintf("You hold %s; the upcard %s proposes %s.", strings.Join(cards, " "), v.OrigUpcard, v.OrigUpcard.Suit().Name())
	if v.Maker != rules.NoSeat {
		hold = fmt.Sprintf("You hold %s; %s made %s trump (the upcard was %s).", strings.Join(cards, " "),
			s.name(v.Maker), v.Trump.Name(), v.OrigUpcard)
		if v.Trump == rules.NoTrumps {
			hold = fmt.Sprintf("You hold %s; %s named no trumps (the upcard was %s).", strings.Join(cards, " "), s.name(v.Maker), v.OrigUpcard)
		}
	}
	lines := []string{"situation: " + s.String(), hold, s.Role(), s.ScoreText()}
	lines = append(lines, s.SaidLines(&v)...)
	lines = append(lines, s.Question(&v), "")
	rank := "the expected score difference for this deal (yours minus the average of the two others')"
	if s.Players() == 4 {
		rank = "the expected score difference for this deal (your team's minus the other team's)"
	}
	lines = append(lines, fmt.Sprintf("%d samples (seed %d); options ranked by %s.", an.Samples, seed, rank))
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	if err := writeTable(w, an); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "The hard bot would %s. %s\n", sayAction(an.Rows[an.Best].Action), an.Reason())
	return err
}
