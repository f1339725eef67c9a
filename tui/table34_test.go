package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/stretchr/testify/require"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// fakeTable is a tableGame over one rules.Deal deal: the tests drive
// the other seats (and the chance steps) with seeded random choices.
type fakeTable struct {
	t       rules.Deal
	rng     *rand.Rand
	records []rules.Score
	totals  [4]int
	no      int
}

func newFakeTable(players int, opts rules.Options, seed uint64) *fakeTable {
	opts.Players = players
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	var deck rules.Deck
	for i, c := range rng.Perm(32) {
		deck[i] = rules.Card(c)
	}
	// The seat on the person's right deals, so the person speaks first.
	dealer := rules.Seat(players - 1)
	return &fakeTable{t: rules.NewDeal(opts, dealer, deck), rng: rng, no: 1}
}

func (f *fakeTable) Players() int                         { return f.t.Players() }
func (f *fakeTable) View(s rules.Seat) rules.View         { return f.t.View(s) }
func (f *fakeTable) DealNo() int                          { return f.no }
func (f *fakeTable) Records() []rules.Score               { return f.records }
func (f *fakeTable) Totals() [4]int                       { return f.totals }
func (f *fakeTable) Forced(deal, step int) (string, bool) { return "", false }

func (f *fakeTable) ToMove() (rules.Seat, bool) {
	s := f.t.Turn()
	return s, s != rules.NoSeat
}

// The fake has no bots (the tests move the other seats), no saves and
// one deal.
func (f *fakeTable) Advance() (session.Write, error)   { return nil, nil }
func (f *fakeTable) StartDeal() (session.Write, error) { return nil, nil }
func (f *fakeTable) NeedDeal() bool                    { return false }
func (f *fakeTable) Think() (session.Thinker, bool)    { return session.Thinker{}, false }
func (f *fakeTable) BotMove(session.Thinker, rules.Action, error) (session.Write, error) {
	return nil, session.ErrStale
}
func (f *fakeTable) Gen() int                     { return len(f.t.Steps()) }
func (f *fakeTable) Winner() int                  { return -1 }
func (f *fakeTable) Record(r session.Result) bool { return false }
func (f *fakeTable) SaveErr() error               { return nil }
func (f *fakeTable) Undo(rules.Seat) (session.Write, error) {
	return nil, session.ErrNothingToUndo
}

func (f *fakeTable) Apply(s rules.Seat, a rules.Action) (session.Write, error) {
	return nil, f.apply(s, a)
}

func (f *fakeTable) apply(s rules.Seat, a rules.Action) error {
	if err := f.t.ApplyAs(s, a); err != nil {
		return err
	}
	if f.t.Over() {
		sc := f.t.Score()
		f.records = append(f.records, sc)
		for i := range sc.Sides() {
			f.totals[i] += sc.Scored[i]
		}
	}
	return nil
}

// step takes one random legal action for whoever is to act.
func (f *fakeTable) step(tb testing.TB) {
	tb.Helper()
	s, ok := f.ToMove()
	if !ok {
		tb.Fatal("the deal is over")
	}
	legal := f.t.Legal()
	if err := f.apply(s, legal[f.rng.IntN(len(legal))]); err != nil {
		tb.Fatal(err)
	}
}

// othersUntilMe plays the other seats until the person (seat A) is to
// act or the deal ends.
func (f *fakeTable) othersUntilMe(tb testing.TB) {
	for {
		s, ok := f.ToMove()
		if !ok || s == rules.SeatA {
			return
		}
		f.step(tb)
	}
}

func seatsFor(players int) [4]tableSeat {
	var out [4]tableSeat
	for i, n := range defaultSeatNames(players) {
		out[i].Name = n
		if i > 0 {
			out[i].Level = "normal"
		}
	}
	return out
}

// tableApp is an App showing a fakeTable from seat A.
func tableApp(tb testing.TB, f *fakeTable, w, h int, ascii bool) *harness {
	app := newApp(newTable34(f, rules.SeatA, seatsFor(f.Players())), appOptions{ASCII: ascii})
	return startHarness(tb, app, w, h)
}

// TestTable34Golden plays a whole deal for three and for four players
// from fixed seeds, the person's moves by key, and keeps the screens at
// the person's first bid, the first card play, a trick won, and the
// result, at 80×24 (three) or 100×30 (four) and at 120×40.
func TestTable34Golden(t *testing.T) {
	cases := []struct {
		players int
		seed    uint64
		opts    func(*rules.Options)
		w, h    int
	}{
		{3, 7, nil, 80, 24},
		{3, 7, nil, 120, 40},
		{4, 11, func(o *rules.Options) { o.Shlomo, o.Cleopatra, o.Menage = true, true, true }, 100, 30},
		{4, 11, func(o *rules.Options) { o.Shlomo, o.Cleopatra, o.Menage = true, true, true }, 120, 40},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("table%d-%dx%d", tc.players, tc.w, tc.h)
		t.Run(name, func(t *testing.T) {
			opts := rules.DefaultOptions()
			if tc.opts != nil {
				tc.opts(&opts)
			}
			f := newFakeTable(tc.players, opts, tc.seed)
			hs := tableApp(t, f, tc.w, tc.h, false)
			shots := map[string]bool{}
			shot := func(tag string) {
				if shots[tag] {
					return
				}
				shots[tag] = true
				s := hs.screen()
				checkSize(t, s, tc.w, tc.h)
				golden(t, name+"-"+tag, s)
			}
			for moves := 0; moves < 400; moves++ {
				f.othersUntilMe(t)
				v := f.View(rules.SeatA)
				if v.Phase == rules.PhaseOver {
					shot("5-result")
					break
				}
				switch {
				case v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseBid2:
					shot("1-bid")
				case v.Phase == rules.PhasePlay && v.InTrick > 0 && !shots["2-play"]:
					shot("2-play")
				case v.Phase == rules.PhasePlay && v.InTrick == 0 && v.LastLeader != rules.NoSeat:
					shot("3-trick-won")
				}
				// The person's move by key: the menu's first letter or
				// number, or the first playable card.
				hs.press(personKey(t, hs, &v))
				if tb, ok := hs.app.screen.(*table34); ok && tb.Bella != rules.NoCard {
					// The announcement question: say it.
					shot("4-announce")
					hs.press("b")
				}
			}
			if !f.t.Over() {
				t.Fatal("the deal did not end")
			}
			for _, tag := range []string{"1-bid", "5-result"} {
				if !shots[tag] {
					t.Errorf("no %s screen", tag)
				}
			}
		})
	}
}

// personKey picks a key that takes a legal action: a random menu number
// or the number of a playable card, from the test's random source.
func personKey(tb testing.TB, hs *harness, v *rules.View) string {
	tb.Helper()
	if v.Phase == rules.PhasePlay {
		hand := kit.ViewHand(v, kit.ByStrength)
		legal := kit.LegalCards(v)
		for i, c := range hand {
			if legal.Has(c) {
				return fmt.Sprint(i + 1)
			}
		}
		tb.Fatal("no playable card")
	}
	n := len(v.Legal())
	if n == 0 {
		tb.Fatal("no legal action")
	}
	// The last choice: in the bidding it is pass or a suit, varied
	// enough to reach play in both seeds.
	return fmt.Sprint(min(n, 9))
}

// TestTable34Sizes: a four-handed table asks for 100×30, a three-handed
// one fits 80×24, and any size renders without a panic, NO_COLOR or not.
func TestTable34Sizes(t *testing.T) {
	f3 := newFakeTable(3, rules.DefaultOptions(), 3)
	f4 := newFakeTable(4, rules.DefaultOptions(), 4)
	hs3 := tableApp(t, f3, 80, 24, false)
	if s := hs3.screen(); strings.Contains(s, "needs a window") {
		t.Errorf("three players at 80×24 asks for a larger window:\n%s", s)
	}
	hs4 := tableApp(t, f4, 80, 24, false)
	if s := hs4.screen(); !strings.Contains(s, "at least 100×30") {
		t.Errorf("four players at 80×24: got\n%s\nwant the message asking for 100×30", s)
	}
	golden(t, "table4-80x24-too-small", hs4.screen())
	hs4.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	if s := hs4.screen(); strings.Contains(s, "needs a window") {
		t.Errorf("four players at 100×30 asks for a larger window:\n%s", s)
	}
	for _, f := range []*fakeTable{f3, f4} {
		for _, sz := range [][2]int{{1, 1}, {20, 5}, {79, 24}, {99, 29}, {100, 30}, {200, 60}} {
			for _, ascii := range []bool{false, true} {
				hs := tableApp(t, f, sz[0], sz[1], ascii)
				s := hs.screen()
				checkSize(t, s, sz[0], sz[1])
				if ascii && strings.ContainsAny(ansi.Strip(s), "♣♦♥♠┌│▮") {
					t.Errorf("-ascii at %v draws Unicode:\n%s", sz, s)
				}
			}
		}
	}
}

// TestTable34Monkey sends random keys, clicks and sizes to tables of
// three and four (the other seats moving between events, as the session
// moves the bots): nothing panics, every frame is the window's size, and
// the person's keys only ever take legal actions (the fake's Table
// refuses anything else, and a refusal would stop the deal).
func TestTable34Monkey(t *testing.T) {
	events := 6000
	if testing.Short() {
		events = 800
	}
	for _, players := range []int{3, 4} {
		r := rand.New(rand.NewPCG(uint64(players), 34))
		opts := rules.DefaultOptions()
		opts.Shlomo, opts.Cleopatra, opts.Menage, opts.OfAKind, opts.DealerForced = true, true, true, true, true
		w, h := kit.TableMinSize(players)
		newDeal := func() (*fakeTable, *harness) {
			f := newFakeTable(players, opts, r.Uint64())
			return f, tableApp(t, f, w, h, r.IntN(4) == 0)
		}
		f, hs := newDeal()
		deals := 0
		for range events {
			var msg tea.Msg
			switch n := r.IntN(100); {
			case n < 3:
				w, h = 1+r.IntN(200), 1+r.IntN(70)
				if r.IntN(2) == 0 {
					w, h = kit.TableMinSize(players)
				}
				msg = tea.WindowSizeMsg{Width: w, Height: h}
			case n < 10:
				msg = tea.MouseClickMsg{X: r.IntN(w + 2), Y: r.IntN(h + 2), Button: tea.MouseLeft}
			default:
				msg = monkeyKey(r)
			}
			hs.send(msg)
			checkSize(t, hs.app.render(), w, h)
			if hs.quit {
				f, hs = newDeal()
				continue
			}
			f.othersUntilMe(t)
			checkSize(t, hs.app.render(), w, h)
			if f.t.Over() {
				deals++
				f, hs = newDeal()
			}
		}
		t.Logf("%d players: %d deals played out", players, deals)
		if deals == 0 {
			t.Errorf("%d players: the monkey finished no deal", players)
		}
	}
}

// myCardDecision plays fake tables of players from seeds 1 to 199 until
// the person (seat A) is to play a card and keep accepts one of its hand
// (the first, in the order shown), and returns that table, the hand as
// shown and the card's index; ok is false when no deal gave one.
func myCardDecision(t *testing.T, players int, keep func(v *rules.View, c rules.Card, legal rules.CardSet) bool) (f *fakeTable, hand []rules.Card, idx int, ok bool) {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		f := newFakeTable(players, rules.DefaultOptions(), seed)
		for !f.t.Over() {
			f.othersUntilMe(t)
			v := f.View(rules.SeatA)
			if v.Phase != rules.PhasePlay || v.Turn != rules.SeatA {
				if !f.t.Over() {
					f.step(t)
				}
				continue
			}
			hand := kit.ViewHand(&v, kit.ByStrength)
			legal := kit.LegalCards(&v)
			for i, c := range hand {
				if keep(&v, c, legal) {
					return f, hand, i, true
				}
			}
			f.step(t)
		}
	}
	return nil, nil, -1, false
}

// TestTable34WhyNot: a card the person may not play is refused with the
// rules' reason, at three and four players, and nothing is played.
func TestTable34WhyNot(t *testing.T) {
	for _, players := range []int{3, 4} {
		f, hand, bad, ok := myCardDecision(t, players, func(_ *rules.View, c rules.Card, legal rules.CardSet) bool {
			return !legal.Has(c)
		})
		if !ok {
			t.Errorf("%d players: no deal gave the person a card it may not play", players)
			continue
		}
		w, h := kit.TableMinSize(players)
		hs := tableApp(t, f, w, h, false)
		steps := len(f.t.Steps())
		hs.press(fmt.Sprint(bad + 1))
		s := hs.screen()
		if len(f.t.Steps()) != steps {
			t.Fatalf("%d players: an illegal card was played", players)
		}
		want := "You cannot play " + hand[bad].Rank().Display()
		if !strings.Contains(s, want) || !strings.Contains(s, "must") {
			t.Errorf("%d players: got\n%s\nwant a note %q... saying what the rules ask", players, s, want)
		}
		if players == 3 {
			golden(t, "table3-why-not-80x24", s)
		}
		// Issue 13: a refusal clears when the selection moves.
		hs.press("right")
		if s := hs.screen(); strings.Contains(s, want) {
			t.Errorf("%d players: the refusal stays after the cursor moved:\n%s", players, s)
		}
	}
}

// TestTable34BellaKeyRefuses: at tables of three and four, the bella key
// on a card that may be played but carries no announcement is refused
// with the reason and the card stays in the hand, as at two players.
func TestTable34BellaKeyRefuses(t *testing.T) {
	for _, players := range []int{3, 4} {
		f, hand, plainCard, ok := myCardDecision(t, players, func(v *rules.View, c rules.Card, legal rules.CardSet) bool {
			return legal.Has(c) && c.Suit() != v.Trump
		})
		if !ok {
			t.Errorf("%d players: no deal gave the person a plain card to play", players)
			continue
		}
		w, h := kit.TableMinSize(players)
		tm := newTable34(f, rules.SeatA, seatsFor(f.Players()))
		hs := startHarness(t, newApp(tm, appOptions{}), w, h)
		tm.Cursor = plainCard
		steps := len(f.t.Steps())
		why := f.t.Apply(rules.Action{Kind: rules.PlayCard, Card: hand[plainCard], Bella: true})
		if why == nil {
			t.Fatalf("%d players: the rules took bella with %s", players, hand[plainCard])
		}
		hs.press("b")
		if len(f.t.Steps()) != steps {
			t.Fatalf("%d players: b played %s, which carries no bella", players, hand[plainCard])
		}
		if s := hs.screen(); !strings.Contains(s, "No bella with") || !strings.Contains(s, "(enter plays it without)") || strings.Contains(s, "You cannot play") {
			t.Errorf("%d players: the bella refusal does not say what was refused:\n%s", players, s)
		}
		// At the smallest window the refusal wraps: its reason is read
		// to the end, not cut at the window's edge.
		if words := strings.Join(strings.Fields(hs.screen()), " "); !strings.Contains(words, why.Error()) {
			t.Errorf("%d players: the refusal's reason %q is not on the screen whole:\n%s", players, why.Error(), hs.screen())
		}
		hs.press("enter")
		if len(f.t.Steps()) != steps+1 {
			t.Errorf("%d players: enter did not play %s after the refusal", players, hand[plainCard])
		}
	}
}

// fakeTape records deals of a fakeTable game played at random (a few
// deals, totals carried) as a replay tape.
func fakeTape(tb testing.TB, players int, opts rules.Options, seed uint64, deals int) *tape {
	tp := &tape{players: players, seats: seatsFor(players), home: rules.SeatA}
	tp.seats[0] = tableSeat{Name: "Tester"}
	var pad []rules.Score
	var totals [4]int
	for i := range deals {
		f := newFakeTable(players, opts, seed+uint64(i))
		f.t = rules.NewGameDeal(f.t.Options(), rules.Seat(i%players), f.t.Deck(), totals)
		for !f.t.Over() {
			f.step(tb)
		}
		start := rules.NewGameDeal(f.t.Options(), f.t.Dealer(), f.t.Deck(), totals)
		steps := f.t.Steps()
		sc := f.t.Score()
		after := totals
		for s := range sc.Sides() {
			after[s] += sc.Scored[s]
		}
		tp.deals = append(tp.deals, tapeDeal{no: i + 1, steps: len(steps), pad: append([]rules.Score(nil), pad...),
			before: totals, after: after, done: true,
			at: func(n int) rules.Deal {
				t := start
				for _, st := range steps[:n] {
					t.ApplyUnchecked(st.Action)
				}
				return t
			}})
		pad, totals = append(pad, sc), after
	}
	return tp
}

// TestReplay34: the replay of a four-handed game opens every hand, then
// each seat's view alone (no other hand shown), steps by action, trick
// and deal, and ends on the breakdown.
func TestReplay34(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Shlomo, opts.Cleopatra = true, true
	for _, players := range []int{3, 4} {
		tp := fakeTape(t, players, opts, 21, 2)
		w, h := kit.TableMinSize(players)
		hs := startHarness(t, newApp(newReplay34(tp, "game.klob", ReplayConfig{}, nil), appOptions{}), w, h)
		name := fmt.Sprintf("replay%d-%dx%d", players, w, h)
		// To the first lead of deal 1, every hand open.
		hs.press("j")
		open := hs.screen()
		golden(t, name+"-open", open)
		t1 := tp.deals[0].at(hs.app.screen.(*replay34).n)
		for o := 1; o < players; o++ {
			c := t1.Hand(rules.Seat(o)).Cards()[0]
			if !strings.Contains(open, unicodeCard(c)) {
				t.Errorf("%d players: all open does not show %s of seat %s", players, c, rules.Seat(o))
			}
		}
		// Seat B's view alone: B at the bottom, no other hand open.
		hs.press("o", "o")
		one := hs.screen()
		golden(t, name+"-seat-B", one)
		if !strings.Contains(one, "West's view") {
			t.Errorf("%d players: o o is not B's view:\n%s", players, one)
		}
		if strings.Count(one, "cards") < players-1 {
			t.Errorf("%d players: one seat's view shows hands open:\n%s", players, one)
		}
		for range players - 1 {
			hs.press("o")
		}
		if !strings.Contains(hs.screen(), "every hand open") {
			t.Errorf("%d players: o does not cycle back to all open", players)
		}
		hs.press(">")
		end := hs.screen()
		golden(t, name+"-end", end)
		if !strings.Contains(end, "Deal 2 is over") || !strings.Contains(end, "This deal scores") {
			t.Errorf("%d players: the end is not the breakdown:\n%s", players, end)
		}
		// Back and forth by action gives the same screen.
		hs.press("left", "right")
		if hs.screen() != end {
			t.Errorf("%d players: ← → does not come back to the same screen", players)
		}
	}
}

// TestTable34Hint: H at the person's decision asks the chooser off the
// UI goroutine and says its answer, the cursor on it so enter takes it;
// at three and four players, in the bidding and in the card play.
func TestTable34Hint(t *testing.T) {
	for _, players := range []int{3, 4} {
		f := newFakeTable(players, rules.DefaultOptions(), 9)
		w, h := kit.TableMinSize(players)
		tb := newTable34(f, rules.SeatA, seatsFor(players))
		// The chooser stands in for the hard bot: the last legal action.
		asked := 0
		tb.chooser = func(_ context.Context, v *rules.View) (rules.Action, error) {
			asked++
			l := v.Legal()
			return l[len(l)-1], nil
		}
		hs := startHarness(t, newApp(tb, appOptions{}), w, h)
		for _, phase := range []rules.Phase{rules.PhaseBid1, rules.PhasePlay} {
			for !f.t.Over() {
				f.othersUntilMe(t)
				if v := f.View(rules.SeatA); v.Phase == phase && v.Turn == rules.SeatA {
					break
				}
				f.step(t)
			}
			if f.t.Over() {
				t.Fatalf("%d players: the deal ended before the person's %s", players, phase)
			}
			v := f.View(rules.SeatA)
			l := v.Legal()
			want := l[len(l)-1]
			hs.press("H")
			s := hs.screen()
			if !strings.Contains(s, "Hint: the hard bot would") {
				t.Fatalf("%d players, %s: no hint:\n%s", players, phase, s)
			}
			if phase == rules.PhasePlay {
				golden(t, fmt.Sprintf("table%d-hint-play", players), s)
			}
			steps := len(f.t.Steps())
			hs.press("enter")
			got := f.t.Steps()
			if len(got) <= steps || got[steps].Action.Kind != want.Kind || got[steps].Action.Card != want.Card {
				t.Errorf("%d players, %s: enter after the hint took %v, want %v", players, phase, got[steps:], want)
			}
		}
		if asked != 2 {
			t.Errorf("%d players: the bot was asked %d times, want 2", players, asked)
		}
	}
}

// TestReplay34Logs steps through every recorded game of three and four
// (testdata/games/tables, every rule path of RULES.md sections 10 and
// 11, and the saves of games in progress) action by action, all hands open and in each seat's view: every
// frame fits, the talk never shows a card a seat did not see, and each
// deal played out ends on its breakdown.
func TestReplay34Logs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "games", "tables", "*.klob"))
	if len(files) < 10 {
		t.Fatalf("found %d table logs, want at least 10", len(files))
	}
	// The saves of games in progress (stopped between a shlomo's draw and
	// its gift, inside a trick...) replay too.
	saves, _ := filepath.Glob(filepath.Join("..", "testdata", "games", "tables", "saves", "*.klob"))
	files = append(files, saves...)
	for _, f := range files {
		l, err := gamelog.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := l.Replay()
		if err != nil {
			t.Fatal(err)
		}
		w, h := kit.TableMinSize(r.Players())
		hs := startHarness(t, NewReplay(r, filepath.Base(f), ReplayConfig{}), w, h)
		if _, ok := hs.app.screen.(*replay34); !ok {
			t.Fatalf("%s: opened in %T, want the replay of tables", f, hs.app.screen)
		}
		modes := r.Players() + 1 // all open, then each seat's view
		if testing.Short() {
			modes = 2
		}
		for mode := 0; mode < modes; mode++ {
			hs.press("home")
			total := 0
			for _, d := range r.Deals {
				total += len(d.Steps)
			}
			for range total + len(r.Deals) {
				hs.press("right")
				checkSize(t, hs.screen(), w, h)
				// Every deal played out ends on its whole breakdown, down
				// to the game line, above the replay's bottom lines.
				rp := hs.app.screen.(*replay34)
				if rd := r.Deals[rp.deal]; rp.n == rp.tp.deals[rp.deal].steps && rd.Done && rd.Ending == rules.PlayedOut &&
					(!strings.Contains(hs.screen(), "This deal scores") || !strings.Contains(hs.screen(), "(game to")) {
					t.Errorf("%s: deal %d ends on a cut breakdown:\n%s", f, rd.No, hs.screen())
				}
			}
			s := hs.screen()
			if last := r.Deals[len(r.Deals)-1]; last.Done && last.Ending == rules.PlayedOut && !strings.Contains(s, "This deal scores") {
				t.Errorf("%s: the end is not the breakdown:\n%s", f, s)
			}
			hs.press("o")
		}
		if strings.Contains(f, "shlomo") || strings.Contains(f, "cleopatra") {
			// A seat's view: the draws and gifts between two others read
			// "a card unseen".
			rp := hs.app.screen.(*replay34)
			rp.open, rp.bottom = false, rules.SeatA
			hs.press("home", "down", "down")
			golden(t, "replay-"+strings.TrimSuffix(filepath.Base(f), ".klob"), hs.screen())
		}
	}
}

// TestReplay34Sealed: a table game in progress with one person in it
// replays from that person's seat only; o does not open the others'
// hands (as in the two-handed replay).
func TestReplay34Sealed(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "games", "tables", "saves", "*.klob"))
	if len(files) == 0 {
		t.Fatal("no table saves")
	}
	for _, f := range files {
		l, err := gamelog.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		me := rules.SeatB
		for s := range rules.Seat(l.Header.Seats()) {
			lv := "normal"
			if s == me {
				lv = gamelog.Human
			}
			l.Header.SetPlayer(s, l.Header.Name(s), lv)
		}
		r, err := l.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if r.Over {
			continue
		}
		w, h := kit.TableMinSize(r.Players())
		hs := startHarness(t, NewReplay(r, filepath.Base(f), ReplayConfig{Analyse: true, Analyze: fakeAnalyze}), w, h)
		hs.press("end", "o")
		rp := hs.app.screen.(*replay34)
		if rp.open || rp.bottom != me || !strings.Contains(hs.screen(), "The game is not over") {
			t.Errorf("%s: a game in progress opened hands (open %v, bottom %s):\n%s", f, rp.open, rp.bottom, hs.screen())
		}
		// No analysis either, asked for or not (it would grade the bots
		// from their cards).
		hs.press("a")
		if rp.state != analysisNone || !strings.Contains(hs.screen(), "The game is not over") || !strings.Contains(hs.screen(), "A game in progress: your cards only") {
			t.Errorf("%s: a game in progress analysed (state %d):\n%s", f, rp.state, hs.screen())
		}
		tb := rp.table()
		for o := range rules.Seat(r.Players()) {
			if o == me {
				continue
			}
			for _, c := range tb.Hand(o).Cards() {
				if tb.Hand(me).Has(c) {
					continue
				}
				txt := unicodeCard(c)
				if hand := handArea(hs.screen()); strings.Contains(hand, txt) {
					t.Errorf("%s: %s of seat %s shows in the seat panels", f, txt, o)
				}
			}
		}
	}
}

// handArea is the part of the table screen with the seats around the
// trick (between the trick's title and the tricks line).
func handArea(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for _, l := range lines {
		if i := strings.Index(l, "│"); i > 0 {
			l = l[:i]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestTable34TrickList: at three and four players v lists the deal's
// finished tricks beside the table, each with its leader, its cards in
// play order, its winner by the rules and its points, and v closes it.
func TestTable34TrickList(t *testing.T) {
	for _, players := range []int{3, 4} {
		f := newFakeTable(players, rules.DefaultOptions(), 5)
		// Play until three tricks are done and the person is to act.
		for {
			f.othersUntilMe(t)
			if f.t.Over() {
				t.Fatalf("%d players: the deal ended before three tricks", players)
			}
			v := f.View(rules.SeatA)
			if v.Phase == rules.PhasePlay && v.Turn == rules.SeatA && len(v.CompletedTricks()) >= 3 {
				break
			}
			f.step(t)
		}
		w, h := 120, 40
		hs := tableApp(t, f, w, h, true)
		if s := hs.screen(); strings.Contains(s, "This deal's tricks") {
			t.Fatalf("%d players: the trick list shows before v:\n%s", players, s)
		}
		hs.press("v")
		s := hs.screen()
		v := f.View(rules.SeatA)
		names := defaultSeatNames(players)
		for _, tr := range v.CompletedTricks() {
			var cards []string
			for _, c := range tr.Cards[:tr.N] {
				cards = append(cards, c.Rank().Display()+c.String()[1:]) // -ascii: 10S
			}
			want := fmt.Sprintf("%d %s: %s -> %s %d", tr.No, names[tr.Leader], strings.Join(cards, " "), names[tr.Winner], tr.Points)
			if !strings.Contains(s, want) {
				t.Errorf("%d players: trick %d: want a line %q in\n%s", players, tr.No, want, s)
			}
		}
		hs.press("v")
		if s := hs.screen(); strings.Contains(s, "This deal's tricks") {
			t.Errorf("%d players: v did not close the trick list:\n%s", players, s)
		}
	}
}

// TestTable34WaitNoteGoes: a key pressed while another seat is to act
// says to wait, and the note goes once the turn comes to the person.
func TestTable34WaitNoteGoes(t *testing.T) {
	f := newFakeTable(4, rules.DefaultOptions(), 3)
	f.othersUntilMe(t)
	f.step(t) // the person's first word: now the others are to act
	if s, ok := f.ToMove(); !ok || s == rules.SeatA {
		t.Fatalf("the person is still to act (%v, %v)", s, ok)
	}
	hs := tableApp(t, f, 100, 30, true)
	hs.press("enter")
	if !strings.Contains(hs.screen(), waitNote) {
		t.Fatalf("enter out of turn: want %q in\n%s", waitNote, hs.screen())
	}
	f.othersUntilMe(t)
	hs.press("left") // any message after the others moved
	if s := hs.screen(); strings.Contains(s, waitNote) {
		t.Errorf("the wait note stays on the person's turn:\n%s", s)
	}
}

// TestTable34FullHelp: the full help of a table of three or four lists
// only keys that work there: no claim (two-handed only), and at a
// shared table no takeback either.
func TestTable34FullHelp(t *testing.T) {
	k := kit.DefaultKeys()
	has := func(tb *table34, desc string) bool {
		for _, b := range tb.KeyHelp(&k).FullHelp()[0] {
			if b.Help().Desc == desc {
				return true
			}
		}
		return false
	}
	tb := newTable34(newFakeTable(3, rules.DefaultOptions(), 9), rules.SeatA, seatsFor(3))
	require.False(t, has(tb, k.Claim.Help().Desc), "claim in the full help of a table of three")
	require.True(t, has(tb, k.Undo.Help().Desc), "undo missing from the full help of a table alone")
	tb.shared = struct{ sharedWords }{} // only its presence counts here
	require.False(t, has(tb, k.Undo.Help().Desc), "undo in the full help of a shared table")
	require.True(t, has(tb, k.Hint.Help().Desc), "hint missing from the full help")
}

// TestTableHelpLetters: the help's menu letters are those the table
// offers: the schmeiss (and its answers) at two players only, the dix
// exchange not at four, no trumps at four only. The table screen's full
// help is the same.
func TestTableHelpLetters(t *testing.T) {
	k := kit.DefaultKeys()
	for _, tc := range []struct {
		players                 int
		schmeiss, dix, noTrumps bool
	}{{2, true, true, false}, {3, false, true, false}, {4, false, false, true}} {
		opts := rules.DefaultOptions()
		opts.Players = tc.players
		helps := map[string][][]key.Binding{"playHelp": kit.PlayHelp(&k, opts)}
		if tc.players > 2 {
			tb := newTable34(newFakeTable(tc.players, rules.DefaultOptions(), 9), rules.SeatA, seatsFor(tc.players))
			helps["the table's full help"] = tb.KeyHelp(&k).FullHelp()
		}
		for name, h := range helps {
			var text strings.Builder
			for _, b := range h[1] {
				text.WriteString(b.Help().Key + " " + b.Help().Desc + "\n")
			}
			got := text.String()
			require.Equal(t, tc.schmeiss, strings.Contains(got, "schmeiss"), "%s, %d players:\n%s", name, tc.players, got)
			require.Equal(t, tc.schmeiss, strings.Contains(got, "refuse"), "%s, %d players:\n%s", name, tc.players, got)
			require.Equal(t, tc.dix, strings.Contains(got, "exchange"), "%s, %d players:\n%s", name, tc.players, got)
			require.Equal(t, tc.noTrumps, strings.Contains(got, "n no trumps"), "%s, %d players:\n%s", name, tc.players, got)
			require.Contains(t, got, "p pass", "%s, %d players", name, tc.players)
		}
	}
}

// TestTable34NoTrumpsKey: at round two of four players no trumps has a
// letter of its own, n, shown in the menu, and pressing it names no
// trumps; at three players round two offers no no trumps, shows no [n]
// and n names nothing.
func TestTable34NoTrumpsKey(t *testing.T) {
	for _, players := range []int{3, 4} {
		for seed := range uint64(5) {
			f := newFakeTable(players, rules.DefaultOptions(), seed)
			// Everyone passes round one; the person (eldest) speaks
			// first in round two.
			for f.t.Phase() == rules.PhaseBid1 {
				s, _ := f.ToMove()
				require.NoError(t, f.apply(s, rules.Action{Kind: rules.Pass}))
			}
			require.Equal(t, rules.PhaseBid2, f.t.Phase())
			v := f.View(rules.SeatA)
			legal := slices.Contains(v.Legal(), rules.NameAction(rules.NoTrumps))
			require.Equal(t, players == 4, legal, "%d players: no trumps legal", players)
			hs := tableApp(t, f, 120, 40, false)
			scr := ansi.Strip(hs.screen())
			require.Contains(t, scr, "Round two:", "%d players, seed %d", players, seed)
			require.Equal(t, legal, strings.Contains(scr, "[n] no trumps"), "%d players, seed %d:\n%s", players, seed, scr)
			before := len(f.t.Steps())
			hs.press("n")
			steps := f.t.Steps()
			if !legal {
				require.Len(t, steps, before, "%d players: n took a decision", players)
				continue
			}
			require.Len(t, steps, before+1, "seed %d: n took no decision", seed)
			last := steps[len(steps)-1]
			require.Equal(t, rules.SeatA, last.Seat)
			require.Equal(t, rules.NameAction(rules.NoTrumps), last.Action, "seed %d: n took %v", seed, last.Action)
			require.Equal(t, rules.NoTrumps, f.t.Trump())
		}
	}
}

// TestTableHelpRoundTwoFits: the help of a table of three or four, at
// 80 columns as at 100, shows every round-two letter whole: at four the
// row with no trumps is wider than 80 columns and goes on in a second
// line, broken between two letters, not clipped.
func TestTableHelpRoundTwoFits(t *testing.T) {
	parts := []string{"c clubs", "d diamonds", "e hearts", "s spades", "n no trumps", "p pass"}
	for _, players := range []int{3, 4} {
		for _, size := range [][2]int{{80, 24}, {100, 30}} {
			opts := rules.DefaultOptions()
			opts.Players = players
			app := newApp(newSetupScreen(&PlayConfig{}, Setup{Options: opts}), appOptions{})
			hs := startHarness(t, app, size[0], size[1])
			hs.press("?")
			h, ok := hs.app.overlay.(*kit.HelpView)
			require.True(t, ok, "the help is not open: %T", hs.app.overlay)
			var block []string
		lines:
			for _, l := range h.Lines(&hs.app.ctx) {
				l = ansi.Strip(l)
				require.LessOrEqual(t, kit.WidthOf(l), size[0], "%d players: a help line wider than the window: %q", players, l)
				switch {
				case strings.HasPrefix(l, "   round two "):
					block = append(block, l)
				case len(block) > 0 && strings.HasPrefix(l, "                "):
					block = append(block, l)
				case len(block) > 0:
					break lines
				}
			}
			text := strings.Join(block, "\n")
			for _, p := range parts {
				want := players == 4 || p != "n no trumps"
				require.Equal(t, want, regexp.MustCompile(`(?m)(?:  |· )`+p+`(?: ·|$)`).MatchString(text), "%d players at %dx%d, %q in\n%s", players, size[0], size[1], p, text)
			}
			require.Equal(t, players == 4 && size[0] == 80, len(block) == 2, "%d players at %dx%d:\n%s", players, size[0], size[1], text)
		}
	}
}

// TestScorePad34Narrow: at the narrowest pad (25 columns, an 80-column
// window) every outcome of a deal reads whole, with three and four
// players, and no line is wider than the pad.
func TestScorePad34Narrow(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, players := range []int{3, 4} {
		f := newFakeTable(players, rules.DefaultOptions(), 3)
		sc := &tableScene{V: f.t.View(rules.SeatA), Me: rules.SeatA, Seats: seatsFor(players)}
		outcomes := []rules.Outcome{rules.Made, rules.Bete, rules.Abandoned}
		for i, o := range outcomes {
			s := rules.Score{Players: players, Maker: rules.Seat(i % players), Outcome: o}
			if o != rules.Abandoned {
				for side := range sc.sides() {
					s.Scored[side] = 162 + 10*side
					sc.Totals[side] += s.Scored[side]
				}
			}
			sc.Pad = append(sc.Pad, s)
		}
		const w = 25
		lines := scorePad34(&ctx, sc, w, 20)
		for _, l := range lines {
			if got := ansi.StringWidth(l); got > w {
				t.Errorf("%d players: line %q is %d wide, want at most %d", players, l, got, w)
			}
		}
		pad := strings.Join(lines, "\n")
		for _, o := range outcomes {
			word := o.String()
			if o == rules.Abandoned {
				word = "thrown"
			}
			if !regexp.MustCompile(`\b` + word + `\b`).MatchString(pad) {
				t.Errorf("%d players: the pad cuts %q:\n%s", players, word, pad)
			}
		}
	}
}

// unicodeCard writes c as the screens do without -ascii: "10♥".
func unicodeCard(c rules.Card) string {
	g := kit.NewGlyphs(false)
	return g.CardText(c)
}
