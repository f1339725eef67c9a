package tui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
)

// table is the play screen: the deal in progress. Every decision of the
// person's seat is taken here, from the legal actions of its View; the
// bot's come back as messages.
type table struct {
	// d is the game the screen shows; m is the same game when it is a
	// game alone (the bot, takebacks, claims, settings), nil at a shared
	// table.
	d      duel
	m      *seated
	cfg    *PlayConfig
	timing Timing
	// gate bounds the hint's evaluation on a server (nil: unbounded);
	// shared is set at a shared table (lobby_duel.go).
	gate   *Gate
	shared sharedWords

	choiceMenu          // the hand's cursor, the menu's choice, the bella question
	showLast   bool     // the list of this deal's tricks is open (v)
	order      handSort // how the hand is sorted (o toggles it)

	// queued are the keys pressed while the bot thought: they are played
	// on the person's next turn, in order.
	queued []tea.KeyPressMsg
	// waitKey is set when a trick is over, the bot is to lead the next
	// and the settings say to wait for a key first.
	waitKey bool

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
	hint    *hintMsg
	job     hintJob
	// gone is closed when the connection ends (nil: never).
	gone <-chan struct{}
}

// hintOpen reports whether a hint (or its spinner) belongs on screen:
// it was asked for the position on the table now.
func (t *table) hintOpen() bool {
	return (t.hinting || t.hint != nil) && t.hintGen == t.d.Gen()
}

func newTable(m *seated, cfg *PlayConfig) *table {
	t := &table{d: m, m: m, cfg: cfg, timing: cfg.timing(m.setup.Prefs), choiceMenu: choiceMenu{bella: rules.NoCard}, spin: spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		gate: cfg.Heavy, gone: cfg.Timing.Gone}
	if m.setup.Prefs.Sort == settings.BySuit {
		t.order = bySuit
	}
	return t
}

// hand is the person's hand as shown: sorted by the order chosen.
func (t *table) hand(v *rules.View) []rules.Card {
	return sortHandBy(v.Hand, v.Hand|v.Played[v.Seat], v.Trump, t.order)
}

// maxQueued is how many keys pressed while the bot thinks are kept.
const maxQueued = 4

// trickOver reports whether v stands between two tricks of the card
// play: the last trick complete, the next not yet led.
func trickOver(v *rules.View) bool {
	return v.Phase == rules.PhasePlay && v.Lead == rules.NoCard && v.LastLeader != rules.NoSeat
}

func (t *table) Name() string { return "table" }

// advanceMsg asks the table to look at the game again (start of a deal).
type advanceMsg struct{}

// queuedKeyMsg is a key pressed while the bot thought, played now.
type queuedKeyMsg struct{ k tea.KeyPressMsg }

// Enter deals the next deal if the game waits for one, then lets the
// bot move or waits for the person.
func (t *table) Enter(ctx *screenCtx) tea.Cmd {
	t.showLast = false
	if t.m == nil {
		return nil // a shared table: the hall deals
	}
	w, err := t.m.StartDeal()
	if err != nil {
		t.setNote(err.Error(), true)
	}
	return tea.Batch(writeCmd(w), func() tea.Msg { return advanceMsg{} })
}

// next moves the game on after an action: through the person's forced
// moves (the session takes them), then to the result screen when the
// deal is over, to the bot when it is its turn, or to the person's
// choice.
func (t *table) next() (screenModel, tea.Cmd) {
	if t.m == nil {
		// A shared table: the hall moves on and says so in an update.
		if v := t.d.view(); t.d.myTurn() {
			t.prepareTurn(&v)
		}
		return t, nil
	}
	w, err := t.m.Advance()
	cmd := writeCmd(w)
	if err != nil {
		t.setNote(err.Error(), true)
		return t, cmd
	}
	seat, ok := t.m.ToMove()
	switch {
	case !ok:
		t.thinking, t.slow = false, false
		t.queued = nil
		return newResult(t), cmd
	case seat != t.m.me:
		v := t.m.view()
		if trickOver(&v) && t.cfg.Prefs != nil && t.m.setup.Prefs.AfterTrick == settings.WaitKey && !t.m.Claimed(t.m.me) {
			// The trick stays on the table until the person has seen it.
			t.waitKey = true
			return t, cmd
		}
		return t, tea.Batch(cmd, t.think())
	}
	v := t.m.view()
	t.prepareTurn(&v)
	if len(t.queued) > 0 {
		// Keys pressed while the bot thought: the first one now, the
		// rest as messages after it.
		k := t.queued[0]
		t.queued = t.queued[1:]
		return t, tea.Batch(cmd, func() tea.Msg { return queuedKeyMsg{k} })
	}
	return t, cmd
}

// prepareTurn resets the choices for a new decision of the person.
func (t *table) prepareTurn(v *rules.View) {
	t.menu = 0
	t.bella = rules.NoCard
	if v.Phase == rules.PhasePlay {
		hand := t.hand(v)
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
	gen := t.m.Gen()
	if t.thinking && t.thinkGen == gen {
		return nil
	}
	th, ok := t.m.Think()
	if !ok {
		return nil
	}
	t.thinking, t.thinkGen, t.slow = true, gen, false
	tm := t.timing
	if v := t.m.view(); trickOver(&v) && tm.Pace > 0 {
		// After a trick the bot leads the next one a while later, so
		// the finished trick can be seen.
		tm.Pace = max(2*tm.Pace, time.Second)
	}
	return thinkSlowCmd(th, tm, gen, t.timing.SpinnerDelay)
}

func (t *table) setNote(s string, isErr bool) { t.note, t.noteErr = s, isErr }

// Update takes one message.
func (t *table) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	if t.m != nil && t.m.absorb(msg) {
		return t, nil
	}
	if t.hinting && !t.hintOpen() {
		// The position the hint was asked at is gone.
		t.hinting = false
		t.job.stop()
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
	case hintMsg:
		if t.hinting && msg.Gen == t.hintGen {
			t.hinting, t.hint = false, &msg
			t.job.stop()
		}
		return t, nil
	case spinner.TickMsg:
		if t.slow || (t.hinting && t.hintOpen()) {
			var cmd tea.Cmd
			t.spin, cmd = t.spin.Update(msg)
			return t, cmd
		}
	case claimCheckedMsg:
		return t.claimChecked(ctx, msg)
	case queuedKeyMsg:
		if !t.myTurn() {
			t.queued = append([]tea.KeyPressMsg{msg.k}, t.queued...)
			return t, nil
		}
		return t.key(ctx, msg.k)
	case tea.KeyPressMsg:
		return t.key(ctx, msg)
	case tea.MouseClickMsg:
		return t.click(ctx, msg)
	}
	return t, nil
}

// botMoved applies the bot's answer. A bot error or an illegal answer is
// shown, and the first legal action is taken instead so the game goes on.
func (t *table) botMoved(ctx *screenCtx, msg botMoveMsg) (screenModel, tea.Cmd) {
	if !t.thinking || msg.th.Gen != t.thinkGen || msg.th.Gen != t.m.Gen() {
		return t, nil
	}
	t.thinking, t.slow = false, false
	before := t.m.view()
	w, err := t.m.BotMove(msg.th, msg.action, msg.err)
	var be *session.BotError
	switch {
	case errors.Is(err, session.ErrStale):
		return t.next()
	case errors.As(err, &be):
		t.setNote(be.Error(), true)
		if be.Instead == nil {
			return t, nil
		}
	case err != nil:
		t.setNote(err.Error(), true)
		return t, nil
	default:
		t.setNote(describe(ctx, t.d, &before, msg.th.Seat, msg.action), false)
	}
	t.showLast = false
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}

// describe says in one line what seat did: "Bot played A♠: Bot won the
// trick", "Bot: schmeiss".
func describe(ctx *screenCtx, m duel, before *rules.View, seat rules.Seat, a rules.Action) string {
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
func (t *table) myTurn() bool { return t.d.myTurn() }

// take applies the person's action, or explains why it is refused.
func (t *table) take(ctx *screenCtx, a rules.Action) (screenModel, tea.Cmd) {
	before := t.d.view()
	w, err := t.d.Apply(t.d.seat(), a)
	if err != nil {
		t.setNote(refusalText(&ctx.paint.g, &before, a, err), true)
		return t, nil
	}
	t.setNote(describe(ctx, t.d, &before, t.d.seat(), a), false)
	t.showLast = false
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}

func sayWhat(a rules.Action, what string) string {
	if a.Kind == rules.PlayCard {
		return "play " + what
	}
	return "say " + what
}

// bellaItems are the two ways to play the card of the bella question;
// nil when none is open, as the shared keys (choiceMenu) read it.
func (t *table) bellaItems() []rules.Action {
	if t.bella == rules.NoCard {
		return nil
	}
	return []rules.Action{rules.PlayBellaAction(t.bella), rules.PlayAction(t.bella)}
}

// keyHelp is the table's keys as help: the short help (the status
// line) lists the keys that work now; the full help is the play screens'.
func (t *table) keyHelp(k *keyMap) help.KeyMap {
	v := t.d.view()
	h := keyHelp{full: playHelp(k, v.Options)}
	if t.m == nil { // a shared table: no takebacks, no claims
		h.full = playHelp(k, v.Options, k.Undo, k.Claim)
	}
	switch {
	case t.waitKey:
		h.short = []key.Binding{bind("any key", "next trick"), brief("tricks", k.LastTrick)}
	case !t.myTurn():
		h.short = []key.Binding{brief("tricks", k.LastTrick), brief("undo", k.Undo)}
		if t.thinking {
			h.short = append(h.short, bind("keys", "are kept for your turn"))
		}
	case t.bella != rules.NoCard:
		h.short = []key.Binding{brief("bella", k.Bella), brief("no bella", k.NoBella), brief("another card", k.Back)}
	case v.Phase == rules.PhasePlay:
		h.short = []key.Binding{brief("", k.Left, k.Right), brief("play", k.Choose), brief("card", k.Nth),
			brief("bella", k.Bella), brief("tricks", k.LastTrick), brief("sort", k.SortHand), brief("undo", k.Undo),
			brief("claim", k.Claim), brief("hint", k.Hint)}
	default:
		var letters []string
		for _, a := range v.Legal() {
			letters = append(letters, actionKey(a))
		}
		h.short = []key.Binding{brief("", k.Left, k.Right), brief("confirm", k.Choose),
			key.NewBinding(key.WithKeys(letters...), key.WithHelp("key", "in [ ]")),
			brief("tricks", k.LastTrick), brief("sort", k.SortHand), brief("undo", k.Undo), brief("hint", k.Hint)}
	}
	if t.m == nil {
		// A shared table: no takebacks, no claims.
		short := h.short[:0:0]
		for _, b := range h.short {
			if d := b.Help().Desc; d != "undo" && d != "claim" {
				short = append(short, b)
			}
		}
		h.short = short
	}
	h.short = append(h.short, brief("help", k.Help), brief("quit", k.Quit))
	return h
}

// key takes one key press.
func (t *table) key(ctx *screenCtx, msg tea.KeyPressMsg) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	switch {
	case isKey(msg, k.LastTrick):
		t.showLast = !t.showLast
		return t, nil
	case t.showLast && isKey(msg, k.Back):
		t.showLast = false
		return t, nil
	case isKey(msg, k.SortHand):
		return t.toggleOrder()
	case isKey(msg, k.Undo) && t.m == nil:
		t.setNote(sharedUndoNote, false)
		return t, nil
	case isKey(msg, k.Undo):
		return t.undo()
	case isKey(msg, k.Hint):
		return t.askHint()
	case t.hintOpen() && isKey(msg, k.Back):
		t.stopHint()
		return t, nil
	case t.waitKey:
		// The finished trick was on view: any other key goes on.
		t.waitKey = false
		return t, t.think()
	}
	if !t.myTurn() {
		if t.thinking && t.keepable(ctx, msg) {
			if len(t.queued) < maxQueued {
				t.queued = append(t.queued, msg)
			}
			t.setNote("Kept for your turn: "+t.queuedText(), false)
		}
		return t, nil
	}
	v := t.d.view()
	// c claims in the card play, in a game alone; elsewhere it is a
	// menu letter (clubs, the count of cards).
	if isKey(msg, k.Claim) && v.Phase == rules.PhasePlay && t.bella == rules.NoCard && t.m != nil {
		return t.claim(ctx)
	}
	return t.choiceMenu.key(ctx, t, msg, t.decision(&v))
}

// decision is what the person chooses from in v. At two players the
// line under the table explains the chosen item, so a move of the menu
// drops the note that would hide it, and the bella key on a card that
// may carry no bella asks the engine anyway, whose refusal says why.
func (t *table) decision(v *rules.View) decision {
	return decision{bella: t.bellaItems(), legal: v.Legal(), play: v.Phase == rules.PhasePlay, hand: t.hand(v),
		clearOnMove: true}
}

// askHint starts the hard bot's evaluation of the person's decision
// off the UI goroutine, or closes the hint when it is open.
func (t *table) askHint() (screenModel, tea.Cmd) {
	if t.hintOpen() {
		t.stopHint()
		return t, nil
	}
	if !t.myTurn() {
		t.setNote("A hint is for your own decisions: wait for your turn.", false)
		return t, nil
	}
	gen := t.d.Gen()
	t.hinting, t.hint, t.hintGen = true, nil, gen
	ctx := t.job.start(t.gone)
	return t, tea.Batch(gatedHint(ctx, t.gate, hintCmd(ctx, nil, t.d.view(), gen, t.d.Seed(), 0), gen), t.spin.Tick)
}

// stopHint closes the hint, and cancels it if it is still on its way.
func (t *table) stopHint() {
	t.hinting, t.hint = false, nil
	t.job.stop()
}

// click plays the card or takes the menu item under the mouse.
func (t *table) click(ctx *screenCtx, msg tea.MouseClickMsg) (screenModel, tea.Cmd) {
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
		v := t.d.view()
		return t.choiceMenu.click(ctx, t, h, t.decision(&v))
	}
	return t, nil
}
