package rules

// Outcome is how a scored deal came out for the maker.
type Outcome uint8

// The outcomes of docs/rules.md section 8, and Abandoned for a thrown-in deal.
const (
	Undecided Outcome = iota
	Made              // maker's total greater: both score their own
	Tie               // equal: maker scores nothing
	Bete              // maker's total less: defender scores both
	Abandoned         // schmeiss accepted or everyone passed: nobody scores
)

var outcomeNames = [...]string{"undecided", "made", "tie", "bete", "abandoned"}

// String is the outcome's name in a game log ("tie" for Equal there).
func (o Outcome) String() string { return nameOf(outcomeNames[:], o) }

// outcomeWords are the outcomes as the rules name them to a reader:
// equal totals are "equal" and a deal nobody plays "thrown in"
// (docs/rules.md), though logs write "tie" and "abandoned".
var outcomeWords = [...]string{"undecided", "made", "equal", "bete", "thrown in"}

// Word is the outcome as the rules call it, for what people read.
func (o Outcome) Word() string { return nameOf(outcomeWords[:], o) }

// Score is the breakdown of one deal at a table of two, three or four.
// The per-seat lines are indexed by seat; SideTotal and Scored by side
// (Deal.SideOf): the seat itself with two or three players, the team
// (seat mod 2) with four.
type Score struct {
	Players   int
	Maker     Seat
	Trump     Suit
	Outcome   Outcome
	Forced    bool // the dealer was forced to name trump (dealer_forced)
	Tricks    [4]int
	Cards     [4]int // card points won in tricks
	LastTrick [4]int
	Seqs      [4]int // sequences and sets (only the side with the right, with a trick)
	Bella     [4]int // bella 20, or a menage 50
	Declared  [4]int // shlomo or cleopatra, 20 each
	Total     [4]int // the sum of the five lines above, by seat
	SideTotal [4]int // Total summed over each side
	Bimah     int    // 40 to a forced dealer's side that made the contract
	Scored    [4]int // what each side adds to its game total
}

// Sides returns the number of sides: the players, or two teams with
// four.
func (sc *Score) Sides() int { return sides(sc.Players) }

// ThrownIn reports whether the deal was thrown in (everyone passed, or
// a schmeiss was accepted): nobody named trump, or nobody played it out,
// and nobody scores.
func (sc *Score) ThrownIn() bool { return sc.Outcome == Abandoned || sc.Maker == NoSeat }

// Margin returns what side s scored minus the mean of the other sides:
// with two sides its score less the other's, with three its score less
// half of the other two together.
func (sc *Score) Margin(s int) float64 {
	n := sc.Sides()
	own, others := float64(sc.Scored[s]), 0.0
	for o := range n {
		if o != s {
			others += float64(sc.Scored[o])
		}
	}
	return own - others/float64(n-1)
}

func sides(n int) int { return SidesAt(n) }

// SidesAt returns the number of sides at a table of players: two teams
// with four, else each player alone.
func SidesAt(players int) int {
	if PlaysInTeams(players) {
		return 2
	}
	return players
}

// PlaysInTeams reports whether the players at a table of players play in
// two teams of partners sitting opposite (four), rather than each for
// itself (two and three): a side is then two seats, its melds count
// together and it scores as one.
func PlaysInTeams(players int) bool { return players == 4 }

// Tally is what a played-out deal produced: everything ScoreDeal needs.
// Arrays are indexed by seat.
type Tally struct {
	Players int  // 2, 3 or 4 (0 reads as 2)
	Maker   Seat // NoSeat scores an abandoned deal
	Trump   Suit // copied to the Score
	Forced  bool // the dealer named trump because dealer_forced took away its pass
	// Eldest is the dealer's left: with three players a bete maker's odd
	// point goes to the opponent nearer it when their totals are equal.
	Eldest Seat
	// Tricks are the tricks each seat won. Scoring asks only whether a
	// side won any (melds_need_trick).
	Tricks [4]int
	// Cards are the card points each seat won in tricks, without the
	// last-trick bonus.
	Cards [4]int
	// LastTrick is the seat that won the last trick and its bonus
	// (NoSeat: no bonus, as when Cards already include it).
	LastTrick Seat
	// SeqWinner's side won the meld right (NoSeat: nobody); SeqPoints
	// are each seat's melds.
	SeqWinner Seat
	SeqPoints [4]int
	// Bella is what each seat announced: bella (BellaPoints) or the
	// menage (MenagePoints).
	Bella [4]int
	// Declared are the shlomo and cleopatra points of each seat.
	Declared [4]int
}

// ScoreDeal scores a played-out deal (docs/rules.md sections 8, 12, 13 and 15). It
// is the only statement of the scoring rules: a Deal scores itself with
// it, and bots score the deals they imagine with it.
func ScoreDeal(t Tally, opts Options) Score {
	var sc Score
	scoreDeal(&sc, &t, &opts)
	return sc
}

// scoreDeal is ScoreDeal writing into sc: each seat's total is its card
// points, the last-trick bonus, its melds when its side won the right
// (and took a trick, with melds_need_trick), bella or the menage and its
// declarations; a side's total is its seats'. The maker's side must score
// more than each other side. Made: every side scores its own. Equal to
// the best other: the maker's side nothing, the others their own. Less
// (bete): the maker's side nothing; with two sides the other scores both
// totals; with three each opponent scores its own plus half the maker's,
// an odd point to the opponent with the higher total, else to the one
// nearer eldest. Bimah adds 40 to a forced dealer's side that made it.
func scoreDeal(sc *Score, t *Tally, opts *Options) {
	n := t.Players
	if n == 0 {
		n = 2
	}
	nn := uint8(n)
	*sc = Score{Players: n, Maker: t.Maker, Trump: t.Trump, Forced: t.Forced, Tricks: t.Tricks, Cards: t.Cards, Declared: t.Declared}
	if t.Maker == NoSeat {
		sc.Outcome = Abandoned
		return
	}
	var sideTricks [4]int
	for s := range n {
		sideTricks[sideOf(nn, Seat(s))] += t.Tricks[s]
	}
	if t.LastTrick != NoSeat {
		sc.LastTrick[t.LastTrick] = opts.LastTrick
	}
	if w := t.SeqWinner; w != NoSeat && (sideTricks[sideOf(nn, w)] > 0 || !opts.MeldsNeedTrick) {
		for s := range n {
			if sideOf(nn, Seat(s)) == sideOf(nn, w) {
				sc.Seqs[s] = t.SeqPoints[s]
			}
		}
	}
	sc.Bella = t.Bella
	for s := range n {
		sc.Total[s] = sc.Cards[s] + sc.LastTrick[s] + sc.Seqs[s] + sc.Bella[s] + sc.Declared[s]
		sc.SideTotal[sideOf(nn, Seat(s))] += sc.Total[s]
	}
	maker := sideOf(nn, t.Maker)
	ns := sides(n)
	bestOther := -1
	for s := range ns {
		if s != maker && sc.SideTotal[s] > bestOther {
			bestOther = sc.SideTotal[s]
		}
	}
	m := sc.SideTotal[maker]
	sc.Scored = sc.SideTotal
	switch sc.Outcome = ContractOutcome(m, bestOther); sc.Outcome {
	case Made:
		if t.Forced && opts.Bimah {
			sc.Bimah = BimahPoints
			sc.Scored[maker] += BimahPoints
		}
	case Tie:
		sc.Scored[maker] = 0
	default:
		sc.Scored[maker] = 0
		if ns == 2 {
			sc.Scored[maker^1] += m
			return
		}
		// Three players: half each, the odd point by the higher total,
		// then nearer eldest (a side is a seat here).
		odd := -1
		for k := range n {
			s := (int(t.Eldest) + k) % n
			if s == maker {
				continue
			}
			sc.Scored[s] += m / 2
			if odd < 0 || sc.SideTotal[s] > sc.SideTotal[odd] {
				odd = s
			}
		}
		if m%2 == 1 {
			sc.Scored[odd]++
		}
	}
}

// ContractOutcome decides the contract (docs/rules.md sections 8, 12 and 13) from
// the maker's side's total and the highest total of the other sides: the
// maker must score more than each of them.
func ContractOutcome(maker, bestOther int) Outcome {
	switch {
	case maker > bestOther:
		return Made
	case maker == bestOther:
		return Tie
	}
	return Bete
}

// What bella, the menage, the bimah and a declaration (shlomo or
// cleopatra, in the declarer's total) are worth (docs/rules.md sections 7
// and 15).
const (
	BellaPoints       = 20
	MenagePoints      = 50
	BimahPoints       = 40
	DeclarationPoints = 20
)

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

var endingNames = [...]string{"not ended", "played out", "everyone passed", "schmeiss accepted"}

func (e Ending) String() string { return nameOf(endingNames[:], e) }

// ThrownIn reports whether the deal ended without play: nobody scores.
func (e Ending) ThrownIn() bool { return e == AllPassed || e == SchmeissAccepted }
