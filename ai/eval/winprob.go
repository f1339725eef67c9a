package eval

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/klob/klob/rules"
)

// The chance of winning the game from a score is a documented
// approximation: the rest of the game is modelled as a chain of
// independent deals whose scores are drawn from a fixed distribution by
// seat count (dealOutcomes, dealOutcomesThree, dealOutcomesFour), each
// outcome the points every side adds, counted from the dealer's left.
// The two-player one is measured on deals played by the fixed bidding
// policy and the exact solver, the table ones on deals played by the
// normal table rule in every seat (klob-lab fit-bids -outcomes writes
// them), all under the default rules; a game whose rules make a deal
// worth more or less has its own, measured the same way (dealModel).
// The deal passes left, so who deals next matters: with two and
// four players the dealing side alternates, with three it rotates. Win
// chances are computed by dynamic programming over every side's total in
// steps of WinStep points (see maxWinUnits for coarser steps) and read by
// multilinear interpolation. The model knows nothing of how
// the players adapt to the score, which is exactly what it is used to
// judge.

// WinStep is the grid step of the win table in points.
const WinStep = 10

// maxWinUnits and minWinStep bound the win table by the number of
// sides: a table has at most maxWinUnits steps a side, of at least
// minWinStep points, a target above that getting a coarser grid, with
// each deal outcome split between the neighbouring steps so that its
// mean is kept. The cost of a table is its cells times the outcomes on
// its grid, so both bounds hold it for every target, far inside any
// bot's thinking time (BenchmarkWinTable), instead of growing with a
// power of the target. Two sides: 10-point steps, at most 200 a side;
// three: 20-point steps (the outcomes are three-dimensional, a finer
// step costs their square), at most 25 a side.
func maxWinUnits(sides int) int {
	if sides == 3 {
		return 25
	}
	return 200
}

func minWinStep(sides int) int {
	if sides == 3 {
		return 2 * WinStep
	}
	return WinStep
}

// maxWinTables bounds the tables kept: a process meets one target or a
// few (a game, a match), and a bound keeps a run over many logs with many
// targets from holding them all.
const maxWinTables = 16

// dealOutcome is one bucket of a deal score distribution: the points
// each side adds to its total, in units of WinStep, the side on the
// dealer's left first and the dealer's side last, and the weight
// (count) of the bucket.
type dealOutcome struct {
	u units
	n uint32
}

// units are the points of each side in a deal outcome.
type units [3]uint8

// sidesOf returns the number of sides at a table of players (0 reads
// as two, as in rules.Tally).
func sidesOf(players int) int { return rules.SidesAt(max(players, 2)) }

// stepOutcome is a deal outcome in units of a table's step, with its
// probability; empty when no side scores a step.
type stepOutcome struct {
	u     [3]int
	p     float64
	empty bool
}

// outcomesIn returns m's outcomes in units of step points (a multiple
// of WinStep or not): each score falls between two multiples of the step
// and is shared between them in proportion to its distance, which keeps
// the mean of every outcome. With step == WinStep they are the outcomes
// themselves.
func (m *dealModel) outcomesIn(step int) []stepOutcome {
	src, k := m.outs, sidesOf(m.players)
	total, top := 0.0, 0
	for _, o := range src {
		total += float64(o.n)
		top = max(top, int(o.u[0]), int(o.u[1]), int(o.u[2]))
	}
	// Where each step outcome is in out, plus one (0: not yet), by its
	// units on a dense grid wide enough for the highest upper step.
	dim := top*WinStep/step + 2
	size := 1
	for range k {
		size *= dim
	}
	at := make([]int32, size)
	var out []stepOutcome
	for _, o := range src {
		var lo [3]int
		var f [3]float64
		for i := range k {
			x := float64(int(o.u[i])*WinStep) / float64(step)
			l := math.Floor(x)
			lo[i], f[i] = int(l), x-l
		}
		// Every combination of the lower and upper step of each side,
		// the first side's the slowest to change.
		for mask := 0; mask < 1<<k; mask++ {
			u, w := lo, 1.0
			for i := range k {
				if mask>>(k-1-i)&1 == 1 {
					u[i]++
					w *= f[i]
				} else {
					w *= 1 - f[i]
				}
			}
			if w <= 0 {
				continue
			}
			p := w * float64(o.n) / total
			x := 0
			for i := range k {
				x = x*dim + u[i]
			}
			if j := at[x]; j > 0 {
				out[j-1].p += p
				continue
			}
			out = append(out, stepOutcome{u: u, p: p, empty: u == [3]int{}})
			at[x] = int32(len(out))
		}
	}
	return out
}

// pointOutcomes returns m's outcomes that move the totals, in points,
// with their probabilities, and the chance of the empty outcome.
func (m *dealModel) pointOutcomes() ([]pointOutcome, float64) {
	total := 0.0
	for _, o := range m.outs {
		total += float64(o.n)
	}
	var out []pointOutcome
	p0 := 0.0
	for _, o := range m.outs {
		p := float64(o.n) / total
		if o.u == (units{}) {
			p0 += p
			continue
		}
		var u [3]int
		for i := range u {
			u[i] = int(o.u[i]) * WinStep
		}
		out = append(out, pointOutcome{u: u, p: p})
	}
	return out, p0
}

// winTable is the chance that side 0 wins from every set of totals
// (in units, one index per side, the first the slowest to change), by
// the side that deals next. The totals run to the target and past it as
// far as one deal reaches, where the game is over (overChance), so that
// filling the table reads every outcome without a test.
type winTable struct {
	sides int
	n     int // the target in units, rounded up
	side  int // the totals held a side: n and a deal's reach past it
	p     [3][]float64
	// deals[d] are the model's outcomes that move the totals when side
	// d deals, in points by side, and p0 the chance of the empty one
	// (dealStep).
	deals [3][]pointOutcome
	p0    float64
	// corners keeps cornerStep's values, cornerCount how many it has
	// been asked to keep.
	corners     sync.Map
	cornerCount atomic.Int64
}

// pointOutcome is a deal outcome in points, with its probability.
type pointOutcome struct {
	u [3]int
	p float64
}

// winKey is a table's target and the rules of its deal model
// (modelRules, which hold the seat count).
type winKey struct {
	target int
	rules  rules.Options
}

// WinTables keeps win tables (the chance of winning a game from its
// totals, see Evaluator.WinChanceUnder) by seat count, target and the
// rules of the deal model, each built at its first use and never changed
// after. Building one takes milliseconds (BenchmarkWinTable) and every
// evaluation near a game's end reads one: evaluators given the same
// WinTables (NewWith) build each table once between them. A table
// depends on nothing but its seat count, target and rules, so sharing
// changes no chance. It holds at most
// maxWinTables tables. Safe for concurrent use; the zero value is ready.
type WinTables struct {
	mu     sync.Mutex
	m      map[winKey]*winEntry
	models modelCache // the deal models measured under house rules
}

// winEntry is one table of WinTables, built once by the first to ask
// for it; the others wait for it rather than build it too.
type winEntry struct {
	once sync.Once
	t    *winTable
}

// get returns the win table of a game played under o (its seat count,
// target and deal model), building it at its first use.
func (w *WinTables) get(o rules.Options) *winTable {
	key := winKey{o.Target, modelRules(o)}
	w.mu.Lock()
	e, ok := w.m[key]
	if !ok {
		if w.m == nil || len(w.m) >= maxWinTables {
			w.m = map[winKey]*winEntry{}
		}
		e = &winEntry{}
		w.m[key] = e
	}
	w.mu.Unlock()
	e.once.Do(func() {
		m := w.modelFor(o)
		e.t = buildModelTable(m, o.Target, m.step(o.Target))
	})
	return e.t
}

// winTableStep returns the step in points of the table for a target.
func winTableStep(sides, target int) int {
	m, step := maxWinUnits(sides), minWinStep(sides)
	if target <= m*step {
		return step
	}
	return (target + m - 1) / m
}

// step returns the step in points of m's table for a target: that of
// winTableStep, or coarser when one deal may score more than
// maxWinUnits of it (a last trick worth hundreds), so that the cells a
// deal reaches past the target stay as bounded as the target's. The
// shipped models never need it.
func (m *dealModel) step(target int) int {
	k := sidesOf(m.players)
	return max(winTableStep(k, target), (m.top+maxWinUnits(k)-1)/maxWinUnits(k))
}

// buildModelTable builds the table of model m for target on a grid of
// step points.
func buildModelTable(m *dealModel, target, step int) *winTable {
	f := m.newWinFrame(target, step)
	t, k, n := f.t, f.t.sides, f.t.n
	ps := make([]float64, len(f.live))
	for j, o := range f.live {
		ps[j] = o.p
	}
	// tt are the totals of cell c, counted down with it.
	var tt [3]int
	for i := range k {
		tt[i] = t.side - 1
	}
	for c := f.cells - 1; c >= 0; c-- {
		if c < f.cells-1 {
			i := k - 1
			for tt[i] == 0 {
				tt[i] = t.side - 1
				i--
			}
			tt[i]--
		}
		if tt[0] >= n || tt[1] >= n || tt[2] >= n {
			f.setOver(c, tt)
			continue
		}
		var x [3]float64
		for d := range k {
			x[d] = gather(ps, f.off[d], t.p[(d+1)%k][c:])
		}
		f.set(c, x)
	}
	return t
}

// winFrame is a win table being built: its cells, the outcomes that
// move the totals (live) with each one's step in the cell index when
// side d deals (off[d]), and p0, the chance of the empty outcome.
type winFrame struct {
	t     *winTable
	cells int
	live  []stepOutcome
	off   [3][]int
	p0    float64
}

// newWinFrame sets up the table of m for target on a grid of step
// points, its chances not yet filled.
func (m *dealModel) newWinFrame(target, step int) *winFrame {
	k := sidesOf(m.players)
	n := (target + step - 1) / step
	f := &winFrame{}
	reach := 0
	for _, o := range m.outcomesIn(step) {
		if o.empty {
			f.p0 += o.p
			continue
		}
		f.live = append(f.live, o)
		reach = max(reach, o.u[0], o.u[1], o.u[2])
	}
	t := &winTable{sides: k, n: n, side: n + reach}
	outs, p0 := m.pointOutcomes()
	t.p0 = p0
	for d := range k {
		for _, o := range outs {
			// Side d deals: the sides from its left add the outcome's
			// points in order, d last.
			var u [3]int
			for i := range k {
				u[(d+1+i)%k] = o.u[i]
			}
			t.deals[d] = append(t.deals[d], pointOutcome{u: u, p: o.p})
		}
	}
	f.t, f.cells = t, 1
	for range k {
		f.cells *= t.side
	}
	for d := range k {
		t.p[d] = make([]float64, f.cells)
	}
	var stride [3]int
	for i, m := k-1, 1; i >= 0; i-- {
		stride[i], m = m, m*t.side
	}
	for d := range k {
		for _, o := range f.live {
			// Side d deals: the sides from its left add the outcome's
			// points in order, d last; its left deals next.
			x := 0
			for i := range k {
				x += o.u[i] * stride[(d+1+i)%k]
			}
			f.off[d] = append(f.off[d], x)
		}
	}
	return f
}

// setOver fills cell c, whose totals tt end the game, for every dealer.
func (f *winFrame) setOver(c int, tt [3]int) {
	v := overChance(tt, f.t.sides, f.t.n)
	for d := range f.t.sides {
		f.t.p[d][c] = v
	}
}

// set fills cell c from x[d], the sum over the live outcomes when side
// d deals. The cells are filled from the last down: every live outcome
// moves at least one total up, to a later cell. The empty outcome (an
// abandoned deal, or on a coarse grid a small score's share of no step)
// keeps the totals and passes the deal, which links the dealer states
// of one cell in a cycle: v_d = x_d + p0*v_(d+1), so
// v_d = (x_d + p0*x_(d+1) + ... + p0^(k-1)*x_(d+k-1)) / (1 - p0^k).
func (f *winFrame) set(c int, x [3]float64) {
	k := f.t.sides
	for d := range k {
		sum, pw := x[d], f.p0
		for i := 1; i < k; i++ {
			sum += pw * x[(d+i)%k]
			pw *= f.p0
		}
		f.t.p[d][c] = sum / (1 - pw)
	}
}

// gather returns the sum over j of ps[j]*next[offs[j]]: the mean of
// the chances after every outcome. It keeps four running sums, so that
// each addition need not wait for the one before (a single sum is bound
// by the latency of the additions); the order of the additions differs
// from a plain loop's by rounding only.
func gather(ps []float64, offs []int, next []float64) float64 {
	offs = offs[:len(ps)]
	var s0, s1, s2, s3 float64
	j := 0
	for ; j+4 <= len(ps); j += 4 {
		p, o := ps[j:j+4:j+4], offs[j:j+4:j+4]
		s0 += p[0] * next[o[0]]
		s1 += p[1] * next[o[1]]
		s2 += p[2] * next[o[2]]
		s3 += p[3] * next[o[3]]
	}
	for ; j < len(ps); j++ {
		s0 += ps[j] * next[offs[j]]
	}
	return (s0 + s1) + (s2 + s3)
}

// at returns the table's chance for side 0 at totals tt (units) with
// side d to deal next; at or over the target the game is over.
func (t *winTable) at(tt [3]int, d int) float64 {
	c := 0
	for i := range t.sides {
		if tt[i] >= t.side {
			return overChance(tt, t.sides, t.n)
		}
		c = c*t.side + max(tt[i], 0)
	}
	return t.p[d][c]
}

// overChance is side 0's chance when a total is at or over the target:
// the rules' winner wins; when the highest are equal play goes on, and
// the model shares the game evenly between them.
func overChance(t3 [3]int, sides, target int) float64 {
	tt := t3[:sides]
	switch w := rules.SideWinner(tt, target); {
	case w == 0:
		return 1
	case w > 0:
		return 0
	}
	top, tied := tt[0], 0
	for _, x := range tt {
		if x > top {
			return 0
		}
		if x == top {
			tied++
		}
	}
	return 1 / float64(tied)
}

// WinChance returns the modelled chance that side wins the game at a
// table of players (2, 3 or 4) with the game's target and the default
// rules otherwise, from the game totals by side, when side next deals
// the next deal (the side of rules.NextDealer). A finished game is won
// (1) or lost (0). WinChanceUnder is the chance under a game's own
// rules.
func (e *Evaluator) WinChance(players, target int, totals [4]int, side, next int) float64 {
	o := rules.DefaultOptions().WithPlayers(players)
	o.Target = target
	return e.WinChanceUnder(o, totals, side, next)
}

// WinChanceUnder is WinChance for a game played under o: its seat
// count, its target, and deals worth what its rules make them worth
// (see dealModel).
func (e *Evaluator) WinChanceUnder(o rules.Options, totals [4]int, side, next int) float64 {
	if p, ok := settledChance(o.NumPlayers(), o.Target, totals, side); ok {
		return p
	}
	return e.wins.get(o).chance(totals, side, next, o.Target)
}

// settledChance is the win chance where no table is needed: a finished
// game is won or lost, and a game without a target is even.
func settledChance(players, target int, totals [4]int, side int) (float64, bool) {
	k := sidesOf(players)
	if w := rules.SideWinner(totals[:k], target); w >= 0 {
		return b2f(w == side), true
	}
	if target <= 0 {
		return 1 / float64(k), true
	}
	return 0, false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// chance is Evaluator.WinChance on the table for target.
func (t *winTable) chance(totals [4]int, side, next, target int) float64 {
	k := t.sides
	// Turn the table so that side is side 0: the deal still passes to
	// the next side.
	var tt [3]int
	for i := range k {
		tt[i] = totals[(side+i)%k]
	}
	if w := rules.SideWinner(tt[:k], target); w >= 0 {
		return b2f(w == 0)
	}
	d := ((next-side)%k + k) % k
	return t.interpolate(tt, d, target)
}

// interpolate returns side 0's chance at totals tt (points, none at or
// over the target) with side d to deal next. The totals are scaled to
// the table's units (the target may not be a multiple of the step) and
// interpolated between the 2^k corners of their cell, the first side's
// step the fastest to change. The table cannot tell a total past its
// last step short of the target from that step (the next cell up is over
// the target), and the last step is where games are decided: such a
// total is its own corner, in points, and a corner with a total in the
// last step or at it is worth one deal played exactly from it
// (cornerStep), the table read after that deal. On a grid of the model's
// own steps that is what the table holds at its last step, so the
// chance goes on from the table's without a seam; on a coarser or
// shifted grid it replaces the table's last step, which the grid cannot
// place exactly.
func (t *winTable) interpolate(tt [3]int, d, target int) float64 {
	k := t.sides
	// Totals above last lie past the table's last step (in points,
	// rounded down) short of the target.
	last := (t.n - 1) * target / t.n
	lo, f := t.cell(tt, target)
	sum := 0.0
	for mask := 0; mask < 1<<k; mask++ {
		c, w, exact := lo, 1.0, false
		var pts [3]int
		for i := range k {
			up := mask>>i&1 == 1
			if tt[i] > last {
				// In the last step: one corner, the total itself.
				if up {
					w = 0
				}
				pts[i], exact = tt[i], true
				continue
			}
			if up {
				c[i]++
				w *= f[i]
			} else {
				w *= 1 - f[i]
			}
			exact = exact || c[i] >= t.n-1
			pts[i] = (c[i]*target + t.n/2) / t.n // the corner's total in points
		}
		switch {
		case w == 0:
		case exact:
			sum += w * t.cornerStep(pts, d, target)
		default:
			sum += w * t.at(c, d)
		}
	}
	return sum
}

// cornerStep is dealStep at totals tt with side d to deal, kept in the
// table once worked out: the interpolation meets the same corners again
// and again, and each is hundreds of outcomes. Past maxCornerSteps
// corners it works them out without keeping them.
func (t *winTable) cornerStep(tt [3]int, d, target int) float64 {
	key := cornerKey{tt, d}
	if v, ok := t.corners.Load(key); ok {
		return v.(float64)
	}
	v := t.dealStep(tt, d, target)
	if t.cornerCount.Add(1) <= maxCornerSteps {
		t.corners.Store(key, v)
	}
	return v
}

// maxCornerSteps bounds the corners a table keeps (cornerStep).
const maxCornerSteps = 1 << 16

// cornerKey is a corner of cornerStep: its totals and the side to deal.
type cornerKey struct {
	tt [3]int
	d  int
}

// cell returns the grid cell of totals tt (points): each side's lower
// corner in the table's units (the target may not be a multiple of the
// step) and how far past it the total lies, from 0 to 1.
func (t *winTable) cell(tt [3]int, target int) (lo [3]int, f [3]float64) {
	scale := float64(t.n) / float64(target)
	for i := range t.sides {
		x := float64(tt[i]) * scale
		l := math.Floor(x)
		lo[i], f[i] = int(l), x-l
	}
	return lo, f
}

// read returns side 0's chance at totals tt (points, none at or over
// the target) with side d to deal next, read from the table: the totals
// are scaled to the table's units (the target may not be a multiple of
// the step) and interpolated between the 2^k corners, the first side's
// step the fastest to change. A total past the last step short of the
// target reads the last step (interpolate reads such totals exactly).
func (t *winTable) read(tt [3]int, d, target int) float64 {
	k := t.sides
	lo, f := t.cell(tt, target)
	sum := 0.0
	for mask := 0; mask < 1<<k; mask++ {
		c, w := lo, 1.0
		for i := range k {
			if mask>>i&1 == 1 {
				if c[i]+1 < t.n {
					c[i]++
				}
				w *= f[i]
			} else {
				w *= 1 - f[i]
			}
		}
		sum += w * t.at(c, d)
	}
	return sum
}

// dealStep returns side 0's chance at totals tt (points, none at or
// over the target) with side d to deal next by one deal of the model
// played exactly: every outcome's points are added to the totals, and
// the totals it leaves are settled by the rules (overChance) or read
// from the table, the next side to deal. The empty outcome keeps the
// totals and passes the deal, a cycle through the dealers solved as in
// winFrame.set. It is what the table would hold at tt were its step a
// point, up to reading the totals one deal on: where a total is in the
// last step, the table's steps cannot tell how far it is from the
// target, and the last step is where games are decided.
func (t *winTable) dealStep(tt [3]int, d, target int) float64 {
	k := t.sides
	var x [3]float64
	for e := range k {
		sum := 0.0
		for _, o := range t.deals[e] {
			nt := [3]int{tt[0] + o.u[0], tt[1] + o.u[1], tt[2] + o.u[2]}
			if nt[0] >= target || nt[1] >= target || nt[2] >= target {
				sum += o.p * overChance(nt, k, target)
			} else {
				sum += o.p * t.read(nt, (e+1)%k, target)
			}
		}
		x[e] = sum
	}
	sum, pw := x[d], t.p0
	for i := 1; i < k; i++ {
		sum += pw * x[(d+i)%k]
		pw *= t.p0
	}
	return sum / (1 - pw)
}
