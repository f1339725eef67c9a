package tui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The table for three and four players (RULES.md section 10) is drawn
// from one seat's rules.View, like the two-handed table from a
// rules.View, so it can never show a hidden card. The person sits at
// the bottom; the seat on the person's left (the next to play) is drawn
// on the left, and play goes round clockwise: bottom, left, top (the
// partner, with four), right.

// tableSeat is how the table names one seat.
type tableSeat struct {
	Name  string // "You", "West"...
	Level string // the bot's level; "" for a person
}

// tableScene is everything the table draws: one seat's view of the deal
// and what the game around it says (the score pad, the totals).
type tableScene struct {
	V      rules.View
	Me     rules.Seat
	Seats  [4]tableSeat
	DealNo int
	// Pad holds the finished deals of the game, oldest first; Totals the
	// game totals by side, after them.
	Pad    []rules.Score
	Totals [4]int
	// ShowLast shows the last trick in the trick area (the v key); Hold
	// keeps a finished trick on the table until the next lead.
	ShowLast bool
	// Forced says why the session took a step for the person, if it did
	// (step index in the deal's history).
	Forced func(step int) (string, bool)
	// Mark is the replay's annotation of a step (its index in the deal's
	// history), written after the talk line the step made: the grade's
	// mark once analysed, "" otherwise. nil at a table in play. A card
	// play it marks makes a talk line of its own.
	Mark func(step int) string
	// Open holds the hands the replay shows face up, by seat (the
	// person's own is always open).
	Open [4]rules.CardSet
	// Watching is a replay: the bottom seat is a player like the others,
	// not "you", and the sides are named by their seats.
	Watching bool
	// Tag ends the header's left part: a shared table's code.
	Tag string
}

func (sc *tableScene) players() int { return sc.V.Players }

// pos is where seat s sits for the person: 0 bottom, 1 left, then top
// and right with four, right with three.
func (sc *tableScene) pos(s rules.Seat) int {
	n := sc.players()
	return (int(s) - int(sc.Me) + n) % n
}

// seatAt is the seat at place p around the person.
func (sc *tableScene) seatAt(p int) rules.Seat {
	n := sc.players()
	return rules.Seat((int(sc.Me) + p) % n)
}

// name returns the seat's name ("You" for the person).
func (sc *tableScene) name(s rules.Seat) string {
	if int(s) < sc.players() {
		return sc.Seats[s].Name
	}
	return "nobody"
}

// does puts verb after the seat's name: "you deal", "West deals".
func (sc *tableScene) does(s rules.Seat, verb string) string {
	return kit.Does(sc.name(s), s == sc.Me && !sc.Watching, verb)
}

// sides is the number of sides: the players with three, two teams with
// four.
func (sc *tableScene) sides() int {
	if sc.players() == 4 {
		return 2
	}
	return sc.players()
}

// sideName names side i: a seat with three players, a team with four
// ("You & North").
func (sc *tableScene) sideName(i int) string {
	if sc.players() != 4 {
		return sc.name(rules.Seat(i))
	}
	a, b := rules.Seat(i), rules.Seat(i+2)
	if b == sc.Me {
		a, b = b, a
	}
	return sc.name(a) + " & " + sc.name(b)
}

// sideOrder lists the sides with the person's first.
func (sc *tableScene) sideOrder() []int {
	n := sc.sides()
	mine := int(sc.Me) % n
	out := make([]int, 0, n)
	for i := range n {
		out = append(out, (mine+i)%n)
	}
	return out
}

// renderTable34 draws the table into w×h cells, the bottom rows (note,
// prompt, keys) given by the caller, and returns where the clickable
// cards lie.
func renderTable34(ctx *kit.Context, sc *tableScene, w, h int, bottom []string, cursor int, hand []rules.Card, legal rules.CardSet, playing bool) (string, []kit.Hit) {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	size := layoutSize(w, h)
	needLeft := kit.HandWidth(9, size) + 3
	if sc.players() == 4 {
		needLeft = kit.HandWidth(8, size) + 3
	}
	rightW := max(26, min(44, w-needLeft-1))
	leftW := max(0, w-rightW-1)
	midH := max(0, h-tableTopRows-len(bottom))
	var hits []kit.Hit

	lines := make([]string, 0, h)
	lines = append(lines, tableHeader34(ctx, sc, w), st.Rule.Render(kit.Repeat(g.HRule, w)))
	left := tableLeft34(ctx, sc, leftW, midH, size, cursor, hand, legal, playing, &hits)
	rightCol := tableRight34(ctx, sc, rightW, midH)
	lines = append(lines, kit.Columns(ctx, left, rightCol, leftW, rightW, midH)...)
	lines = append(lines, bottom...)
	return kit.JoinLines(lines), hits
}

// tableHeader34 is the top line: the deal, the dealer, the target, and
// the game score by side.
func tableHeader34(ctx *kit.Context, sc *tableScene, w int) string {
	st := &ctx.Styles
	v := &sc.V
	left := fmt.Sprintf(" %s  Deal %d · %s · %d players · game to %d", st.Title.Render("Klob"), max(1, sc.DealNo),
		sc.does(v.Dealer, "deal"), sc.players(), v.Options.Target)
	if sc.Tag != "" {
		left += " · " + sc.Tag
	}
	var parts []string
	for _, i := range sc.sideOrder() {
		parts = append(parts, fmt.Sprintf("%s %d", sc.sideName(i), sc.Totals[i]))
	}
	rightS := strings.Join(parts, " · ") + " "
	lw := w - kit.WidthOf(rightS) - 1
	if lw < 20 {
		return kit.Clip(left, w)
	}
	return kit.Fit(left, lw) + " " + st.Heading.Render(rightS)
}

// seatLines describes a seat in a column w cells wide: a turn mark and
// its name, its level, its cards (backs and a count, the backs left out
// when narrow), and whether it deals, made trump, or is the partner.
func seatLines(ctx *kit.Context, sc *tableScene, s rules.Seat, w int) []string {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	v := &sc.V
	mark := "  "
	if v.Turn == s {
		mark = st.Selected.Render(g.Cursor) + " "
	}
	out := []string{mark + st.Heading.Render(sc.name(s))}
	if lv := sc.Seats[s].Level; lv != "" {
		out = append(out, "  "+st.Dim.Render(lv))
	}
	n := v.Counts[s]
	cards := kit.Plural(n, "card")
	if w >= 2+n+1+len(cards) {
		cards = st.Dim.Render(kit.Repeat(g.BackMini, n)) + " " + cards
	}
	if open := sc.Open[s]; open != 0 {
		// The hand face up, as few cards a line as the column needs.
		var cs []string
		for _, c := range kit.SortHand(open, open, kit.PlainTrump(v.Trump)) {
			cs = append(cs, ctx.Paint.StyledCard(c))
		}
		per := max(1, (w-2)/4)
		for i := 0; i < len(cs); i += per {
			out = append(out, "  "+strings.Join(cs[i:min(len(cs), i+per)], " "))
		}
	} else {
		out = append(out, "  "+cards)
	}
	var roles []string
	if v.Dealer == s {
		roles = append(roles, "dealer")
	}
	if v.Maker == s {
		roles = append(roles, "maker")
	}
	if v.Players == 4 && sc.pos(s) == 2 {
		roles = append(roles, "partner")
	}
	switch joined := strings.Join(roles, " · "); {
	case len(roles) == 0:
	case 2+kit.WidthOf(joined) <= w:
		out = append(out, "  "+joined)
	default:
		// "dealer · maker" does not fit a side column at 100 columns:
		// a role a line, rather than cut.
		for _, r := range roles {
			out = append(out, "  "+r)
		}
	}
	return out
}

// tableLeft34 is the table itself: trump and the upcard, the other
// seats around the trick, and the person's hand at the bottom.
func tableLeft34(ctx *kit.Context, sc *tableScene, w, h int, size kit.CardSize, cursor int, hand []rules.Card, legal rules.CardSet, playing bool, hits *[]kit.Hit) []string {
	v := &sc.V
	var top []string
	if v.Players == 4 {
		// The partner on one line: name, level, cards, roles.
		ls := seatLines(ctx, sc, sc.seatAt(2), w)
		for i := range ls {
			ls[i] = strings.TrimLeft(ls[i], " ")
		}
		top = []string{kit.Center(strings.Join(ls, " · "), w)}
	}
	info := packLine(trumpInfo34(ctx, sc), w-1, 2)
	trick := trickArea34(ctx, sc, w, size)
	handRowsOut, rects := handBlock34(ctx, sc, w, size, cursor, hand, legal, playing)

	free := h - len(top) - len(info) - len(trick) - len(handRowsOut)
	gaps := [2]int{}
	if free > 0 {
		gaps[0] = free / 2
		gaps[1] = free - gaps[0]
	}
	out := append([]string{}, top...)
	out = append(out, info...)
	out = append(out, make([]string, gaps[0])...)
	out = append(out, trick...)
	if len(out)+len(handRowsOut) > h {
		out = out[:max(0, h-len(handRowsOut))]
	}
	out = append(out, make([]string, max(0, h-len(out)-len(handRowsOut)))...)
	y0 := tableTopRows + len(out)
	for i, r := range rects {
		r.Y += y0
		*hits = append(*hits, kit.Hit{Rect: r, Kind: kit.HitCard, Index: i})
	}
	return append(out, handRowsOut...)
}

// trumpInfo34 says what is known of trump, as fragments for packLine:
// trump and its maker, the upcard and the bottom card, the dix, who has
// the sequences; before trump, what the bidding asks.
func trumpInfo34(ctx *kit.Context, sc *tableScene) []string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	up := "Upcard " + p.StyledCard(v.OrigUpcard)
	if v.Players == 4 && v.Upcard == rules.NoCard && v.Maker != rules.NoSeat {
		up += " (" + sc.name(v.Maker) + " took it)"
	}
	var out []string
	if v.Trump == rules.NoSuit {
		out = append(out, up)
		switch v.Phase {
		case rules.PhaseDeclare:
			out = append(out, "Declarations before the bidding")
		case rules.PhaseBid1:
			out = append(out, "Round one: take "+p.SuitName(v.OrigUpcard.Suit())+" or pass")
		case rules.PhaseBid2:
			if v.Players == 4 {
				out = append(out, "Round two: name a suit (not "+p.StyledSuit(v.OrigUpcard.Suit())+"), no trumps, or pass")
			} else {
				out = append(out, "Round two: name another suit or pass")
			}
		case rules.PhaseOver:
			out = append(out, "Thrown in: nobody named trump")
		}
		return out
	}
	tr := st.Trump.Render("Trump") + " " + p.SuitName(v.Trump) + " · maker " + sc.name(v.Maker)
	if v.Forced {
		tr += " (forced)"
	}
	out = append(out, tr, up)
	if v.Bottom != rules.NoCard {
		out = append(out, "bottom "+p.StyledCard(v.Bottom))
	}
	if v.DixBy != rules.NoSeat {
		out = append(out, sc.name(v.DixBy)+" took "+p.StyledCard(v.OrigUpcard)+" for the 7")
	}
	switch {
	case v.SeqWinner != rules.NoSeat && v.Players == 4:
		out = append(out, "sequences: "+sc.sideName(int(v.SeqWinner)%2))
	case v.SeqWinner != rules.NoSeat:
		out = append(out, "sequences: "+sc.name(v.SeqWinner))
	case v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver:
		out = append(out, "sequences: nobody")
	}
	return out
}

// packLine joins fragments with " · " into at most n lines of w cells,
// each line starting with a space; a fragment that does not fit is cut.
func packLine(frags []string, w, n int) []string {
	var out []string
	cur := ""
	for _, f := range frags {
		switch {
		case cur == "":
			cur = " " + f
		case kit.WidthOf(cur)+3+kit.WidthOf(f) <= w:
			cur += " · " + f
		default:
			out = append(out, kit.Clip(cur, w))
			cur = " " + f
		}
	}
	if cur != "" {
		out = append(out, kit.Clip(cur, w))
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// trickView is the trick area's cards by seat and what to say of it.
type trickView struct {
	cards  [4]rules.Card // by seat, NoCard for none
	leader rules.Seat
	winner rules.Seat // the card winning (or that won) it, NoSeat for none
	done   bool       // a finished trick
	title  string
}

// trickNow works out what the trick area shows: the trick on the table,
// the last trick while nobody has led again (or when asked with v), or
// nothing. Who is winning is the rules' answer (TrickWinnerOf).
func trickNow(sc *tableScene) trickView {
	v := &sc.V
	n := v.Players
	tv := trickView{cards: [4]rules.Card{rules.NoCard, rules.NoCard, rules.NoCard, rules.NoCard}, leader: rules.NoSeat, winner: rules.NoSeat}
	done := 0
	for s := range n {
		done += v.Tricks[s]
	}
	lay := func(cards []rules.Card, leader rules.Seat) {
		tv.leader = leader
		for i, c := range cards {
			tv.cards[(int(leader)+i)%n] = c
		}
		if len(cards) > 0 {
			tv.winner = rules.Seat((int(leader) + rules.TrickWinnerOf(cards, v.Trump)) % n)
		}
	}
	last := func() {
		lay(v.LastTrick[:n], v.LastLeader)
		tv.done = true
	}
	switch {
	case sc.ShowLast && v.LastLeader != rules.NoSeat:
		last()
		tv.title = fmt.Sprintf("Last trick: %s (v closes)", sc.does(tv.winner, "win"))
	case sc.ShowLast:
		tv.title = "No trick played yet (v closes)"
	case v.Phase == rules.PhasePlay && v.InTrick > 0:
		lay(v.Trick[:v.InTrick], v.Leader)
		tv.title = fmt.Sprintf("Trick %d: %s winning", done+1, sc.name(tv.winner))
		if tv.winner == sc.Me && !sc.Watching {
			tv.title = fmt.Sprintf("Trick %d: you are winning", done+1)
		}
	case (v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver) && v.LastLeader != rules.NoSeat:
		last()
		tv.title = fmt.Sprintf("Trick %d: %s", done, sc.does(tv.winner, "win"))
		if tv.winner == sc.Me && !sc.Watching {
			tv.title = fmt.Sprintf("Trick %d: you won it", done)
		} else {
			tv.title = fmt.Sprintf("Trick %d: %s won it", done, sc.name(tv.winner))
		}
	case v.Phase == rules.PhasePlay:
		tv.title = "Trick 1: " + sc.does(v.Leader, "lead")
	default:
		tv.title = "No trick yet"
	}
	return tv
}

// trickArea34 lays out the trick by seat: with three players the left
// seat's card, the person's and the right seat's side by side, each seat
// described beside its card; with four a cross, the partner's card on
// top. Under each card: "led", and "wins" or "won" under the winner.
func trickArea34(ctx *kit.Context, sc *tableScene, w int, size kit.CardSize) []string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	tv := trickNow(sc)
	colW := max(size.W+2, 8)
	band := func(s rules.Seat) []string {
		c := tv.cards[s]
		var face []string
		if c == rules.NoCard {
			face = p.Card(rules.NoCard, kit.LookSlot, size)
		} else {
			face = p.Card(c, kit.LookFace, size)
		}
		// The side seats are named by their description beside the
		// trick; the partner and the person over their cards.
		label := ""
		if p := sc.pos(s); p == 0 || (v.Players == 4 && p == 2) {
			label = sc.name(s)
		}
		out := []string{kit.Center(kit.Clip(label, colW), colW)}
		for _, l := range face {
			out = append(out, kit.Center(l, colW))
		}
		var marks []string
		if c != rules.NoCard && s == tv.leader {
			marks = append(marks, "led")
		}
		if s == tv.winner {
			if tv.done {
				marks = append(marks, st.Good.Render("won"))
			} else {
				marks = append(marks, st.Good.Render("wins"))
			}
		}
		return append(out, kit.Center(strings.Join(marks, " "), colW))
	}
	blank := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = kit.Repeat(" ", colW)
		}
		return out
	}
	bandH := size.H + 2
	var grid [3][]string // columns: left, middle, right
	left, right := sc.seatAt(1), sc.seatAt(v.Players-1)
	if v.Players == 4 {
		off := (bandH + 1) / 2
		rows := 2 * bandH
		grid[0] = append(append(blank(off), band(left)...), blank(rows-off-bandH)...)
		grid[1] = append(band(sc.seatAt(2)), band(sc.Me)...)
		grid[2] = append(append(blank(off), band(right)...), blank(rows-off-bandH)...)
	} else {
		grid[0] = append(band(left), blank(1)...)
		grid[1] = append(blank(1), band(sc.Me)...)
		grid[2] = append(band(right), blank(1)...)
	}
	// The side seats' descriptions sit outside the trick, at its edges.
	sideW := max(0, (w-3*colW)/2)
	lDesc, rDesc := seatLines(ctx, sc, left, sideW), seatLines(ctx, sc, right, sideW-1)
	descAt := 0
	if v.Players == 4 {
		descAt = (bandH + 1) / 2
	}
	rows := []string{" " + st.Heading.Render(tv.title)}
	for i := range grid[1] {
		l, r := "", ""
		if k := i - descAt; k >= 0 && k < len(lDesc) {
			l = lDesc[k]
		}
		if k := i - descAt; k >= 0 && k < len(rDesc) {
			r = rDesc[k]
		}
		rows = append(rows, kit.Fit(l, sideW)+grid[0][i]+grid[1][i]+grid[2][i]+" "+kit.Clip(r, max(0, sideW-1)))
	}
	// Tricks and card points won so far, by side.
	if v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver {
		var tricks, pts []string
		for _, i := range sc.sideOrder() {
			t, pt := 0, 0
			for s := range v.Players {
				if s%sc.sides() == i {
					t += v.Tricks[s]
					pt += v.Points[s]
				}
			}
			tricks = append(tricks, fmt.Sprintf("%s %d", sideShort(sc, i), t))
			pts = append(pts, fmt.Sprintf("%d", pt))
		}
		line := " Tricks: " + strings.Join(tricks, ", ") + " · points " + strings.Join(pts, "/")
		if v.BellaBy != rules.NoSeat {
			line += " · bella " + sc.name(v.BellaBy)
		}
		if v.MenageBy != rules.NoSeat {
			line += " · menage " + sc.name(v.MenageBy)
		}
		rows = append(rows, kit.Clip(line, w))
	}
	return rows
}

// sideShort names a side in a crowded line: the seat, or with four
// "us" and "them".
func sideShort(sc *tableScene, i int) string {
	if sc.players() != 4 {
		return sc.name(rules.Seat(i))
	}
	if sc.Watching {
		return rules.Seat(i).String() + rules.Seat(i+2).String()
	}
	if i == int(sc.Me)%2 {
		return "us"
	}
	return "them"
}

// handBlock34 draws the person's hand as the two-handed table does:
// sorted, the selected card raised, numbers and marks under the cards.
func handBlock34(ctx *kit.Context, sc *tableScene, w int, size kit.CardSize, cursor int, hand []rules.Card, legal rules.CardSet, playing bool) ([]string, []kit.Rect) {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	v := &sc.V
	n := len(hand)
	rows := make([]string, kit.HandRows(size))
	hw := kit.HandWidth(n, size)
	x0 := max(0, (w-hw)/2)
	rects := kit.CardRects(n, size, x0, 0)
	sel := -1
	if playing && n > 0 {
		sel = max(0, min(cursor, n-1))
	}
	pad := strings.Repeat(" ", x0)
	ntrump := 0
	if v.Trump < rules.NoTrumps {
		ntrump = v.Hand.Suit(v.Trump).Count()
	}
	label := pad + st.Dim.Render("Your hand")
	if sc.Watching {
		label = pad + st.Dim.Render(sc.name(sc.Me)+"'s hand")
	}
	if ntrump > 0 {
		tw := kit.HandWidth(ntrump, size)
		txt := "trump " + g.Suit(v.Trump)
		if tw < len([]rune(txt)) {
			txt = "trump"
		}
		label = pad + st.Trump.Render(kit.Center(txt, tw))
	}
	if n == 0 {
		label = pad + st.Dim.Render("(no cards)")
	}
	rows[0] = label
	kit.CardRows(ctx, rows[1:], hand, legal, sel, playing, size, pad)
	return rows, rects
}

// tableRight34 is the score pad over the table talk, or with v open
// the list of this deal's tricks.
func tableRight34(ctx *kit.Context, sc *tableScene, w, h int) []string {
	if sc.ShowLast {
		return trickList34(ctx, sc, w-1, h)
	}
	return padOverTalk(ctx, scorePad34(ctx, sc, w-1, max(4, h/2-1)), talkLines34(ctx, sc), w, h)
}

// scorePad34 is the running score by side: a row per finished deal
// with what each side scored (the maker's side starred), and the sum.
func scorePad34(ctx *kit.Context, sc *tableScene, w, h int) []string {
	st := &ctx.Styles
	order := sc.sideOrder()
	colW := 6
	if sc.players() == 4 {
		colW = 8
	}
	// A narrow pad (80 columns) tightens the columns so that the
	// outcome ("made", "bete", "thrown") is not cut: a score takes at
	// most four cells with its star, which ends every column with a
	// star or a space, so the outcome needs no space of its own; the
	// deal's number keeps one, and a name four letters.
	narrow := 3+len(order)*colW+len(" thrown") > w
	if narrow {
		colW = 5
	}
	row := func(deal string, cols []string, what string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%3s", deal)
		if narrow {
			b.WriteString(" ")
		}
		for _, c := range cols {
			fmt.Fprintf(&b, "%*s", colW, c)
		}
		if what != "" {
			if !narrow {
				b.WriteString(" ")
			}
			b.WriteString(what)
		}
		return kit.Fit(b.String(), w)
	}
	nameW := colW - 2
	if narrow {
		nameW = colW - 1
	}
	var heads []string
	for _, i := range order {
		hd := sideShort(sc, i)
		heads = append(heads, kit.Clip(strings.ToLower(hd), nameW)+" ")
	}
	out := []string{
		st.Heading.Render(kit.Fit(fmt.Sprintf("Score (game to %d)", sc.V.Options.Target), w)),
		st.Dim.Render(row("#", heads, "")),
	}
	room := max(1, h-4)
	first := 0
	if len(sc.Pad) > room {
		first = len(sc.Pad) - room + 1
		out = append(out, st.Dim.Render(row("…", nil, "")))
	}
	for i := first; i < len(sc.Pad); i++ {
		s := sc.Pad[i]
		var cols []string
		if s.Outcome == rules.Abandoned || s.Maker == rules.NoSeat {
			for range order {
				cols = append(cols, "- ")
			}
			out = append(out, row(fmt.Sprint(i+1), cols, "thrown"))
			continue
		}
		makerSide := int(s.Maker) % sc.sides()
		for _, side := range order {
			c := fmt.Sprint(s.Scored[side])
			if side == makerSide {
				c += "*"
			} else {
				c += " "
			}
			cols = append(cols, c)
		}
		out = append(out, row(fmt.Sprint(i+1), cols, s.Outcome.String()))
	}
	var sums []string
	for _, i := range order {
		sums = append(sums, fmt.Sprint(sc.Totals[i])+" ")
	}
	out = append(out, st.Heading.Render(row("sum", sums, "")))
	if len(sc.Pad) > 0 {
		out = append(out, st.Dim.Render(kit.Fit(" * maker", w)))
	}
	return out
}

// talkLines34 are the words of this deal in order: the declarations and
// the cards they moved (as far as this seat saw them), every bid, the
// dix, each word of the sequence dialogue, the melds shown, bella and
// the menage; in the replay with its analysis (sc.Mark), also each card
// play graded a mistake, with its mark ("Random B: 10♥ ?").
func talkLines34(ctx *kit.Context, sc *tableScene) []string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	n := v.Players
	card := func(c rules.Card) string {
		if c == rules.NoCard {
			return st.Dim.Render("a card unseen")
		}
		return p.StyledCard(c)
	}
	var out []string
	decl, shlomo := rules.NoSeat, false
	// The declarations come first: a round of asks for shlomo (three or
	// four players), then one for cleopatra (four), each ask "pass" or
	// the declaration. Their passes are not bids, so they say which
	// declaration they decline.
	var rounds []string
	if v.Options.Shlomo && n >= 3 {
		rounds = append(rounds, "no shlomo")
	}
	if v.Options.Cleopatra && n == 4 {
		rounds = append(rounds, "no cleopatra")
	}
	asks := 0
	for i, s := range v.History() {
		who := sc.name(s.Seat)
		a := s.Action
		var line string
		switch a.Kind {
		case rules.PlayCard:
			switch {
			case a.Bella && a.N == 50:
				line = who + ": menage (" + p.StyledCard(a.Card) + ")"
			case a.Bella:
				line = who + ": bella (" + p.StyledCard(a.Card) + ")"
			case sc.Mark != nil && sc.Mark(i) != "":
				// A card play is no word, but the replay's analysis
				// marks one graded a mistake (?! ? ??) here too.
				line = who + ": " + p.StyledCard(a.Card)
			default:
				continue
			}
		case rules.Shlomo, rules.Cleopatra:
			decl, shlomo = s.Seat, a.Kind == rules.Shlomo
			asks++
			line = who + ": " + a.String() + " (+20)"
		case rules.Draw:
			from := rules.Counterpart(n, decl, rules.Shlomo)
			line = sc.name(decl) + " draws " + card(a.Card) + " from " + sc.name(from)
		case rules.Give:
			to := rules.Counterpart(n, s.Seat, rules.Cleopatra)
			if shlomo {
				to = rules.Counterpart(n, decl, rules.Shlomo)
			}
			line = who + " gives " + card(a.Card) + " to " + sc.name(to)
		case rules.Pass:
			if asks < len(rounds)*n {
				line = who + ": " + rounds[asks/n]
				asks++
			} else {
				line = who + ": pass"
			}
		case rules.Exchange:
			line = who + " exchanged the dix: took " + p.StyledCard(v.OrigUpcard)
		case rules.Name:
			line = who + ": " + p.SuitName(a.Suit)
		default:
			line = who + ": " + a.Words()
		}
		if sc.Forced != nil {
			if why, ok := sc.Forced(i); ok {
				line += st.Dim.Render(" (auto: " + why + ")")
			}
		}
		mark := ""
		if sc.Mark != nil {
			mark = sc.Mark(i)
		}
		out = append(out, st.Talk.Render(line)+mark)
	}
	for s := range n {
		if shown := v.Shown[s]; shown != 0 {
			// In sequence order, a suit at a time: Q J 10 9.
			var cs []string
			for _, su := range kit.SuitOrder(shown, kit.PlainTrump(v.Trump)) {
				x := shown.Suit(su).Cards()
				sort.Slice(x, func(i, j int) bool { return x[i].Rank() > x[j].Rank() })
				for _, c := range x {
					cs = append(cs, p.Glyphs.CardText(c))
				}
			}
			out = append(out, kit.Capital(sc.does(rules.Seat(s), "show"))+" "+strings.Join(cs, " "))
		}
	}
	return out
}

// trickList34 lists this deal's finished tricks for the v key: who led,
// the cards in play order, who won and the points (the rules' own
// TableTricks), the latest last when they do not all fit in h rows.
func trickList34(ctx *kit.Context, sc *tableScene, w, h int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	out := []string{st.Heading.Render("This deal's tricks")}
	tricks := v.CompletedTricks()
	if len(tricks) == 0 {
		return append(out, st.Dim.Render("(no trick finished yet)"))
	}
	var rows []string
	for _, tr := range tricks {
		cards := make([]string, tr.N)
		for i, c := range tr.Cards[:tr.N] {
			cards[i] = p.StyledCard(c)
		}
		rows = append(rows, kit.Clip(fmt.Sprintf("%d %s: %s → %s %d", tr.No, sc.name(tr.Leader), strings.Join(cards, " "), sc.name(tr.Winner), tr.Points), w))
	}
	if room := max(1, h-len(out)-1); len(rows) > room {
		rows = rows[len(rows)-room:]
	}
	out = append(out, rows...)
	return append(out, st.Dim.Render(kit.Clip("leader: cards → winner points", w)))
}
