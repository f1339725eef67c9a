package daily

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/klob/klob/ai"
	dailyfiles "github.com/klob/klob/internal/record/daily"
)

// countedPar is par's bots, counting every bot made: a board's par
// worked out makes one a seat. The bots are cheapPar's: a decision
// another test (or an earlier start of this one) worked out on the same
// board is kept, so par worked out again costs little; a bot is made,
// and counted, all the same.
func countedPar(made *atomic.Int64) ai.Factory {
	return func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
		made.Add(1)
		return cheapPar(level, cfg)
	}
}

// TestResultsParKept: a day played out opens its results again, the
// screen started anew, with no par worked out: the hard bot's lines
// are read back from the day's files, the same lines, and the results
// the same. Lines that are damaged, or kept by another version of
// Klob, are worked out again (the damaged file said on the intro). At
// every seat count.
func TestResultsParKept(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		var made atomic.Int64
		f := newFixture(t, n, "", countedPar(&made))
		f.until("the results", f.resultsRead)
		if made.Load() == 0 {
			t.Fatal("par was not worked out")
		}
		lines, shown := f.s.lines, f.text()
		reopen := func(what string, worked bool) {
			t.Helper()
			made.Store(0)
			f.s.Close()
			f.open()
			f.until("the results", f.resultsRead)
			if got := made.Load(); (got > 0) != worked {
				t.Errorf("%s: %d par bots made", what, got)
			}
			if !reflect.DeepEqual(f.s.lines, lines) {
				t.Errorf("%s: the hard bot's lines are not the ones worked out", what)
			}
			if text := f.text(); text != shown {
				t.Errorf("%s: the results show\n%s\nnot\n%s", what, text, shown)
			}
		}
		reopen("opened again", false)
		reopen("opened a third time", false)

		path := filepath.Join(f.s.day.Dir(), dailyfiles.ParLinesName)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), ", ", ",  ", 1)), 0o600); err != nil {
			t.Fatal(err)
		}
		reopen("a damaged par file", true)
		if err := f.s.loadErr; err == nil || !strings.Contains(err.Error(), "the hard bot's lines of 2026-12-01") {
			t.Errorf("the damaged par file is not said: %v", err)
		}
		reopen("written again", false)

		f.version = "v-next"
		reopen("another version", true)
		reopen("the other version's kept", false)
	})
}

// TestIntroSaysParIsAResult: par is the hard bot's result on the
// scale of yours (its side's score less the others'), not its score,
// and the intro says so at every seat count.
func TestIntroSaysParIsAResult(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		text := strings.Join(strings.Fields(f.text()), " ")
		if !strings.Contains(text, "par is the hard bot's result, reckoned the same way, when it plays your seat on the same cards") {
			t.Errorf("%d players: the intro does not say par is the hard bot's result:\n%s", n, f.text())
		}
		if strings.Contains(text, "hard bot scores") {
			t.Errorf("%d players: the intro calls par what the hard bot scores:\n%s", n, f.text())
		}
	})
}
