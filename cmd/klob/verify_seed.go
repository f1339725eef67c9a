package main

import (
	"fmt"
	"strconv"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/tourney"
)

// seedError checks the [Seed] tag of the log l, read from data at path
// and replayed as r, against the game: the tag says which seed deals
// the game again (the game-over screen offers it), so it must deal it
// as a session does (session.CheckSeed). A log with no Seed tag claims
// nothing; a tournament's board (its Board tag) is one fixed deal,
// drawn from no seed, whatever its tag says. The error is a
// *gamelog.Error at the tag's value; nil when the seed deals the game.
func seedError(path string, data []byte, l *gamelog.Log, r *gamelog.Replay) error {
	tag := l.Header.Tag(session.SeedTag)
	line, col := gamelog.TagPlace(data, session.SeedTag)
	if tag == "" && line == 0 || l.Header.Tag(tourney.TagBoard) != "" {
		return nil
	}
	bad := func(kind error, msg string) error {
		return &gamelog.Error{File: path, Line: line, Col: col, Err: kind, Msg: "tag " + session.SeedTag + ": " + msg}
	}
	seed, err := strconv.ParseUint(tag, 10, 64)
	if err != nil || strconv.FormatUint(seed, 10) != tag {
		return bad(gamelog.ErrSyntax, fmt.Sprintf("%q is not a seed: a whole number from 0 to %d", tag, uint64(1<<64-1)))
	}
	if err := session.CheckSeed(seed, r); err != nil {
		return bad(gamelog.ErrMismatch, err.Error())
	}
	return nil
}
