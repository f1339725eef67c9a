package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The hint at a table of three or four (H): what the hard table bot
// would do at the person's decision. The bot runs in a tea.Cmd on a
// copy of the person's TableView (a value), so it never touches the
// screen; the answer carries the position it was asked at, and one for
// a position the deal has left is dropped.

// tableChooser decides for a view: the hard table bot's ChooseTable.
type tableChooser func(ctx context.Context, v *rules.View) (rules.Action, error)

// tableHintMsg is the hard bot's answer for the position at.
type tableHintMsg struct {
	at     int
	action rules.Action
	err    error
}

// tableHintCmd asks choose for the decision at v within limit.
func tableHintCmd(choose tableChooser, v rules.View, at int, limit time.Duration) tea.Cmd {
	if limit <= 0 {
		limit = 5 * time.Second
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		a, err := choose(ctx, &v)
		return tableHintMsg{at: at, action: a, err: err}
	}
}

// position numbers the place in the game the view stands at: the deal
// and the steps taken in it.
func position(deal int, v *rules.View) int { return deal*1000 + len(v.History()) }

// askHint starts the hint, or closes it when it is open.
func (t *table34) askHint() (kit.Screen, tea.Cmd) {
	v := t.game.View(t.me)
	at := position(t.game.DealNo(), &v)
	if t.hintAt == at && (t.hinting || t.hint != nil) {
		t.hinting, t.hint = false, nil
		return t, nil
	}
	if !t.myTurn() {
		t.SetNote("A hint is for your own decisions: wait for your turn.", false)
		return t, nil
	}
	if t.chooser == nil {
		t.SetNote("No hint: there is no bot to ask.", true)
		return t, nil
	}
	t.hinting, t.hint, t.hintAt = true, nil, at
	return t, tableHintCmd(t.chooser, v, at, 0)
}

// hintText says the hint for the position on the table, if one is open.
func (t *table34) hintText(ctx *kit.Context) (string, bool) {
	v := t.game.View(t.me)
	if t.hintAt != position(t.game.DealNo(), &v) {
		return "", false
	}
	st := &ctx.Styles
	switch {
	case t.hinting:
		return " " + st.Dim.Render("Hint: the hard bot is thinking…"), true
	case t.hint == nil:
		return "", false
	case t.hint.err != nil:
		return " " + st.Error.Render("! No hint: "+t.hint.err.Error()), true
	}
	a := t.hint.action
	say := "say " + t.label(ctx, a)
	if a.Kind == rules.PlayCard {
		say = t.label(ctx, a)
		if !a.Bella {
			say = "play " + ctx.Paint.StyledCard(a.Card)
		}
	}
	return " " + st.Heading.Render("Hint:") + " the hard bot would " + say + st.Dim.Render(" (H closes; enter takes it)"), true
}

// pointAt puts the cursor on the hinted card, or the menu on the hinted
// word, so that enter takes it.
func (t *table34) pointAt(a rules.Action) {
	v := t.game.View(t.me)
	if a.Kind == rules.PlayCard {
		for i, c := range t.hand(&v) {
			if c == a.Card {
				t.Cursor = i
			}
		}
		return
	}
	for i, b := range v.Legal() {
		if b == a {
			t.Menu = i
		}
	}
}

// hintChooser is the hard table bot the hint of a shared table asks,
// seeded from the game.
func (c *PlayConfig) hintChooser(seed uint64) tableChooser {
	return func(ctx context.Context, v *rules.View) (rules.Action, error) {
		newBot := c.NewBot
		if newBot == nil {
			newBot = ai.New
		}
		b, err := newBot(ai.Hard, ai.Config{Seed: seed ^ 0x68696e74})
		if err != nil {
			return rules.Action{}, err
		}
		return b.Choose(ctx, v)
	}
}
