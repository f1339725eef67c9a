package table

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

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
