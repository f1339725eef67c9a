// Package kit holds what every screen of Klob's terminal interface
// shares, so that the screen families (the table, the replay and the
// history, the trainer, the lobby, the lesson) can each live in a
// package of their own on top of it, and the App in package tui on top
// of them. It imports nothing of tui.
//
// The pieces, by file:
//
//   - screen.go: the Context every screen is given (window size, Styles,
//     KeyMap, the card Painter, -ascii), the Screen interface and the
//     optional ones the App asks of a screen (Helper, QuitAsker,
//     Enterer...) with the asking of them (KeyHelpOf, HelpRulesOf...),
//     Enter and Show for a screen handed over, QuitNow, the smallest
//     window, Titled, Rule and Mark.
//   - styles.go: colours for a light or dark background. Colour is never
//     the only cue: selection, playable cards and trump also have marks,
//     borders or words, so NO_COLOR and TERM=dumb lose nothing.
//   - keys.go: the key map as data, the one table of menu letters
//     (ActionKey, LetterHelp) and the status line's hints made from the
//     bindings (Brief, Spelled, Either, HintLine, HintRow).
//   - help.go: each screen's keys as Bubbles' help.KeyMap (KeyHelp,
//     PlayHelp) and the help overlay (HelpView) with the legend, the
//     rules in short and the whole rules Klob plays (package docs),
//     scrolled by line, by page, or straight to the rules with r.
//   - cards.go: glyphs (Unicode, or ASCII with -ascii), card faces,
//     backs and empty slots.
//   - hand.go, handsort.go: the hand sorted as a player holds it, by
//     strength or by suit, its melds marked under it, its cards drawn
//     with the selected one raised, and where each card lies for clicks.
//   - layout.go: cutting, padding, joining and wrapping blocks of styled
//     text so that any window, down to 1×1, renders without a panic.
//     WrapLines wraps a note to the lines it may take, so that a
//     sentence is read whole rather than cut at the window's edge;
//     Indent and Hang set a paragraph in, Paragraph a screen's running
//     text, Alert a trouble; Padded, Footed and Scrolled
//     keep a screen's foot at the bottom; Cut marks a name cut to its
//     cells; PathShower writes paths, in an error too (ShowErr).
//   - opening.go: Opening, the screen that waits for work done off the
//     UI goroutine (a read, a lock, a game's last saves) and becomes the
//     screen its result makes.
//   - menu.go: the person's Choice at a table (cursor, menu item, the
//     bella question) with its keys and clicks, menu lines and items,
//     and the click targets (Hit).
//   - words.go, explain.go, refusal.go: cards and actions in words,
//     cards as cards in the player's symbols (or letters with -ascii),
//     never codes; seats in sentences ("you deal", "Bot deals"); what a
//     choice means; why a move was refused; results, ranks and
//     matchpoints as numbers.
//   - kittest (a package of its own, for tests only): drives one
//     screen as the App does, checks frame sizes, keeps golden screens.
//   - options.go: the table of options with their values that the
//     trainer and the hint show.
//   - pages.go: a page of that table where the window holds fewer rows
//     than there are options (Page), turned with PgUp and PgDn.
package kit
