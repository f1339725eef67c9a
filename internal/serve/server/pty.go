package server

import "charm.land/ssh"

// The ssh library writes a session's terminal size (its Pty's Window)
// on the session's request goroutine at every window-change, without a
// lock, and Session.Pty copies the Pty: read on the handler's
// goroutine, it races a client's resize made as its session starts.
// The terminal is read once instead, on that request goroutine itself
// (snapshotPty, as it takes the shell or exec request, after which it
// takes no other pty-req), and the handlers get that copy (withPty).
// The window changes still reach the program in order, through the
// channel the copy holds.

// ptyKey keys a session's copy of its terminal in the connection's
// context, which the connection's sessions share.
type ptyKey struct{ ssh.Session }

// ptySnapshot is what Session.Pty returned when the session started.
type ptySnapshot struct {
	pty     ssh.Pty
	windows <-chan ssh.Window
	ok      bool
}

// snapshotPty is the server's SessionRequestCallback: the library calls
// it on the session's request goroutine, the one that writes the
// terminal's size, before it starts the handler on a goroutine of its
// own, so the read is ordered before both the handler and every later
// window-change. It refuses nothing.
func snapshotPty(sess ssh.Session, _ string) bool {
	pty, windows, ok := sess.Pty()
	sess.Context().SetValue(ptyKey{sess}, ptySnapshot{pty: pty, windows: windows, ok: ok})
	return true
}

// ptySession is a session whose Pty is the copy snapshotPty made, for
// the middlewares, wish's Bubble Tea options and the program alike.
type ptySession struct {
	ssh.Session
	snap ptySnapshot
}

func (s *ptySession) Pty() (ssh.Pty, <-chan ssh.Window, bool) {
	return s.snap.pty, s.snap.windows, s.snap.ok
}

// withPty, the outermost middleware, hands the others the session with
// its terminal as it started. A session with no copy (none can start
// without its shell or exec request) has no terminal: requirePTY ends
// it, rather than reading the library's.
func withPty(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		snap, _ := sess.Context().Value(ptyKey{sess}).(ptySnapshot)
		next(&ptySession{Session: sess, snap: snap})
	}
}
