package hall

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The names people read of each other. A name is what a person chose,
// checked and normalised by NormalName: no character a terminal obeys
// rather than shows, or that hides or reorders the text around it. Two
// keys can still choose one name, or names that look alike ("alice"
// and "аlice" with a Cyrillic а): while both are connected (or hold
// seats at one table), everyone reads each with a short tag of its key
// beside it.

// MaxName is the most characters a name holds.
const MaxName = 24

// NormalName returns name fit to show to others: NFKC-normalised (the
// fullwidth, ligature and other compatibility forms become the plain
// letters they stand for) and trimmed; 1 to MaxName characters, which
// are letters, marks, digits, symbols, punctuation and spaces of any
// script, but no control, format (zero-width, joiners, the byte order
// mark), bidirectional, line or paragraph separator, private-use or
// unassigned character, nor a space other than U+0020, nor one whose
// width terminals disagree on (unsureWidth).
func NormalName(name string) (string, error) {
	n := strings.TrimSpace(norm.NFKC.String(name))
	if n == "" {
		return "", errors.New("a name needs at least one letter")
	}
	marks := 0
	for _, r := range n {
		switch {
		case r == ' ':
		case unicode.IsSpace(r), unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp, unicode.Zs),
			r == unicode.ReplacementChar, !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S):
			return "", fmt.Errorf("a name may not hold %U: an invisible or text-reordering character", r)
		case unsureWidth(r):
			return "", fmt.Errorf("a name may not hold %U: terminals draw it, and the emoji before it, at different widths", r)
		}
		if unicode.Is(unicode.M, r) {
			if marks++; marks > 2 {
				return "", errors.New("a name may not stack more than two accents on one letter")
			}
		} else {
			marks = 0
		}
	}
	if len([]rune(n)) > MaxName {
		return "", fmt.Errorf("a name has at most %d letters", MaxName)
	}
	if reserved(n) {
		return "", fmt.Errorf("%q is what the tables call you or a bot: choose another name", n)
	}
	return n, nil
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

// reserved reports whether name reads as a word the tables name a seat
// by that is no other person: "You" (each reader's own seat) and the
// bots ("Bot", "Bot A" to "Bot D", botName), in any case or look-alike
// letters. Another person under one of them would pass for it.
func reserved(name string) bool {
	sk := skeleton(name)
	if sk == "you" || sk == "bot" {
		return true
	}
	return len(sk) == 4 && strings.HasPrefix(sk, "bot") && strings.ContainsRune("abcd", rune(sk[3]))
}

// confusable maps letters of other scripts that look like Latin ones
// (and digits that look like letters) to them, for skeleton.
var confusable = map[rune]rune{
	// Cyrillic.
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'і': 'l', 'ї': 'l', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w',
	'ь': 'b', 'г': 'r', 'п': 'n', 'ո': 'n',
	// Greek.
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'n', 'ι': 'l', 'κ': 'k', 'μ': 'm', 'ν': 'v', 'ο': 'o', 'ρ': 'p',
	'τ': 't', 'υ': 'u', 'χ': 'x', 'ω': 'w',
	// Latin look-alikes and digits.
	'ɑ': 'a', 'ɡ': 'g', 'ı': 'l', 'i': 'l', '1': 'l', '|': 'l', '0': 'o', '5': 's',
}

// skeleton is what two names that look alike share: NFKC, lower case,
// look-alike letters mapped to one, accents, spaces and punctuation
// dropped.
func skeleton(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(norm.NFKC.String(name)) {
		r = unicode.ToLower(r)
		if c, ok := confusable[r]; ok {
			r = c
		}
		if unicode.In(r, unicode.L, unicode.N) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// KeyTag is the short tag of a player's key shown beside a name that
// another key shares: the first six digits of the key's fingerprint.
func KeyTag(id string) string {
	if len(id) > 6 {
		return id[:6]
	}
	return id
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
// who is connected, and at every seat they hold (Table.rename).
func (v *Visit) Rename(name string) {
	v.h.present.mu.Lock()
	v.p.Name = name
	id := v.p.ID
	v.h.present.mu.Unlock()
	if id == "" {
		return
	}
	// Not under present.mu: a table's lock is taken before it (Label).
	for _, t := range v.h.all() {
		t.rename(id, name)
	}
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
