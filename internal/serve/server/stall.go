package server

import (
	"fmt"
	"io"
	"time"

	"charm.land/ssh"
)

// A client that stops reading its screen (a stopped ssh, a spectator
// left in a suspended terminal, a hostile client) fills the SSH
// channel's window, and then a write to it waits for good. Only that
// session's program waits: the games notify their seats and spectators
// without waiting (host.Port.Updates), so the others' frames go on.
// stallWriter bounds the wait: a write that has not finished after
// Config.StallTimeout closes the connection, which ends the write and
// the session. The bound runs on Config.AfterFunc, so that a test's
// clock, not the machine's speed, decides when a write has waited.

// stallWriter is a session's output with a bound on how long one write
// may wait for the client.
type stallWriter struct {
	w         io.Writer
	after     time.Duration
	afterFunc func(d time.Duration, f func()) (stop func() bool) // Config.AfterFunc
	stalled   func()
}

func (s *stallWriter) Write(p []byte) (int, error) {
	stop := s.afterFunc(s.after, s.stalled)
	defer stop()
	return s.w.Write(p)
}

// msgStalled is the log's word for a session closed for not reading.
func msgStalled(d time.Duration) string {
	return fmt.Sprintf("klob: the terminal read nothing of the screen for %s: the session is closed", d)
}

// stalled closes the connection of a session whose client stopped
// reading; a write cannot reach it, so the reason goes to the log only.
func (s *Server) stalled(sess ssh.Session) {
	msg := msgStalled(s.cfg.StallTimeout)
	setReason(sess, msg)
	s.logger.Printf("closing the session of %s: %s", who(sess), firstLine(msg))
	if st := stateOf(sess.Context()); st != nil {
		_ = st.conn.Close()
		return
	}
	_ = sess.Close()
}
