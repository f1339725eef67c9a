package lobby

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// steadyLobby is Ann's lobby at 80×24 listing n tables, with the
// lobby's talk holding said lines when talk is set.
// A rating, when rated is set, takes two lines under the welcome.
func steadyLobby(t *testing.T, n int, rated, talk bool, said int) (*Lobby, *kit.Context) {
	ctx := kittest.Context(80, 24)
	l := &Lobby{cfg: &Config{Player: hall.Player{ID: "a", Name: "ann"}}, mutes: muteBook{}}
	if rated {
		l.cfg.Club = &lobbytest.Club{}
		for _, n := range club.Pools() {
			l.club.card = append(l.club.card, club.Standing{Seats: n, Shown: rating.Shown{Points: 1500, PlusMinus: 350}})
		}
	}
	for i := range n {
		l.tables = append(l.tables, hall.Info{Code: fmt.Sprintf("AB%02d", i), Seats: 2, Names: []string{"bob", ""},
			Level: ai.Normal, Target: 500})
	}
	if talk {
		lines := make([]string, said)
		for i := range lines {
			lines[i] = fmt.Sprintf("line %d", i+1)
		}
		withTalk(t, l, lines...)
	}
	return l, &ctx
}

// withTalk gives l the lobby's talk, in which bob has said each of
// lines (the chat's clock standing still).
func withTalk(t *testing.T, l *Lobby, lines ...string) {
	t.Helper()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hub, err := chat.New(chat.Config{Now: func() time.Time { return now }, Burst: max(5, len(lines))})
	require.NoError(t, err)
	room := hub.NewRoom()
	for _, text := range lines {
		_, err := room.Say(chat.Sender{Key: "b", Name: "bob"}, text)
		require.NoError(t, err)
	}
	l.talk = &talkPane{t: newTalk(hub, room, l.cfg.Player, func() string { return "ann" }, false, l.mutes)}
	t.Cleanup(l.talk.t.sub.Close)
}

// screenLines are the lobby's lines as read, the cursor's mark left
// out (the letter pressed moves it to its row).
func screenLines(l *Lobby, ctx *kit.Context) []string {
	return strings.Split(strings.ReplaceAll(ansi.Strip(l.View(ctx)), "▶", " "), "\n")
}

// Opening the code's line (j), the name's (r) or the talk's (/) moves
// nothing above it: the line takes rows under the tables' first row,
// the menu and the tables stay where they were (the list may show
// fewer).
func TestPromptKeepsTheLobbySteady(t *testing.T) {
	for _, tc := range []struct {
		tables int
		talk   bool
		said   int
	}{{0, false, 0}, {1, false, 0}, {1, true, 0}, {1, true, 3}, {2, true, 0}, {2, true, 3}, {5, true, 3}} {
		for _, c := range []struct {
			k     string
			rated bool
		}{{"j", false}, {"r", false}, {"/", false}, {"j", true}, {"r", true}, {"/", true}} {
			k := c.k
			if k == "/" && !tc.talk {
				continue
			}
			name := fmt.Sprintf("%d tables, rated %v, talk %v with %d lines, %s", tc.tables, c.rated, tc.talk, tc.said, k)
			l, ctx := steadyLobby(t, tc.tables, c.rated, tc.talk, tc.said)
			before := screenLines(l, ctx)
			press(l, ctx, k)
			after := screenLines(l, ctx)
			require.Len(t, after, 24, name)
			// The prompt's line, or the talk's heading above the line
			// typed: everything above it is as it was.
			at := -1
			for i, line := range after {
				if strings.Contains(line, "Table code:") || strings.Contains(line, "Your name:") ||
					(k == "/" && strings.HasPrefix(line, " Lobby talk")) {
					at = i
					break
				}
			}
			require.GreaterOrEqual(t, at, 0, "%s: no line opened:\n%s", name, strings.Join(after, "\n"))
			// Down to the tables' heading nothing changed; under it the
			// list may be cut short (an entry ending with "…"), never
			// moved.
			head := slices.IndexFunc(before, func(s string) bool { return strings.HasPrefix(s, " Tables") })
			require.Positive(t, head, name)
			moved := !slices.Equal(before[:head], after[:head]) || !strings.HasPrefix(after[head], " Tables")
			for i := head + 1; i < at && !moved; i++ {
				moved = !strings.HasPrefix(before[i], strings.TrimSuffix(strings.TrimRight(after[i], " "), "…"))
			}
			if moved {
				t.Errorf("%s: the lobby moved:\nbefore:\n%s\nafter:\n%s", name, strings.Join(before, "\n"), strings.Join(after, "\n"))
			}
		}
	}
}

// TestQuietSaidAsTheLineOpens: while a rated deal of the person's is
// played, / opens the lobby's line with the reason it would be refused;
// otherwise it opens bare.
func TestQuietSaidAsTheLineOpens(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		l, ctx := steadyLobby(t, 0, false, true, 0)
		if quiet {
			l.talk.t.quiet = func() error { return errors.New("a rated deal is played at your table ABCD: nobody there talks") }
		}
		l.Update(ctx, kittest.Key("/"))
		require.True(t, l.talk.open(), "the line opens")
		flat := strings.Join(strings.Fields(strings.Join(screenLines(l, ctx), " ")), " ")
		require.Equal(t, quiet, strings.Contains(flat, "A rated deal is played at your table ABCD: nobody there talks."), "quiet %v:\n%s", quiet, flat)
	}
}

// While a code (j) or a name (r) is typed, every letter goes to the
// line: the keys' line offers none of the menu's letters, nor q to
// quit, but what the line takes.
func TestPromptKeysLine(t *testing.T) {
	for _, k := range []string{"j", "r"} {
		l, ctx := steadyLobby(t, 1, false, true, 0)
		press(l, ctx, k)
		lines := strings.Split(ansi.Strip(l.View(ctx)), "\n")
		keys := lines[len(lines)-1]
		for _, gone := range []string{"p t o j", "q quit", "? help", "/ talk"} {
			assert.NotContains(t, keys, gone, "%s: the keys' line %q", k, keys)
		}
		assert.Contains(t, keys, "esc cancel", k)
	}
}
