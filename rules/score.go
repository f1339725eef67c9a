package rules

// Outcome is how a scored deal came out for the maker.
type Outcome uint8

// The outcomes of RULES.md section 8, and Abandoned for a thrown-in deal.
const (
	Undecided Outcome = iota
	Made              // maker's total greater: both score their own
	Tie               // equal: maker scores nothing
	Bete              // maker's total less: defender scores both
	Abandoned         // schmeiss accepted or four passes: nobody scores
)

var outcomeNames = [...]string{"undecided", "made", "tie", "bete", "abandoned"}

func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "unknown"
}

// Score is the breakdown of one deal, indexed by seat.
type Score struct {
	Maker     Seat
	Trump     Suit
	Outcome   Outcome
	Tricks    [2]int
	Cards     [2]int // card points won in tricks
	LastTrick [2]int
	Seqs      [2]int // sequence points (only the winner of the right, with a trick)
	Bella     [2]int
	Total     [2]int // the sum of the four lines above
	Scored    [2]int // what each seat adds to its game total
}

// Tally is what a played-out deal produced: everything ScoreDeal needs.
// Arrays are indexed by seat (by side, once partners play together), so
// the same function scores any number of seats.
type Tally struct {
	Maker Seat
	Trump Suit // copied to the Score
	// Tricks are the tricks each seat won. Scoring asks only whether a
	// seat won any (melds_need_trick).
	Tricks [2]int
	// Cards are the card points each seat won in tricks, without the
	// last-trick bonus.
	Cards [2]int
	// LastTrick is the seat that won the last trick and its bonus
	// (NoSeat: no bonus, as when Cards already include it).
	LastTrick Seat
	// SeqWinner won the sequence right (NoSeat: nobody) and holds
	// SeqPoints in sequences.
	SeqWinner Seat
	SeqPoints int
	// Bella is the seat that announced bella, NoSeat if none.
	Bella Seat
}

// ScoreDeal scores a played-out deal by RULES.md section 8. It is the
// only statement of the scoring rules: Deal scores itself with it, and
// bots score the deals they imagine with it.
func ScoreDeal(t Tally, opts Options) Score {
	var sc Score
	scoreDeal(&sc, &t, &opts)
	return sc
}

// scoreDeal is ScoreDeal writing into sc, so a Deal scores itself in
// place instead of copying the breakdown about.
func scoreDeal(sc *Score, t *Tally, opts *Options) {
	*sc = Score{Maker: t.Maker, Trump: t.Trump, Tricks: t.Tricks, Cards: t.Cards}
	if t.LastTrick != NoSeat {
		sc.LastTrick[t.LastTrick] = opts.LastTrick
	}
	if w := t.SeqWinner; w != NoSeat && (t.Tricks[w] > 0 || !opts.MeldsNeedTrick) {
		sc.Seqs[w] = t.SeqPoints
	}
	if t.Bella != NoSeat {
		sc.Bella[t.Bella] = BellaPoints
	}
	sum, best := 0, 0 // best: the highest total of the maker's opponents
	for s := range sc.Total {
		sc.Total[s] = sc.Cards[s] + sc.LastTrick[s] + sc.Seqs[s] + sc.Bella[s]
		sum += sc.Total[s]
		if Seat(s) != t.Maker && sc.Total[s] > best {
			best = sc.Total[s]
		}
	}
	switch sc.Outcome = ContractOutcome(sc.Total[t.Maker], best); sc.Outcome {
	case Made:
		sc.Scored = sc.Total
	case Tie:
		sc.Scored = sc.Total
		sc.Scored[t.Maker] = 0
	default:
		sc.Scored[t.Maker.Other()] = sum
	}
}

// ContractOutcome decides the contract (RULES.md sections 8 and 10) from
// the maker's side's total and the highest total of the other sides: the
// maker must score more than each of them. Deal and Table both ask it.
func ContractOutcome(maker, bestOther int) Outcome {
	switch {
	case maker > bestOther:
		return Made
	case maker == bestOther:
		return Tie
	}
	return Bete
}

// BellaPoints is what bella is worth (RULES.md section 7).
const BellaPoints = 20

// Ending is how a deal ended: the fact the result screens, replays and
// logs report, so none of them reads it back out of the steps.
type Ending uint8

// The ways a deal ends.
const (
	NotEnded         Ending = iota // the deal goes on
	PlayedOut                      // every trick played, and scored
	AllPassed                      // thrown in: every player passed in both rounds
	SchmeissAccepted               // thrown in: a schmeiss was accepted
)

var endingNames = [...]string{"not ended", "played out", "four passes", "schmeiss accepted"}

func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return "unknown"
}

// ThrownIn reports whether the deal ended without play: nobody scores.
func (e Ending) ThrownIn() bool { return e == AllPassed || e == SchmeissAccepted }

// finish scores the played-out deal with ScoreDeal.
func (d *Deal) finish() {
	d.phase, d.ending = PhaseOver, PlayedOut
	t := Tally{Maker: d.maker, Trump: d.trump, LastTrick: NoSeat, SeqWinner: d.seqWinner, Bella: d.bellaBy}
	if d.play.Hands[0]|d.play.Hands[1] == 0 && d.play.Tricks == 9 {
		t.LastTrick = d.trickWinnerLast()
	}
	for s := SeatA; s <= SeatB; s++ {
		t.Tricks[s] = int(d.play.Won[s])
		t.Cards[s] = int(d.play.Points[s])
		if s == t.LastTrick {
			t.Cards[s] -= d.opts.LastTrick
		}
	}
	if d.seqWinner != NoSeat {
		t.SeqPoints = int(d.seqPts[d.seqWinner])
	}
	scoreDeal(&d.score, &t, &d.opts)
}

// trickWinnerLast is the winner of the ninth trick: the leader of the
// (empty) tenth.
func (d *Deal) trickWinnerLast() Seat { return d.play.Leader }
