package tui

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// toggleOrder sorts the hand the other way and keeps the choice in the
// settings, when the game has them.
func (t *table) toggleOrder() (kit.Screen, tea.Cmd) {
	v := t.d.view()
	var sel rules.Card = rules.NoCard
	if hand := t.hand(&v); t.Cursor >= 0 && t.Cursor < len(hand) {
		sel = hand[t.Cursor]
	}
	t.order ^= 1
	p := &settings.Settings{}
	if t.m != nil {
		p = &t.m.setup.Prefs
	}
	p.Sort = settings.ByStrength
	word := "trick strength"
	if t.order == kit.BySuit {
		p.Sort, word = settings.BySuit, "suit, in sequence order"
	}
	// The cursor stays on the card it was on.
	for i, c := range t.hand(&v) {
		if c == sel {
			t.Cursor = i
		}
	}
	t.SetNote("The hand is sorted by "+word+".", false)
	if c := t.cfg; c != nil && c.Prefs != nil && t.m != nil {
		*c.Prefs = *p
		if c.SavePrefs != nil {
			if err := c.SavePrefs(*p); err != nil {
				t.SetNote("The hand's order could not be kept: "+err.Error(), true)
			}
		}
	}
	return t, nil
}

// undo takes back the person's last decision. A bot's answer still
// being worked out is dropped (the session's Gen moves on).
func (t *table) undo() (kit.Screen, tea.Cmd) {
	w, err := t.m.Undo(t.m.me)
	if errors.Is(err, session.ErrNothingToUndo) {
		t.SetNote("Nothing to take back: "+err.Error()+".", false)
		return t, nil
	}
	if err != nil {
		t.SetNote(err.Error(), true)
		return t, nil
	}
	// The session rebuilt its game: read the new one from now on.
	t.m.game = t.m.Game()
	t.thinking, t.slow, t.waitKey = false, false, false
	t.queued = nil
	t.hinting, t.hint = false, nil
	t.SetNote("Taken back: decide again. (The game log notes that takebacks were used.)", false)
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}

// claimCheckedMsg is the answer of a claim's check.
type claimCheckedMsg struct {
	c  session.ClaimCheck
	vd claim.Verdict
}

// claim claims every remaining trick. The exact check runs off the UI
// goroutine; its answer (claimChecked) refuses the claim with the
// reason, or plays the cards out for the person.
func (t *table) claim(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	v := t.m.view()
	if v.Phase != rules.PhasePlay {
		t.SetNote("A claim is made in the card play.", false)
		return t, nil
	}
	c, err := t.m.CheckClaim(t.m.me)
	if err != nil {
		t.SetNote(err.Error(), true)
		return t, nil
	}
	t.SetNote("Checking the claim against every hand the bot may hold…", false)
	return t, func() tea.Msg { return claimCheckedMsg{c, c.Run()} }
}

// claimChecked takes the check's answer.
func (t *table) claimChecked(ctx *kit.Context, msg claimCheckedMsg) (kit.Screen, tea.Cmd) {
	w, err := t.m.ClaimChecked(msg.c, msg.vd)
	switch {
	case errors.Is(err, session.ErrStale):
		return t, nil // the game moved on (a takeback) while it checked
	case err != nil:
		t.SetNote(err.Error(), true)
		return t, nil
	case !msg.vd.OK:
		t.SetNote("Claim refused: "+msg.vd.Reason(ctx.ASCII)+".", true)
		return t, nil
	}
	t.SetNote("Claim accepted: your cards take every remaining trick whatever the bot holds; they are played for you.", false)
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}

// keepable reports whether a key pressed while the bot thinks is one to
// keep for the person's turn: a card, a choice, a move of the cursor.
func (t *table) keepable(ctx *kit.Context, msg tea.KeyPressMsg) bool {
	k := &ctx.Keys
	switch {
	case kit.IsKey(msg, k.Left), kit.IsKey(msg, k.Right), kit.IsKey(msg, k.Choose), kit.IsKey(msg, k.Nth), kit.IsKey(msg, k.Bella):
		return true
	}
	return kit.IsMenuLetter(msg.String())
}

// queuedText lists the keys kept: "2 enter".
func (t *table) queuedText() string {
	var parts []string
	for _, k := range t.queued {
		parts = append(parts, k.String())
	}
	return strings.Join(parts, " ")
}

// clearRefusal drops a refusal once the selection moves: it was about
// the card selected before.
func (t *table) ClearRefusal() {
	if t.noteErr {
		t.SetNote("", false)
	}
}
