package duplicate

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// goldenDates are the days whose daily boards testdata/daily.golden
// pins: any change to the daily rule, to rules.Shuffle or to
// math/rand/v2's PCG shows here.
var goldenDates = []string{"2026-12-01", "2027-02-28", "2028-02-29"}

func dailyText(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, ds := range goldenDates {
		d, err := ParseDate(ds)
		if err != nil {
			t.Fatal(err)
		}
		for players := 2; players <= 4; players++ {
			s, err := Daily(d, players)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s players=%d seed %s id %s\n", d, players, s.Seed, s.ID)
			for _, bd := range s.Boards {
				fmt.Fprintf(&b, "  board %d dealer %s seed %016x deck %s\n", bd.Number, bd.Dealer, bd.Seed, bd.Deck)
			}
		}
	}
	return b.String()
}

func TestDailyGolden(t *testing.T) {
	if !testkit.Golden(t, filepath.Join("testdata", "daily.golden"), []byte(dailyText(t))) {
		t.Fatal("the daily boards changed: every Klob must deal the same boards on a day")
	}
}

// TestDailyRule recomputes one day's seed by hand from the rule the
// package doc states.
func TestDailyRule(t *testing.T) {
	d, _ := ParseDate("2026-12-01")
	if got := DailyText(d, 3); got != "klob daily v1 2026-12-01 players=3" {
		t.Fatalf("DailyText = %q", got)
	}
	spec, err := DailySpec(d, 3)
	if err != nil {
		t.Fatal(err)
	}
	// sha256 of the text above, first 16 bytes (printf '%s' ... | sha256sum).
	if got := spec.Seed.String(); got != dailySeed2026_12_01_3 {
		t.Fatalf("seed %s, want %s", got, dailySeed2026_12_01_3)
	}
	if spec.Count != 8 || spec.Level != ai.Normal || spec.Seat != rules.SeatA || spec.Options.NumPlayers() != 3 {
		t.Fatalf("spec %+v", spec)
	}
	want := rules.DefaultOptions()
	want.Players = 3
	if spec.Options != want {
		t.Fatalf("options %v, want the defaults for three", spec.Options)
	}
}

func TestDailyDiffers(t *testing.T) {
	seen := map[string]string{}
	d, _ := ParseDate("2026-12-01")
	for i := range 30 {
		for players := 2; players <= 4; players++ {
			s, err := Daily(d.AddDays(i), players)
			if err != nil {
				t.Fatal(err)
			}
			key := fmt.Sprintf("%s/%d", d.AddDays(i), players)
			if prev, ok := seen[s.ID]; ok {
				t.Fatalf("%s and %s share id %s", prev, key, s.ID)
			}
			seen[s.ID] = key
			if s.Players() != players || len(s.Boards) != DailyBoards {
				t.Fatalf("%s: %d players, %d boards", key, s.Players(), len(s.Boards))
			}
			decks := map[rules.Deck]bool{}
			for _, b := range s.Boards {
				if int(b.Dealer) >= players {
					t.Fatalf("%s board %d: dealer %s", key, b.Number, b.Dealer)
				}
				if decks[b.Deck] {
					t.Fatalf("%s: a deck twice", key)
				}
				decks[b.Deck] = true
			}
		}
	}
}

func TestNewSetDeterministic(t *testing.T) {
	for players := 2; players <= 4; players++ {
		opts := rules.DefaultOptions()
		opts.Players = players
		spec := Spec{Seed: Seed{7, 11}, Count: 24, Options: opts, Level: ai.Hard, Seat: rules.Seat(players - 1)}
		a, err := NewSet(spec)
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewSet(spec)
		if err != nil {
			t.Fatal(err)
		}
		if a.ID != b.ID || fmt.Sprint(a.Boards) != fmt.Sprint(b.Boards) {
			t.Fatalf("players %d: two sets from one spec differ", players)
		}
		// A shorter set is the longer one's first boards.
		spec.Count = 8
		c, _ := NewSet(spec)
		if fmt.Sprint(c.Boards) != fmt.Sprint(a.Boards[:8]) {
			t.Fatalf("players %d: 8 boards are not the first 8 of 24", players)
		}
		if c.ID == a.ID {
			t.Fatal("ids of sets of 8 and 24 boards agree")
		}
		// Everything that makes results comparable changes the id.
		for name, change := range map[string]func(*Spec){
			"seed":  func(s *Spec) { s.Seed[1]++ },
			"level": func(s *Spec) { s.Level = ai.Easy },
			"seat":  func(s *Spec) { s.Seat = (s.Seat + 1) % rules.Seat(players) },
			"rules": func(s *Spec) { s.Options.LastTrick = 0 },
		} {
			s2 := spec
			change(&s2)
			d, err := NewSet(s2)
			if err != nil {
				t.Fatal(err)
			}
			if d.ID == c.ID {
				t.Errorf("players %d: changing the %s keeps id %s", players, name, c.ID)
			}
		}
	}
}

func TestBoardSeeds(t *testing.T) {
	d, _ := ParseDate("2026-12-01")
	s, _ := Daily(d, 4)
	b := s.Boards[0]
	seen := map[uint64]bool{b.Seed: true}
	for seat := rules.SeatA; seat < 4; seat++ {
		if seen[b.BotSeed(seat)] {
			t.Fatalf("seat %s's seed repeats", seat)
		}
		seen[b.BotSeed(seat)] = true
	}
	if b.Chance().Uint64() != b.Chance().Uint64() {
		t.Fatal("Chance is not reproducible")
	}
	if got, ok := s.Board(8); !ok || got.Number != 8 {
		t.Fatal("Board(8)")
	}
	if _, ok := s.Board(9); ok {
		t.Fatal("Board(9) of 8")
	}
	tb := b.Deal(s.Options)
	if tb.Dealer() != b.Dealer || tb.Deck() != b.Deck || tb.Players() != 4 {
		t.Fatal("Table does not deal the board")
	}
}

func TestNewSetRefuses(t *testing.T) {
	ok := Spec{Count: 8, Options: rules.DefaultOptions(), Level: ai.Normal}
	for name, c := range map[string]struct {
		change func(*Spec)
		want   string
	}{
		"no boards":   {func(s *Spec) { s.Count = 0 }, "0 boards"},
		"too many":    {func(s *Spec) { s.Count = MaxBoards + 1 }, "65 boards"},
		"seat":        {func(s *Spec) { s.Seat = rules.Seat(2) }, "seat C is not at a table of 2"},
		"level":       {func(s *Spec) { s.Level = "genius" }, "genius"},
		"players":     {func(s *Spec) { s.Options.Players = 5 }, "5 players"},
		"mixed level": {func(s *Spec) { s.Level = "hard:bid=normal" }, "hard:bid=normal"},
	} {
		s := ok
		c.change(&s)
		if _, err := NewSet(s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
	if _, err := NewSet(ok); err != nil {
		t.Fatal(err)
	}
	spec := ok
	spec.Level = "HARD"
	s, err := NewSet(spec)
	if err != nil || s.Level != ai.Hard {
		t.Fatalf("level HARD: %v %v", s, err)
	}
}

func TestSeedText(t *testing.T) {
	s := Seed{0x0123456789abcdef, 42}
	if s.String() != "0123456789abcdef000000000000002a" {
		t.Fatal(s.String())
	}
}

func TestDates(t *testing.T) {
	for _, bad := range []string{"", "2026-2-01", "2026-02-30", "26-02-01", "2026-02-01 ", "0000-01-01", "2026/02/01"} {
		if _, err := ParseDate(bad); err == nil {
			t.Errorf("ParseDate(%q) accepted", bad)
		}
	}
	d, err := ParseDate("2028-02-28")
	if err != nil {
		t.Fatal(err)
	}
	if d.AddDays(1).String() != "2028-02-29" || d.AddDays(2).String() != "2028-03-01" || d.AddDays(-59).String() != "2027-12-31" {
		t.Fatal(d.AddDays(1), d.AddDays(2), d.AddDays(-59))
	}
	if d.Compare(d.AddDays(1)) != -1 || d.Compare(d) != 0 || d.AddDays(1).Compare(d) != 1 {
		t.Fatal("Compare")
	}
	if _, err := Daily(Date{2026, 2, 30}, 2); err == nil {
		t.Fatal("Daily of February 30")
	}
	if _, err := Daily(d, 5); err == nil {
		t.Fatal("Daily of five players")
	}
}

// TestDailyNames: the daily's title and its name in a sentence say the
// same date and seat count in the same words.
func TestDailyNames(t *testing.T) {
	d := Date{Year: 2026, Month: 12, Day: 1}
	for _, n := range []int{2, 3, 4} {
		if got, want := DailyTitle(d, n), fmt.Sprintf("Daily challenge · 2026-12-01 · %d players", n); got != want {
			t.Errorf("DailyTitle = %q, want %q", got, want)
		}
		if got, want := DailyNamed(d, n), fmt.Sprintf("the 2026-12-01 daily for %d players", n); got != want {
			t.Errorf("DailyNamed = %q, want %q", got, want)
		}
	}
}

// dailySeed2026_12_01_3 is the first 16 bytes of
// printf '%s' 'klob daily v1 2026-12-01 players=3' | sha256sum.
const dailySeed2026_12_01_3 = "ed7698675eb246be293c88fe611e153b"

// TestDailyRuleByHand deals the daily boards from the rule as the
// package doc states it, with nothing but SHA-256, the PCG generator's
// Uint64 and arithmetic (no rand.Rand, no rules.Shuffle), and checks the
// package deals the same: the doc is enough to deal them elsewhere.
func TestDailyRuleByHand(t *testing.T) {
	// uniform is the doc's draw of a number in [0, n).
	uniform := func(g *rand.PCG, n uint64) uint64 {
		if n&(n-1) == 0 {
			return g.Uint64() & (n - 1)
		}
		for {
			hi, lo := bits.Mul64(g.Uint64(), n)
			if lo >= -n%n {
				return hi
			}
		}
	}
	for _, ds := range goldenDates {
		d, _ := ParseDate(ds)
		for players := 2; players <= 4; players++ {
			h := sha256.Sum256([]byte(fmt.Sprintf("klob daily v1 %s players=%d", ds, players)))
			g := rand.NewPCG(binary.BigEndian.Uint64(h[0:8]), binary.BigEndian.Uint64(h[8:16]))
			s, err := Daily(d, players)
			if err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= 8; n++ {
				dealer := rules.Seat(uniform(g, uint64(players)))
				var deck rules.Deck
				for i := range deck {
					deck[i] = rules.Card(i) // suit*8+rank: clubs 7 ... spades A
				}
				for i := 31; i > 0; i-- {
					j := uniform(g, uint64(i+1))
					deck[i], deck[j] = deck[j], deck[i]
				}
				seed := g.Uint64()
				b := s.Boards[n-1]
				if b.Dealer != dealer || b.Deck != deck || b.Seed != seed {
					t.Fatalf("%s players=%d board %d: package deals %s %s %x, the rule %s %s %x",
						ds, players, n, b.Dealer, b.Deck, b.Seed, dealer, deck, seed)
				}
			}
		}
	}
}

// TestSameActionsSameDeal: with the bots seeded by the board, a person
// who acts the same gets the same deal on every board, played twice;
// a person who acts otherwise on one board changes that board only.
func TestSameActionsSameDeal(t *testing.T) {
	for players := 2; players <= 4; players++ {
		d, _ := ParseDate("2026-12-01")
		s, err := Daily(d, players)
		if err != nil {
			t.Fatal(err)
		}
		play := func(bad int) []string {
			var logs []string
			for _, b := range s.Boards {
				tb := b.Deal(s.Options)
				bots := map[rules.Seat]*rand.Rand{}
				chance := b.Chance()
				for seat := tb.Turn(); seat != rules.NoSeat; seat = tb.Turn() {
					l := tb.Legal()
					a := l[0] // the person takes the first legal action...
					switch {
					case seat == rules.ChanceSeat:
						a = l[chance.IntN(len(l))]
					case seat != s.Seat:
						if bots[seat] == nil {
							bots[seat] = rand.New(rand.NewPCG(b.BotSeed(seat), 0))
						}
						a = l[bots[seat].IntN(len(l))]
					case b.Number == bad:
						a = l[len(l)-1] // ...but the last on the bad board
					}
					if err := tb.ApplyAs(seat, a); err != nil {
						t.Fatal(err)
					}
				}
				logs = append(logs, fmt.Sprint(tb.Steps()))
			}
			return logs
		}
		a, b, c := play(0), play(0), play(3)
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("players %d board %d: two plays differ", players, i+1)
			}
			if i != 2 && a[i] != c[i] {
				t.Fatalf("players %d board %d changed by a change on board 3", players, i+1)
			}
		}
		if a[2] == c[2] {
			t.Logf("players %d: the other action on board 3 led to the same deal", players)
		}
	}
}
