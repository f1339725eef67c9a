package session

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// seedGame is a game of n people who play byPosition, dealt from seed,
// with shlomo on at three and four (chance steps) and a target far
// enough for several deals.
func seedGame(t *testing.T, n int, seed uint64) *Session {
	t.Helper()
	cfg := tableConfig(n, seed, []Player{person, person, person, person}[:n]...)
	cfg.Options.Target = 600
	s, err := New(cfg)
	require.NoError(t, err)
	return s
}

// playUntil steps s (byPosition) until done says so, or the game ends.
func playUntil(t *testing.T, s *Session, done func(*Session) bool) {
	t.Helper()
	for i := 0; !s.Over() && !done(s); i++ {
		require.Less(t, i, 50000, "the game does not end")
		stepWith(t, s, byPosition)
	}
}

// waitingFor is true once the game waits to deal deal n.
func waitingFor(n int) func(*Session) bool {
	return func(s *Session) bool { return s.Game().NeedDeal() && s.Game().DealNo() == n }
}

// withSeedTag is the text of l with its Seed tag set to v ("" removes
// it), read back as a log: what a player who edits a save gives klob.
func withSeedTag(t *testing.T, l *gamelog.Log, v string) *gamelog.Log {
	t.Helper()
	b, err := l.MarshalText()
	require.NoError(t, err)
	old := "[" + SeedTag + ` "` + l.Header.Tag(SeedTag) + `"]` + "\n"
	require.Contains(t, string(b), old)
	tag := ""
	if v != "" {
		tag = "[" + SeedTag + ` "` + v + `"]` + "\n"
	}
	out, err := gamelog.Parse("save.klob", bytes.Replace(b, []byte(old), []byte(tag), 1))
	require.NoError(t, err)
	return out
}

// TestCheckSeed: the seed a game was dealt from deals its log at every
// seat count; another seed, or the log with a chance step drawn
// otherwise, is refused at the deal where it differs.
func TestCheckSeed(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		// The first seed whose game draws a shlomo's card (at three and four).
		var r *gamelog.Replay
		seed := uint64(0)
		for ; ; seed++ {
			require.Less(t, seed, uint64(200), "%d players: no shlomo in 200 games", n)
			s := seedGame(t, n, seed)
			playUntil(t, s, waitingFor(5))
			var err error
			r, err = s.Log().Replay()
			require.NoError(t, err)
			if n == 2 || bytes.Contains(mustText(t, s.Log()), []byte("chance: draw")) {
				break
			}
		}
		require.NoError(t, CheckSeed(seed, r), "%d players", n)

		// Another seed: the first dealer, else the first deck differs.
		var se *SeedError
		for other := seed + 1; other < seed+8; other++ {
			err := CheckSeed(other, r)
			require.ErrorAs(t, err, &se, "%d players, seed %d", n, other)
			want := 1
			if FirstDealerOf(other, n) != r.Header.FirstDealer {
				want = 0
			}
			require.Equal(t, SeedError{Seed: other, Deal: want, Msg: se.Msg}, *se)
			if want == 1 {
				require.EqualError(t, err, "seed "+strconv.FormatUint(other, 10)+" does not deal this game: it draws another deck for deal 1")
			}
		}
		if n == 2 {
			continue
		}
		// A chance step drawn otherwise than the seed draws it.
		changed := false
		for i := range r.Deals {
			rd := &r.Deals[i]
			for j, st := range rd.Steps {
				if st.Seat != rules.ChanceSeat || changed {
					continue
				}
				d := rd.At(j)
				for _, a := range d.Legal() {
					if a != st.Action {
						rd.Steps[j].Action, changed = a, true
						err := CheckSeed(seed, r)
						require.ErrorAs(t, err, &se, "%d players", n)
						require.Equal(t, rd.No, se.Deal)
						require.Equal(t, "in deal "+strconv.Itoa(rd.No)+" it draws the shlomo's "+st.Action.Card.Pretty(false)+", not "+a.Card.Pretty(false), se.Msg)
						break
					}
				}
			}
		}
		require.True(t, changed, "%d players: no chance step with two draws", n)
	}
}

func mustText(t *testing.T, l *gamelog.Log) []byte {
	t.Helper()
	b, err := l.MarshalText()
	require.NoError(t, err)
	return b
}

// TestResumeDistrustsAnEditedSeed: a save whose Seed tag was edited
// (it no longer deals the log's decks) resumes with its seed unknown,
// so the game over offers no seed that "deals this game again", at
// every seat count. Its next decks are not the edited seed's: they are
// derived from the log, the same whatever the config's seed and however
// often the game is saved and resumed. The genuine tag stays trusted,
// and so does one with nothing dealt to contradict it.
func TestResumeDistrustsAnEditedSeed(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		s := seedGame(t, n, 21)
		playUntil(t, s, waitingFor(3))
		require.False(t, s.Over(), "%d players: the game ended in two deals", n)
		saved := s.Log()

		genuine, err := Resume(saved, tableConfig(n, 999))
		require.NoError(t, err)
		require.True(t, genuine.SeedKnown(), "%d players: the genuine seed", n)
		require.Equal(t, uint64(21), genuine.Seed())
		playUntil(t, genuine, func(*Session) bool { return false })
		require.True(t, genuine.Over() && genuine.SeedKnown(), "%d players", n)

		for _, tag := range []string{"22", "", "x"} {
			edited := withSeedTag(t, saved, tag)
			a, err := Resume(edited, tableConfig(n, 999))
			require.NoError(t, err)
			require.False(t, a.SeedKnown(), "%d players, seed tag %q", n, tag)
			require.NotEqual(t, uint64(22), a.Seed(), "%d players: the edited seed deals on", n)
			require.NoError(t, a.StartDeal())
			require.NotEqual(t, Deck(22, 3), a.Deal().Deck(), "%d players: deal 3 is the edited seed's", n)

			// Another config's seed deals the same: the log says how it goes on.
			b, err := Resume(edited, tableConfig(n, 1234))
			require.NoError(t, err)
			require.NoError(t, b.StartDeal())
			require.Equal(t, a.Deal().Deck(), b.Deal().Deck(), "%d players, seed tag %q", n, tag)

			// Saved after deal 3 and resumed, it deals what it would have.
			playUntil(t, a, waitingFor(4))
			require.False(t, a.Over(), "%d players: the game ended in three deals", n)
			c, err := Resume(a.Log(), tableConfig(n, 5))
			require.NoError(t, err)
			require.False(t, c.SeedKnown())
			require.NoError(t, a.StartDeal())
			require.NoError(t, c.StartDeal())
			require.Equal(t, a.Deal().Deck(), c.Deal().Deck(), "%d players, seed tag %q: deal 4", n, tag)

			// To the end: still no seed deals this game.
			playUntil(t, a, func(*Session) bool { return false })
			require.True(t, a.Over(), "%d players", n)
			require.False(t, a.SeedKnown(), "%d players, seed tag %q: at game over", n, tag)
		}

		// Saved before its first deal, an edited seed that gives the
		// log's first dealer contradicts nothing: it deals the game.
		fresh := seedGame(t, n, 21)
		other := uint64(22)
		for FirstDealerOf(other, n) != FirstDealerOf(21, n) {
			other++
		}
		f, err := Resume(withSeedTag(t, fresh.Log(), strconv.FormatUint(other, 10)), tableConfig(n, 999))
		require.NoError(t, err)
		require.True(t, f.SeedKnown(), "%d players", n)
		require.NoError(t, f.StartDeal())
		require.Equal(t, Deck(other, 1), f.Deal().Deck())
	}
}

// testBoard is a fixed deal for the board tests.
func testBoard(n int) *Board {
	return &Board{Dealer: rules.Seat(n - 1), Deck: Deck(77, 1),
		BotSeed: func(s rules.Seat) uint64 { return uint64(s) + 1 },
		Chance:  func() *rand.Rand { return rand.New(rand.NewPCG(3, 4)) }}
}

// TestBoardHasNoSeed: a board's deal is drawn from no seed, so its log
// has no Seed tag and no seed is said to deal it again; a board's log
// resumes with its tag or without (older logs carry Seed "0").
func TestBoardHasNoSeed(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		cfg := tableConfig(n, 0, []Player{person, bot, bot, bot}[:n]...)
		cfg.Board = testBoard(n)
		s, err := New(cfg)
		require.NoError(t, err)
		h := s.Header()
		require.Equal(t, "", h.Tag(SeedTag), "%d players", n)
		require.False(t, s.SeedKnown(), "%d players", n)
		require.NoError(t, s.StartDeal())
		for range 5 {
			stepWith(t, s, byPosition)
		}
		text := string(mustText(t, s.Log()))
		require.NotContains(t, text, "["+SeedTag+" ", "%d players", n)

		for _, old := range []bool{false, true} {
			l := s.Log()
			if old {
				l.Header.SetTag(SeedTag, "0")
			}
			r, err := Resume(l, cfg)
			require.NoError(t, err, "%d players, Seed 0: %v", n, old)
			require.False(t, r.SeedKnown(), "%d players, Seed 0: %v", n, old)
			require.Equal(t, cfg.Board.Deck, r.Deal().Deck())
		}
	}
}
