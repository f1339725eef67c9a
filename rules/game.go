package rules

import "fmt"

// DealRecord is a finished deal: who dealt, from which deck, every
// action, and the score.
type DealRecord struct {
	Dealer Seat
	Deck   Deck
	Steps  []Step
	Score  Score
	Totals [2]int // game totals after the deal
	// Ending is how the deal ended; Schmeisser is who said schmeiss
	// (accepted or refused), NoSeat if nobody did.
	Ending     Ending
	Schmeisser Seat
	// Table is the breakdown by seat and side, and Sides the game totals
	// by side after the deal, at a table of any size (with two players
	// they say what Score and Totals say).
	Table TableScore
	Sides [4]int
}

// Game plays deals to the target (RULES.md sections 9 and 10) for two,
// three or four players (Options.Players). It does not shuffle: the
// caller gives each deal's deck, and draws every chance step, so
// randomness stays outside. With two players the deal is a Deal, the
// fast path; with three or four a Table (game_table.go: the API for
// every seat count).
type Game struct {
	opts        Options
	firstDealer Seat
	n           uint8
	deal        Deal
	table       Table // the deal with three or four players
	inDeal      bool
	totals      [2]int
	sides       [4]int
	records     []DealRecord
	over        bool
	winner      Seat

	cache tableCache // the two-player deal as a Table, for Game.Table
}

// NewGame starts a game with the given options, for opts.NumPlayers()
// players; firstDealer won the cut.
func NewGame(opts Options, firstDealer Seat) *Game {
	n := uint8(opts.NumPlayers())
	return &Game{opts: opts, firstDealer: firstDealer % Seat(n), n: n, winner: NoSeat}
}

// Options returns the game's rule options.
func (g *Game) Options() Options { return g.opts }

// FirstDealer returns the seat that dealt the first deal.
func (g *Game) FirstDealer() Seat { return g.firstDealer }

// Totals returns the running game totals of a two-player game (the
// first two sides otherwise: SideTotals is for every seat count).
func (g *Game) Totals() [2]int { return g.totals }

// Records returns the finished deals. The slice and each record's steps
// are copies: changing them does not change the game.
func (g *Game) Records() []DealRecord {
	out := make([]DealRecord, len(g.records))
	for i, r := range g.records {
		r.Steps = append([]Step(nil), r.Steps...)
		out[i] = r
	}
	return out
}

// Over reports whether the game has a winner.
func (g *Game) Over() bool { return g.over }

// Winner returns the winner, NoSeat while the game goes on. With four
// players it is the winning side as a seat number: SeatA for the team
// A and C, SeatB for B and D (see WinnerSide).
func (g *Game) Winner() Seat { return g.winner }

// NeedDeal reports whether the next deal is waiting for its deck.
func (g *Game) NeedDeal() bool { return !g.over && !g.inDeal }

// Dealer returns who deals the current deal, or the next one while the
// game waits for a deck: the deal passes to the left every deal
// (NextDealer; with two it alternates), abandoned deals included.
func (g *Game) Dealer() Seat {
	return Seat((int(g.firstDealer) + len(g.records)) % int(g.n))
}

// DealNo returns the number of the current deal (1-based), or of the
// next one while the game waits for a deck.
func (g *Game) DealNo() int { return len(g.records) + 1 }

// Deal returns the current deal of a two-player game, to read: every
// change goes through the game's Apply, which keeps the totals and the
// records. Take a copy with Copy to play on. With three or four players
// read Table instead (Deal then returns an empty deal).
func (g *Game) Deal() DealReader { return &g.deal }

// DealReader reads a deal without changing it: what Game.Deal returns.
// *Deal implements it.
type DealReader interface {
	Options() Options
	Deck() Deck
	Dealer() Seat
	NonDealer() Seat
	Phase() Phase
	Turn() Seat
	Hand(s Seat) CardSet
	Upcard() Card
	OrigUpcard() Card
	Bottom() Card
	Trump() Suit
	Maker() Seat
	Schmeisser() Seat
	SchmeissRefused() bool
	DixBy() Seat
	SeqWinner() Seat
	BellaBy() Seat
	BestSequence(s Seat) Sequence
	ShownSequences() ([]Sequence, Seat)
	Play() Play
	Trick() (lead Card, leader Seat)
	LastTrick() ([2]Card, Seat, bool)
	LastTrickWinner() Seat
	Over() bool
	Ending() Ending
	Score() Score
	Totals() [2]int
	Steps() []Step
	Legal() []Action
	AppendLegal(dst []Action) []Action
	IsLegal(a Action) bool
	View(s Seat) View
	// Copy returns the deal as a value the caller owns.
	Copy() Deal
}

// Copy returns a copy of the deal (a Deal is a value: assigning copies).
func (d *Deal) Copy() Deal { return *d }

// ErrGameOver is returned when a game that has ended is asked to go on.
var ErrGameOver = fmt.Errorf("the game is over")

// ErrNoDeal is returned by Apply while the game waits for a deck.
var ErrNoDeal = fmt.Errorf("no deal in progress: start the next deal")

// StartDeal deals the next deal from deck.
func (g *Game) StartDeal(deck Deck) error {
	if g.over {
		return ErrGameOver
	}
	if g.inDeal {
		return fmt.Errorf("deal %d is still in progress", g.DealNo())
	}
	dealer := g.Dealer()
	if g.n != 2 {
		g.table = NewGameTable(g.opts, dealer, deck, g.sides)
	} else {
		g.deal = NewGameDeal(g.opts, dealer, deck, g.totals)
	}
	g.inDeal = true
	return nil
}

// Apply takes action a for the seat to move in the current deal, and
// scores the deal and the game when it ends.
func (g *Game) Apply(a Action) error {
	if g.over {
		return ErrGameOver
	}
	if !g.inDeal {
		return ErrNoDeal
	}
	if g.n != 2 {
		return g.applyTable(a)
	}
	d := &g.deal
	if err := d.Apply(a); err != nil {
		return err
	}
	if d.phase == PhaseOver {
		g.finishDeal()
	}
	return nil
}

// ApplyAs is Apply for seat s: the checked way to take an action that
// names its seat (a recorded or a received one). When s is not the seat
// to move it returns an *IllegalError wrapping ErrNotYourTurn whose Turn
// is the seat to move, and changes nothing.
func (g *Game) ApplyAs(s Seat, a Action) error {
	if !g.over && g.inDeal && g.n != 2 {
		if err := g.table.ApplyAs(s, a); err != nil {
			return err
		}
		g.tableApplied()
		return nil
	}
	if !g.over && g.inDeal {
		if t := g.deal.Turn(); t != s && t != NoSeat {
			return g.deal.illegal(s, a).fail(ErrNotYourTurn, "it is not your turn")
		}
	}
	return g.Apply(a)
}

func (g *Game) finishDeal() {
	d := &g.deal
	sc := d.score
	for s := range 2 {
		g.totals[s] += sc.Scored[s]
		g.sides[s] = g.totals[s]
	}
	steps := append([]Step(nil), d.Steps()...)
	g.records = append(g.records, DealRecord{Dealer: d.dealer, Deck: d.deck, Steps: steps, Score: sc, Totals: g.totals,
		Ending: d.ending, Schmeisser: d.schmeisser, Table: tableScoreOf(sc), Sides: g.sides})
	g.inDeal = false
	if w := GameWinner(g.totals, g.opts.Target); w != NoSeat {
		g.over, g.winner = true, w
	}
}

// GameWinner applies RULES.md section 9 to totals at the end of a deal:
// the one player at or over target wins; if both are, the higher wins;
// if they are equal, nobody yet (play continues).
func GameWinner(totals [2]int, target int) Seat {
	if w := SideWinner(totals[:], target); w >= 0 {
		return Seat(w)
	}
	return NoSeat
}
