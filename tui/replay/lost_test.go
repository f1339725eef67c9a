package replay

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestLostRowAddsUp: the Lost row's cells add up to its "all" as shown.
// Rounded one by one, 28.86, 14.86 and 3.76 read 28.9, 14.9 and 3.8,
// which add up to 47.6 beside an "all" of 47.5.
func TestLostRowAddsUp(t *testing.T) {
	for _, parts := range [][]float64{{28.86, 14.86, 3.76, 0}, {0.04, 0.04, 0.04, 0.04}, {12.35, 0, 7.25, 1.05}, {0, 0, 0, 0}} {
		for _, scale := range []float64{10, 1} {
			shown, total := apportion(parts, scale)
			sum, raw := 0.0, 0.0
			for i, x := range shown {
				sum += x
				raw += parts[i]
				if d := x - parts[i]; d <= -1/scale || d >= 1/scale {
					t.Errorf("%v: part %v shown as %v", parts, parts[i], x)
				}
			}
			if got, want := fmt.Sprintf("%.1f", sum), fmt.Sprintf("%.1f", total); got != want {
				t.Errorf("%v at 1/%g: parts %v add up to %s, shown total %s", parts, scale, shown, got, want)
			}
			if want := fmt.Sprintf("%.1f", float64(int(raw*scale+0.5))/scale); fmt.Sprintf("%.1f", total) != want {
				t.Errorf("%v: total %v, want %s", parts, total, want)
			}
		}
	}
}

// TestChanceToWinLostSaid: near a game's end the analysis grades by the
// chance to win, which loses no points; the deal's end still says what
// each graded seat gave up there and in which grades, at every seat
// count, so that a blunder of that kind is not shown as a row of "-".
func TestChanceToWinLostSaid(t *testing.T) {
	for _, file := range gameOfEachCount {
		t.Run(file, func(t *testing.T) {
			r := readPersonsGame(t, file)
			byWin := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
				rep, err := fakeAnalyze(ctx, r, opt)
				if err != nil {
					return nil, err
				}
				// Two of the person's choices in the first deal, graded by
				// the chance to win: a blunder and a mistake.
				grades := []analysis.Grade{analysis.Blunder, analysis.Mistake}
				for i := range rep.Deals[0].Decisions {
					dec := &rep.Deals[0].Decisions[i]
					if dec.Seat != rules.SeatA || !dec.Graded() || len(grades) == 0 {
						continue
					}
					dec.Grade, dec.ByWin, dec.WinLoss = grades[0], true, 0.07
					grades = grades[1:]
				}
				require.Empty(t, grades, "the person has two choices in the first deal")
				return rep, nil
			}
			hs := kittest.New(t, New(r, "x", Config{Analyze: byWin}, nil), 80, 24, false)
			hs.Press("a")
			for range r.Deals[0].Steps {
				hs.Press("right")
			}
			assert.Contains(t, text(hs), "Chance to win lost: You 14.0% (1 blunder, 1 mistake)")
			// The rows count points: headed so, or a seat of "-" reads
			// as no loss at all over its line.
			assert.Contains(t, text(hs), "Points lost")
			// In a window with no room for the rows, nor for the
			// chance's line whole, it goes without the grades' counts
			// (the two-player deal's end leaves room for the one line).
			if !strings.HasPrefix(file, "07-") { // the one two-player game
				return
			}
			small := kittest.New(t, New(r, "x", Config{Analyze: byWin}, nil), 40, 16, false)
			small.Press("a")
			for range r.Deals[0].Steps {
				small.Press("right")
			}
			assert.Contains(t, kittest.Flat(text(small)), "Chance to win lost: You 14.0%")
		})
	}
}

// TestFooterSaysChanceToWinLost: the footer's points lost sit beside a
// blunder graded by the chance to win, which loses no points; it says
// that chance too, per decision as a percentage, within 80 columns at
// every seat count, for one graded seat and for every seat graded.
func TestFooterSaysChanceToWinLost(t *testing.T) {
	for _, file := range gameOfEachCount {
		for _, all := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/all=%v", file, all), func(t *testing.T) {
				r := readPersonsGame(t, file)
				if all {
					for o := range rules.Seat(r.Players()) {
						r.Header.Levels[o] = gamelog.Human
					}
				}
				byWin := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
					rep, err := fakeAnalyze(ctx, r, opt)
					if err != nil {
						return nil, err
					}
					// One decision graded by the chance in the deal, two in
					// the game: 21% and 34% lost per decision.
					d, g := &rep.Deals[0].Players[rules.SeatA], &rep.Players[rules.SeatA]
					d.WinLost, d.Graded = 0.21, d.ByPoints+1
					g.WinLost, g.Graded = 0.68, g.ByPoints+2
					return rep, nil
				}
				hs := kittest.New(t, New(r, "x", Config{Analyze: byWin}, nil), 80, 24, false)
				hs.Press("a")
				hs.Press("right")
				screen := text(hs)
				assert.Contains(t, screen, "Points lost, deal/game:")
				if all {
					assert.Contains(t, screen, "21.0%/34.0%")
				} else {
					assert.Contains(t, screen, "hance to win lost per decision: 21.0%/34.0%")
				}
				for _, line := range strings.Split(screen, "\n") {
					assert.LessOrEqual(t, kit.WidthOf(line), 80, line)
				}
			})
		}
	}
}

// TestFooterChanceOneForm: the footer writes the chance to win lost
// per decision with one decimal at every seat count and every size of
// figure (it read "41%/81%" at four players and "8.0%" at three), and
// cuts none of it: at 80 columns, with long names at four players, one
// seat graded or every seat, the figures it writes, each weighed by
// the seats it names, add up to the chance the graded seats lost. Where
// "You" and the figures do not fit one line (74 columns), the chance
// takes a line of its own rather than "You" turning into "A".
func TestFooterChanceOneForm(t *testing.T) {
	names := [4]string{"", "Bartholomew", "Cleopatra", "Maximilian"}
	dealWin := [4]float64{0.081, 0.412, 0, 0.157}
	gameWin := [4]float64{0.113, 0.58, 0.05, 0.81}
	chance := regexp.MustCompile(`hance to win lost per decision: (.*)$`)
	letters := regexp.MustCompile(`^[A-D]+$`)
	item := regexp.MustCompile(`^(?:(\S.*) )?(\d+\.\d)%/(\d+\.\d)%$`)
	for _, file := range gameOfEachCount {
		for _, all := range []bool{false, true} {
			for _, w := range []int{80, 74} {
				t.Run(fmt.Sprintf("%s/all=%v/%d", file, all, w), func(t *testing.T) {
					r := readPersonsGame(t, file)
					var graded []rules.Seat
					for o := range rules.Seat(r.Players()) {
						if names[o] != "" {
							r.Header.Players[o] = names[o]
						}
						if all {
							r.Header.Levels[o] = gamelog.Human
						}
						if r.Header.Levels[o] == gamelog.Human {
							graded = append(graded, o)
						}
					}
					figures := lostFigures(dealWin, gameWin)
					hs := kittest.New(t, New(r, "x", Config{Analyze: figures}, nil), w, 24, false)
					hs.Press("a")
					hs.Press("right")
					var said []string
					for _, l := range strings.Split(text(hs), "\n") {
						if m := chance.FindStringSubmatch(l); m != nil {
							said = strings.Split(m[1], ", ")
						}
					}
					require.NotEmpty(t, said, "no chance to win lost:\n%s", text(hs))
					var d, g, wantD, wantG float64
					seats := 0
					for _, it := range said {
						m := item.FindStringSubmatch(it)
						if !assert.NotNil(t, m, "%q is not a whole figure with one decimal in:\n%s", it, text(hs)) {
							continue
						}
						if !all {
							assert.Empty(t, m[1], "one graded seat: the points name it")
						}
						// A side's figure is its seats' average: it
						// stands for each of the seats it names.
						k := 1 + strings.Count(m[1], " & ")
						if letters.MatchString(m[1]) {
							k = len(m[1])
						}
						seats += k
						x, _ := strconv.ParseFloat(m[2], 64)
						y, _ := strconv.ParseFloat(m[3], 64)
						d, g = d+float64(k)*x, g+float64(k)*y
					}
					for _, o := range graded {
						wantD, wantG = wantD+100*dealWin[o], wantG+100*gameWin[o]
					}
					slack := 0.05*float64(seats) + 1e-9
					assert.InDelta(t, wantD, d, slack, "the deal's chance lost per decision, over %q", said)
					assert.InDelta(t, wantG, g, slack, "the game's chance lost per decision, over %q", said)
					if !all {
						assert.Contains(t, text(hs), "Points lost, deal/game: You ", "the person is named")
					}
				})
			}
		}
	}
}

// TestDealEndSaysBothLosses: where a seat lost points by one decision
// and a chance to win by another in the same deal, the deal's end says
// both, at every seat count and in windows with and without room for
// the rows: the chance's line alone would read as if no points were
// lost, beside a footer and a step that say they were.
func TestDealEndSaysBothLosses(t *testing.T) {
	for _, file := range gameOfEachCount {
		said := 0
		for _, size := range [][2]int{{80, 24}, {80, 30}, {100, 24}} {
			t.Run(fmt.Sprintf("%s/%dx%d", file, size[0], size[1]), func(t *testing.T) {
				r := readPersonsGame(t, file)
				hs := kittest.New(t, New(r, "x", Config{Analyze: inaccuracyAndBlunder}, nil), size[0], size[1], false)
				hs.Press("a")
				for range r.Deals[0].Steps {
					hs.Press("right")
				}
				screen := text(hs)
				if !strings.Contains(screen, "Chance to win lost: You 5.3%") {
					return // no room for the deal's losses at all: the footer sums them up
				}
				said++
				// The rows (headed by the grades' words), or a line of
				// the points besides the footer's "deal/game".
				rows := strings.Contains(screen, "Points lost") && strings.Contains(screen, "inaccuracy")
				if !rows && !bothLost.MatchString(screen) {
					t.Errorf("the chance to win lost is said, not the points:\n%s", screen)
				}
			})
		}
		if said == 0 {
			t.Errorf("%s: the deal's end said no chance to win lost at any size", file)
		}
	}
}

// bothLost matches the deal end's points of the person in one of its
// brief forms.
var bothLost = regexp.MustCompile(`(Lost by grade|Lost \(worst grade\)|Points lost): You [0-9]`)

// TestLostFiguresKeepTheirPrecision: the footer's points lost are
// written with one decimal on every deal and at every seat count (it
// read "0/303" at two players and "62.2/215.1" at three, the decimals
// dropped where the chance to win lost made the line long). One graded
// seat at three players, whose chance to win lost stands beside the
// points, in a window of 78 columns.
func TestLostFiguresKeepTheirPrecision(t *testing.T) {
	decimals := regexp.MustCompile(`You \d+\.\d/\d+\.\d$`)
	r := readPersonsGame(t, "tables/3-01-every-house-variant.klob")
	dealLost, dealWin := []float64{0, 12.3, 0}, []float64{0, 0.056, 0}
	figures := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		rep, err := fakeAnalyze(ctx, r, opt)
		if err != nil {
			return nil, err
		}
		for d := range rep.Deals {
			p := &rep.Deals[d].Players[rules.SeatA]
			p.Lost, p.WinLost = 0, 0
			if d < len(dealLost) {
				p.Lost, p.WinLost = dealLost[d], dealWin[d]
			}
			if p.WinLost > 0 {
				p.Graded = p.ByPoints + 1
			}
		}
		g := &rep.Players[rules.SeatA]
		g.Lost, g.WinLost, g.Graded = 12.3, 0.2, g.ByPoints+4
		return rep, nil
	}
	hs := kittest.New(t, New(r, "x", Config{Analyze: figures}, nil), 78, 24, false)
	hs.Press("a")
	var lines []string
	for d := range dealLost {
		if d > 0 {
			hs.Press("n")
		}
		var line string
		for _, l := range strings.Split(text(hs), "\n") {
			if strings.Contains(l, "Points lost, deal/game:") {
				line = l
			}
		}
		require.NotEmpty(t, line, "deal %d: no points lost:\n%s", d+1, text(hs))
		assert.LessOrEqual(t, kit.WidthOf(line), 78, line)
		lines = append(lines, line)
	}
	for _, l := range lines {
		assert.Regexp(t, decimals, l, "the figures change precision from deal to deal:\n%s", strings.Join(lines, "\n"))
	}
	assert.Contains(t, lines[1], "You 12.3/12.3", "deal 2's line")
	assert.Contains(t, lines[0], "You 0.0/12.3", "deal 1's line")
	assert.Contains(t, text(hs), "hance to win lost per decision: 0.0%/5.0%", "deal 3's chance")
}

// TestChanceOnlyDealNamesNoPoints: a deal whose graded decisions were
// all graded by the chance to win lost a chance, not "0" points: the
// footer writes "–" for the deal's points, and the game's part keeps
// its figure; the deal's end has no row of points for the seat (it had
// one of words, "graded by the chance to win", under the heads of
// figures), only the chance's line.
func TestChanceOnlyDealNamesNoPoints(t *testing.T) {
	r := readPersonsGame(t, "tables/3-01-every-house-variant.klob")
	chance := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		rep, err := fakeAnalyze(ctx, r, opt)
		if err != nil {
			return nil, err
		}
		dr, game := &rep.Deals[0], &rep.Players[rules.SeatA]
		blunders := 0
		for i := range dr.Decisions {
			dec := &dr.Decisions[i]
			if dec.Seat != rules.SeatA || !dec.Graded() {
				continue
			}
			dec.ByWin, dec.Grade, dec.WinLoss = true, analysis.Good, 0
			if blunders < 3 {
				dec.Grade, dec.WinLoss = analysis.Blunder, 0.2/3
				blunders++
			}
		}
		require.Equal(t, 3, blunders, "the person has three choices in the first deal")
		sm := &dr.Players[rules.SeatA]
		game.ByPoints -= sm.ByPoints
		game.Lost -= sm.Lost
		game.WinLost = 0.27
		sm.ByPoints, sm.Lost, sm.WinLost = 0, 0, 0.2
		require.Positive(t, game.ByPoints, "later deals are graded by points")
		game.Lost = 5.5
		return rep, nil
	}
	for _, h := range []int{24, 30, 22} {
		hs := kittest.New(t, New(r, "x", Config{Analyze: chance}, nil), 80, h, false)
		hs.Press("a")
		hs.Press("right")
		assert.Contains(t, text(hs), "Points lost, deal/game: You –/5.5; chance to win lost per decision: 2.5%/3.4%")
		for range len(r.Deals[0].Steps) - 1 {
			hs.Press("right")
		}
		screen := kittest.Flat(text(hs))
		assert.Contains(t, screen, "Chance to win lost: You 20.0%", h)
		// The deal's end has no row of points for the person, neither
		// "-" nor "–" nor words in place of figures: the chance's line
		// says what they lost.
		end, _, _ := strings.Cut(screen, "Replay · ")
		assert.NotRegexp(t, `(Lost by grade|Lost \(worst grade\)|Points lost): You|You - - - -|You –|graded by the chance`, end)
		for _, line := range strings.Split(text(hs), "\n") {
			assert.LessOrEqual(t, kit.WidthOf(line), 80, line)
		}
	}
}

// TestHelpSaysWhatLostCounts: the replay's help says what the analysis'
// summary line counts ("Points lost, deal/game: ...; chance to win
// lost per decision: ..."): the points lost by the decisions graded by
// points, the chance lost by those graded by the chance to win, on
// average per such decision.
func TestHelpSaysWhatLostCounts(t *testing.T) {
	hs := open(t, readGame(t, "06-sequences-decided-by-top-card.klob"), "g", 80, 24)
	ctx := kittest.Context(80, 24)
	text := kittest.Flat(kittest.HelpText(&ctx, replayOf(hs)))
	for _, want := range []string{"Points lost deal/game: the points of score difference that each graded seat's decisions lost, this deal and over the game",
		"summed over the decisions graded by points", "the chance to win the game that the decisions graded by it", "on average per such decision"} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q:\n%s", want, text)
		}
	}
}

// TestFooterNamesNotLetters: at four players in 80 columns, with a bot
// match's names and every seat graded, the points lost name the sides
// and the chance to win lost on the line below names them alike: no
// seat's letter ("A 0.0%/2.5%") stands for a name the screen never
// shows as a letter.
func TestFooterNamesNotLetters(t *testing.T) {
	names := [4]string{"normal 1", "easy 1", "normal 2", "easy 2"}
	dealWin := [4]float64{0.0, 0.023, 0.076, 0.008}
	gameWin := [4]float64{0.025, 0.191, 0.085, 0.032}
	r := readPersonsGame(t, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob")
	for o := range rules.Seat(r.Players()) {
		r.Header.Players[o] = names[o]
		r.Header.Levels[o] = gamelog.Human
	}
	figures := lostFigures(dealWin, gameWin)
	hs := kittest.New(t, New(r, "x", Config{Analyze: figures}, nil), 80, 24, false)
	hs.Press("a")
	hs.Press("right")
	screen := text(hs)
	letter := regexp.MustCompile(`(^|[:,·] )[A-D]{1,2} \d`)
	var points, chance string
	for _, l := range strings.Split(screen, "\n") {
		if _, x, ok := strings.Cut(l, "Points lost, deal/game: "); ok {
			points, _, _ = strings.Cut(x, ";")
		}
		if _, x, ok := strings.Cut(l, "hance to win lost per decision: "); ok {
			chance = x
		}
		assert.LessOrEqual(t, kit.WidthOf(l), 80, l)
	}
	require.NotEmpty(t, points, screen)
	require.NotEmpty(t, chance, screen)
	assert.NotRegexp(t, letter, points, "the points name the seats")
	assert.NotRegexp(t, letter, chance, "the chance names the seats")
	// Both lines name the sides alike: each side's names in the chance
	// line are the names before its points.
	for _, side := range strings.Split(chance, ", ") {
		who := side[:strings.LastIndex(side, " ")]
		assert.Contains(t, points, who+" ", "the chance's %q is named as in the points: %q", who, points)
	}
}

// lostFigures is fakeAnalyze with every seat's points lost 23 in deal 1
// and 133.8 in the game, and its chance to win lost dealWin and gameWin.
func lostFigures(dealWin, gameWin [4]float64) func(context.Context, *gamelog.Replay, analysis.Options) (*analysis.Report, error) {
	return func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		rep, err := fakeAnalyze(ctx, r, opt)
		if err != nil {
			return nil, err
		}
		for o := range rules.Seat(r.Players()) {
			d, g := &rep.Deals[0].Players[o], &rep.Players[o]
			// One decision graded by the chance to win in the deal, two
			// in the game: the footer's average per decision is then
			// dealWin and gameWin.
			d.Lost, d.WinLost, g.Lost, g.WinLost = 23, dealWin[o], 133.8, 2*gameWin[o]
			d.Graded, g.Graded = d.ByPoints+1, g.ByPoints+2
		}
		return rep, nil
	}
}

// TestDealEndLostAgreesWithFooter: a deal in which the person lost 4.5
// points by one inaccuracy (and a chance to win by a blunder) reads
// "You 4.5 pts (1 inaccuracy)" at its end, the footer's figure with the
// count of decisions: it read "You 4 (inaccuracies 4)", a whole figure
// the footer contradicted ("You 4.5"), which read as four
// inaccuracies. Every form the deal's end writes the points in, at every
// seat count and size, gives the footer's 4.5.
func TestDealEndLostAgreesWithFooter(t *testing.T) {
	figure := regexp.MustCompile(`(?:Points lost|Lost \(worst grade\)): You ([0-9.]+)`)
	counted := 0
	for _, file := range gameOfEachCount {
		for _, size := range [][2]int{{80, 24}, {100, 24}, {120, 24}, {80, 30}, {60, 24}, {80, 22}, {120, 20}} {
			t.Run(fmt.Sprintf("%s/%dx%d", file, size[0], size[1]), func(t *testing.T) {
				r := readPersonsGame(t, file)
				hs := kittest.New(t, New(r, "x", Config{Analyze: inaccuracyAndBlunder}, nil), size[0], size[1], false)
				hs.Press("a")
				for range r.Deals[0].Steps {
					hs.Press("right")
				}
				screen := kittest.Flat(text(hs))
				end, footer, _ := strings.Cut(screen, "Replay · ")
				assert.Contains(t, footer, "You 4.5", "the footer's figure")
				assert.NotRegexp(t, `inaccuracies|\((?:blunders?|mistakes?|inaccuracy) [0-9]`, end, "a grade followed by points reads as a count")
				for _, m := range figure.FindAllStringSubmatch(end, -1) {
					assert.Equal(t, "4.5", m[1], "the deal's end contradicts the footer:\n%s", end)
				}
				// Where the rows do not fit, the line that counts the
				// grades says the points and the count.
				if strings.Contains(end, "Points lost: You 4.5 pts (1 inaccuracy)") {
					counted++
				}
			})
		}
	}
	assert.Positive(t, counted, "the deal's end never counts the grades beside the points")
}

// inaccuracyAndBlunder is fakeAnalyze with the person's first choice in
// the first deal an inaccuracy that lost 4.5 points and the second a
// blunder graded by the chance to win (5.3%), the others good.
func inaccuracyAndBlunder(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
	rep, err := fakeAnalyze(ctx, r, opt)
	if err != nil {
		return nil, err
	}
	n := 0
	for i := range rep.Deals[0].Decisions {
		dec := &rep.Deals[0].Decisions[i]
		if dec.Seat != rules.SeatA || !dec.Graded() {
			continue
		}
		switch n {
		case 0:
			dec.Grade, dec.ByWin, dec.Loss = analysis.Inaccuracy, false, 4.5
		case 1:
			dec.Grade, dec.ByWin, dec.WinLoss = analysis.Blunder, true, 0.053
		default:
			dec.Grade, dec.ByWin, dec.Loss, dec.WinLoss = analysis.Good, false, 0, 0
		}
		n++
	}
	if n < 2 {
		return nil, fmt.Errorf("the person has %d choices in the first deal, want two", n)
	}
	sm := &rep.Deals[0].Players[rules.SeatA]
	sm.Lost, sm.WinLost = 4.5, 0.053
	return rep, nil
}

// TestDealEndAlwaysSaysLost: every deal's end of an analysed game says
// the points each graded seat lost there, in rows or in a line or two,
// at two, three and four seats, at 80×24: the person's game, every seat
// graded, and a daily board's hard bot line ("Hard bot" in seat A).
// At four, with every seat graded, no form of one line fitted 80
// columns and the room left no rows: the page said nothing below the
// last trick, where the footer summed up a loss of the deal.
func TestDealEndAlwaysSaysLost(t *testing.T) {
	summary := regexp.MustCompile(`(?m)^ (Lost  |Points lost  |Points lost: |Lost \(worst grade\): |Chance to win lost)`)
	read := func(file string) *gamelog.Replay {
		if strings.HasPrefix(file, "testdata/") {
			return readReplay(t, file) // its person is "You" already
		}
		return readPersonsGame(t, file)
	}
	for _, file := range append(slices.Clone(gamesTo100), gameOfEachCount...) {
		for _, tc := range []struct {
			what string
			cfg  Config
			bot  bool
		}{
			{"the person's", Config{}, false},
			{"every seat graded", Config{Analysis: analysis.Options{AllSeats: true}}, false},
			{"the hard bot's line", Config{Board: "Board 3 of 8", Analysis: analysis.Options{AllSeats: true}}, true},
		} {
			r := read(file)
			if tc.bot {
				if len(r.Deals) != 1 {
					continue // a board is one deal
				}
				r.Header.SetPlayer(rules.SeatA, "Hard bot", "hard")
			}
			tc.cfg.Analyze, tc.cfg.Analyse = fakeAnalyze, true
			hs := kittest.New(t, New(r, "x", tc.cfg, nil), 80, 24, false)
			s := replayOf(hs)
			for d := range r.Deals {
				if !r.Deals[d].Done {
					continue
				}
				s.pos = pos{d, len(r.Deals[d].Steps)}
				screen := text(hs)
				// The page above the footer's rule.
				page := screen[:strings.LastIndex(screen, "\n─")]
				assert.Regexp(t, summary, page, "%d players, %s, deal %d:\n%s", r.Players(), tc.what, d+1, screen)
			}
		}
	}
}
