package termcolor

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestMonoTerm(t *testing.T) {
	for term, want := range map[string]bool{
		"vt100": true, "vt102": true, "vt220": true, "vt100-am": true, "vt220-8bit": true, "VT100": true, "vt52": true,
		"xterm-mono": true, "linux-m": true, "screen-mono": true, "putty-m": true,
		"xterm": false, "xterm-256color": false, "screen": false, "tmux-256color": false, "linux": false,
		"vt525": false, "vt100-color": false, "": false, "dumb": false, "st-256color": false, "xterm-direct": false,
	} {
		if got := MonoTerm(term); got != want {
			t.Errorf("MonoTerm(%q) = %v, want %v", term, got, want)
		}
	}
}

// A mono TERM takes the colour away and keeps the attributes (ASCII),
// never raising a profile; the last TERM set is the one read.
func TestMonoProfile(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		in   colorprofile.Profile
		want colorprofile.Profile
	}{
		{[]string{"TERM=vt100"}, colorprofile.ANSI, colorprofile.ASCII},
		{[]string{"TERM=xterm-mono"}, colorprofile.TrueColor, colorprofile.ASCII},
		{[]string{"TERM=xterm-mono"}, colorprofile.NoTTY, colorprofile.NoTTY},
		{[]string{"TERM=xterm-256color"}, colorprofile.ANSI256, colorprofile.ANSI256},
		{[]string{"TERM=xterm-256color", "TERM=vt220"}, colorprofile.ANSI256, colorprofile.ASCII},
		{[]string{"TERM=vt220", "TERM=xterm"}, colorprofile.ANSI, colorprofile.ANSI},
	} {
		if got := MonoProfile(tc.env, tc.in); got != tc.want {
			t.Errorf("MonoProfile(%v, %v) = %v, want %v", tc.env, tc.in, got, tc.want)
		}
	}
}

// styled draws one coloured, bold word and quits.
type styled struct{}

func (styled) Init() tea.Cmd                       { return tea.Quit }
func (styled) Update(tea.Msg) (tea.Model, tea.Cmd) { return styled{}, nil }
func (styled) View() tea.View {
	return tea.NewView(lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#ff0000")).Render("Klob"))
}

// colourSGR finds a colour in an SGR sequence: 30-37, 38;…, 39,
// 40-47, 48;…, 90-97, 100-107.
var colourSGR = regexp.MustCompile(`\x1b\[[0-9;]*\b(3[0-9]|4[0-9]|9[0-7]|10[0-7])\b[0-9;]*m`)

// A program given the ColorOptions of an ssh session's environment
// writes no colour code for a mono TERM and keeps the bold; a colour
// TERM still gets its colour.
func TestProgramWritesNoColourOnMono(t *testing.T) {
	run := func(term string) string {
		env := []string{"TERM=" + term}
		var out bytes.Buffer
		opts := []tea.ProgramOption{tea.WithInput(strings.NewReader("")), tea.WithOutput(&out), tea.WithEnvironment(env),
			tea.WithWindowSize(20, 2), tea.WithColorProfile(colorprofile.Env(env))}
		opts = append(opts, ColorOptions(env, nil)...)
		if _, err := tea.NewProgram(styled{}, opts...).Run(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if got := run("xterm-256color"); !colourSGR.MatchString(got) {
		t.Fatalf("a colour TERM got no colour: %q", got)
	}
	for _, term := range []string{"vt100", "xterm-mono"} {
		got := run(term)
		if colourSGR.MatchString(got) {
			t.Errorf("TERM=%s got a colour code: %q", term, got)
		}
		if !strings.Contains(got, "Klob") || !strings.Contains(got, "\x1b[1m") {
			t.Errorf("TERM=%s lost the word or its bold: %q", term, got)
		}
	}
}
