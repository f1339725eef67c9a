// Package stats adds up the player's record over saved games: games
// played and won against each bot level, the average score per deal, and
// as maker the take rate and the bete rate.
//
// The player is the seat a person played (level "human" in the log). A
// game without exactly one human seat (bot against bot, or two people)
// says nothing about the player and is skipped.
//
// # What each figure counts
//
//   - Games played: every saved game with the player, finished or not;
//     won: finished games the player won. Both by the opponent's level.
//   - Deals: the deals played to the end in those games, thrown-in deals
//     included (they happened, and score nothing); an unfinished last
//     deal is left out.
//   - Average score per deal: the points the player added to the game
//     total, over those deals.
//   - Take rate: the share of those deals (thrown-in ones included, since
//     the player had the chance to take) in which the player became the
//     maker, by taking, naming a suit or a schmeiss refused.
//   - Bete rate: the share of the deals the player made trump in, played
//     out, that ended bete.
package stats
