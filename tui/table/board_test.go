package table

import (
	"slices"
	"strings"

	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// next is the screen AfterBoard goes to.
type next struct{}

func (*next) Name() string                                         { return "next" }
func (n *next) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return n, nil }
func (*next) View(*kit.Context) string                             { return "next" }

// onBoard plays board 1 of a set of n: the host on the board, the
// screen naming it, AfterBoard going to a screen of the test's.
func onBoard(n int, after kit.Screen) fixtureOpt {
	return func(hc *host.Config, tc *Config) {
		o := options(n)
		set, err := duplicate.NewSet(duplicate.Spec{Seed: duplicate.Seed{5, uint64(n)}, Count: 8, Options: o,
			Level: ai.Normal, Seat: rules.SeatA})
		if err != nil {
			panic(err)
		}
		b := set.Boards[0]
		hc.Options, hc.NoHints, hc.Takebacks = o, true, false
		hc.Board = &host.Board{Dealer: b.Dealer, Deck: b.Deck, BotSeed: b.BotSeed, Chance: b.Chance}
		tc.Board, tc.AfterBoard = "Board 1 of 8", func() kit.Screen { return after }
	}
}

// TestBoardScreen: on a duplicate board the table names the board, not
// a deal of a game to a target; offers no hint; shows the result
// without game totals or a winner; its help offers no takeback (there
// is none on a board); and enter there goes on to the screen after the
// board, at every seat count.
func TestBoardScreen(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		after := &next{}
		f := newFixture(t, n, 1, 80, 24, onBoard(n, after))
		f.until("the person's decision", func(s host.Snapshot) bool { return s.Can.Act }, false)
		txt := f.text()
		if !strings.Contains(txt, "Board 1 of 8") || strings.Contains(txt, "game to") || strings.Contains(txt, "Deal 1") {
			t.Fatalf("the header does not name the board alone:\n%s", txt)
		}
		if strings.Contains(txt, "hint") {
			t.Errorf("a hint is offered on a board:\n%s", txt)
		}
		f.hs.Press("H")
		if !strings.Contains(f.text(), "No hint on a duplicate board") {
			t.Errorf("H does not say there is no hint:\n%s", f.text())
		}
		for _, col := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
			for _, kb := range col {
				if slices.Contains(kb.Keys(), "u") {
					t.Errorf("the help offers %q on a board", kb.Help().Desc)
				}
			}
		}
		f.until("the board's end", func(s host.Snapshot) bool { return s.Over }, false)
		txt = f.text()
		for _, want := range []string{"Board 1 of 8 is over", "Press enter to go on."} {
			if !strings.Contains(txt, want) {
				t.Errorf("the result lacks %q:\n%s", want, txt)
			}
		}
		for _, not := range []string{"Game ", "wins the game", "game to"} {
			if strings.Contains(txt, not) {
				t.Errorf("the result says %q:\n%s", not, txt)
			}
		}
		f.hs.Press("enter")
		if f.hs.Screen != kit.Screen(after) {
			t.Fatalf("enter on the board's result went to %T, not the screen after the board", f.hs.Screen)
		}
	})
}

// TestBoardRefusalsMarked: on a duplicate board the refusals of the
// hint and of a takeback carry the same "!" mark, at every seat count.
func TestBoardRefusalsMarked(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, 1, 80, 24, onBoard(n, &next{}))
		f.until("the person's decision", func(s host.Snapshot) bool { return s.Can.Act }, false)
		for key, want := range map[string]string{"H": "! No hint on a duplicate board", "u": "! Nothing to take back"} {
			f.hs.Press(key)
			if !strings.Contains(f.text(), want) {
				t.Errorf("%s does not say %q:\n%s", key, want, f.text())
			}
		}
	})
}
