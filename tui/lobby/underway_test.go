package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// The notice of a board under way names the tournament mid-sentence in
// lower case, says nothing of halves (a bid alone starts a board), and
// keeps a blank row before the talk's heading where the tables leave
// room, as the lobby's other prompts do. At every seat count.
func TestUnderWayNoticeWords(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		for _, c := range []struct {
			info tourney.Info
			want string
		}{
			{tourney.Info{Code: "PVWQGY", Rules: o}, " Board 1 of tournament PVWQGY · %d players is under way: d opens it."},
			{tourney.Info{Daily: true, Date: duplicate.Date{Year: 2026, Month: 12, Day: 5}, Rules: o}, " Board 1 of the daily 2026-12-05 · %d players is under way: d opens it."},
		} {
			l, ctx := steadyLobby(t, 0, true, true, 2)
			l.takeInPlay(inPlayMsg{info: c.info, board: 1})
			lines := strings.Split(ansi.Strip(l.View(ctx)), "\n")
			at := -1
			for i, line := range lines {
				if strings.HasPrefix(line, " Lobby talk") {
					at = i
				}
			}
			require.GreaterOrEqual(t, at, 2, "no talk:\n%s", strings.Join(lines, "\n"))
			assert.Equal(t, strings.Replace(c.want, "%d", string(rune('0'+n)), 1), lines[at-2])
			assert.Empty(t, strings.TrimSpace(lines[at-1]), "no blank row before the talk:\n%s", strings.Join(lines, "\n"))
		}
	})
}

// A guest's menu and help say beside the tournaments, as beside the
// other choices a key is needed for, that taking part needs a key; a
// key's lobby says nothing of it.
func TestGuestMenuFlagsTournaments(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	l.cfg.Player = hall.Player{}
	text := ansi.Strip(l.View(ctx))
	assert.Contains(t, text, "[d] Tournaments: the daily and the club's (with an SSH key to take part)")
	assert.Contains(t, text, "[o] Open a table for friends (with an SSH key)")
	var words string
	for _, col := range l.KeyHelp(&ctx.Keys).FullHelp() {
		for _, b := range col {
			words += b.Help().Desc + "\n"
		}
	}
	assert.Contains(t, words, "(with an SSH key to take part)")
	l.cfg.Player = hall.Player{ID: "a", Name: "ann"}
	assert.NotContains(t, ansi.Strip(l.View(ctx)), "SSH key to take part")
}

// The notice of a board under way, read again as the person comes back
// to the lobby, is said once.
func TestUnderWayNoticeOnce(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, true, 1)
	info := tourney.Info{Code: "PVWQGY", Rules: rules.DefaultOptions()}
	l.takeInPlay(inPlayMsg{info: info, board: 1})
	l.takeInPlay(inPlayMsg{info: info, board: 1})
	assert.Equal(t, 1, strings.Count(ansi.Strip(l.View(ctx)), "is under way"))
}
