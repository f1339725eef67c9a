package testkit

import (
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Path is one rule path a recorded game can go through.
type Path string

// The paths the recorded games must cover together, so that the
// recorded games exercise every rule path the engine has.
const (
	SchmeissAccepted Path = "schmeiss accepted"
	SchmeissRefused  Path = "schmeiss refused"
	FourPasses       Path = "four passes"
	RoundTwoTrump    Path = "round-two trump"
	DixExchange      Path = "dix exchange"
	DixDeclined      Path = "dix declined"
	UpcardIsDix      Path = "upcard is the dix"
	SeqByValue       Path = "sequences decided by value"
	SeqByLength      Path = "sequences decided by length"
	SeqByTop         Path = "sequences decided by top card"
	SeqByTrump       Path = "sequences decided by trump"
	SeqByNonDealer   Path = "sequences decided for the non-dealer"
	SeqNobody        Path = "no sequences"
	SeqNoTrick       Path = "sequence winner without a trick"
	Bella            Path = "bella"
	Made             Path = "made"
	Bete             Path = "bete"
	Tie              Path = "tie"
	NoTricks         Path = "a player without a trick"
	BothOverTarget   Path = "both over the target"
	BottomCardOff    Path = "bottom_card=off"
	SeqRankLength    Path = "sequence_rank=length"
	MeldsNoTrick     Path = "melds_need_trick=off"
	LastTrickOther   Path = "last_trick not 10"
	TargetOther      Path = "target not 500"
)

// AllPaths lists every Path.
var AllPaths = []Path{SchmeissAccepted, SchmeissRefused, FourPasses, RoundTwoTrump,
	DixExchange, DixDeclined, UpcardIsDix, SeqByValue, SeqByLength, SeqByTop, SeqByTrump,
	SeqByNonDealer, SeqNobody, SeqNoTrick, Bella, Made, Bete, Tie, NoTricks, BothOverTarget,
	BottomCardOff, SeqRankLength, MeldsNoTrick, LastTrickOther, TargetOther}

// Paths returns the paths game r goes through, in AllPaths order.
func Paths(r *gamelog.Replay) []Path {
	seen := map[Path]bool{}
	o := r.Header.Options
	def := rules.DefaultOptions()
	seen[BottomCardOff] = !o.BottomCard
	seen[SeqRankLength] = o.SequenceRank == rules.RankByLength
	seen[MeldsNoTrick] = !o.MeldsNeedTrick
	seen[LastTrickOther] = o.LastTrick != def.LastTrick
	seen[TargetOther] = o.Target != def.Target
	if r.Over && r.Totals[0] >= o.Target && r.Totals[1] >= o.Target {
		seen[BothOverTarget] = true
	}
	for i := range r.Deals {
		dealPaths(&r.Deals[i], o, seen)
	}
	return inOrder(AllPaths, seen)
}

// inOrder returns the paths of all that seen holds, in all's order.
func inOrder(all []Path, seen map[Path]bool) []Path {
	var out []Path
	for _, p := range all {
		if seen[p] {
			out = append(out, p)
		}
	}
	return out
}

// dealPaths adds the paths of one deal to seen.
func dealPaths(rd *gamelog.ReplayDeal, o rules.Options, seen map[Path]bool) {
	d := rd.At(0)
	var dialogue []rules.Action
	for _, st := range rd.Steps {
		phase := d.Phase()
		a := st.Action
		switch a.Kind {
		case rules.Accept:
			seen[SchmeissAccepted] = true
		case rules.Refuse:
			seen[SchmeissRefused] = true
		case rules.Name:
			seen[RoundTwoTrump] = true
		case rules.Exchange:
			seen[DixExchange] = true
		case rules.NoExchange:
			if d.Hand(st.Seat).Has(rules.Dix(d.Trump())) {
				seen[DixDeclined] = true
			}
		}
		if a.Bella {
			seen[Bella] = true
		}
		if phase == rules.PhaseSequences {
			dialogue = append(dialogue, a)
		}
		d.ApplyUnchecked(a)
		if phase == rules.PhaseSequences && d.Phase() != rules.PhaseSequences {
			seen[contest(&d, dialogue)] = true
		}
		if phase != rules.PhaseBid1 && phase != rules.PhaseBid2 && phase != rules.PhaseSchmeiss {
			continue
		}
		if d.Maker() != rules.NoSeat && d.OrigUpcard() == rules.Dix(d.Trump()) {
			seen[UpcardIsDix] = true
		}
	}
	if !rd.Done {
		return
	}
	sc := rd.Score
	switch sc.Outcome {
	case rules.Abandoned:
		if rd.Ending == rules.AllPassed {
			seen[FourPasses] = true
		}
		return
	case rules.Made:
		seen[Made] = true
	case rules.Bete:
		seen[Bete] = true
	case rules.Tie:
		seen[Tie] = true
	}
	if sc.Tricks[0] == 0 || sc.Tricks[1] == 0 {
		seen[NoTricks] = true
	}
	if w := d.SeqWinner(); w != rules.NoSeat && sc.Tricks[w] == 0 && o.MeldsNeedTrick {
		seen[SeqNoTrick] = true
	}
}

// contest says how the dialogue (its words, in order) was decided.
func contest(d *rules.Deal, words []rules.Action) Path {
	last := words[len(words)-1]
	has := func(k rules.Kind) bool {
		for _, w := range words {
			if w.Kind == k {
				return true
			}
		}
		return false
	}
	switch {
	case d.SeqWinner() == rules.NoSeat:
		return SeqNobody
	case last.Kind == rules.Same:
		if d.BestMeld(d.Eldest()).Trump || d.BestMeld(d.Dealer()).Trump {
			return SeqByTrump
		}
		return SeqByNonDealer
	case has(rules.HowHigh):
		return SeqByTop
	case has(rules.HowMany):
		return SeqByLength
	}
	return SeqByValue
}

// Config says which game Play plays.
type Config struct {
	Seed        uint64
	Options     rules.Options
	FirstDealer rules.Seat
	Header      gamelog.Header // names, levels, date; Options and FirstDealer are set from the Config
	// MaxDeals stops the game early (0: play to the end), for saves.
	MaxDeals int
	// StopAfter, when MaxDeals is reached, stops after this many steps
	// of the last deal (a save in the middle of a deal).
	StopAfter int
}

// Play plays a game with random players, as many as cfg.Options.Players
// (each takes a uniformly random legal action from the rules engine, from
// its own generator seeded from Seed), decks shuffled from Seed and the
// chance steps (the card a shlomo declarer draws) drawn uniformly from
// their own stream of Seed, and returns its log. It does not use package
// ai, so the recorded games do not change when the bots do.
func Play(cfg Config) (*gamelog.Log, error) {
	r := rand.New(rand.NewPCG(cfg.Seed, 0x67616d65))
	players := [4]*rand.Rand{rand.New(rand.NewPCG(cfg.Seed, 1)), rand.New(rand.NewPCG(cfg.Seed, 2)),
		rand.New(rand.NewPCG(cfg.Seed, 4)), rand.New(rand.NewPCG(cfg.Seed, 5))}
	chance := rand.New(rand.NewPCG(cfg.Seed, 3))
	g := rules.NewGame(cfg.Options, cfg.FirstDealer)
	for !g.Over() {
		if g.NeedDeal() {
			if cfg.MaxDeals > 0 && g.DealNo() > cfg.MaxDeals {
				break
			}
			if err := g.StartDeal(rules.Shuffle(r)); err != nil {
				return nil, err
			}
		}
		if cfg.MaxDeals > 0 && g.DealNo() == cfg.MaxDeals && cfg.StopAfter > 0 && len(g.Deal().Steps()) >= cfg.StopAfter {
			break
		}
		legal := g.Legal()
		if len(legal) == 0 {
			return nil, fmt.Errorf("seed %d: no legal action in phase %s", cfg.Seed, g.Deal().Phase())
		}
		src := chance
		if t := g.Turn(); t != rules.ChanceSeat {
			src = players[t]
		}
		a := legal[src.IntN(len(legal))]
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("seed %d: the engine refused its own legal action: %v", cfg.Seed, err)
		}
		if g.DealNo() > 10000 {
			return nil, fmt.Errorf("seed %d: the game does not end", cfg.Seed)
		}
	}
	return gamelog.FromGame(cfg.Header, g), nil
}
