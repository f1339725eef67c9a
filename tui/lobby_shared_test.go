package tui

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/stretchr/testify/require"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The shared tables are drawn by the local table screens (lobby_duel.go,
// lobby_table34.go). These tests seat Ann and Bob at a table of two and
// of four (two bots) from the fixed seed of newLobbyPerson's tables: the
// goldens keep Ann's screens (the random table code written as ????),
// and every frame is checked against the other seats' hidden cards.

// sharedTable opens a table of seats for Ann, seats Bob and starts it.
func sharedTable(t *testing.T, seats, w, ht int) (*hall.Hall, *lobbyPerson, *lobbyPerson) {
	t.Helper()
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "Ann", w, ht)
	bob := newLobbyPerson(h, "b", "Bob", w, ht)
	t.Cleanup(func() { close(ann.done); close(bob.done) })
	ann.key("o")
	for range seats - 2 {
		ann.key("right")
	}
	ann.key("up")
	ann.key("enter")
	nt, ok := ann.app.screen.(*netTable)
	if !ok {
		t.Fatalf("the host sits at the table:\n%s", ann.screen())
	}
	bob.key("j")
	for _, c := range strings.ToLower(nt.u.Code) {
		bob.key(string(c))
	}
	bob.key("enter")
	ann.until(t, "Seat B  Bob")
	ann.key("s")
	ann.until(t, "Deal 1")
	return h, ann, bob
}

// tableOf is the person's table screen.
func tableOf(p *lobbyPerson) *netTable {
	nt, _ := p.app.screen.(*netTable)
	return nt
}

// settle delivers the updates of both people until none comes for a
// while, checking every frame.
func settle(t *testing.T, h *hall.Hall, people ...*lobbyPerson) {
	t.Helper()
	quiet := 0
	for quiet < 20 {
		got := false
		for s, p := range people {
			if len(p.updates) > 0 {
				got = true
			}
			p.deliver()
			checkNoHidden(t, h, p, rules.Seat(s))
		}
		if got {
			quiet = 0
		} else {
			quiet++
		}
		time.Sleep(time.Millisecond)
	}
}

// noCode writes the table's random code as ????.
func noCode(p *lobbyPerson) string {
	scr := ansi.Strip(p.screen())
	if nt := tableOf(p); nt != nil && nt.u.Code != "" {
		scr = strings.ReplaceAll(scr, nt.u.Code, "????")
	}
	return trimRight(scr)
}

// TestLobbySharedTableGolden plays the first deal at a table of two and
// of four, both people taking the first choice (enter), and keeps Ann's
// screen at her first bid, her first card, and the deal's result.
func TestLobbySharedTableGolden(t *testing.T) {
	for _, tc := range []struct{ seats, w, h int }{{2, 100, 30}, {4, 100, 30}} {
		t.Run(fmt.Sprint(tc.seats), func(t *testing.T) {
			h, ann, bob := sharedTable(t, tc.seats, tc.w, tc.h)
			shots := map[string]bool{}
			shot := func(tag string) {
				if shots[tag] {
					return
				}
				shots[tag] = true
				s := noCode(ann)
				checkSize(t, ann.screen(), tc.w, tc.h)
				golden(t, fmt.Sprintf("shared%d-%dx%d-%s", tc.seats, tc.w, tc.h, tag), s)
			}
			for i := 0; i < 400 && !shots["3-result"]; i++ {
				settle(t, h, ann, bob)
				nt := tableOf(ann)
				switch {
				case nt.u.Between || nt.u.Over:
					shot("3-result")
				case seatActs(ann):
					phase := nt.u.View.Phase
					if tc.seats > 2 {
						phase = nt.u.View.Phase
					}
					if phase == rules.PhasePlay {
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

// act takes the person's decision: take trump when it is offered (so
// that deals are played, not thrown in), else the first choice.
func act(p *lobbyPerson) {
	if strings.Contains(ansi.Strip(p.screen()), "[t] take") {
		p.key("t")
		return
	}
	p.key("enter")
}

// runCmd runs cmd and what follows from it on p's program (a table
// screen's hint and spinner).
func runCmd(t *testing.T, p *lobbyPerson, cmd tea.Cmd) {
	runAll(t, func(m tea.Msg) tea.Cmd { _, c := p.app.Update(m); return c }, cmd)
}

// runAll runs cmd and every command that follows from it, giving
// their messages to update (never the lobby's refresh tick, which the
// tests do not start while running commands).
func runAll(t *testing.T, update func(tea.Msg) tea.Cmd, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 1000 {
			t.Fatal("runaway commands")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().ConvertibleTo(cmdSlice) {
			queue = append(queue, v.Convert(cmdSlice).Interface().([]tea.Cmd)...)
			continue
		}
		if msg == nil {
			continue
		}
		queue = append(queue, update(msg))
	}
}

// TestLobbySharedHintClickSort: at a shared table of two and of four,
// H shows the hard bot's hint (from the seat's own view), v the trick
// list, o sorts the hand by suit, and a click on a playable card plays
// it; a refused card says why.
func TestLobbySharedHintClickSort(t *testing.T) {
	for _, seats := range []int{2, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h, ann, bob := sharedTable(t, seats, 100, 30)
			// Ann's hand as shown and what she may play.
			handOf := func(nt *netTable) ([]rules.Card, rules.CardSet) {
				if seats == 2 {
					v := nt.u.View
					return nt.duelTable().hand(&v), kit.LegalCards(&v)
				}
				v := nt.u.View
				return nt.table34().hand(&v), kit.LegalCards(&v)
			}
			// Play to Ann's first card that must follow suit (some of
			// her cards refused).
			for i := 0; i < 400; i++ {
				settle(t, h, ann, bob)
				nt := tableOf(ann)
				play := (seats == 2 && nt.u.View.Phase == rules.PhasePlay) || (seats > 2 && nt.u.View.Phase == rules.PhasePlay)
				hand, legal := handOf(nt)
				if seatActs(ann) && play && len(legal.Cards()) < len(hand) {
					break
				}
				switch {
				case nt.u.Between:
					ann.key("enter")
					bob.key("enter")
				case seatActs(ann):
					act(ann)
				case seatActs(bob):
					act(bob)
				}
			}
			if !seatActs(ann) {
				t.Fatalf("Ann never played a card:\n%s", ann.screen())
			}
			_, cmd := ann.app.Update(keyMsg("H"))
			runCmd(t, ann, cmd)
			scr := ansi.Strip(ann.screen())
			if !strings.Contains(scr, "Hint") || strings.Contains(scr, "No hint") {
				t.Fatalf("H shows no hint:\n%s", scr)
			}
			checkNoHidden(t, h, ann, rules.SeatA)
			ann.key("H")
			ann.key("v")
			if scr := ansi.Strip(ann.screen()); !strings.Contains(scr, "rick") {
				t.Fatalf("v shows no tricks:\n%s", scr)
			}
			ann.key("v")
			nt := tableOf(ann)
			ann.key("o")
			if !strings.Contains(ann.screen(), "sorted by suit") {
				t.Fatalf("o does not sort the hand:\n%s", ann.screen())
			}
			// A card Ann may not play, if she holds one, is refused with
			// the reason.
			hand, legal := handOf(nt)
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
			// A click on the first playable card plays it.
			var hits []kit.Hit
			if seats == 2 {
				_, hits = nt.duelTable().render(&ann.app.ctx)
			} else {
				_, hits = nt.table34().render(&ann.app.ctx)
			}
			gen := nt.u.Gen
			clicked := false
			for _, ht := range hits {
				if ht.Kind != kit.HitCard {
					continue
				}
				ann.app.Update(tea.MouseClickMsg{X: ht.Rect.X + 1, Y: ht.Rect.Y + 1, Button: tea.MouseLeft})
				if nt.sent || nt.u.Gen != gen {
					clicked = true
					break
				}
				if nt.duelTable().Bella != rules.NoCard || (nt.t34 != nil && nt.t34.Bella != rules.NoCard) {
					ann.key("b")
					clicked = true
					break
				}
			}
			if !clicked {
				t.Fatalf("no click played a card:\n%s", ann.screen())
			}
			settle(t, h, ann, bob)
			if nt.u.Gen == gen {
				t.Fatalf("the click's card did not reach the table:\n%s", ann.screen())
			}
		})
	}
}

// monkeyAtTable sends random keys (the table's letters among them) and
// clicks to p at its table, with window sizes now and then; every
// frame has the window's size and shows no hidden card.
func monkeyAtTable(t *testing.T, h *hall.Hall, p, other *lobbyPerson, seat rules.Seat, r *rand.Rand, n int) int {
	w, ht := 100, 30
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
			msg = keyMsg([]string{"H", "v", "o", "u", "c", "esc"}[r.IntN(6)])
		default:
			msg = monkeyKey(r)
		}
		p.deliver()
		other.deliver()
		if seatActs(other) {
			other.key("enter")
		}
		p.app.Update(msg)
		if tableOf(p) == nil {
			break // the monkey left the table
		}
		done++
		checkSize(t, p.screen(), w, ht)
		checkNoHidden(t, h, p, seat)
	}
	return done
}

// TestLobbySharedMonkey: random keys and clicks at shared tables of two
// and four never panic nor show another seat's cards.
func TestLobbySharedMonkey(t *testing.T) {
	for _, seats := range []int{2, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h, ann, bob := sharedTable(t, seats, 100, 30)
			r := rand.New(rand.NewPCG(uint64(seats), 77))
			if n := monkeyAtTable(t, h, ann, bob, rules.SeatA, r, 1500); n < 100 {
				t.Errorf("the monkey left the table after %d events", n)
			}
		})
	}
}

// TestLobbySharedFullHelp: the full help of a shared table lists
// neither takebacks nor claims, which only a game alone has; at two
// seats and at four.
func TestLobbySharedFullHelp(t *testing.T) {
	for _, seats := range []int{2, 4} {
		_, ann, _ := sharedTable(t, seats, 100, 30)
		nt := tableOf(ann)
		require.NotNil(t, nt)
		k := kit.DefaultKeys()
		var full [][]key.Binding
		if nt.t2 != nil {
			full = nt.t2.KeyHelp(&k).FullHelp()
		} else {
			full = nt.t34.KeyHelp(&k).FullHelp()
		}
		for _, b := range full[0] {
			d := b.Help().Desc
			require.NotEqual(t, k.Undo.Help().Desc, d, "%d seats", seats)
			require.NotEqual(t, k.Claim.Help().Desc, d, "%d seats", seats)
		}
		require.NotEmpty(t, full[0])
	}
}
