package tui

import (
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// tapeOf reads a replayed log of three or four players as a tape: the
// seats named as the log names them (the person's "You" is its name),
// the person's seat at the bottom.
func tapeOf(r *gamelog.Replay) *tape {
	n := r.Players()
	tp := &tape{players: n, home: rules.SeatA, log: r}
	if s, ok := personSeat(&r.Header); ok {
		tp.home = s
		tp.sealed = !r.Over
	}
	for s := range rules.Seat(n) {
		lv := r.Header.Level(s)
		if lv == gamelog.Human {
			lv = ""
		}
		tp.seats[s] = tableSeat{Name: r.Header.PlayerName(s), Level: lv}
	}
	var pad []rules.Score
	for i := range r.Deals {
		rd := &r.Deals[i]
		tp.deals = append(tp.deals, tapeDeal{no: rd.No, steps: len(rd.Steps), at: rd.At,
			pad: append([]rules.Score(nil), pad...), before: rd.Before, after: rd.After, done: rd.Done})
		if rd.Done {
			pad = append(pad, rd.Score)
		}
	}
	return tp
}
