package duplicate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// MaxBoards is the most boards a set may hold. A tournament offers 4 to
// 24; the bound only keeps a bad spec or file from asking for millions.
const MaxBoards = 64

// Seed is the 128-bit seed a board set is dealt from: the two words
// given to math/rand/v2's NewPCG.
type Seed [2]uint64

// String writes the seed as 32 lower-case hex digits, word 0 first.
func (s Seed) String() string { return fmt.Sprintf("%016x%016x", s[0], s[1]) }

// Spec is what a board set is made from: the seed, how many boards, the
// rules (Options.Players is the seat count), the bots' level in the
// other seats and the person's seat, the same on every board.
type Spec struct {
	Seed    Seed
	Count   int
	Options rules.Options
	Level   ai.Level
	Seat    rules.Seat
}

// Board is one deal of a set: its number (from 1), who deals, the deck,
// and the seed of everything chance decides on it besides the cards
// (the bots' seeds and the shlomo draws: BotSeed, Chance).
type Board struct {
	Number int
	Dealer rules.Seat
	Deck   rules.Deck
	Seed   uint64
}

// BotSeed is the seed of the bot in seat s on this board: the bot there
// plays the same on the same board whatever the person did before it,
// and par is computed with the same seeds (the hard bot in the person's
// seat takes the person's seat's seed).
func (b Board) BotSeed(s rules.Seat) uint64 { return seedmix.Mix(b.Seed, uint64(s)+1) }

// Chance returns the generator of this board's chance steps (the card a
// shlomo declarer draws), drawn with IntN over the legal draws in the
// order rules.Deal.Legal lists them.
func (b Board) Chance() *rand.Rand {
	return rand.New(rand.NewPCG(b.Seed, seedmix.Mix(b.Seed, 0)))
}

// Deal returns the board's deal, ready to play.
func (b Board) Deal(opts rules.Options) rules.Deal {
	return rules.NewDeal(opts, b.Dealer, b.Deck)
}

// Replay plays steps on the board's deal; the error names the board and
// the first action that is not legal there.
func (b Board) Replay(opts rules.Options, steps []rules.Step) (rules.Deal, error) {
	d := b.Deal(opts)
	for i, st := range steps {
		if err := d.ApplyAs(st.Seat, st.Action); err != nil {
			return d, &StepError{Board: b.Number, Index: i + 1, Step: st, Err: err}
		}
	}
	return d, nil
}

// StepError is an action of a file that the board's deal refuses. Its
// message speaks of the seat in the third person ("B does not hold QS"):
// the file holds every seat's actions, not only its reader's.
type StepError struct {
	Board int // the board's number
	Index int // the action's number on the board, from 1
	Step  rules.Step
	Err   error // the engine's *rules.IllegalError
}

func (e *StepError) Error() string {
	return fmt.Sprintf("board %d: action %d %q: %s", e.Board, e.Index, stepString(e.Step),
		gamelog.Refusal(e.Step.Seat, e.Step.Action, e.Err))
}

func (e *StepError) Unwrap() error { return e.Err }

// BoardSet is a numbered list of boards with everything that makes a
// result on them comparable with another: the rules, the bots' level
// and the person's seat. ID fingerprints all of it (see the package
// doc); results with different IDs are not comparable.
type BoardSet struct {
	Seed    Seed
	Options rules.Options
	Level   ai.Level
	Seat    rules.Seat
	Boards  []Board
	ID      string
}

// Players returns the seat count.
func (s *BoardSet) Players() int { return s.Options.NumPlayers() }

// Board returns board n (from 1), or false when the set has none.
func (s *BoardSet) Board(n int) (Board, bool) {
	if n < 1 || n > len(s.Boards) {
		return Board{}, false
	}
	return s.Boards[n-1], true
}

// NewSet deals the boards of spec. The same spec gives the same set
// on every machine and every version that keeps the rule of the package
// doc.
func NewSet(spec Spec) (*BoardSet, error) {
	players := spec.Options.NumPlayers()
	if !rules.ValidPlayers(players) {
		return nil, fmt.Errorf("board set: %d players (want 2, 3 or 4)", players)
	}
	if spec.Count < 1 || spec.Count > MaxBoards {
		return nil, fmt.Errorf("board set: %d boards (want 1 to %d)", spec.Count, MaxBoards)
	}
	if int(spec.Seat) >= players {
		return nil, fmt.Errorf("board set: seat %s is not at a table of %d", spec.Seat, players)
	}
	level, err := ai.ParseLevel(string(spec.Level))
	if err != nil {
		return nil, fmt.Errorf("board set: %w", err)
	}
	s := &BoardSet{Seed: spec.Seed, Options: spec.Options, Level: level, Seat: spec.Seat}
	r := rand.New(rand.NewPCG(spec.Seed[0], spec.Seed[1]))
	for n := 1; n <= spec.Count; n++ {
		dealer := rules.Seat(r.IntN(players))
		deck := rules.Shuffle(r)
		s.Boards = append(s.Boards, Board{Number: n, Dealer: dealer, Deck: deck, Seed: r.Uint64()})
	}
	sum := sha256.Sum256([]byte(s.canonical()))
	s.ID = hex.EncodeToString(sum[:8])
	return s, nil
}

// canonical is the text the ID hashes (the package doc gives its form).
// It holds every deck: never show it to a player.
func (s *BoardSet) canonical() string {
	var b strings.Builder
	fmt.Fprintf(&b, "klob board set v1\nplayers %d\nrules %s\nlevel %s\nseat %s\n",
		s.Players(), s.Options, s.Level, s.Seat)
	for _, bd := range s.Boards {
		fmt.Fprintf(&b, "board %d dealer %s seed %016x deck %s\n", bd.Number, bd.Dealer, bd.Seed, bd.Deck)
	}
	return b.String()
}
