package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestOpenHandsWrapEvenly: a hand shown face up is spread evenly over
// its lines, on as few lines as its width allows: six cards where five
// fit go 3 and 3, never 5 and 1.
func TestOpenHandsWrapEvenly(t *testing.T) {
	ctx := kit.NewContext(false)
	all := []string{"AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AH"}
	for n := 1; n <= len(all); n++ {
		hand := setOf(all[:n])
		sc := sceneOf(rules.View{Players: 2, Trump: rules.NoSuit})
		for w := 3; w <= 40; w++ {
			lines := sc.openHand(&ctx, hand, w)
			most := max(1, (w+1)/4)
			if want := (n + most - 1) / most; len(lines) != want {
				t.Fatalf("%d cards in %d cells: %d lines, want %d: %q", n, w, len(lines), want, lines)
			}
			least, widest := n, 0
			for _, l := range lines {
				k := len(strings.Fields(ansi.Strip(l)))
				least, widest = min(least, k), max(widest, k)
				if kit.WidthOf(l) > w && k > 1 {
					t.Fatalf("%d cards in %d cells: %q is wider", n, w, l)
				}
			}
			if widest-least > 1 {
				t.Fatalf("%d cards in %d cells: lines of %d and %d cards: %q", n, w, least, widest, lines)
			}
		}
	}
}

// TestOpenSeatsWrapAlike: on the table of a replay, with every other
// seat's six cards open, each seat's hand is drawn in even lines (the
// partner of four's too, as West's and East's: 3 and 3, not 5 and 1),
// at every seat count and at 80 and 120 columns.
func TestOpenSeatsWrapAlike(t *testing.T) {
	hands := [][]string{
		nil,
		{"AS", "KS", "QS", "JS", "TS", "9S"},
		{"AH", "KH", "QH", "JH", "TH", "9H"},
		{"AD", "KD", "QD", "JD", "TD", "9D"},
	}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ctx := kit.NewContext(false)
		v := rules.View{Players: n, Seat: rules.SeatA, Trump: rules.NoSuit, Maker: rules.NoSeat, DixBy: rules.NoSeat,
			OrigUpcard: rules.MustCard("7C"), Upcard: rules.MustCard("7C"), Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
			Phase: rules.PhaseBid1, LastLeader: rules.NoSeat, Dealer: rules.SeatA, Turn: rules.SeatA}
		sc := sceneOf(v)
		for s := 1; s < n; s++ {
			sc.Open[s] = setOf(hands[s])
		}
		for _, w := range []int{55, 80, 120} {
			grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, w, kit.CardSize{W: 5, H: 3}, false), "\n"))
			for s := 1; s < n; s++ {
				suit := rules.MustCard(hands[s][0]).Suit()
				sign := ctx.Paint.Glyphs.CardText(rules.MustCard(hands[s][0]))[1:]
				var rows []int
				for _, l := range strings.Split(grid, "\n") {
					if k := strings.Count(l, sign); k > 0 {
						rows = append(rows, k)
					}
				}
				total, least, most := 0, 6, 0
				for _, k := range rows {
					total, least, most = total+k, min(least, k), max(most, k)
				}
				if total != 6 || most-least > 1 {
					t.Errorf("width %d: %v's open hand (%s) is drawn in lines of %v cards:\n%s", w, rules.Seat(s), suit, rows, grid)
				}
			}
		}
	})
}

// setOf is the set of the cards named.
func setOf(names []string) rules.CardSet {
	var cs []rules.Card
	for _, c := range names {
		cs = append(cs, rules.MustCard(c))
	}
	return rules.SetOf(cs...)
}
