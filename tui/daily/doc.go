// Package daily is the screen of klob daily, the daily challenge: the
// day's eight boards at one seat count, the same in every Klob
// (internal/play/duplicate deals them from the date), played one by one
// against the bots, then compared with par and with friends.
//
// # Screens
//
// Screen is one kit.Screen that leads the person through the day; what
// it shows is one of its parts:
//
//   - the intro: the date, the seat count, the boards played so far and
//     the streak, and what the day is; when yesterday's day is begun and
//     not finished (and today's not begun), it is shown first, with n
//     to leave it for today's (Config.Later);
//   - a board: the table screen (tui/table, Config.Board) over a game
//     host playing the board (internal/play/host, Config.Board): one
//     deal, the bots on the board's seeds, no hint and no takeback;
//   - between boards: the board's result, saved, and the next;
//   - the results, after the eighth board: board by board the person's
//     result, par and the hard bot's line where it parts from the
//     person's (opened in the replay with the analysis, at that point),
//     the day's matchpoints against every friend imported (klob daily
//     -import), or against par when nobody is, and the result file to
//     share;
//   - the standings in full, and the history with the streak.
//
// # Fair play and saving
//
// A board is dealt only when it is played: no screen before it shows
// any of its cards, and the state directory holds only what was played
// (internal/record/daily). The host saves the board in progress after
// every move and records it when it ends, so quitting loses nothing:
// klob daily goes on at the next board, or in the middle of the board
// left, from the same point (the bots' play depends only on the board
// and the person's actions, so the deal goes on as it would have). A
// board once begun is played: it is never dealt again that day. The
// eighth board recorded puts the day in the history (its results need
// not be opened); the results write its line again with par.
//
// # Par
//
// Par (the hard bot in the person's seat, duplicate.BoardSet.ParLine)
// is worked out in the background from the moment the screen opens, a
// board at a time in tea.Cmds, so it is usually ready when the day is
// played; the results show its progress until it is. Par is written
// into the person's result file only once the day's last board is
// played, as the screens show it only then, and the hard bot's line of
// a board into the day's par file once the board is: a day opened again
// reads the lines kept by this version of Klob back instead of working
// them out (a damaged file is moved aside and said on the intro). Then,
// one day at a time, par of past days played out without it
// (Config.PastPar), whose history lines are written again.
package daily
