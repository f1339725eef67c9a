package host

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/rules"
)

// personPolicy is a person who decides from the view alone: the same
// view gets the same action, however it was reached, so the host's play
// and duplicate's can be compared step by step.
func personPolicy(v *rules.View) rules.Action {
	legal := v.Legal()
	h := fnv.New64a()
	fmt.Fprint(h, v.Seat, v.Hand, v.History())
	return legal[h.Sum64()%uint64(len(legal))]
}

// boardSet is a set of boards at a table of n with the house variants
// that make chance steps (shlomo) and cards given face down.
func boardSet(t *testing.T, n, count int) *duplicate.BoardSet {
	t.Helper()
	set, err := duplicate.NewSet(duplicate.Spec{Seed: duplicate.Seed{uint64(n), 99}, Count: count, Options: options(n),
		Level: ai.Normal, Seat: rules.SeatA})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// boardConfig is board b of set with the person at the set's seat, the
// set's bots elsewhere.
func boardConfig(set *duplicate.BoardSet, b duplicate.Board, st Store) Config {
	ps := make([]Player, set.Players())
	for i := range ps {
		ps[i] = Player{Name: "Bot " + rules.Seat(i).String(), Level: set.Level}
	}
	ps[set.Seat] = Player{Name: "ann", Human: true}
	return Config{Game: Game{Options: set.Options, Players: ps, Start: t0,
		Board: &Board{Dealer: b.Dealer, Deck: b.Deck, BotSeed: b.BotSeed, Chance: b.Chance}},
		Store: st, Clock: clocktest.New(t0), NoHints: true}
}

// playBoard plays the person's seat of h with personPolicy until the
// board is over, or until stop person decisions are made (stop < 0:
// never); it returns the last snapshot.
func playBoard(t *testing.T, p Port, stop int) Snapshot {
	t.Helper()
	made := 0
	for {
		s := await(t, p, "the person's turn or the end", func(s Snapshot) bool { return s.Can.Act || s.Over })
		if s.Over || made == stop {
			return s
		}
		if err := p.Act(s.Gen, personPolicy(&s.View)); err != nil && !errors.Is(err, ErrStale) {
			t.Fatal(err)
		}
		made++
	}
}

// TestBoardPlaysLikeTheSet: a board played through the host (the deck,
// the dealer, one deal, the bots on the board's seeds, chance from the
// board) is the deal duplicate.BoardSet.Play plays with the same
// person's actions, at every seat count; the game is over with the
// deal, hints are refused, and the filed log holds that one deal.
func TestBoardPlaysLikeTheSet(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		// 24 boards hold shlomos (chance steps) at three and four.
		set := boardSet(t, n, 24)
		chance := 0
		for _, b := range set.Boards {
			bots, err := set.Seats(b, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			want, err := set.Play(context.Background(), b, bots, func(v *rules.View) (rules.Action, error) {
				return personPolicy(v), nil
			})
			if err != nil {
				t.Fatal(err)
			}
			st := &memstore.Store{}
			h := newHost(t, boardConfig(set, b, st))
			p := sit(t, h, set.Seat)
			if s := p.Snapshot(); s.Can.Act && p.Hint(s.Gen) != ErrNoHints {
				t.Error("a hint was not refused")
			}
			s := playBoard(t, p, -1)
			if !s.Over || s.Between || s.DealNo != 1 || len(s.Deals) != 1 || s.WinnerSide != -1 {
				t.Fatalf("board %d: over %v between %v deal %d, %d deals, winner %d", b.Number, s.Over, s.Between, s.DealNo, len(s.Deals), s.WinnerSide)
			}
			s = await(t, p, "filed", func(s Snapshot) bool { return s.Save.Filed })
			if s.Can.Again || p.Again(s.Gen) != ErrBoardOnce {
				t.Errorf("board %d: another game is offered after it", b.Number)
			}
			_, filed := st.Counts()
			if filed != 1 {
				t.Fatalf("filed %d times", filed)
			}
			l := st.Filed[0]
			if len(l.Deals) != 1 || l.Deals[0].Deck != b.Deck || l.Header.FirstDealer != b.Dealer {
				t.Fatalf("board %d: the log holds %d deals, not the board's", b.Number, len(l.Deals))
			}
			if got, w := fmt.Sprint(l.Deals[0].Steps), fmt.Sprint(want.Steps()); got != w {
				t.Fatalf("board %d: the host played\n%s\nduplicate played\n%s", b.Number, got, w)
			}
			for _, st := range want.Steps() {
				if st.Seat == rules.ChanceSeat {
					chance++
				}
			}
			if r := duplicate.Result(&want, set.Seat); s.Deals[0].Score.Margin(want.SideOf(set.Seat)) != r {
				t.Errorf("board %d: the snapshot's score is not the deal's", b.Number)
			}
		}
		if n > 2 && chance == 0 {
			t.Error("no chance step in these boards: the test needs one")
		}
	})
}

// TestBoardResumesMidDeal: a board stopped in the middle of its deal and
// resumed from its log (with the board again) goes on exactly as it
// would have: the same bots' moves, the same chance draws (boards 11 at
// three and 17 at four hold a shlomo).
func TestBoardResumesMidDeal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		set := boardSet(t, n, 24)
		drawn := 0 // resumes after a chance step
		for _, b := range []duplicate.Board{set.Boards[0], set.Boards[1], set.Boards[10], set.Boards[16]} {
			whole := &memstore.Store{}
			h := newHost(t, boardConfig(set, b, whole))
			playBoard(t, sit(t, h, set.Seat), -1)
			h.Close()

			for _, stop := range []int{1, 3, 6} {
				st := &memstore.Store{}
				cfg := boardConfig(set, b, st)
				h := newHost(t, cfg)
				s := playBoard(t, sit(t, h, set.Seat), stop)
				l, err := h.Log()
				if err != nil {
					t.Fatal(err)
				}
				h.Close()
				if s.Over {
					continue
				}
				for _, x := range l.Deals[0].Steps {
					if x.Seat == rules.ChanceSeat {
						drawn++
					}
				}
				cfg.Store = st
				h2, err := Resume(l, cfg)
				if err != nil {
					t.Fatalf("board %d after %d decisions: %v", b.Number, stop, err)
				}
				t.Cleanup(h2.Close)
				playBoard(t, sit(t, h2, set.Seat), -1)
				end, err := h2.Log()
				if err != nil {
					t.Fatal(err)
				}
				if got, want := steps(end), steps(whole.Filed[0]); got != want {
					t.Fatalf("board %d resumed after %d decisions:\n%s\nwant\n%s", b.Number, stop, got, want)
				}
			}
		}
		if n > 2 && drawn == 0 {
			t.Error("no resume came after a chance step: the test needs one")
		}
	})
}

func steps(l *gamelog.Log) string { return fmt.Sprint(l.Deals[len(l.Deals)-1].Steps) }

// TestBoardRefusesAnotherDeal: a log that is not the board's deal does
// not resume as the board.
func TestBoardRefusesAnotherDeal(t *testing.T) {
	set := boardSet(t, 3, 2)
	cfg := boardConfig(set, set.Boards[0], nil)
	h := newHost(t, cfg)
	playBoard(t, sit(t, h, set.Seat), 2)
	l, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	other := boardConfig(set, set.Boards[1], nil)
	if _, err := Resume(l, other); err == nil {
		t.Fatal("board 1's log resumed as board 2")
	}
}
