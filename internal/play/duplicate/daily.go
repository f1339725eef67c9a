package duplicate

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// The daily challenge (see the package doc for the rule in full).
const (
	// DailyBoards is the number of boards of a day, at each seat count.
	DailyBoards = 8
	// DailyLevel is the bots' level in the other seats of the daily
	// boards.
	DailyLevel = ai.Normal
	// DailySeat is the person's seat on every daily board.
	DailySeat = rules.SeatA
)

// Date is a calendar day, with no time zone: the day the player's
// calendar shows. It is comparable and its zero value is not a day.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the day t falls on in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// ParseDate reads a day written YYYY-MM-DD (years 0001 to 9999).
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || len(s) != len(time.DateOnly) {
		return Date{}, fmt.Errorf("date %q is not a day written YYYY-MM-DD", s)
	}
	d := DateOf(t)
	if d.Year < 1 {
		return Date{}, fmt.Errorf("date %q: year 0000 is not a day", s)
	}
	return d, nil
}

// String writes YYYY-MM-DD.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// time returns midnight UTC of d, for day arithmetic.
func (d Date) time() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// AddDays returns the day n days after d (before, for n < 0).
func (d Date) AddDays(n int) Date { return DateOf(d.time().AddDate(0, 0, n)) }

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int { return d.time().Compare(e.time()) }

// valid reports whether d is a real day that String writes in the
// YYYY-MM-DD form ParseDate reads.
func (d Date) valid() bool {
	return d.Year >= 1 && d.Year <= 9999 && d.AddDays(0) == d
}

// DailyText is the text whose SHA-256 seeds the daily boards of date at
// a table of players: "klob daily v1 2026-12-01 players=3".
func DailyText(date Date, players int) string {
	return fmt.Sprintf("klob daily v1 %s players=%d", date, players)
}

// DailyTitle names the daily of date at a table of players, as every
// page of it is headed, klob daily's and the club's alike: "Daily
// challenge · 2026-12-01 · 3 players".
func DailyTitle(date Date, players int) string {
	return fmt.Sprintf("Daily challenge · %s · %d players", date, players)
}

// DailyNamed names the daily of date at a table of players inside a
// sentence, with DailyTitle's date and seat count: "the 2026-12-01
// daily for 3 players". It is kept short ("daily", not "daily
// challenge") so that the lobby's one-line notice of a board fits 80
// columns.
func DailyNamed(date Date, players int) string {
	return fmt.Sprintf("the %s daily for %d players", date, players)
}

// DailySpec returns the spec of the daily boards of date for a table of
// players: the seed from SHA-256 of DailyText, DailyBoards boards, the
// default rules for the seat count, DailyLevel bots and the person in
// DailySeat.
func DailySpec(date Date, players int) (Spec, error) {
	if !date.valid() {
		return Spec{}, fmt.Errorf("daily: %v is not a day", date)
	}
	opts := rules.DefaultOptions()
	if err := opts.Set("players", fmt.Sprint(players)); err != nil {
		return Spec{}, fmt.Errorf("daily: %w", err)
	}
	h := sha256.Sum256([]byte(DailyText(date, players)))
	seed := Seed{binary.BigEndian.Uint64(h[0:8]), binary.BigEndian.Uint64(h[8:16])}
	return Spec{Seed: seed, Count: DailyBoards, Options: opts, Level: DailyLevel, Seat: DailySeat}, nil
}

// Daily deals the daily boards of date for a table of players.
func Daily(date Date, players int) (*BoardSet, error) {
	spec, err := DailySpec(date, players)
	if err != nil {
		return nil, err
	}
	return NewSet(spec)
}
