package host

import (
	"sync"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
)

// writer saves the game on a goroutine of its own, so a slow or stuck
// file system never holds the host's loop, a seat's caller or another
// game. Saves are coalesced: while one is written the newest change
// waits, and older ones are dropped, so the file only ever moves
// forward. The finished game is saved once more and then filed; nothing
// is saved after that. A filing that fails is tried again, waiting
// Config.RetryFiling and doubling up to retryMax.
type writer struct {
	h     *Host
	store Store

	mu     sync.Mutex
	next   *gamelog.Log // the newest save not yet taken
	seq    int          // its number
	final  *gamelog.Log // the finished game to file, once queued
	filed  bool
	closed bool

	wake chan struct{}
	quit chan struct{}
	done chan struct{}
}

// retryMax is the longest wait between two tries at filing a game.
const retryMax = 5 * time.Minute

// writeResult is what a write did, for the loop.
type writeResult struct {
	seq     int
	saved   bool
	err     error
	filing  bool
	path    string
	fileErr error
}

func newWriter(h *Host) *writer {
	return &writer{h: h, store: h.cfg.Store, wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
}

// queue queues the game as it stands (save number seq); final: it is
// the finished game, saved and then filed.
func (w *writer) queue(seq int, l *gamelog.Log, final bool) {
	w.mu.Lock()
	if w.final == nil && !w.closed {
		w.next, w.seq = l, seq
		if final {
			w.final = l
		}
	}
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// close writes what is queued (and tries once to file a finished game
// not yet filed), then stops the writer; it waits for the file system.
func (w *writer) close() {
	w.mu.Lock()
	first := !w.closed
	w.closed = true
	w.mu.Unlock()
	if first {
		close(w.quit)
	}
	<-w.done
}

func (w *writer) run() {
	defer close(w.done)
	retry := w.h.cfg.RetryFiling
	var again <-chan struct{}
	for {
		select {
		case <-w.wake:
			if again != nil {
				// A wake left from before the failed filing: it waits
				// for its retry (nothing is queued after a filing).
				continue
			}
		case <-again:
		case <-w.quit:
			w.write()
			return
		}
		again = nil
		if !w.write() {
			ch := make(chan struct{})
			w.h.clock.AfterFunc(retry, func() { close(ch) })
			again = ch
			retry = min(2*retry, retryMax)
		}
	}
}

// write writes what is queued; it reports false when the filing failed.
func (w *writer) write() bool {
	for {
		w.mu.Lock()
		l, seq, final, filed := w.next, w.seq, w.final, w.filed
		w.next = nil
		w.mu.Unlock()
		if l != nil {
			err := w.store.SaveCurrent(l)
			w.report(writeResult{seq: seq, saved: true, err: err})
			continue // a newer save may have come meanwhile
		}
		if final == nil || filed {
			return true
		}
		path, err := w.store.Archive(final)
		if err == nil {
			// Before the loop hears of it: the loop may then start the
			// next game (reset), which this must not undo.
			w.mu.Lock()
			w.filed = true
			w.mu.Unlock()
		}
		w.report(writeResult{filing: true, path: path, fileErr: err})
		return err == nil
	}
}

// reset makes the writer the next game's: the loop calls it once the
// finished game is filed (or nothing is stored), so nothing is queued.
func (w *writer) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.next, w.final, w.filed = nil, nil, false
}

// report hands a result to the loop; it is dropped once the host has
// stopped.
func (w *writer) report(r writeResult) { w.h.post(func() { w.h.st.written(r) }) }
