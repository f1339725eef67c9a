package duplicate

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// The daily history (FORMAT.md in this directory says it for people).
const (
	// HistoryMagic starts a history, followed by the format version.
	HistoryMagic = "klob-daily-history"
	// HistoryVersion is the format version written and read.
	HistoryVersion = 1
	// MaxHistorySize bounds what ParseHistory reads: a line a day at
	// three seat counts for a century is about 6 MB.
	MaxHistorySize = 8 << 20

	history = "history"
)

// Day is one line of the daily history: a day's boards at one seat
// count, played.
type Day struct {
	Date    Date
	Players int
	// Percent is the day's matchpoint percentage against the field
	// compared (Standing.Percent), kept to two decimals.
	Percent float64
	// Field is how many entrants were compared, the player included;
	// Played how many boards the player played.
	Field, Played int
	// VersusPar is the day's result minus par (VersusPar), when HasPar.
	VersusPar float64
	HasPar    bool
	// Against says whom the player was compared with: par, or friends
	// whose results were imported; AgainstUnknown in a line written
	// before the history said (a field of two was then either).
	Against Against
}

// Against is whom a day's player was compared with.
type Against uint8

const (
	AgainstUnknown Against = iota
	AgainstPar
	AgainstFriends
)

var againstNames = [...]string{AgainstPar: "par", AgainstFriends: "friends"}

// History is the daily history: one Day a date and seat count, in date
// order, then by seat count.
type History struct {
	Days []Day
}

// Set records d, in place of the line of the same date and seat count
// if there is one (the percentage changes as friends' results are
// imported). The percentage is rounded to two decimals, as written.
func (h *History) Set(d Day) {
	d = d.Rounded()
	i, found := slices.BinarySearchFunc(h.Days, d, compareDay)
	if found {
		h.Days[i] = d
		return
	}
	h.Days = slices.Insert(h.Days, i, d)
}

// Find returns the line of date at players seats, if there is one.
func (h *History) Find(date Date, players int) (Day, bool) {
	if h == nil {
		return Day{}, false
	}
	i, found := slices.BinarySearchFunc(h.Days, Day{Date: date, Players: players}, compareDay)
	if !found {
		return Day{}, false
	}
	return h.Days[i], true
}

// Rounded is d as the history writes it: the percentage to two decimals.
func (d Day) Rounded() Day {
	d.Percent = math.Round(d.Percent*100) / 100
	return d
}

func compareDay(a, b Day) int {
	if c := a.Date.Compare(b.Date); c != 0 {
		return c
	}
	return cmp.Compare(a.Players, b.Players)
}

// Dates returns the dates played, in order, each once: at any seat
// count when players is 0, else at that one.
func (h *History) Dates(players int) []Date {
	var out []Date
	for _, d := range h.Days {
		if (players == 0 || d.Players == players) && (len(out) == 0 || out[len(out)-1] != d.Date) {
			out = append(out, d.Date)
		}
	}
	return out
}

// Streak returns the current streak of days played up to today and the
// longest ever. The current streak is the run of consecutive days that
// ends today, or yesterday when today is not played yet (the streak
// lives until the day ends), else 0. Dates may come in any order and
// repeat; dates after today (a clock set back) count for the longest
// streak only.
func Streak(dates []Date, today Date) (current, best int) {
	ds := slices.Clone(dates)
	slices.SortFunc(ds, Date.Compare)
	ds = slices.Compact(ds)
	run := 0
	for i, d := range ds {
		if i > 0 && ds[i-1].AddDays(1) == d {
			run++
		} else {
			run = 1
		}
		best = max(best, run)
		if d == today || d == today.AddDays(-1) {
			current = run
		}
	}
	return current, best
}

// maxField bounds a day's field as written and read: a history that
// holds more is refused either way.
const maxField = 1 << 20

// percent is the form of a percentage in the history.
var percent = regexp.MustCompile(`^[0-9]{1,3}(\.[0-9]{1,2})?$`)

// MarshalText writes h in the history format.
func (h *History) MarshalText() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %d\n", HistoryMagic, HistoryVersion)
	for i, d := range h.Days {
		if i > 0 && compareDay(h.Days[i-1], d) >= 0 {
			return nil, fmt.Errorf("history: %s players=%d after %s players=%d (one line a day and seat count, in order)",
				d.Date, d.Players, h.Days[i-1].Date, h.Days[i-1].Players)
		}
		if err := d.validate(); err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%s players=%d percent=%s field=%d played=%d vspar=%s",
			d.Date, d.Players, strconv.FormatFloat(d.Percent, 'f', 2, 64), d.Field, d.Played, formatKnown(d.VersusPar, d.HasPar))
		if d.Against != AgainstUnknown {
			fmt.Fprintf(&b, " against=%s", againstNames[d.Against])
		}
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

func (d Day) validate() error {
	switch {
	case !d.Date.valid():
		return fmt.Errorf("history: %v is not a day", d.Date)
	case !rules.ValidPlayers(d.Players):
		return fmt.Errorf("history: %s: %d players", d.Date, d.Players)
	case !(d.Percent >= 0 && d.Percent <= 100):
		return fmt.Errorf("history: %s: percent %v is not from 0 to 100", d.Date, d.Percent)
	case d.Field < 1 || d.Field > maxField || d.Played < 0 || d.Played > MaxBoards:
		return fmt.Errorf("history: %s: field %d, played %d", d.Date, d.Field, d.Played)
	case int(d.Against) >= len(againstNames):
		return fmt.Errorf("history: %s: against %d", d.Date, d.Against)
	}
	if _, ok := parseNumber(formatNumber(d.VersusPar)); d.HasPar && !ok {
		return fmt.Errorf("history: %s: vspar %v has more than 6 digits or 2 decimals", d.Date, d.VersusPar)
	}
	return nil
}

// ParseHistory reads a history. An error is a *ParseError that says on
// which line and what is wrong.
func ParseHistory(data []byte) (*History, error) {
	fail := func(line int, format string, a ...any) error {
		return &ParseError{history, line, fmt.Sprintf(format, a...)}
	}
	if err := checkData(history, data, MaxHistorySize); err != nil {
		return nil, err
	}
	h := &History{}
	started := false
	for n, line := range textLines(data) {
		if !started {
			if line != HistoryMagic+" "+strconv.Itoa(HistoryVersion) {
				return nil, fail(n, "%q: a history starts with %q", clip(line), HistoryMagic+" "+strconv.Itoa(HistoryVersion))
			}
			started = true
			continue
		}
		d, err := parseDay(line)
		if err != nil {
			return nil, fail(n, "%v", err)
		}
		if k := len(h.Days); k > 0 && compareDay(h.Days[k-1], d) >= 0 {
			return nil, fail(n, "%s players=%d after %s players=%d: one line a day and seat count, in order",
				d.Date, d.Players, h.Days[k-1].Date, h.Days[k-1].Players)
		}
		h.Days = append(h.Days, d)
	}
	if !started {
		return nil, fail(0, "empty: no %q line", HistoryMagic)
	}
	return h, nil
}

// parseDay reads "DATE players=P percent=X field=F played=N vspar=V
// [against=par|friends]", the keys in any order, each once (against is
// missing from the lines written before it was kept).
func parseDay(line string) (Day, error) {
	f := strings.Fields(line)
	var d Day
	date, err := ParseDate(f[0])
	if err != nil {
		return d, err
	}
	d.Date = date
	seen := map[string]bool{}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return d, fmt.Errorf("%s: %q is not key=value", date, clip(kv))
		}
		if seen[k] {
			return d, fmt.Errorf("%s: %s given twice", date, k)
		}
		seen[k] = true
		atoi := func(lo, hi int) (int, error) {
			n, err := strconv.Atoi(v)
			if err != nil || n < lo || n > hi {
				return 0, fmt.Errorf("%s: %s=%q is not a number from %d to %d", date, k, clip(v), lo, hi)
			}
			return n, nil
		}
		switch k {
		case "players":
			d.Players, err = atoi(2, 4)
		case "field":
			d.Field, err = atoi(1, maxField)
		case "played":
			d.Played, err = atoi(0, MaxBoards)
		case "percent":
			if !percent.MatchString(v) {
				return d, fmt.Errorf("%s: percent=%q is not a percentage like 62.50", date, clip(v))
			}
			d.Percent, _ = strconv.ParseFloat(v, 64)
			if d.Percent > 100 {
				return d, fmt.Errorf("%s: percent=%s is over 100", date, v)
			}
		case "against":
			i := slices.Index(againstNames[:], v)
			if i <= int(AgainstUnknown) {
				return d, fmt.Errorf("%s: against=%q is neither par nor friends", date, clip(v))
			}
			d.Against = Against(i)
		case "vspar":
			if v != "-" {
				if d.VersusPar, d.HasPar = parseNumber(v); !d.HasPar {
					return d, fmt.Errorf("%s: vspar=%q is not a number like +35.5, nor - (unknown)", date, clip(v))
				}
			}
		default:
			return d, fmt.Errorf("%s: unknown key %q (players, percent, field, played, vspar, against)", date, clip(k))
		}
		if err != nil {
			return d, err
		}
	}
	for _, k := range []string{"players", "percent", "field", "played", "vspar"} {
		if !seen[k] {
			return d, fmt.Errorf("%s: no %s=", date, k)
		}
	}
	return d, nil
}
