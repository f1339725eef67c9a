package clubdb

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
)

// The state directory of klob serve, as Import reads it.
const (
	PlayersDir = "players" // players/<key>/: name, current.klob, history/*.klob
	TablesDir  = "tables"  // tables/<code>/current.klob: the open tables
	NameFile   = "name"    // players/<key>/name: the name the player chose
)

// ImportReport says what Import found.
type ImportReport struct {
	Players    int // keyed players: their directories and the keys in the logs
	Games      int // distinct games in the histories (and finished games not filed yet)
	NewGames   int // games the database did not have
	OpenTables int // tables whose game goes on: their players are imported, the game when it ends
	InProgress int // games against bots in progress: the same
	// Skipped lists the files that could not be read, and why; they
	// are left where they are.
	Skipped []Skipped
	// Unlinked lists the rematches recorded without their link to the
	// game before them (not in the database), and why.
	Unlinked []Skipped
}

// Skipped is a file Import could not read.
type Skipped struct {
	Path string
	Err  error
}

// importChunk is the most games one write of Import records, so the
// writer is never held long by an import.
const importChunk = 256

// Import indexes the files of klob serve's state directory dir: every
// player (players/<key>/, and every key of a table's log), every game
// of their histories, and the finished games of tables/ and of
// current.klob that a crash kept from being filed. A file that does not
// read is reported in Skipped and left as it is; nothing is written in
// dir. Importing again adds only what is new (a game is its log's
// checksum), so Import may run at every start.
func (db *DB) Import(ctx context.Context, dir string) (ImportReport, error) {
	var rep ImportReport
	im := importer{db: db, players: map[string]*found{}, games: map[string]bool{}}
	if err := im.walk(ctx, dir, &rep); err != nil {
		return rep, err
	}
	rep.Players = len(im.players)
	rep.Games = len(im.games)
	rep.NewGames = len(im.newGames)
	// The games in the order they started: a rematch comes after the
	// game it follows, whose record its link needs.
	slices.SortStableFunc(im.newGames, func(a, b Game) int { return a.Started.Compare(b.Started) })
	now := db.now()
	err := db.write(ctx, func(tx *wtx) error {
		for _, key := range im.order {
			p := im.players[key]
			var first, last any
			if !p.first.IsZero() {
				first, last = ms(p.first), ms(p.last)
			}
			fallback := p.fallback
			if fallback.IsZero() {
				fallback = now
			}
			if _, err := tx.exec(tx.s().importPlayer, key, p.name, first, last, ms(fallback)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return rep, err
	}
	for start := 0; start < len(im.newGames); start += importChunk {
		chunk := im.newGames[start:min(start+importChunk, len(im.newGames))]
		err := db.write(ctx, func(tx *wtx) error {
			for i := range chunk {
				g := &chunk[i]
				seen := g.Started
				if seen.IsZero() {
					seen = now
				}
				rec, err := tx.recordGame(g, seen, nil, true)
				if err != nil {
					return err
				}
				if rec.Unlinked != "" {
					rep.Unlinked = append(rep.Unlinked, Skipped{Path: g.LogPath, Err: errors.New(rec.Unlinked)})
				}
			}
			return nil
		})
		if err != nil {
			return rep, err
		}
	}
	return rep, db.write(ctx, func(tx *wtx) error {
		_, err := tx.exec(tx.s().setMeta, metaImported, now.UTC().Format(time.RFC3339))
		return err
	})
}

// metaImported is the meta key of the last import's time.
const metaImported = "imported"

// found is what the import learned of a player.
type found struct {
	name        string
	named       bool // the name comes from the player's name file
	nameAt      time.Time
	first, last time.Time // the first and last game start
	fallback    time.Time // the directory's time, when no game has a date
}

type importer struct {
	db       *DB
	players  map[string]*found
	order    []string        // the players' keys, in the order found
	games    map[string]bool // the checksums of the games found
	newGames []Game
}

func (im *importer) player(key string) *found {
	p, ok := im.players[key]
	if !ok {
		p = &found{}
		im.players[key] = p
		im.order = append(im.order, key)
	}
	return p
}

// walk reads the state directory.
func (im *importer) walk(ctx context.Context, dir string, rep *ImportReport) error {
	skip := func(path string, err error) { rep.Skipped = append(rep.Skipped, Skipped{Path: path, Err: err}) }
	// readDir lists a directory; one missing is empty, one that does
	// not read is skipped.
	readDir := func(path string) []os.DirEntry {
		ents, err := os.ReadDir(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			skip(path, err)
		}
		return ents
	}
	players := filepath.Join(dir, PlayersDir)
	for _, e := range readDir(players) {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		key := e.Name()
		pdir := filepath.Join(players, key)
		p := im.player(key)
		if fi, err := e.Info(); err == nil {
			p.fallback = fi.ModTime()
		}
		if b, err := untrusted.ReadFileMax(filepath.Join(pdir, NameFile), 1<<10); err == nil && len(b) > 0 {
			p.name, p.named = untrusted.Text(string(b)), true
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			skip(filepath.Join(pdir, NameFile), err)
		}
		hdir := filepath.Join(pdir, store.HistoryDir)
		for _, h := range readDir(hdir) {
			if n := h.Name(); h.IsDir() || strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".klob") {
				continue
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			im.log(ctx, filepath.Join(hdir, h.Name()), key, true, rep)
		}
		if im.log(ctx, filepath.Join(pdir, store.CurrentName), key, false, rep) == logOpen {
			rep.InProgress++
		}
	}
	tables := filepath.Join(dir, TablesDir)
	for _, e := range readDir(tables) {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if im.log(ctx, filepath.Join(tables, e.Name(), store.CurrentName), "", false, rep) == logOpen {
			rep.OpenTables++
		}
	}
	return nil
}

// tagFiled is the tag a table's log keeps while its game is being
// filed: the seats whose history holds it already. The histories' copies
// do not have it.
const tagFiled = "Filed"

// asFiled is a table's log as the histories keep it once filed: without
// the Filed tag, which only the table's log has while the filing goes
// on. A game is the checksum of those bytes wherever the import finds
// it; a log without the tag (or one that does not read) is left as it
// is.
func asFiled(data []byte) []byte {
	if !bytes.Contains(data, []byte("["+tagFiled+" ")) {
		return data
	}
	l, err := gamelog.Parse("", data)
	if err != nil {
		return data
	}
	l.Header.SetTag(tagFiled, "")
	out, err := l.MarshalText()
	if err != nil {
		return data
	}
	return out
}

// logKind is what a file of the state directory turned out to be.
type logKind int

const (
	logNone logKind = iota // no file, or one that does not read
	logGame                // a game: filed, or finished
	logOpen                // a game going on
)

// log reads one log: its people are players, and it is a game when it
// was filed (archived) or is finished. A missing current.klob is no
// log; a log that does not read is skipped.
func (im *importer) log(ctx context.Context, path, owner string, archived bool, rep *ImportReport) logKind {
	data, err := untrusted.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) && !archived {
		return logNone
	}
	if err != nil {
		rep.Skipped = append(rep.Skipped, Skipped{Path: path, Err: err})
		return logNone
	}
	data = asFiled(data)
	sum := SumLog(data)
	if im.games[sum] {
		return logGame // another copy of a game read already
	}
	if _, err := im.db.GameBySum(ctx, sum); err == nil {
		// Known from an earlier import, which imported its people.
		im.games[sum] = true
		return logGame
	}
	g, err := FromLog(path, data, owner)
	if err != nil {
		rep.Skipped = append(rep.Skipped, Skipped{Path: path, Err: err})
		return logNone
	}
	for _, s := range g.Seats {
		if s.Key == "" {
			continue
		}
		p := im.player(s.Key)
		if !g.Started.IsZero() {
			if p.first.IsZero() || g.Started.Before(p.first) {
				p.first = g.Started
			}
			if g.Started.After(p.last) {
				p.last = g.Started
			}
		}
		if !p.named && (p.name == "" || !g.Started.Before(p.nameAt)) {
			p.name, p.nameAt = s.Name, g.Started
		}
	}
	if !archived && !g.Finished() {
		return logOpen
	}
	im.games[sum] = true
	im.newGames = append(im.newGames, g)
	return logGame
}
