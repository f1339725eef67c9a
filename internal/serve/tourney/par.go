package tourney

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
)

// wantPar queues code's par for the worker, unless the database has it
// or it is queued already. The dailies go before the others: everyone
// plays them.
func (s *Service) wantPar(ctx context.Context, code string) {
	if pars, err := s.cfg.DB.Pars(ctx, code); err == nil && len(pars) > 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.parWant[code] {
		return
	}
	s.parWant[code] = true
	at := len(s.parQ)
	if _, _, daily := ParseDailyCode(code); daily {
		at = 0
		for at < len(s.parQ) {
			if _, _, d := ParseDailyCode(s.parQ[at]); !d {
				break
			}
			at++
		}
	}
	s.parQ = slices.Insert(s.parQ, at, code)
	select {
	case s.parWake <- struct{}{}:
	default:
	}
}

// parWorker works out the queued pars one tournament at a time, until
// the service closes.
func (s *Service) parWorker() {
	defer s.work.Done()
	for {
		s.mu.Lock()
		if len(s.parQ) == 0 {
			s.mu.Unlock()
			select {
			case <-s.ctx.Done():
				return
			case <-s.parWake:
				continue
			}
		}
		code := s.parQ[0]
		s.parQ = s.parQ[1:]
		s.mu.Unlock()
		err := s.workOutPar(s.ctx, code)
		s.mu.Lock()
		delete(s.parWant, code)
		s.mu.Unlock()
		if s.ctx.Err() != nil {
			return
		}
		if err != nil {
			s.cfg.Logf("tournament %s: par: %v", code, err)
		}
	}
}

// workOutPar works out the par lines of code's boards not yet in its
// par file, keeping each in the file as it comes, and puts the pars in
// the database once all are known.
func (s *Service) workOutPar(ctx context.Context, code string) error {
	t, err := s.tournament(ctx, code)
	if err != nil {
		return err
	}
	set, err := s.set(ctx, t)
	if err != nil {
		return err
	}
	lines, err := s.readParLines(code, set)
	// A damaged file that could not be moved aside stays where it is
	// (it may be all that is left of its lines): par is then worked out
	// in memory only, and the file is never written over.
	keep := true
	if de := (*durable.DamagedError)(nil); errors.As(err, &de) && de.Aside == "" {
		keep = false
		s.cfg.Logf("tournament %s: %v; its par lines are worked out again and not kept", code, err)
	} else if err != nil {
		s.cfg.Logf("tournament %s: %v", code, err)
	}
	for _, b := range set.Boards {
		if _, ok := lines[b.Number]; ok {
			continue
		}
		l, err := set.ParLine(ctx, b, s.parBot)
		if err != nil {
			return fmt.Errorf("board %d: %w", b.Number, err)
		}
		lines[b.Number] = l
		if !keep {
			continue
		}
		if err := s.writeParLines(code, lines); err != nil {
			return err
		}
	}
	pars := make([]float64, len(set.Boards))
	for i, b := range set.Boards {
		pars[i] = lines[b.Number].Par
	}
	if err := s.cfg.DB.SetPars(ctx, code, pars); err != nil {
		return err
	}
	s.cfg.Logf("tournament %s: par of its %d boards worked out", code, len(pars))
	return nil
}

// parBot makes par's bots: the server's, each decision waiting for a
// slot behind the games' bots, so working out par never slows a game.
func (s *Service) parBot(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	b, err := s.cfg.NewBot(level, cfg)
	if err != nil {
		return nil, err
	}
	return slotBot{Bot: b, slots: s.cfg.Slots}, nil
}

type slotBot struct {
	ai.Bot
	slots *host.Slots
}

func (b slotBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	if err := b.slots.Acquire(ctx, host.ForHint); err != nil {
		return rules.Action{}, err
	}
	defer b.slots.Release()
	return b.Bot.Choose(ctx, v)
}

// The par file: "klob-tourney-par 1", then a line a board worked out:
// "board 3 par -12.5 play A: pass, B: take, ...".
const (
	parMagic = "klob-tourney-par 1"
	parName  = "par.txt"
)

func (s *Service) parPath(code string) string { return filepath.Join(s.cfg.Dir, code, parName) }

// readParLines reads the par lines kept for code, each checked against
// its board: the play replays to the deal's end and to par. A file that
// does not read is moved aside (and the error, a *durable.DamagedError,
// says so, or that it could not be moved): par is worked out again.
func (s *Service) readParLines(code string, set *duplicate.BoardSet) (map[int]duplicate.ParLine, error) {
	out := map[int]duplicate.ParLine{}
	path := s.parPath(code)
	data, err := s.fs.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err == nil {
		out, err = parseParLines(data, set)
	}
	if err != nil {
		out = map[int]duplicate.ParLine{}
		return out, durable.Damaged(s.fs, "the par lines", path, filepath.Join(s.cfg.Dir, code, "damaged"), "par", ".txt", err)
	}
	return out, nil
}

func parseParLines(data []byte, set *duplicate.BoardSet) (map[int]duplicate.ParLine, error) {
	out := map[int]duplicate.ParLine{}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if lines[0] != parMagic {
		return nil, fmt.Errorf("line 1: want %q", parMagic)
	}
	for i, line := range lines[1:] {
		no := i + 2
		f := strings.SplitN(line, " ", 6)
		if len(f) != 6 || f[0] != "board" || f[2] != "par" || f[4] != "play" {
			return nil, fmt.Errorf("line %d: want board N par X play ACTIONS", no)
		}
		n, err := strconv.Atoi(f[1])
		b, ok := set.Board(n)
		if err != nil || !ok {
			return nil, fmt.Errorf("line %d: %q is not a board of the set", no, f[1])
		}
		par, err := strconv.ParseFloat(f[3], 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: par %q", no, f[3])
		}
		steps, err := duplicate.ParseSteps(f[5], set.Players())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", no, err)
		}
		l, err := set.LineOf(b, steps)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", no, err)
		}
		if l.Par != par {
			return nil, fmt.Errorf("line %d: board %d's play does not end at par %v", no, n, par)
		}
		out[n] = l
	}
	return out, nil
}

// writeParLines keeps the par lines worked out for code.
func (s *Service) writeParLines(code string, lines map[int]duplicate.ParLine) error {
	var b strings.Builder
	b.WriteString(parMagic + "\n")
	for _, n := range slices.Sorted(maps.Keys(lines)) {
		l := lines[n]
		fmt.Fprintf(&b, "board %d par %s play %s\n", n, strconv.FormatFloat(l.Par, 'f', -1, 64), duplicate.FormatSteps(l.Deal.Steps()))
	}
	return s.writeFile(s.parPath(code), ".par-*.tmp", []byte(b.String()))
}

// writeFile puts data at path durably (durable.Replace), its directory
// made first.
func (s *Service) writeFile(path, pattern string, data []byte) error {
	return durable.ReplaceMkdir(s.fs, path, pattern, data, 0o700)
}
