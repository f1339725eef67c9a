package duplicate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// claimedPlay plays boards of s at random until one ends with a run of
// tricks won by the set's seat's side after a trick it lost; it returns
// the board, every action, the claim by the set's seat before the run's
// first card (which the play bears out), and where the trick before the
// run began (a claim there does not hold).
func claimedPlay(t testing.TB, s *BoardSet, r *rand.Rand) (Board, []rules.Step, *gamelog.Claim, int) {
	t.Helper()
	for try := 0; try < 400; try++ {
		b := s.Boards[try%len(s.Boards)]
		d := playRandom(t, s, b, r)
		steps := d.Steps()
		tb := b.Deal(s.Options)
		var starts []int
		var won []bool
		for i, st := range steps {
			if tb.Phase() == rules.PhasePlay && tb.Play().InTrick == 0 {
				starts = append(starts, i)
			}
			tricks := tb.Play().Tricks
			if err := tb.ApplyAs(st.Seat, st.Action); err != nil {
				t.Fatal(err)
			}
			if tb.Play().Tricks != tricks {
				won = append(won, tb.SideOf(tb.LastTrickWinner()) == tb.SideOf(s.Seat))
			}
		}
		k := len(won)
		for k > 0 && won[k-1] {
			k--
		}
		if len(won) == 0 || k == 0 || k == len(won) || len(starts) != len(won) {
			continue
		}
		return b, steps, &gamelog.Claim{Seat: s.Seat, Step: starts[k], PlayedOut: true}, starts[k-1]
	}
	t.Fatal("no deal ends with tricks won by the player's side")
	return Board{}, nil, nil, 0
}

// TestResultFileClaim: a board's claim is written on its line, reads
// back, checks against the play (by the player's seat, every trick
// after it won by their side), and is in the board's log as a game's
// claim is; a file with no claim reads and writes as before.
func TestResultFileClaim(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := testSet(t, players, uint64(40+players), 8)
		r := rand.New(rand.NewPCG(7, uint64(players)))
		b, steps, claim, lost := claimedPlay(t, s, r)
		d, err := b.Replay(s.Options, steps)
		if err != nil {
			t.Fatal(err)
		}
		br := RecordBoard(b.Number, &d, s.Seat)
		br.Claim = claim
		f := &ResultFile{Date: Date{2026, 12, 1}, Players: players, Set: s.ID, Name: "Ann", Version: "v1", Boards: []BoardResult{br}}
		text, err := f.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		want := " " + FormatClaim(claim) + " play "
		if !strings.Contains(string(text), want) || !strings.Contains(want, "played-out") {
			t.Fatalf("%d players: no %q in\n%s", players, want, text)
		}
		back, err := ParseResultFile(text)
		if err != nil {
			t.Fatalf("%d players: %v\n%s", players, err, text)
		}
		if c := back.Boards[0].Claim; c == nil || *c != *claim || len(back.Boards[0].Steps) != len(steps) {
			t.Fatalf("%d players: the claim read back is %+v, want %+v", players, c, claim)
		}
		if err := back.Check(s); err != nil {
			t.Errorf("%d players: %v", players, err)
		}
		l, err := s.ClaimedBoardLog(b, steps, back.Boards[0].Claim, [4]string{"Ann", "W", "N", "E"}, [4]string{gamelog.Human, "normal", "normal", "normal"})
		if err != nil {
			t.Fatal(err)
		}
		logText, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(logText), "\nclaim "+s.Seat.String()+" trick ") {
			t.Errorf("%d players: the board's log has no claim line:\n%s", players, logText)
		}
		if _, rp, err := gamelog.ParseReplay("board", logText); err != nil || rp.Deals[0].Claim == nil {
			t.Errorf("%d players: the board's log does not replay with its claim: %v", players, err)
		}

		// A claim the play does not bear out, or by another seat, does
		// not check.
		for _, c := range []gamelog.Claim{
			{Seat: s.Seat, Step: lost, PlayedOut: true},
			{Seat: (s.Seat + 1) % rules.Seat(players), Step: claim.Step, PlayedOut: true},
		} {
			bad := *f
			bad.Boards = []BoardResult{br}
			bad.Boards[0].Claim = &c
			if err := bad.Check(s); err == nil {
				t.Errorf("%d players: claim %+v checks", players, c)
			}
		}
	}
	// The claim's words are checked; a claim needs its play.
	for _, line := range []string{
		"board 1 result +10 par - claim A after 20 played-out",
		"board 1 result +10 par - claim A after x played-out play A: pass",
		"board 1 result +10 par - claim Z after 2 played-out play A: pass",
		"board 1 result +10 par - claim A after 2 somehow play A: pass",
		"board 1 result +10 par - claim A after 5 played-out play A: pass",
	} {
		text := "klob-results 1\ndate 2026-12-01\nplayers 2\nset 0123456789abcdef\nname A\nversion v\n" + line + "\nend\n"
		if _, err := ParseResultFile([]byte(text)); err == nil {
			t.Errorf("%q reads", line)
		}
	}
}

// TestCheckClaimWords: a claim refused is said as before the check
// replayed the board once: actions the board refuses as Replay says
// them, a claim the play does not bear out as the board's log does.
func TestCheckClaimWords(t *testing.T) {
	for players := 2; players <= 4; players++ {
		s := testSet(t, players, uint64(40+players), 8)
		b, steps, claim, lost := claimedPlay(t, s, rand.New(rand.NewPCG(7, uint64(players))))
		for k := claim.Step; k <= len(steps); k++ {
			if err := s.CheckClaim(b, steps[:k], claim); err != nil {
				t.Fatalf("%d players, after %d actions: %v", players, k, err)
			}
		}

		illegal := slices.Clone(steps)
		illegal[len(illegal)-1], illegal[len(illegal)-2] = illegal[len(illegal)-2], illegal[len(illegal)-1]
		_, want := b.Replay(s.Options, illegal)
		if err := s.CheckClaim(b, illegal, claim); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%d players, an action refused: %v, want %v", players, err, want)
		}
		for _, c := range []gamelog.Claim{{Seat: s.Seat, Step: lost, PlayedOut: true}, {Seat: s.Seat, Step: 0, PlayedOut: true}} {
			l := &gamelog.Log{Header: gamelog.Header{Options: s.Options, FirstDealer: b.Dealer}}
			l.Deals = []gamelog.Deal{{Deck: b.Deck, Steps: steps, Claim: &c}}
			_, want := l.Game()
			if err := s.CheckClaim(b, steps, &c); err == nil || want == nil || err.Error() != fmt.Sprintf("board %d: %v", b.Number, want) {
				t.Errorf("%d players, claim %+v: %v, want board %d: %v", players, c, err, b.Number, want)
			}
		}
	}
}

// BenchmarkCheckClaim is the check the daily's autosave runs at every
// action of a claimed board's play-out: a four-player board, claimed
// and played out.
func BenchmarkCheckClaim(b *testing.B) {
	s := testSet(b, 4, 44, 8)
	bd, steps, claim, _ := claimedPlay(b, s, rand.New(rand.NewPCG(7, 4)))
	b.ReportAllocs()
	for b.Loop() {
		if err := s.CheckClaim(bd, steps, claim); err != nil {
			b.Fatal(err)
		}
	}
}
