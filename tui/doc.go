// Package tui holds Klob's terminal screens, built on Bubble Tea v2.
//
// # Structure
//
// App is the one tea.Model, and with the constructors of its four uses
// (NewPlay, NewTrain, NewReplay, NewHistory) and their configs, nearly
// all this package exports. It owns what every screen shares (the window
// size, the styles for a light or dark background, the key map, the help
// and quit overlays, the "terminal too small" message) and routes every
// message to the current screen (a screenModel). A screen is a
// sub-model: it takes messages in Update and hands over to another
// screen by returning it. The play screens are setup, resume (a saved
// game on start), table (the deal itself), result (one deal's breakdown)
// and gameover; the trainer (train.go; at a table of three or four,
// train34.go), the replay viewer and the list of saved games are the
// first screens of the other Apps.
//
// The game itself is an internal/play/session.Session: the table, result and
// game-over screens present it from the person's seat (seat.go) and send
// the person's actions to it; the session decides the decks, the forced
// moves and the order of the autosaves. Its slow work (a bot's decision,
// a save) runs here in tea.Cmds.
//
// Shared pieces live in their own files: styles.go (colours that adapt to
// the background, never the only cue), keys.go (key bindings as data; the
// menu letters' one table; the status line's hints made from the
// bindings), help.go (each screen's keys as Bubbles' help.KeyMap, whose
// full help the help overlay lists),
// cards.go (card faces, backs and slots), hand.go (the sorted hand and
// where each card lies on screen, for mouse clicks), scorepad.go (the
// running score) and layout.go (cutting and joining blocks of text so
// that any window size, down to 1×1, renders without a panic).
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
// screen, table34, drawn from rules.TableView of the person's seat
// (table34.go): the person at the bottom, the seat on its left drawn on
// the left, the partner (with four) on top; each seat's name, level,
// cards, dealer and maker; the trick laid out by seat with who led and
// who wins it (rules.TrickWinnerOf); the table talk with the
// declarations of section 11 and the cards they moved as far as the
// person saw them; the score pad and the deal's breakdown by seat or by
// team (table34_result.go). A four-handed table needs 100×30 (the App
// asks a screen's minSize). The setup's Players row leads to the house
// variants (setup34.go); the replay of such a game is replay34.go, with
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
// share (klob serve gives the cores but one, at least one), behind every
// bot waiting for the same slots, as does every hint; a drill left for
// the lobby stops its evaluation. A screen has at most one hint on its
// way: asking again, closing it, leaving the screen or the connection
// ending cancels it (hintJob). One trainer thus takes at most one core, and many queue
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
