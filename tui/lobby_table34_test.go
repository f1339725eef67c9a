package tui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
)

// Two people at a table of four (two bots) and at a table of three play
// through their lobbies: every frame has the window's size and shows no
// card of another hand (a partner's included); then random keys and
// sizes at the table never panic.
func TestLobbyTableOfThreeAndFour(t *testing.T) {
	for _, seats := range []int{3, 4} {
		t.Run(string(rune('0'+seats)), func(t *testing.T) {
			h, ann, bob := sharedTable(t, seats, 100, 30)
			nt := tableOf(ann)
			if got := len(nt.u.Seats); got != seats {
				t.Fatalf("got %d seats, want %d", got, seats)
			}
			people := []*lobbyPerson{ann, bob}
			deals := 0
			for i := 0; i < 6000 && deals < 1; i++ {
				for s, p := range people {
					p.deliver()
					scr := p.screen()
					checkSize(t, scr, 100, 30)
					checkNoHidden(t, h, p, rules.Seat(s))
					switch {
					case strings.Contains(scr, "Press enter for the next deal"):
						if s == 0 {
							deals++
						}
						p.key("enter")
					case seatActs(p):
						p.key("enter")
					}
				}
				time.Sleep(time.Millisecond)
			}
			if deals < 1 {
				t.Fatalf("no deal played; ann:\n%s\nbob:\n%s", ann.screen(), bob.screen())
			}
			if !strings.Contains(ann.screen(), "is over") {
				t.Fatalf("the deal's breakdown is not shown:\n%s", ann.screen())
			}
			r := rand.New(rand.NewPCG(uint64(seats), 3))
			w, ht := 100, 30
			n := 0
			for range 800 {
				if r.IntN(20) == 0 {
					w, ht = 1+r.IntN(200), 1+r.IntN(60)
					ann.app.Update(tea.WindowSizeMsg{Width: w, Height: ht})
				}
				ann.deliver()
				bob.deliver()
				ann.app.Update(monkeyKey(r))
				if _, ok := ann.app.screen.(*netTable); !ok {
					break // the monkey left the table
				}
				n++
				checkSize(t, ann.screen(), w, ht)
				checkNoHidden(t, h, ann, rules.SeatA)
			}
			t.Logf("%d random keys at the table", n)
			if n < 50 {
				t.Errorf("the monkey left the table after %d keys", n)
			}
		})
	}
}

// seatActs reports whether the person's seat is to act at its table.
func seatActs(p *lobbyPerson) bool {
	nt, ok := p.app.screen.(*netTable)
	if !ok || !nt.onTable() {
		return false
	}
	if nt.multi() {
		return nt.table34().myTurn()
	}
	return hallDuel{nt}.myTurn()
}

// TestLobbyUnfiledGame: when the server could not file an ended game in
// the person's history (a full disk), the end of the game says so, in
// words the smallest window shows whole, without a path.
func TestLobbyUnfiledGame(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(string(rune('0'+seats)), func(t *testing.T) {
			w, ht := tableMinSize(seats)
			_, ann, bob := sharedTable(t, seats, w, ht)
			people := []*lobbyPerson{ann, bob}
			over := false
			for i := 0; i < 6000 && !over; i++ {
				for _, p := range people {
					p.deliver()
					scr := p.screen()
					switch {
					case strings.Contains(scr, "Press enter for the next deal"):
						over = true
					case strings.Contains(scr, "[t] take"):
						p.key("t")
					case strings.Contains(scr, "Bella?"):
						p.key("b")
					case seatActs(p):
						p.key("enter")
					}
				}
				time.Sleep(time.Millisecond)
			}
			if !over {
				t.Fatalf("no deal ended:\n%s", ann.screen())
			}
			nt := tableOf(ann)
			u := nt.u
			u.Over, u.Between, u.Archived, u.Unfiled = true, true, true, "no space left on device"
			nt.setUpdate(u)
			scr := ann.screen()
			checkSize(t, scr, w, ht)
			flat := strings.Join(strings.Fields(scr), " ")
			if !strings.Contains(flat, "Not in your history yet (no space left on device): the server retries.") {
				t.Fatalf("the screen does not say the game is not filed:\n%s", scr)
			}
			u.Unfiled = ""
			nt.setUpdate(u)
			if strings.Contains(ann.screen(), "not in your history") {
				t.Fatalf("a filed game said not filed:\n%s", ann.screen())
			}
		})
	}
}
