// Package textwrap cuts plain text into lines for a terminal of a given
// width: the reports and help texts the commands print.
package textwrap

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Wrap cuts text into lines of at most width columns (a column a rune)
// between words; a word longer than width stands on a line of its own.
// An empty text is one empty line. A mark (a word without a letter or a
// digit: "?", "??", "+", "=") goes on the line of the word after it,
// so that no line ends in a lone "?" that reads as a question. Spaces
// between two words on one line are kept as they are (a quoted path may
// hold two); any other run of white space, or one a line is cut at,
// goes.
func Wrap(text string, width int) []string {
	var out []string
	line := ""
	for _, w := range glueMarks(words(text)) {
		switch {
		case line == "":
			line = w.text
		case utf8.RuneCountInString(line)+len(w.gap)+utf8.RuneCountInString(w.text) <= width:
			line += w.gap + w.text
		default:
			out = append(out, line)
			line = w.text
		}
	}
	return append(out, line)
}

// word is a word of a text and the spaces before it: one space where
// the text had white space other than spaces.
type word struct{ gap, text string }

// words splits text at white space, as strings.Fields does, keeping
// each word's gap.
func words(text string) []word {
	var out []word
	rest := text
	for {
		start := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsSpace(r) })
		if start < 0 {
			return out
		}
		gap := rest[:start]
		if strings.Trim(gap, " ") != "" {
			gap = " "
		}
		rest = rest[start:]
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		out = append(out, word{gap: gap, text: rest[:end]})
		rest = rest[end:]
	}
}

// glueMarks joins each mark to the word after it, and an error's sign
// ("±", or "+-" in ASCII) to the word before it too: "5.6% ± 1.5%"
// stays on one line.
func glueMarks(ws []word) []word {
	out := ws[:0:0]
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		sign := w.text == "±" || w.text == "+-"
		for !strings.ContainsFunc(w.text, isWordRune) && i+1 < len(ws) {
			i++
			w.text += ws[i].gap + ws[i].text
		}
		if last := len(out) - 1; sign && last >= 0 {
			out[last].text += w.gap + w.text
			continue
		}
		out = append(out, w)
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Hang wraps text to width columns after first, the lines after the
// first indented as deep as first is wide: a list item whose text runs
// on under itself.
func Hang(first, text string, width int) string {
	pad := strings.Repeat(" ", utf8.RuneCountInString(first))
	lines := Wrap(text, max(20, width-utf8.RuneCountInString(first)))
	var b strings.Builder
	for i, l := range lines {
		if i == 0 {
			b.WriteString(first)
		} else {
			b.WriteString(pad)
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// FlagDefaults writes fs's flags as flag.PrintDefaults does, each
// description wrapped to width columns under its own column (the flag
// package starts it at column 8 and never wraps it).
func FlagDefaults(w io.Writer, fs *flag.FlagSet, width int) {
	var flags strings.Builder
	out := fs.Output()
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	fs.SetOutput(out)
	if flags.Len() == 0 {
		return
	}
	for _, l := range strings.Split(strings.TrimSuffix(flags.String(), "\n"), "\n") {
		head, text, ok := strings.Cut(l, "\t")
		if !ok || 8+utf8.RuneCountInString(text) <= width {
			fmt.Fprintln(w, l)
			continue
		}
		for _, part := range Wrap(text, width-8) {
			fmt.Fprintf(w, "%s\t%s\n", head, part)
			head = "    "
		}
	}
}

// Count writes n of noun for people: "1 game", "2 games" (a noun whose
// plural takes an s).
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
