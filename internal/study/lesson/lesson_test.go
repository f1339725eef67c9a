package lesson

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/rules"
)

// TestEveryStepHasText: at every seat count, every name the script and
// the card play use has a section with a title in lesson.md, and every
// Act step its "/other". The card play's names are those its deals can
// reach: bella only in the two-player deal, the sequences shown where a
// sequence is held, a trump over or under another only with a third
// card in the trick, over your partner's only at four.
func TestEveryStepHasText(t *testing.T) {
	text, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		players int
		play    []string
		others  []string
	}{
		{2, []string{"play-lead", "play-lead-plain", "play-lead-none", "play-follow", "play-trump-lead", "play-must-trump", "play-free", "play-shown", "play-over", "bella"}, []string{"bella/other", "claim/other", "play-free/high"}},
		{3, []string{"play-lead-3", "play-lead-plain-3", "play-lead-none-3", "play-follow-3", "play-trump-lead-3", "play-must-trump-3", "play-overtrump-3", "play-undertrump-3", "play-free-3", "play-over-3"}, []string{"claim-3/other", "play-free-3/high"}},
		{4, []string{"play-lead-4", "play-lead-plain-4", "play-lead-none-4", "play-follow-4", "play-trump-lead-4", "play-must-trump-4", "play-overtrump-4", "play-over-partner-4", "play-undertrump-4", "play-free-4", "play-shown-4", "play-over-4"}, []string{"claim-4/other", "play-free-4/high"}},
	} {
		pl, err := planFor(tc.players)
		if err != nil {
			t.Fatal(err)
		}
		names := tc.play
		for _, o := range pl.ops {
			if o.name != "" {
				names = append(names, o.name)
			}
			if (o.stop == Act || o.stop == Claim) && o.isStop() {
				if len(text[o.name+"/other"].Paras) == 0 {
					t.Errorf("%d players: lesson.md has no %q", tc.players, o.name+"/other")
				}
			}
		}
		for _, n := range tc.others {
			if len(text[n].Paras) == 0 {
				t.Errorf("%d players: lesson.md has no %q", tc.players, n)
			}
		}
		for _, n := range names {
			s, ok := text[n]
			if !ok || s.Title == "" || len(s.Paras) == 0 {
				t.Errorf("%d players: lesson.md: step %q missing, or without a title or text", tc.players, n)
			}
		}
	}
	if _, err := New(5); err == nil {
		t.Error("a lesson for five players was started")
	}
}

func TestParseText(t *testing.T) {
	src := "note\n## a\nTitle: The A\n\none\ntwo\n\n  x  1\n  y  2\n- first\n- second\nafter\n## b\nb text\n"
	text, err := ParseText(src)
	if err != nil {
		t.Fatal(err)
	}
	a := text["a"]
	want := []Para{{Text: "one two"}, {Text: "x  1\ny  2", Pre: true}, {Text: "first", Item: true}, {Text: "second after", Item: true}}
	if a.Title != "The A" || len(a.Paras) != len(want) {
		t.Fatalf("section a: %+v", a)
	}
	for i, p := range want {
		if a.Paras[i] != p {
			t.Errorf("paragraph %d: got %+v, want %+v", i, a.Paras[i], p)
		}
	}
	if text["b"].String() != "b text" {
		t.Errorf("section b: %+v", text["b"])
	}
	if _, err := ParseText("## a\n## a\n"); err == nil {
		t.Error("a step written twice is accepted")
	}
}

// TestDealsAreAsTheTextSays: the hands the text describes are the hands
// dealt.
func TestDealsAreAsTheTextSays(t *testing.T) {
	r := mustNew(t)
	for r.Step().Kind == Read {
		r.Continue()
	}
	v := r.View()
	if r.Step().Name != "deal1-bid" || v.Hand.Suit(rules.Clubs) != 0 || v.Upcard != rules.MustCard("8C") {
		t.Fatalf("deal 1: step %q, hand %v, upcard %v", r.Step().Name, v.Hand, v.Upcard)
	}
	mustTry(t, r, rules.PassAction())
	mustTry(t, r, rules.Action{Kind: rules.Accept})
	if !r.Continue() {
		t.Fatal("deal1-over does not go on")
	}
	v = r.View()
	if got, want := v.Hand, cards("7H KH QH AS KS TC"); got != want || v.Upcard != rules.MustCard("JH") {
		t.Fatalf("deal 2: hand %v upcard %v, want %v and JH", got, v.Upcard, want)
	}
	mustTry(t, r, rules.Action{Kind: rules.Take})
	if got, want := r.View().Hand, cards("7H KH QH 9H AS KS QS JS TC"); got != want {
		t.Fatalf("deal 2 after the take: %v, want %v", got, want)
	}
	if !r.Continue() {
		t.Fatal("deal2-bottom does not go on")
	}
	mustTry(t, r, rules.Action{Kind: rules.Exchange})
	d := r.Game().Deal()
	if d.BestMeld(You).Value() != 50 || d.BestMeld(Bot).Value() != 20 {
		t.Fatalf("sequences: you %v, bot %v; the text says fifty against twenty", d.BestMeld(You), d.BestMeld(Bot))
	}
}

func cards(s string) rules.CardSet {
	m, err := rules.ParseCardSet(s)
	if err != nil {
		panic(err)
	}
	return m
}

func mustNew(t *testing.T) *Run {
	t.Helper()
	return mustNewAt(t, 2)
}

func mustNewAt(t *testing.T, players int) *Run {
	t.Helper()
	r, err := New(players)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustTry(t *testing.T, r *Run, a rules.Action) {
	t.Helper()
	if err := r.Try(a); err != nil {
		t.Fatalf("step %q: %v refused: %v", r.Step().Name, a, err)
	}
}

// TestRefusals: an illegal move gets the engine's reason, a legal one
// the lesson does not want gets the lesson's; neither changes anything.
func TestRefusals(t *testing.T) {
	r := mustNew(t)
	if err := r.Try(rules.PassAction()); err == nil {
		t.Fatal("a pass on the welcome page was taken")
	}
	for r.Step().Kind == Read {
		r.Continue()
	}
	before := len(r.Game().Deal().Steps())
	var ref *Refusal
	err := r.Try(rules.Action{Kind: rules.Take})
	if !errors.As(err, &ref) || ref.Illegal || !strings.Contains(ref.Why, "asks you to pass") {
		t.Errorf("take at deal1-bid: %v, want the lesson's reason", err)
	}
	err = r.Try(rules.PlayAction(rules.MustCard("7D")))
	if !errors.As(err, &ref) || !ref.Illegal || ref.Why == "" {
		t.Errorf("a card in the bidding: %v, want the engine's reason", err)
	}
	if len(r.Game().Deal().Steps()) != before || r.Step().Name != "deal1-bid" {
		t.Error("a refused move changed the game")
	}
}

// TestWholeLesson plays the lesson through with the first legal card
// each time, and bella when asked: the first deal is thrown in, the
// second scored with your fifty, twenty and bella.
func TestWholeLesson(t *testing.T) {
	r := mustNew(t)
	sawBella := false
	situations := map[string]bool{}
	for steps := 0; r.Step().Kind != End; steps++ {
		if steps > 200 {
			t.Fatal("the lesson does not end")
		}
		if s := r.Step(); s.Kind == Play && !r.Game().Deal().Over() {
			situations[s.Name] = true
			if s.Bella != rules.NoCard {
				sawBella = true
				if err := r.Try(rules.PlayAction(s.Bella)); err == nil {
					t.Fatal("the bella card without bella was taken")
				}
			}
		}
		learnerStep(t, r)
	}
	recs := r.Records()
	if len(recs) != 3 || recs[0].Score.Outcome != rules.Abandoned {
		t.Fatalf("records: %+v", recs)
	}
	sc := recs[1].Score
	if sc.Seqs[You] != 70 || sc.Bella[You] != 20 || sc.Maker != You {
		t.Errorf("deal 2 score %+v: want your 70 in sequences and 20 for bella", sc)
	}
	sc = recs[2].Score
	if sc.Maker != You || sc.Trump != rules.Spades || sc.Tricks[You] != 9 || sc.Total[Bot] != 0 || sc.Outcome != rules.Made {
		t.Errorf("deal 3 score %+v: want every trick to you, maker in spades", sc)
	}
	if !sawBella {
		t.Error("the lesson never asked for bella")
	}
	t.Logf("situations met: %v", situations)
	replays(t, r)
	if cur, total := r.Stops(); cur != total {
		t.Errorf("at the end: step %d of %d", cur, total)
	}
}

// TestRandomMovesNeverBreakTheLesson: random moves, legal or not, wanted
// or not, are refused or taken, and the lesson always stays at a step
// with text and reaches the end.
func TestRandomMovesNeverBreakTheLesson(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 90 {
		r := mustNewAt(t, 2+game%3)
		for steps := 0; r.Step().Kind != End; steps++ {
			if steps > 5000 {
				t.Fatalf("game %d: the lesson does not end", game)
			}
			s := r.Step()
			if _, ok := r.Text()[s.Name]; !ok {
				t.Fatalf("step %q has no text", s.Name)
			}
			switch rng.IntN(4) {
			case 0:
				r.Continue()
			case 3:
				r.Claim()
			case 1:
				a := rules.PlayAction(rules.Card(rng.IntN(32)))
				if rng.IntN(2) == 0 {
					a = rules.Action{Kind: rules.Kind(1 + rng.IntN(int(rules.PlayCard)))}
				}
				r.Try(a)
			default:
				d := r.Game().Deal()
				if s.Kind == Act {
					r.Try(s.Want)
				} else if s.Kind == Play && !d.Over() && d.Turn() == You {
					l := d.Legal()
					a := l[rng.IntN(len(l))]
					if s.Bella != rules.NoCard && a.Card == s.Bella {
						a = rules.PlayBellaAction(a.Card)
					}
					if err := r.Try(a); err != nil {
						t.Fatalf("a legal card %v refused: %v", a, err)
					}
				}
			}
		}
	}
}

// toStep runs the lesson as TestWholeLesson does (learnerStep) up to the
// step named name.
func toStep(t *testing.T, name string) *Run {
	t.Helper()
	return toStepAt(t, 2, name)
}

// toStepAt is toStep at a table of players.
func toStepAt(t *testing.T, players int, name string) *Run {
	t.Helper()
	r := mustNewAt(t, players)
	for steps := 0; r.Step().Name != name; steps++ {
		if steps > 200 || r.Step().Kind == End {
			t.Fatalf("the lesson never reaches %q", name)
		}
		learnerStep(t, r)
	}
	return r
}

// learnerStep takes the lesson's step as a learner who does what it asks:
// goes on past a text, a score or a deal's end, takes the action wanted,
// claims when asked, and plays the bella card with bella when the step
// asks for it, else the first legal card.
func learnerStep(t *testing.T, r *Run) {
	t.Helper()
	switch s := r.Step(); s.Kind {
	case Read, Score:
		if !r.Continue() {
			t.Fatalf("step %q does not go on", s.Name)
		}
	case Act:
		mustTry(t, r, s.Want)
	case Claim:
		if err := r.Claim(); err != nil {
			t.Fatalf("the claim at %q: %v", s.Name, err)
		}
	case Play:
		switch {
		case r.Game().Deal().Over():
			r.Continue()
		case s.Bella != rules.NoCard:
			mustTry(t, r, rules.PlayBellaAction(s.Bella))
		default:
			p := r.Game().Deal().Play()
			mustTry(t, r, rules.PlayAction(p.Legal().First()))
		}
	}
}

// TestBottomCardAndRoundTwo: the second deal turns up the 10 of hearts
// at the bottom, as its text says; the third is named in round two
// after two passes, with no dix, and both have only "no sequence" to say.
func TestBottomCardAndRoundTwo(t *testing.T) {
	r := toStep(t, "deal2-bottom")
	v := r.View()
	if v.Bottom != rules.MustCard("TH") || v.Phase != rules.PhaseDix || len(v.Hand.Cards()) != 9 {
		t.Fatalf("deal2-bottom: bottom %v, phase %v, hand %v", v.Bottom, v.Phase, v.Hand)
	}
	r = toStep(t, "deal3-name")
	v = r.View()
	if v.Phase != rules.PhaseBid2 || v.Upcard != rules.MustCard("8C") || v.Hand != cards("JS 9S AS KS AH AD") {
		t.Fatalf("deal3-name: phase %v upcard %v hand %v", v.Phase, v.Upcard, v.Hand)
	}
	var ref *Refusal
	if err := r.Try(rules.NameAction(rules.Hearts)); !errors.As(err, &ref) || ref.Illegal {
		t.Errorf("naming hearts: %v, want the lesson's reason", err)
	}
	mustTry(t, r, rules.NameAction(rules.Spades))
	v = r.View()
	if r.Step().Name != "deal3-claim" || v.Phase != rules.PhasePlay || v.Bottom != rules.MustCard("TS") || v.DixBy != rules.NoSeat {
		t.Fatalf("after naming spades: step %q, phase %v, bottom %v", r.Step().Name, v.Phase, v.Bottom)
	}
}

// TestClaimIsSure: the lesson's claim is one a game accepts: the exact
// check over every hand the bot may hold says every trick is yours. A
// card played there instead is refused with the lesson's reason, and a
// claim during the free card play of the second deal likewise.
func TestClaimIsSure(t *testing.T) {
	r := toStep(t, "play")
	var ref *Refusal
	if err := r.Claim(); !errors.As(err, &ref) || !strings.Contains(ref.Why, "last deal of this lesson") {
		t.Errorf("a claim in the second deal: %v, want the lesson's reason", err)
	}
	r = toStep(t, "deal3-claim")
	if vd := claim.Check(r.View()); !vd.OK {
		t.Fatalf("the lesson's claim is not sure: %s", vd.Reason(true))
	}
	p := r.Game().Deal().Play()
	c := p.Legal().First()
	if err := r.Try(rules.PlayAction(c)); !errors.As(err, &ref) || ref.Illegal || !strings.Contains(ref.Why, "press c") {
		t.Errorf("a card at the claim: %v, want the lesson's reason", err)
	}
	if err := r.Claim(); err != nil {
		t.Fatal(err)
	}
	if s := r.Step(); s.Name != "deal3-score" || !r.Game().Deal().Over() {
		t.Fatalf("after the claim: step %q", s.Name)
	}
}

// TestBellaIsNeverBeaten: in every way of playing the second deal (many
// random ones), when the lesson asks for bella the bot holds no trump
// above the card to play, and the card never loses its trick to a trump.
func TestBellaIsNeverBeaten(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 25))
	asked := 0
	for game := range 200 {
		r := toStep(t, "play")
		for s := r.Step(); s.Kind == Play && !r.Game().Deal().Over(); s = r.Step() {
			d := r.Game().Deal()
			if s.Bella != rules.NoCard {
				asked++
				if above := rules.Above(s.Bella, d.Trump()) & d.Hand(Bot); above != 0 {
					t.Fatalf("game %d: bella with %v while the bot holds %v", game, s.Bella, above)
				}
				mustTry(t, r, rules.PlayBellaAction(s.Bella))
				continue
			}
			p := d.Play()
			l := p.Legal().Cards()
			mustTry(t, r, rules.PlayAction(l[rng.IntN(len(l))]))
		}
	}
	if asked == 0 {
		t.Fatal("no game asked for bella")
	}
}

// TestTextTellsTheRules: round two keeps the 7 of trump the dix (only
// the exchange is gone), and the end says what differs at three and
// four players, the bete at three whole, rather than calling two
// players all of Klaberjass.
func TestTextTellsTheRules(t *testing.T) {
	txt, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	name := strings.Join(strings.Fields(txt["deal3-name"].String()), " ")
	if strings.Contains(name, "no dix") || !strings.Contains(name, "still the dix, but there is no exchange") {
		t.Errorf("round two's text on the dix: %s", name)
	}
	// The exchange is also after a refused schmeiss (rules §4), which
	// the lesson teaches before round two.
	if !strings.Contains(name, "taken in round one or after a refused schmeiss") {
		t.Errorf("round two's text leaves out the exchange after a refused schmeiss: %s", name)
	}
	// "No exchange" tells nothing (rules §4): the learner knows the bot
	// lacks the 7 only from holding it.
	dix := strings.Join(strings.Fields(txt["deal2-dix"].String()), " ")
	if strings.Contains(dix, "(it does not hold the 7)") || !strings.Contains(dix, "tells nothing") || !strings.Contains(dix, "because you hold it yourself") {
		t.Errorf("the dix's text draws on \"no exchange\": %s", dix)
	}
	// Bella counts for the one who holds the pair, not for the trick's
	// winner.
	bella := strings.Join(strings.Fields(txt["bella"].String()), " ")
	if strings.Contains(bella, "Bella scores whoever") || !strings.Contains(bella, "Bella counts for you, who hold the pair, whoever wins the trick") {
		t.Errorf("the bella's text reads as the trick's winner scoring it: %s", bella)
	}
	end := strings.Join(strings.Fields(txt["end"].String()), " ")
	// A bete at three as the three-player lesson says it (rules §12):
	// half the maker's rounded down, the odd point to the one with more.
	for _, w := range []string{"no schmeiss", "half the maker's, rounded down", "an odd point goes to the opponent with more",
		"no trumps", "no dix exchange", "over your partner's"} {
		if !strings.Contains(end, w) {
			t.Errorf("the end does not say %q: %s", w, end)
		}
	}
	if strings.Contains(end, "all of Klaberjass") {
		t.Errorf("the end calls the game of two all of Klaberjass: %s", end)
	}
}

// TestTextsKeepTheBotsHandHidden: no step judges a bot's hidden hand as
// strong or weak (no sentence names a bot and a strength, unless to say
// it cannot be told): the learner cannot know it, and at the schmeiss
// the rules say the offer does not show it. The schmeiss steps say no
// word of strength about the bot's hand at all.
func TestTextsKeepTheBotsHandHidden(t *testing.T) {
	text, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	others := regexp.MustCompile(`\b(bot|bot's|West|East|North|it)\b`)
	strength := regexp.MustCompile(`\b(strong|weak)\b`)
	for name, sec := range text {
		for _, sent := range regexp.MustCompile(`[.:;!?]\s`).Split(sec.String(), -1) {
			sent = strings.ReplaceAll(sent, "\n", " ")
			if others.MatchString(sent) && strength.MatchString(sent) && !strings.Contains(sent, "cannot tell") {
				t.Errorf("%s: %q judges another player's hand", name, sent)
			}
		}
	}
	// Nor where an unseen card lies: the stock and the bot's hand look
	// alike to the learner.
	where := regexp.MustCompile(`\b(in|not in) (the stock|the bot's hand|[A-Z][a-z]+'s hand)\b`)
	for name, sec := range text {
		if m := where.FindString(strings.ReplaceAll(sec.String(), "\n", " ")); m != "" {
			t.Errorf("%s: says where an unseen card lies (%q)", name, m)
		}
	}
	for _, name := range []string{"deal1-schmeiss", "deal1-schmeiss/other"} {
		for _, sent := range regexp.MustCompile(`[.:;!?]\s`).Split(text[name].String(), -1) {
			if strings.Contains(sent, "strong") && !strings.Contains(sent, "cannot tell") {
				t.Errorf("%s: %q", name, sent)
			}
		}
	}
}

// TestTextsTellNoHiddenHand: no step, at any seat count, says what
// another player holds as a fact the person cannot see: a player may
// say "no sequence" holding one, and the bots' hands are hidden. A
// sentence may speak of another's hand only as an inference from what
// is seen ("holds at most", "the cards seen so far show", "whatever the
// bot holds", "may hold").
func TestTextsTellNoHiddenHand(t *testing.T) {
	text, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	holds := regexp.MustCompile(`(?i)\b(nobody|no one|neither of you|none of you|neither player|everyone|anyone|west|east|north|the bot|the others|the other players|they)\s+(holds?|has|have)\b`)
	inferred := regexp.MustCompile(`(?i)\bat most\b|\bwhatever\b|\bshows?\b|\bmay\b|\bmight\b|\bcannot tell\b`)
	sentence := regexp.MustCompile(`[^.!?:;]+`)
	for name, sec := range text {
		for _, s := range sentence.FindAllString(sec.String(), -1) {
			if holds.MatchString(s) && !inferred.MatchString(s) {
				t.Errorf("step %q states a hidden hand: %q", name, strings.TrimSpace(s))
			}
		}
	}
}

// TestMarksFromTheirStep: at two and four players, Step.Marks is false
// at every step before the one that explains sequences and true from it
// to the end; at three, where no hand holds a meld, it stays false.
func TestMarksFromTheirStep(t *testing.T) {
	for players, explains := range map[int]string{2: "deal2-sequences", 3: "", 4: "sequences-4"} {
		r := mustNewAt(t, players)
		told := false
		for steps := 0; ; steps++ {
			if steps > 300 {
				t.Fatalf("%d players: the lesson does not end", players)
			}
			s := r.Step()
			told = told || s.Name == explains
			if s.Marks != told {
				t.Fatalf("%d players, step %q: Marks %v", players, s.Name, s.Marks)
			}
			if s.Kind == End {
				break
			}
			learnerStep(t, r)
		}
		if told != (explains != "") {
			t.Errorf("%d players: step %q never met", players, explains)
		}
	}
}

// TestLastCardHasItsStep: at two, three and four players, played out
// many ways, your last card's step is the last card's at its seat count
// (no advice to throw away a card worth little with one card left), and
// only then; no lead step tells of trumps you hold when you hold none.
func TestLastCardHasItsStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	met := map[string]bool{}
	for game := range 60 {
		n := 2 + game%3
		r := mustNewAt(t, n)
		for steps := 0; r.Step().Kind != End; steps++ {
			if steps > 300 {
				t.Fatalf("%d players: the lesson does not end", n)
			}
			s, d := r.Step(), r.Game().Deal()
			if s.Kind != Play || d.Over() || d.Turn() != You || strings.HasPrefix(s.Name, "bella") || strings.HasPrefix(s.Name, "play-shown") || s.Name == "play" {
				learnerStep(t, r)
				continue
			}
			p := d.Play()
			last := p.Hands[You].Count() == 1
			if last != (s.Name == r.named("play-last")) {
				t.Fatalf("%d players, %d cards in hand: step %q", n, p.Hands[You].Count(), s.Name)
			}
			text := r.Text()[s.Name].String()
			if last && (strings.Contains(text, "Throw away") || !strings.Contains(text, "One card is left")) {
				t.Fatalf("%d players, step %q at the last card: %q", n, s.Name, text)
			}
			if p.Hands[You]&rules.SuitMask(p.Trump) == 0 && strings.Contains(text, "trump you hold") {
				t.Fatalf("%d players, no trump in hand, step %q: %q", n, s.Name, text)
			}
			met[s.Name] = true
			l := p.Legal().Cards()
			a := rules.PlayAction(l[rng.IntN(len(l))])
			mustTry(t, r, a)
		}
	}
	for _, name := range []string{"play-last", "play-last-3", "play-last-4"} {
		if !met[name] {
			t.Errorf("no game met %q", name)
		}
	}
}

// TestRunsAtTheSequenceSteps: the steps about your sequences (and only
// they) say so, for the hand to show in sequence order: at two the
// sequence dialogue, at four the new cards that make your run and the
// dialogue; at three, where nobody holds one, none.
func TestRunsAtTheSequenceSteps(t *testing.T) {
	want := map[int][]string{2: {"deal2-sequences"}, 3: nil, 4: {"hands-4", "sequences-4"}}
	for players, names := range want {
		r := mustNewAt(t, players)
		var got []string
		for steps := 0; ; steps++ {
			if steps > 300 {
				t.Fatalf("%d players: the lesson does not end", players)
			}
			s := r.Step()
			if s.Runs && (len(got) == 0 || got[len(got)-1] != s.Name) {
				got = append(got, s.Name)
			}
			if s.Kind == End {
				break
			}
			learnerStep(t, r)
		}
		if !slices.Equal(got, names) {
			t.Errorf("%d players: steps about sequences %v, want %v", players, got, names)
		}
	}
}

// TestEndTellsWhatWasNotShown: the last step at three does not list
// as unseen what the lesson told of (the dix, sequences): it says they
// were not played out, and why.
func TestEndTellsWhatWasNotShown(t *testing.T) {
	r := mustNewAt(t, 3)
	text := r.Text()["end-3"].String()
	if strings.Contains(text, "Not shown here: the dix exchange, sequences") {
		t.Fatalf("end-3 says the dix and sequences were not shown: %q", text)
	}
	for _, s := range []string{"the upcard was the dix itself", "nobody held one"} {
		if !strings.Contains(text, s) {
			t.Errorf("end-3 does not say %q: %q", s, text)
		}
	}
}

// TestEdgesSaidForEveryCharset: the lesson says how a card that may not
// be played is drawn in words true of both charsets: dashed edges in
// Unicode, dots and colons in ASCII, both broken; never one of the two.
func TestEdgesSaidForEveryCharset(t *testing.T) {
	flat := strings.Join(strings.Fields(lessonText), " ")
	if !strings.Contains(flat, "may not play have broken edges") {
		t.Error("the lesson does not say how the cards you may not play are drawn")
	}
	for _, charsetOnly := range []string{"dashed edges", "dotted edges", "dashed edge", "dotted edge"} {
		if strings.Contains(flat, charsetOnly) {
			t.Errorf("the lesson says %q, true of one charset only", charsetOnly)
		}
	}
}

// TestFirstBidTextIsTrueOfTheHand: the first bid's texts say of the hand
// shown only what holds of it: not a single club (not "no high clubs",
// which reads as holding low ones) and nothing above a 9.
func TestFirstBidTextIsTrueOfTheHand(t *testing.T) {
	r := toStepAt(t, 2, "deal1-bid")
	hand := r.View().Hand
	if !hand.Suit(rules.Clubs).Empty() {
		t.Fatalf("the first hand holds clubs: %v", hand)
	}
	for _, c := range hand.Cards() {
		if c.Rank() > rules.Nine {
			t.Fatalf("the first hand holds %v, above a 9: %v", c, hand)
		}
	}
	for name, want := range map[string][]string{
		"deal1-bid":       {"not a single club", "nothing above a 9"},
		"deal1-bid/other": {"without a single club"},
	} {
		text := strings.Join(strings.Fields(r.Text()[name].String()), " ")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q: %s", name, w, text)
			}
		}
		if strings.Contains(text, "high clubs") || strings.Contains(text, "high in clubs") {
			t.Errorf("%s speaks of high clubs in a hand with no club: %s", name, text)
		}
	}
}

// TestNoSequenceSaidForYouIsExplained: where the lesson says "no
// sequence" for you (you hold none, so it is the only word the rules
// leave you), the next step's text says so plainly, and it is true: you
// hold no sequence and your word is in the history.
func TestNoSequenceSaidForYouIsExplained(t *testing.T) {
	for _, tc := range []struct {
		players int
		step    string
	}{{2, "deal3-claim"}, {3, "taken-3"}} {
		r := toStepAt(t, tc.players, tc.step)
		d := r.Game().Deal()
		if m := d.BestMeld(You); m.Value() != 0 {
			t.Errorf("%d players, %s: you hold a sequence %v", tc.players, tc.step, m)
		}
		said, v := false, r.View()
		for _, st := range v.History() {
			said = said || st.Seat == You && st.Action.Kind == rules.NoSequence
		}
		if !said {
			t.Errorf("%d players, %s: you did not say \"no sequence\"", tc.players, tc.step)
		}
		text := strings.Join(strings.Fields(r.Text()[tc.step].String()), " ")
		want := `You hold no sequence, so the lesson said "no sequence" for you, as the rules allow nothing else`
		if !strings.Contains(text, want) || strings.Contains(text, "your only word") {
			t.Errorf("%d players, %s does not say plainly that the lesson spoke for you: %s", tc.players, tc.step, text)
		}
	}
}

// TestClaimTextSaysWhatARefusalShows: the claimed deal's text says what
// a refused claim shows in a game (a hand the others might hold that
// takes a trick, ai/claim's counter), not "with a hand" alone.
func TestClaimTextSaysWhatARefusalShows(t *testing.T) {
	txt, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Join(strings.Fields(txt["deal3-score"].String()), " ")
	if !strings.Contains(s, "a claim that could lose a trick is refused, and Klob shows a hand the other side might hold that takes one") {
		t.Errorf("deal3-score does not say what a refused claim shows: %s", s)
	}
}

// TestShownSequencesSayWhenTheyCounted: after the first trick the text
// says plainly why the sequences' marks are gone: they were counted
// from the hand before the first trick, which the learner held whole.
func TestShownSequencesSayWhenTheyCounted(t *testing.T) {
	r := toStepAt(t, 2, "play-shown")
	if n := r.View().Hand.Count(); n != 8 {
		t.Fatalf("play-shown: you hold %d cards, want 8 after the first trick", n)
	}
	s := strings.Join(strings.Fields(r.Text()["play-shown"].String()), " ")
	if !strings.Contains(s, "they were counted from your hand before the first trick") {
		t.Errorf("play-shown does not say when the sequences counted: %s", s)
	}
}

// TestTextNamesNoFixedTarget: the lesson plays one deal of the standard
// rules whatever the setup's target, so where its text says how a game
// ends it names the game's target, with 500 as its default, never 500
// alone as if every game went to it.
func TestTextNamesNoFixedTarget(t *testing.T) {
	text, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	target := regexp.MustCompile(`\b(to|reaches) 500\b`)
	said := 0
	for name, sec := range text {
		flat := strings.Join(strings.Fields(sec.String()), " ")
		if m := target.FindString(flat); m != "" {
			t.Errorf("%s says %q, as if every game went to 500: %s", name, m, flat)
		}
		said += strings.Count(flat, "the game's target")
	}
	// The welcome and the end at each of the three seat counts.
	if said != 6 {
		t.Errorf("the game's target is named %d times, want 6 (the welcome and the end at 2, 3 and 4 players)", said)
	}
}
