package replay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHistoryKeysSayBack: q and esc leave the saved games' list at
// once. In klob replay its line says "q quit", as it did; in the lobby,
// whose "q leave" means q asks first, the line of the list (empty, of
// games, or that cannot be read) and its help say "q/esc back", and a
// click on esc there leaves as one on q does.
func TestHistoryKeysSayBack(t *testing.T) {
	empty, _ := historyState(t)
	games1, keep := historyState(t)
	b, err := os.ReadFile(filepath.Join(games, "05-target-not-500.klob"))
	if err != nil {
		t.Fatal(err)
	}
	keep("2026-01-05-1200-vs-Bot-easy-won.klob", b)
	unread := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(unread, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{empty, games1, unread} {
		for _, word := range []string{"", "leave"} {
			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
			hs.Ctx.Keys.QuitWord = word // as the App sets it in the lobby
			lines := strings.Split(strings.TrimRight(text(hs), "\n"), "\n")
			keys := lines[len(lines)-1]
			want := map[string]string{"": " q quit", "leave": " q/esc back"}[word]
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
