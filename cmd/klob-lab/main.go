// Command klob-lab holds the fitting, tuning and calibration harnesses
// that measure and tune the bots. None of it is part of the product:
// klob does not import it, and it may change with every experiment.
//
//	klob-lab calibrate [flags]   the hard bot's predictions against deals
//	                             played out, every option played out
//	klob-lab fit-bids [flags]    the bid models of ai/handvalue, fitted
//	                             on simulated deals for one seat count
//
// The experiments that are matches between bots are flag-gated tests of
// this package (experiments_test.go). What each experiment found is in
// docs/experiments.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/klob/klob/internal/platform/textwrap"
)

// commands are the subcommands, by name.
var commands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"calibrate": runCalibrate,
	"fit-bids":  runFitBids,
}

const usage = `usage: klob-lab COMMAND [flags]

commands:
  calibrate   the hard bot's predictions of its decisions before the card
              play against the deals played out, every option played out
              (-counterfactual), other methods' predictions (-candidates)
              and a dump of every option for fitting (-dump)
  fit-bids    fit the bid models of ai/handvalue for one seat count: every
              choice of every bidding decision played out on copies of
              simulated deals, least squares by decision and position

Run klob-lab COMMAND -h for a command's flags.
`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "help" {
		out := stderr
		if len(args) > 0 {
			out = stdout
		}
		fmt.Fprint(out, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "klob-lab: unknown command %q\n%s", args[0], usage)
		return 2
	}
	return cmd(args[1:], stdout, stderr)
}

// command is a subcommand's flags and the wording of its errors.
type command struct {
	*flag.FlagSet
	stderr io.Writer
}

// newCommand returns the flag set of klob-lab name, writing to stderr.
func newCommand(name string, stderr io.Writer) *command {
	fs := flag.NewFlagSet("klob-lab "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: klob-lab %s [flags]\n", name)
		textwrap.FlagDefaults(fs.Output(), fs, 80)
	}
	return &command{fs, stderr}
}

// parse parses args; when the command must stop there (-h, or a flag it
// does not take) it returns false and the exit code.
func (c *command) parse(args []string) (int, bool) {
	if err := c.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// fail says what is wrong with the command line and returns its exit
// code, 2.
func (c *command) fail(format string, a ...any) int {
	fmt.Fprintf(c.stderr, "%s: %s\n", c.Name(), fmt.Sprintf(format, a...))
	return 2
}

// failed says why the command failed and returns its exit code, 1.
func (c *command) failed(err error) int {
	fmt.Fprintf(c.stderr, "%s: %v\n", c.Name(), err)
	return 1
}
