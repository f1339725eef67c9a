package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/hall"
	"github.com/klob/klob/rules"
)

// The server's screen of a table of three or four seats: a plain text
// table built only from the seat's rules.TableView in its hall.Update
// (a partner's hand is hidden there like an opponent's), until the
// local table screens of three and four can draw a network seat too.

// multi reports whether the table has three or four seats.
func (t *netTable) multi() bool { return len(t.u.Seats) > 2 }

// turn is the seat to move in the update's deal, NoSeat when none.
func (t *netTable) turn() rules.Seat {
	if t.multi() {
		return t.u.TableView.Turn
	}
	return t.u.View.Turn
}

// sideName names side i: a seat's name, or with four a team ("AC").
func (t *netTable) sideName(i int) string {
	if len(t.u.Seats) == 4 {
		mine := i == int(t.u.Seat)%2
		name := "team " + rules.SideName(4, i)
		if mine {
			name += " (you)"
		}
		return name
	}
	return t.name(rules.Seat(i))
}

// sideTotals says the game totals by side: "team AC (you) 120, team BD 80".
func (t *netTable) sideTotals(tot []int) string {
	parts := make([]string, len(tot))
	for i, n := range tot {
		parts[i] = fmt.Sprintf("%s %d", t.sideName(i), n)
	}
	return strings.Join(parts, ", ")
}

// hand34 is this seat's hand, sorted.
func (t *netTable) hand34() []rules.Card {
	v := &t.u.TableView
	return sortHand(v.Hand, v.Hand|v.Played[v.Seat], v.Trump)
}

// legal34 is what this seat may do now, nothing when it may not act.
func (t *netTable) legal34() []rules.Action {
	if !t.myTurn() {
		return nil
	}
	return t.u.TableView.Legal()
}

// cardChoices are the actions that play c (plain, with bella, a menage).
func (t *netTable) cardChoices(c rules.Card) []rules.Action {
	var out []rules.Action
	for _, a := range t.legal34() {
		if a.Kind == rules.PlayCard && a.Card == c {
			out = append(out, a)
		}
	}
	return out
}

func (t *netTable) prepareTurn34() {
	t.menu, t.bella = 0, rules.NoCard
	if t.u.TableView.Phase != rules.PhasePlay {
		return
	}
	for i, c := range t.hand34() {
		if len(t.cardChoices(c)) > 0 {
			t.cursor = i
			return
		}
	}
}

// key34 takes a key during a deal of three or four.
func (t *netTable) key34(ctx *screenCtx, msg tea.KeyPressMsg) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	u := &t.u
	if isKey(msg, k.LastTrick) {
		t.showLast = !t.showLast
		return t, nil
	}
	if !t.myTurn() {
		if isKey(msg, k.Choose) || isKey(msg, k.Nth) {
			t.note, t.noteErr = "Wait: it is "+t.name(u.TableView.Turn)+"'s turn.", false
		}
		return t, nil
	}
	if t.bella != rules.NoCard {
		if isKey(msg, k.Back) {
			t.bella = rules.NoCard
			return t, nil
		}
		return t.menuKey(ctx, msg, t.cardChoices(t.bella), func(rules.Action) string { return "" })
	}
	if u.TableView.Phase != rules.PhasePlay {
		return t.menuKey(ctx, msg, t.legal34(), func(rules.Action) string { return "" })
	}
	hand := t.hand34()
	if len(hand) == 0 {
		return t, nil
	}
	t.cursor = max(0, min(t.cursor, len(hand)-1))
	play := func(c rules.Card) (screenModel, tea.Cmd) {
		ch := t.cardChoices(c)
		switch len(ch) {
		case 0:
			t.note, t.noteErr = "You may not play "+ctx.paint.g.cardText(c)+" now.", true
			return t, nil
		case 1:
			return t.act(ch[0])
		}
		t.bella, t.menu = c, 0
		return t, nil
	}
	switch {
	case isKey(msg, k.Left):
		t.cursor = (t.cursor + len(hand) - 1) % len(hand)
	case isKey(msg, k.Right):
		t.cursor = (t.cursor + 1) % len(hand)
	case isKey(msg, k.Choose):
		return play(hand[t.cursor])
	case isKey(msg, k.Nth):
		n := int(msg.String()[0] - '1')
		if n >= len(hand) {
			t.note, t.noteErr = fmt.Sprintf("You hold %d cards.", len(hand)), true
			return t, nil
		}
		t.cursor = n
		return play(hand[n])
	}
	return t, nil
}

// dealView34 is the deal from this seat, in lines: the seats round the
// table, trump, the trick by seat, the talk, the score, the hand.
func (t *netTable) dealView34(ctx *screenCtx, w, h int) []string {
	u := &t.u
	v := &u.TableView
	st := &ctx.Styles
	p := ctx.paint
	out := []string{""}
	for i, s := range u.Seats {
		seat := rules.Seat(i)
		line := fmt.Sprintf(" %s %-16s", seat, clip(t.name(seat), 16))
		var tags []string
		switch s.State {
		case hall.SeatBot:
			tags = append(tags, "bot")
		case hall.SeatBotBack:
			tags = append(tags, "bot, back next deal")
		case hall.SeatAway:
			tags = append(tags, st.Error.Render(fmt.Sprintf("away, waits %s", t.wait(s))))
		}
		if v.Dealer == seat {
			tags = append(tags, "dealer")
		}
		if v.Players == 4 && seat != u.Seat && seat%2 == u.Seat%2 {
			tags = append(tags, "partner")
		}
		if v.Maker == seat && v.Trump != rules.NoSuit {
			tags = append(tags, "maker")
		}
		line += fmt.Sprintf(" %s · tricks %d · points %d", plural(v.Counts[seat], "card"), v.Tricks[seat], v.Points[seat])
		if len(tags) > 0 {
			line += " · " + strings.Join(tags, ", ")
		}
		if v.Turn == seat {
			line = st.Heading.Render(line + "  ← to move")
		}
		out = append(out, clip(line, w))
	}
	out = append(out, "")
	switch {
	case v.Trump == rules.NoSuit && v.OrigUpcard != rules.NoCard:
		out = append(out, " Upcard "+p.styledCard(v.OrigUpcard)+" proposes "+p.styledSuit(v.OrigUpcard.Suit())+" "+v.OrigUpcard.Suit().Name())
	case v.Trump == rules.NoTrumps:
		out = append(out, " "+st.Trump.Render("No trumps")+" · maker "+t.name(v.Maker))
	case v.Trump != rules.NoSuit:
		out = append(out, " "+st.Trump.Render("Trump")+" "+p.styledSuit(v.Trump)+" "+v.Trump.Name()+" · maker "+t.name(v.Maker))
	}
	if v.SeqWinner != rules.NoSeat && v.Phase == rules.PhasePlay {
		who := t.name(v.SeqWinner) + "'s side"
		if v.SeqWinner == v.Seat {
			who = "your side"
		}
		out = append(out, " Sequences: "+who+" has the right")
	}
	out = append(out, t.trick34(ctx), "")
	if v.Phase == rules.PhaseOver && v.Trump != rules.NoSuit {
		out = append(out, t.result34(ctx)...)
	}
	out = append(out, " "+st.Heading.Render("Score")+" "+t.sideTotals(u.SideTotals))
	talk := t.talk34(ctx, w-4)
	room := h - len(out) - 4
	if room > 1 {
		out = append(out, " "+st.Heading.Render("Table talk"))
		if len(talk) > room-1 {
			talk = talk[len(talk)-(room-1):]
		}
		for _, l := range talk {
			out = append(out, "   "+l)
		}
	}
	for len(out) < h-3 {
		out = append(out, "")
	}
	return append(out, t.hand34Lines(ctx, w)...)
}

// trick34 is the trick on the table by seat (or the last one).
func (t *netTable) trick34(ctx *screenCtx) string {
	v := &t.u.TableView
	p := ctx.paint
	cards, leader, n, title := v.Trick, v.Leader, v.InTrick, "Trick"
	if (t.showLast || v.InTrick == 0) && v.LastLeader != rules.NoSeat {
		cards, leader, n, title = v.LastTrick, v.LastLeader, v.Players, "Last trick"
	}
	if n == 0 {
		return " No trick yet"
	}
	parts := make([]string, n)
	for i := range n {
		s := rules.Seat((int(leader) + i) % v.Players)
		parts[i] = t.name(s) + " " + p.styledCard(cards[i])
	}
	return fmt.Sprintf(" %s (%s led): %s", title, t.name(leader), strings.Join(parts, " · "))
}

// talk34 is this deal's table talk: every word said, no card played.
func (t *netTable) talk34(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	var out []string
	for i, s := range t.u.TableView.History() {
		a := s.Action
		if a.Kind == rules.PlayCard && !a.Bella {
			continue
		}
		line := t.name(s.Seat) + ": " + a.Words()
		if why, ok := t.u.Forced[i]; ok {
			line += st.Dim.Render(" (auto: " + why + ")")
		}
		out = append(out, wrap(line, w)...)
	}
	return out
}

// hand34Lines is this seat's hand, numbered, the selected card marked.
func (t *netTable) hand34Lines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	p := ctx.paint
	playing := t.u.TableView.Phase == rules.PhasePlay && t.myTurn()
	var cells []string
	for i, c := range t.hand34() {
		cell := fmt.Sprintf("%d:%s", i+1, p.styledCard(c))
		switch {
		case playing && i == t.cursor:
			cell = st.Selected.Render("[" + fmt.Sprintf("%d:%s", i+1, p.g.cardText(c)) + "]")
		case playing && len(t.cardChoices(c)) == 0:
			cell = st.Dim.Render(fmt.Sprintf("%d:%s", i+1, p.g.cardText(c)))
		}
		cells = append(cells, cell)
	}
	return []string{" " + st.Heading.Render("Your hand"), clip("   "+strings.Join(cells, "  "), w), ""}
}

// prompt34 is the prompt line of a deal of three or four.
func (t *netTable) prompt34(ctx *screenCtx) string {
	u := &t.u
	st := &ctx.Styles
	p := ctx.paint
	v := &u.TableView
	switch {
	case u.Over:
		res := "You lost the game."
		if u.WinnerSide == int(u.Seat)%max(1, u.Sides) {
			res = "You won the game!"
		}
		return " " + st.Heading.Render("Game over: "+res) + " " + t.sideTotals(u.SideTotals) + ". It is in your history."
	case u.Between:
		var sc []int
		if n := len(u.SideScores); n > 0 {
			sc = u.SideScores[n-1]
		}
		s := fmt.Sprintf(" %s %s.", st.Heading.Render(fmt.Sprintf("Deal %d over:", u.DealNo)), t.sideTotals(sc))
		if u.Seats[u.Seat].Ready {
			return s + " Waiting for the others…"
		}
		return s + " Press enter for the next deal."
	case u.BotSeat:
		return " A bot plays your seat until the next deal."
	case !t.myTurn():
		return " " + t.name(v.Turn) + " to move…"
	case t.bella != rules.NoCard:
		ch := t.cardChoices(t.bella)
		items := make([]string, len(ch))
		for i, a := range ch {
			items[i] = fmt.Sprintf("[%d] %s", i+1, a.Words())
		}
		line, _ := menuLine(ctx, " "+st.Heading.Render("Your call:")+" play "+p.styledCard(t.bella), items, t.menu, 0)
		return line
	case v.Phase == rules.PhasePlay:
		if v.InTrick == 0 {
			return " " + st.Heading.Render("Your lead:") + " choose a card and play it"
		}
		return " " + st.Heading.Render("Your turn:") + " answer " + p.styledCard(v.Trick[0])
	}
	legal := t.legal34()
	items := make([]string, len(legal))
	for i, a := range legal {
		items[i] = fmt.Sprintf("[%d] %s", i+1, a.Words())
	}
	line, _ := menuLine(ctx, " "+st.Heading.Render("Your call:"), items, t.menu, 0)
	return line
}

// result34 is the finished deal's breakdown by seat, from the seat's
// view (the score is public once the deal is over).
func (t *netTable) result34(ctx *screenCtx) []string {
	st := &ctx.Styles
	sc := &t.u.TableView.Score
	out := []string{" " + st.Heading.Render("The deal") + fmt.Sprintf("  %s · maker %s", sc.Outcome, t.name(sc.Maker))}
	for i := range rules.Seat(sc.Players) {
		out = append(out, fmt.Sprintf("   %-16s cards %3d · melds %3d · bella %2d · declared %2d · total %3d",
			clip(t.name(i), 16), sc.Cards[i]+sc.LastTrick[i], sc.Seqs[i], sc.Bella[i], sc.Declared[i], sc.Total[i]))
	}
	if sc.Bimah > 0 {
		out = append(out, fmt.Sprintf("   bimah %d", sc.Bimah))
	}
	return append(out, "")
}
