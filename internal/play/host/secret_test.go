package host

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/testing/memstore"
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

// watchSkip is what the scan of a spectator's snapshot leaves: nothing
// but the opened deal, which must be nil while the deal is played (the
// View is scanned too, and its history, on top of the comparison).
var watchSkip = map[string]bool{"Open": true}

// checkWatch checks a spectator's snapshot s of the game's deal d: while
// d is played, and after it is thrown in until the game is over, it is
// rules' view of no seat and holds no hidden card (in any field, the
// view's history included); once d is scored it opens whole. It says
// what is wrong, "" when nothing is; opened is set when the deal was
// open.
func checkWatch(s *Snapshot, d *rules.Deal) (failure string, opened bool) {
	at := fmt.Sprintf("spectator, deal %d step %d", s.DealNo, len(s.Moves))
	switch {
	case s.Seat != rules.NoSeat || s.Can != (Can{}) || s.Hint != nil || s.Claim != nil || s.Forced != nil:
		return at + ": a spectator's snapshot has a seat's things", false
	case !s.HasDeal:
		return "", false
	case s.View != d.View(rules.NoSeat):
		return at + ": the view is not rules' view of no seat", false
	}
	thrownIn := s.Between && !s.Over && d.Ending().ThrownIn()
	if live := !s.Between && !s.Over; live || thrownIn {
		if s.Open != nil && thrownIn {
			return at + ": the deal thrown in is open while the game goes on", false
		}
		if s.Open != nil {
			return at + ": the deal is open while it is played", false
		}
		hidden := hiddenFrom(d, rules.NoSeat)
		for o := range rules.Seat(d.Players()) {
			if d.Hand(o)&^hidden&^s.View.Known(o) != 0 {
				return at + ": the hidden cards are not every card in the hands", false
			}
		}
		scan := func(v reflect.Value, path string) {
			scanCards(v, path, watchSkip, func(path string, m rules.CardSet) {
				if m&hidden != 0 && failure == "" {
					failure = fmt.Sprintf("%s: %s shows %v, hidden from spectators", at, path, m&hidden)
				}
			})
		}
		scan(reflect.ValueOf(*s), "Snapshot")
		scan(reflect.ValueOf(s.View.History()), "Snapshot.View.History()")
		return failure, false
	}
	o := s.Open
	switch {
	case o == nil:
		return at + ": the deal is scored but not open", false
	case o.No != s.DealNo || o.Deck != d.Deck() || o.Dealer != d.Dealer() || !reflect.DeepEqual(o.Steps, d.Steps()):
		return at + ": the opened deal is not the deal", false
	}
	// Each seat's hand as it played the deal: every card it played, as
	// many cards as every other seat, none another seat's.
	var held rules.CardSet
	for p := range rules.Seat(d.Players()) {
		if played := d.PlayedBy(p); o.Held[p]&played != played {
			return fmt.Sprintf("%s: seat %v held %v, not every card it played (%v)", at, p, o.Held[p], played), false
		}
		if n, n0 := o.Held[p].Count(), o.Held[0].Count(); n != n0 {
			return fmt.Sprintf("%s: seat %v held %d cards (%v), seat A %d", at, p, n, o.Held[p], n0), false
		}
		if held&o.Held[p] != 0 {
			return fmt.Sprintf("%s: seat %v held %v, another seat's too", at, p, held&o.Held[p]), false
		}
		held |= o.Held[p]
	}
	if held.Count() < 6*d.Players() {
		return fmt.Sprintf("%s: the seats held %d cards in all", at, held.Count()), false
	}
	return "", true
}

// TestSnapshotsKeepSecrets: in random games at every seat count, with
// several people and bots and the house variants that pass cards face
// down, every seat's snapshot at every change of the game (a bot's
// seat's too) shows exactly its own rules.View of the real deal, and no
// other field holds a card hidden from it. The spectators' snapshot
// holds no hidden card while a deal is played, nor after it is thrown
// in while the game goes on (checkWatch), and the whole deal once it is
// scored; a spectator that never reads is never waited for.
func TestSnapshotsKeepSecrets(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	draws, thrown := 0, 0
	for _, n := range []int{2, 3, 4} {
		seed := uint64(100 * n)
		for game := range games {
			seed = shlomoSeed(n, seed+1)
			t.Run(fmt.Sprintf("%d/%d", n, game), func(t *testing.T) {
				people := []rules.Seat{0, 1}
				if n == 4 {
					people = []rules.Seat{0, 1, 3}
				}
				h := newHost(t, config(n, seed, &memstore.Store{}, clocktest.New(t0), people...))
				checked, watched, opened := 0, 0, 0
				var failure string
				observe := func(s *Snapshot) {
					if failure != "" {
						return
					}
					checked++
					if s.Watching {
						watched++
						if s.Between && !s.Over && h.st.sess.Deal().Ending().ThrownIn() {
							thrown++
						}
						var ok bool
						if failure, ok = checkWatch(s, h.st.sess.Deal()); ok {
							opened++
						}
						return
					}
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
				silent, err := h.Watch() // never reads
				if err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				for _, s := range people {
					d := &driver{p: sit(t, h, s), r: rand.New(rand.NewPCG(uint64(game), uint64(s)))}
					wg.Add(1)
					go func() { defer wg.Done(); d.play(t, true) }()
				}
				wg.Wait()
				settle(t, h)
				if w := silent.Snapshot(); !w.Over || !w.Watching || w.Open == nil {
					t.Fatalf("the silent spectator's last snapshot: over %v, watching %v, open %v", w.Over, w.Watching, w.Open != nil)
				}
				if len(silent.Updates()) > 1 {
					t.Fatalf("the silent spectator holds %d ticks", len(silent.Updates()))
				}
				h.Close()
				if failure != "" {
					t.Fatal(failure)
				}
				if checked < 50 || watched < 20 || opened == 0 {
					t.Fatalf("only %d snapshots checked, %d spectators', %d with the deal open", checked, watched, opened)
				}
				t.Logf("%d snapshots checked, %d spectators', %d open", checked, watched, opened)
			})
		}
	}
	if draws == 0 {
		t.Error("no snapshot came after a card drawn or given face down: the test tests too little")
	}
	if thrown == 0 && !testing.Short() {
		t.Error("no spectator's snapshot after a deal thrown in: the test tests too little")
	}
	t.Logf("%d snapshots after a card drawn or given, %d spectators' after a deal thrown in", draws, thrown)
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
