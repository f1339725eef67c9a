package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestParsePlayPlayers: -players sets the table's size (with -rules
// for the house variants); a bad count is refused with what is allowed.
func TestParsePlayPlayers(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{nil, 2},
		{[]string{"-players", "3"}, 3},
		{[]string{"-players", "4", "-rules", "shlomo=on,cleopatra=on"}, 4},
		{[]string{"-rules", "players=3"}, 3},
		{[]string{"-rules", "players=3", "-players", "4"}, 4},
	} {
		pf, err := parsePlay(tc.args, &bytes.Buffer{}, &bytes.Buffer{}, fixedSeed)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		if got := pf.cfg.Setup.Options.NumPlayers(); got != tc.want {
			t.Errorf("%v: %d players, want %d", tc.args, got, tc.want)
		}
	}
	for _, bad := range []string{"1", "5", "-2"} {
		_, err := parsePlay([]string{"-players", bad}, &bytes.Buffer{}, &bytes.Buffer{}, fixedSeed)
		if err == nil || !strings.Contains(err.Error(), "-players") && !strings.Contains(err.Error(), "players") {
			t.Errorf("-players %s: got %v, want an error naming -players", bad, err)
		}
	}
}
