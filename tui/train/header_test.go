package train

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/train/traintest"
)

// A record that lost both points and chances to win shows the record
// and the points lost a drill in the header at 80 columns, and both
// figures from 100, at every seat count and with the drill of a long
// session and a seed of a few digits; at 60 to 120 columns the header
// never passes the window's width.
func TestHeaderShowsBothLosses(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, seed := range []uint64{9, 1234} {
			cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
			cfg.Seed = seed
			s := New(cfg)
			s.no = 12
			s.stats.Sections = map[string]drill.Section{strconv.Itoa(n): {Score: drill.Score{Drills: 13, Correct: 1, Lost: 40.3, WinLost: 0.38}}}
			got := ansi.Strip(s.header(&ctx, 80))
			if !strings.Contains(got, "record 1/13") || !strings.Contains(got, "3.1 pts lost/drill") {
				t.Errorf("%d players, seed %d: %q lacks the record or the points", n, seed, got)
			}
			got = ansi.Strip(s.header(&ctx, 100))
			if !strings.Contains(got, "3.1") || !strings.Contains(got, "38.0% win") {
				t.Errorf("%d players, seed %d: %q lacks a figure", n, seed, got)
			}
			for w := 60; w <= 120; w++ {
				if h := s.header(&ctx, w); kit.WidthOf(h) > w {
					t.Errorf("%d players, seed %d, %d columns: %q is %d wide", n, seed, w, ansi.Strip(h), kit.WidthOf(h))
				}
			}
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
				if withRecord && strings.Contains(got, "right") && !strings.Contains(got, "record 1/1 right") {
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

// TestHeaderSaysWhatTheFiguresAre: the record's figures say what they
// are at every width: the points are lost a drill ("pts lost/drill"),
// the chance to win is lost, summed ("24.0% win lost"), never a bare
// "24% win" that reads as a chance to win nor a bare "15.3/drill". At
// 80 columns, four players, drill 11 and seed 202 the record and the
// points show, both figures from 100; the help spells the short forms
// out.
func TestHeaderSaysWhatTheFiguresAre(t *testing.T) {
	ctx := kit.NewContext(false)
	bare := regexp.MustCompile(`% win( [^l]|$)|\d/drill|\d lost/drill`)
	for _, sc := range []drill.Score{
		{Drills: 11, Correct: 6, Lost: 168.3, WinLost: 0.24},
		{Drills: 11, Correct: 6, Lost: 168.3},
		{Drills: 11, Correct: 6, WinLost: 0.24},
	} {
		cfg := rulesConfig(t, &traintest.MemRecord{}, "players=4")
		cfg.Seed = 202
		s := New(cfg)
		s.no = 11
		s.stats.Sections = map[string]drill.Section{"4": {Score: sc}}
		for w := 60; w <= 120; w++ {
			got := strings.TrimRight(ansi.Strip(s.header(&ctx, w)), " ")
			if bare.MatchString(got) {
				t.Errorf("%+v at %d columns: %q has a figure that does not say what it is", sc, w, got)
			}
		}
		if sc.Lost > 0 && sc.WinLost > 0 {
			got := ansi.Strip(s.header(&ctx, 80))
			for _, want := range []string{"Klob  Trainer · 4p · drill 11 · seed 202", "record 6/11", "15.3 pts lost/drill"} {
				if !strings.Contains(got, want) {
					t.Errorf("at 80 columns %q lacks %q", got, want)
				}
			}
			got = ansi.Strip(s.header(&ctx, 100))
			for _, want := range []string{"Klob  Trainer · 4p · drill 11 · seed 202", "15.3 pts lost/drill", "24.0% win lost"} {
				if !strings.Contains(got, want) {
					t.Errorf("at 100 columns %q lacks %q", got, want)
				}
			}
		}
	}
	all := helpText(t, "players=4")
	for _, want := range []string{"pts lost/drill", "win lost", "added up over the drills", "record 6/11"} {
		if !strings.Contains(all, want) {
			t.Errorf("the help lacks %q:\n%s", want, all)
		}
	}
}

// TestHeaderKeepsItsPartsByPriority: at 80 columns the title keeps the
// record whenever there is one, with a seed of one digit or twenty,
// then where there is room the points lost a drill; the seat count reads the same from the
// first drill on, whatever the record; and the help describes each
// form the title shows.
func TestHeaderKeepsItsPartsByPriority(t *testing.T) {
	ctx := kit.NewContext(false)
	scores := []drill.Score{{}, {Drills: 2, Correct: 1, Lost: 4.8}, {Drills: 3, Correct: 1, Lost: 7.2, WinLost: 0.032},
		{Drills: 34, Correct: 13, Lost: 81.6, WinLost: 0.032}, {Drills: 5, Correct: 4, WinLost: 0.012}}
	for _, seed := range []uint64{1, 13583308716578812719} {
		seats := map[string]bool{}
		for i, sc := range scores {
			s := New(rulesConfig(t, &traintest.MemRecord{}, "players=2"))
			s.cfg.Seed, s.no = seed, i+1
			s.stats.Sections = map[string]drill.Section{"2": {Score: sc}}
			got := ansi.Strip(s.header(&ctx, 80))
			seats[regexp.MustCompile(`Trainer · ([^·]+) ·`).FindStringSubmatch(got)[1]] = true
			if sc.Drills == 0 {
				continue
			}
			want := "record " + strconv.Itoa(sc.Correct) + "/" + strconv.Itoa(sc.Drills)
			if !strings.Contains(got, want) {
				t.Errorf("seed %d, %+v: %q lacks %q", seed, sc, got, want)
			}
			// A seed of twenty digits leaves the record only.
			if seed == 1 && sc.Lost > 0 && !strings.Contains(got, "pts lost/drill") {
				t.Errorf("seed %d, %+v: %q lacks the points lost", seed, sc, got)
			}
			if strings.Contains(got, "win lost") && sc.Lost > 0 && !strings.Contains(got, "pts lost/drill") {
				t.Errorf("seed %d, %+v: %q shows the chance before the points", seed, sc, got)
			}
		}
		if len(seats) != 1 {
			t.Errorf("seed %d: the seat count reads %v", seed, seats)
		}
	}
	all := helpText(t, "players=2")
	for _, want := range []string{"record 6/11 right (55%)", "2p"} {
		if !strings.Contains(all, want) {
			t.Errorf("the help lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "the share in brackets") {
		t.Errorf("the help names a share the title may not show:\n%s", all)
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

// TestHeaderShortensOneWay: a record that lost both points and chances
// to win reads one way in the title, at every seat count, with or
// without -only, with a seed of one digit or twenty: as the window
// narrows it leaves out the share, then "right", then the chance, then
// the points (the count and its share return when no figure fits),
// never the chance alone nor "right" beside one figure of two.
func TestHeaderShortensOneWay(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := drill.Score{Drills: 7, Correct: 5, Lost: 51.5, WinLost: 0.131}
	rec := "record 5/7"
	forms := []string{
		rec + " right (71%) · 7.4 pts lost/drill · 13.1% win lost",
		rec + " right · 7.4 pts lost/drill · 13.1% win lost",
		rec + " · 7.4 pts lost/drill · 13.1% win lost",
		rec + " · 7.4 pts lost/drill",
		rec + " right (71%)",
		rec + " right",
		rec,
	}
	for _, n := range []int{2, 3, 4} {
		for _, only := range []drill.Filter{drill.Any, drill.OnlyRound2} {
			for _, seed := range []uint64{3, 13583308716578812719} {
				cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
				cfg.Seed, cfg.Only = seed, only
				s := New(cfg)
				s.no = 8
				s.stats.Sections = map[string]drill.Section{strconv.Itoa(n): {Score: sc}}
				last := len(forms)
				for w := 160; w >= 50; w-- {
					got := strings.TrimRight(ansi.Strip(s.header(&ctx, w)), " ")
					// The record stands apart from the left by two
					// blanks at least.
					right := got[strings.LastIndex(got, "  ")+2:]
					form := len(forms)
					for i, f := range forms {
						if right == f {
							form = i
						}
					}
					if form == len(forms) && strings.Contains(got, "record") {
						t.Fatalf("%d players, %v, seed %d, %d columns: %q is none of the title's forms", n, only, seed, w, got)
					}
					if form < last && last < len(forms) {
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
