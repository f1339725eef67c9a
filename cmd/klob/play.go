package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/settings"
	"github.com/klob/klob/internal/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
)

// playFlags is what the flags of klob play say.
type playFlags struct {
	cfg     tui.PlayConfig
	seedSet bool
}

// errHelp is returned when -h was asked: usage printed, exit 0.
var errHelp = errors.New("help")

// parsePlay reads the flags of klob play:
//
//	klob play [-level easy|normal|hard] [-target N] [-seed N] [-rules k=v,...] [-ascii] [-pace D]
func parsePlay(args []string, stderr io.Writer, now func() time.Time) (playFlags, error) {
	fs := flag.NewFlagSet("klob play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	level := fs.String("level", "normal", "the bot: easy, normal or hard (random for testing)")
	target := fs.Int("target", 0, "the score that wins the game (default 500, or the rules' target)")
	seed := fs.Uint64("seed", 0, "seed of the decks: the same seed deals the same cards (default: from the clock)")
	ruleText := fs.String("rules", "", "rule options, key=value separated by commas: "+strings.Join(rules.OptionNames, ", "))
	ascii := fs.Bool("ascii", false, "draw suits as letters (C D H S) and boxes with + - |")
	pace := fs.Duration("pace", tui.DefaultTiming().Pace, "least time between two moves of the bot")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: klob play [-level easy|normal|hard] [-target N] [-seed N] [-rules k=v,...] [-ascii]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return playFlags{}, errHelp
		}
		return playFlags{}, err
	}
	if fs.NArg() > 0 {
		return playFlags{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	lv, err := ai.ParseLevel(*level)
	if err != nil {
		return playFlags{}, fmt.Errorf("-level: %v", err)
	}
	opts, err := rules.ParseOptions(*ruleText)
	if err != nil {
		return playFlags{}, fmt.Errorf("-rules: %v", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["target"] {
		if err := opts.Set("target", fmt.Sprint(*target)); err != nil {
			return playFlags{}, fmt.Errorf("-target: %v", err)
		}
	}
	if *pace < 0 {
		return playFlags{}, fmt.Errorf("-pace: %v is negative", *pace)
	}
	s := *seed
	if !set["seed"] {
		s = uint64(now().UnixNano())
	}
	tm := tui.DefaultTiming()
	tm.Pace = *pace
	return playFlags{
		seedSet: set["seed"],
		cfg: tui.PlayConfig{
			Setup:     tui.Setup{Level: lv, Options: opts, Seed: s},
			Timing:    tm,
			ASCII:     *ascii,
			PaceFlag:  set["pace"],
			LevelFlag: set["level"],
		},
	}, nil
}

// runPlay plays a game against the bot in the terminal.
func runPlay(args []string, stdout, stderr io.Writer) int {
	pf, err := parsePlay(args, stderr, time.Now)
	switch {
	case errors.Is(err, errHelp):
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "klob play: %v\n", err)
		return 2
	}
	cfg := pf.cfg
	// The player's settings (pace, after a trick, hand order): the setup
	// screen offers them and keeps the changes.
	if path, err := settings.DefaultPath(os.Getenv); err == nil {
		prefs, err := settings.Load(path)
		if err != nil {
			fmt.Fprintf(stderr, "klob play: %v (the other settings are used)\n", err)
		}
		cfg.Prefs = &prefs
		cfg.SavePrefs = func(p settings.Settings) error { return settings.Save(path, p) }
	}
	st, err := store.Default()
	if err != nil {
		fmt.Fprintf(stderr, "klob play: %v: the game will not be saved\n", err)
	} else {
		cfg.Store = st
	}
	return runApp("play", tui.NewPlay(cfg), stdout, stderr)
}
