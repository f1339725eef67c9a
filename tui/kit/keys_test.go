package kit

import (
	"math/rand/v2"
	"slices"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
)

// TestMenuLetters plays random games and checks every menu offered: each
// item has a letter, the letters of one menu differ, and the help
// overlay lists each letter the menus use.
func TestMenuLetters(t *testing.T) {
	listed := map[string]bool{}
	for _, b := range LetterHelp(rules.DefaultOptions()) {
		for _, k := range b.Keys() {
			listed[k] = true
		}
	}
	people := []session.Player{{Name: "A", Human: true}, {Name: "B", Human: true}}
	for seed := range uint64(30) {
		s, err := session.New(session.Config{Options: rules.DefaultOptions(), Seed: seed, Players: people})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for n := 0; n < 3000 && !s.Game().Over(); n++ {
			seat, ok := s.ToMove()
			if !ok {
				if err := s.StartDeal(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			v := s.View(seat)
			legal := v.Legal()
			if v.Phase != rules.PhasePlay {
				seen := map[string]rules.Action{}
				for _, a := range legal {
					l := ActionKey(a)
					if l == "" || !listed[l] {
						t.Fatalf("%v: letter %q not in the help's table", a, l)
					}
					if b, dup := seen[l]; dup {
						t.Fatalf("one menu gives %q to both %v and %v", l, b, a)
					}
					seen[l] = a
				}
			}
			if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHintsFromBindings: a status line's hint is made from the bindings
// it names, so it answers to the same keys.
func TestHintsFromBindings(t *testing.T) {
	k := DefaultKeys()
	for _, c := range []struct {
		b        key.Binding
		want     string
		wantKeys []string
	}{
		{Brief("", k.Left, k.Right), "←/→", []string{"left", "h", "right", "l"}},
		{Brief("play", k.Choose), "enter play", []string{"enter", "space"}},
		{Spelled("choose a line", k.Up, k.Down), "↑/↓ j/k choose a line", []string{"up", "k", "down", "j"}},
		{Either("back", k.Back, k.New), "esc or n back", []string{"esc", "n"}},
	} {
		if got := HintLine([]key.Binding{c.b}); got != c.want {
			t.Errorf("got hint %q, want %q", got, c.want)
		}
		if got := c.b.Keys(); !slices.Equal(got, c.wantKeys) {
			t.Errorf("hint %q answers to %v, want %v", c.want, got, c.wantKeys)
		}
	}
	if got := HintLine(AppKeys(&k)); got != "? help · q quit" {
		t.Errorf("got %q, want the App's keys", got)
	}
}
