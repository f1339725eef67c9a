package sampler

import (
	"math/rand/v2"
	"sort"

	"github.com/klob/klob/rules"
)

// A shlomo or cleopatra declared says that its declarer held one of the
// combination's patterns (a king, or queen, of one colour and both
// queens, or jacks, of the other) when its round opened; a card the
// viewer saw go into a hand that has since given a card unseen was held
// there then. The cards that changed hands since are mostly unseen, so
// a random deal rarely agrees with these facts, and Complete, which
// replays the words, would reject nearly every try. A necessary
// condition on the hands now is respected up front instead: each card
// of a fact's pattern is now with a seat that a card of the fact's seat
// could reach through the moves since, and no more of a seat's fact
// cards are away from it than moves left it that could carry them.
//
// The deals that meet it are drawn uniformly (Karp and Luby's union
// sampler): a witness (a pattern for each fact and the seat of each of
// its unseen cards) is drawn by its number of deals, a deal is drawn
// uniformly among the deals holding it, and the deal is kept with
// probability one over the number of witnesses it holds. Every deal
// that meets the condition comes with the same chance, and since every
// consistent deal meets it, Complete's rejection on top keeps the draw
// uniform among the consistent deals. With an anchor (a listed seat)
// the facts are left to Complete.

// maxWitnesses bounds the witnesses listed: the facts whose witnesses
// would pass it are left to Complete alone.
const maxWitnesses = 4096

// held is a fact: seat held, once the tau-th move of the declarations
// had been made, every card of one of pats: a declaration by a hidden
// seat (its patterns, when its round opened), or a card the viewer saw
// go into a hand and lost sight of when that hand gave a card unseen
// (one pattern, the card).
type held struct {
	seat  rules.Seat
	tau   int
	reach uint8 // seats a card of the seat then may be with now
	pats  []pattern
}

// pattern is one of a fact's patterns that the seen cards allow.
type pattern struct {
	cards  rules.CardSet
	unseen rules.CardSet // its cards the viewer cannot place
	away   int           // its seen cards with another seat than the fact's
	out    int           // moves out of the fact's seat since that may carry its cards
}

// move is a card that changed hands in the declarations (NoCard when
// the viewer did not see it).
type move struct {
	from, to rules.Seat
	card     rules.Card
}

// at is where a seen card is now: with a seat (in its hand or played),
// or NoSeat out of every hand (the upcard, the bottom card).
func (s *Sampler) at(c rules.Card) rules.Seat {
	v := s.v
	if v.Hand.Has(c) {
		return v.Seat
	}
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if v.Played[o].Has(c) || (o != v.Seat && s.known[o].Has(c)) {
			return o
		}
	}
	return rules.NoSeat
}

// facts lists the declarations' moves and the facts of the history
// that say something of the unseen cards: a fact that a pattern of
// seen cards alone may meet is left out.
func (s *Sampler) facts() {
	v := s.v
	steps := v.History()
	cleo := -1 // the first move of cleopatra's round
	for j := range steps {
		kind, from, to, ok := rules.Swap(v.Players, steps, j)
		if !ok {
			continue
		}
		if kind == rules.Cleopatra && cleo < 0 {
			cleo = len(s.moves)
		}
		s.moves = append(s.moves, move{from, to, steps[j].Action.Card})
	}
	if cleo < 0 {
		cleo = len(s.moves)
	}
	add := func(seat rules.Seat, tau int, pats []rules.CardSet) {
		f := held{seat: seat, tau: tau, reach: 1 << seat}
		for _, mv := range s.moves[tau:] {
			if f.reach&(1<<mv.from) != 0 {
				f.reach |= 1 << mv.to
			}
		}
		for _, cards := range pats {
			p := pattern{cards: cards, unseen: cards & s.unseen}
			ok := true
			for m := cards &^ s.unseen; m != 0; {
				c := m.First()
				m = m.Without(c)
				// A card out of every hand now lay in none then.
				o := s.at(c)
				if o == rules.NoSeat || f.reach&(1<<o) == 0 {
					ok = false
				} else if o != seat {
					p.away++
				}
			}
			p.out = s.out(seat, tau, cards)
			if !ok || p.away > p.out {
				continue
			}
			if p.unseen == 0 {
				return // met by seen cards alone
			}
			f.pats = append(f.pats, p)
		}
		if len(f.pats) > 0 {
			s.fs = append(s.fs, f)
		}
	}
	i := 0
	for _, st := range steps {
		switch st.Action.Kind {
		case rules.Shlomo:
			add(st.Seat, 0, rules.CombinationPatterns(rules.Shlomo))
		case rules.Cleopatra:
			add(st.Seat, cleo, rules.CombinationPatterns(rules.Cleopatra))
		case rules.Draw, rules.Give:
			if i < len(s.moves) {
				if mv := s.moves[i]; mv.card != rules.NoCard && s.unseen.Has(mv.card) {
					add(mv.to, i+1, []rules.CardSet{rules.CardSet(0).With(mv.card)})
				}
				i++
			}
		}
	}
}

// out is the number of moves out of seat from the tau-th on that may
// carry a card of cards: those unseen, and those of its cards.
func (s *Sampler) out(seat rules.Seat, tau int, cards rules.CardSet) int {
	n := 0
	for _, mv := range s.moves[tau:] {
		if mv.from == seat && (mv.card == rules.NoCard || cards.Has(mv.card)) {
			n++
		}
	}
	return n
}

// valid reports whether fact f's pattern p may hold with the unseen
// cards where loc puts them (NoSeat: in no hand).
func (s *Sampler) valid(f *held, p *pattern, loc func(rules.Card) rules.Seat) bool {
	away := p.away
	for m := p.unseen; m != 0; {
		c := m.First()
		m = m.Without(c)
		o := loc(c)
		if o == rules.NoSeat || f.reach&(1<<o) == 0 {
			return false
		}
		away += b2i(o != f.seat)
	}
	return away <= p.out
}

// joint reports whether the patterns chosen (choice[i] of held i) may
// hold together: for each seat, the cards of its facts away from it now
// are no more than the moves out of it since the earliest, that may
// carry them.
func (s *Sampler) joint(choice []int, loc func(rules.Card) rules.Seat) bool {
	for i := range s.fs {
		seat, tau, cards, n := s.fs[i].seat, s.fs[i].tau, rules.CardSet(0), 0
		first := true
		for j := range s.fs {
			if s.fs[j].seat != seat {
				continue
			}
			if j < i {
				first = false // checked with held j
				break
			}
			n++
			tau = min(tau, s.fs[j].tau)
			cards |= s.fs[j].pats[choice[j]].cards
		}
		if !first || n < 2 {
			continue // valid has checked a seat's only held
		}
		away := 0
		for m := cards; m != 0; {
			c := m.First()
			m = m.Without(c)
			o := rules.NoSeat
			if s.unseen.Has(c) {
				o = loc(c)
			} else {
				o = s.at(c)
			}
			away += b2i(o != seat)
		}
		if away > s.out(seat, tau, cards) {
			return false
		}
	}
	return true
}

// prepareSwaps lists the witnesses of the facts (a pattern for each
// and a seat for each of their unseen cards, that every check allows)
// and counts the deals holding each. It is called without an anchor:
// s.seats are all the hidden seats.
func (s *Sampler) prepareSwaps(need [maxSeats]int) {
	if !s.v.Declared() {
		return
	}
	s.facts()
	var combos [][4]rules.CardSet
	for len(s.fs) > 0 {
		combos = s.witnesses(need)
		if len(combos) <= maxWitnesses {
			break
		}
		s.fs = s.fs[:len(s.fs)-1] // left to Complete
	}
	if len(s.fs) == 0 {
		return
	}
	type key struct {
		sizes [1 << maxSeats]int8
		need  [maxSeats]int
	}
	byKey := map[key]int32{}
	total := 0.0
	for _, f := range combos {
		var all rules.CardSet
		var k key
		k.need = need
		for j, o := range s.seats {
			all |= f[o]
			k.need[j] -= f[o].Count()
		}
		sizes := make([]int, len(s.classes))
		for c, cards := range s.classes {
			sizes[c] = (cards &^ all).Count()
			k.sizes[c] = int8(sizes[c])
		}
		i, seen := byKey[k]
		if !seen {
			i = int32(len(s.fplans))
			byKey[k] = i
			s.fplans = append(s.fplans, newWays(s.masks, sizes, k.need))
		}
		if n := s.fplans[i].total(); n > 0 {
			total += n
			s.forced = append(s.forced, f)
			s.fplan = append(s.fplan, i)
			s.fcum = append(s.fcum, total)
		}
	}
	s.none = total == 0
}

// witnesses lists every witness of the facts, as the cards each seat
// must hold, stopping past maxWitnesses.
func (s *Sampler) witnesses(need [maxSeats]int) [][4]rules.CardSet {
	var out [][4]rules.CardSet
	choice := make([]int, len(s.fs))
	var placed [4]rules.CardSet
	loc := func(c rules.Card) rules.Seat {
		for o := range placed {
			if placed[o].Has(c) {
				return rules.Seat(o)
			}
		}
		return rules.NoSeat
	}
	var rec func(i int)
	rec = func(i int) {
		if len(out) > maxWitnesses {
			return
		}
		if i == len(s.fs) {
			if s.joint(choice, loc) {
				out = append(out, placed)
			}
			return
		}
		f := &s.fs[i]
		for pi := range f.pats {
			p := &f.pats[pi]
			choice[i] = pi
			// Place the pattern's cards not placed yet, then check it.
			free := p.unseen
			for o := range placed {
				free &^= placed[o]
			}
			cards := free.Cards()
			var put func(k int)
			put = func(k int) {
				if k == len(cards) {
					if s.valid(f, p, loc) {
						rec(i + 1)
					}
					return
				}
				for j, o := range s.seats {
					if f.reach&(1<<o) == 0 || s.lacks[o].Has(cards[k]) || placed[o].Count() >= need[j] {
						continue
					}
					placed[o] = placed[o].With(cards[k])
					put(k + 1)
					placed[o] = placed[o].Without(cards[k])
				}
			}
			put(0)
		}
	}
	rec(0)
	return out
}

// witness draws a witness by its number of deals: the cards each seat
// must hold and the count that deals the rest.
func (s *Sampler) witness(r *rand.Rand) ([4]rules.CardSet, *ways) {
	u := r.Float64() * s.fcum[len(s.fcum)-1]
	i := min(sort.Search(len(s.fcum), func(i int) bool { return s.fcum[i] > u }), len(s.fcum)-1)
	return s.forced[i], s.fplans[s.fplan[i]]
}

// keep reports whether a deal drawn through a witness is kept: with
// probability one over the number of witnesses it holds, so that every
// deal holding one comes with the same chance.
func (s *Sampler) keep(r *rand.Rand, hands *[4]rules.CardSet) bool {
	loc := func(c rules.Card) rules.Seat {
		for o := range hands {
			if hands[o].Has(c) {
				return rules.Seat(o)
			}
		}
		return rules.NoSeat
	}
	choice := make([]int, len(s.fs))
	n := 0
	var rec func(i int)
	rec = func(i int) {
		if i == len(s.fs) {
			if s.joint(choice, loc) {
				n++
			}
			return
		}
		f := &s.fs[i]
		for pi := range f.pats {
			if s.valid(f, &f.pats[pi], loc) {
				choice[i] = pi
				rec(i + 1)
			}
		}
	}
	rec(0)
	return n > 0 && (n == 1 || r.IntN(n) == 0)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
