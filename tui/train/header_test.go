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

// A record that lost both points and chances to win shows both figures
// in the header at 80 columns, at every seat count and with the drill
// of a long session and a seed of a few digits; at 60 to 120 columns the header never
// passes the window's width.
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
			if !strings.Contains(got, "3.1") || !strings.Contains(got, "38% win") {
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
