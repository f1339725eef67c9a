package hall

import (
	"errors"
	"fmt"
	"strings"
	"sync"
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
// unassigned character, nor a space other than U+0020.
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
			return "", fmt.Errorf("a name may not hold the character %U: it is invisible or changes how the text around it shows", r)
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
	return n, nil
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
// keys under one name are told apart.
type Visit struct {
	h *Hall
	p Player
}

// presence is who is connected.
type presence struct {
	mu     sync.Mutex
	visits map[*Visit]bool
}

// Visit registers a connection of p (a guest, ID "", is not: nobody
// reads a guest's name); Leave ends it.
func (h *Hall) Visit(p Player) *Visit {
	v := &Visit{h: h, p: p}
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

// Rename says the person of v goes by name now.
func (v *Visit) Rename(name string) {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	v.p.Name = name
}

// Leave ends the visit.
func (v *Visit) Leave() {
	v.h.present.mu.Lock()
	defer v.h.present.mu.Unlock()
	delete(v.h.present.visits, v)
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

// shared reports whether another key than p's goes by a name that
// looks like p's.
func (h *Hall) shared(p Player, also []Player) bool {
	sk := skeleton(p.Name)
	for _, o := range also {
		if o.ID != "" && o.ID != p.ID && skeleton(o.Name) == sk {
			return true
		}
	}
	h.present.mu.Lock()
	defer h.present.mu.Unlock()
	for v := range h.present.visits {
		if v.p.ID != p.ID && skeleton(v.p.Name) == sk {
			return true
		}
	}
	return false
}
