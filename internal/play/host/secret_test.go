package host

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
)

// hiddenFrom is every card seat s may not know in d: the other hands
// (a partner's too) less what its view knows of them, and the cards it
// cannot place.
func hiddenFrom(d *rules.Deal, s rules.Seat) rules.CardSet {
	v := d.View(s)
	hidden := v.Unseen()
	for o := range rules.Seat(d.Players()) {
		if o != s {
			hidden |= d.Hand(o) &^ v.Known(o)
		}
	}
	return hidden
}

var (
	cardType    = reflect.TypeOf(rules.Card(0))
	cardSetType = reflect.TypeOf(rules.CardSet(0))
	actionType  = reflect.TypeOf(rules.Action{})
)

// scanCards calls f with every card and card set in v, except in the
// fields skip names (at any depth).
func scanCards(v reflect.Value, path string, skip map[string]bool, f func(path string, m rules.CardSet)) {
	switch {
	case v.Type() == cardType:
		if c := rules.Card(v.Uint()); c < 32 {
			f(path, rules.SetOf(c))
		}
		return
	case v.Type() == cardSetType:
		f(path, rules.CardSet(v.Uint()))
		return
	case v.Type() == actionType:
		// Only a card's action carries a card; the others' Card is 0.
		switch a := v.Interface().(rules.Action); a.Kind {
		case rules.PlayCard, rules.Draw, rules.Give:
			if a.Card < 32 {
				f(path+".Card", rules.SetOf(a.Card))
			}
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			scanCards(v.Elem(), path, skip, f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			ft := v.Type().Field(i)
			if skip[ft.Name] || !ft.IsExported() {
				continue
			}
			scanCards(v.Field(i), path+"."+ft.Name, skip, f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scanCards(v.Index(i), fmt.Sprintf("%s[%d]", path, i), skip, f)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			scanCards(it.Value(), path+"[k]", skip, f)
		}
	}
}

// secretSkip are the fields the scan leaves: the View is the rules'
// (compared whole against the real deal's instead); a hint and a
// claim's verdict are worked out from that View alone, and a refused
// claim's counter-placement is a guess the view allows, which may hit
// the real hands by chance.
var secretSkip = map[string]bool{"View": true, "Hint": true, "Claim": true}

// TestSnapshotsKeepSecrets: in random games at every seat count, with
// several people and bots and the house variants that pass cards face
// down, every seat's snapshot at every change of the game (a bot's
// seat's too) shows exactly its own rules.View of the real deal, and no
// other field holds a card hidden from it.
func TestSnapshotsKeepSecrets(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	draws := 0
	for _, n := range []int{2, 3, 4} {
		seed := uint64(100 * n)
		for game := range games {
			seed = shlomoSeed(n, seed+1)
			t.Run(fmt.Sprintf("%d/%d", n, game), func(t *testing.T) {
				people := []rules.Seat{0, 1}
				if n == 4 {
					people = []rules.Seat{0, 1, 3}
				}
				h := newHost(t, config(n, seed, &memStore{}, NewManualClock(t0), people...))
				checked := 0
				var failure string
				observe := func(s *Snapshot) {
					if failure != "" {
						return
					}
					checked++
					var hidden rules.CardSet
					if s.HasDeal {
						d := h.st.sess.Deal()
						if want := d.View(s.Seat); s.View != want {
							failure = fmt.Sprintf("seat %v, deal %d step %d: the snapshot's view is not the seat's view", s.Seat, s.DealNo, len(s.Moves))
							return
						}
						hidden = hiddenFrom(d, s.Seat)
						if s.Last != nil && (s.Last.Action.Kind == rules.Draw || s.Last.Action.Kind == rules.Give) {
							draws++
						}
					}
					scanCards(reflect.ValueOf(*s), "Snapshot", secretSkip, func(path string, m rules.CardSet) {
						if m&hidden != 0 && failure == "" {
							failure = fmt.Sprintf("seat %v, deal %d step %d: %s shows %v, hidden from it", s.Seat, s.DealNo, len(s.Moves), path, m&hidden)
						}
					})
				}
				if err := h.call(func() error { h.st.observe = observe; return nil }); err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				for _, s := range people {
					d := &driver{p: sit(t, h, s), r: rand.New(rand.NewPCG(uint64(game), uint64(s)))}
					wg.Add(1)
					go func() { defer wg.Done(); d.play(t, true) }()
				}
				wg.Wait()
				h.Close()
				if failure != "" {
					t.Fatal(failure)
				}
				if checked < 50 {
					t.Fatalf("only %d snapshots checked", checked)
				}
				t.Logf("%d snapshots checked", checked)
			})
		}
	}
	if draws == 0 {
		t.Error("no snapshot came after a card drawn or given face down: the test tests too little")
	}
	t.Logf("%d snapshots after a card drawn or given", draws)
}

// shlomoSeed is the first seed from seed on whose first deal at a table
// of n (three or four) deals a seat the shlomo, so cards are drawn and
// given face down if it is declared; at two, seed.
func shlomoSeed(n int, seed uint64) uint64 {
	if n == 2 {
		return seed
	}
	for ; ; seed++ {
		deck := session.Deck(seed, 1)
		d := rules.NewDeal(options(n), session.FirstDealerOf(seed, n), deck)
		for s := range rules.Seat(n) {
			if rules.HoldsShlomo(d.Hand(s)) {
				return seed
			}
		}
	}
}
