package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHistoryKeysSayBack: q and esc leave the saved games' list at
// once. In klob replay its line ends "? help · q quit"; in the lobby,
// whose "q leave" means q asks first, the line of the list (empty, of
// games, or that cannot be read) ends "q/esc back · ? help", as the
// lobby's other screens whose q and esc come back at once, its help
// says "q/esc back", and a click on esc there leaves as one on q does.
func TestHistoryKeysSayBack(t *testing.T) {
	empty, games1, unread := threeLists(t)
	for _, dir := range []string{empty, games1, unread} {
		for _, word := range []string{"", "leave"} {
			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
			hs.Ctx.Keys.QuitWord = word // as the App sets it in the lobby
			lines := strings.Split(strings.TrimRight(text(hs), "\n"), "\n")
			keys := lines[len(lines)-1]
			want := map[string]string{"": " ? help · q quit", "leave": " q/esc back · ? help"}[word]
			if !strings.HasSuffix(keys, want) || strings.Contains(keys, "leave") {
				t.Errorf("%s, q's word %q: the keys line %q does not end in %q", filepath.Base(dir), word, keys, want)
			}
			if word == "" {
				continue
			}
			for _, group := range hs.Screen.(*History).KeyHelp(&hs.Ctx.Keys).FullHelp() {
				for _, b := range group {
					if hp := b.Help(); hp.Key == "q/esc" && hp.Desc != "back" {
						t.Errorf("%s: the help writes q/esc as %q", filepath.Base(dir), hp.Desc)
					}
				}
			}
			if dir == games1 {
				hs.ClickOn("esc back")
				if !hs.Quit {
					t.Errorf("a click on esc does not leave the list:\n%s", text(hs))
				}
			}
		}
	}
}

// TestHistoryKeyLinesNameHelp: ? opens the App's help over the saved
// games' list, and the list's line of keys says so, with the way out:
// empty, of games, or that cannot be read, in klob replay ("q quit")
// and in the lobby ("q/esc back"), over SSH or not, its paths shown or
// not, with and without -ascii, within 80 columns. The help names ?,
// and a click on "? help" is ? pressed, for the App (but on the list
// that cannot be read, which takes no click).
func TestHistoryKeyLinesNameHelp(t *testing.T) {
	empty, games1, unread := threeLists(t)
	for _, dir := range []string{empty, games1, unread} {
		for _, hide := range []bool{false, true} {
			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: hide})
			h := hs.Screen.(*History)
			for _, word := range []string{"", "leave"} {
				for _, remote := range []bool{false, true} {
					for _, ascii := range []bool{false, true} {
						ctx := kit.NewContext(ascii)
						ctx.Width, ctx.Height, ctx.Remote = 80, 24, remote
						ctx.Keys.QuitWord = word // "leave" as the App sets it in the lobby
						frame := ansi.Strip(h.View(&ctx))
						if ascii {
							frame = kit.ASCIIText(frame)
						}
						lines := strings.Split(strings.TrimRight(frame, "\n "), "\n")
						keys := strings.TrimRight(lines[len(lines)-1], " ")
						where := fmt.Sprintf("%s (paths hidden %v, q %q, remote %v, ascii %v): the keys line %q",
							filepath.Base(dir), hide, word, remote, ascii, keys)
						back := map[string]string{"": "q quit", "leave": "q/esc back"}[word]
						if !strings.Contains(keys, "? help") || !strings.Contains(keys, back) {
							t.Errorf("%s does not name ? help and %s", where, back)
						}
						if kit.WidthOf(keys) > 80 {
							t.Errorf("%s is wider than 80 columns", where)
						}
					}
				}
			}
			named := false
			for _, group := range h.KeyHelp(&hs.Ctx.Keys).FullHelp() {
				for _, b := range group {
					named = named || b.Help().Key == "?"
				}
			}
			if !named {
				t.Errorf("%s: the help does not name ?", filepath.Base(dir))
			}
			if dir == unread {
				continue // the list that cannot be read takes no click
			}
			_, cmd := h.Update(&hs.Ctx, kittest.ClickOn(t, hs.Frame(), "? help"))
			if cmd == nil {
				t.Errorf("%s: a click on ? help does nothing", filepath.Base(dir))
			} else if m, ok := cmd().(tea.KeyPressMsg); !ok || !kit.IsKey(m, hs.Ctx.Keys.Help) {
				t.Errorf("%s: a click on ? help gives %#v, not ?", filepath.Base(dir), m)
			}
		}
	}
}

// threeLists are the states of three saved games' lists: one empty, one
// of a game, and one that cannot be read (its folder is a file).
func threeLists(t *testing.T) (empty, games1, unread string) {
	t.Helper()
	empty, _ = historyState(t)
	games1, keep := historyState(t)
	b, err := os.ReadFile(filepath.Join(games, "05-target-not-500.klob"))
	if err != nil {
		t.Fatal(err)
	}
	keep("2026-01-05-1200-vs-Bot-easy-won.klob", b)
	unread = filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(unread, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return empty, games1, unread
}

// TestEmptyHistorySaysWhereBoardsAre: on the server, an empty history
// says that a tournament's boards are replayed from its standings, not
// listed here.
func TestEmptyHistorySaysWhereBoardsAre(t *testing.T) {
	dir, _ := historyState(t)
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
	flat := strings.Join(strings.Fields(text(hs)), " ")
	if !strings.Contains(flat, "Tournament boards are not listed here: their tournament's standings (d in the lobby) replay them.") {
		t.Fatalf("the history does not say where boards are:\n%s", text(hs))
	}
}
