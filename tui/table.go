package tui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// table is the play screen: the deal in progress. Every decision of the
// person's seat is taken here, from the legal actions of its View; the
// bot's come back as messages.
type table struct {
	// d is the seat at the shared table the screen shows.
	d duel
	// gate bounds the hint's evaluation on a server (nil: unbounded);
	// shared is set at a shared table (lobby_duel.go).
	gate   *Gate
	shared sharedWords

	kit.Choice              // the hand's cursor, the menu's choice, the bella question
	showLast   bool         // the list of this deal's tricks is open (v)
	order      kit.HandSort // how the hand is sorted (o toggles it)

	note    string // what just happened, or why a move was refused
	noteErr bool

	spin spinner.Model

	// The hint (H): asked at hintGen; hint holds the answer for that
	// position. A hint for a position the game has left is not shown.
	hinting bool
	hintGen int
	hint    *hintMsg
}

// hintOpen reports whether a hint (or its spinner) belongs on screen:
// it was asked for the position on the table now.
func (t *table) hintOpen() bool {
	return (t.hinting || t.hint != nil) && t.hintGen == t.d.Gen()
}

// hand is the person's hand as shown: sorted by the order chosen.
func (t *table) hand(v *rules.View) []rules.Card {
	return kit.ViewHand(v, t.order)
}

func (t *table) Name() string { return "table" }

// next moves the game on after an action: through the person's forced
// moves (the session takes them), then to the result screen when the
// deal is over, to the bot when it is its turn, or to the person's
// choice.
func (t *table) next() (kit.Screen, tea.Cmd) {
	// The hall moves on and says so in an update.
	if v := t.d.view(); t.d.myTurn() {
		t.prepareTurn(&v)
	}
	return t, nil
}

// prepareTurn resets the choices for a new decision of the person.
func (t *table) prepareTurn(v *rules.View) {
	t.Menu = 0
	t.Bella = rules.NoCard
	if v.Phase == rules.PhasePlay {
		hand := t.hand(v)
		legal := kit.LegalCards(v)
		t.Cursor = 0
		for i, c := range hand {
			if legal.Has(c) {
				t.Cursor = i
				break
			}
		}
	}
}

func (t *table) SetNote(s string, isErr bool) { t.note, t.noteErr = s, isErr }

// Update takes one message.
func (t *table) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case hintMsg:
		if t.hinting && msg.Gen == t.hintGen {
			t.hinting, t.hint = false, &msg
		}
		return t, nil
	case spinner.TickMsg:
		if t.hinting && t.hintOpen() {
			var cmd tea.Cmd
			t.spin, cmd = t.spin.Update(msg)
			return t, cmd
		}
	case tea.KeyPressMsg:
		return t.key(ctx, msg)
	case tea.MouseClickMsg:
		return t.click(ctx, msg)
	}
	return t, nil
}

// describe says in one line what seat did: "Bot played A♠: Bot won the
// trick", "Bot: schmeiss".
func describe(ctx *kit.Context, m duel, before *rules.View, seat rules.Seat, a rules.Action) string {
	who := m.name(seat)
	g := &ctx.Paint.Glyphs
	switch a.Kind {
	case rules.Exchange:
		return who + " exchanged the dix: took " + g.CardText(before.OrigUpcard) + ", left the 7"
	case rules.PlayCard:
	default:
		return who + ": " + kit.Spoken(g, before, a)
	}
	s := fmt.Sprintf("%s played %s", who, g.CardText(a.Card))
	if a.Bella {
		s += " and said bella"
	}
	if before.Lead() != rules.NoCard {
		s += ": " + m.name(before.WinnerIf(a.Card)) + " won the trick"
	}
	return s
}

// myTurn reports whether the person is to act.
func (t *table) myTurn() bool { return t.d.myTurn() }

// take applies the person's action, or explains why it is refused.
func (t *table) Take(ctx *kit.Context, a rules.Action) (kit.Screen, tea.Cmd) {
	before := t.d.view()
	if _, err := t.d.Apply(t.d.seat(), a); err != nil {
		t.SetNote(kit.RefusalText(&ctx.Paint.Glyphs, &before, a, err), true)
		return t, nil
	}
	t.SetNote(describe(ctx, t.d, &before, t.d.seat(), a), false)
	t.showLast = false
	return t.next()
}

// bellaItems are the two ways to play the card of the bella question;
// nil when none is open, as the shared keys (kit.Choice) read it.
func (t *table) bellaItems() []rules.Action {
	if t.Bella == rules.NoCard {
		return nil
	}
	return []rules.Action{rules.PlayBellaAction(t.Bella), rules.PlayAction(t.Bella)}
}

// KeyHelp is the table's keys as help: the short help (the status
// line) lists the keys that work now; the full help is the play screens'.
func (t *table) KeyHelp(k *kit.KeyMap) help.KeyMap {
	v := t.d.view()
	// A shared table: no takebacks, no claims.
	h := kit.KeyHelp{Full: kit.PlayHelp(k, v.Options, k.Undo, k.Claim)}
	switch {
	case !t.myTurn():
		h.Short = []key.Binding{kit.Brief("tricks", k.LastTrick), kit.Brief("undo", k.Undo)}
	case t.Bella != rules.NoCard:
		h.Short = []key.Binding{kit.Brief("bella", k.Bella), kit.Brief("no bella", k.NoBella), kit.Brief("another card", k.Back)}
	case v.Phase == rules.PhasePlay:
		h.Short = []key.Binding{kit.Brief("", k.Left, k.Right), kit.Brief("play", k.Choose), kit.Brief("card", k.Nth),
			kit.Brief("bella", k.Bella), kit.Brief("tricks", k.LastTrick), kit.Brief("sort", k.SortHand), kit.Brief("undo", k.Undo),
			kit.Brief("claim", k.Claim), kit.Brief("hint", k.Hint)}
	default:
		var letters []string
		for _, a := range v.Legal() {
			letters = append(letters, kit.ActionKey(a))
		}
		h.Short = []key.Binding{kit.Brief("", k.Left, k.Right), kit.Brief("confirm", k.Choose),
			key.NewBinding(key.WithKeys(letters...), key.WithHelp("key", "in [ ]")),
			kit.Brief("tricks", k.LastTrick), kit.Brief("sort", k.SortHand), kit.Brief("undo", k.Undo), kit.Brief("hint", k.Hint)}
	}
	{
		// A shared table: no takebacks, no claims.
		short := h.Short[:0:0]
		for _, b := range h.Short {
			if d := b.Help().Desc; d != "undo" && d != "claim" {
				short = append(short, b)
			}
		}
		h.Short = short
	}
	h.Short = append(h.Short, kit.Brief("help", k.Help), kit.Brief("quit", k.Quit))
	return h
}

// key takes one key press.
func (t *table) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	switch {
	case kit.IsKey(msg, k.LastTrick):
		t.showLast = !t.showLast
		return t, nil
	case t.showLast && kit.IsKey(msg, k.Back):
		t.showLast = false
		return t, nil
	case kit.IsKey(msg, k.SortHand):
		return t.toggleOrder()
	case kit.IsKey(msg, k.Undo):
		t.SetNote(sharedUndoNote, false)
		return t, nil
	case kit.IsKey(msg, k.Hint):
		return t.askHint()
	case t.hintOpen() && kit.IsKey(msg, k.Back):
		t.hinting, t.hint = false, nil
		return t, nil
	}
	if !t.myTurn() {
		return t, nil
	}
	v := t.d.view()
	return t.Choice.Key(ctx, t, msg, t.decision(&v))
}

// decision is what the person chooses from in v. At two players the
// line under the table explains the chosen item, so a move of the menu
// drops the note that would hide it, and the bella key on a card that
// may carry no bella asks the engine anyway, whose refusal says why.
func (t *table) decision(v *rules.View) kit.Decision {
	return kit.Decision{Bella: t.bellaItems(), Legal: v.Legal(), Play: v.Phase == rules.PhasePlay, Hand: t.hand(v),
		ClearOnMove: true}
}

// askHint starts the hard bot's evaluation of the person's decision
// off the UI goroutine, or closes the hint when it is open.
func (t *table) askHint() (kit.Screen, tea.Cmd) {
	if t.hintOpen() {
		t.hinting, t.hint = false, nil
		return t, nil
	}
	if !t.myTurn() {
		t.SetNote("A hint is for your own decisions: wait for your turn.", false)
		return t, nil
	}
	gen := t.d.Gen()
	t.hinting, t.hint, t.hintGen = true, nil, gen
	return t, tea.Batch(gatedHint(t.gate, hintCmd(nil, t.d.view(), gen, t.d.Seed(), 0), gen), t.spin.Tick)
}

// click plays the card or takes the menu item under the mouse.
func (t *table) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft {
		return t, nil
	}
	_, hits := t.render(ctx)
	for _, h := range hits {
		if !h.Rect.Has(msg.X, msg.Y) {
			continue
		}
		if !t.myTurn() {
			return t, nil
		}
		v := t.d.view()
		return t.Choice.Click(ctx, t, h, t.decision(&v))
	}
	return t, nil
}
