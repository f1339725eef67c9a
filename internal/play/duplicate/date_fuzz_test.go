package duplicate

import (
	"strings"
	"testing"
)

// FuzzParseDate: a day read back is written exactly as it was read
// (so two spellings never name one day's boards) and is valid; any other
// text is refused with the text quoted.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-12-01", "2024-02-29", "2026-02-29", "0000-01-01", "9999-12-31", "2026-1-01", " 2026-12-01", "2026-12-01T00:00:00Z", "+026-12-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err != nil {
			if d != (Date{}) || !strings.Contains(err.Error(), "date") {
				t.Fatalf("ParseDate(%q) = %v, %v", s, d, err)
			}
			return
		}
		if d.String() != s || !d.valid() {
			t.Fatalf("ParseDate(%q) = %v (valid %v)", s, d, d.valid())
		}
	})
}
