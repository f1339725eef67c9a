// Package server serves Klob over SSH with Charm's wish: every
// connection gets a PTY-backed Bubble Tea program, built by the model
// factory the caller gives (cmd/klob gives the lobby), so this package
// never imports the screens.
//
// # What a connection may do
//
// Only an interactive session with a terminal. A session may start with
// `ascii` (suits as letters, Session.ASCII), then go straight to a
// table, still with a terminal: `join CODE` and `watch CODE`
// (Session.Verb and Session.Code; the lobby checks the code). Any other
// command (ssh host ls), a subsystem (sftp, scp), port forwarding of
// either direction and a session without a PTY are refused with a
// sentence that says so; agent and X11 forwarding are answered no,
// with a log line, and the session goes on. A player is who their SSH
// public key says: Session.Key is a fingerprint of it, stable across
// connections. A client without a key is let in by
// keyboard-interactive authentication as a guest (Session.Key is empty):
// the lobby lets guests play against bots only.
//
// # Limits
//
// Every limit a person can meet has a message they read before the
// connection closes: the number of sessions (Config.MaxSessions; a
// guest's also MaxConnsPerAddr guest sessions from its address and
// MaxGuestSessions in all, the rest kept for players with a key), new
// sessions a second from one address (ConnRate), the idle time (no key
// pressed for Config.IdleTimeout), and the input rate (keys beyond
// Config.KeyRate a second are dropped and a line on the screen says
// so). The table count is the lobby's limit (internal/play/hall).
//
// Below the sessions, a client that never asks for a shell is bounded
// too (limits.go): connections are counted from the TCP accept (in all,
// and per IPv4 address or IPv6 /64; when all are taken, a new one takes
// the place of the oldest without a terminal session, of its address
// when the address's are), a connection not logged in is
// closed after Config.HandshakeTimeout, one without a terminal
// session after Config.LoginTimeout, its channels and its
// requests are capped (an env flood closes it), and a request's payload
// is bounded. What reaches a session's program is bounded as well
// (input.go): the terminal's size is clamped to Config.MaxWidth ×
// MaxHeight at login and at every resize (Bubble Tea draws a buffer of
// that many cells), and a resize reaches the program ten times a second
// at most, the latest size waiting (each redraws the whole screen), the
// bytes of input to Config.InputRate with a burst
// of InputBurst below the terminal parser (a flood closes the session
// with a message), a bracketed paste cut to the 4 KB a screen may take
// (the bytes beyond dropped, its end passed on, so the session goes on;
// the bytes dropped are bounded apart, at 64 times the rate and burst),
// and a paste whose end never comes ended at the first read after a
// second without input (its keys, ctrl+c too, would be pasted text
// else); and the guard's filter drops keys over the
// rate and coalesces mouse motion before the model runs, so what is
// dropped costs no frame. A session draws at most Config.FrameRate
// frames a second after a burst (guard.View), so keys within the rate
// cannot fill the machine with frames either. A client that stops reading its screen is
// closed once one write to it has waited Config.StallTimeout (stall.go):
// it is dropped, never waited for, and nobody else's frames wait on it.
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
// One line per session's start and one per its end, with the user, the
// key fingerprint (or guest), the address and the session's length, on
// Config.Log. A connection that runs no session (ssh -N with port
// forwarding, a login that leaves, a client that never logs in) gets one
// line at its end instead, with what was refused on it and why the
// server closed it; a refused request or channel gets a line as it comes
// (a few a connection). Those lines, and those of connections refused
// at the accept, cost a client nothing, so each address gets the first
// five of each kind a minute (twenty of those the server closed) and
// then one line counting the rest when the minute ends (quietlog);
// sessions keep every line. Every string the client chose (the user
// name, TERM, a command, a subsystem, a request's type) is quoted with its
// controls escaped and cut to a few dozen bytes, so it can neither forge
// a line nor reach the operator's terminal.
package server
