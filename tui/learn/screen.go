package learn

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Config configures the lesson's screen.
type Config struct {
	// PlayAfter, when set, is set to true when the player chooses a real
	// game at the end of the lesson (the command then starts klob play).
	PlayAfter *bool
	// Leave, when set, is where the lesson goes instead of quitting
	// Klob: the setup form it was opened from (L there). play is true
	// for n at the end (a real game), false for enter at the end and
	// for esc at any step.
	Leave func(play bool) (kit.Screen, tea.Cmd)
}

// Screen shows one step of the lesson: its text, the table of the
// lesson's deal, and what the player may do.
type Screen struct {
	run    *lesson.Run
	cfg    Config
	cursor int         // the selected card in the card play
	placed int         // the position the cursor was last placed for (see place)
	menu   int         // the selected choice of an Act step
	scroll int         // the first line of the text shown
	note   string      // why the last move was refused ("" when none)
	remark string      // the lesson's word on the card just played, for the next step
	step   string      // the step the note and scroll belong to
	asks   lesson.Asks // what the lesson asks for at its seat count
	said   string      // the remark last shown as the note, which scrolling keeps
	// order is how the hand is sorted: by trick strength, as it plays,
	// but in sequence order at a step about your sequences (a run then
	// reads as one); o turns it, as at the table. kept is the order
	// before such a step, taken back after it.
	order, kept kit.HandSort
	runs        bool // the step shown is about your sequences (lesson.Step.Runs)
}

// New returns the screen of a lesson run, at its current step.
func New(run *lesson.Run, cfg Config) *Screen {
	s := &Screen{run: run, cfg: cfg, placed: -1, asks: lesson.AsksOf(run.Players())}
	s.changed()
	return s
}

// Name is the screen's name for the App and tests.
func (s *Screen) Name() string { return "learn" }

// QuitQuestion: the lesson keeps nothing; it says where it starts
// again.
func (s *Screen) QuitQuestion() string {
	if s.cfg.Leave != nil {
		return "The lesson is not saved: L on the setup form starts it again from the beginning."
	}
	if n := s.run.Players(); n != 2 {
		return fmt.Sprintf("The lesson is not saved: klob learn -players %d starts it again from the beginning.", n)
	}
	return "The lesson is not saved: klob learn starts it again from the beginning."
}

// QuitTitle: from the setup form q goes back to it, and says so; on
// its own (klob learn) it quits Klob.
func (s *Screen) QuitTitle() (title, yes string) {
	if s.cfg.Leave != nil {
		return "Back to the setup form?", "back"
	}
	return "", ""
}

// QuitsAtOnce: from the setup form, q at the lesson's first step goes
// back at once: nothing is done yet that going back would lose.
func (s *Screen) QuitsAtOnce() bool {
	cur, _ := s.run.Stops()
	return s.cfg.Leave != nil && cur == 1
}

// QuitTo: from the setup form the App's quit goes back to the form, as
// esc does, its choices kept.
func (s *Screen) QuitTo() (kit.Screen, tea.Cmd) {
	if s.cfg.Leave != nil {
		return s.cfg.Leave(false)
	}
	return nil, nil
}

// HelpHints: the lesson shows a hand and its marks, but no hint nor
// grade, so its help leaves the hints' legend out.
func (s *Screen) HelpHints() bool { return false }

// HelpRules: the help's rules in short are the lesson's game (three
// each for themselves, four in teams), as the table's help tells its
// game's, not the default game of two.
func (s *Screen) HelpRules() (rules.Options, bool) { return s.run.Game().Options(), true }

// KeyHelp is the lesson's keys: the status line and the help overlay.
// The letters that take a choice are those of the decisions the
// lesson's table offers (no schmeiss but at two, no dix at four), from
// keys.go's table.
func (s *Screen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{
		kit.Bind("enter/space", "go on; play the selected card; take the selected choice", k.Choose.Keys()...),
		k.Left, k.Right,
		kit.Spelled("scroll the lesson text", k.Up, k.Down),
		k.Nth, k.SortHand,
	}
	// Bella and the claim only where the lesson at this seat count asks
	// for them.
	if s.asks.Bella {
		keys = append(keys, k.Bella)
	}
	if s.asks.Claim {
		keys = append(keys, kit.Bind("c", "claim every remaining trick (when the lesson asks)", k.Claim.Keys()...))
	}
	keys = append(keys, kit.LetterHelp(s.run.Game().Options(), letterRows...)...)
	keys = append(keys, kit.Bind("n", "at the end: start a real game", k.New.Keys()...))
	if s.cfg.Leave != nil {
		keys = append(keys, kit.Brief("back to the setup form (the lesson is not kept)", k.Back))
	} else {
		keys = append(keys, kit.Brief("quit the lesson, as q does (it asks first)", k.Back))
	}
	keys = append(keys, k.Help, kit.QuitAsks(k))
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}

// gameKeysNote follows the answer to H (the hint) or v (the list of
// tricks), keys of a game that the lesson does not take.
const gameKeysNote = "H (a hint) and v (the list of tricks) work in a game: the lesson explains each step itself."

// letterRows are the rows of the menu letters (kit.LetterHelp) of the
// choices a lesson's menu offers: not a claim's answers to its
// questions, which the lesson never asks.
var letterRows = []string{"bids", "round two", "dix", "sequences", "asks"}

// Update takes a key.
func (s *Screen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if c, ok := msg.(tea.MouseClickMsg); ok {
		return s.click(ctx, c)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return s, nil
	}
	st := s.run.Step()
	switch {
	case s.cfg.Leave != nil && kit.IsKey(k, ctx.Keys.Back):
		return s.cfg.Leave(false)
	case kit.IsKey(k, ctx.Keys.Back):
		// On its own the lesson has nothing to go back to: esc does
		// what q does, asking before it quits.
		return s, kit.AskQuit
	case kit.IsKey(k, ctx.Keys.Up):
		s.scroll = max(0, s.scroll-1)
		s.clearRefusal()
		return s, nil
	case kit.IsKey(k, ctx.Keys.Down):
		s.scroll++ // View clamps it
		s.clearRefusal()
		return s, nil
	case kit.IsKey(k, ctx.Keys.SortHand) && s.handShown(st):
		s.toggleOrder()
		return s, nil
	case kit.IsKey(k, ctx.Keys.Hint), kit.IsKey(k, ctx.Keys.LastTrick):
		// The last step names H for a game; in the lesson it, and v,
		// say what works now and why they do not, rather than nothing.
		s.note = s.notAmong(ctx, k.String(), st) + " " + gameKeysNote
		return s, nil
	}
	switch st.Kind {
	case lesson.Read, lesson.Score:
		if !kit.IsKey(k, ctx.Keys.Choose) {
			s.wrongKey(ctx, k, st)
			return s, nil
		}
		s.run.Continue()
	case lesson.Act:
		s.actKey(ctx, k)
	case lesson.Play, lesson.Claim:
		s.playKey(ctx, k, st)
	case lesson.End:
		play := kit.IsKey(k, ctx.Keys.New)
		if !play && !kit.IsKey(k, ctx.Keys.Choose) {
			s.wrongKey(ctx, k, st)
			return s, nil
		}
		if s.cfg.Leave != nil {
			return s.cfg.Leave(play)
		}
		if play && s.cfg.PlayAfter != nil {
			*s.cfg.PlayAfter = true
		}
		return s, kit.QuitNow
	}
	s.changed()
	return s, nil
}

// click takes a left click: on an offer the step writes ("[enter] go
// on", a choice "[t] take", "[n] play a real game") or a key of the
// line of hints it is that key, the help's and quit's handed to the
// App; on a card of the hand in the card play it is the card's number,
// so it plays the card as the table's click does.
func (s *Screen) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft {
		return s, nil
	}
	out, handTop := s.render(ctx)
	text := ansi.Strip(out)
	if ctx.ASCII {
		text = kit.ASCIIText(text)
	}
	k := &ctx.Keys
	keys := []key.Binding{k.Choose, k.New, k.Claim, k.Bella}
	if st := s.run.Step(); st.Kind == lesson.Act {
		v := s.run.View()
		for _, a := range v.Legal() {
			keys = append(keys, kit.Bind(kit.ActionKey(a), "", kit.ActionKey(a)))
		}
	}
	hits := kit.TagHits(text, keys)
	lines := strings.Split(text, "\n")
	labels := []kit.Label{{Words: []string{"esc"}, Key: k.Back}, {Words: []string{"?"}, Key: k.Help}, {Words: []string{"q"}, Key: k.Quit}}
	hits = append(hits, kit.LabelHits(lines[len(lines)-1], len(lines)-1, labels)...)
	if st := s.run.Step(); handTop >= 0 && (st.Kind == lesson.Play || st.Kind == lesson.Claim) && !s.run.Game().Deal().Over() {
		hand := s.hand()
		rows := len(s.handLines(ctx, st)) // the card, the melds' row when held, its number and its mark
		for i, r := range kit.CardRects(min(len(hand), 9), kit.SmallCard, 1, handTop) {
			r.H = rows
			n := fmt.Sprint(i + 1)
			hits = append(hits, kit.Hit{Rect: r, Kind: kit.HitKey, Key: kit.Bind(n, "", n)})
		}
	}
	press, app, ok := kit.ClickedFor(ctx, hits, msg)
	if !ok || app != nil {
		return s, app
	}
	return s.Update(ctx, press)
}

// handShown reports whether step st draws your hand (the deal is on,
// and the step is neither a score nor the end): o sorts it then.
func (s *Screen) handShown(st lesson.Step) bool {
	return s.run.Dealt() && st.Kind != lesson.End && st.Kind != lesson.Score
}

// toggleOrder turns the hand's order, as the table's o does: the
// selected card stays selected, and the note says the order now.
func (s *Screen) toggleOrder() {
	s.order.Turn(s.hand, &s.cursor)
	s.note, s.said = s.order.Note(), ""
}

// wrongKey answers a key that does nothing at step st, naming what
// works now; modifiers pressed alone and esc are not answered, as at
// the table.
func (s *Screen) wrongKey(ctx *kit.Context, k tea.KeyPressMsg, st lesson.Step) {
	if ctx.Keys.Answerable(k) {
		s.note = s.notAmong(ctx, k.String(), st)
	}
}

// notAmong is the answer to key, which does nothing at step st: the
// keys that take the step's choices, as the table names them ("Key z
// is not among the choices: enter.").
func (s *Screen) notAmong(ctx *kit.Context, key string, st lesson.Step) string {
	k := &ctx.Keys
	switch d := s.run.Game().Deal(); {
	case st.Kind == lesson.Act:
		v := s.run.View()
		return kit.NotAmongChoices(key, v.Legal())
	case (st.Kind == lesson.Play || st.Kind == lesson.Claim) && !d.Over():
		return s.notAmongCards(ctx, key, st)
	case st.Kind == lesson.End:
		return kit.NotAmongKeys(key, []string{k.New.Help().Key, k.Choose.Keys()[0]})
	}
	return kit.NotAmongKeys(key, []string{k.Choose.Keys()[0]})
}

// clearRefusal drops the note when it answers a key refused: a key
// the lesson takes (the scroll keys, even with nothing to scroll) says
// the refusal is past, as ←/→ do. The lesson's remark on the card just
// played stays: it is the lesson's word, not an answer to a key.
func (s *Screen) clearRefusal() {
	if s.note != s.said {
		s.note = ""
	}
}

// changed resets what belongs to one step when the step has changed,
// and places the cursor for a new decision in the card play.
func (s *Screen) changed() {
	if st := s.run.Step(); st.Name != s.step {
		s.step, s.scroll, s.menu = st.Name, 0, 0
		s.note = ""
		// A step about your sequences shows the hand in sequence order;
		// after it, the order from before comes back.
		if st.Runs != s.runs {
			if s.runs = st.Runs; st.Runs {
				s.kept, s.order = s.order, kit.BySuit
			} else {
				s.order = s.kept
			}
		}
		// The menu's cursor starts on the choice the step asks for:
		// enter takes it as its key does.
		if st.Kind == lesson.Act {
			v := s.run.View()
			for i, a := range v.Legal() {
				if a == st.Want {
					s.menu = i
				}
			}
		}
	}
	// A remark on the card just played outlives the step it was played
	// at, once.
	if s.remark != "" {
		s.note, s.said, s.remark = s.remark, s.remark, ""
	}
	s.place()
}

// place puts the cursor, when a new card of yours is asked for, on a
// card that may be played: the one the lesson asks to play with bella,
// or the one the step's advice names (lesson.Step.Advised: at your lead
// the highest trump where leading trumps is advised, at a discard the
// card worth least), else the card under the cursor if it may be
// played, else the first that may. Between two of your cards the cursor
// stays where you put it.
func (s *Screen) place() {
	d := s.run.Game().Deal()
	st := s.run.Step()
	if (st.Kind != lesson.Play && st.Kind != lesson.Claim) || d.Over() || d.Turn() != lesson.You {
		return
	}
	at := len(s.run.Records())*100 + len(d.Steps())
	if at == s.placed {
		return
	}
	s.placed = at
	hand := s.hand()
	v := s.run.View()
	legal := kit.LegalCards(&v)
	s.cursor = max(0, min(s.cursor, len(hand)-1))
	for i, c := range hand {
		if c == st.Bella || c == st.Advised {
			s.cursor = i
			return
		}
	}
	if s.cursor < len(hand) && legal.Has(hand[s.cursor]) {
		return
	}
	for i, c := range hand {
		if legal.Has(c) {
			s.cursor = i
			return
		}
	}
}

// refused keeps why a move was not taken: the engine's reason, naming
// what was refused, or the lesson's.
func (s *Screen) refused(g *kit.Glyphs, before *rules.View, a rules.Action, err error) {
	var ref *lesson.Refusal
	switch {
	case err == nil:
		s.note = ""
	case errors.As(err, &ref) && ref.Illegal && ref.Err != nil && before != nil:
		s.note = kit.RefusalText(g, before, a, ref.Err)
	case errors.As(err, &ref):
		s.note = ref.Why
	default:
		s.note = err.Error()
	}
}

// try takes a move, or keeps why not; it returns whether the move was
// taken.
func (s *Screen) try(g *kit.Glyphs, a rules.Action) bool {
	before := s.run.View()
	err := s.run.Try(a)
	s.refused(g, &before, a, err)
	if err == nil {
		s.remark = s.run.Remark()
	}
	return err == nil
}

func (s *Screen) actKey(ctx *kit.Context, k tea.KeyPressMsg) {
	v := s.run.View()
	legal := v.Legal()
	if len(legal) == 0 {
		return
	}
	switch {
	case kit.Step(&ctx.Keys, k) != 0:
		s.menu = (s.menu + kit.Step(&ctx.Keys, k) + len(legal)) % len(legal)
		s.clearRefusal()
		return
	case kit.IsKey(k, ctx.Keys.Choose):
		s.try(&ctx.Paint.Glyphs, legal[min(s.menu, len(legal)-1)])
		return
	case kit.IsKey(k, ctx.Keys.Nth):
		// The n-th choice, as at the table (the help says so).
		// The menu's cursor goes to the choice only when it is taken:
		// after a refused number, enter still takes the choice asked for.
		if n := int(k.String()[0] - '1'); n < len(legal) {
			if s.try(&ctx.Paint.Glyphs, legal[n]) {
				s.menu = n
			}
			return
		}
		s.notOffered(&ctx.Paint.Glyphs, &v, k.String(), legal)
		return
	}
	for _, a := range legal {
		if k.String() == kit.ActionKey(a) {
			s.try(&ctx.Paint.Glyphs, a)
			return
		}
	}
	// Every other key is answered, as at the table: a key that did
	// nothing without a word would leave the person guessing.
	if ctx.Keys.Answerable(k) {
		s.notOffered(&ctx.Paint.Glyphs, &v, k.String(), legal)
	}
}

// notOffered answers a menu's letter or number that takes none of the
// choices now, as the table does: which keys do; or, when the key is a
// move the rules refuse for a reason of this decision (the suit refused
// in round one, a dix without the 7 of trump), the rules' reason.
func (s *Screen) notOffered(g *kit.Glyphs, v *rules.View, key string, legal []rules.Action) {
	for _, a := range whyMoves {
		if kit.ActionKey(a) != key {
			continue
		}
		trial := s.run.Game().Deal().Copy()
		if err := trial.Apply(a); errors.Is(err, rules.ErrBadSuit) || errors.Is(err, rules.ErrNoDix) {
			s.note = kit.RefusalText(g, v, a, err)
			return
		}
	}
	s.note = kit.NotAmongChoices(key, legal)
}

// whyMoves are the moves whose refusal the rules explain by the deal
// (not merely "not now"): a suit to name, the dix.
var whyMoves = []rules.Action{
	rules.NameAction(rules.Clubs), rules.NameAction(rules.Diamonds), rules.NameAction(rules.Hearts),
	rules.NameAction(rules.Spades), rules.NameAction(rules.NoTrumps), {Kind: rules.Exchange},
}

// hand is your hand as shown.
func (s *Screen) hand() []rules.Card {
	v := s.run.View()
	return kit.ViewHand(&v, s.order)
}

// playKey takes a key of the card play: choose a card and play it (with
// bella), or claim the rest; enter after the last trick goes on.
func (s *Screen) playKey(ctx *kit.Context, k tea.KeyPressMsg, st lesson.Step) {
	d := s.run.Game().Deal()
	if d.Over() {
		if kit.IsKey(k, ctx.Keys.Choose) {
			s.run.Continue()
			return
		}
		s.wrongKey(ctx, k, st)
		return
	}
	hand := s.hand()
	if len(hand) == 0 {
		return
	}
	s.cursor = max(0, min(s.cursor, len(hand)-1))
	g := &ctx.Paint.Glyphs
	switch {
	case kit.Step(&ctx.Keys, k) != 0:
		s.cursor = (s.cursor + kit.Step(&ctx.Keys, k) + len(hand)) % len(hand)
		s.note = ""
	case kit.IsKey(k, ctx.Keys.Nth):
		n := int(k.String()[0] - '1')
		if n >= len(hand) {
			// As at the table: the number is of no card of the hand.
			s.note = "You hold " + kit.Plural(len(hand), "card") + "."
			return
		}
		// The cursor goes to the card only when it is played: a refused
		// number leaves it where it was, on a card that may be played,
		// so that enter after the refusal does not meet it again.
		if s.try(g, rules.PlayAction(hand[n])) {
			s.cursor = n
		}
	case kit.IsKey(k, ctx.Keys.Choose):
		s.try(g, rules.PlayAction(hand[s.cursor]))
	case kit.IsKey(k, ctx.Keys.Bella):
		s.try(g, rules.PlayBellaAction(hand[s.cursor]))
	case kit.IsKey(k, ctx.Keys.Claim):
		s.refused(g, nil, rules.Action{}, s.run.Claim())
	case ctx.Keys.Answerable(k):
		// A key that plays no card is answered, as at the table.
		s.note = s.notAmongCards(ctx, k.String(), st)
	}
}

// notAmongCards answers a key that does nothing at your card turn,
// naming the keys the lesson takes now: at the claim only the claim's
// key; at the bella step b, and the keys that play a card only when a
// card other than the bella card may be played (the lesson refuses
// that card played without bella).
func (s *Screen) notAmongCards(ctx *kit.Context, key string, st lesson.Step) string {
	k := &ctx.Keys
	if st.Kind == lesson.Claim {
		return fmt.Sprintf("Key %s is not among the choices: %s.", key, k.Claim.Help().Key)
	}
	v := s.run.View()
	var takes rules.CardSet
	for _, a := range v.Legal() {
		if a.Kind == rules.PlayCard && !a.Bella && a.Card != st.Bella {
			takes = takes.With(a.Card)
		}
	}
	return kit.NotAmongCards(k, key, s.hand(), takes, st.Bella != rules.NoCard)
}
