// Command klob is Klaberjass in the terminal for two, three or four
// players: play a game against the bots, practise bidding, replay and
// analyse saved games, play with friends over SSH.
//
//	klob [play] [flags]       play a game (the default)
//	klob learn [flags]        a guided first game (-players 2|3|4)
//	klob daily [flags]        the daily challenge: today's boards, par, friends
//	klob rules [flags]        print the rules Klob plays (docs/rules.md)
//	klob train [flags]        bidding trainer
//	klob replay [FILE]        step through a saved game, or list them
//	klob analyze FILE         grade the decisions of a saved game
//	klob verify FILE...       check game logs
//	klob match -a L -b L      bot against bot on duplicate deals
//	klob serve [flags]        serve Klob over SSH
//	klob version              print the version
//	klob help [COMMAND]       list the commands, or a command's flags
//
// This package keeps flags, files and exit codes (0 ok, 1 failure, 2
// usage error, 130 interrupted); every subcommand parses its flags through flagSet
// (flags.go), and the packages under internal/ render the reports.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/klob/klob/internal/platform/untrusted"
)

// command is one subcommand: it reads args and returns the exit code
// (0 ok, 1 failure, 2 usage error, 130 interrupted).
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"play", "play a game against the bot (the default)", runPlay},
		{"learn", "a guided first game for new players", runLearn},
		{"daily", "the daily challenge: today's eight boards against par and friends", runDaily},
		{"rules", "print the rules Klob plays", runRules},
		{"train", "practise bidding decisions", runTrain},
		{"replay", "step through a saved game", runReplay},
		{"analyze", "grade the decisions of a saved game", runAnalyze},
		{"verify", "check game logs and daily result files", runVerify},
		{"match", "bot against bot on duplicate deals", runMatch},
		{"serve", "serve Klob over SSH", runServe},
		{"version", "print the version", runVersion},
	}
}

// main runs the command and exits with its code. SIGPIPE is caught
// (never read) so that a write to a closed pipe returns EPIPE rather
// than killing klob (exit 141): a reader that stopped reading (klob help
// | head -1) ends the command quietly with exit 0 (failed). Caught, not
// ignored: an ignored signal stays ignored in what klob starts (the
// pager of klob rules), which then could not die of its own closed pipe.
func main() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			if len(args) > 2 && args[0] == "help" {
				printError(stderr, "help", fmt.Sprintf("unexpected argument %q: klob help takes one command", args[2]))
				return 2
			}
			if len(args) > 1 && args[0] == "help" && strings.HasPrefix(args[1], "-") {
				switch args[1] {
				case "-h", "-help", "--help":
					usage(stdout)
					return 0
				}
				// A flag is not a command: klob help -x is not klob -x -h.
				printError(stderr, "help", fmt.Sprintf("unexpected flag %q: klob help takes a command (klob help play)", untrusted.Text(args[1])))
				return 2
			}
			if len(args) > 1 && args[0] == "help" {
				// klob help CMD is klob CMD -h.
				return run([]string{args[1], "-h"}, stdout, stderr)
			}
			usage(stdout)
			return 0
		case "-version", "--version":
			// As many programs take it, rather than play's usage error.
			return runVersion(args[1:], stdout, stderr)
		}
	}
	if len(args) == 0 || (len(args[0]) > 0 && args[0][0] == '-') {
		return runPlay(args, stdout, stderr)
	}
	name := args[0]
	if name == "analyse" {
		name = "analyze" // the spelling klob replay -analyse takes too
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "klob: unknown command %q%s\n", untrusted.Text(name), suggest(name))
	usage(stderr)
	return 2
}

// suggest is what an unknown command was likely meant to be: a command
// within two letters of it ("plya"), or klob replay for a game's file.
func suggest(name string) string {
	if strings.HasSuffix(name, ".klob") {
		return "; to replay a game's file: klob replay " + untrusted.Text(name)
	}
	best, dist := "", 3
	for _, c := range commands() {
		if d := editDistance(strings.ToLower(name), c.name); d < dist {
			best, dist = c.name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(": did you mean %q?", best)
}

// editDistance is the least number of letters put in, taken out or
// changed to make b of a, a swap of two letters side by side counting
// one (optimal string alignment).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range y {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: klob [command] [flags]")
	fmt.Fprintln(w, "Klaberjass in the terminal, for two, three or four players. Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "klob help COMMAND (or klob COMMAND -h) lists the flags of a command.")
}
