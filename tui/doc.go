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
//     over a host in board mode), par, friends' results, the history;
//   - tui/lobby: the lobby of klob serve, one per SSH connection (the
//     shared tables, watching, the talk, the club, the tournaments and
//     the trainer on a server, see its documentation).
//
// This package holds the App and its own: app.go, play.go (klob play:
// a host per game, its table, the App closing the host when it quits),
// setup.go, resume.go, busy.go, opening.go, replay.go (the App of klob
// replay), train.go (the App of klob train) and lobby.go (the App of a
// klob serve connection: NewLobby, the lobby around the game alone
// this package plays).
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
package tui
