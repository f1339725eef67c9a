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

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"JS", "TS", "10S", "J♠", "10♥", "js", "qh", " 7c ", "", "10", "1", "\xff", "♠J", "A hearts"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCard(%q) = %d, not a card", s, c)
		}
		for _, text := range []string{c.String(), c.Pretty(false), c.Pretty(true)} {
			if back, err := ParseCard(text); err != nil || back != c {
				t.Fatalf("ParseCard(%q) = %s; ParseCard(%q) = %s, %v", s, c, text, back, err)
			}
		}
	})
}

func FuzzParseCardSet(f *testing.F) {
	for _, s := range []string{"", "JS TS", "JH, 9h  10♥\tAH", "JH JH", "7C 8C 9C TC JC QC KC AC 7D", ",,", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseCardSet(s)
		if err != nil {
			return
		}
		if back, err := ParseCardSet(m.String()); err != nil || back != m {
			t.Fatalf("ParseCardSet(%q) = %s; back %s, %v", s, m, back, err)
		}
	})
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
	for _, s := range []string{"", DefaultOptions().String(), "bottom_card=off, sequence_rank=length", "target=1", "last_trick=1000",
		"melds_need_trick=no,,", "x=y", "target", "players=3", "players=4,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on",
		"players=2", "players=5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOptions(s)
		if err != nil {
			return
		}
		if back, err := ParseOptions(o.String()); err != nil || back != o {
			t.Fatalf("ParseOptions(%q) = %+v; ParseOptions(%q) = %+v, %v", s, o, o.String(), back, err)
		}
	})
}

func FuzzParseSeat(f *testing.F) {
	for _, s := range []string{"A", "b", " a ", "", "C", "AB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseSeat(s)
		if err != nil {
			return
		}
		if back, err := ParseSeat(x.String()); err != nil || back != x || x > SeatB {
			t.Fatalf("ParseSeat(%q) = %v; back %v, %v", s, x, back, err)
		}
	})
}

func FuzzParseSuit(f *testing.F) {
	for _, s := range []string{"C", "d", "♥", "♤", "spades", " Heart ", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseSuit(s)
		if err != nil {
			return
		}
		if x > Spades {
			t.Fatalf("ParseSuit(%q) = %d, not a suit", s, x)
		}
		for _, text := range []string{x.String(), x.Symbol(), x.Name()} {
			if back, err := ParseSuit(text); err != nil || back != x {
				t.Fatalf("ParseSuit(%q) = %v; ParseSuit(%q) = %v, %v", s, x, text, back, err)
			}
		}
	})
}

func FuzzParseRank(f *testing.F) {
	for _, s := range []string{"7", "10", "t", "J", "q", "K", "a", "", "1", "11"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseRank(s)
		if err != nil {
			return
		}
		if x > Ace {
			t.Fatalf("ParseRank(%q) = %d, not a rank", s, x)
		}
		for _, text := range []string{x.String(), x.Display()} {
			if back, err := ParseRank(text); err != nil || back != x {
				t.Fatalf("ParseRank(%q) = %v; ParseRank(%q) = %v, %v", s, x, text, back, err)
			}
		}
	})
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
