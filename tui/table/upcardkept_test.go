package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// keptWants is what the header must say of the upcard and the bottom
// card in the card play of v: the words stay as long as they are true.
func keptWants(ctx *kit.Context, sc *Scene, v *rules.View) []string {
	card := func(c rules.Card) string { return ansi.Strip(ctx.Paint.StyledCard(c)) }
	var want []string
	switch by := v.UpcardTaker(); {
	case v.DixBy != rules.NoSeat:
		// Three players' dix words, bottom card and sequences of
		// sets take three lines, which a full hand leaves no room for.
		return nil
	case by == rules.NoSeat:
		want = append(want, "pcard "+card(v.OrigUpcard))
	case v.Known(by).Has(v.OrigUpcard):
		want = append(want, "pcard "+card(v.OrigUpcard)+" (in "+sc.whose(by)+" hand)")
	}
	if v.Bottom != rules.NoCard {
		want = append(want, "ottom "+card(v.Bottom))
	}
	return want
}

// TestUpcardKeptInHeader: through the card play at 80×24, with
// declarations, sets and menage making the rows short, the header says
// what every player knows of the upcard and the bottom card for as
// long as it is true: at four that the maker holds the upcard until it
// plays it (not only until the first card) and no longer, at two and
// three the upcard and the bottom card.
func TestUpcardKeptInHeader(t *testing.T) {
	games := uint64(3)
	if testing.Short() {
		games = 1
	}
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		o.Shlomo, o.Cleopatra, o.Menage, o.OfAKind, o.DealerForced, o.Bimah = n > 2, n == 4, true, true, true, true
		held := 0
		for k := range games {
			f := newFixture(t, n, 29+k, 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
			for range 600 {
				s := f.snap()
				if s.Over {
					break
				}
				v := &s.View
				// A note of two lines leaves the table a row less (as
				// TestPlayerSeesTricksAndLast reads it): not checked.
				bottom, _ := f.s.bottomLines(&f.hs.Ctx, f.s.scene())
				if s.HasDeal && !s.Between && v.Phase == rules.PhasePlay && len(bottom) <= 4 {
					head := strings.Join(strings.SplitN(f.text(), "\n", 6)[:5], "\n")
					if by := v.UpcardTaker(); n == 4 && !v.Known(by).Has(v.OrigUpcard) && strings.Contains(head, " hand)") {
						t.Fatalf("%d players: the header says the upcard is in a hand after it was played:\n%s", n, f.text())
					}
					for _, w := range keptWants(&f.hs.Ctx, f.s.scene(), v) {
						if strings.Contains(w, " hand)") {
							held++
						}
						if !strings.Contains(head, w) {
							t.Fatalf("%d players: the header leaves out %q:\n%s", n, w, f.text())
						}
					}
				}
				f.step(false)
			}
		}
		if n == 4 && held == 0 {
			t.Errorf("%d players: the maker never held the upcard in the play", n)
		}
	}
}
