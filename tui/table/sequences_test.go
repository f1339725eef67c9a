package table

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// During the sequence dialogue the line over the table says where it
// stands and whose word it is, never a bare "Sequences", at every seat
// count; once a claim stands it names the claimant and its value.
func TestSequencesTitleSays(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		sawClaim := false
		for seed := uint64(1); seed < 100 && !sawClaim; seed++ {
			f := newFixture(t, n, seed, 80, 24, gated())
			inDialogue := func(s host.Snapshot) bool { return s.View.Phase == rules.PhaseSequences }
			if !f.reach(inDialogue, true) {
				continue
			}
			for range 40 {
				s := f.snap()
				if s.View.Phase != rules.PhaseSequences {
					break
				}
				title := ""
				for _, l := range strings.Split(ansi.Strip(f.text()), "\n") {
					if strings.HasPrefix(l, " Sequences") && !strings.HasPrefix(l, " Sequences (") {
						title = strings.TrimSpace(strings.Split(l, "│")[0])
					}
				}
				if title == "" || title == "Sequences" {
					t.Fatalf("seed %d: the dialogue's line says %q:\n%s", seed, title, f.text())
				}
				sc := f.s.scene()
				if who, value, _, _ := s.View.Claim(); who != rules.NoSeat {
					want := sc.Verb(who, "claim") + " " + strconv.Itoa(value)
					if !strings.Contains(title, want) {
						t.Fatalf("seed %d: %q does not say %q:\n%s", seed, title, want, f.text())
					}
					sawClaim = true
				}
				if s.Thinking != rules.NoSeat {
					f.release()
					f.refresh()
					continue
				}
				f.step(true)
			}
		}
		if !sawClaim {
			t.Fatal("no seed up to 100 showed a claim in the dialogue")
		}
	})
}

// At four players in 80×24 the line over the table has room for one
// row: who holds the sequences stays on it (before the upcard, which
// the bids panel says too), with the person as maker or another, with
// long names, with cards drawn in Unicode and in ASCII.
func TestSequencesShownInShortWindow(t *testing.T) {
	long := named("alexandra_of_the_north_x", "alexander_of_the_south_y", "Bot D")
	seen := map[bool]bool{} // by whether the person is the maker
	for seed := uint64(1); seed <= 40 && len(seen) < 2; seed++ {
		for _, opts := range [][]fixtureOpt{nil, {long}} {
			for _, ascii := range []bool{false, true} {
				f := newFixture(t, 4, seed, 80, 24, opts...)
				f.hs.Ctx.ASCII = ascii
				held := func(s host.Snapshot) bool {
					return myCard(s) && s.View.SeqWinner != rules.NoSeat
				}
				if !f.reach(held, seed%2 == 0) {
					continue
				}
				f.refresh()
				text := f.text()
				if ascii {
					text = kit.ASCIIText(text)
				}
				if !strings.Contains(text, "equences: ") {
					t.Errorf("seed %d, ascii %v: the screen does not say who holds the sequences:\n%s", seed, ascii, text)
				}
				seen[f.snap().View.Maker == f.snap().Seat] = true
			}
		}
	}
	if len(seen) < 2 {
		t.Fatalf("no game with the sequences held at both makers: %v", seen)
	}
}

// Once the sequence dialogue is settled, the row under the hand marks
// the person's sequences only where they score: the person's side
// holds the right. A sequence that lost the dialogue (or was kept
// quiet with "no sequence") has no mark in the first trick, at every
// seat count; one that won keeps its mark.
func TestSequenceMarkOnlyWhereItScores(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		lost, won := 0, 0
		for seed := uint64(1); seed <= 40 && (lost < 2 || won < 2); seed++ {
			f := newFixture(t, n, seed, 80, 24)
			for range 3000 {
				s := f.snap()
				if s.Over {
					break
				}
				v := &s.View
				if s.Can.Act && v.Phase == rules.PhasePlay && f.s.Bella == rules.NoCard &&
					v.Played[v.Seat] == 0 && len(rules.Melds(v.Hand, v.Trump, v.Options)) > 0 {
					scores := v.SeqWinner != rules.NoSeat && rules.SideOfSeat(n, v.SeqWinner) == rules.SideOfSeat(n, v.Seat)
					if scores {
						won++
					} else {
						lost++
					}
					if got := seqMarked(f.text()); got != scores {
						t.Fatalf("seed %d: right to %v, a sequence marked %v, want %v:\n%s", seed, v.SeqWinner, got, scores, f.text())
					}
				}
				f.step(seed%2 == 0)
			}
		}
		if lost == 0 || won == 0 {
			t.Fatalf("sequences held that lost %d times, that won %d", lost, won)
		}
	})
}

// seqMarked reports whether the row under the hand in the card play
// marks a sequence: a value ("20", "50+bella") on the row over the
// cards' numbers (a card's own rank is never on that row).
func seqMarked(screen string) bool {
	lines := strings.Split(screen, "\n")
	for i := 1; i < len(lines); i++ {
		left := strings.Split(lines[i], "│")[0]
		if fs := strings.Fields(left); len(fs) > 2 && fs[0] == "1" && fs[1] == "2" {
			row := strings.Split(lines[i-1], "│")
			return strings.ContainsAny(strings.Join(row[:len(row)-1], "│"), "0123456789")
		}
	}
	return false
}

// TestSequencesTitleFits: the line over the table during the sequence
// dialogue fits the table's column at 80×24 whole, the claim (its
// value, number of cards and top card) and whose word it is never cut
// mid-word, at every seat count, with names as long as a server
// allows (24 letters) and short ones, with the person at the table
// and in the replay of someone else's game (no seat "you"), sequences
// ranked by value and by length.
func TestSequencesTitleFits(t *testing.T) {
	ctx := kittest.Context(80, 24)
	long := []string{"alexandra_of_the_north_x", "alexander_of_the_south_y", "alexandrina_of_the_west", "Bot D"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		seen := 0
		for _, rank := range []rules.SeqRank{rules.RankByValue, rules.RankByLength} {
			o := options(n)
			o.SequenceRank = rank
			eachDialogueClaim(t, o, 300, func(v rules.View) {
				for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
					for _, names := range [][]string{long, {"West", "North", "East", "South"}} {
						seen++
						sc := &Scene{V: v, You: you, DealNo: 1}
						for s := range n {
							sc.Players = append(sc.Players, Player{Name: names[s], Tag: "normal"})
						}
						checkSequencesTitle(t, &ctx, sc)
					}
				}
			})
		}
		if seen == 0 {
			t.Fatal("no claim in the sequence dialogue")
		}
	})
}

// checkSequencesTitle draws sc at ctx's size and checks the line over
// the table: within the table's column, naming the claim whole and
// ending with whose word it is.
func checkSequencesTitle(t *testing.T, ctx *kit.Context, sc *Scene) {
	t.Helper()
	v := &sc.V
	out, _ := Render(ctx, sc, Hand{}, nil)
	leftW, _ := columns(ctx.Width, cardSize(ctx.Width, ctx.Height))
	word := "to answer"
	title := ""
	for _, l := range strings.Split(ansi.Strip(out), "\n") {
		left, _, column := strings.Cut(l, "│")
		if column && (strings.HasPrefix(left, " Sequences") || strings.Contains(left, " claim")) {
			title = strings.TrimSpace(left)
			if kit.WidthOf(strings.TrimRight(left, " ")) > leftW-1 {
				t.Errorf("the dialogue's line runs to the column's edge: %q", left)
			}
			break
		}
	}
	who, value, length, top := v.Claim()
	var want []string
	switch {
	case who == rules.NoSeat:
		word = "to speak"
	default:
		want = append(want, " "+strconv.Itoa(value))
		if length > 0 {
			want = append(want, ", "+strconv.Itoa(length)+" cards")
		}
		if top != rules.NoRank {
			want = append(want, ", "+top.Display()+" high")
		}
	}
	if !strings.HasSuffix(title, " "+word) {
		t.Fatalf("the dialogue's line %q does not end with %q:\n%s", title, word, ansi.Strip(out))
	}
	for _, w := range want {
		if !strings.Contains(title, w) {
			t.Fatalf("the dialogue's line %q does not say %q:\n%s", title, w, ansi.Strip(out))
		}
	}
}

// eachDialogueClaim plays up to games deals of o with random moves,
// and calls f with the view of seat A at each turn of the sequence
// dialogue (a claim standing or none yet).
func eachDialogueClaim(t *testing.T, o rules.Options, games int, f func(v rules.View)) {
	t.Helper()
	for seed := range uint64(games) {
		rng := rand.New(rand.NewPCG(seed, 3))
		g := rules.NewGame(o, rules.SeatB)
		if err := g.StartDeal(rules.Shuffle(rng)); err != nil {
			t.Fatal(err)
		}
		for range 200 {
			ph := g.Deal().Phase()
			if ph == rules.PhasePlay || ph == rules.PhaseOver {
				break
			}
			legal := g.Legal()
			if ph == rules.PhaseSequences {
				f(g.Deal().View(rules.SeatA))
			}
			// Take, and announce, where one may, so that the deals reach
			// the dialogue and claims stand in it.
			a := legal[rng.IntN(len(legal))]
			for _, l := range legal {
				if l.Kind == rules.Take || l.Kind == rules.Announce {
					a = l
				}
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestInterleavedRunsMarkedApart: two runs of trump the order
// interleaves, J-Q-K and 7-8-9 shown J 9 K Q 8 7, are marked under
// the hand at every seat count as two twenties, each under its own
// cards ("20a" under J K Q, "20b" under 9 8 7), never one "20" under
// six cards that reads as one run.
func TestInterleavedRunsMarkedApart(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ctx := kittest.Context(80, 24)
		var hand rules.CardSet
		for _, c := range []string{"JH", "9H", "KH", "QH", "8H", "7H", "AS", "7C"} {
			hand = hand.With(rules.MustCard(c))
		}
		v := rules.View{Players: n, Options: options(n), Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA,
			DixBy: rules.NoSeat, OrigUpcard: rules.MustCard("9S"), Upcard: rules.NoCard, Bottom: rules.NoCard,
			SeqWinner: rules.SeatA, Phase: rules.PhasePlay, LastLeader: rules.NoSeat, Dealer: rules.SeatB, Turn: rules.SeatA, Hand: hand}
		sc := sceneOf(v)
		cards := kit.ViewHand(&v, kit.ByStrength)
		bottom := []string{kit.Rule(&ctx, 80), " note", " prompt", " keys"}
		out, _ := Render(&ctx, sc, Hand{Cards: cards, Legal: hand, Playing: true, InPlay: true}, bottom)
		lines := strings.Split(ansi.Strip(out), "\n")
		face := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, " J♥") })
		if face < 0 || face+2 >= len(lines) {
			t.Fatalf("no hand:\n%s", ansi.Strip(out))
		}
		marks := []rune(lines[face+2])
		row := []rune(lines[face])
		for _, c := range []struct{ card, want string }{{"J♥", "20a"}, {"K♥", "20a"}, {"Q♥", "20a"}, {"9♥", "20b"}, {"8♥", "20b"}, {"7♥", "20b"}} {
			at := slices.Index(row, []rune(c.card)[0])
			for at >= 0 && row[at+1] != []rune(c.card)[1] {
				at += 1 + slices.Index(row[at+1:], []rune(c.card)[0])
			}
			under := strings.TrimSpace(string(marks[at-2 : at+3]))
			if !strings.HasPrefix(under, c.want) {
				t.Errorf("under %s: %q, want %q:\n%s", c.card, under, c.want, strings.Join(lines[face-1:face+3], "\n"))
			}
		}
	})
}
