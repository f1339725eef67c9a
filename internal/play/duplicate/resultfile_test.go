package duplicate

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// playedFile plays every board of s at random and returns the file of
// the person's results, par set on every other board.
func playedFile(t testing.TB, s *BoardSet, r *rand.Rand) *ResultFile {
	t.Helper()
	d, _ := ParseDate("2026-12-01")
	f := &ResultFile{Date: d, Players: s.Players(), Set: s.ID, Name: "Ada Lovelace", Version: "dev-0a1b2c3d4e5f"}
	for _, b := range s.Boards {
		tb := playRandom(t, s, b, r)
		br := RecordBoard(b.Number, &tb, s.Seat)
		if b.Number%2 == 0 {
			br.Par, br.HasPar = float64(r.IntN(400)-200)/2, true
		}
		f.Boards = append(f.Boards, br)
	}
	return f
}

const sampleFile = `klob-results 1
date 2026-12-01
players 2
set 0123456789abcdef
name Ada Lovelace
version v1.4.0
board 1 result +12.5 par -3
board 3 result -40 par - play A: pass, B: take
end
`

func TestResultFileSample(t *testing.T) {
	f, err := ParseResultFile([]byte(sampleFile))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := ParseDate("2026-12-01")
	want := &ResultFile{Date: d, Players: 2, Set: "0123456789abcdef", Name: "Ada Lovelace", Version: "v1.4.0",
		Boards: []BoardResult{
			{Board: 1, Result: 12.5, Par: -3, HasPar: true},
			{Board: 3, Result: -40, Steps: []rules.Step{{Seat: rules.SeatA, Action: rules.PassAction()}, {Seat: rules.SeatB, Action: mustAction(t, "take")}}},
		}}
	if !reflect.DeepEqual(f, want) {
		t.Fatalf("got %+v\nwant %+v", f, want)
	}
	out, err := f.MarshalText()
	if err != nil || string(out) != sampleFile {
		t.Fatalf("written back:\n%s%v", out, err)
	}
	if total, n := VersusPar(f.Boards); total != 15.5 || n != 1 {
		t.Fatalf("versus par %v over %d", total, n)
	}
	e := f.Entry()
	if e.Name != "Ada Lovelace" || !reflect.DeepEqual(e.Results, map[int]float64{1: 12.5, 3: -40}) {
		t.Fatalf("entry %+v", e)
	}
	// Comments, blank lines, CRLF, extra spaces and another header
	// order read the same.
	loose := "# shared by Ada\r\n\r\nklob-results 1\r\nversion v1.4.0\r\nname   Ada Lovelace  \r\nset 0123456789abcdef\r\n" +
		"players 2\r\ndate 2026-12-01\r\n  board 1  result 12.50 par -3.0\r\nboard 3 result -40 par -\tplay A: pass ,B:take\r\n# done\r\nend\r\n"
	g, err := ParseResultFile([]byte(loose))
	if err != nil || !reflect.DeepEqual(g, want) {
		t.Fatalf("loose form: %+v %v", g, err)
	}
}

func mustAction(t testing.TB, s string) rules.Action {
	a, err := rules.ParseAction(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestResultFileRoundTrip: files of random play at every seat count
// write, read back equal, and pass Check against their set; a changed
// result or action does not.
func TestResultFileRoundTrip(t *testing.T) {
	chance := 0
	for players := 2; players <= 4; players++ {
		for k := range 10 {
			s := testSet(t, players, uint64(100*players+k), 24)
			f := playedFile(t, s, rand.New(rand.NewPCG(uint64(k), 5)))
			out, err := f.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			g, err := ParseResultFile(out)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !reflect.DeepEqual(f, g) {
				t.Fatalf("players %d: read back differs\n%s", players, out)
			}
			if err := g.Check(s); err != nil {
				t.Fatalf("players %d: %v", players, err)
			}
			chance += bytes.Count(out, []byte("chance: "))
			// A result off by one.
			g.Boards[3].Result++
			if err := g.Check(s); err == nil || !strings.Contains(err.Error(), "board 4: the actions give") {
				t.Fatalf("changed result: %v", err)
			}
			g.Boards[3].Result--
			// The deal cut short.
			g.Boards[5].Steps = g.Boards[5].Steps[:len(g.Boards[5].Steps)-1]
			if err := g.Check(s); err == nil || !strings.Contains(err.Error(), "board 6: the deal stops") {
				t.Fatalf("cut deal: %v", err)
			}
			// Another set.
			other := testSet(t, players, 999, 24)
			if err := f.Check(other); err == nil || !strings.Contains(err.Error(), "not of "+other.ID) {
				t.Fatalf("other set: %v", err)
			}
		}
	}
	if chance == 0 {
		t.Log("no chance step in the random deals: the chance syntax is covered by the sample tests only")
	}
	// An action out of turn.
	s := testSet(t, 2, 1, 2)
	b := s.Boards[0]
	wrong := b.Dealer // the eldest speaks first, never the dealer
	f := &ResultFile{Players: 2, Set: s.ID, Boards: []BoardResult{{Board: 1, Steps: []rules.Step{{Seat: wrong, Action: rules.PassAction()}}}}}
	if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 1: action 1") {
		t.Fatalf("out of turn: %v", err)
	}
	f.Boards[0] = BoardResult{Board: 3}
	if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 3: the set has 2 boards") {
		t.Fatalf("board 3 of 2: %v", err)
	}
}

func TestResultFileErrors(t *testing.T) {
	head := "klob-results 1\ndate 2026-12-01\nplayers 3\nset 0123456789abcdef\nname Ann\nversion v1\n"
	wantParseErrors(t, ParseResultFile, resultFile, []parseCase{
		{"", 0, `empty: no "klob-results" line`},
		{"# only a comment\n", 0, "empty"},
		{"hello\n", 1, `"hello": a result file starts with "klob-results 1"`},
		{"klob-results 2\n", 1, `format version "2": this Klob reads version 1`},
		{head, 0, "no end line: the file is cut short"},
		{head + "board 1 result +1 par -\n", 0, "no end line"},
		{"klob-results 1\ndate 2026-12-01\nend\n", 3, "no players line before the boards"},
		{"klob-results 1\ndate 2026-12-01\nboard 1 result 0 par 0\n", 3, "no players line"},
		{strings.Replace(head, "2026-12-01", "2026-13-01", 1) + "end\n", 2, `date "2026-13-01" is not a day written YYYY-MM-DD`},
		{strings.Replace(head, "players 3", "players 5", 1) + "end\n", 3, `players "5" is not 2, 3 or 4`},
		{strings.Replace(head, "0123456789abcdef", "0123456789ABCDEF", 1) + "end\n", 4, "is not a board set ID (16 hex digits)"},
		{strings.Replace(head, "name Ann", "name \x1b[31mAnn", 1) + "end\n", 5, `holds '\x1b'`},
		{strings.Replace(head, "name Ann", "name Ann\u202eX", 1) + "end\n", 5, `holds '\u202e'`},
		{strings.Replace(head, "name Ann", "name "+strings.Repeat("n", 41), 1) + "end\n", 5, "has 41 characters (at most 40)"},
		{strings.Replace(head, "name Ann", "name", 1) + "end\n", 5, `name "" is empty`},
		{strings.Replace(head, "version v1", "version v 1", 1) + "end\n", 6, `version "v 1" holds ' '`},
		{head + "date 2026-12-02\nend\n", 7, "date given twice (first on line 2)"},
		{head + "board 1 result 0 par 0\nname Bob\nend\n", 8, "name after the boards: the header comes first"},
		{head + "board 1 result 0\nend\n", 7, `want "board N result R par P"`},
		{head + "board 1 result 0 par 0 moves A: pass\nend\n", 7, `want "board N result R par P"`},
		{head + "board 0 result 0 par 0\nend\n", 7, `board "0" is not a board number (1 to 64)`},
		{head + "board 2 result 0 par 0\nboard 2 result 0 par 0\nend\n", 8, "board 2 after board 2: boards go up, each once"},
		{head + "board 1 result 12.x par 0\nend\n", 7, `board 1: result "12.x" is not a number`},
		{head + "board 1 result 1.234 par 0\nend\n", 7, `result "1.234" is not a number`},
		{head + "board 1 result 1e3 par 0\nend\n", 7, `result "1e3"`},
		{head + "board 1 result NaN par 0\nend\n", 7, `result "NaN"`},
		{head + "board 1 result 1 par x\nend\n", 7, `board 1: par "x" is not a number like +12.5 or -40, nor - (unknown)`},
		{head + "board 1 result 1 par - play\nend\n", 7, "board 1: play with no actions"},
		{head + "board 1 result 1 par - play A pass\nend\n", 7, `board 1: action 1 "A pass": want SEAT: ACTION`},
		{head + "board 1 result 1 par - play A: pass, D: pass\nend\n", 7, `board 1: action 2: "D" is not a seat at a table of 3 (A to C) nor chance`},
		{head + "board 1 result 1 par - play A: fly\nend\n", 7, `board 1: action 1 "fly"`},
		{head + "board 1 result 1 par - play A: play kh\nend\n", 7, `action 1 "play kh": write it "play KH"`},
		{head + "board 1 result 1 par - play A: pass,\nend\n", 7, "action 2"},
		{head + "end\nboard 1 result 1 par -\n", 8, `"board 1 result 1 par -" after end`},
		{head + "end now\n", 7, `end takes nothing after it, got "now"`},
		{head + "score 12\nend\n", 7, `"score" is not a line of a result file`},
		{head + "end\n" + strings.Repeat("#", MaxResultFileSize), 0, "more than a result file holds"},
		{head + "name \xff\nend\n", 7, "not UTF-8 text at column 6 (byte 0xff)"},
		{head + "end\n# caf\xc3\xa9 \xc3(\n", 8, "not UTF-8 text at column 8 (byte 0xc3)"},
	})
	// The message says where.
	_, err := ParseResultFile([]byte(head + "board 1 result x par 0\nend\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "result file, line 7: board 1: result") {
		t.Fatalf("%v", err)
	}
}

func TestResultFileMarshalRefuses(t *testing.T) {
	d, _ := ParseDate("2026-12-01")
	ok := ResultFile{Date: d, Players: 3, Set: "0123456789abcdef", Name: "Ann", Version: "v1"}
	if _, err := ok.MarshalText(); err != nil {
		t.Fatal(err)
	}
	for want, change := range map[string]func(*ResultFile){
		"date":                     func(f *ResultFile) { f.Date = Date{} },
		"5 players":                func(f *ResultFile) { f.Players = 5 },
		"set":                      func(f *ResultFile) { f.Set = "x" },
		"name":                     func(f *ResultFile) { f.Name = "a\nb" },
		"version":                  func(f *ResultFile) { f.Version = "" },
		"board 2 after board 2":    func(f *ResultFile) { f.Boards = []BoardResult{{Board: 2}, {Board: 2}} },
		"result 0.125":             func(f *ResultFile) { f.Boards = []BoardResult{{Board: 1, Result: 0.125}} },
		"par 1e+07":                func(f *ResultFile) { f.Boards = []BoardResult{{Board: 1, Par: 1e7, HasPar: true}} },
		"an action by seat D":      func(f *ResultFile) { f.Boards = []BoardResult{{Board: 1, Steps: []rules.Step{{Seat: 3}}}} },
		`action "none" does not r`: func(f *ResultFile) { f.Boards = []BoardResult{{Board: 1, Steps: []rules.Step{{Seat: 0}}}} },
	} {
		f := ok
		change(&f)
		if _, err := f.MarshalText(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one saying %q", err, want)
		}
	}
	// Par unknown is written "-" whatever Par holds.
	f := ok
	f.Boards = []BoardResult{{Board: 1, Par: 0.001}}
	if out, err := f.MarshalText(); err != nil || !bytes.Contains(out, []byte("par -")) {
		t.Fatalf("%s %v", out, err)
	}
}

// FuzzParseResultFile: the parser never panics and fails only with a
// *ParseError; a file it accepts writes, reads back equal and writes the
// same text again.
func FuzzParseResultFile(f *testing.F) {
	f.Add([]byte(sampleFile))
	f.Add([]byte(""))
	f.Add([]byte("klob-results 1\n"))
	f.Add([]byte(strings.Replace(sampleFile, "players 2", "players 4", 1) + "board 4 result 0 par - play chance: draw 7C, D: shlomo\n"))
	s := testSet(f, 3, 7, 4)
	pf := playedFile(f, s, rand.New(rand.NewPCG(1, 2)))
	if out, err := pf.MarshalText(); err == nil {
		f.Add(out)
	}
	f.Fuzz(func(t *testing.T, data []byte) { roundTrips(t, data, ParseResultFile) })
}

// parseCase is a text a parser must refuse: the line its *ParseError
// names and words of its message.
type parseCase struct {
	text string
	line int
	want string
}

// wantParseErrors checks that parse refuses every case's text with a
// *ParseError of the file of, at the case's line, saying its words.
func wantParseErrors[T any](t *testing.T, parse func([]byte) (T, error), of string, cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		_, err := parse([]byte(c.text))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v (%T), want a *ParseError", clip(c.text), err, err)
			continue
		}
		if pe.Of != of || pe.Line != c.line || !strings.Contains(pe.Msg, c.want) {
			t.Errorf("%q:\n got %v\nwant %s, line %d: ...%s...", clip(c.text), pe, of, c.line, c.want)
		}
	}
}

// roundTrips checks a parser of the package's files on data: it fails
// only with a *ParseError, and what it accepts writes, reads back equal
// and writes again the same.
func roundTrips[T interface{ MarshalText() ([]byte, error) }](t *testing.T, data []byte, parse func([]byte) (T, error)) {
	t.Helper()
	v, err := parse(data)
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("error %v (%T) is not a *ParseError", err, err)
		}
		return
	}
	out, err := v.MarshalText()
	if err != nil {
		t.Fatalf("an accepted file does not write: %v", err)
	}
	v2, err := parse(out)
	if err != nil {
		t.Fatalf("the written file does not read: %v\n%s", err, out)
	}
	if !reflect.DeepEqual(v, v2) {
		t.Fatalf("the written file reads back to another\n%s", out)
	}
	out2, err := v2.MarshalText()
	if err != nil || !bytes.Equal(out, out2) {
		t.Fatalf("not stable: %v\n%s\n---\n%s", err, out, out2)
	}
}

func TestCompare(t *testing.T) {
	s := testSet(t, 3, 5, 8)
	var files []*ResultFile
	for k := range 4 {
		f := playedFile(t, s, rand.New(rand.NewPCG(uint64(k), 77)))
		f.Name = string(rune('P' + k))
		files = append(files, f)
	}
	files[2].Boards = files[2].Boards[:5] // P2 stopped after five boards
	st, err := Compare(s, files)
	if err != nil {
		t.Fatal(err)
	}
	var entries []Entry
	for _, f := range files {
		entries = append(entries, f.Entry())
	}
	want, _ := Matchpoints(8, entries)
	if !reflect.DeepEqual(st, want) {
		t.Fatal("Compare differs from Matchpoints of the entries")
	}
	if st.Field != 4 || st.Rows[0].Played+st.Rows[1].Played+st.Rows[2].Played+st.Rows[3].Played != 29 {
		t.Fatalf("%+v", st)
	}
	files[1].Boards[0].Result += 0.5
	if _, err := Compare(s, files); err == nil || !strings.HasPrefix(err.Error(), "results 2 (Q): board 1: the actions give") {
		t.Fatalf("%v", err)
	}
}

// TestResultFileLongest: the longest file the limits allow (every board,
// every action the longest there is) writes within MaxResultFileSize,
// so whatever the parser accepts, written back, reads again.
func TestResultFileLongest(t *testing.T) {
	d, _ := ParseDate("2026-12-01")
	f := &ResultFile{Date: d, Players: 4, Set: "0123456789abcdef", Name: strings.Repeat("N", MaxNameLen), Version: strings.Repeat("v", MaxVersionLen)}
	long := rules.Step{Seat: rules.Seat(3), Action: rules.PlayMenageAction(rules.MustCard("KH"))}
	for n := 1; n <= MaxBoards; n++ {
		br := BoardResult{Board: n, Result: -999999.99, Par: -999999.99, HasPar: true}
		for range maxSteps {
			br.Steps = append(br.Steps, long)
		}
		f.Boards = append(f.Boards, br)
	}
	out, err := f.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > MaxResultFileSize {
		t.Fatalf("%d bytes, over %d", len(out), MaxResultFileSize)
	}
	g, err := ParseResultFile(out)
	if err != nil || !reflect.DeepEqual(f, g) {
		t.Fatalf("%v", err)
	}
	t.Logf("longest file: %d bytes", len(out))
}

// TestCheckBoundsResultsWithoutPlay: a board line without its play
// cannot be replayed, so Check refuses a result or par no deal can give
// and passes one that a deal can; Unchecked names those boards.
func TestCheckBoundsResultsWithoutPlay(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := testSet(t, players, uint64(7*players), 4)
		bound := MaxResult(s.Options)
		f := &ResultFile{Players: players, Set: s.ID, Boards: []BoardResult{{Board: 1, Result: 999}}}
		if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 1: result +999 is beyond what a deal can give") {
			t.Errorf("players %d: +999 without play: %v", players, err)
		}
		f.Boards[0].Result = -bound - 0.5
		if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 1: result -") {
			t.Errorf("players %d: %v without play: %v", players, f.Boards[0].Result, err)
		}
		f.Boards[0] = BoardResult{Board: 1, Result: 40, Par: bound + 1, HasPar: true}
		if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 1: par +") {
			t.Errorf("players %d: par beyond: %v", players, err)
		}
		f.Boards[0] = BoardResult{Board: 1, Result: -bound, Par: bound, HasPar: true}
		played := RecordBoard(2, ptr(playRandom(t, s, s.Boards[1], rand.New(rand.NewPCG(1, 2)))), s.Seat)
		f.Boards = append(f.Boards, played)
		if err := f.Check(s); err != nil {
			t.Errorf("players %d: results within the bound: %v", players, err)
		}
		if got := f.Unchecked(); !reflect.DeepEqual(got, []int{1}) {
			t.Errorf("players %d: unchecked %v, want [1]", players, got)
		}
		// A board replayed: a false result is told by the replay, par
		// beyond the bound still refused.
		f.Boards[1].Result += 999
		if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 2: the actions give") {
			t.Errorf("players %d: a false result replayed: %v", players, err)
		}
		f.Boards[1].Result -= 999
		f.Boards[1].Par, f.Boards[1].HasPar = -999, true
		if err := f.Check(s); err == nil || !strings.Contains(err.Error(), "board 2: par -999 is beyond") {
			t.Errorf("players %d: par beyond on a board replayed: %v", players, err)
		}
	}
}

// TestMaxResultHolds: no deal played at random beats the bound, and
// the bound refuses a result far beyond any deal.
func TestMaxResultHolds(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := testSet(t, players, uint64(31*players), 24)
		bound := MaxResult(s.Options)
		if bound >= 999 {
			t.Errorf("players %d: bound %v lets +999 through", players, bound)
		}
		r := rand.New(rand.NewPCG(uint64(players), 9))
		for _, b := range s.Boards {
			tb := playRandom(t, s, b, r)
			if got := Result(&tb, s.Seat); got > bound || got < -bound {
				t.Errorf("players %d board %d: result %v beyond ±%v", players, b.Number, got, bound)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestMaxResultDefault: the bound under the default rules at each seat
// count, so that a change of how it is reckoned shows.
func TestMaxResultDefault(t *testing.T) {
	for players, want := range map[int]float64{2: 557, 3: 597, 4: 812} {
		if got := MaxResult(rules.DefaultOptions().WithPlayers(players)); got != want {
			t.Errorf("players %d: MaxResult %v, want %v", players, got, want)
		}
	}
}
