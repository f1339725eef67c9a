package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// seededLog plays a game of n bots dealt from seed to its end (shlomo
// on where it applies, so that chance steps are drawn) and returns its
// log's text, as klob writes it.
func seededLog(t *testing.T, n int, seed uint64) string {
	t.Helper()
	opts := rules.DefaultOptions()
	require.NoError(t, opts.Set("players", fmt.Sprint(n)))
	require.NoError(t, opts.Set("target", "300"))
	if n > 2 {
		require.NoError(t, opts.Set("shlomo", "on"))
	}
	players := make([]session.Player, n)
	for i := range players {
		players[i] = session.Player{Name: fmt.Sprintf("Bot %d", i), Level: ai.Random}
	}
	bots := func(_ ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }
	s, err := session.New(session.Config{Options: opts, Seed: seed, Players: players, NewBot: bots,
		Start: time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)})
	require.NoError(t, err)
	for !s.Over() {
		if s.Game().NeedDeal() {
			require.NoError(t, s.StartDeal())
			continue
		}
		th, ok := s.Think()
		require.True(t, ok)
		a, err := th.Think(context.Background())
		require.NoError(t, s.BotMove(th, a, err))
	}
	b, err := s.Log().MarshalText()
	require.NoError(t, err)
	return string(b)
}

// TestVerifyChecksTheSeed: a log's Seed tag must deal its game: the
// first dealer, every deck and every chance step drawn from it, at
// every seat count. Another seed, or one that is no number, is refused
// at the tag (exit 1); a log without the tag, and a tournament's board
// (one fixed deal), are not checked against one.
func TestVerifyChecksTheSeed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	chance := false
	// Seeds whose games of three and four draw a shlomo's card.
	for n, seed := range map[int]uint64{2: 13, 3: 8, 4: 15} {
		text := seededLog(t, n, seed)
		chance = chance || strings.Contains(text, "chance: draw")
		tag := fmt.Sprintf(`[Seed "%d"]`, seed)
		require.Contains(t, text, tag)
		line, col := seedTagPlace(t, text)
		good := write(fmt.Sprintf("good-%d.klob", n), text)
		code, _, errs := verify("-q", good)
		require.Equal(t, 0, code, "%d players: %s", n, errs)

		for _, tc := range []struct{ value, want string }{
			{fmt.Sprint(seed + 1), fmt.Sprintf("tag Seed: seed %d does not deal this game: ", seed+1)},
			{"abc", `tag Seed: "abc" is not a seed: a whole number from 0 to 18446744073709551615`},
			{"", `tag Seed: "" is not a seed`},
			{"013", `tag Seed: "013" is not a seed`},
		} {
			bad := write(fmt.Sprintf("bad-%d.klob", n), strings.Replace(text, tag, `[Seed "`+tc.value+`"]`, 1))
			code, _, errs := verify("-q", bad)
			errs = unwrapped(errs)
			assert.Equal(t, 1, code, "%d players, seed %q", n, tc.value)
			assert.True(t, strings.HasPrefix(errs, fmt.Sprintf("%s:%d:%d: %s", bad, line, col, tc.want)), "%d players, seed %q: %s", n, tc.value, errs)
		}
		// A board's Seed tag says nothing of its deal; no tag, nothing.
		board := write("board.klob", strings.Replace(text, tag, `[Seed "0"]`+"\n"+`[Board "3"]`, 1))
		none := write("none.klob", strings.Replace(text, tag+"\n", "", 1))
		code, _, errs = verify("-q", board, none)
		assert.Equal(t, 0, code, "%d players: %s", n, errs)
	}
	require.True(t, chance, "no chance step was drawn: the test does not check them")
}

// A chance step not drawn from the seed is refused too: the log of
// four whose deal draws a shlomo's card, with another card drawn.
func TestSeedErrorChecksTheDraws(t *testing.T) {
	text := seededLog(t, 4, 15)
	l, r, err := gamelog.ParseReplay("four.klob", []byte(text))
	require.NoError(t, err)
	require.NoError(t, seedError("four.klob", []byte(text), l, r))
	for i := range r.Deals {
		rd := &r.Deals[i]
		for j, st := range rd.Steps {
			if st.Seat != rules.ChanceSeat {
				continue
			}
			d := rd.At(j)
			for _, other := range d.Legal() {
				if other != st.Action {
					drawn := st.Action
					rd.Steps[j].Action = other
					err := seedError("four.klob", []byte(text), l, r)
					line, col := seedTagPlace(t, text)
					require.EqualError(t, err, fmt.Sprintf("four.klob:%d:%d: tag Seed: seed 15 does not deal this game: in deal %d it draws the shlomo's %s, not %s",
						line, col, rd.No, drawn.Card.Pretty(false), other.Card.Pretty(false)))
					return
				}
			}
		}
	}
	t.Fatal("no chance step with two draws")
}

// seedTagPlace is where a log's text, as klob writes it, holds the
// value of its Seed tag, counted here: the tag's line and the column of
// the value's opening quote.
func seedTagPlace(t *testing.T, text string) (line, col int) {
	line = 1 + slices.IndexFunc(strings.Split(text, "\n"), func(l string) bool { return strings.HasPrefix(l, "[Seed ") })
	require.Positive(t, line, "no Seed tag")
	return line, len(`[Seed "`)
}
