// Package learn is the screen of klob learn: one step of the lesson of
// internal/study/lesson at a time, its text (lesson.md) above a small
// table of the lesson's deal: the bots' hands face down, as the table
// draws them (at four, your partner marked), the upcard and the bottom
// card, what was said, trump and each seat's tricks, the last trick and
// the one on the table, and your hand. A move the rules refuse is
// answered with the engine's reason naming the card; one the lesson
// does not want, with the lesson's. When a card of yours is asked for,
// the cursor starts on one that may be played (the bella card when the
// lesson asks for bella); when a choice is asked for ("press t"), the
// menu's cursor starts on it, so enter takes it too. The text scrolls
// when the window is short; every frame fits the window, down to 1×1.
// Among the screens it depends on tui/kit, and on tui/table for the
// score of a deal at three or four players, shown as a game's result
// shows it.
package learn
