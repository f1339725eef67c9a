package kit

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// HandSort is how the person's hand is sorted: by trick strength (as
// it plays) or by suit in sequence order (as sequences are counted).
type HandSort uint8

const (
	ByStrength HandSort = iota // J 9 A 10 K Q 8 7 in trump, A 10 K Q J 9 8 7 elsewhere
	BySuit                     // A K Q J 10 9 8 7 in every suit: runs sit side by side
)

// Note is what a screen says when the hand has just been sorted in
// order o (the sort key): "The hand is sorted by suit, in sequence
// order."
func (o HandSort) Note() string {
	if o == BySuit {
		return "The hand is sorted by suit, in sequence order."
	}
	return "The hand is sorted by trick strength."
}

// Turn sorts the hand the other way: it turns o, and moves cursor to
// where the card under it lies in the hand hand returns sorted anew, so
// the selected card stays selected (hand sorts by o).
func (o *HandSort) Turn(hand func() []rules.Card, cursor *int) {
	before := hand()
	sel := rules.NoCard
	if *cursor >= 0 && *cursor < len(before) {
		sel = before[*cursor]
	}
	*o ^= 1
	if i := slices.Index(hand(), sel); i >= 0 {
		*cursor = i
	}
}

// sortHandBy is SortHand in order o: the suits are in the same order
// either way, the cards of each by strength or by rank.
func sortHandBy(hand, dealt rules.CardSet, trump rules.Suit, o HandSort) []rules.Card {
	out := make([]rules.Card, 0, hand.Count())
	for _, s := range SuitOrder(dealt|hand, trump) {
		cs := hand.Suit(s).Cards()
		if o == BySuit {
			sort.Slice(cs, func(i, j int) bool { return cs[i].Rank() > cs[j].Rank() })
		} else {
			sort.Slice(cs, func(i, j int) bool { return rules.Power(cs[i], trump) > rules.Power(cs[j], trump) })
		}
		out = append(out, cs...)
	}
	return out
}

// Meld is a mark under the hand: the cards of one sequence held (or
// with of_a_kind a set), or the bella pair (with menage on, the
// menage's K Q J), as a span of the shown hand when its cards sit side
// by side.
type Meld struct {
	Cards rules.CardSet
	Label string // "50", "20", "bella", "menage"
	// From and To are the first and last index of the cards in the shown
	// hand; together reports whether every card between is in the meld.
	From, To int
	Together bool
	// Pair is the bella pair's (or menage's) cards a sequence's label
	// names with "+bella" ("+menage"): a label under one card says it
	// only under those.
	Pair rules.CardSet
}

// labelUnder is m's label under card c alone: a sequence's "+bella"
// or "+menage" only under the pair's own cards, "50" under the others.
func (m Meld) labelUnder(c rules.Card) string {
	if m.Pair != 0 && !m.Pair.Has(c) {
		if i := strings.IndexByte(m.Label, '+'); i >= 0 {
			return m.Label[:i]
		}
	}
	return m.Label
}

// HeldMelds is handMeldsOf of the viewing seat's shown hand as the deal
// stands: the sequences (and sets) only until the seat plays its first
// card, since the dialogue before the first lead judged the whole hand
// and what is left after a card is gone scores nothing new ("50" would
// turn "20"), and once the dialogue is settled only where they score,
// the seat's side holding the right; the bella pair, played and
// announced later, while held.
func HeldMelds(v *rules.View, shown []rules.Card) []Meld {
	sequences := v.Played[v.Seat] == 0
	if v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver {
		// The dialogue is over: the last claimant's side has the right
		// (none when nobody claimed).
		sequences = sequences && v.SeqWinner != rules.NoSeat &&
			rules.SideOfSeat(v.Players, v.SeqWinner) == rules.SideOfSeat(v.Players, v.Seat)
	}
	// The bella pair the seat held, not yet announced: what is left of
	// it keeps its mark once one of the two is played, as the menage's
	// does (MenageDue), while bella may still be said with the other.
	return handMeldsOf(shown, v.Trump, v.Options, sequences, v.MenageDue(), v.BellaDue())
}

// handMeldsOf returns the melds the deal with options o scores among the
// shown cards (rules.Melds: the sequences, with of_a_kind the sets) and
// the bella pair, or with menage on the K Q J of trump, in the order of
// their first card. When the pair (or menage) lies in a sequence (K Q J
// of trump, K-Q-J-10 with the menage), the sequence's label says so
// ("20+bella", "50+menage") and the pair has no mark of its own.
// sequences false leaves the sequences and sets out; menageDue marks
// what is left of a menage held when play began and not yet announced
// "menage", never "bella" (rules.View.MenageDue). bellaLeft is the bella
// pair the seat held and has not announced: what is left of it in the
// shown hand is marked "bella" (the menage due goes first).
func handMeldsOf(shown []rules.Card, trump rules.Suit, o rules.Options, sequences, menageDue bool, bellaLeft rules.CardSet) []Meld {
	var hand rules.CardSet
	for _, c := range shown {
		hand = hand.With(c)
	}
	var out []Meld
	add := func(cards rules.CardSet, label string) {
		m := Meld{Cards: cards, Label: label, From: -1}
		for i, c := range shown {
			if cards.Has(c) {
				if m.From < 0 {
					m.From = i
				}
				m.To = i
			}
		}
		m.Together = m.To-m.From+1 == cards.Count()
		out = append(out, m)
	}
	pair, word := rules.BellaPair(hand, trump), "bella"
	if pair == 0 {
		pair = bellaLeft & hand
	}
	if menageDue || rules.HoldsMenage(hand, trump, o) {
		pair, word = hand&rules.MenageCards(trump), "menage"
	}
	var melds []rules.Meld
	if sequences {
		melds = rules.Melds(hand, trump, o)
	}
	for _, m := range melds {
		cards := m.CardsIn(hand)
		label := strconv.Itoa(m.Value())
		var in rules.CardSet
		if pair != 0 && cards&pair == pair {
			label += "+" + word
			in, pair = pair, 0
		}
		add(cards, label)
		out[len(out)-1].Pair = in
	}
	if pair != 0 {
		add(pair, word)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}

// MeldRow draws the melds as one row under the cards of the shown hand
// (each card w cells wide, gap between): a bracket "└──50──┘" under a
// sequence whose cards sit together, "bella" under the pair. A meld
// whose cards the order spreads out (K Q J of trump by strength: J 9
// K Q) is one bracket from its first card to its last, dashed "╌"
// under the cards between that are not in it, its label once under
// its longest stretch of cards side by side: it reads as one meld of
// those cards, not one under each. Where another meld's card lies
// between, its label goes under each of its cards instead. Where two
// marks would still cross (a card in two melds: the Q of a fifty in a
// set of queens) or touch, every card has its own label instead,
// "50/20" under a card of both, so that no mark hides another and a
// blank parts any two.
func MeldRow(g *Glyphs, shown []rules.Card, melds []Meld, w, gap int) string {
	n := len(shown)
	if n == 0 {
		return ""
	}
	width := n*w + (n-1)*gap
	row := []rune(Repeat(" ", width))
	owner := make([]int, width) // which meld (from 1) drew each cell
	crossed := false
	put := func(k, x int, s string) {
		for i, r := range []rune(s) {
			if x+i < 0 || x+i >= len(row) {
				continue
			}
			if owner[x+i] != 0 && owner[x+i] != k+1 {
				crossed = true
			}
			row[x+i] = r
			if r == ' ' {
				continue
			}
			owner[x+i] = k + 1
			// A label spilled over a gap touching another mark reads
			// as one with it: as crossed.
			for _, y := range []int{x + i - 1, x + i + 1} {
				if y >= 0 && y < len(row) && owner[y] != 0 && owner[y] != k+1 {
					crossed = true
				}
			}
		}
	}
	// Each meld's bracket (spreadMark), drawn once: "" where the label
	// goes under each of its cards instead, another meld's card between
	// its first and last (perCard), or where there is no room for one.
	spread := make([]string, len(melds))
	perCard := make([]bool, len(melds))
	for k, m := range melds {
		if m.From < 0 || tight(m, w, gap) {
			continue
		}
		spread[k] = spreadMark(g, shown, melds, m, w, gap)
		perCard[k] = spread[k] == ""
	}
	tags := meldTags(melds, perCard)
	for k, m := range melds {
		if m.From < 0 {
			continue
		}
		if tight(m, w, gap) {
			span := (m.To-m.From)*(w+gap) + w
			// No room for a bracket: the label alone, shortened, or
			// whole over the gaps beside its cards ("menage" under one
			// card five cells wide).
			x, label := spillLabel(g, m.Label, m.From*(w+gap), span, gap, width)
			put(k, x, label)
			continue
		}
		if spread[k] != "" {
			put(k, m.From*(w+gap), spread[k])
			continue
		}
		// Another meld's card between: the label under each card,
		// shortened to fit.
		for i, c := range shown {
			if m.Cards.Has(c) {
				put(k, i*(w+gap), Center(fitLabel(g, tagged(m.labelUnder(c), tags[k]), w), w))
			}
		}
	}
	if !crossed {
		return string(row)
	}
	for k := range perCard {
		perCard[k] = melds[k].From >= 0
	}
	tags = meldTags(melds, perCard)
	// Each card's label first in its own cells, shortened to fit
	// (fitLabel): the gap between two cards parts any two labels. Then,
	// left to right, a label so shortened reads longer over the gaps
	// beside its card where a blank still parts it from its neighbours'.
	// Each card's labels joined, in every form (labelForms, found once
	// for the passes below); where its label starts; the label as drawn
	// (nil for none).
	forms := make([][untaggedForm + 1]string, n)
	at := make([]int, n)
	text := make([][]rune, n)
	for i, c := range shown {
		var labels []string
		for k, m := range melds {
			if m.Cards.Has(c) {
				labels = append(labels, tagged(m.labelUnder(c), tags[k]))
			}
		}
		if len(labels) == 0 {
			continue
		}
		forms[i] = labelForms(strings.Join(labels, "/"))
		text[i] = []rune(Clip(fitForm(g, forms[i], w), w))
		at[i] = i*(w+gap) + (w-len(text[i]))/2
	}
	row = []rune(Repeat(" ", width))
	free := 0 // the first cell a label may take: one blank after the last
	for i := range shown {
		if text[i] == nil {
			continue
		}
		lo, hi := max(free, i*(w+gap)-gap), min(width, i*(w+gap)+w+gap)
		if j := slices.IndexFunc(text[i+1:], func(r []rune) bool { return r != nil }); j >= 0 {
			hi = min(hi, at[i+1+j]-1)
		}
		for _, f := range forms[i] {
			r := []rune(f)
			if len(r) <= len(text[i]) {
				break
			}
			if len(r) <= hi-lo {
				at[i] = min(max(lo, i*(w+gap)-(len(r)-w)/2), hi-len(r))
				text[i] = r
				break
			}
		}
		free = at[i] + len(text[i]) + 1
	}
	// One meld reads in one form across its cards, the shortest any of
	// them needs ("men" under each card of a menage, not "men" under
	// one and "menage" under the next), so that a reader sees one meld.
	// The letters telling alike melds apart stay where a card has room:
	// a card that reads only with them dropped (untaggedForm) or cut
	// short neither sets its meld's form nor takes it (-1), so that
	// its partners keep theirs.
	form := make([]int, n)
	for i := range shown {
		if text[i] != nil {
			form[i] = slices.Index(forms[i][:untaggedForm], string(text[i]))
		}
	}
	for i, c := range shown {
		if text[i] == nil || form[i] < 0 {
			continue
		}
		need := form[i]
		for _, m := range melds {
			if !m.Cards.Has(c) {
				continue
			}
			for j, d := range shown {
				if m.Cards.Has(d) && text[j] != nil {
					need = max(need, form[j])
				}
			}
		}
		// Shorter, it stays in the cells it took, centred there.
		if f := []rune(forms[i][need]); len(f) < len(text[i]) {
			at[i] += (len(text[i]) - len(f)) / 2
			text[i] = f
		}
	}
	for i := range shown {
		if text[i] != nil {
			copy(row[at[i]:], text[i])
		}
	}
	return string(row)
}

// tight reports whether m's cards sit together in too few cells for a
// bracket round its label: the label alone goes under them.
func tight(m Meld, w, gap int) bool {
	return m.Together && (m.To-m.From)*(w+gap)+w < len([]rune(m.Label))+2
}

// meldTags tells apart the melds labelled under each of their cards
// (perCard) that score alike: two twenties whose cards interleave in
// the shown order read "20a" under the one's cards and "20b" under the
// other's, not "20" under six cards as if one run. A meld with no
// other of its value so labelled has no tag.
func meldTags(melds []Meld, perCard []bool) []string {
	value := func(m Meld) string { v, _, _ := strings.Cut(m.Label, "+"); return v }
	tags := make([]string, len(melds))
	seen := map[string]int{}
	for k, m := range melds {
		if perCard[k] {
			seen[value(m)]++
		}
	}
	next := map[string]int{}
	for k, m := range melds {
		if perCard[k] && seen[value(m)] > 1 {
			tags[k] = string(rune('a' + next[value(m)]))
			next[value(m)]++
		}
	}
	return tags
}

// tagged is label with tag after its value: "20a", "20a+bella".
func tagged(label, tag string) string {
	v, rest, pair := strings.Cut(label, "+")
	if pair {
		return v + tag + "+" + rest
	}
	return v + tag
}

// spillLabel places label under the span cells from x: centred in them
// when it fits; else whole over the gaps either side (label wider than
// the span by at most a gap each side, kept within the row's width);
// else shortened to the span (fitLabel). It returns where the label
// starts and the label.
func spillLabel(g *Glyphs, label string, x, span, gap, width int) (int, string) {
	n := len([]rune(label))
	if n <= span {
		return x, Center(label, span)
	}
	if n <= span+2*gap && n <= width {
		return min(max(0, x-(n-span)/2), width-n), label
	}
	return x, Center(fitLabel(g, label, span), span)
}

// fitLabel is label in w cells: the first of its labelForms that
// fits, else its shortest cut, with the screen's ellipsis ("50/2…").
func fitLabel(g *Glyphs, label string, w int) string {
	return fitForm(g, labelForms(label), w)
}

// fitForm is fitLabel of the label whose labelForms are forms.
func fitForm(g *Glyphs, forms [untaggedForm + 1]string, w int) string {
	for _, f := range forms {
		if len([]rune(f)) <= w {
			return f
		}
	}
	mark := "…"
	if g.ASCII {
		mark = "..."
	}
	return Cut(forms[len(forms)-1], w, mark)
}

// labelForms is label whole, then ever shorter, each still naming
// every meld it joins: the pair's word after a value to its letter
// ("50+m/20" for "50+menage/20"); the word alone to three letters
// ("men/50" for "menage/50"); the letter after a value dropped and the
// word alone to its letter ("50/20", "m/50"); then the letters telling
// alike melds apart dropped ("50/50" for "50a/50b": a card of both),
// the last, at untaggedForm.
func labelForms(label string) [untaggedForm + 1]string {
	short := shortLabel(label, 0)
	parts := strings.Split(short, "/")
	for i, p := range parts {
		if p == "menage" || p == "bella" {
			parts[i] = p[:3]
		}
	}
	three := strings.Join(parts, "/")
	for i, p := range parts {
		if p == "men" || p == "bel" {
			parts[i] = p[:1]
		} else {
			parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "+b", ""), "+m", "")
		}
	}
	letter := strings.Join(parts, "/")
	for i, p := range parts {
		if n := len(p); n > 1 && p[n-2] >= '0' && p[n-2] <= '9' && p[n-1] >= 'a' {
			parts[i] = p[:n-1]
		}
	}
	return [untaggedForm + 1]string{label, short, three, letter, strings.Join(parts, "/")}
}

// untaggedForm is the index of the last of labelForms, the one without
// the letters that tell alike melds apart.
const untaggedForm = 4

// shortLabel is label in w cells where the pair's word is what is too
// long: "20+b" for "20+bella", "50+m/20" for "50+menage/20".
func shortLabel(label string, w int) string {
	if len([]rune(label)) > w {
		label = strings.ReplaceAll(strings.ReplaceAll(label, "+bella", "+b"), "+menage", "+m")
	}
	return label
}

// spreadMark is the mark of m from its first card's left edge to its
// last card's right edge: a bracket, dashed where it passes cards not
// in m (m's cards need not sit side by side in shown), its label once
// under the longest stretch of m's cards side by side. It is "" when a
// card of another meld lies between m's first and last.
func spreadMark(g *Glyphs, shown []rules.Card, melds []Meld, m Meld, w, gap int) string {
	for i := m.From; i <= m.To; i++ {
		if m.Cards.Has(shown[i]) {
			continue
		}
		for _, o := range melds {
			if o.Cards.Has(shown[i]) {
				return ""
			}
		}
	}
	span := (m.To-m.From)*(w+gap) + w
	line := make([]string, span)
	in := make([]bool, span) // under m's cards and the gaps between two of them
	for x := range line {
		i := m.From + x/(w+gap)
		onCard := x%(w+gap) < w
		in[x] = m.Cards.Has(shown[i]) && (onCard || i < m.To && m.Cards.Has(shown[i+1]))
		line[x] = g.dim.h
		if in[x] {
			line[x] = g.normal.h
		}
	}
	line[0], line[span-1] = g.normal.bl, g.normal.br
	// The longest stretch of m's cards side by side takes the label.
	from, size := 0, 0
	for x := 0; x < span; {
		if !in[x] {
			x++
			continue
		}
		end := x
		for end < span && in[end] {
			end++
		}
		if end-x > size {
			from, size = x, end-x
		}
		x = end
	}
	label := m.Label
	if len([]rune(label))+2 > size {
		label = shortLabel(label, size-2)
	}
	r := []rune(label)
	at := from + (size-len(r))/2
	if len(r) > size || at <= 0 || at+len(r) >= span {
		// Too long for the stretch, or it would cover a corner: the
		// whole label centred between the corners, over the dashes
		// too; cut only when even that is too narrow.
		r = []rune(m.Label)
		if len(r) > span-2 {
			r = []rune(fitLabel(g, m.Label, span-2))
		}
		at = 1 + (span-2-len(r))/2
	}
	for i, c := range r {
		line[at+i] = string(c)
	}
	return strings.Join(line, "")
}
