package claim

import (
	"github.com/klob/klob/rules"
)

// refSearch is the claim search as it was before the open-addressing
// memo, the compressed keys and the equivalent cards: every legal card
// in index order, a Go map per leader keyed on the raw hands. The
// property test checks the search against it.
type refSearch struct {
	side    uint8
	memo    [4]map[[2]uint64]bool
	nodes   int
	budget  int
	aborted bool
}

func newRefSearch(players int, claimer rules.Seat, budget int) *refSearch {
	s := &refSearch{side: rules.SideSeats(players, claimer), budget: budget}
	for i := range s.memo {
		s.memo[i] = make(map[[2]uint64]bool)
	}
	return s
}

func (s *refSearch) mine(seat rules.Seat) bool { return seat < 4 && s.side&(1<<seat) != 0 }

func (s *refSearch) takesAll(p rules.Play) bool {
	if p.Done() {
		return true
	}
	if s.nodes++; s.nodes > s.budget {
		s.aborted = true
		return false
	}
	atStart := p.InTrick == 0
	var key [2]uint64
	if atStart {
		key = [2]uint64{uint64(p.Hands[0]) | uint64(p.Hands[1])<<32, uint64(p.Hands[2]) | uint64(p.Hands[3])<<32}
		if v, ok := s.memo[p.Leader&3][key]; ok {
			return v
		}
	}
	mine := s.mine(p.Turn())
	ok := !mine
	for m := p.Legal(); m != 0 && !s.aborted; m &= m - 1 {
		q := p
		done, w := q.Move(m.First())
		// One good card settles it for the side, one bad card for the
		// others.
		if good := !(done && !s.mine(w)) && s.takesAll(q); good == mine {
			ok = good
			break
		}
	}
	if atStart && !s.aborted {
		s.memo[p.Leader&3][key] = ok
	}
	return ok
}

// refCheckWithin is CheckWithin over refSearch.
func refCheckWithin(v rules.View, lim Limits) Verdict {
	return checkWith(v, lim, func(*rules.Play) takesAller { return newRefSearch(v.Players, v.Seat, lim.Nodes) })
}

func (s *refSearch) spent() (int, bool) { return s.nodes, s.aborted }
