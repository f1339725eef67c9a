package table

import (
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
// shared game (away, taken over by a bot, back at the next deal) reads beside the table
// whole on a line, or broken between its phrases only ("back at the" /
// "next deal"), never inside one ("back at the next" / "deal"), at
// every seat count, while bidding and playing.
func TestSeatStateReadsWhole(t *testing.T) {
	now := t0 // the tests' clock
	phrases := map[host.SeatState][]string{
		host.SeatBack:     {"back at the", "next deal"},
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
