package rules

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

var gamesFlag = flag.Int("games", 30000, "complete random games per seat count for TestRandomGames")

// TestRandomGames plays complete random games at tables of two,
// three and four (every deal to the target, the deal passing left, each
// action drawn uniformly from Legal, the house variants on in some
// games) and checks at every action the cheap invariants (card
// conservation, hand sizes, Legal never empty, the follow rule against
// refTableLegal) and once per deal, at a random step, the dearer ones:
// every legal action applies to a clone, an illegal one is refused and
// changes nothing, each View hides exactly the hidden cards, a swap of
// hidden cards gives an equal View, Complete rebuilds the deal. Every
// deal played out is scored against checkTableScore (four-handed: 152
// + 10 card points, 120 + 10 in no trumps).
func TestRandomGames(t *testing.T) {
	n := *gamesFlag
	// Under -short 300 games a seat count: each house variant is on in
	// about a quarter of them, and the counts checked below (abandoned,
	// bete, declarations, unseen exchanges) are met several times over.
	if testing.Short() && n > 300 {
		n = 300
	}
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprintf("players=%d", players), func(t *testing.T) {
			const workers = 2
			var (
				wg    sync.WaitGroup
				mu    sync.Mutex
				stats tableStats
			)
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var local tableStats
					for i := w; i < n; i += workers {
						if err := tableGame(players, uint64(i), &local); err != nil {
							t.Errorf("game %d: %v", i, err)
							return
						}
					}
					mu.Lock()
					stats.add(local)
					mu.Unlock()
				}()
			}
			wg.Wait()
			t.Logf("%d games, %d deals (%d abandoned, %d made, %d tie, %d bete), %d actions; views %d, completions %d of %d, swaps %d of %d, illegal %d, declarations %d (views with unseen exchanges %d)",
				n, stats.Deals, stats.Outcomes[Abandoned], stats.Outcomes[Made], stats.Outcomes[Tie], stats.Outcomes[Bete],
				stats.Actions, stats.Views, stats.Resampled, stats.ResampleTries, stats.Swaps, stats.SwapTries, stats.Illegal, stats.Declared, stats.HiddenSwaps)
			if t.Failed() {
				return
			}
			if stats.Views < stats.Deals/4 || stats.Resampled == 0 || stats.Swaps < stats.Views/20 ||
				(players < 4 && stats.Outcomes[Abandoned] == 0) || stats.Outcomes[Bete] == 0 || stats.Outcomes[Made] == 0 ||
				(players > 2 && (stats.Declared == 0 || stats.HiddenSwaps == 0 || stats.DeclSwaps == 0)) || stats.Bounds == 0 ||
				(players < 4) != (stats.Dixes > 0) || (players == 2) != (stats.Schmeisses > 0) {
				t.Errorf("too few checks ran: %+v", stats)
			}
		})
	}
}

type tableStats struct {
	Deals, Actions, Views                      int
	Resampled, ResampleTries, Swaps, SwapTries int
	Illegal                                    int
	Outcomes                                   [5]int
	Declared, HiddenSwaps, Bounds              int
	Dixes, Schmeisses                          int // deals with a dix exchange, with a schmeiss
	DeclSwaps                                  int // draws and gives checked against Swap
}

// add adds o's counts to s, every int and array of ints field: a
// counter added to tableStats is summed over the workers with the rest.
func (s *tableStats) add(o tableStats) {
	sv, ov := reflect.ValueOf(s).Elem(), reflect.ValueOf(o)
	for i := range sv.NumField() {
		f, g := sv.Field(i), ov.Field(i)
		if f.Kind() == reflect.Int {
			f.SetInt(f.Int() + g.Int())
			continue
		}
		for j := range f.Len() {
			f.Index(j).SetInt(f.Index(j).Int() + g.Index(j).Int())
		}
	}
}

// tableOptions draws the options of a random game for players: mostly
// the defaults, the base options varied in a quarter of the games and
// each house variant on in a quarter.
func tableOptions(r *rand.Rand, players int) Options {
	o := gameOptions(r)
	o.Players = players
	o.OfAKind = r.IntN(4) == 0
	o.Menage = r.IntN(4) == 0
	o.DealerForced = r.IntN(4) == 0
	o.Bimah = o.DealerForced && r.IntN(2) == 0
	o.Shlomo = players >= 3 && r.IntN(4) == 0
	o.Cleopatra = players == 4 && r.IntN(4) == 0
	return o
}

// tableGame plays game seed at a table of players and checks it.
func tableGame(players int, seed uint64, st *tableStats) error {
	r := rand.New(rand.NewPCG(uint64(players), seed))
	rc := rand.New(rand.NewPCG(uint64(players)+10, seed))
	opts := tableOptions(r, players)
	dealer := Seat(r.IntN(players))
	var totals [4]int
	var buf []Action
	for deal := 1; ; deal++ {
		if deal > 200 {
			return fmt.Errorf("game still going after 200 deals: %v", totals)
		}
		tb := NewGameDeal(opts, dealer, Shuffle(r), totals)
		st.Deals++
		checkAt := rc.IntN(70)
		type swapped struct {
			c        Card
			from, to Seat
		}
		var moving []swapped
		playCards := 0 // the cards in play when the card play began
		for step := 0; !tb.Over(); step++ {
			buf = tb.AppendLegal(buf[:0])
			if len(buf) == 0 {
				return fmt.Errorf("no legal action in %s: %v", tb.Phase(), tb.Steps())
			}
			if err := checkTablePlaces(&tb); err != nil {
				return fmt.Errorf("deal %d step %d (%v): %v", deal, step, tb.Steps(), err)
			}
			if tb.Phase() == PhasePlay {
				// Only a finished trick takes cards out of play, all
				// the players' at once.
				v := tb.View(tb.Turn())
				if p := tb.Play(); p.Winning() != v.Winning() {
					return fmt.Errorf("deal %d step %d: the play says %s is winning the trick, the view %s", deal, step, p.Winning(), v.Winning())
				}
				got := v.CardsInPlay()
				for o := range v.Players {
					got += v.Tricks[o] * v.Players
				}
				if playCards == 0 {
					playCards = got
				}
				if got != playCards || playCards%v.Players != 0 {
					return fmt.Errorf("deal %d step %d: %d cards in play and %d in tricks won, want %d in all", deal, step, v.CardsInPlay(), got-v.CardsInPlay(), playCards)
				}
			}
			if ph := tb.Phase(); (ph == PhaseDix && !opts.HasDix()) || (ph == PhaseSchmeiss && !opts.HasSchmeiss()) {
				return fmt.Errorf("%s at a table of %d", ph, players)
			}
			for _, a := range buf {
				if a.Kind == Schmeiss && !opts.HasSchmeiss() {
					return fmt.Errorf("schmeiss offered at a table of %d", players)
				}
				if a.Kind == Name && a.Suit == NoTrumps && !opts.HasNoTrumps() {
					return fmt.Errorf("no trumps offered at a table of %d", players)
				}
			}
			if tb.Phase() == PhasePlay {
				// What the seat may still announce is what a word on a
				// legal card scores, and nothing is offered when it is 0.
				s := tb.Turn()
				ann := 0
				if by, _ := tb.Announced(); by == NoSeat {
					ann = Announceable(tb.Hand(s), tb.playedBy[s], tb.Trump(), opts)
				}
				for _, a := range buf {
					if a.Bella && a.Announced() != ann {
						return fmt.Errorf("deal %d step %d: %s offered, Announceable says %d", deal, step, a, ann)
					}
				}
			}
			if tb.Phase() == PhasePlay {
				p := tb.Play()
				if got, want := p.Legal(), refTableLegal(p.Hands[p.Turn()], p.Trick[:p.InTrick], p.Trump); got != want {
					return fmt.Errorf("hand %s trick %v trump %s: Legal %s, the rule says %s", p.Hands[p.Turn()], p.Trick[:p.InTrick], p.Trump, got, want)
				}
			}
			if step == checkAt {
				if err := checkTableDeep(&tb, buf, rc, st); err != nil {
					return fmt.Errorf("deal %d step %d (%v): %v", deal, step, tb.Steps(), err)
				}
			}
			a := buf[r.IntN(len(buf))]
			before := tb
			if err := tb.Apply(a); err != nil {
				return fmt.Errorf("legal %s refused: %v", a, err)
			}
			st.Actions++
			if a.Kind == Draw || a.Kind == Give {
				// Swap says where the card goes, as the engine moves it:
				// a cleopatra's two cards once both partners gave.
				steps := tb.Steps()
				c := steps[len(steps)-1].Action.Card
				kind, from, to, ok := Swap(players, steps, len(steps)-1)
				if !ok || !before.Hand(from).Has(c) {
					return fmt.Errorf("deal %d step %d: %s of %s: Swap says %v from %s to %s (%v)", deal, step, a, c, kind, from, to, ok)
				}
				moving = append(moving, swapped{c, from, to})
				st.DeclSwaps++
			}
			for k := 0; k < len(moving); k++ {
				if m := moving[k]; tb.Hand(m.to).Has(m.c) && !tb.Hand(m.from).Has(m.c) {
					moving = append(moving[:k], moving[k+1:]...)
					k--
				}
			}
			if len(moving) > 0 && tb.Phase() != PhaseDeclare {
				return fmt.Errorf("deal %d step %d: %v did not go as Swap said", deal, step, moving)
			}
		}
		if tb.Turn() != NoSeat || len(tb.Legal()) != 0 {
			return fmt.Errorf("deal over, yet turn %s legal %v", tb.Turn(), tb.Legal())
		}
		if err := checkTableScore(&tb); err != nil {
			return fmt.Errorf("deal %d (%v): %v", deal, tb.Steps(), err)
		}
		for s := Seat(0); s < Seat(players); s++ {
			if v := tb.View(s); v.Score != tb.Score() || v.Turn != NoSeat || v.Legal() != nil {
				return fmt.Errorf("seat %s's view of the deal over: %+v", s, v.Score)
			}
		}
		sc := tb.Score()
		st.Outcomes[sc.Outcome]++
		if sc.ThrownIn() != tb.Ending().ThrownIn() {
			return fmt.Errorf("deal %d ended %v, yet its score says thrown in %v", deal, tb.Ending(), sc.ThrownIn())
		}
		dix, schmeiss := false, false
		for _, step := range tb.Steps() {
			switch step.Action.Kind {
			case Shlomo, Cleopatra:
				st.Declared++
			case Exchange, NoExchange:
				dix = true
			case Schmeiss:
				schmeiss = true
			}
		}
		if dix {
			st.Dixes++
		}
		if schmeiss {
			st.Schmeisses++
		}
		for i := range sides(players) {
			totals[i] += sc.Scored[i]
		}
		if SideWinner(totals[:sides(players)], opts.Target) >= 0 {
			return nil
		}
		dealer = NextDealer(dealer, players)
	}
}

// tablePlaces returns the cards in the stock: deck places that belong to
// no hand and are not the upcard.
func tableStock(tb *Deal) CardSet {
	var m CardSet
	for i, c := range tb.deck {
		if i != tb.upcardPos() && deckSeat(tb.n, tb.dealer, tb.maker, i) == NoSeat {
			m = m.With(c)
		}
	}
	return m
}

// checkTablePlaces: every card in exactly one place (a hand, played by
// one seat, the upcard place, the stock), and hand sizes that follow the
// phase.
func checkTablePlaces(tb *Deal) error {
	n := int(tb.n)
	var all CardSet
	total := 0
	add := func(m CardSet) { all |= m; total += m.Count() }
	for s := range n {
		add(tb.play.Hands[s])
		add(tb.playedBy[s])
	}
	if tb.upcard != NoCard {
		add(SetOf(tb.upcard))
	}
	add(tableStock(tb))
	if all != FullDeck || total != 32 {
		return fmt.Errorf("cards not each in one place: %d placed, missing %s", total, FullDeck&^all)
	}
	want := 6
	switch tb.phase {
	case PhaseDeclare:
		// A shlomo declarer holds the card it drew until it gives one.
		want = -1
		sum := 0
		for s := range n {
			sum += tb.play.Hands[s].Count()
		}
		if sum != 6*n {
			return fmt.Errorf("declarations: %d cards in hands, want %d", sum, 6*n)
		}
	case PhaseDix, PhaseSequences:
		want = 9
		if n == 4 {
			want = 8
		}
	case PhasePlay, PhaseOver:
		want = -1
	}
	for s := range n {
		if c := tb.play.Hands[s].Count(); want >= 0 && c != want {
			return fmt.Errorf("%s: seat %d holds %d cards, want %d", tb.phase, s, c, want)
		}
	}
	if tb.phase == PhasePlay {
		// Seats ahead of the turn in this trick have played one more card.
		p := &tb.play
		for k := range n {
			s := (int(p.Leader) + k) % n
			played := int(p.Tricks)
			if k < int(p.InTrick) {
				played++
			}
			if tb.playedBy[s].Count() != played {
				return fmt.Errorf("seat %d played %d cards after %d tricks", s, tb.playedBy[s].Count(), p.Tricks)
			}
		}
	}
	return nil
}

// refTableLegal is docs/rules.md sections 6, 12 and 13 written directly over card
// lists, apart from the engine's masks and tables: the cards of hand that
// may be played to the trick so far.
func refTableLegal(hand CardSet, trick []Card, trump Suit) CardSet {
	if len(trick) == 0 {
		return hand
	}
	// Trick-taking order, highest first.
	trumpOrder := []Rank{Jack, Nine, Ace, Ten, King, Queen, Eight, Seven}
	higher := func(a, b Card) bool { // a is a higher trump than b
		ia, ib := 0, 0
		for i, r := range trumpOrder {
			if r == a.Rank() {
				ia = i
			}
			if r == b.Rank() {
				ib = i
			}
		}
		return ia < ib
	}
	led := trick[0].Suit()
	var follow, trumps CardSet
	for _, c := range hand.Cards() {
		if c.Suit() == led {
			follow = follow.With(c)
		}
		if trump <= Spades && c.Suit() == trump {
			trumps = trumps.With(c)
		}
	}
	var top Card = NoCard // highest trump in the trick
	for _, c := range trick {
		if trump <= Spades && c.Suit() == trump && (top == NoCard || higher(c, top)) {
			top = c
		}
	}
	beat := func(m CardSet) CardSet {
		var out CardSet
		for _, c := range m.Cards() {
			if higher(c, top) {
				out = out.With(c)
			}
		}
		return out
	}
	switch {
	case led == trump && trumps != 0:
		if b := beat(trumps); b != 0 {
			return b
		}
		return trumps
	case follow != 0:
		return follow
	case trumps != 0:
		if top != NoCard {
			if b := beat(trumps); b != 0 {
				return b
			}
		}
		return trumps
	}
	return hand
}

// checkTableScore: the deal's score follows docs/rules.md sections 8, 12, 13
// and 15 from its parts, restated here apart from the engine.
func checkTableScore(tb *Deal) error {
	sc := tb.Score()
	n := int(tb.n)
	if sc.Outcome == Abandoned {
		if sc.Scored != [4]int{} || sc.Total != [4]int{} || tb.maker != NoSeat {
			return fmt.Errorf("abandoned deal scores %+v", sc)
		}
		return nil
	}
	var played, cardSum CardSet
	for s := range n {
		if played&tb.playedBy[s] != 0 {
			return fmt.Errorf("a card played twice")
		}
		played |= tb.playedBy[s]
	}
	cardSum = played
	if n == 4 && played != FullDeck {
		return fmt.Errorf("four players played %d cards, want 32", played.Count())
	}
	if played.Count() != 9*n && n < 4 {
		return fmt.Errorf("%d players played %d cards", n, played.Count())
	}
	want := SetPoints(cardSum, tb.trump) + tb.opts.LastTrick
	if n == 4 {
		want = 152 + tb.opts.LastTrick
		if tb.trump == NoTrumps {
			want = 120 + tb.opts.LastTrick
		}
	}
	got, tricks := 0, 0
	for s := range n {
		got += sc.Cards[s] + sc.LastTrick[s]
		tricks += sc.Tricks[s]
	}
	if got != want {
		return fmt.Errorf("card points and last trick add up to %d, want %d", got, want)
	}
	if wantTricks := map[int]int{2: 9, 3: 9, 4: 8}[n]; tricks != wantTricks {
		return fmt.Errorf("%d tricks, want %d", tricks, wantTricks)
	}
	side := func(s int) int {
		if n == 4 {
			return s % 2
		}
		return s
	}
	w := refSeqWinner(tb)
	if w != tb.seqWinner {
		return fmt.Errorf("the dialogue's words give the right to %s, the deal to %s", w, tb.seqWinner)
	}
	bellaBy, menageBy, err := refBella(tb)
	if err != nil {
		return err
	}
	if bellaBy != tb.bellaBy || menageBy != tb.menageBy {
		return fmt.Errorf("the cards played give bella to %s and the menage to %s, the deal to %s and %s", bellaBy, menageBy, tb.bellaBy, tb.menageBy)
	}
	by, pts := tb.Announced()
	switch {
	case menageBy != NoSeat && (by != menageBy || pts != MenagePoints),
		bellaBy != NoSeat && (by != bellaBy || pts != BellaPoints),
		bellaBy == NoSeat && menageBy == NoSeat && (by != NoSeat || pts != 0):
		return fmt.Errorf("Announced says %s for %d; bella %s, menage %s", by, pts, bellaBy, menageBy)
	}
	var sideTotal [4]int
	for s := range n {
		wantSeq := 0
		sideTricks := 0
		for o := range n {
			if w != NoSeat && side(o) == side(int(w)) {
				sideTricks += sc.Tricks[o]
			}
		}
		if w != NoSeat && side(s) == side(int(w)) && (sideTricks > 0 || !tb.opts.MeldsNeedTrick) {
			for _, m := range Melds(tb.playedBy[s], tb.trump, tb.opts) {
				wantSeq += m.Value()
			}
		}
		wantBella := 0
		if Seat(s) == bellaBy {
			wantBella = 20
		}
		if Seat(s) == menageBy {
			wantBella = 50
		}
		if sc.Seqs[s] != wantSeq || sc.Bella[s] != wantBella {
			return fmt.Errorf("seat %d: sequences %d bella %d, want %d %d", s, sc.Seqs[s], sc.Bella[s], wantSeq, wantBella)
		}
		wantDeclared := 0
		for _, st := range tb.Steps() {
			if st.Seat == Seat(s) && (st.Action.Kind == Shlomo || st.Action.Kind == Cleopatra) {
				wantDeclared += 20
			}
		}
		if sc.Declared[s] != wantDeclared {
			return fmt.Errorf("seat %d: declared %d, want %d", s, sc.Declared[s], wantDeclared)
		}
		if sc.Total[s] != sc.Cards[s]+sc.LastTrick[s]+sc.Seqs[s]+sc.Bella[s]+sc.Declared[s] {
			return fmt.Errorf("total is not the sum of its lines %+v", sc)
		}
		sideTotal[side(s)] += sc.Total[s]
	}
	if sideTotal != sc.SideTotal {
		return fmt.Errorf("side totals %v, want %v", sc.SideTotal, sideTotal)
	}
	m := side(int(sc.Maker))
	best := -1
	for s := range sides(n) {
		if s != m {
			best = max(best, sideTotal[s])
		}
	}
	var wantScored [4]int
	var outcome Outcome
	switch {
	case sideTotal[m] > best:
		outcome, wantScored = Made, sideTotal
		if sc.Forced && tb.opts.Bimah {
			wantScored[m] += 40
		}
	case sideTotal[m] == best:
		outcome, wantScored = Tie, sideTotal
		wantScored[m] = 0
	default:
		outcome, wantScored = Bete, sideTotal
		wantScored[m] = 0
		if n != 3 {
			wantScored[1-m] += sideTotal[m]
			break
		}
		// The two opponents, the one nearer eldest first.
		var opp []int
		for k := 1; k <= 3; k++ {
			if s := (int(tb.dealer) + k) % 3; s != m {
				opp = append(opp, s)
			}
		}
		wantScored[opp[0]] += sideTotal[m] / 2
		wantScored[opp[1]] += sideTotal[m] / 2
		if sideTotal[m]%2 == 1 {
			if sideTotal[opp[1]] > sideTotal[opp[0]] {
				wantScored[opp[1]]++
			} else {
				wantScored[opp[0]]++
			}
		}
	}
	if sc.Outcome != outcome || sc.Scored != wantScored {
		return fmt.Errorf("side totals %v maker %s: %s scoring %v, want %s scoring %v", sideTotal, sc.Maker, sc.Outcome, sc.Scored, outcome, wantScored)
	}
	return nil
}

// refSeqWinner works out who holds the right to score sequences at the
// end of a deal played out, from the dialogue's words and the hands
// (every card a seat played, which it held when the dialogue began):
// each claim (a value announced, a longer length, "not good") moves the
// right to its speaker; "same" moves it only to a speaker whose best
// meld, equal to the claim told, is in trump (docs/rules.md sections 5 and 14).
func refSeqWinner(tb *Deal) Seat {
	w := NoSeat
	top, length := NoRank, uint8(0) // the claim's top and length as told
	for _, st := range tb.Steps() {
		switch a := st.Action; a.Kind {
		case Announce:
			w, top, length = st.Seat, NoRank, 0
		case Length:
			// Told when asked, or a longer run claimed.
			if st.Seat != w {
				w, top = st.Seat, NoRank
			}
			length = a.N
		case NotGood:
			w, top = st.Seat, NoRank
		case Top:
			top = a.Rank
		case Same:
			melds := Melds(tb.playedBy[st.Seat], tb.trump, tb.opts)
			best := 0
			for _, m := range melds {
				best = max(best, m.Value())
			}
			for _, m := range melds {
				if m.Trump && m.Top == top && m.Value() == best && (length == 0 || m.Len == length) {
					w = st.Seat
				}
			}
		}
	}
	return w
}

// refBella works out who said bella and who the menage from the cards
// played with their flags: bella on the second of K and Q of trump
// played by one seat, the menage (N 50) on the last of K, Q and J of
// trump played by one seat. A flag on any other card is an error.
func refBella(tb *Deal) (bella, menage Seat, err error) {
	bella, menage = NoSeat, NoSeat
	var played [4]CardSet
	k, q, j := NewCard(King, tb.trump), NewCard(Queen, tb.trump), NewCard(Jack, tb.trump)
	for _, st := range tb.Steps() {
		a := st.Action
		if a.Kind != PlayCard {
			continue
		}
		played[st.Seat] = played[st.Seat].With(a.Card)
		if !a.Bella {
			continue
		}
		mine := played[st.Seat]
		switch {
		case tb.trump > Spades:
			return bella, menage, fmt.Errorf("%s announced without trumps", a)
		case a.N == 50 && tb.opts.Menage && menage == NoSeat && (a.Card == k || a.Card == q || a.Card == j) &&
			mine.Has(k) && mine.Has(q) && mine.Has(j):
			menage = st.Seat
		case a.N != 50 && bella == NoSeat && (a.Card == k || a.Card == q) && mine.Has(k) && mine.Has(q):
			bella = st.Seat
		default:
			return bella, menage, fmt.Errorf("%s: %s announced with the wrong card", st.Seat, a)
		}
	}
	return bella, menage, nil
}

// checkTableDeep runs the dearer checks on tb before an action.
func checkTableDeep(tb *Deal, legal []Action, r *rand.Rand, st *tableStats) error {
	st.Views++
	saved := *tb
	for _, a := range legal {
		c := *tb
		if !c.IsLegal(a) {
			return fmt.Errorf("Legal lists %s, IsLegal says no", a)
		}
		if err := c.Apply(a); err != nil {
			return fmt.Errorf("legal %s refused: %v", a, err)
		}
		u := *tb
		u.ApplyUnchecked(a)
		if u != c {
			return fmt.Errorf("ApplyUnchecked(%s) differs from Apply", a)
		}
		if c == *tb || *tb != saved {
			return fmt.Errorf("applying %s to a clone changed the original", a)
		}
		// The action's text reads back as the same action.
		if b, err := ParseAction(a.String()); err != nil || b != a {
			return fmt.Errorf("action %s reads back as %v, %v", a, b, err)
		}
	}
	for range 3 {
		a := randomTableAction(r)
		if tb.IsLegal(a) {
			continue
		}
		st.Illegal++
		err := tb.Apply(a)
		if ie, ok := err.(*IllegalError); !ok || ie.Err == nil || ie.Reason == "" || ie.Action != a {
			return fmt.Errorf("illegal %v: error %#v is not an *IllegalError with a reason", a, err)
		}
		if *tb != saved {
			return fmt.Errorf("refused %v changed the deal", a)
		}
	}
	for s := Seat(0); s < Seat(tb.n); s++ {
		if err := checkTableView(tb, s, r, st); err != nil {
			return fmt.Errorf("seat %s: %v", s, err)
		}
	}
	if *tb != saved {
		return fmt.Errorf("checks changed the deal")
	}
	return nil
}

// randomTableAction draws an action of any kind with random fields,
// mostly well formed.
func randomTableAction(r *rand.Rand) Action {
	a := Action{Kind: Kind(r.IntN(int(PlayCard) + 1))}
	switch a.Kind {
	case Name:
		a.Suit = Suit(r.IntN(5))
	case Announce:
		a.N = uint8([]int{20, 50, 30}[r.IntN(3)])
	case Top:
		a.Rank = Rank(r.IntN(8))
	case Length:
		a.N = uint8(3 + r.IntN(6))
	case PlayCard:
		a.Card = Card(r.IntN(32))
		a.Bella = r.IntN(4) == 0
		if a.Bella && r.IntN(2) == 0 {
			a.N = 50
		}
	}
	if r.IntN(20) == 0 {
		a.Rank = Rank(r.IntN(8))
	}
	return a
}

// checkTableView: the view of seat s hides nothing it should show and
// shows nothing it should hide; completions rebuild the deal.
func checkTableView(tb *Deal, s Seat, r *rand.Rand, st *tableStats) error {
	v := tb.View(s)
	n := int(tb.n)
	vl, dl := v.Legal(), tb.Legal()
	if tb.Turn() == s {
		if !slices.Equal(vl, dl) {
			return fmt.Errorf("view legal %v, deal legal %v", vl, dl)
		}
	} else if vl != nil {
		return fmt.Errorf("view legal %v while %s moves", vl, tb.Turn())
	}
	if v.Hand != tb.Hand(s) {
		return fmt.Errorf("view hand %s, deal %s", v.Hand, tb.Hand(s))
	}
	// Unseen cards are exactly the other hands' unknown cards and the
	// stock's cards not face up.
	var unknown [4]CardSet
	var want CardSet
	for o := range n {
		if Seat(o) == s {
			continue
		}
		if v.Counts[o] != tb.Hand(Seat(o)).Count() {
			return fmt.Errorf("view counts %v", v.Counts)
		}
		k := v.Known(Seat(o))
		if k&^tb.Hand(Seat(o)) != 0 {
			return fmt.Errorf("view says %d holds %s, it holds %s", o, k, tb.Hand(Seat(o)))
		}
		unknown[o] = tb.Hand(Seat(o)) &^ k
		// What the words show of a seat's best meld fits its hand when
		// the dialogue was held.
		if tb.phase == PhasePlay || tb.phase == PhaseOver || tb.phase == PhaseSequences {
			b := v.MeldBound(Seat(o))
			if !b.Fits(tb.Hand(Seat(o))|tb.playedBy[o], tb.trump, tb.opts) {
				return fmt.Errorf("meld bound %+v of seat %d does not fit its hand %s (best %v)", b, o, tb.Hand(Seat(o))|tb.playedBy[o], tb.best[o])
			}
			st.Bounds++
		}
		// What the play shows a seat lacks, it lacks.
		if x := v.CannotHold(Seat(o)) & tb.Hand(Seat(o)); x != 0 {
			return fmt.Errorf("view says %d cannot hold %s, it holds them", o, x)
		}
		want |= unknown[o]
	}
	var rest []Card
	var restPos []int
	for i, c := range v.masked.deck {
		if c == NoCard && deckSeat(tb.n, tb.dealer, tb.maker, i) == NoSeat {
			rest = append(rest, tb.deck[i])
			restPos = append(restPos, i)
			want = want.With(tb.deck[i])
		}
	}
	if v.Unseen() != want || v.Hidden() != len(rest) {
		return fmt.Errorf("unseen %s, want %s; hidden %d, want %d", v.Unseen(), want, v.Hidden(), len(rest))
	}
	if r.IntN(8) == 0 {
		for _, f := range strings.Fields(v.String()) {
			if c, ok := cardByName[f]; ok && want.Has(c) {
				return fmt.Errorf("hidden card %s in the view's text:\n%s", c, v.String())
			}
		}
	}
	for _, step := range v.History() {
		if (step.Action.Kind == Draw || step.Action.Kind == Give) && step.Action.Card == NoCard {
			st.HiddenSwaps++
			break
		}
	}
	// Completing with the true hidden cards rebuilds the deal.
	var hands [4]CardSet
	for o := range n {
		hands[o] = tb.Hand(Seat(o))
	}
	c, err := v.Complete(hands, rest)
	if err != nil {
		return fmt.Errorf("Complete with the true cards: %v", err)
	}
	if c.play != tb.play || c.playedBy != tb.playedBy || c.score != tb.score || c.phase != tb.phase ||
		c.best != tb.best || c.seqWinner != tb.seqWinner || c.claimant != tb.claimant || c.menage != tb.menage {
		return fmt.Errorf("Complete with the true cards: a different deal")
	}
	// A random completion the view accepts gives the same view (Complete
	// checks it) and deals the same number of cards.
	st.ResampleTries++
	hidden := v.Unseen().Cards()
	r.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	var guess [4]CardSet
	k := 0
	for o := range n {
		if Seat(o) == s {
			continue
		}
		u := unknown[o].Count()
		guess[o] = v.Known(Seat(o)) | SetOf(hidden[k:k+u]...)
		k += u
	}
	if c, err := v.Complete(guess, hidden[k:]); err == nil {
		st.Resampled++
		if c.View(s) != v {
			return fmt.Errorf("a completion the view accepts gives a different view")
		}
	}
	// Deals that differ only in cards hidden from s give equal views:
	// swap two hidden cards in deck places of different owners (two
	// other seats, or a seat and the stock) and replay the history.
	var pos []int
	for i, c := range tb.deck {
		if o := deckSeat(tb.n, tb.dealer, tb.maker, i); o != s && o != NoSeat && unknown[o].Has(c) {
			pos = append(pos, i)
		}
	}
	pos = append(pos, restPos...)
	if len(pos) < 2 {
		return nil
	}
	i, j := pos[r.IntN(len(pos))], pos[r.IntN(len(pos))]
	if i == j || deckSeat(tb.n, tb.dealer, tb.maker, i) == deckSeat(tb.n, tb.dealer, tb.maker, j) {
		return nil
	}
	deck := tb.deck
	deck[i], deck[j] = deck[j], deck[i]
	st.SwapTries++
	o := NewDeal(tb.opts, tb.dealer, deck)
	o.totals = tb.totals
	for _, step := range tb.Steps() {
		if err := o.ApplyAs(step.Seat, step.Action); err != nil {
			return nil // the swap contradicts a word said: not a deal s could mistake
		}
	}
	if o.ShownCards() != tb.ShownCards() || o.claimant != tb.claimant || o.seqWinner != tb.seqWinner {
		return nil // the swap contradicts the melds shown or who won a "same"
	}
	st.Swaps++
	if w := o.View(s); w != v {
		return fmt.Errorf("swapped %s and %s: the view changed", tb.deck[i], tb.deck[j])
	}
	return nil
}
