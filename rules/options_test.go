package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A repeated key is refused, whatever the two values: the reader cannot
// know which one was meant.
func TestParseOptionsRefusesRepeatedKey(t *testing.T) {
	for _, in := range []string{"target=100,target=200", "target=300,target=300",
		"bottom_card=on, bottom_card =off", "last_trick=0,target=100,last_trick=10"} {
		_, err := ParseOptions(in)
		if err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("ParseOptions(%q): got %v, want a \"given twice\" error", in, err)
		}
	}
}

// The target is bounded by MaxTarget, in ParseOptions and in Set, and the
// error names the bound.
func TestTargetBound(t *testing.T) {
	if _, err := ParseOptions(fmt.Sprintf("target=%d", MaxTarget)); err != nil {
		t.Errorf("target=MaxTarget: %v", err)
	}
	for _, n := range []int{MaxTarget + 1, 99999, 100000} {
		var o Options
		err := o.Set("target", fmt.Sprint(n))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxTarget)) {
			t.Errorf("Set(target, %d): got %v, want an error naming %d", n, err, MaxTarget)
		}
	}
	if MaxTarget < 2000 {
		t.Errorf("MaxTarget %d is below the 2000 the setup screen offers", MaxTarget)
	}
}

// TestOptionsBySeats: the parts of the game that depend on the seat
// count, as Options answers them.
func TestOptionsBySeats(t *testing.T) {
	for _, tc := range []struct {
		players                                       int
		bottom, schmeiss, dix, noTrumps, declarations bool
	}{
		{0, true, true, true, false, false}, // unset: two players
		{2, true, true, true, false, false},
		{3, true, false, true, false, true},
		{4, false, false, false, true, true},
	} {
		o := DefaultOptions()
		o.Players = tc.players
		got := [4]bool{o.HasBottomCard(), o.HasSchmeiss(), o.HasDix(), o.HasNoTrumps()}
		if want := [4]bool{tc.bottom, tc.schmeiss, tc.dix, tc.noTrumps}; got != want {
			t.Errorf("%d players: bottom card, schmeiss, dix, no trumps = %v, want %v", tc.players, got, want)
		}
		if got := o.HasDeclarations(); got != tc.declarations {
			t.Errorf("%d players: declarations %v, want %v", tc.players, got, tc.declarations)
		}
	}
}

// TestApplicable: the variants a table does not play are switched off,
// the rest kept, at every seat count.
func TestApplicable(t *testing.T) {
	for n := 2; n <= 4; n++ {
		o := DefaultOptions()
		if n > 2 {
			o.Players = n
		}
		o.OfAKind, o.Menage, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true
		got := o.Applicable()
		want := o
		want.Bimah, want.Shlomo, want.Cleopatra = false, n >= 3, n == 4
		if got != want {
			t.Errorf("%d players: Applicable %s, want %s", n, got, want)
		}
		// Each variant switched off says why; those played say nothing.
		for _, key := range []string{"bimah", "shlomo", "cleopatra", "menage", "of_a_kind", "target"} {
			on, _ := got.Get(key)
			was, _ := o.Get(key)
			if why := o.NotPlayedWhy(key); (why != "") != (on != was) {
				t.Errorf("%d players: %s on %s, played %s, why %q", n, key, was, on, why)
			}
		}
		o.DealerForced = true
		if got := o.Applicable(); !got.Bimah || !got.DealerForced {
			t.Errorf("%d players: bimah dropped beside dealer_forced: %s", n, got)
		}
		if why := o.NotPlayedWhy("bimah"); why != "" {
			t.Errorf("%d players: bimah beside dealer_forced not played: %q", n, why)
		}
	}
}

// TestOptionsApplyBySeats: which option means something at which seat
// count, for every option: set away from its default, it stays through
// Applicable where it applies, goes back to its default where it does
// not (bottom_card=off at four too), and NotPlayedWhy says why.
func TestOptionsApplyBySeats(t *testing.T) {
	everywhere := [3]bool{true, true, true}
	want := map[string][3]bool{ // at 2, 3 and 4 players
		"players": everywhere, "bottom_card": {true, true, false}, "sequence_rank": everywhere,
		"melds_need_trick": everywhere, "last_trick": everywhere, "target": everywhere,
		"of_a_kind": everywhere, "menage": everywhere, "dealer_forced": everywhere,
		"bimah":  everywhere, // beside dealer_forced: below without it
		"shlomo": {false, true, true}, "cleopatra": {false, false, true},
	}
	// A value away from each option's default.
	other := map[string]string{"players": "3", "bottom_card": "off", "sequence_rank": "length",
		"melds_need_trick": "off", "last_trick": "0", "target": "100", "of_a_kind": "on", "menage": "on",
		"dealer_forced": "on", "bimah": "on", "shlomo": "on", "cleopatra": "on"}
	if len(want) != len(AllOptionNames()) {
		t.Fatalf("the table has %d options, the rules %d", len(want), len(AllOptionNames()))
	}
	for _, key := range AllOptionNames() {
		for i, n := range []int{2, 3, 4} {
			for _, forced := range []bool{false, true} {
				o := DefaultOptions().WithPlayers(n)
				o.DealerForced = forced
				applies := want[key][i] && (key != "bimah" || forced)
				if got := o.Applies(key); got != applies {
					t.Errorf("%d players, dealer_forced %v: Applies(%s) = %v, want %v", n, forced, key, got, applies)
				}
				if key == "players" {
					continue // the seat count is the table's, not an option it plays
				}
				if err := o.Set(key, other[key]); err != nil {
					t.Fatal(err)
				}
				got, _ := o.Applicable().Get(key)
				def, _ := DefaultOptions().Get(key)
				if applies && got != other[key] || !applies && got != def {
					t.Errorf("%d players, dealer_forced %v: %s=%s reads %s=%s after Applicable", n, forced, key, other[key], key, got)
				}
				if why := o.NotPlayedWhy(key); (why == "") != applies {
					t.Errorf("%d players, dealer_forced %v: %s=%s: not played because %q", n, forced, key, other[key], why)
				}
			}
		}
	}
	if DefaultOptions().Applies("colour") {
		t.Error("an unknown key applies")
	}
}

// TestMakerTakesUpcardAtEverySeatCount plays random deals to the first
// card at each seat count: the maker holds the upcard it did not take by
// the dix exchange exactly when MakerTakesUpcard says it takes it.
func TestMakerTakesUpcardAtEverySeatCount(t *testing.T) {
	for n := 2; n <= 4; n++ {
		o := DefaultOptions()
		o.Players = n
		r := newTestRand(uint64(n))
		played := 0
		for range 200 {
			d := NewDeal(o, Seat(r.IntN(n)), Shuffle(r))
			for !d.Over() && d.Phase() != PhasePlay {
				legal := d.Legal()
				if err := d.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			if d.Phase() != PhasePlay || d.DixBy() != NoSeat {
				continue
			}
			played++
			if got := d.Hand(d.Maker()).Has(d.OrigUpcard()); got != o.MakerTakesUpcard() {
				t.Fatalf("%d players: maker %s holds the upcard %s: %v, MakerTakesUpcard %v", n, d.Maker(), d.OrigUpcard(), got, o.MakerTakesUpcard())
			}
		}
		if played == 0 {
			t.Fatalf("%d players: no deal reached the card play", n)
		}
	}
}

// TestWithPlayers: a table of two keeps the zero default, so its options
// equal DefaultOptions; three and four are written out; every count
// reads back through NumPlayers and the options' text.
func TestWithPlayers(t *testing.T) {
	if got := DefaultOptions().WithPlayers(2); got != DefaultOptions() {
		t.Errorf("WithPlayers(2) = %+v, want the defaults", got)
	}
	for n := 2; n <= 4; n++ {
		o := DefaultOptions().WithPlayers(n)
		if o.NumPlayers() != n {
			t.Errorf("WithPlayers(%d).NumPlayers() = %d", n, o.NumPlayers())
		}
		back, err := ParseOptions(o.String())
		if err != nil || back != o {
			t.Errorf("WithPlayers(%d) reads back as %+v, %v", n, back, err)
		}
	}
}

// TestSeatCounts: the seat counts are two, three and four, each valid
// and each a players option the rules read back; one fewer or one more
// is neither.
func TestSeatCounts(t *testing.T) {
	if got := SeatCounts(); !slices.Equal(got, []int{2, 3, 4}) {
		t.Fatalf("SeatCounts() = %v, want [2 3 4]", got)
	}
	for _, tc := range []struct {
		n    int
		want bool
	}{{0, false}, {1, false}, {2, true}, {3, true}, {4, true}, {5, false}, {-2, false}} {
		if got := ValidPlayers(tc.n); got != tc.want {
			t.Errorf("ValidPlayers(%d) = %v, want %v", tc.n, got, tc.want)
		}
		var o Options
		err := o.Set("players", fmt.Sprint(tc.n))
		if (err == nil) != tc.want {
			t.Errorf("Set(players, %d) = %v, want valid %v", tc.n, err, tc.want)
		}
	}
	s := SeatCounts()
	s[0] = 9
	if SeatCounts()[0] != MinPlayers {
		t.Error("SeatCounts shares its slice with its callers")
	}
}

// TestOnOffWords: every word the error and the help name is taken, in
// any case, and a word that is none of them is refused with them all.
func TestOnOffWords(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  bool
	}{{onWords, true}, {offWords, false}} {
		for _, w := range c.words {
			for _, v := range []string{w, strings.ToUpper(w)} {
				if got, err := parseOnOff("menage", v); err != nil || got != c.want {
					t.Errorf("menage=%s: %v, %v; want %v", v, got, err, c.want)
				}
			}
		}
	}
	_, err := ParseOptions("bottom_card=maybe")
	want := `option bottom_card: "maybe" is not on or off: say on, yes, true or 1, or off, no, false or 0`
	if err == nil || err.Error() != want {
		t.Errorf("bottom_card=maybe: %v, want %q", err, want)
	}
}

// TestNeverPlayed: bimah=on without dealer_forced is played at no seat
// count; an option only some seat counts play (cleopatra=on at three,
// shlomo=on at two, bottom_card=off at four) is not named, nor bimah
// beside dealer_forced.
func TestNeverPlayed(t *testing.T) {
	for _, n := range SeatCounts() {
		o := DefaultOptions().WithPlayers(n)
		o.Bimah = true
		if got := o.NeverPlayed(); len(got) != 1 || got[0] != "bimah=on (it needs dealer_forced)" {
			t.Errorf("%d players, bimah alone: %q", n, got)
		}
		o.DealerForced = true
		if got := o.NeverPlayed(); len(got) != 0 {
			t.Errorf("%d players, bimah with dealer_forced: %q", n, got)
		}
		o = DefaultOptions().WithPlayers(n)
		o.Shlomo, o.Cleopatra, o.BottomCard = true, true, false
		if got := o.NeverPlayed(); len(got) != 0 {
			t.Errorf("%d players, options some table plays: %q", n, got)
		}
	}
}
