package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestTrickListLines: after a few tricks of a fixed deal the list shows
// each trick's leader, cards, winner and points, and the trick on the
// table.
func TestTrickListLines(t *testing.T) {
	deck, err := rules.ParseDeck("TD 9D AC 7H KH QH 8H KC 7C AS KS TC JH AH TH 8D 9H QS JS 8C JC QC 7D JD QD KD AD 7S 8S 9S TS 9C")
	if err != nil {
		t.Fatal(err)
	}
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatA, deck)
	for _, s := range []string{"pass", "take", "no-exchange", "exchange", "announce 20", "not-good",
		"play TD", "play JH", "play 9H", "play 8H", "play KH", "play TH", "play KC"} {
		a, err := rules.ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Apply(a); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	ctx := kit.NewContext(false)
	v := d.View(rules.SeatA)
	name := func(s rules.Seat) string { return [2]string{"You", "Bot"}[s] }
	got := ansi.Strip(strings.Join(trickListLines(&ctx, &v, name, 80), "\n"))
	for _, want := range []string{
		"This deal's tricks (trump ♥ hearts)",
		" 1   Bot      10♦  J♥         You          30    1–0",
		" 2   You      9♥   8♥         You          14    2–0",
		" 3   You      K♥   10♥        Bot          14    2–1",
		" 4   Bot      K♣  …",
		"and 10 for the last trick",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the list lacks %q:\n%s", want, got)
		}
	}
}
