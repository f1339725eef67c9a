package analysis

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// stepByPosition moves a session on by a step chosen from the position
// alone (deal and step), every seat's, so a resumed game goes on as the
// unbroken one: a deal, the person's forced moves, else a legal move of
// the seat to move.
func stepByPosition(t *testing.T, s *session.Session) {
	t.Helper()
	g := s.Game()
	if g.NeedDeal() {
		require.NoError(t, s.StartDeal())
		return
	}
	require.NoError(t, s.Advance())
	if seat, ok := s.ToMove(); ok {
		v := s.View(seat)
		legal := v.Legal()
		r := rand.New(rand.NewPCG(uint64(g.DealNo()), uint64(len(g.Deal().Steps()))))
		require.NoError(t, s.Apply(seat, legal[r.IntN(len(legal))]))
	}
}

// TestResumedForcedNotGraded: a local game (a person at A, bots
// elsewhere) quit in its third deal and resumed from its log's text:
// the analysis of the resumed game grades each move the session took
// for the person in the earlier deals Forced, never as a decision, and
// each of the person's moves outside the card play it grades Forced is
// one the resumed session tells as taken for them. The resumed game's
// log, all the analysis reads, is the unbroken game's. At every seat
// count.
func TestResumedForcedNotGraded(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players, o.Target = n, 1000
		players := []session.Player{{Name: "You", Human: true}}
		for range n - 1 {
			players = append(players, session.Player{Name: "Bot", Level: ai.Normal})
		}
		cfg := session.Config{Options: o, Seed: 3, Players: players, NewBot: testkit.RandomBots,
			Start: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
		s, err := session.New(cfg)
		require.NoError(t, err)
		for i := 0; s.Game().DealNo() < 3 || s.Game().NeedDeal() || len(s.Game().Deal().Steps()) < 3; i++ {
			require.False(t, s.Game().Over(), "the game ended before its third deal")
			require.Less(t, i, 5000, "no third deal")
			stepByPosition(t, s)
		}
		text, err := s.Log().MarshalText()
		require.NoError(t, err)
		l, err := gamelog.Parse("resumed.klob", text)
		require.NoError(t, err)
		back, err := session.Resume(l, session.Config{Seed: cfg.Seed, NewBot: testkit.RandomBots})
		require.NoError(t, err)
		for range 40 {
			for _, g := range []*session.Session{s, back} {
				if !g.Game().Over() {
					stepByPosition(t, g)
				}
			}
		}
		text, err = back.Log().MarshalText()
		require.NoError(t, err)
		unbroken, err := s.Log().MarshalText()
		require.NoError(t, err)
		require.Equal(t, string(unbroken), string(text), "the resumed game's log")
		_, r, err := gamelog.ParseReplay("resumed.klob", text)
		require.NoError(t, err)
		rep := analyse(t, r, Options{Samples: shortOr(2, 4), Seed: analysisSeed, Deals: []int{1, 2}})
		forced := 0
		for _, deal := range []int{1, 2} {
			for _, dec := range rep.Deals[deal-1].Decisions {
				if dec.Seat != rules.SeatA {
					continue
				}
				why, taken := back.Forced(deal, dec.Step-1)
				if taken {
					forced++
					require.Equal(t, Forced, dec.Grade, "deal %d step %d, taken for the person (%s), graded", deal, dec.Step, why)
				}
				if dec.Phase != rules.PhasePlay {
					require.Equal(t, dec.Grade == Forced, taken, "deal %d step %d (%s): graded %s, taken for the person %v",
						deal, dec.Step, dec.Action, dec.Grade, taken)
				}
			}
		}
		require.Positive(t, forced, "no move taken for the person in the first two deals")
		require.Positive(t, rep.Players[rules.SeatA].Graded, "no decision of the person graded")
		t.Logf("%d moves taken for the person, %d decisions graded", forced, rep.Players[rules.SeatA].Graded)
		require.GreaterOrEqual(t, rep.Players[rules.SeatA].Forced, forced, "the summary's forced moves")
	})
}
