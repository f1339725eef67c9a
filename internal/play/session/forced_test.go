package session

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// A "good" taken for a person says why in plain words: "you hold no sequence"
// without a sequence; with a lower one, that it is lower than the claim
// standing and so is not shown, never "nothing to match"; with four,
// where the partner still to speak may win the right for the team, that
// it scores if the partner claims higher (goodReason). At every seat
// count.
func TestForcedGoodSaysWhy(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		seen := map[string]int{}
		lower := "your sequence is lower than the claim standing, so it is not shown"
		for seed := uint64(1); seed <= 40 && (len(seen) < 2 || seen[lower] == 0); seed++ {
			players := make([]Player, n)
			for i := range players {
				players[i] = person
			}
			cfg := config(seed, players...)
			cfg.Options.Players = n
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for range 3000 {
				if s.Game().Over() {
					break
				}
				deal, took, ok := advance(t, s)
				if !ok {
					continue
				}
				for _, tk := range took {
					if !tk.forced || tk.step.Action.Kind != rules.Good {
						continue
					}
					v := s.View(tk.step.Seat)
					want := goodReason(&v, tk.i)
					if tk.why != want {
						t.Fatalf("seed %d deal %d: good taken with %q, want %q", seed, deal, tk.why, want)
					}
					seen[want]++
				}
				seat, ok := s.ToMove()
				if !ok {
					continue
				}
				v := s.View(seat)
				// The last option: announce before no sequence, so
				// that the dialogue has claims to answer.
				legal := v.Legal()
				a := legal[len(legal)-1]
				if v.Phase == rules.PhaseSequences {
					a = legal[0]
				}
				if err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if seen[lower] == 0 {
			t.Errorf("no forced good over a lower sequence in 40 games: %v", seen)
		}
		for k := range seen {
			if strings.Contains(k, "nothing to match") {
				t.Errorf("reason %q", k)
			}
		}
	})
}

// goodReason is the reason a "good" said at step of v's deal, taken
// for v's seat, gives, worked out from the words the table heard before
// it: no meld; under the partner's claim; with four, the partner yet to
// say its dialogue word, which may win the right for the team; else a
// lower meld, which is not shown.
func goodReason(v *rules.View, step int) string {
	best := v.OwnBest()
	if best.Len < 3 {
		if v.Options.OfAKind {
			return "you hold no sequence or set"
		}
		return "you hold no sequence"
	}
	lower := "your sequence is lower than the claim standing"
	if best.Set {
		lower = "your set is lower than the claim standing"
	}
	partner := rules.PartnerOf(v.Players, v.Seat)
	if claimant, _, _, _ := v.Claim(); partner != rules.NoSeat && claimant == partner {
		return "your partner's claim is higher: if it stands, yours scores too"
	}
	if partner == rules.NoSeat {
		return lower + ", so it is not shown"
	}
	for _, st := range v.History()[:step] {
		if st.Seat == partner && slices.Contains(dialogueWords, st.Action.Kind) {
			return lower + ", so it is not shown"
		}
	}
	return lower + ": it scores if your partner claims higher"
}

// dialogueWords are the words of the sequence dialogue.
var dialogueWords = []rules.Kind{rules.NoSequence, rules.Announce, rules.Good, rules.NotGood,
	rules.HowHigh, rules.Top, rules.Same, rules.HowMany, rules.Length}

// dialoguePick picks the last option, but any in the sequence dialogue
// (drawn from r): every answer of the dialogue comes up.
func dialoguePick(r *rand.Rand) func(*rules.View, []rules.Action) rules.Action {
	return func(v *rules.View, legal []rules.Action) rules.Action {
		if v.Phase == rules.PhaseSequences {
			return legal[r.IntN(len(legal))]
		}
		return legal[len(legal)-1]
	}
}

// Every "good" taken for a person gives the reason of its situation
// (goodReason), each situation met: at two and three a lower meld is
// not shown; at four it is under the partner's claim, with the partner
// still to speak, and once the partner has given way to the opponents'
// claim, where the team has no claim that could win. Before, that last
// one said "it scores if your team's claim wins".
func TestForcedGoodSaysWhatBecomesOfIt(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players, o.OfAKind = n, true
		seen := map[string]int{}
		pick := dialoguePick(rand.New(rand.NewPCG(5, uint64(n))))
		for seed := uint64(1); seed <= 400; seed++ {
			untilPlay(t, o, seed, pick, func(v *rules.View, legal []rules.Action) {
				if len(legal) != 1 || legal[0].Kind != rules.Good {
					return
				}
				why, want := forcedReason(legal[0], v), goodReason(v, len(v.History()))
				if why != want {
					t.Errorf("seed %d: good taken with %q, want %q (history %v)", seed, why, want, v.History())
				}
				seen[strings.TrimPrefix(strings.TrimPrefix(want, "your set"), "your sequence")]++
			})
		}
		wants := []string{" is lower than the claim standing, so it is not shown", "you hold no sequence or set"}
		if rules.PlaysInTeams(n) {
			wants = append(wants, " is lower than the claim standing: it scores if your partner claims higher",
				"your partner's claim is higher: if it stands, yours scores too")
		}
		for _, w := range wants {
			if seen[w] == 0 {
				t.Errorf("no forced good said %q in 400 deals: %v", w, seen)
			}
		}
	})
}

// With four, a "good" forced over the partner's higher claim does not
// say the person's sequence "is not shown": the team wins the right,
// and the partners' sequences all score and are shown.
func TestForcedGoodUnderPartnersClaim(t *testing.T) {
	o := rules.DefaultOptions()
	o.Players = 4
	found := 0
	for seed := uint64(1); seed <= 400 && found == 0; seed++ {
		d := rules.NewDeal(o, rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(seed, 4))))
		for range 200 {
			v := d.View(d.Turn())
			legal := v.Legal()
			if len(legal) == 0 {
				break
			}
			claimant, _, _, _ := v.Claim()
			if v.Phase == rules.PhaseSequences && len(legal) == 1 && legal[0].Kind == rules.Good &&
				v.OwnBest().Len >= 3 && claimant == d.Partner(v.Seat) {
				found++
				if why := forcedReason(legal[0], &v); strings.Contains(why, "not shown") || !strings.Contains(why, "partner") {
					t.Errorf("seed %d: good under the partner's claim said %q", seed, why)
				}
			}
			// Announce and ask before passing: the dialogue has claims.
			a := legal[len(legal)-1]
			if v.Phase == rules.PhaseSequences {
				a = legal[0]
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
			if v.Phase == rules.PhasePlay {
				break
			}
		}
	}
	if found == 0 {
		t.Fatal("no forced good under a partner's higher claim in 400 deals")
	}
}

// With of_a_kind a set is told in the dialogue like a sequence: an
// answer taken for a person whose best meld is a set names the set
// ("your set"), never "your sequence"; a top card told names the meld
// claimed, a sequence for a twenty announced beside four of a kind
// (before, "the rank of your set" there). At every seat count.
func TestForcedAnswerNamesTheSet(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		o.Players = n
		o.OfAKind = true
		found, beside := map[rules.Kind]int{}, 0
		pick := dialoguePick(rand.New(rand.NewPCG(7, uint64(n))))
		for seed := uint64(1); seed <= 600; seed++ {
			untilPlay(t, o, seed, pick, func(v *rules.View, legal []rules.Action) {
				if v.Phase != rules.PhaseSequences || len(legal) != 1 {
					return
				}
				// A good is over the best meld; a top card or length
				// told is the claimed one's, the twenty announced
				// beside a fifty's too.
				k, told := legal[0].Kind, v.OwnBest()
				if k == rules.Top || k == rules.Length {
					told = v.OwnClaim()
				}
				why := forcedReason(legal[0], v)
				if told.Len < 3 || !(k == rules.Top || k == rules.Length || (k == rules.Good && !strings.Contains(why, "partner"))) {
					return
				}
				if told.Set {
					found[k]++
				}
				if told.Set && (strings.Contains(why, "sequence") || !strings.Contains(why, "set")) {
					t.Errorf("%d players, seed %d: %v taken over a set said %q", n, seed, legal[0], why)
				}
				if !told.Set && strings.Contains(why, "set") {
					t.Errorf("%d players, seed %d: %v taken over a sequence said %q", n, seed, legal[0], why)
				}
				if told != v.OwnBest() {
					beside++
				}
			})
		}
		if found[rules.Top] == 0 || found[rules.Good] == 0 {
			t.Errorf("%d players: no forced top or good over a set in 600 deals: %v", n, found)
		}
		t.Logf("%d players: %v over a set, %d told of a twenty beside a fifty", n, found, beside)
	}
}

// Every answer taken for a person says why in a player's words, read
// after "automatic:" on the table ("You: good (automatic: you hold no
// sequence)"): never a bare "none", at every seat count, with and
// without sets.
func TestForcedWordings(t *testing.T) {
	allowed := map[string]bool{
		"you hold no sequence": true, "you hold no sequence or set": true,
		"your sequence is lower than the claim standing, so it is not shown":                      true,
		"your set is lower than the claim standing, so it is not shown":                           true,
		"your sequence is lower than the claim standing: it scores if your partner claims higher": true,
		"your set is lower than the claim standing: it scores if your partner claims higher":      true,
		"your partner's claim is higher: if it stands, yours scores too":                          true,
		"the top card of your sequence":                                                           true, "the rank of your set": true,
		"the length of your sequence": true, "the size of your set": true,
		"you hold no 7 of trump": true, "your only choice": true,
	}
	for _, n := range []int{2, 3, 4} {
		for _, sets := range []bool{false, true} {
			o := rules.DefaultOptions()
			o.Players, o.OfAKind = n, sets
			seen := map[rules.Kind]bool{}
			r := rand.New(rand.NewPCG(11, uint64(n)))
			pick := func(_ *rules.View, legal []rules.Action) rules.Action { return legal[r.IntN(len(legal))] }
			for seed := uint64(1); seed <= 200; seed++ {
				untilPlay(t, o, seed, pick, func(v *rules.View, legal []rules.Action) {
					if len(legal) != 1 {
						return
					}
					why := forcedReason(legal[0], v)
					seen[legal[0].Kind] = true
					if !allowed[why] {
						t.Errorf("%d players (sets %v), seed %d: %v taken with %q", n, sets, seed, legal[0], why)
					}
					if sets != strings.Contains(why, "or set") && strings.HasPrefix(why, "you hold no s") {
						t.Errorf("%d players (sets %v): %q", n, sets, why)
					}
				})
			}
			for _, k := range []rules.Kind{rules.NoSequence, rules.Good, rules.NoExchange} {
				if !seen[k] && (k != rules.NoExchange || n < 4) { // no dix at four
					t.Errorf("%d players (sets %v): no forced %v in 200 deals", n, sets, k)
				}
			}
		}
	}
}

// untilPlay deals with seed and plays the deal up to its card play (or
// its end), each move chosen by pick; visit sees every decision first.
func untilPlay(t *testing.T, o rules.Options, seed uint64, pick func(*rules.View, []rules.Action) rules.Action, visit func(*rules.View, []rules.Action)) {
	t.Helper()
	d := rules.NewDeal(o, rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(seed, uint64(o.Players)))))
	for range 200 {
		v := d.View(d.Turn())
		legal := v.Legal()
		if len(legal) == 0 || v.Phase == rules.PhasePlay {
			return
		}
		visit(&v, legal)
		if err := d.Apply(pick(&v, legal)); err != nil {
			t.Fatal(err)
		}
	}
}

// A resumed game tells the moves taken for a person in its current deal
// as the game before the save did: the log does not mark them, so
// Resume finds them again. At every seat count.
func TestForcedAfterResume(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		players := make([]Player, n)
		players[0] = person
		for i := 1; i < n; i++ {
			players[i] = bot
		}
		cfg := config(7, players...)
		cfg.Options.Players = n
		s, err := New(cfg)
		noErr(t, err)
		checked := 0
		for range 2000 {
			if s.Game().Over() || checked >= 5 {
				break
			}
			step(t, s)
			if s.Game().NeedDeal() {
				continue
			}
			deal := s.Game().DealNo()
			steps := s.Game().Deal().Steps()
			was := map[int]string{}
			for i := range steps {
				if why, ok := s.Forced(deal, i); ok {
					was[i] = why
				}
			}
			if len(was) == 0 {
				continue
			}
			r, err := Resume(s.Log(), cfg)
			noErr(t, err)
			for i := range steps {
				why, ok := r.Forced(deal, i)
				if ok != (was[i] != "") || why != was[i] {
					t.Fatalf("deal %d step %d: after resume %q %v, before %q", deal, i, why, ok, was[i])
				}
			}
			checked++
		}
		if checked == 0 {
			t.Fatal("no forced move met")
		}
	})
}

// A declaration passed for a person says which (rules.View.Declaring):
// "you were dealt no shlomo", "you hold no cleopatra", never "your only
// choice".
func TestForcedDeclarationPass(t *testing.T) {
	for _, n := range []int{3, 4} {
		o := rules.DefaultOptions()
		o.Players, o.Shlomo, o.Cleopatra = n, true, n == 4
		seen := map[string]bool{}
		r := rand.New(rand.NewPCG(5, uint64(n)))
		pick := func(_ *rules.View, legal []rules.Action) rules.Action { return legal[r.IntN(len(legal))] }
		for seed := uint64(1); seed <= 20; seed++ {
			untilPlay(t, o, seed, pick, func(v *rules.View, legal []rules.Action) {
				if len(legal) == 1 && v.Phase == rules.PhaseDeclare && legal[0].Kind == rules.Pass {
					seen[forcedReason(legal[0], v)] = true
				}
			})
		}
		want := map[string]bool{"you were dealt no shlomo": true}
		if n == 4 {
			want["you hold no cleopatra"] = true
		}
		if !maps.Equal(seen, want) {
			t.Errorf("%d players: declarations passed with %v, want %v", n, seen, want)
		}
	}
}

// With AskAll nothing is taken for a person: every decision outside the
// card play waits for them, one with a single legal answer too, and Only
// says why that answer is the only one. So the dix, a shlomo or cleopatra
// and the dialogue are all asked, whoever holds what. At every seat count.
func TestAskAllTakesNothing(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		want := []rules.Kind{rules.NoSequence, rules.Good}
		if n < 4 {
			want = append(want, rules.NoExchange) // no dix at four
		}
		if n >= 3 {
			want = append(want, rules.Pass) // no shlomo dealt
		}
		asked := map[rules.Kind]int{}
		missing := func() []rules.Kind {
			var m []rules.Kind
			for _, k := range want {
				if asked[k] == 0 {
					m = append(m, k)
				}
			}
			return m
		}
		for seed := uint64(1); seed <= 10 && len(missing()) > 0; seed++ {
			askAll(t, n, seed, asked)
		}
		if m := missing(); len(m) > 0 {
			t.Errorf("%d players: no one-answer %v asked in 10 games: %v", n, m, asked)
		}
	})
}

// askAll plays a game of n people asked everything (AskAll), each
// answering at random, failing t if a move is taken for one or Only is
// wrong; it counts the one-answer decisions asked by kind.
func askAll(t *testing.T, n int, seed uint64, asked map[rules.Kind]int) {
	t.Helper()
	players := make([]Player, n)
	for i := range players {
		players[i] = person
	}
	cfg := config(seed, players...)
	cfg.Options.Players, cfg.Options.Shlomo, cfg.Options.Cleopatra = n, true, true
	cfg.AskAll = true
	s, err := New(cfg)
	noErr(t, err)
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	for i := 0; i < 5000 && !s.Game().Over(); i++ {
		_, took, ok := advance(t, s)
		if !ok {
			continue
		}
		if len(took) > 0 {
			t.Fatalf("step %d: Advance took %v for a person", i, took)
		}
		seat, ok := s.ToMove()
		if !ok {
			continue
		}
		v := s.View(seat)
		legal := v.Legal()
		why, only := s.Only(seat)
		if want := len(legal) == 1 && v.Phase != rules.PhasePlay; only != want {
			t.Fatalf("step %d: Only says %v (%q) with %v legal in %v", i, only, why, legal, v.Phase)
		}
		if only {
			if why != forcedReason(legal[0], &v) {
				t.Fatalf("step %d: Only says %q for %v", i, why, legal[0])
			}
			asked[legal[0].Kind]++
		}
		noErr(t, s.Apply(seat, legal[r.IntN(len(legal))]))
		if _, forced := s.Forced(s.Game().DealNo(), len(s.Game().Deal().Steps())-1); forced {
			t.Fatalf("step %d: a person's answer reads as forced", i)
		}
		// Resumed, the game tells no answer as forced either.
		if i%40 == 39 {
			rs, err := Resume(s.Log(), cfg)
			noErr(t, err)
			for j := range rs.Game().Deal().Steps() {
				if why, forced := rs.Forced(rs.Game().DealNo(), j); forced {
					t.Fatalf("step %d: resumed, step %d reads as forced (%q)", i, j, why)
				}
			}
		}
	}
}

// forcedAnswers is what the session says of the moves taken for the
// person at A in every deal of the game, which the talk, the trick list
// and a takeback are built from: each step's forced reason, the person's
// last decision and whether they may take it back.
func forcedAnswers(s *Session) string {
	out := ""
	for no, d := range s.Log().Deals {
		for i := range d.Steps {
			if why, ok := s.Forced(no+1, i); ok {
				out += fmt.Sprintf("deal %d step %d: %q\n", no+1, i, why)
			}
		}
	}
	d, st, ok := s.LastDecision(rules.SeatA)
	return out + fmt.Sprintf("last decision %d:%d %v, may undo %v\n", d, st, ok, s.MayUndo(rules.SeatA))
}

// positionStep moves the game on by a step chosen from the position
// alone (byPosition), a bot's seat too, so a resumed game goes on as
// the unbroken one (stepBy).
func positionStep(t *testing.T, s *Session) {
	t.Helper()
	stepBy(t, s, byPosition)
}

// TestForcedResumesAsUnbroken: a game saved at any step and resumed
// from the log's text tells the moves taken for the person in every
// deal, the earlier ones too, as the game that was not stopped does,
// and takes back the same decision; and it goes on to the game's end
// answering alike. At every seat count.
func TestForcedResumesAsUnbroken(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := seatConfig(11, n)
		s, err := New(cfg)
		noErr(t, err)
		var saves, answers []string
		for i := 0; !s.Game().Over(); i++ {
			if i > 20000 {
				t.Fatal("the game does not end")
			}
			positionStep(t, s)
			saves, answers = append(saves, logText(t, s)), append(answers, forcedAnswers(s))
		}
		final := len(answers) - 1
		earlier := 0 // saves with a move taken for the person in an earlier deal
		for at, text := range saves {
			l, err := gamelog.Parse("forced.klob", []byte(text))
			noErr(t, err)
			back, err := Resume(l, Config{Seed: cfg.Seed, NewBot: testkit.RandomBots})
			noErr(t, err)
			if got := forcedAnswers(back); got != answers[at] {
				t.Fatalf("saved at step %d: the resumed game answers\n%s\nthe unbroken one\n%s", at, got, answers[at])
			}
			if forcedBefore(back, len(l.Deals)) {
				earlier++
			}
			for i := 0; !back.Game().Over(); i++ {
				if i > 20000 {
					t.Fatalf("saved at step %d: the resumed game does not end", at)
				}
				positionStep(t, back)
			}
			if got := forcedAnswers(back); got != answers[final] {
				t.Fatalf("saved at step %d, at the game's end: the resumed game answers\n%s\nthe unbroken one\n%s", at, got, answers[final])
			}
			if logText(t, back) != saves[final] {
				t.Fatalf("saved at step %d: the resumed game went another way", at)
			}
		}
		if earlier == 0 {
			t.Fatal("no save had a move taken for the person in an earlier deal")
		}
		t.Logf("%d saves, %d with a move taken in an earlier deal", len(saves), earlier)
	})
}

// forcedBefore reports whether s took a move for a person in a deal
// before deal last.
func forcedBefore(s *Session, last int) bool {
	for k := range s.forced {
		if k[0] < last {
			return true
		}
	}
	return false
}
