package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/tui/kit"
)

// UnknownEvent stands for the terminal reader's event of that name: a
// sequence it could not decode, a string type holding the raw bytes.
type UnknownEvent string

// keyScreen records the keys that reach it.
type keyScreen struct{ keys *[]string }

func (s keyScreen) Name() string             { return "keys" }
func (s keyScreen) View(*kit.Context) string { return "" }
func (s keyScreen) Update(_ *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		*s.keys = append(*s.keys, k.String())
	}
	return s, nil
}

// keys are the key presses of text, one a character.
func keys(text string) []tea.Msg {
	var out []tea.Msg
	for _, r := range text {
		out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return out
}

func esc() tea.Msg   { return tea.KeyPressMsg{Code: tea.KeyEscape} }
func enter() tea.Msg { return tea.KeyPressMsg{Code: tea.KeyEnter} }

// TestBrokenReportTailDropped: a mouse report that reaches the program
// in two pieces (an undecodable start, or Esc then "[", then its last
// bytes as typed keys) never gives the screen a key: at a table a digit
// plays a card. The person's own keys around it still go through, and
// a digit after Esc alone, or "[" typed without Esc, is a key.
func TestBrokenReportTailDropped(t *testing.T) {
	for _, c := range []struct {
		name string
		msgs []tea.Msg
		want string
	}{
		{"unknown start, tail", append([]tea.Msg{UnknownEvent("\x1b[<64;1")}, keys("2;5M3")...), "3"},
		{"esc then the rest", append([]tea.Msg{esc()}, keys("[<35;12;5M4")...), "esc 4"},
		{"malformed", append([]tea.Msg{UnknownEvent("\x1b[<0;-")}, keys("1;-1M")...), ""},
		{"enter ends a tail", append([]tea.Msg{UnknownEvent("\x1b[<64;1"), enter()}, keys("2")...), "enter 2"},
		{"a whole unknown sequence", append([]tea.Msg{UnknownEvent("\x1b[?2026;2$y")}, keys("2")...), "2"},
		{"esc then a digit", append([]tea.Msg{esc()}, keys("2")...), "esc 2"},
		{"a bracket alone", keys("[2"), "[ 2"},
		{"a tail is bounded", append([]tea.Msg{UnknownEvent("\x1b[1")}, keys(strings.Repeat("1", maxTail+1))...), "1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			a := newApp(keyScreen{&got}, appOptions{})
			a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			for _, m := range c.msgs {
				a.Update(m)
			}
			assert.Equal(t, c.want, strings.Join(got, " "))
		})
	}
}
