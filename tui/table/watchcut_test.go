package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A spectator's four-handed table with long or wide names: the top
// seat's role ("alexa…'s partner") and the names beside the trick
// are whole, or cut to end in "…", never cut bare.
func TestSpectatorLabelsCutWithMark(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, names := range [][]string{
		{"alexandra_of_the_northern_lands", "Westmorland_the_longest_name", "bartholomew_the_patient", "Eastbourne_of_the_sea_side"},
		{"王小明王小明王小明王小明", "李华", "张伟张伟张伟张伟张伟张伟", "陈静"},
	} {
		o := options(4)
		sc := &Scene{V: rules.View{Players: 4, Options: o, Seat: rules.SeatA, Dealer: rules.SeatB, Maker: rules.NoSeat, Turn: rules.NoSeat},
			You: rules.NoSeat, Watching: true}
		for _, n := range names {
			sc.Players = append(sc.Players, Player{Name: n, Tag: "normal"})
		}
		role := names[0] + "'s partner"
		for w := 8; w <= 60; w++ {
			right, _ := sc.partnerLines(&ctx, rules.Seat(2), w, 20)
			for _, l := range right {
				l = ansi.Strip(l)
				if kit.WidthOf(l) > w {
					t.Fatalf("%d wide: %q is %d wide", w, l, kit.WidthOf(l))
				}
				// Whole, the name shortened before "'s partner", or cut
				// with the mark.
				if strings.Contains(l, "partner") || strings.Contains(role, l) && l != "" {
					short, ok := strings.CutSuffix(l, "…'s partner")
					named := ok && strings.HasPrefix(names[0], short)
					if l != role && !named && !strings.HasSuffix(l, "…") {
						t.Errorf("%d wide: the partner's role is cut bare: %q", w, l)
					}
				}
			}
			for _, s := range []rules.Seat{rules.SeatB, rules.Seat(3)} {
				name := ansi.Strip(sc.seatLines(&ctx, s, w)[0])
				name = strings.TrimSpace(name)
				if name != sc.Name(s) && !strings.HasSuffix(name, "…") {
					t.Errorf("%d wide: %s is cut bare: %q", w, sc.Name(s), name)
				}
			}
		}
	}
}
