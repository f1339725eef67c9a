// Package learn is the screen of klob learn: one step of the lesson of
// internal/study/lesson at a time, its text (lesson.md) above a small
// table of the lesson's deal: the bot's cards, the upcard and the bottom
// card, what was said, trump and the tricks, the last trick and the one
// on the table, and your hand. A move the rules refuse is answered with
// the engine's reason naming the card; one the lesson does not want,
// with the lesson's. When a card of yours is asked for, the cursor starts
// on one that may be played (the bella card when the lesson asks for
// bella); when a choice is asked for ("press t"), the menu's cursor
// starts on it, so enter takes it too. The text scrolls when the window is short; every frame fits
// the window, down to 1×1. It depends on tui/kit only among the screens.
package learn
