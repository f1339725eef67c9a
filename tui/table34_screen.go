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
	"github.com/klob/klob/tui/kit"
)

// tableGame is the game a table of three or four players presents: the
// deal on the table as each seat may know it, whose turn it is, the
// person's actions and the bots' answers, and the game around the deal.
// A session of a table game is one (sessionTable, play34.go); the tests
// drive a rules.Deal through one too. The Writes are the session's
// saves, run off the UI goroutine.
type tableGame interface {
	Players() int
	View(s rules.Seat) rules.View
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
	Records() []rules.Score
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
	back func() kit.Screen

	thinking bool // the bot was asked at thinkGen and has not answered
	thinkGen int
	holding  bool // a finished trick waits for a key before the bots go on
	tricks   int  // tricks finished in the deal when last looked

	kit.Choice              // the hand's cursor, the menu's choice, the bella question
	order      kit.HandSort // how the hand is sorted (o toggles it)
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
}

func newTable34(game tableGame, me rules.Seat, seats [4]tableSeat) *table34 {
	return &table34{game: game, me: me, seats: seats, Choice: kit.Choice{Bella: rules.NoCard}}
}

func (t *table34) Name() string { return "table" }

// MinSize is the smallest window this table is laid out for.
func (t *table34) MinSize() (int, int) { return kit.TableMinSize(t.game.Players()) }

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

func (t *table34) SetNote(s string, isErr bool) { t.note, t.noteErr = s, isErr }

// clearRefusal drops a refusal once the selection moves: it spoke of
// the card that was selected, as at the two-player table.
func (t *table34) ClearRefusal() {
	if t.noteErr {
		t.SetNote("", false)
	}
}

// View draws the table.
func (t *table34) View(ctx *kit.Context) string {
	s, _ := t.render(ctx)
	return s
}

func (t *table34) render(ctx *kit.Context) (string, []kit.Hit) {
	sc := t.scene()
	v := &sc.V
	if v.Phase == rules.PhaseOver {
		return t.resultView(ctx, sc), nil
	}
	hand := t.hand(v)
	legal := kit.LegalCards(v)
	playing := v.Phase == rules.PhasePlay && t.myTurn() && t.Bella == rules.NoCard
	st := &ctx.Styles
	y := ctx.Height - 2
	prompt, menuHits := t.promptLine(ctx, sc, y)
	bottom := append([]string{st.Rule.Render(kit.Repeat(ctx.Paint.Glyphs.HRule, ctx.Width))}, t.noteLines(ctx)...)
	bottom = append(bottom, prompt, " "+kit.HintLine(t.KeyHelp(&ctx.Keys).ShortHelp()))
	s, hits := renderTable34(ctx, sc, ctx.Width, ctx.Height, bottom, t.Cursor, hand, legal, playing)
	return s, append(hits, menuHits...)
}

// noteLines say the hint, what just happened or why a move was refused,
// wrapped to the window (at most maxNoteLines, a save error
// maxSaveErrLines), as the two-player table does; one line, maybe
// blank, when there is nothing to wrap.
func (t *table34) noteLines(ctx *kit.Context) []string {
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
	lines := kit.WrapLines(text, ctx.Width-2, limit)
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
	if t.Bella != rules.NoCard {
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
// is open, as the shared keys (kit.Choice) read it.
func (t *table34) bellaItems() []rules.Action {
	if t.Bella == rules.NoCard {
		return nil
	}
	v := t.game.View(t.me)
	var with []rules.Action
	for _, a := range v.Legal() {
		if a.Kind == rules.PlayCard && a.Card == t.Bella && a.Bella {
			with = append(with, a)
		}
	}
	return append(with, rules.PlayAction(t.Bella))
}

// label is how a menu writes an action.
func (t *table34) label(ctx *kit.Context, a rules.Action) string {
	if a.Kind != rules.PlayCard {
		return kit.TableActionLabel(ctx, a)
	}
	c := ctx.Paint.StyledCard(a.Card)
	switch {
	case a.Bella && a.N == 50:
		return "play " + c + " and say menage"
	case a.Bella:
		return "play " + c + " and say bella"
	}
	return "play " + c + " saying nothing"
}

// promptLine says what the person is to do, a decision as a menu.
func (t *table34) promptLine(ctx *kit.Context, sc *tableScene, y int) (string, []kit.Hit) {
	st := &ctx.Styles
	p := ctx.Paint
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
	if v.Phase == rules.PhasePlay && t.Bella == rules.NoCard {
		legend := "   " + st.Selected.Render(p.Glyphs.SelMark) + " selected  " + st.Playable.Render(p.Glyphs.PlayMark) + " playable"
		if v.InTrick == 0 {
			return " " + st.Heading.Render("Your lead:") + " choose a card and play it" + legend, nil
		}
		return " " + st.Heading.Render("Your turn:") + " answer " + p.StyledCard(v.Trick[0]) + legend, nil
	}
	items := t.items()
	labels := make([]string, len(items))
	for i, a := range items {
		k := fmt.Sprint(i + 1)
		if l := kit.ActionKey(a); l != "" && t.Bella == rules.NoCard && a.Kind != rules.PlayCard {
			k = l
		}
		labels[i] = "[" + k + "] " + t.label(ctx, a)
	}
	return kit.MenuLine(ctx, " "+st.Heading.Render(t.menuPrompt(ctx, v)), labels, t.Menu, y)
}

// menuPrompt names the decision.
func (t *table34) menuPrompt(ctx *kit.Context, v *rules.View) string {
	p := ctx.Paint
	if t.Bella != rules.NoCard {
		return "Announce?"
	}
	switch v.Phase {
	case rules.PhaseDeclare:
		return "Declare?"
	case rules.PhaseBid1:
		return "Your bid on " + p.StyledSuit(v.OrigUpcard.Suit()) + ":"
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

// KeyHelp is the table's keys as help.
func (t *table34) KeyHelp(k *kit.KeyMap) help.KeyMap {
	v := t.game.View(t.me)
	var drop []key.Binding
	if t.shared != nil {
		drop = append(drop, k.Undo, k.Claim)
	}
	h := kit.KeyHelp{Full: kit.PlayHelp(k, v.Options, drop...)}
	switch {
	case !t.myTurn():
		h.Short = []key.Binding{kit.Brief("tricks", k.LastTrick)}
	case v.Phase == rules.PhasePlay && t.Bella == rules.NoCard:
		h.Short = []key.Binding{kit.Brief("", k.Left, k.Right), kit.Brief("play", k.Choose), kit.Brief("card", k.Nth),
			kit.Brief("bella", k.Bella), kit.Brief("tricks", k.LastTrick), kit.Brief("hint", k.Hint)}
	default:
		h.Short = []key.Binding{kit.Brief("", k.Left, k.Right), kit.Brief("confirm", k.Choose),
			key.NewBinding(key.WithKeys("1"), key.WithHelp("key", "in [ ]")), kit.Brief("tricks", k.LastTrick), kit.Brief("hint", k.Hint)}
	}
	h.Short = append(h.Short, kit.Brief("help", k.Help), kit.Brief("quit", k.Quit))
	return h
}

// Update takes the person's keys and clicks.
func (t *table34) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	m, cmd := t.update(ctx, msg)
	// "Wait: it is not your turn" is wrong once the turn has come.
	if t.note == waitNote && t.myTurn() {
		t.SetNote("", false)
	}
	return m, cmd
}

// waitNote answers a key pressed while another seat is to act.
const waitNote = "Wait: it is not your turn."

func (t *table34) update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
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
			if msg.err == nil {
				t.pointAt(msg.action)
			}
		}
	}
	return t, nil
}

// take applies the person's action, or says why it is refused.
func (t *table34) Take(ctx *kit.Context, a rules.Action) (kit.Screen, tea.Cmd) {
	before := t.game.View(t.me)
	w, err := t.game.Apply(t.me, a)
	if err != nil {
		t.SetNote(kit.RefusalText(&ctx.Paint.Glyphs, &before, a, err), true)
		return t, nil
	}
	t.Bella, t.Menu, t.showLast = rules.NoCard, 0, false
	t.hinting, t.hint = false, nil
	t.SetNote("", false)
	next, cmd := t.next()
	return next, tea.Batch(writeCmd(w), cmd)
}

// hand is the person's hand as shown: sorted by the order chosen (by
// trick strength, or by suit in sequence order; with no trumps every
// suit is plain).
func (t *table34) hand(v *rules.View) []rules.Card {
	return kit.ViewHand(v, t.order)
}

// toggleOrder sorts the hand the other way, the cursor staying on its
// card.
func (t *table34) toggleOrder() {
	v := t.game.View(t.me)
	hand := t.hand(&v)
	sel := rules.NoCard
	if t.Cursor >= 0 && t.Cursor < len(hand) {
		sel = hand[t.Cursor]
	}
	t.order ^= 1
	word := "trick strength"
	if t.order == kit.BySuit {
		word = "suit, in sequence order"
	}
	for i, c := range t.hand(&v) {
		if c == sel {
			t.Cursor = i
		}
	}
	t.SetNote("The hand is sorted by "+word+".", false)
}

// prepare puts the cursor on the first playable card.
func (t *table34) prepare() {
	v := t.game.View(t.me)
	if v.Phase != rules.PhasePlay || !t.myTurn() {
		return
	}
	legal := kit.LegalCards(&v)
	for i, c := range t.hand(&v) {
		if legal.Has(c) {
			t.Cursor = i
			return
		}
	}
}

func (t *table34) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	if w, h := t.MinSize(); ctx.Width < w || ctx.Height < h {
		return t, nil
	}
	if kit.IsKey(msg, k.LastTrick) {
		t.showLast = !t.showLast
		return t, nil
	}
	if kit.IsKey(msg, k.Hint) {
		return t.askHint()
	}
	if kit.IsKey(msg, k.SortHand) {
		t.toggleOrder()
		return t, nil
	}
	if kit.IsKey(msg, k.Undo) {
		return t.undo()
	}
	if !t.myTurn() {
		if kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Nth) {
			t.SetNote(waitNote, false)
		}
		return t, nil
	}
	v := t.game.View(t.me)
	return t.Choice.Key(ctx, t, msg, t.decision(&v))
}

// decision is what the person chooses from in v. The note stays when
// the menu's choice moves (this table has no line saying what the item
// means), and the bella key on a card that carries no announcement plays
// it saying nothing.
func (t *table34) decision(v *rules.View) kit.Decision {
	return kit.Decision{Bella: t.bellaItems(), Legal: v.Legal(), Play: v.Phase == rules.PhasePlay, Hand: t.hand(v)}
}

// click plays the card or takes the menu item under the mouse.
func (t *table34) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft || !t.myTurn() {
		return t, nil
	}
	_, hits := t.render(ctx)
	for _, h := range hits {
		if !h.Rect.Has(msg.X, msg.Y) {
			continue
		}
		v := t.game.View(t.me)
		return t.Choice.Click(ctx, t, h, t.decision(&v))
	}
	return t, nil
}

// resultView is the finished deal's breakdown, in place of the table
// until the person goes on.
func (t *table34) resultView(ctx *kit.Context, sc *tableScene) string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	w := ctx.Width
	lines := []string{tableHeader34(ctx, sc, w), st.Rule.Render(kit.Repeat(p.Glyphs.HRule, w)),
		" " + st.Heading.Render(fmt.Sprintf("Deal %d is over", max(1, sc.DealNo))), ""}
	lines = append(lines, resultLines34(ctx, sc, v.Score, w)...)
	if tr := trickNow(sc); tr.done {
		var cs []string
		for i := range v.Players {
			s := rules.Seat((int(tr.leader) + i) % v.Players)
			cs = append(cs, sc.name(s)+" "+p.StyledCard(tr.cards[s]))
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
		if s := t.shared.seatsWords(); s != "" {
			lines = append(lines, "", kit.Clip(" "+s, w))
		}
	}
	lines = append(lines, "", " "+st.Key.Render(next)+st.Dim.Render("   "+kit.HintLine(kit.AppKeys(&ctx.Keys))))
	if t.note != "" {
		lines = append(lines, t.noteLines(ctx)...)
	}
	if err := t.game.SaveErr(); err != nil {
		lines = append(lines, " "+st.Error.Render("! autosave failed: "+err.Error()))
	}
	return kit.JoinLines(lines)
}

// Enter deals the next deal if the game waits for one, then lets the
// bots move or waits for the person.
func (t *table34) Enter(ctx *kit.Context) tea.Cmd {
	var w session.Write
	if t.game.NeedDeal() && t.game.Winner() < 0 {
		var err error
		if w, err = t.game.StartDeal(); err != nil {
			t.SetNote(err.Error(), true)
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
func (t *table34) next() (kit.Screen, tea.Cmd) {
	w, err := t.game.Advance()
	cmd := writeCmd(w)
	if err != nil {
		t.SetNote(err.Error(), true)
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
func (t *table34) botMoved(ctx *kit.Context, msg botMoveMsg) (kit.Screen, tea.Cmd) {
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
		t.SetNote(be.Error(), true)
		if be.Instead == nil {
			return t, nil
		}
	case err != nil:
		t.SetNote(err.Error(), true)
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
func (t *table34) overKey(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	if !kit.IsKey(msg, ctx.Keys.Choose) {
		return t, nil
	}
	if t.game.Winner() >= 0 {
		if t.back != nil {
			return t.back(), nil
		}
		return t, kit.QuitNow
	}
	t.note = ""
	return t, t.Enter(ctx)
}

// undo takes back the person's last decision, as at the two-player
// table: a bot's answer still being worked out is dropped (Gen moves on).
func (t *table34) undo() (kit.Screen, tea.Cmd) {
	w, err := t.game.Undo(t.me)
	switch {
	case errors.Is(err, session.ErrNothingToUndo):
		t.SetNote("Nothing to take back: "+err.Error()+".", false)
		return t, nil
	case errors.Is(err, errSharedUndo):
		t.SetNote(sharedUndoNote, false)
		return t, nil
	case err != nil:
		t.SetNote(err.Error(), true)
		return t, nil
	}
	t.thinking, t.holding = false, false
	t.Bella, t.Menu, t.showLast = rules.NoCard, 0, false
	t.hinting, t.hint = false, nil
	t.SetNote("Taken back: decide again. (The game log notes that takebacks were used.)", false)
	next, c := t.next()
	return next, tea.Batch(writeCmd(w), c)
}

// advanceMsg asks the table to look at the game again (start of a deal).
type advanceMsg struct{}

// writtenMsg is what a session's Write did.
type writtenMsg session.Result

// writeCmd runs a session's Write (a save) off Update.
func writeCmd(w session.Write) tea.Cmd {
	if w == nil {
		return nil
	}
	return func() tea.Msg {
		r := w()
		if r.Empty() {
			return nil
		}
		return writtenMsg(r)
	}
}

// maxSaveErrLines bounds the lines a save error takes on the table.
const maxSaveErrLines = 3
