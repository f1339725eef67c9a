package hall

import (
	"errors"
	"fmt"
	"time"

	"github.com/klob/klob/internal/serve/chat"
)

// Looking a table up by its code (Lookup) is rate-limited: a code that
// names no table is a guess, and the guesses one address (an IPv4
// address, an IPv6 /64) and one key may make are bounded, so that
// trying the 331,776 codes of four letters takes weeks (the figures are
// in docs/experiments/2026-12-01-club-load.md). A code that names a
// table costs nothing, nor does a text that is no code at all.

// GuessLimit bounds the wrong codes: Burst at once, then one every
// Every, for each address and each key.
type GuessLimit struct {
	Burst int
	Every time.Duration
}

// The defaults of GuessLimit: ten wrong codes at once, then one every
// ten seconds.
const (
	DefaultGuessBurst = 10
	DefaultGuessEvery = 10 * time.Second
)

// CodeSpace is the number of table codes: four of the code letters.
const CodeSpace = len(CodeLetters) * len(CodeLetters) * len(CodeLetters) * len(CodeLetters)

// Seeker is who looks a code up: their key (ID, "" for a guest) and
// their address as the server's limits count it.
type Seeker struct {
	ID, Addr string
}

// ErrBadCode refuses a text that is no table code.
var ErrBadCode = fmt.Errorf("a table code is four letters (such as KQXM)")

// TooManyGuessesError refuses a lookup after too many wrong codes.
type TooManyGuessesError struct {
	Wait time.Duration
}

func (e *TooManyGuessesError) Error() string {
	return "too many wrong table codes from your address or key: try again in " + waitWords(e.Wait)
}

// Lookup finds the table of code for who, within the guesses allowed:
// a code naming no table is charged to who's address and key, and once
// either has none left the lookup is refused (*TooManyGuessesError)
// without looking.
func (h *Hall) Lookup(who Seeker, code string) (*Table, error) {
	c := normalCode(code)
	if len(c) != 4 || len(code) > 16 {
		return nil, ErrBadCode
	}
	keys := who.keys()
	now := h.cfg.Clock.Now()
	if wait := h.guesses.Wait(now, keys...); wait > 0 {
		return nil, &TooManyGuessesError{Wait: wait}
	}
	t, err := h.Find(c)
	if errors.Is(err, ErrNoTable) {
		h.guesses.Charge(now, keys...)
	}
	return t, err
}

// keys are the buckets who's guesses are charged to.
func (who Seeker) keys() []string {
	var k []string
	if who.Addr != "" {
		k = append(k, "addr "+who.Addr)
	}
	if who.ID != "" {
		k = append(k, "key "+who.ID)
	}
	return k
}

// newGuesses is a token bucket per address and per key: a guess is
// allowed while every bucket of the seeker holds one.
func newGuesses(l GuessLimit, base time.Time) *chat.Limiter {
	if l.Burst <= 0 {
		l.Burst = DefaultGuessBurst
	}
	if l.Every <= 0 {
		l.Every = DefaultGuessEvery
	}
	return chat.NewLimiter(l.Burst, l.Every, base)
}
