package kit

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestEveryChoiceIsExplained: every decision outside the card play has
// a line of explanation, two of them checked word for word.
func TestEveryChoiceIsExplained(t *testing.T) {
	g := NewGlyphs(false)
	v := rules.View{OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseBid1}
	for k := rules.Pass; k < rules.PlayCard; k++ {
		a := rules.Action{Kind: k}
		if k == rules.Announce {
			a.N = 20
		}
		if ChoiceExplain(&g, &v, a) == "" {
			t.Errorf("%v has no explanation", k)
		}
	}
	if got, want := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Same}), "equal top card; a trump sequence wins, else the non-dealer's"; got != want {
		t.Errorf("same: %q, want %q", got, want)
	}
	if got, want := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Refuse}), "the other is the maker with ♥ hearts"; got != want {
		t.Errorf("refuse: %q, want %q", got, want)
	}
}

// TestSchmeissAnswerSaysItOnce: the schmeiss's answers, their label
// then their explanation as the menu's line reads, say "throw in" and
// "play" once each.
func TestSchmeissAnswerSaysItOnce(t *testing.T) {
	g := NewGlyphs(false)
	v := rules.View{OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseSchmeiss, Players: 2}
	for _, c := range []struct {
		kind rules.Kind
		word string
	}{{rules.Accept, "throw"}, {rules.Refuse, "play"}} {
		a := rules.Action{Kind: c.kind}
		line := ActionLabel(a) + ": " + ChoiceExplain(&g, &v, a)
		if n := strings.Count(line, c.word); n != 1 {
			t.Errorf("%q says %q %d times", line, c.word, n)
		}
	}
}

// TestHelpHasTheLegend: the help overlay explains score difference,
// bete, "≈ best", the grades with their thresholds (once) and the hand
// marks.
func TestHelpHasTheLegend(t *testing.T) {
	ctx := NewContext(false)
	ctx.Width = 100
	h := &HelpView{}
	all := strings.Join(h.Lines(&ctx), "\n")
	flat := strings.Join(strings.Fields(all), " ") // words wrapped anywhere
	for _, want := range []string{"Numbers and marks", "score diff:", "bete:", "≈ best", "an inaccuracy from 4 points", "a blunder from 20 points", "what the player could know", "bella the king and queen"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the help lacks %q", want)
		}
	}
	legend := all[strings.Index(all, "Numbers and marks"):strings.Index(all, "The rules Klob plays")]
	if n := strings.Count(legend, "a blunder from") + strings.Count(legend, "blunder: 20"); n != 1 {
		t.Errorf("the grades' thresholds are told %d times:\n%s", n, legend)
	}
}

// TestNotGoodLastSpeaker: "not good" at a table tells a player who is
// not the last to speak that later players may ask; the dealer, who
// speaks last in the dialogue, is told nothing of later players.
func TestNotGoodLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		for seat := range rules.Seat(n) {
			v := rules.View{Players: n, Seat: seat, Dealer: rules.Seat(n - 1), OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseDeclare}
			got := ChoiceExplain(&g, &v, rules.Action{Kind: rules.NotGood})
			later := strings.Contains(got, "later players")
			if want := n > 2 && seat != v.Dealer; later != want {
				t.Errorf("%d players, seat %v, dealer %v: %q", n, seat, v.Dealer, got)
			}
		}
	}
}

// TestPassBeforeForcedDealer: in round two with dealer_forced, a pass
// just before the dealer says the dealer must then name a suit; without
// the option, or further from the dealer, the next may name one.
func TestPassBeforeForcedDealer(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		for _, forced := range []bool{false, true} {
			for seat := range rules.Seat(n - 1) {
				v := rules.View{Players: n, Seat: seat, Dealer: rules.Seat(n - 1), OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseBid2}
				v.Options.DealerForced = forced
				got := ChoiceExplain(&g, &v, rules.PassAction())
				must := strings.Contains(got, "the dealer, must then name one")
				if want := forced && seat == v.Dealer-1; must != want || (!must && !strings.Contains(got, "may name one")) {
					t.Errorf("%d players, forced %v, seat %v: %q", n, forced, seat, got)
				}
			}
		}
	}
}

// The dealer speaks last in the sequence dialogue: an announcement of
// its is answered by nobody, and its "no sequence" leaves the deal
// without sequences. At every seat count.
func TestDialogueExplainedForTheLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		last := rules.View{Players: n, Phase: rules.PhaseSequences, Seat: rules.SeatA, Dealer: rules.SeatA}
		first := last
		first.Dealer = rules.SeatB
		for _, a := range []rules.Action{rules.AnnounceAction(20), rules.AnnounceAction(50)} {
			if e := ChoiceExplain(&g, &last, a); strings.Contains(e, "answers") || !strings.Contains(e, "you win") {
				t.Errorf("%d players, the dealer's %v: %q", n, a, e)
			}
			if e := ChoiceExplain(&g, &first, a); !strings.Contains(e, "answers") {
				t.Errorf("%d players, the first speaker's %v: %q", n, a, e)
			}
		}
		if e := ChoiceExplain(&g, &last, rules.Action{Kind: rules.NoSequence}); e != "say none: nobody then scores sequences" {
			t.Errorf("%d players, the dealer's no sequence: %q", n, e)
		}
	}
}

// The dealer speaks last in round one: its pass leaves the upcard's
// suit to nobody, it opens round two. Anyone else's pass leaves it to
// the next to speak. At every seat count.
func TestRoundOnePassExplainedForTheLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		last := rules.View{Players: n, Phase: rules.PhaseBid1, Seat: rules.SeatA, Dealer: rules.SeatA}
		first := last
		first.Dealer = rules.Seat(n - 1)
		pass := rules.Action{Kind: rules.Pass}
		if e := ChoiceExplain(&g, &last, pass); strings.Contains(e, "leave") || !strings.Contains(e, "round two") {
			t.Errorf("%d players, the dealer's pass in round one: %q", n, e)
		}
		if e := ChoiceExplain(&g, &first, pass); !strings.Contains(e, "leave") {
			t.Errorf("%d players, the first speaker's pass in round one: %q", n, e)
		}
	}
}

// With three or four of a kind on, a player whose best meld is a set
// announces it by its value too: the explanation calls it a set, not a
// sequence of three or four cards. At every seat count.
func TestSetAnnouncementExplainedAsASet(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players, opts.OfAKind = n, true
		found := false
		for seed := uint64(1); seed < 2000 && !found; seed++ {
			d := rules.NewDeal(opts, rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(seed, 0))))
			// Take the upcard at once, keep the dix, reach the dialogue.
			for d.Phase() != rules.PhaseSequences && !d.Over() {
				a := d.Legal()[0]
				for _, l := range d.Legal() {
					if l.Kind == rules.Take || l.Kind == rules.NoExchange {
						a = l
					}
				}
				if err := d.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			v := d.View(d.Turn())
			if d.Phase() != rules.PhaseSequences || !v.OwnBest().Set {
				continue
			}
			found = true
			for _, a := range d.Legal() {
				if a.Kind != rules.Announce {
					continue
				}
				if e := ChoiceExplain(&g, &v, a); strings.Contains(e, "sequence") || !strings.Contains(e, "your best set is") || !strings.Contains(e, "of a kind") {
					t.Errorf("%d players, %v with a set: %q", n, a, e)
				}
			}
		}
		if !found {
			t.Errorf("%d players: no deal reached the dialogue with a set", n)
		}
	}
}

// A length is said in two ways at a table: told when asked "how many
// cards?", or unasked, a longer fifty claiming the right over a length
// told. Each is explained as what it is, over many random deals at every
// seat count (two players only tell it when asked).
func TestLengthExplainedAsAnswerOrClaim(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players, opts.SequenceRank = n, rules.RankByLength
		seen := map[bool]int{}
		for seed := uint64(0); seed < 200000 && (seen[true] == 0 || (n > 2 && seen[false] == 0)); seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			gm := rules.NewGame(opts, rules.SeatA)
			if err := gm.StartDeal(rules.Shuffle(rng)); err != nil {
				t.Fatal(err)
			}
			for !gm.Deal().Over() && gm.Deal().Phase() <= rules.PhaseSequences {
				if gm.Deal().Turn() == rules.ChanceSeat {
					break
				}
				v := gm.Deal().View(gm.Deal().Turn())
				legal := gm.Legal()
				for _, a := range legal {
					if a.Kind != rules.Length {
						continue
					}
					h := v.History()
					asked := len(h) > 0 && h[len(h)-1].Action.Kind == rules.HowMany
					seen[asked]++
					e := ChoiceExplain(&g, &v, a)
					if asked != strings.Contains(e, "answers") || asked == strings.Contains(e, "claim the right") {
						t.Fatalf("%d players, seed %d, %v after %v: %q", n, seed, a, h[len(h)-1].Action, e)
					}
				}
				if err := gm.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if seen[true] == 0 || (n > 2 && seen[false] == 0) {
			t.Errorf("%d players: lengths told when asked %d, unasked %d: the deals never offered both", n, seen[true], seen[false])
		}
		if n == 2 && seen[false] != 0 {
			t.Errorf("two players said a length unasked %d times", seen[false])
		}
	}
}

// TestCardRefusalsAreOneSentence plays random deals at every seat count
// and, at each card, tries every card of the hand the rules refuse: the
// refusal names the card, gives one reason after one colon, and ends
// with a full stop, as the other notes do.
func TestCardRefusalsAreOneSentence(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players = n
		refused := 0
		for seed := uint64(1); seed <= 40; seed++ {
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			d := rules.NewDeal(opts, rules.SeatA, rules.Shuffle(r))
			for !d.Over() {
				legal := d.Legal()
				if d.Phase() == rules.PhasePlay {
					v := d.View(d.Turn())
					for m := d.Hand(d.Turn()); m != 0; m &= m - 1 {
						a := rules.Action{Kind: rules.PlayCard, Card: m.First()}
						trial := d
						err := trial.Apply(a)
						if err == nil {
							continue
						}
						refused++
						s := RefusalText(&g, &v, a, err)
						if !strings.HasPrefix(s, "You cannot play "+g.CardText(a.Card)+": ") || !strings.HasSuffix(s, ".") || strings.Count(s, ":") != 1 {
							t.Fatalf("%d players: refusal %q", n, s)
						}
					}
				}
				if err := d.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if refused < 100 {
			t.Errorf("%d players: only %d cards refused", n, refused)
		}
	}
}

// TestTakeNamesTheOtherSide: taking the upcard's suit says whom the
// maker must outscore, by a noun at every seat count: the other player
// at two, each other player at three, the other side at four.
func TestTakeNamesTheOtherSide(t *testing.T) {
	g := NewGlyphs(false)
	for n, want := range map[int]string{
		2: "make ♥ hearts trump as maker: outscore the other player",
		3: "make ♥ hearts trump as maker: outscore each other player",
		4: "make ♥ hearts trump: your side must outscore the other side",
	} {
		v := rules.View{OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseBid1, Players: n, Dealer: rules.Seat(n - 1)}
		if got := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Take}); got != want {
			t.Errorf("%d players: %q, want %q", n, got, want)
		}
	}
}

// TestDeclineExplainedAsTheMenuSaysIt: the pass of the declarations is
// offered as "declare nothing" or "no shlomo", never "pass": its
// explanation does not call it passing either. At every seat count.
func TestDeclineExplainedAsTheMenuSaysIt(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		v := rules.View{Players: n, Dealer: rules.Seat(n - 1), OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseDeclare}
		got := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Pass})
		if got != "declare nothing: everyone is asked, so it tells nothing" {
			t.Errorf("%d players: %q", n, got)
		}
	}
}
