package tui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The setup of a game of three or four: the setup screen's "Players" row
// picks the count, and its start line hands over to variantsScreen, the
// house variants of RULES.md section 11 with a line on what each does.

// playersRow is the setup screen's row for the number of players.
var playersRow = setupRow{
	label: "Players",
	value: func(s *Setup) string {
		switch s.Options.NumPlayers() {
		case 3:
			return "3: you and two bots, each for itself"
		case 4:
			return "4: you and a bot partner against two bots"
		}
		return "2: you against a bot"
	},
	step: func(s *Setup, d int) {
		s.Options.Players = cycle([]int{2, 3, 4}, s.Options.NumPlayers(), d)
	},
	explain: func(s *Setup) string {
		switch s.Options.NumPlayers() {
		case 3:
			return "each for itself; the maker must score more than each of the others; the house variants come next"
		case 4:
			return "two teams of partners sitting opposite; the house variants come next"
		}
		return "the classic game of two"
	},
}

// variantRow is one house variant: its label, whether it applies to a
// table of players, its value, how left/right change it, and what it
// means.
type variantRow struct {
	label   string
	applies func(o *rules.Options) bool
	on      func(o *rules.Options) *bool
	explain string
}

// variantRows are the house variants in the order of RULES.md section 11.
var variantRows = []variantRow{
	{"Three or four of a kind", func(*rules.Options) bool { return true },
		func(o *rules.Options) *bool { return &o.OfAKind },
		"three cards of one rank score 20, four score 50, ranked like sequences"},
	{"Menage", func(*rules.Options) bool { return true },
		func(o *rules.Options) *bool { return &o.Menage },
		"K, Q and J of trump together score 50, in place of bella and their 20"},
	{"Dealer forced", func(*rules.Options) bool { return true },
		func(o *rules.Options) *bool { return &o.DealerForced },
		"when all the others pass in round two, the dealer must name trump"},
	{"Bimah", func(o *rules.Options) bool { return o.DealerForced },
		func(o *rules.Options) *bool { return &o.Bimah },
		"a forced dealer who makes the contract scores 40 more"},
	{"Shlomo", func(o *rules.Options) bool { return o.NumPlayers() >= 3 },
		func(o *rules.Options) *bool { return &o.Shlomo },
		"K and both Qs of the other colour: 20; take a card from the left, give one"},
	{"Cleopatra", func(o *rules.Options) bool { return o.NumPlayers() == 4 },
		func(o *rules.Options) *bool { return &o.Cleopatra },
		"Q and both Js of the other colour: 20, then partners swap a card face down"},
}

// applyingVariants are the variants that apply to a table of o's players.
func applyingVariants(o *rules.Options) []variantRow {
	var out []variantRow
	for _, r := range variantRows {
		if r.applies(o) {
			out = append(out, r)
		}
	}
	return out
}

// toggleVariant switches a variant; bimah goes with dealer_forced.
func toggleVariant(o *rules.Options, r variantRow) {
	p := r.on(o)
	*p = !*p
	if !o.DealerForced {
		o.Bimah = false
	}
}

// dropInapplicable turns off the variants that do not apply to o's
// number of players (after the count changed).
func dropInapplicable(o *rules.Options) {
	for _, r := range variantRows {
		if !r.applies(o) {
			*r.on(o) = false
		}
	}
}

// variantsOn names the variants on, in the order of RULES.md section 11.
func variantsOn(o rules.Options) []string {
	var out []string
	for _, r := range applyingVariants(&o) {
		if *r.on(&o) {
			out = append(out, r.label)
		}
	}
	return out
}

// variantsFirstRow is the screen line of the first variant.
const variantsFirstRow = 3

// variantsScreen offers the house variants of a game of three or four.
type variantsScreen struct{ setupForm }

func newVariantsScreen(cfg *PlayConfig, s Setup) *variantsScreen {
	return &variantsScreen{setupForm{cfg: cfg, setup: s}}
}

func (s *variantsScreen) Name() string { return "variants" }

// rows are the variants that apply to this table.
func (s *variantsScreen) rows() []variantRow { return applyingVariants(&s.setup.Options) }

// Update: up/down choose a line, left/right (or a click) switch it,
// enter starts (from any line, as on the setup screen), esc goes back to
// the setup.
func (s *variantsScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	rows := s.rows()
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case s.upDown(k, msg, len(rows)):
		case kit.IsKey(msg, k.Left), kit.IsKey(msg, k.Right):
			if s.row < len(rows) {
				s.toggle(rows[s.row])
			}
		case kit.IsKey(msg, k.Back):
			return newSetupScreen(s.cfg, s.setup), nil
		case kit.IsKey(msg, k.Choose):
			// As on the setup screen, enter starts from any line.
			return s.start()
		}
	case tea.MouseClickMsg:
		// Each variant takes two lines: its value and what it means.
		y := msg.Y - variantsFirstRow
		switch row := y / 2; {
		case y >= 0 && row < len(rows):
			s.row = row
			s.toggle(rows[row])
		case y == 2*len(rows)+1:
			return s.start()
		}
	}
	s.row = min(s.row, len(s.rows()))
	return s, nil
}

// toggle switches a variant; bimah goes with dealer_forced.
func (s *variantsScreen) toggle(r variantRow) {
	toggleVariant(&s.setup.Options, r)
	s.err = ""
}

// start makes the table's game.
func (s *variantsScreen) start() (kit.Screen, tea.Cmd) {
	next, err := s.cfg.startTable(s.setup)
	if err != nil {
		s.err = err.Error()
		return s, nil
	}
	return next, nil
}

func (s *variantsScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Spelled("choose a line", k.Up, k.Down), kit.Spelled("switch it", k.Left, k.Right),
		kit.Brief("start", k.Choose), kit.Brief("back", k.Back)}
	// The help of the table to come.
	return kit.KeyHelp{Short: append(short, kit.AppKeys(k)...), Full: kit.PlayHelp(k, s.setup.Options)}
}

// View draws the variants, the chosen one explained under the list.
func (s *variantsScreen) View(ctx *kit.Context) string {
	st := &ctx.Styles
	n := s.setup.Options.NumPlayers()
	title := "Klaberjass for " + countWord(n) + ": house variants"
	lines := append(kit.Titled(ctx, title), " "+st.Heading.Render("House variants (see klob rules), all off by default"))
	rows := s.rows()
	for i, r := range rows {
		lines = append(lines, formLine(ctx, r.label, onOffText(*r.on(&s.setup.Options)), i == s.row),
			kit.Clip("     "+st.Dim.Render(r.explain), ctx.Width))
	}
	lines = append(lines, "", formMark(ctx, startLine, s.row == len(rows)))
	who := "You play with two bots, each for itself; the maker must score more than each of the others."
	if n == 4 {
		who = "You and the bot opposite play against the two bots beside you; partners' points count together."
	}
	for _, l := range kit.Wrap(who, ctx.Width-3) {
		lines = append(lines, "   "+l)
	}
	// The seed stays hidden until the game is over (it would deal the
	// game again elsewhere).
	lines = append(lines, fmt.Sprintf("   Bots: %s · game to %d", s.setup.Level, s.setup.Options.Target))
	if s.err != "" {
		lines = append(lines, "", " "+st.Error.Render("! "+s.err))
	}
	lines = append(lines, " "+st.Dim.Render(kit.HintLine(s.KeyHelp(&ctx.Keys).ShortHelp())))
	return kit.JoinLines(lines)
}

// countWord writes a number of players as a word.
func countWord(n int) string {
	switch n {
	case 3:
		return "three"
	case 4:
		return "four"
	}
	return "two"
}
