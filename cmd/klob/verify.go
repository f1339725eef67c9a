package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/klob/klob/internal/gamelog"
)

// runVerify checks game logs: each is read and replayed through the
// rules, every action and every stated value checked. For a valid log it
// prints each deal (dealer, maker, trump, both breakdowns, the result)
// and the game's end; for an invalid one the first error, file:line:col.
// Exit 0 when every file is valid, 1 when one is not, 2 for usage errors.
func runVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print only errors")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: klob verify [-q] FILE...")
		fmt.Fprintln(fs.Output(), "Checks Klob game logs: every action legal, every stated value recomputed.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "klob verify: no file given")
		fs.Usage()
		return 2
	}
	code, shown := 0, 0
	for _, path := range fs.Args() {
		_, r, err := gamelog.ReadReplay(path)
		if err != nil {
			fmt.Fprintln(stderr, err)
			code = 1
			continue
		}
		if !*quiet {
			if shown > 0 {
				fmt.Fprintln(stdout)
			}
			r.WriteSummary(stdout, path)
			shown++
		}
	}
	return code
}
