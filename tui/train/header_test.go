package train

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/train/traintest"
)

// TestHeaderNeverReadsAMistakeAsProgress: the title's record is counts
// that only grow: a blunder graded by the chance to win, which costs no
// points, adds one to the wrong answers where an average of the points
// lost a drill would have fallen. At 80 columns, every seat count, a
// seed of a few digits, the record shows in the one form, and at 60 to
// 120 columns the title never passes the window's width.
func TestHeaderNeverReadsAMistakeAsProgress(t *testing.T) {
	ctx := kit.NewContext(false)
	before := drill.Score{Drills: 6, Correct: 1, Lost: 45}
	after := before
	after.Add(drill.Verdict{Kind: drill.Blunder, ByWin: true, Win: 0.244})
	if after.AvgLost() >= before.AvgLost() || after.Drills != 7 {
		t.Fatalf("the case no longer shows a falling average: %+v, then %+v", before, after)
	}
	for _, n := range []int{2, 3, 4} {
		for _, seed := range []uint64{17, 1234} {
			cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
			cfg.Seed = seed
			s := New(cfg)
			s.no = 7
			for _, c := range []struct {
				sc   drill.Score
				want string
			}{{before, "record 1 right · 5 wrong"}, {after, "record 1 right · 6 wrong"}} {
				s.stats.Sections = map[string]drill.Section{strconv.Itoa(n): {Score: c.sc}}
				got := ansi.Strip(s.header(&ctx, 80))
				if !strings.HasSuffix(strings.TrimRight(got, " "), c.want) {
					t.Errorf("%d players, seed %d: %q does not end in %q", n, seed, got, c.want)
				}
				if strings.Contains(got, "/drill") {
					t.Errorf("%d players, seed %d: %q shows an average", n, seed, got)
				}
				for w := 60; w <= 120; w++ {
					if h := s.header(&ctx, w); kit.WidthOf(h) > w {
						t.Errorf("%d players, seed %d, %d columns: %q is %d wide", n, seed, w, ansi.Strip(h), kit.WidthOf(h))
					}
				}
			}
		}
	}
	all := helpText(t, "players=2")
	for _, want := range []string{"record 6 right · 5 wrong", "2p", "M shows the points and the chances to win"} {
		if !strings.Contains(all, want) {
			t.Errorf("the help lacks %q:\n%s", want, all)
		}
	}
}

// TestHeaderOneFormAtEveryCount: the header says the seat count, the
// drill, the seed and the drills taken (-only) in one form at every seat
// count, at 80 columns with a seed of 20 digits too, and the figures on
// its right say they are the record.
func TestHeaderOneFormAtEveryCount(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, seed := range []uint64{5, 13583308716578812719} {
		for _, withRecord := range []bool{false, true} {
			forms := map[string][]int{}
			for _, n := range []int{2, 3, 4} {
				cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
				cfg.Seed, cfg.Only = seed, drill.OnlyRound2
				s := New(cfg)
				s.no = 1
				if withRecord {
					s.stats.Sections = map[string]drill.Section{strconv.Itoa(n): {Score: drill.Score{Drills: 1, Correct: 1}}}
				}
				got := ansi.Strip(s.header(&ctx, 80))
				for _, want := range []string{"seed " + strconv.FormatUint(seed, 10), " · only round2"} {
					if !strings.Contains(got, want) {
						t.Errorf("%d players, seed %d: %q lacks %q", n, seed, got, want)
					}
				}
				if !strings.Contains(got, strconv.Itoa(n)+" players · ") && !strings.Contains(got, strconv.Itoa(n)+"p · ") {
					t.Errorf("%d players, seed %d: %q lacks the seat count", n, seed, got)
				}
				if withRecord && strings.Contains(got, "right") && !strings.Contains(got, "record 1 right · 0 wrong") {
					t.Errorf("%d players, seed %d: %q does not say the figures are the record", n, seed, got)
				}
				form := strings.NewReplacer(strconv.Itoa(n)+" players", "N players", strconv.Itoa(n)+"p ", "Np ").Replace(got)
				forms[form] = append(forms[form], n)
			}
			if len(forms) != 1 {
				t.Errorf("seed %d, record %v: the header differs by seat count: %v", seed, withRecord, forms)
			}
		}
	}
}

// helpText is the first list of the help (?) of a trainer under the
// rules ruleText, a line a key: the key and its words.
func helpText(t *testing.T, ruleText string) string {
	t.Helper()
	var help []string
	km := kit.DefaultKeys()
	for _, b := range New(rulesConfig(t, &traintest.MemRecord{}, ruleText)).KeyHelp(&km).FullHelp()[0] {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	return strings.Join(help, "\n")
}

// TestHeaderShortensOneWay: the record reads one way in the title, at
// every seat count, with or without -only, with a seed of one digit or
// twenty: as the window narrows it loses the word "record", then the
// counts, never returning to a longer form.
func TestHeaderShortensOneWay(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := drill.Score{Drills: 7, Correct: 5, Lost: 51.5, WinLost: 0.131}
	forms := []string{"record 5 right · 2 wrong", "5 right · 2 wrong"}
	for _, n := range []int{2, 3, 4} {
		for _, only := range []drill.Filter{drill.Any, drill.OnlyRound2} {
			for _, seed := range []uint64{3, 13583308716578812719} {
				cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
				cfg.Seed, cfg.Only = seed, only
				s := New(cfg)
				s.no = 8
				s.stats.Sections = map[string]drill.Section{strconv.Itoa(n): {Score: sc}}
				last := 0
				for w := 160; w >= 50; w-- {
					got := strings.TrimRight(ansi.Strip(s.header(&ctx, w)), " ")
					form := len(forms)
					for i, f := range forms {
						if strings.HasSuffix(got, "  "+f) || strings.HasSuffix(got, " "+f) && !strings.HasSuffix(got, "record "+f) {
							form = i
							break
						}
					}
					if form == len(forms) && strings.Contains(got, "right") {
						t.Fatalf("%d players, %v, seed %d, %d columns: %q is none of the title's forms", n, only, seed, w, got)
					}
					if form < last {
						t.Errorf("%d players, %v, seed %d, %d columns: %q is longer than the title at a wider window", n, only, seed, w, got)
					}
					last = form
				}
				if got := ansi.Strip(s.header(&ctx, 160)); !strings.Contains(got, forms[0]) {
					t.Errorf("%d players, %v, seed %d: at 160 columns %q lacks the whole record", n, only, seed, got)
				}
			}
		}
	}
}

// TestTitlesNameSeatsAlike: the drill's title and the review's (M)
// name the seat count in one form at a width: "3p" at 80 columns, where
// the drill's title has no room for words beside its record, and
// "3 players" in a window wide enough for them.
func TestTitlesNameSeatsAlike(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
		cfg.Seed = 1234567890123
		s := New(cfg)
		s.no = 1
		for _, c := range []struct {
			w    int
			want string
		}{{80, " · " + strconv.Itoa(n) + "p · "}, {160, " · " + strconv.Itoa(n) + " players · "}} {
			ctx.Width, ctx.Height = c.w, 24
			drillTitle := ansi.Strip(s.header(&ctx, c.w))
			review := ansi.Strip(strings.SplitN(s.reviewView(&ctx), "\n", 2)[0])
			for what, title := range map[string]string{"drill": drillTitle, "review": review} {
				if !strings.Contains(title, c.want) {
					t.Errorf("%d players, %d columns: the %s title %q does not name the seats as %q", n, c.w, what, title, c.want)
				}
			}
		}
	}
}
