package table

import (
	"fmt"
	"sort"
	"strings"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// talkLines are the words of the deal in order: the declarations and
// the cards they moved (as far as the bottom seat saw them), every bid,
// the dix, each word of the sequence dialogue, the melds shown (after
// the first trick, when they are shown), bella and the menage. A move
// taken for the person says why; a replay's analysis marks each graded
// decision (Mark), a card play graded a mistake on a line of its own.
func (sc *Scene) talkLines(ctx *kit.Context) []string {
	out, _ := sc.talkMarked(ctx)
	return out
}

// talkMarked is talkLines with, for each line, whether it is the chat's
// (a person's words, of any length) rather than the game's.
func (sc *Scene) talkMarked(ctx *kit.Context) (out []string, isChat []bool) {
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
	shows := sc.showLines(ctx)
	cards := 0
	hist := v.History()
	// The chat's lines go among the words, each where it was said: the
	// lines of earlier deals first.
	chat := func(keep func(SceneChat) bool) {
		for _, c := range sc.Chat {
			if keep(c) {
				// The game's lines before these are not the chat's.
				isChat = append(isChat, make([]bool, len(out)-len(isChat))...)
				for _, l := range chatText(ctx, c, sc.chatName, sc.ownName()) {
					out = append(out, l)
					isChat = append(isChat, true)
				}
			}
		}
	}
	chat(func(c SceneChat) bool { return c.Deal < sc.DealNo || (c.Deal == sc.DealNo && c.Step == 0) })
	lastRightWord := -1 // the dialogue's last word that may move the right
	for i, s := range hist {
		if s.Action.Kind.MayTakeRight() {
			lastRightWord = i
		}
	}
	for i, s := range hist {
		who := sc.who(i, s.Seat)
		a := s.Action
		var line string
		switch a.Kind {
		case rules.PlayCard:
			cards++
			switch w := kit.BellaWord(a); {
			case w != "":
				line = who + ": " + w + " (" + p.StyledCard(a.Card) + ")"
			case sc.Mark != nil && sc.Mark(i) != "":
				line = who + ": " + p.StyledCard(a.Card)
			}
		case rules.Shlomo, rules.Cleopatra:
			line = fmt.Sprintf("%s: %s (+%d)", who, a, rules.DeclarationPoints)
		case rules.Draw:
			_, from, to, _ := rules.Swap(n, hist, i)
			line = sc.Does(to, "draw") + " " + card(a.Card) + " from " + sc.Lower(from)
		case rules.Give:
			_, from, to, _ := rules.Swap(n, hist, i)
			line = sc.Does(from, "give") + " " + card(a.Card) + " to " + sc.Lower(to)
		case rules.Pass:
			line = who + ": pass"
			if w := Declined(v, i); w != "" {
				line = who + ": " + w
			}
		case rules.Exchange:
			line = who + " exchanged the dix: took " + p.StyledCard(v.OrigUpcard)
		case rules.Name:
			line = who + ": " + p.SuitName(a.Suit)
		case rules.Same:
			line = who + ": same"
			if v.SeqWinner != rules.NoSeat && i == lastRightWord {
				// A tie of value and top card is settled by the rules,
				// not by a word: say so where the tie decided the right
				// (a later claim, at three or four, takes it from there).
				line += st.Dim.Render(" (a tie: " + sc.Lower(v.SeqWinner) + " " + sc.have(v.SeqWinner) + " the right by the rule on ties)")
			}
		default:
			line = who + ": " + a.Words()
		}
		if line != "" {
			if sc.Forced != nil {
				if why, ok := sc.Forced(i); ok {
					line += st.Dim.Render(" (automatic: " + why + ")")
				}
			}
			mark := ""
			if sc.Mark != nil {
				if m := sc.Mark(i); m != "" {
					mark = " " + m
				}
			}
			out = append(out, st.Talk.Render(line)+mark)
		}
		if a.Kind == rules.PlayCard && cards == n {
			// The first trick is over: the melds are shown now.
			out = append(out, shows...)
			shows = nil
		}
		chat(func(c SceneChat) bool { return c.Deal == sc.DealNo && c.Step == i+1 })
	}
	out = append(out, shows...)
	chat(func(c SceneChat) bool { return c.Deal > sc.DealNo || (c.Deal == sc.DealNo && c.Step > len(hist)) })
	return out, append(isChat, make([]bool, len(out)-len(isChat))...)
}

// have is "have" after "you", "has" after a name.
func (sc *Scene) have(s rules.Seat) string {
	if s == sc.You && s != rules.NoSeat {
		return "have"
	}
	return "has"
}

// showLines say the melds each seat has shown: "West shows Q♦ J♦ 10♦
// (20)", the cards a suit at a time in sequence order.
func (sc *Scene) showLines(ctx *kit.Context) []string {
	p := ctx.Paint
	v := &sc.V
	var out []string
	for s := range v.Players {
		shown := v.Shown[s]
		if shown == 0 {
			continue
		}
		// cards writes set's cards, suit by suit as the hand shows them,
		// high to low.
		cards := func(set rules.CardSet) string {
			var cs []string
			for _, su := range kit.SuitOrder(set, kit.PlainTrump(v.Trump)) {
				x := set.Suit(su).Cards()
				sort.Slice(x, func(i, j int) bool { return x[i].Rank() > x[j].Rank() })
				for _, c := range x {
					cs = append(cs, p.Glyphs.CardText(c))
				}
			}
			return strings.Join(cs, " ")
		}
		// Each meld on its own with its points: a run and a set may
		// share a card, and one list of them all would show a pair.
		var melds []string
		left := shown
		for _, m := range rules.Melds(shown, v.Trump, v.Options) {
			set := m.CardsIn(shown)
			left &^= set
			melds = append(melds, fmt.Sprintf("%s (%d)", cards(set), m.Value()))
		}
		if left != 0 || len(melds) == 0 {
			melds = []string{cards(shown)}
			if pts := rules.MeldPoints(shown, v.Trump, v.Options); pts > 0 {
				melds[0] += fmt.Sprintf(" (%d)", pts)
			}
		}
		out = append(out, sc.Does(rules.Seat(s), "show")+" "+strings.Join(melds, ", "))
	}
	return out
}

// DealList is the v list at the table: the deal's words as the bottom
// seat knows them (talkLines without the chat: the bids, the
// declarations and the cards they moved that it saw, the dialogue, the
// melds shown, bella), each wrapped to w, then TrickList. The words
// panel beside the table keeps only the last words; here they are read
// again whole; and under them the score pad with every deal of the
// game, and the table talk whole (talkList). opens is the line the list
// opens at.
func (sc *Scene) DealList(ctx *kit.Context, w int) (lines []string, opens int) {
	quiet := *sc
	quiet.Chat = nil
	words := quiet.talkLines(ctx)
	if len(words) > 0 {
		lines = append(lines, " "+ctx.Styles.Heading.Render("This deal's words"))
		for _, l := range words {
			// A long line goes on under itself, set in.
			lines = append(lines, kit.Hang(" ", "   ", kit.WrapLines(l, w-3, 0, ctx.Ellipsis()))...)
		}
		lines = append(lines, "")
	}
	// The list opens at its tricks once one is played; before, at its
	// top: the tricks' part only says none is, and the words (the
	// bidding) are the news.
	if v := &sc.V; len(v.CompletedTricks()) > 0 || v.InTrick > 0 {
		opens = len(lines)
	}
	lines = append(lines, sc.TrickList(ctx, w)...)
	if len(sc.Pad) > 0 {
		// The game's every deal: the pad beside the table gives its
		// oldest rows up to the room.
		lines = append(append(lines, ""), kit.Indent(" ", sc.scorePad(ctx, min(60, w-2), len(sc.Pad)+8), nil)...)
	}
	return append(lines, sc.talkList(ctx, w)...), opens
}

// talkList is the table talk at the v list's end (end goes to it):
// every line the room keeps, each whole, wrapped to w, where the panel
// and the screens between deals keep only the newest rows. None where
// nobody has talked.
func (sc *Scene) talkList(ctx *kit.Context, w int) []string {
	if len(sc.Chat) == 0 {
		return nil
	}
	lines := []string{"", " " + ctx.Styles.Heading.Render("Table talk")}
	for _, c := range sc.Chat {
		for _, l := range chatText(ctx, c, nil, sc.ownName()) {
			lines = append(lines, kit.Indent(" ", kit.WrapTalk(l, max(1, w-3), 0, ctx.Ellipsis()), nil)...)
		}
	}
	return lines
}

// TrickList lists the deal's tricks, for the v key: each card with
// who played it, in play order from the lead, who won, the points and
// the tricks won so far by side, then the trick on the table; in lines
// of at most w cells. A card is named with its player, never told by
// its column alone: a screen reader reads the row as words. The names
// are shortened, as far as their first letters, when the rows
// would run past the window.
func (sc *Scene) TrickList(ctx *kit.Context, w int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	head := "This deal's tricks"
	if v.Trump != rules.NoSuit {
		head += " (trump " + p.Glyphs.SuitName(v.Trump) + ")"
		if v.Trump == rules.NoTrumps {
			head = "This deal's tricks (no trumps)"
		}
	}
	out := []string{" " + st.Heading.Render(head)}
	tricks := v.CompletedTricks()
	if len(tricks) == 0 && v.InTrick == 0 {
		if v.Phase == rules.PhaseOver {
			// Over without a trick: thrown in, and none will be played.
			return append(out, "", " No trick was played: the deal was thrown in.")
		}
		return append(out, "", " No trick has been played yet.")
	}
	rows := sc.trickRows(ctx, w, tricks)
	for _, nw := range []int{12, 6, 4, 3, 2} {
		if rows.width <= w {
			break
		}
		rows = sc.shortTo(ctx, nw).trickRows(ctx, w, tricks)
	}
	out = append(out, st.Dim.Render(kit.Clip(rows.head, w)))
	for _, r := range rows.lines {
		out = append(out, kit.Clip(r, w))
	}
	legend := " points: the cards of the trick"
	if v.Options.LastTrick > 0 {
		legend += fmt.Sprintf(", and %d for the last trick", v.Options.LastTrick)
	}
	out = append(out, "", st.Dim.Render(kit.Clip(legend, w)))
	if rows.wonAlone {
		var sides []string
		for _, side := range sc.SideOrder() {
			sides = append(sides, sc.sideShort(side))
		}
		wonSaid := "won: the tricks won so far, " + strings.Join(sides, " – ")
		for _, l := range kit.Hang(" ", "   ", kit.Wrap(wonSaid, max(1, w-3))) {
			out = append(out, st.Dim.Render(kit.Clip(l, w)))
		}
	}
	return out
}

// trickTable is TrickList's rows: the columns' heads, a row a trick,
// and the widest of them; wonAlone when the column of tricks won is
// headed "won" alone, for the legend to name the sides whole.
type trickTable struct {
	head     string
	lines    []string
	width    int
	wonAlone bool
}

// trickRows lays out TrickList's rows with this scene's names: a cell a
// card, its player's name then the card, each column as wide as its
// widest cell, so that the cards stand one under another.
func (sc *Scene) trickRows(ctx *kit.Context, w int, tricks []rules.Trick) (t trickTable) {
	p := ctx.Paint
	v := &sc.V
	n := v.Players
	// The one K and Q of trump are said once a deal: as the menage when
	// their holder held the jack too, else as bella.
	said := " bella"
	if v.MenageBy != rules.NoSeat {
		said = " menage"
	}
	type cell struct{ name, card, text string }
	cellOf := func(s rules.Seat, c rules.Card, bella bool) cell {
		text := p.Glyphs.CardText(c)
		card := p.StyledCard(c)
		if bella {
			text += said
			card += said
		}
		return cell{sc.Name(s), card, text}
	}
	var cells [][]cell
	for _, t := range tricks {
		var row []cell
		for i := range t.N {
			row = append(row, cellOf(t.Seats[i], t.Cards[i], t.Bella[i]))
		}
		cells = append(cells, row)
	}
	if v.Phase == rules.PhasePlay && v.InTrick > 0 {
		var row []cell
		for i := range v.InTrick {
			row = append(row, cellOf(sc.playedAt(v.Leader, i), v.Trick[i], false))
		}
		cells = append(cells, row)
	}
	nameW, cardW := make([]int, n), make([]int, n)
	for _, row := range cells {
		for i, c := range row {
			nameW[i] = max(nameW[i], kit.WidthOf(c.name))
			cardW[i] = max(cardW[i], kit.WidthOf(c.text))
		}
	}
	cardsW := 0
	for i := range n {
		cardsW += nameW[i] + 1 + cardW[i] + 2
	}
	cardsW -= 2
	wonW := 6
	for s := range rules.Seat(n) {
		wonW = max(wonW, kit.WidthOf(sc.Name(s)))
	}
	// The cards' column is headed the same in every deal: as wide as
	// its head at least (its last column padded), where the list has
	// room for that, rather than headed by the width this deal's cards
	// happen to take.
	cardsHead := "cards, the first led"
	if extra := kit.WidthOf(cardsHead) - cardsW; extra > 0 {
		if 1+3+1+cardsW+extra+2+wonW+1+6+2+len("won") <= w {
			cardW[n-1] += extra
			cardsW += extra
		} else {
			cardsHead = "cards"
		}
	}
	// The sides' names head the count of tricks won. Where they do not
	// fit (two teams of two), the column is headed "won" and the legend
	// under the list names the sides whole.
	// A dash between names that hold spaces ("Tester & North", "Bot C")
	// is spaced too, as the legend's, so that it reads between the
	// sides, never as "North–West".
	var sideHeads []string
	dash := "–"
	for _, side := range sc.SideOrder() {
		sideHeads = append(sideHeads, sc.sideShort(side))
		if strings.Contains(sc.sideShort(side), " ") {
			dash = " – "
		}
	}
	headWith := func(won string) string {
		return fmt.Sprintf(" %-3s %-*s  %-*s %6s  %s", "#", cardsW, cardsHead, wonW, "won by", "points", won)
	}
	t.head = headWith("won (" + strings.Join(sideHeads, dash) + ")")
	if kit.WidthOf(t.head) > w {
		t.head, t.wonAlone = headWith("won"), true
	}
	t.width = kit.WidthOf(t.head)
	cardCells := func(row []cell) string {
		var b strings.Builder
		for i, c := range row {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(kit.Fit(c.name, nameW[i]) + " " + c.card + kit.Repeat(" ", max(0, cardW[i]-kit.WidthOf(c.text))))
		}
		return b.String()
	}
	count := make([]int, sc.Sides())
	for k, tr := range tricks {
		count[sc.sideOf(tr.Winner)]++
		var so []string
		for _, side := range sc.SideOrder() {
			so = append(so, fmt.Sprint(count[side]))
		}
		line := fmt.Sprintf(" %-3d %s  %s %6d  %s", tr.No, cardCells(cells[k]), kit.Fit(sc.Name(tr.Winner), wonW), tr.Points,
			strings.Join(so, "–"))
		t.lines = append(t.lines, line)
		t.width = max(t.width, kit.WidthOf(line))
	}
	if len(cells) > len(tricks) {
		line := fmt.Sprintf(" %-3d %s  …", len(tricks)+1, strings.TrimRight(cardCells(cells[len(tricks)]), " "))
		t.lines = append(t.lines, line)
		t.width = max(t.width, kit.WidthOf(line))
	}
	return t
}

// scorePad is the running score by side: a row per finished deal with
// what each side scored (the maker's side starred, marked + instead
// where its score holds the bimah) and how the deal went, and the sums;
// the oldest rows give way when there is no room.
func (sc *Scene) scorePad(ctx *kit.Context, w, h int) []string {
	out, _ := sc.scorePadAt(ctx, w, h, padScroll{})
	return out
}

// padScroll is where a score pad that scrolls stands: on (the keys
// scroll it, and its marks say so), back rows up from the newest.
type padScroll struct {
	on   bool
	back int
}

// scorePadAt is scorePad scrolled to at, and the farthest back it
// scrolls in h lines (0 when every row shows). A row "…" stands for the
// rows left out above, and, scrolled back, below; when the pad scrolls
// they say which key shows them.
func (sc *Scene) scorePadAt(ctx *kit.Context, w, h int, at padScroll) ([]string, int) {
	st := &ctx.Styles
	order := sc.SideOrder()
	// A column is as wide as its side's name needs, within the pad's
	// width left of the outcome ("made", "bete", "equal"), and as its
	// numbers need. Each column's cells start with its gap, so the
	// deal's number needs none of its own. A thrown-in deal scores
	// nothing and says so across the columns.
	need := 0 // the widest name and its gap
	for _, i := range order {
		need = max(need, kit.WidthOf(sc.sideShort(i))+1)
	}
	roomy := max(5, (w-3-len(" equal"))/len(order))
	colW := min(max(6, need), roomy)
	if tight := max(5, (w-3-len(" b"))/len(order)); !sc.teams() && need > colW && need <= tight {
		// A name that fits whole once the outcomes are letters (told
		// under the pad) takes that room rather than being cut, at two
		// as at three: "Bot C" at three in 80 columns, "normal B" at
		// two. (Teams of four are written a partner a row instead.)
		colW = need
	}
	// A number is never cut and never touches its neighbours: its
	// column holds the widest score or sum with a gap before it and the
	// star's cell after it, names or not.
	numW := 0
	for _, s := range sc.Pad {
		for _, i := range order {
			numW = max(numW, len(fmt.Sprint(s.Scored[i])))
		}
	}
	for _, i := range order {
		numW = max(numW, len(fmt.Sprint(sc.Totals[i])))
	}
	colW = max(colW, numW+2)
	// Where the columns leave no room for "made" or "bete", each
	// outcome is its first letter, told under the pad; where they leave
	// none for the deal's number either, that column is only as wide
	// as the deals' numbers and the sums are headed "Σ".
	dealW, sumHead := 3, "sum"
	if dealW+len(order)*colW > w {
		dealW = max(2, len(fmt.Sprint(len(sc.Pad))))
		sumHead = "Σ"
		if ctx.ASCII {
			sumHead = "S"
		}
	}
	lettered := dealW+len(order)*colW+len(" bete") > w
	told := !lettered || dealW+len(order)*colW+len(" b") <= w
	row := func(deal string, cols []string, what string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%*s", dealW, deal)
		for _, c := range cols {
			fmt.Fprintf(&b, "%*s", colW, c)
		}
		if what != "" && len(cols) > 0 {
			switch {
			case !told:
				what = ""
			case lettered:
				what = what[:1]
			}
		}
		if what != "" {
			// At three in the pad's narrowest width (80 columns) "equal"
			// fits only in the trailing space a cell keeps for the
			// maker's star; beside a star it is "eq.", never run into a
			// score.
			sep := " "
			if kit.WidthOf(b.String())+1+kit.WidthOf(what) > w {
				if strings.HasSuffix(b.String(), " ") {
					sep = ""
				} else if what == rules.Tie.Word() {
					what = "eq."
				}
			}
			b.WriteString(sep + what)
		}
		return kit.Fit(b.String(), w)
	}
	head := fmt.Sprintf("Score (game to %d)", sc.V.Options.Target)
	if sc.Board != "" {
		head = "Score (one deal)" // a board: no game, no sum of deals
	}
	out := []string{st.Heading.Render(kit.Fit(head, w))}
	// "#" a cell left of the deals' numbers: a head as wide as its
	// column's room never touches it. A team too long for its column is
	// written a partner a row, so that it is named rather than lettered.
	heads := sc.padHeads(ctx, colW-1)
	// Heads that had to fall back to the seats' letters are told under
	// the pad: a letter a line, with the name it stands for.
	var legend []string
	for k, i := range order {
		if len(heads) == 1 && k < len(heads[0]) && heads[0][k] == rules.SideName(sc.players(), i) && heads[0][k] != sc.SideName(i) {
			legend = append(legend, st.Dim.Render(kit.Fit(kit.Cut(" "+heads[0][k]+" "+sc.SideName(i), w, ctx.Ellipsis()), w)))
		}
	}
	if lettered && told {
		// The outcomes' letters, as many a line as fit.
		line := ""
		for _, o := range []rules.Outcome{rules.Made, rules.Bete, rules.Tie} {
			shown := false
			for _, s := range sc.Pad {
				shown = shown || (s.Outcome == o && s.Maker != rules.NoSeat)
			}
			if !shown {
				continue
			}
			item := " " + o.Word()[:1] + " " + o.Word()
			if line != "" && kit.WidthOf(line+" "+item) > w {
				legend = append(legend, st.Dim.Render(kit.Fit(line, w)))
				line = ""
			}
			if line != "" {
				item = " " + item
			}
			line += item
		}
		if line != "" {
			legend = append(legend, st.Dim.Render(kit.Fit(line, w)))
		}
	}
	for k, hr := range heads {
		var cells []string
		for _, n := range hr {
			cells = append(cells, n+" ")
		}
		deal := ""
		if k == len(heads)-1 {
			deal = "# "
		}
		out = append(out, st.Dim.Render(row(deal, cells, "")))
	}
	// A deal the maker's side won with the bimah marks its score "+"
	// for "*", each told on a line of its own under the pad: a line for
	// each mark the rows shown hold, so a pad cut to a few rows gives the
	// line of a mark none of them holds to one more deal.
	marksOf := func(first, end int) int {
		star, plus := 0, 0
		for _, s := range sc.Pad[first:end] {
			switch {
			case s.ThrownIn():
			case s.Bimah > 0:
				plus = 1
			default:
				star = 1
			}
		}
		return star + plus
	}
	// window is the rows shown, and how far back the pad scrolls, when
	// marks lines are kept under it.
	window := func(marks int) (first, end, most int) {
		room := max(1, h-2-marks-len(heads)-len(legend))
		first, end = 0, len(sc.Pad)
		if len(sc.Pad) <= room {
			return first, end, 0
		}
		// Scrolled to the top, a mark below only; else one above too.
		most = len(sc.Pad) - max(1, room-1)
		back := max(0, min(at.back, most))
		end = len(sc.Pad) - back
		rows := room - 1
		if back > 0 {
			rows = max(1, room-2)
		}
		first = end - rows
		if first <= 1 && back > 0 {
			// No mark above: its row shows the first deal.
			first, end = 0, max(1, room-1)
		}
		return first, end, most
	}
	all := marksOf(0, len(sc.Pad))
	// How far the pad scrolls is kept as the lines of every mark leave
	// it, wherever it stands, so that a key's step never changes it.
	first, end, most := window(all)
	for m := range all {
		if f, e, _ := window(m); marksOf(f, e) <= m {
			first, end = f, e
			break
		}
	}
	if first > 0 {
		what := ""
		if at.on {
			what = fmt.Sprintf("↑ %s", kit.Plural(first, "earlier deal"))
		}
		out = append(out, st.Dim.Render(row("…", nil, what)))
	}
	starred, bimah := false, false // a row shown holds a maker's star, a bimah's mark
	for i := first; i < end; i++ {
		s := sc.Pad[i]
		var cols []string
		if s.ThrownIn() {
			out = append(out, row(fmt.Sprint(i+1), nil, "  thrown in"))
			continue
		}
		mark := "*"
		if s.Bimah > 0 {
			mark, bimah = "+", true
		} else {
			starred = true
		}
		makerSide := sc.sideOf(s.Maker)
		for _, side := range order {
			c := fmt.Sprint(s.Scored[side])
			if side == makerSide {
				c += mark
			} else {
				c += " "
			}
			cols = append(cols, c)
		}
		// The outcome in the rules' words ("equal"), not the log's.
		out = append(out, row(fmt.Sprint(i+1), cols, s.Outcome.Word()))
	}
	if end < len(sc.Pad) {
		what := ""
		if at.on {
			what = fmt.Sprintf("↓ %s", kit.Plural(len(sc.Pad)-end, "later deal"))
		}
		out = append(out, st.Dim.Render(row("…", nil, what)))
	}
	// A sum keeps the cell of the maker's star, to stand under the
	// scores, unless it would then fill its column and run into what is
	// left of it ("sum1244").
	var sums []string
	for _, i := range order {
		c := fmt.Sprint(sc.Totals[i])
		if len(c)+1 < colW {
			c += " "
		}
		sums = append(sums, c)
	}
	if sc.Board == "" {
		out = append(out, st.Heading.Render(row(sumHead, sums, "")))
	}
	if starred {
		out = append(out, st.Dim.Render(kit.Fit(" * maker", w)))
	}
	if bimah {
		// The bimah is in the score: the line says how much of it.
		said := fmt.Sprintf(" + maker with bimah +%d", rules.BimahPoints)
		if kit.WidthOf(said) > w {
			said = fmt.Sprintf(" + maker, bimah +%d", rules.BimahPoints)
		}
		out = append(out, st.Dim.Render(kit.Fit(kit.Cut(said, w, ctx.Ellipsis()), w)))
	}
	return append(out, legend...), most
}

// padHeads are the score pad's column heads in w cells, in SideOrder:
// one row of the sides' names (colNames), or when a team's partners do
// not fit a column together, a row for each partner, each name cut
// short as kit.ShortNames keeps them apart.
func (sc *Scene) padHeads(ctx *kit.Context, w int) [][]string {
	per := sc.players() / sc.Sides()
	long := false
	for _, i := range sc.SideOrder() {
		long = long || kit.WidthOf(sc.sideShort(i)) > w
	}
	if per == 1 || !long {
		return [][]string{sc.colNames(ctx, w, true)}
	}
	cut := kit.ShortTagged(sc.memberNames(), w, shortMark(ctx))
	if cut == nil {
		return [][]string{sc.colNames(ctx, w, true)}
	}
	out := make([][]string, per)
	for k, n := range cut {
		out[k%per] = append(out[k%per], n)
	}
	return out
}

// Declined is what the pass at step i of the deal's history says when
// it declines a declaration rather than bids: "no shlomo", "no
// cleopatra"; "" for a bid's pass. Which round a pass belongs to is the
// rules' to say.
func Declined(v *rules.View, i int) string {
	if k := v.Declines(i); k != rules.NoAction {
		return "no " + rules.Action{Kind: k}.Words()
	}
	return ""
}
