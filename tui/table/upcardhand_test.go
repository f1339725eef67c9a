package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Once the four-handed maker has the upcard in its hand it is not drawn
// on the table for anyone: not for the maker, the other players or a
// spectator. The header says whose hand it is in, in words true in both
// rounds ("in bob's hand", "in your hand"), never "took it"; once
// played, that it was.
func TestUpcardInHandNotOnTable(t *testing.T) {
	ctx := kit.NewContext(false)
	ten := rules.MustCard("TC")
	opts := options(4)
	for _, tc := range []struct {
		you  rules.Seat
		want string
	}{
		{rules.SeatB, "upcard 10♣ (in your hand)"},
		{rules.Seat(2), "upcard 10♣ (in West's hand)"},
		{rules.Seat(3), "upcard 10♣ (in West's hand)"},
		{rules.NoSeat, "upcard 10♣ (in West's hand)"},
		{rules.Seat(3), "upcard 10♣ (West played it)"},
	} {
		v := rules.View{Players: 4, Options: opts, Seat: tc.you, Trump: rules.Clubs, Maker: rules.SeatB, DixBy: rules.NoSeat,
			OrigUpcard: ten, Upcard: rules.NoCard, Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
			Phase: rules.PhaseSequences, LastLeader: rules.NoSeat, Dealer: rules.SeatA, Turn: rules.SeatB}
		if tc.you == rules.SeatB {
			v.Hand = rules.SetOf(ten)
		}
		if strings.Contains(tc.want, "played") {
			v.Played[rules.SeatB] = rules.SetOf(ten)
		}
		sc := sceneOf(v)
		sc.You = tc.you
		grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, 80, kit.CardSize{W: 5, H: 3}, false), "\n"))
		if strings.Contains(grid, "Upcard") || strings.Contains(grid, "10♣") {
			t.Errorf("seat %v: the upcard in West's hand is drawn on the table:\n%s", tc.you, grid)
		}
		info := ansi.Strip(strings.Join(sc.infoFrags(&ctx), " · "))
		if !strings.Contains(info, tc.want) || strings.Contains(info, "took it") {
			t.Errorf("seat %v: header %q, want %q", tc.you, info, tc.want)
		}
	}
}
