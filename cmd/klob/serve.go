package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/access"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
	"github.com/klob/klob/tui/lobby"
)

// serveFlags is what the flags of klob serve say.
type serveFlags struct {
	addr  string
	state string
	// stateSetBy says what set state: "-state sets it", or the
	// environment's variables.
	stateSetBy  string
	hostKey     string
	maxSessions int
	maxPerAddr  int
	maxPerKey   int
	maxTables   int
	// maxTablesAddr is the most tables open at once that were opened
	// from one address: a club behind one router (one address for all)
	// raises it.
	maxTablesAddr int
	// maxWatchers is the most spectators of one table at once.
	maxWatchers int
	// maxEntrantsAddr is the most keys from one address that enter one
	// tournament: such a club raises it too.
	maxEntrantsAddr int
	// maxTourneysAddr is the most running tournaments created from one
	// address: such a club raises it too.
	maxTourneysAddr int
	idle            time.Duration
	login           time.Duration
	handshake       time.Duration
	grace           time.Duration
	moveClock       time.Duration
	abandon         time.Duration
	abandonWaiting  time.Duration
	keyRate         float64
	pace            time.Duration
	stats           time.Duration
	stall           time.Duration
	dbCheck         bool
	boardGames      int
	// backups is how many day copies of the club database are kept
	// in STATE/backups (0: none taken).
	backups     int
	allow, deny string // the operator's key lists (package access)
	noGuests    bool
	// now is the clock of the tournaments' ends and days, tourneyBot
	// the bots of their boards and par, and clock the tables' (not
	// flags: tests set them); nil is time.Now, the server's bots and
	// the system clock.
	now        func() time.Time
	tourneyBot ai.Factory
	clock      host.Clock
}

// parseServe reads the flags of klob serve:
//
//	klob serve [-addr :2222] [-state DIR] [-host-key FILE] [-max-sessions N] ...
func parseServe(args []string, stdout, stderr io.Writer, getenv func(string) string) (serveFlags, error) {
	var f serveFlags
	fs := newFlagSet("serve", "usage: klob serve [-addr :2222] [-state DIR] [-host-key FILE] [-max-sessions N]\n"+
		"                  [-max-per-addr N] [-max-per-key N] [-max-tables N]\n"+
		"                  [-max-tables-per-addr N] [-max-entrants-per-addr N]\n"+
		"                  [-max-tournaments-per-addr N] [-max-watchers N]\n"+
		"                  [-idle D] [-grace D] [-move-clock D] [-allow FILE]\n"+
		"                  [-deny FILE] [-no-guests] [-abandon D] [-abandon-waiting D]\n"+
		"                  [-pace D] [-board-games N] [-key-rate R] [-stall D]\n"+
		"                  [-stats D] [-login-timeout D] [-handshake-timeout D]\n"+
		"                  [-backups N]\n"+
		"       klob serve -db-check [-state DIR]\nServes Klob over SSH: ssh -p 2222 HOST plays. The club's database (players,\ngames, ratings) is STATE/club.db, copied once a day to STATE/backups;\n-db-check checks it and exits (0: sound, 1: not).")
	fs.StringVar(&f.addr, "addr", ":2222", "address to listen on")
	fs.StringVar(&f.state, "state", "", "state directory: host key, players' games, open tables (default: the klob state directory's serve/)")
	fs.StringVar(&f.hostKey, "host-key", "", "host key file, created (ed25519) when missing in a folder that exists (default: STATE/host_ed25519)")
	fs.IntVar(&f.maxSessions, "max-sessions", 100, "most sessions open at once; guests (no key) may hold three quarters of them, the rest kept for players with a key")
	fs.IntVar(&f.maxPerAddr, "max-per-addr", 16, "most connections open at once from one address (an IPv4 address, an IPv6 /64)")
	fs.IntVar(&f.maxPerKey, "max-per-key", 4, "most sessions open at once with one public key (guests: at most -max-per-addr sessions from one address, a connection carrying two)")
	fs.IntVar(&f.maxTables, "max-tables", 50, "most tables open at once")
	fs.IntVar(&f.maxTablesAddr, "max-tables-per-addr", 8, "most tables open at once that were opened from one address (raise it for players who share one, behind one router)")
	fs.IntVar(&f.maxWatchers, "max-watchers", hall.DefaultMaxWatchers, "most spectators of one table at once (its players are never refused)")
	fs.IntVar(&f.maxEntrantsAddr, "max-entrants-per-addr", tourney.DefaultEntrantsPerAddr, "most keys from one address that enter one tournament, counted since the server started (raise it for players who share one, behind one router)")
	fs.IntVar(&f.maxTourneysAddr, "max-tournaments-per-addr", tourney.DefaultOpenPerAddr, "most running tournaments created from one address, counted since the server started (raise it for players who share one, behind one router)")
	fs.DurationVar(&f.idle, "idle", 30*time.Minute, "a session without a key pressed for this long is closed")
	fs.DurationVar(&f.login, "login-timeout", time.Minute, "a connection without a terminal session this long after it opened (or after its last session) is closed")
	fs.DurationVar(&f.handshake, "handshake-timeout", 10*time.Second, "a connection not logged in (SSH version, key exchange, authentication) this long after it opened is closed; when the server has all its connections, or the address all of its, the oldest without a terminal session makes room for a new one")
	fs.DurationVar(&f.grace, "grace", 2*time.Minute, "how long a dropped player's seat waits before a bot takes it (all their drops in one deal together)")
	fs.DurationVar(&f.moveClock, "move-clock", 2*time.Minute, "how long a player at a shared table may take over a decision, or over going on to the next deal, while another person sits there, before a bot makes it for them (0: no clock)")
	fs.DurationVar(&f.abandon, "abandon", 30*time.Minute, "a table nobody is connected to for this long is closed, its game filed in the players' histories")
	fs.DurationVar(&f.abandonWaiting, "abandon-waiting", 2*time.Minute, "a table opened since the start whose game has not started, nobody connected to it for this long, is closed (at most -abandon; one back from a restart waits -abandon)")
	fs.Float64Var(&f.keyRate, "key-rate", 40, fmt.Sprintf("most keys a second a session may send, after a burst of %d (a pasted line)", server.DefaultKeyBurst))
	fs.DurationVar(&f.pace, "pace", tui.DefaultTiming().Pace, "least time between two moves of a bot")
	fs.DurationVar(&f.stall, "stall", 30*time.Second, "a session whose screen could not be sent for this long is closed; the time counts once its client has stopped reading and the output has filled the client's SSH window (2 MB with OpenSSH) and the sockets' buffers, which a table's small updates take minutes to hours to do")
	fs.DurationVar(&f.stats, "stats", 0, "log the sessions, tables, goroutines, heap and the club's writes this often (0: never)")
	fs.IntVar(&f.boardGames, "board-games", rating.DefaultMinGames, "rated games that list a player on a leaderboard")
	fs.StringVar(&f.allow, "allow", "", "a file of the keys admitted, one a line (authorized_keys lines, SHA256: fingerprints or the lobby's hex tags): a private club; read again when it changes")
	fs.StringVar(&f.deny, "deny", "", "a file of the keys refused, in the same forms; read again when it changes")
	fs.BoolVar(&f.noGuests, "no-guests", false, "refuse connections without a key (guests play bots only)")
	fs.IntVar(&f.backups, "backups", 7, "copies of the club database kept in STATE/backups: one is taken a day (and at the start when the newest is a day old), the oldest removed beyond this many (0: none)")
	fs.BoolVar(&f.dbCheck, "db-check", false, "check the club database (STATE/club.db) and exit: 0 when it is sound, 1 when not")
	pos, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return f, err
	}
	if len(pos) > 0 {
		return f, fs.unexpected(stderr, pos[0])
	}
	// An empty name given is a mistake, not the default: left out, the
	// flag takes its default.
	set := fs.set()
	switch {
	case set["state"] && f.state == "":
		return f, errors.New("-state needs a directory (left out: the state directory's serve/)")
	case set["host-key"] && f.hostKey == "":
		return f, errors.New("-host-key needs a file (left out: STATE/host_ed25519)")
	}
	// The first flag out of its range is refused, with its value.
	for _, c := range []struct {
		bad  bool
		flag string
		v    any
		is   string
	}{
		{f.maxSessions < 1, "max-sessions", f.maxSessions, "is less than 1"},
		{f.maxPerAddr < 1, "max-per-addr", f.maxPerAddr, "is less than 1"},
		{f.maxPerKey < 1, "max-per-key", f.maxPerKey, "is less than 1"},
		{f.maxTables < 1, "max-tables", f.maxTables, "is less than 1"},
		{f.maxTablesAddr < 1, "max-tables-per-addr", f.maxTablesAddr, "is less than 1"},
		{f.maxWatchers < 1, "max-watchers", f.maxWatchers, "is less than 1"},
		{f.maxEntrantsAddr < 1, "max-entrants-per-addr", f.maxEntrantsAddr, "is less than 1"},
		{f.maxTourneysAddr < 1, "max-tournaments-per-addr", f.maxTourneysAddr, "is less than 1"},
		{f.addr == "", "addr", `""`, "names no address: listen on one such as :2222 or 127.0.0.1:2222"},
		{f.idle < time.Second, "idle", f.idle, "is less than a second"},
		{f.login < time.Second, "login-timeout", f.login, "is less than a second"},
		{f.handshake < time.Second, "handshake-timeout", f.handshake, "is less than a second"},
		{f.grace < 0, "grace", f.grace, "is negative"},
		{f.moveClock < 0, "move-clock", f.moveClock, "is negative"},
		{f.abandon <= 0, "abandon", f.abandon, "is not positive"},
		{f.abandonWaiting <= 0, "abandon-waiting", f.abandonWaiting, "is not positive"},
		{!(f.keyRate > 0) || math.IsInf(f.keyRate, 1), "key-rate", f.keyRate, "is not a positive number"},
		{f.stats < 0, "stats", f.stats, "is negative"},
		{f.stats > 0 && f.stats < 100*time.Millisecond, "stats", f.stats, "is less than 100ms (0 logs none)"},
		{f.boardGames < 1, "board-games", f.boardGames, "is less than 1"},
		{f.backups < 0, "backups", f.backups, "is negative (0 keeps none)"},
		{f.stall <= 0, "stall", f.stall, "is not positive"},
	} {
		if c.bad {
			return f, fmt.Errorf("-%s: %v %s", c.flag, c.v, c.is)
		}
	}
	if err := checkPace(f.pace); err != nil {
		return f, err
	}
	f.stateSetBy = "-state sets it"
	if f.state == "" {
		dir, err := store.DefaultDir(getenv)
		if err != nil {
			return f, fmt.Errorf("-state: %v", err)
		}
		f.state = filepath.Join(dir, "serve")
		f.stateSetBy = "-state, else KLOB_STATE_DIR or XDG_STATE_HOME, sets it"
	}
	if f.hostKey == "" {
		f.hostKey = filepath.Join(f.state, "host_ed25519")
	}
	return f, nil
}

// runServe serves Klob over SSH until interrupted.
func runServe(args []string, stdout, stderr io.Writer) int {
	f, err := parseServe(args, stdout, stderr, os.Getenv)
	if err != nil {
		return flagsExit("serve", err, stderr)
	}
	if f.dbCheck {
		return runDBCheck(f, stdout, stderr)
	}
	// The address first: a server that cannot listen leaves no state
	// directory, database or host key behind.
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return failed(stderr, "serve", fmt.Errorf("-addr %s: %w", f.addr, err))
	}
	defer ln.Close()
	// A state directory that cannot be made or written is said as the
	// directory's, with what sets it (stateError).
	if err := checkStateDir(f.state); err != nil {
		return failed(stderr, "serve", f.stateError(err, false))
	}
	// The key lists and the host key next, read once here only to refuse
	// a bad one before a club is made in a new state directory.
	if _, err := access.New(access.Config{Allow: f.allow, Deny: f.deny}); err != nil {
		return failed(stderr, "serve", flagFileError("-deny", f.deny, flagFileError("-allow", f.allow, err)))
	}
	if err := checkHostKey(f); err != nil {
		return failed(stderr, "serve", err)
	}
	// One klob serve per state directory: a second would play its own,
	// diverging copies of the tables and save over the first's.
	if err := os.MkdirAll(f.state, 0o700); err != nil {
		return failed(stderr, "serve", f.stateError(err, false))
	}
	lock, err := dirlock.TryLock(filepath.Join(f.state, stateLock))
	if err != nil {
		return failed(stderr, "serve", f.stateError(lockError(f.state, err), false))
	}
	defer lock.Unlock()
	if err := checkWritable(f.state); err != nil {
		return failed(stderr, "serve", f.stateError(err, false))
	}
	// Before the import reads them: a folder the server cannot read or
	// write stops the start, rather than games unseen or unsaved.
	if err := checkStateFolders(durable.OS(), f.state); err != nil {
		return failed(stderr, "serve", err)
	}
	// One line at a time on the log: the server's, the hall's, the
	// stats'; queued, so that a stalled output stalls no game (written
	// out last, after every other deferred stop).
	lq := newLogQueue(stdout)
	defer lq.Close()
	stdout = &lockedWriter{mu: &sync.Mutex{}, w: lq}
	// The club's database first: one damaged or from a newer klob stops
	// the start, before any table is brought back.
	cl, err := club.Open(context.Background(), f.state, clubOptions(f, timedLogf(stdout)))
	if err != nil {
		return failed(stderr, "serve", err)
	}
	defer cl.Close()
	if w := openToOthers(f.state); w != "" {
		timedLogf(stdout)("%s", w)
	}
	srv, h, err := newServe(f, cl, stdout, stderr)
	if err != nil {
		return failed(stderr, "serve", err)
	}
	// Signals are set before the line that says the server listens.
	// A log piped to a program that dies first (klob serve | tee, both
	// stopped by one Ctrl-C) must not kill the server before it tells
	// its players and saves: with SIGPIPE ignored, a write to the dead
	// pipe fails and loses that log line only.
	signal.Ignore(syscall.SIGPIPE)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	fmt.Fprintf(stdout, "klob serve: listening on %s (state in %s); connect with %s\n", ln.Addr(), f.state, connectHint(ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	if f.stats > 0 {
		stop := make(chan struct{})
		defer close(stop)
		go logStats(stdout, f.stats, srv, h.Hall, cl, stop)
	}
	select {
	case err := <-done:
		if err != nil {
			return failed(stderr, "serve", err)
		}
		return 0
	case <-sig:
	}
	fmt.Fprintln(stdout, "klob serve: shutting down")
	stopServe(srv, h, 5*time.Second)
	return 0
}

// stopServe stops serving: the sessions end (cut after wait), then the
// tables' bots and drop clocks stop and their last saves land before
// the process ends (the club's database closes after them). The hall
// knows first that the sessions' ends are the stop's, not people
// leaving: a table still waiting for players comes back at the next
// start.
func stopServe(srv *server.Server, h *served, wait time.Duration) {
	h.Stopping()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	_ = srv.Shutdown(ctx)
	h.Close()
}

// stopMessage is the last line of a session the server's stop ends:
// a key's games against bots are saved at every move and the tables
// (played or watched) come back from their logs at the next start; a
// guest's games are not kept.
func stopMessage(s *server.Session) string {
	if s.Guest() {
		return "klob: the server is stopping. A guest's game is not kept: connect again later."
	}
	return "klob: the server is stopping. Games are saved: connect again in a minute."
}

// stateLock is the lock file klob serve holds in its state directory
// while it runs.
const stateLock = "serve.lock"

// lockError says why the state directory could not be locked.
func lockError(dir string, err error) error {
	var le *dirlock.LockedError
	if errors.As(err, &le) {
		who := "another klob serve"
		if le.PID > 0 {
			who = fmt.Sprintf("another klob serve (process %d)", le.PID)
		}
		return fmt.Errorf("%s is running on the state directory %s: two would play their own copies of the same tables; stop it, or give this one another -state", who, dir)
	}
	return fmt.Errorf("cannot lock the state directory %s: %w", dir, err)
}

// timedLogf logs a line with the date and time on w: one line an
// entry, the line breaks of a joined error (errors.Join writes one a
// cause) made "; ", so that every line of the log starts with its time.
func timedLogf(w io.Writer) func(format string, a ...any) {
	oneLine := strings.NewReplacer("\r\n", "; ", "\n", "; ", "\r", "; ")
	return func(format string, a ...any) {
		fmt.Fprintf(w, "%s %s\n", time.Now().Format("2006/01/02 15:04:05"), oneLine.Replace(fmt.Sprintf(format, a...)))
	}
}

// newServe makes the server of f: the hall with the tables kept in
// the state directory brought back, and the SSH server giving every
// connection a lobby. Tables that cannot be read are logged and left on
// disk. cl is the club (club.Open): every filed game
// is recorded and rated there, and the tournaments keep their boards in
// its database; nil keeps no club and runs no tournaments.
func newServe(f serveFlags, cl *club.Service, stdout, stderr io.Writer) (*server.Server, *served, error) {
	if err := os.MkdirAll(f.state, 0o700); err != nil {
		return nil, nil, err
	}
	if err := makeStateDirs(f.state); err != nil {
		return nil, nil, err
	}
	var logMu sync.Mutex
	logf := func(format string, a ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		timedLogf(stdout)(format, a...)
	}
	bots := newServeBots(runtime.GOMAXPROCS(0))
	// One chat Hub for the server: a room per table and one for the
	// lobby, the mutes and rate limits shared. A keyed player's mutes
	// are kept in their directory: given back when they connect,
	// written as they change.
	mutes := newMuteFiles(f.state, logf)
	talk, err := chat.New(chat.Config{OnMutes: mutes.save})
	if err != nil {
		return nil, nil, err
	}
	h, err := hall.New(hall.Config{
		Chat:      talk,
		Dir:       filepath.Join(f.state, "tables"),
		MaxTables: f.maxTables,
		// The cap on one key's tables stays the hall's own.
		MaxTablesPerAddr: f.maxTablesAddr,
		MaxWatchers:      f.maxWatchers,
		Grace:            f.grace,
		MoveClock:        f.moveClock,
		Clock:            f.clock,
		Abandon:          f.abandon,
		AbandonWaiting:   f.abandonWaiting,
		Pace:             f.pace,
		NewBot:           bots.newBot,
		Slots:            bots.slots,
		History:          func(id string) hall.Archiver { return playerStore(f.state, id) },
		Record:           hallRecord(cl),
		Logf:             logf,
	})
	if err != nil {
		// Tables that cannot be read: on the log, with its time.
		logf("%v", err)
		if h == nil {
			return nil, nil, err
		}
	}
	all := &served{Hall: h, mutes: mutes}
	if cl != nil {
		// The members' names are theirs: the hall learns them all now,
		// then each change as the database commits it.
		cl.DB().OnName(h.Member)
		names, err := cl.DB().Names(context.Background())
		if err != nil {
			h.Close()
			return nil, nil, err
		}
		for key, name := range names {
			h.Member(key, name)
		}
		if all.tourney, err = startTourney(f, bots, cl.DB(), logf); err != nil {
			h.Close()
			return nil, nil, err
		}
	}
	gate, err := access.New(access.Config{Allow: f.allow, Deny: f.deny, NoGuests: f.noGuests, Logf: logf})
	if err != nil {
		all.Close()
		return nil, nil, err
	}
	srv, err := server.New(server.Config{
		Admit: func(k gossh.PublicKey) string {
			if k == nil {
				return gate.Admit(nil, "")
			}
			return gate.Admit(k, server.KeyID(k))
		},
		Addr:              f.addr,
		HostKey:           f.hostKey,
		MaxSessions:       f.maxSessions,
		MaxConnsPerAddr:   f.maxPerAddr,
		MaxSessionsPerKey: f.maxPerKey,
		IdleTimeout:       f.idle,
		LoginTimeout:      f.login,
		HandshakeTimeout:  f.handshake,
		KeyRate:           f.keyRate,
		StallTimeout:      f.stall,
		Log:               &lockedWriter{mu: &logMu, w: stdout},
		StopMessage:       stopMessage,
		NewModel: func(s *server.Session) tea.Model {
			if !s.Guest() {
				// Before the lobby, which reads them for /unmute.
				mutes.give(talk, s.Key)
			}
			cfg := lobbyConfig(f, h, bots, s)
			cfg.Solo.Logf = soloLogf(logf, cfg.Player)
			withClub(&cfg, cl, s.Key, logf)
			cfg.Tourney = all.tourney
			return tui.NewLobby(cfg)
		},
	})
	if err != nil {
		all.Close()
		return nil, nil, err
	}
	return srv, all, nil
}

// logStats writes a line of figures every d until stop: what an
// operator watches under load (and the attack tests read).
func logStats(w io.Writer, d time.Duration, srv *server.Server, h *hall.Hall, cl *club.Service, stop <-chan struct{}) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		fmt.Fprintf(w, "%s stats: %d sessions, %d tables, %d goroutines, %.1f MiB heap%s\n", time.Now().Format("2006/01/02 15:04:05"),
			srv.Sessions(), h.Count(), runtime.NumGoroutine(), float64(m.HeapInuse)/(1<<20), clubStats(cl))
	}
}

// serveBots is how the server's bots share the machine with the
// sessions' screens. Bubble Tea draws every session's frames on ordinary
// goroutines, and Go has no priorities: a bot at the hard level searches
// on every core, and a few at once would leave the screens waiting. So
// at most slots bots think at once (the cores but one, at least one),
// each on one goroutine, and the others wait their turn before thinking.
// Every bot of the server reads one set of win tables.
type serveBots struct {
	slots  *host.Slots
	newBot ai.Factory
}

func newServeBots(cores int) serveBots {
	return serveBots{slots: host.NewSlots(max(1, cores-1)), newBot: ai.WithWinTables(oneWorker, &eval.WinTables{})}
}

// oneWorker is ai.New on one goroutine.
func oneWorker(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	cfg.Workers = 1
	return ai.New(level, cfg)
}

// lockedWriter shares the log between the server and the hall.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// playerStore is a player's own state directory: their game in
// progress against bots, their history and their name.
func playerStore(state, id string) *store.Store {
	return store.New(filepath.Join(state, "players", id), store.Options{})
}

// nameFile keeps the name a player chose in the lobby.
const nameFile = "name"

// lobbyConfig is one connection's lobby: its games against bots are
// kept under the state directory per player key (a guest's are not).
func lobbyConfig(f serveFlags, h *hall.Hall, bots serveBots, s *server.Session) tui.LobbyConfig {
	state := f.state
	name, renamed := names.FromLogin(s.User)
	tm := tui.DefaultTiming()
	tm.Pace = f.pace
	tm.Slots, tm.Gone = bots.slots, s.Done()
	hub, lobbyRoom := h.Talk()
	heavy := lobby.GateOn(bots.slots)
	cfg := tui.LobbyConfig{
		Config: lobby.Config{
			// `ssh -t host ascii` draws suits as letters and boxes in
			// + - |, for a terminal without Unicode.
			ASCII: s.ASCII,
			Hall:  h,
			// The wrong table codes are limited per address and per key;
			// the command line may name a table to join or watch at once.
			Addr:  s.Addr,
			Start: lobby.Command{Verb: s.Verb, Code: s.Code},
			Chat:  hub,
			Lobby: lobbyRoom,
			// The trainer's grading, the hints and the analyses of all
			// sessions wait for the bots' slots too, behind every bot
			// waiting: one bound on the heavy work, so that a core is
			// always left for the screens and never delays a table's bot.
			Heavy: heavy,
			Send:  s.Send,
			Done:  s.Done(),
			// A move at the table a spectator watches keeps the session
			// from the idle close.
			Active: s.Active,
		},
		Solo: tui.PlayConfig{
			ASCII: s.ASCII,
			// The lobby gives each game a secret seed of its own.
			Setup:  tui.Setup{Level: ai.Normal, Options: rules.DefaultOptions()},
			Timing: tm,
			NewBot: bots.newBot,
			// The server's pace, not the player's: -pace rules the bots.
			PaceFlag: true,
			// A game's analysis takes one slot at a time, as the lobby's.
			Analyze: heavy.Analyze,
			// A key's games get a Store below.
			Unkept: "A guest's games are not kept: connect with an SSH key to keep them.",
		},
	}
	// The player's settings (the bell, the hand's order...): a guest's
	// for the connection, a key's kept in its directory.
	prefs := settings.Default()
	cfg.Solo.Prefs = &prefs
	if !s.Guest() {
		st := playerStore(state, s.Key)
		cfg.Solo.Store = playerFiles{st}
		cfg.Train.Record = &drill.StatsFile{Path: filepath.Join(st.Dir(), drill.StatsName)}
		if b, err := untrusted.ReadFileMax(filepath.Join(st.Dir(), nameFile), 1<<10); err == nil && len(b) > 0 {
			// Shown to other players: a name kept before names were
			// checked as they are now gives way to the user name.
			if n, err := names.Normal(string(b)); err == nil {
				name, renamed = n, ""
			}
		}
		path := filepath.Join(st.Dir(), settings.FileName)
		if p, err := settings.Load(path); err == nil {
			prefs = p
		}
		cfg.Solo.SavePrefs = func(p settings.Settings) error {
			err := os.MkdirAll(st.Dir(), 0o700)
			if err == nil {
				err = settings.Save(path, p)
			}
			if err != nil {
				// The player reads it: without the server's paths.
				return errors.New(durable.Brief(err))
			}
			return nil
		}
		cfg.Rename = func(n string) error {
			// Whole or not at all: a crash mid-write keeps the last name.
			err := durable.ReplaceMkdir(durable.OS(), filepath.Join(st.Dir(), nameFile), nameFile+".*", []byte(n), 0o700)
			if err != nil {
				return errors.New(durable.Brief(err))
			}
			return nil
		}
	}
	if n, ok := h.Named(s.Key); ok {
		// The key is connected already (under another SSH user name, or
		// with a name since renamed): this connection goes by its name
		// there (Visit), so the log names the player so, and no notice
		// speaks of this login's name. That name was checked when the
		// key took it: a check now could only offer a name the hall
		// will not give this connection.
		name = n
	} else if err := h.NameFree(s.Key, name); err != nil {
		// Another member's name, or that of a person at a table (in
		// their first game): not theirs to play, talk and stand in the
		// leaderboards under.
		whose := "another member of this club"
		if taken, ok := errors.AsType[*hall.TakenError](err); ok {
			whose = taken.Whose()
		}
		taken := name
		name = otherName(h, s.Key, name)
		if why, ok := strings.CutPrefix(renamed, names.YouArePlayer); ok {
			// "player", put for a user name no name may be, is taken
			// too: the note says why the user name went, under the
			// name the person now has.
			h.Tell(s.Key, "You are "+name+": "+why)
		} else {
			h.Tell(s.Key, fmt.Sprintf("%s is the name of %s: you are %s here. Press r to choose your name.", taken, whose, name))
		}
	} else if renamed != "" {
		h.Tell(s.Key, renamed)
	}
	cfg.Player = hall.Player{ID: s.Key, Name: name}
	return cfg
}

// soloLogf logs the lines of a person's game alone against bots (its
// autosaves that fail, its bots that fail, its filing) after whose game
// it is, as a table's lines follow its code: "\"ann\" #1a2b3c4d, alone
// against bots: autosave failed: ...".
func soloLogf(logf func(string, ...any), p hall.Player) func(string, ...any) {
	who := "a guest"
	if p.ID != "" {
		who = hall.Who(p)
	}
	return func(format string, args ...any) {
		logf("%s, alone against bots: %s", who, fmt.Sprintf(format, args...))
	}
}

// otherName is the name of a person whose name, taken, another member
// of the club goes by: the name with the first digits of their key's
// tag ("ann-1a2b"), else "player" with them, else (a guest) "guest".
func otherName(h *hall.Hall, key, taken string) string {
	if key == "" {
		return "guest" // nobody reads a guest's name: no talk, no table
	}
	tag := hall.KeyTag(key)[:min(4, len(key))]
	cut := []rune(taken)
	cut = cut[:min(len(cut), names.Max-1-len(tag))]
	for _, n := range []string{string(cut) + "-" + tag, "player-" + tag} {
		if _, err := names.Normal(n); err == nil && h.NameFree(key, n) == nil {
			return n
		}
	}
	return "player-" + tag
}

// connectHint is the ssh command that reaches a server listening on
// addr: on every address, this machine's name for itself (others use
// its name or address instead).
func connectHint(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return "ssh -p PORT HOST"
	}
	host := "localhost"
	if !tcp.IP.IsUnspecified() {
		host = tcp.IP.String()
		if tcp.IP.To4() == nil {
			host = "[" + host + "]"
		}
	}
	if tcp.Port == 22 {
		return "ssh " + host
	}
	return fmt.Sprintf("ssh -p %d %s", tcp.Port, host)
}
