// Package tourney runs the club's duplicate tournaments on klob serve:
// a board set (internal/play/duplicate) that every entrant plays against
// bots, each at their own table, any time before the end; results
// against par while it runs, standings by matchpoints once it ends. It
// also runs the server's daily tournaments: eight boards a day at each
// seat count, as klob daily has them but dealt from a secret seed, so
// that the people of one server compare with each other, live.
//
// # Where things live
//
// The club database (internal/record/clubdb, reached through the DB
// interface) holds the tournaments, their secret board seeds, the pars,
// the entries and every entrant's boards: begun (with the log being
// played) or played (the result, the log and its checksum). Config.Dir
// (the state directory's tourneys/) holds the files:
//
//	tourneys/
//	  CODE/
//	    par.txt              the hard bot's line of each board worked out
//	    KEY/board-03.klob    an entrant's board: saved after every move
//
// The database keeps the logs' paths relative to Config.Dir. A log is
// written durably (a temporary file synced, renamed, the directory
// synced) before the database hears of it, so a restart loses nothing:
// a board in progress is resumed from its log (the bots' play depends
// only on the board and the person's actions: it goes on as it would
// have), and a board played out whose result did not reach the database
// is filed when it is resumed.
//
// # Fair play
//
// A board is dealt when an entrant begins it (StartBoard is recorded
// before the host deals it, so a board once seen is played): nothing the
// service returns before then holds its cards, and a player sees only
// their own results until the end (Progress). The seed of every
// tournament, the daily's too, comes from Config.NewSeed (crypto/rand)
// and never leaves the server: klob daily's boards follow from the date
// by a public rule, so anyone could deal them in advance. Only
// once the tournament has ended do Final, PlayLog and ParLog open the
// standings, everyone's play and the hard bot's lines.
//
// # Par
//
// Par of every board (duplicate.BoardSet.ParLine: the hard bot in the
// person's seat against the same bots) is worked out in the background
// by one worker, the daily tournaments first, each bot decision in a
// slot of the server's host.Slots behind the games' bots. Each board's
// line is kept in par.txt as it is worked out (a restart goes on from
// there) and the pars go into the database together (SetPars).
//
// # The daily tournaments
//
// The first call of the day (in Config.Location, the server's local time
// by default, on the Config.Now clock) creates the day's three daily
// tournaments, DAILY-2026-12-01-3P and its kind, ending at the next
// midnight there. Their bots are klob daily's (normal), their rules the
// default ones at each seat count, their eight boards the server's own
// (a daily recorded with seed 0, before the dailies had secret seeds,
// keeps klob daily's boards of its date).
package tourney
