package gamelog_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// claimedLog is a random game of n players (whole, or stopped inside its
// second deal after stop steps) with a claim played out in its first
// deal: by the winner of the last trick, before card (from 1) of it.
func claimedLog(t testing.TB, n, card, stop int) *gamelog.Log {
	t.Helper()
	o := rules.DefaultOptions()
	if n > 2 {
		o.Players = n // two players leave it zero, as a log read back does
	}
	cfg := testkit.Config{Seed: uint64(40 + n), Options: o, Header: tableHeader(n)}
	if stop > 0 {
		cfg.MaxDeals, cfg.StopAfter = 2, stop
	}
	l, err := testkit.Play(cfg)
	require.NoError(t, err)
	r, err := l.Replay()
	require.NoError(t, err)
	for i := range r.Deals {
		rd := &r.Deals[i]
		if !rd.Done || rd.Ending != rules.PlayedOut {
			continue
		}
		d := rd.At(len(rd.Steps))
		last := len(rd.Steps) - n // the last trick's first card
		l.Deals[i].Claim = &gamelog.Claim{Seat: d.LastTrickWinner(), Step: last + card - 1, PlayedOut: true}
		return l
	}
	t.Fatal("no deal was played")
	return nil
}

// roundTrip writes l, reads it back and writes it again: the same Log,
// the same text.
func roundTrip(t *testing.T, l *gamelog.Log) (string, *gamelog.Replay) {
	t.Helper()
	text, err := l.MarshalText()
	require.NoError(t, err)
	back, r, err := gamelog.ParseReplay("claim.klob", text)
	require.NoError(t, err, "%s", text)
	require.True(t, reflect.DeepEqual(l, back), "the log read back differs")
	again, err := back.MarshalText()
	require.NoError(t, err)
	require.Equal(t, string(text), string(again))
	return string(text), r
}

// TestClaimRoundTrip: at two, three and four players a claim is written
// as a line before its trick's line, saying before which card it came,
// and reads back to the same claim; the replay carries it and marks the
// played-out cards of the claiming side.
func TestClaimRoundTrip(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for card := 1; card <= n; card++ {
			t.Run(fmt.Sprintf("%d players card %d", n, card), func(t *testing.T) {
				l := claimedLog(t, n, card, 0)
				text, r := roundTrip(t, l)
				var c *gamelog.Claim
				no := 0
				for i := range l.Deals {
					if l.Deals[i].Claim != nil {
						c, no = l.Deals[i].Claim, i+1
					}
				}
				trick := map[int]int{2: 9, 3: 9, 4: 8}[n] // the last trick
				want := fmt.Sprintf("claim %s trick %d card %d played-out\ntrick %d ", c.Seat, trick, card, trick)
				require.Contains(t, text, want)
				assert.Equal(t, 1, strings.Count(text, "\nclaim "))
				rd := &r.Deals[no-1]
				require.Equal(t, c, rd.Claim)
				for j := range rd.Steps {
					mine := rules.SideOfSeat(n, rd.Steps[j].Seat) == rules.SideOfSeat(n, c.Seat)
					assert.Equal(t, j >= c.Step && mine, rd.ClaimedAt(j), "step %d", j)
				}
			})
		}
	}
}

// TestClaimInSave: a save may stop right after a claim, before the
// card it came before, at a trick's start or inside a trick.
func TestClaimInSave(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		l := claimedLog(t, n, 1, 0)
		for i := range l.Deals {
			c := l.Deals[i].Claim
			if c == nil {
				continue
			}
			for cut := c.Step; cut < len(l.Deals[i].Steps) && cut < c.Step+n; cut++ {
				s := *l
				s.Deals = append([]gamelog.Deal(nil), l.Deals[:i+1]...)
				s.Deals[i].Steps = s.Deals[i].Steps[:cut]
				s.Deals[i].Claim = &gamelog.Claim{Seat: c.Seat, Step: cut, PlayedOut: true}
				text, _ := roundTrip(t, &s)
				require.Contains(t, text, fmt.Sprintf("card %d played-out\n", cut-c.Step+1))
				require.True(t, strings.HasSuffix(text, "\nend *\n"))
			}
		}
	}
}

// TestNoClaimNoLine: a log without a claim has no claim line, and a
// claim changes nothing else in the text.
func TestNoClaimNoLine(t *testing.T) {
	l := claimedLog(t, 3, 2, 0)
	with, err := l.MarshalText()
	require.NoError(t, err)
	for i := range l.Deals {
		l.Deals[i].Claim = nil
	}
	without, err := l.MarshalText()
	require.NoError(t, err)
	assert.NotContains(t, string(without), "claim")
	var kept []string
	for _, s := range strings.SplitAfter(string(with), "\n") {
		if !strings.HasPrefix(s, "claim ") {
			kept = append(kept, s)
		}
	}
	assert.Equal(t, string(without), strings.Join(kept, ""))
}

// TestClaimRefused: a claim line that is wrong is refused with its
// place: a played-out claim whose side lost a trick after it, one
// outside the card play, a second one, a wrong trick number, a card
// the log stops before, an unknown word.
func TestClaimRefused(t *testing.T) {
	l := claimedLog(t, 2, 1, 0)
	text, err := l.MarshalText()
	require.NoError(t, err)
	lines := strings.Split(string(text), "\n")
	at := -1
	for i, s := range lines {
		if strings.HasPrefix(s, "claim ") {
			at = i
		}
	}
	require.Positive(t, at)
	f := strings.Fields(lines[at])
	other := map[string]string{"A": "B", "B": "A"}[f[1]]
	edit := func(repl func([]string) []string) []byte {
		ls := repl(append([]string(nil), lines...))
		return []byte(strings.Join(ls, "\n"))
	}
	set := func(s string) func([]string) []string {
		return func(ls []string) []string { ls[at] = s; return ls }
	}
	for name, tc := range map[string]struct {
		text []byte
		kind error
		msg  string
	}{
		"side lost a trick": {edit(set(fmt.Sprintf("claim %s trick %s card 1 played-out", other, f[3]))), gamelog.ErrMismatch, "but " + other + " claimed every remaining trick"},
		"wrong trick":       {edit(set(fmt.Sprintf("claim %s trick 3 card 1 played-out", f[1]))), gamelog.ErrMismatch, "the trick that follows is"},
		"no such card":      {edit(set(fmt.Sprintf("claim %s trick %s card 3 played-out", f[1], f[3]))), gamelog.ErrSyntax, "the card of the trick is 1 to 2"},
		"unknown word":      {edit(set(fmt.Sprintf("claim %s trick %s card 1 conceded", f[1], f[3]))), gamelog.ErrSyntax, `expected "played-out" or "by-hand"`},
		"no seat C":         {edit(set(fmt.Sprintf("claim C trick %s card 1 played-out", f[3]))), gamelog.ErrSyntax, "not a seat of the game"},
		"twice": {edit(func(ls []string) []string {
			return append(ls[:at+1], ls[at:]...)
		}), gamelog.ErrSyntax, "a deal has one claim"},
		"before the play": {edit(func(ls []string) []string {
			for i, s := range ls {
				if strings.HasPrefix(s, "upcard") {
					return append(ls[:i+1], append([]string{lines[at]}, ls[i+1:]...)...)
				}
			}
			return ls
		}), gamelog.ErrSyntax, "a claim comes in the card play"},
		"stops before the card": {edit(func(ls []string) []string {
			out := append(ls[:at], fmt.Sprintf("claim %s trick %s card 2 played-out", f[1], f[3]), "", "end *", "")
			return out
		}), gamelog.ErrSyntax, "the log stops before card 2"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := gamelog.Parse("c.klob", tc.text)
			require.Error(t, err)
			assert.True(t, errors.Is(err, tc.kind), "%v", err)
			assert.Contains(t, err.Error(), tc.msg)
			var e *gamelog.Error
			require.True(t, errors.As(err, &e))
			assert.Positive(t, e.Line)
		})
	}
	// By hand, the side may lose a trick after its claim: nothing is
	// checked against the tricks.
	_, err = gamelog.Parse("c.klob", edit(set(fmt.Sprintf("claim %s trick %s card 1 by-hand", other, f[3]))))
	require.NoError(t, err)
}

// TestClaimWriterRefuses: the writer refuses a claim the reader would
// refuse: past the deal's steps, outside the card play, of a side that
// lost a trick after it though its cards were played out.
func TestClaimWriterRefuses(t *testing.T) {
	for name, edit := range map[string]func(c *gamelog.Claim, steps int){
		"past the steps":  func(c *gamelog.Claim, steps int) { c.Step = steps + 1 },
		"at the very end": func(c *gamelog.Claim, steps int) { c.Step = steps },
		"before the play": func(c *gamelog.Claim, steps int) { c.Step = 0 },
		"no such seat":    func(c *gamelog.Claim, steps int) { c.Seat = rules.Seat(2) },
		"the side lost":   func(c *gamelog.Claim, steps int) { c.Seat = c.Seat.Other(); c.Step -= 2 },
		"a negative step": func(c *gamelog.Claim, steps int) { c.Step = -1 },
	} {
		t.Run(name, func(t *testing.T) {
			l := claimedLog(t, 2, 1, 0)
			for i := range l.Deals {
				if c := l.Deals[i].Claim; c != nil {
					edit(c, len(l.Deals[i].Steps))
				}
			}
			_, err := l.MarshalText()
			require.Error(t, err)
			assert.True(t, errors.Is(err, gamelog.ErrMismatch), "%v", err)
			_, err = l.Game()
			require.Error(t, err)
		})
	}
}

// TestClaimFuzzSeeds: the logs with claims the fuzz tests start from
// read (fuzz seeds that do not parse would test only the refusals).
func TestClaimFuzzSeeds(t *testing.T) {
	for _, b := range claimSeeds(t) {
		_, err := gamelog.Parse("seed.klob", b)
		require.NoError(t, err)
	}
}

// claimSeeds are logs with a claim at two, three and four players,
// whole and saved inside a deal after it.
func claimSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, n := range []int{2, 3, 4} {
		for _, stop := range []int{0, 20} {
			b, err := claimedLog(t, n, min(n, 2), stop).MarshalText()
			require.NoError(t, err)
			out = append(out, b)
		}
	}
	return out
}
