package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui"
)

func replayArgs(args ...string) (app *tui.App, code int, stdout, stderr string) {
	var o, e bytes.Buffer
	app, code = replayApp(args, &o, &e)
	return app, code, o.String(), e.String()
}

func TestReplayUsage(t *testing.T) {
	valid := filepath.Join(games, "09-tie.klob")
	for _, args := range [][]string{
		{valid, valid},
		{"-nosuchflag", valid},
		{valid, "-samples", "-1"},
		{valid, "-samples", "x"},
		{valid, "-seed", "-5"},
	} {
		app, code, out, errs := replayArgs(args...)
		if app != nil || code != 2 || out != "" || errs == "" {
			t.Errorf("replay %q: app %v, exit %d, stdout %q, stderr %q; want exit 2 with a message", args, app != nil, code, out, errs)
		}
		if code := runReplay(args, &bytes.Buffer{}, &bytes.Buffer{}); code != 2 {
			t.Errorf("runReplay %q: exit %d, want 2", args, code)
		}
	}
	app, code, out, _ := replayArgs("-h")
	if app != nil || code != 0 || !strings.Contains(out, "usage: klob replay [FILE]") {
		t.Errorf("replay -h: exit %d, stdout %q", code, out)
	}
}

// TestReplayInvalidLog: a log that does not read is not opened: the
// file:line error is printed after "klob replay: ", exit 1; a missing
// file's error names it the same way.
func TestReplayInvalidLog(t *testing.T) {
	for f, want := range brokenLogs(t) {
		app, code, out, errs := replayArgs(f)
		if app != nil || code != 1 || out != "" || strings.TrimSpace(unwrapped(errs)) != "klob replay: "+want {
			t.Errorf("replay %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", f, code, out, errs, want)
		}
		if code := runReplay([]string{f}, &bytes.Buffer{}, &bytes.Buffer{}); code != 1 {
			t.Errorf("runReplay %s: exit %d, want 1", f, code)
		}
	}
	_, code, _, errs := replayArgs(filepath.Join(games, "no-such-game.klob"))
	if code != 1 || !strings.HasPrefix(errs, "klob replay: ") || !strings.Contains(errs, "no-such-game.klob") {
		t.Errorf("missing file: exit %d, stderr %q", code, errs)
	}
}

// TestReplayOpens: every valid log, finished or saved mid-game, opens
// in the viewer; without a file the history of the state directory.
func TestReplayOpens(t *testing.T) {
	var all []string
	for _, glob := range []string{"*.klob", "saves/*.klob", "tables/*.klob", "tables/saves/*.klob"} {
		files, _ := filepath.Glob(filepath.Join(games, glob))
		if len(files) < 3 {
			t.Fatalf("%s: %d logs in testdata, want at least 3", glob, len(files))
		}
		all = append(all, files...)
	}
	for _, f := range all {
		app, code, _, errs := replayArgs(f, "-ascii", "-seed", "4")
		if app == nil || code != 0 || errs != "" {
			t.Errorf("replay %s: app %v, exit %d, stderr %q", f, app != nil, code, errs)
			continue
		}
		if name := app.ScreenName(); name != "replay" {
			t.Errorf("replay %s: first screen %s, want replay", f, name)
		}
	}
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	app, code, _, errs := replayArgs()
	if app == nil || code != 0 || app.ScreenName() != "history" {
		t.Fatalf("replay without a file: app %v, exit %d, stderr %q, want the history screen", app != nil, code, errs)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

// TestReplayStateInTheWay: without a file, a file where the state folder
// should be stops the replay with the words klob play uses (the folder,
// the cause, what sets it), never a bare "not a directory".
func TestReplayStateInTheWay(t *testing.T) {
	for _, below := range []bool{false, true} {
		file := fileInTheWay(t)
		dir := file
		if below {
			dir = filepath.Join(file, "klob")
		}
		t.Setenv("KLOB_STATE_DIR", dir)
		app, code, _, errs := replayArgs()
		want := "klob replay: the state folder " + dir + " cannot be made, a file is in its way (KLOB_STATE_DIR or XDG_STATE_HOME sets it): there are no saved games to list"
		if app != nil || code != 1 || !strings.Contains(strings.Join(strings.Fields(errs), " "), want) || strings.Contains(errs, "not a directory") {
			t.Errorf("%s: app %v, exit %d, stderr %q", dir, app != nil, code, errs)
		}
	}
}

// TestReplayListsGamesBeside: without a file the list shows, with the
// state folder's game in progress, the games a Klob started while
// another played keeps beside it (klob-2...), at two, three and four
// players, each marked in progress by its folder.
func TestReplayListsGamesBeside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "klob")
	t.Setenv("KLOB_STATE_DIR", dir)
	for name, from := range map[string]string{"klob": "saves/in-dix.klob", "klob-2": "saves/in-play.klob",
		"klob-3": "tables/saves/three-in-dialogue.klob", "klob-4": "tables/saves/four-in-trick.klob"} {
		data, err := os.ReadFile(filepath.Join(games, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(root, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name, "current.klob"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	app, code, _, errs := replayArgs()
	if app == nil || code != 0 {
		t.Fatalf("replay without a file: exit %d, stderr %q", code, errs)
	}
	app.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	// The list is read in a command: run the commands the start gives.
	cmds := []tea.Cmd{app.Init()}
	for i := 0; i < len(cmds) && i < 20; i++ {
		if cmds[i] == nil {
			continue
		}
		switch msg := cmds[i]().(type) {
		case tea.BatchMsg:
			cmds = append(cmds, msg...)
		default:
			_, next := app.Update(msg)
			cmds = append(cmds, next)
		}
	}
	text := ansi.Strip(app.View().Content)
	if n := strings.Count(text, "in progress"); n != 4 {
		t.Errorf("%d games in progress listed, want 4:\n%s", n, text)
	}
	for _, name := range []string{"klob-2", "klob-3", "klob-4"} {
		if !strings.Contains(text, "in "+name) {
			t.Errorf("the game kept in %s is not listed:\n%s", name, text)
		}
	}
}
