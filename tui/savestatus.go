package tui

import "github.com/klob/klob/tui/kit"

// What the screens say about whether the game is saved (issue 14): with
// no state directory, or while saves fail, the table carries a lasting
// "not saved" mark, the quit question says the game will be lost, and a
// save error is wrapped to the window instead of cut before its cause.

// maxSaveErrLines bounds the lines a save error takes on the table.
const maxSaveErrLines = 3

// saveErrLines is the autosave error wrapped to w columns, at most
// maxSaveErrLines lines (the last one cut with "…" if it must be).
func saveErrLines(err error, w int) []string {
	if err == nil {
		return nil
	}
	return kit.WrapLines("! autosave failed: "+err.Error(), w, maxSaveErrLines)
}
