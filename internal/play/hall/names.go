package hall

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/klob/klob/ai"
)

// The names people read of each other. A name is what a person chose,
// checked and normalised by NormalName: no character a terminal obeys
// rather than shows, or that hides or reorders the text around it. Two
// keys can still come in under one name (their SSH user names), or
// names that look alike ("alice" and "аlice" with a Cyrillic а): while
// both are connected (or hold seats at one table), everyone reads each
// with a short tag of its key beside it. A name a member of the club,
// or a person at a table, goes by is theirs alone (members, below).

// MaxName is the most characters a name holds.
const MaxName = 24

// NormalName returns name fit to show to others: NFKC-normalised (the
// fullwidth, ligature and other compatibility forms become the plain
// letters they stand for) and trimmed; 1 to MaxName characters, which
// are letters, marks, digits, symbols, punctuation and spaces of any
// script, at least one of them visible and the first no accent, but
// no character NameRune refuses; and no word that reads as a key's
// tag (a symbol and hex digits: "♠721fda"), nor a name that reads as
// a word the tables name a seat by (reserved) or as another of their
// labels (label).
func NormalName(name string) (string, error) {
	n := strings.TrimSpace(norm.NFKC.String(name))
	if n == "" {
		return "", errors.New("a name needs at least one letter")
	}
	marks, seen := 0, false
	for _, r := range n {
		if err := NameRune(r); err != nil {
			return "", err
		}
		if unicode.Is(unicode.M, r) {
			if !seen {
				return "", errors.New("a name may not begin with an accent: it would sit on what the screen shows before it")
			}
			if marks++; marks > 2 {
				return "", errors.New("a name may not stack more than two accents on one letter")
			}
		} else {
			marks, seen = 0, seen || r != ' '
		}
	}
	if len([]rune(n)) > MaxName {
		return "", fmt.Errorf("a name has at most %d letters", MaxName)
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
	if strings.Contains(skeleton(n), skeleton("watching")) {
		return "", errors.New(`a name may not say "watching": the talk marks a spectator's lines so`)
	}
	return n, nil
}

// NameRune says why r may not stand in a name (NFKC-normalised), or nil:
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
func NameRune(r rune) error {
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
		return fmt.Errorf("a name may not hold %q: no brackets, the talk writes \"(watching)\" after a spectator's name", r)
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
// by that is no other person: "You" (each reader's own seat) and the
// bots ("Bot", "Bot A" to "Bot D", botName), in any case or look-alike
// letters. Another person under one of them would pass for it.
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
	return readsLike(name, hasLatin(name), "you", "bot", "bota", "botb", "botc", "botd")
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
	return readsAs(skeleton(s), latin, words...) || latin && readsAs(skeletonOf(s, true, true), true, words...)
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

// label says why name reads as another label the tables show beside
// or instead of a person's name, or nil: a last word "bot" or "bots"
// (a bot that plays for a person is "ann's bot", the bots of a level
// "normal bot"), a level's name alone ("normal"), a seat's role
// ("dealer", "maker", "partner"), or the start of what the table says
// of a seat it waits for ("Waiting for ann"). Words are compared as
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
	case strings.HasPrefix(skeleton(name), skeleton("waiting for")):
		return errors.New(`a name may not begin "Waiting for": the table says so of a seat it waits for`)
	}
	return nil
}

// mimics are the scripts whose letters copy many Latin capitals.
var mimics = []*unicode.RangeTable{
	unicode.Cherokee, unicode.Coptic, unicode.Lisu, unicode.Canadian_Aboriginal, unicode.Runic,
	unicode.Old_Italic, unicode.Gothic, unicode.Carian, unicode.Lycian, unicode.Osage,
	unicode.Tifinagh, unicode.Deseret, unicode.Warang_Citi,
}

// confusable maps letters of other scripts that look like Latin ones
// (and digits that look like letters) to them, for skeleton.
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
// small letter does not ("Υ" is a Y, "υ" a u), for skeleton, before it
// lowers the case: else "Υou" would pass for a name other than "You".
var capitals = map[rune]rune{'Η': 'h', 'Ν': 'n', 'Υ': 'y', 'ϒ': 'y'}

// latinBase maps the Latin letters NFKD leaves whole but that read as
// a plain one (with a stroke, hook or bar, small capitals: "ƀ", "ᴄ") to
// it, in pairs, for skeleton; capitals are lowered first. Made of the
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

// skeleton is what two names that look alike share: NFKC, lower case,
// look-alike letters mapped to one, accents, spaces and punctuation
// dropped.
func skeleton(name string) string { return skeletonOf(name, true, false) }

// skeletonOf is skeleton; digits are kept as they are unless digits
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

// TagLen is the number of hex digits in a key's tag: 48 bits, so that
// making a key whose tag is another's takes years of guessing, where
// 24 bits took a minute.
const TagLen = 12

// KeyTag is the tag of a player's key shown beside a name that another
// key shares: the first TagLen digits of the key's fingerprint.
func KeyTag(id string) string {
	if len(id) > TagLen {
		return id[:TagLen]
	}
	return id
}

// Who names a person in the server's log: their name, quoted, and
// their key's tag as the lobby shows it (KeyTag), so that the operator
// tells apart two keys by one name, and finds the key (the tag begins
// the key's hex id, which names players/<id> and the database's rows).
func Who(p Player) string {
	return fmt.Sprintf("%q #%s", p.Name, KeyTag(p.ID))
}

// Visit is one connection of a person to the hall (their lobby): the
// names of the people connected are compared with each other, so two
// keys under one name are told apart; and a person's game alone, kept
// in one directory per key, is played in one of their connections at a
// time (HoldGame, TakeGame).
type Visit struct {
	h *Hall
	p Player
	// kick asks the connection to leave its game alone (its lobby's
	// message); holding and since say whether it has it open, from
	// when. Under h.present.mu.
	kick    func()
	holding bool
	since   time.Time
}

// presence is who is connected.
type presence struct {
	mu     sync.Mutex
	visits map[*Visit]bool
}

// Visit registers a connection of p (a guest, ID "", is not: nobody
// reads a guest's name, and a guest's games are not kept); kick asks
// the connection to leave its game alone for another of the same key
// (TakeGame). Leave ends the visit.
func (h *Hall) Visit(p Player, kick func()) *Visit {
	v := &Visit{h: h, p: p, kick: kick}
	if p.ID == "" {
		return v
	}
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	if h.present.visits == nil {
		h.present.visits = map[*Visit]bool{}
	}
	h.present.visits[v] = true
	return v
}

// Rename says the person of v goes by name now: in the hall's list of
// who is connected, at every seat they hold (Table.rename), and among
// the club's members if they are one. A name another person the hall
// knows goes by (NameFree), or another key connected now, is refused,
// and nothing changes: to a guest as to a key.
func (v *Visit) Rename(name string) error {
	if err := v.h.nameFree(v.p.ID, name, true); err != nil {
		return err
	}
	v.h.members.rename(v.p.ID, name)
	v.h.present.mu.Lock()
	old := v.p
	v.p.Name = name
	id := v.p.ID
	v.h.present.mu.Unlock()
	if id == "" || old.Name == name {
		return nil
	}
	v.h.cfg.Logf("%s renamed themselves %q", Who(old), name)
	// Not under present.mu: a table's lock is taken before it (Label).
	for _, t := range v.h.all() {
		t.rename(id, name)
	}
	return nil
}

// Leave ends the visit.
func (v *Visit) Leave() {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	delete(v.h.present.visits, v)
}

// HoldGame says whether the connection has the person's game alone
// open.
func (v *Visit) HoldGame(on bool) {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	v.holding = on
	if on {
		v.since = v.h.cfg.Clock.Now()
	}
}

// GameElsewhere reports whether another connection of the same key has
// the person's game alone open, and since when.
func (v *Visit) GameElsewhere() (since time.Time, ok bool) {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	for o := range v.h.present.visits {
		if o != v && o.p.ID == v.p.ID && o.holding {
			return o.since, true
		}
	}
	return time.Time{}, false
}

// TakeGame asks every other connection of the same key that has the
// game alone open to leave it (their kick); they let it go on their
// own goroutines, after its last save.
func (v *Visit) TakeGame() {
	v.h.present.mu.Lock()
	var kicks []func()
	for o := range v.h.present.visits {
		if o != v && o.p.ID == v.p.ID && o.holding && o.kick != nil {
			kicks = append(kicks, o.kick)
		}
	}
	v.h.present.mu.Unlock()
	for _, k := range kicks {
		k()
	}
}

// Label is how others read p: the name, and beside it the key's tag
// when another key connected, or among also (the seats of a table),
// has a name that looks the same.
func (h *Hall) Label(p Player, also []Player) string {
	if p.ID == "" || !h.shared(p, also) {
		return p.Name
	}
	return p.Name + " #" + KeyTag(p.ID)
}

// seatLabel is how a game names p for good (its players, its log, the
// histories): the name, with the key's tag only when another of its
// seats, also, goes by a name that looks the same. A namesake elsewhere
// in the hall tags p in the lists (Label) while connected, never in the
// game's log.
func seatLabel(p Player, also []Player) string {
	if p.ID == "" || !sharedAmong(p, also) {
		return p.Name
	}
	return p.Name + " #" + KeyTag(p.ID)
}

// sharedAmong reports whether another key than p's among also goes by
// a name that looks like p's.
func sharedAmong(p Player, also []Player) bool {
	sk := skeleton(p.Name)
	for _, o := range also {
		if o.ID != "" && o.ID != p.ID && skeleton(o.Name) == sk {
			return true
		}
	}
	return false
}

// shared reports whether another key than p's goes by a name that
// looks like p's.
func (h *Hall) shared(p Player, also []Player) bool {
	if sharedAmong(p, also) {
		return true
	}
	sk := skeleton(p.Name)
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	for v := range h.present.visits {
		if v.p.ID != p.ID && skeleton(v.p.Name) == sk {
			return true
		}
	}
	return false
}

// The names of the club's members: a name a member's key goes by (its
// row in the club's database) is theirs, and no other key, nor a
// guest, may take it or a name that looks like it, even while they are
// away; otherwise anyone could play, talk and stand in the
// leaderboards as them. The server tells the hall each member's name
// (Member), all at its start and then as the database changes, so a
// name is checked in memory, never waiting for the database. A person
// the club does not count yet, in their first game, holds their name
// as a member does: it is their seat's at a table of the hall (and
// the club's once the game is filed), and while they are connected
// nobody renames themselves to it (NameFree).

// members is the names of the club's members.
type members struct {
	mu    sync.Mutex
	names map[string]string          // by key
	keys  map[string]map[string]bool // the keys by the skeleton of their name
}

// Member notes that key, a member of the club, goes by name now.
func (h *Hall) Member(key, name string) {
	if key == "" {
		return
	}
	m := &h.members
	m.mu.Lock()
	defer m.mu.Unlock()
	m.set(key, name)
}

// rename notes the new name of key if it is a member's (the database
// learns it a moment later, and tells Member the same).
func (m *members) rename(key, name string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.names[key]; ok {
		m.set(key, name)
	}
}

// set makes name the name of key; m.mu is held.
func (m *members) set(key, name string) {
	if m.names == nil {
		m.names, m.keys = map[string]string{}, map[string]map[string]bool{}
	}
	if old, ok := m.names[key]; ok {
		sk := memberSkeleton(old)
		delete(m.keys[sk], key)
		if len(m.keys[sk]) == 0 {
			delete(m.keys, sk)
		}
	}
	m.names[key] = name
	sk := memberSkeleton(name)
	if m.keys[sk] == nil {
		m.keys[sk] = map[string]bool{}
	}
	m.keys[sk][key] = true
}

// TakenError refuses a name another member of the club, or another
// person here, goes by.
type TakenError struct {
	Name   string // the name asked for
	Member string // the other's name it is, or looks like
	// Here says the other is no member yet: a person at a table of the
	// hall, or connected.
	Here bool
}

// Error quotes the name as typed (a sentence would capitalise it) and,
// for a look-alike, the other's name it is taken for.
func (e *TakenError) Error() string {
	if e.Member == "" || e.Member == e.Name {
		return fmt.Sprintf("%q is the name of %s: choose another", e.Name, e.Whose())
	}
	return fmt.Sprintf("%q looks like %q, the name of %s: choose another", e.Name, e.Member, e.Whose())
}

// Whose says whose name it is: "another member of this club", or
// "another player here".
func (e *TakenError) Whose() string {
	if e.Here {
		return "another player here"
	}
	return "another member of this club"
}

// NameFree says whether the person of key (a guest: "") may go by name:
// a *TakenError when another member of the club, or another person
// holding a seat at a table of the hall (their first game is not filed
// yet), goes by a name that looks like it, unless one of the key's own
// names there looks like it too (two who went by one name before it
// was theirs alone keep it).
func (h *Hall) NameFree(key, name string) error { return h.nameFree(key, name, false) }

// nameFree is NameFree; connected counts the keys connected too.
func (h *Hall) nameFree(key, name string, connected bool) error {
	sk := memberSkeleton(name)
	e := &TakenError{Name: name}
	own := false
	// other notes p if they go by a name like name; here: found at a
	// table or connected, not among the members.
	other := func(p Player, here bool) {
		switch {
		case p.ID == "" || memberSkeleton(p.Name) != sk:
		case p.ID == key:
			own = true
		case e.Member == "" || e.Here && !here || e.Here == here && p.Name < e.Member: // a member's first, then the same one each time
			e.Member, e.Here = p.Name, here
		}
	}
	// One lock at a time: a table's is taken before present.mu (Label).
	m := &h.members
	m.mu.Lock()
	for k := range m.keys[sk] {
		other(Player{ID: k, Name: m.names[k]}, false)
	}
	m.mu.Unlock()
	for _, t := range h.all() {
		t.mu.Lock()
		for _, p := range t.people() {
			other(p, true)
		}
		t.mu.Unlock()
	}
	if connected {
		h.present.mu.Lock()
		for v := range h.present.visits {
			other(v.p, true)
		}
		h.present.mu.Unlock()
	}
	if e.Member == "" || own && key != "" {
		return nil
	}
	return e
}

// memberSkeleton is the skeleton of a member's name, or of a name of
// symbols alone ("♥♥") the symbols: such names all have the empty
// skeleton, and one member's would otherwise take them all.
func memberSkeleton(name string) string {
	if sk := skeleton(name); sk != "" {
		return sk
	}
	return skeletonOf(name, true, true)
}
