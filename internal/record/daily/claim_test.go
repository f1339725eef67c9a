package daily

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// claimedBoard plays the day's boards at random until one ends with a
// run of tricks won by the person's side after a trick it lost; it
// returns the board, every action and the person's claim before the
// run's first card (played out: the play bears it out).
func claimedBoard(t *testing.T, set *duplicate.BoardSet, r *rand.Rand) (int, []rules.Step, *gamelog.Claim) {
	t.Helper()
	for try := 0; try < 800; try++ {
		b := set.Boards[try%len(set.Boards)]
		d := b.Deal(set.Options)
		var starts []int
		var won []bool
		for s := d.Turn(); s != rules.NoSeat; s = d.Turn() {
			if d.Phase() == rules.PhasePlay && d.Play().InTrick == 0 {
				starts = append(starts, len(d.Steps()))
			}
			tricks := d.Play().Tricks
			legal := d.Legal()
			require.NoError(t, d.ApplyAs(s, legal[r.IntN(len(legal))]))
			if d.Play().Tricks != tricks {
				won = append(won, d.SideOf(d.LastTrickWinner()) == d.SideOf(set.Seat))
			}
		}
		k := len(won)
		for k > 0 && won[k-1] {
			k--
		}
		if k == 0 || k == len(won) || len(starts) != len(won) {
			continue
		}
		return b.Number, d.Steps(), &gamelog.Claim{Seat: set.Seat, Step: starts[k], PlayedOut: true}
	}
	t.Fatal("no deal ends with tricks won by the person's side")
	return 0, nil, nil
}

// TestClaimKept: the person's claim on a board is kept as the board is
// played out (the board in progress holds it, so that it resumes with
// the claim's play-out) and in the board's line once recorded, which the
// day's file reads back, checked; a board in progress written before
// claims were kept reads as before; a damaged result file keeps the
// claim of a board line it salvages.
func TestClaimKept(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		f := Open(t.TempDir())
		d := openDay(t, f, players, "Ann", "v1")
		n, steps, claim := claimedBoard(t, d.Set, rand.New(rand.NewPCG(5, uint64(players))))

		// Left mid-play-out: after the claim and one card of it.
		mid := claim.Step + 1
		require.NoError(t, d.SaveDeal(n, gamelog.Deal{Steps: steps[:mid], Claim: claim}))
		text, err := os.ReadFile(d.boardPath())
		require.NoError(t, err)
		assert.Contains(t, string(text), "\n"+duplicate.FormatClaim(claim)+"\n")
		p, err := d.Load()
		require.NoError(t, err)
		require.Equal(t, n, p.Board)
		require.Len(t, p.Steps, mid)
		require.NotNil(t, p.Claim, "the claim is kept with the board in progress")
		assert.Equal(t, *claim, *p.Claim)

		// A claim the play does not bear out is not written.
		bad := *claim
		bad.Seat = (claim.Seat + 1) % rules.Seat(players)
		assert.Error(t, d.SaveDeal(n, gamelog.Deal{Steps: steps[:mid], Claim: &bad}))

		br, err := d.RecordDeal(n, gamelog.Deal{Steps: steps, Claim: claim})
		require.NoError(t, err)
		require.NotNil(t, br.Claim)
		data, err := os.ReadFile(d.ResultPath())
		require.NoError(t, err)
		assert.Contains(t, string(data), " "+duplicate.FormatClaim(claim)+" play ")
		p, err = d.Load()
		require.NoError(t, err)
		require.Len(t, p.Results.Boards, 1)
		require.NotNil(t, p.Results.Boards[0].Claim, "the recorded board keeps its claim")
		assert.Equal(t, *claim, *p.Results.Boards[0].Claim)
		assert.Zero(t, p.Board)

		// A board in progress of an older Klob: no claim line.
		other := 1
		if n == 1 {
			other = 2
		}
		require.NoError(t, os.WriteFile(d.boardPath(), boardText(other, firstLegal(t, d.Set, other)[:3], nil), 0o644))
		p, err = d.Load()
		require.NoError(t, err)
		assert.Equal(t, other, p.Board)
		assert.Len(t, p.Steps, 3)
		assert.Nil(t, p.Claim)

		// The result file damaged elsewhere: the claimed board's line is
		// kept with its claim; with its result edited, its play's result
		// is kept, with the claim.
		for _, edit := range []bool{false, true} {
			lines := strings.Split(string(data), "\n")
			for i, l := range lines {
				if edit && strings.HasPrefix(l, "board ") {
					f := strings.Fields(l)
					f[3] = "+999"
					lines[i] = strings.Join(f, " ")
				}
				if l == "end" {
					lines[i] = "board x"
				}
			}
			require.NoError(t, os.WriteFile(d.ResultPath(), []byte(strings.Join(lines, "\n")), 0o644))
			p, err = d.Load()
			require.Error(t, err)
			require.Len(t, p.Results.Boards, 1, "edited %v", edit)
			require.NotNil(t, p.Results.Boards[0].Claim, "edited %v: the claim is kept", edit)
			assert.Equal(t, br.Result, p.Results.Boards[0].Result)
			require.NoError(t, os.WriteFile(d.ResultPath(), data, 0o644))
		}
	})
}
