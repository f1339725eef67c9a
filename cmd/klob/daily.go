package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
	dailyscreen "github.com/klob/klob/tui/daily"
	"github.com/klob/klob/tui/kit"
)

// dailyEnv is what klob daily reads from the world: the clock (today is
// its local date) and the environment. Tests give their own.
type dailyEnv struct {
	now    func() time.Time
	getenv func(string) string
	// screen runs the App; nil runs it in the terminal (runApp).
	screen func(app *tui.App) int
}

const dailyUsage = `usage: klob daily [-players 2|3|4] [-name NAME] [-ascii] [-pace D]
       klob daily -history
       klob daily -export [-players 2|3|4] [-name NAME]
       klob daily -import FILE
The daily challenge: today's eight boards for the seat count, the same in every
Klob (dealt from the date by a public rule), one deal each against normal bots.
After the eighth board: your result and par (the hard bot in your seat) board by
board, the hard bot's play in the replay, and matchpoints against the friends
whose result files you import. A board played is not dealt again that day.`

const dailyNotes = `Files: the state directory (KLOB_STATE_DIR, else $XDG_STATE_HOME/klob or
~/.local/state/klob) keeps, under daily/, only what you played: your result file
(the one to share), the board in progress, the hard bot's play of the boards
played (par's, so that their results open again at once), imported files, the
history and the name given with -name (the name of the days after, until another
-name). With another state directory and a clock set back one can play a day
again: it is a game against yourself and friends, and a result file is unsigned
text that says which Klob made it.`

// runDaily is klob daily in the terminal.
func runDaily(args []string, stdout, stderr io.Writer) int {
	now, err := dailyClock(os.Getenv, time.Now)
	if err != nil {
		printError(stderr, "daily", errorText(err))
		return 2
	}
	return dailyWith(args, stdout, stderr, dailyEnv{now: now, getenv: os.Getenv})
}

// dailyDayVar, when set to a day (YYYY-MM-DD), is the day klob daily
// plays instead of the calendar's: not a setting of the player's, but
// for the end-to-end test, which runs klob as a program and must play
// one day whatever the time of day (midnight would change the boards
// under it). The notes say already that a clock set back replays a day.
const dailyDayVar = "KLOB_DAILY_DAY"

// dailyClock is the clock of klob daily: now, or with dailyDayVar set a
// clock that reads noon of that day in now's location, moving on as
// now does from the call (a run would have to last twelve hours to
// leave the day).
func dailyClock(getenv func(string) string, now func() time.Time) (func() time.Time, error) {
	v := getenv(dailyDayVar)
	if v == "" {
		return now, nil
	}
	d, err := duplicate.ParseDate(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dailyDayVar, err)
	}
	start := now()
	noon := time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, start.Location())
	return func() time.Time { return noon.Add(now().Sub(start)) }, nil
}

func dailyWith(args []string, stdout, stderr io.Writer, env dailyEnv) int {
	fs := newFlagSet("daily", dailyUsage)
	fs.notes = dailyNotes
	players := fs.Int("players", 2, "players at the table: 2, 3 or 4")
	fs.saysRange("players", playersRange)
	name := fs.String("name", "", "your name in your result file, kept for the days after; with -export, the exported file's only (default: the one kept, else $USER, else $LOGNAME)")
	history := fs.Bool("history", false, "print the days played, with the streak")
	export := fs.Bool("export", false, "print your result file of today (for -players; before today's first board, yesterday's), to share")
	importFile := fs.String("import", "", "import a friend's result `FILE`: checked against its day's boards, then compared")
	ascii := fs.asciiFlag("draw suits as letters (C D H S) and boxes with + - |")
	pace := fs.Duration("pace", tui.DefaultTiming().Pace, "least time between two moves of the bots")
	if err := fs.parseNone(args, stdout, stderr); err != nil {
		return parseExit(err)
	}
	set := fs.set()
	if !rules.ValidPlayers(*players) {
		return fs.fail(stderr, "%s", playersRange(fmt.Sprint(*players)))
	}
	if err := checkPace(*pace); err != nil {
		return fs.fail(stderr, "%v", err)
	}
	if set["import"] && *importFile == "" {
		return fs.fail(stderr, "-import needs a file: klob daily -import FILE")
	}
	modes := 0
	for _, on := range []bool{*history, *export, *importFile != ""} {
		if on {
			modes++
		}
	}
	if modes > 1 {
		return fs.fail(stderr, "-history, -export and -import go one at a time")
	}
	// A flag the mode would not read is refused, not ignored: the
	// history holds every seat count, an import's file says its own,
	// and only the screen plays at a pace or draws suits.
	for _, m := range []struct {
		on     bool
		flag   string
		allows []string
		why    string
	}{
		{*history, "history", nil, "it prints the days played at every seat count, as kept"},
		{*export, "export", []string{"players", "name"}, "it prints a result file (only -players and -name go with it)"},
		{*importFile != "", "import", nil, "the file says its day and seat count, and is compared with your results as kept"},
	} {
		if !m.on {
			continue
		}
		for _, f := range []string{"players", "name", "pace", "ascii"} {
			if set[f] && !slices.Contains(m.allows, f) {
				return fs.fail(stderr, "-%s does not go with -%s: %s", f, m.flag, m.why)
			}
		}
	}
	named := set["name"]
	if named {
		n, err := dailyNameOf(*name)
		if err != nil {
			return fs.fail(stderr, "-name: %v", err)
		}
		*name = n
	}
	dir, err := store.DefaultDir(env.getenv)
	if err != nil {
		return failed(stderr, "daily", err)
	}
	if inTheWay(dir) {
		// Nothing of the daily can be read or kept there: say so before
		// any of it says only "not a directory".
		then := "the daily cannot be played"
		switch {
		case *history:
			then = "the daily history cannot be read"
		case *export:
			then = "today's results cannot be exported"
		case *importFile != "":
			then = "a friend's results cannot be imported"
		}
		return failed(stderr, "daily", errors.New(stateInTheWay(dir, then)))
	}
	files := dailyfiles.Open(dir)
	today := duplicate.DateOf(env.now())
	var failedWith error
	fail := func(err error) int {
		failedWith = err
		return failed(stderr, "daily", err)
	}
	if *export || *importFile != "" {
		// A file found damaged on the way (one's own results, or
		// yesterday's, read only to choose) is said, unless the error
		// the command failed with says it already.
		defer func() {
			for _, err := range files.TakeMoved() {
				if !errors.Is(failedWith, err) {
					printError(stderr, "daily", errorText(err))
				}
			}
		}()
	}
	who := *name
	if !named && !*history {
		if who, err = dailyWho(files, env.getenv); err != nil {
			return fail(err)
		}
	}
	switch {
	case *history:
		// Every line is counted again from its day's files, so that it
		// says what they hold now (par worked out since, a result file
		// rebuilt), and days played out but missing from the history
		// count now; when another klob daily holds the lock, it keeps
		// them. With no daily yet, nothing is made.
		if _, err := os.Stat(filepath.Join(dir, dailyfiles.Dir)); err == nil && files.Lock() == nil {
			err := files.Recount()
			files.Unlock()
			if err != nil {
				return fail(err)
			}
		}
		h, err := files.History()
		if err != nil {
			// Not "No day played yet" above the reason it is unknown.
			return fail(err)
		}
		// A file found damaged while counting the days was moved aside
		// and what reads of it kept: the history may lack what it held,
		// so that is said first; the history printed is what reads.
		for _, err := range files.TakeMoved() {
			printError(stderr, "daily", errorText(err))
		}
		for _, l := range dailyscreen.HistoryLines(h, today) {
			if _, err := fmt.Fprintln(stdout, l); err != nil {
				return fail(err)
			}
		}
		return 0
	case *export:
		day, err := files.Day(today, *players, who, versionWord())
		if err != nil {
			return fail(err)
		}
		keepName(day, named)
		// A file repaired on the way (moved aside, what reads of it
		// kept) comes with the results that read: a notice, said
		// below (TakeMoved), not a failure.
		rf, err := day.Results()
		if rf == nil {
			return fail(err)
		}
		// One wording whether yesterday's file stands in or there is
		// none to print.
		noBoard := fmt.Sprintf("no board of today (%s) played at %d players yet", today, *players)
		if len(rf.Boards) == 0 {
			// Before today's first board, yesterday's day is the one
			// klob daily goes on with: its file is the one to share.
			y, err := files.Day(today.AddDays(-1), *players, who, versionWord())
			if err != nil {
				return fail(err)
			}
			keepName(y, named)
			if yrf, err := y.Results(); err == nil && len(yrf.Boards) > 0 {
				rf = yrf
				printError(stderr, "daily", fmt.Sprintf("%s: yesterday's results (%s)", noBoard, y.Date))
			}
		}
		if len(rf.Boards) == 0 {
			return fail(fmt.Errorf("%s: nothing to export", noBoard))
		}
		if named && rf.Name != who {
			// The file goes out under the name asked for, whatever
			// name the day was played under.
			renamed := *rf
			renamed.Name = who
			rf = &renamed
		}
		if len(rf.Boards) < duplicate.DailyBoards {
			// The result file holds par once the eighth board is
			// played, as the day's screens show it (dailyfiles): why
			// every board says "par -" is said.
			printError(stderr, "daily", fmt.Sprintf("par is left out until the eighth board is played (%d of %d so far)", len(rf.Boards), duplicate.DailyBoards))
		}
		text, err := rf.MarshalText()
		if err != nil {
			return fail(err)
		}
		if _, err := stdout.Write(text); err != nil {
			return fail(err)
		}
		return 0
	case *importFile != "":
		code, err := dailyImport(files, dir, *importFile, who, today, stdout, stderr)
		failedWith = err
		return code
	}

	// No terminal, no day: refused before the lock or the name is
	// written.
	if env.screen == nil {
		if code, ok := haveTerminal("daily", stdout, stderr); !ok {
			return code
		}
	}
	if err := files.Lock(); err != nil {
		return fail(stateFolderError(dir, err, "the daily cannot be played"))
	}
	defer files.Unlock()
	var warnings []string
	if named {
		// Kept for the days after, when -name is not given. A name file
		// in the way that could not be moved aside is not written over:
		// the day is played under -name all the same.
		var de *durable.DamagedError
		if err := files.SetName(who); errors.As(err, &de) {
			warnings = append(warnings, err.Error())
		} else if err != nil {
			return fail(err)
		}
	}
	// A day played out counts, even one the history misses.
	countErr := files.CountDays()
	day, later, err := dailyDays(files, today, *players, who, named)
	if err != nil {
		return fail(err)
	}
	cfg := dailyscreen.Config{Files: files, Day: day, Later: later, Today: today, Player: day.Name, ASCII: ascii.in(env.getenv),
		Pace: *pace, Settle: tui.DefaultTiming().Settle, ShowPath: homePath(env.getenv("HOME")), Now: env.now}
	if countErr != nil {
		warnings = append(warnings, "a day played could not be counted in the history: "+countErr.Error())
	}
	// Par of past days played out without it is worked out in the
	// background, after the day's own.
	if cfg.PastPar, err = files.WithoutPar(today, versionWord()); err != nil {
		warnings = append(warnings, "past days without par: "+err.Error())
	}
	if path, err := settings.DefaultPath(env.getenv); err == nil {
		prefs, err := settings.Load(path)
		if err != nil {
			warnings = append(warnings, settingsWarning(err, false))
		}
		if !set["pace"] {
			cfg.Pace = prefs.Pace.Delay()
		}
		cfg.HoldTricks = prefs.AfterTrick == settings.WaitKey
		if prefs.Sort == settings.BySuit {
			cfg.Sort = kit.BySuit
		}
	}
	if cfg.Pace > 0 {
		cfg.TrickPace = max(2*cfg.Pace, time.Second)
	}
	cfg.Warning = strings.Join(warnings, "; ")
	app, err := tui.NewDaily(cfg)
	if err != nil {
		return fail(err)
	}
	if env.screen != nil {
		return env.screen(app)
	}
	return runApp("daily", app, stdout, stderr)
}

// dailyDays is the day to open at players: today's, or yesterday's
// when it is begun and not finished and today's is not begun (a board
// that crossed midnight, a day left in the evening); then later is
// today's, offered on the intro. Further back is not offered: a day
// is played on its date, or the one after at the latest.
func dailyDays(files *dailyfiles.Files, today duplicate.Date, players int, who string, named bool) (day, later *dailyfiles.Day, err error) {
	day, err = files.Day(today, players, who, versionWord())
	if err != nil {
		return nil, nil, err
	}
	keepName(day, named)
	begun := func(p *dailyfiles.Progress) bool { return p != nil && (p.Board > 0 || len(p.Results.Boards) > 0) }
	if p, _ := day.Load(); p == nil || begun(p) {
		// A day that cannot be read says why on its own screen.
		return day, nil, nil
	}
	y, err := files.Day(today.AddDays(-1), players, who, versionWord())
	if err != nil {
		return day, nil, nil
	}
	keepName(y, named)
	if p, _ := y.Load(); begun(p) && len(p.Results.Boards) < len(y.Set.Boards) {
		return y, day, nil
	}
	return day, nil, nil
}

// homePath returns how to show a path: "~" for the home directory.
func homePath(home string) func(string) string {
	return func(p string) string {
		if home != "" && home != "/" && strings.HasPrefix(p, home+"/") {
			return "~" + strings.TrimPrefix(p, home)
		}
		return p
	}
}

// keepName goes on with a day under the name it began with, unless
// -name was given (named).
func keepName(day *dailyfiles.Day, named bool) {
	if kept := day.KeptName(); kept != "" && !named {
		day.Name = kept
	}
}

// dailyWho is the person's name when -name is not given (dailyName),
// checked as -name is. A name file that does not read is no name kept:
// files keeps its error for TakeMoved, and the command says it.
func dailyWho(files *dailyfiles.Files, getenv func(string) string) (string, error) {
	kept, err := files.Name()
	var de *durable.DamagedError
	if err != nil && !errors.As(err, &de) {
		return "", err
	}
	who := dailyName(kept, getenv)
	n, err := dailyNameOf(who)
	if err != nil {
		return "", fmt.Errorf("your name %q: %v; give one with -name NAME", who, err)
	}
	return n, nil
}

// dailyName is the name written in the person's result file when
// -name is not given: the one kept from an earlier -name, else the
// login name. Friends read it in their standings, so it is never "You"
// (their own row): with no login name either, "player".
func dailyName(kept string, getenv func(string) string) string {
	for _, n := range []string{kept, getenv("USER"), getenv("LOGNAME")} {
		if n != "" {
			return n
		}
	}
	return "player"
}

// checkName says what is wrong with a name for the result file.
func checkName(name string) error {
	rf := duplicate.ResultFile{Date: duplicate.Date{Year: 2026, Month: 1, Day: 1}, Players: 2, Set: "0000000000000000",
		Name: name, Version: "v"}
	if _, err := rf.MarshalText(); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "result file: "))
	}
	return nil
}

// dailyNameOf is name as the result file writes it, or why it may not
// be: -name and the name kept or logged in with are checked alike. The
// file must hold it; it must not read like a row of the standings; and
// the club of klob serve must take it (names.Normal), as friends read
// it in their standings, where a name that passes for a bot, for "You"
// in look-alike letters, or holds a mark such as "(you)", would pass
// for what it is not.
func dailyNameOf(name string) (string, error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	if dailyfiles.Reserved(name) {
		return "", errors.New("it reads like a row of the standings (yours, or par's)")
	}
	return names.Normal(name)
}

// ownResults reports whether data is the person's own result file, as
// -export printed it: their name, and the same boards played move for
// move (a friend who played the same moves is a tie, not oneself).
// Imported, it would stand in the comparison as another entrant.
func ownResults(files *dailyfiles.Files, data []byte, who string) bool {
	rf, err := duplicate.ParseResultFile(data)
	if err != nil {
		return false
	}
	d, err := files.Day(rf.Date, rf.Players, who, versionWord())
	if err != nil {
		return false
	}
	own, err := d.Results()
	if err != nil || own == nil || len(own.Boards) == 0 || own.Name != rf.Name {
		return false
	}
	return slices.EqualFunc(own.Boards, rf.Boards, func(a, b duplicate.BoardResult) bool {
		return a.Board == b.Board && slices.Equal(a.Steps, b.Steps)
	})
}

// dailyImport imports a friend's result file into the state folder
// dir and, when the person has played that day, says how they stand
// now (and keeps it in the history). It returns the exit code, and the error it failed with.
func dailyImport(files *dailyfiles.Files, dir, path, who string, today duplicate.Date, stdout, stderr io.Writer) (code int, failedWith error) {
	fail := func(err error) (int, error) {
		return failed(stderr, "daily", err), err
	}
	data, err := untrusted.ReadFileMax(path, duplicate.MaxResultFileSize)
	if err != nil {
		return fail(err)
	}
	if err := files.Lock(); err != nil {
		return fail(stateFolderError(dir, err, "a friend's results cannot be imported"))
	}
	defer files.Unlock()
	if ownResults(files, data, who) {
		return fail(fmt.Errorf("%s: these are your own results: import a friend's file to compare with", path))
	}
	im, err := files.Import(data, path, who, versionWord())
	if err != nil {
		return fail(err)
	}
	f := im.File
	verb := "Imported"
	switch {
	case im.Same:
		verb = "Already imported, nothing changed"
	case im.Replaced:
		verb = "Imported (in place of the earlier file of that name)"
	}
	// Wrapped to 80 columns, as a terminal would otherwise cut words.
	say := func(format string, args ...any) { printHanging(stdout, fmt.Sprintf(format, args...), "", "") }
	// A name that reads like yours or a row of the standings ("You",
	// "Par") is quoted as a friend's: "You's results" would say the
	// user made them.
	whose := untrusted.Text(f.Name) + "'s"
	clash := dailyfiles.ReadsAsOthers(f.Name) || dailyfiles.LooksLike(f.Name, who)
	if clash {
		whose = fmt.Sprintf("a friend's results (named %q)", untrusted.Text(f.Name))
	} else {
		whose += " results"
	}
	say("%s: %s of %s at %d players, %s, made by klob %s.", verb,
		whose, f.Date, f.Players, kit.Plural(len(f.Boards), "board"), untrusted.Text(f.Version))
	// A board line without its play (our own export keeps a board whose
	// play no longer replays, without it) was only bounded, not replayed.
	if un := f.Unchecked(); len(un) > 0 {
		say("%s", kit.Capital(notChecked(un)))
	}
	aside := untrusted.Text(im.Aside)
	switch {
	case im.Replaced && im.ReplacedName != f.Name:
		// Names alike but for case or punctuation share one file.
		say("It replaces the results of %q, a name that only looks the same; that file is kept at %s. If that "+
			"is someone else, import both again made with names of their own (-name NAME).",
			untrusted.Text(im.ReplacedName), aside)
	case im.Replaced:
		say("The earlier file is kept at %s. If it was someone else's, ask one of them for a file made with -name NAME.",
			aside)
	}
	if clash {
		say("Their name reads like yours or a row of your standings: there it is marked (friend).")
	}
	// A friend's name like another's, in a file of its own (their names
	// differ): both are kept, and the standings tell them apart.
	others, _ := im.Day.Imports()
	for _, o := range others {
		if o.Name != f.Name && dailyfiles.LooksLike(o.Name, f.Name) {
			say("Their name looks like %q, another friend's: the standings tag each name with a mark of it as "+
				"written (#%s, #%s).", untrusted.Text(o.Name), dailyfiles.NameTag(f.Name), dailyfiles.NameTag(o.Name))
			break
		}
	}
	// A repaired file of one's own is a notice (TakeMoved), not a failure.
	own, err := im.Day.Results()
	if own == nil {
		return fail(err)
	}
	if n, all := len(own.Boards), len(im.Day.Set.Boards); n < all {
		// Whether klob daily would still open that day (dailyDays):
		// today's, yesterday's begun and not finished before today's
		// first board, or one yet to come (a friend's clock ahead).
		open, _, _ := dailyDays(files, today, f.Players, who, false)
		switch {
		case f.Date.Compare(today) > 0 || open != nil && open.Date == f.Date:
			say("You have played %d of that day's %d boards: the comparison comes once you have played them all.", n, all)
			if f.Date == today && len(f.Boards) == all {
				say("The file holds their play of every board: it is for after your own.")
			}
		case n == 0:
			say("You did not play that day, and it can no longer be played: klob daily plays a day on its date, " +
				"or finishes it the day after. Their results are kept, with none of yours to compare them with.")
		default:
			say("You played %d of that day's %d boards, and it can no longer be finished: klob daily finishes a day "+
				"the day after at the latest. Their results are kept; a comparison needs every board played.", n, all)
		}
		return 0, nil
	}
	imports, bad := im.Day.Imports()
	field, err := dailyfiles.Compare(im.Day.Set, own, imports)
	if err != nil {
		return fail(err)
	}
	line := field.Line(f.Date, own)
	if err := files.SetDay(line); err != nil {
		return fail(err)
	}
	me := field.Mine()
	rank := fmt.Sprint(me.Rank)
	if me.Tied {
		rank += "=" // as the standings write a shared rank
	}
	say("Your day %s at %d players: %s, rank %s of %d.", f.Date, f.Players,
		kit.Percent(me.Percent), rank, field.Standings.Field)
	for _, e := range bad {
		printError(stderr, "daily", "left out: "+errorText(e))
	}
	return 0, nil
}

// notChecked says what -import and verify say of the boards ns of a
// result file whose line has no play: they could not be replayed.
func notChecked(ns []int) string {
	has, its := "have", "their results are"
	if len(ns) == 1 {
		has, its = "has", "its result is"
	}
	return fmt.Sprintf("not checked: %s %s no play to replay, so %s only known to be within what a deal can give.",
		dailyfiles.BoardList(ns), has, its)
}
