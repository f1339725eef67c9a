package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// named gives the seats after the person's these names.
func named(names ...string) fixtureOpt {
	return func(hc *host.Config, _ *Config) {
		for i, n := range names {
			hc.Game.Players[i+1].Name = n
		}
	}
}

// TestLongNamesGoldens draws a card to play at 80×24 with names as
// long as a server allows (24 letters), alike but for their ends: the
// score pad, the header, the seats and the trick's title shorten them
// so that they stay told apart, never cut mid-line.
func TestLongNamesGoldens(t *testing.T) {
	long := []string{"alexandra_of_the_north_x", "alexander_of_the_south_y", "Bot D"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, named(long[:n-1]...))
		f.until("a card", myCard, true)
		kittest.Golden(t, fmt.Sprintf("names%d-80x24", n), f.text())
		checkNoSeatLetters(t, f.text())
	})
}

// TestConjunctNamesFit: names of Indic conjuncts (क्ष is a consonant,
// a virama and a consonant, two cells in tmux) keep every line of the
// card play at 80×24 within 80 cells as a terminal draws them, the
// side panel's rule in one column and the header's score in sight, at
// every seat count.
func TestConjunctNamesFit(t *testing.T) {
	names := []string{strings.Repeat("क्ष", 8), "नमस्ते", "राम सीता"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, named(names[:n-1]...))
		f.until("a card", myCard, true)
		text := f.text()
		lines := strings.Split(text, "\n")
		rule := -1
		for i, l := range lines {
			if w := ansi.StringWidthWc(l); w > 80 {
				t.Errorf("%d players: line %d is %d cells as drawn:\n%s", n, i, w, text)
			}
			j := strings.LastIndex(l, "│")
			if i < 2 || j < 0 {
				continue
			}
			if at := ansi.StringWidthWc(l[:j]); rule < 0 {
				rule = at
			} else if at != rule {
				t.Errorf("%d players: line %d has the rule at column %d, not %d:\n%s", n, i, at, rule, text)
			}
		}
		if score := map[bool]string{true: "us 0", false: "You 0"}[n == 4]; !strings.Contains(lines[0], score) || !strings.HasSuffix(lines[0], " 0") {
			t.Errorf("%d players: the header leaves out the score:\n%s", n, text)
		}
	})
}

// TestTalkWrapsAtSpaces: the talk panel at 80×24 wraps its lines at
// spaces, never after a hyphen inside a name nor inside a name too long
// for the column (shortened instead), at every seat count.
func TestTalkWrapsAtSpaces(t *testing.T) {
	names := []string{"Ann-Sophie Beaumont-Ray", "alexander_of_the_south_y", "Jean-Luc Marie-Claire"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, named(names[:n-1]...))
		f.until("a card", myCard, true)
		for _, l := range strings.Split(f.text(), "\n") {
			i := strings.LastIndex(l, "│")
			if i < 0 {
				continue
			}
			talk := strings.TrimSpace(l[i+len("│"):])
			if strings.HasSuffix(talk, "-") || strings.HasPrefix(talk, "_") || strings.HasSuffix(talk, "_south") {
				t.Errorf("%d players: the talk breaks inside a name at %q:\n%s", n, talk, f.text())
			}
		}
	})
}

// seatLetters finds a side named by its seats' letters, as a count
// ("B 0", "AC 3") or a pair of heads ("AC–BD"): the table shows the
// letters nowhere, so they name nobody.
var botName = regexp.MustCompile(`\bBot [A-D]\b`)

var seatLetters = regexp.MustCompile(`\b([A-D]|AC|BD) \d|\b(AC|BD)\b[–-]|\b(AC|BD)\s+(AC|BD)\b`)

// checkNoSeatLetters fails when text names a side by seat letters.
func checkNoSeatLetters(t *testing.T, text string) {
	t.Helper()
	// A bot's name ends in its seat's letter ("Bot D 0"): that names it.
	if m := seatLetters.FindString(botName.ReplaceAllString(text, "Bot_")); m != "" {
		t.Errorf("a side is named by letters (%q):\n%s", m, text)
	}
}

// passer is a random bot that passes whenever it may, so that the
// bidding comes round to round two.
type passer struct{ ai.Bot }

func (p passer) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	for _, a := range v.Legal() {
		if a.Kind == rules.Pass {
			return a, nil
		}
	}
	return p.Bot.Choose(ctx, v)
}

// passingBots seats passers.
func passingBots(hc *host.Config, _ *Config) {
	hc.NewBot = func(level ai.Level, cfg ai.Config) (ai.Bot, error) { return passer{ai.NewRandom(cfg.Seed)}, nil }
}

// TestKeysKeepCommit: at 80 columns the keys line keeps the key that
// commits the decision (enter) when it must leave others out, at
// every seat count, in both bidding rounds (round two offers undo
// after the person's pass, the longest line) and in the card play.
func TestKeysKeepCommit(t *testing.T) {
	eachTableWith(t, passingBots, func(t *testing.T, n int, f *fixture) {
		for _, c := range []struct {
			what, key string
			ok        func(host.Snapshot) bool
		}{
			{"round one", "enter confirm", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }},
			{"round two", "enter confirm", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid2 }},
			{"a card", "enter/1-", myCard},
		} {
			f.until(c.what, c.ok, c.key == "enter/1-")
			lines := strings.Split(f.text(), "\n")
			if keys := lines[len(lines)-1]; !strings.Contains(keys, c.key) {
				t.Errorf("%s: the keys line leaves out %q:\n%s", c.what, c.key, f.text())
			}
		}
	})
}

// TestKeysKeepHint: at 80 columns, when u undo and c claim join the
// keys line of the card play (the first lead, which may take back the
// last bid), every key the turn takes keeps its place, the hint and
// the v list too: the card numbers join enter instead ("enter/1-9
// play"). With suits drawn the arrows stay as well; in ASCII, where
// they are wider, they give way to v. At every seat count.
func TestKeysKeepHint(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			// Bots that wait to be let through: the person's last bid
			// stands undoable until another moves.
			f := newFixture(t, n, seeds[n], 80, 24, gated())
			f.drawASCII(ascii)
			f.until("a card that may follow an undo", func(s host.Snapshot) bool {
				return s.Can.Act && s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay
			}, true)
			want := []string{"u undo", "c claim", "H hint"}
			if !ascii {
				want = append(want, "<-/-> choose")
			}
			keysLineHolds(t, f, ascii, want...)
		}
	})
}

// TestListKeyNamesTricks: the keys line names the v list as the help
// and the replay do ("v tricks", not "v history": the history is the
// saved games), and v opens the deal's words and its tricks, in the
// card play (at 120×40, where the keys line has room for v).
func TestListKeyNamesTricks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 120, 40, gated())
		f.until("a card", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhasePlay }, true)
		lines := strings.Split(f.text(), "\n")
		if keys := lines[len(lines)-1]; !strings.Contains(keys, "v tricks") {
			t.Fatalf("the keys line does not name the v list \"v tricks\":\n%s", f.text())
		}
		f.hs.Press("v")
		for _, want := range []string{"This deal's words", "This deal's tricks"} {
			if !strings.Contains(f.text(), want) {
				t.Errorf("v shows no %q:\n%s", want, f.text())
			}
		}
	})
}

// TestHintManyOptionsFits: the hint on a lead of eight cards or more at
// 80×24 keeps its last line, how to close it: the options ranked lowest
// give way to a line that says which are shown, the hard bot's first,
// and page down shows the others, page by page, until every option has
// been on the screen; page up goes back to the best. At every seat
// count, with a golden. In a shorter window the reason gives way before
// the two best options and that line (down to 20 rows; at 18 the best
// option stays).
func TestHintManyOptionsFits(t *testing.T) {
	shownAt := regexp.MustCompile(`\(options (\d+)-(\d+) of (\d+), best first`)
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, h := range []int{24, 22, 20, 18} {
			f := newFixture(t, n, seeds[n], 80, h, gated())
			f.until("a lead of eight cards or more", func(s host.Snapshot) bool {
				return s.Can.Act && s.Can.Hint && s.View.Phase == rules.PhasePlay && len(s.View.Legal()) >= 8
			}, true)
			f.hs.Press("H")
			txt := f.text()
			if h == 24 {
				kittest.Golden(t, fmt.Sprintf("hint%d-80x24-many", n), txt)
			}
			for _, want := range []string{"Hint: the hard bot would", "best · hard bot", "H or esc closes the hint"} {
				if !strings.Contains(txt, want) {
					t.Errorf("80×%d: the hint leaves out %q:\n%s", h, want, txt)
				}
			}
			if h < 20 {
				continue // room for the heading, the columns and the best option only
			}
			sn := f.snap()
			legal := len(sn.View.Legal())
			seen := map[string]bool{}
			for page := 0; ; page++ {
				m := shownAt.FindStringSubmatch(txt)
				if m == nil {
					t.Fatalf("80×%d page %d: no line says which options are shown:\n%s", h, page, txt)
				}
				from, _ := strconv.Atoi(m[1])
				to, _ := strconv.Atoi(m[2])
				rows := 0
				for _, l := range strings.Split(txt, "\n") {
					if strings.Contains(l, " ± ") { // an option row: "+5.0 ±  1.5"
						rows++
						seen[strings.Fields(strings.TrimLeft(l, " ▶>"))[0]] = true
					}
				}
				if all, _ := strconv.Atoi(m[3]); rows < 2 || rows != to-from+1 || all != legal {
					t.Fatalf("80×%d page %d: %d rows shown as %s, for %d options:\n%s", h, page, rows, m[0], legal, txt)
				}
				if lines := strings.Split(txt, "\n"); len(lines) > h {
					t.Errorf("80×%d: %d lines:\n%s", h, len(lines), txt)
				}
				if to == legal || page > legal {
					break
				}
				f.hs.Press("pgdown")
				txt = f.text()
			}
			if len(seen) != legal {
				t.Errorf("80×%d: %d of %d options seen by paging down: %v", h, len(seen), legal, seen)
			}
			for range legal {
				f.hs.Press("pgup")
			}
			if txt = f.text(); !strings.Contains(txt, "(options 1-") || !strings.Contains(txt, "best · hard bot") {
				t.Errorf("80×%d: page up does not go back to the best:\n%s", h, txt)
			}
		}
	})
}

// TestBidMeldsGoldens draws a bid at 80×24 with a sequence in the hand:
// its mark follows the cards with no blank rows between (the numbers
// and marks of the card play are not drawn yet), and at four it is not
// left out for want of room.
func TestBidMeldsGoldens(t *testing.T) {
	seed := map[int]uint64{2: 1, 3: 52, 4: 13}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seed[n], 80, 24)
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		txt := f.text()
		kittest.Golden(t, fmt.Sprintf("bidmeld%d-80x24", n), txt)
		lines := strings.Split(txt, "\n")
		for i, l := range lines {
			if strings.Contains(l, "└───┘ └───┘") {
				if i+1 >= len(lines) || !strings.Contains(lines[i+1], "20") {
					t.Errorf("the sequence's mark does not follow the cards:\n%s", txt)
				}
				return
			}
		}
		t.Errorf("no hand drawn:\n%s", txt)
	})
}

// bareArrows is an arrow key in a keys line with no word of what it
// does ("←/→ · enter play").
var bareArrows = regexp.MustCompile(`(^|\s)[←→↑↓<>\-/hjkl]*[←→↑↓]( ·|$)`)

// Every key hint under the table names what it does: the arrows say
// "choose", in the bidding and the card play, at every seat count, as
// the keys line is written at 80 columns.
func TestArrowHintsSayWhat(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		f := newFixture(t, n, seeds[n], 80, 24)
		seen := 0
		for range 80 {
			if s := f.snap(); s.Over || s.DealNo > 1 {
				break
			}
			lines := strings.Split(f.text(), "\n")
			keys := lines[len(lines)-1]
			if strings.Contains(keys, "←") || strings.Contains(keys, "→") {
				seen++
			}
			if bareArrows.MatchString(keys) {
				t.Fatalf("%d players: the keys line has an arrow with no word:\n%s", n, f.text())
			}
			f.step(true)
		}
		if seen == 0 {
			t.Errorf("%d players: no keys line with the arrows in the first deal", n)
		}
	}
}

// meldMark is the row marking a sequence under the person's hand.
var meldMark = regexp.MustCompile(`└─+\d+─+┘`)

// underCards reports whether row of the screen text is right under the
// person's cards: the row above holds the bottoms of the cards.
func underCards(text string, row int) bool {
	lines := strings.Split(text, "\n")
	if row < 1 || row >= len(lines) {
		return false
	}
	left, _, _ := strings.Cut(lines[row-1], "│ ")
	return strings.Count(left, "└───┘")+strings.Count(left, "└╌╌╌┘")+strings.Count(left, "+---+") >= 2
}

// markRow is the row of the screen text that marks a sequence under the
// person's hand, -1 for none.
func markRow(text string) int {
	row := -1
	for i, l := range strings.Split(text, "\n") {
		if left, _, _ := strings.Cut(l, "│ "); meldMark.MatchString(left) {
			row = i
		}
	}
	return row
}

// TestSequenceMarkStays: in the first trick, the row marking the
// person's sequences stays where it is while another player acts before
// them and at their turn, right under the cards it marks (the numbers
// and marks under it), at every seat count, at 80×24. After the person's first card
// the sequences are no longer marked: the dialogue judged the whole
// hand, and what is left would read as a smaller sequence.
func TestSequenceMarkStays(t *testing.T) {
	seed := map[int]uint64{2: 5, 3: 52, 4: 5}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		const h = 24
		f := newFixture(t, n, seed[n], 80, h, gated())
		waiting := func(s host.Snapshot) bool {
			v := &s.View
			return s.Thinking != rules.NoSeat && v.Phase == rules.PhasePlay && v.Played[v.Seat] == 0 &&
				markRow(f.text()) >= 0
		}
		f.until("another seat to play before the person's first card, a sequence in the hand", waiting, true)
		wait := f.text()
		for !f.snap().Can.Act {
			f.release()
			f.refresh()
		}
		turn := f.text()
		if a, b := markRow(turn), markRow(wait); a < 0 || a != b {
			t.Fatalf("the sequence's mark is on row %d at the person's turn, %d while another plays:\n%s\n%s", a, b, turn, wait)
		}
		for _, text := range []string{turn, wait} {
			if !underCards(text, markRow(text)) {
				t.Errorf("%d players: the sequence's mark is not right under the cards:\n%s", n, text)
			}
		}
		kittest.Golden(t, fmt.Sprintf("seqmark%d-80x%d-turn", n, h), turn)
		kittest.Golden(t, fmt.Sprintf("seqmark%d-80x%d-wait", n, h), wait)
		// The person plays; the sequences' marks go.
		sn := f.snap()
		kittest.Move(f.t, f.hs, sn, f.s.hand(), false, true)
		if got := f.text(); seqMark.MatchString(got) {
			t.Fatalf("a sequence is still marked once the person has played a card:\n%s", got)
		}
	})
}

// seqMark is a sequence's bracket under the hand ("└──20──┘").
var seqMark = regexp.MustCompile(`└─+\d+`)

// Every deal's result, whole games at every count at 80×24 and the
// game's last deal too, shows its score rows and what to press: the
// last trick under them gives way when they would not fit (a bete at
// three or four explained in three lines once cut "This deal scores").
func TestResultKeepsItsScoreRows(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, seed := range []uint64{1, 2, 3} {
			f := newFixture(t, n, seed, 80, 24)
			for deals := 0; ; {
				f.until("a deal's result", func(s host.Snapshot) bool { return s.Between || s.Over }, false)
				deals++
				text := f.text()
				d := f.snap().Deals[len(f.snap().Deals)-1]
				want := "This deal scores"
				if d.Score.Outcome == rules.Abandoned {
					want = "thrown in"
				}
				if !strings.Contains(text, want) || !strings.Contains(text, "Press enter") {
					t.Fatalf("seed %d deal %d: the result lacks %q or what to press:\n%s", seed, deals, want, text)
				}
				if f.snap().Over {
					break
				}
				f.hs.Press("enter")
				f.until("the next deal", func(s host.Snapshot) bool { return !s.Between }, false)
				checkPadRows(t, f.text(), deals)
			}
		}
	})
}

// padRowRE is a row of the score pad beside the table: the deal's
// number, then its scores and how it went.
var padRowRE = regexp.MustCompile(`│\s*(\d+)\s[^│]*$`)

// checkPadRows: each of the score pad's deal rows on the table screen
// ends with the whole word of how the deal went, never a cut one.
func checkPadRows(t *testing.T, text string, deals int) {
	t.Helper()
	rows := 0
	for _, line := range strings.Split(text, "\n") {
		m := padRowRE.FindString(line)
		if m == "" {
			continue
		}
		rows++
		row := strings.TrimSpace(strings.TrimPrefix(m, "│"))
		if !strings.HasSuffix(row, " made") && !strings.HasSuffix(row, " bete") &&
			!strings.HasSuffix(row, " tie") && !strings.HasSuffix(row, " thrown in") {
			t.Fatalf("after deal %d the score pad's row %q does not end with how the deal went:\n%s", deals, row, text)
		}
	}
	if rows == 0 {
		t.Fatalf("after deal %d no score pad rows on the table:\n%s", deals, text)
	}
}

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
	sc := statusScene(t, n, names, [4]int{3, 3, 3, 3})
	last := rules.Seat(n - 1)
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

// TestKeysKeepListWithBella: at 80 columns, when b bella or b menage,
// u undo, c claim and H hint are all offered on a card to play, the
// keys line keeps them, enter with the card numbers, help and quit,
// and the v list too: the arrows give way before it (a digit plays
// the card, and the help lists them). The hints stand two spaces
// apart, the form the line keeps whenever it is too long for " · ".
// At every seat count, with suits drawn and in ASCII.
func TestKeysKeepListWithBella(t *testing.T) {
	// Games whose person leads with the second of K-Q of trump in hand
	// right after winning a trick: the card that won it may be taken
	// back (no new card shown since).
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 168}
	// Games whose person may play the menage with undo and claim
	// offered, the menage on.
	menageSeeds := map[int]uint64{2: 116, 3: 29, 4: 179}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, c := range []struct {
			word  string
			seed  uint64
			bonus int
			opts  []fixtureOpt
		}{
			{"b bella", bellaSeeds[n], 0, []fixtureOpt{gated()}},
			{"b menage", menageSeeds[n], 50, []fixtureOpt{menageRules, gated()}},
		} {
			for _, ascii := range []bool{false, true} {
				f := newFixture(t, n, c.seed, 80, 24, c.opts...)
				f.drawASCII(ascii)
				f.until("a card with "+c.word+", undo and claim", func(s host.Snapshot) bool {
					return s.Can.Act && s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay && hasBella(s.View.Legal(), c.bonus)
				}, true)
				f.refresh()
				keysLineHolds(t, f, ascii, c.word, "u undo", "c claim", "H hint")
				lines := strings.Split(f.text(), "\n")
				if keys := lines[len(lines)-1]; strings.Contains(keys, " · ") {
					t.Errorf("ascii %v: the keys line mixes in \" · \": %q", ascii, keys)
				}
			}
		}
	})
}

// keysLineHolds checks the keys line of a card to play at 80 columns:
// enter with the card numbers, the v list, help and quit, and want,
// within 80 cells.
func keysLineHolds(t *testing.T, f *fixture, ascii bool, want ...string) {
	t.Helper()
	lines := strings.Split(f.text(), "\n")
	keys := kit.ASCIIText(lines[len(lines)-1])
	digits := fmt.Sprintf("enter/1-%d play", f.snap().View.Hand.Count())
	for _, w := range append([]string{digits, "v tricks", "? help", "q quit"}, want...) {
		if !strings.Contains(keys, w) {
			t.Errorf("ascii %v: the keys line leaves out %q:\n%s", ascii, w, f.text())
		}
	}
	if w := kit.WidthOf(lines[len(lines)-1]); w > 80 {
		t.Errorf("ascii %v: the keys line is %d wide:\n%s", ascii, w, f.text())
	}
}

// TestKeysKeepHintWithMenage: at 80 columns, when b menage (a word
// longer than bella), u undo and c claim are all offered on a card to
// play, the keys line keeps the hint, enter with the card numbers,
// menage, undo and claim, help and quit within 80 cells: the arrows
// give way before the hint (in ASCII, where they are widest), as the
// help lists them. At every seat count, with suits drawn and in ASCII.
func TestKeysKeepHintWithMenage(t *testing.T) {
	// Games whose person may play the menage with undo and claim
	// offered, the menage on.
	menageSeeds := map[int]uint64{2: 116, 3: 29, 4: 179}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, menageSeeds[n], 80, 24, menageRules, gated())
			f.drawASCII(ascii)
			f.until("a card with the menage, undo and claim", func(s host.Snapshot) bool {
				return s.Can.Act && s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay && hasBella(s.View.Legal(), 50)
			}, true)
			f.refresh()
			lines := strings.Split(f.text(), "\n")
			keys := kit.ASCIIText(lines[len(lines)-1])
			digits := fmt.Sprintf("enter/1-%d play", f.snap().View.Hand.Count())
			for _, want := range []string{digits, "b menage", "u undo", "c claim", "H hint", "? help", "q quit"} {
				if !strings.Contains(keys, want) {
					t.Errorf("ascii %v: the keys line leaves out %q:\n%s", ascii, want, f.text())
				}
			}
			if w := kit.WidthOf(lines[len(lines)-1]); w > 80 {
				t.Errorf("ascii %v: the keys line is %d wide:\n%s", ascii, w, f.text())
			}
		}
	})
}

// hiddenRun is another seat's hidden cards as the table draws them:
// the backs and their count, with or without the word.
var hiddenRun = regexp.MustCompile(`(▮+) (\d+)`)

// TestHiddenCardsAlwaysDrawn: at 80×24 every seat whose hand is hidden
// shows a back per card beside its count, at every step of a deal, in
// one form for every count (the word "cards" with all or with none),
// at every seat count: the backs never come and go with the room a
// count leaves. A golden per seat count pins the deal's first card.
func TestHiddenCardsAlwaysDrawn(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, seed := range []uint64{seeds[n], 42} {
			f := newFixture(t, n, seed, 80, 24, gated())
			words := map[bool]bool{}
			for steps := 0; f.snap().DealNo == 1 && !f.snap().Over && steps < 400; steps++ {
				s := f.snap()
				text := ansi.Strip(f.text())
				var want, got []int
				for seat := range rules.Seat(n) {
					if c := s.View.Counts[seat]; seat != s.Seat && c > 0 && s.HasDeal {
						want = append(want, c)
					}
				}
				for _, m := range hiddenRun.FindAllStringSubmatchIndex(text, -1) {
					backs, count := text[m[2]:m[3]], text[m[4]:m[5]]
					c, _ := strconv.Atoi(count)
					if kit.WidthOf(backs) != c {
						t.Fatalf("seed %d: %d backs say %d cards:\n%s", seed, kit.WidthOf(backs), c, text)
					}
					got = append(got, c)
					words[strings.HasPrefix(text[m[5]:], " card")] = true
				}
				slices.Sort(want)
				slices.Sort(got)
				if len(want) > 0 && !slices.Equal(want, got) {
					t.Fatalf("seed %d: hidden hands of %v cards drawn as %v:\n%s", seed, want, got, text)
				}
				if seed == seeds[n] && s.Can.Act && s.View.Phase == rules.PhasePlay && myPlays(s) == 0 && !words[false] && !words[true] {
					t.Fatalf("seed %d: no hand drawn", seed)
				}
				if s.Thinking != rules.NoSeat {
					f.release()
					f.refresh()
					continue
				}
				f.step(true)
			}
			if len(words) > 1 {
				t.Errorf("seed %d: the count is said with the word and without it in one deal", seed)
			}
		}
		f := newFixture(t, n, seeds[n], 80, 24, gated())
		f.until("the first card", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhasePlay }, true)
		kittest.Golden(t, fmt.Sprintf("backs%d-80x24", n), f.text())
	})
}

// TestKeysListSort: at 80 columns the card play's keys line lists o
// sort with the hint, the claim and the v list when the line holds
// them all, as o works there: the sort goes only where the line
// cannot hold it. At every seat count.
func TestKeysListSort(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		f.until("a card with claim, no undo and no bella", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && s.Can.Claim && !s.Can.Undo && !hasBella(s.View.Legal(), 0) && !hasBella(s.View.Legal(), 50)
		}, true)
		keysLineHolds(t, f, false, "o sort", "c claim", "H hint")
	})
}

// TestPlayerSeesTricksAndLast: at 80×24, at every seat count, a player
// reads what a spectator reads under the trick from the second trick
// on: the tricks won and the card points on a line, and the last trick
// (between tricks, the trick on the table) on the next, never one of
// them left out for the other, whoever's turn it is, with the row
// marking the person's bella pair too. Two deals of two games (the
// second's person holds K-Q of trump), every frame of the card play
// with a one-line note.
func TestPlayerSeesTricksAndLast(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 168}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		frames, melds := 0, 0
		for _, seed := range []uint64{seeds[n], bellaSeeds[n]} {
			checkTricksAndLast(t, newFixture(t, n, seed, 80, 24, gated()), &frames, &melds)
		}
		if frames == 0 || melds == 0 {
			t.Fatalf("%d players: %d frames after the first trick, %d with the row marking the bella pair", n, frames, melds)
		}
	})
}

// checkTricksAndLast plays f's first two deals, checking the lines
// under the trick of every frame after the first trick (frames counts
// them, melds those with a row marking the person's cards).
func checkTricksAndLast(t *testing.T, f *fixture, frames, melds *int) {
	t.Helper()
	n := f.snap().View.Players
	f.until("the third deal", func(s host.Snapshot) bool {
		if s.DealNo > 2 || s.Over {
			return true
		}
		v := &s.View
		if !s.HasDeal || v.Phase != rules.PhasePlay || v.LastLeader == rules.NoSeat || f.s.tricks || f.s.hintOpen() {
			return false
		}
		f.refresh()
		sc := f.s.scene()
		if bottom, _ := f.s.bottomLines(&f.hs.Ctx, sc); len(bottom) > 4 {
			return false // a note of two lines: a row less for the table
		}
		*frames++
		if f.s.scene().meldRow(f.s.tableHand()) {
			*melds++
		}
		text := f.text()
		lines := strings.Split(text, "\n")
		at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, " Tricks: ") })
		if at < 0 || at+1 >= len(lines) || strings.Contains(lines[at], " · last: ") || strings.Contains(lines[at], " · played: ") {
			t.Fatalf("%d players: no line of the tricks won alone:\n%s", n, text)
		}
		next := lines[at+1]
		if strings.HasPrefix(next, "  ") || strings.HasPrefix(next, " Card points") {
			next = lines[at+2] // the card points on a line of their own
		}
		if !strings.HasPrefix(next, " Last") && !strings.HasPrefix(next, " Played: ") {
			t.Fatalf("%d players: no last trick under the tricks won:\n%s", n, text)
		}
		return false
	}, true)
}

// TestHandKeepsItsRowAfterTrickOne: the hand stays on its row from the
// person's turn in trick 1, where the row under the cards marks their
// sequences, to their turn in trick 2, where nothing is marked any
// more: the row is kept blank, and the table does not move a row. At
// 80×24 with two and three; four need a taller window, as at 80×24
// the blank row gives way to the words over the table.
func TestHandKeepsItsRowAfterTrickOne(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := 24
		if n == 4 {
			h = 28
		}
		pairs := 0
		for seed := uint64(1); seed <= 60 && pairs < 2; seed++ {
			f := newFixture(t, n, seed, 80, h, gated())
			// The hand's row at the person's turn after played cards,
			// with a row marking melds or not; -1 when the frame has a
			// note of more lines (a row less for the table).
			row := func() (int, bool) {
				f.refresh()
				sc := f.s.scene()
				if bottom, _ := f.s.bottomLines(&f.hs.Ctx, sc); len(bottom) > 4 {
					return -1, false
				}
				lines := strings.Split(f.text(), "\n")
				return slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "Your hand") }), sc.meldRow(f.s.tableHand())
			}
			turn := func(played int) func(s host.Snapshot) bool {
				return func(s host.Snapshot) bool {
					return s.DealNo == 1 && s.Can.Act && s.View.Phase == rules.PhasePlay && myPlays(s) == played && f.s.Bella == rules.NoCard
				}
			}
			if !f.reach(turn(0), true) {
				continue
			}
			r1, marked := row()
			if r1 < 0 || !marked {
				continue
			}
			if !f.reach(turn(1), true) {
				continue
			}
			r2, marked2 := row()
			if r2 < 0 || marked2 {
				continue
			}
			pairs++
			if r1 != r2 {
				t.Errorf("%d players, seed %d: the hand is on row %d in trick 1, %d in trick 2:\n%s", n, seed, r1, r2, f.text())
			}
		}
		if pairs == 0 {
			t.Fatalf("%d players: no game with marked sequences in trick 1 and none in trick 2", n)
		}
	})
}

// TestKeysKeepSeparatorsWhenOnlySortGoes: at a shared table without
// hints at 80 columns under -ascii, the bidding's keys line ("<-/->
// choose", "q leave") is too wide with the sort: the sort goes, and the
// line keeps its separators between the hints rather than standing them
// two spaces apart. At every seat count.
func TestKeysKeepSeparatorsWhenOnlySortGoes(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
			hc.NoHints, c.Shared = true, true
		})
		f.drawASCII(true)
		f.hs.Ctx.Keys.QuitWord = "leave"
		f.until("a bid", atBid, true)
		f.refresh()
		lines := strings.Split(f.text(), "\n")
		keys := lines[len(lines)-1]
		for _, want := range []string{"<-/-> choose - enter confirm - [ ] letter picks - v tricks - ? help - q leave"} {
			if !strings.Contains(keys, want) {
				t.Errorf("%d players: the keys line is not %q:\n%s", n, want, f.text())
			}
		}
		if w := kit.WidthOf(keys); w > 80 {
			t.Errorf("%d players: the keys line is %d wide:\n%s", n, w, f.text())
		}
	})
}

// TestTwoLineNoteKeepsTricksWon: at every seat count, at 80×24, in the
// card play with the row marking the person's bella under the hand and
// the last trick said, a note of two lines (u refused: cards were shown
// since the last decision) leaves the tricks won on the screen: what
// gives way for it is the last trick's line, which the v list says too.
// The line over the table still says trump.
func TestTwoLineNoteKeepsTricksWon(t *testing.T) {
	// Games that come to a bella held after a trick was played.
	meldSeeds := map[int]uint64{2: 5, 3: 2, 4: 2}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, meldSeeds[n], 80, 24)
		f.until("a bella held after the first trick", func(s host.Snapshot) bool {
			return myCard(s) && s.View.LastLeader != rules.NoSeat && len(kit.HeldMelds(&s.View, f.s.hand())) > 0
		}, true)
		if !strings.Contains(kittest.Flat(f.text()), "Tricks: ") {
			t.Fatalf("%d players: no tricks won before the note:\n%s", n, f.text())
		}
		f.hs.Press("u")
		text := f.text()
		if !strings.Contains(text, "cards were shown or told of since your last decision") {
			t.Fatalf("%d players: u was not refused:\n%s", n, text)
		}
		flat := kittest.Flat(text)
		if !strings.Contains(flat, "Tricks: ") {
			t.Errorf("%d players: the tricks won left the screen with a note of two lines:\n%s", n, text)
		}
		if !strings.Contains(flat, "Trump ") {
			t.Errorf("%d players: trump left the screen:\n%s", n, text)
		}
	})
}

// TestTricksLineWidth: at 80×24, at every seat count, for a player and
// a spectator, with names as long as a server allows and the deal's
// last tricks won (two-digit counts of none, three-digit card points,
// bella and the menage), every line of the screen is 80 cells at most
// and every line of the tricks under the table leaves the cell before
// the column's rule blank: no line comes out one cell too wide. The
// lines the table's column gets are measured too, at every width it
// may have, from the narrowest to 80's.
func TestTricksLineWidth(t *testing.T) {
	ctx := kittest.Context(80, 24)
	long := []string{"alexandra_of_the_north_x", "alexander_of_the_south_y", "alexandrina_of_the_west_", "Bot D"}
	for _, n := range []int{2, 3, 4} {
		for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
			sc := statusScene(t, n, long, [4]int{2, 3, 4, 5})
			sc.You = you
			out, _ := Render(&ctx, sc, Hand{}, nil)
			leftW, _ := columns(80, cardSize(80, 24))
			tricks := false
			for _, l := range strings.Split(ansi.Strip(out), "\n") {
				if kit.WidthOf(l) > 80 {
					t.Errorf("%d players, you %v: a line %d wide: %q", n, you, kit.WidthOf(l), l)
				}
				left, _, ok := strings.Cut(l, "│")
				if !ok || !strings.Contains(l, "Tricks:") && !strings.Contains(l, "oints ") {
					continue
				}
				tricks = tricks || strings.Contains(l, "Tricks:")
				if kit.WidthOf(left) != leftW || kit.WidthOf(strings.TrimRight(left, " ")) > leftW-1 {
					t.Errorf("%d players, you %v: the tricks line is not %d cells and a blank: %q", n, you, leftW-1, l)
				}
			}
			if !tricks {
				t.Errorf("%d players, you %v: no tricks line:\n%s", n, you, ansi.Strip(out))
			}
			for w := 20; w <= leftW; w++ {
				for _, l := range sc.statusLines(&ctx, w) {
					if got := kit.WidthOf(l); got > w-1 {
						t.Errorf("%d players, you %v, a column of %d: a status line %d wide: %q", n, you, w, got, ansi.Strip(l))
					}
				}
			}
		}
	}
}

// statusScene is the card play of n players named names from seat A,
// seat A's bid taking so that the deal is played, late in the deal:
// each seat has won tricks, the card points have three digits, bella
// (the last seat) and the menage (seat B) were said.
func statusScene(t *testing.T, n int, names []string, tricks [4]int) *Scene {
	t.Helper()
	g := rules.NewGame(options(n), rules.SeatB)
	if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(7, 1)))); err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if g.Deal().Phase() == rules.PhasePlay || g.Deal().Phase() == rules.PhaseOver {
			break
		}
		a := g.Legal()[0]
		for _, l := range g.Legal() {
			if l.Kind == rules.Take {
				a = l
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	v := g.Deal().View(rules.SeatA)
	if v.Phase != rules.PhasePlay {
		t.Fatalf("%d players: no card play (%v)", n, v.Phase)
	}
	v.BellaBy, v.MenageBy = rules.Seat(n-1), rules.SeatB
	for s := range n {
		v.Tricks[s], v.Points[s] = tricks[s], 100+s
	}
	sc := &Scene{V: v, You: rules.SeatA, DealNo: 1}
	for s := range n {
		sc.Players = append(sc.Players, Player{Name: names[s], Tag: "normal"})
	}
	return sc
}
