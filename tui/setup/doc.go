// Package setup is the form before a new game of klob play, one for
// every seat count: the players, the bots' level, the target and the
// rule options that mean something at that count, the house variants
// that apply there (three or four of a kind, menage, dealer forced and
// bimah at every count, shlomo from three players, cleopatra at four),
// and the player's settings when the game has a settings file. The
// chosen line is explained under the form, and the whole form fits
// 80×24 at every count: the section headings and blank lines go first
// when room is short, and only then do the rows scroll, a line saying
// where rows are out of view.
//
// The package knows nothing of the games it starts: Config.Start makes
// the game of the Setup chosen and returns its first screen. Its rows
// (TableRows) also make the forms of a shared table and of a
// tournament in the lobby of klob serve (Form), drawn as the setup's
// are: under headings, scrolling when short of room. It depends on
// tui/kit only among the screens.
package setup
