package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTableLogs: klob verify summarises a game of three or four players
// (exit 0); replay opens it in the viewer of tables; analyze grades it
// (exit 0, a block per deal and the game, every seat named).
func TestTableLogs(t *testing.T) {
	shortParallel(t)
	files, _ := filepath.Glob(filepath.Join(games, "tables", "*.klob"))
	if len(files) < 10 {
		t.Fatalf("found %d table logs, want at least 10", len(files))
	}
	code, out, errs := verify(files...)
	if code != 0 || errs != "" || strings.Count(out, " win") < len(files) {
		t.Fatalf("verify: exit %d, stderr %q, %d winners in the output", code, errs, strings.Count(out, " win"))
	}
	// Under -short every fifth log is analysed (both seat counts among
	// them), on one sample a decision: the analysis has its own tests,
	// this checks the command.
	samples := fullOrShort("2", "1")
	for i, f := range files {
		if testing.Short() && i%5 != 0 {
			continue
		}
		code, out, errs := analyze(f, "-samples", samples)
		if code != 0 || !strings.Contains(out, "\ndeal 1, ") || !strings.Contains(out, "\ngame: ") || !strings.Contains(out, "Random C") {
			t.Errorf("analyze %s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
	for _, f := range files {
		if app, code, out, errs := replayArgs(f); app == nil || code != 0 || out != "" || errs != "" {
			t.Errorf("replay %s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
}
