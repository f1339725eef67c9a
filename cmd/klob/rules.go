package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/tui/kit"
)

// runRules prints the rules Klob plays (docs/rules.md, carried in the
// binary by package docs), laid out for the terminal.
//
//	klob rules [-width N] [-ascii] [-markdown]
func runRules(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", `usage: klob rules [-width N] [-ascii] [-markdown]
Prints the rules Klob plays: the cards, the deal, bidding, the dix, sequences
and the dialogue, the tricks, bella, scoring and the game, for two, three and
four players, every house variant and rule option, with worked examples. The
text is wrapped to the terminal's width (80 columns when the output is not a
terminal); words are never broken, so below 30 columns a long one (an option
such as dealer_forced=on,bimah=on in an example) may run past the width. On a
terminal it is shown a page at a time by $PAGER (less when unset; q quits it);
PAGER=cat, or a pipe, prints it whole.`)
	width := fs.Int("width", 0, fmt.Sprintf("wrap the text to N columns, at least %d (default: the terminal's width, or 80)", docs.MinWidth))
	asciiFlag := fs.asciiFlag("write in ASCII only: suits as letters (C D H S), arrows as ->")
	markdown := fs.Bool("markdown", false, "print the markdown source as it is, unwrapped (no -width)")
	if err := fs.parseNone(args, stdout, stderr); err != nil {
		return parseExit(err)
	}
	if *markdown && fs.set()["width"] {
		// The source is printed as it is: a width would be ignored.
		return fs.fail(stderr, "-width does not go with -markdown: the markdown source is printed unwrapped")
	}
	if fs.set()["width"] && *width < docs.MinWidth {
		return fs.fail(stderr, "-width %d: the text needs at least %d columns", *width, docs.MinWidth)
	}
	ascii := asciiFlag.in(os.Getenv)
	w := *width
	if w == 0 {
		w = termWidth(stdout)
	}
	// Under -ascii the text is written in ASCII before it is wrapped,
	// so that each line is measured as printed ("→" is "->", wider);
	// and again after, for the marks the layout adds itself (the "·"
	// between the cells of a table too narrow for its columns), each
	// one cell for one.
	text := docs.Rules()
	if ascii {
		text = kit.ASCIIText(text)
	}
	if !*markdown {
		text = docs.Plain(text, w)
	}
	if ascii {
		text = kit.ASCIIText(text)
	}
	if f, ok := stdout.(*os.File); ok && isTerminal(f) && !*markdown && os.Getenv("TERM") != "dumb" {
		if page(text, f, os.Getenv) == nil {
			return 0
		}
		// No pager to be had: the text is printed whole.
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		return failed(stderr, "rules", err)
	}
	return 0
}

// page shows text a page at a time on the terminal out through the
// pager getenv's PAGER names (less when unset, told by LESS=FRX, as git
// tells it, to leave a text shorter than a page on the screen and
// quit at its end only when asked), run by the shell as PAGER is
// meant. An error says the pager could not run; the caller then
// prints the text.
func page(text string, out *os.File, getenv func(string) string) error {
	pager := strings.TrimSpace(getenv("PAGER"))
	if pager == "" {
		pager = "less"
	}
	cmd := exec.Command("sh", "-c", pager)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(text), out, out
	cmd.Env = os.Environ()
	if getenv("LESS") == "" {
		cmd.Env = append(cmd.Env, "LESS=FRX")
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 127 {
		return err // the shell found no such pager
	}
	return nil // the pager ran: its own exit (q, a broken pipe) is the reader's
}

// termWidth returns the width of the terminal w writes to, or 80 when w
// is not a terminal (a pipe, a file) or its size cannot be read.
func termWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return cols
		}
	}
	return 80
}
