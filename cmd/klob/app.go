package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/klob/klob/internal/platform/termcolor"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/tui"
)

// runApp runs a full-screen App for command name ("play", "train",
// "replay") and prints its quit note, if any, once the screen is gone.
// Run for real (stdout is the process's), it first checks there is a
// terminal to draw on and read keys from, and says so plainly (exit 2)
// when there is none.
func runApp(name string, app *tui.App, stdout, stderr io.Writer) int {
	var opts []tea.ProgramOption
	if stdout != io.Writer(os.Stdout) {
		opts = append(opts, tea.WithOutput(stdout))
	} else if code, ok := haveTerminal(name, stdout, stderr); !ok {
		return code
	}
	// A mono TERM (vt100, xterm-mono) gets no colour codes.
	opts = append(opts, termcolor.ColorOptions(os.Environ(), stdout)...)
	p := tea.NewProgram(app, opts...)
	if stdout == io.Writer(os.Stdout) {
		// A window closed without SIGHUP ends the program as SIGTERM
		// does: the game stays saved.
		watchHangup(os.Stdout, p.Quit)
	}
	_, err := p.Run()
	if err != nil && !errors.Is(err, tea.ErrInterrupted) {
		return failed(stderr, name, err)
	}
	if note := app.QuitNote(); note != "" {
		fmt.Fprint(stdout, wrapNote(note, termWidth(stdout), ""))
	}
	if err != nil {
		// An interrupt from outside (kill -INT; ctrl+c is a key): the
		// program ends as on q, with the status of a command interrupted.
		return 130
	}
	return 0
}

// haveTerminal reports whether command name, run for real (stdout is
// the process's), has a terminal for its screen; when not it says why
// and returns the exit code, 1: a failure of where it runs, not a usage
// error (the command line was right). A command that writes its state before
// its screen opens (a lock, a name kept) asks first: one refused
// changes nothing.
func haveTerminal(name string, stdout, stderr io.Writer) (code int, ok bool) {
	if stdout != io.Writer(os.Stdout) {
		return 0, true
	}
	if err := checkTerminal(os.Stdin, os.Stdout, openTTY); err != nil {
		printError(stderr, name, err.Error())
		return 1, false
	}
	return 0, true
}

// wrapNote is a note wrapped between words to width columns (the
// terminal's would cut a word in two), each line's indent kept and the
// lines it runs on to indented by hang more.
func wrapNote(note string, width int, hang string) string {
	var b strings.Builder
	for _, line := range strings.Split(note, "\n") {
		text := strings.TrimLeft(line, " ")
		indent := line[:len(line)-len(text)]
		for i, l := range textwrap.Wrap(text, max(20, width-len(indent)-len(hang))) {
			if i > 0 {
				l = hang + l
			}
			b.WriteString(indent + l + "\n")
		}
	}
	return b.String()
}

// printError prints "klob CMD: msg" on w, wrapped to the terminal's
// width, the lines it runs on to indented.
func printError(w io.Writer, cmd, msg string) {
	name := "klob"
	if cmd != "" {
		name += " " + cmd
	}
	fmt.Fprint(w, wrapNote(name+": "+unprefixed(cmd, msg), termWidth(w), "  "))
}

// unprefixed is msg without the "CMD: " it may start with: the packages
// behind klob match and klob daily name themselves in their errors, as
// the command does, and "klob match: match: ..." would say it twice.
func unprefixed(cmd, msg string) string {
	for cmd != "" && strings.HasPrefix(msg, cmd+": ") {
		msg = msg[len(cmd)+2:]
	}
	return msg
}

// ErrNoTerminal is why a full-screen command cannot start.
var ErrNoTerminal = errors.New("needs a terminal")

// checkTerminal reports, as an error wrapping ErrNoTerminal, why the
// screen cannot run: out must be a terminal to draw on, and keys come
// from in when it is a terminal, else from the controlling terminal
// (openTTY), as Bubble Tea does.
func checkTerminal(in, out *os.File, openTTY func() error) error {
	if !isTerminal(out) {
		return fmt.Errorf("%w to draw on, and the output is not one: run it in a terminal window (klob analyze and verify read saved games without one)", ErrNoTerminal)
	}
	if isTerminal(in) {
		return nil
	}
	if err := openTTY(); err != nil {
		return fmt.Errorf("%w to read keys from, and there is none (%v): run it in a terminal window", ErrNoTerminal, err)
	}
	return nil
}

// openTTY checks that the controlling terminal can be opened.
func openTTY() error {
	f, err := os.Open("/dev/tty")
	if err != nil {
		return err
	}
	return f.Close()
}

// isTerminal reports whether f is a terminal (not merely a character
// device such as /dev/null).
func isTerminal(f *os.File) bool { return f != nil && term.IsTerminal(f.Fd()) }
