// Package tui holds Klob's terminal screens, built on Bubble Tea v2.
//
// # Structure
//
// App is the one tea.Model, and with the constructors of its uses
// (NewPlay, NewTrain, NewReplay, NewHistory, NewLearn, NewDaily, and NewLobby for
// klob serve) and their configs, nearly all this package exports. It owns what every
// screen shares (the kit.Context: window size, styles for a light or
// dark background, key map, card painter), the help and quit overlays
// and the "terminal too small" message, and routes every message to
// the current screen (a kit.Screen). A screen is a sub-model: it takes
// messages in Update and hands over to another screen by returning it.
//
// The pieces every screen shares are package tui/kit: styles, keys as
// data, the help overlay, cards and the hand, layout, menus, words,
// the score pad and refusals (see its documentation). The screen
// families are packages on top of kit:
//
//   - tui/table: the one table for 2, 3 and 4 seats (the deal, its
//     result, the game's end), reading its game only through a seat's
//     internal/play/host.Port, and the renderer (Scene, Render) the
//     replay shares;
//   - tui/replay: the replay of a recorded game at every count, with
//     the analysis, and the list of saved games;
//   - tui/setup: the one setup form; tui/learn: the lesson;
//   - tui/train: klob train, the bidding trainer (a drill, its
//     evaluation batch by batch, the grade, the record and its review);
//   - tui/daily: klob daily, the day's duplicate boards (each a table
//     over a host in board mode), par, friends' results, the history.
//
// This package holds the App and the family not yet moved: the lobby
// of klob serve (lobby*.go, gate.go); and the App's own: app.go,
// play.go (klob play: a host per game, its table, the App closing the
// host when it quits), setup.go, resume.go, busy.go, replay.go (the App
// of klob replay), train.go (the App of klob train).
//
// # The game
//
// klob play runs the game in-process on an internal/play/host.Host: it
// deals, takes the forced moves, lets the bots think off the screen's
// goroutine with a pace between moves, saves on a writer goroutine and
// checks takebacks and claims. The table shows the host.Snapshot of the
// person's seat, built from that seat's rules.View, so it can never
// show a hidden card, and acts with the Snapshot's Gen, so that a key
// typed ahead never lands on a position not yet on the screen. Its
// updates arrive as messages from a tea.Cmd that waits on the port.
// Selection, playable cards and trump are shown by marks and borders as
// well as colour, so NO_COLOR and TERM=dumb lose nothing; -ascii draws
// suits as letters (C D H S) and boxes with + - |.
//
// # The lobby of klob serve
//
// NewLobby is the model of one SSH connection (lobby.go): play alone
// against bots, train, open or join a shared table, the history, a new
// name. The trainer (t, lobby_train.go) is the bidding trainer of klob
// train (tui/train); its record is kept per SSH key (LobbyConfig.Train.Record), a
// guest's for the connection only. Its grading is the heaviest work a
// session can ask for, so on a server it is bounded three ways: one
// worker per evaluation, ServerTrainSamples samples (half the local
// trainer's), and every batch waits for a slot of the server's one
// host.Slots (the Gate; klob serve gives the cores but one, at least
// one), behind every bot waiting, as does every hint (the host's, one
// per seat, dropped when closed); a drill left for the lobby stops its
// evaluation. One trainer thus takes at most one core, and many queue
// for the slots instead of starving the tables. The t row is a list of
// trainers by seat count, so a trainer of three or four can join it.
//
// A shared table is drawn by the same table screen as a game alone
// (tui/table), over the seat's host.Port that the hall hands out once
// the table's host starts the game (lobby_seat.go): the snapshot holds
// only that seat's view, so the screen has no hidden card to show. What
// only a shared game has (the seats' states, a dropped seat's countdown,
// the others' readiness between deals, the takeovers) comes in the
// Snapshot too; takebacks and claims are off there. Before the start
// the seat shows the hall's waiting room (who sat down, who is here,
// the house rules, the host's s to start). q at a shared table, or the
// game's end, comes back to the lobby; ctrl+c ends the connection.
package tui
