package replay

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHandLabelKeepsMargin: the label over the bottom hand ("normal's
// hand · dealer · trump ♠ · raised: played next") starts one cell in,
// as every other line of the table does, whatever the length of the
// name: a label one cell short of the column started at its edge.
func TestHandLabelKeepsMargin(t *testing.T) {
	for _, name := range []string{"norm", "normal", "normal1", "normal12", "normal123", "normal1234"} {
		r := readGame(t, "tables/3-01-every-house-variant.klob")
		r.Header.SetPlayer(rules.SeatA, name, "normal")
		hs := open(t, r, "x", 80, 24)
		for range 40 {
			for _, l := range strings.Split(text(hs), "\n") {
				if strings.Contains(l, name+"'s hand") {
					assert.True(t, strings.HasPrefix(l, " "), "%q starts at the edge", l)
				}
			}
			hs.Press("right")
		}
	}
}

// TestBotNumbersStayWhole: a bot match's names cut for the title, the
// score pad and the trick line keep their number after the space, as
// the names that fit read ("norm 1 & norm 2 · easy 1 & easy 2"), never
// "norm…1" beside "easy 1" or "no…l" over "ea…1".
func TestBotNumbersStayWhole(t *testing.T) {
	for _, tc := range []struct {
		file  string
		names []string
	}{
		{"tables/3-01-every-house-variant.klob", []string{"normal", "easy 1", "easy 2"}},
		{"tables/4-14-shlomo-and-cleopatra-in-one-deal.klob", []string{"normal 1", "easy 1", "normal 2", "easy 2"}},
	} {
		r := readGame(t, tc.file)
		for o, n := range tc.names {
			r.Header.SetPlayer(rules.Seat(o), n, "normal")
		}
		hs := open(t, r, "x", 80, 24)
		cut := regexp.MustCompile(`…\d|\w…\w`)
		for range 30 {
			screen := text(hs)
			assert.NotRegexp(t, cut, screen, "%d players", len(tc.names))
			hs.Press("right")
		}
	}
}

// TestStepQuestionHasNoStop: a step whose words end in a question mark
// ("North said how high?") ends its sentence there, ungraded as graded
// by a bot's seat, at two, three and four seats: no stray "?." after it.
func TestStepQuestionHasNoStop(t *testing.T) {
	for _, file := range []string{"08-sequences-decided-for-the-non-dealer.klob",
		"../analysis/hard-3.klob", "../analysis/hard-4.klob"} {
		for _, cfg := range []Config{{}, {Analyze: fakeAnalyze}} {
			hs := kittest.New(t, New(readGame(t, file), "x", cfg, nil), 80, 24, false)
			asked := 0
			for range 200 {
				hs.Press("right")
				scr := text(hs)
				if strings.Contains(scr, "said how high?") {
					asked++
				}
				assert.NotContains(t, scr, "?.", "%s", file)
			}
			if asked == 0 {
				t.Fatalf("%s: nobody asked how high in the first 200 steps", file)
			}
		}
	}
}

// TestPersonOneNameInEveryView: the person whose replay it is goes by
// one name in every view the o key turns to, at two, three and four
// seats: "You" ("you" in a sentence), as in their own view. Neither
// the seat the log names "You" (a local game, from a file or from its
// end) nor a person named "player" (the daily's name for someone with
// none) becomes a place at the table ("South", wherever the view puts
// them) or the placeholder; the analysis' line says "your decisions".
func TestPersonOneNameInEveryView(t *testing.T) {
	for _, file := range gamesTo100 {
		for _, tc := range []struct {
			what, name string
			cfg        Config
		}{
			{"a local game's file", "You", Config{}},
			{"a local game from its end", "You", Config{Mine: true}},
			{"the daily's person without a name", "player", Config{Mine: true, Analysis: analysis.Options{AllSeats: true}}},
		} {
			r := readReplay(t, file)
			r.Header.SetPlayer(rules.SeatA, tc.name, gamelog.Human)
			tc.cfg.Analyze = fakeAnalyze
			hs := kittest.New(t, New(r, "x", tc.cfg, nil), 80, 24, false)
			hs.Press("down", "down", "right")
			wrong := regexp.MustCompile(`\b(South|player)\b`)
			for view := range r.Players() + 1 {
				screen := text(hs)
				where := fmt.Sprintf("%d players, %s, view %d", r.Players(), tc.what, view)
				// "every player's decisions" names no seat.
				assert.NotRegexp(t, wrong, strings.ReplaceAll(screen, "every player's", ""), "%s:\n%s", where, screen)
				assert.Regexp(t, `\bYou\b`, screen, "%s: the person is not named:\n%s", where, screen)
				if tc.name == "You" {
					assert.Contains(t, screen, "press a to grade your decisions", where)
				}
				hs.Press("o")
			}
		}
	}
}

// TestTitleInEveryView: a person's game keeps its title, "Klob", in
// every view the o key turns to, at two, three and four seats, from
// the first deal to the game's end, as in the person's own view: the
// other seats' views name the seats no wider than theirs.
func TestTitleInEveryView(t *testing.T) {
	for _, file := range gamesTo100 {
		r := readReplay(t, file)
		hs := kittest.New(t, New(r, "x", Config{Analyze: fakeAnalyze, Mine: true}, nil), 80, 24, false)
		s := replayOf(hs)
		for view := range r.Players() + 1 {
			for hs.Press("home"); ; hs.Press("down") {
				screen := text(hs)
				title, _, _ := strings.Cut(screen, "\n")
				assert.True(t, strings.HasPrefix(title, " Klob  "), "%d players, view %d, deal %d step %d: %q",
					r.Players(), view, s.pos.deal+1, s.pos.n, title)
				if s.pos == s.end() {
					break
				}
			}
			hs.Press("o")
		}
	}
}

// TestBoardLineNamesWhole: the hard bot's line of a daily board (its
// seat named "Hard bot", every seat graded) says the tricks won with
// the names whole wherever a form of the line with them fits the
// table's column (points said "12/30 pts"), at two, three and four
// seats, at every step and in every view: at four, "Hard bot & North"
// was cut to "Hard… & North" beside the words panel.
func TestBoardLineNamesWhole(t *testing.T) {
	points := regexp.MustCompile(`· (card )?points ([0-9/]+)`)
	for _, file := range gamesTo100 {
		r := readReplay(t, file)
		r.Header.SetPlayer(rules.SeatA, "Hard bot", "hard")
		hs := kittest.New(t, New(r, "the hard bot's line", Config{Analyze: fakeAnalyze, Board: "Board 3 of 8",
			Analyse: true, Analysis: analysis.Options{AllSeats: true}}, nil), 80, 24, false)
		s := replayOf(hs)
		said := 0
		for view := range r.Players() + 1 {
			for hs.Press("home"); ; hs.Press("right") {
				for _, l := range strings.Split(text(hs), "\n") {
					l, _, _ = strings.Cut(l, "│")
					l = strings.TrimRight(l, " ")
					if !strings.HasPrefix(l, " Tricks: ") {
						continue
					}
					said++
					// The line as it would be with the name whole: it
					// must be too wide for the column (55 cells, one
					// blank before its rule).
					whole := points.ReplaceAllString(strings.ReplaceAll(l, "Hard…", "Hard bot"), "· $2 pts")
					if strings.Contains(l, "Hard…") && kit.WidthOf(whole) <= 54 {
						t.Fatalf("%d players, view %d, step %d: %q, where %q fits", r.Players(), view, s.pos.n, l, whole)
					}
				}
				if s.pos == s.end() {
					break
				}
			}
			hs.Press("o")
		}
		if said == 0 {
			t.Fatalf("%d players: no line of tricks won", r.Players())
		}
	}
}
