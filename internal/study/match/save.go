package match

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Config.Save writes every deal of the decks and every game played as a
// game log in the directory, one file each, named after the match seed:
// seed-S-deck-I-K.klob for seating K of deck I (a log of one deal, whose
// first dealer is the deck's dealer) and seed-S-game-I-K.klob for
// seating K of game I. The Event tag says which; the players' names and
// levels are the bots' levels. A file is written to a temporary name and
// renamed, so a match stopped midway leaves no partial log.

// checkSaveDir refuses a directory that already holds game logs: the
// names carry only the seed, deck and seating, so a second match there
// would write over the first's logs. A directory not there yet is made
// by saveLog, the last folder of the path only: a missing parent (a
// mistyped path) is refused here, named, before anything is played.
func checkSaveDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		parent := filepath.Dir(filepath.Clean(dir))
		if _, err := os.Stat(parent); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("match: the directory to save the logs in, %s: its parent %s does not exist (only the last folder of the path is made)", dir, parent)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("match: the directory to save the logs in: %w", err)
	}
	var logs []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".klob") && e.Type().IsRegular() {
			logs = append(logs, e.Name())
		}
	}
	if len(logs) > 0 {
		return fmt.Errorf("match: %s already holds game logs (%d, such as %s), which this match could write over: "+
			"give a new or empty directory, or move them", dir, len(logs), logs[0])
	}
	return nil
}

// saveLog writes l as name in cfg.Save. A write that fails leaves no
// temporary file behind.
func saveLog(cfg Config, name string, l *gamelog.Log) error {
	data, err := l.MarshalText()
	if err != nil {
		return fmt.Errorf("match: the log %s: %w", name, err)
	}
	if err := os.Mkdir(cfg.Save, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("match: saving a log: %w", err)
	}
	path := filepath.Join(cfg.Save, name)
	tmp := path + ".tmp"
	err = os.WriteFile(tmp, data, 0o644)
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("match: saving a log: %w", err)
	}
	return nil
}

// save writes l, seating k of deck or game i (kind), as
// seed-S-kind-I-K.klob after naming its event and players: level at[s]
// sits in seat s, named by seatNames.
func (r *runner) save(kind string, i, k int, at seating, l *gamelog.Log) error {
	h := &l.Header
	h.Event = fmt.Sprintf("klob match seed %d, %s %d, seating %d", r.cfg.Seed, kind, i, k+1)
	levels := r.cfg.levels()
	for s, name := range seatNames(levels, at[:r.players]) {
		h.SetPlayer(rules.Seat(s), name, string(levels[at[s]]))
	}
	return saveLog(r.cfg, fmt.Sprintf("seed-%d-%s-%d-%d.klob", r.cfg.Seed, kind, i, k+1), l)
}

// seatNames names the seats of a seating, sides[s] the match side (0 for
// -a, 1 for -b) whose level sits in seat s. A name never holds a seat
// letter, since the side a level plays changes with the seating: it is
// the level ("hard"), with "-a" or "-b" when both sides play the same
// level ("hard -a"), and a side that holds two seats (three and four
// players) numbers them in seat order ("normal 1", "hard -b2"). The tag
// that tells alike names apart is the last word, and the names are short,
// so that a replay's header and score pad show them at 80 columns.
func seatNames(levels [2]ai.Level, sides []int) []string {
	var seats, seen [2]int
	for _, side := range sides {
		seats[side]++
	}
	names := make([]string, len(sides))
	for s, side := range sides {
		name := string(levels[side])
		flag := ""
		if levels[0] == levels[1] {
			flag = "-" + string(rune('a'+side))
		}
		if seats[side] > 1 {
			seen[side]++
			flag += fmt.Sprint(seen[side])
		}
		if flag != "" {
			name += " " + flag
		}
		names[s] = name
	}
	return names
}
