package main

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
)

// playerFiles is a player's store as their screens use it on a server:
// the players do not own the server's files, so an error says what
// failed without the server's paths (durable.Public), a file is named
// inside the player's own directory ("history/2026-...klob"), and the
// errors still match what they wrap (store.ErrNoSave, the damaged and
// unreadable saves, and one a newer klob wrote).
type playerFiles struct{ *store.Store }

func (p playerFiles) SaveCurrent(l *gamelog.Log) error {
	return durable.Public(p.Store.SaveCurrent(l))
}

func (p playerFiles) Archive(l *gamelog.Log) (string, error) {
	path, err := p.Store.Archive(l)
	return p.inside(path), durable.Public(err)
}

func (p playerFiles) LoadCurrent() (*gamelog.Log, error) { return p.publicLoad(p.Store.LoadCurrent()) }

// publicLoad is what LoadCurrent gave, in the player's words: the paths
// inside their directory, no server path in a message.
func (p playerFiles) publicLoad(l *gamelog.Log, err error) (*gamelog.Log, error) {
	var d *store.DamagedError
	var u *store.UnreadableError
	var n *store.NewerError
	switch {
	case errors.As(err, &d):
		return l, &store.DamagedError{What: d.What, Path: p.inside(d.Path), Aside: p.inside(d.Aside), Err: durable.Public(d.Err)}
	case errors.As(err, &u):
		return l, &store.UnreadableError{Path: p.inside(u.Path), Err: durable.Public(u.Err)}
	case errors.As(err, &n):
		return l, &store.NewerError{Path: p.inside(n.Path), Version: n.Version}
	}
	return l, durable.Public(err)
}

// inside names path from the player's directory.
func (p playerFiles) inside(path string) string {
	if path == "" {
		return ""
	}
	rel, err := filepath.Rel(p.Dir(), path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.Base(path)
	}
	return rel
}
