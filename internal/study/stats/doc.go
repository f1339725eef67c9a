// Package stats adds up the player's record over saved games of two,
// three and four players: games played and won by the player's side, by
// the opponents' level and by seat count, the average score per deal,
// and as maker the take rate and the bete rate.
//
// The player is the seat a person played (level human in the log); with
// four players the player's side is the player's team. A game without
// exactly one human seat (bots only, or several people) says nothing
// about the player and is skipped.
//
// # What each figure counts
//
//   - Games played: every saved game with the player, finished or not;
//     won: finished games the player's side won. Also by the opponents'
//     level (the bots on the other sides; "easy+hard" when they differ)
//     and by seat count.
//   - Left to bots: games the player left at a shared table, which a bot
//     finished in their seat. They count here and in games played only,
//     in no other figure below: the player did not play them to the end,
//     and the bot's deals are not theirs.
//   - Deals: the deals played to the end in those games, thrown-in deals
//     included (they happened, and score nothing); an unfinished last
//     deal is left out.
//   - Average score per deal: the points the player's side added to its
//     game total, over those deals; the opponents' average is an
//     opposing side's (each other player's with three).
//   - Take rate: the share of those deals (thrown-in ones included, since
//     the player had the chance to take) in which the player, not a
//     partner, became the maker, by taking, naming a suit or a schmeiss
//     refused.
//   - Bete rate: the share of the deals the player made trump in, played
//     out, that ended bete.
package stats
