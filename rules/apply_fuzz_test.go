package rules

import (
	"slices"
	"testing"
)

// FuzzApply drives a deal of two, three or four players from bytes: the
// first two pick the options (house variants too), the seat count and
// the dealer, the next 31 shuffle the deck, then each pair either
// picks a legal action or builds an arbitrary one. Whatever comes, Apply
// never panics, refuses exactly what IsLegal refuses (with an
// *IllegalError, the deal unchanged), and the cards stay each in one
// place; a deal played out scores as RULES.md says.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte("\x00\x03 shlomo and cleopatra on, the first legal action every time\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("\x00 a deal driven by the first legal action every time\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("\xffshuffled by these thirty-one bytes!!\x80\x01\x81\x02\x83\x05\x90\x11\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18"))
	f.Add([]byte("\x5a\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0\xef\xee\xed\xec\xeb\xea\xe9\xe8\xe7\xe6\xe5\xe4\xe3\xe2\xe1\x01\x02\x01\x02\x01\x02\xc1\x22\xc3\x44\x01\x01\x01\x01\x01\x01\x01\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		players := 2
		if len(data) > 1 {
			players += int(data[1]>>5) % 3
		}
		o := DefaultOptions()
		o.Players = players
		b := data[0]
		o.SequenceRank = SeqRank(b & 1)
		o.MeldsNeedTrick = b&2 == 0
		o.OfAKind = b&4 != 0
		o.Menage = b&8 != 0
		o.DealerForced = b&16 != 0
		o.Bimah = b&32 != 0
		o.BottomCard = b&64 == 0
		dealer := Seat(int(b>>6) % players)
		data = data[1:]
		if len(data) > 0 {
			// A second byte: the declarations, and the dealer again.
			o.Shlomo, o.Cleopatra = data[0]&1 != 0, data[0]&2 != 0
			dealer = Seat(int(data[0]>>2) % players)
			data = data[1:]
		}
		deck := NewDeck()
		for i := 31; i > 0; i-- {
			var x byte
			if len(data) > 0 {
				x, data = data[0], data[1:]
			}
			j := int(x) % (i + 1)
			deck[i], deck[j] = deck[j], deck[i]
		}
		tb := NewDeal(o, dealer, deck)
		for len(data) >= 2 && !tb.Over() {
			x, y := data[0], data[1]
			data = data[2:]
			legal := tb.Legal()
			if len(legal) == 0 {
				t.Fatalf("no legal action in %s", tb.Phase())
			}
			var a Action
			if x&0x80 == 0 {
				a = legal[int(y)%len(legal)]
			} else {
				a = Action{Kind: Kind(x & 0x1f), Card: Card(y & 0x3f), Suit: Suit(y >> 5 & 7), Rank: Rank(y & 7),
					N: []uint8{20, 50, 3, 5, 0, 30, 8, 9}[y>>5&7], Bella: x&0x40 != 0}
				if x&0x20 == 0 {
					a = a.canonical()
				}
			}
			before := tb
			err := tb.Apply(a)
			if before.IsLegal(a) != (err == nil) {
				t.Fatalf("%v: IsLegal %v but Apply returned %v", a, before.IsLegal(a), err)
			}
			if err != nil {
				if tb != before {
					t.Fatalf("refused %v changed the deal", a)
				}
				if ie, ok := err.(*IllegalError); !ok || ie.Err == nil || ie.Reason == "" || ie.Action != a {
					t.Fatalf("refused %v: error %#v", a, err)
				}
				continue
			}
			if !isLegalIn(legal, a) {
				t.Fatalf("%v accepted but not in Legal %v", a, legal)
			}
			if err := checkTablePlaces(&tb); err != nil {
				t.Fatal(err)
			}
			if s := tb.Turn(); s == ChanceSeat {
				if v := tb.View(s); v.Legal() != nil || v.Hand != 0 {
					t.Fatalf("a view at the chance step offers %v", v.Legal())
				}
			} else if s != NoSeat {
				v := tb.View(s)
				if !slices.Equal(v.Legal(), tb.Legal()) {
					t.Fatalf("view legal %v, deal legal %v", v.Legal(), tb.Legal())
				}
			}
		}
		if tb.Over() {
			if err := checkTableScore(&tb); err != nil {
				t.Fatal(err)
			}
		}
	})
}
