// Package club is the club service of klob serve: its database
// (internal/record/clubdb, club.db in the state directory) and its
// ratings (internal/serve/rating), glued to the server.
//
// Open opens the database (a damaged one, or one a newer klob wrote,
// is refused with clubdb's message and left as it is), imports the
// state directory's files (every start: the import adds only what is
// new), and applies the ratings of the games the import recorded and
// nobody rated yet, in the order the database numbered them. From then
// on, every game klob serve files is recorded by Record, its ratings
// with it in one transaction: a game is its log's checksum, so a game
// recorded again (after a crash, from another history) is never rated
// twice, and a game is never removed from its table's directory before
// the database has it, so no rating is lost.
//
// # Who is rated
//
// A finished game rates its keyed people when they sit on two sides or
// more: two head to head, three each for themselves, two teams of two
// (a pool, a rating, per seat count). A bot enters the update with the
// published rating of its level (Bots) and keeps it; a game in which
// the people all sit on one side (against bots alone) changes no
// rating; a guest (a person without a key) enters as a fixed newcomer
// and is never rated. A practice game (the seed chosen) is recorded
// and not rated.
//
// A game a bot finished for a person is rated as one they abandoned
// (RateStoodIn): a person whose seat a bot played at the game's end
// (they dropped and did not come back) loses it, their side ranked
// below every other whatever the bot made of it; one for whom bots
// played a quarter of the moves or more (the move clock ran out on
// them; host.StoodIn reads both from the log) loses it to the sides
// whose people played their own games. The others are rated on that
// result by the same update as a game the same people played to its
// end, so the changes balance as that game's would: a partner loses
// with the side, and nobody gains or loses by a bot's play. Card's
// Last.Why says so to each person whose result it changed (ForfeitWhy).
// Only a game whose every keyed person had left at its end
// (host.LeftAtEnd), finished by bots alone, rates nobody.
//
// Nothing but a key's fingerprint and the name its person chose
// identifies anyone in the database.
package club
