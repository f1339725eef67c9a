// Package server serves Klob over SSH with Charm's wish: every
// connection gets a PTY-backed Bubble Tea program, built by the model
// factory the caller gives (cmd/klob gives the lobby), so this package
// never imports the screens.
//
// # What a connection may do
//
// Only an interactive session with a terminal. A command (ssh host ls),
// a subsystem (sftp, scp), port forwarding of either direction and a
// session without a PTY are refused with a sentence that says so. A
// player is who their SSH public key says: Session.Key is a fingerprint
// of it, stable across connections. A client without a key is let in by
// keyboard-interactive authentication as a guest (Session.Key is empty):
// the lobby lets guests play against bots only.
//
// # Limits
//
// Every limit has a message the person reads before the connection
// closes: the number of sessions (Config.MaxSessions), connections per
// address (a wish rate limiter), the idle time (no key pressed for
// Config.IdleTimeout), and the input rate (keys beyond Config.KeyRate
// per second are dropped and a line on the screen says so). The table
// count is the lobby's limit (internal/play/hall).
//
// # Failure
//
// A panic in one session's model, its commands or its handler ends that
// session with a message and a log line; the server goes on. The guard
// model recovers panics in Update and View itself, so the person reads
// the message instead of a bare stack.
//
// # Logging
//
// One line per connection and one per disconnection, with the user, the
// key fingerprint (or guest), the address and the session's length, on
// Config.Log.
package server
