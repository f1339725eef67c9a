package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui"
	"github.com/klob/klob/tui/kit"
)

// playFlags is what the flags of klob play say.
type playFlags struct {
	cfg     tui.PlayConfig
	seedSet bool
}

// parsePlay reads the flags of klob play:
//
//	klob play [-players 2|3|4] [-level easy|normal|hard] [-target N] [-seed N] [-rules k=v,...] [-ascii] [-pace D]
func parsePlay(args []string, stdout, stderr io.Writer, secret func() uint64) (playFlags, error) {
	fs := newFlagSet("play", "usage: klob play [-players 2|3|4] [-level easy|normal|hard] [-target N]\n"+
		"                 [-seed N] [-rules k=v,...] [-ascii] [-pace D]\n"+
		"Plays a game against the bot: with -players 3 against two bots, with 4 with a\nbot partner against two.")
	level := fs.String("level", "", "the bots: easy, normal or hard (random for testing) (default: the last game's, else normal)")
	game := fs.gameFlags("seed of the decks: the same seed deals the same cards (default: a secret one, shown when the game is over); with -seed the last game's level and rules are not used", true)
	ascii := fs.asciiFlag("draw suits as letters (C D H S) and boxes with + - |")
	pace := fs.Duration("pace", tui.DefaultTiming().Pace, "least time between two moves of the bot")
	pos, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return playFlags{}, err
	}
	if len(pos) > 0 {
		return playFlags{}, fs.unexpected(stderr, pos[0])
	}
	set := fs.set()
	if !set["level"] {
		*level = "normal" // the flag's help names the last game's first
	}
	lv, err := ai.ParseLevel(*level)
	if err != nil {
		return playFlags{}, fmt.Errorf("-level: %v", err)
	}
	opts, s, seedSet, err := game.resolve(set, secret)
	if err != nil {
		return playFlags{}, err
	}
	if err := checkPace(*pace); err != nil {
		return playFlags{}, err
	}
	tm := tui.DefaultTiming()
	tm.Pace = *pace
	// A count or target given in -rules is asked for as -players and
	// -target are: a saved game of another is offered with the choice.
	for _, kv := range strings.Split(game.rules.String(), ",") {
		if k, _, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && (k == "players" || k == "target") {
			set[k] = true
		}
	}
	return playFlags{
		seedSet: seedSet,
		cfg: tui.PlayConfig{
			Setup:       tui.Setup{Level: lv, Options: opts, Seed: s},
			Timing:      tm,
			ASCII:       ascii.in(os.Getenv),
			PaceFlag:    set["pace"],
			LevelFlag:   set["level"],
			PlayersFlag: set["players"],
			TargetFlag:  set["target"],
			SeedFlag:    seedSet,
			RulesFlag:   set["rules"],
		},
	}, nil
}

// settingsWarning says why the settings file did not read and what is
// used instead: with lines that did not read, the others, and (saves:
// the setup screen may write new settings) the file is kept as
// settings.bad; with a file that is not text, the defaults, and it is
// kept so too; with a file that could not be read at all, the defaults;
// with a file where its folder should be, that folder and what sets it.
func settingsWarning(err error, saves bool) string {
	var le *settings.LineError
	var pe *fs.PathError
	switch {
	case errors.Is(err, syscall.ENOTDIR) && errors.As(err, &pe):
		return fmt.Sprintf("the settings folder %s cannot be read, a file is in its way (KLOB_CONFIG_DIR or XDG_CONFIG_HOME sets it): the default settings are used", filepath.Dir(pe.Path))
	case !errors.As(err, &le):
		return fmt.Sprintf("%v (the default settings are used)", err)
	case errors.Is(err, settings.ErrNotText) && saves:
		return fmt.Sprintf("%s: the defaults are used, and saving keeps it as %s.bad", badLines(err, le.Path), settings.FileName)
	case errors.Is(err, settings.ErrNotText):
		return fmt.Sprintf("%s: the defaults are used", badLines(err, le.Path))
	case saves:
		return fmt.Sprintf("%s (the other settings are used; saving new ones keeps this file beside them as %s.bad, or %s-2.bad if that is taken)",
			badLines(err, le.Path), settings.FileName, settings.FileName)
	}
	return fmt.Sprintf("%s (the other settings are used)", badLines(err, le.Path))
}

// settingsKeptWarning is settingsWarning once a save of the settings
// moved the file that did not read (err) aside, to kept: what happened,
// not what saving would do.
func settingsKeptWarning(err error, kept string) string {
	var le *settings.LineError
	if !errors.As(err, &le) {
		return fmt.Sprintf("%v: it is kept as %s, and your settings are saved anew", err, kept)
	}
	return fmt.Sprintf("%s: it is kept as %s, and your settings are saved anew", badLines(err, le.Path), kept)
}

// startWarnings are the warnings klob play found before its first
// screen, shown on it and printed once it ends; a save of the settings
// (off the UI goroutine) may change one.
type startWarnings struct {
	mu   sync.Mutex
	list []string
}

// add adds w and returns its place.
func (s *startWarnings) add(w string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.list = append(s.list, w)
	return len(s.list) - 1
}

// set puts w at place i.
func (s *startWarnings) set(i int, w string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.list[i] = w
}

// all returns the warnings as they stand.
func (s *startWarnings) all() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.list)
}

// shownBadLines is the most lines badLines names: a file of junk would
// otherwise fill the terminal and push the setup screen's rows off it.
const shownBadLines = 3

// badLines names the settings file once, then the first shownBadLines
// lines that did not read and how many more did not: "PATH: line 1: …;
// line 4: …; line 6: …; and 12 more lines".
func badLines(err error, path string) string {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	var says []string
	for _, e := range errs[:min(len(errs), shownBadLines)] {
		var le *settings.LineError
		if errors.As(e, &le) && le.Path == path {
			says = append(says, fmt.Sprintf("line %d: %s", le.Line, le.Msg))
		} else {
			says = append(says, e.Error())
		}
	}
	if more := len(errs) - shownBadLines; more > 0 {
		says = append(says, "and "+kit.Plural(more, "more line"))
	}
	return path + ": " + strings.Join(says, "; ")
}

// runPlay plays a game against the bot in the terminal.
func runPlay(args []string, stdout, stderr io.Writer) int {
	pf, err := parsePlay(args, stdout, stderr, seedmix.Secret)
	if err != nil {
		return flagsExit("play", err, stderr)
	}
	// No terminal, no game: refused before the state folder is made or
	// locked.
	if code, ok := haveTerminal("play", stdout, stderr); !ok {
		return code
	}
	cfg := pf.cfg
	cfg.Setup.Practice = pf.seedSet
	cfg.ShowPath = homePath(os.Getenv("HOME"))
	// Problems found before the screen opens are shown on its first
	// screen (stderr is hidden under it), and printed once it is gone.
	warnings := &startWarnings{}
	defer func() {
		for _, w := range warnings.all() {
			printError(stderr, "play", w)
		}
	}()
	// The player's settings (pace, after a trick, hand order, the bell): the setup
	// screen offers them and keeps the changes.
	if path, err := settings.DefaultPath(os.Getenv); err == nil {
		prefs, loadErr := settings.Load(path)
		at := -1
		if loadErr != nil {
			at = warnings.add(settingsWarning(loadErr, true))
		}
		cfg.Prefs = &prefs
		cfg.SavePrefs = func(p settings.Settings) error {
			kept, err := settings.SaveKeeping(path, p)
			if kept != "" && at >= 0 {
				// The file warned of is moved aside now: say so, on the
				// screen and once klob play ends.
				warnings.set(at, settingsKeptWarning(loadErr, kept))
			}
			return err
		}
	}
	st, err := store.Default()
	if err == nil {
		// One Klob plays in a state directory at a time.
		err = st.Lock()
		defer st.Unlock()
	}
	if w := useState(&cfg, st, err); w != "" {
		warnings.add(w)
	}
	// On the screen paths read as the screens show them, "~" for home.
	home := homeWords(os.Getenv("HOME"))
	cfg.Warning = home(strings.Join(warnings.all(), "; "))
	cfg.WarningNow = func() string { return home(strings.Join(warnings.all(), "; ")) }
	return runApp("play", tui.NewPlay(cfg), stdout, stderr)
}

// homeWords returns how a text with paths in it is shown on a screen:
// each path in the home directory from "~", as homePath shows a path.
func homeWords(home string) func(string) string {
	return func(s string) string {
		if home == "" || home == "/" {
			return s
		}
		var b strings.Builder
		for {
			i := strings.Index(s, home+"/")
			if i < 0 {
				break
			}
			// Only a path that starts there: not /mnt/home/ann/.
			if i == 0 || strings.IndexByte(" \t\n\"'(=:,;", s[i-1]) >= 0 {
				b.WriteString(s[:i] + "~")
			} else {
				b.WriteString(s[:i] + home)
			}
			s = s[i+len(home):]
		}
		return b.String() + s
	}
}

// useState gives cfg the state directory st, whose Lock (or
// store.Default) returned err: its store, the saved games read-only
// when another Klob plays there, or a warning that says why the game
// will not be saved.
func useState(cfg *tui.PlayConfig, st *store.Store, err error) (warning string) {
	switch {
	case errors.Is(err, store.ErrBusy):
		cfg.Busy, cfg.ReadOnly = err, st
		cfg.Elsewhere = func() (tui.Store, string, error) { return newStateDir(st.Dir()) }
	case errors.Is(err, syscall.ENOTDIR):
		// A file where the folder should be: there is no saved game to
		// offer, only the cause to tell.
		return stateInTheWay(st.Dir(), "the game will not be saved")
	case err != nil:
		if st != nil {
			if e := stateFolderError(st.Dir(), err, "the game will not be saved"); e != err {
				// The folder cannot be made or written: said as
				// the folder's, with what sets it.
				cfg.Store = st
				return e.Error()
			}
			// A directory that cannot be locked (read-only, say): its
			// saved game is still offered, and every save says it
			// failed, so the table shows the game is not saved.
			cfg.Store = st
		}
		return fmt.Sprintf("%v: the game will not be saved", err)
	default:
		cfg.Store = st
		return takeSecondSave(cfg, st)
	}
	return ""
}

// takeSecondSave moves into st, locked and with no saved game, a game
// saved in a second state directory beside it (dir-2, dir-3...: where
// a Klob started while another played in dir keeps its game), so that
// klob offers it where the player looks; cfg.MovedFrom then says where
// it was. A game another Klob still plays stays where it is; one that
// cannot be moved is named in the warning, with the command that
// resumes it. When st holds a game of its own, the first such game
// waits where it is and cfg.WaitingIn names its folder, so the offer
// to resume says it exists.
func takeSecondSave(cfg *tui.PlayConfig, st *store.Store) (warning string) {
	for n := 2; n < store.SecondDirs; n++ {
		d := store.SecondDir(st.Dir(), n)
		if _, err := os.Lstat(filepath.Join(d, store.CurrentName)); err != nil {
			continue
		}
		if st.HasCurrent() {
			cfg.WaitingIn = d
			return ""
		}
		took, err := st.TakeCurrent(store.New(d, store.Options{}))
		switch {
		case took:
			cfg.MovedFrom = d
			return ""
		case errors.Is(err, store.ErrBusy):
			continue
		case err != nil:
			return fmt.Sprintf("a game is saved in %s, and could not be moved here: %v; KLOB_STATE_DIR=%s klob resumes it", d, err, d)
		}
	}
	return ""
}

// inTheWay reports whether a file stands where the state folder dir, or
// a folder above it, should be.
func inTheWay(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && !fi.IsDir() || errors.Is(err, syscall.ENOTDIR)
}

// newStateDir opens and locks the first free state directory beside
// dir: dir-2, dir-3... with no game in it and no other Klob. Its games
// are filed in dir's history, which klob replay lists.
func newStateDir(dir string) (*store.Store, string, error) {
	for n := 2; n < store.SecondDirs; n++ {
		d := store.SecondDir(dir, n)
		st := store.New(d, store.Options{History: filepath.Join(dir, store.HistoryDir)})
		if err := st.Lock(); err != nil {
			continue
		}
		if _, err := st.LoadCurrent(); errors.Is(err, store.ErrNoSave) {
			return st, d, nil
		}
		st.Unlock()
	}
	return nil, "", fmt.Errorf("no free state directory beside %s", dir)
}
