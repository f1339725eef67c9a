package gamelog

import (
	"slices"

	"github.com/klob/klob/rules"
)

// Replay is a log replayed through the engine: per deal the deck, the
// dealer, the steps and the recomputed score, and the game's state at
// the end. The replay viewer and the analysis read it.
type Replay struct {
	Header Header
	Deals  []ReplayDeal
	Totals [4]int // game totals by side at the end of the log
	Over   bool   // the game has a winner
	Winner int    // the winning side (rules.Game.Winner), -1 while the game goes on
}

// Players returns the number of players of the game.
func (r *Replay) Players() int { return r.Header.Seats() }

// InPlay reports whether the game may still go on: not over, and not
// filed in the history unfinished (abandoned).
func (r *Replay) InPlay() bool { return !r.Over && !r.Header.Abandoned() }

// DealsDone returns how many deals were played out, scored or thrown
// in: every deal but the last when it is still in play (or was left so).
func (r *Replay) DealsDone() int {
	n := 0
	for i := range r.Deals {
		if r.Deals[i].Done {
			n++
		}
	}
	return n
}

// Filed returns l as the history files it, with its replay: when the
// game is not over, a copy marked abandoned (a game in the history
// never goes on); else l itself. l is never changed.
func Filed(l *Log) (*Log, *Replay, error) {
	r, err := l.Replay()
	if err != nil || r.Over || r.Header.Abandoned() {
		return l, r, err
	}
	c := *l
	c.Header.Extra = slices.Clone(l.Header.Extra)
	c.Header.SetAbandoned()
	r.Header = c.Header
	return &c, r, nil
}

// ReplayDeal is one deal of a Replay.
type ReplayDeal struct {
	No     int // 1-based
	Dealer rules.Seat
	Deck   rules.Deck
	Steps  []rules.Step
	Before [4]int      // game totals by side before the deal
	After  [4]int      // game totals after it (equal to Before while unfinished)
	Score  rules.Score // the breakdown by seat and side; final only when Done
	Done   bool        // the deal was played out (scored or abandoned)
	// Ending is how the deal ended (NotEnded while unfinished), and
	// Schmeisser who said schmeiss in a finished deal.
	Ending     rules.Ending
	Schmeisser rules.Seat
	// Claim is the claim that ended the deal (Deal.Claim), nil when
	// none was made.
	Claim *Claim

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
	r := &Replay{Header: l.Header, Totals: g.Totals(), Over: g.Over(), Winner: g.Winner()}
	recs := g.Records()
	var before [4]int
	n := g.Players()
	for i, d := range l.Deals {
		rd := ReplayDeal{No: i + 1, Dealer: rules.SeatAfter(l.Header.FirstDealer, i, n), Deck: d.Deck,
			Steps: d.Steps, Before: before, After: before, Schmeisser: rules.NoSeat, Claim: d.Claim, opts: l.Header.Options}
		if i < len(recs) {
			rd.Score, rd.After, rd.Done = recs[i].Score, recs[i].Totals, true
			rd.Ending, rd.Schmeisser = recs[i].Ending, recs[i].Schmeisser
		} else {
			rd.Score = g.Deal().Score()
		}
		before = rd.After
		r.Deals = append(r.Deals, rd)
	}
	return r
}

// ClaimedAt reports whether step (from 0) of the deal was played after
// a claim, for the claiming side, by the program (Claim.PlayedOut): a
// card no player chose.
func (d *ReplayDeal) ClaimedAt(step int) bool {
	c := d.Claim
	if c == nil || !c.PlayedOut || step < c.Step || step >= len(d.Steps) {
		return false
	}
	n := d.opts.NumPlayers()
	return rules.SideOfSeat(n, d.Steps[step].Seat) == rules.SideOfSeat(n, c.Seat)
}
