package ai

import (
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/rules"
)

// A three-handed defender's card play. Each player scores alone, but the
// maker must score more than each defender, and when it does not (bete)
// each defender scores half the maker's total on top of its own: the two
// defenders share an interest the paranoid search (the two others as one
// side against the searching seat) does not see. To it, points the other
// defender takes are lost as surely as those the maker takes, so it never
// gives the other defender a trick to beat the maker. So a defender
// values each card of a world by its estimated score for the deal
// (defend3), not by its card points; the maker, and every seat at four
// players, values cards by its side's card points
// (docs/experiments/2026-12-02-table-hard-roles.md compares the two).

// defends3 reports whether v's seat defends a three-handed contract.
func defends3(v *rules.View) bool {
	return v.Players == 3 && v.Maker != rules.NoSeat && v.Maker != v.Seat
}

// defend3 turns the card values of one world d at p (the defending
// seat's card points from there on, the two others against it, in card
// order) into the seat's score for the deal after each card, rules.ScoreDeal
// on estimated totals: its own points as the paranoid search leaves them;
// the maker's as a second search leaves them, with both defenders against
// the maker (b.team, cut at limit nodes, 0 for none); and the rest to the
// other defender. The melds, bella and declarations of each seat are those
// of d played out by the normal rule (eval.FinishByRule): they do not
// depend on the cards played, bar a side that takes no trick. It returns
// the nodes of the second search too, and false when it was cut.
func (b *tableHard) defend3(v *rules.View, p *rules.Play, d *rules.Deal, cv []solver.TableCardValue, limit uint64) ([]solver.TableCardValue, uint64, bool) {
	me, maker := v.Seat, v.Maker
	other := 3 - me - maker
	t := *d
	eval.FinishByRule(&t, nil)
	if !t.Over() {
		return nil, 0, false
	}
	sc := t.Score()
	var extra [3]int
	rest := 0 // the card points still to win, the last-trick bonus included
	for s := range 3 {
		extra[s] = sc.Total[s] - sc.Cards[s] - sc.LastTrick[s]
		rest += sc.Cards[s] + sc.LastTrick[s] - int(p.Points[s])
	}
	if b.team == nil {
		b.team = solver.NewTable()
	}
	b.team.SetLimit(limit)
	n0 := b.team.Nodes()
	team, ok := b.team.CardValuesFor(p, 1<<me|1<<other, nil)
	nodes := b.team.Nodes() - n0
	if !ok || len(team) != len(cv) {
		return nil, nodes, false
	}
	out := make([]solver.TableCardValue, len(cv))
	for i, x := range cv {
		if team[i].Card != x.Card {
			return nil, nodes, false
		}
		var won [3]int
		won[me] = x.Value
		won[maker] = rest - team[i].Value
		won[other] = max(0, team[i].Value-x.Value)
		tl := rules.Tally{Players: 3, Maker: maker, Trump: sc.Trump, Forced: sc.Forced, Eldest: t.Eldest(),
			LastTrick: rules.NoSeat, SeqWinner: rules.NoSeat}
		for s := range 3 {
			// The melds in Declared: a total is all ScoreDeal compares.
			tl.Tricks[s] = 1
			tl.Cards[s] = int(p.Points[s]) + won[s]
			tl.Declared[s] = extra[s]
		}
		out[i] = solver.TableCardValue{Card: x.Card, Value: rules.ScoreDeal(tl, v.Options).Scored[me]}
	}
	return out, nodes, true
}
