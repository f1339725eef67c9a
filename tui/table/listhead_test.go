package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The trick list's cards column has one head in every deal of a game,
// whether this deal's cards are narrow (no 10, nothing said) or wide:
// never "cards" in one deal and "cards, the first led" in the next.
func TestTrickListHeadSameEveryDeal(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		v := rules.View{Players: n, Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA, DixBy: rules.NoSeat,
			OrigUpcard: rules.MustCard("8C"), Upcard: rules.NoCard, Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
			MenageBy: rules.NoSeat, BellaBy: rules.NoSeat, Phase: rules.PhasePlay, LastLeader: rules.NoSeat}
		sc := sceneOf(v)
		trick := func(cards ...string) rules.Trick {
			tr := rules.Trick{No: 1, Leader: rules.SeatA, N: n, Winner: rules.SeatA, Points: 10}
			for i := range n {
				tr.Cards[i], tr.Seats[i] = rules.MustCard(cards[i]), rules.Seat(i)
			}
			return tr
		}
		narrow := sc.trickRows(&ctx, 80, []rules.Trick{trick("7C", "8C", "9C", "7D")})
		wide := trick("TC", "TD", "TS", "TH")
		wide.Bella[0] = true
		wider := sc.trickRows(&ctx, 80, []rules.Trick{wide})
		h1, h2 := ansi.Strip(narrow.head), ansi.Strip(wider.head)
		if !strings.Contains(h1, "cards, the first led") || !strings.Contains(h2, "cards, the first led") {
			t.Errorf("%d players: the cards' head differs between deals:\n%s\n%s", n, h1, h2)
		}
		// The rows stand under the heads: "won by" over the winner.
		for _, tt := range []trickTable{narrow, wider} {
			head := ansi.Strip(tt.head)
			col := kit.WidthOf(head[:strings.Index(head, "won by")])
			row := ansi.Strip(tt.lines[0])
			if kit.WidthOf(row) < col || !strings.HasPrefix(string([]rune(row)[col:]), "You") {
				t.Errorf("%d players: the winner does not stand under \"won by\":\n%s\n%s", n, head, row)
			}
		}
	}
}

// The deal's result names the bella row one way in every deal of a game:
// with the menage on "Bella / menage" whether or not anything was said
// this deal, without it "Bella".
func TestBellaRowNamedOneWay(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, menage := range []bool{false, true} {
		for _, said := range []bool{false, true} {
			o := options(3)
			o.Menage = menage
			v := rules.View{Players: 3, Options: o, Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA,
				DixBy: rules.NoSeat, SeqWinner: rules.NoSeat, Phase: rules.PhaseOver}
			s := rules.Score{Players: 3, Maker: rules.SeatA, Trump: rules.Hearts}
			if said {
				s.Bella[1] = 20
			}
			got := resultText(&ctx, sceneOf(v), s)
			want := "Bella"
			if menage {
				want = "Bella / menage"
			}
			if !strings.Contains(got, want) || !menage && strings.Contains(got, "menage") {
				t.Errorf("menage %v, said %v: the row is not named %q:\n%s", menage, said, want, got)
			}
		}
	}
}
