// Package names checks the names people choose, for the club of klob
// serve and the daily's result file alike: Normal refuses what cannot
// stand in a name others read (what a terminal obeys rather than shows,
// what reads as a word the screens label seats or rows by, as a card,
// or as a key's tag) and Skeleton is what names that look alike share, so that
// one person cannot pass for another.
//
// A name that reads as a card or cards is refused: a rank and a suit
// symbol in any case, with or without spaces ("K♥", "k♥", "10♦",
// "7♠ 8♠"), or the ascii screens' form, a rank and a capital suit
// letter ("KH", "TH", "AS"), or a digit rank and a suit letter in any
// case ("10h", "9c"); the whole name or one word of it ("ann K♥",
// "eve KH", "AC Milan"), or a word that begins with a rank and a suit
// symbol ("K♥ann"). A letter rank with a small suit letter ("As", "Ah",
// "Kh") is no card any screen writes, and stays a name, alone or in a
// longer one ("As you like"): refusing the word "As" would surprise.
package names

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/klob/klob/ai"
)

// Max is the most characters a name holds.
const Max = 24

// Normal returns name fit to show to others: NFKC-normalised (the
// fullwidth, ligature and other compatibility forms become the plain
// letters they stand for) and trimmed; 1 to Max characters, which
// are letters, marks, digits, symbols, punctuation and spaces of any
// script, at least one of them visible and the first no accent, but
// no character Rune refuses; and no word that reads as a key's
// tag (a symbol and hex digits: "♠721fda"), nor a name that reads as
// a word the tables name a seat by (reserved) or as another of their
// labels (label).
func Normal(name string) (string, error) {
	n := strings.TrimSpace(norm.NFKC.String(name))
	if n == "" {
		return "", errors.New("a name needs at least one letter")
	}
	marks, seen, prev := 0, false, rune(0)
	for _, r := range n {
		if err := Rune(r); err != nil {
			return "", err
		}
		if unicode.Is(unicode.M, r) {
			if !seen {
				return "", errors.New("a name may not begin with an accent: it would sit on what the screen shows before it")
			}
			if wide(prev) {
				// Nothing to combine with (FromLogin says why).
				return "", fmt.Errorf("a name may not put an accent on %q: terminals draw it there at different places", prev)
			}
			if marks++; marks > 2 {
				return "", errors.New("a name may not stack more than two accents on one letter")
			}
		} else {
			marks, seen, prev = 0, seen || r != ' ', r
		}
	}
	if len([]rune(n)) > Max {
		return "", fmt.Errorf("a name holds at most %d characters", Max)
	}
	for _, w := range strings.Fields(n) {
		if readsAsTag(w) {
			return "", fmt.Errorf("a name may not hold %q: it reads as the tag of a key", w)
		}
	}
	if reserved(n) {
		return "", fmt.Errorf("%q is what the tables call you or a bot: choose another name", n)
	}
	if err := label(n); err != nil {
		return "", err
	}
	if strings.Contains(Skeleton(n), Skeleton("watching")) {
		return "", errors.New(`a name may not say "watching": the talk marks a spectator's lines so`)
	}
	return n, nil
}

// Rune says why r may not stand in a name (NFKC-normalised), or nil:
//   - a control, format (zero-width, joiners, the byte order mark),
//     bidirectional, line or paragraph separator, private-use,
//     unassigned or other default-ignorable character, or a space other
//     than U+0020: invisible, or a terminal obeys it rather than shows it;
//   - a blank-looking one (blank): a name of them reads as no name;
//   - one whose width terminals disagree on (unsureWidth);
//   - a Hangul jamo left alone by NFKC, not joined into a syllable:
//     terminals disagree on a run of them, one syllable of two cells in
//     some, two cells for each leading jamo in others (the precomposed
//     syllables, "한", are letters like any other);
//   - an opening or closing bracket of any kind: the talk marks a
//     spectator "(watching)" after the name, which nobody may forge;
//   - '#' or a character that reads as it ('♯', '⌗'...): others read a
//     key's tag after it (Label), which nobody may forge.
func Rune(r rune) error {
	switch {
	case r == ' ':
		return nil
	case blank(r):
		return fmt.Errorf("a name may not hold %U: it shows as a blank", r)
	case unicode.IsSpace(r), unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp, unicode.Zs),
		r == unicode.ReplacementChar, !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S),
		unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) && !unsureWidth(r):
		return fmt.Errorf("a name may not hold %U: an invisible or text-reordering character", r)
	case unsureWidth(r):
		return fmt.Errorf("a name may not hold %U: terminals draw it, and the emoji before it, at different widths", r)
	case jamo(r):
		return fmt.Errorf("a name may not hold %U, a Hangul letter not joined into a syllable: terminals draw it at different widths", r)
	case unicode.In(r, unicode.Ps, unicode.Pe), r >= 0x239b && r <= 0x23ad: // and the pieces of tall brackets
		return fmt.Errorf("a name may not hold %q: no brackets, the screens write marks such as \"(you)\" and \"(watching)\" after names", r)
	case strings.ContainsRune(hashLike, r):
		return fmt.Errorf("a name may not hold %q: it reads as the # of a key's tag", r)
	}
	return nil
}

// hashLike holds '#' and the characters that read as it.
const hashLike = "#＃﹟♯⌗⋕ǂ⧣⧥⧺⩨⩩"

// blank reports whether r shows as nothing though it is no space nor
// format character: the Hangul fillers (letters by category), the blank
// braille pattern, the Khitan filler, the null notehead.
func blank(r rune) bool {
	switch r {
	case 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x16fe4, 0x1d159:
		return true
	}
	return false
}

// jamo reports whether r is a conjoining Hangul jamo (NFKC turns the
// compatibility and halfwidth jamo into these, and composes the modern
// ones that make a syllable into it).
func jamo(r rune) bool {
	return (r >= 0x1100 && r <= 0x11ff) || (r >= 0xa960 && r <= 0xa97f) || (r >= 0xd7b0 && r <= 0xd7ff)
}

// unsureWidth reports whether r changes the width of the character or
// emoji before it in some terminals and not in others: a variation
// selector (❤ made ❤️), a skin tone (👍🏽), a regional indicator (two
// make a flag), the keycap. A name holding one would shift every column
// after it on a screen that measured it otherwise (a seat's row, the
// talk's column).
func unsureWidth(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF) ||
		(r >= 0x1F3FB && r <= 0x1F3FF) || (r >= 0x1F1E6 && r <= 0x1F1FF) || r == 0x20E3
}

// readsAsTag reports whether the word w reads as a key's tag after a
// name: a symbol of any kind (a '#' the list in hashLike misses) and
// three or more characters that read as hex digits, one a digit, or six
// (a word such as "♠ace" reads as none); or, after at most two
// characters of any kind ("井", a letter that stands for '#' in some
// scripts), eight or more that read as hex digits, one a digit, as the
// tag's twelve do. Names hold such runs of digits and a-f rarely.
func readsAsTag(w string) bool {
	rs := []rune(w)
	hexTail := func(from int) (n int, digit bool) {
		for _, r := range skeletonOf(string(rs[from:]), false, false) {
			if !unicode.IsDigit(r) && (r < 'a' || r > 'f') {
				return 0, false
			}
			n, digit = n+1, digit || unicode.IsDigit(r)
		}
		return n, digit
	}
	if len(rs) >= 4 && unicode.Is(unicode.S, rs[0]) {
		if n, digit := hexTail(1); n >= 3 && (digit || n >= 6) {
			return true
		}
	}
	for lead := 0; lead <= 2 && lead < len(rs); lead++ {
		if n, digit := hexTail(lead); n >= 8 && digit {
			return true
		}
	}
	return false
}

// reserved reports whether name reads as a word the tables name a seat
// by that is no other person: "You" (each reader's own seat), the
// bots ("Bot", "Bot A" to "Bot D", botName) and "Klob" (the server's
// own lines in a table's talk), in any case or look-alike letters. Another person under one of them would pass for it.
//
// Look-alikes are known for Latin (the letters with a stroke, hook or
// bar, the small capitals: latinBase), Greek, Cyrillic and Armenian
// (confusable), the scripts most names that could pass for these words
// are written in. Other scripts are not tabled letter by letter:
// instead a letter of a script whose letters copy Latin capitals
// wholesale (Cherokee "Ꮯ", Coptic "Ⲥ", Lisu "ꓚ"...: mimics) stands
// for any letter here; so does, in a name that also holds a Latin
// letter, a symbol ("B○t") or a letter of any script but the tabled
// and the CJK ones (whose wide letters pass for no Latin one). So a
// short name in a mimic script is refused, a rare loss against a
// forged bot; names in one script that is no mimic ("Юля", "דנה",
// "王小明") are not.
func reserved(name string) bool {
	return readsLike(name, hasLatin(name), "you", "bot", "bota", "botb", "botc", "botd", "klob")
}

// hasLatin reports whether name holds a Latin letter.
func hasLatin(name string) bool {
	for _, r := range name {
		if unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}

// readsLike reports whether s reads as one of words by its skeleton
// (readsAs), and in a name with Latin letters (latin) by its skeleton
// with every mark and symbol kept too ("B○t").
func readsLike(s string, latin bool, words ...string) bool {
	return readsAs(Skeleton(s), latin, words...) || latin && readsAs(skeletonOf(s, true, true), true, words...)
}

// readsAs reports whether sk, a skeleton, reads as one of words (plain
// lower-case letters), each letter from a mimic and, in a name with
// Latin letters (latin), each untabled letter or symbol standing for
// any letter (reserved); in a skeleton of four letters at most, for
// a longer name in a mimic script would read as every word its length.
func readsAs(sk string, latin bool, words ...string) bool {
	rs := []rune(sk)
	wild := make([]bool, len(rs))
	for i, r := range rs {
		if len(rs) > 4 {
			break
		}
		wild[i] = unicode.In(r, mimics...) || latin && (unicode.Is(unicode.S, r) || r > unicode.MaxASCII && unicode.Is(unicode.N, r) || unicode.IsLetter(r) &&
			!unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Armenian,
				unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo))
	}
	for _, w := range words {
		if len(w) != len(rs) {
			continue
		}
		same := true
		for i := range rs {
			same = same && (wild[i] || rune(w[i]) == rs[i])
		}
		if same {
			return true
		}
	}
	return false
}

// rank reports whether name holds digits and no letter ("1.", "#2"):
// the standings number their places so.
func rank(name string) bool {
	digit := false
	for _, r := range name {
		if unicode.IsLetter(r) {
			return false
		}
		digit = digit || unicode.IsDigit(r)
	}
	return digit
}

// label says why name reads as another label the tables show beside
// or instead of a person's name, or nil: a last word "bot" or "bots"
// (a bot that plays for a person is "ann's bot", the bots of a level
// "normal bot"), a level's name alone ("normal"), a seat's role
// ("dealer", "maker", "partner"), "par" (the results' yardstick), a
// bot's seat ("West"), a card or cards (readsAsCards: "K♥", "7♠ 8♠",
// "KH"), a place in the standings ("1."), or the start of
// what the table says of a seat it waits for ("Waiting for ann").
// Words are compared as
// reserved compares them, look-alikes too; "Bot Bob" and "Robot" are
// names.
func label(name string) error {
	latin := hasLatin(name)
	is := func(s string, words ...string) bool { return readsLike(s, latin, words...) }
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || unicode.IsPunct(r) })
	switch {
	case len(words) > 1 && is(words[len(words)-1], "bot", "bots"):
		return errors.New(`a name may not end in "bot": the tables call a bot so ("ann's bot" plays for ann)`)
	case slices.ContainsFunc(ai.Levels, func(l ai.Level) bool { return is(name, string(l)) }):
		return fmt.Errorf("%q is the name of a level of the bots: choose another name", name)
	case is(name, "dealer", "maker", "partner"):
		return fmt.Errorf("%q is what the tables call a seat's role: choose another name", name)
	case is(name, "par"):
		return fmt.Errorf("%q is the result every board is compared with: choose another name", name)
	case is(name, "north", "east", "south", "west"):
		return fmt.Errorf("%q is what the tables call a bot's seat: choose another name", name)
	case readsAsCards(name) == 1:
		return fmt.Errorf("%q reads as a card: the tables write cards so, choose another name", name)
	case readsAsCards(name) > 1:
		return fmt.Errorf("%q reads as cards: the tables write cards so, choose another name", name)
	case rank(name):
		return fmt.Errorf("%q reads as a place in the standings: a name needs a letter", name)
	case strings.HasPrefix(Skeleton(name), Skeleton("waiting for")):
		return errors.New(`a name may not begin "Waiting for": the table says so of a seat it waits for`)
	}
	return nil
}

// readsAsCards reports whether name reads as the cards the tables
// write ("maker K♥", "you 9♦, ann K♥ 9♣"): the whole name, spaces and
// punctuation left out, is one card or more, or one word of it (words
// split at spaces and punctuation) is, by the same rules, as "eve KH"
// reads as eve and a card on the ascii screens; or a word begins with
// a rank and a suit symbol ("K♥ann"). A card is a rank (7, 8, 9, 10, T,
// J, Q, K, A, in any case, look-alike letters too) and a suit: a suit
// symbol, black or white ("K♥", "k♡", "10♦"), or the letter the ascii
// screens write ("10H", "JS"): after a digit in any case ("10h", "9c"),
// after a letter only a capital ("KH", "AS"). So "As", "Ah" and "Jo"
// stay names, and "As you like", as the screens never write a card so;
// "AC" is the ascii A♣ alone or in a longer name ("AC Milan"). It
// returns how many cards the name reads as, 0 for none.
func readsAsCards(name string) int {
	n := norm.NFKC.String(name)
	if c := wordCards(n); c > 0 {
		return c
	}
	total := 0
	for _, w := range strings.FieldsFunc(n, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }) {
		c := wordCards(w)
		if c == 0 && symbolLead(w) {
			c = 1
		}
		total += c
	}
	return total
}

// wordCards is how many cards s, a name or one word of it, reads as
// (readsAsCards): its letters, digits and symbols together, or, with a
// suit symbol, its skeleton, in which the case of the rank does not
// matter and a look-alike letter ("К♥" with a Cyrillic К) reads as the
// rank.
func wordCards(s string) int {
	if c := cards(keepLettersDigitsSymbols(s)); c > 0 {
		return c
	}
	if sk := skeletonOf(s, false, true); strings.ContainsAny(sk, cardSuits) {
		return cards(sk)
	}
	return 0
}

// symbolLead reports whether the word w begins with a rank and a suit
// symbol ("K♥ann", "10♦x"): the card reads apart from the letters
// glued to it. An ascii card so glued ("KHAN") is a name.
func symbolLead(w string) bool {
	rs := []rune(skeletonOf(w, false, true))
	for i := 2; i <= 3 && i <= len(rs); i++ {
		if strings.ContainsRune(cardSuits, rs[i-1]) && cards(string(rs[:i])) == 1 {
			return true
		}
	}
	return false
}

// cardSuits are the suit symbols, black and white.
const cardSuits = "♠♥♦♣♤♡♢♧"

// keepLettersDigitsSymbols is s without its spaces and punctuation.
func keepLettersDigitsSymbols(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.S) {
			return r
		}
		return -1
	}, s)
}

// cards is how many cards s is, written together, each a rank and a
// suit (readsAsCards); 0 when s is not cards alone.
func cards(s string) int {
	rs := []rune(s)
	n := 0
	for i := 0; i < len(rs); n++ {
		letter := false
		switch r := rs[i]; {
		case r == '1' && i+1 < len(rs) && rs[i+1] == '0':
			i += 2
		case r == '7' || r == '8' || r == '9':
			i++
		case strings.ContainsRune("TJQKAtjqka", r):
			letter = true
			i++
		default:
			return 0
		}
		if i == len(rs) {
			return 0
		}
		switch r := rs[i]; {
		case strings.ContainsRune(cardSuits, r):
		case strings.ContainsRune("SHDC", r):
		case strings.ContainsRune("shdc", r) && !letter:
		default:
			return 0
		}
		i++
	}
	return n
}

// mimics are the scripts whose letters copy many Latin capitals.
var mimics = []*unicode.RangeTable{
	unicode.Cherokee, unicode.Coptic, unicode.Lisu, unicode.Canadian_Aboriginal, unicode.Runic,
	unicode.Old_Italic, unicode.Gothic, unicode.Carian, unicode.Lycian, unicode.Osage,
	unicode.Tifinagh, unicode.Deseret, unicode.Warang_Citi,
}

// confusable maps letters of other scripts that look like Latin ones
// (and digits that look like letters) to them, for Skeleton.
var confusable = map[rune]rune{
	// Cyrillic.
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'і': 'l', 'ї': 'l', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w',
	'ь': 'b', 'г': 'r', 'п': 'n', 'ъ': 'b', 'ү': 'y', 'ұ': 'y', 'ҫ': 'c', 'ҭ': 't', 'ө': 'o',
	// Armenian.
	'ո': 'n', 'օ': 'o', 'ս': 'u', 'հ': 'h', 'ց': 'g', 'զ': 'q',
	// Greek.
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'n', 'ι': 'l', 'κ': 'k', 'μ': 'm', 'ν': 'v', 'ο': 'o', 'ρ': 'p',
	'τ': 't', 'υ': 'u', 'χ': 'x', 'ω': 'w', 'γ': 'y', 'ϲ': 'c', 'ϐ': 'b', 'σ': 'o',
	// Latin look-alikes and digits.
	'ɑ': 'a', 'ɡ': 'g', 'ı': 'l', 'i': 'l', '1': 'l', '|': 'l', '0': 'o', '5': 's', 'ɵ': 'o',
}

// capitals maps the Greek capitals that copy a Latin capital their
// small letter does not ("Υ" is a Y, "υ" a u), for Skeleton, before it
// lowers the case: else "Υou" would pass for a name other than "You".
var capitals = map[rune]rune{'Η': 'h', 'Ν': 'n', 'Υ': 'y', 'ϒ': 'y'}

// latinBase maps the Latin letters NFKD leaves whole but that read as
// a plain one (with a stroke, hook or bar, small capitals: "ƀ", "ᴄ") to
// it, in pairs, for Skeleton; capitals are lowered first. Made of the
// letters named "LATIN ... LETTER X WITH ..." and "... SMALL CAPITAL X".
var latinBase = func() map[rune]rune {
	rs := []rune(
		"øođdħhłlŧtƀbƃbƈcƌdƒfƙkƚlƞnƥpƫtƭtƴyƶzǥgǿoȡdȥzȴlȵnȶtȼcȿsɀzɇeɉj" +
			"ɋqɍrɏyɓbɕcɖdɗdɠgɢgɦhɨiɪiɫlɬlɭlɱmɲnɳnɴnɼrɽrɾrʀrʂsʈtʋvʏyʐzʑzʙb" +
			"ʛgʜhʝjʟlʠqᴀaᴄcᴅdᴇeᴊjᴋkᴌlᴍmᴏoᴑoᴓoᴘpᴛtᴜuᴠvᴡwᴢzᵬbᵭdᵮfᵯmᵰnᵱpᵲrᵳrᵴsᵵt" +
			"ᵶzᵻiᵽpᵾuᶀbᶁdᶂfᶃgᶄkᶅlᶆmᶇnᶈpᶉrᶊsᶌvᶍxᶎzᶏaᶑdᶒeᶖiᶙuỿyⱡlⱥaⱦtⱨhⱪkⱬz" +
			"ⱱvⱳwⱴvⱸeⱺoꜰfꜱsꝁkꝃkꝅkꝉlꝋoꝍoꝑpꝓpꝕpꝗqꝙqꝟvꞎlꞑnꞓcꞔcꞕhꞗbꞙfꞡgꞣkꞥnꞧr" +
			"ꞩsꞯqꞹuꟈdꟊsꬴeꬷlꬸlꬹlꬺmꬻnꭆrꭉrꭎuꭒuꭖxꭗxꭘxꭙxꭚy𝼄l𝼉t𝼑l𝼓l𝼖r𝼚i𝼛o𝼝c𝼞s")
	m := make(map[rune]rune, len(rs)/2)
	for i := 0; i+1 < len(rs); i += 2 {
		m[rs[i]] = rs[i+1]
	}
	return m
}()

// Skeleton is what two names that look alike share: NFKC, lower case,
// look-alike letters mapped to one, accents, spaces and punctuation
// dropped.
func Skeleton(name string) string { return skeletonOf(name, true, false) }

// skeletonOf is Skeleton; digits are kept as they are unless digits
// is true (then "0" is "o", "1" and "5" read as "l" and "s"), and
// symbols are kept too when symbols is true.
func skeletonOf(name string, digits, symbols bool) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(norm.NFKC.String(name)) {
		if c, ok := capitals[r]; ok {
			r = c
		}
		r = unicode.ToLower(r)
		if c, ok := latinBase[r]; ok {
			r = c
		}
		if c, ok := confusable[r]; ok && (digits || !unicode.IsDigit(r)) {
			r = c
		}
		if unicode.In(r, unicode.L, unicode.N) || symbols && unicode.Is(unicode.S, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Likeness is what names that look alike share, to compare whole names
// by (the club's members, the daily's standings): the skeleton, or for
// a name of symbols alone ("♥♥") the symbols, as such names all have
// the empty skeleton and one would otherwise look like them all.
func Likeness(name string) string {
	if sk := Skeleton(name); sk != "" {
		return sk
	}
	return skeletonOf(name, true, true)
}
