package analysis

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportCases are the games the report goldens are made of, one per
// seat count, each with other names and seats graded: a person named
// "You" (the local player's name), one named "ann" with every seat
// graded, and bots only.
var reportCases = []struct {
	players int
	path    string
	names   [4]string
	levels  [4]string
	all     bool
	deals   []int
}{
	{2, filepath.Join(fixtureDir, "planted-blunder.klob"), [4]string{"You", "Hard"}, [4]string{gamelog.Human, "hard"}, false, []int{3}},
	{3, "tables/3-01-every-house-variant.klob", [4]string{"West", "ann", "East"}, [4]string{"normal", gamelog.Human, "hard"}, true, []int{1, 2}},
	{4, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob", [4]string{}, [4]string{}, false, []int{1}},
}

// reportOf analyses case c cheaply and returns the replay, the report
// and the name the report gives the file.
func reportOf(t *testing.T, players int) (*gamelog.Replay, *Report, string) {
	t.Helper()
	for _, c := range reportCases {
		if c.players != players {
			continue
		}
		l, _ := replayOf(t, c.path)
		for s := range rules.Seat(players) {
			if c.names[s] != "" {
				l.Header.SetPlayer(s, c.names[s], c.levels[s])
			}
		}
		r, err := l.Replay()
		require.NoError(t, err)
		rep := analyse(t, r, Options{Seed: analysisSeed, Samples: 16, Deals: c.deals, AllSeats: c.all})
		return r, rep, filepath.Base(c.path)
	}
	t.Fatalf("no report case of %d players", players)
	return nil, nil, ""
}

// TestReport: at every seat count, the text report (symbols and ascii)
// and the JSON report of a game are the golden files, and they say what
// the subtests check.
func TestReport(t *testing.T) {
	for _, c := range reportCases {
		t.Run(name(c.players), func(t *testing.T) {
			r, rep, file := reportOf(t, c.players)
			var text, ascii, js bytes.Buffer
			WriteText(&text, file, r, rep, false)
			WriteText(&ascii, file, r, rep, true)
			require.NoError(t, WriteJSON(&js, file, r, rep))
			base := filepath.Join("testdata", "report-"+strings.Fields(name(c.players))[0])
			testkit.Golden(t, base+".txt", text.Bytes())
			testkit.Golden(t, base+"-ascii.txt", ascii.Bytes())
			testkit.Golden(t, base+".json", js.Bytes())
			t.Run("wording", func(t *testing.T) { checkWording(t, c.players, text.String(), ascii.String()) })
			t.Run("json", func(t *testing.T) { checkJSON(t, c.players, r, rep, js.Bytes()) })
			t.Run("names whole", func(t *testing.T) {
				// A name of two words ("Random A") is never broken over
				// two lines.
				for s := range rules.Seat(c.players) {
					first, _, ok := strings.Cut(r.Header.PlayerName(s), " ")
					if ok && regexp.MustCompile(`(?m)\b`+regexp.QuoteMeta(first)+`$`).MatchString(text.String()) {
						t.Errorf("a line ends in %q, the name cut:\n%s", first, text.String())
					}
				}
			})
			t.Run("steps under their summary", func(t *testing.T) {
				// A seat's mistakes, and every line the summary
				// wraps to, start in the column its summary does.
				summary := regexp.MustCompile(`^  \S.*?  (\d+ graded, )`)
				col := -1
				for _, l := range strings.Split(text.String(), "\n") {
					switch m := summary.FindStringSubmatchIndex(l); {
					case m != nil:
						col = utf8.RuneCountInString(l[:m[2]]) // "  West  8 graded, ..."
					case strings.HasPrefix(l, "   ") && col >= 0:
						if at := len(l) - len(strings.TrimLeft(l, " ")); at != col {
							t.Errorf("%q starts at column %d, its summary at %d", l, at, col)
						}
					default:
						col = -1
					}
				}
			})
			t.Run("fits", func(t *testing.T) {
				for i, l := range strings.Split(text.String(), "\n") {
					if n := utf8.RuneCountInString(l); n > TextWidth && !strings.HasSuffix(l, ".klob:") {
						t.Errorf("line %d has %d columns: %q", i+1, n, l)
					}
				}
			})
		})
	}
}

// cardCode matches a card in the log's notation ("TH", "JS"), which the
// text report never writes: cards have their symbols, or with ascii the
// ten is "10H".
var (
	cardCode  = regexp.MustCompile(`\b[7-9TJQKA][CDHS]\b`)
	tenCode   = regexp.MustCompile(`\bT[CDHS]\b`)
	notations = regexp.MustCompile(`\b(play|top|length|announce) |not-good|no-exchange|no-sequence|how-high`)
)

// checkWording: the person named "You" is the second person ("you
// deal"), names are as given ("ann" is not capitalised), the seats
// graded are said, and cards are cards.
func checkWording(t *testing.T, players int, text, ascii string) {
	for _, bad := range []string{"You deals", "You wins", "You's", "Ann", "scored You"} {
		if strings.Contains(text, bad) {
			t.Errorf("report says %q:\n%s", bad, text)
		}
	}
	// The teams of four are named by their players, never by the seat
	// letters ("team AC") that nothing else in the report uses.
	if strings.Contains(text+ascii, "team AC") || strings.Contains(text+ascii, "team BD") {
		t.Errorf("report names a team by its seat letters:\n%s", text)
	}
	if m := cardCode.FindString(text); m != "" {
		t.Errorf("report writes the card code %q:\n%s", m, text)
	}
	if m := tenCode.FindString(ascii); m != "" {
		t.Errorf("ascii report writes the card code %q:\n%s", m, ascii)
	}
	if m := notations.FindString(text + ascii); m != "" {
		t.Errorf("report writes the log's notation %q", m)
	}
	if m := chessMarks.FindString(text + ascii); m != "" {
		t.Errorf("report writes the grade's mark %q, not its word alone", m)
	}
	// With ascii nothing but ASCII is written, the legend's ± too.
	for i, r := range ascii {
		if r > unicode.MaxASCII {
			t.Errorf("ascii report writes %q at byte %d: %s", r, i, ascii[max(0, i-40):min(len(ascii), i+40)])
			break
		}
	}
	if strings.ContainsAny(ascii, "♣♦♥♠") || !strings.ContainsAny(text, "♣♦♥♠") {
		t.Errorf("suit symbols: %v in the report, %v with ascii", strings.ContainsAny(text, "♣♦♥♠"), strings.ContainsAny(ascii, "♣♦♥♠"))
	}
	var want []string
	switch players {
	case 2:
		want = []string{"You (A, human) vs Hard (B)", "Graded: your decisions.", "deal 3, you deal: made by you in hearts; scores: you 90, Hard 54", "game: Hard wins;", "\n  you  "}
	case 3:
		want = []string{"West (A, normal) vs ann (B, human) vs East (C, hard)", "Graded: every player's decisions.", ", ann deals:", "\n  ann  "}
	case 4:
		want = []string{"Random A (A) and Random C (C) vs", "Graded: every player's decisions.", "Random A and Random C", "\n  Random B (with Random D)  "}
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("report lacks %q:\n%s", w, text)
		}
	}
	// A deal left out says so, and has no player lines.
	if !strings.Contains(text, "  not analysed\n") {
		t.Errorf("no deal is marked not analysed:\n%s", text)
	}
}

// checkJSON: the JSON report names every seat and says which were
// graded, has summaries for the graded seats only, and keys the totals
// and the winner by side.
func checkJSON(t *testing.T, players int, r *gamelog.Replay, rep *Report, js []byte) {
	var got JSONReport
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&got))
	if len(got.Players) != players || len(got.Deals) != len(r.Deals) || got.Samples.Cards != 16 {
		t.Fatalf("%d players, %d deals, samples %+v", len(got.Players), len(got.Deals), got.Samples)
	}
	for s, p := range got.Players {
		if p.Seat != rules.Seat(s).String() || p.Graded != rep.Graded[s] {
			t.Errorf("player %d: %+v, want seat %s graded %v", s, p, rules.Seat(s), rep.Graded[s])
		}
		js, ok := got.Game.Players[p.Seat]
		if ok != p.Graded {
			t.Errorf("seat %s: a game summary %v, graded %v", p.Seat, ok, p.Graded)
		}
		// The points lost are shared among the decisions graded by
		// points, which the JSON counts apart from those graded by the
		// chance to win.
		if sm := &rep.Players[s]; ok && (js.Graded != sm.Graded || js.ByPoints != sm.ByPoints) {
			t.Errorf("seat %s: graded %d (%d by points), want %d (%d)", p.Seat, js.Graded, js.ByPoints, sm.Graded, sm.ByPoints)
		}
	}
	for i, d := range got.Deals {
		if d.Analysed != rep.Deals[i].Analysed || (len(d.Players) > 0) != d.Analysed {
			t.Errorf("deal %d: analysed %v with %d summaries", d.Deal, d.Analysed, len(d.Players))
		}
	}
	sides := players
	if players == 4 {
		sides = 2
	}
	if len(got.Game.Totals) != sides {
		t.Errorf("totals %v, want one a side", got.Game.Totals)
	}
	for x := range sides {
		if v, ok := got.Game.Totals[rules.SideName(players, x)]; !ok || v != r.Totals[x] {
			t.Errorf("totals %v: side %s want %d", got.Game.Totals, rules.SideName(players, x), r.Totals[x])
		}
	}
	if r.Over && got.Game.Winner != rules.SideName(players, r.Winner) {
		t.Errorf("winner %q, want %q", got.Game.Winner, rules.SideName(players, r.Winner))
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  []string // the seats as a sentence names them
		deals []string // "X deals" for each seat
	}{
		{[]string{"You", "Bot"}, []string{"you", "Bot"}, []string{"you deal", "Bot deals"}},
		{[]string{"you", "ann", "bo"}, []string{"you", "ann", "bo"}, []string{"you deal", "ann deals", "bo deals"}},
		{[]string{"Bot", "Bot"}, []string{"Bot (A)", "Bot (B)"}, []string{"Bot (A) deals", "Bot (B) deals"}},
		{[]string{"You", "you", "Cy"}, []string{"player A", "player B", "Cy"}, []string{"player A deals", "player B deals", "Cy deals"}},
		{[]string{"", "", "", ""}, []string{"player A", "player B", "player C", "player D"}, []string{"player A deals", "player B deals", "player C deals", "player D deals"}},
	} {
		h := gamelog.Header{}
		h.Options = rules.DefaultOptions()
		h.Options.Players = len(c.names)
		for s, n := range c.names {
			h.SetPlayer(rules.Seat(s), n, "")
		}
		nm := namesOf(&h)
		for s := range c.names {
			if got := nm.seat[s].text; got != c.want[s] {
				t.Errorf("names %q: seat %s is %q, want %q", c.names, rules.Seat(s), got, c.want[s])
			}
			if got := nm.seat[s].verb("deals", "deal"); got != c.deals[s] {
				t.Errorf("names %q: %q, want %q", c.names, got, c.deals[s])
			}
		}
		if len(c.names) == 4 {
			if got := nm.side[1].verb("wins", "win"); got != "player B and player D win" {
				t.Errorf("team: %q", got)
			}
		}
	}
}

// TestMistakesNameOptions: a mistake's choice and the better action
// are named as the trainer and the hint name options (drill.Label), with
// suit symbols or with ascii letters: "name hearts", where the report
// said "♥ hearts" for a naming in round two and "take" in round one.
func TestMistakesNameOptions(t *testing.T) {
	ten := rules.MustCard("TH")
	for _, c := range []struct {
		a         rules.Action
		text, asc string
	}{
		{rules.PlayAction(ten), "10♥", "10H"},
		{rules.PlayBellaAction(rules.MustCard("KS")), "K♠ bella", "KS bella"},
		{rules.PlayMenageAction(rules.MustCard("QS")), "Q♠ menage", "QS menage"},
		{rules.Action{Kind: rules.Give, Card: ten}, "give 10♥", "give 10H"},
		{rules.Action{Kind: rules.Draw, Card: ten}, "draw 10♥", "draw 10H"},
		{rules.NameAction(rules.Hearts), "name hearts", "name hearts"},
		{rules.NameAction(rules.NoTrumps), "name no trumps", "name no trumps"},
		{rules.Action{Kind: rules.Exchange}, "exchange", "exchange"},
		{rules.Action{Kind: rules.NoExchange}, "no exchange", "no exchange"},
		{rules.AnnounceAction(50), "fifty", "fifty"},
		{rules.TopAction(rules.Ace), "ace high", "ace high"},
		{rules.LengthAction(5), "five cards", "five cards"},
		{rules.PassAction(), "pass", "pass"},
		{rules.Action{Kind: rules.Refuse}, "refuse", "refuse"},
		{rules.Action{Kind: rules.Shlomo}, "shlomo", "shlomo"},
	} {
		for _, ascii := range []bool{false, true} {
			want := c.text
			if ascii {
				want = c.asc
			}
			s := Summary{Mistakes: []Decision{{Deal: 1, Step: 3, Phase: rules.PhaseBid2, Action: c.a, Best: c.a, Loss: 12, Grade: Mistake}}}
			var b bytes.Buffer
			writeMistakes(&b, &s, "  ", false, ascii)
			got := strings.Join(strings.Fields(strings.ReplaceAll(b.String(), nameSpace, " ")), " ")
			if !strings.HasPrefix(got, "step 3 (bidding round two): "+want+", mistake,") || !strings.HasSuffix(got, "; better "+want) {
				t.Errorf("%s (ascii %v): %q, want %q chosen and better", c.a, ascii, got, want)
			}
		}
	}
}

// TestLossShownOnItsGrade: a loss is written with one decimal on its
// grade's side of every threshold: 9.96 is an inaccuracy and reads
// "loses 9.9", never "inaccuracy, loses 10.0" under a legend that puts
// mistakes from 10.
func TestLossShownOnItsGrade(t *testing.T) {
	for _, c := range []struct {
		loss float64
		want string
	}{{3.96, "≈ best, loses 3.9 pts"}, {9.96, "inaccuracy, loses 9.9 pts"}, {10, "mistake, loses 10.0 pts"}, {19.97, "mistake, loses 19.9 pts"},
		{20.04, "blunder, loses 20.0 pts"}, {12.34, "mistake, loses 12.3 pts"}, {12.36, "mistake, loses 12.4 pts"}} {
		s := Summary{Mistakes: []Decision{{Deal: 1, Step: 3, Phase: rules.PhaseBid1, Action: rules.PassAction(),
			Best: rules.Action{Kind: rules.Take}, Loss: c.loss, Grade: GradeOf(c.loss)}}}
		var b bytes.Buffer
		writeMistakes(&b, &s, "  ", false, false)
		if !strings.Contains(strings.ReplaceAll(b.String(), nameSpace, " "), c.want) {
			t.Errorf("loss %v: %q, want %q", c.loss, b.String(), c.want)
		}
	}
}

// TestSamplesLineNamesTheDeclarationsPlayed: the samples line names the
// declarations only where the table plays them (shlomo from three
// players, cleopatra at four), not wherever the option is set.
func TestSamplesLineNamesTheDeclarationsPlayed(t *testing.T) {
	for _, c := range []struct {
		players           int
		shlomo, cleopatra bool
		want              bool
	}{
		{2, true, true, false}, {3, false, true, false}, {3, true, false, true},
		{4, false, true, true}, {4, false, false, false},
	} {
		o := rules.DefaultOptions()
		o.Players = c.players
		o.Shlomo, o.Cleopatra = c.shlomo, c.cleopatra
		line := samplesLine(&Report{Header: gamelog.Header{Options: o}})
		require.Equal(t, c.want, strings.Contains(line, "declarations"), "%d players, shlomo %v, cleopatra %v: %q", c.players, c.shlomo, c.cleopatra, line)
	}
}

// TestLossLineOneSentence: at every seat count the line saying what a
// point lost is has one shape, the side's points minus the others',
// with only its two terms told apart: own or the team's, the opponent,
// the other team or the mean of the others.
func TestLossLineOneSentence(t *testing.T) {
	shape := regexp.MustCompile(`^Points lost: the expected score difference \((.+) minus (.+)\) given up against the best action\.$`)
	want := map[int][2]string{
		2: {"own points", "the opponent's"},
		3: {"own points", "the mean of the two others'"},
		4: {"the team's points", "the other team's"},
	}
	for players := 2; players <= 4; players++ {
		m := shape.FindStringSubmatch(lossLine(players))
		require.NotNil(t, m, "%d players: %q", players, lossLine(players))
		require.Equal(t, want[players], [2]string{m[1], m[2]}, "%d players", players)
	}
}

// TestSamplesLineCounts: one sample is a sample, more are samples.
func TestSamplesLineCounts(t *testing.T) {
	for n, want := range map[int]string{1: "1 sample a decision, seed 7.", 40: "40 samples a decision, seed 7."} {
		if got := samplesLine(&Report{Samples: n, Seed: 7}); got != want {
			t.Errorf("%d samples: %q, want %q", n, got, want)
		}
	}
}

// TestTitleNamesAsVerify: the report's title names each seat as klob
// verify does (Header.PlayerLabel), in the log's own casing: "You (A,
// human)" though a sentence says "you deal".
func TestTitleNamesAsVerify(t *testing.T) {
	for _, names := range [][]string{{"You", "Bot"}, {"you", "ann", "bo"}, {"Bot", "You", "Cy", "Di"}} {
		h := gamelog.Header{}
		h.Options = rules.DefaultOptions()
		h.Options.Players = len(names)
		for s, n := range names {
			h.SetPlayer(rules.Seat(s), n, gamelog.Human)
		}
		nm := namesOf(&h)
		for s := range names {
			require.Equal(t, h.PlayerLabel(rules.Seat(s)), nm.label[s], "names %q", names)
		}
	}
}

// TestLinesAddUp: at every seat count, each seat's deals add up to its
// game line, on both scales, and every line whose decisions both scales
// graded states both figures, "0.0%" included: a deal line once left
// out a chance to win of 0.0% that the game line summed.
func TestLinesAddUp(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		_, rep, _ := reportOf(t, players)
		for s := range rules.Seat(players) {
			game := &rep.Players[s]
			var lost, winLost float64
			var graded, byPoints int
			check := func(sum *Summary) {
				line := summaryLine(sum)
				byWin := sum.ByChance()
				if sum.ByPoints > 0 && !strings.Contains(line, "points lost") || byWin > 0 && !strings.Contains(line, "chance to win lost") {
					t.Errorf("%d players, seat %v: %d graded by points and %d by the chance, but %q", players, s, sum.ByPoints, byWin, line)
				}
			}
			for i := range rep.Deals {
				d := &rep.Deals[i].Players[s]
				lost, winLost, graded, byPoints = lost+d.Lost, winLost+d.WinLost, graded+d.Graded, byPoints+d.ByPoints
				check(d)
			}
			check(game)
			if graded != game.Graded || byPoints != game.ByPoints || math.Abs(lost-game.Lost) > 1e-9 || math.Abs(winLost-game.WinLost) > 1e-9 {
				t.Errorf("%d players, seat %v: deals sum to %d graded (%d by points), %.3f points, %.4f chance; the game says %d (%d), %.3f, %.4f",
					players, s, graded, byPoints, lost, winLost, game.Graded, game.ByPoints, game.Lost, game.WinLost)
			}
		}
	}
}

// TestSamplesWordedAsTheHelp: the report's samples line words the
// phases as the help states them (SamplesByPhase(nil)), naming only
// the decisions the rules play: at 2 players the dix, with a house
// variant at 4 the declarations, never a word the other leaves out.
func TestSamplesWordedAsTheHelp(t *testing.T) {
	help := SamplesByPhase(nil)
	require.Equal(t, "bids 300; declarations, the dix and the dialogue, where played, 200; cards 200", help)
	for _, c := range []struct {
		players   int
		cleopatra bool
		want      string
	}{
		{2, false, "bids 300; the dix and the dialogue 200; cards 200"},
		{4, true, "bids 300; declarations and the dialogue 200; cards 200"},
	} {
		o := rules.DefaultOptions()
		o.Players, o.Cleopatra = c.players, c.cleopatra
		line := samplesLine(&Report{Header: gamelog.Header{Options: o}, Seed: 3})
		require.Equal(t, "Samples a decision: "+c.want+"; seed 3.", line, "%d players", c.players)
	}
}

// TestNoLossHiddenAcrossScales: a loss in points is not smaller than a
// loss in the chance to win. Four wrong decisions, three graded by the
// chance (2.6%, 2.5%, 0.7%) and one by points (4.5), were listed as the
// three in the chance "and 1 smaller, not listed": the hidden one was
// the only loss of points. Each scale keeps its biggest, so all four are
// listed; what is left out is said on its own scale.
func TestNoLossHiddenAcrossScales(t *testing.T) {
	play := func(step int, c string) Decision {
		return Decision{Step: step, Trick: step, Phase: rules.PhasePlay, Action: rules.PlayAction(rules.MustCard(c)), Best: rules.PlayAction(rules.MustCard("7C"))}
	}
	decs := []Decision{play(11, "KC"), play(21, "QC"), play(25, "AD"), play(30, "8C")}
	decs[0].Grade, decs[0].ByWin, decs[0].WinLoss = Inaccuracy, true, 0.007
	decs[1].Grade, decs[1].ByWin, decs[1].WinLoss = Blunder, true, 0.025
	decs[2].Grade, decs[2].ByWin, decs[2].WinLoss = Blunder, true, 0.026
	decs[3].Grade, decs[3].Loss = Inaccuracy, 4.5
	text := func(decs []Decision, top int) string {
		s := summarise(decs, 0, top)
		var b bytes.Buffer
		writeMistakes(&b, &s, "  ", false, false)
		return strings.ReplaceAll(b.String(), nameSpace, " ")
	}
	got := text(decs, DefaultTop)
	assert.Contains(t, got, "loses 4.5 pts")
	assert.Equal(t, 4, strings.Count(got, "step "), got)
	assert.NotContains(t, got, "smaller")
	// With one kept on each scale, what is left out is said on its scale.
	assert.Contains(t, text(decs, 1), "and 2 smaller in the chance to win, not listed")
	extra := append(slices.Clone(decs), play(33, "9C"))
	extra[4].Grade, extra[4].Loss = Inaccuracy, 4.1
	assert.Contains(t, text(extra, 1), "and 1 smaller in points and 2 smaller in the chance to win, not listed")
	// One scale alone: "smaller" needs no unit.
	assert.Contains(t, text(decs[:3], 1), "and 2 smaller, not listed")
}

// TestGradedWordsReadAsASentence: at every seat count, whose decisions
// are graded reads naturally after "grade": one seat by its name is
// "ann's decisions", the seat named "you" is "your decisions", several
// are "the decisions of ann and bob", all "every player's decisions".
func TestGradedWordsReadAsASentence(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for _, c := range []struct {
			people []string // the human seats' names, from seat A on
			want   string
		}{
			{[]string{"ann"}, "ann's decisions"},
			{[]string{"You"}, "your decisions"},
			{[]string{"ann", "bob"}, "the decisions of ann and bob"},
			{nil, "every player's decisions"},
		} {
			if len(c.people) >= n {
				continue // every seat a person's: every player's
			}
			h := gamelog.Header{}
			h.Options = rules.DefaultOptions()
			h.Options.Players = n
			for s := range rules.Seat(n) {
				h.SetPlayer(s, "Bot "+s.String(), "normal")
				if int(s) < len(c.people) {
					h.SetPlayer(s, c.people[s], gamelog.Human)
				}
			}
			got := GradedWords(&h, GradedSeats(&h, false))
			assert.Equal(t, c.want, got, "%d players, people %q", n, c.people)
		}
	}
}
