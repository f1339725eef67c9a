package testkit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Recorded is one generated log and the file it goes to.
type Recorded struct {
	Name string // file name, "03-tie.klob"
	Log  *gamelog.Log
}

// maxSeed bounds the search for a game that covers a path.
const maxSeed = 20000

func header(seed uint64, day int) gamelog.Header {
	return gamelog.Header{
		Event:   "Klob test corpus",
		Date:    fmt.Sprintf("2026-01-%02d", day),
		Time:    "12:00:00",
		Players: [4]string{"Random A", "Random B"},
		Levels:  [4]string{"random", "random"},
	}
}

func config(seed uint64, opts rules.Options, day int) Config {
	return Config{Seed: seed, Options: opts, FirstDealer: rules.Seat(seed % 2), Header: header(seed, day)}
}

// Corpus plays the recorded games of testdata/games: one game for each
// non-default rule option, then, for each path still uncovered, the
// first seeded game with default options that goes through it, and more
// until there are at least ten. It is deterministic.
func Corpus() ([]Recorded, error) {
	covered := map[Path]bool{}
	var out []Recorded
	add := func(cfg Config, why Path) error {
		l, paths, err := playPaths(cfg, Paths)
		if err != nil {
			return err
		}
		for _, p := range paths {
			covered[p] = true
		}
		l.Comment = recordedComment(fmt.Sprintf("seed %d, two random players, decks shuffled from the seed", cfg.Seed), string(why), paths, ", ")
		slug := strings.NewReplacer(" ", "-", "=", "-", "_", "-").Replace(string(why))
		out = append(out, Recorded{Name: fmt.Sprintf("%02d-%s.klob", len(out)+1, slug), Log: l})
		return nil
	}
	// search returns the first seed from start whose game, with opts,
	// goes through path.
	search := func(opts rules.Options, path Path, start uint64) (uint64, error) {
		for s := start; s < start+maxSeed; s++ {
			_, paths, err := playPaths(config(s, opts, 1), Paths)
			if err != nil {
				return 0, err
			}
			if slices.Contains(paths, path) {
				return s, nil
			}
		}
		return 0, fmt.Errorf("no game up to seed %d goes through %q", start+maxSeed, path)
	}
	day := 1
	optionGames := []struct {
		key, value string
		path       Path
		need       Path // a path the game must go through besides
	}{
		{"bottom_card", "off", BottomCardOff, Made},
		{"sequence_rank", "length", SeqRankLength, SeqByLength},
		{"melds_need_trick", "off", MeldsNoTrick, Made},
		{"last_trick", "0", LastTrickOther, Made},
		{"target", "300", TargetOther, Made},
	}
	for i, og := range optionGames {
		opts := rules.DefaultOptions()
		if err := opts.Set(og.key, og.value); err != nil {
			return nil, err
		}
		// Each option game starts its search elsewhere, for other decks.
		seed, err := search(opts, og.need, uint64(1000*(i+1)))
		if err != nil {
			return nil, err
		}
		cfg := config(seed, opts, day)
		day++
		if err := add(cfg, og.path); err != nil {
			return nil, err
		}
	}
	for _, p := range AllPaths {
		if covered[p] {
			continue
		}
		seed, err := search(rules.DefaultOptions(), p, 1)
		if err != nil {
			return nil, err
		}
		if err := add(config(seed, rules.DefaultOptions(), day), p); err != nil {
			return nil, err
		}
		day++
	}
	for seed := uint64(100); len(out) < 10; seed++ {
		if err := add(config(seed, rules.DefaultOptions(), day), Made); err != nil {
			return nil, err
		}
		day++
	}
	return out, nil
}

// playPaths plays cfg's game and returns its log and the rule paths
// its replay goes through, as paths names them.
func playPaths(cfg Config, paths func(*gamelog.Replay) []Path) (*gamelog.Log, []Path, error) {
	l, err := Play(cfg)
	if err != nil {
		return nil, nil, err
	}
	r, err := l.Replay()
	if err != nil {
		return nil, nil, err
	}
	return l, paths(r), nil
}

// recordedComment is the comment of a recorded game: how it was played,
// why it was chosen and the rule paths it goes through, joined by sep.
func recordedComment(played, why string, paths []Path, sep string) []string {
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = string(p)
	}
	return []string{
		" Recorded by internal/testing/testkit: " + played + ".",
		" Chosen for: " + why + ".",
		" Rule paths: " + strings.Join(names, sep) + ".",
	}
}

// Saves are unfinished games, as the autosave writes them: before the
// first deal, between deals, and stopped in each phase of a deal.
func Saves() ([]Recorded, error) {
	out := []Recorded{{Name: "no-deal.klob", Log: &gamelog.Log{Header: header(0, 20)}}}
	out[0].Log.Header.Options = rules.DefaultOptions()
	between := config(7, rules.DefaultOptions(), 21)
	between.MaxDeals = 4
	l, err := Play(between)
	if err != nil {
		return nil, err
	}
	out = append(out, Recorded{Name: "between-deals.klob", Log: l})
	// Stop in the middle of deal 3 of seed 7 at the first step of each
	// phase found, and in the middle of a trick.
	want := map[string]func(d *rules.Deal) bool{
		"bidding":   func(d *rules.Deal) bool { return d.Phase() == rules.PhaseBid1 && len(d.Steps()) > 0 },
		"schmeiss":  func(d *rules.Deal) bool { return d.Phase() == rules.PhaseSchmeiss },
		"round-two": func(d *rules.Deal) bool { return d.Phase() == rules.PhaseBid2 },
		"dix":       func(d *rules.Deal) bool { return d.Phase() == rules.PhaseDix },
		"dialogue": func(d *rules.Deal) bool {
			return d.Phase() == rules.PhaseSequences && len(d.Steps()) > 0 && d.Steps()[len(d.Steps())-1].Action.Kind != rules.Exchange && d.Steps()[len(d.Steps())-1].Action.Kind != rules.NoExchange
		},
		"trick": func(d *rules.Deal) bool {
			trick, _ := d.Trick()
			return d.Phase() == rules.PhasePlay && len(trick) > 0
		},
		"play": func(d *rules.Deal) bool { return d.Phase() == rules.PhasePlay && d.Play().Tricks == 4 },
	}
	for _, name := range []string{"bidding", "schmeiss", "round-two", "dix", "dialogue", "trick", "play"} {
		found := false
		for seed := uint64(1); seed < 500 && !found; seed++ {
			full, err := Play(config(seed, rules.DefaultOptions(), 22))
			if err != nil {
				return nil, err
			}
			rep, err := full.Replay()
			if err != nil {
				return nil, err
			}
			for di := range rep.Deals {
				rd := &rep.Deals[di]
				for n := 1; n <= len(rd.Steps) && !found; n++ {
					d := rd.At(n)
					if !want[name](&d) {
						continue
					}
					cut := &gamelog.Log{Comment: []string{fmt.Sprintf(" A save stopped in the %s (seed %d, deal %d, after %d steps).", name, seed, di+1, n)},
						Header: full.Header, Deals: append([]gamelog.Deal(nil), full.Deals[:di+1]...)}
					cut.Deals[di].Steps = cut.Deals[di].Steps[:n]
					out = append(out, Recorded{Name: "in-" + name + ".klob", Log: cut})
					found = true
				}
				if found || di >= 4 {
					break
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("no save in the %s found", name)
		}
	}
	return out, nil
}
