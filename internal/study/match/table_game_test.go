package match

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestTableGamesReport: the games' counts and shares by level, the
// unfinished games and the deals of the games, from made-up results.
func TestTableGamesReport(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name       string
		players    int
		games      []tableGames
		won        [2]int
		played     int
		unfinished int
		deals      int
		takes      [2]int
		abandoned  float64
		decisions  [2]int
	}{
		{name: "four, A wins all", players: 4,
			games: []tableGames{{winner: []int{sideA, sideA},
				deals: []tableDealOut{{maker: sideA}, {maker: sideB, bete: true}, {maker: -1, abandoned: true}, {maker: sideA}},
				times: [2][]time.Duration{{ms, 2 * ms}, {3 * ms}}}},
			won: [2]int{2, 0}, played: 2, deals: 4, takes: [2]int{2, 1}, abandoned: 0.25, decisions: [2]int{2, 1}},
		{name: "three, one unfinished", players: 3,
			games: []tableGames{
				{winner: []int{sideB, sideB, -1, sideA, sideA, sideB}, deals: []tableDealOut{{maker: sideB}}},
				{winner: []int{sideA, sideB, sideB, sideA, sideB, sideA}, deals: []tableDealOut{{maker: sideA}, {maker: sideA}}},
			},
			won: [2]int{5, 6}, played: 12, unfinished: 1, deals: 3, takes: [2]int{2, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{A: ai.Easy, B: ai.Random, Games: len(c.games), Options: tableOpts(t, c.players)}
			rep := summariseTable(cfg, c.players, nil, c.games)
			for l := range 2 {
				if want := WilsonShare(c.won[l], c.played); rep.GamesWonBy[l] != want {
					t.Errorf("level %d: got %+v, want %+v", l, rep.GamesWonBy[l], want)
				}
				if rep.Sides[l].Deals != c.deals || rep.Sides[l].Takes != c.takes[l] || rep.Sides[l].Time.Count != c.decisions[l] {
					t.Errorf("level %d: deals %d takes %d decisions %d, want %d %d %d", l,
						rep.Sides[l].Deals, rep.Sides[l].Takes, rep.Sides[l].Time.Count, c.deals, c.takes[l], c.decisions[l])
				}
			}
			if rep.GamesWon != rep.GamesWonBy[sideA] || rep.Unfinished != c.unfinished || rep.Abandoned != c.abandoned {
				t.Errorf("games won %+v, unfinished %d, abandoned %v; want A's share, %d, %v",
					rep.GamesWon, rep.Unfinished, rep.Abandoned, c.unfinished, c.abandoned)
			}
			if rep.Deals != 0 || rep.Margin != (Interval{}) || rep.PerDeal != [2]Interval{} {
				t.Errorf("no decks, but deals %d margin %+v per deal %+v", rep.Deals, rep.Margin, rep.PerDeal)
			}
		})
	}
}

// TestTableGames plays a few short games at three and four players, and
// reads every game back from its log: each is over, its winner is the
// one rules.SideWinner names from the final totals, and the levels that
// won add up to the report's counts.
func TestTableGames(t *testing.T) {
	for _, c := range []struct{ players, games int }{{3, 2}, {4, 3}} {
		dir := t.TempDir()
		opts := tableOpts(t, c.players)
		opts.Target = 200
		rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Random, Games: c.games, Seed: 11, Save: dir, Options: opts})
		require.NoError(t, err)
		played := c.games * rep.Seatings
		if rep.Games != c.games || rep.Unfinished != 0 || rep.GamesWonBy[0].Played != played ||
			rep.GamesWonBy[0].Wins+rep.GamesWonBy[1].Wins != played {
			t.Fatalf("%d players: games %d, unfinished %d, won %+v; want %d games, %d played, all finished",
				c.players, rep.Games, rep.Unfinished, rep.GamesWonBy, c.games, played)
		}
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Len(t, entries, played)
		var won [2]int
		deals := 0
		for _, e := range entries {
			l, err := gamelog.ReadFile(filepath.Join(dir, e.Name()))
			require.NoError(t, err, e.Name())
			g, err := l.Game()
			require.NoError(t, err, e.Name())
			if !g.Over() {
				t.Fatalf("%s: the game is not over", e.Name())
			}
			totals := g.Totals()
			w := rules.SideWinner(totals[:g.Sides()], opts.Target)
			if w < 0 || w != g.Winner() {
				t.Fatalf("%s: totals %v: rules.SideWinner %d, game's winner %d", e.Name(), totals, w, g.Winner())
			}
			// The winning side's level, from the seats in the header.
			level := ""
			for s := range c.players {
				if g.SideOf(rules.Seat(s)) == w {
					level = l.Header.Level(rules.Seat(s))
				}
			}
			switch level {
			case string(ai.Easy):
				won[sideA]++
			case string(ai.Random):
				won[sideB]++
			default:
				t.Fatalf("%s: winner's level %q", e.Name(), level)
			}
			deals += len(g.Records())
		}
		if won != [2]int{rep.GamesWonBy[0].Wins, rep.GamesWonBy[1].Wins} || deals != rep.Sides[0].Deals {
			t.Errorf("%d players: the logs have wins %v over %d deals, the report %d and %d over %d", c.players, won, deals,
				rep.GamesWonBy[0].Wins, rep.GamesWonBy[1].Wins, rep.Sides[0].Deals)
		}
		var buf bytes.Buffer
		require.NoError(t, rep.WriteText(&buf))
		for _, want := range []string{"games to the target: " + string(rune('0'+c.games)), "games won by easy (A):", "games won by random (B):"} {
			if !strings.Contains(buf.String(), want) {
				t.Errorf("report lacks %q:\n%s", want, buf.String())
			}
		}
		js, err := json.Marshal(rep)
		require.NoError(t, err)
		if !strings.Contains(string(js), `"games_won_by":[`) {
			t.Errorf("json lacks games_won_by: %s", js)
		}
	}
}

// TestTableGamesDeterministic: games and deals together give the same
// results on one worker and on two.
func TestTableGamesDeterministic(t *testing.T) {
	for _, players := range []int{3, 4} {
		run := func(workers int) *Report {
			opts := tableOpts(t, players)
			opts.Target = 200
			rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Random, Deals: 4, Games: 2, Seed: 12, Workers: workers, Options: opts})
			require.NoError(t, err)
			return rep
		}
		a, b := run(1), run(2)
		for l := range 2 {
			a.Sides[l].Time, b.Sides[l].Time = Times{Count: a.Sides[l].Time.Count}, Times{Count: b.Sides[l].Time.Count}
		}
		if a.GamesWonBy != b.GamesWonBy || a.Margin != b.Margin || a.Sides != b.Sides || a.Unfinished != b.Unfinished {
			t.Errorf("%d players: 1 worker %+v %+v %+v, 2 workers %+v %+v %+v", players,
				a.GamesWonBy, a.Margin, a.Sides, b.GamesWonBy, b.Margin, b.Sides)
		}
	}
}
