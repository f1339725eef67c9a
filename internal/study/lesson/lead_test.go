package lesson

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestLeadAdviceFromWhatYouKnow plays the card play of the lesson at
// two, three and four players many ways, and checks the step of each
// lead of yours against leadAdvice, worked out apart from what you can
// know: no trump left with the others (and none with you either), a
// trump of yours above every trump another may hold, or neither; at the
// last card, no advice. It also plays the lead the play
// tester met: the jack then the 9 of hearts at two and four, after
// which no trump is left with the others.
func TestLeadAdviceFromWhatYouKnow(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 7))
	start := map[int]string{2: "play", 3: "play-3", 4: "play-4"}
	met := map[string]bool{}
	for game := range 150 {
		n := 2 + game%3
		scripted := game < 3 // J♥, then 9♥, then the first legal card
		r := toStepAt(t, n, start[n])
		if n > 2 && !r.Continue() { // the rules of the play, read first
			t.Fatalf("%s does not go on", start[n])
		}
		leads := 0
		for s := r.Step(); s.Kind == Play && !r.Game().Deal().Over(); s = r.Step() {
			d := r.Game().Deal()
			if d.Turn() != You {
				r.Continue()
				continue
			}
			p := d.Play()
			l := p.Legal().Cards()
			a := rules.PlayAction(l[rng.IntN(len(l))])
			if p.InTrick == 0 {
				v := r.View()
				want := r.named(leadAdvice(&v))
				if s.Name != want && !strings.HasPrefix(s.Name, "bella") && !strings.HasPrefix(s.Name, "play-shown") {
					t.Fatalf("%d players, trick %d: step %q, want %q; hand %v, played %v", n, p.Tricks+1, s.Name, want, v.Hand, v.Played)
				}
				met[want] = true
				if scripted {
					a = rules.PlayAction(l[0])
					if c := []rules.Card{rules.NewCard(rules.Jack, rules.Hearts), rules.NewCard(rules.Nine, rules.Hearts)}; leads < 2 && p.Legal().Has(c[leads]) {
						a = rules.PlayAction(c[leads])
					}
					if leads >= 2 && n != 3 && p.Hands[You]&rules.SuitMask(p.Trump) != 0 && want != r.named("play-lead-none") {
						t.Fatalf("%d players: after J♥ and 9♥ led, lead %d: %q", n, leads+1, want)
					}
				}
				leads++
			} else if scripted {
				a = rules.PlayAction(l[0])
			}
			if s.Bella == a.Card {
				a.Bella = true
			}
			mustTry(t, r, a)
		}
	}
	for _, name := range []string{"play-lead", "play-lead-none", "play-lead-plain-3", "play-lead-4", "play-lead-plain-4", "play-lead-none-4",
		"play-lead-bare-4", "play-last", "play-last-4"} {
		if !met[name] {
			t.Errorf("no game met a lead step %q", name)
		}
	}
	t.Logf("lead steps met: %v", met)
}

// leadAdvice is the lead step (without the seat count's suffix) that the
// viewer of v should see, from what it can know: its hand, the cards
// played, the bottom card and the upcard, the meld cards shown, and what
// each player's cards have shown it cannot hold (a card neither of the
// suit led nor a trump: no trump; a trump under a trump already winning
// the trick: no trump above that one). The hidden hands are not used.
func leadAdvice(v *rules.View) string {
	if v.Hand.Count() == 1 {
		return "play-last"
	}
	if v.Trump >= rules.NoTrumps {
		return "play-lead-plain"
	}
	trumps := rules.SuitMask(v.Trump)
	taker := v.DixBy // who took the upcard into a hand, if anyone
	if taker == rules.NoSeat && v.Players == 4 {
		taker = v.Maker
	}
	var played rules.CardSet
	for s := range v.Players {
		played |= v.Played[s]
	}
	placed := v.Hand | played // not in another hand, or known where
	if v.Bottom != rules.NoCard {
		placed = placed.With(v.Bottom)
	}
	if v.OrigUpcard != rules.NoCard {
		placed = placed.With(v.OrigUpcard)
	}
	for s := range v.Players {
		placed |= v.Shown[s]
	}
	var out rules.CardSet
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o == v.Seat || v.Counts[o] == 0 {
			continue
		}
		may := trumps &^ placed
		if o == taker {
			may = may.With(v.OrigUpcard)
		}
		may |= v.Shown[o]
		may &= trumps &^ played
		for _, tr := range v.CompletedTricks() {
			led, best := tr.Cards[0].Suit(), tr.Cards[0]
			for i := 1; i < tr.N; i++ {
				c := tr.Cards[i]
				if tr.Seats[i] == o {
					switch {
					case c.Suit() != led && c.Suit() != v.Trump:
						may = 0
					case c.Suit() == v.Trump && best.Suit() == v.Trump && rules.Power(c, v.Trump) < rules.Power(best, v.Trump):
						for _, t := range may.Cards() {
							if rules.Power(t, v.Trump) > rules.Power(best, v.Trump) {
								may = may.Without(t)
							}
						}
					}
				}
				if (c.Suit() == best.Suit() && rules.Power(c, v.Trump) > rules.Power(best, v.Trump)) || (c.Suit() == v.Trump && best.Suit() != v.Trump) {
					best = c
				}
			}
		}
		out |= may
	}
	if out == 0 && v.Hand&trumps == 0 {
		return "play-lead-bare"
	}
	if out == 0 {
		return "play-lead-none"
	}
	top := -1
	for _, c := range out.Cards() {
		top = max(top, rules.Power(c, v.Trump))
	}
	for _, c := range (v.Hand & trumps).Cards() {
		if rules.Power(c, v.Trump) > top {
			return "play-lead"
		}
	}
	return "play-lead-plain"
}
