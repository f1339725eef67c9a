package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// lastLegalCard is a simple card model for the tests: the last legal
// card.
func lastLegalCard(_ *rules.TableView, legal []rules.Action) rules.Card {
	return legal[len(legal)-1].Card
}

// TestReadWeightTrueWorld plays random table deals at three and four
// players, every seat playing the last legal card or a random one, and
// checks at every card decision that the weight readWeight gives the
// true deal is tableOffModel to the power of the other seats' cards so
// far (read ones: a choice among two cards or more, more than
// tableReadCards in hand) that were not the model's, counted here as
// the deal is played.
func TestReadWeightTrueWorld(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 12
	}
	for _, rs := range []string{"players=3", "players=4", "players=4,of_a_kind=on,menage=on,shlomo=on,cleopatra=on"} {
		opts, err := rules.ParseOptions(rs)
		if err != nil {
			t.Fatal(err)
		}
		n := opts.NumPlayers()
		r := rand.New(rand.NewPCG(21, uint64(len(rs))))
		checked, offSeen := 0, 0
		for i := range deals {
			tb := rules.NewTable(opts, rules.Seat(i%n), rules.Shuffle(r))
			var off [4]int // each seat's cards off the model so far
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
					k := 0
					for o := range n {
						if rules.Seat(o) != seat {
							k += off[o]
						}
					}
					want := math.Pow(tableOffModel, float64(k))
					got := readWeight(&v, &tb, readSeats(&v), lastLegalCard)
					if math.Abs(got-want) > 1e-9*want {
						t.Fatalf("%s deal %d seat %s: weight %g, want %g (%d cards off the model)\n%s", rs, i, seat, got, want, k, v.String())
					}
					checked++
					if k > 0 {
						offSeen++
					}
				}
				a := legal[r.IntN(len(legal))]
				if a.Kind == rules.PlayCard && r.IntN(2) == 0 {
					a = legal[len(legal)-1]
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
					if cards > 1 && tb.Hand(seat).Count() > tableReadCards && a.Card != legal[len(legal)-1].Card {
						off[seat]++
					}
				}
				if err := tb.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked == 0 || offSeen == 0 {
			t.Fatalf("%s: %d decisions checked, %d with cards off the model", rs, checked, offSeen)
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
		v := rules.TableView{Players: c.players, Seat: c.seat}
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

// TestTableBotReadOff: the table bot of "hard:read=off" is the hard
// table bot that reads no card play; other mixed levels are refused at a
// table, where one bot bids and plays.
func TestTableBotReadOff(t *testing.T) {
	b, err := NewTableBot("hard:read=off", Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	h, ok := b.(*tableHard)
	if !ok || !h.cfg.Unread {
		t.Fatalf("hard:read=off made %T %+v, want the hard table bot with Unread", b, b)
	}
	if b, err := NewTableBot("hard", Config{Seed: 1}); err != nil || b.(*tableHard).cfg.Unread {
		t.Fatalf("hard: %v, %+v", err, b)
	}
	for _, bad := range []string{"hard:bid=normal", "hard:eval=solved", "hard:read=maybe"} {
		if _, err := NewTableBot(Level(bad), Config{}); err == nil {
			t.Errorf("NewTableBot(%q): no error", bad)
		}
	}
}
