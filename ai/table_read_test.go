package ai

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// lastLegalCard is a simple card model for the tests: the last legal
// card.
func lastLegalCard(_ *rules.View, legal []rules.Action) rules.Card {
	return legal[len(legal)-1].Card
}

// lastLegalBid is a simple bid model for the tests: the last legal bid.
func lastLegalBid(_ *rules.View, legal []rules.Action) rules.Action {
	return legal[len(legal)-1]
}

// TestReadWeightTrueWorld plays random table deals at three and four
// players, every seat bidding and playing the last legal bid or card or
// a random one, and checks at every card decision that the weight
// readWeight gives the true deal is tableOffModel to the power of the
// other seats' cards so far chosen among two cards or more that were not
// the model's, the last cards of a hand included, times tableBidOffModel
// to the power of their bids chosen among two or more that were not the
// bid model's, counted here as the deal is played.
func TestReadWeightTrueWorld(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 12
	}
	for _, rs := range []string{"players=3", "players=4", "players=4,of_a_kind=on,menage=on,shlomo=on,cleopatra=on"} {
		opts := tabletest.Options(t, rs)
		n := opts.NumPlayers()
		r := rand.New(rand.NewPCG(21, uint64(len(rs))))
		checked, offSeen, offLate, bidsOff := 0, 0, 0, 0
		for i := range deals {
			tb := rules.NewDeal(opts, rules.Seat(i%n), rules.Shuffle(r))
			var off, offBids [4]int // each seat's cards and bids off the models so far
			for !tb.Over() {
				seat := tb.Turn()
				legal := tb.Legal()
				if seat == rules.ChanceSeat {
					if err := tb.Apply(legal[r.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
					continue
				}
				v := tb.View(seat)
				if v.Phase == rules.PhasePlay {
					k, kb := 0, 0
					for o := range n {
						if rules.Seat(o) != seat {
							k += off[o]
							kb += offBids[o]
						}
					}
					want := math.Pow(tableOffModel, float64(k)) * math.Pow(tableBidOffModel, float64(kb))
					got := readWeight(&v, &tb, readSeats(&v), lastLegalCard, lastLegalBid, nil)
					if math.Abs(got-want) > 1e-9*want {
						t.Fatalf("%s deal %d seat %s: weight %g, want %g (%d cards, %d bids off the model)\n%s", rs, i, seat, got, want, k, kb, v.String())
					}
					if cardsOnly := readWeight(&v, &tb, readSeats(&v), lastLegalCard, nil, nil); math.Abs(cardsOnly-want/math.Pow(tableBidOffModel, float64(kb))) > 1e-9*cardsOnly {
						t.Fatalf("%s deal %d seat %s: weight of the cards alone %g, want %g", rs, i, seat, cardsOnly, math.Pow(tableOffModel, float64(k)))
					}
					checked++
					if k > 0 {
						offSeen++
					}
					if kb > 0 {
						bidsOff++
					}
				}
				a := legal[r.IntN(len(legal))]
				if (a.Kind == rules.PlayCard || isBid(a)) && r.IntN(2) == 0 {
					a = legal[len(legal)-1]
				}
				if isBid(a) && len(legal) > 1 && a != legal[len(legal)-1] {
					offBids[seat]++
				}
				if a.Kind == rules.PlayCard {
					cards := 0
					var m rules.CardSet
					for _, l := range legal {
						if !m.Has(l.Card) {
							m = m.With(l.Card)
							cards++
						}
					}
					if cards > 1 && a.Card != legal[len(legal)-1].Card {
						off[seat]++
						if tb.Hand(seat).Count() <= 3 {
							offLate++
						}
					}
				}
				if err := tb.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked == 0 || offSeen == 0 || offLate == 0 || bidsOff == 0 {
			t.Fatalf("%s: %d decisions checked, %d with cards off the model, %d of them from three cards or fewer, %d with bids off the model", rs, checked, offSeen, offLate, bidsOff)
		}
	}
}

// TestReadSeats: the bot reads every seat but its own.
func TestReadSeats(t *testing.T) {
	for _, c := range []struct {
		players int
		seat    rules.Seat
		want    uint8
	}{{3, 0, 0b110}, {3, 2, 0b011}, {4, 1, 0b1101}, {4, 3, 0b0111}} {
		v := rules.View{Players: c.players, Seat: c.seat}
		if got := readSeats(&v); got != c.want {
			t.Errorf("%d players, seat %s: got %04b, want %04b", c.players, c.seat, got, c.want)
		}
	}
}

// TestResample: systematic resampling picks n worlds in all, each
// within one of its share n*w/sum, never a world of weight zero; with
// every weight zero it picks evenly.
func TestResample(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for trial := range 500 {
		m := 1 + r.IntN(80)
		n := 1 + r.IntN(30)
		w := make([]float64, m)
		sum := 0.0
		for i := range w {
			if r.IntN(4) > 0 {
				w[i] = math.Pow(tableOffModel, float64(r.IntN(8)))
			}
			sum += w[i]
		}
		picks := resample(append([]float64(nil), w...), n, r)
		total := 0
		for i, p := range picks {
			total += p
			share := float64(n) * w[i] / sum
			if sum == 0 {
				share = float64(n) / float64(m)
			}
			if sum > 0 && w[i] == 0 && p > 0 {
				t.Fatalf("trial %d: world %d of weight 0 picked %d times", trial, i, p)
			}
			if math.Abs(float64(p)-share) >= 1+1e-9 {
				t.Fatalf("trial %d: world %d picked %d times, share %.3f", trial, i, p, share)
			}
		}
		if total != n {
			t.Fatalf("trial %d: %d picks, want %d", trial, total, n)
		}
	}
}

// TestTableBotReadOff: the level "hard:read=off" makes, at a table, the
// hard table bot that reads no card play; plain "hard" reads it. The
// level's eval= reaches the table bot's bids as it does the
// two-player bot's.
func TestTableBotReadOff(t *testing.T) {
	tableBot := func(level Level) *tableHard {
		t.Helper()
		b, err := NewMixed(New, level, Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if m, ok := b.(mixedBot); ok {
			b = m.play
		}
		h, ok := b.(bySeats).more.(*tableHard)
		if !ok {
			t.Fatalf("%s made %T at a table, want the hard table bot", level, b.(bySeats).more)
		}
		return h
	}
	unread := func(level Level) bool { return tableBot(level).cfg.Unread }
	if !unread("hard:read=off") || unread(Hard) {
		t.Errorf("read=off: unread %v; hard: unread %v", unread("hard:read=off"), unread(Hard))
	}
	d := rules.NewDeal(rules.DefaultOptions().WithPlayers(3), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(1, 2))))
	v := d.View(d.Turn())
	for level, want := range map[Level]eval.Method{Hard: eval.Corrected, "hard:eval=solved": eval.Solved} {
		if got := tableBot(level).bidOptions(&v).Method; got != want {
			t.Errorf("%s bids by the %s evaluation, want %s", level, got, want)
		}
	}
	if _, err := NewMixed(New, "hard:read=maybe", Config{}); err == nil {
		t.Error(`NewMixed("hard:read=maybe"): no error`)
	}
}

// viewModel is a card model that answers from all a seat's view shows:
// a hash of its hand, the history it saw, what it knows of every hand
// and the cards played picks among the legal cards. A memo that took two
// different views for one would answer one of them wrong.
func viewModel(v *rules.View, legal []rules.Action) rules.Card {
	h := uint64(v.Hand)*0x9e3779b97f4a7c15 ^ uint64(v.Seat)
	mix := func(x uint64) {
		h ^= x
		h *= 0x94d049bb133111eb
		h ^= h >> 31
	}
	for _, st := range v.History() {
		mix(uint64(st.Action.Kind)<<40 | uint64(st.Action.Card)<<32 | uint64(st.Action.Suit)<<24 | uint64(st.Action.N)<<16 | uint64(st.Seat))
	}
	for o := range 4 {
		s := rules.Seat(o)
		mix(uint64(v.Played[o]) ^ uint64(v.Shown[o])<<32)
		mix(uint64(v.Known(s)) ^ uint64(v.CannotHold(s))<<32)
	}
	b := v.OwnBest()
	mix(uint64(v.Unseen()) ^ uint64(b.Len)<<32 ^ uint64(b.Top)<<40 ^ uint64(v.MenageBy)<<48)
	return legal[h%uint64(len(legal))].Card
}

// TestReadWeightMemo: over many random worlds drawn from views of random
// deals (every house variant on too, where cards change hands unseen in
// the declarations), readWeight with one memo per view gives each world
// the same weight as asking the model afresh, for the normal rule's card
// play and for a model that answers from the whole view; and the memo
// saves calls.
func TestReadWeightMemo(t *testing.T) {
	deals, worlds := 24, 30
	if testing.Short() {
		deals, worlds = 5, 20
	}
	for _, rs := range tableRules[1:] {
		opts := tabletest.Options(t, rs)
		n := opts.NumPlayers()
		r := rand.New(rand.NewPCG(33, uint64(len(rs))))
		checked, off, asked, fresh, declViews := 0, 0, 0, 0, 0
		for i := range deals {
			tb := rules.NewDeal(opts, rules.Seat(i%n), rules.Shuffle(r))
			for step := 0; !tb.Over(); step++ {
				seat := tb.Turn()
				legal := tb.Legal()
				if seat != rules.ChanceSeat && tb.Phase() == rules.PhasePlay && step%3 == 0 {
					v := tb.View(seat)
					seats := readSeats(&v)
					smp := sampler.New(&v)
					decls := map[uint64]bool{}
					for _, model := range []cardModel{tablerule.PlayCard, viewModel} {
						calls := 0
						counted := func(v *rules.View, legal []rules.Action) rules.Card {
							calls++
							return model(v, legal)
						}
						memo := readMemo{}
						for range worlds {
							w, ok := smp.World(r)
							if !ok {
								continue
							}
							d, _ := declCards(w.Steps())
							decls[d] = true
							got := readWeight(&v, &w, seats, counted, tablerule.Choose, memo)
							memoCalls := calls
							want := readWeight(&v, &w, seats, counted, tablerule.Choose, nil)
							fresh += calls - memoCalls
							calls = memoCalls
							if got != want {
								t.Fatalf("%s deal %d: weight %g with the memo, %g asking afresh\n%s", rs, i, got, want, v.String())
							}
							checked++
							if want < 1 {
								off++
							}
						}
						asked += calls
					}
					if len(decls) > 1 {
						declViews++
					}
				}
				a := legal[r.IntN(len(legal))]
				for _, l := range legal {
					if l.Kind == rules.Shlomo || l.Kind == rules.Cleopatra {
						a = l // declare whenever it can, for cards to change hands
					}
				}
				if seat != rules.ChanceSeat && r.IntN(2) == 0 {
					v := tb.View(seat)
					if c := tablerule.PlayCard(&v, legal); a.Kind == rules.PlayCard {
						a = tablerule.WithAnnounce(legal, c)
					}
				}
				if err := tb.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d worlds, %d off the model, model asked %d times with the memo, %d without; %d views with unseen declaration cards", rs, checked, off, asked, fresh, declViews)
		if checked == 0 || off == 0 || asked >= fresh || (strings.Contains(rs, "cleopatra") && declViews == 0) {
			t.Fatalf("%s: %d worlds, %d off the model, model asked %d times with the memo, %d without; %d views with unseen declaration cards", rs, checked, off, asked, fresh, declViews)
		}
	}
}
