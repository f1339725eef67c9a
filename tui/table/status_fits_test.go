package table

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestStatusKeepsBella: at 80×24, at every seat count, the tricks line
// with three-digit card points, bella and the menage is never cut at
// the table's edge (it once read "points 39/58/16 · bell"): what does
// not fit goes to a line of its own, whole. Long names (as a server
// allows) are cut short there as everywhere on the table.
func TestStatusKeepsBella(t *testing.T) {
	ctx := kittest.Context(80, 24)
	for _, names := range [][]string{{"You", "West", "North", "East"}, {"You", "Westmorland", "Northumberland", "Eastbourne"}} {
		for _, n := range []int{2, 3, 4} {
			checkStatusKeepsBella(t, &ctx, names, n)
		}
	}
}

// checkStatusKeepsBella draws a card play of n players named names,
// bella and the menage announced, and checks the tricks line.
func checkStatusKeepsBella(t *testing.T, ctx *kit.Context, names []string, n int) {
	t.Helper()
	g := rules.NewGame(options(n), rules.SeatB)
	if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(7, 1)))); err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if g.Deal().Phase() == rules.PhasePlay || g.Deal().Phase() == rules.PhaseOver {
			break
		}
		// Seat A's turn to bid takes, so that the deal is played.
		if err := g.Apply(takeOrFirst(g.Legal())); err != nil {
			t.Fatal(err)
		}
	}
	v := g.Deal().View(rules.SeatA)
	if v.Phase != rules.PhasePlay {
		t.Fatalf("%d players: no card play (%v)", n, v.Phase)
	}
	last := rules.Seat(n - 1)
	v.BellaBy, v.MenageBy = last, rules.SeatB
	for s := range n {
		v.Tricks[s], v.Points[s] = 3, 100+s
	}
	sc := &Scene{V: v, You: rules.SeatA, DealNo: 1}
	for s := range n {
		sc.Players = append(sc.Players, Player{Name: names[s], Tag: "normal"})
	}
	out, _ := Render(ctx, sc, Hand{}, nil)
	plain := ansi.Strip(out)
	leftW, _ := columns(80, cardSize(80, 24))
	for _, l := range strings.Split(plain, "\n") {
		if !strings.Contains(l, "Tricks:") {
			continue
		}
		if left, _, ok := strings.Cut(l, "│"); ok && kit.WidthOf(strings.TrimRight(left, " ")) > leftW-1 {
			t.Errorf("%d players: the tricks line runs to the column's edge: %q", n, l)
		}
	}
	// A long name may be cut short ("Westm…"), as everywhere.
	short := func(s rules.Seat) string { return sc.Lower(s)[:min(5, len(sc.Lower(s)))] }
	flat := strings.Join(strings.Fields(plain), " ")
	for _, want := range []string{"ella " + short(last), "enage " + short(rules.SeatB)} {
		if !strings.Contains(flat, want) {
			t.Errorf("%d players: the table lacks %q:\n%s", n, want, plain)
		}
	}
}
