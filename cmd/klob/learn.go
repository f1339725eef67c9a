package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/klob/klob/tui"
)

// runLearn is the guided first game; at its end the player may start a
// real game (klob play, with the same -ascii).
func runLearn(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("klob learn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ascii := fs.Bool("ascii", false, "draw suits as letters (C D H S) and boxes with + - |")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: klob learn [-ascii]")
		fmt.Fprintln(stderr, "A guided first game of Klaberjass: two fixed deals, step by step.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "klob learn: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var playAfter bool
	app, err := tui.NewLearn(tui.LearnConfig{ASCII: *ascii, PlayAfter: &playAfter})
	if err != nil {
		fmt.Fprintf(stderr, "klob learn: %v\n", err)
		return 1
	}
	if code := runApp("learn", app, stdout, stderr); code != 0 || !playAfter {
		return code
	}
	var playArgs []string
	if *ascii {
		playArgs = append(playArgs, "-ascii")
	}
	return runPlay(playArgs, stdout, stderr)
}
