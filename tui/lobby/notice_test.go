package lobby

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// A table not started comes back after a restart and waits for its
// host; when it closes without them (nobody came for Abandon), the host
// reads why in the lobby when they come back, once, instead of finding
// it gone.
func TestHostToldOfTableClosedWhileAway(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	cfg := hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clock}
	h, err := hall.New(cfg)
	require.NoError(t, err)
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	_, err = tb.Join(ann)
	require.NoError(t, err)
	h.Close()
	h2, err := hall.New(cfg)
	require.NoError(t, err)
	t.Cleanup(h2.Close)
	require.NotNil(t, h2.SeatOf("a"), "the table is back, Ann's seat kept")
	clock.Advance(time.Minute)
	require.NotNil(t, h2.SeatOf("a"), "no grace runs while nobody is at the table")
	clock.Advance(30 * time.Minute)
	require.Nil(t, h2.SeatOf("a"), "the table closed without its host")

	comeBack := func() string {
		ctx := kittest.Context(80, 24)
		l := New(Config{Player: ann, Hall: h2})
		l.Enter(&ctx)
		return kittest.Flat(ansi.Strip(l.View(&ctx)))
	}
	assert.Contains(t, comeBack(), "Your table "+tb.Code()+" was closed before its game started")
	assert.NotContains(t, comeBack(), "was closed", "said once")
}

// A notice of the hall (a table that ended with a restart) that the
// person is taken past, straight back to the seat they hold elsewhere,
// waits for them: the lobby says it when they come back from that seat.
func TestNoticeKeptPastTheResumedSeat(t *testing.T) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	_, err = tb.Join(ann) // an earlier connection's seat, taken back
	require.NoError(t, err)
	const told = "Table WXYZ ended with the server's restart: its finished game is in your history."
	h.Tell("a", told)

	ctx := kittest.Context(80, 24)
	l := New(Config{Player: ann, Hall: h})
	toSeatAndBack[*SharedSeat](t, &ctx, l, resumeMsg{}, "the lobby goes back to the seat held")
	assert.Contains(t, kittest.Flat(ansi.Strip(l.View(&ctx))), kittest.Flat(told))
}

// A notice of the hall is not lost to the connection's command: a join
// of a code that names no table says the notice before the refusal, and
// a watch that goes straight to a table leaves it for the lobby, said
// when the person comes back.
func TestNoticeKeptPastTheStartCommand(t *testing.T) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	const told = "Table WXYZ could not be opened again after the server's restart: its saved game was damaged, and the server's operator keeps it."
	ann := hall.Player{ID: "a", Name: "ann"}

	h.Tell("a", told)
	ctx := kittest.Context(80, 24)
	l := New(Config{Player: ann, Hall: h, Start: Command{Verb: "join", Code: "QQQQ"}})
	l.Enter(&ctx)
	l.Update(&ctx, startMsg{})
	scr := kittest.Flat(ansi.Strip(l.View(&ctx)))
	assert.Contains(t, scr, kittest.Flat(told), "the notice before the refusal")
	assert.Contains(t, scr, `"QQQQ"`, "the refusal")

	bob := hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(bob, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(bob)
	require.NoError(t, err)
	cid := hall.Player{ID: "c", Name: "cid"}
	_, err = tb.Join(cid)
	require.NoError(t, err)
	require.NoError(t, host.Start())
	h.Tell("a", told)
	l = New(Config{Player: ann, Hall: h, Start: Command{Verb: "watch", Code: tb.Code()}})
	toSeatAndBack[*WatchSeat](t, &ctx, l, startMsg{}, "the command goes to the table")
	assert.Contains(t, kittest.Flat(ansi.Strip(l.View(&ctx))), kittest.Flat(told), "said on the way back")
}

// toSeatAndBack enters the lobby l, checks that msg takes it to a seat
// of type S (why says to what), and leaves that seat again, back to l.
func toSeatAndBack[S interface {
	leave(*kit.Context) (kit.Screen, tea.Cmd)
}](t *testing.T, ctx *kit.Context, l *Lobby, msg tea.Msg, why string) {
	t.Helper()
	l.Enter(ctx)
	next, _ := l.Update(ctx, msg)
	s, ok := next.(S)
	require.True(t, ok, why+": %T", next)
	back, _ := s.leave(ctx)
	require.Same(t, l, back)
}

// An error under the tables reads as a sentence, as the waiting
// room's do: the hall's errors (lower case, no stop) included.
func TestErrorNotesAreSentences(t *testing.T) {
	l, ctx := steadyLobby(t, 1, false, false, 0)
	for err, want := range map[string]string{
		hall.ErrGuest.Error():      "! Guests (no SSH key) play against bots only: connect with a key to sit at a",
		hall.ErrNoTable.Error():    "! No open table has that code.",
		"join \"QQQQ\": no table.": "! Join \"QQQQ\": no table.",
	} {
		l.setNote(err, true)
		scr := strings.Join(screenLines(l, ctx), "\n")
		assert.Contains(t, scr, want, scr)
	}
	l.setNote("You are bob now.", false)
	assert.Equal(t, "You are bob now.", l.note)
}

// The notice of a board left half-played and the lobby's talk both
// show at 80×24 in the fullest lobby a person comes back to: rated, a
// name at its longest with its key's tag (two lines of welcome), a
// table of every house variant (its house line under its row), a
// tournament's board of two digits. The notice is one line; the talk
// keeps its heading and its latest line, the rating giving its second
// line first (the pools that fit, then "…"). At every seat count, the
// cursor on the menu or on the table.
func TestHalfPlayedNoticeLeavesTheTalk(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		for _, info := range []tourney.Info{
			{Daily: true, Date: duplicate.Date{Year: 2026, Month: 12, Day: 5}, Rules: o},
			{Code: "KQXPRT", Rules: o},
		} {
			for _, row := range []int{0, len(items)} {
				l, ctx := steadyLobby(t, 0, true, true, 5)
				l.cfg.Player = hall.Player{ID: strings.Repeat("c", 64), Name: "Clara-Josephine-Schumann"}
				l.tables, l.row = longTables(n, false)[1:2], row
				l.takeInPlay(inPlayMsg{info: info, board: 12})
				text := ansi.Strip(l.View(ctx))
				name := fmt.Sprintf("%s, row %d", info.Title(), row)
				lines := strings.Split(text, "\n")
				require.Len(t, lines, 24, name)
				for _, line := range lines {
					require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: a line wider than the window: %q", name, line)
				}
				require.Contains(t, text, " Board 12 of "+info.Named()+" is under way: d opens it.\n",
					"%s: the notice is not on a line:\n%s", name, text)
				require.Contains(t, text, " Lobby talk", "%s: the talk is hidden:\n%s", name, text)
				require.Contains(t, text, `bob: "line 5"`, "%s: the talk's latest line is hidden:\n%s", name, text)
				require.Contains(t, text, "LN01", "%s: the table is hidden:\n%s", name, text)
				require.Contains(t, text, "Your rating: 2 players 1500 ±350", "%s: the rating is hidden:\n%s", name, text)
				if n == 4 && row > 0 && info.Daily {
					kittest.Golden(t, "halfplayed4-80x24", text)
				}
			}
		}
	})
}

// The notice of a board under way names the tournament mid-sentence in
// lower case, says nothing of halves (a bid alone starts a board), and
// keeps a blank row before the talk's heading where the tables leave
// room, as the lobby's other prompts do. At every seat count.
func TestUnderWayNoticeWords(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		for _, c := range []struct {
			info tourney.Info
			want string
		}{
			{tourney.Info{Code: "PVWQGY", Rules: o}, " Board 1 of tournament PVWQGY for %d players is under way: d opens it."},
			{tourney.Info{Daily: true, Date: duplicate.Date{Year: 2026, Month: 12, Day: 5}, Rules: o}, " Board 1 of the 2026-12-05 daily for %d players is under way: d opens it."},
		} {
			l, ctx := steadyLobby(t, 0, true, true, 2)
			l.takeInPlay(inPlayMsg{info: c.info, board: 1})
			lines := strings.Split(ansi.Strip(l.View(ctx)), "\n")
			at := -1
			for i, line := range lines {
				if strings.HasPrefix(line, " Lobby talk") {
					at = i
				}
			}
			require.GreaterOrEqual(t, at, 2, "no talk:\n%s", strings.Join(lines, "\n"))
			assert.Equal(t, strings.Replace(c.want, "%d", string(rune('0'+n)), 1), lines[at-2])
			assert.Empty(t, strings.TrimSpace(lines[at-1]), "no blank row before the talk:\n%s", strings.Join(lines, "\n"))
		}
	})
}

// A guest's menu and help say beside the tournaments, as beside the
// other choices a key is needed for, that taking part needs a key; a
// key's lobby says nothing of it.
func TestGuestMenuFlagsTournaments(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	l.cfg.Player = hall.Player{}
	text := ansi.Strip(l.View(ctx))
	assert.Contains(t, text, "[d] Tournaments: the daily and the club's (with an SSH key to take part)")
	assert.Contains(t, text, "[o] Open a table for friends (with an SSH key)")
	var words string
	for _, col := range l.KeyHelp(&ctx.Keys).FullHelp() {
		for _, b := range col {
			words += b.Help().Desc + "\n"
		}
	}
	assert.Contains(t, words, "(with an SSH key to take part)")
	l.cfg.Player = hall.Player{ID: "a", Name: "ann"}
	assert.NotContains(t, ansi.Strip(l.View(ctx)), "SSH key to take part")
}

// The notice of a board under way, read again as the person comes back
// to the lobby, is said once.
func TestUnderWayNoticeOnce(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, true, 1)
	info := tourney.Info{Code: "PVWQGY", Rules: rules.DefaultOptions()}
	l.takeInPlay(inPlayMsg{info: info, board: 1})
	l.takeInPlay(inPlayMsg{info: info, board: 1})
	assert.Equal(t, 1, strings.Count(ansi.Strip(l.View(ctx)), "is under way"))
}

// tourneyFixture is a tournament service on a still clock, with one
// tournament of n players created and entered by ann.
type tourneyFixture struct {
	svc   *tourney.Service
	clock *testkit.Clock
	ann   tourney.Player
	info  tourney.Info
}

func newTourneyFixture(t *testing.T, n int) *tourneyFixture {
	t.Helper()
	return tourneyFixtureEnding(t, n, time.Hour)
}

// tourneyFixtureEnding is newTourneyFixture with a tournament that ends
// length after its creation (at 12:00 UTC on Tuesday 1 December 2026).
func tourneyFixtureEnding(t *testing.T, n int, length time.Duration) *tourneyFixture {
	t.Helper()
	ctx := context.Background()
	c := testkit.NewClock(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	dir := t.TempDir()
	db, err := clubdb.Open(filepath.Join(dir, clubdb.FileName), clubdb.Options{Now: c.Now})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	svc, err := tourney.New(tourney.Config{DB: db, Dir: filepath.Join(dir, "tourneys"), NewBot: testkit.CheapBots, Now: c.Now,
		Location: time.UTC, NoDaily: true, Slots: host.NewSlots(1), NewSeed: func() uint64 { return 77 },
		NewCode: func() string { return "TESTAB" }})
	require.NoError(t, err)
	t.Cleanup(svc.Close)
	ann := tourney.Player{Key: strings.Repeat("a", 64), Name: "ann"}
	o := rules.DefaultOptions()
	o.Players = n
	info, err := svc.Create(ctx, ann, tourney.Spec{Rules: o, Level: ai.Normal, Boards: 4, Ends: c.Now().Add(length)})
	require.NoError(t, err)
	require.NoError(t, svc.Enter(ctx, ann, info.Code))
	return &tourneyFixture{svc: svc, clock: c, ann: ann, info: info}
}

// annsLobby is ann's steady lobby (steadyLobby: of a rated club, with
// its talk, as asked), with the tournaments of f.
func (f *tourneyFixture) annsLobby(t *testing.T, rated, talk bool) (*Lobby, *kit.Context) {
	l, ctx := steadyLobby(t, 0, rated, talk, 0)
	l.cfg.Player = hall.Player{ID: f.ann.Key, Name: f.ann.Name}
	l.cfg.Tourney = f.svc
	return l, ctx
}

// begin begins ann's next board and leaves it half-played.
func (f *tourneyFixture) begin(t *testing.T) {
	t.Helper()
	seat, err := f.svc.Play(context.Background(), f.ann, f.info.Code)
	require.NoError(t, err)
	seat.Leave()
}

// enterLobby runs the lobby's Enter and every message that follows,
// the lobby's ticks left out.
func enterLobby(t *testing.T, l *Lobby, ctx *kit.Context) {
	t.Helper()
	budget := 20
	kittest.Run(t, &budget, l.Enter(ctx), func(msg tea.Msg) tea.Cmd {
		_, cmd := l.Update(ctx, msg)
		return cmd
	}, nil)
}

// Coming back from the tournaments, the lobby says again that a board
// is under way: one begun there and left (q, then esc back), and one
// left before, whose notice the d that opened the tournaments took
// away. At every seat count.
func TestUnderWayNoticeAfterTheTournaments(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, before := range []bool{false, true} {
			f := newTourneyFixture(t, n)
			if before {
				f.begin(t)
			}
			ctx := kittest.Context(80, 24)
			l := &Lobby{cfg: &Config{Player: hall.Player{ID: f.ann.Key, Name: f.ann.Name}, Tourney: f.svc}, mutes: muteBook{}, every: -1}
			enterLobby(t, l, &ctx)
			say := "Board 1 of " + f.info.Named() + " is under way: d opens it."
			text := func() string { return kittest.Flat(ansi.Strip(l.View(&ctx))) }
			if before {
				require.Contains(t, text(), say)
			} else {
				require.NotContains(t, text(), "under way")
			}

			next, _ := l.Update(&ctx, kittest.Key("d"))
			require.IsType(t, &tourneyScreen{}, next)
			require.NotContains(t, text(), "under way", "d takes the notice away")
			if !before {
				f.begin(t)
			}
			back, _ := QuitNow(&ctx, next)
			require.Same(t, l, back, "q on the tournaments comes back to the lobby")
			enterLobby(t, l, &ctx)
			assert.Contains(t, text(), say, "board begun before: %v", before)
			assert.Equal(t, f.info.Code, l.inPlayCode, "d opens the tournament again")
		}
	})
}

// A board under way that another connection of the person's is at
// now: the lobby says it is open there (its page, d, says so too and
// enter there takes it over), as a game's seat open elsewhere is said;
// once that connection has left it, the board is under way again. The
// notice takes one line at 80 columns, as the under-way one does, and
// the blank row before the talk stays. At every seat count.
func TestUnderWayNoticeSaysTheBoardIsOpenElsewhere(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newTourneyFixture(t, n)
		seat, err := f.svc.Play(context.Background(), f.ann, f.info.Code)
		require.NoError(t, err)
		ctx := kittest.Context(80, 24)
		l := &Lobby{cfg: &Config{Player: hall.Player{ID: f.ann.Key, Name: f.ann.Name}, Tourney: f.svc}, mutes: muteBook{}, every: -1}
		enterLobby(t, l, &ctx)
		text := func() string { return kittest.Flat(ansi.Strip(l.View(&ctx))) }
		say := " Board 1 of " + f.info.Named() + " is open in another connection."
		lines := strings.Split(ansi.Strip(l.View(&ctx)), "\n")
		at := slices.IndexFunc(lines, func(s string) bool { return strings.TrimRight(s, " ") == say })
		require.Positive(t, at, "the notice on a line of its own:\n%s", strings.Join(lines, "\n"))
		require.Empty(t, strings.TrimSpace(lines[at+1]), "no blank row before the talk:\n%s", strings.Join(lines, "\n"))
		for _, line := range lines {
			require.LessOrEqual(t, ansi.StringWidth(line), 80, line)
		}
		require.NotContains(t, text(), "under way")

		seat.Leave()
		next, _ := l.Update(&ctx, kittest.Key("d"))
		back, _ := QuitNow(&ctx, next)
		require.Same(t, l, back)
		enterLobby(t, l, &ctx)
		require.Contains(t, text(), "Board 1 of "+f.info.Named()+" is under way: d opens it.")
		require.NotContains(t, text(), "another connection")
	})
}

// Ann leaves her seat mid-game: the lobby says it waits for her; once
// the grace runs out and a bot plays it, the lobby says that instead,
// and that choosing the table takes the seat back.
func TestLobbySaysABotPlaysTheSeatLeft(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	h := randomHall(t, hall.Config{Clock: clock, Grace: time.Minute})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, annConn, _ := annAndBobPlay(t, h)
	l := New(Config{Player: ann, Hall: h, Clock: clock})
	r := newSeatRun(t, newSharedSeat(l, annConn))
	r.run(r.s.Enter(r.ctx))
	r.until("the table", func() bool { return r.s.Table() != nil })
	back, _ := r.s.(*SharedSeat).leave(r.ctx)
	require.Same(t, l, back)
	view := func() string { return kittest.Flat(ansi.Strip(l.View(r.ctx))) }
	waits := "Your seat at table " + tb.Code() + " waits for you"
	require.Contains(t, view(), waits)

	clock.Advance(time.Minute)
	deadline := time.Now().Add(guard) // ends a test that would hang, no more
	for !strings.Contains(view(), "A bot plays your seat at table "+tb.Code()+" now: choose the table to take it back.") {
		if time.Now().After(deadline) {
			t.Fatalf("the lobby never said a bot plays ann's seat:\n%s", view())
		}
		time.Sleep(time.Millisecond)
		l.Refresh()
	}
	require.NotContains(t, view(), waits)
}

// The note about a seat left follows the table: a bot plays it, then
// the game is over and no bot plays it any more.
func TestLobbySeatNoteFollowsTheGame(t *testing.T) {
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}})
	l.note, l.seatWaits = seatWaitsNote("ABCD"), "ABCD"
	l.tables = []hall.Info{{Code: "ABCD", Yours: true}}
	l.seatTaken()
	require.Equal(t, seatWaitsNote("ABCD"), l.note)
	l.tables[0].BotPlays = true
	l.seatTaken()
	require.Equal(t, botPlaysNote("ABCD"), l.note)
	l.tables[0].Over = true
	l.seatTaken()
	require.Equal(t, "The game at table ABCD is over: choose the table to see how it ended.", l.note)
	require.Empty(t, l.seatWaits, "the watch ends with the game")
	// A note since then ends the watch too.
	l.note, l.seatWaits = "something else", "ABCD"
	l.seatTaken()
	require.Equal(t, "something else", l.note)
	require.Empty(t, l.seatWaits)
}

// Eve, who never held a seat at a table whose game has started, reads
// that it has started and, where she may watch it, that w watches it:
// not that it started without her.
func TestJoinStartedTableSaysWatch(t *testing.T) {
	for _, private := range []bool{false, true} {
		h := randomHall(t, hall.Config{})
		_, conns := openAndSit(t, h, 4, rules.DefaultOptions(), hall.Player{ID: "a", Name: "ann"})
		require.NoError(t, conns[0].SetPrivate(private))
		require.NoError(t, conns[0].Start())
		tb := conns[0].Table()
		ctx := kittest.Context(80, 24)
		l := New(Config{Player: hall.Player{ID: "e", Name: "eve"}, Hall: h})
		next, _ := l.join(&ctx, tb)
		require.Same(t, l, next)
		view := kittest.Flat(ansi.Strip(l.View(&ctx)))
		want := "! That table's game has started: w watches it."
		if private {
			want = "! That table's game has started."
		}
		require.Contains(t, view, want, "private %v", private)
		require.NotContains(t, view, "without you")
	}
}

// Bob says again at the end of a game, then his connection ends: the
// leaving takes his again back, and ann's screen says so rather than
// waiting for him as if he had never said it; back, he says it anew.
func TestAgainTakenBackByLeavingIsSaid(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, annConn, bobConn := annAndBobPlay(t, h)
	playToTheEnd(t, annConn.Port(), bobConn.Port())
	bobPort := bobConn.Port()
	require.NoError(t, bobPort.Again(bobPort.Snapshot().Gen))

	a := newSeatRun(t, newSharedSeat(New(Config{Player: ann, Hall: h}), annConn))
	a.update(nil)
	a.run(a.s.Enter(a.ctx))
	a.until("the table", func() bool { return a.s.Table() != nil })
	a.key("enter") // from the last deal's result to the game's end
	a.until("bob's again", func() bool { return a.s.Table().Snapshot().Players[1].Again })
	bobConn.Drop()
	a.until("bob away", func() bool { return a.s.Table().Snapshot().Players[1].AgainLeft })
	// Before ann says it, her screen says where bob's again went.
	a.until("the word that it went", func() bool {
		return strings.Contains(a.view(), "bob said again, then left: it went with them.")
	})
	a.key("n")
	a.until("ann's again", func() bool { return a.s.Table().Snapshot().Players[0].Again })
	a.until("the wait", func() bool { return strings.Contains(a.view(), "bob (away: their again went when they left)") })

	back, err := tb.Join(hall.Player{ID: "b", Name: "bob"})
	require.NoError(t, err)
	require.False(t, back.Port().Snapshot().Players[1].AgainLeft, "back, bob says again anew")
	require.False(t, back.Port().Snapshot().Players[1].Again)
}

// The waiting room's footer offers what P does now, as its body does:
// "P private" on a table open to spectators, "P let watch" on a private
// one. During a game private from its start, P says spectators may
// watch now, not "again": nobody watched it before. At every seat
// count.
func TestPrivateFooterAndNoteSayWhatIs(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h})
		tb := annsTable(t, h, n)
		ctx := kittest.Context(80, 24)
		next, _ := ann.join(&ctx, tb)
		host := next.(*SharedSeat)
		footer := func() string {
			lines := strings.Split(ansi.Strip(host.View(&ctx)), "\n")
			return lines[len(lines)-1]
		}
		assert.Contains(t, footer(), "P private")
		host.Update(&ctx, kittest.Key("P"))
		require.True(t, tb.Private())
		view := kittest.Flat(ansi.Strip(host.View(&ctx)))
		assert.Contains(t, view, "The table is private: nobody may watch.")
		assert.Contains(t, view, "[P] let spectators watch")
		assert.NotContains(t, footer(), "P private")
		assert.Contains(t, footer(), "P let watch")

		require.NoError(t, host.conn.Start())
		host.onTable(&ctx)
		require.NotNil(t, host.table)
		_, _ = host.togglePrivate()
		require.False(t, tb.Private())
		view = kittest.Flat(ansi.Strip(host.View(&ctx)))
		assert.Contains(t, view, "Spectators may watch this table now.")
		assert.NotContains(t, view, "watch this table again")
	})
}

// TestWatchFullSays: a table watched by its most (hall.Config.MaxWatchers)
// refuses one more spectator, whose lobby says which table and why.
func TestWatchFullSays(t *testing.T) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, MaxWatchers: 1,
		Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	bob := hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(bob, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(bob)
	require.NoError(t, err)
	_, err = tb.Join(hall.Player{ID: "c", Name: "cid"})
	require.NoError(t, err)
	require.NoError(t, host.Start())
	w, err := tb.Watch(hall.Player{ID: "d", Name: "dan"})
	require.NoError(t, err)
	defer w.Leave()

	ctx := kittest.Context(80, 24)
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Start: Command{Verb: "watch", Code: tb.Code()}})
	l.Enter(&ctx)
	next, _ := l.Update(&ctx, startMsg{})
	require.Same(t, l, next, "the lobby stays")
	assert.Contains(t, kittest.Flat(ansi.Strip(l.View(&ctx))), "Table "+tb.Code()+" has 1 spectator: no room to watch.")
}

// TestNoteKeepsNewestTalkLine: a note under the tables (a code no table
// has) and the talk's own note (a line refused) take their rows from
// elsewhere: the talk's heading always has its newest line under it,
// a long note giving way last, to a line at least. With and without a
// rating, a table with house variants or none, 0 to 8 tables, the
// cursor on the menu and on a table, notes of one to four lines.
func TestNoteKeepsNewestTalkLine(t *testing.T) {
	for _, rated := range []bool{false, true} {
		for n := range 9 {
			for _, house := range []bool{false, true} {
				for _, row := range []int{0, len(items)} {
					for lines := 1; lines <= 4; lines++ {
						for _, talkNote := range []int{0, 1, 3} {
							what := fmt.Sprintf("rated %v, %d tables, house %v, row %d, note of %d lines, talk's note of %d", rated, n, house, row, lines, talkNote)
							l, ctx := steadyLobby(t, n, rated, true, 3)
							for i := range l.tables {
								if house {
									l.tables[i].Rules.OfAKind, l.tables[i].Rules.Menage = true, true
								}
							}
							l.row = min(row, len(items)+n-1)
							l.note, l.isErr = `Join "ZZZZ": no open table has that code. Here is the lobby.`+strings.Repeat(" word", 16*(lines-1)), true
							if talkNote > 0 {
								l.talk.note = kit.Note{Text: "Not sent:" + strings.Repeat(" talk", 15*talkNote-2), Err: true}
							}
							out := screenLines(l, ctx)
							text := strings.Join(out, "\n")
							require.LessOrEqual(t, len(out), 24, what)
							require.Contains(t, text, `! Join "ZZZZ": no open table has that code.`, "%s:\n%s", what, text)
							at := slices.IndexFunc(out, func(s string) bool { return strings.HasPrefix(s, " Lobby talk") })
							require.GreaterOrEqual(t, at, 0, "%s: no talk's heading:\n%s", what, text)
							require.Contains(t, strings.Join(out[at:], "\n"), `bob: "line 3"`, "%s: the newest line is gone:\n%s", what, text)
							if talkNote > 0 {
								require.Contains(t, strings.Join(out[at:], "\n"), "Not sent:", "%s: the talk's note is gone:\n%s", what, text)
							}
						}
					}
				}
			}
		}
	}
}

// startsWith gives a function that opens cid's lobby on the start
// command c beside f's tournaments, runs its commands to the end (ticks
// left out), and returns the lobby and the screen it went to.
func startsWith(t *testing.T, f *tourneyFixture) func(c Command) (*Lobby, kit.Screen, *kit.Context) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	cid := hall.Player{ID: strings.Repeat("c", 64), Name: "cid"}
	return func(c Command) (*Lobby, kit.Screen, *kit.Context) {
		ctx := kittest.Context(80, 24)
		l := New(Config{Player: cid, Hall: h, Tourney: f.svc, Start: c})
		var next kit.Screen = l
		budget := 20
		kittest.Run(t, &budget, l.Enter(&ctx), func(msg tea.Msg) tea.Cmd {
			if _, tick := msg.(kit.TickMsg); tick {
				return nil
			}
			var cmd tea.Cmd
			next, cmd = next.Update(&ctx, msg)
			return cmd
		}, nil)
		return l, next, &ctx
	}
}

// `join CODE` (or watch) with a tournament's code opens that
// tournament's page, as typed (lower case) too; a six-letter code that
// names no tournament is refused as no table's, in the lobby.
func TestStartCommandWithATournamentsCode(t *testing.T) {
	f := newTourneyFixture(t, 3)
	start := startsWith(t, f)
	for _, c := range []Command{{Verb: "join", Code: f.info.Code}, {Verb: "watch", Code: strings.ToLower(f.info.Code)}, {Verb: "join", Code: "QQQQQQ"}} {
		l, next, ctx := start(c)
		if c.Code == "QQQQQQ" {
			require.Same(t, l, next, "%v", c)
			assert.Contains(t, kittest.Flat(ansi.Strip(l.View(ctx))), `"QQQQQQ": a table code is four letters`, "%v", c)
			continue
		}
		s, ok := next.(*tourneyScreen)
		require.True(t, ok, "%v: %T", c, next)
		assert.Equal(t, "tournaments tournament", s.Name(), "%v: the tournament's page", c)
		s.Close()
	}
}

// A tournament's code that could not be read for another reason than
// that it names none (the service stopping, the database, the wait) is
// said as it is, in the lobby: not as a table code badly formed.
func TestStartCommandWithATournamentsCodeUnread(t *testing.T) {
	f := newTourneyFixture(t, 3)
	f.svc.Close()
	l, next, ctx := startsWith(t, f)(Command{Verb: "join", Code: f.info.Code})
	require.Same(t, l, next)
	view := kittest.Flat(ansi.Strip(l.View(ctx)))
	assert.Contains(t, view, fmt.Sprintf("Join %q: %v", f.info.Code, tourney.ErrClosed))
	assert.NotContains(t, view, "four letters")

	for _, err := range []error{tourney.ErrTrouble, fmt.Errorf("reading the tournament: %w", context.DeadlineExceeded)} {
		l, ctx := steadyLobby(t, 0, false, false, 0)
		next, cmd := l.takeTourneyCode(tourneyCodeMsg{c: Command{Verb: "watch", Code: "TESTAB"}, err: err})
		require.Same(t, l, next, "%v", err)
		assert.Nil(t, cmd, "%v", err)
		view := kittest.Flat(ansi.Strip(l.View(ctx)))
		assert.Contains(t, view, fmt.Sprintf(`Watch "TESTAB": %v`, err))
		assert.NotContains(t, view, "four letters", "%v", err)
	}
}

// Notices told together (the hall's, a board under way) read as
// separate paragraphs, each beginning a row; and a notice with rows to
// spare beside it leaves the talk its heading and newest line (with
// nothing said yet, as with lines said). At every seat count of the
// tournament named.
func TestNoticesApartAndTheTalkKeptBesideThem(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		board := inPlayMsg{info: tourney.Info{Code: "FWUKZR", Rules: o}, board: 2}
		under := fmt.Sprintf("Board 2 of tournament FWUKZR for %d players is under way: d opens it.", n)
		const told = "Table TSZA started its next game without you: a bot plays your seat; choose it in the list to take it back."
		for _, said := range []int{0, 1} {
			for _, hall := range []bool{false, true} {
				name := fmt.Sprintf("%d said, the hall's notice %v", said, hall)
				l, ctx := steadyLobby(t, 0, true, true, said)
				if hall {
					l.setNote(told, false)
				}
				l.takeInPlay(board)
				rows := screenLines(l, ctx)
				scr := strings.Join(rows, "\n")
				require.Len(t, rows, 24, name)
				at := slices.IndexFunc(rows, func(s string) bool { return strings.TrimRight(s, " ") == " "+under })
				require.Positive(t, at, "%s: the board's notice does not begin a row of its own:\n%s", name, scr)
				if hall {
					assert.Contains(t, kittest.Flat(scr), kittest.Flat(told), name)
					assert.True(t, strings.HasPrefix(rows[at-2], " Table TSZA"), "%s: the hall's notice is not a paragraph of its own:\n%s", name, scr)
				}
				talk := slices.IndexFunc(rows, func(s string) bool { return strings.HasPrefix(s, " Lobby talk") })
				require.Greater(t, talk, at, "%s: no talk under the notice:\n%s", name, scr)
				newest := `bob: "line 1"`
				if said == 0 {
					newest = "(nothing said yet)"
				}
				assert.Contains(t, rows[talk+1], newest, "%s: the talk's newest line is gone:\n%s", name, scr)
			}
		}
	})
}
