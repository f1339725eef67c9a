// Package tui holds Klob's terminal screens, built on Bubble Tea v2.
//
// # Structure
//
// App is the one tea.Model, and with the constructors of its uses
// (NewPlay, NewTrain, NewReplay, NewHistory, NewLearn, and NewLobby for
// klob serve) and their configs, nearly all this package exports. It owns what every
// screen shares (the kit.Context: window size, styles for a light or
// dark background, key map, card painter), the help and quit overlays
// and the "terminal too small" message, and routes every message to
// the current screen (a kit.Screen). A screen is a sub-model: it takes
// messages in Update and hands over to another screen by returning it.
//
// The pieces every screen shares are package tui/kit: styles, keys as
// data, the help overlay, cards and the hand, layout, menus, words,
// the score pad and refusals (see its documentation). This package
// holds the App and the screen families on top of kit, each a group of
// files that is to become a package of its own:
//
//   - the table: table*.go, tableview.go, result.go, gameover.go,
//     hint*.go, tricklist.go, duel.go, seat.go, play*.go, bot.go,
//     savestatus.go (the deal itself, one deal's breakdown, the end of
//     the game, at two players and at tables of three or four);
//   - the replay and the saved games: replay*.go, history*.go;
//   - the trainer: train*.go;
//   - the lobby of klob serve: lobby*.go, gate.go;
//   - the lesson: package tui/learn (learn.go here opens it in an App);
//   - the App's own: app.go, setup.go (which starts the game the
//     setup screen of package tui/setup chose), resume.go, busy.go.
//
// A few ties between families remain to be cut before they move: the
// replay of a table of three or four draws with the table's scene
// (tableScene, renderTable34), the lobby's table form reuses the
// rows of package tui/setup, and the game-over screen opens the replay
// and the setup.
//
// The game itself is an internal/play/session.Session: the table, result and
// game-over screens present it from the person's seat (seat.go) and send
// the person's actions to it; the session decides the decks, the forced
// moves and the order of the autosaves. Its slow work (a bot's decision,
// a save) runs here in tea.Cmds.
//
// # The bot
//
// The bot never runs inside Update: its decision is a tea.Cmd that runs
// the session's Thinker with a context deadline and returns the action
// as a message. A move is held back until a short pace has passed, so a person
// can follow the play, and a spinner appears when the bot thinks longer
// than a moment. Every message carries the position (the session's Gen) it answers, so a late
// answer after a new game or a resume is dropped.
//
// # What the table shows
//
// The table is drawn from rules.View of the person's seat only, so it can
// never show a hidden card. Selection, playable cards and trump are shown
// by marks and borders as well as colour, so NO_COLOR and TERM=dumb lose
// nothing; -ascii draws suits as letters (C D H S) and boxes with + - |.
//
// # Three and four players
//
// A game of three or four (RULES.md section 10) has its own table
// screen, table34, drawn from rules.View of the person's seat
// (table34.go): the person at the bottom, the seat on its left drawn on
// the left, the partner (with four) on top; each seat's name, level,
// cards, dealer and maker; the trick laid out by seat with who led and
// who wins it (rules.TrickWinnerOf); the table talk with the
// declarations of section 11 and the cards they moved as far as the
// person saw them; the score pad and the deal's breakdown by seat or by
// team (table34_result.go). A four-handed table needs 100×30 (the App
// asks a screen's minSize). The one setup screen (package tui/setup)
// offers the house variants that apply at each count; the replay of such a game is replay34.go, with
// the two-handed replay's analysis (replay_analysis.go, shared by both
// replays: a runs it in a tea.Cmd, each step shows its grade, the talk
// its marks, each deal's end the points lost by grade); the
// hint asks the hard table bot (hint34.go).
//
// # The lobby of klob serve
//
// NewLobby is the model of one SSH connection (lobby.go): play alone
// against bots, train, open or join a shared table, the history, a new
// name. The trainer (t, lobby_train.go) is the bidding trainer of klob
// train; its record is kept per SSH key (LobbyConfig.Train.Record), a
// guest's for the connection only. Its grading is the heaviest work a
// session can ask for, so on a server it is bounded three ways: one
// worker per evaluation, ServerTrainSamples samples (half the local
// trainer's), and every batch waits for a slot of the Gate all sessions
// share (klob serve gives half the cores, at least one), as does the
// hint at a shared table; a drill left for the lobby stops its
// evaluation. One trainer thus takes at most one core, and many queue
// for the slots instead of starving the tables. The t row is a list of
// trainers by seat count, so a trainer of three or four can join it.
//
// A shared table is drawn by the same screens as a game alone: the
// two-player table reads its game through a duel (duel.go), which the
// local session (seated) and a seat at a shared table (hallDuel,
// lobby_duel.go) both are; the table of three or four reads a tableGame,
// which sessionTable and hallTable (lobby_table34.go) both are. A hall
// seat gives only what its hall.Update holds, the seat's own View or
// TableView, so the screen has no hidden card to show; the hint runs on
// a copy of that view. What only a shared table has (the waiting room,
// the host's start, a seat's state and a dropped seat's countdown by
// its name, the others' readiness between deals, takeover notes) comes
// from netTable (lobby_table.go) through sharedWords; what only a game
// alone has (the bot's thinking, takebacks, claims) is off there.
package tui
