// Package rating is the club's rating math: pure functions, no I/O.
//
// # The model
//
// A rating is a normal belief about a player's skill, mean Mu and
// spread Sigma. One game updates it by the Bayesian approximation of
// Ruby C. Weng and Chih-Jen Lin, "A Bayesian Approximation Method for
// Online Ranking", JMLR 12 (2011) 267-300, with the Plackett-Luce model
// of its Algorithm 4: the family the OpenSkill libraries implement.
// A game is a ranking of sides (ties allowed); a side's skill is the
// sum of its players' means and of their variances, and each player
// takes a share of the side's update in proportion to their variance.
//
// Chosen over Glicko-2 because the club rates three shapes of game: two
// players head to head, three each for themselves, and two teams of two.
// Glicko-2 rates one against one and needs a made-up extension for the
// other two and rating periods; Weng-Lin Plackett-Luce takes a ranking
// of any number of sides of any size natively, in closed form (no
// numerical integration), so all three go through one update.
//
// The defaults are the paper's and OpenSkill's: Mu 25, Sigma 25/3, Beta
// Sigma/2, Kappa 0.0001, gamma = sigma_i/c; Tau 25/300 (OpenSkill's
// dynamics term) widens a rated sigma a little before each game, so a
// long-standing rating can still move.
//
// # Who is rated
//
//   - A Player marked Fixed is a bot: its published rating for its
//     level enters the update like anyone's, and is never changed. The
//     people at a table with bots in some seats are rated.
//   - A game in which every person sits on one side (one person against
//     bots, or partners against two bots) is a game against bots alone:
//     by default it changes no rating (Config.RateBotOnly turns it on).
//   - Guests are never rated. The caller leaves them out, or, to still
//     rate the people at a table where a guest sat, passes the guest as
//     Fixed with the newcomer rating (Config.Newcomer) and stores
//     nothing for them.
//
// # Showing a rating
//
// Scale shows a rating on a 1500 scale with its uncertainty (a
// newcomer is 1500 ±350, Glicko's familiar start) and the change after
// a game; Rating.Ordinal is the conservative Mu - 3 Sigma that orders a
// leaderboard, which lists only those with DefaultMinGames or more.
package rating
