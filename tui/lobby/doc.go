// Package lobby is the lobby of klob serve, one per SSH connection
// (New, a kit.Screen): play alone against bots, train, open or join a
// shared table, watch one, talk, the tournaments, the leaderboards, the
// history, a new name. The root package tui puts the App around it
// (tui.NewLobby) and plays the game alone, which the lobby reaches
// through Config.Alone (alone.go); the App takes the connection's quits
// and keys through Taken, QuitNow and Typing, and waits for its saves
// with Wait. It depends on the screen families (tui/kit, tui/table,
// tui/replay, tui/setup, tui/train, tui/tourney), never on tui.
//
// The trainer (t, train.go) is the bidding trainer of klob train
// (tui/train); its record is kept per SSH key (Config.Train.Record), a
// guest's for the connection only. Its grading is the heaviest work a
// session can ask for, so on a server it is bounded three ways: one
// worker per evaluation, ServerTrainSamples samples (half the local
// trainer's), and every batch waits for a slot of the server's one
// host.Slots (the Gate, gate.go; klob serve gives the cores but one, at
// least one), behind every bot waiting, as does every hint (the host's,
// one per seat, dropped when closed); a drill left for the lobby stops
// its evaluation. One trainer thus takes at most one core, and many
// queue for the slots instead of starving the tables. The t row is a
// list of trainers by seat count, so a trainer of three or four can
// join it.
//
// A shared table is drawn by the same table screen as a game alone
// (tui/table), over the seat's host.Port that the hall hands out once
// the table's host starts the game (seat.go): the snapshot holds only
// that seat's view, so the screen has no hidden card to show. What only
// a shared game has (the seats' states, a dropped seat's countdown, the
// others' readiness between deals, the takeovers) comes in the Snapshot
// too; takebacks and claims are off there. Before the start the seat
// shows the hall's waiting room (who sat down, who is here, the house
// rules, the host's s to start). q at a shared table, or the game's
// end, comes back to the lobby; ctrl+c ends the connection.
//
// The other files: watch.go (watching a table, the connection's
// command), chat.go (the talk of the lobby and the tables), club.go
// (ratings and leaderboards), tourney.go (the tournaments), alone.go
// (one connection of a key plays its game alone at a time).
package lobby
