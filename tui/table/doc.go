// Package table is the table screen of Klob for 2, 3 and 4 seats: the
// deal in play, the deal's result and the end of the game, laid out by
// seat count so that every count fits 80×24.
//
// The screen (Screen) reads its game only through one seat's
// internal/play/host.Port: it shows the Snapshot it last read, which is
// what the person has seen, and every action carries that Snapshot's
// Gen, so that a key typed ahead never lands on a deal, a result or a
// decision the person has not seen (the host refuses a stale Gen; the
// screen then shows the game as it is, and keeps a card typed while a
// bot thinks for the person's next card, never across a deal). The
// host deals, plays the bots and the forced moves, saves, checks
// takebacks and claims and works out the hint; the screen neither
// thinks nor waits. A game alone (klob play) and a seat at a shared
// table give the same Port; what a shared table adds (seats away,
// taken over or ready) comes in the Snapshot.
//
// The drawing is Scene and Render: one position of a game from one
// seat, with the other seats around the trick (the one across at two,
// left and right at three, the partner on top at four), the score pad
// by side and the table talk, the hand at the bottom. The replay draws
// its positions with them, so a replayed position looks as it did.
//
// What the screen shows, at every count: the hint (H, the trainer's
// table of every option in rank order), the deal's tricks (v, also
// after the deal), the last trick kept in view until the next card and
// named beside the next, takebacks (u), claims (c), the deal's result
// and the game's end with its seed, its log, its replay and a new game.
// Cards are written as cards, in the player's symbols or -ascii; a line
// that does not fit wraps, or leaves out whole parts, never a part of a
// word or a number.
package table
