package tui

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
)

// The shared tables are drawn by the one table screen (tui/table) over
// the seat's host.Port. These tests seat Ann and Bob at a table of two,
// three and four (the others bots) from the fixed seed of
// newLobbyPerson's tables: the goldens keep Ann's screens (the random
// table code written as ????), and every frame is checked against the
// other seats' hidden cards.

// sharedTable opens a table of seats for Ann, seats Bob and starts it.
func sharedTable(t *testing.T, seats, w, ht int) (*hall.Hall, *lobbyPerson, *lobbyPerson) {
	t.Helper()
	h := testHall(t)
	ann, bob := sharedTableIn(t, h, seats, w, ht)
	return h, ann, bob
}

// sharedTableIn is sharedTable in the hall h.
func sharedTableIn(t *testing.T, h *hall.Hall, seats, w, ht int) (*lobbyPerson, *lobbyPerson) {
	t.Helper()
	ann, bob := annAndBob(t, h, w, ht)
	openAndJoin(t, seats, ann, bob)
	ann.key("s")
	ann.until(t, "Deal 1")
	bob.until(t, "Deal 1")
	return ann, bob
}

// aloneAtTable has Ann open a shared table of seats in h and start it
// with bots in the other seats: a game nobody's rating rides on, where
// hints are given.
func aloneAtTable(t *testing.T, h *hall.Hall, seats, w, ht int) *lobbyPerson {
	t.Helper()
	ann := newLobbyPerson(h, "a", "Ann", w, ht)
	t.Cleanup(func() { close(ann.done) })
	openAndJoin(t, seats, ann)
	ann.key("s")
	ann.until(t, "Deal 1")
	return ann
}

// settle delivers the messages of the people until their screens show
// the game as it is and it waits for a person: a decision, or the
// deal's end. Every frame is checked.
func settle(t *testing.T, h *hall.Hall, people ...*lobbyPerson) {
	t.Helper()
	settled := func() bool {
		for _, p := range people {
			sn, ok := p.snap()
			live := p.seat().Port().Snapshot()
			if !ok || sn.Gen != live.Gen || sn.Between != live.Between || sn.Over != live.Over || sn.Hold != live.Hold {
				return false
			}
		}
		for _, p := range people {
			if live := p.seat().Port().Snapshot(); live.Between || live.Over || live.Can.Act {
				return true
			}
		}
		return false
	}
	timeout := time.After(guard)
	for {
		for s, p := range people {
			p.deliver()
			checkNoHidden(t, h, p, rules.Seat(s))
		}
		if settled() {
			return
		}
		select {
		case <-timeout:
			t.Fatalf("the table never settled:\n%s", people[0].screen())
		case <-time.After(time.Millisecond):
		}
	}
}

// noCode writes the table's random code as ????.
func noCode(p *lobbyPerson) string {
	scr := ansi.Strip(p.screen())
	if s := p.seat(); s != nil && s.Code() != "" {
		scr = strings.ReplaceAll(scr, s.Code(), "????")
	}
	return kittest.TrimRight(scr)
}

// TestLobbySharedTableGolden plays the first deal at a table of two,
// three and four at 80x24, both people taking the first choice (enter),
// and keeps Ann's screen at her first bid, her first card, and the
// deal's result.
func TestLobbySharedTableGolden(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			w, ht := 80, 24
			h, ann, bob := sharedTable(t, seats, w, ht)
			shots := map[string]bool{}
			shot := func(tag string) {
				if shots[tag] {
					return
				}
				shots[tag] = true
				kittest.CheckSize(t, ann.screen(), w, ht)
				golden(t, fmt.Sprintf("shared%d-%dx%d-%s", seats, w, ht, tag), noCode(ann))
			}
			for i := 0; i < 400 && !shots["3-result"]; i++ {
				settle(t, h, ann, bob)
				sn, _ := ann.snap()
				switch {
				case sn.Between || sn.Over:
					shot("3-result")
				case seatActs(ann):
					if sn.View.Phase == rules.PhasePlay {
						shot("2-play")
					} else {
						shot("1-bid")
					}
					act(ann)
				case seatActs(bob):
					act(bob)
				}
			}
			for _, tag := range []string{"1-bid", "2-play", "3-result"} {
				if !shots[tag] {
					t.Errorf("no %s screen; ann:\n%s", tag, ann.screen())
				}
			}
		})
	}
}

// TestLobbyHintAloneAtSharedTable: a person alone with bots at a shared
// table of two, three or four (a game no rating rides on) gets the hard
// bot's hint on H, from the seat's own view.
func TestLobbyHintAloneAtSharedTable(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h := testHallWith(t, shortHint)
			ann := aloneAtTable(t, h, seats, 80, 24)
			stepUntil(t, h, func() bool {
				sn, _ := ann.snap()
				return seatActs(ann) && sn.View.Phase == rules.PhasePlay
			}, ann)
			if !seatActs(ann) {
				t.Fatalf("Ann never played a card:\n%s", ann.screen())
			}
			ann.key("H")
			ann.wait(t, "the hint", func() bool {
				sn, _ := ann.snap()
				return sn.Hint != nil && !sn.Hint.Pending
			})
			scr := ansi.Strip(ann.screen())
			if !strings.Contains(scr, "Hint") || strings.Contains(scr, "No hint") {
				t.Fatalf("H shows no hint:\n%s", scr)
			}
			checkNoHidden(t, h, ann, rules.SeatA)
		})
	}
}

// shortHint gives, under -short, the hard bot's hint (its evaluation
// options, as the hall's own hint) on at most 8 samples: the default
// samples cost seconds of CPU at a four-seat first trick, and the tests
// ask only that a hint comes and shows no hidden card. The full run
// keeps the hall's own hint.
func shortHint(c *hall.Config) {
	if !testing.Short() {
		return
	}
	c.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
		opt := ai.EvalOptions(ai.Config{Seed: seed}, v)
		opt.Samples = min(opt.Samples, 8)
		return eval.New().Evaluate(ctx, v, opt)
	}
}

// stepUntil plays the people's seats, at most 400 steps with the table
// settled before each, until done holds: between deals each presses
// enter, else the one whose turn it is acts.
func stepUntil(t *testing.T, h *hall.Hall, done func() bool, people ...*lobbyPerson) {
	t.Helper()
	for i := 0; i < 400; i++ {
		settle(t, h, people...)
		if done() {
			return
		}
		if sn, _ := people[0].snap(); sn.Between {
			for _, p := range people {
				p.key("enter")
			}
			continue
		}
		for _, p := range people {
			if seatActs(p) {
				act(p)
				break
			}
		}
	}
}

// act takes the person's decision: take trump when it is offered (so
// that deals are played, not thrown in), else the first choice.
func act(p *lobbyPerson) {
	if strings.Contains(ansi.Strip(p.screen()), "[t] take") {
		p.key("t")
		return
	}
	p.key("enter")
}

// TestLobbySharedHintClickSort: at a shared table of two, three and
// four where Ann and Bob play against each other (a rated game), H says
// there are no hints; v shows the trick list, o sorts the hand by suit,
// a refused card says why, and a click on a playable card plays it.
func TestLobbySharedHintClickSort(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h, ann, bob := sharedTable(t, seats, 80, 24)
			// Play to Ann's first card that must follow suit (some of
			// her cards refused).
			stepUntil(t, h, func() bool {
				sn, _ := ann.snap()
				legal := kit.LegalCards(&sn.View)
				return seatActs(ann) && sn.View.Phase == rules.PhasePlay && legal.Count() < sn.View.Hand.Count()
			}, ann, bob)
			if !seatActs(ann) {
				t.Fatalf("Ann never played a card:\n%s", ann.screen())
			}
			ann.key("H")
			if scr := ansi.Strip(ann.screen()); !strings.Contains(scr, "No hints in a rated game") {
				t.Fatalf("H at a rated game does not say there are no hints:\n%s", scr)
			}
			if sn, _ := ann.snap(); sn.Hint != nil {
				t.Fatalf("a hint was given at a rated game: %+v", sn.Hint)
			}
			ann.key("v")
			if scr := ansi.Strip(ann.screen()); !strings.Contains(scr, "rick") {
				t.Fatalf("v shows no tricks:\n%s", scr)
			}
			ann.key("v")
			ann.key("o")
			if !strings.Contains(ann.screen(), "sorted by suit") {
				t.Fatalf("o does not sort the hand:\n%s", ann.screen())
			}
			// A card Ann may not play is refused with the reason.
			sn, _ := ann.snap()
			hand, legal := kit.ViewHand(&sn.View, kit.BySuit), kit.LegalCards(&sn.View)
			refused := false
			for i, c := range hand {
				if !legal.Has(c) {
					ann.key(fmt.Sprint(i + 1))
					if !strings.Contains(ansi.Strip(ann.screen()), "cannot play") {
						t.Fatalf("a refused card gives no reason:\n%s", ann.screen())
					}
					refused = true
					break
				}
			}
			if !refused {
				t.Fatalf("Ann holds no card she may not play:\n%s", ann.screen())
			}
			// A click on a playable card plays it.
			gen := sn.Gen
			clicked := false
			for y := 23; y >= 0 && !clicked; y-- {
				for x := 0; x < 80 && !clicked; x += 2 {
					ann.do(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
					// The action's effect is in the port's snapshot at
					// once; the screen shows it at its next refresh.
					if live := ann.seat().Port().Snapshot(); live.Gen != gen || strings.Contains(ansi.Strip(ann.screen()), "Bella?") {
						clicked = true
					}
				}
			}
			if !clicked {
				t.Fatalf("no click played a card:\n%s", ann.screen())
			}
			if strings.Contains(ansi.Strip(ann.screen()), "Bella?") {
				ann.key("b")
			}
			ann.wait(t, "the clicked card on the table", func() bool {
				s, _ := ann.snap()
				return s.Gen != gen
			})
		})
	}
}

// monkeyAtTable sends random keys (the table's letters among them) and
// clicks to p at its table, with window sizes now and then; every
// frame has the window's size and shows no hidden card.
func monkeyAtTable(t *testing.T, h *hall.Hall, p, other *lobbyPerson, seat rules.Seat, r *rand.Rand, n int) int {
	w, ht := 80, 24
	code := p.seat().Code()
	done := 0
	for range n {
		var msg tea.Msg
		switch k := r.IntN(20); {
		case k == 0:
			w, ht = 1+r.IntN(200), 1+r.IntN(60)
			msg = tea.WindowSizeMsg{Width: w, Height: ht}
		case k < 4:
			msg = tea.MouseClickMsg{X: r.IntN(w + 2), Y: r.IntN(ht + 2), Button: tea.MouseLeft}
		case k < 6:
			msg = kittest.Key([]string{"H", "v", "o", "u", "c", "esc"}[r.IntN(6)])
		default:
			msg = monkeyKey(r)
		}
		p.deliver()
		other.deliver()
		if seatActs(other) {
			other.key("enter")
		}
		if p.seat() == nil && !rejoin(t, p, code) {
			break // the monkey cannot come back
		}
		p.do(msg)
		done++
		scr := p.screen()
		kittest.CheckSize(t, scr, w, ht)
		checkNoHiddenOn(t, h, p, seat, scr)
	}
	return done
}

// rejoin takes a person whom the monkey took back to the lobby (q then
// y, or the end of the game) to their seat again by the table's code,
// or, when the monkey ended the connection (ctrl+c), connects them
// again, which takes them back to their seat; it reports whether they
// sit there again.
func rejoin(t *testing.T, p *lobbyPerson, code string) bool {
	t.Helper()
	p.deliver()
	if p.app.quit || p.quit {
		close(p.done)
		w, ht := p.app.ctx.Width, p.app.ctx.Height
		*p = *newLobbyPerson(p.h, p.id, p.name, w, ht)
		p.wait(t, "the seat again after connecting again", func() bool { return p.seat() != nil })
		return true
	}
	if _, ok := p.app.screen.(*lobby.Lobby); !ok {
		t.Logf("the monkey left for %s", p.app.ScreenName())
		return false // the monkey opened something else
	}
	// A window too small takes no keys: the person makes it larger to
	// type the code, then as it was.
	// The help or the quit question the monkey opened goes, and so does
	// a name or code half typed.
	w, ht := p.app.ctx.Width, p.app.ctx.Height
	p.do(tea.WindowSizeMsg{Width: 80, Height: 24})
	p.app.overlay = nil
	p.key("esc")
	p.key("j")
	for _, c := range strings.ToLower(code) {
		p.key(string(c))
	}
	p.key("enter")
	p.do(tea.WindowSizeMsg{Width: w, Height: ht})
	if p.seat() == nil {
		t.Logf("the monkey could not come back:\n%s", p.screen())
	}
	return p.seat() != nil
}

// TestLobbySharedMonkey: random keys and clicks at shared tables of
// two, three and four never panic nor show another seat's cards.
func TestLobbySharedMonkey(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h, ann, bob := sharedTable(t, seats, 80, 24)
			r := rand.New(rand.NewPCG(uint64(seats), 77))
			// 1500 events, 500 under -short.
			if n := monkeyAtTable(t, h, ann, bob, rules.SeatA, r, kittest.MonkeyEvents(1500, 500)); n < 100 {
				t.Errorf("the monkey left the table after %d events", n)
			}
		})
	}
}

// TestLobbySharedDealThenMonkey: two people at a table of two, three
// and four (bots in the other seats) play a deal through their lobbies
// at 80x24: every frame has the window's size and shows no card of
// another hand (a partner's included), and the deal's breakdown shows;
// then random keys, clicks and sizes at the table never panic.
func TestLobbySharedDealThenMonkey(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h, ann, bob := sharedTable(t, seats, 80, 24)
			if sn, _ := ann.snap(); len(sn.Players) != seats {
				t.Fatalf("got %d seats, want %d", len(sn.Players), seats)
			}
			playUntil(t, h, 80, 24, "a deal's end", func() bool {
				sn, _ := ann.snap()
				return sn.Between || sn.Over
			}, ann, bob)
			if !strings.Contains(ann.screen(), "is over") {
				t.Fatalf("the deal's breakdown is not shown:\n%s", ann.screen())
			}
			r := rand.New(rand.NewPCG(uint64(seats), 3))
			n := monkeyAtTable(t, h, ann, bob, rules.SeatA, r, kittest.MonkeyEvents(800, 300)) // 300 under -short
			t.Logf("%d random events at the table", n)
			if n < 50 {
				t.Errorf("the monkey left the table after %d events", n)
			}
		})
	}
}

// fullHistory is a history on a full disk.
type fullHistory struct{}

func (fullHistory) Archive(*gamelog.Log) (string, error) {
	return "", &fs.PathError{Op: "open", Path: "/srv/klob/players/bob/history/x.klob", Err: syscall.ENOSPC}
}

// TestLobbyUnfiledGame: when the server could not file an ended game in
// a person's history (a full disk), the end of the game says so, in
// words the smallest window shows whole, without a path of the
// server's; at every seat count.
func TestLobbyUnfiledGame(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h := testHallWith(t, func(c *hall.Config) {
				c.Refile = time.Hour
				c.History = func(id string) hall.Archiver {
					if id == "b" {
						return fullHistory{}
					}
					return archiveNone{}
				}
			})
			o := rules.DefaultOptions()
			o.Target = 100
			tb, err := h.Open(hall.Player{ID: "a", Name: "Ann"}, hall.Options{Seats: seats, Rules: o, Level: ai.Random, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			ann, bob := annAndBob(t, h, 80, 24)
			ann.join(tb.Code())
			bob.join(tb.Code())
			playGame(t, h, ann, bob)
			ann.wait(t, "the filing's failure", func() bool {
				sn, _ := ann.snap()
				return sn.Save.FileErr != ""
			})
			ann.key("enter") // the last deal's result, then the game's end
			scr := ann.screen()
			kittest.CheckSize(t, scr, 80, 24)
			flat := kittest.Flat(ansi.Strip(scr))
			if !strings.Contains(flat, "could not be filed") || !strings.Contains(flat, "no space left on device") {
				t.Fatalf("the screen does not say the game is not filed:\n%s", scr)
			}
			if strings.Contains(flat, "/srv") {
				t.Fatalf("the screen shows a path of the server's:\n%s", scr)
			}
			// The game's end offers its replay; esc comes back to it, and
			// q in the replay goes back to the lobby unasked, as q at the
			// game's end does: it never ends the connection.
			ann.key("r")
			if ann.app.ScreenName() != "replay" {
				t.Fatalf("r opens no replay (%s):\n%s", ann.app.ScreenName(), ann.screen())
			}
			ann.key("esc")
			if ann.seat() == nil {
				t.Fatalf("esc does not come back to the game's end (%s):\n%s", ann.app.ScreenName(), ann.screen())
			}
			ann.key("r")
			var qs []string
			for _, col := range ann.app.screen.(kit.Helper).KeyHelp(&ann.app.ctx.Keys).FullHelp() {
				for _, b := range col {
					if slices.Contains(b.Keys(), "q") {
						qs = append(qs, b.Help().Desc)
					}
				}
			}
			if !slices.Equal(qs, []string{"back to the lobby"}) {
				t.Fatalf("the replay's help says q does %q", qs)
			}
			// The replay's line of keys words q as its help does.
			if keys := kittest.Flat(ansi.Strip(ann.screen())); !strings.Contains(keys, "q back to the lobby") || strings.Contains(keys, "q leave") {
				t.Fatalf("the replay's keys do not say q goes back to the lobby, as its help does:\n%s", ann.screen())
			}
			ann.key("q")
			if ann.app.quit {
				t.Fatalf("q in the game's replay ends the connection:\n%s", ann.screen())
			}
			ann.wait(t, "the lobby", func() bool { _, ok := ann.app.screen.(*lobby.Lobby); return ok })
			// Bob's replay of the game shows it from his seat, whatever
			// it is: his hand at the bottom, as he played it, said to be
			// his own ("Your hand") as at his table. His screen
			// takes the game's end from its own messages first.
			bob.wait(t, "the game's end on bob's screen", func() bool {
				sn, _ := bob.snap()
				return sn.Over
			})
			bob.key("enter")
			bob.key("r")
			if bob.app.ScreenName() != "replay" {
				t.Fatalf("r opens no replay for bob (%s):\n%s", bob.app.ScreenName(), bob.screen())
			}
			if scr := kittest.Flat(ansi.Strip(bob.screen())); !strings.Contains(scr, "Your hand") || strings.Contains(scr, "Ann's hand") {
				t.Fatalf("bob's replay does not show his hand at the bottom:\n%s", bob.screen())
			}
			bob.key("esc")
			// Bob, on the game's end: the game is over, q leaves
			// unasked as at the game's end.
			bob.key("q")
			if strings.Contains(kittest.Flat(ansi.Strip(bob.screen())), "Leave?") {
				t.Fatalf("q on the last deal's result asks:\n%s", bob.screen())
			}
			bob.wait(t, "the lobby", func() bool { _, ok := bob.app.screen.(*lobby.Lobby); return ok })
		})
	}
}

// archiveNone files nothing, and says it did.
type archiveNone struct{}

func (archiveNone) Archive(*gamelog.Log) (string, error) { return "", nil }

// TestLobbySharedFullHelp: the full help of a shared table lists
// neither takebacks nor claims, which only a game alone has; at every
// seat count.
func TestLobbySharedFullHelp(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		_, ann, _ := sharedTable(t, seats, 80, 24)
		s := ann.seat()
		require.NotNil(t, s)
		k := kit.DefaultKeys()
		full := s.KeyHelp(&k).FullHelp()
		for _, group := range full {
			for _, b := range group {
				d := b.Help().Desc
				require.NotEqual(t, k.Undo.Help().Desc, d, "%d seats", seats)
				require.NotEqual(t, k.Claim.Help().Desc, d, "%d seats", seats)
			}
		}
		require.NotEmpty(t, full[0])
	}
}

// TestLobbySharedHintWaiting: H pressed while another seat is to act at
// a rated game says there are no hints in it, not to wait for a turn
// that will give none either, and the help does not offer H there.
func TestLobbySharedHintWaiting(t *testing.T) {
	h, ann, bob := sharedTable(t, 2, 80, 24)
	stepUntil(t, h, func() bool { return seatActs(bob) }, ann, bob)
	if !seatActs(bob) {
		t.Fatalf("Bob never came to act:\n%s", bob.screen())
	}
	ann.key("H")
	scr := ansi.Strip(ann.screen())
	if !strings.Contains(scr, "No hints in a rated game") || strings.Contains(scr, "wait for your turn") {
		t.Fatalf("H while Bob acts at a rated game does not say there are no hints:\n%s", scr)
	}
	// Nor does the help offer a hint while she waits.
	ann.key("?")
	if scr := ansi.Strip(ann.screen()); strings.Contains(scr, "hint: what the hard bot") {
		t.Fatalf("the help offers hints at a rated game:\n%s", scr)
	}
}

// TestLobbySharedClaimWaiting: c pressed in the card play while another
// seat is to play says claims are off at the table, as it does on the
// seat's own turn, not to wait for a turn that allows none either.
func TestLobbySharedClaimWaiting(t *testing.T) {
	h, ann, bob := sharedTable(t, 2, 80, 24)
	stepUntil(t, h, func() bool {
		sn, _ := bob.snap()
		return seatActs(bob) && sn.View.Phase == rules.PhasePlay
	}, ann, bob)
	if sn, _ := bob.snap(); !seatActs(bob) || sn.View.Phase != rules.PhasePlay {
		t.Fatalf("Bob never came to play a card:\n%s", bob.screen())
	}
	ann.key("c")
	scr := ansi.Strip(ann.screen())
	if !strings.Contains(scr, "Claims are off") || strings.Contains(scr, "not your turn") {
		t.Fatalf("c while Bob plays does not say claims are off:\n%s", scr)
	}
}

// TestHintSpamHoldsOneSlotWait: at a shared table (alone with a bot: a
// rated game between people has no hints), a person pressing H
// forty-one times while a bot holds the server's only slot leaves at
// most one hint waiting for it (asking again closes the last, and
// closing cancels it); a bot asking after goes first; leaving the table
// cancels the last hint, which never runs.
func TestHintSpamHoldsOneSlotWait(t *testing.T) {
	slots := host.NewSlots(1)
	var hints atomic.Int32
	h := testHallWith(t, func(c *hall.Config) {
		c.Slots = slots
		c.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			hints.Add(1)
			return eval.Evaluation{}, ctx.Err()
		}
	})
	ann := aloneAtTable(t, h, 2, 80, 24)
	for range 400 {
		settle(t, h, ann)
		if seatActs(ann) {
			break
		}
		if sn, _ := ann.snap(); sn.Between {
			ann.key("enter")
		}
	}
	require.True(t, seatActs(ann), "Ann never had a decision:\n%s", ann.screen())
	ctx := context.Background()
	require.NoError(t, slots.Acquire(ctx, host.ForBot)) // a bot thinks
	for range 41 {
		ann.key("H")
	}
	// A closed hint leaves the slot's queue as its goroutine wakes: soon
	// only the last waits.
	ann.wait(t, "one hint waiting for the slot", func() bool { return slots.Waiting(host.ForHint) == 1 })
	// A bot asking now goes ahead of the hint.
	botIn := make(chan struct{})
	go func() {
		_ = slots.Acquire(ctx, host.ForBot)
		close(botIn)
	}()
	ann.wait(t, "the bot waiting", func() bool { return slots.Waiting(host.ForBot) == 1 })
	slots.Release()
	<-botIn
	// Leaving the table cancels the hint still asked for.
	ann.key("q")
	ann.key("y")
	ann.wait(t, "the lobby", func() bool { return ann.seat() == nil })
	ann.wait(t, "the hint cancelled", func() bool { return slots.Waiting(host.ForHint) == 0 })
	slots.Release()
	require.Zero(t, hints.Load(), "a hint ran for a seat that had left")
}
