// Package tourney is the screens of the server's tournaments in the SSH
// lobby (internal/serve/tourney runs them): the list of the running
// tournaments (today's dailies, the club's) and of the ended ones the
// person entered, a tournament, the form of a new one, each board at the
// person's own table, and once a tournament has ended its standings,
// everyone's boards and play, and par's lines.
//
// # Parts
//
// Screen is one kit.Screen; what it shows is one of its parts:
//
//   - the list: enter opens a tournament, n creates one, c opens one by
//     its code, esc goes back to the lobby (Config.Back);
//   - a tournament while it runs: its facts, the rules, the person's own
//     boards (their result, and par once they have played the board),
//     enter to enter it and then to play the next board;
//   - a board: the table screen (tui/table) over the seat's host.Port,
//     in board mode (one deal, no hint), then the part after it: the
//     board's host closed (its result recorded), the result, par, the
//     next board; within ten minutes of the end, and at once once it
//     has ended (its time, or its host's e), the line under the
//     board's header says so, and esc then opens the standings;
//   - a tournament once ended: the standings by matchpoints; an
//     entrant's boards (result, par, matchpoints), everyone's results on
//     one board, and in the replay (tui/replay) any entrant's play or the
//     hard bot's line.
//
// The App's quit (q then y) comes to QuitNow: from a board back to its
// tournament (the board saved, to go on from there), from anywhere else
// back to the lobby. The connection's end leaves the board in play.
//
// # Fair play
//
// No part but a board's table and the replays shows a card, and the
// replays open only once the tournament has ended (the service refuses
// them before). The service is read in tea.Cmds only, never in Update.
package tourney
