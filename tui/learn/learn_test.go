package learn

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

func start(t *testing.T, w, h int, ascii bool) (*kittest.Driver, *Screen, *bool) {
	t.Helper()
	run, err := lesson.New(2)
	require.NoError(t, err)
	var play bool
	s := New(run, Config{PlayAfter: &play})
	return kittest.New(t, s, w, h, ascii), s, &play
}

// cursorLegal fails unless the cursor is on a card that may be played
// whenever a card of yours is asked for.
func cursorLegal(t *testing.T, s *Screen) {
	t.Helper()
	d := s.run.Game().Deal()
	if st := s.run.Step(); st.Kind != lesson.Play || d.Over() || d.Turn() != lesson.You {
		return
	}
	v := s.run.View()
	hand := s.hand()
	require.True(t, s.cursor < len(hand) && kit.LegalCards(&v).Has(hand[s.cursor]),
		"the cursor is on %v, which may not be played (hand %v)", hand[min(s.cursor, len(hand)-1)], hand)
}

// TestGoldens: the lesson's screens at 80×24, one per kind of step, a
// refusal of each kind (the lesson's, the engine's, bella's), the
// bottom card, round two, the claim and its score.
func TestGoldens(t *testing.T) {
	d, s, play := start(t, 80, 24, false)
	shot := func(name string) {
		t.Helper()
		kittest.CheckSize(t, d.Frame(), 80, 24)
		kittest.Golden(t, "learn-"+name+"-80x24", d.Text())
	}
	shot("01-welcome")
	d.Press("enter", "enter", "enter")
	shot("02-bid")
	d.Press("t")
	shot("03-refused")
	d.Press("p", "a", "enter", "t")
	shot("04-bottom")
	d.Press("enter", "x", "n")
	shot("05-play")
	cursorLegal(t, s)
	d.Press("5") // A♠ on a club lead: the engine refuses, naming the card
	require.Contains(t, d.Text(), "You cannot play A♠: you must follow clubs")
	d.Press("c") // no claim in the free play
	require.Contains(t, d.Text(), "The last deal of this lesson shows one")
	// Back to a card that may be played, then on to bella: each card
	// asked for starts with the cursor on one that may be played.
	for v := s.run.View(); !kit.LegalCards(&v).Has(s.hand()[s.cursor]); {
		d.Press("right")
	}
	for i := 0; s.run.Step().Name != "bella"; i++ {
		require.Less(t, i, 20, "the lesson never asked for bella")
		d.Press("enter")
		cursorLegal(t, s)
	}
	require.Equal(t, s.run.Step().Bella, s.hand()[s.cursor], "the cursor is not on the bella card")
	d.Press("enter") // the bella card without bella
	shot("06-bella-refused")
	d.Press("b")
	for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
		require.Less(t, i, 20)
		cursorLegal(t, s)
		d.Press("enter")
	}
	require.Empty(t, s.note, "a card was refused")
	d.Press("enter")
	shot("07-score")
	d.Press("enter")
	shot("08-round-one")
	d.Press("p")
	shot("09-round-two")
	d.Press("s")
	shot("10-claim")
	d.Press("1")
	require.Contains(t, d.Text(), "press c to claim them all")
	d.Press("c")
	shot("11-claimed")
	d.Press("enter")
	shot("12-end")
	d.Press("n")
	require.True(t, *play && d.Quit, "n at the end: play %v, quit %v; want a real game next", *play, d.Quit)
}

// TestThrownInHasNoTricks: the deal thrown in after the schmeiss says
// no trump was chosen and counts no tricks: none were played.
func TestThrownInHasNoTricks(t *testing.T) {
	d, s, _ := start(t, 80, 24, false)
	d.Press("enter", "enter", "enter", "p", "a")
	require.True(t, s.run.Game().Deal().Over(), "the deal was not thrown in")
	require.NotContains(t, d.Text(), "tricks:")
	require.Contains(t, d.Text(), " Trump: none, the deal is thrown in")
}

// TestBotWithNoCards: once the bot's last card is played the line of
// its hand says so in words, not a count after an empty row of backs
// ("Bot:  0").
func TestBotWithNoCards(t *testing.T) {
	d, s, _ := start(t, 80, 24, false)
	d.Press("enter", "enter", "enter", "t", "p", "a", "enter", "t", "enter", "x", "n")
	for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
		require.Less(t, i, 200)
		d.Press("enter")
		if s.note != "" {
			d.Press("right", "b")
		}
	}
	require.True(t, s.run.Game().Deal().Over(), "the first deal did not end")
	require.NotContains(t, d.Text(), "Bot:  ")
	require.Contains(t, d.Text(), " Bot: no cards · you deal")
	// The words over the table say the play is over, not how to choose
	// and play a card.
	require.Contains(t, d.Text(), "The last trick")
	require.NotContains(t, d.Text(), "Choose a card")
}

// TestCursorStartsOnPlayable: in many ways of playing the second deal,
// each card asked of you starts with the cursor on a card that may be
// played, even when the card under it last time may not be played now.
func TestCursorStartsOnPlayable(t *testing.T) {
	for game := range 30 {
		d, s, _ := start(t, 80, 24, false)
		d.Press("enter", "enter", "enter", "p", "a", "enter", "t", "enter", "x", "n")
		for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
			require.Less(t, i, 200)
			cursorLegal(t, s)
			// Move the cursor somewhere (maybe onto a card that may not be
			// played), then play a card chosen by the game number.
			for range (game + i) % 5 {
				d.Press("right")
			}
			v := s.run.View()
			legal := kit.LegalCards(&v)
			hand := s.hand()
			for j := range hand {
				c := hand[(j+game)%len(hand)]
				if legal.Has(c) {
					a := rules.PlayAction(c)
					if c == s.run.Step().Bella {
						a.Bella = true
					}
					require.NoError(t, s.run.Try(a))
					s.changed()
					break
				}
			}
		}
	}
}

// TestAnySizeAnyKey: every size down to 1×1, with -ascii too, and
// random keys at every step never panic; every frame is the window's
// size, NO_COLOR and TERM=dumb set.
func TestAnySizeAnyKey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	keys := []string{"enter", "left", "right", "up", "down", "b", "p", "t", "a", "x", "n", "c", "s", "g", "1", "5", "9", "?", "esc", "space", "r"}
	for _, n := range []int{2, 3, 4} {
		for _, ascii := range []bool{false, true} {
			d, s := startAt(t, n, 80, 24, ascii)
			w, h := 80, 24
			for i := 0; i < 3000 && !d.Quit; i++ {
				d.Press(keys[(i*7+i/3)%len(keys)])
				if i%50 == 0 {
					sz := [][2]int{{1, 1}, {20, 5}, {80, 24}, {120, 40}}[(i/50)%4]
					w, h = sz[0], sz[1]
					d.Size(w, h)
				}
				kittest.CheckSize(t, d.Frame(), w, h)
			}
			require.True(t, d.Quit || s.run.Step().Kind == lesson.End, "%d players: the monkey did not reach the end", n)
			_, ok := s.run.Text()[s.run.Step().Name]
			require.True(t, ok, "%d players: step %q has no text", n, s.run.Step().Name)
		}
	}
}

// TestScrolls: a text longer than the window scrolls to its end and no
// further (the lesson file may grow).
func TestScrolls(t *testing.T) {
	d, s, _ := start(t, 80, 24, false)
	text := s.run.Text()
	sec := text["welcome"]
	for i := range 30 {
		sec.Paras = append(sec.Paras, lesson.Para{Text: fmt.Sprintf("line %d", i)})
	}
	text["welcome"] = sec
	require.Contains(t, d.Text(), "↓ more", "a text that does not fit says nothing")
	for range 100 {
		d.Press("down")
	}
	scr := d.Text()
	require.False(t, strings.Contains(scr, "↓ more") || !strings.Contains(scr, "line 29"), "scrolled to the end, the last line is not shown:\n%s", scr)
	d.Press("up")
	require.Contains(t, d.Text(), "↓ more", "one line back up, the end is hidden but not said")
}

// playTheLesson walks the lesson at 80×24 to its card play and plays
// it with enter, calling each at every card decision before the key.
func playTheLesson(t *testing.T, each func(d *kittest.Driver, s *Screen)) {
	d, s, _ := start(t, 80, 24, false)
	d.Press("enter", "enter", "enter", "p", "a", "enter", "t", "enter", "x", "n")
	for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
		require.Less(t, i, 200)
		each(d, s)
		d.Press("enter")
		if s.note != "" { // a card the lesson refuses: the next may do
			d.Press("right", "b")
		}
	}
}

// TestNumberKeysMatchHand: the card prompt offers the numbers of the
// cards in hand beside enter, as the table writes them ("enter/1-8
// play" with eight), not a 9 that plays nothing.
func TestNumberKeysMatchHand(t *testing.T) {
	seen := 0
	playTheLesson(t, func(d *kittest.Driver, s *Screen) {
		if n := len(s.hand()); s.run.Game().Deal().Turn() == lesson.You {
			want := fmt.Sprintf("[enter/1-%d] play", n)
			if n == 1 {
				want = "[enter/1] play"
			}
			require.Contains(t, d.Text(), want, "%d cards in hand", n)
			seen++
		}
	})
	require.Greater(t, seen, 3)
}

// TestSaidDropsWholeWords: when the words said are too long for the
// line, the oldest give way whole ("… You: exchange · …"), not cut in
// the middle ("…o exchange").
func TestSaidDropsWholeWords(t *testing.T) {
	clipped := 0
	playTheLesson(t, func(d *kittest.Driver, _ *Screen) {
		for _, l := range strings.Split(d.Text(), "\n") {
			if rest, ok := strings.CutPrefix(l, " Said: …"); ok {
				clipped++
				require.Regexp(t, `^ (You|Bot): `, rest, "the words said are cut in the middle of one")
			}
		}
	})
	require.Greater(t, clipped, 0, "the words said never needed clipping")
}

// TestHelpKeepsLettersWithWords: in the lesson's help, a menu letter
// stays on the line of its word ("[s] spades"), never at a line's end.
func TestHelpKeepsLettersWithWords(t *testing.T) {
	_, s, _ := start(t, 80, 24, false)
	ctx := kittest.Context(80, 24)
	for _, l := range kit.NewHelpView(s.KeyHelp(&ctx.Keys).FullHelp()).Lines(&ctx) {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[len(f)-1], "[") && strings.HasSuffix(f[len(f)-1], "]") {
			t.Fatalf("a letter parted from its word: %q", l)
		}
	}
}

// TestEveryStepFits: every step of the lesson, played through as the
// goldens play it, shows its whole text at 80×24 with no scroll and
// "? help" in its footer, every line whole as drawn (under -ascii too,
// where "←/→" is written "<-/->": the window cuts nothing); and so
// does each step after any other key its prompt offers (a choice the
// lesson refuses, a card the rules or the lesson refuse, with the note
// that says why).
func TestEveryStepFits(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		t.Run(fmt.Sprintf("ascii=%v", ascii), func(t *testing.T) { everyStepFits(t, ascii) })
	}
}

func everyStepFits(t *testing.T, ascii bool) {
	fits := func(d *kittest.Driver, s *Screen, what string) {
		t.Helper()
		// Each line as the App draws it (in ASCII under -ascii) fits
		// the window but for blanks at its end, and the footer ends
		// with its last key whole.
		lines := kit.SplitLines(s.View(&d.Ctx))
		for _, l := range lines {
			if l = strings.TrimRight(ansi.Strip(l), " "); ascii {
				l = kit.ASCIIText(l)
			}
			if kit.WidthOf(l) > 80 {
				cur, _ := s.run.Stops()
				t.Fatalf("step %d %s: a line of %d cells is cut at 80: %q", cur, what, kit.WidthOf(l), l)
			}
		}
		if last := strings.TrimRight(ansi.Strip(lines[len(lines)-1]), " "); !strings.HasSuffix(last, "q quit") {
			cur, _ := s.run.Stops()
			t.Fatalf("step %d %s: the footer does not end whole: %q", cur, what, last)
		}
		if scr := d.Text(); strings.Contains(scr, "↓ more") {
			cur, _ := s.run.Stops()
			t.Fatalf("step %d %s needs a scroll at 80×24:\n%s", cur, what, scr)
		}
		// Every step's footer keeps the way to the help.
		if scr := d.Text(); !strings.Contains(lastLines(scr, 2), "? help") {
			cur, _ := s.run.Stops()
			t.Fatalf("step %d %s has no \"? help\" in its footer:\n%s", cur, what, scr)
		}
	}
	// The walk: the keys pressed, each step's offers on the way.
	d, s, _ := start(t, 80, 24, ascii)
	var keys []string
	var offers [][]string
	seen := map[int]bool{}
	press := func(ks ...string) {
		t.Helper()
		for _, k := range ks {
			cur, _ := s.run.Stops()
			seen[cur] = true
			fits(d, s, "")
			keys = append(keys, k)
			offers = append(offers, offered(s))
			d.Press(k)
		}
		fits(d, s, "")
		cur, _ := s.run.Stops()
		seen[cur] = true
	}
	press("enter", "enter", "enter", "t", "p", "a", "enter", "t", "enter", "x", "n")
	for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
		require.Less(t, i, 200)
		press("enter")
		if s.note != "" { // a card the lesson refuses: the next may do
			press("right", "b")
		}
	}
	press("enter", "enter", "p", "s", "1", "c", "enter")
	_, total := s.run.Stops()
	require.Len(t, seen, total, "steps seen: %v", seen)
	// Each other key offered, on a lesson walked to its step anew.
	probes := 0
	for i, ks := range offers {
		for _, k := range ks {
			if k == keys[i] {
				continue
			}
			d, s, _ := start(t, 80, 24, ascii)
			d.Press(keys[:i]...)
			d.Press(k)
			fits(d, s, "after "+k)
			probes++
		}
	}
	require.Greater(t, probes, 20, "keys tried")
}

// offered are the keys the step's prompt offers: each choice of a
// decision, each card's number in the card play.
func offered(s *Screen) []string {
	var out []string
	switch s.run.Step().Kind {
	case lesson.Act:
		v := s.run.View()
		for _, a := range v.Legal() {
			out = append(out, kit.ActionKey(a))
		}
	case lesson.Play, lesson.Claim:
		for i := range s.hand() {
			out = append(out, fmt.Sprint(i+1))
		}
		out = append(out, "c")
	}
	return out
}

// toTheEnd plays the lesson at d to its end as TestGoldens does.
func toTheEnd(t *testing.T, d *kittest.Driver, s *Screen) {
	t.Helper()
	d.Press("enter", "enter", "enter", "p", "a", "enter", "t", "enter", "x", "n")
	walk(t, d, s, func(i int, _ lesson.Step) {
		// A choice the lesson refuses says so: the next may do.
		d.Press(offered(s)[i%len(offered(s))])
	})
}

// walk plays the lesson at d from where it is to its end: act takes
// each choice asked for (the i-th key pressed), the rest goes on as a
// player would.
func walk(t *testing.T, d *kittest.Driver, s *Screen, act func(i int, st lesson.Step)) {
	t.Helper()
	walkPlaying(t, d, s, act, nil)
}

// walkPlaying is walk with each of the person's cards played by play
// (nil: enter, the card at the cursor).
func walkPlaying(t *testing.T, d *kittest.Driver, s *Screen, act func(i int, st lesson.Step), play func()) {
	t.Helper()
	for i := 0; s.run.Step().Kind != lesson.End; i++ {
		require.Less(t, i, 300, "the lesson never ended at %q", s.run.Step().Name)
		pressNext(d, s, i, act, play)
	}
}

// pressNext is walkPlaying's one step: the key that answers the
// lesson's step i; act answers an action step, play (when not nil)
// plays the person's card.
func pressNext(d *kittest.Driver, s *Screen, i int, act func(i int, st lesson.Step), play func()) {
	switch st := s.run.Step(); {
	case st.Bella != rules.NoCard && s.hand()[s.cursor] == st.Bella:
		d.Press("b")
	case st.Kind == lesson.Act:
		act(i, st)
	case s.note != "" && st.Kind == lesson.Play:
		d.Press("right", "enter")
	case play != nil && st.Kind == lesson.Play && !s.run.Game().Deal().Over() && s.run.Game().Deal().Turn() == lesson.You:
		play()
	case st.Kind == lesson.Claim && s.run.Game().Deal().Turn() == lesson.You:
		d.Press("c")
	default:
		d.Press("enter")
	}
}

// wantedAct answers an action step with the lesson's own action.
func wantedAct(d *kittest.Driver) func(int, lesson.Step) {
	return func(_ int, st lesson.Step) { d.Press(kit.ActionKey(st.Want)) }
}

// TestLeaveGoesBack: the lesson opened from the setup form (Leave set)
// goes back to it instead of quitting Klob: esc at any step and enter
// at the end with play false, n at the end with play true; the key row
// offers esc once. Without Leave, esc asks to quit, as q does.
func TestLeaveGoesBack(t *testing.T) {
	back := &Screen{} // stands for the setup form
	open := func() (*kittest.Driver, *Screen, *[]bool) {
		run, err := lesson.New(2)
		require.NoError(t, err)
		var calls []bool
		s := New(run, Config{Leave: func(play bool) (kit.Screen, tea.Cmd) { calls = append(calls, play); return back, nil }})
		return kittest.New(t, s, 80, 24, false), s, &calls
	}
	d, _, calls := open()
	require.Contains(t, d.Text(), "esc back to the setup")
	foot := lastLines(d.Text(), 1)
	require.Equal(t, 1, strings.Count(foot, "back"), "the key row names the way back once: %q", foot)
	require.NotContains(t, foot, "q ", "q goes back too, after asking: the row names esc alone")
	d.Press("esc")
	require.Equal(t, []bool{false}, *calls, "esc at the first step")
	require.Same(t, back, d.Screen, "esc did not go back to the form")
	require.False(t, d.Quit)
	for key, play := range map[string]bool{"n": true, "enter": false} {
		d, s, calls := open()
		toTheEnd(t, d, s)
		d.Press(key)
		require.Equal(t, []bool{play}, *calls, "%s at the end", key)
		require.False(t, d.Quit, "%s at the end quit Klob", key)
	}
	d, s, _ := start(t, 80, 24, false)
	require.NotContains(t, d.Text(), "esc back")
	_, cmd := s.Update(&d.Ctx, tea.KeyPressMsg{Code: tea.KeyEscape})
	require.NotNil(t, cmd, "esc without Leave does nothing")
	require.Equal(t, kit.AskQuitMsg{}, cmd(), "esc without Leave does not ask to quit as q does")
}

// TestEnterTakesTheAskedChoice: at every choice the lesson asks for
// ("press t"), the menu's cursor starts on that choice, so enter takes
// it as its key does: a newcomer who moves with the arrows and enter is
// never corrected for pressing enter on another choice.
func TestEnterTakesTheAskedChoice(t *testing.T) {
	d, s, _ := start(t, 80, 24, false)
	asked := 0
	walk(t, d, s, func(_ int, st lesson.Step) {
		v := s.run.View()
		require.Equal(t, st.Want, v.Legal()[s.menu], "step %q: the cursor is not on the choice asked for", st.Name)
		d.Press("enter")
		require.Empty(t, s.note, "step %q: enter on the choice asked for was refused", st.Name)
		asked++
	})
	require.GreaterOrEqual(t, asked, 4, "choices asked for")
}

// lastLines is the last n lines of a screen.
func lastLines(scr string, n int) string {
	ls := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	return strings.Join(ls[max(0, len(ls)-n):], "\n")
}

// TestPlayShowsTricksAndSequences: in the card play the header counts
// the tricks, the hand is marked with its sequences as a game marks it
// (50 under A K Q J of spades), and after the first trick a step says
// the sequences are shown, the talk saying which.
func TestPlayShowsTricksAndSequences(t *testing.T) {
	tricks := map[string]bool{}
	shown, first := false, true
	playTheLesson(t, func(d *kittest.Driver, s *Screen) {
		txt := d.Text()
		head := strings.SplitN(txt, "\n", 2)[0]
		if i := strings.Index(head, "trick "); i >= 0 {
			tricks[strings.Fields(head[i:])[1]] = true
		} else {
			t.Errorf("the card play's header counts no trick: %q", head)
		}
		if first && !strings.Contains(txt, "──50──") {
			t.Errorf("the hand's fifty is not marked at the first card:\n%s", txt)
		}
		first = false
		if s.run.Step().Name == "play-shown" {
			shown = true
			if !strings.Contains(txt, "You show K♥ Q♥ J♥ (20), A♠ K♠ Q♠ J♠ (50)") {
				t.Errorf("the sequences shown are not said:\n%s", txt)
			}
		}
	})
	if len(tricks) < 5 {
		t.Errorf("the header counted tricks %v", tricks)
	}
	if !shown {
		t.Error("no step says the sequences are shown after the first trick")
	}
}

// TestDigitTakesTheNthChoice: at a choice, 1-9 take the n-th choice, as
// at the table and as the help says: the lesson answers it as it
// answers its letter (take refused where the lesson wants a pass; pass
// taken).
func TestDigitTakesTheNthChoice(t *testing.T) {
	d, s, _ := start(t, 80, 24, false)
	d.Press("enter", "enter", "enter")
	v := s.run.View()
	index := func(k rules.Kind) string {
		for i, a := range v.Legal() {
			if a.Kind == k {
				return fmt.Sprint(i + 1)
			}
		}
		t.Fatalf("no %v among %v", k, v.Legal())
		return ""
	}
	d.Press(index(rules.Take))
	require.Contains(t, d.Text(), "This lesson asks you to pass here")
	d.Press(index(rules.Pass))
	require.Equal(t, "deal1-schmeiss", s.run.Step().Name, "the pass was taken")
}

// startAt is start for the lesson of a table of players.
func startAt(t *testing.T, players, w, h int, ascii bool) (*kittest.Driver, *Screen) {
	t.Helper()
	run, err := lesson.New(players)
	require.NoError(t, err)
	s := New(run, Config{PlayAfter: new(bool)})
	return kittest.New(t, s, w, h, ascii), s
}

// TestGoldensAtThreeAndFour: the screens of the three- and four-player
// lessons at 80×24, each step once (the card play at its first card, a
// card later, and the last trick), a refusal, the score and the end.
func TestGoldensAtThreeAndFour(t *testing.T) {
	for _, tc := range []struct {
		players int
		// keys pressed before each shot, and the shot's name
		walk [][2]string
	}{
		{3, [][2]string{
			{"", "01-welcome"}, {"enter", "02-cards"}, {"enter", "03-points"},
			{"enter", "04-bid"}, {"enter", "05-taken"}, {"enter", "06-play"},
			{"enter", "07-undertrump"}, {"2", "08-refused"},
		}},
		{4, [][2]string{
			{"", "01-welcome"}, {"enter", "02-cards"}, {"enter", "03-points"},
			{"enter", "04-bid"}, {"p", "05-refused"}, {"t", "06-hands"},
			{"enter", "07-sequences"}, {"g", "08-play"}, {"enter", "09-over-partner"},
			{"1", "10-shown"},
		}},
	} {
		d, s := startAt(t, tc.players, 80, 24, false)
		shot := func(name string) {
			t.Helper()
			kittest.CheckSize(t, d.Frame(), 80, 24)
			kittest.Golden(t, fmt.Sprintf("learn%d-%s-80x24", tc.players, name), d.Text())
		}
		for _, w := range tc.walk {
			if w[0] != "" {
				d.Press(w[0])
			}
			shot(w[1])
		}
		// The rest of the card play with enter on a card that may be
		// played, then the score and the end.
		for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
			require.Less(t, i, 40)
			d.Press("enter")
			if s.note != "" {
				d.Press("right")
			}
		}
		shot("20-last-trick")
		d.Press("enter")
		shot("21-score")
		d.Press("enter")
		shot("22-end")
	}
}

// TestEveryStepFitsAtThreeAndFour: at three and four players, every
// step shows its whole text at 80×24 with no scroll and "? help" in its
// footer, in many ways of playing the cards, with a note of refusal
// when a key offered is refused; and the lesson ends.
func TestEveryStepFitsAtThreeAndFour(t *testing.T) {
	for _, n := range []int{3, 4} {
		for game := range 6 {
			d, s := startAt(t, n, 80, 24, false)
			seen := map[int]bool{}
			for i := 0; s.run.Step().Kind != lesson.End; i++ {
				require.Less(t, i, 300, "%d players: the lesson never ended at %q:\n%s", n, s.run.Step().Name, d.Text())
				scr := d.Text()
				cur, _ := s.run.Stops()
				seen[cur] = true
				require.NotContains(t, scr, "↓ more", "%d players, step %q needs a scroll:\n%s", n, s.run.Step().Name, scr)
				require.Contains(t, lastLines(scr, 2), "? help", "%d players, step %q", n, s.run.Step().Name)
				ks := offered(s)
				switch st := s.run.Step(); {
				case st.Kind == lesson.Act && i%2 == 0:
					d.Press(ks[(i+game)%len(ks)]) // maybe refused: the note must fit too
				case st.Kind == lesson.Act:
					d.Press(kit.ActionKey(st.Want))
				case st.Kind == lesson.Play && !s.run.Game().Deal().Over():
					d.Press(ks[(i+game)%(len(ks)-1)]) // a card by its number
				default:
					d.Press("enter")
				}
			}
			require.NotContains(t, d.Text(), "↓ more")
			cur, total := s.run.Stops()
			seen[cur] = true
			require.Len(t, seen, total, "%d players: steps seen %v", n, seen)
		}
	}
}

// TestTableAtFour: the four-player table names your partner, counts
// each seat's tricks and shows a trick of four cards with its winner.
func TestTableAtFour(t *testing.T) {
	d, s := startAt(t, 4, 80, 24, false)
	d.Press("enter", "enter", "enter")
	require.Contains(t, d.Text(), " West: ▮▮▮▮▮▮ 6, North (partner): ▮▮▮▮▮▮ 6, East: ▮▮▮▮▮▮ 6 · you deal")
	require.Contains(t, d.Text(), "upcard J♥")
	d.Press("t")
	require.Contains(t, d.Text(), "upcard J♥ to you", "the upcard taken by the maker is not said")
	d.Press("enter", "g", "enter")
	require.Contains(t, d.Text(), " On the table: West led A♦, North 8♥, East 9♦.")
	d.Press("1")
	require.Equal(t, "play-shown-4", s.run.Step().Name)
	require.Contains(t, d.Text(), "Last trick: West A♦, North 8♥, East 9♦, you J♥; won by you.")
	require.Contains(t, d.Text(), "tricks: you 1, West 0, North 0, East 0")
	require.Contains(t, d.Text(), "You show K♠ Q♠ J♠ 10♠ (50) · North shows A♣ K♣ Q♣ (20)")
}

// TestLeaveAtFour: opened from the setup form at four, esc goes back
// and n at the end starts the form's game, as at two.
func TestLeaveAtFour(t *testing.T) {
	back := &Screen{}
	run, err := lesson.New(4)
	require.NoError(t, err)
	var calls []bool
	s := New(run, Config{Leave: func(play bool) (kit.Screen, tea.Cmd) { calls = append(calls, play); return back, nil }})
	d := kittest.New(t, s, 80, 24, false)
	walk(t, d, s, func(_ int, st lesson.Step) { d.Press(kit.ActionKey(st.Want)) })
	d.Press("n")
	require.Equal(t, []bool{true}, calls)
	require.Same(t, back, d.Screen)
}

// TestQuitQuestionNamesTheCount: the quit question of the lesson of
// three or four says the command that starts that lesson again.
func TestQuitQuestionNamesTheCount(t *testing.T) {
	for _, n := range []int{3, 4} {
		_, s := startAt(t, n, 80, 24, false)
		require.Equal(t, fmt.Sprintf("The lesson is not saved: klob learn -players %d starts it again from the beginning.", n), s.QuitQuestion())
	}
}

// TestHelpLettersAreTheTables: at every seat count the lesson's help
// lists the letters of the decisions its table offers, and no others:
// the schmeiss (accept, refuse) only at two, the dix only below four, no
// trumps only at four; and every choice the lesson asks for has its
// letter there.
func TestHelpLettersAreTheTables(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		d, s := startAt(t, n, 80, 24, false)
		o := s.run.Game().Options()
		km := kit.DefaultKeys()
		var descs []string
		taken := map[string]bool{}
		for _, group := range s.KeyHelp(&km).FullHelp() {
			for _, b := range group {
				descs = append(descs, b.Help().Desc)
				for _, k := range b.Keys() {
					taken[k] = true
				}
			}
		}
		all := strings.Join(descs, "\n")
		for word, offered := range map[string]bool{
			"schmeiss": o.HasSchmeiss(), "accept": o.HasSchmeiss(), "refuse": o.HasSchmeiss(),
			"exchange": o.HasDix(), "no trumps": o.HasNoTrumps(),
		} {
			if strings.Contains(all, word) != offered {
				t.Errorf("the help names %q: %v, but the table offers it: %v\n%s", word, !offered, offered, all)
			}
		}
		asked := 0
		walk(t, d, s, func(_ int, st lesson.Step) {
			asked++
			v := s.run.View()
			for _, a := range v.Legal() {
				if k := kit.ActionKey(a); k != "" && !taken[k] {
					t.Errorf("step %s offers %s by %s, which the help does not list", st.Name, a, k)
				}
			}
			d.Press(kit.ActionKey(st.Want))
		})
		if asked == 0 && n != 3 { // the lesson of three asks no choice
			t.Errorf("the lesson of %d asked no choice", n)
		}
	})
}

// TestMeldRowUnderTheCards: at every seat count, on every screen of the
// lesson that marks a sequence or the bella pair under your hand, the
// mark is right under the cards, whether you play or not (the numbers
// and marks under it), as the table of a game draws it.
func TestMeldRowUnderTheCards(t *testing.T) {
	meld := regexp.MustCompile(`└[─╌]+[^┘]*(\d+|bella)[─╌]*┘`)
	for _, n := range []int{2, 3, 4} {
		d, s := startAt(t, n, 80, 24, false)
		marked := 0
		for i := 0; s.run.Step().Kind != lesson.End; i++ {
			require.Less(t, i, 300, "%d players: the lesson never ended:\n%s", n, d.Text())
			lines := strings.Split(d.Text(), "\n")
			for r, l := range lines {
				if !meld.MatchString(l) || r == 0 {
					continue
				}
				marked++
				above := lines[r-1]
				if !strings.Contains(above, "└───┘") && !strings.Contains(above, "└╌╌╌┘") && !strings.Contains(above, "┗━━━┛") {
					t.Fatalf("%d players, step %q: the melds' row is not right under the cards:\n%s", n, s.run.Step().Name, d.Text())
				}
			}
			// As walkPlaying goes: the lesson's card, or the next one
			// after a refusal.
			pressNext(d, s, i, wantedAct(d), nil)
		}
		if marked == 0 && n != 3 { // the lesson of three deals you no meld
			t.Errorf("%d players: no screen marked a meld under the hand", n)
		}
	}
}

// TestHiddenHandsAsBacks: at every seat count, plain and -ascii, on
// every screen of the lesson that shows its deal, the line of the bots'
// hands draws each hand as the table does, its name (the partner of four
// marked) and a back per card with their count, "no cards" once it is
// empty, and nothing else: no card of a hidden hand shows there.
func TestHiddenHandsAsBacks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			d, s := startAt(t, n, 80, 24, ascii)
			back := kit.NewContext(ascii).Paint.Glyphs.BackMini
			checked := 0
			for i := 0; s.run.Step().Kind != lesson.End; i++ {
				require.Less(t, i, 300, "%d players: the lesson never ended:\n%s", n, d.Text())
				st := s.run.Step()
				if s.run.Dealt() && st.Kind != lesson.Score {
					v := s.run.View()
					var want []string
					for seat := range rules.Seat(n) {
						if seat == lesson.You {
							continue
						}
						label := s.run.Name(seat)
						if n == 4 && seat == rules.PartnerOf(n, lesson.You) {
							label += " (partner)"
						}
						held := "no cards"
						if c := v.Counts[seat]; c > 0 {
							held = fmt.Sprintf("%s %d(?: cards?)?", regexp.QuoteMeta(strings.Repeat(back, c)), c)
						}
						want = append(want, regexp.QuoteMeta(label+": ")+held)
					}
					hands := regexp.MustCompile(`^ ` + strings.Join(want, ", ") + `(?: · .*)?$`)
					found := false
					for _, l := range strings.Split(d.Text(), "\n") {
						found = found || hands.MatchString(strings.TrimRight(l, " "))
					}
					require.True(t, found, "%d players (ascii %v), step %q: the hands, counts %v, are not drawn as backs:\n%s", n, ascii, st.Name, v.Counts, d.Text())
					checked++
				}
				pressNext(d, s, i, wantedAct(d), nil)
			}
			require.Greater(t, checked, 5, "%d players: too few screens showed the deal", n)
		}
	})
}

// TestMarksWaitForTheirStep: at every seat count, no screen of the
// lesson marks a sequence or bella under your hand before the step that
// explains sequences (deal2-sequences at two, sequences-4 at four); that
// step shows the marks its text speaks of.
func TestMarksWaitForTheirStep(t *testing.T) {
	meld := regexp.MustCompile(`└[─╌]+[^┘]*(\d+|bella)[─╌]*┘`)
	explains := map[int]string{2: "deal2-sequences", 3: "", 4: "sequences-4"}
	told := map[int]bool{}
	eachStep(t, func(at stepAt) {
		if at.st.Name == explains[at.players] {
			told[at.players] = true
			require.Regexp(t, meld, at.d.Text(), "%d players, step %q shows no mark", at.players, at.st.Name)
		}
		if !told[at.players] && meld.MatchString(at.d.Text()) {
			t.Fatalf("%d players, step %q marks a meld before the lesson explains them:\n%s", at.players, at.st.Name, at.d.Text())
		}
	})
	require.True(t, told[2] && told[4], "the steps that explain the marks were not met: %v", told)
}
