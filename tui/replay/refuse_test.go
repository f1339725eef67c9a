package replay

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestReplayAnswersKeyNotTaken: a key the replay does not take is
// answered as at the table, "Key z is not among the choices: …",
// naming the keys of its line of keys as that line names them (under
// -ascii the letters, l/h and j/k, not arrows written "->"), and the
// next key that acts clears it. At every seat count, with Unicode and
// under -ascii.
func TestReplayAnswersKeyNotTaken(t *testing.T) {
	for i, file := range gameOfEachCount {
		n := i + 2
		for _, ascii := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d players, ascii %v", n, ascii), func(t *testing.T) {
				r := readGame(t, file)
				if r.Players() != n {
					t.Fatalf("%s has %d players", file, r.Players())
				}
				hs := kittest.New(t, New(r, filepath.Base(file), Config{Analyze: fakeAnalyze}, nil), 80, 24, ascii)
				for _, k := range []string{"z", "enter", "tab", "ctrl+a"} {
					hs.Press(k)
					checkAnswered(t, shown(hs, ascii), k, true)
				}
				hs.Press("right")
				if scr := shown(hs, ascii); strings.Contains(scr, "is not among the choices") {
					t.Fatalf("→ did not clear the answer:\n%s", scr)
				}
			})
		}
	}
}

// TestHistoryAnswersKeyNotTaken: the list of saved games answers a key
// it does not take in the same words, naming the keys of its line; so
// does the empty list, which offers only ? and q. Games of two, three
// and four players in the list, with Unicode and under -ascii.
func TestHistoryAnswersKeyNotTaken(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		dir, keep := historyState(t)
		empty := kittest.New(t, NewHistory(store.New(dir, store.Options{}), Config{}), 80, 24, ascii)
		empty.Press("z")
		checkAnswered(t, shown(empty, ascii), "z", false)
		put := putGame(t, keep)
		for i, file := range gameOfEachCount {
			put(fmt.Sprintf("2026-01-0%d-1200-vs-Bot-normal-won.klob", i+5), file, rules.SeatA)
		}
		hs := kittest.New(t, NewHistory(store.New(dir, store.Options{}), Config{}), 80, 24, ascii)
		for _, k := range []string{"z", "tab", "ctrl+a"} {
			hs.Press(k)
			checkAnswered(t, shown(hs, ascii), k, false)
		}
		hs.Press("down")
		if scr := shown(hs, ascii); strings.Contains(scr, "is not among the choices") {
			t.Fatalf("↓ did not clear the answer:\n%s", scr)
		}
	}
}

// shown is the driver's frame as the App shows it: under -ascii in
// ASCII.
func shown(hs *kittest.Driver, ascii bool) string {
	if ascii {
		return kit.ASCIIText(text(hs))
	}
	return text(hs)
}

// checkAnswered finds the answer to key on scr, whole, and checks that
// every key it names is on the screen's last line, the line of keys;
// tight: that line writes two arrows without the slash ("→← step").
func checkAnswered(t *testing.T, scr, key string, tight bool) {
	t.Helper()
	head := "! Key " + key + " is not among the choices: "
	flat := strings.Join(strings.Fields(scr), " ")
	_, rest, ok := strings.Cut(flat, head)
	end := strings.Index(rest, ".")
	if !ok || end < 0 {
		t.Fatalf("%s is not answered:\n%s", key, scr)
	}
	lines := strings.Split(strings.TrimRight(scr, "\n "), "\n")
	keyLine := " " + strings.Join(strings.Fields(lines[len(lines)-1]), " ") + " "
	named := strings.Split(strings.ReplaceAll(rest[:end], " or ", ", "), ", ")
	if len(named) < 2 {
		t.Fatalf("%s: the answer names %q:\n%s", key, named, scr)
	}
	for _, name := range named {
		if tight {
			name = tightArrows.Replace(name)
		}
		if !strings.Contains(keyLine, " "+name+" ") {
			t.Errorf("%s: the answer names %q, which the line of keys %q does not:\n%s", key, name, keyLine, scr)
		}
	}
}
