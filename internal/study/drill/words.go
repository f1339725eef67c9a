package drill

import (
	"strings"

	"github.com/klob/klob/rules"
)

// The words for every kind of action, in the three forms a sentence
// needs. A hint says what the hard bot "would" do (Verb: "exchange the
// dix", `say "not good"`); a reason starts with what an option does
// (Gerund: "exchanging the dix wins the game 40% of the time"); a table
// names it (Label: "exchange", "not good"). Cards are written as a
// person writes them (Card.Pretty): "give 10♥", or "give 10H" with
// ascii.

// phrase is the three forms for one kind of action; %s stands for the
// action's detail (a suit, a card, a rank, a length).
type phrase struct{ verb, gerund, label string }

var phrases = map[rules.Kind]phrase{
	rules.Pass:       {"pass", "passing", "pass"},
	rules.Take:       {"take", "taking", "take"},
	rules.Schmeiss:   {"say schmeiss", "saying schmeiss", "schmeiss"},
	rules.Accept:     {"accept the schmeiss", "accepting the schmeiss", "accept"},
	rules.Refuse:     {"refuse the schmeiss", "refusing the schmeiss", "refuse"},
	rules.Name:       {"name %s", "naming %s", "name %s"},
	rules.Exchange:   {"exchange the dix", "exchanging the dix", "exchange"},
	rules.NoExchange: {"keep the dix where it is (no exchange)", "not exchanging", "no exchange"},
	rules.NoSequence: {`say "no sequence"`, `saying "no sequence"`, "no sequence"},
	rules.Announce:   {`announce %s`, `announcing %s`, "%s"},
	rules.Good:       {`say "good"`, `saying "good"`, "good"},
	rules.NotGood:    {`say "not good"`, `saying "not good"`, "not good"},
	rules.HowHigh:    {`ask "how high?"`, `asking "how high?"`, "how high?"},
	rules.Top:        {`answer "%s"`, `answering "%s"`, "%s"},
	rules.Same:       {`say "same"`, `saying "same"`, "same"},
	rules.HowMany:    {`ask "how many cards?"`, `asking "how many cards?"`, "how many cards?"},
	rules.Length:     {`answer "%s"`, `answering "%s"`, "%s"},
	rules.PlayCard:   {"play %s", "playing %s", "%s"},
	rules.Shlomo:     {"declare shlomo", "declaring shlomo", "shlomo"},
	rules.Cleopatra:  {"declare cleopatra", "declaring cleopatra", "cleopatra"},
	rules.Draw:       {"draw %s", "drawing %s", "draw %s"},
	rules.Give:       {"give %s", "giving %s", "give %s"},
}

// detail is what fills %s: the suit named, the value announced, the top
// card or length told, or the card given or played (with its bella or
// menage, in the words of the form: "and say bella", "with bella").
func detail(a rules.Action, ascii bool, say string) string {
	switch a.Kind {
	case rules.Name:
		return a.Suit.Name()
	case rules.Announce, rules.Top, rules.Length:
		return a.Words()
	case rules.Draw, rules.Give:
		if a.Card == rules.NoCard {
			return "a card"
		}
		return a.Card.Pretty(ascii)
	case rules.PlayCard:
		c := a.Card.Pretty(ascii)
		switch {
		case a.Announced() == rules.MenagePoints:
			return c + say + "menage"
		case a.Bella:
			return c + say + "bella"
		}
		return c
	}
	return ""
}

func form(a rules.Action, f func(phrase) string, ascii bool, say string) string {
	p, ok := phrases[a.Kind]
	if !ok {
		return a.Words()
	}
	return strings.Replace(f(p), "%s", detail(a, ascii, say), 1)
}

// Verb is what a player does, after "would": "take", "exchange the dix",
// `say "same"`, "announce fifty", "play K♥ and say bella".
func Verb(a rules.Action, ascii bool) string {
	return form(a, func(p phrase) string { return p.verb }, ascii, " and say ")
}

// Gerund is the option as the subject of a sentence: "taking",
// "exchanging the dix", `saying "not good"`, "giving 10♥".
func Gerund(a rules.Action, ascii bool) string {
	return form(a, func(p phrase) string { return p.gerund }, ascii, " with ")
}

// gerund is Gerund for an option of an: a pass that declines a
// declaration is named as the option's table and menu label it, "no
// shlomo", not "passing".
func (an *Analysis) gerund(a rules.Action, ascii bool) string {
	if a.Kind == rules.Pass {
		for _, r := range an.Rows {
			if k := r.Action.Kind; k == rules.Shlomo || k == rules.Cleopatra {
				return "no " + rules.Action{Kind: k}.Words()
			}
		}
	}
	return Gerund(a, ascii)
}

// Label is the name of an option in a table: "take", "pass", "accept",
// "name hearts", "exchange", "not good", "fifty", "give 10♥", "K♥ bella".
func Label(a rules.Action, ascii bool) string {
	return form(a, func(p phrase) string { return p.label }, ascii, " ")
}

// Chosen is the choice made as it reads after "You chose": "to pass",
// "to name clubs", "to accept the schmeiss", "to give 10♥", "to play K♥
// and say bella". The label would read "You chose name clubs".
func Chosen(a rules.Action, ascii bool) string {
	return "to " + Verb(a, ascii)
}
