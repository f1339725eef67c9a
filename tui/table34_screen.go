package tui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
)

// tableGame is the game a table of three or four players presents: the
// deal on the table as each seat may know it, whose turn it is, the
// person's actions and the bots' answers, and the game around the deal.
// A session of a table game is one (sessionTable, play34.go); the tests
// drive a rules.Table through one too. The Writes are the session's
// saves, run off the UI goroutine.
type tableGame interface {
	Players() int
	View(s rules.Seat) rules.TableView
	// ToMove returns the seat to act; false when the deal is over (or
	// waits for the next deal).
	ToMove() (rules.Seat, bool)
	Apply(s rules.Seat, a rules.Action) (session.Write, error)
	// Advance takes the person's forced moves; StartDeal deals the next
	// deal when the game waits for one.
	Advance() (session.Write, error)
	StartDeal() (session.Write, error)
	NeedDeal() bool
	// Think asks the bot to move for its decision, BotMove applies its
	// answer; Gen numbers the positions, so a late answer is dropped.
	Think() (session.Thinker, bool)
	BotMove(th session.Thinker, a rules.Action, err error) (session.Write, error)
	Gen() int
	// DealNo is the number of the deal on the table, from 1.
	DealNo() int
	// Records are the finished deals' scores, oldest first; Totals the
	// game totals by side after them; Winner the side that won the
	// game, -1 while it goes on.
	Records() []rules.TableScore
	Totals() [4]int
	Winner() int
	// Forced says why the session took a step of a deal for the person.
	Forced(deal, step int) (string, bool)
	// Record takes back a Write's result; SaveErr is the last save's
	// failure.
	Record(r session.Result) bool
	SaveErr() error
	// Undo takes back the seat's last decision and everything after it
	// (session.Session.Undo); a shared table refuses.
	Undo(s rules.Seat) (session.Write, error)
}

// table34 is the play screen of a table of three or four: the person's
// decisions come from the legal actions of its TableView, the others'
// are the game's.
type table34 struct {
	game  tableGame
	me    rules.Seat
	seats [4]tableSeat
	// timing paces the bots; waitKey holds a finished trick on the table
	// until a key, when the person chose that.
	timing  Timing
	waitKey bool
	// back makes the screen a new game starts from (nil: none).
	back func() screenModel

	thinking bool // the bot was asked at thinkGen and has not answered
	thinkGen int
	holding  bool // a finished trick waits for a key before the bots go on
	tricks   int  // tricks finished in the deal when last looked

	choiceMenu          // the hand's cursor, the menu's choice, the bella question
	order      handSort // how the hand is sorted (o toggles it)
	showLast   bool

	note    string
	noteErr bool

	// shared is set at a table of several people (lobby_table34.go): it
	// says what the seat waits for and what enter does after a deal.
	shared sharedWords
	tag    string // the header's tag (a shared table's code)

	// The hint (hint34.go): asked at the position hintAt.
	chooser tableChooser
	hinting bool
	hintAt  int
	hint    *tableHintMsg
	job     hintJob
	// gone is closed when the connection ends (nil: never).
	gone <-chan struct{}
}

func newTable34(game tableGame, me rules.Seat, seats [4]tableSeat) *table34 {
	return &table34{game: game, me: me, seats: seats, choiceMenu: choiceMenu{bella: rules.NoCard}}
}

func (t *table34) Name() string { return "table" }

// minSize is the smallest window this table is laid out for.
func (t *table34) minSize() (int, int) { return tableMinSize(t.game.Players()) }

// scene gathers what the table draws.
func (t *table34) scene() *tableScene {
	g := t.game
	no := g.DealNo()
	return &tableScene{
		V: g.View(t.me), Me: t.me, Seats: t.seats, DealNo: no,
		Pad: g.Records(), Totals: g.Totals(), ShowLast: t.showLast,
		Forced: func(step int) (string, bool) { return g.Forced(no, step) },
		Tag:    t.tag,
	}
}

func (t *table34) myTurn() bool {
	s, ok := t.game.ToMove()
	return ok && s == t.me
}

func (t *table34) setNote(s string, isErr bool) { t.note, t.noteErr = s, isErr }

// clearRefusal drops a refusal once the selection moves: it spoke of
// the card that was selected, as at the two-player table.
func (t *table34) clearRefusal() {
	if t.noteErr {
		t.setNote("", false)
	}
}

// View draws the table.
func (t *table34) View(ctx *screenCtx) string {
	s, _ := t.render(ctx)
	return s
}

func (t *table34) render(ctx *screenCtx) (string, []hit) {
	sc := t.scene()
	v := &sc.V
	if v.Phase == rules.PhaseOver {
		return t.resultView(ctx, sc), nil
	}
	hand := t.hand(v)
	legal := tableLegalCards(v)
	playing := v.Phase == rules.PhasePlay && t.myTurn() && t.bella == rules.NoCard
	st := &ctx.Styles
	y := ctx.Height - 2
	prompt, menuHits := t.promptLine(ctx, sc, y)
	bottom := append([]string{st.Rule.Render(repeat(ctx.paint.g.hrule, ctx.Width))}, t.noteLines(ctx)...)
	bottom = append(bottom, prompt, " "+hintLine(t.keyHelp(&ctx.Keys).ShortHelp()))
	s, hits := renderTable34(ctx, sc, ctx.Width, ctx.Height, bottom, t.cursor, hand, legal, playing)
	return s, append(hits, menuHits...)
}

// noteLines say the hint, what just happened or why a move was refused,
// wrapped to the window (at most maxNoteLines, a save error
// maxSaveErrLines), as the two-player table does; one line, maybe
// blank, when there is nothing to wrap.
func (t *table34) noteLines(ctx *screenCtx) []string {
	st := &ctx.Styles
	if s, ok := t.hintText(ctx); ok {
		return []string{s}
	}
	text, style, limit := t.note, st.Text, maxNoteLines
	switch {
	case t.note == "" && t.game.SaveErr() != nil:
		text, style, limit = "! autosave failed: "+t.game.SaveErr().Error(), st.Error, maxSaveErrLines
	case t.note == "" && t.shared != nil:
		return []string{" " + t.shared.news(ctx)}
	case t.note == "":
		return []string{""}
	case t.noteErr:
		text, style = "! "+t.note, st.Error
	}
	lines := wrapLines(text, ctx.Width-2, limit)
	for i, l := range lines {
		lines[i] = " " + style.Render(l)
	}
	return lines
}

// items are the person's choices outside card play (or at the bella
// question), in the engine's order.
func (t *table34) items() []rules.Action {
	if !t.myTurn() {
		return nil
	}
	if t.bella != rules.NoCard {
		return t.bellaItems()
	}
	v := t.game.View(t.me)
	if v.Phase == rules.PhasePlay {
		return nil
	}
	return v.Legal()
}

// bellaItems are the ways to play the card of the open question: with
// the announcement (bella or menage) and without; nil when no question
// is open, as the shared keys (choiceMenu) read it.
func (t *table34) bellaItems() []rules.Action {
	if t.bella == rules.NoCard {
		return nil
	}
	v := t.game.View(t.me)
	var with []rules.Action
	for _, a := range v.Legal() {
		if a.Kind == rules.PlayCard && a.Card == t.bella && a.Bella {
			with = append(with, a)
		}
	}
	return append(with, rules.PlayAction(t.bella))
}

// label is how a menu writes an action.
func (t *table34) label(ctx *screenCtx, a rules.Action) string {
	if a.Kind != rules.PlayCard {
		return tableActionLabel(ctx, a)
	}
	c := ctx.paint.styledCard(a.Card)
	switch {
	case a.Bella && a.N == 50:
		return "play " + c + " and say menage"
	case a.Bella:
		return "play " + c + " and say bella"
	}
	return "play " + c + " saying nothing"
}

// promptLine says what the person is to do, a decision as a menu.
func (t *table34) promptLine(ctx *screenCtx, sc *tableScene, y int) (string, []hit) {
	st := &ctx.Styles
	p := ctx.paint
	v := &sc.V
	if t.holding {
		return " " + st.Heading.Render("Trick taken:") + " press any key for the next trick", nil
	}
	if !t.myTurn() {
		if t.shared != nil {
			return " " + t.shared.waitWords(), nil
		}
		if s, ok := t.game.ToMove(); ok {
			if s == rules.ChanceSeat {
				return " A card is drawn at random…", nil
			}
			return " " + sc.name(s) + " is thinking…", nil
		}
		return "", nil
	}
	if v.Phase == rules.PhasePlay && t.bella == rules.NoCard {
		legend := "   " + st.Selected.Render(p.g.selMark) + " selected  " + st.Playable.Render(p.g.playMark) + " playable"
		if v.InTrick == 0 {
			return " " + st.Heading.Render("Your lead:") + " choose a card and play it" + legend, nil
		}
		return " " + st.Heading.Render("Your turn:") + " answer " + p.styledCard(v.Trick[0]) + legend, nil
	}
	items := t.items()
	labels := make([]string, len(items))
	for i, a := range items {
		k := fmt.Sprint(i + 1)
		if l := actionKey(a); l != "" && t.bella == rules.NoCard && a.Kind != rules.PlayCard {
			k = l
		}
		labels[i] = "[" + k + "] " + t.label(ctx, a)
	}
	return menuLine(ctx, " "+st.Heading.Render(t.menuPrompt(ctx, v)), labels, t.menu, y)
}

// menuPrompt names the decision.
func (t *table34) menuPrompt(ctx *screenCtx, v *rules.TableView) string {
	p := ctx.paint
	if t.bella != rules.NoCard {
		return "Announce?"
	}
	switch v.Phase {
	case rules.PhaseDeclare:
		return "Declare?"
	case rules.PhaseBid1:
		return "Your bid on " + p.styledSuit(v.OrigUpcard.Suit()) + ":"
	case rules.PhaseBid2:
		return "Round two:"
	case rules.PhaseDix:
		return "The dix:"
	case rules.PhaseSequences:
		if b := v.OwnBest(); b.Len >= 3 {
			return fmt.Sprintf("Sequences (yours: %d, %s):", b.Value(), b)
		}
		return "Sequences:"
	}
	return ""
}

// keyHelp is the table's keys as help.
func (t *table34) keyHelp(k *keyMap) help.KeyMap {
	v := t.game.View(t.me)
	var drop []key.Binding
	if t.shared != nil {
		drop = append(drop, k.Undo)
	}
	h := keyHelp{full: playHelp(k, v.Options, drop...)}
	switch {
	case !t.myTurn():
		h.short = []key.Binding{brief("tricks", k.LastTrick)}
	case v.Phase == rules.PhasePlay && t.bella == rules.NoCard:
		h.short = []key.Binding{brief("", k.Left, k.Right), brief("play", k.Choose), brief("card", k.Nth),
			brief("bella", k.Bella), brief("tricks", k.LastTrick), brief("hint", k.Hint)}
	default:
		h.short = []key.Binding{brief("", k.Left, k.Right), brief("confirm", k.Choose),
			key.NewBinding(key.WithKeys("1"), key.WithHelp("key", "in [ ]")), brief("tricks", k.LastTrick), brief("hint", k.Hint)}
	}
	h.short = append(h.short, brief("help", k.Help), brief("quit", k.Quit))
	return h
}

// Update takes the person's keys and clicks.
func (t *table34) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	m, cmd := t.update(ctx, msg)
	// "Wait: it is not your turn" is wrong once the turn has come.
	if t.note == waitNote && t.myTurn() {
		t.setNote("", false)
	}
	return m, cmd
}

// waitNote answers a key pressed while another seat is to act.
const waitNote = "Wait: it is not your turn."

func (t *table34) update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	switch msg := msg.(type) {
	case writtenMsg:
		t.game.Record(session.Result(msg))
		return t, nil
	case advanceMsg:
		return t.next()
	case botMoveMsg:
		return t.botMoved(ctx, msg)
	case tea.KeyPressMsg:
		if t.holding {
			// The finished trick was looked at: the bots go on.
			t.holding = false
			return t.next()
		}
		if t.over() {
			return t.overKey(ctx, msg)
		}
		return t.key(ctx, msg)
	case tea.MouseClickMsg:
		return t.click(ctx, msg)
	case tableHintMsg:
		if t.hinting && msg.at == t.hintAt {
			t.hinting, t.hint = false, &msg
			t.job.stop()
			if msg.err == nil {
				t.pointAt(msg.action)
			}
		}
	}
	return t, nil
}

// take applies the person's action, or says why it is refused.
func (t *table34) take(ctx *screenCtx, a rules.Action) (screenModel, tea.Cmd) {
	g := &ctx.paint.g
	w, err := t.game.Apply(t.me, a)
	if err != nil {
		if s, ok := bellaRefusal(g, a, err); ok {
			t.setNote(s, true)
			return t, nil
		}
		what := "say " + a.Words()
		if a.Kind == rules.PlayCard {
			what = "play " + g.cardText(a.Card)
		}
		t.setNote(plain(g, fmt.Sprintf("You cannot %s: %v", what, err)), true)
		return t, nil
	}
	t.bella, t.menu, t.showLast = rules.NoCard, 0, false
	t.stopHint()
	t.setNote("", false)
	next, cmd := t.next()
	return next, tea.Batch(writeCmd(w), cmd)
}

// hand is the person's hand as shown: sorted by the order chosen (by
// trick strength, or by suit in sequence order; with no trumps every
// suit is plain).
func (t *table34) hand(v *rules.TableView) []rules.Card {
	return sortHandBy(v.Hand, v.Hand|v.Played[v.Seat], plainTrump(v.Trump), t.order)
}

// toggleOrder sorts the hand the other way, the cursor staying on its
// card.
func (t *table34) toggleOrder() {
	v := t.game.View(t.me)
	hand := t.hand(&v)
	sel := rules.NoCard
	if t.cursor >= 0 && t.cursor < len(hand) {
		sel = hand[t.cursor]
	}
	t.order ^= 1
	word := "trick strength"
	if t.order == bySuit {
		word = "suit, in sequence order"
	}
	for i, c := range t.hand(&v) {
		if c == sel {
			t.cursor = i
		}
	}
	t.setNote("The hand is sorted by "+word+".", false)
}

// prepare puts the cursor on the first playable card.
func (t *table34) prepare() {
	v := t.game.View(t.me)
	if v.Phase != rules.PhasePlay || !t.myTurn() {
		return
	}
	legal := tableLegalCards(&v)
	for i, c := range t.hand(&v) {
		if legal.Has(c) {
			t.cursor = i
			return
		}
	}
}

func (t *table34) key(ctx *screenCtx, msg tea.KeyPressMsg) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	if w, h := t.minSize(); ctx.Width < w || ctx.Height < h {
		return t, nil
	}
	if isKey(msg, k.LastTrick) {
		t.showLast = !t.showLast
		return t, nil
	}
	if isKey(msg, k.Hint) {
		return t.askHint()
	}
	if isKey(msg, k.SortHand) {
		t.toggleOrder()
		return t, nil
	}
	if isKey(msg, k.Undo) {
		return t.undo()
	}
	if !t.myTurn() {
		if isKey(msg, k.Choose) || isKey(msg, k.Nth) {
			t.setNote(waitNote, false)
		}
		return t, nil
	}
	v := t.game.View(t.me)
	return t.choiceMenu.key(ctx, t, msg, t.decision(&v))
}

// decision is what the person chooses from in v. The note stays when
// the menu's choice moves (this table has no line saying what the item
// means), and the bella key on a card that carries no announcement plays
// it saying nothing.
func (t *table34) decision(v *rules.TableView) decision {
	return decision{bella: t.bellaItems(), legal: v.Legal(), play: v.Phase == rules.PhasePlay, hand: t.hand(v)}
}

// click plays the card or takes the menu item under the mouse.
func (t *table34) click(ctx *screenCtx, msg tea.MouseClickMsg) (screenModel, tea.Cmd) {
	if msg.Button != tea.MouseLeft || !t.myTurn() {
		return t, nil
	}
	_, hits := t.render(ctx)
	for _, h := range hits {
		if !h.r.has(msg.X, msg.Y) {
			continue
		}
		v := t.game.View(t.me)
		return t.choiceMenu.click(ctx, t, h, t.decision(&v))
	}
	return t, nil
}

// resultView is the finished deal's breakdown, in place of the table
// until the person goes on.
func (t *table34) resultView(ctx *screenCtx, sc *tableScene) string {
	st := &ctx.Styles
	p := ctx.paint
	v := &sc.V
	w := ctx.Width
	lines := []string{tableHeader34(ctx, sc, w), st.Rule.Render(repeat(p.g.hrule, w)),
		" " + st.Heading.Render(fmt.Sprintf("Deal %d is over", max(1, sc.DealNo))), ""}
	lines = append(lines, resultLines34(ctx, sc, v.Score, w)...)
	if tr := trickNow(sc); tr.done {
		var cs []string
		for i := range v.Players {
			s := rules.Seat((int(tr.leader) + i) % v.Players)
			cs = append(cs, sc.name(s)+" "+p.styledCard(tr.cards[s]))
		}
		lines = append(lines, "", fmt.Sprintf(" Last trick: %s; %s.", strings.Join(cs, ", "), sc.does(tr.winner, "win")))
	}
	next := "Press enter for the next deal."
	if win := t.game.Winner(); win >= 0 {
		var verdict string
		switch {
		case v.Players == 4 && win == int(t.me)%2:
			verdict = st.Good.Render("Your team wins the game!") + " (" + sc.sideName(win) + ")"
		case v.Players == 4:
			verdict = st.Bad.Render("The other team wins the game.") + " (" + sc.sideName(win) + ")"
		case win == int(t.me):
			verdict = st.Good.Render("You win the game!")
		default:
			verdict = st.Bad.Render(sc.sideName(win) + " wins the game.")
		}
		lines = append(lines, "", " "+verdict)
		next = "Press enter for a new game, q to quit."
		if t.back == nil {
			next = "Press enter to quit."
		}
	}
	if t.shared != nil {
		next = t.shared.nextWords()
		// At the end of a game not yet filed, that takes the line of the
		// people's readiness: the window has no room for both.
		if s := t.shared.unfiled(); s != "" {
			lines = append(lines, "", " "+st.Error.Render(wrapLines(s, w-2, 1)[0]))
		} else if s := t.shared.seatsWords(); s != "" {
			lines = append(lines, "", clip(" "+s, w))
		}
	}
	lines = append(lines, "", " "+st.Key.Render(next)+st.Dim.Render("   "+hintLine(appKeys(&ctx.Keys))))
	if t.note != "" {
		lines = append(lines, t.noteLines(ctx)...)
	}
	if err := t.game.SaveErr(); err != nil {
		lines = append(lines, " "+st.Error.Render("! autosave failed: "+err.Error()))
	}
	return joinLines(lines)
}

// Enter deals the next deal if the game waits for one, then lets the
// bots move or waits for the person.
func (t *table34) Enter(ctx *screenCtx) tea.Cmd {
	var w session.Write
	if t.game.NeedDeal() && t.game.Winner() < 0 {
		var err error
		if w, err = t.game.StartDeal(); err != nil {
			t.setNote(err.Error(), true)
		}
	}
	t.tricks = 0
	return tea.Batch(writeCmd(w), func() tea.Msg { return advanceMsg{} })
}

// trickCount is the number of tricks finished in the deal on the table.
func (t *table34) trickCount() int {
	v := t.game.View(t.me)
	n := 0
	for s := range v.Players {
		n += v.Tricks[s]
	}
	return n
}

// next moves the game on after an action: the person's forced moves
// (the session takes them), then a bot's turn, the person's, or the end
// of the deal. With waitKey a trick just finished holds the bots until
// a key.
func (t *table34) next() (screenModel, tea.Cmd) {
	w, err := t.game.Advance()
	cmd := writeCmd(w)
	if err != nil {
		t.setNote(err.Error(), true)
		return t, cmd
	}
	done := t.trickCount()
	finished := done > t.tricks
	t.tricks = done
	seat, ok := t.game.ToMove()
	switch {
	case !ok:
		t.thinking = false
		return t, cmd
	case seat != t.me:
		if finished && t.waitKey {
			t.holding = true
			return t, cmd
		}
		return t, tea.Batch(cmd, t.think())
	}
	t.prepare()
	return t, cmd
}

// think asks the bot for its move, once per position.
func (t *table34) think() tea.Cmd {
	gen := t.game.Gen()
	if t.thinking && t.thinkGen == gen {
		return nil
	}
	th, ok := t.game.Think()
	if !ok {
		return nil
	}
	t.thinking, t.thinkGen = true, gen
	return thinkCmd(th, t.timing)
}

// botMoved applies a bot's answer; a bot error is shown and the session
// takes the first legal action instead, so the game goes on.
func (t *table34) botMoved(ctx *screenCtx, msg botMoveMsg) (screenModel, tea.Cmd) {
	if !t.thinking || msg.th.Gen != t.thinkGen || msg.th.Gen != t.game.Gen() {
		return t, nil
	}
	t.thinking = false
	w, err := t.game.BotMove(msg.th, msg.action, msg.err)
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
	}
	t.showLast = false
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}

// over reports whether the deal on the table is finished: the result
// shows until the person goes on.
func (t *table34) over() bool {
	_, ok := t.game.ToMove()
	return !ok
}

// overKey takes a key on the result: enter deals the next deal, or at
// the end of the game starts a new one from the setup (q quits).
func (t *table34) overKey(ctx *screenCtx, msg tea.KeyPressMsg) (screenModel, tea.Cmd) {
	if !isKey(msg, ctx.Keys.Choose) {
		return t, nil
	}
	if t.game.Winner() >= 0 {
		if t.back != nil {
			return t.back(), nil
		}
		return t, quitNow
	}
	t.note = ""
	return t, t.Enter(ctx)
}

// undo takes back the person's last decision, as at the two-player
// table: a bot's answer still being worked out is dropped (Gen moves on).
func (t *table34) undo() (screenModel, tea.Cmd) {
	w, err := t.game.Undo(t.me)
	switch {
	case errors.Is(err, session.ErrNothingToUndo):
		t.setNote("Nothing to take back: "+err.Error()+".", false)
		return t, nil
	case errors.Is(err, errSharedUndo):
		t.setNote(sharedUndoNote, false)
		return t, nil
	case err != nil:
		t.setNote(err.Error(), true)
		return t, nil
	}
	t.thinking, t.holding = false, false
	t.bella, t.menu, t.showLast = rules.NoCard, 0, false
	t.stopHint()
	t.setNote("Taken back: decide again. (The game log notes that takebacks were used.)", false)
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}
