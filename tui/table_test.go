package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// dealSeed deals the person (non-dealer, first to bid) the 7, K and Q of
// clubs with A-K-Q: a deal that passes through every kind of decision:
// a bid, the dix, the sequence dialogue, card play and bella.
const dealSeed = 69

// TestDealGolden plays deal 1 of dealSeed with keys, as a person would,
// and compares the screen at each phase with its golden file.
func TestDealGolden(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	shot := func(name string) { t.Helper(); golden(t, "deal_"+name, trimRight(hs.screen())) }

	if hs.name() != "setup" {
		t.Fatalf("first screen %s, want setup", hs.name())
	}
	shot("01_setup")
	hs.press("enter")
	if hs.name() != "table" {
		t.Fatalf("after enter: screen %s, want table", hs.name())
	}
	shot("02_bid")
	hs.press("t")
	shot("03_dix")
	hs.press("x")
	shot("04_sequences")
	hs.press("a")
	shot("05_lead")
	hs.press("right", "right")
	shot("06_cursor")
	hs.press("enter")
	shot("07_trick_won")
	hs.press("v")
	shot("08_last_trick")
	hs.press("v")
	for hs.table() != nil && hs.table().Bella == rules.NoCard {
		hs.press("enter")
	}
	if hs.table() == nil {
		t.Fatalf("the deal ended without the bella question")
	}
	shot("09_bella")
	hs.press("b")
	shot("10_bella_said")
	for i := 0; i < 20 && hs.name() == "table"; i++ {
		hs.press("enter")
	}
	if hs.name() != "result" {
		t.Fatalf("screen %s after the deal, want result", hs.name())
	}
	shot("11_result")

	g := hs.game()
	recs := g.Records()
	if len(recs) != 1 {
		t.Fatalf("got %d finished deals, want 1", len(recs))
	}
	sc := recs[0].Score
	if sc.Outcome != rules.Made || sc.Bella[humanSeat] != 20 || sc.Seqs[humanSeat] != 20 {
		t.Errorf("score %+v: want made with bella and the sequence to the person", sc)
	}
	// Autosave after every action: the deal's start and each step.
	if want := 1 + len(recs[0].Steps); st.saves != want {
		t.Errorf("got %d saves, want %d (one per action and the deal)", st.saves, want)
	}
	checkSaved(t, st.current, g)

	hs.press("enter")
	if hs.name() != "table" || g.DealNo() != 2 || g.NeedDeal() {
		t.Fatalf("after the result: screen %s, deal %d; want table, deal 2 dealt", hs.name(), g.DealNo())
	}
}

// checkSaved checks the saved log replays to the game on screen.
func checkSaved(t *testing.T, l *gamelog.Log, g *rules.Game) {
	t.Helper()
	if l == nil {
		t.Fatal("nothing saved")
	}
	sg, err := l.Game()
	if err != nil {
		t.Fatalf("the save does not replay: %v", err)
	}
	if sg.Totals() != g.Totals() || len(sg.Records()) != len(g.Records()) || sg.NeedDeal() != g.NeedDeal() {
		t.Fatalf("the save differs: totals %v deals %d, want %v %d", sg.Totals(), len(sg.Records()), g.Totals(), len(g.Records()))
	}
	if !g.NeedDeal() && len(sg.Deal().Steps()) != len(g.Deal().Steps()) {
		t.Fatalf("the save has %d steps of the deal, want %d", len(sg.Deal().Steps()), len(g.Deal().Steps()))
	}
}

// TestLayouts draws the same moment at other sizes and with -ascii.
func TestLayouts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		w, h  int
		ascii bool
	}{
		{"table_200x60", 200, 60, false},
		{"table_120x40", 120, 40, false},
		{"table_80x24_ascii", 80, 24, true},
		{"small_79x24", 79, 24, false},
		{"small_30x5", 30, 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testConfig(dealSeed, &memStore{})
			cfg.ASCII = tc.ascii
			hs := newHarness(t, cfg, tc.w, tc.h)
			if tc.w < kit.MinWidth {
				// Keys are refused below the minimum; grow, play, shrink.
				hs.send(tea.WindowSizeMsg{Width: 80, Height: 24})
			}
			hs.press("enter", "t", "x", "a", "right", "enter")
			hs.send(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
			got := hs.app.render()
			checkSize(t, got, tc.w, tc.h)
			golden(t, tc.name, trimRight(hs.screen()))
		})
	}
}

// checkSize checks a frame is exactly w×h cells.
func checkSize(t testing.TB, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		t.Fatalf("frame has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := kit.WidthOf(l); got != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, got, w, l)
		}
	}
}

// playUntil presses enter (and t at a first-round bid) until done says
// stop, at most n times.
func playUntil(hs *harness, n int, done func() bool) {
	for i := 0; i < n && !done(); i++ {
		if tb := hs.table(); tb != nil && tb.myTurn() && tb.m.view().Phase == rules.PhaseBid1 {
			hs.press("t")
			continue
		}
		hs.press("enter")
	}
}

// TestRefusedCard: a card that does not follow is refused with the
// engine's reason, and nothing changes.
func TestRefusedCard(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		hs := newHarness(t, testConfig(seed, &memStore{}), 80, 24)
		hs.press("enter")
		var bad rules.Card = rules.NoCard
		var idx int
		playUntil(hs, 60, func() bool {
			tb := hs.table()
			if tb == nil || !tb.myTurn() {
				return hs.name() != "table"
			}
			v := tb.m.view()
			if v.Phase != rules.PhasePlay || v.Lead() == rules.NoCard {
				return false
			}
			legal := kit.LegalCards(&v)
			for i, c := range kit.ViewHand(&v, kit.ByStrength) {
				if !legal.Has(c) {
					bad, idx = c, i
					return true
				}
			}
			return false
		})
		if bad == rules.NoCard {
			continue
		}
		g := hs.game()
		steps := len(g.Deal().Steps())
		d := g.Deal().Copy()
		want := d.Apply(rules.PlayAction(bad))
		var ie *rules.IllegalError
		if !errors.As(want, &ie) {
			t.Fatalf("the engine accepts %s: %v", bad, want)
		}
		hs.press(fmt.Sprint(idx + 1))
		if got := len(g.Deal().Steps()); got != steps {
			t.Fatalf("a refused card changed the deal: %d steps, want %d", got, steps)
		}
		scr := hs.screen()
		if !strings.Contains(scr, ie.Reason) {
			t.Fatalf("the screen does not give the engine's reason %q:\n%s", ie.Reason, scr)
		}
		golden(t, "refused_card", trimRight(scr))
		return
	}
	t.Fatal("no seed below 200 gives the person a card to refuse")
}

// TestHelpAndQuit: ? shows the help over the table and any key closes
// it; q asks, n stays, q then y quits with the game saved.
func TestHelpAndQuit(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter")
	hs.press("?")
	scr := hs.screen()
	for _, want := range []string{"Keys", "Rules in short", "enter/space", "bete"} {
		if !strings.Contains(scr, want) && !strings.Contains(scr, "scroll") {
			t.Errorf("help lacks %q", want)
		}
	}
	golden(t, "help_80x24", trimRight(scr))
	hs.press("down", "down")
	hs.press("x") // closes, and is not taken as a move
	if g := hs.game(); len(g.Deal().Steps()) != 0 {
		t.Fatalf("a key that closed the help was played")
	}
	if strings.Contains(hs.screen(), "Rules in short") {
		t.Fatal("the help is still open")
	}
	hs.press("q")
	if !strings.Contains(hs.screen(), "Quit Klob?") {
		t.Fatalf("q does not ask:\n%s", hs.screen())
	}
	golden(t, "quit_ask", trimRight(hs.screen()))
	hs.press("n")
	if hs.quit || strings.Contains(hs.screen(), "Quit Klob?") {
		t.Fatal("n did not keep playing")
	}
	hs.press("t", "q", "y")
	if !hs.quit {
		t.Fatal("q, y did not quit")
	}
	checkSaved(t, st.current, hs.game())
	if note := hs.app.QuitNote(); !strings.Contains(note, "saved") {
		t.Errorf("quit note %q does not say the game is saved", note)
	}
}

// TestResume: a game saved mid-deal is offered at start and continues
// where it stopped; n files it away and starts anew.
func TestResume(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter", "t", "x", "a", "enter")
	before := hs.game()
	steps := append([]rules.Step(nil), before.Deal().Steps()...)
	hs.press("q", "y")

	hs2 := newHarness(t, testConfig(dealSeed, st), 80, 24)
	if hs2.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs2.name())
	}
	golden(t, "resume_offer", trimRight(hs2.screen()))
	hs2.press("r")
	if hs2.name() != "table" {
		t.Fatalf("after r: %s, want table", hs2.name())
	}
	got := hs2.game().Deal().Steps()
	if len(got) < len(steps) {
		t.Fatalf("resumed with %d steps, want at least %d", len(got), len(steps))
	}
	for i := range steps {
		if got[i] != steps[i] {
			t.Fatalf("step %d: got %v, want %v", i, got[i], steps[i])
		}
	}
	// The game goes on: play the deal out.
	playUntil(hs2, 40, func() bool { return hs2.name() != "table" })
	if hs2.name() != "result" {
		t.Fatalf("the resumed deal did not finish: %s", hs2.name())
	}
	hs2.press("q", "y")

	hs3 := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs3.press("n")
	if hs3.name() != "setup" {
		t.Fatalf("after n: %s, want setup", hs3.name())
	}
	if len(st.archived) != 1 || st.current != nil {
		t.Fatalf("the old game was not archived: %d archived", len(st.archived))
	}
}

// TestDamagedSave: a save that cannot be read is reported with where it
// was kept, and a new game can start.
func TestDamagedSave(t *testing.T) {
	st := &memStore{loadErr: damaged()}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	scr := hs.screen()
	for _, want := range []string{"could not be loaded", "current.klob:3:1: bad tag", "/state/klob/damaged/current-1.klob"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}
	golden(t, "damaged_save", trimRight(scr))
	hs.press("enter")
	if hs.name() != "setup" {
		t.Fatalf("after enter: %s, want setup", hs.name())
	}
}

// TestBotCannotStart: a level whose bot cannot be made is reported on
// the setup screen; nothing starts.
func TestBotCannotStart(t *testing.T) {
	cfg := testConfig(1, &memStore{})
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) { return nil, errors.New("not built yet") }
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	if hs.name() != "setup" {
		t.Fatalf("screen %s, want setup", hs.name())
	}
	if scr := hs.screen(); !strings.Contains(scr, "cannot start the normal bot: not built yet") {
		t.Fatalf("no clear error:\n%s", scr)
	}
}

// badBot answers an action that is never legal.
type badBot struct{}

func (badBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	return rules.Action{Kind: rules.Length, N: 99}, nil
}
func (badBot) Level() ai.Level { return ai.Normal }

// TestBotIllegalMove: a bot's illegal answer is shown and replaced by a
// legal one; the game goes on.
func TestBotIllegalMove(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return badBot{}, nil }
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "p")
	if scr := hs.screen(); !strings.Contains(scr, "the bot failed") {
		t.Fatalf("no word of the bot's failure:\n%s", scr)
	}
	if n := len(hs.game().Deal().Steps()); n != 2 {
		t.Fatalf("got %d steps, want 2 (the person's pass and the bot's stand-in)", n)
	}
}

// TestStaleBotAnswer: an answer for an old position is dropped.
func TestStaleBotAnswer(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	g := hs.game()
	n := len(g.Deal().Steps())
	hs.send(botMoveMsg{th: session.Thinker{Seat: botSeat, Gen: -5}, action: rules.PassAction()})
	if len(g.Deal().Steps()) != n {
		t.Fatal("a stale bot answer was applied")
	}
}

// TestMouse: a click on a menu item takes it; a click on a card plays it.
func TestMouse(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	_, hits := hs.table().render(&hs.app.ctx)
	var take *kit.Hit
	for i, h := range hits {
		if h.Kind == kit.HitMenu && h.Index == 1 {
			take = &hits[i]
		}
	}
	if take == nil {
		t.Fatal("no menu item to click")
	}
	hs.send(tea.MouseClickMsg{X: take.Rect.X + 1, Y: take.Rect.Y, Button: tea.MouseLeft})
	g := hs.game()
	if st := g.Deal().Steps(); len(st) == 0 || st[0].Action.Kind != rules.Take {
		t.Fatalf("the click did not take: %v", st)
	}
	hs.press("x", "a")
	_, hits = hs.table().render(&hs.app.ctx)
	v := hs.table().m.view()
	hand := kit.ViewHand(&v, kit.ByStrength)
	for _, h := range hits {
		if h.Kind == kit.HitCard && h.Index == 2 {
			n := len(g.Deal().Steps())
			hs.send(tea.MouseClickMsg{X: h.Rect.X + 2, Y: h.Rect.Y + 3, Button: tea.MouseLeft})
			st := g.Deal().Steps()
			if len(st) <= n || st[n].Action.Card != hand[2] {
				t.Fatalf("clicking card 3 (%s) did not play it: %v", hand[2], st[n:])
			}
			return
		}
	}
	t.Fatal("no card to click")
}

// TestGameOver plays a short game to the end: the winner and where the
// log was filed.
func TestGameOver(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	cfg.Setup.Options.Target = 100
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	playUntil(hs, 500, func() bool { return hs.name() == "gameover" })
	if hs.name() != "gameover" {
		t.Fatalf("no end of game: %s", hs.name())
	}
	scr := hs.screen()
	if !strings.Contains(scr, "/state/klob/history/game-1.klob") {
		t.Fatalf("the archive path is not shown:\n%s", scr)
	}
	golden(t, "gameover", trimRight(scr))
	if len(st.archived) != 1 || !hs.game().Over() {
		t.Fatalf("archived %d, over %v", len(st.archived), hs.game().Over())
	}
	if l := st.archived[0]; gamelog.Result(hs.game()) == "*" || len(l.Deals) != len(hs.game().Records()) {
		t.Fatalf("the archive holds %d deals, want %d", len(l.Deals), len(hs.game().Records()))
	}
	// The game just played, replayed, then analysed; esc comes back.
	hs.press("r")
	if hs.name() != "replay" || !strings.Contains(hs.screen(), "game-1.klob") {
		t.Fatalf("r: %s, want the replay of game-1.klob:\n%s", hs.name(), hs.screen())
	}
	hs.press("esc")
	if hs.name() != "gameover" {
		t.Fatalf("esc from the replay: %s, want gameover", hs.name())
	}
	hs.press("a")
	if hs.name() != "replay" || !strings.Contains(hs.screen(), "nalys") {
		t.Fatalf("a: %s, want the replay analysing:\n%s", hs.name(), hs.screen())
	}
	hs.press("esc")
	hs.press("n")
	if hs.name() != "setup" {
		t.Fatalf("n: %s, want setup", hs.name())
	}
}

// TestSpinner: the spinner shows only once the bot has thought for the
// delay, and goes with its answer.
func TestSpinner(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	tb := hs.table()
	// Pass, and hold the bot's answer back.
	_, answer := hs.app.Update(keyMsg("p"))
	if !tb.thinking || tb.slow {
		t.Fatalf("thinking %v slow %v, want thinking without spinner", tb.thinking, tb.slow)
	}
	if scr := hs.screen(); !strings.Contains(scr, "Bot is thinking…") {
		t.Fatalf("no thinking line:\n%s", scr)
	}
	hs.app.Update(botSlowMsg{gen: tb.m.Gen() - 1}) // an old position
	if tb.slow {
		t.Fatal("a stale delay started the spinner")
	}
	if _, cmd := hs.app.Update(botSlowMsg{gen: tb.m.Gen()}); !tb.slow || cmd == nil {
		t.Fatal("no spinner after the delay")
	}
	if scr := hs.screen(); strings.Contains(scr, "Bot is thinking…") || !strings.Contains(scr, "Bot is thinking") {
		t.Fatalf("no spinner on screen:\n%s", scr)
	}
	hs.run(answer)
	if tb.slow || tb.thinking {
		t.Fatal("the spinner outlived the answer")
	}
}

// TestHintsFit: every line of key hints fits the minimum width.
func TestHintsFit(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	tb := hs.table()
	check := func(what string) {
		t.Helper()
		v := tb.m.view()
		if w := kit.WidthOf(" " + tb.keyHints(&hs.app.ctx, &v)); w > kit.MinWidth {
			t.Errorf("%s: hints are %d cells wide, more than %d", what, w, kit.MinWidth)
		}
	}
	check("bid")
	hs.press("t", "x", "a")
	check("play")
	tb.Bella = rules.MustCard("QC")
	check("bella")
	tb.Bella = rules.NoCard
}

// TestSaveFailure: a save that fails is shown on the table, and the game
// goes on.
func TestSaveFailure(t *testing.T) {
	st := &memStore{saveErr: errors.New("disk full")}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter")
	if scr := hs.screen(); !strings.Contains(scr, "! autosave failed: disk full") {
		t.Fatalf("the failure is not shown:\n%s", scr)
	}
	hs.press("t")
	if n := len(hs.game().Deal().Steps()); n == 0 {
		t.Fatal("the game stopped")
	}
	st.mu.Lock()
	st.saveErr = nil
	st.mu.Unlock()
	hs.press("x")
	if scr := hs.screen(); strings.Contains(scr, "autosave failed") {
		t.Fatalf("the failure outlived a good save:\n%s", scr)
	}
}

// TestStylesAdapt: the colours follow the terminal's background, hearts
// and diamonds are red on both, and the text is the same.
func TestStylesAdapt(t *testing.T) {
	hs := midDeal(t, 80, 24)
	hs.send(bgMsg(true))
	dark := hs.app.render()
	hs.send(bgMsg(false))
	light := hs.app.render()
	if dark == light {
		t.Fatal("the same colours on a light and a dark background")
	}
	if ansi.Strip(dark) != ansi.Strip(light) {
		t.Fatal("the text changes with the background")
	}
	// Red: #FF6B6B on dark, #C0262D on light, around a heart.
	for _, c := range []struct{ frame, red string }{{dark, "38;2;255;107;107m"}, {light, "38;2;192;38;45m"}} {
		if !strings.Contains(c.frame, c.red) || !strings.Contains(c.frame, "♥") {
			t.Errorf("no red %q in the frame", c.red)
		}
	}
	if !kit.NewStyles(true).Dark || kit.NewStyles(false).Dark {
		t.Error("newStyles does not record the background")
	}
}

// TestThrownIn: a deal nobody plays (four passes, or a schmeiss
// accepted) shows that nobody scores and why, and the deal passes.
func TestThrownIn(t *testing.T) {
	found := map[string]bool{}
	for seed := uint64(1); seed < 200 && len(found) < 2; seed++ {
		hs := newHarness(t, testConfig(seed, &memStore{}), 80, 24)
		hs.press("enter")
		for i := 0; i < 6 && hs.name() == "table"; i++ {
			// Pass every bid; accept a schmeiss.
			hs.press("p", "a")
		}
		if hs.name() != "result" {
			continue
		}
		scr := hs.screen()
		if !strings.Contains(scr, "The deal is thrown in: nobody scores.") {
			continue
		}
		why := "passed twice"
		if strings.Contains(scr, "accepted Bot's schmeiss") {
			why = "schmeiss"
		}
		if found[why] {
			continue
		}
		found[why] = true
		g := hs.game()
		if g.Totals() != [4]int{} || g.Records()[0].Score.Outcome != rules.Abandoned {
			t.Fatalf("seed %d: a thrown-in deal scored %v", seed, g.Totals())
		}
		dealer := g.Records()[0].Dealer
		hs.press("enter")
		if g.Dealer() == dealer || g.DealNo() != 2 {
			t.Fatalf("seed %d: the deal did not pass: dealer %s again", seed, dealer)
		}
		golden(t, "thrown_in_"+strings.ReplaceAll(why, " ", "_"), trimRight(scr))
	}
	if len(found) < 2 {
		t.Fatalf("found only %v among 200 seeds", found)
	}
}

// TestDialogueHowHigh: with sequences of equal value the person may ask
// "how high?"; the bot names its top card and the person answers.
func TestDialogueHowHigh(t *testing.T) {
	for seed := uint64(1); seed < 400; seed++ {
		hs := newHarness(t, testConfig(seed, &memStore{}), 80, 24)
		hs.press("enter")
		for i := 0; i < 12; i++ {
			tb := hs.table()
			if tb == nil || !tb.myTurn() {
				break
			}
			v := tb.m.view()
			if v.Phase == rules.PhaseSequences {
				break
			}
			k := map[rules.Phase]string{rules.PhaseBid1: "t", rules.PhaseSchmeiss: "r", rules.PhaseBid2: "p", rules.PhaseDix: "n"}[v.Phase]
			if k == "" {
				break
			}
			hs.press(k)
		}
		tb := hs.table()
		if tb == nil || !tb.myTurn() {
			continue
		}
		v := tb.m.view()
		asks := false
		for _, a := range v.Legal() {
			asks = asks || a.Kind == rules.HowHigh
		}
		if !asks {
			continue
		}
		if scr := hs.screen(); !strings.Contains(scr, "[w] how high?") {
			t.Fatalf("seed %d: the menu does not offer how high?:\n%s", seed, scr)
		}
		hs.press("w")
		scr := hs.screen()
		if !strings.Contains(scr, "You: how high?") || !strings.Contains(scr, "Bot: ") || !strings.Contains(scr, " high") {
			t.Fatalf("seed %d: the dialogue is not on the table:\n%s", seed, scr)
		}
		v = hs.table().m.view()
		if v.Phase != rules.PhaseSequences || v.Turn != humanSeat {
			t.Fatalf("seed %d: after the top card, phase %s turn %s: want the person's answer", seed, v.Phase, v.Turn)
		}
		golden(t, "dialogue_how_high", trimRight(scr))
		hs.press("enter")
		if v := hs.table().m.view(); v.Phase != rules.PhasePlay {
			t.Fatalf("seed %d: the answer did not end the dialogue: %s", seed, v.Phase)
		}
		return
	}
	t.Fatal("no seed below 400 reaches how high?")
}
