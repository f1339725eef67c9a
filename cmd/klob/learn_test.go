package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestLearnFlags: klob learn -h names -players; a count other than 2, 3
// or 4 is a usage error (exit 2) that says so, before any screen opens.
func TestLearnFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if code := runLearn([]string{"-h"}, &out, &errs); code != 0 || !strings.Contains(out.String(), "usage: klob learn [-players 2|3|4] [-ascii]") ||
		!strings.Contains(out.String(), "the game to learn: 2, 3 or 4 players") {
		t.Errorf("klob learn -h: exit %d\n%s", code, out.String())
	}
	for _, args := range [][]string{{"-players", "5"}, {"-players", "1"}} {
		out.Reset()
		errs.Reset()
		if code := runLearn(args, &out, &errs); code != 2 || !strings.Contains(errs.String(), "-players "+args[1]+": want 2, 3 or 4") {
			t.Errorf("klob learn %v: exit %d, %q", args, code, errs.String())
		}
	}
}
