package tui

import "github.com/klob/klob/tui/kit"

// What the screens say about whether the game is saved (issue 14): with
// no state directory, or while saves fail, the table carries a lasting
// "not saved" mark, the quit question says the game will be lost, and a
// save error is wrapped to the window instead of cut before its cause.

// maxSaveErrLines bounds the lines a save error takes on the table.
const maxSaveErrLines = 3

// unsaved says why the game m shows is not saved, "" when it is.
func unsaved(cfg *PlayConfig, m *seated) string {
	switch {
	case m == nil:
		return ""
	case cfg == nil || cfg.Store == nil:
		return "no state directory"
	case m.SaveErr() != nil:
		return "the last autosave failed"
	}
	return ""
}

// quitQuestion is the quit question of a screen showing the game m.
func quitQuestion(cfg *PlayConfig, m *seated) string {
	if m != nil && m.game.Over() {
		return "The game is over."
	}
	if why := unsaved(cfg, m); why != "" {
		return "The game is not saved (" + why + "): it will be lost."
	}
	return "The game stays saved: start klob again to resume it."
}

// QuitQuestion says whether quitting loses the game.
func (t *table) QuitQuestion() string { return quitQuestion(t.cfg, t.m) }

// QuitQuestion says whether quitting loses the game.
func (r *result) QuitQuestion() string { return quitQuestion(r.t.cfg, r.t.m) }

// saveErrLines is the autosave error wrapped to w columns, at most
// maxSaveErrLines lines (the last one cut with "…" if it must be).
func saveErrLines(err error, w int) []string {
	if err == nil {
		return nil
	}
	return kit.WrapLines("! autosave failed: "+err.Error(), w, maxSaveErrLines)
}
