package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/klob/klob/docs"
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
terminal). To read it a page at a time: klob rules | less`)
	width := fs.Int("width", 0, fmt.Sprintf("wrap the text to N columns, at least %d (default: the terminal's width, or 80)", docs.MinWidth))
	ascii := fs.Bool("ascii", false, "write suits as letters (C D H S) and arrows as ->")
	markdown := fs.Bool("markdown", false, "print the markdown source as it is, unwrapped")
	if err := fs.parseNone(args, stdout, stderr); err != nil {
		return parseExit(err)
	}
	if fs.set()["width"] && *width < docs.MinWidth {
		return fs.fail(stderr, "-width %d: the text needs at least %d columns", *width, docs.MinWidth)
	}
	w := *width
	if w == 0 {
		w = termWidth(stdout)
	}
	text := docs.Rules()
	if !*markdown {
		text = docs.Plain(text, w)
	}
	if *ascii {
		text = asciiText.Replace(text)
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		return failed(stderr, "rules", err)
	}
	return 0
}

// asciiText writes the rules' suit symbols and arrows in ASCII, as
// -ascii draws the table.
var asciiText = strings.NewReplacer("♣", "C", "♦", "D", "♥", "H", "♠", "S", "→", "->")

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
