package tourney

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/rules"
)

// Info is a tournament as the lobby shows it.
type Info struct {
	Code string
	// Daily is set for the server's daily tournament of Date.
	Daily bool
	Date  duplicate.Date
	// Creator is the creator's key ("" for the server's own), Host
	// their name.
	Creator, Host string
	Rules         rules.Options // the seat count is Rules.NumPlayers()
	Level         ai.Level      // the bots' level
	Boards        int
	Created, Ends time.Time
	Entries       int
	Over          bool
}

// Players is the seat count.
func (i Info) Players() int { return i.Rules.NumPlayers() }

// Title names the tournament: a daily as its pages and klob daily's
// are headed (duplicate.DailyTitle), "Daily challenge · 2026-12-01 ·
// 3 players"; a club tournament "Tournament KQXPRT · 3 players".
func (i Info) Title() string {
	if i.Daily {
		return duplicate.DailyTitle(i.Date, i.Players())
	}
	return fmt.Sprintf("Tournament %s · %d players", i.Code, i.Players())
}

// Named names the tournament inside a sentence, in words as the
// daily's name is: a daily as duplicate.DailyNamed does, "the
// 2026-12-01 daily for 3 players"; a club tournament "tournament KQXPRT
// for 3 players".
func (i Info) Named() string {
	if i.Daily {
		return duplicate.DailyNamed(i.Date, i.Players())
	}
	return fmt.Sprintf("tournament %s for %d players", i.Code, i.Players())
}

// info makes t's Info.
func (s *Service) info(t clubdb.Tournament) Info {
	i := Info{Code: t.Code, Creator: t.Creator, Rules: t.Rules, Level: ai.Level(t.Level), Boards: t.Boards,
		Created: t.Created, Ends: t.Ends, Entries: t.Entries, Over: !s.Now().Before(t.Ends)}
	if d, _, ok := ParseDailyCode(t.Code); ok && t.Creator == "" {
		i.Daily, i.Date = true, d
	}
	return i
}

// codeLen is the length of a club tournament's code, of
// hall.CodeLetters; a daily's is DAILY-2026-12-01-3P.
const codeLen = 6

// randomCode draws a club tournament's code from crypto/rand.
func randomCode() string { return hall.RandomCode(codeLen) }

// DailyCode is the code of the daily tournament of date at players.
func DailyCode(date duplicate.Date, players int) string {
	return fmt.Sprintf("DAILY-%s-%dP", date, players)
}

var dailyRE = regexp.MustCompile(`^DAILY-([0-9]{4}-[0-9]{2}-[0-9]{2})-([234])P$`)

// ParseDailyCode reads what DailyCode writes: a real day and 2, 3 or 4
// seats, or false.
func ParseDailyCode(code string) (duplicate.Date, int, bool) {
	m := dailyRE.FindStringSubmatch(code)
	if m == nil {
		return duplicate.Date{}, 0, false
	}
	d, err := duplicate.ParseDate(m[1])
	if err != nil {
		return duplicate.Date{}, 0, false
	}
	return d, int(m[2][0] - '0'), true
}

// NormalCode is a code as a person types it, made the service's: upper
// case, no spaces around.
func NormalCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// validCode says whether code can be a tournament's (so also a
// directory's name).
func validCode(code string) bool {
	if _, _, ok := ParseDailyCode(code); ok {
		return true
	}
	if len(code) != codeLen {
		return false
	}
	for _, c := range code {
		if !strings.ContainsRune(hall.CodeLetters, c) {
			return false
		}
	}
	return true
}

// validKey says whether key is a fingerprint as the server makes them
// (hex), fit to name a directory.
func validKey(key string) bool {
	if key == "" || len(key) > clubdb.MaxKey {
		return false
	}
	for _, c := range key {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// dayEnd is the first instant after date in loc: its next midnight.
func dayEnd(date duplicate.Date, loc *time.Location) time.Time {
	return time.Date(date.Year, date.Month, date.Day+1, 0, 0, 0, 0, loc)
}

// Today is the daily's day now, on the service's clock and calendar.
func (s *Service) Today() duplicate.Date { return duplicate.DateOf(s.Now().In(s.cfg.Location)) }

// ensureDaily creates today's daily tournaments if they are not there.
func (s *Service) ensureDaily(ctx context.Context) error {
	if s.cfg.NoDaily {
		return nil
	}
	today := s.Today()
	s.mu.Lock()
	done := s.daily == today
	s.mu.Unlock()
	if done {
		return nil
	}
	for _, n := range rules.SeatCounts() {
		code := DailyCode(today, n)
		if _, err := s.cfg.DB.Tournament(ctx, code); err == nil {
			s.wantPar(ctx, code)
			continue
		} else if !errors.Is(err, clubdb.ErrNotFound) {
			return fmt.Errorf("tourney: the daily: %w", err)
		}
		spec, err := duplicate.DailySpec(today, n)
		if err != nil {
			return err
		}
		t := clubdb.Tournament{Code: code, Rules: spec.Options, Level: string(spec.Level), Boards: spec.Count,
			Ends: dayEnd(today, s.cfg.Location)}
		// The server's own secret boards, not klob daily's public ones:
		// anyone may deal those in advance and come knowing every card.
		seed := s.cfg.NewSeed()
		if seed == 0 {
			seed = 1 // 0 marks a daily made with klob daily's boards (set)
		}
		if _, err := s.cfg.DB.CreateTournament(ctx, t, seed); err != nil {
			// Another call made it meanwhile (and logged it): fine.
			if _, again := s.cfg.DB.Tournament(ctx, code); again != nil {
				return fmt.Errorf("tourney: the daily: %w", err)
			}
		} else {
			s.cfg.Logf("tournament %s created", code)
		}
		s.wantPar(ctx, code)
	}
	s.mu.Lock()
	s.daily = today
	// The dailies of the days before are over: no entry counts there
	// again.
	for k := range s.entrants {
		if d, _, ok := ParseDailyCode(k.code); ok && d.Compare(today) < 0 {
			delete(s.entrants, k)
		}
	}
	s.mu.Unlock()
	return nil
}

// List returns what a player's lobby lists: the running tournaments
// (today's dailies first, then the others, the first to end first) and
// the last tournaments the player entered that have ended.
func (s *Service) List(ctx context.Context, key string) ([]Info, error) {
	if s.isClosed() {
		return nil, ErrClosed
	}
	if err := s.ensureDaily(ctx); err != nil {
		return nil, err
	}
	ts, err := s.cfg.DB.Tournaments(ctx)
	if err != nil {
		return nil, s.dbErr(err)
	}
	var daily, club []Info
	for _, t := range ts {
		i := s.info(t)
		if i.Over {
			continue
		}
		if i.Daily {
			daily = append(daily, i)
		} else {
			club = append(club, i)
		}
	}
	out := append(daily, club...)
	if validKey(key) {
		ended, err := s.cfg.DB.EnteredTournaments(ctx, key, RecentEnded)
		if err != nil {
			return nil, s.dbErr(err)
		}
		for _, t := range ended {
			out = append(out, s.info(t))
		}
	}
	s.names(ctx, out)
	return out, nil
}

// names fills in the hosts' names.
func (s *Service) names(ctx context.Context, infos []Info) {
	for i := range infos {
		if infos[i].Creator == "" {
			infos[i].Host = "the server"
			continue
		}
		infos[i].Host = "?"
		if pl, err := s.cfg.DB.Player(ctx, infos[i].Creator); err == nil {
			infos[i].Host = pl.Name
		}
	}
}

// Find returns the tournament with code (as typed: NormalCode), or
// ErrNotFound.
func (s *Service) Find(ctx context.Context, code string) (Info, error) {
	t, err := s.opened(ctx, NormalCode(code))
	if err != nil {
		return Info{}, err
	}
	return s.namedInfo(ctx, t), nil
}

// namedInfo is t's Info with its host's name.
func (s *Service) namedInfo(ctx context.Context, t clubdb.Tournament) Info {
	out := []Info{s.info(t)}
	s.names(ctx, out)
	return out[0]
}

// opened reads the tournament of code as tournament does, unless the
// service is closed (ErrClosed).
func (s *Service) opened(ctx context.Context, code string) (clubdb.Tournament, error) {
	if s.isClosed() {
		return clubdb.Tournament{}, ErrClosed
	}
	return s.tournament(ctx, code)
}

// openedBy reads the tournament of code as opened does, for p to act
// on; a p with no key (a guest) reads guest.
func (s *Service) openedBy(ctx context.Context, p Player, code string, guest error) (clubdb.Tournament, error) {
	if s.isClosed() {
		return clubdb.Tournament{}, ErrClosed
	}
	if !validKey(p.Key) {
		return clubdb.Tournament{}, guest
	}
	return s.tournament(ctx, code)
}

// ended reads the tournament of code as opened does, once it has ended
// (ErrNotOver before).
func (s *Service) ended(ctx context.Context, code string) (clubdb.Tournament, error) {
	t, err := s.opened(ctx, code)
	if err == nil && s.Now().Before(t.Ends) {
		err = ErrNotOver
	}
	return t, err
}

// tournament reads the tournament of code, ErrNotFound when there is
// none.
func (s *Service) tournament(ctx context.Context, code string) (clubdb.Tournament, error) {
	if !validCode(code) {
		return clubdb.Tournament{}, fmt.Errorf("%q: %w", code, ErrNotFound)
	}
	t, err := s.cfg.DB.Tournament(ctx, code)
	if errors.Is(err, clubdb.ErrNotFound) {
		return t, fmt.Errorf("%q: %w", code, ErrNotFound) // as a code not well formed
	}
	if err != nil {
		return t, s.dbErr(err)
	}
	return t, nil
}

// Spec is what a player chooses for a new tournament.
type Spec struct {
	Rules  rules.Options // the seat count is Rules.NumPlayers()
	Level  ai.Level      // the bots'
	Boards int           // MinBoards to MaxBoards
	Ends   time.Time     // MinLength to MaxLength from now
}

// Create makes a tournament of spec, hosted by p, whose boards come from
// a secret seed; par is worked out in the background. It returns the
// tournament; p is not entered.
func (s *Service) Create(ctx context.Context, p Player, spec Spec) (Info, error) {
	if s.isClosed() {
		return Info{}, ErrClosed
	}
	if !validKey(p.Key) {
		return Info{}, ErrGuest
	}
	now := s.Now()
	opts, err := rules.ParseOptions(spec.Rules.String())
	switch {
	case err != nil:
		return Info{}, fmt.Errorf("the rules: %w", err)
	case spec.Boards < MinBoards || spec.Boards > MaxBoards:
		return Info{}, fmt.Errorf("a tournament has %d to %d boards, not %d", MinBoards, MaxBoards, spec.Boards)
	case spec.Ends.Before(now.Add(MinLength)):
		return Info{}, fmt.Errorf("a tournament lasts at least %v", MinLength)
	case spec.Ends.After(now.Add(MaxLength)):
		return Info{}, fmt.Errorf("a tournament lasts at most %d days", int(MaxLength.Hours()/24))
	}
	if _, err := ai.ParseLevel(string(spec.Level)); err != nil {
		return Info{}, err
	}
	if err := s.cfg.DB.SeePlayer(ctx, p.Key, p.Name); err != nil {
		return Info{}, s.dbErr(err)
	}
	// The count runs from before the read of the tournaments open to
	// the end of Create, so that creations written meanwhile, which the
	// read may miss, stay in opening for takePlace to count.
	s.mu.Lock()
	s.counted++
	n := s.counted
	s.counting[n] = true
	s.mu.Unlock()
	defer s.doneCreating(n)
	ts, err := s.cfg.DB.Tournaments(ctx)
	if err != nil {
		return Info{}, s.dbErr(err)
	}
	o, err := s.takePlace(ts, p)
	if err != nil {
		return Info{}, err
	}
	var t clubdb.Tournament
	for range 20 {
		code := s.cfg.NewCode()
		if !s.nameOpening(o, code, ts) {
			err = fmt.Errorf("a tournament with the code %s exists already", code)
			continue
		}
		t, err = s.cfg.DB.CreateTournament(ctx, clubdb.Tournament{Code: code, Creator: p.Key, Rules: opts,
			Level: string(spec.Level), Boards: spec.Boards, Ends: spec.Ends}, s.cfg.NewSeed())
		if err == nil || !strings.Contains(err.Error(), "exists already") {
			break
		}
	}
	s.mu.Lock()
	if err != nil {
		delete(s.opening, o) // its place is given back
	} else {
		// Every Create numbered after this began counting once the
		// tournament was written: its read has it.
		o.written = s.counted
		if p.Addr != "" {
			s.from[t.Code] = p.Addr
		}
	}
	s.mu.Unlock()
	if err != nil {
		return Info{}, s.dbErr(err)
	}
	s.cfg.Logf("tournament %s created by %s: %d players, %d boards, %s bots, ends %s", t.Code, p.Name,
		opts.NumPlayers(), t.Boards, t.Level, t.Ends.Format(time.RFC3339))
	s.wantPar(ctx, t.Code)
	return s.namedInfo(ctx, t), nil
}

// opening is a club tournament being created by key from addr; code is
// the code it is being written with ("" before the first try). Once
// written, written is the number of the last Create that had begun
// counting then (Service.counted), and 0 before.
type opening struct {
	key, addr, code string
	written         uint64
}

// nameOpening gives o the code it is about to be written with, before
// the write, so that a count reading the tournaments open after the
// write finds o's tournament in its read and counts it once. It refuses
// (false) a code that ts (the creation's own read of the tournaments
// open) or another opening has: in a count, a tournament of ts with
// o's code and creator is o's.
func (s *Service) nameOpening(o *opening, code string, ts []clubdb.Tournament) bool {
	for _, t := range ts {
		if t.Code == code {
			return false
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for other := range s.opening {
		if other != o && other.code == code {
			return false
		}
	}
	o.code = code
	return true
}

// takePlace counts the tournaments open (by p, from p's address, on the
// server) against the caps: those of ts, read by a Create counting
// (Service.counting), and those being created or created since that
// read began (Service.opening), each once: an opening whose code and
// creator a tournament of ts has is that tournament, written (its
// address is the opening's until Create marks it in s.from). Under the
// caps, the new tournament takes its place in the count at once, before
// the database is written, so that creations at the same moment cannot
// pass a cap together.
func (s *Service) takePlace(ts []clubdb.Tournament, p Player) (*opening, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	named := make(map[string]*opening, len(s.opening))
	for o := range s.opening {
		if o.code != "" {
			named[o.code] = o // nameOpening gives a code to one opening at a time
		}
	}
	open, mine, fromAddr := len(ts), 0, 0
	in := make(map[string]bool, len(ts))
	written := map[*opening]bool{}
	for _, t := range ts {
		in[t.Code] = true
		if t.Creator == p.Key {
			mine++
		}
		addr, known := s.from[t.Code]
		if o := named[t.Code]; o != nil && o.key == t.Creator {
			written[o] = true
			if !known {
				addr = o.addr
			}
		}
		if p.Addr != "" && addr == p.Addr {
			fromAddr++
		}
	}
	s.forgetClosedLocked(in)
	for o := range s.opening {
		if written[o] {
			continue // ts has it already
		}
		open++
		if o.key == p.Key {
			mine++
		}
		if p.Addr != "" && o.addr == p.Addr {
			fromAddr++
		}
	}
	switch {
	case mine >= MaxOpenPerCreator:
		return nil, fmt.Errorf("%w: you host %d already; create another once one has ended", ErrTooMany, mine)
	case fromAddr >= s.cfg.MaxOpenPerAddr:
		return nil, fmt.Errorf("%w from your address (%d): create another once one has ended", ErrTooMany, fromAddr)
	case open >= MaxOpen:
		return nil, fmt.Errorf("%w on this server (%d): try again later", ErrTooMany, open)
	}
	o := &opening{key: p.Key, addr: p.Addr}
	s.opening[o] = true
	return o, nil
}

// forgetClosedLocked drops from s.from and s.entrants the tournaments
// no longer open, which nobody creates or enters again: those not in
// open (the codes of a read of the tournaments open by a Create
// counting), nor among s.opening's codes (written after that read), nor
// a daily of today or later (made after that read, and never ended
// early). s.mu is held.
func (s *Service) forgetClosedLocked(open map[string]bool) {
	today := s.Today()
	opening := make(map[string]bool, len(s.opening))
	for o := range s.opening {
		opening[o.code] = true
	}
	keep := func(code string) bool {
		if d, _, ok := ParseDailyCode(code); ok && d.Compare(today) >= 0 {
			return true
		}
		return open[code] || opening[code]
	}
	for code := range s.from {
		if !keep(code) {
			delete(s.from, code)
		}
	}
	for k := range s.entrants {
		if !keep(k.code) {
			delete(s.entrants, k)
		}
	}
}

// doneCreating ends the count of Create number n. A creation written
// is dropped from opening once every Create that began counting before
// its write (numbered up to its written) is done: any Create counting
// after that began after the write, and its read of the tournaments
// open has it.
func (s *Service) doneCreating(n uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.counting, n)
	first := s.counted + 1 // the first Create still counting
	for c := range s.counting {
		first = min(first, c)
	}
	for o := range s.opening {
		if o.written != 0 && o.written < first {
			delete(s.opening, o)
		}
	}
}

// End ends the tournament of code now, for its host p: it is over as if
// its end had come (a board in play then does not count), and its
// standings open.
func (s *Service) End(ctx context.Context, p Player, code string) error {
	t, err := s.openedBy(ctx, p, code, ErrNotHost)
	if err != nil {
		return err
	}
	switch err := s.cfg.DB.EndTournament(ctx, t.Code, p.Key); {
	case errors.Is(err, clubdb.ErrNotCreator):
		return ErrNotHost
	case err != nil:
		return s.overErr(err)
	}
	s.signalEnd(t.Code)
	s.setEnded(t.Code, s.Now())
	s.endPlayed(t.Code)
	s.cfg.Logf("tournament %s: ended early by its host %s", t.Code, hall.Who(hall.Player{ID: p.Key, Name: p.Name}))
	return nil
}

// Enter enters p in the tournament of code, before its end; entering
// twice is entering once.
func (s *Service) Enter(ctx context.Context, p Player, code string) (err error) {
	t, err := s.openedBy(ctx, p, code, ErrGuest)
	if err != nil {
		return err
	}
	// The key takes its place in the address's count before the
	// database is written, so that keys entering at once from one
	// address cannot all pass the cap; a failed entry gives it back.
	from := addrEntrants{t.Code, p.Addr}
	if p.Addr != "" {
		s.mu.Lock()
		keys := s.entrants[from]
		again := keys[p.Key] // entering twice is entering once
		if !again && len(keys) >= s.cfg.MaxEntrantsPerAddr {
			s.mu.Unlock()
			return addrFullError(s.cfg.MaxEntrantsPerAddr)
		}
		if keys == nil {
			keys = map[string]bool{}
			s.entrants[from] = keys
		}
		keys[p.Key] = true
		s.mu.Unlock()
		if !again {
			defer func() {
				if err != nil {
					s.mu.Lock()
					if keys := s.entrants[from]; keys != nil {
						delete(keys, p.Key)
						if len(keys) == 0 {
							delete(s.entrants, from)
						}
					}
					s.mu.Unlock()
				}
			}()
		}
	}
	if err := s.cfg.DB.SeePlayer(ctx, p.Key, p.Name); err != nil {
		return s.dbErr(err)
	}
	if err := s.cfg.DB.Enter(ctx, t.Code, p.Key); err != nil {
		return s.overErr(err)
	}
	s.signalEntered(t.Code)
	return nil
}

// addrFullError refuses an entrant beyond the cap of entrants from one
// address, the number it holds; it is ErrAddrFull (errors.Is).
type addrFullError int

func (e addrFullError) Error() string {
	entrants := "entrants"
	if e == 1 {
		entrants = "entrant"
	}
	return fmt.Sprintf("this tournament has %d %s from your address already, its most", int(e), entrants)
}

func (addrFullError) Is(target error) bool { return target == ErrAddrFull }

// addrEntrants names the keys that entered a tournament (code) from one
// address since the server started.
type addrEntrants struct{ code, addr string }

// boardSeed is the 128-bit seed of a club tournament's boards from the
// 64-bit secret the database keeps.
func boardSeed(secret uint64) duplicate.Seed { return duplicate.Seed{secret, seedmix.Mix(secret, 1)} }

// set returns the boards of t from its secret seed, a daily's with the
// daily's rules, bots and count; a daily made before the dailies had
// secret seeds (seed 0) keeps klob daily's boards of its date. The set
// holds every deck: it never leaves the service.
func (s *Service) set(ctx context.Context, t clubdb.Tournament) (*duplicate.BoardSet, error) {
	if set := s.cachedSet(t.Code); set != nil {
		return set, nil
	}
	level, err := ai.ParseLevel(t.Level)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", t.Code, err)
	}
	spec := duplicate.Spec{Count: t.Boards, Options: t.Rules, Level: level, Seat: rules.SeatA}
	var secret uint64
	if secret, err = s.cfg.DB.BoardSeed(ctx, t.Code); err == nil {
		spec.Seed = boardSeed(secret)
		if date, n, ok := ParseDailyCode(t.Code); ok && t.Creator == "" {
			var daily duplicate.Spec
			if daily, err = duplicate.DailySpec(date, n); err == nil && (daily.Options.String() != t.Rules.String() || daily.Level != level || daily.Count != t.Boards) {
				err = fmt.Errorf("its rules (%s, %s bots, %d boards) are not the daily's", t.Rules, level, t.Boards)
			}
			if secret == 0 {
				spec.Seed = daily.Seed
			}
			spec.Seat = daily.Seat
		}
	}
	var set *duplicate.BoardSet
	if err == nil {
		set, err = duplicate.NewSet(spec)
	}
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", t.Code, err)
	}
	s.mu.Lock()
	if e := s.sets[t.Code]; e != nil {
		set = e.set // made meanwhile: one set a tournament
	} else {
		s.sets[t.Code] = &setEntry{set: set, ends: t.Ends}
	}
	s.pruneSetsLocked()
	s.mu.Unlock()
	// t may have been read before its host ended it, and End may have
	// looked for the set before it was kept: read again once it is.
	if s.Now().Before(t.Ends) {
		if again, err := s.cfg.DB.Tournament(ctx, t.Code); err == nil && again.Ends.Before(t.Ends) {
			s.setEnded(t.Code, again.Ends)
		}
	}
	return set, nil
}

// closedSets is how many sets of tournaments ended the service keeps.
const closedSets = 8

// setEntry is a set the service keeps, of a tournament ending at ends;
// used is when it was last used (Service.setUses).
type setEntry struct {
	set  *duplicate.BoardSet
	ends time.Time
	used uint64
}

// setEnded notes that the tournament of code ended at ends, sooner than
// its set's entry says.
func (s *Service) setEnded(code string, ends time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.sets[code]; e != nil && ends.Before(e.ends) {
		e.ends = ends
		s.pruneSetsLocked()
	}
}

// pruneSetsLocked drops the sets of tournaments ended but the
// closedSets last used. A board in play keeps its own set (its host's,
// live.set): a set dropped is made again from its seed when asked, the
// same. s.mu is held.
func (s *Service) pruneSetsLocked() {
	now := s.Now()
	var closed []string
	for code, e := range s.sets {
		if !now.Before(e.ends) {
			closed = append(closed, code)
		}
	}
	if len(closed) <= closedSets {
		return
	}
	slices.SortFunc(closed, func(a, b string) int { return cmp.Compare(s.sets[a].used, s.sets[b].used) })
	for _, code := range closed[:len(closed)-closedSets] {
		delete(s.sets, code)
	}
}
