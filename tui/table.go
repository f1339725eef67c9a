package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
)

// table is the play screen: the deal in progress. Every decision of the
// person's seat is taken here, from the legal actions of its View; the
// bot's come back as messages.
type table struct {
	m      *match
	cfg    *PlayConfig
	timing Timing

	cursor   int        // index of the selected card in the sorted hand
	menu     int        // index of the chosen item of the decision menu
	bella    rules.Card // the card whose bella question is open, or NoCard
	showLast bool       // the last trick is shown in the trick area

	note    string // what just happened, or why a move was refused
	noteErr bool

	thinking bool // the bot was asked at thinkGen and has not answered
	thinkGen int
	slow     bool // the bot thinks longer than a moment: spinner
	spin     spinner.Model

	// The hint (H): asked at hintGen; hint holds the answer for that
	// position. A hint for a position the game has left is not shown.
	hinting bool
	hintGen int
	hint    *HintMsg
}

// hintOpen reports whether a hint (or its spinner) belongs on screen:
// it was asked for the position on the table now.
func (t *table) hintOpen() bool {
	return (t.hinting || t.hint != nil) && t.hintGen == t.m.gen
}

func newTable(m *match, cfg *PlayConfig) *table {
	return &table{m: m, cfg: cfg, timing: cfg.Timing, bella: rules.NoCard, spin: spinner.New(spinner.WithSpinner(spinner.MiniDot))}
}

func (t *table) Name() string { return "table" }

// advanceMsg asks the table to look at the game again (start of a deal).
type advanceMsg struct{}

// Enter deals the next deal if the game waits for one, then lets the
// bot move or waits for the person.
func (t *table) Enter(ctx *Context) tea.Cmd {
	t.showLast = false
	cmd, err := t.m.startDeal()
	if err != nil {
		t.setNote(err.Error(), true)
	}
	return tea.Batch(cmd, func() tea.Msg { return advanceMsg{} })
}

// next moves the game on after an action: to the result screen when the
// deal is over, to the bot when it is its turn, through the person's
// forced moves, and stops when the person has a choice.
func (t *table) next() (Screen, tea.Cmd) {
	var cmds []tea.Cmd
	for range 64 {
		g := t.m.game
		if g.Over() || g.NeedDeal() {
			t.thinking, t.slow = false, false
			return newResult(t), tea.Batch(cmds...)
		}
		d := g.Deal()
		if d.Turn() == botSeat {
			return t, tea.Batch(append(cmds, t.think())...)
		}
		v := t.m.view()
		legal := v.Legal()
		if len(legal) == 1 && v.Phase != rules.PhasePlay {
			key := [2]int{g.DealNo(), len(d.Steps())}
			reason := forcedReason(&v, legal[0])
			cmd, err := t.m.apply(legal[0])
			if err != nil {
				t.setNote(err.Error(), true)
				return t, tea.Batch(cmds...)
			}
			t.m.auto[key] = reason
			cmds = append(cmds, cmd)
			continue
		}
		t.prepareTurn(&v)
		return t, tea.Batch(cmds...)
	}
	return t, tea.Batch(cmds...)
}

// forcedReason says why a move was taken for the person.
func forcedReason(v *rules.View, a rules.Action) string {
	switch a.Kind {
	case rules.NoExchange:
		return "no 7 of trump"
	case rules.NoSequence:
		return "you hold none"
	case rules.Top, rules.Length:
		return "your sequence"
	case rules.Good:
		return "nothing to match"
	}
	return "only choice"
}

// prepareTurn resets the choices for a new decision of the person.
func (t *table) prepareTurn(v *rules.View) {
	t.menu = 0
	t.bella = rules.NoCard
	if v.Phase == rules.PhasePlay {
		hand := viewHand(v)
		legal := legalCards(v)
		t.cursor = 0
		for i, c := range hand {
			if legal.Has(c) {
				t.cursor = i
				break
			}
		}
	}
}

// think asks the bot for its move, once per position.
func (t *table) think() tea.Cmd {
	if t.thinking && t.thinkGen == t.m.gen {
		return nil
	}
	t.thinking, t.thinkGen, t.slow = true, t.m.gen, false
	v := t.m.game.Deal().View(botSeat)
	return tea.Batch(thinkCmd(t.m.bot, v, t.m.gen, t.timing), slowCmd(t.m.gen, t.timing.SpinnerDelay))
}

func (t *table) setNote(s string, isErr bool) { t.note, t.noteErr = s, isErr }

// Update takes one message.
func (t *table) Update(ctx *Context, msg tea.Msg) (Screen, tea.Cmd) {
	if t.m.absorb(msg) {
		return t, nil
	}
	switch msg := msg.(type) {
	case advanceMsg:
		return t.next()
	case botMoveMsg:
		return t.botMoved(ctx, msg)
	case botSlowMsg:
		if t.thinking && msg.gen == t.thinkGen && !t.slow {
			t.slow = true
			return t, t.spin.Tick
		}
	case HintMsg:
		if t.hinting && msg.Gen == t.hintGen {
			t.hinting, t.hint = false, &msg
		}
		return t, nil
	case spinner.TickMsg:
		if t.slow || (t.hinting && t.hintOpen()) {
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

// botMoved applies the bot's answer. A bot error or an illegal answer is
// shown, and the first legal action is taken instead so the game goes on.
func (t *table) botMoved(ctx *Context, msg botMoveMsg) (Screen, tea.Cmd) {
	if !t.thinking || msg.gen != t.thinkGen || msg.gen != t.m.gen {
		return t, nil
	}
	t.thinking, t.slow = false, false
	g := t.m.game
	if g.Over() || g.NeedDeal() || g.Deal().Turn() != botSeat {
		return t.next()
	}
	a := msg.action
	before := t.m.view()
	var cmd tea.Cmd
	err := msg.err
	if err == nil {
		cmd, err = t.m.apply(a)
	}
	if err != nil {
		legal := g.Deal().Legal()
		if len(legal) == 0 {
			t.setNote("the bot failed: "+err.Error(), true)
			return t, nil
		}
		a = legal[0]
		var err2 error
		if cmd, err2 = t.m.apply(a); err2 != nil {
			t.setNote("the bot failed: "+err2.Error(), true)
			return t, nil
		}
		t.setNote(fmt.Sprintf("the bot failed (%v) and did %q instead", err, a.Words()), true)
	} else {
		t.setNote(describe(ctx, t.m, &before, botSeat, a), false)
	}
	t.showLast = false
	next, c := t.next()
	return next, tea.Batch(cmd, c)
}

// describe says in one line what seat did: "Bot played A♠: Bot won the
// trick", "Bot: schmeiss".
func describe(ctx *Context, m *match, before *rules.View, seat rules.Seat, a rules.Action) string {
	who := m.name(seat)
	g := &ctx.paint.g
	switch a.Kind {
	case rules.Exchange:
		return who + " exchanged the dix: took " + g.cardText(before.OrigUpcard) + ", left the 7"
	case rules.PlayCard:
	default:
		return who + ": " + spoken(g, before, a)
	}
	s := fmt.Sprintf("%s played %s", who, g.cardText(a.Card))
	if a.Bella {
		s += " and said bella"
	}
	if before.Lead != rules.NoCard {
		s += ": " + m.name(before.WinnerIf(a.Card)) + " won the trick"
	}
	return s
}

// spoken is what a player says for a non-card action.
func spoken(g *glyphs, v *rules.View, a rules.Action) string {
	switch a.Kind {
	case rules.Exchange:
		return "exchanges the dix (takes " + g.cardText(v.OrigUpcard) + ")"
	case rules.Name:
		return a.Suit.Name()
	}
	return a.Words()
}

// plain makes a message of the engine's fit for the glyphs: with -ascii
// its suit symbols become letters.
func plain(g *glyphs, s string) string {
	if !g.ascii {
		return s
	}
	return strings.NewReplacer("♣", "C", "♦", "D", "♥", "H", "♠", "S").Replace(s)
}

// myTurn reports whether the person is to act.
func (t *table) myTurn() bool {
	g := t.m.game
	return !g.Over() && !g.NeedDeal() && g.Deal().Turn() == humanSeat
}

// take applies the person's action, or explains why it is refused.
func (t *table) take(ctx *Context, a rules.Action) (Screen, tea.Cmd) {
	before := t.m.view()
	cmd, err := t.m.apply(a)
	if err != nil {
		g := &ctx.paint.g
		what := spoken(g, &before, a)
		if a.Kind == rules.PlayCard {
			what = g.cardText(a.Card)
		}
		t.setNote(plain(g, fmt.Sprintf("You cannot %s: %v", sayWhat(a, what), err)), true)
		return t, nil
	}
	t.setNote(describe(ctx, t.m, &before, humanSeat, a), false)
	t.showLast = false
	next, c := t.next()
	return next, tea.Batch(cmd, c)
}

func sayWhat(a rules.Action, what string) string {
	if a.Kind == rules.PlayCard {
		return "play " + what
	}
	return "say " + what
}

// menuItems are the person's choices outside card play, in the engine's
// order.
func (t *table) menuItems() []rules.Action {
	if !t.myTurn() {
		return nil
	}
	v := t.m.view()
	if v.Phase == rules.PhasePlay {
		return nil
	}
	return v.Legal()
}

// bellaItems are the two ways to play the card of the bella question.
func (t *table) bellaItems() []rules.Action {
	if t.bella == rules.NoCard {
		return nil
	}
	return []rules.Action{rules.PlayBellaAction(t.bella), rules.PlayAction(t.bella)}
}

// key takes one key press.
func (t *table) key(ctx *Context, msg tea.KeyPressMsg) (Screen, tea.Cmd) {
	k := &ctx.Keys
	if isKey(msg, k.LastTrick) {
		t.showLast = !t.showLast
		return t, nil
	}
	if isKey(msg, k.Hint) {
		return t.askHint()
	}
	if t.hintOpen() && isKey(msg, k.Back) {
		t.hinting, t.hint = false, nil
		return t, nil
	}
	if !t.myTurn() {
		if isKey(msg, k.Choose) || isKey(msg, k.Nth) {
			t.setNote("Wait: it is the bot's turn.", false)
		}
		return t, nil
	}
	v := t.m.view()
	if items := t.bellaItems(); items != nil {
		switch {
		case msg.String() == "b":
			return t.take(ctx, items[0])
		case msg.String() == "n":
			return t.take(ctx, items[1])
		case isKey(msg, k.Back):
			t.bella = rules.NoCard
			return t, nil
		}
		return t.menuKey(ctx, msg, items, func(rules.Action) string { return "" })
	}
	if v.Phase != rules.PhasePlay {
		return t.menuKey(ctx, msg, v.Legal(), actionKey)
	}
	hand := viewHand(&v)
	if len(hand) == 0 {
		return t, nil
	}
	t.cursor = max(0, min(t.cursor, len(hand)-1))
	switch {
	case isKey(msg, k.Left):
		t.cursor = (t.cursor + len(hand) - 1) % len(hand)
	case isKey(msg, k.Right):
		t.cursor = (t.cursor + 1) % len(hand)
	case isKey(msg, k.Choose):
		return t.playCard(ctx, &v, hand[t.cursor], false)
	case isKey(msg, k.Bella):
		return t.playCard(ctx, &v, hand[t.cursor], true)
	case isKey(msg, k.Nth):
		n := int(msg.String()[0] - '1')
		if n >= len(hand) {
			t.setNote(fmt.Sprintf("You hold %d cards.", len(hand)), true)
			return t, nil
		}
		t.cursor = n
		return t.playCard(ctx, &v, hand[n], false)
	}
	return t, nil
}

// askHint starts the hard bot's evaluation of the person's decision
// off the UI goroutine, or closes the hint when it is open.
func (t *table) askHint() (Screen, tea.Cmd) {
	if t.hintOpen() {
		t.hinting, t.hint = false, nil
		return t, nil
	}
	if !t.myTurn() {
		t.setNote("A hint is for your own decisions: wait for your turn.", false)
		return t, nil
	}
	t.hinting, t.hint, t.hintGen = true, nil, t.m.gen
	return t, tea.Batch(HintCmd(nil, t.m.view(), t.m.gen, t.m.setup.Seed, 0), t.spin.Tick)
}

// playCard plays c; when bella may be announced with it, it asks first
// (or, with bella set, announces it).
func (t *table) playCard(ctx *Context, v *rules.View, c rules.Card, bella bool) (Screen, tea.Cmd) {
	canBella := false
	for _, a := range v.Legal() {
		if a.Kind == rules.PlayCard && a.Card == c && a.Bella {
			canBella = true
		}
	}
	switch {
	case bella:
		return t.take(ctx, rules.PlayBellaAction(c))
	case canBella:
		t.bella = c
		t.menu = 0
		return t, nil
	}
	return t.take(ctx, rules.PlayAction(c))
}

// menuKey moves through items or takes one: arrows and enter, the
// item's letter, or its number.
func (t *table) menuKey(ctx *Context, msg tea.KeyPressMsg, items []rules.Action, letter func(rules.Action) string) (Screen, tea.Cmd) {
	k := &ctx.Keys
	if len(items) == 0 {
		return t, nil
	}
	t.menu = max(0, min(t.menu, len(items)-1))
	switch {
	case isKey(msg, k.Left), isKey(msg, k.Up):
		t.menu = (t.menu + len(items) - 1) % len(items)
		return t, nil
	case isKey(msg, k.Right), isKey(msg, k.Down):
		t.menu = (t.menu + 1) % len(items)
		return t, nil
	case isKey(msg, k.Choose):
		return t.take(ctx, items[t.menu])
	case isKey(msg, k.Nth):
		n := int(msg.String()[0] - '1')
		if n < len(items) {
			return t.take(ctx, items[n])
		}
		return t, nil
	}
	s := msg.String()
	for _, a := range items {
		if l := letter(a); l != "" && l == s {
			return t.take(ctx, a)
		}
	}
	return t, nil
}

// click plays the card or takes the menu item under the mouse.
func (t *table) click(ctx *Context, msg tea.MouseClickMsg) (Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft {
		return t, nil
	}
	_, hits := t.render(ctx)
	for _, h := range hits {
		if !h.r.has(msg.X, msg.Y) {
			continue
		}
		if !t.myTurn() {
			return t, nil
		}
		v := t.m.view()
		switch h.kind {
		case hitCard:
			hand := viewHand(&v)
			if h.index < len(hand) && v.Phase == rules.PhasePlay && t.bella == rules.NoCard {
				t.cursor = h.index
				return t.playCard(ctx, &v, hand[h.index], false)
			}
		case hitMenu:
			var items []rules.Action
			if t.bella != rules.NoCard {
				items = t.bellaItems()
			} else {
				items = t.menuItems()
			}
			if h.index < len(items) {
				t.menu = h.index
				return t.take(ctx, items[h.index])
			}
		}
		return t, nil
	}
	return t, nil
}
