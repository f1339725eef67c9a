package learn

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// startAt is start for the lesson of a table of players.
func startAt(t *testing.T, players, w, h int, ascii bool) (*kittest.Driver, *Screen) {
	t.Helper()
	run, err := lesson.New(players)
	require.NoError(t, err)
	s := New(run, Config{PlayAfter: new(bool)})
	return kittest.New(t, s, w, h, ascii), s
}

// TestGoldensAtThreeAndFour: the screens of the three- and four-player
// lessons at 80×24, each step once (the card play at its first card, a
// card later, and the last trick), a refusal, the score and the end.
func TestGoldensAtThreeAndFour(t *testing.T) {
	for _, tc := range []struct {
		players int
		// keys pressed before each shot, and the shot's name
		walk [][2]string
	}{
		{3, [][2]string{
			{"", "01-welcome"}, {"enter", "02-cards"}, {"enter", "03-points"},
			{"enter", "04-bid"}, {"enter", "05-taken"}, {"enter", "06-play"},
			{"enter", "07-undertrump"}, {"2", "08-refused"},
		}},
		{4, [][2]string{
			{"", "01-welcome"}, {"enter", "02-cards"}, {"enter", "03-points"},
			{"enter", "04-bid"}, {"p", "05-refused"}, {"t", "06-hands"},
			{"enter", "07-sequences"}, {"g", "08-play"}, {"enter", "09-over-partner"},
			{"1", "10-shown"},
		}},
	} {
		d, s := startAt(t, tc.players, 80, 24, false)
		shot := func(name string) {
			t.Helper()
			kittest.CheckSize(t, d.Frame(), 80, 24)
			kittest.Golden(t, fmt.Sprintf("learn%d-%s-80x24", tc.players, name), d.Text())
		}
		for _, w := range tc.walk {
			if w[0] != "" {
				d.Press(w[0])
			}
			shot(w[1])
		}
		// The rest of the card play with enter on a card that may be
		// played, then the score and the end.
		for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
			require.Less(t, i, 40)
			d.Press("enter")
			if s.note != "" {
				d.Press("right")
			}
		}
		shot("20-last-trick")
		d.Press("enter")
		shot("21-score")
		d.Press("enter")
		shot("22-end")
	}
}

// TestEveryStepFitsAtThreeAndFour: at three and four players, every
// step shows its whole text at 80×24 with no scroll and "? help" in its
// footer, in many ways of playing the cards, with a note of refusal
// when a key offered is refused; and the lesson ends.
func TestEveryStepFitsAtThreeAndFour(t *testing.T) {
	for _, n := range []int{3, 4} {
		for game := range 6 {
			d, s := startAt(t, n, 80, 24, false)
			seen := map[int]bool{}
			for i := 0; s.run.Step().Kind != lesson.End; i++ {
				require.Less(t, i, 300, "%d players: the lesson never ended at %q:\n%s", n, s.run.Step().Name, d.Text())
				scr := d.Text()
				cur, _ := s.run.Stops()
				seen[cur] = true
				require.NotContains(t, scr, "↓ more", "%d players, step %q needs a scroll:\n%s", n, s.run.Step().Name, scr)
				require.Contains(t, lastLines(scr, 2), "? help", "%d players, step %q", n, s.run.Step().Name)
				ks := offered(s)
				switch st := s.run.Step(); {
				case st.Kind == lesson.Act && i%2 == 0:
					d.Press(ks[(i+game)%len(ks)]) // maybe refused: the note must fit too
				case st.Kind == lesson.Act:
					d.Press(kit.ActionKey(st.Want))
				case st.Kind == lesson.Play && !s.run.Game().Deal().Over():
					d.Press(ks[(i+game)%(len(ks)-1)]) // a card by its number
				default:
					d.Press("enter")
				}
			}
			require.NotContains(t, d.Text(), "↓ more")
			cur, total := s.run.Stops()
			seen[cur] = true
			require.Len(t, seen, total, "%d players: steps seen %v", n, seen)
		}
	}
}

// TestTableAtFour: the four-player table names your partner, counts
// each seat's tricks and shows a trick of four cards with its winner.
func TestTableAtFour(t *testing.T) {
	d, s := startAt(t, 4, 80, 24, false)
	d.Press("enter", "enter", "enter")
	require.Contains(t, d.Text(), " West: ▮▮▮▮▮▮ 6, North (partner): ▮▮▮▮▮▮ 6, East: ▮▮▮▮▮▮ 6 · you deal")
	require.Contains(t, d.Text(), "upcard J♥")
	d.Press("t")
	require.Contains(t, d.Text(), "upcard J♥ to you", "the upcard taken by the maker is not said")
	d.Press("enter", "g", "enter")
	require.Contains(t, d.Text(), " On the table: West led A♦, North 8♥, East 9♦.")
	d.Press("1")
	require.Equal(t, "play-shown-4", s.run.Step().Name)
	require.Contains(t, d.Text(), "Last trick: West A♦, North 8♥, East 9♦, you J♥; won by you.")
	require.Contains(t, d.Text(), "tricks: you 1, West 0, North 0, East 0")
	require.Contains(t, d.Text(), "You show K♠ Q♠ J♠ 10♠ (50) · North shows A♣ K♣ Q♣ (20)")
}

// TestLeaveAtFour: opened from the setup form at four, esc goes back
// and n at the end starts the form's game, as at two.
func TestLeaveAtFour(t *testing.T) {
	back := &Screen{}
	run, err := lesson.New(4)
	require.NoError(t, err)
	var calls []bool
	s := New(run, Config{Leave: func(play bool) (kit.Screen, tea.Cmd) { calls = append(calls, play); return back, nil }})
	d := kittest.New(t, s, 80, 24, false)
	walk(t, d, s, func(_ int, st lesson.Step) { d.Press(kit.ActionKey(st.Want)) })
	d.Press("n")
	require.Equal(t, []bool{true}, calls)
	require.Same(t, back, d.Screen)
}

// TestQuitQuestionNamesTheCount: the quit question of the lesson of
// three or four says the command that starts that lesson again.
func TestQuitQuestionNamesTheCount(t *testing.T) {
	for _, n := range []int{3, 4} {
		_, s := startAt(t, n, 80, 24, false)
		require.Equal(t, fmt.Sprintf("The lesson is not saved: klob learn -players %d starts it again from the beginning.", n), s.QuitQuestion())
	}
}

// TestHelpLettersAreTheTables: at every seat count the lesson's help
// lists the letters of the decisions its table offers, and no others:
// the schmeiss (accept, refuse) only at two, the dix only below four, no
// trumps only at four; and every choice the lesson asks for has its
// letter there.
func TestHelpLettersAreTheTables(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		d, s := startAt(t, n, 80, 24, false)
		o := s.run.Game().Options()
		km := kit.DefaultKeys()
		var descs []string
		taken := map[string]bool{}
		for _, group := range s.KeyHelp(&km).FullHelp() {
			for _, b := range group {
				descs = append(descs, b.Help().Desc)
				for _, k := range b.Keys() {
					taken[k] = true
				}
			}
		}
		all := strings.Join(descs, "\n")
		for word, offered := range map[string]bool{
			"schmeiss": o.HasSchmeiss(), "accept": o.HasSchmeiss(), "refuse": o.HasSchmeiss(),
			"exchange": o.HasDix(), "no trumps": o.HasNoTrumps(),
		} {
			if strings.Contains(all, word) != offered {
				t.Errorf("the help names %q: %v, but the table offers it: %v\n%s", word, !offered, offered, all)
			}
		}
		asked := 0
		walk(t, d, s, func(_ int, st lesson.Step) {
			asked++
			v := s.run.View()
			for _, a := range v.Legal() {
				if k := kit.ActionKey(a); k != "" && !taken[k] {
					t.Errorf("step %s offers %s by %s, which the help does not list", st.Name, a, k)
				}
			}
			d.Press(kit.ActionKey(st.Want))
		})
		if asked == 0 && n != 3 { // the lesson of three asks no choice
			t.Errorf("the lesson of %d asked no choice", n)
		}
	})
}

// TestMeldRowUnderTheCards: at every seat count, on every screen of the
// lesson that marks a sequence or the bella pair under your hand, the
// mark is right under the cards, whether you play or not (the numbers
// and marks under it), as the table of a game draws it.
func TestMeldRowUnderTheCards(t *testing.T) {
	meld := regexp.MustCompile(`└[─╌]+[^┘]*(\d+|bella)[─╌]*┘`)
	for _, n := range []int{2, 3, 4} {
		d, s := startAt(t, n, 80, 24, false)
		marked := 0
		for i := 0; s.run.Step().Kind != lesson.End; i++ {
			require.Less(t, i, 300, "%d players: the lesson never ended:\n%s", n, d.Text())
			lines := strings.Split(d.Text(), "\n")
			for r, l := range lines {
				if !meld.MatchString(l) || r == 0 {
					continue
				}
				marked++
				above := lines[r-1]
				if !strings.Contains(above, "└───┘") && !strings.Contains(above, "└╌╌╌┘") && !strings.Contains(above, "┗━━━┛") {
					t.Fatalf("%d players, step %q: the melds' row is not right under the cards:\n%s", n, s.run.Step().Name, d.Text())
				}
			}
			// As walkPlaying goes: the lesson's card, or the next one
			// after a refusal.
			pressNext(d, s, i, wantedAct(d), nil)
		}
		if marked == 0 && n != 3 { // the lesson of three deals you no meld
			t.Errorf("%d players: no screen marked a meld under the hand", n)
		}
	}
}

// TestHiddenHandsAsBacks: at every seat count, plain and -ascii, on
// every screen of the lesson that shows its deal, the line of the bots'
// hands draws each hand as the table does, its name (the partner of four
// marked) and a back per card with their count, "no cards" once it is
// empty, and nothing else: no card of a hidden hand shows there.
func TestHiddenHandsAsBacks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			d, s := startAt(t, n, 80, 24, ascii)
			back := kit.NewContext(ascii).Paint.Glyphs.BackMini
			checked := 0
			for i := 0; s.run.Step().Kind != lesson.End; i++ {
				require.Less(t, i, 300, "%d players: the lesson never ended:\n%s", n, d.Text())
				st := s.run.Step()
				if s.run.Dealt() && st.Kind != lesson.Score {
					v := s.run.View()
					var want []string
					for seat := range rules.Seat(n) {
						if seat == lesson.You {
							continue
						}
						label := s.run.Name(seat)
						if n == 4 && seat == rules.PartnerOf(n, lesson.You) {
							label += " (partner)"
						}
						held := "no cards"
						if c := v.Counts[seat]; c > 0 {
							held = fmt.Sprintf("%s %d(?: cards?)?", regexp.QuoteMeta(strings.Repeat(back, c)), c)
						}
						want = append(want, regexp.QuoteMeta(label+": ")+held)
					}
					hands := regexp.MustCompile(`^ ` + strings.Join(want, ", ") + `(?: · .*)?$`)
					found := false
					for _, l := range strings.Split(d.Text(), "\n") {
						found = found || hands.MatchString(strings.TrimRight(l, " "))
					}
					require.True(t, found, "%d players (ascii %v), step %q: the hands, counts %v, are not drawn as backs:\n%s", n, ascii, st.Name, v.Counts, d.Text())
					checked++
				}
				pressNext(d, s, i, wantedAct(d), nil)
			}
			require.Greater(t, checked, 5, "%d players: too few screens showed the deal", n)
		}
	})
}

// TestMarksWaitForTheirStep: at every seat count, no screen of the
// lesson marks a sequence or bella under your hand before the step that
// explains sequences (deal2-sequences at two, sequences-4 at four); that
// step shows the marks its text speaks of.
func TestMarksWaitForTheirStep(t *testing.T) {
	meld := regexp.MustCompile(`└[─╌]+[^┘]*(\d+|bella)[─╌]*┘`)
	explains := map[int]string{2: "deal2-sequences", 3: "", 4: "sequences-4"}
	told := map[int]bool{}
	eachStep(t, func(at stepAt) {
		if at.st.Name == explains[at.players] {
			told[at.players] = true
			require.Regexp(t, meld, at.d.Text(), "%d players, step %q shows no mark", at.players, at.st.Name)
		}
		if !told[at.players] && meld.MatchString(at.d.Text()) {
			t.Fatalf("%d players, step %q marks a meld before the lesson explains them:\n%s", at.players, at.st.Name, at.d.Text())
		}
	})
	require.True(t, told[2] && told[4], "the steps that explain the marks were not met: %v", told)
}
