package drill

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportGolden: the report of `klob train -eval` for drills of every
// kind at every seat count, with an evaluation that does not change when
// eval is tuned (fakeBatch), in suit symbols and in ascii. Every line
// but the situation's text fits 80 columns, and no card is written as
// the engine's code.
func TestReportGolden(t *testing.T) {
	for _, rs := range seatCounts {
		var out bytes.Buffer
		g, err := NewGenerator(21, Any, opts(t, rs))
		require.NoError(t, err)
		for n := uint64(1); n <= 4; n++ {
			s := g.Drill(n)
			v, err := s.View()
			require.NoError(t, err)
			an, err := EvaluateWith(context.Background(), fakeBatch, &v, Options{Samples: 100, Seed: 1})
			require.NoError(t, err)
			for _, ascii := range []bool{false, true} {
				var b bytes.Buffer
				require.NoError(t, WriteReport(&b, Request{Situation: s, Seed: 1}, &an, ascii))
				lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
				require.Equal(t, RepeatLabel+strconv.Quote(s.String()+" samples=100 seed=1"), lines[0])
				for _, l := range lines[1:] {
					assert.LessOrEqual(t, utf8.RuneCountInString(l), ReportWidth, "%s drill %d: %q", rs, n, l)
					assertNoCodes(t, l)
					if ascii {
						assert.Equal(t, utf8.RuneCountInString(l), len(l), "ascii: %q", l)
					}
				}
				fmt.Fprintf(&out, "--- drill %d (%s), ascii %v\n%s", n, s.Kind(), ascii, b.String())
			}
		}
		testkit.Golden(t, filepath.Join("testdata", "report-"+strings.NewReplacer("=", "", ",", "-", "_", "").Replace(rs)+".txt"), out.Bytes())
	}
}

// assertNoCodes checks that no card of line is written as the engine's
// two-letter code with a 10 as T ("TH") or joined by dashes
// ("9C-8C-7C").
func assertNoCodes(t *testing.T, line string) {
	t.Helper()
	for _, w := range strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune(" ,.;:()\"?", r) }) {
		if c, err := rules.ParseCard(w); err == nil && c.Rank() == rules.Ten && strings.HasPrefix(strings.ToUpper(w), "T") {
			t.Errorf("%q writes %s as a code", line, w)
		}
		if strings.Count(w, "-") >= 2 {
			parts := strings.Split(w, "-")
			if _, err := rules.ParseCard(parts[0]); err == nil {
				t.Errorf("%q writes cards joined by dashes: %s", line, w)
			}
		}
	}
}

// TestDescribeWords: the decision in words names the seats as the table
// does, the score by side, the words said and the question, at every
// seat count.
func TestDescribeWords(t *testing.T) {
	deck := func() string { return deckText(rules.NewDeck()) }
	cases := []struct {
		text string
		want []string
	}{
		{"hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass,pass,pass score=420-100", []string{
			"You hold A♠ J♠ 9♠ K♥ Q♥ 7♦. The upcard 8♠ proposes spades.",
			"You deal: you speak last.",
			"Score: you 420, the opponent 100; game to 500. You need 80 more. The opponent needs 400 more.",
			"Round one: the opponent passed, you passed.",
			"Round two: the opponent passed.",
			"Round two: name clubs, diamonds or hearts, or pass (the deal is thrown in)?",
		}},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass,schmeiss score=510-510", []string{
			"You hold J♠ 9♠ A♠ K♥ Q♥ 7♦. The upcard 8♠ proposes spades.",
			"The opponent deals: you speak first and lead the first trick.",
			"Score: you 510, the opponent 510; game to 500. Level past the target: the higher total after this deal wins.",
			"Round one: you passed, the opponent said schmeiss.",
			"The opponent said schmeiss. Accept (the deal is thrown in), or refuse (the opponent is then maker in spades)?",
		}},
		{"players=4 dealer=B score=120-430 target=500 said=pass,pass deck=" + deck(), []string{
			"You hold 10♥ J♥ 9♥ A♣ K♣ 7♦. The upcard A♠ proposes spades.",
			"West deals: you speak third, after North and East. North, across, is your partner.",
			"Score: you and North 120, West and East 430; game to 500. You and North need 380 more. West and East need 70 more.",
			"Round one: North passed, East passed.",
			"Round one: take spades as trump, or pass?",
		}},
		{"players=4 dealer=B score=0-0 shlomo=on cleopatra=on said=pass,pass,pass,pass,pass,pass deck=" + deck(), []string{
			"You hold 10♥ J♥ 9♥ A♣ K♣ 7♦. The upcard A♠ proposes spades.",
			"West deals: you speak third, after North and East. North, across, is your partner.",
			"Score: you and North 0, West and East 0; game to 500.",
			"Shlomo: nobody declared.",
			"Cleopatra: North passed, East passed.",
			"You have nothing to declare: pass.",
		}},
		{"players=3 dealer=A score=0-0-480 said=pass,pass,pass,pass,pass deck=" + deck(), []string{
			"You hold 8♥ 7♥ A♣ K♣ A♦ 7♦. The upcard 9♥ proposes hearts.",
			"You deal: you speak last. Three players, each for themselves.",
			"Score: you 0, West 0, East 480; game to 500. You need 500 more. West needs 500 more. East needs 20 more.",
			"Round one: West passed, East passed, you passed.",
			"Round two: West passed, East passed.",
			"Round two: name clubs, diamonds or spades, or pass (the deal is thrown in)?",
		}},
	}
	for _, c := range cases {
		_, v := parseView(t, c.text)
		assert.Equal(t, c.want, Describe(&v, false), c.text)
	}
}

// TestDescribeShlomo: the draw and the give of a shlomo are said with
// the card when the player saw it, as "a card" when not.
func TestDescribeShlomo(t *testing.T) {
	g, err := NewGenerator(4, OnlyDialogue, opts(t, "players=3,shlomo=on"))
	require.NoError(t, err)
	seen := upToThree(t, g, 40, func(v *rules.View) bool {
		said := strings.Join(SaidLines(v, true), " ")
		if !strings.Contains(said, "declared shlomo") {
			return false
		}
		assert.Regexp(t, `drew (a card|[0-9AKQJ]+[CDHS]) from`, said)
		assert.Regexp(t, `gave (a card|[0-9AKQJ]+[CDHS]) to`, said)
		for _, h := range v.History() {
			if h.Action.Kind == rules.Draw && h.Action.Card != rules.NoCard {
				assert.Contains(t, said, h.Action.Card.Pretty(true))
			}
		}
		return true
	})
	assert.Positive(t, seen, "no shlomo in 40 drills")
}

// upToThree looks at the views of g's drills 1 to most until three were
// ones to look at (look reports whether the view was one) and returns
// how many were.
func upToThree(t *testing.T, g *Generator, most uint64, look func(v *rules.View) bool) int {
	t.Helper()
	seen := 0
	for n := uint64(1); n <= most && seen < 3; n++ {
		s := g.Drill(n)
		v, err := s.View()
		require.NoError(t, err)
		if look(&v) {
			seen++
		}
	}
	return seen
}

func deckText(d rules.Deck) string {
	w := make([]string, len(d))
	for i, c := range d {
		w[i] = c.String()
	}
	return strings.Join(w, ",")
}

// TestTableASCII: with ascii the table of options is plain ASCII, its
// marks included, the best first.
func TestTableASCII(t *testing.T) {
	an := Analysis{Samples: 10, Players: 2, Best: 1, Rows: []Row{
		{Result: optRow(rules.Action{Kind: rules.Give, Card: rules.MustCard("TH")}, 3, 0.5, 0).Result, Verdict: Verdict{Kind: AsGood}},
		{Result: optRow(rules.PassAction(), 4, 0.5, 0).Result, Verdict: Verdict{Kind: Best}},
	}}
	var b bytes.Buffer
	require.NoError(t, writeTable(&b, &an, true))
	assert.Equal(t, "option         score diff   bete  win game  verdict\n"+
		"pass         +4.0 +-  0.0     0%     50.0%  best\n"+
		"give 10H     +3.0 +-  0.0     0%     50.0%  ~ best\n", b.String())
}

// TestDescribeCleopatra: cleopatra's cards change hands together, once
// both are chosen, so the story says a card was chosen for the other
// player, never that it was given before it moved.
func TestDescribeCleopatra(t *testing.T) {
	g, err := NewGenerator(4, OnlyDeclare, opts(t, "players=4,shlomo=on,cleopatra=on"))
	require.NoError(t, err)
	seen := upToThree(t, g, 200, func(v *rules.View) bool {
		declared, gives := false, false
		for _, h := range v.History() {
			declared = declared || h.Action.Kind == rules.Cleopatra
			gives = gives || h.Action.Kind == rules.Give
		}
		if !declared || !gives {
			return false
		}
		said := strings.Join(SaidLines(v, true), " ")
		assert.Regexp(t, `chose (a card|[0-9AKQJ]+[CDHS]) for`, said)
		assert.NotContains(t, said, " gave ", "a cleopatra card said given: %s", said)
		return true
	})
	assert.Positive(t, seen, "no cleopatra card chosen in 200 drills")
}

// TestScoreSaysNearWhereTheChanceDecides: the score says a side needs
// so many more exactly where the options are judged by the chance to
// win the game (eval.UseWin, within eval.EndgameMargin of the target),
// so that a verdict in chances always has its reason on the screen, at
// every seat count and for every side.
func TestScoreSaysNearWhereTheChanceDecides(t *testing.T) {
	deck := deckText(rules.NewDeck())
	for _, n := range []int{2, 3, 4} {
		sides := rules.SidesAt(n)
		for side := range sides {
			for _, x := range []int{0, 250, 299, 300, 301, 369, 370, 371, 420, 499} {
				score := make([]string, sides)
				for i := range score {
					score[i] = "0"
				}
				score[side] = fmt.Sprint(x)
				// The seat before the player's deals: the player speaks first.
				text := fmt.Sprintf("players=%d dealer=%c score=%s target=500 deck=%s", n, 'A'+n-1, strings.Join(score, "-"), deck)
				_, v := parseView(t, text)
				said := strings.Contains(ScoreText(&v), " more.")
				assert.Equal(t, eval.UseWin(&v), said, "%s: %s", text, ScoreText(&v))
			}
		}
	}
}

// TestTableFitsWithWideNumbers: the table of options stays within
// ReportWidth with the longest label and numbers as wide as they come
// (a blunder of four digits with a wide error): a verdict that would
// run past it is written short.
func TestTableFitsWithWideNumbers(t *testing.T) {
	best := Row{Result: eval.Result{Action: rules.Action{Kind: rules.Pass}, Mean: 1234.5, StdErr: 123.4, Win: 0.9}, Verdict: Verdict{Kind: Best}}
	wide := Row{Result: eval.Result{Action: rules.Action{Kind: rules.HowMany}, Mean: -1234.5, StdErr: 123.4, Bete: 1, Win: 0.1},
		Gap: 2469, GapErr: 246.8}
	wide.Verdict = Verdict{Kind: Blunder, Gap: 2469, Err: 246.8, Measured: true, Points: 2469}
	an := Analysis{Rows: []Row{best, wide}, Best: 0, Paired: true}
	for _, ascii := range []bool{false, true} {
		var b strings.Builder
		require.NoError(t, writeTable(&b, &an, ascii))
		for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), ReportWidth, "%q", l)
		}
		assert.Contains(t, b.String(), "blunder", "the verdict is left out")
	}
}

// TestScoreNamesEverySide: once one side is said to be near the target,
// the score line names every side not past it, at two, three and four
// players, each with the points it needs, so that none seems left out
// ("East needs 111 more" alone said nothing of West): the player's side
// first, then the others in seat order at every count (the nearest
// came first, so that the order changed with the scores).
func TestScoreNamesEverySide(t *testing.T) {
	deck := deckText(rules.NewDeck())
	for _, c := range []struct {
		n     int
		score string
		want  string
	}{
		{2, "443-100", "You need 57 more. The opponent needs 400 more."},
		{3, "443-100-389", "You need 57 more. West needs 400 more. East needs 111 more."},
		{3, "100-100-480", "You need 400 more. West needs 400 more. East needs 20 more."},
		{4, "100-430", "You and North need 400 more. West and East need 70 more."},
		{4, "450-430", "You and North need 50 more. West and East need 70 more."},
	} {
		text := fmt.Sprintf("players=%d dealer=%c score=%s target=500 deck=%s", c.n, 'A'+c.n-1, c.score, deck)
		_, v := parseView(t, text)
		if got := ScoreText(&v); !strings.HasSuffix(got, "; game to 500. "+c.want) {
			t.Errorf("%d players, score %s: %q, want it to end %q", c.n, c.score, got, c.want)
		}
	}
}
