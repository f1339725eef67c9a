package kit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// When says the day only when it is not today, the date only beyond
// the coming week, in UTC whatever the zone of the times given.
func TestWhen(t *testing.T) {
	now := time.Date(2026, 12, 6, 18, 50, 0, 0, time.UTC)
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(2026, 12, 6, 23, 59, 0, 0, time.UTC), "23:59 UTC"},
		{time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), "Mon 00:00 UTC"},
		{time.Date(2026, 12, 12, 14, 0, 0, 0, time.UTC), "Sat 14:00 UTC"},
		{time.Date(2026, 12, 13, 14, 0, 0, 0, time.UTC), "Sun 13 Dec 14:00 UTC"},
		{time.Date(2026, 12, 5, 14, 0, 0, 0, time.UTC), "Sat 5 Dec 14:00 UTC"},
		{time.Date(2026, 12, 7, 1, 0, 0, 0, time.FixedZone("CET", 3600)), "Mon 00:00 UTC"},
	} {
		assert.Equal(t, c.want, When(now, c.t), "%v", c.t)
	}
}
