package chat

import (
	"testing"
	"unicode/utf8"
)

// FuzzClean feeds the cleaner any bytes: it never panics, its output is
// UTF-8, NFKC, holds no forbidden rune, no doubled or end space, no
// leading mark or long run of marks, is its own cleaning, and is at
// most NFKC's largest expansion (18 times) as long.
//
//	go test -run '^$' -fuzz FuzzClean -fuzztime 60s ./internal/serve/chat
func FuzzClean(f *testing.F) {
	for _, s := range []string{
		"hello", "\x1b[31mred\x1b[0m", "\x1b]0;t\x07x", "\x1b]8;;u\x1b\\l", "\x1bPq\x1b\\",
		"\u009b1m\u009d0;t\u009c", "a\u202eb\u2066c\u2028d\u200be\ufeff", "ｆｕｌｌ ﬁ ①",
		"a" + "\u0301\u0302\u0303\u0304\u0305\u0306\u0307", "\u0301a", " \u0301", "\ufdfa",
		"👨\u200d👩", "\xff\xfe", "\x1b", "\x1b[", "\x1b]", "\u3164", "e\u0301\u034f\u0301",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := cleanAll(in)
		if p := cleanProblem(out); p != "" {
			t.Fatalf("cleanAll(%+q) = %+q: %s", in, out, p)
		}
		if len(out) > 18*len(in) {
			t.Fatalf("cleanAll(%+q) = %+q: %d bytes from %d", in, out, len(out), len(in))
		}
		if utf8.RuneCountInString(out) < Length(out) {
			t.Fatalf("Length(%+q) = %d, more than its runes", out, Length(out))
		}
	})
}
