package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestSeatStateReadsWhole: at 80×24 the state of a person's seat at a
// shared game (away, taken over by a bot, back after the bot's move) reads beside the table
// whole on a line, or broken between its phrases only ("back after" /
// "bot's move"), never inside one ("back after bot's" / "move"), at
// every seat count, while bidding and playing.
func TestSeatStateReadsWhole(t *testing.T) {
	now := t0 // the tests' clock
	phrases := map[host.SeatState][]string{
		host.SeatBack:     {"back after", "bot's move"},
		host.SeatTakeover: {"a bot plays", "for now"},
		host.SeatAway:     {"away,", "waits 1m54s"},
	}
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.s.cfg.Now = func() time.Time { return now }
		check := func(when string) {
			for st, ps := range phrases {
				for i := range f.s.snap.Players {
					if i != int(f.s.snap.Seat) {
						f.s.snap.Players[i].State = st
						f.s.snap.Players[i].Until = now.Add(114 * time.Second)
					}
				}
				text := f.text()
				whole := strings.Join(ps, " ")
				lines := strings.Split(text, "\n")
				read := 0
				for r, l := range lines {
					read += strings.Count(l, whole)
					if r+1 < len(lines) && !strings.Contains(l, whole) {
						read += min(strings.Count(l, ps[0]), strings.Count(lines[r+1], ps[1]))
					}
				}
				if read != n-1 {
					t.Errorf("%s: %q reads whole at %d seats, not %d:\n%s", when, whole, read, n-1, text)
				}
				kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			}
		}
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		check("bidding")
		f.until("a card", myCard, true)
		check("playing")
	})
}

// TestStandInThinks: while a bot stands in for a person who dropped,
// the status line says a bot thinks for them, not that they think; a
// bot's own seat thinks in its own name. At every seat count.
func TestStandInThinks(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		other := (f.s.snap.Seat + 1) % rules.Seat(n)
		f.s.snap.Can.Act = false
		f.s.snap.View.Turn, f.s.snap.Thinking = other, other
		f.s.snap.Players[other].Name = "ann"
		f.s.snap.Players[other].Human, f.s.snap.Players[other].State = true, host.SeatTakeover
		if text := f.text(); !strings.Contains(text, "A bot is thinking for ann…") || strings.Contains(text, "ann is thinking") {
			t.Errorf("a stand-in's turn:\n%s", text)
		}
		f.s.snap.Players[other].Human, f.s.snap.Players[other].State = false, host.SeatBot
		if text := f.text(); !strings.Contains(text, "ann is thinking…") {
			t.Errorf("a bot's turn:\n%s", text)
		}
	})
}

// TestPartnerGapBeforeRule: the partner of four's lines right of its
// card ("dealer · ann's partner" to a spectator) end a cell short of
// the table's edge, as the side seats' do, so that they never touch the
// rule of the column beside the table, at any table width.
func TestPartnerGapBeforeRule(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, dealer := range []rules.Seat{1, 2} {
		sc := &Scene{V: rules.View{Players: 4, Options: options(4), Seat: rules.SeatA, Dealer: dealer, Maker: rules.SeatB,
			Phase: rules.PhasePlay, Turn: rules.SeatB, Counts: [4]int{8, 8, 8, 8}}, You: rules.NoSeat, Watching: true,
			Players: []Player{{Name: "ann", Tag: "here"}, {Name: "West", Tag: "normal"}, {Name: "North", Tag: "normal"}, {Name: "East", Tag: "normal"}}}
		for w := 40; w <= 60; w++ {
			for _, size := range []kit.CardSize{kit.SmallCard, kit.LargeCard} {
				for _, compact := range []bool{false, true} {
					for _, l := range sc.trickGrid(&ctx, w, size, compact) {
						if l = ansi.Strip(l); kit.WidthOf(l) >= w && !strings.HasSuffix(l, " ") {
							t.Errorf("table %d wide (cards %v, compact %v): a line reaches the rule: %q", w, size, compact, l)
						}
					}
				}
			}
		}
	}
}

// TestPausedGraceSaysAway: a dropped person's seat whose grace waits for
// someone to sit down (Until zero: spectators alone run none) reads
// "away", never "waits 0s", which would say a bot is about to take it.
func TestPausedGraceSaysAway(t *testing.T) {
	s := &Screen{}
	now := t0 // the tests' clock
	s.cfg.Now = func() time.Time { return now }
	if got := s.seatTag(1, host.SeatInfo{State: host.SeatAway}); got != "away" {
		t.Errorf("paused grace: %q", got)
	}
	if got := s.seatTag(1, host.SeatInfo{State: host.SeatAway, Until: now.Add(20 * time.Second)}); got != "away,\nwaits 20s" {
		t.Errorf("running grace: %q", got)
	}
}

// TestPartnerMarkBesideState: at four at 80×24, the partner's mark
// (the person's "partner", a spectator's "Tester's partner") shows
// while any seat, the partner's included, shows a state (away with its
// wait, on the clock, its seconds, idle, a bot for now, back next
// deal), whether or not the partner deals and made trump; the state
// reads whole beside it. For a player and for a spectator, with the
// state at each seat in turn.
func TestPartnerMarkBesideState(t *testing.T) {
	now := t0 // the tests' clock
	f := newFixture(t, 4, seeds[4], 80, 24)
	f.s.cfg.Now = func() time.Time { return now }
	w := watchAtCard(t, f, &fakeTalk{})
	w.screen().cfg.Now = func() time.Time { return now }
	states := []struct {
		phrases []string
		set     func(p *host.SeatInfo)
	}{
		{[]string{"away,", "waits 38s"}, func(p *host.SeatInfo) { p.State, p.Until = host.SeatAway, now.Add(38*time.Second) }},
		{[]string{"on the", "clock"}, func(p *host.SeatInfo) { p.State, p.Due = host.SeatHere, now.Add(time.Minute) }},
		{[]string{"a bot plays", "in 12s"}, func(p *host.SeatInfo) { p.State, p.Due = host.SeatHere, now.Add(12*time.Second) }},
		{[]string{"idle:", "a bot plays"}, func(p *host.SeatInfo) { p.State, p.Idle = host.SeatHere, true }},
		{[]string{"a bot plays", "for now"}, func(p *host.SeatInfo) { p.State = host.SeatTakeover }},
		{[]string{"back after", "bot's move"}, func(p *host.SeatInfo) { p.State = host.SeatBack }},
	}
	viewers := []struct {
		who    string
		screen *Screen
		text   func() string
		frame  func() string
		mark   string
	}{
		{"player", f.s, f.text, f.hs.Frame, "partner"},
		{"spectator", w.screen(), w.text, w.d.Frame, "Tester's partner"},
	}
	for _, v := range viewers {
		sn := &v.screen.snap
		me := sn.View.Seat // the seat at the bottom: the person's, or the one watched
		if sn.Watching {
			me = rules.SeatA
		}
		partner := rules.PartnerOf(4, me)
		keep := slices.Clone(sn.Players)
		dealer, maker := sn.View.Dealer, sn.View.Maker
		other := (me + 1) % 4 // an opponent
		for _, roles := range []struct {
			name          string
			dealer, maker rules.Seat
		}{{"none", other, other}, {"dealer", partner, other}, {"dealer and maker", partner, partner}} {
			sn.View.Dealer, sn.View.Maker = roles.dealer, roles.maker
			for _, st := range states {
				for s := range rules.Seat(4) {
					if s == me && !sn.Watching {
						continue // a person's own state is said in the status lines
					}
					copy(sn.Players, keep)
					p := &sn.Players[s]
					p.Human = true
					st.set(p)
					what := fmt.Sprintf("%s, the partner's roles %s, %s at seat %v", v.who, roles.name, strings.Join(st.phrases, " "), s)
					text := v.text()
					kittest.CheckSize(t, v.frame(), 80, 24)
					if s == partner && roles.name == "dealer and maker" && st.phrases[0] == "away," {
						kittest.Golden(t, "partner4-80x24-"+v.who+"-away", text)
					}
					if !readsWhole(text, st.phrases...) {
						t.Errorf("%s: the state does not read whole:\n%s", what, text)
					}
					// The mark beside the partner's card: on the line of its
					// name (which facts follow) or the next, left of the
					// column's rule.
					name := regexp.MustCompile(regexp.QuoteMeta(sn.Players[partner].Name) + ` {2,}\S`)
					lines := strings.Split(text, "\n")
					beside := 0
					for r := range len(lines) - 1 {
						if l, _, _ := strings.Cut(lines[r], "│"); name.MatchString(strings.TrimSpace(l)) {
							next, _, _ := strings.Cut(lines[r+1], "│")
							beside = strings.Count(l+"\n"+next, v.mark)
							break
						}
					}
					if beside != 1 {
						t.Errorf("%s: %q is beside %s %d times, not once:\n%s", what, v.mark, sn.Players[partner].Name, beside, text)
					}
				}
			}
		}
		copy(sn.Players, keep)
		sn.View.Dealer, sn.View.Maker = dealer, maker
	}
}
