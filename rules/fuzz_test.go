package rules

import (
	"fmt"
	"testing"
)

func isLegalIn(legal []Action, a Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// Parsers: no panic, and whatever is accepted writes back (String) to
// text that parses to the same value.

// fuzzRoundTrip fuzzes parse (named name) from the seeds: a value it
// accepts must be valid (when valid is given) and parse back the same
// from each of its texts.
func fuzzRoundTrip[T comparable](f *testing.F, name string, parse func(string) (T, error), valid func(T) bool, texts func(T) []string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := parse(s)
		if err != nil {
			return
		}
		if valid != nil && !valid(x) {
			t.Fatalf("%s(%q) = %v, not valid", name, s, x)
		}
		for _, text := range texts(x) {
			if back, err := parse(text); err != nil || back != x {
				t.Fatalf("%s(%q) = %v; %s(%q) = %v, %v", name, s, x, name, text, back, err)
			}
		}
	})
}

func FuzzParseCard(f *testing.F) {
	fuzzRoundTrip(f, "ParseCard", ParseCard, Card.Valid,
		func(c Card) []string { return []string{c.String(), c.Pretty(false), c.Pretty(true)} },
		"JS", "TS", "10S", "J♠", "10♥", "js", "qh", " 7c ", "", "10", "1", "\xff", "♠J", "A hearts")
}

func FuzzParseCardSet(f *testing.F) {
	fuzzRoundTrip(f, "ParseCardSet", ParseCardSet, nil, func(m CardSet) []string { return []string{m.String()} },
		"", "JS TS", "JH, 9h  10♥\tAH", "JH JH", "7C 8C 9C TC JC QC KC AC 7D", ",,", "x")
}

func FuzzParseDeck(f *testing.F) {
	f.Add(NewDeck().String())
	f.Add(kperftDeals[1].deck)
	f.Add("7C 8C")
	f.Add("7c 8c 9c 10c jc qc kc ac 7d 8d 9d 10d jd qd kd ad 7h 8h 9h 10h jh qh kh ah 7s 8s 9s 10s js qs ks as")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeck(s)
		if err != nil {
			return
		}
		var seen CardSet
		for _, c := range d {
			seen = seen.With(c)
		}
		if seen != FullDeck {
			t.Fatalf("ParseDeck(%q) = %v: not the 32 cards", s, d)
		}
		if back, err := ParseDeck(d.String()); err != nil || back != d {
			t.Fatalf("ParseDeck(%q); back %v, %v", s, back, err)
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"pass", "take", "schmeiss", "accept", "refuse", "name h", "exchange", "no-exchange",
		"no-sequence", "announce 20", "announce 50", "good", "not-good", "how-high", "top k", "same",
		"how-many", "length 5", "play JS", "play 10♥ bella", "", "play", "name", "length 9", "top \u212a",
		"name NT", "name nt", "play JH menage", "shlomo", "cleopatra", "draw 7c", "give AS", "give", "draw nt"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		if a != a.canonical() {
			t.Fatalf("ParseAction(%q) = %#v sets fields its kind does not use", s, a)
		}
		if back, err := ParseAction(a.String()); err != nil || back != a {
			t.Fatalf("ParseAction(%q) = %v; ParseAction(%q) = %v, %v", s, a, a.String(), back, err)
		}
		_ = a.Words()
	})
}

func FuzzParseOptions(f *testing.F) {
	fuzzRoundTrip(f, "ParseOptions", ParseOptions, nil, func(o Options) []string { return []string{o.String()} },
		"", DefaultOptions().String(), "bottom_card=off, sequence_rank=length", "target=1", "last_trick=1000",
		"melds_need_trick=no,,", "x=y", "target", "players=3", "players=4,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on",
		"players=2", "players=5")
}

func FuzzParseSeat(f *testing.F) {
	parse := func(s string) (Seat, error) { return ParseSeat(s, MaxPlayers) }
	fuzzRoundTrip(f, "ParseSeat", parse, func(x Seat) bool { return x < MaxPlayers },
		func(x Seat) []string { return []string{x.String()} },
		"A", "b", " a ", "", "C", "AB")
}

func FuzzParseSuit(f *testing.F) {
	fuzzRoundTrip(f, "ParseSuit", ParseSuit, func(x Suit) bool { return x <= Spades },
		func(x Suit) []string { return []string{x.String(), x.Symbol(), x.Name()} },
		"C", "d", "♥", "♤", "spades", " Heart ", "", "x")
}

func FuzzParseRank(f *testing.F) {
	fuzzRoundTrip(f, "ParseRank", ParseRank, func(x Rank) bool { return x <= Ace },
		func(x Rank) []string { return []string{x.String(), x.Display()} },
		"7", "10", "t", "J", "q", "K", "a", "", "1", "11")
}

// Example-style check that the fuzz helpers compile against the error
// type: a refused action's error prints its reason.
func TestIllegalErrorPrintsReason(t *testing.T) {
	d := NewDeal(DefaultOptions(), SeatA, NewDeck())
	err := d.Apply(Action{Kind: Accept})
	if got := fmt.Sprint(err); got != `"accept" is not a move now: the bidding is on: pass, take or schmeiss` {
		t.Errorf("error prints %q", got)
	}
}
