package match

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Config.Save writes every deal played in duplicate, every game and
// every seating of a three- or four-handed deck as a game log in the
// directory, one file each, named after the match seed: seed-S-deal-I-J.klob
// for half J of duplicate deal I and seed-S-deck-I-K.klob for seating K
// of deck I at a table (logs of one deal, whose first dealer is the
// deal's dealer), seed-S-game-I-J.klob for half J of game I, or seating J of a
// three- or four-handed game I. The Event
// tag says which; the players' names and levels are the bots' levels. A
// file is written to a temporary name and renamed, so a match stopped
// midway leaves no partial log.

// saveLog writes l as name in cfg.Save.
func saveLog(cfg Config, name string, l *gamelog.Log) error {
	data, err := l.MarshalText()
	if err != nil {
		return fmt.Errorf("match: save %s: %w", name, err)
	}
	if err := os.MkdirAll(cfg.Save, 0o755); err != nil {
		return fmt.Errorf("match: save: %w", err)
	}
	path := filepath.Join(cfg.Save, name)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("match: save: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("match: save: %w", err)
	}
	return nil
}

// header is the tag section of a saved log: bot sideAt[s] sits in seat s.
func (r *runner) header(event string, sideAt [2]int) gamelog.Header {
	h := gamelog.Header{Event: event, Options: r.cfg.Options}
	levels := [2]ai.Level{r.cfg.A, r.cfg.B}
	for s := range 2 {
		h.Levels[s] = string(levels[sideAt[s]])
		h.Players[s] = fmt.Sprintf("%s (%c)", levels[sideAt[s]], 'A'+sideAt[s])
	}
	return h
}

// saveDeal writes half j of duplicate deal i.
func (r *runner) saveDeal(i, j int, dealer rules.Seat, d *rules.Deal, sideAt [2]int) error {
	h := r.header(fmt.Sprintf("klob match seed %d, duplicate deal %d, half %d", r.cfg.Seed, i, j+1), sideAt)
	h.FirstDealer = dealer
	l := &gamelog.Log{Header: h, Deals: []gamelog.Deal{{Deck: d.Deck(), Steps: append([]rules.Step(nil), d.Steps()...)}}}
	return saveLog(r.cfg, fmt.Sprintf("seed-%d-deal-%d-%d.klob", r.cfg.Seed, i, j+1), l)
}

// saveGame writes half j of game i.
func (r *runner) saveGame(i, j int, g *rules.Game, sideAt [2]int) error {
	h := r.header(fmt.Sprintf("klob match seed %d, game %d, half %d", r.cfg.Seed, i, j+1), sideAt)
	return saveLog(r.cfg, fmt.Sprintf("seed-%d-game-%d-%d.klob", r.cfg.Seed, i, j+1), gamelog.FromGame(h, g))
}

// tableHeader is the tag section of a saved table log: level levelAt[s]
// sits in seat s.
func tableHeader(cfg Config, event string, players int, levelAt [4]int) gamelog.Header {
	h := gamelog.Header{Event: event, Options: cfg.Options}
	levels := [2]ai.Level{cfg.A, cfg.B}
	for s := range players {
		l := levels[levelAt[s]]
		h.SetPlayer(rules.Seat(s), fmt.Sprintf("%s (%c)", l, 'A'+levelAt[s]), string(l))
	}
	return h
}

// saveTable writes seating k of deck i of a table match:
// seed-S-deck-I-K.klob, a log of one deal.
func saveTable(cfg Config, i, k int, dealer rules.Seat, deck rules.Deck, t *rules.Deal, levelAt [4]int) error {
	h := tableHeader(cfg, fmt.Sprintf("klob match seed %d, deck %d, seating %d", cfg.Seed, i, k+1), t.Players(), levelAt)
	h.FirstDealer = dealer
	l := &gamelog.Log{Header: h, Deals: []gamelog.Deal{{Deck: deck, Steps: append([]rules.Step(nil), t.Steps()...)}}}
	return saveLog(cfg, fmt.Sprintf("seed-%d-deck-%d-%d.klob", cfg.Seed, i, k+1), l)
}

// saveTableGame writes seating k of game i of a table match:
// seed-S-game-I-K.klob.
func saveTableGame(cfg Config, i, k int, g *rules.Game, levelAt [4]int) error {
	h := tableHeader(cfg, fmt.Sprintf("klob match seed %d, game %d, seating %d", cfg.Seed, i, k+1), g.Players(), levelAt)
	return saveLog(cfg, fmt.Sprintf("seed-%d-game-%d-%d.klob", cfg.Seed, i, k+1), gamelog.FromGame(h, g))
}
