package gamelog

import "github.com/klob/klob/rules"

// Replay is a log replayed through the engine: per deal the deck, the
// dealer, the steps and the recomputed score, and the game's state at
// the end. The replay viewer and the analysis read it.
type Replay struct {
	Header Header
	Deals  []ReplayDeal
	Totals [2]int     // game totals at the end of the log (two players; Sides for any count)
	Sides  [4]int     // game totals by side at the end of the log
	Over   bool       // the game has a winner
	Winner rules.Seat // NoSeat while the game goes on; the winning side with four players (rules.Game.Winner)
}

// Players returns the number of players of the game.
func (r *Replay) Players() int { return r.Header.Seats() }

// ReplayDeal is one deal of a Replay.
type ReplayDeal struct {
	No     int // 1-based
	Dealer rules.Seat
	Deck   rules.Deck
	Steps  []rules.Step
	Before [2]int      // game totals before the deal
	After  [2]int      // game totals after it (equal to Before while unfinished)
	Score  rules.Score // the breakdown (two players); final only when Done
	Done   bool        // the deal was played out (scored or abandoned)
	// Table is the breakdown by seat and side at any table, and
	// SidesBefore and SidesAfter the game totals by side.
	Table                   rules.TableScore
	SidesBefore, SidesAfter [4]int
	// Ending is how the deal ended (NotEnded while unfinished), and
	// Schmeisser who said schmeiss in a finished deal.
	Ending     rules.Ending
	Schmeisser rules.Seat

	opts rules.Options
}

// At returns the deal after its first n steps (n is clamped to
// 0..len(Steps)): At(0) is the deal as dealt, At(len(Steps)) the deal as
// the log leaves it. The returned Deal is a value the caller may play on.
func (d *ReplayDeal) At(n int) rules.Deal {
	n = max(0, min(n, len(d.Steps)))
	deal := rules.NewGameDeal(d.opts, d.Dealer, d.Deck, d.Before)
	for _, st := range d.Steps[:n] {
		// The steps were checked when the Replay was built.
		deal.ApplyUnchecked(st.Action)
	}
	return deal
}

// AtTable is At for any seat count: the deal as a Table after its
// first n steps.
func (d *ReplayDeal) AtTable(n int) rules.Table {
	n = max(0, min(n, len(d.Steps)))
	t := rules.NewGameTable(d.opts, d.Dealer, d.Deck, d.SidesBefore)
	for _, st := range d.Steps[:n] {
		t.ApplyUnchecked(st.Action)
	}
	return t
}

// Replay replays the log and returns every deal with its recomputed
// score. It fails like Game when a step is illegal.
func (l *Log) Replay() (*Replay, error) {
	g, err := l.Game()
	if err != nil {
		return nil, err
	}
	return replayOf(l, g), nil
}

// replayOf builds the Replay of l from g, the game l was replayed into.
func replayOf(l *Log, g *rules.Game) *Replay {
	r := &Replay{Header: l.Header, Totals: g.Totals(), Sides: g.SideTotals(), Over: g.Over(), Winner: g.Winner()}
	recs := g.Records()
	var before [2]int
	var sides [4]int
	n := g.Players()
	for i, d := range l.Deals {
		rd := ReplayDeal{No: i + 1, Dealer: rules.Seat((int(l.Header.FirstDealer) + i) % n), Deck: d.Deck,
			Steps: d.Steps, Before: before, After: before, SidesBefore: sides, SidesAfter: sides,
			Schmeisser: rules.NoSeat, opts: l.Header.Options}
		if i < len(recs) {
			rd.Score, rd.After, rd.Done = recs[i].Score, recs[i].Totals, true
			rd.Table, rd.SidesAfter = recs[i].Table, recs[i].Sides
			rd.Ending, rd.Schmeisser = recs[i].Ending, recs[i].Schmeisser
		} else {
			rd.Table = g.Table().Score()
			if n == 2 {
				rd.Score = g.Deal().Score()
			}
		}
		before, sides = rd.After, rd.SidesAfter
		r.Deals = append(r.Deals, rd)
	}
	return r
}
