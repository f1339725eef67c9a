package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
)

// seedError checks the [Seed] tag of the log l, read from data at path
// and replayed as r, against the game: klob deals a game from its seed
// (session.New) and draws from it the first dealer, each deal's deck
// and each chance step, so the tag says which seed deals the game again
// (the game-over screen offers it). A log with no Seed tag claims
// nothing; a tournament's board (its Board tag) is one fixed deal,
// drawn from no seed, whatever its tag says. The error is a
// *gamelog.Error at the tag's value; nil when the seed deals the game.
func seedError(path string, data []byte, l *gamelog.Log, r *gamelog.Replay) error {
	tag := l.Header.Tag(session.SeedTag)
	if tag == "" && !hasTag(data, session.SeedTag) || l.Header.Tag(tourney.TagBoard) != "" {
		return nil
	}
	line, col := tagAt(data, session.SeedTag)
	bad := func(kind error, format string, args ...any) error {
		return &gamelog.Error{File: path, Line: line, Col: col, Err: kind,
			Msg: "tag " + session.SeedTag + ": " + fmt.Sprintf(format, args...)}
	}
	seed, err := strconv.ParseUint(tag, 10, 64)
	if err != nil || strconv.FormatUint(seed, 10) != tag {
		return bad(gamelog.ErrSyntax, "%q is not a seed: a whole number from 0 to %d", tag, uint64(1<<64-1))
	}
	if len(r.Deals) == 0 {
		return nil // nothing dealt yet
	}
	n := r.Players()
	if want := session.FirstDealerOf(seed, n); r.Deals[0].Dealer != want {
		return bad(gamelog.ErrMismatch, "seed %d does not deal this game: it has seat %s deal first, the log %s", seed, want, r.Deals[0].Dealer)
	}
	for i := range r.Deals {
		rd := &r.Deals[i]
		if rd.Deck != session.Deck(seed, rd.No) {
			return bad(gamelog.ErrMismatch, "seed %d does not deal this game: it draws another deck for deal %d", seed, rd.No)
		}
		d := rd.At(0)
		for j, st := range rd.Steps {
			if st.Seat == rules.ChanceSeat {
				legal := d.Legal()
				if want := legal[session.Chance(seed, rd.No, j).IntN(len(legal))]; st.Action != want {
					// A shlomo's card drawn from the hand on the declarer's left.
					return bad(gamelog.ErrMismatch, "seed %d does not deal this game: in deal %d it draws the shlomo's %s, not %s",
						seed, rd.No, want.Card.Pretty(false), st.Action.Card.Pretty(false))
				}
			}
			d.ApplyUnchecked(st.Action)
		}
	}
	return nil
}

// hasTag reports whether data has a tag line of name (an empty value
// reads as no tag from the header).
func hasTag(data []byte, name string) bool {
	line, _ := tagAt(data, name)
	return line > 0
}

// tagAt is where the value of the tag name is in data: its line and the
// column of its opening quote, as the log's errors give a tag's place;
// 0, 0 when no line holds the tag.
func tagAt(data []byte, name string) (line, col int) {
	for i, ln := range strings.Split(string(data), "\n") {
		t := strings.TrimLeft(ln, " \t")
		rest, ok := strings.CutPrefix(t, "["+name)
		if !ok || rest == "" || !strings.ContainsRune(" \t\"", rune(rest[0])) {
			continue
		}
		return i + 1, len(ln) - len(rest) + strings.IndexByte(rest, '"') + 1
	}
	return 0, 0
}
