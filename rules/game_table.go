package rules

// The Game API for every seat count (RULES.md sections 9 and 10).
//
// One Game plays a game of two, three or four players to the target:
// NewGame reads the count from Options.Players. With two players the
// current deal is a Deal (the fast path, unchanged: Deal, Totals and
// Records' Score read it as before); with three or four it is a Table.
// The methods below work for every count, so a caller that drives any
// table reads them and never branches on the count:
//
//   - Players, Sides, SideOf: who plays for which side;
//   - Turn, Legal, ApplyAs: the seat to move (ChanceSeat for a chance
//     step, whose Legal lists the "draw" actions the caller picks from
//     uniformly with its own random source), and the checked action;
//   - Table: the current deal as a Table, to read (with two players it
//     is rebuilt from the Deal's history: the same game action for
//     action, TestTableMatchesDeal), View(seat) its TableView;
//   - SideTotals, WinnerSide: the game totals by side and the winning
//     side (SideWinner), DealRecord.Table and Sides per finished deal.
//
// The deal passes to the left (Dealer). With four players the sides are
// the teams A and C (side 0) and B and D (side 1); Winner returns the
// winning side as a seat number, and SideName names a side "AC".

// tableCache holds the two-player deal as a Table, rebuilt on demand
// by applying the Deal's new steps.
type tableCache struct {
	dealNo int // the deal the table is of, 0 for none
	t      Table
}

// Players returns the number of players, 2 to 4.
func (g *Game) Players() int { return int(g.n) }

// Sides returns the number of sides: the players, or two teams with
// four.
func (g *Game) Sides() int { return sides(int(g.n)) }

// SideOf returns the side seat s plays for (Table.SideOf).
func (g *Game) SideOf(s Seat) int { return sideOf(g.n, s) }

// SideTotals returns the running game totals by side (Sides of them).
func (g *Game) SideTotals() [4]int { return g.sides }

// WinnerSide returns the side that won the game, -1 while it goes on.
func (g *Game) WinnerSide() int {
	if !g.over {
		return -1
	}
	return int(g.winner)
}

// SideName names side i of a table of players: the seat's letter, or
// with four players the team's two letters, "AC" or "BD".
func SideName(players, i int) string {
	if players == 4 {
		return Seat(i).String() + Seat(i+2).String()
	}
	return Seat(i).String()
}

// Turn returns the seat to move in the current deal: ChanceSeat for a
// chance step, NoSeat while the game waits for a deck or is over.
func (g *Game) Turn() Seat {
	if g.over || !g.inDeal {
		return NoSeat
	}
	if g.n != 2 {
		return g.table.Turn()
	}
	return g.deal.Turn()
}

// Legal returns the actions the seat to move may take (nothing while
// no one is to move).
func (g *Game) Legal() []Action {
	if g.over || !g.inDeal {
		return nil
	}
	if g.n != 2 {
		return g.table.Legal()
	}
	return g.deal.Legal()
}

// Table returns the current deal as a Table, to read (the deal waiting
// for its deck reads as the last one played; before the first deal it
// is the zero Table, with no players: ask NeedDeal and DealNo first). Every change goes through
// the game's Apply; take a Copy to play on. With two players the Table
// is rebuilt from the Deal's history, the same game.
func (g *Game) Table() *Table {
	if g.n != 2 {
		return &g.table
	}
	c := &g.cache
	no := g.DealNo()
	if !g.inDeal {
		no--
	}
	if no == 0 {
		return &c.t
	}
	var (
		dealer Seat
		deck   Deck
		before [4]int
		steps  []Step
	)
	if g.inDeal {
		d := &g.deal
		dealer, deck, steps = d.dealer, d.deck, d.Steps()
		before = [4]int{d.totals[0], d.totals[1]}
	} else {
		r := &g.records[no-1]
		dealer, deck, steps = r.Dealer, r.Deck, r.Steps
		before = [4]int{r.Totals[0] - r.Score.Scored[0], r.Totals[1] - r.Score.Scored[1]}
	}
	if c.dealNo != no || int(c.t.nsteps) > len(steps) {
		c.dealNo, c.t = no, NewGameTable(g.opts, dealer, deck, before)
	}
	for _, st := range steps[c.t.nsteps:] {
		c.t.apply(st.Action)
	}
	return &c.t
}

// View returns what seat s may know of the current deal, at any table.
func (g *Game) View(s Seat) TableView { return g.Table().View(s) }

func (g *Game) applyTable(a Action) error {
	if err := g.table.Apply(a); err != nil {
		return err
	}
	g.tableApplied()
	return nil
}

// tableApplied scores the deal and the game when a table's deal ends.
func (g *Game) tableApplied() {
	t := &g.table
	if t.phase != PhaseOver {
		return
	}
	sc := t.score
	ns := sides(int(g.n))
	for s := range ns {
		g.sides[s] += sc.Scored[s]
	}
	g.totals = [2]int{g.sides[0], g.sides[1]}
	g.records = append(g.records, DealRecord{Dealer: t.dealer, Deck: t.deck, Steps: append([]Step(nil), t.Steps()...),
		Totals: g.totals, Ending: t.ending, Schmeisser: t.schmeisser, Table: sc, Sides: g.sides})
	g.inDeal = false
	if w := SideWinner(g.sides[:ns], g.opts.Target); w >= 0 {
		g.over, g.winner = true, Seat(w)
	}
}

// TableScore returns the two-player score as a TableScore (what a
// Table of two would score).
func (sc *Score) TableScore() TableScore { return tableScoreOf(*sc) }

// tableScoreOf is a two-player Score as a TableScore.
func tableScoreOf(sc Score) TableScore {
	t := TableScore{Players: 2, Maker: sc.Maker, Trump: sc.Trump, Outcome: sc.Outcome}
	for s := range 2 {
		t.Tricks[s], t.Cards[s], t.LastTrick[s] = sc.Tricks[s], sc.Cards[s], sc.LastTrick[s]
		t.Seqs[s], t.Bella[s], t.Total[s] = sc.Seqs[s], sc.Bella[s], sc.Total[s]
		t.SideTotal[s], t.Scored[s] = sc.Total[s], sc.Scored[s]
	}
	return t
}
