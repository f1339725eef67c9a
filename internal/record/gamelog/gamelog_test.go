package gamelog_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const gamesDir = "../../../testdata/games"

// validLogs returns every valid log of testdata/games: the recorded
// games and the saves.
func validLogs(t testing.TB) []string { return testkit.ValidGames(t) }

// TestRoundTrip: write(read(x)) == x for every canonical log, and reading
// what was written gives the same Log.
func TestRoundTrip(t *testing.T) {
	for _, f := range validLogs(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			l, err := gamelog.Parse(f, data)
			require.NoError(t, err)
			out, err := l.MarshalText()
			require.NoError(t, err)
			if !bytes.Equal(out, data) {
				t.Fatalf("write(read(x)) differs from x:\n%s", testkit.FirstDiff(out, data))
			}
			l2, err := gamelog.Parse("again", out)
			require.NoError(t, err)
			if !reflect.DeepEqual(l, l2) {
				t.Fatal("reading the written log gives another Log")
			}
		})
	}
}

// playRandom plays a game of two random players (uniform over the
// legal actions; package ai is not needed) from seed, calling each after
// every action with the game so far.
func playRandom(t testing.TB, seed uint64, opts rules.Options, each func(g *rules.Game)) *rules.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 99))
	players := [2]*rand.Rand{rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 2))}
	g := rules.NewGame(opts, rules.Seat(seed%2))
	for !g.Over() {
		if g.NeedDeal() {
			require.NoError(t, g.StartDeal(rules.Shuffle(r)))
		}
		d := g.Deal()
		legal := d.Legal()
		a := legal[players[d.Turn()].IntN(len(legal))]
		require.NoError(t, g.Apply(a))
		if each != nil {
			each(g)
		}
	}
	return g
}

func testHeader() gamelog.Header {
	return gamelog.Header{Event: "test", Date: "2026-03-01", Time: "09:30:00",
		Players: [4]string{"You", "Bot"}, Levels: [4]string{gamelog.Human, "random"}}
}

// randomOptions draws rule options, the defaults half the time.
func randomOptions(r *rand.Rand) rules.Options {
	o := rules.DefaultOptions()
	if r.IntN(2) == 0 {
		return o
	}
	o.BottomCard = r.IntN(2) == 0
	o.SequenceRank = rules.SeqRank(r.IntN(2))
	o.MeldsNeedTrick = r.IntN(2) == 0
	o.LastTrick = []int{0, 10, 25}[r.IntN(3)]
	o.Target = []int{100, 300, 500}[r.IntN(3)]
	return o
}

// TestRandomGamesRoundTrip: for many random games under random options,
// the log of the finished game reads back to the same Log, re-serialises
// identically, and replays to the same totals and winner.
func TestRandomGamesRoundTrip(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	r := rand.New(rand.NewPCG(7, 7))
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g := playRandom(t, seed, randomOptions(r), nil)
		l := gamelog.FromGame(testHeader(), g)
		text, err := l.MarshalText()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		back, err := gamelog.Parse("random.klob", text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if !reflect.DeepEqual(back, l) {
			t.Fatalf("seed %d: the Log read back differs from the one written", seed)
		}
		again, err := back.MarshalText()
		if err != nil || !bytes.Equal(again, text) {
			t.Fatalf("seed %d: the log does not re-serialise identically (%v)", seed, err)
		}
		rep, err := back.Replay()
		require.NoError(t, err)
		if rep.Totals != g.Totals() || rep.Winner != g.Winner() || !rep.Over {
			t.Fatalf("seed %d: replay totals %v winner %v, game %v %v", seed, rep.Totals, rep.Winner, g.Totals(), g.Winner())
		}
		if !strings.Contains(string(text), "[Result \""+gamelog.Result(g)+"\"]") {
			t.Fatalf("seed %d: Result tag is not the winner %s", seed, gamelog.Result(g))
		}
	}
}

// TestEverySaveResumes: after every action of several games, the log of
// the game so far (the autosave) is valid, and resuming it gives a game
// in the same state: same deal, same steps, same hands, same totals.
func TestEverySaveResumes(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	saves := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, seed, rules.DefaultOptions(), func(g *rules.Game) {
			text, err := gamelog.FromGame(testHeader(), g).MarshalText()
			require.NoError(t, err)
			l, err := gamelog.Parse("save.klob", text)
			if err != nil {
				t.Fatalf("seed %d: save after %d deals does not read: %v\n%s", seed, len(g.Records()), err, text)
			}
			back, err := l.Game()
			require.NoError(t, err)
			saves++
			if back.Totals() != g.Totals() || back.Over() != g.Over() || back.NeedDeal() != g.NeedDeal() || back.DealNo() != g.DealNo() {
				t.Fatalf("seed %d: resumed game differs: totals %v/%v over %v/%v", seed, back.Totals(), g.Totals(), back.Over(), g.Over())
			}
			if !g.NeedDeal() && !g.Over() {
				a, b := back.Deal(), g.Deal()
				if a.View(rules.SeatA) != b.View(rules.SeatA) || a.View(rules.SeatB) != b.View(rules.SeatB) {
					t.Fatalf("seed %d: resumed deal differs", seed)
				}
			}
		})
	}
	if saves < 100 {
		t.Fatalf("only %d saves checked", saves)
	}
}

// TestWriterGolden compares the writer's output for a fixed game (a
// recorded one, with a header holding comments, escapes and an extra tag)
// with a golden file (go test -update rewrites it).
func TestWriterGolden(t *testing.T) {
	l, err := gamelog.ReadFile(filepath.Join(gamesDir, "05-target-not-500.klob"))
	require.NoError(t, err)
	l.Header.Players = testHeader().Players
	l.Header.Levels = testHeader().Levels
	l.Comment = []string{" A golden log: a recorded game with another header.", ` Tags with "quotes" and \ are escaped.`}
	l.Header.Event = `Club "Klaberjass" \ night`
	l.Header.Extra = []gamelog.Tag{{Name: "Annotator", Value: "Zoë"}}
	got, err := l.MarshalText()
	require.NoError(t, err)
	golden := filepath.Join("testdata", "writer.golden")
	if !testkit.Golden(t, golden, got) {
		t.FailNow()
	}
	back, err := gamelog.Parse(golden, got)
	require.NoError(t, err)
	if back.Header.Event != l.Header.Event || !reflect.DeepEqual(back.Header.Extra, l.Header.Extra) || !reflect.DeepEqual(back.Comment, l.Comment) {
		t.Fatalf("header read back: event %q extra %v comment %q", back.Header.Event, back.Header.Extra, back.Comment)
	}
}

// TestHeaderTags: SetTag changes a tag in its place, adds a new one after
// the others and removes one for ""; a removal leaves a copy of the header
// that shares its array as it was; Tag reads them, "" for none.
func TestHeaderTags(t *testing.T) {
	var h gamelog.Header
	h.SetTag("Table", "ABCD")
	h.SetTag("Seed", "7")
	h.SetTag("Table", "WXYZ")
	h.SetTag("Gone", "")
	require.Equal(t, []gamelog.Tag{{Name: "Table", Value: "WXYZ"}, {Name: "Seed", Value: "7"}}, h.Extra)
	require.Equal(t, "WXYZ", h.Tag("Table"))
	require.Equal(t, "", h.Tag("Gone"))
	c := h
	c.SetTag("Table", "")
	require.Equal(t, []gamelog.Tag{{Name: "Seed", Value: "7"}}, c.Extra)
	require.Equal(t, "", c.Tag("Table"))
	require.Equal(t, []gamelog.Tag{{Name: "Table", Value: "WXYZ"}, {Name: "Seed", Value: "7"}}, h.Extra, "the copy's removal changed the original")
}

// TestBrokenLogs: each hand-edited broken log gives its expected error
// (file:line:col: message), kept in NAME.err beside it.
func TestBrokenLogs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(gamesDir, "broken", "*.klob"))
	require.NoError(t, err)
	if len(files) < 10 {
		t.Fatalf("found %d broken logs, want at least 10", len(files))
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			_, perr := gamelog.Parse(name, data)
			if perr == nil {
				t.Fatal("a broken log was accepted")
			}
			var e *gamelog.Error
			if !errors.As(perr, &e) || e.Line == 0 || e.File != name {
				t.Fatalf("error %v has no file:line position", perr)
			}
			if errors.Is(perr, gamelog.ErrInternal) {
				t.Fatalf("internal error: %v", perr)
			}
			errFile := strings.TrimSuffix(f, ".klob") + ".err"
			testkit.Golden(t, errFile, []byte(perr.Error()+"\n"))
		})
	}
}

// TestMutationsAreCaught changes each token of a recorded game in turn
// (a number up by one, a seat swapped, a card replaced, a word changed):
// the reader must refuse the result, or accept it only when it is itself
// the canonical log of a different game. No stated value can be wrong
// and pass.
func TestMutationsAreCaught(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(gamesDir, "07-sequences-decided-by-trump.klob"))
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	limit := len(lines)
	if testing.Short() {
		limit = 120
	}
	checked, refused := 0, 0
	for i, ln := range lines[:limit] {
		if strings.HasPrefix(ln, ";") || strings.HasPrefix(ln, "[") || ln == "" {
			continue
		}
		fields := strings.Fields(ln)
		for j, f := range fields {
			m := mutate(f)
			if m == f {
				continue
			}
			nf := append([]string(nil), fields...)
			nf[j] = m
			mutated := append(append(append([]string(nil), lines[:i]...), strings.Join(nf, " ")), lines[i+1:]...)
			text := []byte(strings.Join(mutated, "\n"))
			checked++
			l, err := gamelog.Parse("m.klob", text)
			if err != nil {
				refused++
				var e *gamelog.Error
				if !errors.As(err, &e) || e.Line == 0 || errors.Is(err, gamelog.ErrInternal) {
					t.Fatalf("line %d token %d: bad error %v", i+1, j+1, err)
				}
				continue
			}
			out, err := l.MarshalText()
			if err != nil || !bytes.Equal(out, text) {
				t.Fatalf("line %d %q: mutation %q of token %d was accepted but is not canonical:\n%s", i+1, ln, m, j+1, testkit.FirstDiff(out, text))
			}
		}
	}
	if checked < 500 || refused < checked*9/10 {
		t.Fatalf("checked %d mutations, refused %d", checked, refused)
	}
}

// mutate returns a plausible wrong version of a token.
func mutate(f string) string {
	if n, err := strconv.Atoi(f); err == nil && f[0] >= '0' && f[0] <= '9' {
		return strconv.Itoa(n + 1)
	}
	switch f {
	case "A":
		return "B"
	case "B":
		return "A"
	case "A:":
		return "B:"
	case "B:":
		return "A:"
	case "made":
		return "bete"
	case "bete", "tie":
		return "made"
	case "pass":
		return "take"
	case "take":
		return "pass"
	case "good":
		return "not-good"
	case "none":
		return "A"
	}
	if c, err := rules.ParseCard(f); err == nil {
		return rules.Card((int(c) + 9) % 32).String()
	}
	return f
}

// TestReplayAt: ReplayDeal.At rebuilds the deal after any number of
// steps, and the replay's scores and totals are the game's.
func TestReplayAt(t *testing.T) {
	g := playRandom(t, 11, rules.DefaultOptions(), nil)
	l := gamelog.FromGame(testHeader(), g)
	rep, err := l.Replay()
	require.NoError(t, err)
	recs := g.Records()
	if len(rep.Deals) != len(recs) {
		t.Fatalf("deals: got %d, want %d", len(rep.Deals), len(recs))
	}
	var before [4]int
	for i := range rep.Deals {
		rd := &rep.Deals[i]
		if rd.No != i+1 || !rd.Done || rd.Score != recs[i].Score || rd.After != recs[i].Totals || rd.Before != before || rd.Dealer != recs[i].Dealer {
			t.Fatalf("deal %d: replay %+v differs from record %+v", i+1, rd.Score, recs[i].Score)
		}
		before = rd.After
		d := rules.NewGameDeal(g.Options(), rd.Dealer, rd.Deck, rd.Before)
		for n := 0; n <= len(rd.Steps); n++ {
			at := rd.At(n)
			if at.View(rules.SeatA) != d.View(rules.SeatA) || at.View(rules.SeatB) != d.View(rules.SeatB) {
				t.Fatalf("deal %d: At(%d) differs from stepping", i+1, n)
			}
			if n < len(rd.Steps) {
				d.Apply(rd.Steps[n].Action)
			}
		}
		if end := rd.At(len(rd.Steps) + 5); end.Score() != rd.Score {
			t.Fatalf("deal %d: At past the end is not the final deal", i+1)
		}
	}
}

// TestIllegalCardError: the error of an illegal card says where and why,
// and unwraps to the engine's reason.
func TestIllegalCardError(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(gamesDir, "broken", "illegal-card.klob"))
	require.NoError(t, err)
	_, err = gamelog.Parse("game.klob", data)
	var ie *rules.IllegalError
	if !errors.As(err, &ie) || !errors.Is(err, rules.ErrMustFollow) {
		t.Fatalf("got %v, want an error wrapping the engine's ErrMustFollow", err)
	}
	if !strings.Contains(err.Error(), "does not follow") {
		t.Fatalf("got %q", err)
	}
}

// A bad card in an action says where it is and what is wrong once, the
// card quoted as the file has it: it said "action" twice ("action
// \"play ZZ\": \"zz\" is not a card"), the card lowercased.
func TestBadCardInActionSaidOnce(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "bella-played.klob"))
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	at := slices.Index(lines, "C: pass")
	require.GreaterOrEqual(t, at, 0)
	lines[at] = "C: play ZZ"
	_, err = gamelog.Parse("game.klob", []byte(strings.Join(lines, "\n")))
	want := fmt.Sprintf(`game.klob:%d:4: deal 1: "ZZ" is not a card: bad rank`, at+1)
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	require.ErrorIs(t, err, gamelog.ErrSyntax)
}

// TestHeader: tags in any order, extra tags kept, escapes, and each
// header error.
func TestHeader(t *testing.T) {
	base, err := os.ReadFile(filepath.Join(gamesDir, "saves", "no-deal.klob"))
	require.NoError(t, err)
	lines := strings.Split(string(base), "\n")
	var tags, rest []string
	for _, ln := range lines {
		if strings.HasPrefix(ln, "[") {
			tags = append(tags, ln)
		} else if !strings.HasPrefix(ln, ";") {
			rest = append(rest, ln)
		}
	}
	build := func(tags []string) []byte {
		return []byte(strings.Join(append(append([]string(nil), tags...), rest...), "\n"))
	}
	// Reversed order, CR LF, an extra tag and a trailing comment.
	rev := make([]string, len(tags))
	for i, tg := range tags {
		rev[len(tags)-1-i] = tg + " ; note\r"
	}
	rev = append(rev, `[Round "semi \"final\" \\ 2"]`)
	l, err := gamelog.Parse("rev.klob", build(rev))
	require.NoError(t, err)
	require.Equal(t, []gamelog.Tag{{Name: "Round", Value: `semi "final" \ 2`}}, l.Header.Extra, "extra tags")
	out, err := l.MarshalText()
	require.NoError(t, err)
	if !strings.Contains(string(out), `[Round "semi \"final\" \\ 2"]`+"\n\nend *\n") {
		t.Fatalf("extra tag not written after the standard ones:\n%s", out)
	}
	replace := func(name, line string) []string {
		out := append([]string(nil), tags...)
		for i, tg := range out {
			if strings.HasPrefix(tg, "["+name+" ") {
				out[i] = line
			}
		}
		return out
	}
	cases := []struct {
		name string
		tags []string
		want string
		kind error
	}{
		{"version", replace("Klob", `[Klob "2"]`), `version.klob:1:7: format version "2": this klob reads version 1`, gamelog.ErrVersion},
		{"no-version", replace("Klob", `[Kolb "1"]`), `no-version.klob:17:1: not a Klob game log: the tag [Klob "1"] is missing`, gamelog.ErrSyntax},
		{"missing", replace("Time", ``), `missing.klob:17:1: the tag [Time] is missing`, gamelog.ErrSyntax},
		{"duplicate", append(append([]string(nil), tags...), `[Event "again"]`), `duplicate.klob:16:1: tag Event is given twice`, gamelog.ErrSyntax},
		{"bad-option", replace("Target", `[Target "lots"]`), `bad-option.klob:13:9: tag Target: option target: "lots" is not a number from 1 to 5000`, gamelog.ErrSyntax},
		{"huge-target", replace("Target", `[Target "99999"]`), `huge-target.klob:13:9: tag Target: option target: "99999" is not a number from 1 to 5000`, gamelog.ErrSyntax},
		{"bad-date", replace("Date", `[Date "2026-13-01"]`), `bad-date.klob:3:7: tag Date: "2026-13-01" is not a date YYYY-MM-DD`, gamelog.ErrSyntax},
		{"bad-seat", replace("FirstDealer", `[FirstDealer "C"]`), `bad-seat.klob:14:14: tag FirstDealer: "C" is not a seat: A or B`, gamelog.ErrSyntax},
		{"bad-result", replace("Result", `[Result "draw"]`), `bad-result.klob:15:9: tag Result: "draw" is not a result: A, B or * (unfinished)`, gamelog.ErrSyntax},
		{"unquoted", replace("Event", `[Event test]`), `unquoted.klob:2:8: tag Event: expected a quoted value`, gamelog.ErrSyntax},
		{"open-quote", replace("Event", `[Event "test]`), `open-quote.klob:2:14: tag Event: the value has no closing quote`, gamelog.ErrSyntax},
		{"escape", replace("Event", `[Event "a\nb"]`), `escape.klob:2:10: tag Event: a backslash escapes only \ and "`, gamelog.ErrSyntax},
		{"control", replace("Event", "[Event \"a\x01b\"]"), `control.klob:2:8: tag Event: control character U+0001`, gamelog.ErrSyntax},
		{"no-bracket", replace("Event", `[Event "x"`), `no-bracket.klob:2:11: tag Event: expected ] after the value`, gamelog.ErrSyntax},
		{"after", replace("Event", `[Event "x"] y`), `after.klob:2:13: tag Event: unexpected text after ]`, gamelog.ErrSyntax},
		{"name", replace("Event", `[Ev-ent "x"]`), `name.klob:2:2: "Ev-ent" is not a tag name: a letter, then letters, digits or _`, gamelog.ErrSyntax},
		{"result-wrong", replace("Result", `[Result "A"]`), `result-wrong.klob:15:9: the Result tag says "A", the game's result is "*"`, gamelog.ErrMismatch},
	}
	for _, c := range cases {
		_, err := gamelog.Parse(c.name+".klob", build(c.tags))
		if err == nil || err.Error() != c.want || !errors.Is(err, c.kind) {
			t.Errorf("%s:\n got  %v\n want %s", c.name, err, c.want)
		}
	}
}

// TestWriterRefuses: the writer refuses what the reader could not read
// back, and an illegal step.
func TestWriterRefuses(t *testing.T) {
	good := gamelog.Log{Header: testHeader()}
	good.Header.Options = rules.DefaultOptions()
	if _, err := good.MarshalText(); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(l *gamelog.Log){
		"newline in a name":  func(l *gamelog.Log) { l.Header.Players[0] = "a\nb" },
		"bad UTF-8":          func(l *gamelog.Log) { l.Header.Event = "\xff" },
		"bad date":           func(l *gamelog.Log) { l.Header.Date = "yesterday" },
		"bad tag name":       func(l *gamelog.Log) { l.Header.Extra = []gamelog.Tag{{Name: "a b"}} },
		"standard extra tag": func(l *gamelog.Log) { l.Header.Extra = []gamelog.Tag{{Name: "Event"}} },
		"no first dealer":    func(l *gamelog.Log) { l.Header.FirstDealer = rules.NoSeat },
		"bad option":         func(l *gamelog.Log) { l.Header.Options.Target = 0 },
		"comment newline":    func(l *gamelog.Log) { l.Comment = []string{"a\nb"} },
		"duplicate card": func(l *gamelog.Log) {
			d := rules.NewDeck()
			d[1] = d[0]
			l.Deals = []gamelog.Deal{{Deck: d}}
		},
		"illegal step": func(l *gamelog.Log) {
			l.Deals = []gamelog.Deal{{Deck: rules.NewDeck(), Steps: []rules.Step{{Seat: rules.SeatA, Action: rules.Action{Kind: rules.Accept}}}}}
		},
		"wrong seat": func(l *gamelog.Log) {
			l.Deals = []gamelog.Deal{{Deck: rules.NewDeck(), Steps: []rules.Step{{Seat: rules.SeatA, Action: rules.PassAction()}}}}
		},
		"unfinished deal then another": func(l *gamelog.Log) {
			l.Deals = []gamelog.Deal{{Deck: rules.NewDeck()}, {Deck: rules.NewDeck()}}
		},
	}
	for name, change := range cases {
		l := good
		l.Header.Players = good.Header.Players
		change(&l)
		if _, err := l.MarshalText(); err == nil {
			t.Errorf("%s: written without error", name)
		} else if _, gerr := l.Game(); name == "illegal step" && gerr == nil {
			t.Errorf("%s: Game replayed it", name)
		}
	}
}

// TestStart: SetStart and Start agree.
func TestStart(t *testing.T) {
	var h gamelog.Header
	if _, ok := h.Start(nil); ok {
		t.Fatal("an empty date has a start")
	}
	loc := time.FixedZone("X", 3600)
	when := time.Date(2026, 11, 29, 14, 31, 5, 0, loc)
	h.SetStart(when)
	if h.Date != "2026-11-29" || h.Time != "14:31:05" {
		t.Fatalf("got %s %s", h.Date, h.Time)
	}
	got, ok := h.Start(loc)
	if !ok || !got.Equal(when) {
		t.Fatalf("Start: got %v %v, want %v", got, ok, when)
	}
}

// TestByteOrderMark: a log an editor saved with a UTF-8 byte-order mark
// still reads, and is written without it.
func TestByteOrderMark(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(gamesDir, "saves", "in-trick.klob"))
	require.NoError(t, err)
	l, err := gamelog.Parse("bom.klob", append([]byte("\ufeff"), data...))
	require.NoError(t, err)
	out, _ := l.MarshalText()
	if !bytes.Equal(out, data) {
		t.Fatal("written form differs")
	}
}

// TestEmptyLog: an input with no text is called empty (or blank), not a
// log whose [Klob] tag is missing; a comment alone is still the latter.
func TestEmptyLog(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"", `e.klob:1:1: empty file, not a Klob game log`},
		{"\ufeff", `e.klob:1:1: empty file, not a Klob game log`},
		{"\n", `e.klob:1:1: only blank lines, not a Klob game log`},
		{" \n\t\r\n\n", `e.klob:1:1: only blank lines, not a Klob game log`},
		{"; a note\n", `e.klob:2:1: not a Klob game log: the tag [Klob "1"] is missing`},
	} {
		_, err := gamelog.Parse("e.klob", []byte(c.data))
		if err == nil || err.Error() != c.want || !errors.Is(err, gamelog.ErrSyntax) {
			t.Errorf("%q:\n got  %v\n want %s", c.data, err, c.want)
		}
	}
}

// TestParseReplay: the Replay a parse computes on its way is the one
// Log.Replay computes again from the parsed log.
func TestParseReplay(t *testing.T) {
	for _, f := range testkit.ValidGames(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			l, got, err := gamelog.ReadReplay(f)
			require.NoError(t, err)
			want, err := l.Replay()
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
	_, _, err := gamelog.ReadReplay(filepath.Join(testkit.GamesDir(t), "broken", "truncated.klob"))
	var le *gamelog.Error
	require.ErrorAs(t, err, &le)
}

// TestHeaderPlayers: the human seat is known only with exactly one human
// seat; players are named by their name, seat and level.
func TestHeaderPlayers(t *testing.T) {
	for _, tc := range []struct {
		levels [4]string
		seat   rules.Seat
		ok     bool
	}{
		{[4]string{gamelog.Human, "normal"}, rules.SeatA, true},
		{[4]string{"hard", gamelog.Human}, rules.SeatB, true},
		{[4]string{gamelog.Human, gamelog.Human}, rules.NoSeat, false},
		{[4]string{"easy", "hard"}, rules.NoSeat, false},
		{[4]string{"", ""}, rules.NoSeat, false},
	} {
		h := gamelog.Header{Levels: tc.levels}
		seat, ok := h.HumanSeat()
		assert.Equal(t, tc.seat, seat, "levels %q", tc.levels)
		assert.Equal(t, tc.ok, ok, "levels %q", tc.levels)
	}
	h := gamelog.Header{Players: [4]string{"Ann", ""}, Levels: [4]string{gamelog.Human, ""}}
	assert.Equal(t, "Ann (A, human)", h.PlayerLabel(rules.SeatA))
	assert.Equal(t, "player B (B)", h.PlayerLabel(rules.SeatB))
	assert.Equal(t, "player B", h.PlayerName(rules.SeatB))
	// A match log names its bots by their level: said once.
	h = gamelog.Header{Players: [4]string{"hard", "Normal", "Random A"}, Levels: [4]string{"hard", "normal", "random"}}
	assert.Equal(t, "hard (A)", h.PlayerLabel(rules.SeatA))
	assert.Equal(t, "Normal (B)", h.PlayerLabel(rules.SeatB))
	assert.Equal(t, "Random A (C, random)", h.PlayerLabel(rules.Seat(2)))
}

// TestHeaderPersonSeat: a shared table's log knows each person's seat by
// the key that played it; a local log by its one human seat.
func TestHeaderPersonSeat(t *testing.T) {
	var h gamelog.Header
	h.Options = rules.DefaultOptions()
	h.Options.Players = 4
	h.Levels = [4]string{gamelog.Human, "normal", gamelog.Human, "normal"}
	h.SetKey(rules.SeatA, "key-ann")
	h.SetKey(rules.Seat(2), "key-cy")
	for id, want := range map[string]rules.Seat{"key-ann": rules.SeatA, "key-cy": rules.Seat(2)} {
		if s, ok := h.PersonSeat(id); !ok || s != want {
			t.Errorf("PersonSeat(%q) = %v, %v; want %v", id, s, ok, want)
		}
		if h.Key(want) != id {
			t.Errorf("Key(%v) = %q, want %q", want, h.Key(want), id)
		}
	}
	for _, id := range []string{"", "key-nobody"} {
		if s, ok := h.PersonSeat(id); ok {
			t.Errorf("PersonSeat(%q) = %v: two people and no key, or a key that played no seat, is nobody's seat", id, s)
		}
	}
	h.SetKey(rules.Seat(2), "")
	h.Levels[2] = "normal"
	if s, ok := h.PersonSeat(""); !ok || s != rules.SeatA {
		t.Errorf("a local log's person is its one human seat, got %v, %v", s, ok)
	}
}

// TestDealsDone: the deals played out are every deal but one still in
// play: none before the first deal ends, one of a second deal's two.
func TestDealsDone(t *testing.T) {
	for _, c := range []struct {
		file       string
		deals, out int
	}{
		{"saves/no-deal.klob", 0, 0},
		{"saves/in-bidding.klob", 1, 0},
		{"saves/in-play.klob", 2, 1},
		{"saves/between-deals.klob", 4, 4},
		{"05-target-not-500.klob", 4, 4},
	} {
		_, r := testkit.ReadReplay(t, c.file)
		if len(r.Deals) != c.deals || r.DealsDone() != c.out {
			t.Errorf("%s: %d deals, %d played out; want %d, %d", c.file, len(r.Deals), r.DealsDone(), c.deals, c.out)
		}
	}
}

// TestNewerVersion: a log whose [Klob] tag is a whole number above
// Version is one a newer klob wrote (not damaged); any other unknown
// version is not. Both stay ErrVersion.
func TestNewerVersion(t *testing.T) {
	base, err := os.ReadFile(filepath.Join(gamesDir, "saves", "no-deal.klob"))
	require.NoError(t, err)
	for v, newer := range map[string]bool{"2": true, "17": true, "0": false, "abc": false, "02": false, "+2": false, "1.5": false, "": false} {
		data := strings.Replace(string(base), `[Klob "1"]`, `[Klob "`+v+`"]`, 1)
		_, err := gamelog.Parse("v.klob", []byte(data))
		require.ErrorIs(t, err, gamelog.ErrVersion, "version %q", v)
		got, ok := gamelog.NewerVersion(err)
		if ok != newer || ok && got != v {
			t.Errorf("version %q: NewerVersion = %q, %v; want newer %v", v, got, ok, newer)
		}
	}
	_, ok := gamelog.NewerVersion(errors.New("format version"))
	require.False(t, ok)
}
