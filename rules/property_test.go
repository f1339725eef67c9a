package rules

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

var gamesFlag = flag.Int("games", 100000, "complete random games for TestRandomGames")

// TestRandomGames plays complete random games (every deal to the target,
// each action drawn uniformly from Legal) and checks at every action the
// cheap invariants, and once per deal, at a random step, the dearer ones
// (views, completion, clones, every legal action). Game i is drawn from
// PCG(seed 1, i), so a failure names the game to replay, and the run
// splits over two goroutines without changing any game.
func TestRandomGames(t *testing.T) {
	n := *gamesFlag
	if testing.Short() && n > 20000 {
		n = 20000
	}
	const workers = 2
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		stats propStats
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var local propStats
			for i := w; i < n; i += workers {
				if err := randomGame(uint64(i), &local, i%1000 == 0); err != nil {
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
	t.Logf("%d games, %d deals (%d abandoned), %d actions; views checked %d, completions resampled %d of %d, swaps %d of %d, illegal tried %d",
		n, stats.deals, stats.abandoned, stats.actions, stats.views, stats.resampled, stats.resampleTries, stats.swaps, stats.swapTries, stats.illegal)
	if t.Failed() {
		return
	}
	// The checks must not be vacuous: enough of each kind ran.
	if stats.views < stats.deals/4 || stats.resampled < stats.views/10 || stats.swaps < stats.views/20 || stats.abandoned == 0 {
		t.Errorf("too few checks ran: %+v", stats)
	}
}

type propStats struct {
	deals, abandoned, actions, views           int
	resampled, resampleTries, swaps, swapTries int
	illegal                                    int
}

func (s *propStats) add(o propStats) {
	s.deals += o.deals
	s.abandoned += o.abandoned
	s.actions += o.actions
	s.views += o.views
	s.resampled += o.resampled
	s.resampleTries += o.resampleTries
	s.swaps += o.swaps
	s.swapTries += o.swapTries
	s.illegal += o.illegal
}

// gameOptions draws the rule options of game i: mostly the defaults, and
// every option varied in a quarter of the games (a smaller target keeps
// those short).
func gameOptions(r *rand.Rand) Options {
	o := DefaultOptions()
	if r.IntN(4) == 0 {
		o.BottomCard = r.IntN(2) == 0
		o.SequenceRank = SeqRank(r.IntN(2))
		o.MeldsNeedTrick = r.IntN(2) == 0
		o.LastTrick = []int{0, 10, 25}[r.IntN(3)]
		o.Target = []int{200, 500}[r.IntN(2)]
	}
	return o
}

// randomGame plays game seed and checks it; with replay it plays the
// game a second time from the same seed and compares.
func randomGame(seed uint64, st *propStats, replay bool) error {
	g, err := playRandomGame(seed, st, true)
	if err != nil {
		return err
	}
	if replay {
		var scratch propStats
		h, err := playRandomGame(seed, &scratch, false)
		if err != nil {
			return err
		}
		if err := sameGame(g, h); err != nil {
			return fmt.Errorf("same seed, different game: %v", err)
		}
	}
	return nil
}

func playRandomGame(seed uint64, st *propStats, check bool) (*Game, error) {
	r := rand.New(rand.NewPCG(1, seed))
	rc := rand.New(rand.NewPCG(2, seed)) // for the checks, so they do not change the game
	opts := gameOptions(r)
	g := NewGame(opts, Seat(r.IntN(2)))
	var buf []Action
	var sum [2]int
	for !g.Over() {
		if !g.NeedDeal() {
			return nil, fmt.Errorf("game not over and not waiting for a deck")
		}
		if g.DealNo() > 200 {
			return nil, fmt.Errorf("game still going after 200 deals: totals %v", g.Totals())
		}
		dealer := g.Dealer()
		if want := Seat((g.DealNo() - 1) % 2); (g.FirstDealer() == SeatA && dealer != want) || (g.FirstDealer() == SeatB && dealer != want.Other()) {
			return nil, fmt.Errorf("deal %d dealt by %s: the deal must alternate", g.DealNo(), dealer)
		}
		if err := g.StartDeal(Shuffle(r)); err != nil {
			return nil, err
		}
		d := &g.deal
		if d.Totals() != g.Totals() {
			return nil, fmt.Errorf("deal carries totals %v, game has %v", d.Totals(), g.Totals())
		}
		st.deals++
		// The dear checks run in half the deals, at a random step.
		checkAt := rc.IntN(62)
		for step := 0; !d.Over(); step++ {
			buf = d.AppendLegal(buf[:0])
			if len(buf) == 0 {
				return nil, fmt.Errorf("no legal action in %s: %v", d.Phase(), d.Steps())
			}
			if check {
				if err := checkPlaces(d); err != nil {
					return nil, fmt.Errorf("step %d (%v): %v", step, d.Steps(), err)
				}
				if d.Phase() == PhasePlay {
					if err := checkFollowRule(d); err != nil {
						return nil, err
					}
				}
				if step == checkAt {
					if err := checkDeep(d, buf, rc, st); err != nil {
						return nil, fmt.Errorf("step %d (%v): %v", step, d.Steps(), err)
					}
				}
			}
			a := buf[r.IntN(len(buf))]
			if err := g.Apply(a); err != nil {
				return nil, fmt.Errorf("legal %s refused: %v", a, err)
			}
			st.actions++
		}
		if len(d.Legal()) != 0 || d.Turn() != NoSeat {
			return nil, fmt.Errorf("deal over, yet legal %v turn %s", d.Legal(), d.Turn())
		}
		if check {
			if err := checkScore(d); err != nil {
				return nil, fmt.Errorf("deal %d (%v): %v", g.DealNo()-1, d.Steps(), err)
			}
			for s := SeatA; s <= SeatB; s++ {
				if v := d.View(s); v.Score != d.Score() || v.Phase != PhaseOver || v.Turn != NoSeat || v.Legal() != nil {
					return nil, fmt.Errorf("seat %s's view of the deal over: %+v", s, v.Score)
				}
			}
		}
		sc := d.Score()
		if sc.Outcome == Abandoned {
			st.abandoned++
		}
		for s := range 2 {
			sum[s] += sc.Scored[s]
		}
		if g.Totals() != sum {
			return nil, fmt.Errorf("game totals %v, sum of deals %v", g.Totals(), sum)
		}
		if w := GameWinner(g.Totals(), opts.Target); (w != NoSeat) != g.Over() || w != g.Winner() {
			return nil, fmt.Errorf("totals %v target %d: over %v winner %s", g.Totals(), opts.Target, g.Over(), g.Winner())
		}
	}
	return g, nil
}

// stockCards returns the cards still in the stock: not dealt (the second
// batch is dealt once trump is settled), and not the upcard.
func stockCards(d *Deal) CardSet {
	var m CardSet
	first := posSecond
	if d.maker != NoSeat {
		first = posSecond + 6
	}
	for _, c := range d.deck[first:] {
		m = m.With(c)
	}
	return m
}

// checkPlaces: every card in exactly one place: a hand, played by one
// seat, the upcard place, or the stock.
func checkPlaces(d *Deal) error {
	places := [...]CardSet{d.play.Hands[0], d.play.Hands[1], d.playedBy[0], d.playedBy[1], SetOf(d.upcard), stockCards(d)}
	var all CardSet
	total := 0
	for _, p := range places {
		all |= p
		total += p.Count()
	}
	if all != FullDeck || total != 32 {
		return fmt.Errorf("cards not each in one place: hands %s / %s played %s / %s upcard %s stock %s",
			places[0], places[1], places[2], places[3], d.upcard, places[5])
	}
	// Hand sizes follow the phase.
	n0, n1 := d.play.Hands[0].Count(), d.play.Hands[1].Count()
	switch d.phase {
	case PhaseBid1, PhaseSchmeiss, PhaseBid2:
		if n0 != 6 || n1 != 6 {
			return fmt.Errorf("bidding with %d and %d cards", n0, n1)
		}
	case PhaseDix, PhaseSequences:
		if n0 != 9 || n1 != 9 {
			return fmt.Errorf("%s with %d and %d cards", d.phase, n0, n1)
		}
	case PhasePlay:
		played := 18 - n0 - n1
		if played != 2*int(d.play.Tricks)+b2i(d.play.Lead != NoCard) {
			return fmt.Errorf("%d cards played, %d tricks, lead %s", played, d.play.Tricks, d.play.Lead)
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// refLegal is RULES.md section 6 written directly over card lists, apart
// from the engine's masks and tables: the cards of hand that may follow
// lead.
func refLegal(hand CardSet, lead Card, trump Suit) CardSet {
	if lead == NoCard {
		return hand
	}
	rankIn := func(order []Rank, r Rank) int {
		for i, o := range order {
			if o == r {
				return i
			}
		}
		panic("rank")
	}
	var follow, higher, trumps CardSet
	for _, c := range hand.Cards() {
		if c.Suit() == lead.Suit() {
			follow = follow.With(c)
			if lead.Suit() == trump && rankIn(trumpOrder, c.Rank()) < rankIn(trumpOrder, lead.Rank()) {
				higher = higher.With(c)
			}
		}
		if c.Suit() == trump {
			trumps = trumps.With(c)
		}
	}
	switch {
	case lead.Suit() == trump && higher != 0:
		return higher
	case follow != 0:
		return follow
	case trumps != 0:
		return trumps
	}
	return hand
}

func checkFollowRule(d *Deal) error {
	p := d.Play()
	if got, want := p.Legal(), refLegal(p.Hands[p.Turn()], p.Lead, p.Trump); got != want {
		return fmt.Errorf("hand %s lead %s trump %s: Legal %s, the rule says %s", p.Hands[p.Turn()], p.Lead, p.Trump, got, want)
	}
	return nil
}

// checkScore: the deal's score follows RULES.md section 8 from its parts.
func checkScore(d *Deal) error {
	sc := d.Score()
	if sc.Outcome == Abandoned {
		if sc.Scored != [2]int{} || sc.Total != [2]int{} || d.maker != NoSeat {
			return fmt.Errorf("abandoned deal scores %+v", sc)
		}
		return nil
	}
	// The 18 cards dealt, after the dix exchange: the hands when play
	// began are the cards each seat played.
	dealt := SetOf(d.deck[:posUpcard]...) | SetOf(d.deck[posSecond:posSecond+6]...)
	if d.dixBy != NoSeat {
		dealt = dealt.Without(NewCard(Seven, d.trump)).With(d.origUpcard)
	}
	if dealt != d.playedBy[0]|d.playedBy[1] || d.playedBy[0]&d.playedBy[1] != 0 {
		return fmt.Errorf("played %s / %s, dealt %s", d.playedBy[0], d.playedBy[1], dealt)
	}
	if got, want := sc.Cards[0]+sc.Cards[1]+sc.LastTrick[0]+sc.LastTrick[1], SetPoints(dealt, d.trump)+d.opts.LastTrick; got != want {
		return fmt.Errorf("card points and last trick add up to %d, want the dealt cards' %d", got, want)
	}
	if sc.Tricks[0]+sc.Tricks[1] != 9 || sc.LastTrick[d.play.Leader] != d.opts.LastTrick || sc.LastTrick[d.play.Leader.Other()] != 0 {
		return fmt.Errorf("tricks %v last trick %v (won by %s)", sc.Tricks, sc.LastTrick, d.play.Leader)
	}
	for s := SeatA; s <= SeatB; s++ {
		wantSeq := 0
		if s == d.seqWinner && (sc.Tricks[s] > 0 || !d.opts.MeldsNeedTrick) {
			wantSeq = SequencePoints(d.playedBy[s])
		}
		wantBella := 0
		if s == d.bellaBy {
			wantBella = 20
			if !d.playedBy[s].Has(NewCard(King, d.trump)) || !d.playedBy[s].Has(NewCard(Queen, d.trump)) {
				return fmt.Errorf("bella by %s without K and Q of trump", s)
			}
		}
		if sc.Seqs[s] != wantSeq || sc.Bella[s] != wantBella {
			return fmt.Errorf("seat %s: sequences %d bella %d, want %d %d", s, sc.Seqs[s], sc.Bella[s], wantSeq, wantBella)
		}
		if sc.Total[s] != sc.Cards[s]+sc.LastTrick[s]+sc.Seqs[s]+sc.Bella[s] {
			return fmt.Errorf("total %v is not the sum of its lines %+v", sc.Total, sc)
		}
	}
	m, f := sc.Maker, sc.Maker.Other()
	var want [2]int
	var outcome Outcome
	switch {
	case sc.Total[m] > sc.Total[f]:
		outcome, want = Made, sc.Total
	case sc.Total[m] == sc.Total[f]:
		outcome = Tie
		want[f] = sc.Total[f]
	default:
		outcome = Bete
		want[f] = sc.Total[m] + sc.Total[f]
	}
	if sc.Outcome != outcome || sc.Scored != want {
		return fmt.Errorf("totals %v maker %s: %s scoring %v, want %s scoring %v", sc.Total, m, sc.Outcome, sc.Scored, outcome, want)
	}
	return nil
}

// checkDeep runs the dearer checks on d before an action: legal is
// d's legal actions.
func checkDeep(d *Deal, legal []Action, r *rand.Rand, st *propStats) error {
	st.views++
	saved := *d
	// Every legal action applies, to a clone, and the clone is
	// independent of the original; the unchecked path agrees.
	for _, a := range legal {
		c := *d
		if !c.IsLegal(a) {
			return fmt.Errorf("Legal lists %s, IsLegal says no", a)
		}
		if err := c.Apply(a); err != nil {
			return fmt.Errorf("legal %s refused: %v", a, err)
		}
		u := *d
		u.ApplyUnchecked(a)
		if u != c {
			return fmt.Errorf("ApplyUnchecked(%s) differs from Apply", a)
		}
		if c == *d || *d != saved {
			return fmt.Errorf("applying %s to a clone: clone changed %v, original changed %v", a, c != *d, *d != saved)
		}
	}
	// A random action that is not legal is refused and changes nothing.
	a := randomAction(r, d)
	if !d.IsLegal(a) {
		st.illegal++
		if err := d.Apply(a); err == nil {
			return fmt.Errorf("illegal %v accepted", a)
		} else if ie, ok := err.(*IllegalError); !ok || ie.Err == nil || ie.Reason == "" {
			return fmt.Errorf("illegal %v: error %#v is not an *IllegalError with a reason", a, err)
		}
		if *d != saved {
			return fmt.Errorf("refused %v changed the deal", a)
		}
	}
	for s := SeatA; s <= SeatB; s++ {
		if err := checkView(d, s, r, st); err != nil {
			return fmt.Errorf("seat %s: %v", s, err)
		}
	}
	if *d != saved {
		return fmt.Errorf("checks changed the deal")
	}
	if d.phase == PhasePlay {
		return checkPlayout(d, r)
	}
	return nil
}

// randomAction draws an action of any kind with random fields, mostly
// well formed.
func randomAction(r *rand.Rand, d *Deal) Action {
	a := Action{Kind: Kind(r.IntN(int(PlayCard) + 1))}
	switch a.Kind {
	case Name:
		a.Suit = Suit(r.IntN(4))
	case Announce:
		a.N = uint8([]int{20, 50, 30}[r.IntN(3)])
	case Top:
		a.Rank = Rank(r.IntN(8))
	case Length:
		a.N = uint8(3 + r.IntN(6))
	case PlayCard:
		a.Card = Card(r.IntN(32))
		a.Bella = r.IntN(4) == 0
	}
	if r.IntN(20) == 0 {
		a.Rank = Rank(r.IntN(8)) // malformed, mostly
	}
	return a
}

// checkView: the view of seat s hides nothing it should show and shows
// nothing it should hide.
func checkView(d *Deal, s Seat, r *rand.Rand, st *propStats) error {
	v := d.View(s)
	o := s.Other()
	// Legal from the view is Legal from the deal for the mover.
	vl, dl := v.Legal(), d.Legal()
	if d.Turn() == s {
		if !equalActions(vl, dl) {
			return fmt.Errorf("view legal %v, deal legal %v", vl, dl)
		}
	} else if vl != nil {
		return fmt.Errorf("view legal %v while the opponent moves", vl)
	}
	if v.Hand != d.Hand(s) || v.OppCount != d.Hand(o).Count() {
		return fmt.Errorf("view hand %s (%d opposite), deal %s (%d)", v.Hand, v.OppCount, d.Hand(s), d.Hand(o).Count())
	}
	// Unseen cards are exactly the opponent's unknown cards and the
	// hidden deck places.
	oppUnknown := d.Hand(o) &^ v.OppKnown()
	if v.OppKnown()&^d.Hand(o) != 0 {
		return fmt.Errorf("view says the opponent holds %s, it holds %s", v.OppKnown(), d.Hand(o))
	}
	settled := d.maker != NoSeat
	var rest []Card
	var restSet CardSet
	for i, c := range v.masked.deck {
		if c == NoCard && !isSeatPos(d.dealer, o, i, settled) {
			rest = append(rest, d.deck[i])
			restSet = restSet.With(d.deck[i])
		}
	}
	if v.Unseen() != oppUnknown|restSet || v.Hidden() != len(rest) {
		return fmt.Errorf("unseen %s, want %s; hidden %d, want %d", v.Unseen(), oppUnknown|restSet, v.Hidden(), len(rest))
	}
	// No hidden card appears in the view's text (one check in eight:
	// the text is the dearest part).
	for _, f := range strings.Fields(textSample(v, r)) {
		if c, ok := cardByName[f]; ok && v.Unseen().Has(c) {
			return fmt.Errorf("hidden card %s in the view's text:\n%s", c, v.String())
		}
	}
	// Completing with the true hidden cards rebuilds the deal (the
	// opponent's cards may sit in other deck places of its own).
	c, err := v.Complete(d.Hand(o), rest)
	if err != nil {
		return fmt.Errorf("Complete with the true cards: %v", err)
	}
	if err := sameUpToOwnOrder(d, &c, o); err != nil {
		return fmt.Errorf("Complete with the true cards: %v", err)
	}
	// Any completion the view accepts gives the same view.
	st.resampleTries++
	hidden := v.Unseen().Cards()
	r.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	opp := v.OppKnown() | SetOf(hidden[:oppUnknown.Count()]...)
	if c, err := v.Complete(opp, hidden[oppUnknown.Count():]); err == nil {
		st.resampled++
		if c.View(s) != v {
			return fmt.Errorf("a completion the view accepts gives a different view")
		}
	}
	// Deals that differ only in cards hidden from s give equal views:
	// permute the stock, or swap an opponent's card with a stock card,
	// and replay the history.
	if len(rest) > 1 {
		deck := d.deck
		pos := hiddenPositions(v, d, o, settled)
		r.Shuffle(len(pos), func(i, j int) { deck[pos[i]], deck[pos[j]] = deck[pos[j]], deck[pos[i]] })
		if err := sameView(d, deck, s, v, false, st); err != nil {
			return fmt.Errorf("stock permuted: %v", err)
		}
		if oppUnknown != 0 {
			deck = d.deck
			var oppPos []int
			for i, c := range deck {
				if isSeatPos(d.dealer, o, i, settled) && oppUnknown.Has(c) {
					oppPos = append(oppPos, i)
				}
			}
			i, j := oppPos[r.IntN(len(oppPos))], pos[r.IntN(len(pos))]
			deck[i], deck[j] = deck[j], deck[i]
			if err := sameView(d, deck, s, v, true, st); err != nil {
				return fmt.Errorf("swapped %s with %s: %v", d.deck[i], d.deck[j], err)
			}
		}
	}
	return nil
}

func equalActions(a, b []Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func textSample(v View, r *rand.Rand) string {
	if r.IntN(8) != 0 {
		return ""
	}
	return v.String()
}

// cardByName maps each card's String to the card.
var cardByName = func() map[string]Card {
	m := map[string]Card{}
	for c := Card(0); c < 32; c++ {
		m[c.String()] = c
	}
	return m
}()

// hiddenPositions lists the deck places seat o's opponent cannot see and
// that o was not dealt from.
func hiddenPositions(v View, d *Deal, o Seat, settled bool) []int {
	var pos []int
	for i, c := range v.masked.deck {
		if c == NoCard && !isSeatPos(d.dealer, o, i, settled) {
			pos = append(pos, i)
		}
	}
	return pos
}

// sameView replays d's history on deck and compares seat s's view with
// v. A replay the new cards make illegal (the opponent could not have
// said or played that) is skipped when skipIllegal is set, as is a deal
// whose shown sequences differ (those are public).
func sameView(d *Deal, deck Deck, s Seat, v View, skipIllegal bool, st *propStats) error {
	e := NewGameDeal(d.opts, d.dealer, deck, d.totals)
	if skipIllegal {
		st.swapTries++
	}
	for _, step := range d.Steps() {
		if err := e.ApplyAs(step.Seat, step.Action); err != nil {
			if skipIllegal {
				return nil
			}
			return fmt.Errorf("replay: %s: %v", step, err)
		}
	}
	if e.shown && e.seqCards[e.seqWinner] != d.seqCards[d.seqWinner] {
		return nil
	}
	if skipIllegal {
		st.swaps++
	}
	if w := e.View(s); w != v {
		return fmt.Errorf("views differ:\n%s\n%s", v, w.String())
	}
	return nil
}

// sameUpToOwnOrder reports whether c is d with seat o's dealt cards
// possibly in other places among o's own deck positions.
func sameUpToOwnOrder(d, c *Deal, o Seat) error {
	settled := d.maker != NoSeat
	var dm, cm CardSet
	for i := range d.deck {
		if isSeatPos(d.dealer, o, i, settled) {
			dm, cm = dm.With(d.deck[i]), cm.With(c.deck[i])
		} else if d.deck[i] != c.deck[i] {
			return fmt.Errorf("deck place %d holds %s, want %s", i, c.deck[i], d.deck[i])
		}
	}
	if dm != cm {
		return fmt.Errorf("opponent dealt %s, want %s", cm, dm)
	}
	x := *c
	x.deck = d.deck
	if x != *d {
		return fmt.Errorf("rebuilt deal differs beyond the deck order")
	}
	return nil
}

// checkPlayout: Play.Playout plays what Pick and Move play with the
// same random numbers.
func checkPlayout(d *Deal, r *rand.Rand) error {
	seed := r.Uint64()
	p, q := d.Play(), d.Play()
	p.Playout(rand.NewPCG(seed, 7))
	src := rand.NewPCG(seed, 7)
	var x uint64
	if q.Lead != NoCard {
		x = src.Uint64()
	}
	for !q.Done() {
		if q.Lead == NoCard {
			x = src.Uint64()
			c := q.Pick(uint32(x))
			if !q.Legal().Has(c) {
				return fmt.Errorf("Pick gave %s, not legal", c)
			}
			q.Move(c)
			continue
		}
		c := q.Pick(uint32(x >> 32))
		if !q.Legal().Has(c) {
			return fmt.Errorf("Pick gave %s, not legal", c)
		}
		q.Move(c)
	}
	if p != q {
		return fmt.Errorf("Playout ends in %+v, Pick and Move in %+v", p, q)
	}
	if int(p.Points[0]+p.Points[1]) != SetPoints(d.play.Hands[0]|d.play.Hands[1]|SetOf(d.play.Lead)&^SetOf(NoCard), d.trump)+int(d.play.Points[0]+d.play.Points[1])+d.opts.LastTrick {
		return fmt.Errorf("playout points %v do not add up", p.Points)
	}
	return nil
}

// sameGame compares two games: every finished deal with its steps, the
// totals and the deal in progress.
func sameGame(g, h *Game) error {
	a, b := g.Records(), h.Records()
	if len(a) != len(b) {
		return fmt.Errorf("%d deals against %d", len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		if len(x.Steps) != len(y.Steps) {
			return fmt.Errorf("deal %d: %d steps against %d", i+1, len(x.Steps), len(y.Steps))
		}
		for k := range x.Steps {
			if x.Steps[k] != y.Steps[k] {
				return fmt.Errorf("deal %d step %d: %s against %s", i+1, k+1, x.Steps[k], y.Steps[k])
			}
		}
		if x.Dealer != y.Dealer || x.Deck != y.Deck || x.Score != y.Score || x.Totals != y.Totals ||
			x.Ending != y.Ending || x.Schmeisser != y.Schmeisser {
			return fmt.Errorf("deal %d: %+v against %+v", i+1, x, y)
		}
	}
	if g.Totals() != h.Totals() || g.Over() != h.Over() || g.Winner() != h.Winner() || g.NeedDeal() != h.NeedDeal() {
		return fmt.Errorf("totals %v against %v", g.Totals(), h.Totals())
	}
	if g.Deal().Copy() != h.Deal().Copy() {
		return fmt.Errorf("the deal in progress differs")
	}
	return nil
}
