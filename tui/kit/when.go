package kit

import "time"

// When writes the time t, seen at now, in UTC and says so (over ssh the
// person's time zone is unknown): "14:00 UTC" today, "Tue 14:00 UTC"
// within the coming six days, else "Tue 2 Dec 14:00 UTC".
func When(now, t time.Time) string {
	now, t = now.UTC(), t.UTC()
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }
	switch days := day(t).Sub(day(now)) / (24 * time.Hour); {
	case days == 0:
		return t.Format("15:04 UTC")
	case days > 0 && days < 7:
		return t.Format("Mon 15:04 UTC")
	}
	return Dated(t)
}

// Dated writes the time t in UTC with its day and date, whatever the
// day now: "Sun 6 Dec 23:43 UTC". Times listed together that may fall
// on any day (the ends of tournaments ended) read alike so.
func Dated(t time.Time) string { return t.UTC().Format("Mon 2 Jan 15:04 UTC") }
