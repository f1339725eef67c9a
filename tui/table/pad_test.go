package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// A board's deal list (v, once its deal is played) shows its one deal's
// score headed as one deal, with no target and no sum of deals under
// it; a game's shows the target and the sum.
func TestBoardPadIsOneDeal(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		v := playView(n)
		v.Options = rules.DefaultOptions()
		v.Options.Players = n
		for _, board := range []string{"", "Board 1 of 8"} {
			sc := sceneOf(v)
			sc.Board = board
			sc.Pad = []rules.Score{{Players: n, Maker: rules.SeatA, Outcome: rules.Made}}
			sc.Pad[0].Scored[0], sc.Totals[0] = 92, 92
			lines, _ := sc.DealList(&ctx, 80)
			text := ansi.Strip(strings.Join(lines, "\n"))
			oneDeal := strings.Contains(text, "Score (one deal)")
			target := strings.Contains(text, "game to 500")
			sum := strings.Contains(text, "\n  sum ") || strings.Contains(text, "\n sum ")
			if want := board != ""; oneDeal != want || target == want || sum == want {
				t.Errorf("%d players, board %q: one deal %v, target %v, sum %v:\n%s", n, board, oneDeal, target, sum, text)
			}
		}
	}
}

// padRow is a row of the score pad: the deal's number first.
var padRow = regexp.MustCompile(`^\s*(\d+)\s+(\d+\*?|thrown in)`)

// padDeals are the deals whose rows the screen's score pad shows.
func padDeals(text string) map[int]bool {
	seen := map[int]bool{}
	for _, l := range strings.Split(text, "\n") {
		if m := padRow.FindStringSubmatch(l); m != nil {
			var n int
			fmt.Sscan(m[1], &n)
			seen[n] = true
		}
	}
	return seen
}

// A long game's end shows only its last deals' rows; ↑ and page up
// scroll back to the first, ↓ to the last, every deal's row in reach,
// at 80×24 at every seat count.
func TestOverPadScrolls(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			// The first game to 1000, of seeds 1, 2..., long enough that
			// its end cuts the pad.
			var f *fixture
			var text string
			var seen map[int]bool
			deals := 0
			for seed := uint64(1); ; seed++ {
				if seed > 20 {
					t.Fatal("no game of 20 is long enough to cut the pad")
				}
				f = newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options.Target = 1000 })
				f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
				deals, text = len(f.s.snap.Deals), f.text()
				if seen = padDeals(text); len(seen) < deals {
					break
				}
			}
			if !seen[deals] || seen[1] {
				t.Fatalf("the end opens on the last deals: %v\n%s", seen, text)
			}
			if !strings.Contains(text, "earlier deal") {
				t.Errorf("the cut pad says not how to see the rest:\n%s", text)
			}
			for range deals {
				f.hs.Press("up")
				kittest.CheckSize(t, f.hs.Frame(), 80, 24)
				for d := range padDeals(f.text()) {
					seen[d] = true
				}
			}
			for d := 1; d <= deals; d++ {
				if !seen[d] {
					t.Errorf("deal %d never showed: %v", d, seen)
				}
			}
			top := f.text()
			if !padDeals(top)[1] || !strings.Contains(top, "later deal") {
				t.Errorf("scrolled to the top, the pad shows deal 1 and says more follow:\n%s", top)
			}
			f.hs.Press("up")
			if f.text() != top {
				t.Errorf("↑ at the top moved the pad")
			}
			f.hs.Press("pgdown")
			f.hs.Press("pgdown")
			f.hs.Press("pgdown")
			if got := padDeals(f.text()); !got[deals] {
				t.Errorf("page down does not come back to the last deal:\n%s", f.text())
			}
		})
	}
}

// The v list holds the score pad with every deal of the game, however
// few rows the pad beside the table keeps.
func TestDealListHasEveryDeal(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			f := newFixture(t, n, seeds[n], 80, 24)
			f.until("the fifth deal", func(s host.Snapshot) bool { return len(s.Deals) >= 4 && !s.Between && !s.Over }, true)
			deals := len(f.s.snap.Deals)
			f.hs.Press("v")
			seen := map[int]bool{}
			for range 40 {
				for d := range padDeals(f.text()) {
					seen[d] = true
				}
				f.hs.Press("down")
			}
			for d := 1; d <= deals; d++ {
				if !seen[d] {
					t.Errorf("deal %d is not in the v list: %v", d, seen)
				}
			}
		})
	}
}

// The score pad keeps four- and five-digit scores and sums apart, each
// under its column's head, starred or not, at every seat count, in the
// pad's width at 80 columns (23) and wider; no line is wider than the
// pad.
func TestPadWideScoresApart(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, big := range []int{1114, 5000, 12345} {
			sc := sceneOf(rules.View{Players: n, Options: options(n)})
			sides := n
			if n == 4 {
				sides = 2
			}
			// Each side makes a deal, once bete, once equal, once made,
			// so that the star stands in every column, the last one too.
			outcomes := []rules.Outcome{rules.Bete, rules.Tie, rules.Made}
			for k := range 2 * sides {
				s := rules.Score{Players: n, Maker: rules.Seat(k % sides), Outcome: outcomes[k%3]}
				for i := range sides {
					s.Scored[i] = []int{0, 7, 44, big}[(i+k)%4]
				}
				sc.Pad = append(sc.Pad, s)
			}
			for i := range sides {
				sc.Totals[i] = big + 45*i
			}
			for _, w := range []int{23, 24, 30, 60} {
				lines := sc.scorePad(&ctx, w, 20)
				got := ansi.Strip(strings.Join(lines, "\n"))
				for _, l := range lines {
					if kit.WidthOf(l) > w {
						t.Errorf("%d players, %d, %d wide: a line %d wide: %q\n%s", n, big, w, kit.WidthOf(l), ansi.Strip(l), got)
					}
				}
				checkPadColumns(t, fmt.Sprintf("%d players, %d, %d wide", n, big, w), sc, strings.Split(got, "\n"))
			}
		}
	}
}

// checkPadColumns checks the pad's rows against its "#" row of heads:
// every deal's row and the sums' row hold one number for each side,
// apart from each other (a maker's star only after a number), each
// ending where its column's head does, the numbers the scene's.
func checkPadColumns(t *testing.T, what string, sc *Scene, lines []string) {
	t.Helper()
	order := sc.SideOrder()
	var headEnds []int
	deal, sums := 0, false
	for _, l := range lines {
		r := []rune(l)
		fields, ends := padFields(r)
		if len(fields) == 0 {
			continue
		}
		switch {
		case fields[0] == "#":
			for _, e := range ends[1:] {
				headEnds = append(headEnds, e)
			}
			if len(headEnds) != len(order) {
				t.Errorf("%s: heads %q, want %d:\n%s", what, fields[1:], len(order), strings.Join(lines, "\n"))
				return
			}
			continue
		case headEnds == nil:
			continue
		}
		var want []int
		switch fields[0] {
		case fmt.Sprint(deal + 1):
			for _, i := range order {
				want = append(want, sc.Pad[deal].Scored[i])
			}
			deal++
		case "sum", "Σ", "S":
			sums = true
			for _, i := range order {
				want = append(want, sc.Totals[i])
			}
		default:
			continue
		}
		if len(fields) < 1+len(want) {
			t.Errorf("%s: %q has %d cells, want %d:\n%s", what, l, len(fields)-1, len(want), strings.Join(lines, "\n"))
			continue
		}
		for k, v := range want {
			f := fields[1+k]
			num, star := strings.CutSuffix(f, "*")
			if !star {
				num, star = strings.CutSuffix(f, "+") // the bimah's mark
			}
			got, err := strconv.Atoi(num)
			end := ends[1+k]
			if star {
				end--
			}
			if err != nil || got != v || end != headEnds[k] {
				t.Errorf("%s: cell %q of %q is not %d apart under its head (ends %d, head %d):\n%s",
					what, f, l, v, end, headEnds[k], strings.Join(lines, "\n"))
			}
		}
	}
	if !sums {
		t.Errorf("%s: no sums' row apart from its head:\n%s", what, strings.Join(lines, "\n"))
	}
	if deal != len(sc.Pad) {
		t.Errorf("%s: %d deals' rows of %d:\n%s", what, deal, len(sc.Pad), strings.Join(lines, "\n"))
	}
}

// padFields are the space-separated fields of a pad's row and where
// each ends (the index of its last rune).
func padFields(r []rune) (fields []string, ends []int) {
	for i := 0; i < len(r); {
		if r[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(r) && r[j] != ' ' {
			j++
		}
		fields = append(fields, string(r[i:j]))
		ends = append(ends, j-1)
		i = j
	}
	return fields, ends
}

// At three in the pad's width at 80 columns (23) a name of five ("Bot
// C") is written whole, the outcomes then letters told under the pad;
// the numbers stay under their heads and no line is wider than the pad.
func TestPadThreeFiveLetterNames(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := sceneOf(rules.View{Players: 3, Options: options(3)})
	for i, name := range []string{"You", "bob", "Bot C"} {
		sc.Players[i].Name = name
	}
	for k, o := range []rules.Outcome{rules.Made, rules.Bete, rules.Tie} {
		s := rules.Score{Players: 3, Maker: rules.Seat(k), Outcome: o}
		s.Scored = [4]int{120, 44, 7}
		sc.Pad = append(sc.Pad, s)
	}
	sc.Totals = [4]int{360, 132, 21}
	lines := sc.scorePad(&ctx, 23, 20)
	got := ansi.Strip(strings.Join(lines, "\n"))
	for _, l := range lines {
		if kit.WidthOf(l) > 23 {
			t.Errorf("a line %d wide: %q\n%s", kit.WidthOf(l), ansi.Strip(l), got)
		}
	}
	want := strings.Join([]string{
		"Score (game to 500)    ",
		" #   You   bob Bot C   ",
		"  1  120*   44     7  m",
		"  2  120    44*    7  b",
		"  3  120    44     7* e",
		"sum  360   132    21   ",
		" * maker               ",
		" m made  b bete        ",
		" e equal               ",
	}, "\n")
	if got != want {
		t.Errorf("the pad:\n%s\nwant:\n%s", got, want)
	}
}

// TestPadMarksTheBimah: a deal whose maker's side scored the bimah
// marks that score "+" rather than the maker's "*", and the line under
// the pad says what it is and how much it holds, beside the star's line
// when a plain maker's deal shows too; every line fits the pad at 80
// columns and wider, the numbers under their heads, at every seat count.
func TestPadMarksTheBimah(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		sc, bimah := bimahScene(n)
		plain := rules.Score{Players: n, Maker: rules.SeatB, Outcome: rules.Made}
		plain.Scored[0], plain.Scored[1] = 30, 110
		for _, pad := range [][]rules.Score{{bimah}, {bimah, plain}} {
			sc.Pad = pad
			sc.Totals = [4]int{}
			for _, s := range pad {
				for i := range sc.Sides() {
					sc.Totals[i] += s.Scored[i]
				}
			}
			for _, w := range []int{23, 24, 30, 60} { // 23: the pad at 80 columns
				lines := sc.scorePad(&ctx, w, 12)
				got := ansi.Strip(strings.Join(lines, "\n"))
				what := fmt.Sprintf("%d players, %d deals, %d wide", n, len(pad), w)
				if !strings.Contains(got, "160+") || strings.Contains(got, "160*") || !strings.Contains(got, "+ maker with bimah +40") {
					t.Errorf("%s: the bimah's deal is not marked and told:\n%s", what, got)
				}
				if star := strings.Contains(got, "* maker"); star != (len(pad) == 2) {
					t.Errorf("%s: the star told %v:\n%s", what, star, got)
				}
				for _, l := range lines {
					if kit.WidthOf(l) > w {
						t.Errorf("%s: a line %d wide: %q", what, kit.WidthOf(l), ansi.Strip(l))
					}
				}
				checkPadColumns(t, what, sc, strings.Split(got, "\n"))
			}
		}
	}
}

// TestOverPadWholeBesideTalk: at a shared table with talk, a short
// game's end shows every deal's row (the talk keeping its heading and
// last lines), not "… ↑ N earlier deals" and the last deal alone; at
// 80×24 at every seat count.
func TestOverPadWholeBesideTalk(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
			hc.Options.Target = 200
			c.Talk, c.Shared, c.Tag = talk, true, "table ABCD"
		})
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		talk.hear("bob", "well played", false)
		talk.hear("dan", "gg all", true)
		f.hs.Deliver(ChatRefresh{})
		text := f.text()
		deals := len(f.s.snap.Deals)
		seen := padDeals(text)
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if deals > 5 {
			t.Fatalf("%d players: the game to 200 took %d deals: not a short game", n, deals)
		}
		for d := 1; d <= deals; d++ {
			if !seen[d] {
				t.Errorf("%d players: deal %d of %d is not shown:\n%s", n, d, deals, text)
			}
		}
		flat := kittest.Flat(text)
		if strings.Contains(flat, "earlier deal") || !strings.Contains(flat, `dan (watching): "gg all"`) || !strings.Contains(flat, "Table talk") {
			t.Errorf("%d players: the end cuts the pad, or loses the talk:\n%s", n, text)
		}
	})
}

// TestOverPadFillsTheRoom: a long game's end, with the house variants
// on (the bimah's "+" among the maker's stars), shows as many of its
// last deals as the rows free of text hold, at 80×24 at every seat
// count: a pad cut to the room leaves no blank row on the screen, and
// its rows are the last deals in order, latest last.
func TestOverPadFillsTheRoom(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o, err := rules.ParseOptions("of_a_kind=on,menage=on,dealer_forced=on,bimah=on")
		if err != nil {
			t.Fatal(err)
		}
		o.Players, o.Target = n, 2000
		o.Shlomo, o.Cleopatra = n > 2, n == 4
		for seed := uint64(1); seed <= 3; seed++ {
			f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, c *Config) {
				hc.Options = o
				c.Rerun = func(seed uint64) [][]string {
					return [][]string{{"klob", "play"}, {"-players", fmt.Sprint(n)}, {"-seed", fmt.Sprint(seed)},
						{"-rules", "of_a_kind=on,menage=on,dealer_forced=on,bimah=on"}}
				}
			})
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			text := f.text()
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			deals := len(f.s.snap.Deals)
			seen := padDeals(text)
			if !strings.Contains(text, "earlier deal") {
				t.Fatalf("seed %d: a game of %d deals shows them all: not long enough to cut the pad\n%s", seed, deals, text)
			}
			if len(seen) < 2 {
				t.Errorf("seed %d: the cut pad shows %d deals:\n%s", seed, len(seen), text)
			}
			for d := deals - len(seen) + 1; d <= deals; d++ {
				if !seen[d] {
					t.Errorf("seed %d: the pad's rows are not the last %d deals: %v\n%s", seed, len(seen), seen, text)
				}
			}
			rows := strings.Split(text, "\n")
			for len(rows) < 24 {
				rows = append(rows, "")
			}
			for i, l := range rows {
				if strings.TrimSpace(l) == "" {
					t.Errorf("seed %d: row %d is blank beside a cut pad:\n%s", seed, i+1, text)
					break
				}
			}
		}
	})
}

// TestCutPadKeepsNoIdleMarkLine: a pad cut to its room keeps a line
// under it only for the marks its rows shown hold: the bimah's "+" of
// the first deal, scrolled out of sight, leaves its line to one more
// deal, and the pad takes every one of its rows; scrolled back to the
// first deal, its line is told. At every seat count.
func TestCutPadKeepsNoIdleMarkLine(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		sc, bimah := bimahScene(n)
		sc.Pad = []rules.Score{bimah}
		for range 11 {
			plain := rules.Score{Players: n, Maker: rules.SeatB, Outcome: rules.Made}
			plain.Scored[0], plain.Scored[1] = 30, 110
			sc.Pad = append(sc.Pad, plain)
		}
		for _, h := range []int{6, 7, 9} {
			what := fmt.Sprintf("%d players, %d rows", n, h)
			lines, most := sc.scorePadAt(&ctx, 40, h, padScroll{on: true})
			got := ansi.Strip(strings.Join(lines, "\n"))
			if len(lines) != h || strings.Contains(got, "bimah") || !strings.Contains(got, "* maker") {
				t.Errorf("%s: the last deals' pad is %d rows, or tells the bimah none of them holds:\n%s", what, len(lines), got)
			}
			if !padDeals(got)[len(sc.Pad)] {
				t.Errorf("%s: the last deal does not show:\n%s", what, got)
			}
			lines, _ = sc.scorePadAt(&ctx, 40, h, padScroll{on: true, back: most})
			got = ansi.Strip(strings.Join(lines, "\n"))
			if len(lines) > h || !padDeals(got)[1] || !strings.Contains(got, "+ maker") {
				t.Errorf("%s: scrolled to the top, the pad (%d rows) lacks the first deal or its mark:\n%s", what, len(lines), got)
			}
		}
	}
}

// bimahScene is a scene of n players with dealer_forced and bimah on,
// and a deal whose maker (seat A) scored the bimah, 160 to 40.
func bimahScene(n int) (*Scene, rules.Score) {
	o := options(n)
	o.DealerForced, o.Bimah = true, true
	bimah := rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Made, Bimah: rules.BimahPoints}
	bimah.Scored[0], bimah.Scored[1] = 160, 40
	return sceneOf(rules.View{Players: n, Options: o}), bimah
}

// TestPadLettersAlikeAtEveryCount: the score pad at 80 columns (23
// cells) follows one rule at every seat count: a name that fits whole
// only once the outcomes are letters is written whole, the outcomes
// lettered and told under the pad ("Bot C" at three, "normal B" at
// two); names that fit beside the words keep "made" and "bete" whole;
// teams of four write a partner a row and keep the words.
func TestPadLettersAlikeAtEveryCount(t *testing.T) {
	ctx := kit.NewContext(false)
	names := map[int][2][]string{
		2: {{"You", "normal B"}, {"You", "bob"}},
		3: {{"You", "bob", "Bot C"}, {"You", "bob", "cid"}},
		4: {{"You", "Bot B", "Bot C", "Bot D"}, {"You", "bob", "cid", "dan"}},
	}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for k, set := range names[n] {
			for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
				sc := sceneOf(rules.View{Players: n, Options: options(n)})
				sc.You = you
				for i, name := range set {
					sc.Players[i].Name = name
				}
				for m, o := range []rules.Outcome{rules.Made, rules.Bete} {
					s := rules.Score{Players: n, Maker: rules.Seat(m), Outcome: o}
					s.Scored = [4]int{120, 44, 7, 0}
					sc.Pad = append(sc.Pad, s)
				}
				got := ansi.Strip(strings.Join(sc.scorePad(&ctx, 23, 20), "\n"))
				lettered := n < 4 && k == 0
				for _, name := range set[1:] {
					if n < 4 && !strings.Contains(got, name) {
						t.Errorf("%d players %q, you %v: %q not whole:\n%s", n, set, you, name, got)
					}
				}
				// The deals' rows end on their outcome: a word or a letter.
				words := regexp.MustCompile(`(?m)^ +1 .* made *$`).MatchString(got) && regexp.MustCompile(`(?m)^ +2 .* bete *$`).MatchString(got)
				if words == lettered {
					t.Errorf("%d players %q, you %v: outcomes lettered %v, want %v:\n%s", n, set, you, !words, lettered, got)
				}
				if legend := strings.Contains(got, " m made  b bete"); legend != lettered {
					t.Errorf("%d players %q, you %v: the letters' legend %v, want %v:\n%s", n, set, you, legend, lettered, got)
				}
			}
		}
	})
}
