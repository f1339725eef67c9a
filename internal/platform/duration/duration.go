// Package duration says a span of time as a person reads it, for the
// messages people see: "30 minutes", "1 hour", "45 seconds".
package duration

import (
	"fmt"
	"time"
)

// Words says d in whole hours, minutes or seconds, the largest unit
// that divides it ("90 minutes", not "1h30m0s"), else as Go writes it
// ("300ms").
func Words(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	switch {
	case d > 0 && d%time.Hour == 0:
		return plural(int64(d/time.Hour), "hour")
	case d > 0 && d%time.Minute == 0:
		return plural(int64(d/time.Minute), "minute")
	case d > 0 && d%time.Second == 0:
		return plural(int64(d/time.Second), "second")
	}
	return d.String()
}
