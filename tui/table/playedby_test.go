package table

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Read in order, as a screen reader reads it, the list of tricks and
// the last trick during play name each card's player, at every seat
// count, in ASCII too, within 80 columns: no card is told by its place
// in the row alone.
func TestTricksNameWhoPlayed(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		for _, n := range []int{2, 3, 4} {
			d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(3, 9))))
			// Two tricks and a card of the third.
			for d.Phase() != rules.PhaseOver {
				if v := d.View(rules.SeatA); v.Phase == rules.PhasePlay && len(v.CompletedTricks()) == 2 && v.InTrick == 1 {
					break
				}
				tv := d.View(d.Turn())
				if err := d.Apply(takeOrFirst(tv.Legal())); err != nil {
					t.Fatal(err)
				}
			}
			names := []string{"West", "ann", "North", "Bea"}[:n]
			sc := &Scene{V: d.View(rules.SeatA), You: rules.SeatA}
			for _, name := range names {
				sc.Players = append(sc.Players, Player{Name: name})
			}
			v := &sc.V
			require := func(ok bool, format string, args ...any) {
				t.Helper()
				if !ok {
					t.Fatalf("%d players, ascii %v: "+format, append([]any{n, ascii}, args...)...)
				}
			}
			require(v.InTrick == 1 && v.LastLeader != rules.NoSeat, "the deal is not in its third trick")
			card := func(c rules.Card) string { return ctx.Paint.Glyphs.CardText(c) }

			list := sc.TrickList(&ctx, 80)
			for _, l := range list {
				require(kit.WidthOf(l) <= 80, "%q is wider than 80", ansi.Strip(l))
			}
			text := ansi.Strip(strings.Join(list, "\n"))
			for _, tr := range v.CompletedTricks() {
				var want []string
				for i := range tr.N {
					want = append(want, sc.Name(tr.Seats[i])+" +"+card(tr.Cards[i]))
				}
				row := strings.Join(strings.Fields(ansi.Strip(list[1+tr.No])), " ")
				require(matches(row, want), "trick %d does not name its players: %q in\n%s", tr.No, row, text)
			}
			row := strings.Join(strings.Fields(ansi.Strip(list[4])), " ")
			require(matches(row, []string{sc.Name(v.Leader) + " +" + card(v.Trick[0])}), "the trick on the table is not named: %q", row)

			// The last trick under the table, in two lines and in one.
			var want []string
			for i := range n {
				s := rules.Seat((int(v.LastLeader) + i) % n)
				want = append(want, sc.Lower(s)+" "+card(v.LastTrick[i])+",?")
			}
			for _, w := range []int{80, 54} {
				two := sc.statusLines(&ctx, w)
				last := ansi.Strip(two[len(two)-1])
				require(kit.WidthOf(last) <= w && matches(last, want), "at %d the last trick's line does not name its players: %q", w, last)
				one := sc.statusLine(&ctx, w)
				require(len(one) == 1, "at %d no one line", w)
				l := ansi.Strip(one[0])
				require(kit.WidthOf(l) <= w && matches(l, want), "at %d the one line does not name the last trick's players: %q", w, l)
			}
		}
	}
}

// matches is whether the words of want, in order, each a regular
// expression's piece ("ann +8♦"), follow one another in s.
func matches(s string, want []string) bool {
	i := 0
	for _, w := range want {
		loc := regexp.MustCompile(w).FindStringIndex(s[i:])
		if loc == nil {
			return false
		}
		i += loc[1]
	}
	return true
}
