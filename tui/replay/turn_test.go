package replay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// nextTurn is what the replay at hs says of whose turn comes next: the
// seat's words after "Next: " up to " to", "chance" for a card drawn by
// chance, "" when it says none.
func nextTurn(screen string) string {
	flat := kittest.Flat(screen)
	if strings.Contains(flat, "Next: a card drawn by chance.") {
		return "chance"
	}
	_, after, ok := strings.Cut(flat, "Next: ")
	if !ok {
		return ""
	}
	who, _, _ := strings.Cut(after, " to ")
	return who
}

// TestReplayNamesWhoseTurn: at every step of games of two, three and
// four with a person at A (named "You" in the log), the replay says
// whose turn comes next, as the rules give it, the same way for every
// seat: "you" for the person's own seat, in their view, with every
// hand open, and seen from the seat after theirs (o, with the analysis
// on: its lines name the seats too), their name for the others;
// nothing once the deal is over.
func TestReplayNamesWhoseTurn(t *testing.T) {
	for _, file := range gamesTo100 {
		r := readReplay(t, file)
		t.Run(fmt.Sprint(r.Players()), func(t *testing.T) {
			for _, view := range []string{"open", "own", "next"} {
				hs := kittest.New(t, New(r, "to100", Config{Analyze: fakeAnalyze}, nil), 80, 24, false)
				switch view {
				case "own":
					hs.Press("o")
				case "next":
					// With the analysis on: its lines name the seats too.
					hs.Press("o", "o", "a")
				}
				s := replayOf(hs)
				person := rules.SeatA
				require.Equal(t, person, s.person)
				own := view != "next"
				require.Equal(t, own, s.bottom == person, "%s view from %s", view, s.bottom)
				saidOf := map[string]int{}
				for range 2000 {
					screen := text(hs)
					rd := &r.Deals[s.pos.deal]
					d := rd.At(s.pos.n)
					want := ""
					switch turn := d.Turn(); {
					case turn == rules.ChanceSeat:
						want = "chance"
					case turn == rules.NoSeat:
					case turn == person:
						want = "you"
					default:
						want = r.Header.PlayerName(turn)
					}
					require.Equal(t, want, nextTurn(screen), "%s view, deal %d step %d (%s):\n%s",
						view, rd.No, s.pos.n, d.Phase(), screen)
					// On a line of its own, the step line keeping its
					// sentence whatever the next seat's name.
					if want != "" {
						require.Regexp(t, `(?m)^ Next: (.*|.*\n   .*)\.$`, screen)
					}
					saidOf[fmt.Sprint(d.Phase(), want == "you")]++
					if s.pos == s.end() {
						break
					}
					hs.Press("right")
				}
				// The person's turn was named in the play and before it
				// (the bidding, the dix, the dialogue), as the others'
				// were.
				for _, mine := range []bool{true, false} {
					play, words := 0, 0
					for k, n := range saidOf {
						switch {
						case k == fmt.Sprint(rules.PhasePlay, mine):
							play += n
						case strings.HasSuffix(k, fmt.Sprint(" ", mine)) && !strings.HasPrefix(k, rules.PhaseOver.String()):
							words += n
						}
					}
					require.True(t, play > 0 && words > 0, "%s view, the person's turn %v: %v", view, mine, saidOf)
				}
			}
		})
	}
}

// TestReplayDialogueTurnIsThePersons: in the sequence dialogue of
// three (West claims 50, the person answers) the table's words say
// whose word it is: "you to answer" in the person's own view and in
// the others' alike, where the person is "you" still; the status line
// says the same. The person's answer, their only one, is said
// automatic in every view.
func TestReplayDialogueTurnIsThePersons(t *testing.T) {
	r := readReplay(t, "testdata/to100-3.klob")
	hs := kittest.New(t, New(r, "to100", Config{Analyze: fakeAnalyze}, nil), 80, 24, false)
	s := replayOf(hs)
	// To the person's word in the first dialogue.
	for range 100 {
		d := r.Deals[s.pos.deal].At(s.pos.n)
		if d.Phase() == rules.PhaseSequences && d.Turn() == rules.SeatA {
			break
		}
		hs.Press("right")
	}
	d := r.Deals[s.pos.deal].At(s.pos.n)
	require.Equal(t, rules.PhaseSequences, d.Phase())
	flat := kittest.Flat(text(hs))
	require.Contains(t, flat, "you to answer")
	require.Contains(t, flat, "Next: you to answer (automatic: ")
	for _, seat := range []rules.Seat{0, 1, 2} {
		for s.bottom != seat || s.open {
			hs.Press("o")
		}
		screen := text(hs)
		flat := kittest.Flat(screen)
		if seat == rules.SeatA {
			require.Contains(t, flat, "your view")
		} else {
			require.Contains(t, flat, r.Header.PlayerName(seat)+"'s view")
		}
		require.Contains(t, flat, "you to answer", screen)
		// The person's answer was taken for them: said so, with why,
		// as the table's talk said it.
		require.Contains(t, flat, "Next: you to answer (automatic: your sequence is lower than the claim standing, so it is not shown).", screen)
	}
}

// readReplay reads the log at path.
func readReplay(t testing.TB, path string) *gamelog.Replay {
	t.Helper()
	_, r, err := gamelog.ReadReplay(path)
	require.NoError(t, err)
	return r
}
