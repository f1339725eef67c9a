package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/docs"
)

// TestRulesPrintsTheRules: klob rules prints docs/rules.md laid out at
// 80 columns when stdout is not a terminal, at -width N when asked, in
// ASCII with -ascii and as its markdown source with -markdown.
func TestRulesPrintsTheRules(t *testing.T) {
	code, out, errs := runArgs("rules")
	require.Equal(t, 0, code, errs)
	assert.Empty(t, errs)
	assert.Equal(t, docs.Plain(docs.Rules(), 80), out)
	for _, want := range []string{"The rules Klob plays", "Choices Klob makes", "bete: A scores 97, B scores 62, C scores 0"} {
		assert.Contains(t, out, want)
	}

	code, out, _ = runArgs("rules", "-width", "40")
	require.Equal(t, 0, code)
	assert.Equal(t, docs.Plain(docs.Rules(), 40), out)
	for _, l := range strings.Split(out, "\n") {
		if utf8.RuneCountInString(l) > 40 {
			assert.NotContains(t, strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(l), "- "), " "), " ", "a line wider than 40: %q", l)
		}
	}

	code, out, _ = runArgs("rules", "-ascii")
	require.Equal(t, 0, code)
	assert.NotContainsf(t, out, "♠", "-ascii")
	assert.NotContains(t, out, "→")
	assert.Contains(t, out, "trick 1: D AS, A QS, B 10S, C 8S -> D 24")
	// How cards are written reads right in letters too (it said "JH,
	// 10C; with -ascii JH, 10C").
	assert.Contains(t, strings.Join(strings.Fields(out), " "), "Cards are written as a player writes them: JH, 10C (-ascii writes the suits as the letters C, D, H and S)")

	code, out, _ = runArgs("rules", "-markdown")
	require.Equal(t, 0, code)
	assert.Equal(t, docs.Rules(), out)
}

// TestRulesFitTheWidth: at 40, 50, 60 and 80 columns, with and without
// -ascii, no line is wider than the width (under -ascii a line is
// wrapped as printed, "->" and all), and -ascii prints ASCII only,
// the table laid out as paragraphs too ("Klob says - Written - When").
func TestRulesFitTheWidth(t *testing.T) {
	for _, w := range []int{40, 50, 60, 80} {
		for _, ascii := range []bool{false, true} {
			args := []string{"rules", "-width", fmt.Sprint(w)}
			if ascii {
				args = append(args, "-ascii")
			}
			code, out, errs := runArgs(args...)
			require.Equal(t, 0, code, errs)
			for i, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > w {
					t.Errorf("%v: line %d is %d wide: %q", args, i+1, n, l)
				}
				if j := strings.IndexFunc(l, func(r rune) bool { return r > unicode.MaxASCII }); ascii && j >= 0 {
					t.Errorf("%v: line %d is not ASCII (%q): %q", args, i+1, []rune(l[j:])[0], l)
				}
			}
		}
	}
}

// TestRulesRefusesBadArguments: a width too narrow to read, or an
// argument, is a usage error; an argument is shown the synopsis.
func TestRulesRefusesBadArguments(t *testing.T) {
	for _, args := range [][]string{{"rules", "-width", "5"}, {"rules", "-width", "-1"}, {"rules", "now"}} {
		code, out, errs := runArgs(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.True(t, strings.HasSuffix(errs, "klob rules -h lists every flag.\n"), "%v: %q", args, errs)
		if args[1] == "now" {
			assert.Contains(t, errs, "usage: klob rules", "%v", args)
		}
	}
}

// TestRulesMarkdownRefusesWidth: -markdown prints the source unwrapped,
// so a -width with it is refused, not ignored.
func TestRulesMarkdownRefusesWidth(t *testing.T) {
	code, out, errs := runArgs("rules", "-markdown", "-width", "40")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "-width does not go with -markdown")
	code, out, _ = runArgs("rules", "-markdown")
	assert.Equal(t, 0, code)
	assert.NotEmpty(t, out)
}

// TestRulesInATerminal runs klob rules in a real terminal (tmux) 50
// columns wide, PAGER=cat: the text comes out laid out for 50 columns.
func TestRulesInATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds klob and runs it in tmux")
	}
	s, _ := launchShell(t, 50, 40, func(env, bin string) string {
		return fmt.Sprintf("%s PAGER=cat '%s' rules; echo \"klob exited: $?\"; sleep 60", env, bin)
	})
	s.waitFor("klob exited: 0", patience)
	// -J joins the lines tmux wrapped, so a line klob wrote wider than
	// the window would show whole.
	got := s.run("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
	got = strings.TrimRight(got[:strings.Index(got, "klob exited: 0")], "\n")
	want := strings.TrimRight(docs.Plain(docs.Rules(), 50), "\n")
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	n := min(len(gl), 30)
	require.GreaterOrEqual(t, len(wl), n)
	assert.Equal(t, strings.Join(wl[len(wl)-n:], "\n"), strings.Join(gl[len(gl)-n:], "\n"), "the last lines on the screen")
}

// On a terminal the rules go through the pager PAGER names, run by the
// shell (less told LESS=FRX when LESS is unset); a pager that cannot be
// found is an error, and the caller prints the text whole.
func TestRulesPager(t *testing.T) {
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "terminal"))
	require.NoError(t, err)
	defer out.Close()
	got := filepath.Join(dir, "paged")
	env := map[string]string{"PAGER": "cat > '" + got + "'; echo \"$LESS\" > '" + got + ".less'"}
	require.NoError(t, page("the rules\nof the game\n", out, func(k string) string { return env[k] }))
	assertFile(t, got, "the rules\nof the game\n")
	assertFile(t, got+".less", "FRX\n", "less is told to leave a short text on the screen")

	env["PAGER"] = "no-such-pager-of-klob"
	assert.Error(t, page("x", out, func(k string) string { return env[k] }), "a pager not found")
}

// TestRulesPagedInATerminal: klob rules on a terminal with no PAGER set
// shows the rules' first page and waits (less), and q ends it; without
// less on the machine it prints the rules whole, as PAGER=cat does.
func TestRulesPagedInATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds klob and runs it in tmux")
	}
	s, _ := launchShell(t, 60, 20, func(env, bin string) string {
		return fmt.Sprintf("unset PAGER LESS; %s '%s' rules; echo \"klob exited: $?\"; sleep 60", env, bin)
	})
	want := strings.Split(docs.Plain(docs.Rules(), 60), "\n")
	if _, err := exec.LookPath("less"); err != nil {
		s.waitFor("klob exited: 0", patience)
		got := s.run("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
		assert.Contains(t, got, want[len(want)-2], "without less the rules print whole")
		return
	}
	s.waitFor(strings.TrimSpace(want[0]), patience)
	assert.NotContains(t, s.screen(), "klob exited", "the pager waits for the reader")
	s.keys("q")
	s.waitFor("klob exited: 0", patience)
}
