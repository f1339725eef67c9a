package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// At 80 columns the header keeps the seat count at three and four
// players however wide the scores and names are: the tag and the dealer
// give way first, then the target and the count are said in one ("3
// players to 1500"), then long names are shortened.
func TestHeaderKeepsSeatCount(t *testing.T) {
	ctx := kit.NewContext(false)
	names := [][]string{{"You", "West", "North", "East"}, {"Tester", "Westmorland", "Northumberland", "Eastbourne"}}
	scores := [][4]int{{0, 155, 69, 0}, {1234, 1502, 998, 0}, {9999, 9999, 9999, 0}}
	for _, n := range []int{2, 3, 4} {
		for _, nm := range names {
			for _, tot := range scores {
				o := options(n)
				o.Target = 1500
				sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: rules.SeatB}, You: rules.SeatA, DealNo: 12, Totals: tot, Tag: "normal bots"}
				for s := range n {
					sc.Players = append(sc.Players, Player{Name: nm[s]})
				}
				h := ansi.Strip(sc.Header(&ctx, 80))
				if kit.WidthOf(h) > 80 {
					t.Fatalf("%d players: header %d wide: %q", n, kit.WidthOf(h), h)
				}
				count := fmt.Sprintf("%d players", n)
				if n > 2 && !strings.Contains(h, count) {
					t.Errorf("%d players, scores %v: no %q in %q", n, tot[:n], count, h)
				}
				if !strings.Contains(h, "game to 1500") && !strings.Contains(h, count+" to 1500") {
					t.Errorf("%d players, scores %v: no target in %q", n, tot[:n], h)
				}
			}
		}
	}
}

// The header keeps its form through a game: from the first deal's
// zeros to scores as wide as the target, what it says left of the
// scores and how it names the sides do not change ("game to 200 · 3
// players" turning "3 players to 200", "You & North" turning "us").
func TestHeaderFormHoldsThroughTheGame(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, target := range []int{200, 500, 1500} {
			form := func(tot [4]int) (left string, sides int) {
				o := options(n)
				o.Target = target
				sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: rules.SeatB}, You: rules.SeatA, DealNo: 3, Totals: tot}
				for _, name := range []string{"You", "West", "North", "East"}[:n] {
					sc.Players = append(sc.Players, Player{Name: name})
				}
				h := ansi.Strip(sc.Header(&ctx, 80))
				i := strings.Index(h, "   ")
				return strings.TrimSpace(h[:i]), strings.Count(h, "us ") + strings.Count(h, "You")
			}
			l0, s0 := form([4]int{0, 0, 0, 0})
			high := target - 1
			l1, s1 := form([4]int{high, high, high, high})
			if l0 != l1 || s0 != s1 {
				t.Errorf("%d players to %d: %q (sides %d) at the start, %q (sides %d) later", n, target, l0, s0, l1, s1)
			}
		}
	}
}
