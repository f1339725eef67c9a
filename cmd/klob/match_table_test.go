package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestMatchPlayers: -players 3 and 4 play rotated seatings and report
// each level's average per deal; -players 5 is refused.
func TestMatchPlayers(t *testing.T) {
	for _, n := range []string{"3", "4"} {
		var out, errb bytes.Buffer
		code := runMatch([]string{"-players", n, "-a", "normal", "-b", "random", "-deals", "10", "-seed", "3", "-json", "-quiet"}, &out, &errb)
		if code != 0 {
			t.Fatalf("-players %s: exit %d, stderr %q", n, code, errb.String())
		}
		var rep struct {
			Rules   string `json:"rules"`
			Players int    `json:"players"`
			PerDeal []struct {
				Mean, Lo, Hi float64
				N            int
			} `json:"per_deal"`
		}
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out.String())
		}
		if n != "" && (rep.Players != int(n[0]-'0') || !strings.Contains(rep.Rules, "players="+n) || len(rep.PerDeal) != 2 || rep.PerDeal[0].N != 10) {
			t.Errorf("-players %s: %s", n, out.String())
		}
	}
	var out, errb bytes.Buffer
	if code := runMatch([]string{"-players", "5", "-a", "normal", "-b", "random"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-players must be 2, 3 or 4") {
		t.Errorf("-players 5: exit %d, stderr %q", code, errb.String())
	}
}

// TestMatchSave: -save writes the logs of a two-player match.
func TestMatchSave(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := runMatch([]string{"-a", "normal", "-b", "random", "-deals", "2", "-seed", "3", "-quiet", "-save", dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	es, err := os.ReadDir(dir)
	if err != nil || len(es) != 4 {
		t.Fatalf("%d files (%v), want 4", len(es), err)
	}
}
