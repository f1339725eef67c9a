package table

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// peopleNames name the people of peopleAtTheEnd's other seats, from B.
var peopleNames = []string{"dan", "eve", "fay"}

// peopleAtTheEnd plays a shared table of n seats, game to 100, every
// seat a person's: the others (dan, eve, fay from the person's left)
// left at once, bots played their seats to the end, and they are back
// at its end, each with their port, the person's screen at it.
func peopleAtTheEnd(t *testing.T, n int) (*fixture, []host.Port) {
	t.Helper()
	o := options(n)
	o.Target = 100
	clock := clocktest.New(t0)
	// The last seat deals first: the person bids first, and the fixture
	// starts at rest, not waiting for the others.
	seed := seeds[n]
	for session.FirstDealerOf(seed, n) != rules.Seat(n-1) {
		seed++
	}
	f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, c *Config) {
		hc.Options, hc.Clock, hc.Grace = o, clock, time.Minute
		for i := 1; i < n; i++ {
			hc.Players[i] = host.Player{Name: peopleNames[i-1], Human: true}
		}
		hc.AgainBot = func(s rules.Seat) host.Player { return host.Player{Name: "Bot " + s.String(), Level: ai.Random} }
		c.Shared, c.Tag, c.Now = true, "table ABCD", clock.Now
		c.Replay = func(*gamelog.Log, string, bool, kit.Screen) (kit.Screen, error) { return nil, nil }
	})
	f.clock = clock
	for i := 1; i < n; i++ {
		p, err := f.h.Seat(rules.Seat(i))
		if err != nil {
			t.Fatal(err)
		}
		p.Leave()
	}
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[n-1].State == host.SeatAway }, guard)
	clock.Advance(time.Minute)
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[n-1].State == host.SeatTakeover }, guard)
	f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen && s.Save.Filed }, true)
	var ports []host.Port
	for i := 1; i < n; i++ {
		p, err := f.h.Seat(rules.Seat(i))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Leave)
		ports = append(ports, p)
	}
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool {
		for _, p := range s.Players[1:] {
			if p.State != host.SeatBack {
				return false
			}
		}
		return true
	}, guard)
	f.hs.Deliver(Refresh{})
	return f, ports
}

// answer has each of ports say again at the game's end (yes), or no
// to another game, failing the test where the host refuses.
func answer(t *testing.T, yes bool, ports ...host.Port) {
	t.Helper()
	for _, p := range ports {
		say := p.NoAgain
		if yes {
			say = p.Again
		}
		if err := say(p.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
	}
}

// seen waits until the person's port shows what ok accepts, and draws it.
func (f *fixture) seen(ok func(host.Snapshot) bool) {
	f.t.Helper()
	kittest.WaitRest(f.t, f.port, ok, guard)
	f.hs.Deliver(Refresh{})
}

// wants fails the test when the person's screen lacks a line of want,
// or holds one of unwanted.
func (f *fixture) wants(n int, when string, want, unwanted []string) {
	f.t.Helper()
	text := kittest.Flat(f.text())
	for _, w := range want {
		if !strings.Contains(text, w) {
			f.t.Fatalf("%d players, %s: the screen lacks %q:\n%s", n, when, w, f.text())
		}
	}
	for _, w := range unwanted {
		if strings.Contains(text, w) {
			f.t.Fatalf("%d players, %s: the screen says %q:\n%s", n, when, w, f.text())
		}
	}
}

// TestNoAgainSaidWhileOthersAnswer: at every seat count, the lines say
// x declines while the person may still say no: after dan's again too,
// and the note of a stray enter names x among the keys.
func TestNoAgainSaidWhileOthersAnswer(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		answer(t, true, ports[0])
		f.seen(func(s host.Snapshot) bool { return s.Players[1].Again })
		f.wants(n, "dan said again", []string{"Again: dan said it; waiting for you", "x says you want none."}, nil)
		f.hs.Press("enter")
		f.wants(n, "enter", []string{"x for no other game"}, nil)
		f.hs.Press("x")
		f.seen(func(s host.Snapshot) bool { return s.Players[0].No })
		f.wants(n, "x said", []string{noAgainNote}, []string{"x says you want none."})
	})
}

// TestNoAgainToldWhoMayGoOn: at every seat count, dan says again and
// the person no. Until every other person has answered, the person
// reads that the others may start the next game with a bot in their
// seat, not dan alone; with eve's no (at three and four) and fay's
// again (at four), those who said again. Once dan starts it, the person
// reads that he and those with him did, and nothing stale of eve's no.
func TestNoAgainToldWhoMayGoOn(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		dan := ports[0]
		answer(t, true, dan)
		f.seen(func(s host.Snapshot) bool { return s.Players[1].Again })
		f.hs.Press("x")
		f.seen(func(s host.Snapshot) bool { return s.Players[0].No })
		goOn := "dan"
		if n > 2 {
			f.wants(n, "eve silent", []string{"You want no other game: the others may start it with a bot in your seat"}, []string{"dan may start it"})
			eve := ports[1]
			answer(t, false, eve)
			f.seen(func(s host.Snapshot) bool { return s.Players[2].No })
		}
		if n > 3 {
			fay := ports[2]
			answer(t, true, fay)
			f.seen(func(s host.Snapshot) bool { return s.Players[3].Again })
			goOn = "dan and fay"
		}
		f.wants(n, "everyone answered", []string{"You want no other game: " + goOn + " may start it with a bot in your seat."}, nil)
		s := kittest.WaitRest(t, dan, func(s host.Snapshot) bool { return s.Can.AgainWithBots }, guard)
		if err := dan.AgainWithBots(s.Gen); err != nil {
			t.Fatal(err)
		}
		f.seen(func(s host.Snapshot) bool { return s.Closed })
		f.wants(n, "gone on", []string{"You wanted no other game: " + goOn + " started the next one with a bot in your seat."},
			[]string{"does not want another game", "the others started"})
	})
}

// TestAgainWithBotsRefusedSaysWhy: at every seat count, the person says
// again, and at three and four dan too; b, pressed while the last other
// person has not answered, says it waits for them rather than nothing.
func TestAgainWithBotsRefusedSaysWhy(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		f.hs.Press("n")
		f.seen(func(s host.Snapshot) bool { return s.Players[0].Again })
		silent := "dan has"
		if n > 2 {
			dan := ports[0]
			answer(t, true, dan)
			f.seen(func(s host.Snapshot) bool { return s.Players[1].Again })
			silent = map[int]string{3: "eve has", 4: "eve and fay have"}[n]
		}
		f.hs.Press("b")
		f.wants(n, "b refused", []string{"b starts the game once " + silent + " answered."}, nil)
		if g := f.port.Snapshot().Game; g != 1 {
			t.Fatalf("%d players: b started game %d", n, g)
		}
	})
}

// TestAwaySaidAtOnce: at every seat count, dan leaves the game's end
// before anyone answers: the person reads at once that he is away and
// that the next game may go on without him, before answering.
func TestAwaySaidAtOnce(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool {
			st := s.Players[1].State
			return st == host.SeatAway || st == host.SeatTakeover
		})
		f.wants(n, "dan left", []string{"dan is away. Another game without dan?", "b then starts it with a bot in dan's seat", "x says you want none."},
			[]string{"Another game at this table?"})
	})
}

// TestClaimsOffSaysWhy: at every seat count, c at a shared table, whose
// host takes no claims, says why in a few words, not only that they are
// off.
func TestClaimsOffSaysWhy(t *testing.T) {
	eachTableWith(t, func(hc *host.Config, c *Config) {
		hc.NoClaims = true
		c.Shared, c.Tag = true, "table ABCD"
	}, func(t *testing.T, n int, f *fixture) {
		f.until("the card play", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhasePlay }, false)
		f.hs.Press("c")
		f.wants(n, "c", []string{"Claims are off at a shared table: they are for a game alone with bots."}, nil)
	})
}

// TestAnswersTypedAheadActInTurn: at every seat count, keys pressed in
// turn at the game's end act in turn, both delivered before the screen
// hears from the host: x then n after an again leaves the again said,
// and n then x after a no leaves the no.
func TestAnswersTypedAheadActInTurn(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, _ := peopleAtTheEnd(t, n)
		f.hs.Press("n")
		f.seen(func(s host.Snapshot) bool { return s.Players[0].Again })
		f.hs.Deliver(kittest.Key("x"))
		f.hs.Deliver(kittest.Key("n"))
		f.seen(func(host.Snapshot) bool { return true })
		if me := f.port.Snapshot().Players[0]; !me.Again || me.No {
			t.Fatalf("%d players: x n left again %v, no %v", n, me.Again, me.No)
		}
		f.wants(n, "x n", []string{"You said again"}, []string{"You want no other game"})
		f.hs.Deliver(kittest.Key("x"))
		f.hs.Deliver(kittest.Key("n"))
		f.hs.Deliver(kittest.Key("x"))
		f.seen(func(host.Snapshot) bool { return true })
		if me := f.port.Snapshot().Players[0]; me.Again || !me.No {
			t.Fatalf("%d players: x n x left again %v, no %v", n, me.Again, me.No)
		}
		f.wants(n, "x n x", []string{"You want no other game"}, nil)
	})
}

// danDropped is peopleAtTheEnd where dan says again and leaves the
// game's end (a connection cut looks the same), everyone else here
// saying again, the person with n: b waits for dan (host.Config's
// OverWait), and the person's screen shows it.
func danDropped(t *testing.T, n int) *fixture {
	t.Helper()
	f, ports := peopleAtTheEnd(t, n)
	answer(t, true, ports...)
	ports[0].Leave()
	f.hs.Press("n")
	f.seen(func(s host.Snapshot) bool { return s.Players[0].Again && !s.Players[1].Until.IsZero() })
	return f
}

// TestDroppedAtTheEndSaidWithItsWait: at every seat count, dan says
// again and leaves the game's end (a connection cut looks the same),
// everyone else here saying again: the person reads that b waits for
// dan, and how long, and b says so too, starting nothing; once the wait
// is over, b starts the game with a bot in dan's seat, as before.
func TestDroppedAtTheEndSaidWithItsWait(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := danDropped(t, n)
		f.wants(n, "dan dropped", []string{"dan dropped: b can start it with a bot in dan's seat in 30s."}, []string{"b starts it now"})
		f.clock.Advance(10 * time.Second)
		f.hs.Press("b")
		if got := f.s.note.Text; got != "dan dropped: b can start it with a bot in dan's seat in 20s." {
			t.Fatalf("%d players: b during the wait says %q", n, got)
		}
		if g := f.port.Snapshot().Game; g != 1 {
			t.Fatalf("%d players: b started game %d", n, g)
		}
		f.clock.Advance(20 * time.Second)
		f.seen(func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		f.wants(n, "the wait over", []string{"b starts it now with a bot in dan's seat."}, []string{"dropped"})
		// Delivered alone: the next game waits for eve and fay, never
		// at rest.
		f.hs.Deliver(kittest.Key("b"))
		f.seen(func(s host.Snapshot) bool { return s.Game == 2 })
		if p := f.port.Snapshot().Players[1]; p.Human {
			t.Fatalf("%d players: dan's seat in the next game: %+v", n, p)
		}
	})
}

// TestDropWaitTicks: at every seat count, dan leaves the game's end as
// everyone else here said again, and the person presses b a second
// later: its note counts the wait down once a second on the screen's
// clock (29s, 10 s later 19s), says b can start it now at 0, and the
// countdown's ticks stop there.
func TestDropWaitTicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := danDropped(t, n)
		f.clock.Advance(time.Second)
		f.hs.Press("b")
		note := func(when, want string) {
			t.Helper()
			if got := f.s.note.Text; got != want {
				t.Fatalf("%d players, %s: the note says %q, want %q", n, when, got, want)
			}
			f.wants(n, when, []string{want}, nil)
		}
		note("b pressed", "dan dropped: b can start it with a bot in dan's seat in 29s.")
		// tick asks for the countdown's tick, as Update does, and
		// delivers it after d on the clock, as tea.Tick would.
		tick := func(d time.Duration) {
			t.Helper()
			if f.s.dropTick() == nil {
				t.Fatalf("%d players: no tick asked for while the countdown shows", n)
			}
			f.clock.Advance(d)
			f.hs.Deliver(dropTickMsg{f.s, f.s.dropN})
		}
		tick(10 * time.Second)
		note("10 s later", "dan dropped: b can start it with a bot in dan's seat in 19s.")
		tick(19 * time.Second)
		note("at 0", "dan dropped: b can start it now with a bot in dan's seat.")
		if f.s.dropTick() != nil {
			t.Fatalf("%d players: a tick asked for once the countdown is over", n)
		}
	})
}

// TestRematchWithBotsKeepsTheCode: at two and four seats, dan says no
// at the game's end and the others start the next game with a bot in
// his seat (b): its header keeps the table's code, as the first game's
// did; at two it names the sides as the first game did, "You" and the
// seat's name.
func TestRematchWithBotsKeepsTheCode(t *testing.T) {
	for _, n := range []int{2, 4} {
		f, ports := peopleAtTheEnd(t, n)
		answer(t, false, ports[0])
		answer(t, true, ports[1:]...)
		f.hs.Press("n")
		f.seen(func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		f.hs.Deliver(kittest.Key("b"))
		f.seen(func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })
		head := strings.SplitN(f.text(), "\n", 2)[0]
		if !strings.Contains(head, "· table ABCD ") {
			t.Errorf("%d players: the next game's header %q lacks the code", n, head)
		}
		if n == 2 && !strings.HasSuffix(strings.TrimSpace(head), "You 0 · Bot B 0") {
			t.Errorf("%d players: the next game's header %q does not name the sides", n, head)
		}
	}
}

// TestRefusalOfATakebackAcrossAClaim: the host's refusal of a takeback
// past an accepted claim reads as nothing to take back, with why.
func TestRefusalOfATakebackAcrossAClaim(t *testing.T) {
	got := Refusal(nil, nil, rules.Action{}, host.ErrClaimStands)
	if got != "Nothing to take back: your side's claim stands, and a claim cannot be taken back." {
		t.Fatalf("refusal %q", got)
	}
	if !errors.Is(host.ErrClaimStands, session.ErrClaimStands) {
		t.Fatal("the host's error is not the session's")
	}
}
