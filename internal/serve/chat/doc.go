// Package chat is the club's talk: short lines said at a table or in
// the lobby, cleaned, rate-limited and delivered to whoever listens. It
// is pure Go without I/O: the server wires it to sessions, the screens
// show it, and the clock is injected (Config.Now).
//
// # Pieces
//
//   - A Hub (New) holds what a server's rooms share: the limits (Config),
//     a rate bucket per sender key and the mutes of each listener. It
//     holds no global state; a server makes one.
//   - A Room (Hub.NewRoom) is one conversation: one per table, one for
//     the lobby. Room.Say takes a line; Room.Subscribe gives a listener
//     the history and a Subscription for the lines after it.
//   - Length is the count the limit uses, for an input box that wants
//     to show how long a line is.
//
// # What a line goes through
//
//  1. Its bytes are counted: over Config.MaxBytes (4 KB) it is refused
//     unread, so a 1 MB paste costs nothing.
//  2. The sender's bucket (Burst lines at once, then one every Every;
//     by default 5, then one a second) is charged; over it the line is
//     refused with the wait ("slow down: wait 3 s"). So is its
//     address's bucket (Sender.Addr; AddrBurst lines at once, then one
//     every AddrEvery, by default 20, then four a second, for all the
//     address's keys together: keys cost nothing). A refused line
//     costs a map lookup and no cleaning, so a sender's flood costs O(1)
//     a line and the others' lines wait for nothing but a short lock.
//  3. The cleaner removes escape sequences with their payload, controls,
//     bidirectional and zero-width characters, BOMs and other invisible
//     characters, turns any whitespace into single spaces and applies
//     NFKC. Nothing left is refused; over Config.MaxChars characters
//     (200, counted by Length: code points, a letter's combining marks
//     counting with it) is refused with the count.
//  4. The room numbers it, keeps it in its history (the last 100, with
//     the count of older ones dropped) and puts it in each subscriber's
//     buffer, unless that listener muted the sender. A buffer that is
//     full drops its oldest line and counts it (Batch.Skipped): a
//     listener who never reads never makes the room wait.
//
// # What the caller does
//
//   - Lines are talk, not play: they never go into the game log, which
//     records the deal and must replay it; keep them out of it and out
//     of the server's log too.
//   - Give each sender a stable Key: the player's key fingerprint, or an
//     id of a guest's connection (a guest cannot be told apart from
//     another otherwise, so a guest who reconnects starts a new bucket
//     and is muted afresh).
//   - Sign lines with a name already checked and normalised (the names
//     shown elsewhere); chat does not check names.
//   - Mutes live as long as the Hub; to keep them, store the sets
//     Config.OnMutes is given and hand a listener's back with
//     Hub.Restore when they come.
//   - Print Line.Text as it is: it holds no control character. Its
//     width on screen is the caller's to measure.
package chat
