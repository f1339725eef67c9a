package eval

import (
	"strings"
	"testing"
)

// FuzzParseMethod: any text either names a method, whose String is
// that text, or is refused with the text quoted.
func FuzzParseMethod(f *testing.F) {
	for _, s := range []string{"corrected", "solved", "Solved", "", "Method(2)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMethod(s)
		if err != nil {
			if !strings.Contains(err.Error(), "method") {
				t.Fatalf("ParseMethod(%q): %v does not say what it read", s, err)
			}
			return
		}
		if m.String() != s {
			t.Fatalf("ParseMethod(%q) = %v, written %q", s, m, m.String())
		}
	})
}
