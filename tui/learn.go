package tui

import (
	"errors"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// LearnConfig configures `klob learn`.
type LearnConfig struct {
	ASCII bool
	// PlayAfter, when set, is set to true when the player chooses a real
	// game at the end of the lesson (the command then starts klob play).
	PlayAfter *bool
}

// NewLearn returns the App of `klob learn`, the guided first game.
func NewLearn(cfg LearnConfig) (*App, error) {
	run, err := lesson.New()
	if err != nil {
		return nil, err
	}
	return newApp(&learnScreen{run: run, cfg: cfg}, appOptions{ASCII: cfg.ASCII}), nil
}

// learnScreen shows one step of the lesson: its text, the table of the
// lesson's deal, and what the player may do.
type learnScreen struct {
	run    *lesson.Run
	cfg    LearnConfig
	cursor int    // the selected card in the card play
	menu   int    // the selected choice of an Act step
	scroll int    // the first line of the text shown
	note   string // why the last move was refused ("" when none)
	step   string // the step the note and scroll belong to
}

func (s *learnScreen) Name() string { return "learn" }

// QuitQuestion: the lesson keeps nothing.
func (s *learnScreen) QuitQuestion() string {
	return "The lesson is not saved: klob learn starts it again from the beginning."
}

// KeyHelp is the lesson's keys: the status line and the help overlay.
func (s *learnScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{
		kit.Bind("enter/space", "go on; play the selected card; take the selected choice", k.Choose.Keys()...),
		k.Left, k.Right,
		kit.Spelled("scroll the lesson text", k.Up, k.Down),
		k.Nth, k.Bella,
		kit.Bind("letters", "take a choice: [p] pass, [t] take, [a] accept, [x] exchange, [n] not good…"),
		kit.Bind("n", "at the end: start a real game", k.New.Keys()...),
		k.Help, kit.QuitAsks(k),
	}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}

// Update takes a key.
func (s *learnScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return s, nil
	}
	st := s.run.Step()
	switch {
	case kit.IsKey(k, ctx.Keys.Up):
		s.scroll = max(0, s.scroll-1)
		return s, nil
	case kit.IsKey(k, ctx.Keys.Down):
		s.scroll++ // View clamps it
		return s, nil
	}
	switch st.Kind {
	case lesson.Read, lesson.Score:
		if kit.IsKey(k, ctx.Keys.Choose) {
			s.run.Continue()
			s.changed()
		}
	case lesson.Act:
		s.actKey(ctx, k)
	case lesson.Play:
		s.playKey(ctx, k, st)
	case lesson.End:
		if kit.IsKey(k, ctx.Keys.New) {
			if s.cfg.PlayAfter != nil {
				*s.cfg.PlayAfter = true
			}
			return s, kit.QuitNow
		}
		if kit.IsKey(k, ctx.Keys.Choose) {
			return s, kit.QuitNow
		}
	}
	return s, nil
}

// changed resets what belongs to one step when the step has changed.
func (s *learnScreen) changed() {
	if name := s.run.Step().Name; name != s.step {
		s.step, s.scroll, s.menu = name, 0, 0
		s.note = ""
	}
}

// try takes a move and keeps the refusal, if any: the engine's reason,
// naming what was refused, or the lesson's.
func (s *learnScreen) try(g *kit.Glyphs, a rules.Action) {
	before := s.run.View()
	err := s.run.Try(a)
	var ref *lesson.Refusal
	switch {
	case errors.As(err, &ref) && ref.Illegal && ref.Err != nil:
		s.note = kit.RefusalText(g, &before, a, ref.Err)
		return
	case errors.As(err, &ref):
		s.note = ref.Why
		return
	case err != nil:
		s.note = err.Error()
		return
	}
	s.note = ""
	s.changed()
	s.clampCursor()
	s.focusBella()
}

// focusBella moves the cursor to the card the lesson asks to play with
// bella, so that b plays it at once.
func (s *learnScreen) focusBella() {
	c := s.run.Step().Bella
	if c == rules.NoCard {
		return
	}
	for i, h := range s.hand() {
		if h == c {
			s.cursor = i
		}
	}
}

func (s *learnScreen) actKey(ctx *kit.Context, k tea.KeyPressMsg) {
	v := s.run.View()
	legal := v.Legal()
	if len(legal) == 0 {
		return
	}
	switch {
	case kit.IsKey(k, ctx.Keys.Left):
		s.menu = (s.menu + len(legal) - 1) % len(legal)
		return
	case kit.IsKey(k, ctx.Keys.Right):
		s.menu = (s.menu + 1) % len(legal)
		return
	case kit.IsKey(k, ctx.Keys.Choose):
		s.try(&ctx.Paint.Glyphs, legal[min(s.menu, len(legal)-1)])
		return
	}
	for _, a := range legal {
		if k.String() == kit.ActionKey(a) {
			s.try(&ctx.Paint.Glyphs, a)
			return
		}
	}
}

// hand is your hand as shown.
func (s *learnScreen) hand() []rules.Card {
	v := s.run.View()
	return kit.ViewHand(&v, kit.ByStrength)
}

func (s *learnScreen) clampCursor() {
	s.cursor = max(0, min(s.cursor, len(s.hand())-1))
}

func (s *learnScreen) playKey(ctx *kit.Context, k tea.KeyPressMsg, st lesson.Step) {
	d := s.run.Game().Deal()
	if d.Over() {
		if kit.IsKey(k, ctx.Keys.Choose) {
			s.run.Continue()
			s.changed()
		}
		return
	}
	hand := s.hand()
	if len(hand) == 0 {
		return
	}
	s.clampCursor()
	switch {
	case kit.IsKey(k, ctx.Keys.Left):
		s.cursor = (s.cursor + len(hand) - 1) % len(hand)
		s.note = ""
	case kit.IsKey(k, ctx.Keys.Right):
		s.cursor = (s.cursor + 1) % len(hand)
		s.note = ""
	case kit.IsKey(k, ctx.Keys.Nth):
		n := int(k.String()[0] - '1')
		if n < len(hand) {
			s.cursor = n
			s.try(&ctx.Paint.Glyphs, rules.PlayAction(hand[n]))
		}
	case kit.IsKey(k, ctx.Keys.Choose):
		s.try(&ctx.Paint.Glyphs, rules.PlayAction(hand[s.cursor]))
	case kit.IsKey(k, ctx.Keys.Bella):
		s.try(&ctx.Paint.Glyphs, rules.PlayBellaAction(hand[s.cursor]))
	}
}
