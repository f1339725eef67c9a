package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The saved games of three and four players in the history list: each
// row says the seat count and who sat where, the score by side, and
// whether the person (or the person's team) won; the record above the
// list gives each seat count its own line, since the two-player record
// (internal/study/stats) reads two-player games only. Such a game opens in the
// replay of tables.

// seats returns the number of players of a row's game.
func (row *historyRow) seats() int { return row.entry.Header.Seats() }

// withTableSides reads the score by side of every game of three or four
// (the store's entry has two totals only): the log is replayed again.
func withTableSides(rows []historyRow) []historyRow {
	for i := range rows {
		row := &rows[i]
		if row.entry.Err != nil || row.seats() <= 2 {
			continue
		}
		l, err := gamelog.ReadFile(row.path)
		if err != nil {
			row.entry.Err = err
			continue
		}
		r, err := l.Replay()
		if err != nil {
			row.entry.Err = err
			continue
		}
		row.sides = r.Totals
	}
	return rows
}

// personSeat returns the seat a person played in a table game's header,
// and false when none or several did.
func personSeat(h *gamelog.Header) (rules.Seat, bool) {
	seat := rules.NoSeat
	for s := range rules.Seat(h.Seats()) {
		if h.Level(s) == gamelog.Human {
			if seat != rules.NoSeat {
				return rules.NoSeat, false
			}
			seat = s
		}
	}
	return seat, seat != rules.NoSeat
}

// tableResult says how a finished table game went for the person: won,
// lost, or who won.
func tableResult(row *historyRow) string {
	e := &row.entry
	h := &e.Header
	n := h.Seats()
	if !e.Over {
		return "unfinished"
	}
	side := int(e.Winner) // the winning side (a team with four)
	if me, ok := personSeat(h); ok {
		mine := int(me)
		if n == 4 {
			mine %= 2
		}
		if side == mine {
			return "won"
		}
		return "lost"
	}
	return rules.SideName(n, side) + " won"
}

// tableRowLine describes a game of three or four: when, the seat count
// and the others, deals, score by side, result.
func tableRowLine(row *historyRow, when string, w int) string {
	e := &row.entry
	h := &e.Header
	n := h.Seats()
	var others []string
	me, ok := personSeat(h)
	for s := range rules.Seat(n) {
		if ok && s == me {
			continue
		}
		name := h.PlayerName(s)
		if ok && n == 4 && s == (me+2)%4 {
			name = "with " + name
		}
		others = append(others, name)
	}
	players := fmt.Sprintf("%d players: %s", n, strings.Join(others, ", "))
	var score []string
	for side := range n {
		if n == 4 && side >= 2 {
			break
		}
		score = append(score, fmt.Sprint(row.sides[side]))
	}
	pw := playersWidth(w + 3)
	return kit.Fit(fmt.Sprintf("%-16s  %-*s %5d  %9s  %s", kit.Clip(when, 16), pw, kit.Clip(players, pw), e.Deals,
		strings.Join(score, "–"), tableResult(row)), w)
}

// tableRecordLines give each seat count above two its own line of the
// record: games, won, unfinished.
func tableRecordLines(rows []historyRow) [][2]string {
	var out [][2]string
	for _, n := range []int{3, 4} {
		games, won, open := 0, 0, 0
		for i := range rows {
			row := &rows[i]
			if row.entry.Err != nil || row.seats() != n {
				continue
			}
			games++
			switch tableResult(row) {
			case "won":
				won++
			case "unfinished":
				open++
			}
		}
		if games == 0 {
			continue
		}
		s := fmt.Sprintf("%s played, %d won", kit.Plural(games, "game"), won)
		if open > 0 {
			s += fmt.Sprintf(", %d unfinished", open)
		}
		label := map[int]string{3: "Three players:", 4: "Four players:"}[n]
		out = append(out, [2]string{label, s})
	}
	return out
}

// openTable is the replay of a table game chosen in the list.
func (s *historyScreen) openTable(msg historyOpenMsg) kit.Screen {
	return newReplay34(tapeOf(msg.r), filepath.Base(msg.path), s.cfg, s)
}
