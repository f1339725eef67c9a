// Package daily keeps the daily challenge (klob daily) in the state
// directory: the boards a person has played of a day, the board in
// progress, par once known, friends' result files, and the history of
// the days played with the streak. The boards, their scoring and the
// file formats are package internal/play/duplicate's; this package is
// where they live on disk.
//
// # Files
//
//	<state>/daily/
//	  daily.lock                 held while a klob daily plays or imports
//	  history.txt                a line a day and seat count (duplicate's history)
//	  name.txt                   the name given with -name, for the days after
//	  2026-12-01-3p/             one day at one seat count
//	    klob-daily-2026-12-01-3p.txt   the person's result file: to share
//	    board.txt                the board in progress: its actions so far, and the claim made in them
//	    par.txt                  the hard bot's line of each board played, by version
//	    imports/NAME.txt         friends' result files, checked and stored
//
// Every write is durable (internal/platform/durable: a temporary file
// synced, renamed, the directory synced), so a crash loses at most the
// action being written, and the files only ever hold what was played:
// the result file the boards finished (their actions, the result; par
// once every board of the day is played and par is worked out: the
// screens show it only then, and the file to share says no more than
// they do), the board file the actions of the board in play,
// the par file the hard bot's play of the boards finished (par.go), so
// that their results open again without the bot working it out anew.
// No deck, no seed, no board not yet played is written: the boards come
// again from the date by the public rule (duplicate.Daily). A board in
// the result file is played: it is never dealt again that day.
//
// A file that does not read is moved into daily/damaged/, never written
// over, and what still reads of it is kept: the board lines of a result
// file, the first actions of a board in progress that still replay. A
// board line whose play replays to the deal's end keeps its play and
// the result the play gives, whatever result it states (one edited by
// hand is not kept); a line whose play no longer replays, or that has
// none, keeps its stated result, as it has nothing to check it by. The
// name file is read as no name. A day's history line is written again
// from the boards kept, so that the history counts what the day's
// screen and its export show. Every move is kept for TakeMoved, so
// that it is said whoever read the file first.
//
// A day counts in the history once its eighth board is recorded (Record
// writes its line, par unknown until the results screen works it out);
// CountDays counts the days played out that the history misses.
//
// # What this does not stop
//
// The daily is a game against oneself and friends, not a contest with
// prizes. Someone who sets KLOB_STATE_DIR to an empty directory, or
// moves the clock, plays a day's boards again; the rule that deals them
// is public, so anyone can deal them in advance; and a result file is
// unsigned text anyone can write. The result file says which Klob made
// it (its version line); matchpoints compare what the files claim.
//
// # Imports
//
// Import reads a friend's result file (untrusted: size-bounded, every
// error with its line), deals the set it names from its date and seat
// count, checks it against the set (duplicate.ResultFile.Check: the set
// ID, and every recorded play replayed to the result it states), and
// stores it under its day, in place of an earlier file of the same name.
// A friend's file holds their play of every board: the screens show it
// only for the boards the person has played.
package daily
