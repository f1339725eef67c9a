package session

import (
	"fmt"
	"strconv"

	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// SeedError says how a seed fails to deal a game: the deal where it
// first differs from the log (0 for the first dealer) and what differs.
type SeedError struct {
	Seed uint64
	Deal int
	// Msg says what the seed does instead: "it draws another deck for
	// deal 3".
	Msg string
}

func (e *SeedError) Error() string {
	return fmt.Sprintf("seed %d does not deal this game: %s", e.Seed, e.Msg)
}

// CheckSeed reports whether seed deals the game r replays, as a Session
// deals it: the first dealer (FirstDealerOf), the deck of every deal
// (Deck) and every chance step (Chance, uniformly among the legal
// draws). It returns nil when it does, else a *SeedError at the first
// difference. A board's game (Config.Board) is drawn from no seed: it
// is not for CheckSeed.
func CheckSeed(seed uint64, r *gamelog.Replay) error {
	bad := func(deal int, format string, args ...any) error {
		return &SeedError{Seed: seed, Deal: deal, Msg: fmt.Sprintf(format, args...)}
	}
	if want, got := FirstDealerOf(seed, r.Players()), r.Header.FirstDealer; got != want {
		return bad(0, "it has seat %s deal first, the log %s", want, got)
	}
	for i := range r.Deals {
		rd := &r.Deals[i]
		if rd.Deck != Deck(seed, rd.No) {
			return bad(rd.No, "it draws another deck for deal %d", rd.No)
		}
		d := rd.At(0)
		for j, st := range rd.Steps {
			if st.Seat == rules.ChanceSeat {
				// A shlomo's card drawn from the hand on the declarer's left.
				legal := d.Legal()
				if want := legal[Chance(seed, rd.No, j).IntN(len(legal))]; st.Action != want {
					return bad(rd.No, "in deal %d it draws the shlomo's %s, not %s",
						rd.No, want.Card.Pretty(false), st.Action.Card.Pretty(false))
				}
			}
			d.ApplyUnchecked(st.Action)
		}
	}
	return nil
}

// resumeSeed is the seed a game resumed from l (replayed as r) draws
// its decks and chance steps from, and whether it deals the whole game
// (Session.SeedKnown). The log's Seed tag is trusted only when
// CheckSeed finds it deals every deal the log holds: a tag edited, or
// not a number, claims nothing. A log without a seed it can trust and
// with a deal goes on from logSeed, derived from its first deck; one
// with no deal yet from fallback (Config.Seed).
func resumeSeed(l *gamelog.Log, r *gamelog.Replay, fallback uint64) (seed uint64, known bool) {
	if v, err := strconv.ParseUint(l.Header.Tag(SeedTag), 10, 64); err == nil && CheckSeed(v, r) == nil {
		return v, true
	}
	if len(r.Deals) == 0 {
		return fallback, false
	}
	return logSeed(r.Deals[0].Deck), false
}

// logSeed derives a seed from a game's first deck. Every later save of
// the game keeps that deck, so a game whose seed is unknown deals the
// same decks however often it is saved and resumed, and its log alone
// says how it goes on, as a seed's game's does.
func logSeed(first rules.Deck) uint64 {
	z := uint64(0)
	for _, c := range first {
		z = seedmix.Mix(z, uint64(c)+1)
	}
	return z
}
