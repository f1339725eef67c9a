package drill

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// The words a screen or a report uses for a decision, from the player's
// View only. Seats are named from the player's: "you", then clockwise
// West (on your left, the next to speak), North (across: your partner,
// with four) and East; with two the other player is "the opponent".
// Cards are written with Card.Pretty: suit symbols, or letters with
// ascii. Every text is made of short sentences, so that a screen can
// wrap it anywhere between words without losing its sense.

// SeatName names seat s counted from the player's seat (0 is the
// player) at a table of players: "you", "the opponent" (two players),
// "West", "North" (four) or "East".
func SeatName(players int, s rules.Seat) string {
	switch {
	case s == 0:
		return "you"
	case int(s) >= players:
		return "nobody"
	case players == 2:
		return "the opponent"
	}
	return ai.PlaceName(players, int(s))
}

// name names seat s of v's deal from v's seat.
func name(v *rules.View, s rules.Seat) string {
	if s == rules.ChanceSeat || s == rules.NoSeat {
		return actorName(v.Players, s)
	}
	return SeatName(v.Players, rules.SeatAfter(s, v.Players-int(v.Seat), v.Players))
}

// SideName names side i of v's table: a seat, or with four a team ("you
// and North", "West and East").
func SideName(v *rules.View, i int) string {
	var names []string
	for _, s := range rules.SeatsOfSide(v.Players, i) {
		if n := name(v, s); n == "you" {
			names = append([]string{n}, names...)
		} else {
			names = append(names, n)
		}
	}
	return strings.Join(names, " and ")
}

// Describe is the decision in words, a sentence or two a line: the
// hand, who deals, the score, what was said, and the question.
func Describe(v *rules.View, ascii bool) []string {
	out := []string{Hold(v, ascii), Role(v), ScoreText(v)}
	out = append(out, SaidLines(v, ascii)...)
	return append(out, Question(v, ascii))
}

// Hold says the player's cards and the trump, or the upcard that
// proposes it: "You hold J♠ 9♠ A♠ K♥ Q♥ 7♦. The upcard 8♠ proposes
// spades."
func Hold(v *rules.View, ascii bool) string {
	t := "You hold " + cardsText(ShownHand(v.Hand, HandTrump(v), InRuns(v)), ascii) + "."
	up := v.OrigUpcard.Pretty(ascii)
	switch {
	case v.Maker == rules.NoSeat:
		return t + fmt.Sprintf(" The upcard %s proposes %s.", up, v.OrigUpcard.Suit().Name())
	case v.Trump == rules.NoTrumps:
		return t + fmt.Sprintf(" %s named no trumps (the upcard was %s).", capital(name(v, v.Maker)), up)
	}
	return t + fmt.Sprintf(" %s made %s trump (the upcard was %s).", capital(name(v, v.Maker)), v.Trump.Name(), up)
}

// Role says who deals, where the player speaks and who plays with whom:
// "West deals: you speak third, after North and East. North, across, is
// your partner." It is Deals and Sides.
func Role(v *rules.View) string {
	if s := Sides(v.Players); s != "" {
		return Deals(v) + " " + s
	}
	return Deals(v)
}

// Deals says who deals and where the player speaks: "West deals: you
// speak third, after North and East."
func Deals(v *rules.View) string {
	n := v.Players
	place := rules.Place(v.Seat, v.Dealer, n) // 0: the first to speak
	switch {
	case v.Dealer == v.Seat:
		return "You deal: you speak last."
	case place == 0:
		return capital(name(v, v.Dealer)) + " deals: you speak first and lead the first trick."
	}
	var before []string
	for k := range place {
		before = append(before, name(v, rules.SeatAfter(v.Dealer, 1+k, n)))
	}
	return fmt.Sprintf("%s deals: you speak %s, after %s.", capital(name(v, v.Dealer)), ordinal(place+1), JoinWords(before, "and"))
}

// Sides says who plays with whom at n players, where it is not one
// against one: "North, across, is your partner."
func Sides(n int) string {
	switch n {
	case 3:
		return "Three players, each for themselves."
	case 4:
		return "North, across, is your partner."
	}
	return ""
}

func ordinal(k int) string {
	return [...]string{"", "first", "second", "third", "fourth"}[min(k, 4)]
}

// JoinWords writes "a", "a and b", "a, b and c" (with "or": "a or b").
func JoinWords(xs []string, and string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + and + " " + xs[len(xs)-1]
}

// ScoreText says the game totals by side and, when a side is near the
// target, how many points each side needs to reach it, the player's
// side first, then the others in seat order, at every seat count:
// "Score: you 120, the opponent 430; game to 500. You need 380 more.
// The opponent needs 70 more.", "You need 500 more. West needs 500
// more. East needs 20 more." Near is within eval.EndgameMargin,
// where the options are judged by the chance to win the game
// (eval.UseWin), so that a side said to need so many more is the
// reason the verdicts go by the chance, and they never do without one.
// Every side is named then, so that none seems forgotten.
func ScoreText(v *rules.View) string { return scoreText(v, true) }

// ScoreShort is ScoreText without what each side needs: "Score: you
// 120, the opponent 260; game to 500." (a level past the target still
// said), for a screen short of room.
func ScoreShort(v *rules.View) string { return scoreText(v, false) }

func scoreText(v *rules.View, needs bool) string {
	n := rules.SidesAt(v.Players)
	target := v.Options.Target
	var parts, says []string
	past, near := false, false
	mine := rules.SideOfSeat(v.Players, v.Seat)
	// The player's side says its need first: the sides from it on.
	order := []int{mine}
	for i := range n {
		if i != mine {
			order = append(order, i)
		}
	}
	for i := range n {
		parts = append(parts, fmt.Sprintf("%s %d", SideName(v, i), v.Totals[i]))
	}
	for _, i := range order {
		verb := "needs"
		if i == mine || rules.PlaysInTeams(v.Players) {
			verb = "need"
		}
		need := target - v.Totals[i]
		if need <= 0 {
			past = true
			continue
		}
		near = near || need <= eval.EndgameMargin
		says = append(says, fmt.Sprintf("%s %s %d more", capital(SideName(v, i)), verb, need))
	}
	t := fmt.Sprintf("Score: %s; game to %d.", strings.Join(parts, ", "), target)
	if needs && near {
		t += " " + strings.Join(says, ". ") + "."
	}
	if past {
		t += " Level past the target: the higher total after this deal wins."
	}
	return t
}

// SaidLines says what the table heard before the player's turn, a line
// a part of the deal: "Round one: West passed, North passed." A card
// drawn or given between two other players is "a card".
func SaidLines(v *rules.View, ascii bool) []string {
	n := v.Players
	// The declaration rounds, each a part: every player is asked in
	// each, so a round where all pass says "nobody declared". Which
	// round a pass belongs to is the rules' to say (View.Declines).
	rounds := map[rules.Kind]string{rules.Shlomo: "Shlomo", rules.Cleopatra: "Cleopatra"}
	var out []string
	part, words, passed := "", []string(nil), 0
	flush := func() {
		switch {
		case len(words) == 0:
		case passed == n && len(words) == n && (part == "Shlomo" || part == "Cleopatra"):
			out = append(out, part+": nobody declared.")
		default:
			out = append(out, part+": "+strings.Join(words, ", ")+".")
		}
		words, passed = nil, 0
	}
	to := func(p string) {
		if p != part {
			flush()
			part = p
		}
	}
	card := func(c rules.Card) string {
		if c == rules.NoCard {
			return "a card"
		}
		return c.Pretty(ascii)
	}
	passes, decl := 0, rules.NoSeat
	shlomo := false
	for i, st := range v.History() {
		who := name(v, st.Seat)
		a := st.Action
		switch a.Kind {
		case rules.Shlomo, rules.Cleopatra:
			to(rounds[a.Kind])
			decl, shlomo = st.Seat, a.Kind == rules.Shlomo
			words = append(words, fmt.Sprintf("%s declared %s (+%d)", who, a, rules.DeclarationPoints))
		case rules.Draw:
			from := rules.Counterpart(n, decl, rules.Shlomo)
			words = append(words, fmt.Sprintf("%s drew %s from %s", name(v, decl), card(a.Card), name(v, from)))
		case rules.Give:
			if shlomo {
				words = append(words, fmt.Sprintf("%s gave %s to %s", who, card(a.Card), name(v, rules.Counterpart(n, decl, rules.Shlomo))))
				break
			}
			// Cleopatra's two cards change hands together, once both
			// are chosen: a card chosen is not yet in the other hand.
			words = append(words, fmt.Sprintf("%s chose %s for %s", who, card(a.Card), name(v, rules.Counterpart(n, st.Seat, rules.Cleopatra))))
		case rules.Pass:
			switch k := v.Declines(i); {
			case k != rules.NoAction:
				to(rounds[k])
				passed++
			case passes < n:
				to("Round one")
				passes++
			default:
				to("Round two")
			}
			words = append(words, who+" passed")
		case rules.Take:
			to("Round one")
			words = append(words, who+" took "+v.OrigUpcard.Suit().Name())
		case rules.Schmeiss:
			to("Round one")
			words = append(words, who+" said schmeiss")
		case rules.Accept:
			words = append(words, who+" accepted the schmeiss")
		case rules.Refuse:
			words = append(words, who+" refused the schmeiss")
		case rules.Name:
			to("Round two")
			words = append(words, who+" named "+a.Suit.Name())
		case rules.Exchange:
			to("The dix")
			words = append(words, who+" exchanged the 7 of trump for the upcard "+v.OrigUpcard.Pretty(ascii))
		case rules.NoExchange:
			to("The dix")
			words = append(words, who+" said no exchange")
		default:
			to("Sequences")
			words = append(words, who+` said "`+Label(a, ascii)+`"`)
		}
	}
	flush()
	if len(out) >= 2 && out[0] == "Shlomo: nobody declared." && out[1] == "Cleopatra: nobody declared." {
		out = append([]string{"Shlomo, cleopatra: nobody declared."}, out[2:]...)
	}
	if len(out) == 0 {
		return []string{"Nothing said yet."}
	}
	return out
}

// Question says what the player decides, from the options of v: "Round
// one: take spades as trump, pass, or schmeiss?"
func Question(v *rules.View, ascii bool) string {
	legal := v.Legal()
	has := func(k rules.Kind) bool {
		return slices.ContainsFunc(legal, func(a rules.Action) bool { return a.Kind == k })
	}
	up := v.OrigUpcard.Suit().Name()
	left := name(v, rules.Counterpart(v.Players, v.Seat, rules.Shlomo))
	partner := name(v, rules.Counterpart(v.Players, v.Seat, rules.Cleopatra))
	switch v.Phase {
	case rules.PhaseDeclare:
		switch {
		case has(rules.Shlomo):
			return fmt.Sprintf("Declare shlomo, or pass? Shlomo scores %d; you then draw a card at random from %s and give %s one.", rules.DeclarationPoints, left, left)
		case has(rules.Cleopatra):
			return fmt.Sprintf("Declare cleopatra, or pass? Cleopatra scores %d; you and %s then pass each other a card face down.", rules.DeclarationPoints, partner)
		case has(rules.Give) && shlomoGive(v):
			return fmt.Sprintf("Shlomo: which card do you give %s?", left)
		case has(rules.Give):
			return "Cleopatra: which card do you give " + partner + ", face down?"
		}
		return "You have nothing to declare: pass."
	case rules.PhaseBid1:
		if has(rules.Schmeiss) {
			return fmt.Sprintf("Round one: take %s as trump, pass, or schmeiss?", up)
		}
		return fmt.Sprintf("Round one: take %s as trump, or pass?", up)
	case rules.PhaseSchmeiss:
		return fmt.Sprintf("%s said schmeiss. Accept (the deal is thrown in), or refuse (%s is then maker in %s)?",
			capital(name(v, v.Schmeisser)), name(v, v.Schmeisser), up)
	case rules.PhaseBid2:
		var names []string
		for _, a := range legal {
			if a.Kind == rules.Name {
				names = append(names, a.Suit.Name())
			}
		}
		q := "Round two: name " + JoinWords(names, "or")
		if !has(rules.Pass) {
			return q + "? Everyone else passed, and the dealer may not pass."
		}
		// Who speaks after a pass, by name: at two players "the next
		// player" is the opponent.
		end := name(v, rules.SeatAfter(v.Seat, 1, v.Players)) + " speaks next"
		if v.Dealer == v.Seat {
			end = "the deal is thrown in"
		}
		return q + ", or pass (" + end + ")?"
	case rules.PhaseDix:
		if !has(rules.Exchange) {
			return fmt.Sprintf("The dix: you hold no 7 of trump to exchange for the upcard %s.", v.Upcard.Pretty(ascii))
		}
		return fmt.Sprintf("The dix: exchange your 7 of trump for the upcard %s, or keep it?", v.Upcard.Pretty(ascii))
	case rules.PhaseSequences:
		if b := v.OwnBest(); b.Len >= 3 {
			// A run is a sequence and three or four of a kind a set,
			// as the rules and the table call them.
			what := "sequence"
			if b.Set {
				what = "set"
			}
			return fmt.Sprintf("The sequence dialogue: your best %s is %s. What do you say?", what, MeldWords(b))
		}
		return "The sequence dialogue: what do you say?"
	}
	return "Your decision?"
}

// shlomoGive reports whether the give asked of the player follows a
// shlomo (else a cleopatra).
func shlomoGive(v *rules.View) bool {
	h := v.History()
	kind, _ := rules.Declaration(h, len(h))
	return kind == rules.Shlomo
}

// MeldWords says a meld: "three diamonds to the ace (20)", "four queens
// (50)".
func MeldWords(m rules.Meld) string {
	n := [...]string{"", "one", "two", "three", "four", "five", "six", "seven", "eight"}[min(int(m.Len), 8)]
	if m.Set {
		return fmt.Sprintf("%s %ss (%d)", n, m.Top.Name(), m.Value())
	}
	return fmt.Sprintf("%s %s to the %s (%d)", n, m.Suit.Name(), m.Top.Name(), m.Value())
}

// cardsText writes cards as a person does, separated by spaces.
func cardsText(cs []rules.Card, ascii bool) string {
	w := make([]string, len(cs))
	for i, c := range cs {
		w[i] = c.Pretty(ascii)
	}
	return strings.Join(w, " ")
}

// HandTrump is the suit a hand before the card play is sorted for: the
// trump once settled (none with no trumps), the suit the upcard proposes
// in round one and the declarations, none in round two (the upcard's
// suit was refused).
func HandTrump(v *rules.View) rules.Suit {
	switch {
	case v.Trump < rules.NoTrumps:
		return v.Trump
	case v.Trump == rules.NoTrumps:
		return rules.NoSuit
	case v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseSchmeiss || v.Phase == rules.PhaseDeclare:
		return v.OrigUpcard.Suit()
	}
	return rules.NoSuit
}

// ShownHand lists a hand as the trainer draws it and -eval writes it:
// suits in SuitOrder, each from its strongest card down, or with runs
// in sequence order (A K Q J 10 9 8 7), where a run reads as one.
func ShownHand(h rules.CardSet, trump rules.Suit, runs bool) []rules.Card {
	var out []rules.Card
	for _, s := range SuitOrder(h, trump) {
		cs := h.Suit(s).Cards()
		slices.SortStableFunc(cs, func(a, b rules.Card) int {
			if runs {
				return int(b.Rank()) - int(a.Rank())
			}
			return rules.Power(b, trump) - rules.Power(a, trump)
		})
		out = append(out, cs...)
	}
	return out
}

// InRuns reports whether the hand of v is shown in sequence order: in
// the sequence dialogue, whose subject is the runs the hand holds
// ("K♥ Q♥ J♥ 10♥", where by strength it would read "J♥ 10♥ K♥ Q♥").
func InRuns(v *rules.View) bool { return v.Phase == rules.PhaseSequences }

// SuitOrder returns the suits of hand in the order they are shown: trump
// first once known, then alternating red and black where the hand allows,
// so that two suits of one colour rarely sit side by side.
func SuitOrder(hand rules.CardSet, trump rules.Suit) []rules.Suit {
	var left []rules.Suit
	// From spades, hearts, clubs, diamonds: the colours alternate.
	for _, s := range [4]rules.Suit{rules.Spades, rules.Hearts, rules.Clubs, rules.Diamonds} {
		if hand.Suit(s) != 0 && s != trump {
			left = append(left, s)
		}
	}
	var out []rules.Suit
	if trump != rules.NoSuit && hand.Suit(trump) != 0 {
		out = append(out, trump)
	}
	for len(left) > 0 {
		pick := 0
		if len(out) > 0 {
			red := out[len(out)-1].Red()
			for i, s := range left {
				if s.Red() != red {
					pick = i
					break
				}
			}
		}
		out = append(out, left[pick])
		left = append(left[:pick], left[pick+1:]...)
	}
	return out
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
