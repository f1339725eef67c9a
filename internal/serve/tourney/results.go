package tourney

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
)

// BoardState is where an entrant stands on a board.
type BoardState int

const (
	NotPlayed BoardState = iota
	InPlay               // begun, not finished
	Played
)

// BoardLine is an entrant's board: its state, and once played the
// result and par (when known).
type BoardLine struct {
	Board  int
	State  BoardState
	Result float64
	Par    float64
	HasPar bool
}

// Progress is what a player sees of a tournament while it runs: their
// own boards, with par of those they played only.
type Progress struct {
	Info    Info
	Entered bool
	Lines   []BoardLine // one a board, board 1 first
	// Next is the board Play gives: the one in progress, else the first
	// not played; 0 when every board is played.
	Next int
	// Open is set when board Next, begun, is open at a connection of
	// the key's now (AtBoard): to a connection that holds no seat
	// there, another of the person's, which Play takes it over from.
	Open bool
	// ParReady is set once par of every board is known.
	ParReady bool
	// Entrants are who entered, first entered first, by name (the key's
	// tag added where two share one): who they are, never how they do.
	Entrants []Entrant
}

// VersusPar is the sum of result minus par over the boards played whose
// par is known, and how many they are.
func (p *Progress) VersusPar() (float64, int) {
	var sum float64
	n := 0
	for _, l := range p.Lines {
		if l.State == Played && l.HasPar {
			sum += l.Result - l.Par
			n++
		}
	}
	return sum, n
}

// Played counts the boards played.
func (p *Progress) Played() int {
	n := 0
	for _, l := range p.Lines {
		if l.State == Played {
			n++
		}
	}
	return n
}

// Progress returns key's own boards of the tournament of code.
func (s *Service) Progress(ctx context.Context, key, code string) (*Progress, error) {
	t, err := s.opened(ctx, code)
	if err != nil {
		return nil, err
	}
	p := &Progress{Info: s.namedInfo(ctx, t), Lines: make([]BoardLine, t.Boards)}
	for i := range p.Lines {
		p.Lines[i].Board = i + 1
	}
	pars, err := s.cfg.DB.Pars(ctx, t.Code)
	if err != nil {
		return nil, s.dbErr(err)
	}
	p.ParReady = len(pars) == t.Boards
	if !p.ParReady {
		s.wantPar(ctx, t.Code)
	}
	es, err := s.cfg.DB.Entrants(ctx, t.Code)
	if err != nil {
		return nil, s.dbErr(err)
	}
	p.Entrants = shown(es)
	if validKey(key) {
		p.Entered = slices.ContainsFunc(es, func(e clubdb.Entrant) bool { return e.Key == key })
		mine, err := s.cfg.DB.BoardsOf(ctx, t.Code, key)
		if err != nil {
			return nil, s.dbErr(err)
		}
		for _, b := range mine {
			if b.Board < 1 || b.Board > t.Boards {
				continue
			}
			l := &p.Lines[b.Board-1]
			l.State = InPlay
			if b.Finished {
				l.State, l.Result = Played, b.Result
				if p.ParReady {
					l.Par, l.HasPar = pars[b.Board-1], true
				}
			}
		}
		var begun bool
		p.Next, _, begun = nextBoard(mine, t.Boards)
		p.Open = begun && s.AtBoard(t.Code, key)
	}
	return p, nil
}

// InPlay finds a running tournament in which key has a board begun and
// not finished: the lobby says so when the person comes back. ok is
// false when there is none (and for a guest, who plays no boards). It
// also remembers every running tournament key has played a board of,
// for Quiet: after a restart, the memory is filled here.
func (s *Service) InPlay(ctx context.Context, key string) (i Info, board int, ok bool, err error) {
	if s.isClosed() {
		return Info{}, 0, false, ErrClosed
	}
	if !validKey(key) {
		return Info{}, 0, false, nil
	}
	ts, err := s.cfg.DB.Tournaments(ctx)
	if err != nil {
		return Info{}, 0, false, s.dbErr(err)
	}
	for _, t := range ts {
		if !s.Now().Before(t.Ends) {
			continue // a board left in an ended one cannot be played on
		}
		mine, err := s.cfg.DB.BoardsOf(ctx, t.Code, key)
		if err != nil {
			return Info{}, 0, false, s.dbErr(err)
		}
		if len(mine) > 0 {
			s.markPlayed(key, s.info(t))
		}
		if n, _, begun := nextBoard(mine, t.Boards); begun && !ok {
			i, board, ok = s.namedInfo(ctx, t), n, true
		}
	}
	return i, board, ok, nil
}

// shown names the entrants es as the screens show them: the key's tag
// added to a name two share.
func shown(es []clubdb.Entrant) []Entrant {
	named := map[string]int{}
	for _, e := range es {
		named[e.Name]++
	}
	out := make([]Entrant, len(es))
	for i, e := range es {
		out[i] = Entrant{Key: e.Key, Name: e.Name}
		if named[e.Name] > 1 {
			out[i].Name += " #" + hall.KeyTag(e.Key)
		}
	}
	return out
}

// Entrant is an entrant in the standings, or in the list of who
// entered.
type Entrant struct {
	Key  string
	Name string // as shown: the key's tag added when two share a name
	// logs are the entrant's finished boards' logs, by board (paths
	// relative to Config.Dir).
	logs map[int]string
	// unfinished are the boards the entrant began and had not finished
	// when the tournament ended.
	unfinished map[int]bool
}

// Final is a tournament once it has ended: the standings by
// matchpoints, every board's results, par.
type Final struct {
	Info Info
	// Standings rank the entrants; a row's Entry indexes Entrants.
	Standings *duplicate.Standings
	Entrants  []Entrant
	// Pars are par by board (board 1 first), nil while par is being
	// worked out.
	Pars []float64
	// Me is the player's index in Entrants, -1 when they did not enter.
	Me int
}

// Played reports whether entrant i played board n.
func (f *Final) Played(i, n int) bool {
	_, ok := f.Entrants[i].logs[n]
	return ok
}

// Unfinished reports whether entrant i began board n and had not
// finished it when the tournament ended: it does not count.
func (f *Final) Unfinished(i, n int) bool { return f.Entrants[i].unfinished[n] }

// VersusPar is entrant i's sum of result minus par over their boards,
// and how many they are (0 while par is unknown).
func (f *Final) VersusPar(i int) (float64, int) {
	if f.Pars == nil {
		return 0, 0
	}
	var sum float64
	n := 0
	for _, row := range f.Standings.Rows {
		if row.Entry != i {
			continue
		}
		for _, b := range row.Boards {
			if b.Played {
				sum += b.Result - f.Pars[b.Board-1]
				n++
			}
		}
	}
	return sum, n
}

// Final returns the tournament of code once it has ended (ErrNotOver
// before): the entrants ranked by matchpoints over the boards each
// finished (duplicate.Matchpoints: Neuberg for a board not everyone
// played), seen by key.
func (s *Service) Final(ctx context.Context, key, code string) (*Final, error) {
	t, err := s.ended(ctx, code)
	if err != nil {
		return nil, err
	}
	res, err := s.cfg.DB.Results(ctx, t.Code)
	if errors.Is(err, clubdb.ErrNotOver) {
		return nil, ErrNotOver
	}
	if err != nil {
		return nil, s.dbErr(err)
	}
	es, err := s.cfg.DB.Entrants(ctx, t.Code)
	if err != nil {
		return nil, s.dbErr(err)
	}
	pars, err := s.cfg.DB.Pars(ctx, t.Code)
	if err != nil {
		return nil, s.dbErr(err)
	}
	f := &Final{Info: s.namedInfo(ctx, t), Me: -1}
	if len(pars) == t.Boards {
		f.Pars = pars
	} else {
		s.wantPar(ctx, t.Code)
	}
	index := map[string]int{}
	shownAs := shown(es)
	entries := make([]duplicate.Entry, len(es))
	for i, e := range es {
		name := shownAs[i].Name
		index[e.Key] = i
		f.Entrants = append(f.Entrants, Entrant{Key: e.Key, Name: name, logs: map[int]string{}})
		entries[i] = duplicate.Entry{Name: name, Results: map[int]float64{}}
		if e.Key == key {
			f.Me = i
		}
	}
	for _, r := range res {
		i, ok := index[r.Key]
		if !ok || r.Board < 1 || r.Board > t.Boards {
			continue
		}
		if !r.Finished {
			if f.Entrants[i].unfinished == nil {
				f.Entrants[i].unfinished = map[int]bool{}
			}
			f.Entrants[i].unfinished[r.Board] = true
			continue
		}
		entries[i].Results[r.Board] = r.Result
		f.Entrants[i].logs[r.Board] = r.Log
	}
	if f.Standings, err = duplicate.Matchpoints(t.Boards, entries); err != nil {
		return nil, err
	}
	return f, nil
}

// PlayLog returns entrant key's play of board n once the tournament of
// code has ended (ErrNotOver before): the log of their board, for the
// replay.
func (s *Service) PlayLog(ctx context.Context, code, key string, n int) (*gamelog.Log, error) {
	f, err := s.Final(ctx, "", code)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(f.Entrants, func(e Entrant) bool { return e.Key == key })
	if i < 0 {
		return nil, ErrNotEntered
	}
	e := f.Entrants[i]
	rel, ok := e.logs[n]
	if !ok {
		return nil, fmt.Errorf("Player %s did not play board %d", e.Name, n)
	}
	l, err := gamelog.ReadFile(filepath.Join(s.cfg.Dir, rel))
	if err != nil {
		s.cfg.Logf("tournament %s: %v", code, err)
		return nil, fmt.Errorf("Player %s's play of board %d cannot be read", e.Name, n)
	}
	return l, nil
}

// ParName names the person's seat in par's line, played by the hard
// bot.
const ParName = "hard bot"

// ParLog returns the hard bot's line of board n (par) once the
// tournament of code has ended (ErrNotOver before), as a log for the
// replay; it works the line out when it is not kept yet.
func (s *Service) ParLog(ctx context.Context, code string, n int) (*gamelog.Log, error) {
	t, err := s.ended(ctx, code)
	if err != nil {
		return nil, err
	}
	set, err := s.set(ctx, t)
	if err != nil {
		return nil, err
	}
	b, ok := set.Board(n)
	if !ok {
		return nil, fmt.Errorf("tournament %s has no board %d", t.Code, n)
	}
	lines, err := s.readParLines(t.Code, set)
	if err != nil {
		// A damaged file was moved aside: said, as the pars' reading does;
		// the line is worked out again below.
		s.cfg.Logf("tournament %s: %v", t.Code, err)
	}
	line, ok := lines[n]
	if !ok {
		if line, err = set.ParLine(ctx, b, s.parBot); err != nil {
			return nil, err
		}
	}
	names, levels := [4]string{}, [4]string{}
	// The person's seat is the hard bot's in par's line: named in lower
	// case, as the bots' levels are mid-sentence in the replay's lines.
	for i, p := range players(set, ParName) {
		names[i], levels[i] = p.Name, string(p.Level)
	}
	levels[set.Seat] = string(duplicate.ParLevel)
	return set.BoardLog(b, line.Deal.Steps(), names, levels)
}
