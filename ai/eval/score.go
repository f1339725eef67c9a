package eval

import (
	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/rules"
)

// facts are what scoring a deal needs besides the card points: who made
// trump, who won the sequence right and what each hand's sequences are
// worth, tricks already taken, and where bella or the menage stands.
// They are read once per sampled deal; the card points come from the
// solver.
type facts struct {
	opts      rules.Options
	maker     rules.Seat
	forced    bool // the dealer was forced to name trump (bimah)
	seqWinner rules.Seat
	seqPts    [2]int
	tookTrick [2]bool // the seat has won a trick already
	// announcedBy has announced bella or the menage, for announcedPts;
	// NoSeat while nobody has.
	announcedBy  rules.Seat
	announcedPts int
	// openBy may still announce, for openPts (rules.Announceable);
	// NoSeat if no seat may.
	openBy  rules.Seat
	openPts int
}

// readFacts reads the facts of d, a deal in the card play, where played
// holds the cards each seat has played so far.
func readFacts(d *rules.Deal, played [4]rules.CardSet, tricks [4]int) facts {
	f := facts{opts: d.Options(), maker: d.Maker(), forced: d.Score().Forced, seqWinner: d.SeqWinner(), openBy: rules.NoSeat}
	f.announcedBy, f.announcedPts = d.Announced()
	for s := rules.SeatA; s <= rules.SeatB; s++ {
		f.seqPts[s] = rules.MeldPoints(d.Hand(s)|played[s], d.Trump(), f.opts)
		f.tookTrick[s] = tricks[s] > 0
		if f.announcedBy != rules.NoSeat {
			continue
		}
		if pts := rules.Announceable(d.Hand(s), played[s], d.Trump(), f.opts); pts > 0 {
			f.openBy, f.openPts = s, pts
		}
	}
	return f
}

// outcome is one deal's result as rules.Deal scores it.
type outcome struct {
	scored  [2]int
	outcome rules.Outcome
}

// score scores the deal when each seat ends with cards card points
// (tricks and the last-trick bonus) and seat by announces for pts (bella
// or the menage; NoSeat for none), by rules.ScoreDeal. The solver gives
// card points with the last-trick bonus included, so the tally names no
// last-trick seat; the totals are the same. One approximation: with melds_need_trick, a seat
// that ends with no card point is taken to have won no trick (a trick of
// two cards worth nothing, not the last, is the rare exception).
func (f *facts) score(cards [2]int, by rules.Seat, pts int) outcome {
	t := rules.Tally{Players: 2, Maker: f.maker, Forced: f.forced, Cards: [4]int{cards[0], cards[1]},
		LastTrick: rules.NoSeat, SeqWinner: f.seqWinner}
	for s := range 2 {
		if f.tookTrick[s] || cards[s] > 0 {
			t.Tricks[s] = 1
		}
		t.SeqPoints[s] = f.seqPts[s]
	}
	if by != rules.NoSeat {
		t.Bella[by] = pts
	}
	sc := rules.ScoreDeal(t, f.opts)
	return outcome{scored: [2]int{sc.Scored[0], sc.Scored[1]}, outcome: sc.Outcome}
}

// final scores the deal when the card play ends with cards, letting the
// seat that may still announce bella or the menage do so when it gains
// by it (it decides with the last card that can carry the word, late
// enough to judge).
func (f *facts) final(cards [2]int) outcome {
	if f.announcedBy != rules.NoSeat {
		return f.score(cards, f.announcedBy, f.announcedPts)
	}
	without := f.score(cards, rules.NoSeat, 0)
	s := f.openBy
	if s == rules.NoSeat {
		return without
	}
	with := f.score(cards, s, f.openPts)
	if margin(with, s) > margin(without, s) {
		return with
	}
	return without
}

// margin is seat s's score minus the other's.
func margin(o outcome, s rules.Seat) int { return o.scored[s] - o.scored[s.Other()] }

// SolvedScore returns what each seat of d, a two-player deal at its
// first lead, scores when the card play is solved with every card known:
// the value of a sampled deal before the correction. klob-lab fits the
// policy's bid models on it.
func SolvedScore(s *solver.Solver, d *rules.Deal) [2]int {
	p := d.Play().Duel()
	a, b := s.Future(&p, rules.SeatA)
	f := readFacts(d, [4]rules.CardSet{}, [4]int{})
	return f.final([2]int{a, b}).scored
}
