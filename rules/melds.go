package rules

// Meld is what a Deal's sequence dialogue compares: a sequence, or with
// of_a_kind a set of three or four cards of one rank (docs/rules.md sections 5
// and 15). A zero Len means none.
type Meld struct {
	Set   bool  // a set of one rank (of_a_kind) rather than a run
	Suit  Suit  // a run's suit; NoSuit for a set
	Top   Rank  // a run's top card, a set's rank
	Len   uint8 // cards: 3 to 8 for a run, 3 or 4 for a set
	Trump bool  // a run in trump, or a set holding the trump of its rank
}

// Value returns 20 for three cards and 50 for four or more.
func (m Meld) Value() int { return Sequence{Len: m.Len}.Value() }

// CardsIn returns the cards of m in held, the hand it was found in: a
// run's cards, or the cards of a set's rank that held has.
func (m Meld) CardsIn(held CardSet) CardSet {
	if !m.Set {
		return Sequence{Suit: m.Suit, Top: m.Top, Len: m.Len}.Cards()
	}
	var cs CardSet
	for s := Clubs; s <= Spades; s++ {
		if c := NewCard(m.Top, s); held.Has(c) {
			cs = cs.With(c)
		}
	}
	return cs
}

// String writes a run as Sequence does ("AH-KH-QH") and a set as its
// rank three or four times ("QQQ").
func (m Meld) String() string {
	if !m.Set {
		return Sequence{Suit: m.Suit, Top: m.Top, Len: m.Len}.String()
	}
	s := ""
	for range m.Len {
		s += m.Top.String()
	}
	return s
}

// key orders melds for the contest (docs/rules.md section 5): a larger key
// wins; value, then (sequence_rank=length) the number of cards, then
// top, then trump. seqKey asks it for the two-player game.
func (m Meld) key(mode SeqRank) int {
	if m.Len < 3 {
		return 0
	}
	k := m.Value() << 12
	if mode == RankByLength {
		k |= int(m.Len) << 8
	}
	k |= int(m.Top) << 4
	if m.Trump {
		k |= 1
	}
	return k
}

// menageRun reports whether the lane of trump in hand holds K, Q and J
// as a run of exactly three: with menage on they are the menage, not a
// sequence (docs/rules.md section 15; a longer run holding them stays a
// sequence, see the package doc).
func menageRun(hand CardSet, trump Suit, opts Options) bool {
	if !opts.Menage || trump > Spades {
		return false
	}
	lane := hand.Lane(trump)
	const kqj = 1<<King | 1<<Queen | 1<<Jack
	return lane&(kqj|1<<Ace|1<<Ten) == kqj
}

// melds returns the best meld of hand under trump and the options,
// the points of every meld it holds, and the cards that make them.
func melds(hand CardSet, trump Suit, opts Options) (best Meld, pts int, cards CardSet) {
	best, _, pts, cards = meldsOf(hand, trump, opts)
	return best, pts, cards
}

// meldsOf is melds that also returns the best meld of value 20 (a zero
// Len for none): the one an opening "announce 20" claims when the hand
// holds a 50 as well.
func meldsOf(hand CardSet, trump Suit, opts Options) (best, best20 Meld, pts int, cards CardSet) {
	mode := opts.SequenceRank
	bk, bk20 := 0, 0
	skip := menageRun(hand, trump, opts)
	for s := Clubs; s <= Spades; s++ {
		lr := &laneRuns[hand.Lane(s)]
		for i := 0; i < int(lr.n); i++ {
			if skip && s == trump && lr.top[i] == King && lr.len[i] == 3 {
				continue
			}
			q := Sequence{Suit: s, Top: lr.top[i], Len: lr.len[i]}
			pts += q.Value()
			cards |= q.Cards()
			m := Meld{Suit: s, Top: q.Top, Len: q.Len, Trump: s == trump}
			k := m.key(mode)
			if k > bk {
				best, bk = m, k
			}
			if m.Len == 3 && k > bk20 {
				best20, bk20 = m, k
			}
		}
	}
	if opts.OfAKind {
		for r := Seven; r <= Ace; r++ {
			var of CardSet
			for s := Clubs; s <= Spades; s++ {
				if c := NewCard(r, s); hand.Has(c) {
					of = of.With(c)
				}
			}
			n := of.Count()
			if n < 3 {
				continue
			}
			m := Meld{Set: true, Suit: NoSuit, Top: r, Len: uint8(n), Trump: trump <= Spades && of.Has(NewCard(r, trump))}
			pts += m.Value()
			cards |= of
			k := m.key(mode)
			if k > bk {
				best, bk = m, k
			}
			if m.Len == 3 && k > bk20 {
				best20, bk20 = m, k
			}
		}
	}
	return best, best20, pts, cards
}

// MeldPoints returns what every meld of hand is worth under trump and the
// options: what its holder scores with the sequence right.
func MeldPoints(hand CardSet, trump Suit, opts Options) int {
	_, pts, _ := melds(hand, trump, opts)
	return pts
}

// Melds lists every meld of hand under trump and the options:
// the sequences (without a menage's K-Q-J), then with of_a_kind the sets.
func Melds(hand CardSet, trump Suit, opts Options) []Meld {
	var out []Meld
	skip := menageRun(hand, trump, opts)
	for _, q := range Sequences(hand) {
		if skip && q.Suit == trump && q.Top == King && q.Len == 3 {
			continue
		}
		out = append(out, Meld{Suit: q.Suit, Top: q.Top, Len: q.Len, Trump: q.Suit == trump})
	}
	if opts.OfAKind {
		for r := Seven; r <= Ace; r++ {
			n := 0
			for s := Clubs; s <= Spades; s++ {
				if hand.Has(NewCard(r, s)) {
					n++
				}
			}
			if n >= 3 {
				out = append(out, Meld{Set: true, Suit: NoSuit, Top: r, Len: uint8(n), Trump: trump <= Spades && hand.Has(NewCard(r, trump))})
			}
		}
	}
	return out
}
