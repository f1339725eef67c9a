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

// TestMatchPlayersGames: -players 3 -games 2 plays each game in the six
// seatings and reports both levels' games won, in text and JSON.
func TestMatchPlayersGames(t *testing.T) {
	args := []string{"-players", "3", "-games", "2", "-a", "easy", "-b", "random", "-rules", "target=200", "-seed", "5", "-quiet"}
	var out, errb bytes.Buffer
	if code := runMatch(append(args, "-json"), &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var rep struct {
		Games      int `json:"games"`
		Deals      int `json:"deals"`
		Players    int `json:"players"`
		Unfinished int `json:"unfinished_games"`
		GamesWonBy []struct {
			Wins, Played int
		} `json:"games_won_by"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if rep.Games != 2 || rep.Deals != 0 || rep.Players != 3 || len(rep.GamesWonBy) != 2 || rep.GamesWonBy[0].Played != 12 ||
		rep.GamesWonBy[0].Wins+rep.GamesWonBy[1].Wins+rep.Unfinished != 12 {
		t.Errorf("-players 3 -games 2: %s", out.String())
	}
	out.Reset()
	if code := runMatch(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, want := range []string{"games to the target: 2, each played 6 times", "games won by easy (A):", "games won by random (B):"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "duplicate deals") {
		t.Errorf("-games alone reports deals:\n%s", out.String())
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
