package lesson

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// seatC is North at four (your partner) or East at three; seatD East at
// four.
const (
	seatC = rules.Seat(2)
	seatD = rules.Seat(3)
)

// TestLessonToItsEnd plays the lesson at every seat count as a learner
// who does what it asks (learnerStep): it ends, every step on the way
// has its text, the step count reaches its total, and the game's log
// replays.
func TestLessonToItsEnd(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		r := mustNewAt(t, n)
		for steps := 0; r.Step().Kind != End; steps++ {
			if steps > 200 {
				t.Fatalf("%d players: the lesson does not end", n)
			}
			if _, ok := r.Text()[r.Step().Name]; !ok {
				t.Fatalf("%d players: step %q has no text", n, r.Step().Name)
			}
			learnerStep(t, r)
		}
		if cur, total := r.Stops(); cur != total {
			t.Errorf("%d players: at the end, step %d of %d", n, cur, total)
		}
		if r.Players() != n || r.Game().Players() != n {
			t.Errorf("%d players: the lesson's game has %d", n, r.Game().Players())
		}
		replays(t, r)
	}
}

// TestDealsAsTheTextSaysAtThreeAndFour: the hands, upcard, bottom card
// and sequences the three- and four-player texts describe are the ones
// dealt.
func TestDealsAsTheTextSaysAtThreeAndFour(t *testing.T) {
	// Three: you deal; West speaks first and takes hearts, the upcard
	// the 7 of hearts.
	r := toStepAt(t, 3, "bid-3")
	if v := r.View(); v.Turn != rules.SeatB || v.Upcard != rules.MustCard("7H") || len(v.Hand.Cards()) != 6 {
		t.Fatalf("bid-3: turn %v upcard %v hand %v", v.Turn, v.Upcard, v.Hand)
	}
	r.Continue()
	d := r.Game().Deal()
	if d.Dealer() != You || d.Maker() != rules.SeatB || d.Trump() != rules.Hearts || r.Name(d.Maker()) != "West" || d.View(You).OrigUpcard != rules.MustCard("7H") {
		t.Fatalf("bid-3: dealer %v maker %v trump %v", d.Dealer(), d.Maker(), d.Trump())
	}
	v := r.View()
	if r.Step().Name != "taken-3" || v.Hand.Suit(rules.Hearts) != cards("QH") || len(v.Hand.Cards()) != 9 || v.Bottom != rules.MustCard("9S") || v.DixBy != rules.NoSeat || v.Phase != rules.PhasePlay {
		t.Fatalf("taken-3: step %q hand %v bottom %v phase %v", r.Step().Name, v.Hand, v.Bottom, v.Phase)
	}
	for s := range rules.Seat(3) {
		if m := d.BestMeld(s); m.Value() != 0 {
			t.Errorf("the deal of three gives nobody a sequence; %v holds %v", s, m)
		}
		// The end says bella is not shown: nobody holds it.
		if kq := cards("KH QH"); d.Hand(s)&kq == kq {
			t.Errorf("%v holds bella", s)
		}
	}

	// Four: you deal and speak last, after three passes; you hold 9 A 7
	// of hearts, the upcard is the jack of hearts.
	r = toStepAt(t, 4, "bid-4")
	v = r.View()
	if len(v.History()) != 3 || v.Hand.Suit(rules.Hearts) != cards("9H AH 7H") || v.Upcard != rules.MustCard("JH") || v.Turn != You || r.Game().Deal().Dealer() != You {
		t.Fatalf("bid-4: hand %v upcard %v turn %v", v.Hand, v.Upcard, v.Turn)
	}
	mustTry(t, r, rules.Action{Kind: rules.Take})
	v = r.View()
	if r.Step().Name != "hands-4" || v.Hand != cards("JH 9H AH 7H KS QS JS TS") || v.Bottom != rules.NoCard || v.DixBy != rules.NoSeat {
		t.Fatalf("hands-4: step %q hand %v bottom %v", r.Step().Name, v.Hand, v.Bottom)
	}
	d = r.Game().Deal()
	if d.BestMeld(You).Value() != 50 || d.BestMeld(seatC).Value() != 20 || d.BestMeld(rules.SeatB).Value() != 0 || d.BestMeld(seatD).Value() != 0 {
		t.Fatalf("sequences: %v %v %v %v; the text says your fifty and North's twenty, none else", d.BestMeld(You), d.BestMeld(rules.SeatB), d.BestMeld(seatC), d.BestMeld(seatD))
	}
	if r.Name(seatC) != "North" || rules.SideOfSeat(4, seatC) != rules.SideOfSeat(4, You) {
		t.Fatal("North is not your partner")
	}
	// No bella at three or four: neither you nor anyone holds the king
	// and queen of trump, so the texts never speak of it.
	for s := range rules.Seat(4) {
		if kq := cards("KH QH"); d.Hand(s)&kq == kq {
			t.Errorf("%v holds bella", s)
		}
	}
}

// TestWhatTheTextsClaimHoldsHoweverYouPlay plays the card play of the
// three- and four-player lessons many ways (random legal cards of
// yours, the bots as the lesson plays them) and checks each claim of
// the texts: at three West is bete and you and East share West's
// points; at four your team makes it with 70 in sequences, shown after
// the first trick; the step over your partner's trump comes only when
// North's trump is winning; no step asks for bella or a claim.
func TestWhatTheTextsClaimHoldsHoweverYouPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	seen := map[string]bool{}
	for game := range 240 {
		n := 3 + game%2
		r := toStepAt(t, n, "play-"+string(rune('0'+n)))
		// The card play's rules are told before West leads; the first
		// card asked of you is under East's trump at three, over North's
		// at four.
		if !r.Continue() {
			t.Fatalf("play-%d does not go on", n)
		}
		if s := r.Step(); s.Name != map[int]string{3: "play-undertrump-3", 4: "play-over-partner-4"}[n] || s.Kind != Play {
			t.Fatalf("the first card at %d: step %q", n, s.Name)
		}
		shownAt := -1
		for s := r.Step(); s.Kind == Play && !r.Game().Deal().Over(); s = r.Step() {
			seen[s.Name] = true
			d := r.Game().Deal()
			p := d.Play()
			if s.Bella != rules.NoCard || strings.HasPrefix(s.Name, "bella") {
				t.Fatalf("%d players: bella asked", n)
			}
			switch s.Name {
			case "play-over-partner-4":
				by := rules.Seat((int(p.Leader) + int(p.Win)) % 4)
				if by != seatC || p.Trick[p.Win].Suit() != p.Trump || p.Lead().Suit() == p.Trump {
					t.Fatalf("over your partner, but the trick is %v led by %v", p.Trick[:p.InTrick], p.Leader)
				}
			case "play-shown-4":
				v := r.View()
				if v.Shown[You] != cards("KS QS JS TS") || v.Shown[seatC] != cards("AC KC QC") || v.Shown[rules.SeatB]|v.Shown[seatD] != 0 {
					t.Fatalf("shown: %v", v.Shown)
				}
				shownAt = int(p.Tricks)
			}
			if game%3 == 0 {
				var ref *Refusal
				if err := r.Claim(); !errors.As(err, &ref) || !strings.Contains(ref.Why, "does not take a claim") {
					t.Fatalf("a claim in the card play: %v", err)
				}
			}
			l := p.Legal().Cards()
			mustTry(t, r, rules.PlayAction(l[rng.IntN(len(l))]))
		}
		if r.Step().Name != "play-over-"+string(rune('0'+n)) {
			t.Fatalf("after the last card: %q", r.Step().Name)
		}
		if !r.Continue() {
			t.Fatal("the last trick does not go on")
		}
		sc := r.Records()[0].Score
		switch n {
		case 3:
			if sc.Maker != rules.SeatB || sc.Outcome != rules.Bete || sc.Scored[rules.SeatB] != 0 {
				t.Fatalf("game %d: three players, %+v; the text says West is bete", game, sc)
			}
			share := sc.Total[rules.SeatB] / 2
			for _, s := range []rules.Seat{You, seatC} {
				if got := sc.Scored[s] - sc.Total[s]; got != share && got != sc.Total[rules.SeatB]-share {
					t.Fatalf("game %d: %v scores %d over its own total, not half of West's %d", game, s, got, sc.Total[rules.SeatB])
				}
			}
			if sc.Scored[You]+sc.Scored[seatC] != sc.Total[You]+sc.Total[seatC]+sc.Total[rules.SeatB] {
				t.Fatalf("game %d: the maker's points are not all shared: %+v", game, sc)
			}
		case 4:
			if shownAt != 1 {
				t.Fatalf("game %d: the sequences shown step came after trick %d", game, shownAt)
			}
			if sc.Maker != You || sc.Outcome != rules.Made || sc.Seqs[You] != 50 || sc.Seqs[seatC] != 20 || sc.Seqs[rules.SeatB]+sc.Seqs[seatD] != 0 {
				t.Fatalf("game %d: four players, %+v; the text says made, with 50 and 20", game, sc)
			}
			if got := r.Game().Totals(); got[0] != sc.SideTotal[0] || got[1] != sc.SideTotal[1] {
				t.Fatalf("game %d: team totals %v after one deal of %v", game, got, sc.SideTotal)
			}
		}
	}
	for _, name := range []string{"play-undertrump-3", "play-follow-3", "play-lead-4", "play-lead-plain-4", "play-follow-4", "play-over-partner-4", "play-shown-4"} {
		if !seen[name] {
			t.Errorf("no game met step %q", name)
		}
	}
	t.Logf("steps met: %v", seen)
}

// TestCardStepsSayTheDuty: at every seat count, in many ways of playing,
// the step shown for each card of yours says the duty the rules put on
// it: following when you hold the suit led, trumping when you do not
// and hold a trump (over or under a trump in the trick, over your
// partner's), any card when you hold neither; and a lead of yours says
// to lead trumps only while you hold the highest trump still out, and
// that no trump is left only when no other hand holds one.
func TestCardStepsSayTheDuty(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2))
	start := map[int]string{2: "play", 3: "play-3", 4: "play-4"}
	for game := range 150 {
		n := 2 + game%3
		r := toStepAt(t, n, start[n])
		for s := r.Step(); s.Kind == Play && !r.Game().Deal().Over(); s = r.Step() {
			d := r.Game().Deal()
			p := d.Play()
			if d.Turn() != You {
				r.Continue()
				continue
			}
			hand, legal := p.Hands[You], p.Legal()
			trumps := rules.SuitMask(p.Trump)
			name := strings.TrimSuffix(strings.TrimSuffix(s.Name, "-3"), "-4")
			led := p.Lead().Suit()
			win := p.Trick[p.Win]
			ok := true
			switch name {
			case "play-lead":
				ok = p.InTrick == 0 && topTrumpHeld(&p)
			case "play-lead-plain":
				ok = p.InTrick == 0 && !topTrumpHeld(&p)
			case "play-lead-none":
				ok = p.InTrick == 0 && (p.Hands[0]|p.Hands[1]|p.Hands[2]|p.Hands[3])&^hand&trumps == 0
			case "play-follow":
				ok = led != p.Trump && hand&rules.SuitMask(led) != 0 && legal&^rules.SuitMask(led) == 0
			case "play-trump-lead":
				ok = led == p.Trump
			case "play-must-trump":
				ok = hand&rules.SuitMask(led) == 0 && legal&^trumps == 0 && legal != 0 && win.Suit() != p.Trump
			case "play-overtrump", "play-over-partner":
				ok = hand&rules.SuitMask(led) == 0 && win.Suit() == p.Trump && legal&^rules.Above(win, p.Trump) == 0
			case "play-undertrump":
				ok = hand&rules.SuitMask(led) == 0 && win.Suit() == p.Trump && legal&^trumps == 0 && legal&rules.Above(win, p.Trump) == 0
			case "play-free":
				ok = hand&rules.SuitMask(led) == 0 && hand&trumps == 0 && legal == hand
			}
			if !ok {
				t.Fatalf("%d players: step %q with hand %v, legal %v, trick %v, trump %v", n, s.Name, hand, legal, p.Trick[:p.InTrick], p.Trump)
			}
			l := legal.Cards()
			a := rules.PlayAction(l[rng.IntN(len(l))])
			if s.Bella == a.Card {
				a.Bella = true
			}
			mustTry(t, r, a)
		}
	}
}

// topTrumpHeld reports whether your hand holds a trump above every
// other trump still in a hand: the lead the advice to lead trumps is
// for.
func topTrumpHeld(p *rules.Play) bool {
	if p.Trump >= rules.NoTrumps {
		return false
	}
	best, mine := -1, -1
	for s := range int(p.N) {
		for _, c := range (p.Hands[s] & rules.SuitMask(p.Trump)).Cards() {
			if pw := int(rules.Power(c, p.Trump)); rules.Seat(s) == You {
				mine = max(mine, pw)
			} else {
				best = max(best, pw)
			}
		}
	}
	return mine > best
}

// replays fails unless the lesson's game, a game like any other, is
// written as a game log that reads back and replays.
func replays(t *testing.T, r *Run) {
	t.Helper()
	var h gamelog.Header
	for s := range rules.Seat(r.Players()) {
		h.Players[s], h.Levels[s] = r.Name(s), "easy"
	}
	h.Levels[You] = gamelog.Human
	text, err := gamelog.FromGame(h, r.Game()).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	back, err := gamelog.Parse("lesson.klob", text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Replay(); err != nil {
		t.Fatalf("%d players: the lesson's log does not replay: %v", r.Players(), err)
	}
}

// TestDialogueTextSaysWhatWasSaid: the sequence dialogue's text tells
// what each other seat said, never what it holds, since "no sequence"
// may be said holding one (docs/rules.md, section 5). At four, the
// words before yours are the ones the table heard, in its order.
func TestDialogueTextSaysWhatWasSaid(t *testing.T) {
	text, err := LoadText()
	if err != nil {
		t.Fatal(err)
	}
	holds := regexp.MustCompile(`(West|North|East|bot) (has|holds) no sequence`)
	for name, s := range text {
		if m := holds.FindString(s.String()); m != "" {
			t.Errorf("step %q says %q: a seat's words, not its hand, are known", name, m)
		}
	}
	r := toStepAt(t, 4, "sequences-4")
	said := map[rules.Kind]string{
		rules.NoSequence: `said "no sequence"`,
		rules.Announce:   "claimed a twenty",
		rules.Good:       `said "good"`,
	}
	body := r.Text()["sequences-4"].String()
	at := 0
	v := r.View()
	for _, st := range v.History() {
		w, ok := said[st.Action.Kind]
		if !ok || st.Seat == You {
			continue
		}
		want := r.Name(st.Seat) + " " + w
		i := strings.Index(body[at:], want)
		if i < 0 {
			t.Fatalf("sequences-4 does not say %q (after %q): %s", want, body[:at], body)
		}
		at += i + len(want)
	}
	if at == 0 {
		t.Fatal("sequences-4: no words of the dialogue in the history")
	}
}
