package session

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

var start = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func config(seed uint64, players ...Player) Config {
	opts := rules.DefaultOptions()
	opts.Target = 200
	return Config{Options: opts, Seed: seed, Players: players, NewBot: testkit.RandomBots, Start: start}
}

var (
	person = Player{Name: "Ann", Human: true}
	bot    = Player{Name: "Bot", Level: ai.Normal}
)

// noErr fails the test on err.
func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// step moves the game on by one decision: a deal, the people's forced
// moves, the bot's choice, or the person's first legal action (asked
// from its own View).
func step(t *testing.T, s *Session) { stepWith(t, s, nil) }

// taken is a step Advance took: its place in the deal and the reason
// Forced gives for it (forced false: none).
type taken struct {
	i      int
	step   rules.Step
	why    string
	forced bool
}

// advance deals when the game waits for a deal, else takes the forced
// moves and returns the deal's number and the steps it took; false when
// it dealt, or the forced moves ended the deal.
func advance(t *testing.T, s *Session) (deal int, took []taken, ok bool) {
	t.Helper()
	if s.Game().NeedDeal() {
		noErr(t, s.StartDeal())
		return 0, nil, false
	}
	deal, from := s.Game().DealNo(), len(s.Game().Deal().Steps())
	noErr(t, s.Advance())
	if s.Game().DealNo() != deal {
		return deal, nil, false
	}
	steps := s.Game().Deal().Steps()
	for i := from; i < len(steps); i++ {
		why, forced := s.Forced(deal, i)
		took = append(took, taken{i, steps[i], why, forced})
	}
	return deal, took, true
}

// playOut steps s to the game's end; it reports false when the game has
// not ended after most steps.
func playOut(t *testing.T, s *Session, most int) bool {
	t.Helper()
	for i := 0; !s.Game().Over(); i++ {
		if i > most {
			return false
		}
		step(t, s)
	}
	return true
}

// stepWith is step with the person's action chosen by choose from the
// legal ones (the first when choose is nil).
func stepWith(t *testing.T, s *Session, choose func(s *Session, legal []rules.Action) rules.Action) {
	t.Helper()
	if s.Game().NeedDeal() {
		noErr(t, s.StartDeal())
		return
	}
	noErr(t, s.Advance())
	seat, ok := s.ToMove()
	if !ok {
		return
	}
	if seat == rules.ChanceSeat {
		t.Fatal("the session stopped at a chance step")
	}
	if th, ok := s.Think(); ok {
		a, err := th.Think(context.Background())
		if err := s.BotMove(th, a, err); err != nil {
			t.Fatalf("bot move: %v", err)
		}
		return
	}
	v := s.View(seat)
	if v.Seat != seat || v.Turn != seat {
		t.Fatalf("the person's view is of seat %s, turn %s, want %s", v.Seat, v.Turn, seat)
	}
	for o := range rules.Seat(v.Players) {
		if o != seat && v.Known(o) != 0 && v.Phase == rules.PhaseBid1 && s.Deal().Steps() == nil {
			t.Fatalf("seat %s's view knows cards of %s before any play", seat, o)
		}
	}
	a := v.Legal()[0]
	if choose != nil {
		a = choose(s, v.Legal())
	}
	noErr(t, s.Apply(seat, a))
}

func TestNewRecordsTheGame(t *testing.T) {
	s, err := New(config(42, person, bot))
	if err != nil {
		t.Fatal(err)
	}
	h := s.Header()
	if h.Players != [4]string{"Ann", "Bot"} || h.Levels != [4]string{gamelog.Human, "normal"} {
		t.Errorf("got players %q levels %q, want Ann/Bot and human/normal", h.Players, h.Levels)
	}
	if len(h.Extra) != 1 || h.Extra[0] != (gamelog.Tag{Name: SeedTag, Value: "42"}) {
		t.Errorf("got extra tags %v, want the seed 42", h.Extra)
	}
	if got, want := s.Game().FirstDealer(), FirstDealerOf(42, 2); got != want {
		t.Errorf("got first dealer %v, want %v", got, want)
	}
	if got := s.Humans(); len(got) != 1 || got[0] != rules.SeatA {
		t.Errorf("got humans %v, want [A]", got)
	}
	if _, ok := s.ToMove(); ok {
		t.Error("someone is to move before the first deal")
	}
	if _, err := New(config(1, person)); err == nil {
		t.Error("a game of one player was started")
	}
}

func TestFirstDealerFollowsTheSeed(t *testing.T) {
	// Pinned: a seed must draw the same first dealer in every version.
	got := ""
	for seed := range uint64(16) {
		got += FirstDealerOf(seed, 2).String()
	}
	if want := "ABBBBBAAAAAAABBB"; got != want {
		t.Errorf("first dealers of seeds 0-15: got %s, want %s", got, want)
	}
	seen := map[rules.Seat]bool{}
	for seed := range uint64(64) {
		seen[FirstDealerOf(seed, 2)] = true
	}
	if len(seen) != 2 {
		t.Errorf("64 seeds drew only %v as first dealer", seen)
	}
}

func TestApplyChecksTheSeat(t *testing.T) {
	s, _ := New(config(7, person, person))
	if err := s.Apply(rules.SeatA, rules.PassAction()); !errors.Is(err, ErrNoTurn) {
		t.Fatalf("before the deal: got %v, want ErrNoTurn", err)
	}
	if err := s.StartDeal(); err != nil {
		t.Fatal(err)
	}
	turn, _ := s.ToMove()
	gen := s.Gen()
	var te *TurnError
	if err := s.Apply(turn.Other(), rules.PassAction()); !errors.As(err, &te) || te.Seat != turn.Other() || te.Turn != turn {
		t.Fatalf("out of turn: got %v, want a TurnError", err)
	}
	if err := s.Apply(turn, rules.PlayAction(rules.NoCard)); err == nil {
		t.Fatal("an illegal action was applied")
	}
	if s.Gen() != gen {
		t.Errorf("refused actions moved Gen from %d to %d", gen, s.Gen())
	}
	if err := s.Apply(turn, rules.PassAction()); err != nil {
		t.Fatalf("a legal pass: %v", err)
	}
	if s.Gen() != gen+1 {
		t.Errorf("got gen %d, want %d", s.Gen(), gen+1)
	}
}

// TestWholeGame plays games to the end with a person and a bot, and
// checks that the log replays to the game.
func TestWholeGame(t *testing.T) {
	for seed := range uint64(5) {
		s, err := New(config(seed, bot, person)) // the person at seat B
		if err != nil {
			t.Fatal(err)
		}
		if !playOut(t, s, 5000) {
			t.Fatalf("seed %d: no end", seed)
		}
		g, err := s.Log().Game()
		if err != nil {
			t.Fatalf("seed %d: the log does not replay: %v", seed, err)
		}
		if !g.Over() || g.Totals() != s.Game().Totals() || g.Winner() != s.Game().Winner() {
			t.Errorf("seed %d: the log says %v, the game %v", seed, g.Totals(), s.Game().Totals())
		}
		// Forced moves are the person's only, with a reason.
		for no, rec := range s.Game().Records() {
			for i, stp := range rec.Steps {
				if why, ok := s.Forced(no+1, i); ok && (stp.Seat != rules.SeatB || why == "") {
					t.Errorf("seed %d deal %d step %d: forced %q for seat %v", seed, no+1, i, why, stp.Seat)
				}
			}
		}
	}
}

// TestAdvanceTakesOnlyForcedMoves: with two people, Advance stops at
// every real choice and never plays a card.
func TestAdvanceTakesOnlyForcedMoves(t *testing.T) {
	s, _ := New(config(3, person, person))
	forced := 0
	for n := 0; n < 2000 && !s.Game().Over(); n++ {
		deal, took, ok := advance(t, s)
		if !ok {
			continue
		}
		for _, tk := range took {
			if !tk.forced || tk.step.Action.Kind == rules.PlayCard {
				t.Fatalf("deal %d step %d (%v): forced %v", deal, tk.i, tk.step.Action, tk.forced)
			}
			forced++
			if tk.step.Action.Kind == rules.NoSequence && tk.why != "you hold no sequence" {
				t.Errorf("got reason %q for no sequence, want %q", tk.why, "you hold no sequence")
			}
		}
		seat, ok := s.ToMove()
		if !ok {
			continue
		}
		v := s.View(seat)
		if legal := v.Legal(); len(legal) == 1 && v.Phase != rules.PhasePlay {
			t.Fatalf("Advance stopped at a forced move %v", legal[0])
		}
		if err := s.Apply(seat, v.Legal()[len(v.Legal())-1]); err != nil {
			t.Fatal(err)
		}
	}
	if forced == 0 {
		t.Error("no forced move in a whole game")
	}
}

// TestResumeDealsTheSameCards: a game resumed mid-deal from its log
// goes on exactly as the game that was never interrupted. (Two people
// who take the first legal action: a bot's own randomness is not part
// of the log.)
func TestResumeDealsTheSameCards(t *testing.T) {
	a, _ := New(config(11, person, Player{Name: "Bob", Human: true}))
	for range 40 {
		step(t, a)
	}
	b, err := Resume(a.Log(), Config{Seed: 999, NewBot: testkit.RandomBots})
	if err != nil {
		t.Fatal(err)
	}
	if b.Seed() != 11 {
		t.Fatalf("got seed %d, want the log's 11", b.Seed())
	}
	if got := b.Players(); got[0] != person || got[1].Name != "Bob" || !got[1].Human {
		t.Fatalf("got players %v", got)
	}
	for n := 0; n < 200 && !a.Game().Over(); n++ {
		step(t, a)
		step(t, b)
		if a.Game().DealNo() != b.Game().DealNo() || a.Game().Totals() != b.Game().Totals() {
			t.Fatalf("step %d: the resumed game left the original", n)
		}
		if !a.Game().NeedDeal() && a.Game().Deal().Hand(rules.SeatA) != b.Game().Deal().Hand(rules.SeatA) {
			t.Fatalf("step %d: deal %d: different hands", n, a.Game().DealNo())
		}
	}
}

func TestResumeRefusesABadLevel(t *testing.T) {
	s, _ := New(config(5, person, bot))
	l := s.Log()
	l.Header.Levels[1] = "grandmaster"
	if _, err := Resume(l, Config{NewBot: testkit.RandomBots}); err == nil {
		t.Fatal("a log with an unknown bot level resumed")
	}
}

func TestStaleBotAnswer(t *testing.T) {
	s, _ := New(config(2, bot, bot))
	noErr(t, s.StartDeal())
	th, ok := s.Think()
	if !ok {
		t.Fatal("no bot to think")
	}
	a, err := th.Think(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.BotMove(th, a, nil); err != nil {
		t.Fatal(err)
	}
	steps := len(s.Game().Deal().Steps())
	if err := s.BotMove(th, a, nil); !errors.Is(err, ErrStale) {
		t.Fatalf("the same answer twice: got %v, want ErrStale", err)
	}
	if len(s.Game().Deal().Steps()) != steps {
		t.Fatal("a stale answer was applied")
	}
	if _, ok := New(config(2, person, person)); ok != nil {
		t.Fatal(ok)
	}
	p, _ := New(config(2, person, person))
	noErr(t, p.StartDeal())
	if _, ok := p.Think(); ok {
		t.Error("a bot was asked to think for a person")
	}
}

type failingBot struct{ err error }

func (b failingBot) Choose(context.Context, *rules.View) (rules.Action, error) {
	if b.err != nil {
		return rules.Action{}, b.err
	}
	return rules.PlayAction(rules.NoCard), nil // never legal
}

func (failingBot) Level() ai.Level { return "failing" }

// TestBotFailure: a bot that errs, or answers an illegal action, is
// replaced for that move by the first legal action, and says so.
func TestBotFailure(t *testing.T) {
	for _, b := range []failingBot{{err: errors.New("out of time")}, {}} {
		cfg := config(9, bot, bot)
		cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return b, nil }
		s, _ := New(cfg)
		noErr(t, s.StartDeal())
		th, _ := s.Think()
		v := s.View(th.Seat)
		legal := v.Legal()
		a, err := th.Think(context.Background())
		err = s.BotMove(th, a, err)
		var be *BotError
		if !errors.As(err, &be) || be.Instead == nil || *be.Instead != legal[0] || be.Seat != th.Seat {
			t.Fatalf("got %v, want a BotError standing in with %v", err, legal[0])
		}
		if b.err != nil && !errors.Is(err, b.err) {
			t.Errorf("the BotError does not unwrap to the bot's error: %v", err)
		}
		if got := s.Game().Deal().Steps(); len(got) != 1 || got[0].Action != legal[0] {
			t.Errorf("got steps %v, want the stand-in %v", got, legal[0])
		}
	}
	cfg := config(9, person, bot)
	cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return nil, errors.New("no such bot") }
	if _, err := New(cfg); err == nil {
		t.Error("a game started without its bot")
	}
}

// TestNextSeed: the seeds of a sitting differ and repeat from the first.
func TestNextSeed(t *testing.T) {
	seen := map[uint64]bool{}
	s := uint64(1)
	for range 1000 {
		if seen[s] {
			t.Fatalf("seed %d came back", s)
		}
		seen[s] = true
		s = NextSeed(s)
	}
	// Pinned: a saved sitting's next seeds must not change between versions.
	if got, want := NextSeed(1), uint64(0x910a2dec89025cc1); got != want {
		t.Errorf("NextSeed(1) = %#x, want %#x", got, want)
	}
}
