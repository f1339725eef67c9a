package session

import (
	"errors"
	"sync"

	"github.com/klob/klob/internal/record/gamelog"
)

// A Write is a save or an archive of the game, to run off the caller's
// goroutine (in a tea.Cmd, or a server's writer), since a disk write
// may be slow. Writes are ordered by when the Session made them: a save
// that finds a newer one already written, or the game already filed,
// does nothing. Its Result goes back to the Session's Record. A nil
// Write has nothing to do.
type Write func() Result

// Result is what a Write did.
type Result struct {
	s *Session

	// Saved is set when a save was written or tried; SaveErr says why it
	// failed.
	Saved   bool
	SaveErr error
	// Archived is set when the game was filed (at Path) or that was
	// tried (ArchiveErr says why it failed).
	Archived   bool
	Path       string
	ArchiveErr error
}

// Record takes a Write's Result back on the Session's goroutine, and
// reports whether the Result was this Session's: a Result of a game
// left behind (a new game, a resume) is ignored.
func (s *Session) Record(r Result) bool {
	if r.s != s {
		return false
	}
	if r.Saved {
		s.saveErr = r.SaveErr
	}
	if r.Archived {
		s.archived, s.archivePath, s.archiveErr = true, r.Path, r.ArchiveErr
	}
	return true
}

// errNoStore is the archive's error when the game is played without
// saving.
var errNoStore = errors.New("no place to save games")

// saver writes one save at a time, newest last.
type saver struct {
	store Store
	seq   int // saves asked for; used only from the Session's goroutine

	wg      sync.WaitGroup
	mu      sync.Mutex
	written int
	closed  bool
}

func (w *saver) save(s *Session, l *gamelog.Log) Write {
	if w.store == nil {
		return nil
	}
	w.seq++
	seq := w.seq
	w.wg.Add(1)
	return func() Result {
		defer w.wg.Done()
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.closed || seq <= w.written {
			return Result{s: s}
		}
		err := w.store.SaveCurrent(l)
		if err == nil {
			w.written = seq
		}
		return Result{s: s, Saved: true, SaveErr: err}
	}
}

// archive files the game; saves still in flight are dropped since the
// archive holds everything they would have written.
func (w *saver) archive(s *Session, l *gamelog.Log) Write {
	if w.store == nil {
		return func() Result { return Result{s: s, Archived: true, ArchiveErr: errNoStore} }
	}
	w.wg.Add(1)
	return func() Result {
		defer w.wg.Done()
		w.mu.Lock()
		defer w.mu.Unlock()
		w.closed = true
		path, err := w.store.Archive(l)
		return Result{s: s, Archived: true, Path: path, ArchiveErr: err}
	}
}

// join runs the writes in order and returns what they did together.
func join(ws ...Write) Write {
	var out []Write
	for _, w := range ws {
		if w != nil {
			out = append(out, w)
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return func() Result {
		var r Result
		for _, w := range out {
			x := w()
			r.s = x.s
			if x.Saved {
				r.Saved, r.SaveErr = true, x.SaveErr
			}
			if x.Archived {
				r.Archived, r.Path, r.ArchiveErr = true, x.Path, x.ArchiveErr
			}
		}
		return r
	}
}
