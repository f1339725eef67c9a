package drill

import (
	"strings"

	"github.com/klob/klob/rules"
)

// The words for every kind of decision, in the three forms a sentence
// needs. A hint says what the hard bot "would" do (Verb: "exchange the
// dix", "say \"not good\"", "ask \"how high?\""); a reason starts with
// what an option does (Gerund: "exchanging the dix wins the game 40% of
// the time"); a table names it (Label: "exchange", "not good"). Cards
// are written in the engine's notation (Card.String); a screen styles
// them itself.

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
	rules.Give:       {"give %s", "giving %s", "give %s"},
}

// detail is what fills %s: the suit named, the value announced, the top
// card or length told, or the card played (with bella).
func detail(a rules.Action, bella string) string {
	switch a.Kind {
	case rules.Name:
		return a.Suit.Name()
	case rules.Announce, rules.Top, rules.Length:
		return a.Words()
	case rules.Give:
		return a.Card.String()
	case rules.PlayCard:
		if a.Bella {
			return a.Card.String() + bella
		}
		return a.Card.String()
	}
	return ""
}

func form(a rules.Action, f func(phrase) string, bella string) string {
	p, ok := phrases[a.Kind]
	if !ok {
		return a.Words()
	}
	return strings.Replace(f(p), "%s", detail(a, bella), 1)
}

// Verb is what a player does, after "would": "take", "exchange the dix",
// `say "same"`, "announce fifty", "play K♥ and say bella" (cards in the
// engine's notation, "KH").
func Verb(a rules.Action) string {
	return form(a, func(p phrase) string { return p.verb }, " and say bella")
}

// Gerund is the option as the subject of a sentence: "taking",
// "exchanging the dix", `saying "not good"`.
func Gerund(a rules.Action) string {
	return form(a, func(p phrase) string { return p.gerund }, " with bella")
}
