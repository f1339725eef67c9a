package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// savedWith is the saved game in-trick (a game of two) with the person,
// "You", at A, a normal bot at B, then seat s's level set to level.
func savedWith(t *testing.T, s rules.Seat, level string) *gamelog.Log {
	t.Helper()
	l, err := gamelog.ReadFile("../testdata/games/saves/in-trick.klob")
	require.NoError(t, err)
	l.Header.SetPlayer(rules.SeatA, "You", gamelog.Human)
	l.Header.SetPlayer(rules.SeatB, "Bot", "normal")
	l.Header.SetPlayer(s, l.Header.Name(s), level)
	return l
}

// fitsScreen fails when the screen is wider than w or taller than h.
func fitsScreen(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > h {
		t.Errorf("%d lines, more than %d:\n%s", len(lines), h, screen)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("line wider than %d: %q", w, l)
		}
	}
}

// A save none of whose seats is the person's (a bot at each) cannot be
// resumed: the offer says so first, names the seats by their letters
// (not "the  bot", nor a bot's "You"), offers only a new game, and r
// says why it cannot resume and what to do.
func TestResumeNoSeatOfThePerson(t *testing.T) {
	st := &memStore{}
	st.current = savedWith(t, rules.SeatA, "normal")
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	require.Equal(t, "resume", hs.name())
	screen := hs.screen()
	fitsScreen(t, screen, 80, 24)
	words := kittest.Flat(screen)
	for _, w := range []string{
		"This saved game cannot be resumed: a bot plays every seat in it, none is yours.",
		"Seat A: normal bot; seat B: normal bot; game to",
		"A new game files this one in your history as unfinished.",
		"[n] start a new game",
	} {
		if !strings.Contains(words, w) {
			t.Errorf("the offer lacks %q:\n%s", w, screen)
		}
	}
	for _, w := range []string{"the  bot", "You ", "[r]", "resume it"} {
		if strings.Contains(screen, w) {
			t.Errorf("the offer says %q:\n%s", w, screen)
		}
	}
	hs.press("r")
	if words := kittest.Flat(hs.screen()); !strings.Contains(words, "! cannot resume: a bot plays every seat in it, none is yours; n starts a new game") {
		t.Errorf("r does not say why:\n%s", hs.screen())
	}
	require.Equal(t, "resume", hs.name())
	hs.press("n")
	require.Equal(t, "setup", hs.name())
}

// A resume that fails says its whole error, wrapped, at 80×24: a bot
// level the save names and klob does not know is said with the levels
// it wants, not cut at the window's edge.
func TestResumeErrorWraps(t *testing.T) {
	st := &memStore{}
	st.current = savedWith(t, rules.SeatB, "godlike")
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	require.Equal(t, "resume", hs.name())
	hs.press("r")
	screen := hs.screen()
	fitsScreen(t, screen, 80, 24)
	words := kittest.Flat(screen)
	i := strings.Index(words, `! cannot resume: saved game: unknown bot level "godlike" (want`)
	if i < 0 || strings.Contains(screen, "…") || !strings.HasSuffix(strings.TrimSpace(words[i:]), ")") {
		t.Errorf("the error is not said whole:\n%s", screen)
	}
}
