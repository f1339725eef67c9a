package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// newClubPerson is newLobbyPerson on a server with the club c.
func newClubPerson(h *hall.Hall, c lobby.Club, id, name string, w, ht int) *lobbyPerson {
	return newLobbyPersonWith(h, id, name, w, ht, func(cfg *LobbyConfig) { cfg.Club = c })
}

// flat is the screen's text with its runs of blanks made one.
func flat(p *lobbyPerson) string { return kittest.Flat(ansi.Strip(p.screen())) }

// untilFlat delivers messages until the screen's flat text holds want.
func (p *lobbyPerson) untilFlat(t testing.TB, want string) {
	t.Helper()
	p.wait(t, want, func() bool { return strings.Contains(flat(p), want) })
}

// TestLobbyShowsRating: the lobby says the person's rating in each
// pool with its uncertainty and what their last game did to it; a
// newcomer's pool says no game yet; a guest reads that guests are not
// rated.
func TestLobbyShowsRating(t *testing.T) {
	c := &lobbytest.Club{Cards: map[string][]club.Standing{"a": {
		{Seats: 2, Rated: true, Games: 7, Shown: rating.Shown{Points: 1512, PlusMinus: 210}, Last: club.Change{Points: 12}},
		{Seats: 3, Shown: rating.Shown{Points: 1500, PlusMinus: 350}},
		{Seats: 4, Rated: true, Games: 1, Shown: rating.Shown{Points: 1480, PlusMinus: 300}, Last: club.Change{Points: -20}},
	}}}
	h := testHall(t)
	ann := newClubPerson(h, c, "a", "Ann", 80, 24)
	zoe := newClubPerson(h, c, "", "Zoe", 80, 24)
	defer close(ann.done)
	defer close(zoe.done)
	// The line breaks between pools, the "·" going with the break.
	ann.untilFlat(t, "Your rating: 2 players 1512 ±210 (+12 last game)")
	for _, pool := range []string{"3 players 1500 ±350 (no game yet)", "4 players 1480 ±300 (-20 last game)"} {
		if !strings.Contains(flat(ann), pool) {
			t.Errorf("the rating lacks %q:\n%s", pool, ann.screen())
		}
	}
	kittest.CheckSize(t, ann.screen(), 80, 24)
	zoe.untilFlat(t, "Guests are not rated")
	// The tables' list tells a guest why it lists none, not that none
	// is open.
	_, err := h.Open(hall.Player{ID: "a", Name: "Ann"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	zoe.untilFlat(t, "(tables are for players with an SSH key: guests play alone against bots)")
	if n := c.Reads(); n != 1 {
		t.Fatalf("%d reads of the club: the guest's lobby reads none", n)
	}
	// Without a club, nothing is said of ratings.
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	defer close(bob.done)
	bob.deliver()
	if strings.Contains(flat(bob), "rating") {
		t.Fatalf("a server without a club shows a rating:\n%s", bob.screen())
	}
	bob.key("l")
	bob.untilFlat(t, "This server keeps no ratings")
}

// TestLobbyLeaderboard: l opens the leaderboards, one per seat count
// (←/→), the person's own line marked and their standing below, two
// keys under one name told apart; esc comes back to the lobby.
func TestLobbyLeaderboard(t *testing.T) {
	c := &lobbytest.Club{
		Cards: map[string][]club.Standing{"a": {
			{Seats: 2, Rated: true, Games: 9, Shown: rating.Shown{Points: 1620, PlusMinus: 120}},
			{Seats: 3, Rated: true, Games: 2, Shown: rating.Shown{Points: 1530, PlusMinus: 280}},
			{Seats: 4, Shown: rating.Shown{Points: 1500, PlusMinus: 350}},
		}},
		Board: map[int][]club.Line{2: {
			{Rank: 1, Key: "b0", Name: "Bob", Shown: rating.Shown{Points: 1700, PlusMinus: 90}, Games: 30},
			{Rank: 2, Key: "a", Name: "Ann", Shown: rating.Shown{Points: 1620, PlusMinus: 120}, Games: 9},
			{Rank: 3, Key: "b1", Name: "Bob", Shown: rating.Shown{Points: 1550, PlusMinus: 100}, Games: 12},
		}, 4: {
			{Rank: 1, Key: "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", Name: "Maximiliane Oberhausen", Shown: rating.Shown{Points: 1700, PlusMinus: 90}, Games: 30},
			{Rank: 2, Key: "d0d1d2d3d4d5d6d7d8d9dadbdcdddedf", Name: "Maximiliane Oberhausen", Shown: rating.Shown{Points: 1600, PlusMinus: 90}, Games: 20},
		}},
	}
	h := testHall(t)
	ann := newClubPerson(h, c, "a", "Ann", 80, 24)
	defer close(ann.done)
	ann.deliver()
	ann.key("l")
	ann.untilFlat(t, "‹ 2 players › head to head")
	ann.untilFlat(t, "1. Bob #"+hall.KeyTag("b0")+" 1700 ±90 30")
	ann.untilFlat(t, "2. Ann 1620 ±120 9 (you)")
	ann.untilFlat(t, "You: 1620 ±120, 9 rated games")
	kittest.CheckSize(t, ann.screen(), 80, 24)
	ann.key("right")
	ann.untilFlat(t, "‹ 3 players › each for themselves")
	ann.untilFlat(t, "Nobody has played 5 rated games at 3 players yet.")
	ann.untilFlat(t, "You: 1530 ±280, 2 rated games (5 put you on the board)")
	ann.key("right")
	ann.untilFlat(t, "‹ 4 players › two teams of two")
	ann.untilFlat(t, "You: 1500 ±350, no rated game yet")
	// Long names under one name: the name is cut, the whole tag shown.
	ann.untilFlat(t, "1. Maximilia… #c0c1c2c3c4c5 1700 ±90 30")
	ann.untilFlat(t, "2. Maximilia… #d0d1d2d3d4d5 1600 ±90 20")
	kittest.CheckSize(t, ann.screen(), 80, 24)
	ann.key("left")
	ann.key("left")
	ann.untilFlat(t, "‹ 2 players ›")
	ann.key("esc")
	ann.wait(t, "the lobby", func() bool { _, ok := ann.app.screen.(*lobby.Lobby); return ok })

	// A club that lists a player after one game says one game.
	one := newClubPerson(h, &lobbytest.Club{Min: 1}, "c", "Cid", 80, 24)
	defer close(one.done)
	one.deliver()
	one.key("l")
	one.untilFlat(t, "Nobody has played 1 rated game at 2 players yet.")
}

// TestTableSaysTheRatingChange: two people play a table to its end on
// a server whose club records and rates it; once the game is filed the
// game-over screen says what it did to each one's rating, and the lobby
// shows it after.
func TestTableSaysTheRatingChange(t *testing.T) {
	state := t.TempDir()
	cl, err := club.Open(context.Background(), state, club.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close() })
	h, err := hall.New(hall.Config{Dir: filepath.Join(state, "tables"), Grace: time.Minute,
		NewBot:  func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil },
		History: func(id string) hall.Archiver { return store.New(filepath.Join(state, "players", id), store.Options{}) },
		Record: func(path string, l *gamelog.Log) error {
			_, err := cl.Record(context.Background(), path, l, "")
			return err
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	o := rules.DefaultOptions()
	o.Target = 100
	tb, err := h.Open(hall.Player{ID: "a", Name: "Ann"}, hall.Options{Seats: 2, Rules: o, Level: ai.Random, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	ann := newClubPerson(h, cl, "a", "Ann", 80, 24)
	bob := newClubPerson(h, cl, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(ann.done); close(bob.done) })
	// Ann opened the table: her lobby takes her back to her seat.
	ann.wait(t, "Ann's seat", func() bool { return ann.seat() != nil })
	bob.untilFlat(t, "2 players 1500 ±350 (no game yet)")
	bob.join(tb.Code())
	ann.until(t, "Seat B  Bob")
	playGame(t, h, ann, bob)
	for _, p := range []*lobbyPerson{ann, bob} {
		p.wait(t, "the game filed", func() bool { sn, _ := p.snap(); return sn.Save.Filed })
		p.key("enter") // the last deal's result, then the game's end
		p.untilFlat(t, "Your rating at 2 players: ")
		kittest.CheckSize(t, p.screen(), 80, 24)
		if testing.Verbose() {
			t.Logf("%s's game-over screen:\n%s", p.name, ansi.Strip(p.screen()))
		}
		card, err := cl.Card(context.Background(), p.id)
		if err != nil {
			t.Fatal(err)
		}
		two := card[0]
		want := "Your rating at 2 players: " + two.Shown.String() + " (" + kit.Signed(two.Last.Points) + ")."
		if !strings.Contains(flat(p), want) {
			t.Fatalf("%s's game-over screen does not say %q:\n%s", p.name, want, p.screen())
		}
		p.key("q")
		p.wait(t, "the lobby", func() bool { _, ok := p.app.screen.(*lobby.Lobby); return ok })
		p.untilFlat(t, "Your rating: 2 players "+two.Shown.String()+" ("+kit.Signed(two.Last.Points)+" last game)")
	}
}

// clubTourneys is a club's tournaments, no daily, in a database of its
// own, its bots newBot's (nil: the service's own), closed at the test's
// end.
func clubTourneys(t *testing.T, newBot ai.Factory) *tourney.Service {
	t.Helper()
	dir := t.TempDir()
	db, err := clubdb.Open(filepath.Join(dir, clubdb.FileName), clubdb.Options{})
	require.NoError(t, err)
	tours, err := tourney.New(tourney.Config{DB: db, Dir: filepath.Join(dir, "tourneys"), NoDaily: true,
		NewBot: newBot, Slots: host.NewSlots(1), Location: time.UTC})
	require.NoError(t, err)
	t.Cleanup(func() { tours.Close(); db.Close() })
	return tours
}

// busyStore is a key's store whose games another connection of the
// same key holds: the lobby's p says the game is open elsewhere.
type busyStore struct{ memStore }

func (*busyStore) Lock() error   { return store.ErrBusy }
func (*busyStore) Unlock() error { return nil }

// TestLobbyQComesBack: q on every screen reached from the lobby comes
// back to the lobby, as esc does (asking first only where something is
// under way: the tournaments); only the lobby's own q ends the
// connection, asking first. Each screen's keys line and help say so.
func TestLobbyQComesBack(t *testing.T) {
	tours := clubTourneys(t, nil)
	for _, c := range []struct {
		name, key string
		store     Store
		ready     string // what the screen shows once read
		keys      string // what its keys line says of q
	}{
		{"the table form", "o", nil, "[ Open the table ]", "q/esc back"},
		{"the leaderboards", "l", nil, "Nobody has played", "q/esc back"},
		{"the history", "h", &historyStore{}, "No saved games yet", "q/esc back"},
		{"the tournaments", "d", nil, "(no tournament runs", "esc back · ? help · q leave"},
		{"a game open elsewhere", "p", &busyStore{}, "open in another connection", "q/esc back"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newLobbyPersonWith(testHall(t), "a", "Ann", 80, 24, func(cfg *LobbyConfig) {
				cfg.Club, cfg.Tourney = &lobbytest.Club{}, tours
				if c.store != nil {
					cfg.Solo.Store = c.store
				}
			})
			defer close(p.done)
			p.deliver()
			p.key(c.key)
			p.untilFlat(t, c.ready)
			if !strings.Contains(flat(p), c.keys) {
				t.Errorf("%s's keys line does not say %q:\n%s", c.name, c.keys, p.screen())
			}
			p.key("?")
			if help := flat(p); strings.Contains(help, "quit") {
				t.Errorf("%s's help says q quits:\n%s", c.name, p.screen())
			}
			p.key("?")
			p.key("q")
			if strings.Contains(flat(p), "Quit Klob?") {
				t.Fatalf("q on %s asks to end the connection:\n%s", c.name, p.screen())
			}
			if strings.Contains(flat(p), "Leave?") {
				p.key("y")
			}
			p.wait(t, "the lobby", func() bool { _, ok := p.app.screen.(*lobby.Lobby); return ok })
			if p.quit || p.app.quit {
				t.Fatalf("q on %s ended the connection", c.name)
			}
			// The lobby's own q ends it, asking first.
			p.key("q")
			p.untilFlat(t, "Quit Klob? Your games stay saved.")
			if strings.Contains(flat(p), "start klob again") {
				t.Fatalf("the lobby's quit question: %s", flat(p))
			}
			p.key("n")
		})
	}
}

// TestLeaderboardFullFits: a full leaderboard leaves the person's own
// standing and how the board is ranked in view.
func TestLeaderboardFullFits(t *testing.T) {
	var lines []club.Line
	for i := range 15 {
		lines = append(lines, club.Line{Rank: i + 1, Key: fmt.Sprint("k", i), Name: fmt.Sprint("Player", i),
			Shown: rating.Shown{Points: 1700 - 10*i, PlusMinus: 90}, Games: 30})
	}
	c := &lobbytest.Club{
		Cards: map[string][]club.Standing{"a": {{Seats: 2, Rated: true, Games: 2, Shown: rating.Shown{Points: 1500, PlusMinus: 300}}}},
		Board: map[int][]club.Line{2: lines},
	}
	ann := newClubPerson(testHall(t), c, "a", "Ann", 80, 24)
	defer close(ann.done)
	ann.deliver()
	ann.key("l")
	// The board and the person's card are read by commands of their
	// own, in either order.
	ann.untilFlat(t, "1. Player0")
	ann.untilFlat(t, "You: 1500 ±300, 2 rated games")
	kittest.CheckSize(t, ann.screen(), 80, 24)
	for _, want := range []string{"1. Player0", "You: 1500 ±300, 2 rated games", "Ranked by the rating less three times its uncertainty", "Listed: 5 rated games or more.", "esc back"} {
		if !strings.Contains(flat(ann), want) {
			t.Fatalf("no %q:\n%s", want, ann.screen())
		}
	}
}

// TestLobbySaysABoardIsHalfPlayed: a person who left a tournament's
// board half-played is told so as the lobby first shows, and where to
// go on with it; the same lobby with no board begun says nothing of it.
func TestLobbySaysABoardIsHalfPlayed(t *testing.T) {
	tours := clubTourneys(t, randomBots)
	ctx := context.Background()
	o := rules.DefaultOptions()
	o.Players = 3
	info, err := tours.Create(ctx, tourney.Player{Key: "c", Name: "Cy"},
		tourney.Spec{Rules: o, Level: ai.Normal, Boards: 4, Ends: time.Now().Add(24 * time.Hour)})
	require.NoError(t, err)
	open := func(id, name string) *lobbyPerson {
		p := newLobbyPersonWith(testHall(t), id, name, 80, 24, func(cfg *LobbyConfig) {
			cfg.Club, cfg.Tourney = &lobbytest.Club{}, tours
		})
		t.Cleanup(func() { close(p.done) })
		p.deliver()
		return p
	}
	for _, id := range []string{"a", "b"} {
		require.NoError(t, tours.Enter(ctx, tourney.Player{Key: id, Name: id}, info.Code))
	}
	seat, err := tours.Play(ctx, tourney.Player{Key: "a", Name: "Ann"}, info.Code)
	require.NoError(t, err)
	seat.Leave()

	ann := open("a", "Ann")
	want := fmt.Sprintf("Board 1 of tournament %s for 3 players is under way: d opens it.", info.Code)
	ann.untilFlat(t, want)
	kittest.CheckSize(t, ann.screen(), 80, 24)
	bob := open("b", "Bob")
	bob.untilFlat(t, "Your rating")
	if strings.Contains(flat(bob), "half-played") {
		t.Fatalf("Bob began no board:\n%s", bob.screen())
	}

	// Cy's first look goes straight on to the table where Cy holds a
	// seat; the lobby says it when Cy comes back to it.
	require.NoError(t, tours.Enter(ctx, tourney.Player{Key: "c", Name: "Cy"}, info.Code))
	seat, err = tours.Play(ctx, tourney.Player{Key: "c", Name: "Cy"}, info.Code)
	require.NoError(t, err)
	seat.Leave()
	h := testHall(t)
	tb, err := h.Open(hall.Player{ID: "c", Name: "Cy"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 4})
	require.NoError(t, err)
	conn, err := tb.Join(hall.Player{ID: "c", Name: "Cy"})
	require.NoError(t, err)
	conn.Drop()
	cy := newLobbyPersonWith(h, "c", "Cy", 80, 24, func(cfg *LobbyConfig) { cfg.Club, cfg.Tourney = &lobbytest.Club{}, tours })
	t.Cleanup(func() { close(cy.done) })
	cy.deliver()
	cy.wait(t, "Cy's seat", func() bool { return cy.seat() != nil })
	cy.key("q")
	if strings.Contains(flat(cy), "Leave?") {
		cy.key("y")
	}
	cy.untilFlat(t, "Board 1 of tournament "+info.Code+" for 3 players is under way")
}

// TestWaitingRoomSaysRated: on a server that keeps ratings the waiting
// room says whether the game will be rated before it starts: not with
// one person at the table, rated once people sit on two sides; at
// every seat count.
func TestWaitingRoomSaysRated(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			h := testHall(t)
			c := &lobbytest.Club{}
			ann := newClubPerson(h, c, "a", "Ann", 80, 24)
			bob := newClubPerson(h, c, "b", "Bob", 80, 24)
			defer close(ann.done)
			defer close(bob.done)
			tb, err := h.Open(hall.Player{ID: "a", Name: "Ann"}, hall.Options{Seats: seats, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
			require.NoError(t, err)
			ann.join(tb.Code())
			ann.untilFlat(t, "Not rated: a rated game has people on two sides or more.")
			bob.join(tb.Code()) // the next seat: another side at every count
			ann.untilFlat(t, "Rated: the club's ratings move with this game.")
		})
	}
}
