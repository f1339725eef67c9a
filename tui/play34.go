package tui

import (
	"context"
	"fmt"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
)

// A game of three or four in `klob play`: the person at seat A, bots of
// the setup's level at the other seats, named by where they sit around
// the person (West on the left, North opposite with four, East on the
// right). The session deals, draws the chance steps, keeps the forced
// moves and saves; sessionTable presents it to the table screen.

// sessionTable is a table game's session as the table screen reads it.
type sessionTable struct {
	*session.Session
}

var _ tableGame = sessionTable{}

func (s sessionTable) Players() int                         { return s.Game().Players() }
func (s sessionTable) View(seat rules.Seat) rules.TableView { return s.TableView(seat) }
func (s sessionTable) NeedDeal() bool                       { return s.Game().NeedDeal() }
func (s sessionTable) Totals() [4]int                       { return s.Game().SideTotals() }
func (s sessionTable) Winner() int                          { return s.Game().WinnerSide() }

// DealNo is the deal on the table: the finished one while the game
// waits for the next.
func (s sessionTable) DealNo() int {
	g := s.Game()
	if g.NeedDeal() || g.Over() {
		return max(1, len(g.Records()))
	}
	return g.DealNo()
}

func (s sessionTable) Records() []rules.TableScore {
	recs := s.Game().Records()
	out := make([]rules.TableScore, len(recs))
	for i := range recs {
		out[i] = recs[i].Table
	}
	return out
}

// tableBots makes the session's table bots: cfg.NewTableBot, or the
// real ones.
func (c *PlayConfig) tableBots() session.TableFactory {
	if c.NewTableBot != nil {
		return c.NewTableBot
	}
	return session.TableBots
}

// startTable starts a game of three or four from setup.
func (c *PlayConfig) startTable(setup Setup) (screenModel, error) {
	n := setup.Options.NumPlayers()
	players := make([]session.Player, n)
	names := defaultSeatNames(n)
	for i := range players {
		players[i] = session.Player{Name: names[i], Level: setup.Level}
	}
	players[0] = session.Player{Name: c.player(), Human: true}
	s, err := session.New(session.Config{
		Options:     setup.Options,
		Seed:        setup.Seed,
		Players:     players,
		Store:       c.Store,
		NewTableBot: c.tableBots(),
		Start:       c.now(),
		Practice:    setup.Practice,
	})
	if err != nil {
		return nil, err
	}
	t := c.tableScreen(s, setup)
	// The settings changed on the setup screen are kept, as for two.
	if c.Prefs != nil && *c.Prefs != setup.Prefs {
		*c.Prefs = setup.Prefs
		if c.SavePrefs != nil {
			if err := c.SavePrefs(setup.Prefs); err != nil {
				t.setNote("Your settings could not be kept: "+err.Error(), true)
			}
		}
	}
	return t, nil
}

// tableScreen is the table of session s, the person at A.
func (c *PlayConfig) tableScreen(s *session.Session, setup Setup) *table34 {
	h := s.Header()
	seats := [4]tableSeat{}
	for i := range rules.Seat(s.Game().Players()) {
		seats[i].Name = h.PlayerName(i)
		if lv := h.Level(i); lv != gamelog.Human {
			seats[i].Level = lv
		}
	}
	seats[0].Name = "You"
	t := newTable34(sessionTable{s}, rules.SeatA, seats)
	t.timing = c.timing(setup.Prefs)
	if setup.Prefs.Sort == settings.BySuit {
		t.order = bySuit
	}
	t.waitKey = c.Prefs != nil && setup.Prefs.AfterTrick == settings.WaitKey
	t.chooser = gatedChooser(c.Heavy, c.hintChooser(s.Seed()))
	t.gone = c.Timing.Gone
	t.back = func() screenModel {
		next := setup
		next.Seed = nextSeed(setup)
		return newSetupScreen(c, next)
	}
	return t
}

// hintChooser is the hard table bot the hint asks, seeded from the game.
func (c *PlayConfig) hintChooser(seed uint64) tableChooser {
	return func(ctx context.Context, v *rules.TableView) (rules.Action, error) {
		b, err := c.tableBots()(ai.Hard, ai.Config{Seed: seed ^ 0x68696e74})
		if err != nil {
			return rules.Action{}, err
		}
		return b.ChooseTable(ctx, v)
	}
}

// resumeTable continues a saved game of three or four.
func (c *PlayConfig) resumeTable(l *gamelog.Log) (screenModel, error) {
	s, err := session.Resume(l, session.Config{Seed: c.Setup.Seed, Store: c.Store, NewTableBot: c.tableBots()})
	if err != nil {
		return nil, err
	}
	p := s.Players()
	h := s.Header()
	setup := Setup{Options: s.Game().Options(), Seed: s.Seed(), Level: ai.Normal, Practice: h.Practice()}
	if c.Prefs != nil {
		setup.Prefs = *c.Prefs
	}
	for _, pl := range p {
		if !pl.Human {
			setup.Level = pl.Level
		}
	}
	return c.tableScreen(s, setup), nil
}

// summarizeTable describes a saved game of three or four for the offer
// to resume it.
func summarizeTable(l *gamelog.Log) []string {
	var out []string
	if t, ok := l.Header.Start(nil); ok {
		out = append(out, "Started "+t.Format("Monday 2 January 2006, 15:04"))
	}
	n := l.Header.Seats()
	var others []string
	for s := rules.Seat(1); int(s) < n; s++ {
		others = append(others, l.Header.PlayerName(s)+" ("+l.Header.Level(s)+")")
	}
	with := "With "
	if n == 4 {
		with = "With your partner "
		others[1], others[0] = others[0], others[1]
		others[1] = "against " + others[1]
	}
	out = append(out, fmt.Sprintf("%s%s, game to %d", with, strings.Join(others, ", "), l.Header.Options.Target))
	g, err := l.Game()
	if err != nil {
		return append(out, "It does not replay: "+err.Error())
	}
	tot := g.SideTotals()
	var score []string
	me, _ := personSeat(&l.Header)
	for side := range g.Sides() {
		name := l.Header.PlayerName(rules.Seat(side))
		switch {
		case n == 4 && side == int(me)%2:
			name = "your team"
		case n == 4:
			name = "theirs"
		case side == int(me):
			name = "you"
		}
		score = append(score, fmt.Sprintf("%s %d", name, tot[side]))
	}
	out = append(out, fmt.Sprintf("%s played: %s", plural(len(g.Records()), "deal"), strings.Join(score, ", ")))
	if !g.NeedDeal() && !g.Over() {
		out = append(out, fmt.Sprintf("Deal %d in progress (%s)", g.DealNo(), g.Table().Phase()))
	}
	return out
}
