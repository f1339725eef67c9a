package table

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
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

// TestTrickGridNamesWhoPlayed: between tricks, the trick just played
// lies on the table until the next card; at 80×24, at every seat
// count, in ASCII too, a line under it names each card's player in
// play order, as the last trick is said during the next: the grid
// alone tells a card only by its place around the table.
func TestTrickGridNamesWhoPlayed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.HoldTricks = true })
			f.drawASCII(ascii)
			f.until("a trick held", func(s host.Snapshot) bool { return s.Hold }, true)
			f.refresh()
			v := f.snap().View
			names := map[int][]string{2: {"you", "Bot"}, 3: {"you", "West", "East"}, 4: {"you", "West", "North", "East"}}[n]
			var want []string
			for i := range n {
				s := rules.SeatAfter(v.LastLeader, i, n)
				want = append(want, names[s]+" "+regexp.QuoteMeta(f.hs.Ctx.Paint.Glyphs.CardText(v.LastTrick[i]))+",?")
			}
			text := f.text()
			_, played, ok := strings.Cut(text, "Played: ")
			if !ok {
				t.Fatalf("ascii %v: no line names the trick on the table:\n%s", ascii, text)
			}
			played, _, _ = strings.Cut(played, "\n")
			if !matches(played, want) {
				t.Errorf("ascii %v: the trick on the table is named %q, want %q:\n%s", ascii, played, want, text)
			}
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			if !ascii {
				kittest.Golden(t, fmt.Sprintf("held%d-80x24", n), text)
			}
		}
	})
}
