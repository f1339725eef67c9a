package duplicate

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

func day(t testing.TB, s string) Date {
	t.Helper()
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

const sampleHistory = `klob-daily-history 1
2026-11-30 players=2 percent=100.00 field=2 played=8 vspar=+12
2026-12-01 players=2 percent=62.50 field=4 played=8 vspar=-35.5
2026-12-01 players=3 percent=50.00 field=1 played=3 vspar=-
`

func TestHistorySample(t *testing.T) {
	h, err := ParseHistory([]byte(sampleHistory))
	if err != nil {
		t.Fatal(err)
	}
	want := []Day{
		{Date: day(t, "2026-11-30"), Players: 2, Percent: 100, Field: 2, Played: 8, VersusPar: 12, HasPar: true},
		{Date: day(t, "2026-12-01"), Players: 2, Percent: 62.5, Field: 4, Played: 8, VersusPar: -35.5, HasPar: true},
		{Date: day(t, "2026-12-01"), Players: 3, Percent: 50, Field: 1, Played: 3},
	}
	if !reflect.DeepEqual(h.Days, want) {
		t.Fatalf("got %+v", h.Days)
	}
	out, err := h.MarshalText()
	if err != nil || string(out) != sampleHistory {
		t.Fatalf("written back:\n%s%v", out, err)
	}
	// Set replaces the line of the same day and seat count, inserts the
	// others in order, and rounds the percentage.
	h.Set(Day{Date: day(t, "2026-12-01"), Players: 2, Percent: 58.33333, Field: 5, Played: 8})
	h.Set(Day{Date: day(t, "2026-11-29"), Players: 4, Percent: 50, Field: 1, Played: 8})
	h.Set(Day{Date: day(t, "2026-12-01"), Players: 4, Percent: 50, Field: 1, Played: 8})
	out, err = h.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	wantText := `klob-daily-history 1
2026-11-29 players=4 percent=50.00 field=1 played=8 vspar=-
2026-11-30 players=2 percent=100.00 field=2 played=8 vspar=+12
2026-12-01 players=2 percent=58.33 field=5 played=8 vspar=-
2026-12-01 players=3 percent=50.00 field=1 played=3 vspar=-
2026-12-01 players=4 percent=50.00 field=1 played=8 vspar=-
`
	if string(out) != wantText {
		t.Fatalf("got\n%s", out)
	}
	if got := h.Dates(0); !reflect.DeepEqual(got, []Date{day(t, "2026-11-29"), day(t, "2026-11-30"), day(t, "2026-12-01")}) {
		t.Fatalf("dates %v", got)
	}
	if got := h.Dates(4); !reflect.DeepEqual(got, []Date{day(t, "2026-11-29"), day(t, "2026-12-01")}) {
		t.Fatalf("dates at four %v", got)
	}
	cur, best := Streak(h.Dates(0), day(t, "2026-12-02"))
	if cur != 3 || best != 3 {
		t.Fatalf("streak %d best %d", cur, best)
	}
}

func TestStreak(t *testing.T) {
	ds := func(ss ...string) []Date {
		var out []Date
		for _, s := range ss {
			out = append(out, day(t, s))
		}
		return out
	}
	for _, c := range []struct {
		dates       []Date
		today       string
		cur, best   int
		description string
	}{
		{nil, "2026-12-01", 0, 0, "nothing played"},
		{ds("2026-12-01"), "2026-12-01", 1, 1, "today only"},
		{ds("2026-11-30"), "2026-12-01", 1, 1, "yesterday: alive until today ends"},
		{ds("2026-11-29"), "2026-12-01", 0, 1, "the day before yesterday: broken"},
		{ds("2026-12-01", "2026-11-30", "2026-11-29", "2026-11-29"), "2026-12-01", 3, 3, "any order, repeats"},
		{ds("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-30", "2026-12-01"), "2026-12-01", 2, 4, "best earlier"},
		{ds("2026-02-27", "2026-02-28", "2026-03-01"), "2026-03-02", 3, 3, "across the end of February"},
		{ds("2028-02-28", "2028-03-01"), "2028-03-01", 1, 1, "a leap year's 29th missed"},
		{ds("2026-12-31", "2027-01-01"), "2027-01-01", 2, 2, "across the year"},
		{ds("2026-12-01", "2026-12-02", "2026-12-05"), "2026-12-02", 2, 2, "a date after today"},
	} {
		cur, best := Streak(c.dates, day(t, c.today))
		if cur != c.cur || best != c.best {
			t.Errorf("%s: current %d best %d, want %d %d", c.description, cur, best, c.cur, c.best)
		}
	}
}

// TestStreakProperty checks Streak against counting day by day.
func TestStreakProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	start := day(t, "2027-12-20")
	for range 500 {
		played := map[Date]bool{}
		var dates []Date
		for i := range 60 {
			if r.IntN(4) != 0 {
				played[start.AddDays(i)] = true
				dates = append(dates, start.AddDays(i))
			}
		}
		r.Shuffle(len(dates), func(i, j int) { dates[i], dates[j] = dates[j], dates[i] })
		today := start.AddDays(r.IntN(70))
		wantCur := 0
		d := today
		if !played[d] {
			d = d.AddDays(-1)
		}
		for played[d] {
			wantCur++
			d = d.AddDays(-1)
		}
		wantBest, run := 0, 0
		for i := range 61 {
			if played[start.AddDays(i)] {
				run++
				wantBest = max(wantBest, run)
			} else {
				run = 0
			}
		}
		cur, best := Streak(dates, today)
		if cur != wantCur || best != wantBest {
			t.Fatalf("today %s: %d %d, want %d %d", today, cur, best, wantCur, wantBest)
		}
	}
}

func TestHistoryErrors(t *testing.T) {
	head := "klob-daily-history 1\n"
	wantParseErrors(t, ParseHistory, history, []parseCase{
		{"", 0, "empty"},
		{"klob-daily-history 2\n", 1, `a history starts with "klob-daily-history 1"`},
		{head + "2026-12-1 players=2 percent=1 field=1 played=1 vspar=-\n", 2, `date "2026-12-1"`},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1\n", 2, "2026-12-01: no vspar="},
		{head + "2026-12-01 players=2 percent=101 field=1 played=1 vspar=-\n", 2, "percent=101 is over 100"},
		{head + "2026-12-01 players=2 percent=-1 field=1 played=1 vspar=-\n", 2, `percent="-1" is not a percentage`},
		{head + "2026-12-01 players=5 percent=1 field=1 played=1 vspar=-\n", 2, `players="5" is not a number from 2 to 4`},
		{head + "2026-12-01 players=2 percent=1 field=0 played=1 vspar=-\n", 2, `field="0"`},
		{head + "2026-12-01 players=2 percent=1 field=1 played=65 vspar=-\n", 2, `played="65"`},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1 vspar=x\n", 2, `vspar="x" is not a number`},
		{head + "2026-12-01 players=2 players=3 percent=1 field=1 played=1 vspar=-\n", 2, "players given twice"},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1 vspar=- mood=good\n", 2, `unknown key "mood"`},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1 vspar=- 3\n", 2, `"3" is not key=value`},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1 vspar=- against=bots\n", 2, `against="bots" is neither par nor friends`},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1 vspar=- against=\n", 2, `against="" is neither par nor friends`},
		{head + "2026-12-02 players=2 percent=1 field=1 played=1 vspar=-\n2026-12-01 players=2 percent=1 field=1 played=1 vspar=-\n", 3,
			"2026-12-01 players=2 after 2026-12-02 players=2"},
		{head + "2026-12-01 players=2 percent=1 field=1 played=1 vspar=-\n2026-12-01 players=2 percent=1 field=1 played=1 vspar=-\n", 3, "one line a day and seat count"},
		{head + "\xff\n", 2, "not UTF-8 text at column 1 (byte 0xff)"},
	})
	bad := &History{Days: []Day{{Date: day(t, "2026-12-01"), Players: 2, Field: 1}, {Date: day(t, "2026-12-01"), Players: 2, Field: 1}}}
	if _, err := bad.MarshalText(); err == nil {
		t.Fatal("two lines of one day and seat count written")
	}
	bad.Days = []Day{{Date: day(t, "2026-12-01"), Players: 2, Field: 1, Percent: 101}}
	if _, err := bad.MarshalText(); err == nil {
		t.Fatal("101% written")
	}
}

// TestHistoryAgainst: a day says whom the player was compared with, par
// or friends, and reads back so; a line written before it was kept (no
// against=) reads as unknown and is written back without it.
func TestHistoryAgainst(t *testing.T) {
	const text = `klob-daily-history 1
2026-12-01 players=2 percent=50.00 field=2 played=8 vspar=+3
2026-12-02 players=2 percent=50.00 field=2 played=8 vspar=+3 against=par
2026-12-02 players=3 percent=75.00 field=2 played=8 vspar=-1 against=friends
`
	h, err := ParseHistory([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var got []Against
	for _, d := range h.Days {
		got = append(got, d.Against)
	}
	if want := []Against{AgainstUnknown, AgainstPar, AgainstFriends}; !reflect.DeepEqual(got, want) {
		t.Fatalf("against %v, want %v", got, want)
	}
	out, err := h.MarshalText()
	if err != nil || string(out) != text {
		t.Fatalf("written back:\n%s%v", out, err)
	}
	h.Days[0].Against = AgainstFriends + 1
	if _, err := h.MarshalText(); err == nil {
		t.Fatal("an against past friends written")
	}
}

// FuzzParseHistory: the parser never panics, fails only with a
// *ParseError, and what it accepts writes and reads back equal.
func FuzzParseHistory(f *testing.F) {
	f.Add([]byte(sampleHistory))
	f.Add([]byte("klob-daily-history 1\n"))
	f.Add([]byte("klob-daily-history 1\n2026-12-02 players=3 percent=75.00 field=2 played=8 vspar=-1 against=friends\n"))
	f.Fuzz(func(t *testing.T, data []byte) { roundTrips(t, data, ParseHistory) })
}

// Both parsers refuse an oversized text with a message naming their
// format, which they now build in one place (checkData).
func TestTooLarge(t *testing.T) {
	_, err := ParseHistory(make([]byte, MaxHistorySize+1))
	if want := "history: 8388609 bytes, more than a history holds (8388608)"; err == nil || err.Error() != want {
		t.Errorf("history: %v, want %s", err, want)
	}
	_, err = ParseResultFile(make([]byte, MaxResultFileSize+1))
	if want := "result file: 1048577 bytes, more than a result file holds (1048576)"; err == nil || err.Error() != want {
		t.Errorf("result file: %v, want %s", err, want)
	}
}

// TestHistoryWritesOnlyWhatItReads: a day at the edges of what the
// history reads is written and read back; one past them is refused
// when written, as it would be when read, never written to be refused.
func TestHistoryWritesOnlyWhatItReads(t *testing.T) {
	d := day(t, "2026-12-01")
	for _, c := range []struct {
		day Day
		ok  bool
	}{
		{Day{Date: d, Players: 2, Percent: 50, Field: maxField, Played: MaxBoards}, true},
		{Day{Date: d, Players: 2, Percent: 50, Field: maxField + 1, Played: 8}, false},
	} {
		h := &History{Days: []Day{c.day}}
		out, err := h.MarshalText()
		if !c.ok {
			if err == nil {
				t.Errorf("field %d written:\n%s", c.day.Field, out)
			}
			continue
		}
		if err != nil {
			t.Fatalf("field %d: %v", c.day.Field, err)
		}
		back, err := ParseHistory(out)
		if err != nil || !reflect.DeepEqual(back, h) {
			t.Errorf("field %d read back as %+v, %v", c.day.Field, back, err)
		}
	}
}
