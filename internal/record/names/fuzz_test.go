package names

import (
	"testing"
	"unicode/utf8"
)

// FuzzNormal: Normal never panics; a name it accepts is valid UTF-8 of
// 1 to Max characters, and accepted again unchanged.
func FuzzNormal(f *testing.F) {
	for _, s := range []string{"ann", "  Ｂｏｂ  ", "é", "\u0301a", "a\u0301\u0301\u0301", "♠721fda", "You", "watching",
		"नमस्ते", "ﬁ", "\xff", "abcdefghijklmnopqrstuvwxyz", "a\u200db", "player"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		n, err := Normal(name)
		if err != nil {
			if n != "" {
				t.Fatalf("Normal(%q) refused with %v but returned %q", name, err, n)
			}
			return
		}
		if c := utf8.RuneCountInString(n); !utf8.ValidString(n) || c < 1 || c > Max {
			t.Fatalf("Normal(%q) = %q: %d characters", name, n, c)
		}
		if again, err := Normal(n); again != n || err != nil {
			t.Fatalf("Normal(%q) = %q, then %q, %v", name, n, again, err)
		}
	})
}

// FuzzFromLogin: FromLogin never panics and always gives a name Normal
// accepts as it is, of 1 to Max characters; made from that name as a
// login, it is the same name with nothing to say.
func FuzzFromLogin(f *testing.F) {
	for _, s := range []string{"ann", "ａｎｎ", "bob#1", "नमस्ते", "\u0301x", "x\u0301\u0301\u0301", "", "bot", "You",
		"aaaaaaaaaaaaaaaaaaaaaaa\u0915\u094d\u0937", "\u1160\u3164", "e#\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, user string) {
		name, why := FromLogin(user)
		if c := utf8.RuneCountInString(name); !utf8.ValidString(name) || c < 1 || c > Max {
			t.Fatalf("FromLogin(%q) = %q: %d characters", user, name, c)
		}
		if n, err := Normal(name); n != name || err != nil {
			t.Fatalf("FromLogin(%q) = %q, which Normal makes %q, %v", user, name, n, err)
		}
		if name == "player" && why != "" {
			return
		}
		if again, why2 := FromLogin(name); again != name || why2 != "" {
			t.Fatalf("FromLogin(%q) = %q, then %q (%q)", user, name, again, why2)
		}
	})
}
