package untrusted_test

import (
	"testing"

	"github.com/klob/klob/internal/platform/untrusted"
)

// Escape sequences go whole, with their parameters and payload; the
// text around them, other controls included, stays.
func TestStripEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"plain ann":                              "plain ann",
		"Z\x1b]52;c;QQ==\aLIVE":                  "ZLIVE",
		"a\x1b]0;title\x1b\\b":                   "ab",
		"a\x1b[5mb\x1b[0;31;1mc":                 "abc",
		"a\u009b31mb":                            "ab",
		"a\u009d8;;http://x\u009cb":              "ab",
		"a\x1bPq#0;2;0;0;0\x1b\\b":               "ab",
		"a\x1b_payload\x07b\x1b^pm\x07c\x1bXs\a": "abc",
		"a\x1bcb\x1b(Bc\x1b7d":                   "abcd",
		"a\x1b]unterminated":                     "a",
		"a\x1b":                                  "a",
		"a\x1b[31\x1b[1mb":                       "ab",
		"a\rb\u202ec":                            "a\rb\u202ec",
		"\u5168\u89d2\x1b[1m\u0301":              "\u5168\u89d2\u0301",
	} {
		if got := untrusted.StripEscapes(in); got != want {
			t.Errorf("StripEscapes(%q) = %q, want %q", in, got, want)
		}
	}
}
