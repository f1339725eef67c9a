// Package train is the screen of klob train, the bidding trainer: a
// drill (a drill.Situation at a table of two, three or four seats, from
// the command line or internal/study/drill's generator) shows the
// situation, the hand and the upcard and asks for a choice; its
// evaluation starts as soon as it is shown, batch by batch in tea.Cmds,
// and the choice is graded against every option once the last batch is
// in. The graded drill goes into the record (Record, kept across
// sessions by *drill.StatsFile), whose last mistakes the review lists.
//
// The screen is Screen (New); the root package tui puts the App around
// it (tui.NewTrain) and the lobby of klob serve opens it too: Pause
// stops a running evaluation when the person leaves for the lobby,
// Resume opens the trainer again, Wait waits for the record's saves.
// Every frame is laid out for the App's smallest window (80×24). It
// depends on tui/kit only among the screens.
package train
