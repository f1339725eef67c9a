package rules

import (
	"slices"
	"testing"
)

// VariantsPlayed names, at each seat count, the variants switched on
// that the table plays: shlomo from three players, cleopatra at four,
// bimah only with dealer_forced, the others at every count.
func TestVariantsPlayed(t *testing.T) {
	all := []string{"of_a_kind", "menage", "dealer_forced", "bimah", "shlomo", "cleopatra"}
	for _, tc := range []struct {
		on   []string
		want map[int][]string // by seat count
	}{
		{nil, map[int][]string{}},
		{all, map[int][]string{
			2: {"three or four of a kind", "menage", "dealer forced", "bimah"},
			3: {"three or four of a kind", "menage", "dealer forced", "bimah", "shlomo"},
			4: {"three or four of a kind", "menage", "dealer forced", "bimah", "shlomo", "cleopatra"},
		}},
		{[]string{"of_a_kind"}, map[int][]string{2: {"three or four of a kind"}, 3: {"three or four of a kind"}, 4: {"three or four of a kind"}}},
		{[]string{"menage"}, map[int][]string{2: {"menage"}, 3: {"menage"}, 4: {"menage"}}},
		{[]string{"bimah"}, map[int][]string{}},
		{[]string{"dealer_forced"}, map[int][]string{2: {"dealer forced"}, 3: {"dealer forced"}, 4: {"dealer forced"}}},
		{[]string{"dealer_forced", "bimah"}, map[int][]string{2: {"dealer forced", "bimah"}, 3: {"dealer forced", "bimah"}, 4: {"dealer forced", "bimah"}}},
		{[]string{"shlomo"}, map[int][]string{3: {"shlomo"}, 4: {"shlomo"}}},
		{[]string{"cleopatra"}, map[int][]string{4: {"cleopatra"}}},
		{[]string{"shlomo", "cleopatra"}, map[int][]string{3: {"shlomo"}, 4: {"shlomo", "cleopatra"}}},
		{[]string{"cleopatra", "menage"}, map[int][]string{2: {"menage"}, 3: {"menage"}, 4: {"menage", "cleopatra"}}},
	} {
		for _, n := range []int{2, 3, 4} {
			o := DefaultOptions()
			o.Players = n
			for _, k := range tc.on {
				if err := o.Set(k, "on"); err != nil {
					t.Fatal(err)
				}
			}
			got, want := o.VariantsPlayed(), tc.want[n]
			if !slices.Equal(got, want) {
				t.Errorf("%d players, %v on: %q, want %q", n, tc.on, got, want)
			}
			// PlaysVariant says the same one key at a time.
			for _, k := range all {
				if plays := o.PlaysVariant(k); plays != slices.Contains(want, VariantName(k)) {
					t.Errorf("%d players, %v on: PlaysVariant(%s) = %v", n, tc.on, k, plays)
				}
			}
		}
	}
}

// Every house variant key has a name, the keys are the extra options
// but players, and nothing else is named as a variant.
func TestVariantNames(t *testing.T) {
	if !slices.Equal(VariantKeys(), ExtraOptionNames[1:]) {
		t.Errorf("VariantKeys %q, ExtraOptionNames %q", VariantKeys(), ExtraOptionNames)
	}
	for _, k := range VariantKeys() {
		if VariantName(k) == "" {
			t.Errorf("%s has no name", k)
		}
	}
	for _, k := range append(append([]string{}, OptionNames...), "players", "", "of a kind") {
		if VariantName(k) != "" {
			t.Errorf("%q is named as a variant: %q", k, VariantName(k))
		}
		o := DefaultOptions()
		if o.PlaysVariant(k) {
			t.Errorf("%q is played as a variant", k)
		}
	}
}
