package names

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNormal: invisible and reordering characters are refused;
// compatibility forms become plain letters.
func TestNormal(t *testing.T) {
	for _, bad := range []string{
		"ann\u202eevil", // right-to-left override
		"ann\u2067",     // right-to-left isolate
		"a\u2028b",      // line separator
		"a\u200bnn",     // zero-width space
		"\ufeffann",     // byte order mark
		"an\u200dn",     // zero-width joiner
		"a\x1b[31mnn",   // an escape
		"a\nb",
		"a\u1680b",                  // a space other than U+0020 that NFKC keeps
		"\ue000ann",                 // private use
		"a\u0301\u0301\u0301\u0301", // four accents on one letter (NFKC joins the first)
		"", "   ",
		"abcdefghijklmnopqrstuvwxy", // 25
		// The words the tables name seats by that are not a person:
		// "You" (the reader) and the bots, look-alikes too.
		"You", "you", " YOU ", "Yоu", "Bot", "bot", "Bot B", "B0t d", "bot-c",
		"Klob", "KLOB", "K1ob",
		// ... a Greek capital that copies a Latin one its small letter
		// does not (Upsilon is a Y, upsilon a u).
		"Υou", "ΥOU", "Υου", "Ύou", "ϒou",
		// ... in letters of the scripts that copy Latin capitals
		// (Cherokee, Coptic, Lisu), Latin small capitals and barred
		// letters, Armenian, or mixed with a letter no table knows.
		"Bot Ꮯ", "Bot Ⲥ", "Bot ꓚ", "ꓐꓳꓔ ꓚ", "ᏴᎾᎢ", "ʙᴏᴛ ᴄ", "ƀøŧ", "Bot ɗ", "Yօս", "Bot ထ", "ⲂⲞⲦ",
		"B○t", "Y♥u", "You ♥", "Bot ©", "Bot ⊂",
		// The tables' other labels: a bot playing for a person, a
		// level's bots, a level, a seat's role, the wait for a seat.
		"bob's bot", "ann's bots", "Ann Bot", "normal bot", "hard bots", "eve_b0t", "Normal", "HARD", "rаndom",
		"dealer", "Dealer", "maker", "partner", "Waiting for ann", "waiting for", "waiting-for-bob",
		// Par (the results' yardstick), a bot's seat at a board, and a
		// place in the standings, look-alikes too.
		"par", "Par", "PAR", "Ρar", "Pär", "West", "east", "North", "South", "1.", "#2", "12",
		// Something that reads as a key's tag: a '#' look-alike, or a
		// symbol and hex digits.
		"ann #721fda", "ann ♯721fda", "ann ⌗721fda", "ann ⋕7", "ann ǂ721fda", "ann ﹟721fda",
		"ann ☐721fda", "ann ♠72F", "ann ★7е1", // a Cyrillic е
		// A whole tag behind any mark, a letter or none ("井" stands
		// for '#' in Japanese): eight hex digits or more, one a digit.
		"ann 井721fdaea108c", "eve 卄307cf3d831a7", "ann ⵌ721fdaea108c", "ann ‡721fdaea", "ann 721fdaea108c",
		// Bot and You look-alikes through digits of other scripts and
		// sideways o.
		"B୦t A", "B०t A", "B೦t A", "B߀t A", "Y߀u", "B〇t A", "Bᴑt A", "Bᴓt A",
		// The talk's mark of a spectator, in any letters or brackets.
		"ann ꒰watching꒱", "ann ⊂watching⊃", "ann ⌠watching⌡", "ann ᑕwatchingᑐ", "Watching",
		// Invisible or blank: fillers, default-ignorables, the blank
		// braille pattern, or no visible character at all.
		"\u3164ann", "ann\u3164", "\uffa0ann", "\u115fann", "\u1160ann", "\u2800\u2800\u2800", "ann\u2800",
		"a\u034fnn", "a\u17b4nn", "a\u180bnn", "\u0301", "\u0301ann", "\U0001d159ann",
		// Brackets: "(watching)" is the talk's mark of a spectator.
		"eve (watching)", "eve ❨watching❩", "fay ❲you❳", "ann [x]", "ann 「x」", "ann ⎛x⎞",
		// Hangul jamo NFKC leaves unjoined: measured as one character,
		// drawn as many.
		strings.Repeat("\u1100", 24), "ㅋㅋ", "\u1100ann", "ann\ua960", "한\ud7b0", "ᄀᄀᄀ",
		// A mark on a wide character, which none belongs on.
		"全角\u0301", "김\u0302민", "ann 😀\u0301",
	} {
		_, err := Normal(bad)
		assert.Error(t, err, "%q", bad)
	}
	for in, want := range map[string]string{
		"Ann":        "Ann",
		" Ann ":      "Ann",
		"ａｌｉｃｅ":      "alice", // fullwidth
		"ﬁona":       "fiona", // a ligature
		"José":       "José",
		"Zoë O'Neil": "Zoë O'Neil",
		"Анна":       "Анна",
		"王小明":        "王小明",
		"ann ♠":      "ann ♠",
		"Youssef":    "Youssef",
		"Ana2000":    "Ana2000",
		"Ана2000":    "Ана2000",
		"Bob 42":     "Bob 42",
		"dad 1984":   "dad 1984",
		"Botany":     "Botany",
		"Bot Bob":    "Bot Bob",
		"Robot":      "Robot",
		"Abbot":      "Abbot",
		"Bottle":     "Bottle",
		"Hardy":      "Hardy",
		"Dealers":    "Dealers",
		"Waiting":    "Waiting",
		"Paris":      "Paris",
		"Westley":    "Westley",
		"Pa":         "Pa",
		"a\u00a0b":   "a b", // NFKC: a no-break space is a space
		// Names of many scripts, and symbols that read as no tag.
		"Ærøskøbing": "Ærøskøbing",
		"Łukasz":     "Łukasz",
		"Đorđe":      "Đorđe",
		"Nguyễn Văn": "Nguyễn Văn",
		"Юля":        "Юля",
		"Вася":       "Вася",
		"Ζωή":        "Ζωή",
		"Αλέξανδρος": "Αλέξανδρος",
		"Անի":        "Անի",
		"דנה":        "דנה",
		"علي":        "علي",
		"김민준":        "김민준",
		"각":        "각", // jamo NFKC joins into a syllable
		"ㄱㅏ":         "가",
		"さくら":        "さくら",
		"प्रिया":     "प्रिया",
		"สมชาย":      "สมชาย",
		"ნინო":       "ნინო",
		"Bot 王":      "Bot 王",
		"ann ♠ 42":   "ann ♠ 42",
		"♠ace":       "♠ace",
		"R2-D2":      "R2-D2",
		"Bob ♥":      "Bob ♥",
		"Ann ★":      "Ann ★",
		"ann -42":    "ann -42",
		"ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ": "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ", // Cherokee, no short word
		"ꓡꓲ ꓞꓳ ꓟꓱ":   "ꓡꓲ ꓞꓳ ꓟꓱ",
	} {
		got, err := Normal(in)
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, got, "%q", in)
	}
}

// A name may hold wide letters and emoji whose width every terminal
// agrees on (CJK, 🎴), never a character that makes the emoji before
// it wider in some terminals only: the columns after the name would
// shift (the talk's, a seat's row).
func TestNameWidthSure(t *testing.T) {
	for _, ok := range []string{"山田太郎", "🎴ann", "한국어", "❤"} {
		_, err := Normal(ok)
		require.NoError(t, err, "%q", ok)
	}
	for _, bad := range []string{"ann❤\ufe0f", "👍🏽bob", "🇫🇷fr", "1\u20e3ann", "ann\U000E0100"} {
		_, err := Normal(bad)
		require.Error(t, err, "%q", bad)
	}
}

// TestCardNames: a name that reads as a card or cards, as the tables
// write them ("maker K♥", "you 9♦, ann K♥ 9♣"), is refused and says so;
// a name that only begins like one, or a letter rank with a small suit
// letter ("As"), which no screen writes, is a name.
func TestCardNames(t *testing.T) {
	for _, bad := range []string{
		"K♥", "k♥", "10♦", "7♠", "A♣", "q♡", "J ♠", "ann K♥", "K♥ ann",
		"Ｋ♥", // fullwidth
		"К♥", // a Cyrillic К
		"KH", "TH", "10h", "9c", "AS", "10H", "kH",
		// One word of a longer name reads as a card by the same rules
		// as a whole name; a card with a symbol glued to letters too.
		"eve KH", "K♥ann", "bob 10h", "ann TH", "AC Milan", "ann,KH", "10♦x",
	} {
		_, err := Normal(bad)
		assert.ErrorContains(t, err, " reads as a card: the tables write cards so, choose another name", bad)
	}
	for _, bad := range []string{"7♠ 8♠", "7♠8♠", "K♥, Q♥", "7s 8s", "KH QH", "ann K♥Q♥", "eve KH QH"} {
		_, err := Normal(bad)
		assert.EqualError(t, err, fmt.Sprintf("%q reads as cards: the tables write cards so, choose another name", bad), bad)
	}
	for _, good := range []string{"As", "Ah", "Jo", "Kh", "Khan", "KHAN", "Ace", "Jack", "ann ♠", "♥ann", "Queen", "7 seas", "K", "Tess", "ACDC",
		"Asha", "As you like", "eve Kh", "Ah well", "KHAN ann"} {
		n, err := Normal(good)
		assert.NoError(t, err, "%q", good)
		assert.Equal(t, good, n)
	}
}
