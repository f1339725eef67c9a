package ai_test

import (
	"strings"
	"testing"

	"github.com/klob/klob/ai"
)

// FuzzParseMixed feeds any text to the level parsers: they never
// panic, an accepted level is canonical (reading it again gives it
// back), and a refusal quotes what was refused.
func FuzzParseMixed(f *testing.F) {
	for _, s := range []string{"hard", "Normal", "hard:bid=normal", "easy:play=hard,eval=solved", "hard:read=off,bid=normal", "hard:", "hard:bid", ":", "hard:eval=oracle", "HARD:BID=EASY"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l, err := ai.ParseLevel(s); err == nil {
			if !strings.EqualFold(string(l), s) {
				t.Fatalf("ParseLevel(%q) = %q", s, l)
			}
		} else if !strings.Contains(err.Error(), "level") {
			t.Fatalf("ParseLevel(%q): %v does not say what it read", s, err)
		}
		got, err := ai.ParseMixed(s)
		if err != nil {
			if got != "" {
				t.Fatalf("ParseMixed(%q) = %q with %v", s, got, err)
			}
			return
		}
		again, err := ai.ParseMixed(string(got))
		if err != nil || again != got {
			t.Fatalf("ParseMixed(%q) = %q, but that reads as %q, %v", s, got, again, err)
		}
		if _, err := ai.ParseLevel(strings.SplitN(string(got), ":", 2)[0]); err != nil {
			t.Fatalf("ParseMixed(%q) = %q, whose level part is no level: %v", s, got, err)
		}
	})
}
