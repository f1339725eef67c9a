package learn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/table"
)

// View draws the lesson: the step's title and text, the lesson's deal
// as a small table, why the last move was refused, and what to do.
func (s *Screen) View(ctx *kit.Context) string {
	out, _ := s.render(ctx)
	return out
}

// render draws the step and returns the row of the screen where the
// hand's cards start, -1 when no hand is shown.
func (s *Screen) render(ctx *kit.Context) (string, int) {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	step := s.run.Step()
	sec := s.run.Text()[step.Name]
	cur, total := s.run.Stops()

	where := fmt.Sprintf(" · step %d of %d · ", cur, total)
	if n, of := s.run.Trick(); n > 0 && step.Kind == lesson.Play {
		// The card play is one step of nine tricks: its trick shows
		// how far it has come.
		where = fmt.Sprintf(" · step %d of %d, trick %d of %d · ", cur, total, n, of)
	}
	head := " " + st.Title.Render("Klob lesson") + where + st.Heading.Render(sec.Title)
	top := []string{kit.Clip(head, w), kit.Rule(ctx, w)}

	var table []string
	if s.run.Dealt() && step.Kind != lesson.End && step.Kind != lesson.Score {
		table = append([]string{kit.Rule(ctx, w)}, s.tableLines(ctx, step)...)
	}
	var bottom []string
	bottom = append(bottom, kit.Rule(ctx, w))
	switch {
	case s.note == kit.BySuit.Note() || s.note == kit.ByStrength.Note():
		// What o did is news, not a refusal: no "!", as at the table.
		bottom = append(bottom, kit.Indent(" ", kit.Wrap(s.note, max(10, w-2)), nil)...)
	case s.note != "":
		bottom = append(bottom, kit.Indent(" ",
			kit.Wrap("! "+s.note, max(10, w-2)), st.Error.Render)...)
	}
	// The keys go after the prompt when they fit beside it, else on a
	// line of their own under it: measured as drawn, for under -ascii
	// the App writes "←/→" as "<-/->", two cells wider.
	prompt, keys := s.promptLine(ctx, step), s.keyRow(ctx, step, w)
	if one := prompt + "  " + keys; kit.WidthOf(ctx.Shown(one)) <= w {
		bottom = append(bottom, one)
	} else {
		bottom = append(bottom, prompt, keys)
	}

	// The text takes the room left: the table's blank rows (no trick
	// yet, no card numbers before the card play) give way to it first,
	// then it scrolls.
	text := s.textLines(ctx, sec, step, w)
	for i := len(table) - 1; i > 0 && len(text) > h-len(top)-len(table)-len(bottom); i-- {
		if strings.TrimSpace(ansi.Strip(table[i])) == "" {
			table = slices.Delete(table, i, i+1)
		}
	}
	room := max(1, h-len(top)-len(table)-len(bottom))
	maxScroll := max(0, len(text)-room)
	s.scroll = min(s.scroll, maxScroll)
	shown := text[s.scroll:]
	if len(shown) > room {
		shown = shown[:room]
		shown[room-1] = " " + st.Dim.Render("↓ more: press ↓ or j")
	}
	lines := kit.Padded(append(top, shown...), h-len(table)-len(bottom), table...)
	lines = append(lines, bottom...)
	handTop := -1
	if len(table) > 0 {
		// The hand ends the table, just above the bottom lines.
		handTop = len(lines) - len(bottom) - len(s.handLines(ctx, step))
	}
	return kit.Canvas(lines, w, h), handTop
}

// textLines is the step's text wrapped to w, and the score of the deal
// on the Score step.
func (s *Screen) textLines(ctx *kit.Context, sec lesson.Section, step lesson.Step, w int) []string {
	var out []string
	for i, p := range sec.Paras {
		if i > 0 && !(p.Item && sec.Paras[i-1].Item) {
			out = append(out, "")
		}
		switch {
		case p.Pre:
			for _, l := range strings.Split(p.Text, "\n") {
				out = append(out, " "+kit.Clip(l, w-1))
			}
		case p.Item:
			out = append(out, kit.Hang(" "+ctx.Paint.Glyphs.PlayMark+" ", "   ",
				kit.Wrap(p.Text, max(10, w-5)))...)
		default:
			out = append(out, kit.Indent(" ", kit.Wrap(p.Text, max(10, w-2)), nil)...)
		}
	}
	if step.Kind == lesson.Score {
		if recs := s.run.Records(); len(recs) > 0 {
			out = append(out, "")
			out = append(out, s.scoreLines(ctx, recs[len(recs)-1], w)...)
		}
	}
	return out
}

// scoreLines is the breakdown of the lesson's scored deal: a column per
// side as a game's result shows it, the game's totals under it.
func (s *Screen) scoreLines(ctx *kit.Context, rec rules.DealRecord, w int) []string {
	sc := table.Scene{V: s.run.View(), You: lesson.You, Totals: rec.Totals}
	for seat := range rules.Seat(s.run.Players()) {
		sc.Players = append(sc.Players, table.Player{Name: s.run.Name(seat)})
	}
	return sc.ResultLines(ctx, rec.Score, rec.Ending, rec.Schmeisser, w)
}

// tableLines is the lesson's deal: the bots' hands face down, the
// dealer, the upcard and trump, what was said, the trick, and your hand.
func (s *Screen) tableLines(ctx *kit.Context, step lesson.Step) []string {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	v := s.run.View()
	d := s.run.Game().Deal()
	who, lower := s.run.Name, s.inSentence
	// The facts of the deal: the dealer, the upcard and the bottom card.
	var facts []string
	switch {
	case d.Dealer() == lesson.You:
		facts = append(facts, "you deal")
	case v.Players == 2:
		facts = append(facts, "the bot deals")
	default:
		facts = append(facts, who(d.Dealer())+" deals")
	}
	// After the dix exchange the upcard is still the card turned up;
	// the 7 lying in its place is named for what it is, as the table
	// of a game does.
	switch {
	case v.Upcard != rules.NoCard && v.DixBy != rules.NoSeat && v.Upcard != v.OrigUpcard:
		facts = append(facts, "upcard "+p.StyledCard(v.OrigUpcard)+", the dix "+p.StyledCard(v.Upcard)+" in its place")
	case v.Upcard != rules.NoCard:
		facts = append(facts, "upcard "+p.StyledCard(v.Upcard))
	case v.OrigUpcard != rules.NoCard && v.Maker != rules.NoSeat && v.Options.MakerTakesUpcard():
		// With four the maker took the upcard into its hand.
		facts = append(facts, "upcard "+p.StyledCard(v.OrigUpcard)+" to "+lower(v.Maker))
	}
	if v.Bottom != rules.NoCard {
		facts = append(facts, "bottom "+p.StyledCard(v.Bottom))
	}
	hands, later := s.handsLine(ctx, &v, facts)
	out := []string{hands}
	// What was said this deal, the newest words last.
	var talk []string
	cards := 0
	for _, stp := range v.History() {
		a := stp.Action
		switch {
		case a.Kind == rules.PlayCard && a.Bella:
			talk = append(talk, who(stp.Seat)+": bella")
		case a.Kind == rules.PlayCard:
		case a.Kind == rules.Exchange:
			talk = append(talk, who(stp.Seat)+": exchange")
		default:
			talk = append(talk, who(stp.Seat)+": "+a.Words())
		}
		if a.Kind == rules.PlayCard {
			cards++
		}
		if cards == v.Players && a.Kind == rules.PlayCard {
			// The first trick is over: the sequences' winner shows
			// them, as the table talk of a game says.
			for seat := range rules.Seat(v.Players) {
				if v.Shown[seat] != 0 {
					verb := " shows "
					if seat == lesson.You {
						verb = " show "
					}
					talk = append(talk, who(seat)+verb+shownWords(ctx, &v, v.Shown[seat]))
				}
			}
		}
	}
	said := " Said: nothing yet"
	if len(talk) > 0 {
		said = " Said:" + st.Talk.Render(clipLeft(talk, ctx.Width-9))
	}
	out = append(out, said)
	// Trump and the maker, the tricks won.
	// A deal thrown in had no trump and no tricks.
	trump := " Trump: not chosen yet"
	switch {
	case v.Trump != rules.NoSuit:
		trump = " " + st.Trump.Render("Trump "+g.Suit(v.Trump)+" "+v.Trump.Name()) + ", maker " + lower(v.Maker)
	case v.Phase == rules.PhaseOver:
		trump = " Trump: none, the deal is thrown in"
	}
	if v.Trump != rules.NoSuit && (v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver) {
		var won []string
		for seat := range rules.Seat(v.Players) {
			won = append(won, fmt.Sprintf("%s %d", lower(seat), v.Tricks[seat]))
		}
		tricks := " · tricks: " + strings.Join(won, ", ")
		trump = withFacts(trump, later, ctx.Width-kit.WidthOf(tricks)) + tricks
	} else {
		trump = withFacts(trump, later, ctx.Width)
	}
	out = append(out, kit.Clip(trump, ctx.Width))
	return append(append(out, s.trickLines(ctx, &v)...), s.handLines(ctx, step)...)
}

// handsLine is the bots' hands at every seat count, each its name
// (your partner named as such) and its cards face down as the table
// draws them (kit.HiddenCards), then the facts of the deal that fit
// after them: "West: ▮▮▮▮▮▮ 6, North (partner): ▮▮▮▮▮▮ 6, East:
// ▮▮▮▮▮▮ 6 · you deal". A fact fits when every hand keeps the room of
// its most cards' backs and count; those that do not are returned, for
// the line of trump. The room the facts leave is shared by the hands,
// so each takes the same form, with the word "cards" where all have
// room for it.
func (s *Screen) handsLine(ctx *kit.Context, v *rules.View, facts []string) (string, []string) {
	most := rules.TricksPerDeal(v.Players)
	var seats []rules.Seat
	var labels []string
	for seat := range rules.Seat(v.Players) {
		if seat == v.Seat {
			continue
		}
		l := s.run.Name(seat)
		if seat == rules.PartnerOf(v.Players, v.Seat) {
			l += " (partner)"
		}
		seats = append(seats, seat)
		labels = append(labels, l+": ")
	}
	fixed := 1 + kit.WidthOf(strings.Join(labels, ", "))
	used := fixed + len(seats)*(most+1+len(strconv.Itoa(most)))
	var kept, later []string
	for _, f := range facts {
		if w := 3 + kit.WidthOf(f); used+w <= ctx.Width {
			kept = append(kept, f)
			used += w
		} else {
			later = append(later, f)
		}
	}
	tail := ""
	if len(kept) > 0 {
		tail = " · " + strings.Join(kept, " · ")
	}
	room := (ctx.Width - fixed - kit.WidthOf(tail)) / len(seats)
	held := make([]string, len(seats))
	for i, seat := range seats {
		held[i] = labels[i] + kit.HiddenCards(ctx, v.Counts[seat], most, room)
	}
	return kit.Clip(" "+strings.Join(held, ", ")+tail, ctx.Width), later
}

// withFacts is line followed by each of facts that still fits in w
// cells; one that does not is left out whole rather than cut.
func withFacts(line string, facts []string, w int) string {
	for _, f := range facts {
		if kit.WidthOf(line)+3+kit.WidthOf(f) <= w {
			line += " · " + f
		}
	}
	return line
}

// trickLines, at any table, are the last trick whole and
// its winner, and the cards on the table, each card after its player.
func (s *Screen) trickLines(ctx *kit.Context, v *rules.View) []string {
	p := ctx.Paint
	lower := s.inSentence
	// cards names each card of a trick led by leader after its player,
	// the first with led when it says so.
	cards := func(trick [4]rules.Card, n int, leader rules.Seat, led string) string {
		var cs []string
		for i := range n {
			seat := rules.SeatAfter(leader, i, v.Players)
			cs = append(cs, lower(seat)+" "+p.StyledCard(trick[i]))
		}
		cs[0] = lower(leader) + led + p.StyledCard(trick[0])
		return strings.Join(cs, ", ")
	}
	last, onTable := "", ""
	if v.LastLeader != rules.NoSeat {
		last = fmt.Sprintf(" Last trick: %s; won by %s.", cards(v.LastTrick, v.Players, v.LastLeader, " "), lower(v.LastTrickWinner()))
	}
	if v.InTrick > 0 {
		onTable = " On the table: " + cards(v.Trick, v.InTrick, v.Leader, " led ") + "."
	}
	return []string{kit.Clip(last, ctx.Width), kit.Clip(onTable, ctx.Width)}
}

// inSentence is a seat's name inside a sentence: "you", "bot" with two
// players, else the bot's name ("West").
func (s *Screen) inSentence(seat rules.Seat) string {
	if seat == lesson.You || s.run.Players() == 2 {
		return strings.ToLower(s.run.Name(seat))
	}
	return s.run.Name(seat)
}

// shownWords are the melds of shown, each with its points, high card
// first: "A♠ K♠ Q♠ J♠ (50), K♥ Q♥ J♥ (20)".
func shownWords(ctx *kit.Context, v *rules.View, shown rules.CardSet) string {
	var melds []string
	for _, m := range rules.Melds(shown, v.Trump, v.Options) {
		cs := m.CardsIn(shown).Cards()
		slices.SortFunc(cs, func(a, b rules.Card) int { return int(b.Rank()) - int(a.Rank()) })
		var words []string
		for _, c := range cs {
			words = append(words, ctx.Paint.StyledCard(c))
		}
		melds = append(melds, fmt.Sprintf("%s (%d)", strings.Join(words, " "), m.Value()))
	}
	return strings.Join(melds, ", ")
}

// clipLeft joins the words said, keeping the end of a line too long
// for w (the newest words): the oldest give way whole, and only a last
// one too long alone is cut.
func clipLeft(talk []string, w int) string {
	s := " " + strings.Join(talk, " · ")
	if kit.WidthOf(s) <= w {
		return s
	}
	for i := 1; i < len(talk); i++ {
		if t := " … " + strings.Join(talk[i:], " · "); kit.WidthOf(t) <= w {
			return t
		}
	}
	r := []rune(s)
	for len(r) > 0 && kit.WidthOf(" …"+string(r)) > w {
		r = r[1:]
	}
	return " …" + strings.TrimLeft(string(r), " ")
}

// handLines is your hand as small cards, with numbers and marks in the
// card play.
func (s *Screen) handLines(ctx *kit.Context, step lesson.Step) []string {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	v := s.run.View()
	hand := s.hand()
	size := kit.SmallCard
	playing := (step.Kind == lesson.Play || step.Kind == lesson.Claim) && v.Phase == rules.PhasePlay && v.Turn == lesson.You
	legal := kit.LegalCards(&v)
	rows := make([]string, size.H+2)
	x0 := 1
	pad := strings.Repeat(" ", x0)
	for r := range rows {
		var sb strings.Builder
		sb.WriteString(pad)
		for i, c := range hand {
			if i > 0 {
				sb.WriteString(strings.Repeat(" ", kit.HandGap))
			}
			switch {
			case r < size.H:
				sb.WriteString(p.Card(c, kit.HandLook(i == s.cursor, legal.Has(c), playing), size)[r])
			case r == size.H && playing:
				sb.WriteString(kit.Center(fmt.Sprint(i+1), size.W))
			case r == size.H+1 && playing:
				if i != s.cursor && legal.Has(c) && c == step.Bella {
					sb.WriteString(st.Playable.Render(kit.Center("bella", size.W)))
				} else {
					sb.WriteString(kit.HandMark(ctx, i == s.cursor, legal.Has(c), size))
				}
			default:
				sb.WriteString(strings.Repeat(" ", size.W))
			}
		}
		rows[r] = sb.String()
	}
	if len(hand) == 0 {
		rows[0] = " (no cards left)"
	}
	// The sequences and bella held, marked right under the cards, over
	// the numbers and marks, as the table of a game marks them (20, 50,
	// bella), once the lesson has explained them.
	if melds := kit.HeldMelds(&v, hand); len(melds) > 0 && step.Marks {
		rows = slices.Insert(rows, size.H, pad+st.Trump.Render(kit.MeldRow(g, hand, melds, size.W, kit.HandGap)))
	}
	return rows
}

// keyRow is the line under the prompt: o to sort the hand while step
// shows cards in it (as the table's key line lists it), the way back to the
// setup (when there is one), the help and quit, fitted to w so that
// "? help" always shows. From the setup form q goes back too (after
// asking), so the row names the way back once.
func (s *Screen) keyRow(ctx *kit.Context, step lesson.Step, w int) string {
	k := &ctx.Keys
	bs := kit.AppKeys(k)
	if s.cfg.Leave != nil {
		bs = []key.Binding{kit.Brief("back to the setup", k.Back), kit.Brief("help", k.Help)}
	}
	if s.handShown(step) && len(s.hand()) > 0 {
		bs = append([]key.Binding{kit.Brief("sort", k.SortHand)}, bs...)
	}
	return " " + ctx.Styles.Dim.Render(kit.FitHintLine(ctx, bs, w-2))
}

// promptLine says what to do now.
func (s *Screen) promptLine(ctx *kit.Context, step lesson.Step) string {
	st := &ctx.Styles
	key := func(k string) string { return st.Key.Render("[" + k + "]") }
	switch step.Kind {
	case lesson.Read:
		return " " + key("enter") + " go on"
	case lesson.Score:
		return " " + key("enter") + " go on"
	case lesson.End:
		return " " + key("n") + " play a real game   " + key("enter") + " leave"
	case lesson.Act:
		v := s.run.View()
		var items []string
		for _, a := range v.Legal() {
			// Worded as the table words them: "♠ spades".
			items = append(items, "["+kit.ActionKey(a)+"] "+kit.TableActionLabel(ctx, a))
		}
		line, _ := kit.MenuLine(ctx, " "+st.Heading.Render("Your choice:"), items, s.menu, 0)
		return line
	case lesson.Claim:
		return " " + st.Heading.Render("Your claim:") + " " + key("c") + " claim every trick that is left"
	case lesson.Play:
		if s.run.Game().Deal().Over() {
			return " " + key("enter") + " see the score"
		}
		// The numbers of the cards in hand with enter, as the table's
		// key line writes them ("enter/1-8 play"): a digit plays its card.
		nth := ctx.Keys.NthFor(len(s.hand()), "").Help().Key
		out := " " + st.Heading.Render("Your card:") + " ←/→ choose, " + key("enter/"+nth) + " play"
		if step.Bella != rules.NoCard {
			out += ", " + key("b") + " play with bella"
		}
		return out
	}
	return ""
}
