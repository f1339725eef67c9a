package table

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The table's layout, for every seat count: a header and a rule; then
// the table on the left and the score pad over the table talk on the
// right; then the lines the screen gives (the rule, the note, the
// prompt, the keys). The table is, from the top: what is known of trump
// (one or two lines), the trick's title, the trick with the other
// seats around it (with two the other seat on the left, with three the
// left and right seats, with four the partner on top), the tricks won,
// and the hand at the bottom. At 80×24 every count fits; rows that do
// not fit in a smaller window are left out, the least needed first.

// Hand is the bottom seat's hand as the screen shows it: sorted, the
// selected card, the cards it may play now.
type Hand struct {
	Cards   []rules.Card
	Legal   rules.CardSet
	Cursor  int  // the selected card, -1 for none
	Playing bool // the person plays a card now: numbers and marks show
	// InPlay: the card play is on at the person's seat. The rows of the
	// numbers and marks are kept, blank while another seat plays, so
	// that the row marking the sequences stays where it is at the
	// person's turn.
	InPlay bool
	// Backs, with no Cards, draws that many cards face down: the bottom
	// seat's hand on a spectator's screen.
	Backs int
}

// topRows is the header and its rule.
const topRows = 2

// cardSize picks the size cards are drawn in for a window.
func cardSize(w, h int) kit.CardSize {
	if w >= 110 && h >= 38 {
		return kit.LargeCard
	}
	return kit.SmallCard
}

// columns splits the width between the table and the right column.
func columns(w int, size kit.CardSize) (leftW, rightW int) {
	rightW = max(24, min(44, w-(kit.HandWidth(9, size)+3)-1))
	return max(0, w-rightW-1), rightW
}

// Render draws the scene in the window with bottom (the screen's own
// lines) under it, and returns where the hand's cards lie for clicks.
func Render(ctx *kit.Context, sc *Scene, hand Hand, bottom []string) (string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	size := cardSize(w, h)
	leftW, rightW := columns(w, size)
	midH := max(0, h-topRows-len(bottom))
	var hits []kit.Hit
	lines := []string{sc.Header(ctx, w), kit.Rule(ctx, w)}
	left := sc.tableArea(ctx, leftW, midH, size, hand, &hits)
	right := sc.rightColumn(ctx, rightW, midH)
	lines = append(lines, kit.Columns(ctx, left, right, leftW, rightW, midH)...)
	lines = append(lines, bottom...)
	return kit.Canvas(lines, w, h), hits
}

// RenderPanel draws body across the whole width in place of the table
// (the hint, the trick list), the hand kept at the bottom so the person
// can act on it.
func RenderPanel(ctx *kit.Context, sc *Scene, hand Hand, body, bottom []string) (string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	midH := max(0, h-topRows-len(bottom))
	handRows, rects := sc.panelHand(ctx, hand)
	room := max(0, midH-len(handRows))
	body = body[:min(len(body), room)]
	lines := []string{sc.Header(ctx, w), kit.Rule(ctx, w)}
	for _, l := range body {
		lines = append(lines, kit.Clip(l, w))
	}
	lines = kit.Padded(lines, topRows+room)
	var hits []kit.Hit
	y0 := len(lines)
	for i, r := range rects {
		r.Y += y0
		hits = append(hits, kit.Hit{Rect: r, Kind: kit.HitCard, Index: i})
	}
	lines = append(lines, handRows...)
	lines = append(lines[:min(len(lines), topRows+midH)], bottom...)
	return kit.Canvas(lines, w, h), hits
}

// panelHand is the hand RenderPanel keeps under its body, and where
// its cards lie in it: none without cards.
func (sc *Scene) panelHand(ctx *kit.Context, hand Hand) ([]string, []kit.Rect) {
	if len(hand.Cards) == 0 {
		return nil, nil
	}
	return sc.handBlock(ctx, ctx.Width, cardSize(ctx.Width, ctx.Height), hand)
}

// PanelRoom is the rows RenderPanel gives its body with hand and bottom,
// so that a long body can be scrolled to fit.
func PanelRoom(ctx *kit.Context, sc *Scene, hand Hand, bottom []string) int {
	handRows, _ := sc.panelHand(ctx, hand)
	return max(0, ctx.Height-topRows-len(bottom)-len(handRows))
}

// tableArea is the table: trump, the trick and the seats around it,
// the tricks won, the hand.
func (sc *Scene) tableArea(ctx *kit.Context, w, h int, size kit.CardSize, hand Hand, hits *[]kit.Hit) []string {
	kept := sc.keptFrags(ctx)
	two := sc.infoLines(ctx, w-1, 2)
	info := two
	if !saysAll(info, kept) {
		// Where the upcard and the bottom card are stays said while
		// it is true: on a third line where two leave it out (the dix
		// exchange, the bottom card and who holds the sequences at
		// three), which goes when rows are short.
		if three := sc.infoLines(ctx, w-1, 3); saysAll(three, kept) {
			info = three
		}
	}
	if len(info) == 1 {
		// The line over the table keeps the two rows it may need (round
		// one's question wraps, round two's fits on one), so that the
		// table does not move from one frame to the next; short of
		// room the blank row goes first (info2 below).
		info = append(info, "")
	}
	title := []string{" " + ctx.Styles.Heading.Render(cutTo(ctx, sc.titleLine(ctx, w), w-2))}
	// Four seats in a short window (80×24): the bottom seat's name goes
	// beside its card, not under it, and the partner's beside its card,
	// not over it, so that the tricks won, the last trick and the row
	// marking the person's sequences have room. Chosen by the window
	// alone, so that the table does not move when the sequences are
	// played out.
	compact := sc.players() == 4 && h < 1+1+(2*size.H+2)+1+(1+size.H+3)+1
	trick := sc.trickGrid(ctx, w, size, compact)
	status := sc.statusLines(ctx, w)
	handRows, rects := sc.handBlock(ctx, w, size, hand)
	melds := sc.meldRow(hand) // a meld row under the cards
	// In the card play the meld row's place is kept blank once nothing
	// is left to mark (the sequences are marked until the first card
	// is played): the table does not move a row from trick 1 to trick
	// 2. Short of room (four players at 80×24) it goes first: a blank
	// row is worth no words.
	spacer := !melds && sc.meldPlace(hand)
	if spacer {
		handRows = slices.Insert(handRows, size.H+2, "")
	}
	size0 := func() int { return len(info) + len(title) + len(trick) + len(status) + len(handRows) }
	// What goes for want of room goes from the card play's first trick
	// on as if the last trick were said under the tricks won already,
	// so that nothing goes (and the table does not move) when it comes
	// to be said.
	keep := len(status) == 1
	need := func() int {
		if keep {
			return size0() + 1
		}
		return size0()
	}
	// Too little room (four players at 80×24 with a row marking the
	// person's sequences, a seat tagged dealer and maker, a long note):
	// the least needed rows go first, blank rows before words, and
	// trump and its maker are never left out. The last trick's second
	// row goes first (said short on one); then the info's third line
	// goes first; its second for one line that loses nothing of what
	// it says (the sequences said shorter); then the row kept for the
	// last trick, then the row marking the person's sequences (their
	// cards show them), then where the upcard and the bottom card are
	// (one line saying trump and the sequences), told nowhere else,
	// then the last trick's line (v says it too), then who holds the
	// sequences.
	// idle is the blank rows kept for the numbers and marks while the
	// person does not play a card (another seat's turn, a question).
	idle := 0
	if hand.InPlay && !hand.Playing && len(hand.Cards) > 0 {
		idle = 2
	}
	// The info on one line, packed when first asked for: the guards
	// below ask for it again and again, and it is the same each time.
	var oneLine []string
	oneDone := false
	one := func() []string {
		if !oneDone {
			oneLine, oneDone = sc.infoLines(ctx, w-1, 1), true
		}
		return oneLine
	}
	// keeps reports whether the one line says who holds the sequences,
	// and with where keptFrags too, where info does (trump it always
	// says).
	keeps := func(where bool) bool {
		l := one()
		return (sc.saysSeqs(l) || !sc.saysSeqs(info)) && (!where || saysAll(l, kept) || !saysAll(info, kept))
	}
	for _, drop := range []string{"spacer", "wrap", "info3", "idle", "info2 keeps all", "reserve", "melds", "info2 keeps seqs", "last", "info2", "status", "label", "info"} {
		if need() <= h {
			break
		}
		switch {
		case drop == "spacer" && spacer:
			handRows = slices.Delete(handRows, size.H+2, size.H+3)
			spacer = false
		case drop == "wrap":
			// The last trick's long form on two rows gives way to its
			// short form on one.
			if short := sc.statusRows(ctx, w, 1); len(short) < len(status) {
				status = short
			}
		case drop == "idle" && len(info) > 1 && !saysAll(one(), kept):
			// Where one line over the table would leave out where the
			// upcard and the bottom card are, the blank rows kept for
			// the numbers and marks give way first: a blank row is
			// worth no words.
			for ; idle > 0 && need() > h; idle-- {
				handRows = handRows[:len(handRows)-1]
			}
		case drop == "info2 keeps all" && len(info) > 1 && keeps(true):
			info = one()
		case drop == "reserve" && keep:
			// The row kept for a last trick not said yet is blank.
			keep = false
		case drop == "last" && len(status) > 1:
			// The tricks won stay: where the one line would say the
			// last trick without them (beside the words panel, a
			// long note under the table), the last trick's line goes
			// instead, which the v list says too.
			if len(status) > 1 {
				if one := sc.statusLine(ctx, w); saysTricks(one) {
					status = one
				} else {
					status = status[:1]
				}
			}
		case drop == "melds" && melds:
			handRows = handRows[:len(handRows)-1]
			melds = false
		case drop == "info3" && len(info) > 2:
			info = two
		case drop == "info2 keeps seqs" && len(info) > 1 && keeps(false):
			// Where the upcard and the bottom card are goes after the
			// row marking the person's sequences, which their cards
			// show, and before the last trick's line.
			info = one()
		case drop == "info2" && len(info) > 1:
			info = one()
		case drop == "status":
			status = nil
		case drop == "label" && len(handRows) > 0:
			handRows = handRows[1:]
			for i := range rects {
				rects[i].Y--
			}
		case drop == "info":
			info = nil
		}
	}
	free := max(0, h-size0())
	// A hand shown without numbers and marks (before the card play, in
	// a replay) keeps its cards where the play puts them: the rows those
	// leave go under it, not between the cards and the sequences.
	below := 0
	if len(hand.Cards) > 0 && !hand.Playing {
		meld := 0
		if melds {
			meld = 1
		}
		below = min(free, max(0, size.H+4-(len(handRows)-meld)))
	}
	g1 := min((free-below)/3, 2)
	out := append([]string{}, info...)
	out = append(out, make([]string, g1)...)
	out = append(out, title...)
	out = append(out, trick...)
	out = append(out, status...)
	out = append(out, make([]string, free-g1-below)...)
	if len(out)+len(handRows) > h {
		out = out[:max(0, h-len(handRows))]
	}
	y0 := topRows + len(out)
	for i, r := range rects {
		r.Y += y0
		*hits = append(*hits, kit.Hit{Rect: r, Kind: kit.HitCard, Index: i})
	}
	out = append(out, handRows...)
	return append(out, make([]string, below)...)
}

// infoFrags says what is known of trump, as fragments for packLine:
// before trump the upcard and what the bidding asks; then trump and its
// maker, the upcard, the bottom card, the dix, who has the sequences.
func (sc *Scene) infoFrags(ctx *kit.Context) []string {
	p := ctx.Paint
	v := &sc.V
	// A fragment, as "bottom Q♠": packLine capitalises the one that
	// starts a line ("Upcard 8♥" before trump).
	up := sc.upFrag(ctx)
	if v.Trump == rules.NoSuit {
		out := []string{up}
		if s := sc.phaseWords(ctx); s != "" {
			out = append(out, s)
		}
		return out
	}
	tr := sc.trumpFrag(ctx, true)
	// After the dix exchange the upcard is in a hand and the 7 lies in
	// its place (the table labels it "The dix"): "you took J♥ for the
	// 7" says both, and no "Upcard J♥" points at a card in a hand.
	out := []string{tr}
	if v.DixBy == rules.NoSeat {
		out = append(out, up)
	}
	if v.Bottom != rules.NoCard {
		out = append(out, "bottom "+p.StyledCard(v.Bottom))
	}
	if v.DixBy != rules.NoSeat {
		out = append(out, sc.dixFrag(ctx))
	}
	if s := sc.seqFrag(); s != "" {
		out = append(out, s)
	}
	return out
}

// trumpFrag is infoFrags' first fragment: trump and its maker, and
// with note how trump was made where that is out of the ordinary
// ("(forced)", "(schmeiss refused)"), which the bids panel says too.
func (sc *Scene) trumpFrag(ctx *kit.Context, note bool) string {
	v := &sc.V
	tr := trumpTitle(ctx.Paint, v.Trump, &ctx.Styles.Trump) + " · maker " + sc.Lower(v.Maker)
	switch {
	case !note:
	case v.Forced:
		tr += " (forced)"
	case v.SchmeissRefused():
		tr += " (schmeiss refused)"
	}
	return tr
}

// upFrag is infoFrags' fragment of the upcard: "upcard 9♣", and whose
// hand it went to where that is public (the four-handed maker gets it
// in either round, at no trumps too, without bidding "take"), said
// until the deal ends, as the table no longer draws it: "(in North's
// hand)" while it is there, then "(North played it)". The dix exchange
// says it in words of its own.
func (sc *Scene) upFrag(ctx *kit.Context) string {
	v := &sc.V
	up := "upcard " + ctx.Paint.StyledCard(v.OrigUpcard)
	if by := v.UpcardTaker(); by != rules.NoSeat && by != v.DixBy {
		if sc.upcardHeld() {
			up += " (in " + sc.whose(by) + " hand)"
		} else {
			up += " (" + sc.Lower(by) + " played it)"
		}
	}
	return up
}

// upcardHeld reports whether every player knows that the four-handed
// maker holds the upcard now: from the deal of the last cards until it
// plays it.
func (sc *Scene) upcardHeld() bool {
	v := &sc.V
	by := v.UpcardTaker()
	return by != rules.NoSeat && by != v.DixBy && v.Known(by).Has(v.OrigUpcard)
}

// keptFrags are the fragments of infoFrags that say where the upcard
// and the bottom card are while that stays true: the upcard in the
// hand of the four-handed maker or of the dix exchange's player until
// it is played, face up beside the play at two and three, and the
// bottom card. The table draws neither once the card play begins.
func (sc *Scene) keptFrags(ctx *kit.Context) []string {
	v := &sc.V
	if v.Trump == rules.NoSuit {
		return nil
	}
	p := ctx.Paint
	var out []string
	switch {
	case v.DixBy != rules.NoSeat:
		if v.Known(v.DixBy).Has(v.OrigUpcard) {
			out = append(out, sc.dixFrag(ctx))
		}
	case v.UpcardTaker() == rules.NoSeat || sc.upcardHeld():
		out = append(out, sc.upFrag(ctx))
	}
	if v.Bottom != rules.NoCard {
		out = append(out, "bottom "+p.StyledCard(v.Bottom))
	}
	return out
}

// saysKept reports whether lines say every fragment of keptFrags.
func (sc *Scene) saysKept(ctx *kit.Context, lines []string) bool {
	return saysAll(lines, sc.keptFrags(ctx))
}

// dixFrag says who exchanged the dix: "West took J♥ for the 7♥".
func (sc *Scene) dixFrag(ctx *kit.Context) string {
	p := ctx.Paint
	v := &sc.V
	return sc.Lower(v.DixBy) + " took " + p.StyledCard(v.OrigUpcard) + " for the " + p.StyledCard(rules.Dix(v.OrigUpcard.Suit()))
}

// seqFrag says who holds the sequences (and sets, with of_a_kind: in
// the words of the deal's result) once that is known, or "".
func (sc *Scene) seqFrag() string {
	v := &sc.V
	switch {
	case v.Trump == rules.NoSuit:
		return ""
	case v.SeqWinner != rules.NoSeat && sc.teams():
		// A team is plural, "you" too: "you & North score them".
		return kit.SeqWord(&v.Options) + ": " + sc.sideLower(sc.sideOf(v.SeqWinner)) + " score them"
	case v.SeqWinner != rules.NoSeat:
		return kit.SeqWord(&v.Options) + ": " + sc.Verb(v.SeqWinner, "score") + " them"
	case v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver:
		return kit.SeqWord(&v.Options) + ": nobody"
	}
	return ""
}

// infoLines packs the trump info into at most n lines of w cells,
// trump and its maker first, always. Who holds the sequences is said
// only here during the play, and so is where the upcard and the bottom
// card are (keptFrags): when the lines would leave one of them out, the
// sequences move up after trump (said shorter, "sequences: theirs",
// then with the names shortened) until every fragment fits; else until
// the sequences and keptFrags do; else until the sequences do; else
// trump is said whole, the names shortened if they must be.
func (sc *Scene) infoLines(ctx *kit.Context, w, n int) []string {
	frags := sc.infoFrags(ctx)
	lines := sc.packLine(ctx, frags, w, n)
	seq := sc.seqFrag()
	if saysAll(lines, frags) {
		return lines
	}
	if seq == "" {
		// Before who holds the sequences is known: the names shortened.
		for _, nw := range []int{12, 6} {
			s := sc.shortTo(ctx, nw)
			if l := s.packLine(ctx, s.infoFrags(ctx), w, n); saysAll(l, s.infoFrags(ctx)) {
				return l
			}
		}
		return sc.trumpWhole(ctx, w, n)
	}
	all := func(s *Scene, l, order []string) bool { return saysAll(l, order) }
	kept := func(s *Scene, l, order []string) bool { return saysAll(l, order[:2+len(s.keptFrags(ctx))]) }
	if l := sc.infoMoved(ctx, w, n, all); l != nil {
		return l
	}
	if saysAll(lines, frags[:1]) && saysSeq(lines, seq) && sc.saysKept(ctx, lines) {
		return lines
	}
	if l := sc.infoMoved(ctx, w, n, kept); l != nil {
		return l
	}
	if saysAll(lines, frags[:1]) && saysSeq(lines, seq) {
		return lines
	}
	onlySeq := func(s *Scene, l, order []string) bool { return saysAll(l, order[:2]) }
	if l := sc.infoMoved(ctx, w, n, onlySeq); l != nil {
		return l
	}
	return sc.trumpWhole(ctx, w, n)
}

// trumpWhole is the info packed in n lines of w cells with trump and
// its maker said whole: with the names whole, else shortened to 12
// cells, then 6.
func (sc *Scene) trumpWhole(ctx *kit.Context, w, n int) []string {
	var l []string
	for _, nw := range []int{0, 12, 6} {
		s := sc.shortTo(ctx, nw)
		frags := s.infoFrags(ctx)
		if l = s.packLine(ctx, frags, w, n); saysAll(l, frags[:1]) {
			break
		}
	}
	return l
}

// infoMoved is the info with the sequences moved up after trump
// (movedFrags), said whole, then shorter ("sequences: none" for
// nobody's), with the names whole, then shortened to 12 cells, then 6,
// and at the last without how trump was made: the first packing of
// these that ok takes, or nil.
func (sc *Scene) infoMoved(ctx *kit.Context, w, n int, ok func(s *Scene, lines, frags []string) bool) []string {
	for _, note := range []bool{true, false} {
		for _, nw := range []int{0, 12, 6} {
			s := sc.shortTo(ctx, nw)
			seqs := []string{s.seqFrag(), s.seqShort()}
			if s.V.SeqWinner == rules.NoSeat {
				seqs[1] = kit.SeqWord(&s.V.Options) + ": none"
			}
			for _, seq := range seqs {
				frags := s.movedFrags(ctx, seq, note)
				if l := s.packLine(ctx, frags, w, n); ok(s, l, frags) {
					return l
				}
			}
		}
	}
	return nil
}

// movedFrags is infoFrags with the sequences' fragment seq moved up:
// trump (with note as trumpFrag says), the sequences, keptFrags, the
// rest.
func (sc *Scene) movedFrags(ctx *kit.Context, seq string, note bool) []string {
	all := sc.infoFrags(ctx)
	trump, rest := sc.trumpFrag(ctx, note), all[1:len(all)-1] // seqFrag, put last by infoFrags
	kept := sc.keptFrags(ctx)
	var others []string
	for _, f := range rest {
		if !slices.Contains(kept, f) {
			others = append(others, f)
		}
	}
	return append(append([]string{trump, seq}, kept...), others...)
}

// saysAll reports whether lines hold every fragment of frags whole.
func saysAll(lines, frags []string) bool {
	for _, f := range frags {
		if !saysFrag(lines, f) {
			return false
		}
	}
	return true
}

// saysFrag reports whether lines hold the fragment f whole, its first
// letter as packLine may capitalise it aside.
func saysFrag(lines []string, f string) bool {
	f = ansi.Strip(f)
	_, size := utf8.DecodeRuneInString(f)
	return slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(ansi.Strip(l), f[size:]) })
}

// saysTricks reports whether lines say the tricks won (trickCounts).
func saysTricks(lines []string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(ansi.Strip(l), " Tricks: ") })
}

// saysSeq reports whether lines hold the fragment seq whole (packLine
// starts a line with a capital).
func saysSeq(lines []string, seq string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, seq[1:]) })
}

// saysSeqs reports whether lines say who holds the sequences, in any
// of seqFrag's and seqShort's words.
func (sc *Scene) saysSeqs(lines []string) bool {
	word := kit.SeqWord(&sc.V.Options) + ": "
	return slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(ansi.Strip(l), word[1:]) })
}

// seqShort is seqFrag with a side named short: "sequences: theirs",
// "sequences: ours"; to a spectator the team's names joined; without
// teams the seat's own, "sequences: yours", "sequences: West's".
func (sc *Scene) seqShort() string {
	v := &sc.V
	switch {
	case v.SeqWinner == rules.NoSeat:
		return sc.seqFrag()
	case !sc.teams() && v.SeqWinner == sc.You:
		return kit.SeqWord(&v.Options) + ": yours"
	case !sc.teams():
		return kit.SeqWord(&v.Options) + ": " + sc.owner(v.SeqWinner)
	case sc.You == rules.NoSeat:
		return kit.SeqWord(&v.Options) + ": " + sc.sideShort(sc.sideOf(v.SeqWinner)) + " score them"
	case sc.sideOf(v.SeqWinner) == sc.sideOf(sc.You):
		return kit.SeqWord(&v.Options) + ": ours"
	}
	return kit.SeqWord(&v.Options) + ": theirs"
}

// bid2Names says what round two of the bidding lets the seat to speak
// name: "another suit", "a suit (not ♣) or no trumps", "any suit"; the
// upcard's suit drawn by suit.
func bid2Names(v *rules.View, suit func(rules.Suit) string) string {
	other := "another suit"
	if v.Options.HasNoTrumps() {
		other = "a suit (not " + suit(v.OrigUpcard.Suit()) + ") or no trumps"
	}
	if v.Turn == v.Dealer && v.Options.DealerNamesUpcardSuit() {
		// The dealer, last to speak, may name the upcard's suit.
		other = "any suit"
		if v.Options.HasNoTrumps() {
			other = "any suit or no trumps"
		}
	}
	return other
}

// mustName reports whether the person, to speak in round two, may not
// pass (the forced dealer): the rules offer them no pass.
func mustName(v *rules.View) bool {
	return v.Phase == rules.PhaseBid2 && v.Turn == v.Seat &&
		!slices.ContainsFunc(v.Legal(), func(a rules.Action) bool { return a.Kind == rules.Pass })
}

// phaseWords says what the bidding asks before trump is named.
func (sc *Scene) phaseWords(ctx *kit.Context) string {
	p := ctx.Paint
	v := &sc.V
	up := v.OrigUpcard.Suit()
	switch v.Phase {
	case rules.PhaseDeclare:
		return "declarations before the bidding"
	case rules.PhaseBid1:
		// The choices in the menu's order: pass, take, then schmeiss
		// where the rules allow it.
		choices := []string{"pass", "take " + p.SuitName(up)}
		if v.Options.HasSchmeiss() {
			choices = append(choices, "schmeiss")
		}
		return "round one: " + kit.JoinOr(choices)
	case rules.PhaseSchmeiss:
		return sc.Lower(v.Schmeisser) + " said schmeiss: accept or refuse"
	case rules.PhaseBid2:
		other := bid2Names(v, p.StyledSuit)
		if mustName(v) {
			// The forced dealer: there is no pass to offer.
			return "round two: " + sc.Lower(v.Seat) + " must name " + other
		}
		return "round two: name " + other + " or pass"
	case rules.PhaseOver:
		if v.Ending() == rules.SchmeissAccepted {
			return "thrown in: the schmeiss was accepted"
		}
		return "thrown in: nobody named trump"
	}
	return ""
}

// packLine joins fragments with " · " into at most n lines of w cells,
// each starting with a space and a capital, unless with a player's name,
// which keeps its own case. A fragment is never cut in the middle: one
// that does not fit starts the next line, and what does not fit in n
// lines is left out whole.
func (sc *Scene) packLine(ctx *kit.Context, frags []string, w, n int) []string {
	var out []string
	cur := ""
	for _, f := range frags {
		switch {
		case cur == "":
			cur = " " + sc.sentence(f)
		case kit.WidthOf(cur)+3+kit.WidthOf(f) <= w:
			cur += " · " + f
		default:
			out = append(out, cur)
			cur = " " + sc.sentence(f)
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	for i := range out {
		out[i] = cutTo(ctx, out[i], w)
	}
	return out[:min(len(out), n)]
}

// cutTo is s in at most w cells, ending in the screen's mark ("…") when
// it is cut, so that a name or a line cut to fit does not read whole.
func cutTo(ctx *kit.Context, s string, w int) string {
	if w <= 0 {
		return ""
	}
	if kit.WidthOf(s) <= w {
		return s
	}
	return kit.Cut(s, w, shortMark(ctx))
}

// fitTo is the line say makes of the scene in w cells less pad: with
// the whole names, or when they make it too long with the names
// shortened (to 12 cells, then 6).
func (sc *Scene) fitTo(ctx *kit.Context, w, pad int, say func(*Scene) string) string {
	line := say(sc)
	for _, nw := range []int{12, 6} {
		if kit.WidthOf(line) <= w-pad {
			break
		}
		line = say(sc.shortTo(ctx, nw))
	}
	return line
}

// titleLine is the line over the table in a column w wide (a space
// before it, one after): trickTitle with the names whole or shortened,
// and in the sequence dialogue, where that is too long still (names of
// 24 letters, a claim of five cards), the dialogue's words without
// "Sequences:", so that no word is cut, whose word it is least of all.
func (sc *Scene) titleLine(ctx *kit.Context, w int) string {
	line := sc.fitTo(ctx, w, 2, (*Scene).trickTitle)
	if kit.WidthOf(line) > w-2 && sc.V.Phase == rules.PhaseSequences {
		line = sc.fitTo(ctx, w, 2, func(sc *Scene) string { return sc.sentence(strings.Join(sc.dialogueWords(), " · ")) })
	}
	return line
}

// trickTitle says where the card play stands, or what the bidding is.
func (sc *Scene) trickTitle() string {
	v := &sc.V
	done := 0
	for s := range v.Players {
		done += v.Tricks[s]
	}
	switch {
	case v.Phase == rules.PhasePlay && v.InTrick > 0:
		// "is winning", not "wins": the trick is not over yet.
		w, is := v.Winning(), "is"
		if w == sc.You {
			is = "are"
		}
		return fmt.Sprintf("Trick %d: %s led · %s %s winning", done+1, sc.Lower(v.Leader), sc.Lower(w), is)
	case (v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver) && v.LastLeader != rules.NoSeat:
		return fmt.Sprintf("Trick %d: %s won it", done, sc.Lower(v.LastTrickWinner()))
	case v.Phase == rules.PhasePlay:
		return "Trick 1: " + sc.Verb(v.Leader, "lead")
	case v.Phase == rules.PhaseBid1, v.Phase == rules.PhaseSchmeiss:
		return "Bidding, round one"
	case v.Phase == rules.PhaseBid2:
		return "Bidding, round two"
	case v.Phase == rules.PhaseDeclare:
		return "Declarations"
	case v.Phase == rules.PhaseDix:
		return "The dix: the 7 of trump for the upcard"
	case v.Phase == rules.PhaseSequences:
		return sc.dialogueTitle()
	}
	return "No trick"
}

// dialogueTitle says where the sequence dialogue stands: the claim
// standing as far as the table has heard it ("West claims 50, 4 cards,
// K high"), or that none is made yet, and whose word it is.
func (sc *Scene) dialogueTitle() string {
	ps := sc.dialogueWords()
	if len(ps) == 0 {
		return "Sequences"
	}
	return "Sequences: " + strings.Join(ps, " · ")
}

// dialogueWords are the parts of dialogueTitle after "Sequences:": the
// claim standing, or "none claimed yet", and whose word it is.
func (sc *Scene) dialogueWords() []string {
	v := &sc.V
	var ps []string
	claimant, value, length, top := v.Claim()
	switch {
	case claimant == rules.NoSeat:
		ps = append(ps, "none claimed yet")
	case int(claimant) < v.Players:
		c := fmt.Sprintf("%s %d", sc.Verb(claimant, "claim"), value)
		if length > 0 {
			c += fmt.Sprintf(", %d cards", length)
		}
		if top != rules.NoRank {
			c += ", " + top.Display() + " high"
		}
		ps = append(ps, c)
	}
	if t := v.Turn; t != rules.NoSeat && int(t) < v.Players {
		word := "answer"
		if claimant == rules.NoSeat {
			word = "speak"
		}
		ps = append(ps, sc.Lower(t)+" to "+word)
	}
	return ps
}

// trickCards are the cards the trick area shows, by seat: the trick on
// the table, or the last one until the next card is played.
func (sc *Scene) trickCards() (cards [4]rules.Card, shown bool) {
	v := &sc.V
	cards = [4]rules.Card{rules.NoCard, rules.NoCard, rules.NoCard, rules.NoCard}
	switch {
	case v.Phase == rules.PhasePlay && v.InTrick > 0:
		for i := range v.InTrick {
			cards[sc.playedAt(v.Leader, i)] = v.Trick[i]
		}
	case sc.between():
		for i := range v.Players {
			cards[sc.playedAt(v.LastLeader, i)] = v.LastTrick[i]
		}
	case v.Phase != rules.PhasePlay:
		return cards, false
	}
	return cards, true
}

// between is whether the trick area shows the trick just played: no
// card of the next one is down yet.
func (sc *Scene) between() bool {
	v := &sc.V
	return (v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver) && v.InTrick == 0 && v.LastLeader != rules.NoSeat
}

// band is one seat's place in the trick: its name over (or, for the
// bottom seat, under) its card.
type band struct {
	seat     rules.Seat
	col, row int
}

// bands lays out the trick by seat count: two side by side; three with
// the bottom seat a row lower; four as a diamond, the partner on top,
// with a row over the partner's card for its name and one under the
// bottom seat's, unless compact: then each seat's card starts at its
// band's row, the partner's and the side seats' names beside their
// cards, the bottom seat's name beside its card's last row.
func (sc *Scene) bands(size kit.CardSize, compact bool) (cols, rows int, out []band) {
	switch sc.players() {
	case 2:
		return 2, size.H + 1, []band{{sc.seatAt(1), 0, 0}, {sc.seatAt(0), 1, 0}}
	case 3:
		return 3, size.H + 2, []band{{sc.seatAt(1), 0, 0}, {sc.seatAt(0), 1, 1}, {sc.seatAt(2), 2, 0}}
	}
	if compact {
		return 3, 2 * size.H, []band{{sc.seatAt(2), 1, 0}, {sc.seatAt(1), 0, size.H - 1}, {sc.seatAt(3), 2, size.H - 1}, {sc.seatAt(0), 1, size.H}}
	}
	return 3, 2*size.H + 2, []band{{sc.seatAt(2), 1, 0}, {sc.seatAt(1), 0, 2}, {sc.seatAt(3), 2, 2}, {sc.seatAt(0), 1, size.H + 1}}
}

// minNameW is the width of a column of the trick, the least: the room
// of a seat's name written over its card.
const minNameW = 8

// trickGrid draws the trick (or before the card play the upcard and the
// bottom card) with the other seats described beside it; compact (four
// seats in a short window) saves two rows: the partner's name goes left
// of its card's first row, the bottom seat's right of its card's last.
func (sc *Scene) trickGrid(ctx *kit.Context, w int, size kit.CardSize, compact bool) []string {
	p := ctx.Paint
	colW := max(size.W+2, minNameW)
	ncols, nrows, bs := sc.bands(size, compact)
	gridW := ncols * colW
	gx := max(0, (w-gridW)/2)
	cells := make([][]string, nrows) // each row: the grid's columns, drawn
	for r := range nrows {
		cells[r] = make([]string, ncols)
		for c := range ncols {
			cells[r][c] = kit.Repeat(" ", colW)
		}
	}
	put := func(r, c int, s string) {
		if r >= 0 && r < nrows && c >= 0 && c < ncols {
			cells[r][c] = kit.Center(s, colW)
		}
	}
	cards, playing := sc.trickCards()
	for _, b := range bs {
		// The side seats are named beside the trick; the bottom seat
		// and the partner over (or under) their cards.
		label := ""
		// An open partner's name is written left of its hand
		// (partnerLines), where it has room to be whole.
		if ps := sc.pos(b.seat); (ps == 0 && playing) || (sc.players() == 4 && ps == 2 && sc.Open[b.seat] == 0) {
			label = sc.nameIn(ctx, b.seat, colW)
		}
		face := p.Card(rules.NoCard, kit.LookSlot, size)
		if c := cards[b.seat]; c != rules.NoCard {
			face = p.Card(c, kit.LookFace, size)
		}
		if !playing {
			face = nil // no trick yet: the upcard lies there
		}
		top := b.row + 1
		switch {
		case b.seat == sc.V.Seat && compact:
			top = b.row
			put(b.row+size.H-1, b.col+1, label)
		case compact:
			// In the card play the partner's name is written left of
			// its card (partnerLines), a side seat's beside its card's
			// first row; before it, with no card drawn, the partner's
			// is where its card will be.
			top = b.row
			if !playing {
				put(b.row, b.col, label)
			}
		case b.seat == sc.V.Seat && sc.players() > 2:
			// The bottom seat's name goes under its card.
			top = b.row
			put(b.row+size.H, b.col, label)
		default:
			put(b.row, b.col, label)
		}
		for i, l := range face {
			put(top+i, b.col, l)
		}
	}
	if !playing {
		// Before the card play: the upcard, and the bottom card once it
		// is turned, in the middle of the table.
		c, r := 1, 0
		switch sc.players() {
		case 2:
			c = 0
		case 4:
			r = 2
		}
		// The card at the upcard's place: after the dix exchange the 7
		// of trump. Once the upcard is in a hand (the four-handed
		// maker's) it is not on the table: the header says whose hand.
		up := sc.V.Upcard
		if up == rules.NoCard && sc.V.UpcardTaker() == rules.NoSeat {
			up = sc.V.OrigUpcard
		}
		if up != rules.NoCard && !sc.V.Hand.Has(up) {
			// After the exchange the card there is the 7 of trump, not
			// the upcard the header names: it is labelled for what it is.
			label := "Upcard"
			if sc.V.DixBy != rules.NoSeat && up != sc.V.OrigUpcard {
				label = "The dix"
			}
			put(r, c, label)
			for i, l := range p.Card(up, kit.LookFace, size) {
				put(r+1+i, c, l)
			}
		}
		if sc.V.Bottom != rules.NoCard && c+1 < ncols {
			put(r, c+1, "Bottom")
			for i, l := range p.Card(sc.V.Bottom, kit.LookFace, size) {
				put(r+1+i, c+1, l)
			}
		}
	}
	// The seats beside the trick: the left seat at the left edge, the
	// right one at the right edge, the partner of four right of its card
	// on top. A side seat's lines longer than the trick (a replay's open
	// hand of nine cards) run on below it, never cut.
	left := make([]string, nrows)
	right := make([]string, nrows)
	sideW := gx
	rightW := max(0, w-gx-gridW-1)
	// Every seat draws its hidden cards in the form the narrowest side
	// seat has room for (its lines are set in two cells).
	sc.backsRoom = sideW - 3
	if sc.players() > 2 {
		sc.backsRoom = min(sc.backsRoom, rightW-3)
	}
	defer func() { sc.backsRoom = 0 }()
	var partnerLeft []string // an open partner's tag and roles, left of its card
	place := func(dst *[]string, at int, ls []string) {
		for len(*dst) < at+len(ls) {
			*dst = append(*dst, "")
		}
		copy((*dst)[at:], ls)
	}
	for _, b := range bs {
		switch ps := sc.pos(b.seat); {
		case ps == 0:
		case b.col == 0:
			place(&left, min(b.row, max(0, nrows-4)), sc.seatLines(ctx, b.seat, sideW-1))
		case b.col == ncols-1 && sc.players() > 2:
			place(&right, min(b.row, max(0, nrows-4)), sc.seatLines(ctx, b.seat, rightW-1))
		default: // the partner, on top
			// A cell short of the table's edge, as the side seats: a
			// gap before the right column's rule.
			r, l := sc.partnerLines(ctx, b.seat, rightW+colW-1, gx+colW-1, compact && playing)
			place(&right, 0, r)
			partnerLeft = l
		}
	}
	for len(cells) < max(len(left), len(right)) {
		cells = append(cells, slices.Repeat([]string{kit.Repeat(" ", colW)}, ncols))
	}
	nrows = len(cells)
	place(&left, nrows, nil)
	place(&right, nrows, nil)
	rows := make([]string, nrows)
	for r := range nrows {
		row := kit.Fit(left[r], gx) + strings.Join(cells[r], "")
		switch {
		case sc.players() == 4 && r < 2 && (right[r] != "" || r < len(partnerLeft)):
			// The partner's lines start right of its card; an open
			// hand's tag and roles end left of it.
			lead := kit.Fit(left[r], gx) + cells[r][0]
			if r < len(partnerLeft) {
				lead = partnerLeft[r] + " "
			}
			row = lead + cells[r][1] + " " + right[r]
		case right[r] != "":
			row += " " + right[r]
		}
		rows[r] = row
	}
	return rows
}

// seatFacts are what the lines of a seat beside the trick say in w
// cells: its tag (level, state), its cards (backs and a count) and its
// roles (dealer, maker, the partner of four: the person's, or to a
// spectator the watched seat's by its name).
func (sc *Scene) seatFacts(ctx *kit.Context, s rules.Seat, w int) (tag, cards string, roles []string) {
	v := &sc.V
	if int(s) < len(sc.Players) {
		tag = sc.Players[s].Tag
	}
	n := v.Counts[s]
	cards = kit.Plural(n, "card")
	if sc.Open[s] == 0 {
		room := w - 2
		if sc.backsRoom > 0 {
			room = min(room, sc.backsRoom)
		}
		cards = sc.hiddenCards(ctx, s, room)
	}
	roles = sc.roles(s)
	if s == rules.PartnerOf(v.Players, v.Seat) {
		roles = append(roles, sc.partnerMark(ctx, w-2))
	}
	return tag, cards, roles
}

// hiddenCards draws seat s's cards face down in room cells: the backs
// and their count, in the form the most cards of a hand would take.
func (sc *Scene) hiddenCards(ctx *kit.Context, s rules.Seat, room int) string {
	return kit.HiddenCards(ctx, sc.V.Counts[s], rules.TricksPerDeal(sc.V.Players), room)
}

// roles are seat s's roles in the deal: "dealer", "maker".
func (sc *Scene) roles(s rules.Seat) []string {
	var out []string
	if sc.V.Dealer == s {
		out = append(out, "dealer")
	}
	if sc.V.Maker == s {
		out = append(out, "maker")
	}
	return out
}

// partnerMark is the role of the partner of four in w cells: the
// person's "partner", or to a spectator (who has none) the watched
// seat's, a long name shortened ("alexa…'s partner") rather than the
// role cut at its end.
func (sc *Scene) partnerMark(ctx *kit.Context, w int) string {
	if !sc.Watching {
		return "partner"
	}
	p := sc.owner(sc.V.Seat) + " partner"
	if room := w - kit.WidthOf("'s partner"); kit.WidthOf(p) > w && room >= 4 {
		p = cutTo(ctx, sc.Name(sc.V.Seat), room) + "'s partner"
	}
	return p
}

// turnMark is the cursor before the name of the seat to act, two blanks
// before the others'.
func (sc *Scene) turnMark(ctx *kit.Context, s rules.Seat) string {
	if sc.V.Turn == s && sc.V.Phase != rules.PhaseOver {
		return ctx.Styles.Selected.Render(ctx.Paint.Glyphs.Cursor) + " "
	}
	return "  "
}

// seatLines describe a side seat beside the trick in w cells: a turn
// mark and its name, its tag, its cards (backs and a count, or a
// replay's open hand), and whether it deals or made trump.
func (sc *Scene) seatLines(ctx *kit.Context, s rules.Seat, w int) []string {
	st := &ctx.Styles
	out := []string{sc.turnMark(ctx, s) + st.Heading.Render(sc.nameIn(ctx, s, w-2))}
	tag, cards, roles := sc.seatFacts(ctx, s, w)
	if tag != "" {
		out = append(out, kit.Indent("  ", tagLines(tag, max(1, w-2)), st.Dim.Render)...)
	}
	if open := sc.Open[s]; open != 0 {
		out = append(out, kit.Indent("  ", sc.openHand(ctx, open, w-2), nil)...)
	} else {
		out = append(out, "  "+cards)
	}
	switch joined := strings.Join(roles, " · "); {
	case len(roles) == 0:
	case 2+kit.WidthOf(joined) <= w:
		out = append(out, "  "+joined)
	default:
		out = append(out, kit.Indent("  ", roles, nil)...)
	}
	for i := range out {
		out[i] = cutTo(ctx, out[i], w)
	}
	return out
}

// partnerLines describe the partner of four, named over its card, in
// the two rows beside that card: right of it (in w cells) its tag and
// cards, then its roles; left of it (in leftW cells, against it) its
// mark ("partner"), or with named its name over its mark; a replay's
// open hand takes the right's two rows, and its name, tag and roles go
// left of the card.
func (sc *Scene) partnerLines(ctx *kit.Context, s rules.Seat, w, leftW int, named bool) (right, left []string) {
	tag, cards, roles := sc.seatFacts(ctx, s, w)
	tag = oneLine(tag)
	turn := ""
	if sc.V.Turn == s && sc.V.Phase != rules.PhaseOver {
		turn = sc.turnMark(ctx, s)
	}
	// fit keeps the roles on a line of w cells: the scores' header names
	// the partner already and the title the dealer, so they go first.
	fit := func(roles []string, w int) string {
		if len(roles) > 1 && kit.WidthOf(strings.Join(roles, " · ")) > w && strings.HasSuffix(roles[len(roles)-1], "partner") {
			roles = roles[:len(roles)-1]
		}
		if kit.WidthOf(strings.Join(roles, " · ")) > w {
			roles = slices.DeleteFunc(roles, func(r string) bool { return r == "dealer" })
		}
		return strings.Join(roles, " · ")
	}
	if open := sc.Open[s]; open != 0 {
		// The hand takes the right: the name goes left of it, whole
		// where it fits, its tag (a bot's level) after a "·" so that it
		// never reads as part of the name, the roles under them.
		right = sc.openHand(ctx, open, w-2)
		right[0] = turn + right[0]
		name := ctx.Styles.Heading.Render(cutTo(ctx, sc.shortWordsTo(ctx, leftW).Name(s), leftW))
		facts := fit(roles, leftW)
		switch {
		case tag == "":
		case kit.WidthOf(name+" · "+tag) <= leftW:
			name += " · " + tag
		default:
			facts = strings.Join(nonEmpty(tag, fit(roles, max(0, leftW-kit.WidthOf(tag)-3))), " · ")
		}
		for _, l := range nonEmpty(name, facts) {
			left = append(left, kit.Right(cutTo(ctx, l, leftW), leftW))
		}
	} else {
		if kit.WidthOf(tag+" · "+cards) > w-2 {
			cards = sc.hiddenCards(ctx, s, w-2-kit.WidthOf(tag+" · "))
		}
		first := tag
		if kit.WidthOf(tag+" · "+cards) <= w-2 {
			first = strings.Join(nonEmpty(tag, cards), " · ")
		} else {
			// A long state (away, waits 1m54s) has the line to itself:
			// the count goes first on the roles' line.
			roles = append([]string{cards}, roles...)
		}
		// Named, the name goes left of the card's first row and the
		// partner's mark under it, as a side seat's facts go under its
		// name, a margin short of the table's edge.
		markW := leftW
		if named {
			markW = leftW - 2
			left = append(left, kit.Right(sc.nameIn(ctx, s, markW), leftW))
		}
		if s == rules.PartnerOf(sc.V.Players, sc.V.Seat) && len(roles) > 0 {
			// The partner's mark goes left of the name, against it,
			// where nothing else is written: always there, so that it
			// does not move when a state (on the clock, away) takes
			// the room beside the card.
			roles = roles[:len(roles)-1]
			left = append(left, kit.Right(cutTo(ctx, sc.partnerMark(ctx, markW), markW), leftW))
		}
		right = []string{turn + first, fit(roles, w)}
	}
	for i := range right {
		right[i] = cutTo(ctx, right[i], w)
	}
	return right[:min(2, len(right))], left
}

// faceUp is a hand shown face up, each card drawn, sorted as a hand in
// play is: a replay's open hand, a spectator's of a scored deal.
func (sc *Scene) faceUp(ctx *kit.Context, hand rules.CardSet) []string {
	var cs []string
	for _, c := range kit.SortHand(hand, hand, kit.PlainTrump(sc.V.Trump)) {
		cs = append(cs, ctx.Paint.StyledCard(c))
	}
	return cs
}

// openHand writes a hand shown face up in a replay on as few lines as
// w allows, the cards spread evenly over them (six cards where five fit
// a line go 3 and 3, not 5 and 1), as every seat's open hand is.
func (sc *Scene) openHand(ctx *kit.Context, open rules.CardSet, w int) []string {
	cards := sc.faceUp(ctx, open)
	most := max(1, (w+1)/4) // a card takes at most 3 cells ("10♥"), then a space
	n := len(cards)
	rows := (n + most - 1) / most
	out := make([]string, 0, rows)
	for r := range rows {
		// The first n%rows lines take one card more than the others.
		from, to := (r*n+rows-1)/rows, ((r+1)*n+rows-1)/rows
		out = append(out, strings.Join(cards[from:to], " "))
	}
	return out
}

// tagLines breaks a seat's tag into lines of w cells: whole on one
// line when it fits, else at its line breaks (between its phrases),
// a phrase still too long wrapped at its spaces.
func tagLines(tag string, w int) []string {
	if whole := oneLine(tag); kit.WidthOf(whole) <= w {
		return []string{whole}
	}
	var out []string
	for _, p := range strings.Split(tag, "\n") {
		out = append(out, kit.Wrap(p, w)...)
	}
	return out
}

// oneLine is a tag on one line, its line breaks spaces.
func oneLine(tag string) string { return strings.ReplaceAll(tag, "\n", " ") }

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// statusLines are the tricks and card points won so far by side, and
// while a trick is under way the one before it, kept in view; between
// tricks, the trick on the table with each card's player, which the
// grid tells only by its place around the table.
func (sc *Scene) statusLines(ctx *kit.Context, w int) []string {
	return sc.statusRows(ctx, w, 2)
}

// statusRows is statusLines with the last trick said in the long form
// ("Last trick: …; won by West") wherever it fits in at most lastRows
// rows, else in the short one ("Last: … → West").
func (sc *Scene) statusRows(ctx *kit.Context, w, lastRows int) []string {
	v := &sc.V
	if v.Phase != rules.PhasePlay && v.Phase != rules.PhaseOver || v.Maker == rules.NoSeat {
		return nil
	}
	pts := sc.bySide(v.Points)
	// The tricks, then the card points, bella and the menage. The sides
	// are named, never by seat letters, which the table shows nowhere:
	// in one line with the whole names, then with the card points said
	// "points", then "pts" ("12/30 pts"), then with the names cut short;
	// still too long, the points and what was announced get a line of
	// their own. words writes the points ("points %s").
	points := func(words string) func(*Scene) string {
		return func(sc *Scene) string {
			var ps []string
			for i := range sc.SideOrder() {
				ps = append(ps, fmt.Sprint(pts[i]))
			}
			line := fmt.Sprintf(words, strings.Join(ps, "/"))
			if v.BellaBy != rules.NoSeat {
				line += " · bella " + sc.Lower(v.BellaBy)
			}
			if v.MenageBy != rules.NoSeat {
				line += " · menage " + sc.Lower(v.MenageBy)
			}
			return line
		}
	}
	say := func(words string) func(*Scene) string {
		return func(sc *Scene) string { return sc.trickCounts() + " · " + points(words)(sc) }
	}
	// Every line is fitted to w less a cell, the blank before the
	// column's rule, and cut there when no form fits (a narrow window).
	line := say("card points %s")(sc)
	for _, words := range []string{"points %s", "%s pts"} {
		if kit.WidthOf(line) > w-1 {
			line = say(words)(sc)
		}
	}
	if kit.WidthOf(line) > w-1 {
		line = sc.fitTo(ctx, w, 1, say("points %s"))
	}
	out := []string{cutTo(ctx, line, w-1)}
	if kit.WidthOf(line) > w-1 {
		second := points("Card points %s")(sc)
		if kit.WidthOf(second) > w-2 {
			second = sc.fitTo(ctx, w, 2, points("Points %s"))
		}
		out = []string{cutTo(ctx, sc.fitTo(ctx, w, 1, (*Scene).trickCounts), w-1), cutTo(ctx, " "+second, w-1)}
	}
	if v.InTrick > 0 && v.LastLeader != rules.NoSeat {
		if long := kit.Wrap(sc.lastSaid(ctx, "Last trick: ", "; won by ")(sc), w-2); len(long) <= lastRows {
			for _, l := range long {
				out = append(out, " "+l)
			}
		} else {
			last, _ := sc.fitAny(ctx, w, 1, sc.lastSaid(ctx, " Last trick: ", "; won by "),
				sc.lastSaid(ctx, " Last: ", " "+ctx.Paint.Glyphs.Arrow()+" "))
			out = append(out, cutTo(ctx, last, w-1))
		}
	}
	if sc.between() {
		played, _ := sc.fitAny(ctx, w, 1, sc.playedSaid(ctx, " Played: "))
		out = append(out, cutTo(ctx, played, w-1))
	}
	return out
}

// trickCounts says the tricks won so far by side: " Tricks: you 3,
// West 2".
func (sc *Scene) trickCounts() string {
	tricks := sc.bySide(sc.V.Tricks)
	var ts []string
	for i, side := range sc.SideOrder() {
		ts = append(ts, fmt.Sprintf("%s %d", sc.sideWord(side), tricks[i]))
	}
	return " Tricks: " + strings.Join(ts, ", ")
}

// playedSaid says the trick on the table between tricks as lead, then
// each card with its player in play order: "Played: East K♥, you 7♣,
// West 10♥".
func (sc *Scene) playedSaid(ctx *kit.Context, lead string) func(*Scene) string {
	v := &sc.V
	return func(sc *Scene) string { return lead + sc.playedBy(ctx, v.LastLeader, v.LastTrick[:v.Players]) }
}

// lastSaid says the last trick as lead, each card with its player in
// play order, then won and the winner: "Last trick: East K♥, you 7♣,
// West 10♥; won by you".
func (sc *Scene) lastSaid(ctx *kit.Context, lead, won string) func(*Scene) string {
	played := sc.playedSaid(ctx, lead)
	return func(sc *Scene) string { return played(sc) + won + sc.Lower(sc.V.LastTrickWinner()) }
}

// playedBy names each card of a trick with who played it, in play
// order from leader: "East K♥, you 7♣, West 10♥". A card is never told
// by its place in a row alone, which a screen reader does not show.
func (sc *Scene) playedBy(ctx *kit.Context, leader rules.Seat, cards []rules.Card) string {
	var cs []string
	for i, c := range cards {
		cs = append(cs, sc.Lower(sc.playedAt(leader, i))+" "+ctx.Paint.StyledCard(c))
	}
	return strings.Join(cs, ", ")
}

// playedAt is the seat that plays the i-th card of a trick led by
// leader: the play goes round the table from the lead.
func (sc *Scene) playedAt(leader rules.Seat, i int) rules.Seat {
	return rules.SeatAfter(leader, i, sc.players())
}

// fitAny is the first line of says, in the order given, that fits in w
// cells less pad, with the whole names, else with names shortened as
// fitTo does, further if need be; ok is false when none fits, and the
// line is then the last tried.
func (sc *Scene) fitAny(ctx *kit.Context, w, pad int, says ...func(*Scene) string) (line string, ok bool) {
	for _, nw := range []int{0, 12, 6, 4} {
		s := sc.shortTo(ctx, nw)
		for _, say := range says {
			if line = say(s); kit.WidthOf(line) <= w-pad {
				return line, true
			}
		}
	}
	return line, false
}

// sideWord names side i inside a line of counts: "you", a player's
// name, or a team as sideShort names it.
func (sc *Scene) sideWord(i int) string {
	if sc.teams() {
		return sc.sideShort(i)
	}
	return sc.Lower(rules.Seat(i))
}

// statusLine is statusLines in one line, for a window without room for
// two: the tricks won and the last trick, without the card points.
//
// Each card of the last trick (between tricks, of the trick on the
// table) is said with its player; where that and the tricks won do not
// fit together (four players beside the words panel), the trick alone
// is said: the v list counts the tricks.
func (sc *Scene) statusLine(ctx *kit.Context, w int) []string {
	v := &sc.V
	counts := (*Scene).trickCounts
	says := []func(*Scene) string{counts}
	if v.InTrick > 0 && v.LastLeader != rules.NoSeat {
		arrow := " " + ctx.Paint.Glyphs.Arrow() + " "
		both := sc.lastSaid(ctx, " · last: ", arrow)
		says = []func(*Scene) string{
			func(sc *Scene) string { return counts(sc) + both(sc) },
			sc.lastSaid(ctx, " Last trick: ", "; won by "),
			sc.lastSaid(ctx, " Last: ", arrow),
			counts,
		}
	}
	if sc.between() {
		played := sc.playedSaid(ctx, " · played: ")
		says = []func(*Scene) string{
			func(sc *Scene) string { return counts(sc) + played(sc) },
			sc.playedSaid(ctx, " Played: "),
			counts,
		}
	}
	for _, say := range says {
		if line, ok := sc.fitAny(ctx, w, 1, say); ok {
			return []string{line}
		}
	}
	return nil
}

// handBlock draws the bottom seat's hand centred in w: a label row
// (whose hand, the seat's roles, trump), the cards (the selected one
// raised), a row marking the sequences and the bella pair when it
// holds any, and the cards' numbers and marks. It returns the rows and
// each card's place relative to the block.
func (sc *Scene) handBlock(ctx *kit.Context, w int, size kit.CardSize, hand Hand) ([]string, []kit.Rect) {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	v := &sc.V
	n := len(hand.Cards)
	hw := kit.HandWidth(n, size)
	x0 := max(0, (w-hw)/2)
	pad := strings.Repeat(" ", x0)
	rows := make([]string, 1+size.H+3)
	// The label says whose hand it is and the seat's roles, then trump
	// once named ("Your hand · maker · trump ♠"), all in one line from
	// the hand's left edge: no word of it sits over some cards as if it
	// named them. The trump cards are marked by their own suit sign
	// (they are sorted first).
	parts := append([]string{sc.owner(v.Seat) + " hand"}, sc.roles(v.Seat)...)
	var trumpWord string
	if trump := kit.PlainTrump(v.Trump); trump != rules.NoSuit {
		trumpWord = "trump " + g.Suit(trump)
	}
	labelOf := func(trumpWord string, more ...string) string {
		label := st.Dim.Render(strings.Join(parts, " · "))
		if trumpWord != "" {
			label += st.Dim.Render(" · ") + st.Trump.Render(trumpWord)
		}
		if len(more) > 0 {
			label += st.Dim.Render(" · " + strings.Join(more, " · "))
		}
		return label
	}
	// A replay's card played next is raised in its box: the label says
	// so where it has room. Short of room (a long name) those words go
	// first, which the help's marks explain, and trump last: the line
	// over the table, which names it too, may have given way.
	tries := []string{labelOf(trumpWord), labelOf("")}
	if slices.Contains(hand.Cards, sc.Next) {
		const raised = "raised: played next"
		tries = []string{labelOf(trumpWord, raised), labelOf(trumpWord), labelOf("", raised), labelOf("")}
	}
	// A blank cell is kept before the panel's rule, as the cards keep
	// it, and one at the left edge, where every line of the table starts.
	label := tries[len(tries)-1]
	for _, l := range tries {
		if kit.WidthOf(l) < w-1 {
			label = l
			break
		}
	}
	// Wider than the few cards left, it starts left of them as far as
	// it must to stay whole.
	label = strings.Repeat(" ", max(0, min(x0, w-1-kit.WidthOf(label)))) + label
	if n == 0 && hand.Backs > 0 {
		return sc.backBlock(ctx, w, hand.Backs), nil
	}
	if n == 0 {
		label = pad + st.Dim.Render("(no cards)")
	}
	rows[0] = label
	sel := -1
	if hand.Playing && n > 0 {
		sel = max(0, min(hand.Cursor, n-1))
	}
	if i := slices.Index(hand.Cards, sc.Next); i >= 0 && sc.Next != rules.NoCard {
		sel = i
	}
	kit.CardRows(ctx, rows[1:], hand.Cards, hand.Legal, sel, hand.Playing || sel >= 0, size, pad)
	if !hand.Playing && !hand.InPlay {
		// No numbers or marks while the person bids or watches (a
		// replay's next card is raised): the sequences' row follows the
		// cards, no blank rows between.
		rows = rows[:size.H+2]
	}
	if sc.meldRow(hand) {
		// Right under the cards it marks, over the rows of numbers and
		// marks (blank while another plays): it keeps its row whoever's
		// turn it is.
		meld := pad + st.Trump.Render(kit.MeldRow(g, hand.Cards, kit.HeldMelds(v, hand.Cards), size.W, kit.HandGap))
		rows = slices.Insert(rows, size.H+2, meld)
	}
	return rows, kit.CardRects(n, size, x0, 0)
}

// meldRow reports whether the hand block has a row marking the
// sequences and the bella pair under the cards.
func (sc *Scene) meldRow(hand Hand) bool {
	return len(hand.Cards) > 0 && len(kit.HeldMelds(&sc.V, hand.Cards)) > 0
}

// meldPlace reports whether the hand block has the meld row's place:
// the row itself, or in the card play the blank row keeping its place.
func (sc *Scene) meldPlace(hand Hand) bool {
	return sc.meldRow(hand) || len(hand.Cards) > 0 && (hand.Playing || hand.InPlay)
}

// rightColumn is the score pad over the talk panel (on a board, which
// is no game, the talk alone).
func (sc *Scene) rightColumn(ctx *kit.Context, w, h int) []string {
	st := &ctx.Styles
	var out []string
	if sc.Board == "" {
		out = sc.scorePad(ctx, w-1, max(4, h/2-1))
		out = append(out, kit.Rule(ctx, w-1))
	}
	// The panel is the bids and declarations, with the chat's lines
	// among them where people can talk: only there is it headed talk.
	// A replay's panel also lists the graded card plays (Mark).
	title := "Bids and declarations"
	switch {
	case sc.Talk:
		title = "Table talk"
	case sc.Mark != nil:
		title = "Moves and grades"
	}
	heading := st.Heading.Render(title)
	// The note's parts go from the last while the whole does not fit.
	for note := sc.TalkNote; note != ""; {
		if kit.WidthOf(title+" · "+note) <= w-1 {
			heading += st.Dim.Render(" · " + note)
			break
		}
		at := strings.LastIndex(note, " · ")
		if at < 0 {
			break
		}
		note = note[:at]
	}
	out = append(out, heading)
	room := h - len(out)
	// Lines wrap at spaces, never inside a name: a name longer than the
	// column with its colon is shortened as the table shortens it.
	short := sc.shortWordsTo(ctx, max(1, w-3))
	if len(sc.Chat) > 0 {
		c := *short
		// A talk line's rows are TalkHang narrower (kit.WrapTalk).
		c.chatName = sc.chatNames(ctx, short, max(1, w-3-kit.TalkHang))
		short = &c
	}
	said, isChat := short.talkMarked(ctx)
	// A line of the chat takes at most talkLinesMax rows, cut with a
	// mark, its later rows set in (kit.WrapTalk): one long line cannot
	// push the bids and everything else out of the panel, nor pass a row
	// of it off as another line. When the panel has a row for more than
	// those and the mark of earlier lines, a line cut says on a row under
	// it that the v list shows it whole (talkCut). The game's own words
	// are short and wrap whole.
	cutRows := talkLinesMax
	if room >= talkLinesMax+2 {
		cutRows++
	}
	// Each chat line is wrapped whole once (full), and cut from that.
	rows := make([][]string, len(said))
	full := make([][]string, len(said))
	total := 0
	for i := range said {
		if isChat[i] {
			full[i] = kit.WrapTalk(said[i], max(1, w-2), 0, ctx.Ellipsis())
			rows[i] = cutTalk(ctx, said[i], full[i], max(1, w-2), cutRows)
		} else {
			rows[i] = kit.WrapAtSpaces(said[i], max(1, w-2), 0, ctx.Ellipsis())
		}
		total += len(rows[i])
	}
	if total == 0 {
		return append(out, st.Dim.Render("(nothing said yet)"))
	}
	// Rows left free below take the chat's lines whole, the newest
	// first, as far as they go: a line is cut only for want of room.
	// The newest is whole whenever it fits with the lines after it and
	// the mark of those left out: the earlier lines give way to its end.
	newest := true
	for i := len(said) - 1; i >= 0 && room > 0; i-- {
		if !isChat[i] {
			continue
		}
		fits := total-len(rows[i])+len(full[i]) <= room
		if newest {
			after := 0
			for _, r := range rows[i+1:] {
				after += len(r)
			}
			fits = fits || after+len(full[i])+1 <= room
			newest = false
		}
		if !fits {
			break
		}
		total += len(full[i]) - len(rows[i])
		rows[i] = full[i]
	}
	var talk []string
	for i := range said {
		talk = append(talk, rows[i]...)
	}
	if room > 0 && len(talk) > room {
		// The latest lines are kept, whole; a mark says how many earlier
		// ones are left out ("… 2 earlier lines": a line, not a word).
		var kept []string
		cut := len(said)
		for cut > 0 {
			l := rows[cut-1]
			if len(kept)+len(l)+1 > room {
				break
			}
			kept = append(l, kept...)
			cut--
		}
		talk = append([]string{st.Dim.Render("… " + kit.Plural(cut, "earlier line"))}, kept...)
	}
	return append(out, talk...)
}

// backBlock draws the bottom seat's hand face down (a spectator's
// screen) as every other hidden hand is drawn: a label naming whose it
// is and its roles, then the backs and their count (kit.HiddenCards),
// the block centred in w.
func (sc *Scene) backBlock(ctx *kit.Context, w int, n int) []string {
	st := &ctx.Styles
	v := &sc.V
	roles := []string{sc.owner(v.Seat) + " hand"}
	if int(v.Seat) < len(sc.Players) {
		// What the seat is (away and its wait, on the clock, a bot's
		// level), as the other seats' columns say it.
		if tag := oneLine(sc.Players[v.Seat].Tag); tag != "" {
			roles = append(roles, tag)
		}
	}
	roles = append(roles, sc.roles(v.Seat)...)
	// A long name (24 cells) or state leaves no room for every role:
	// the roles go from the last to the row under the label, then the
	// name is cut, and a space stays on each side of the label (it ran
	// into the column's edge).
	label := strings.Join(roles, " · ")
	var more []string
	for len(roles) > 1 && kit.WidthOf(label) > w-2 {
		more = append([]string{roles[len(roles)-1]}, more...)
		roles = roles[:len(roles)-1]
		label = strings.Join(roles, " · ")
	}
	if kit.WidthOf(label) > w-2 {
		label = kit.Cut(label, max(1, w-2), ctx.Ellipsis())
	}
	backs := kit.HiddenCards(ctx, n, rules.TricksPerDeal(v.Players), w-2)
	lpad := strings.Repeat(" ", max(1, (w-max(kit.WidthOf(label), kit.WidthOf(backs)))/2))
	rows := []string{lpad + st.Dim.Render(label)}
	if len(more) > 0 {
		rows = append(rows, lpad+st.Dim.Render(cutTo(ctx, strings.Join(more, " · "), max(1, w-1-len(lpad)))))
	}
	return append(rows, lpad+backs)
}

// talkLinesMax is the most rows one line of the chat takes beside the
// table, not counting the row saying it was cut (talkCut).
const talkLinesMax = 3

// talkCutNote is the row under a talk line cut for want of rows: the
// v list ends with the table talk, every line whole.
const talkCutNote = "(v shows it whole)"

// talkCut is a talk line said wrapped to w cells (kit.WrapTalk) on at
// most rows rows: whole when it fits, else cut with the screen's mark
// ending its last row; then, when rows leave one for it, a last row
// set in as the line's own says the v list shows it whole, so that the
// mark is not all the reader learns.
func talkCut(ctx *kit.Context, said string, w, rows int) []string {
	return cutTalk(ctx, said, kit.WrapTalk(said, w, 0, ctx.Ellipsis()), w, rows)
}

// cutTalk is talkCut of a line already wrapped whole to w cells (full).
func cutTalk(ctx *kit.Context, said string, full []string, w, rows int) []string {
	mark := ctx.Ellipsis()
	if rows <= 0 || len(full) <= rows {
		return full
	}
	if rows < 2 || kit.TalkHang+kit.WidthOf(talkCutNote) > w {
		return kit.WrapTalk(said, w, rows, mark)
	}
	return append(kit.WrapTalk(said, w, rows-1, mark), strings.Repeat(" ", kit.TalkHang)+ctx.Styles.Dim.Render(talkCutNote))
}
