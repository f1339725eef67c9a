package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTableLogs: klob verify summarises a game of three or four players
// (exit 0); analyze and replay, which read two-player games only, refuse
// it with a clear error (exit 1) rather than misread it.
func TestTableLogs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(games, "tables", "*.klob"))
	if len(files) < 10 {
		t.Fatalf("found %d table logs, want at least 10", len(files))
	}
	code, out, errs := verify(files...)
	if code != 0 || errs != "" || strings.Count(out, " win") < len(files) {
		t.Fatalf("verify: exit %d, stderr %q, %d winners in the output", code, errs, strings.Count(out, " win"))
	}
	f := files[0]
	if code, out, errs := analyze(f); code != 1 || out != "" || !strings.Contains(errs, "two-player games only") {
		t.Errorf("analyze %s: exit %d, stdout %q, stderr %q", f, code, out, errs)
	}
	if app, code, out, errs := replayArgs(f); app != nil || code != 1 || out != "" || !strings.Contains(errs, "two-player games only") {
		t.Errorf("replay %s: exit %d, stdout %q, stderr %q", f, code, out, errs)
	}
}
