package names

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFromLogin: a login name keeps the letters, digits and marks a
// name may hold, at most Max; one no name may be is "player".
func TestFromLogin(t *testing.T) {
	for in, want := range map[string]string{
		"ann": "ann", "Zoë-2": "Zoë-2", "a b;c": "abc", "": "player", "!!!": "player",
		"ａｎｎ": "ann", "a\u202eb\u200bc": "abc",
		strings.Repeat("x", 30): strings.Repeat("x", 24),
		// A user name the tables call a seat by (ssh you@host) is not a
		// person's.
		"you": "player", "Bot_B": "player", "bot": "player",
		"BotᏟ": "player", "ꓐꓳꓔ": "player", "ʙᴏᴛ": "player",
		// Letters that show as nothing, or wider than measured, are
		// left out like any other character a name may not hold.
		"\u3164ann": "ann", "ann\uffa0": "ann", "\u115f\u1160ann": "ann",
		"\u2800\u2800\u2800": "player", "\u3164": "player",
		strings.Repeat("\u1100", 24): "player", "ann\u1100\u1100": "ann",
		"annǂ721fda": "ann721fda",
		// Names of several scripts stay as they are, with the marks
		// they need: vowel signs, viramas, tone marks.
		"Юля": "Юля", "Łukasz": "Łukasz", "김민준": "김민준", "さくら": "さくら", "Ζωή": "Ζωή",
		"नमस्ते": "नमस्ते", "क्षत्रिय": "क्षत्रिय", "สมชาย": "สมชาย", "সুমিত্রা": "সুমিত্রা", "தமிழ்": "தமிழ்",
		"น้ำ": "น\u0e49\u0e4d\u0e32", // NFKC splits the sara am, as the rename does
		// A mark with nothing to sit on, or a third on one letter, is
		// left out as the rename would refuse it.
		"\u0301ann": "ann", "q\u0301\u0302\u0303": "q\u0301\u0302",
		// A mark that meets its letter once a character between is left
		// out composes with it, as the rename would write it.
		"e#\u0301": "é", "A\u200b\u030a": "Å",
		// Escape sequences go whole, their parameters too.
		"Z\x1b]52;c;QQ==\a\u202eLIVE\x1b[5m\r\u200b\uff21\uff21x": "ZLIVEAAx",
		"ann\x1bPq#0;2\x1b\\\u009b31mbob":                         "annbob",
		// A mark after a wide character has nothing to combine with.
		"全角\u0301": "全角", "김\u0301\u0302민": "김민", "さ\u3099くら": "ざくら",
	} {
		got, _ := FromLogin(in)
		assert.Equal(t, want, got, in)
		if got != "player" {
			n, err := Normal(got)
			assert.NoError(t, err, in)
			assert.Equal(t, got, n, "the rename takes %q as it is", in)
		}
	}
}

// TestFromLoginSays: a user name changed on the way in says so, and
// why, in one line of the lobby at 80 columns (78 characters) that
// names r; one kept as it was says nothing.
func TestFromLoginSays(t *testing.T) {
	for _, tc := range []struct{ in, name, why string }{
		{"ann", "ann", ""},
		{"नमस्ते", "नमस्ते", ""},
		{strings.Repeat("x", 50), strings.Repeat("x", 24), "A name holds at most 24 characters: your user name is cut."},
		{"a" + strings.Repeat("क्ष", 12), "a" + strings.Repeat("क्ष", 7), "A name holds at most 24 characters: your user name is cut."},
		{"You", "player", `You are player: "You" is what the tables call you or a bot.`},
		{"hard", "player", `You are player: "hard" is the name of a level of the bots.`},
		{"😀🂡", "player", "You are player: your SSH user name has no letter or digit."},
		{"ann😀", "ann", "Your SSH user name lost the characters no name may hold."},
	} {
		name, why := FromLogin(tc.in)
		assert.Equal(t, tc.name, name, tc.in)
		if tc.why == "" {
			assert.Empty(t, why, tc.in)
			continue
		}
		assert.Equal(t, tc.why+" Press r to rename.", why, tc.in)
		assert.LessOrEqual(t, len([]rune(why)), 78, "one line at 80 columns: %q", why)
	}
}
