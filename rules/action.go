package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind says what an action is. One Action type covers every phase so a
// single Legal/Apply pair drives the whole deal.
type Kind uint8

// The action kinds, grouped by phase.
const (
	NoAction Kind = iota

	// Bidding, round one (Pass also serves round two).
	Pass
	Take
	Schmeiss
	// Answer to a schmeiss.
	Accept
	Refuse
	// Round two: name one of the three other suits as trump.
	Name

	// Dix exchange: each player in turn, non-dealer first, exchanges the
	// 7 of trump for the upcard or says no exchange. Both players are
	// asked, so that saying "no exchange" reveals nothing.
	Exchange
	NoExchange

	// The sequence dialogue (docs/rules.md section 5).
	NoSequence // "no sequence"
	Announce   // "twenty" or "fifty" (N)
	Good       // "good"
	NotGood    // "not good"
	HowHigh    // "how high?"
	Top        // naming the top card (Rank)
	Same       // "same"
	HowMany    // "how many cards?" (sequence_rank=length)
	Length     // naming the number of cards (N)

	// Card play. Bella marks the announcement made with the second of K
	// and Q of trump; Bella with N 50 the menage (a Deal option).
	PlayCard

	// The declarations of the house variants shlomo and cleopatra (a
	// Deal option), before the first bid: the declaration, the card
	// drawn at random from the player on the declarer's left (a chance
	// step, see Deal.Turn), and a card given face down.
	Shlomo
	Cleopatra
	Draw
	Give
)

// MayTakeRight reports whether a word of the sequence dialogue may move
// the right to score sequences to its speaker: a claim (a twenty or
// fifty announced, a longer length, "not good") or "same", which a meld
// in trump wins. Whoever holds the right after the last such word of a
// dialogue keeps it.
func (k Kind) MayTakeRight() bool {
	switch k {
	case Announce, Length, NotGood, Same:
		return true
	}
	return false
}

// Action is one decision of a player. Only the fields its Kind uses are
// set; an Action is comparable, so it can key a map.
type Action struct {
	Kind  Kind
	Card  Card  // Play
	Suit  Suit  // Name
	Rank  Rank  // Top
	N     uint8 // Announce (20 or 50), Length (3..8)
	Bella bool  // Play: announce bella with this card
}

// Action constructors.
func PassAction() Action              { return Action{Kind: Pass} }
func NameAction(s Suit) Action        { return Action{Kind: Name, Suit: s} }
func AnnounceAction(value int) Action { return Action{Kind: Announce, N: uint8(value)} }
func TopAction(r Rank) Action         { return Action{Kind: Top, Rank: r} }
func LengthAction(n int) Action       { return Action{Kind: Length, N: uint8(n)} }
func PlayAction(c Card) Action        { return Action{Kind: PlayCard, Card: c} }
func PlayBellaAction(c Card) Action   { return Action{Kind: PlayCard, Card: c, Bella: true} }

// PlayMenageAction plays c announcing the menage (docs/rules.md section 15):
// the bella flag with N 50, "play JH menage".
func PlayMenageAction(c Card) Action { return Action{Kind: PlayCard, Card: c, Bella: true, N: 50} }
func simple(k Kind) Action           { return Action{Kind: k} }

// Announced is what a card played with a word scores its announcer:
// MenagePoints for the menage, BellaPoints for bella, 0 for any other
// action.
func (a Action) Announced() int {
	switch {
	case a.Kind != PlayCard || !a.Bella:
		return 0
	case a.N == MenagePoints:
		return MenagePoints
	}
	return BellaPoints
}

// String writes the action in the notation ParseAction reads and the game
// log uses: "pass", "take", "schmeiss", "accept", "refuse", "name H",
// "name NT" (no trumps, four players), "exchange", "no-exchange",
// "no-sequence", "announce 20", "good",
// "not-good", "how-high", "top K", "same", "how-many", "length 5",
// "play JS", "play KH bella".
func (a Action) String() string {
	switch a.Kind {
	case Name:
		return "name " + a.Suit.String()
	case Announce:
		return "announce " + strconv.Itoa(int(a.N))
	case Top:
		return "top " + a.Rank.String()
	case Length:
		return "length " + strconv.Itoa(int(a.N))
	case PlayCard:
		if a.Bella && a.N == 50 {
			return "play " + a.Card.String() + " menage"
		}
		if a.Bella {
			return "play " + a.Card.String() + " bella"
		}
		return "play " + a.Card.String()
	case Draw:
		return "draw " + a.Card.String()
	case Give:
		return "give " + a.Card.String()
	}
	if int(a.Kind) < len(simpleWords) && simpleWords[a.Kind] != "" {
		return simpleWords[a.Kind]
	}
	return "none"
}

// simpleWords is the notation of each kind that takes no argument ("" for
// the others): String writes it and ParseAction reads it.
var simpleWords = [...]string{Pass: "pass", Take: "take", Schmeiss: "schmeiss", Accept: "accept",
	Refuse: "refuse", Exchange: "exchange", NoExchange: "no-exchange", NoSequence: "no-sequence",
	Good: "good", NotGood: "not-good", HowHigh: "how-high", Same: "same", HowMany: "how-many",
	Shlomo: "shlomo", Cleopatra: "cleopatra"}

// Words returns what a player says for the action, as the table shows
// it: "schmeiss", "hearts", "fifty", "how high?", "ace", "bella".
func (a Action) Words() string {
	switch a.Kind {
	case Name:
		return a.Suit.Name()
	case Exchange:
		return "exchanges the dix"
	case NoExchange:
		return "no exchange"
	case NoSequence:
		return "no sequence"
	case Announce:
		if a.N == 50 {
			return "fifty"
		}
		return "twenty"
	case NotGood:
		return "not good"
	case HowHigh:
		return "how high?"
	case Top:
		return a.Rank.Name() + " high"
	case HowMany:
		return "how many cards?"
	case Length:
		return lengthWord(a.N) + " cards"
	case PlayCard:
		if a.Bella && a.N == 50 {
			return a.Card.String() + ", menage"
		}
		if a.Bella {
			return a.Card.String() + ", bella"
		}
		return a.Card.String()
	case Draw:
		return "draws " + a.Card.String()
	case Give:
		return "gives " + a.Card.String()
	}
	return a.String()
}

// argActions reads each action of one argument from its argument.
var argActions = map[string]func(v string) (Action, error){
	"name": func(v string) (Action, error) {
		if strings.EqualFold(v, "nt") {
			return NameAction(NoTrumps), nil
		}
		su, err := ParseSuit(v)
		if err != nil {
			return Action{}, err
		}
		return NameAction(su), nil
	},
	"announce": func(v string) (Action, error) {
		if v != "20" && v != "50" {
			return Action{}, errors.New("announce 20 or 50")
		}
		n, _ := strconv.Atoi(v)
		return AnnounceAction(n), nil
	},
	"top": func(v string) (Action, error) {
		r, err := ParseRank(v)
		if err != nil {
			return Action{}, err
		}
		return TopAction(r), nil
	},
	"length": func(v string) (Action, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 3 || n > 8 {
			return Action{}, errors.New("length is 3 to 8")
		}
		return LengthAction(n), nil
	},
	"draw": cardArg(Draw),
	"give": cardArg(Give),
}

// cardArg reads the action of kind k whose argument is a card.
func cardArg(k Kind) func(v string) (Action, error) {
	return func(v string) (Action, error) {
		c, err := ParseCard(v)
		if err != nil {
			return Action{}, err
		}
		return Action{Kind: k, Card: c}, nil
	}
}

// ParseAction reads the notation String writes, its words in any case.
// Cards may be in any notation ParseCard accepts. An error says what is
// wrong with the action, quoting its text as s has it; where the action
// is (a file's line, an action's number) is the caller's to say.
func ParseAction(s string) (Action, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action")
	}
	word := strings.ToLower(f[0])
	if k := slices.Index(simpleWords[:], word); k >= 0 {
		if len(f) != 1 {
			return Action{}, fmt.Errorf("%s takes no argument", word)
		}
		return simple(Kind(k)), nil
	}
	if read, ok := argActions[word]; ok {
		if len(f) != 2 {
			return Action{}, fmt.Errorf("%s takes one argument", word)
		}
		return read(f[1])
	}
	if word == "play" {
		last := ""
		if len(f) == 3 {
			last = strings.ToLower(f[2])
		}
		if len(f) < 2 || len(f) > 3 || (len(f) == 3 && last != "bella" && last != "menage") {
			return Action{}, fmt.Errorf("want play CARD or play CARD bella")
		}
		c, err := ParseCard(f[1])
		if err != nil {
			return Action{}, err
		}
		if last == "menage" {
			return PlayMenageAction(c), nil
		}
		return Action{Kind: PlayCard, Card: c, Bella: len(f) == 3}, nil
	}
	return Action{}, fmt.Errorf("%q is not an action", s)
}

// canonical returns a with the fields its Kind does not use cleared.
func (a Action) canonical() Action {
	c := Action{Kind: a.Kind}
	switch a.Kind {
	case Name:
		c.Suit = a.Suit
	case Announce, Length:
		c.N = a.N
	case Top:
		c.Rank = a.Rank
	case Draw, Give:
		c.Card = a.Card
	case PlayCard:
		c.Card, c.Bella = a.Card, a.Bella
		if a.Bella && a.N == 50 {
			c.N = 50 // the menage
		}
	}
	return c
}

// kindWord names the action's kind as String starts it: "pass", "play".
func (a Action) kindWord() string {
	w, _, _ := strings.Cut(Action{Kind: a.Kind}.String(), " ")
	return w + " action"
}

// Step is one action with the seat that took it: an entry of a deal's
// history.
type Step struct {
	Seat   Seat
	Action Action
}

// String writes "A: take".
func (s Step) String() string { return s.Seat.String() + ": " + s.Action.String() }
