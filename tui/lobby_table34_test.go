package tui

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Two people at a table of four (two bots) and at a table of three play
// a deal through their lobbies at 80x24: every frame has the window's
// size and shows no card of another hand (a partner's included); then
// random keys and sizes at the table never panic.
func TestLobbyTableOfThreeAndFour(t *testing.T) {
	for _, seats := range []int{3, 4} {
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
			code := ann.seat().w.Code
			r := rand.New(rand.NewPCG(uint64(seats), 3))
			w, ht := 80, 24
			n := 0
			for range 800 {
				if r.IntN(20) == 0 {
					w, ht = 1+r.IntN(200), 1+r.IntN(60)
					ann.do(tea.WindowSizeMsg{Width: w, Height: ht})
				}
				ann.deliver()
				bob.deliver()
				if ann.seat() == nil && !rejoin(t, ann, code) {
					break // the monkey cannot come back
				}
				ann.do(monkeyKey(r))
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
			h, err := hall.New(hall.Config{Grace: time.Minute, Refile: time.Hour,
				NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil },
				History: func(id string) hall.Archiver {
					if id == "b" {
						return fullHistory{}
					}
					return archiveNone{}
				}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(h.Close)
			o := rules.DefaultOptions()
			o.Target = 100
			tb, err := h.Open(hall.Player{ID: "a", Name: "Ann"}, hall.Options{Seats: seats, Rules: o, Level: ai.Random, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			ann := newLobbyPerson(h, "a", "Ann", 80, 24)
			bob := newLobbyPerson(h, "b", "Bob", 80, 24)
			t.Cleanup(func() { close(ann.done); close(bob.done) })
			for _, p := range []*lobbyPerson{ann, bob} {
				p.key("j")
				for _, c := range strings.ToLower(tb.Code()) {
					p.key(string(c))
				}
				p.key("enter")
			}
			ann.key("s")
			ann.until(t, "Deal 1")
			playUntil(t, h, 80, 24, "the game's end", func() bool {
				sn, _ := ann.snap()
				return sn.Over
			}, ann, bob)
			ann.wait(t, "the filing's failure", func() bool {
				sn, _ := ann.snap()
				return sn.Save.FileErr != ""
			})
			ann.key("enter") // the last deal's result, then the game's end
			scr := ann.screen()
			checkSize(t, scr, 80, 24)
			flat := strings.Join(strings.Fields(ansi.Strip(scr)), " ")
			if !strings.Contains(flat, "could not be filed") || !strings.Contains(flat, "no space left on device") {
				t.Fatalf("the screen does not say the game is not filed:\n%s", scr)
			}
			if strings.Contains(flat, "/srv") {
				t.Fatalf("the screen shows a path of the server's:\n%s", scr)
			}
			// The game's end offers its replay; esc comes back to it, and
			// enter goes back to the lobby.
			ann.key("r")
			if ann.app.ScreenName() != "replay" {
				t.Fatalf("r opens no replay (%s):\n%s", ann.app.ScreenName(), ann.screen())
			}
			ann.key("esc")
			if ann.seat() == nil {
				t.Fatalf("esc does not come back to the game's end (%s):\n%s", ann.app.ScreenName(), ann.screen())
			}
			ann.key("enter")
			ann.wait(t, "the lobby", func() bool { _, ok := ann.app.screen.(*lobby); return ok })
		})
	}
}

// archiveNone files nothing, and says it did.
type archiveNone struct{}

func (archiveNone) Archive(*gamelog.Log) (string, error) { return "", nil }
