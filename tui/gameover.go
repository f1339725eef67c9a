package tui

import (
	"fmt"
	"path/filepath"

	tea "charm.land/bubbletea/v2"
)

// gameOver shows who won, the score pad of the whole game and where the
// game log was filed.
type gameOver struct {
	t   *table
	err string // why the replay did not open
}

func newGameOver(t *table) *gameOver { return &gameOver{t: t} }

func (s *gameOver) Name() string { return "gameover" }

// Update: r replays the game just played, a replays it with every
// decision graded, n starts a new game from the same setup, enter
// quits. esc in the replay comes back here.
func (s *gameOver) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	m := s.t.m
	if m.absorb(msg) {
		return s, nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "r", "a":
			r, err := m.Log().Replay()
			if err != nil {
				s.err = "the game cannot be replayed: " + err.Error()
				return s, nil
			}
			name := "this game"
			if _, path, _ := m.Archived(); path != "" {
				name = filepath.Base(path)
			}
			return newReplayScreen(r, name, ReplayConfig{ASCII: ctx.ASCII, Analyse: k.String() == "a"}, s), nil
		}
		switch {
		case isKey(k, ctx.Keys.New):
			if s.t.cfg != nil {
				setup := m.setup
				setup.Seed = nextSeed(setup)
				return newSetupScreen(s.t.cfg, setup), nil
			}
		case isKey(k, ctx.Keys.Choose):
			return s, quitNow
		}
	}
	return s, nil
}

// View draws the end of the game.
func (s *gameOver) View(ctx *screenCtx) string {
	m := s.t.m
	g := m.game
	st := &ctx.Styles
	p := ctx.paint
	w := ctx.Width
	tot := g.Totals()
	var head string
	switch g.Winner() {
	case humanSeat:
		head = st.Good.Render(fmt.Sprintf("You win, %d to %d!", tot[humanSeat], tot[botSeat]))
	case botSeat:
		head = st.Bad.Render(fmt.Sprintf("The bot wins, %d to %d.", tot[botSeat], tot[humanSeat]))
	default:
		head = "The game is not over."
	}
	lines := []string{
		fmt.Sprintf(" %s  Game over", st.Title.Render("Klob")),
		st.Rule.Render(repeat(p.g.hrule, w)),
		"",
		" " + head,
		fmt.Sprintf(" %s played against the %s bot, game to %d.", plural(len(g.Records()), "deal"), m.setup.Level, g.Options().Target),
		// Shown only now: the seed deals every card of the game.
		fmt.Sprintf(" Seed %d: klob -seed %d deals this game again, as practice.", m.setup.Seed, m.setup.Seed),
		"",
	}
	padH := max(4, ctx.Height-14)
	for _, l := range scorePad(ctx, s.t.m.pad(), s.t.m.me, "Bot", min(60, w-2), padH) {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "")
	switch archived, path, err := m.Archived(); {
	case !archived:
		lines = append(lines, " Saving the game log…")
	case err != nil:
		lines = append(lines, " "+st.Error.Render("! The game log could not be saved: "+err.Error()))
	default:
		lines = append(lines, " The game log is saved at:")
		lines = append(lines, "   "+path)
	}
	lines = append(lines, "", " "+st.Key.Render("[r]")+" replay this game   "+st.Key.Render("[a]")+" analyse it   "+
		st.Key.Render(keyTag(ctx.Keys.New))+" new game   "+st.Key.Render(keyTag(ctx.Keys.Choose))+" quit")
	if s.err != "" {
		lines = append(lines, "", " "+st.Error.Render("! "+s.err))
	}
	return joinLines(lines)
}
