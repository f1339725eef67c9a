package hall

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestAgainWithABotForTheOneWhoLeft: at every seat count, the table's
// host (Ann) leaves a finished game for the lobby while the others stay.
// They may start the next game with a bot of the table's level in her
// seat once all of them have said again; until then the table stays in
// her list and she may come back to her seat. Once it starts, the seat
// is the bot's: she cannot take it back, the table is no longer hers,
// she reads why when her lobby opens, and the next game is filed in the
// others' histories, not hers.
func TestAgainWithABotForTheOneWhoLeft(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		hist := &memHistory{}
		clock := clocktest.New(t0)
		h := newHall(t, testConfig(dir, hist, clock))
		tb := annOpens(t, h, n, smallRules(), 11)
		ann, bob := join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
		stay := []*person{bob}
		if n > 2 {
			stay = append(stay, join(t, tb, "c", "Cid", 3))
		}
		require.NoError(t, ann.conn.Start())
		newCrowd(t, append([]*person{ann}, stay...)...).toFiled()

		// Her connection is cut (Drop): the seat is hers a while.
		ann.gone = true
		ann.conn.Drop()
		for _, p := range stay {
			s := await(t, p.port(), "Ann away", func(s host.Snapshot) bool { return s.Players[0].State == host.SeatAway })
			require.False(t, s.Can.AgainWithBots, "offered at seat %v before everyone said again", p.conn.Seat())
			require.NoError(t, p.port().Again(s.Gen))
		}
		// Her seat is hers a while yet (host.Config.OverWait).
		clock.Advance(host.DefaultOverWait)
		s := await(t, bob.port(), "again with a bot offered", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.Equal(t, 1, s.Game)
		list := h.List("a")
		require.Len(t, list, 1, "the finished table is in Ann's list")
		require.True(t, list[0].Yours)

		// Ann may come back to her seat until the next game starts.
		back := join(t, tb, "a", "Ann", 4)
		require.True(t, back.port().Snapshot().Can.Again, "Ann is back at the game's end")
		require.False(t, await(t, bob.port(), "Ann back", func(s host.Snapshot) bool {
			return s.Players[0].State == host.SeatHere
		}).Can.AgainWithBots, "offered with Ann back")
		// Leaving by choice (q) she is not waited for.
		back.leave()

		s = await(t, bob.port(), "Ann away again", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.NoError(t, bob.port().AgainWithBots(s.Gen))
		next := await(t, bob.port(), "the next game", func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })
		require.Equal(t, host.SeatInfo{Name: BotName(n, 0), State: host.SeatBot, Level: ai.Random, Ready: true}, next.Players[0])

		// The table lets Ann's seat go as the next game's files are
		// first written.
		eventually(t, "Ann's seat let go", func() bool {
			return !slices.ContainsFunc(h.List("a"), func(in Info) bool { return in.Yours })
		})
		_, err := tb.Join(Player{ID: "a", Name: "Ann"})
		require.ErrorIs(t, err, ErrStarted)
		require.Contains(t, h.Notice("a"), "Table "+tb.Code()+" started its next game without you")
		l, err := gamelog.ReadFile(filepath.Join(dir, tb.Code(), "current.klob"))
		require.NoError(t, err)
		require.Empty(t, l.Header.Key(0), "the bot's seat holds Ann's key")
		require.Equal(t, "b", l.Header.Key(1))
		require.Equal(t, string(ai.Random), l.Header.Level(0))
		require.NotEmpty(t, l.Header.Tag(host.RematchTag))

		newCrowd(t, stay...).run("the next game's end, filed", func() bool {
			s := bob.port().Snapshot()
			return s.Game == 2 && s.Save.Filed
		})
		require.Equal(t, 1, hist.count("a"), "the game Ann did not play is in her history")
		require.Equal(t, 2, hist.count("b"))
		filed := hist.log("b", 1)
		require.Empty(t, filed.Header.Key(rules.SeatA))
		require.True(t, strings.HasPrefix(filed.Header.Name(rules.SeatA), "Bot"), filed.Header.Name(rules.SeatA))
	})
}

// TestNoAgainLetsTheSeatGo: at every seat count, Bob says no to another
// game at the end of the first and stays at its end. The others say
// again and start the next game with a bot in his seat: his port and his
// connection end, the seat holds neither him nor his connection (the
// table counts nobody of his here), the table leaves his list, and he
// reads why in the lobby. His leaving after it changes nothing, and he
// may watch the game his seat goes on in, the table's one place for a
// spectator taken (Config.MaxWatchers).
func TestNoAgainLetsTheSeatGo(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
		cfg.MaxWatchers = 1
		h := newHall(t, cfg)
		tb := annOpens(t, h, n, smallRules(), 12)
		ann, bob := join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
		stay := []*person{ann}
		if n > 2 {
			stay = append(stay, join(t, tb, "c", "Cid", 3))
		}
		require.NoError(t, ann.conn.Start())
		w, err := tb.Watch(Player{ID: "w", Name: "Wat"})
		require.NoError(t, err)
		defer w.Leave()
		newCrowd(t, append([]*person{bob}, stay...)...).toFiled()

		require.NoError(t, bob.port().NoAgain(bob.port().Snapshot().Gen))
		for _, p := range stay {
			s := await(t, p.port(), "Bob's no", func(s host.Snapshot) bool { return s.Players[1].No })
			require.NoError(t, p.port().Again(s.Gen))
		}
		s := await(t, ann.port(), "again with a bot offered", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.Equal(t, 1, s.Game)
		require.NoError(t, ann.port().AgainWithBots(s.Gen))
		await(t, ann.port(), "the next game", func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })

		port := bob.port()
		for range port.Updates() {
		}
		require.True(t, port.Snapshot().Closed, "Bob's port is not closed")
		eventually(t, "Bob's connection let go", func() bool {
			select {
			case _, ok := <-bob.conn.Updates():
				return !ok
			default:
				return false
			}
		})
		tb.mu.Lock()
		seat := *tb.seats[1]
		tb.mu.Unlock()
		require.Nil(t, seat.conn, "Bob's connection holds the bot's seat")
		require.Empty(t, seat.player.ID, "Bob holds the bot's seat")
		require.False(t, slices.ContainsFunc(h.List("b"), func(in Info) bool { return in.Code == tb.Code() }), "the table is in Bob's list")
		require.Contains(t, h.Notice("b"), "Table "+tb.Code()+" started its next game without you")
		bob.leave()
		tb.mu.Lock()
		require.False(t, tb.seats[1].leftOver)
		tb.mu.Unlock()
		_, err = tb.Watch(Player{ID: "z", Name: "Zed"})
		require.Error(t, err, "the table's one place for a spectator is taken")
		bw, err := tb.Watch(Player{ID: "b", Name: "Bob"})
		require.NoError(t, err, "Bob, whose seat a bot took, is refused the game")
		_, err = tb.Watch(Player{ID: "b", Name: "Bob"})
		require.Error(t, err, "Bob watches past the cap from a second connection")
		bw.Leave()
		bw, err = tb.Watch(Player{ID: "b", Name: "Bob"})
		require.NoError(t, err, "Bob, gone from watching, is refused coming back")
		bw.Leave()
	})
}

// TestHintsWhenAgainLeavesOneSide: at every seat count, the first game
// is rated (people on two sides or more) and refuses hints. Everyone
// but Ann says no to another, and she starts the next with bots in
// their seats: a game of her side alone against bots, which changes no
// rating, gives hints as any such game does. The server's log says
// they hold their seats no more, "holds" for one.
func TestHintsWhenAgainLeavesOneSide(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		logs := &testkit.LogLines{}
		cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
		cfg.Logf = logs.Logf
		h := newHall(t, cfg)
		tb := annOpens(t, h, n, smallRules(), 13)
		ann := join(t, tb, "a", "Ann", 1)
		others := []*person{join(t, tb, "b", "Bob", 2)}
		if n > 2 {
			others = append(others, join(t, tb, "c", "Cid", 3))
		}
		require.NoError(t, ann.conn.Start())
		s := firstDeal(t, ann.port())
		require.True(t, s.NoHints, "the rated game gives hints")
		require.ErrorIs(t, ann.port().Hint(s.Gen), host.ErrNoHints)
		newCrowd(t, append([]*person{ann}, others...)...).toFiled()

		for _, p := range others {
			require.NoError(t, p.port().NoAgain(p.port().Snapshot().Gen))
		}
		s = await(t, ann.port(), "the others' no", func(s host.Snapshot) bool {
			return !slices.ContainsFunc(s.Players[1:], func(p host.SeatInfo) bool { return p.Human && !p.No })
		})
		require.NoError(t, ann.port().Again(s.Gen))
		s = await(t, ann.port(), "again with bots offered", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.NoError(t, ann.port().AgainWithBots(s.Gen))
		s = await(t, ann.port(), "the next game's first deal", func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })
		require.False(t, s.NoHints, "a game of one side against bots refuses hints")
		require.NotErrorIs(t, ann.port().Hint(s.Gen), host.ErrNoHints)

		who := []string{Who(Player{ID: "b", Name: "Bob"})}
		if n > 2 {
			who = append(who, Who(Player{ID: "c", Name: "Cid"}))
		}
		line := strings.Join(who, ", ") + " holds the seat no more: a bot plays it"
		if len(others) > 1 {
			line = strings.Join(who, ", ") + " hold their seats no more: bots play them"
		}
		eventually(t, "the seats let go, logged", func() bool { return strings.Contains(logs.String(), line) })
	})
}
