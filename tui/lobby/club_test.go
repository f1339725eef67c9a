package lobby

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// TestAfterwordWithoutChange: a game that changes no rating says so.
func TestAfterwordWithoutChange(t *testing.T) {
	s := &SharedSeat{l: &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a"}}}, w: hall.Waiting{Code: "ABCD"}}
	before := club.Standing{Seats: 4, Rated: true, Games: 3, Shown: rating.Shown{Points: 1490, PlusMinus: 200}}
	s.club = seatClub{looked: true, asked: true, seats: 4, before: &before, after: &before}
	if got := s.afterword(); !strings.Contains(got, "changes no rating") || !strings.Contains(got, "1490 ±200") {
		t.Fatalf("afterword %q", got)
	}
	after := before
	after.Games, after.Last = 4, club.Change{Points: 9}
	s.club.after = &after
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (+9)." {
		t.Fatalf("afterword %q", got)
	}
	// A bot at the seat at the end: the ±0 says why.
	won := after
	won.Last = club.Change{Points: 0}
	s.club.after, s.club.botAtEnd = &won, true
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (±0: a bot played your seat at the end, so the game is rated as your loss)." {
		t.Fatalf("afterword %q", got)
	}
	// Bots played a quarter of the person's moves, and the side won.
	s.club.botAtEnd, s.club.won = false, true
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (±0: bots made a quarter of your moves or more, so the game is rated as your loss)." {
		t.Fatalf("afterword %q", got)
	}
	// The club says why: a bot won for a person above the seat's.
	won.Last.Why = "a bot played dan's seat at the end, so the game is rated as a tie"
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (±0: a bot played dan's seat at the end, so the game is rated as a tie)." {
		t.Fatalf("afterword %q", got)
	}
	// A forfeit that moved the rating says why before where the game
	// placed the person.
	moved := won
	moved.Last = club.Change{Points: 12, Place: 1, Chance: 0.4, Why: "a bot played dan's seat at the end, so the game is rated as dan's loss"}
	s.club.after = &moved
	if got := s.afterword(); !strings.HasPrefix(got, "Your rating at 4 players: 1490 ±200 (+12). A bot played dan's seat at the end, so the game is rated as dan's loss. ") {
		t.Fatalf("afterword %q", got)
	}
	s.club.after = &won
	won.Last.Why = ""
	s.club.won = false
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (±0)." {
		t.Fatalf("afterword %q", got)
	}
	s.club.failed = true
	if got := s.afterword(); !strings.Contains(got, "cannot be read") {
		t.Fatalf("afterword %q", got)
	}
}

// TestLobbyRereadsTheRating: a person who stays in the lobby while a
// bot finishes their game sees their rating move: the lobby reads it
// again every clubTicks ticks, not at every tick; a guest's never.
func TestLobbyRereadsTheRating(t *testing.T) {
	for _, c := range []struct {
		id    string
		reads int
	}{{"a", 3}, {"", 0}} {
		club := &lobbytest.Club{}
		l := &Lobby{cfg: &Config{Club: club, Player: hall.Player{ID: c.id, Name: "ann"}}, mutes: muteBook{}}
		ctx := kittest.Context(80, 24)
		// every is 0 here: a tick's command comes back at once.
		var tick tea.Msg = l.tick()()
		for range 3 * clubTicks {
			_, cmd := l.Update(&ctx, tick)
			tick = nil
			out := cmd()
			cmds, ok := kittest.Batch(out)
			if !ok {
				tick = out
				continue
			}
			for _, cmd := range cmds {
				switch m := cmd().(type) {
				case kit.TickMsg:
					tick = m
				case clubCardMsg:
					l.Update(&ctx, m)
				default:
					t.Fatalf("a tick's command gave %T", m)
				}
			}
		}
		if _, ok := tick.(kit.TickMsg); !ok {
			t.Fatalf("the ticks stopped: %T", tick)
		}
		if got := club.Reads(); got != c.reads {
			t.Errorf("id %q: %d ticks read the rating %d times, want %d", c.id, 3*clubTicks, got, c.reads)
		}
	}
}

// TestAfterwordSaysWhyNoRating: a game that changes no rating says the
// reason the table shows, and none when it shows none: never "bots
// alone" of a game the people all left, or of one between people.
func TestAfterwordSaysWhyNoRating(t *testing.T) {
	s := &SharedSeat{l: &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a"}}}, w: hall.Waiting{Code: "ABCD"}}
	st := club.Standing{Seats: 2, Rated: true, Games: 3, Shown: rating.Shown{Points: 1611, PlusMinus: 339}}
	for _, c := range []struct {
		players []host.SeatInfo
		want    string
	}{
		{[]host.SeatInfo{{Human: true, State: host.SeatHere}, {}},
			"This game changes no rating: your side played against bots only. Your rating at 2 players: 1611 ±339."},
		{[]host.SeatInfo{{Human: true, State: host.SeatHere}, {}, {Human: true, State: host.SeatHere}, {}},
			"This game changes no rating: your side played against bots only. Your rating at 2 players: 1611 ±339."},
		{[]host.SeatInfo{{Human: true, State: host.SeatBack}, {Human: true, State: host.SeatTakeover}},
			"This game changes no rating: every person had left it, and bots finished it. Your rating at 2 players: 1611 ±339."},
		{[]host.SeatInfo{{Human: true, State: host.SeatHere}, {Human: true, State: host.SeatTakeover}},
			"This game changes no rating. Your rating at 2 players: 1611 ±339."},
	} {
		s.club = seatClub{looked: true, asked: true, seats: 2, before: &st, after: &st, unrated: club.UnratedWhy(c.players)}
		if got := s.afterword(); got != c.want {
			t.Errorf("%+v: afterword %q, want %q", c.players, got, c.want)
		}
	}
}

// TestAfterwordLateIsThisGame: a person who opens the table only after
// its game was filed sees what this game did, not what the game before
// it at the same table (the one "again" followed) did.
func TestAfterwordLateIsThisGame(t *testing.T) {
	s := &SharedSeat{l: &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a"}}}, w: hall.Waiting{Code: "ABCD"}}
	after := club.Standing{Seats: 2, Rated: true, Games: 1, Shown: rating.Shown{Points: 1389, PlusMinus: 339},
		Last: club.Change{Table: "ABCD", Points: -111}}
	// The first game at the table is the last rated: it is this one.
	s.club = seatClub{looked: true, late: true, asked: true, seats: 2, after: &after}
	if got := s.afterword(); got != "Your rating at 2 players: 1389 ±339 (-111)." {
		t.Fatalf("afterword %q", got)
	}
	// The "again" game after it, which rated nobody: the last rated
	// game is the one before.
	s.club.rematchOf = "sum-of-the-first-game"
	if got := s.afterword(); !strings.HasPrefix(got, "This game changes no rating") {
		t.Fatalf("afterword %q", got)
	}
	// Once that game is the last rated, it is shown.
	after.Last.RematchOf = "sum-of-the-first-game"
	if got := s.afterword(); got != "Your rating at 2 players: 1389 ±339 (-111)." {
		t.Fatalf("afterword %q", got)
	}
}

// The lobby's help says what a rating and its ± are, beside the
// leaderboards: the lobby shows "1500 ±350" and the leaderboard ranks
// by the uncertainty.
func TestHelpSaysWhatRatingsAre(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	var words string
	for _, col := range l.KeyHelp(&ctx.Keys).FullHelp() {
		for _, b := range col {
			words += b.Help().Desc + "\n"
		}
	}
	for _, want := range []string{"1500 ±350 is the club's estimate of your skill", "± its uncertainty", "shrinking with each rated game"} {
		if !strings.Contains(words, want) {
			t.Errorf("the lobby's help does not say %q:\n%s", want, words)
		}
	}
}

// The afterword says why a game moved the rating, as the club's model
// moves it: where the person's side finished, the chance the ratings
// gave it of winning, and that a surprise or a wide ± moves it more;
// at two, three and four players. Without the club's place and chance
// it says the change alone, as before.
func TestAfterwordSaysWhyTheRatingMoved(t *testing.T) {
	const more = " A surprise, or a wide ±, moves a rating more."
	for _, c := range []struct {
		seats  int
		change club.Change
		want   string
	}{
		{2, club.Change{Points: 83, Place: 1, Chance: 0.412}, "Your rating at 2 players: 1583 ±343 (+83). You won: the ratings gave you a 41% chance to win."},
		{2, club.Change{Points: -114, Place: 2, Chance: 0.62}, "Your rating at 2 players: 1583 ±343 (-114). You lost: the ratings gave you a 62% chance to win."},
		{3, club.Change{Points: 13, Place: 2, Chance: 0.3}, "Your rating at 3 players: 1583 ±343 (+13). You came second: the ratings gave you a 30% chance to win."},
		{3, club.Change{Points: -49, Place: 3, Chance: 0.18}, "Your rating at 3 players: 1583 ±343 (-49). You came last: the ratings gave you an 18% chance to win."},
		{3, club.Change{Points: -20, Place: 2, Tied: true, Chance: 0.333}, "Your rating at 3 players: 1583 ±343 (-20). You tied for second: the ratings gave you a 33% chance to win."},
		{4, club.Change{Points: 62, Place: 1, Chance: 0.5}, "Your rating at 4 players: 1583 ±343 (+62). Your team won: the ratings gave it a 50% chance to win."},
		{4, club.Change{Points: -114, Place: 2, Chance: 0.83}, "Your rating at 4 players: 1583 ±343 (-114). Your team lost: the ratings gave it an 83% chance to win."},
		{4, club.Change{Points: 200, Place: 1, Chance: 0.002}, "Your rating at 4 players: 1583 ±343 (+200). Your team won: the ratings gave it less than a 1% chance to win."},
		{2, club.Change{Points: -3, Place: 2, Chance: 0.998}, "Your rating at 2 players: 1583 ±343 (-3). You lost: the ratings gave you more than a 99% chance to win."},
		// A bot stood in: the game is rated otherwise than its points,
		// and said as rated, never "You won" of a game lost on points.
		{2, club.Change{Points: 40, Place: 1, Chance: 0.39, Why: botEnd("bob", "bob's loss")}, "Your rating at 2 players: 1583 ±343 (+40). " + kit.Capital(botEnd("bob", "bob's loss")) + ". Rated as your win: the ratings gave you a 39% chance to win."},
		{3, club.Change{Points: 39, Place: 1, Chance: 0.39, Why: botEnd("eve", "eve's loss")}, "Your rating at 3 players: 1583 ±343 (+39). " + kit.Capital(botEnd("eve", "eve's loss")) + ". Rated as your win: the ratings gave you a 39% chance to win."},
		{3, club.Change{Points: 5, Place: 2, Chance: 0.3, Why: botEnd("eve", "eve's loss")}, "Your rating at 3 players: 1583 ±343 (+5). " + kit.Capital(botEnd("eve", "eve's loss")) + ". Rated as your second place: the ratings gave you a 30% chance to win."},
		{4, club.Change{Points: 30, Place: 1, Chance: 0.5, Why: botEnd("dan", "dan's loss")}, "Your rating at 4 players: 1583 ±343 (+30). " + kit.Capital(botEnd("dan", "dan's loss")) + ". Rated as your team's win: the ratings gave it a 50% chance to win."},
		{2, club.Change{Points: -30, Place: 2, Chance: 0.6, Why: botEnd("your", "your loss")}, "Your rating at 2 players: 1583 ±343 (-30). " + kit.Capital(botEnd("your", "your loss")) + ". Rated as your loss: the ratings gave you a 60% chance to win."},
	} {
		s := &SharedSeat{l: &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a"}}}, w: hall.Waiting{Code: "ABCD"}}
		before := club.Standing{Seats: c.seats, Rated: true, Games: 6, Shown: rating.Shown{Points: 1500, PlusMinus: 350}}
		after := club.Standing{Seats: c.seats, Rated: true, Games: 7, Shown: rating.Shown{Points: 1583, PlusMinus: 343}, Last: c.change}
		s.club = seatClub{looked: true, asked: true, seats: c.seats, before: &before, after: &after}
		if got := s.afterword(); got != c.want+more {
			t.Errorf("afterword\n%q, want\n%q", got, c.want+more)
		}
	}
}

// botEnd is the club's why of a game a bot finished for seat's owner
// (whose: "eve", or "your"), rated as what.
func botEnd(whose, what string) string {
	seat := whose + "'s seat"
	if whose == "your" {
		seat = "your seat"
	}
	return "a bot played " + seat + " at the end, so the game is rated as " + what
}

// The game-over screen at 80x24 holds the afterword's why whole, in
// its two lines, at two, three and four seats: the longest words each
// count of seats says (a loss, a tie for second), with four-figure
// ratings and a three-figure change. The club is the test's, its card
// whatever the game's result; the game is played out and filed.
func TestGameOverSaysWhyTheRatingMovedWhole(t *testing.T) {
	people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "cid"}, {ID: "d", Name: "dan"}}
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			state := t.TempDir()
			h := randomHall(t, hall.Config{Dir: filepath.Join(state, "tables"),
				History: func(id string) hall.Archiver { return store.New(filepath.Join(state, "players", id), store.Options{}) }})
			o := rules.DefaultOptions()
			o.Target = 100
			o.Players = n
			tb, conns := openAndSit(t, h, n, o, people[:n]...)
			require.NoError(t, conns[0].Start())
			var ports []host.Port
			for _, c := range conns {
				ports = append(ports, c.Port())
			}
			playToTheEnd(t, ports...)

			last := club.Change{Table: tb.Code(), Points: -114, Place: rules.SidesAt(n), Chance: 0.31}
			if n == 3 {
				last.Place, last.Tied = 2, true
			}
			cl := &lobbytest.Club{Cards: map[string][]club.Standing{"a": {{Seats: n, Rated: true, Games: 7,
				Shown: rating.Shown{Points: 1386, PlusMinus: 343}, Last: last}}}}
			a := newSeatRun(t, newSharedSeat(New(Config{Player: people[0], Hall: h, Club: cl}), conns[0]))
			a.update(nil)
			a.run(a.s.Enter(a.ctx))
			a.until("the table", func() bool { return a.s.Table() != nil })
			a.key("enter") // from the last deal's result to the game's end
			want := fmt.Sprintf("Your rating at %d players: 1386 ±343 (-114). %s", n, movedWhy(n, last))
			a.until("the afterword", func() bool { return strings.Contains(a.frame, "Your rating at") })
			kittest.CheckSize(t, ansi.Strip(a.s.View(a.ctx)), 80, 24)
			require.Contains(t, a.frame, want, "the screen:\n%s", ansi.Strip(a.s.View(a.ctx)))
			if testing.Verbose() {
				t.Logf("the game-over screen:\n%s", ansi.Strip(a.s.View(a.ctx)))
			}
		})
	}
}
