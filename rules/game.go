package rules

import "fmt"

// DealRecord is a finished deal: who dealt, from which deck, every
// action, how it ended and its score.
type DealRecord struct {
	Dealer Seat
	Deck   Deck
	Steps  []Step
	Ending Ending
	// Schmeisser is who said schmeiss (accepted or refused), NoSeat if
	// nobody did.
	Schmeisser Seat
	Score      Score
	// Totals are the game totals by side after the deal.
	Totals [4]int
}

// Game plays deals to the target (docs/rules.md sections 9, 12 and 13) for two,
// three or four players (Options.Players). It does not shuffle: the
// caller gives each deal's deck, and draws every chance step (Turn
// returns ChanceSeat; the caller picks one of Legal uniformly with its
// own random source), so randomness stays outside.
//
// The deal passes to the left every deal, abandoned deals included.
// Sides are the players, or with four the teams A and C (side 0) and B
// and D (side 1); Totals and Winner are by side.
type Game struct {
	opts        Options
	firstDealer Seat
	n           uint8
	deal        Deal
	inDeal      bool
	totals      [4]int
	records     []DealRecord
	over        bool
	winner      int // the winning side, -1 while the game goes on
}

// NewGame starts a game with the given options, for opts.NumPlayers()
// players; firstDealer won the cut.
func NewGame(opts Options, firstDealer Seat) *Game {
	n := uint8(opts.NumPlayers())
	return &Game{opts: opts, firstDealer: firstDealer % Seat(n), n: n, winner: -1}
}

// Options returns the game's rule options.
func (g *Game) Options() Options { return g.opts }

// FirstDealer returns the seat that dealt the first deal.
func (g *Game) FirstDealer() Seat { return g.firstDealer }

// Players returns the number of players, 2 to 4.
func (g *Game) Players() int { return int(g.n) }

// Sides returns the number of sides: the players, or two teams with
// four.
func (g *Game) Sides() int { return sides(int(g.n)) }

// SideOf returns the side seat s plays for (Deal.SideOf).
func (g *Game) SideOf(s Seat) int { return sideOf(g.n, s) }

// Totals returns the running game totals by side (Sides of them).
func (g *Game) Totals() [4]int { return g.totals }

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

// Result returns finished deal i's record (from 0, below DealNo()-1)
// without its steps: what a score sheet reads, redrawn at every move,
// with no copy of the cards played.
func (g *Game) Result(i int) DealRecord {
	r := g.records[i]
	r.Steps = nil
	return r
}

// Over reports whether the game has a winner.
func (g *Game) Over() bool { return g.over }

// Winner returns the side that won the game, -1 while it goes on.
func (g *Game) Winner() int { return g.winner }

// NeedDeal reports whether the next deal is waiting for its deck.
func (g *Game) NeedDeal() bool { return !g.over && !g.inDeal }

// Dealer returns who deals the current deal, or the next one while the
// game waits for a deck.
func (g *Game) Dealer() Seat {
	return Seat((int(g.firstDealer) + len(g.records)) % int(g.n))
}

// DealNo returns the number of the current deal (1-based), or of the
// next one while the game waits for a deck.
func (g *Game) DealNo() int { return len(g.records) + 1 }

// Deal returns the current deal, to read (the deal waiting for its deck
// reads as the last one played; before the first deal it is the zero
// Deal, with no players: ask NeedDeal and DealNo first). Every change
// goes through the game's Apply, which keeps the totals and the records;
// take a Copy to play on.
func (g *Game) Deal() *Deal { return &g.deal }

// View returns what seat s may know of the current deal.
func (g *Game) View(s Seat) View { return g.deal.View(s) }

// SideName names side i of a table of players: the seat's letter, or
// with four players the team's two letters, "AC" or "BD".
func SideName(players, i int) string {
	name := ""
	for _, s := range SeatsOfSide(players, i) {
		name += s.String()
	}
	return name
}

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
	g.deal = NewGameDeal(g.opts, g.Dealer(), deck, g.totals)
	g.inDeal = true
	return nil
}

// Turn returns the seat to move in the current deal: ChanceSeat for a
// chance step, NoSeat while the game waits for a deck or is over.
func (g *Game) Turn() Seat {
	if g.over || !g.inDeal {
		return NoSeat
	}
	return g.deal.Turn()
}

// Legal returns the actions the seat to move may take (nothing while
// no one is to move).
func (g *Game) Legal() []Action {
	if g.over || !g.inDeal {
		return nil
	}
	return g.deal.Legal()
}

// Apply takes action a for the seat to move in the current deal, and
// scores the deal and the game when it ends.
func (g *Game) Apply(a Action) error {
	if err := g.ready(); err != nil {
		return err
	}
	if err := g.deal.Apply(a); err != nil {
		return err
	}
	g.applied()
	return nil
}

// ApplyAs is Apply for seat s: the checked way to take an action that
// names its seat (a recorded or a received one). When s is not the seat
// to move it returns an *IllegalError wrapping ErrNotYourTurn whose Turn
// is the seat to move, and changes nothing.
func (g *Game) ApplyAs(s Seat, a Action) error {
	if err := g.ready(); err != nil {
		return err
	}
	if err := g.deal.ApplyAs(s, a); err != nil {
		return err
	}
	g.applied()
	return nil
}

func (g *Game) ready() error {
	if g.over {
		return ErrGameOver
	}
	if !g.inDeal {
		return ErrNoDeal
	}
	return nil
}

// applied records the deal and decides the game when the deal has ended.
func (g *Game) applied() {
	d := &g.deal
	if d.phase != PhaseOver {
		return
	}
	sc := d.score
	ns := sides(int(g.n))
	for s := range ns {
		g.totals[s] += sc.Scored[s]
	}
	g.records = append(g.records, DealRecord{Dealer: d.dealer, Deck: d.deck, Steps: append([]Step(nil), d.Steps()...),
		Ending: d.ending, Schmeisser: d.schmeisser, Score: sc, Totals: g.totals})
	g.inDeal = false
	if w := SideWinner(g.totals[:ns], g.opts.Target); w >= 0 {
		g.over, g.winner = true, w
	}
}
