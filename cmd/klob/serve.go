package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/server"
	"github.com/klob/klob/internal/store"
	"github.com/klob/klob/tui"
)

// serveFlags is what the flags of klob serve say.
type serveFlags struct {
	addr        string
	state       string
	hostKey     string
	maxSessions int
	maxTables   int
	idle        time.Duration
	grace       time.Duration
	keyRate     float64
}

// parseServe reads the flags of klob serve:
//
//	klob serve [-addr :2222] [-state DIR] [-host-key FILE] [-max-sessions N] ...
func parseServe(args []string, stderr io.Writer, getenv func(string) string) (serveFlags, error) {
	var f serveFlags
	fs := flag.NewFlagSet("klob serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.addr, "addr", ":2222", "address to listen on")
	fs.StringVar(&f.state, "state", "", "state directory: host key, players' games, open tables (default: the klob state directory's serve/)")
	fs.StringVar(&f.hostKey, "host-key", "", "host key file, created (ed25519) when missing (default: STATE/host_ed25519)")
	fs.IntVar(&f.maxSessions, "max-sessions", 100, "most sessions open at once")
	fs.IntVar(&f.maxTables, "max-tables", 50, "most tables open at once")
	fs.DurationVar(&f.idle, "idle", 30*time.Minute, "a session without a key pressed for this long is closed")
	fs.DurationVar(&f.grace, "grace", 2*time.Minute, "how long a dropped player's seat waits before a bot takes it")
	fs.Float64Var(&f.keyRate, "key-rate", 40, "most keys a second a session may send")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: klob serve [-addr :2222] [-state DIR] [-host-key FILE] [-max-sessions N] [-max-tables N] [-idle D] [-grace D]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return f, errHelp
		}
		return f, err
	}
	if fs.NArg() > 0 {
		return f, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case f.maxSessions < 1:
		return f, fmt.Errorf("-max-sessions: %d is less than 1", f.maxSessions)
	case f.maxTables < 0:
		return f, fmt.Errorf("-max-tables: %d is negative", f.maxTables)
	case f.idle <= 0:
		return f, fmt.Errorf("-idle: %v is not positive", f.idle)
	case f.grace < 0:
		return f, fmt.Errorf("-grace: %v is negative", f.grace)
	case f.keyRate <= 0:
		return f, fmt.Errorf("-key-rate: %v is not positive", f.keyRate)
	}
	if f.state == "" {
		dir, err := store.DefaultDir(getenv)
		if err != nil {
			return f, fmt.Errorf("-state: %v", err)
		}
		f.state = filepath.Join(dir, "serve")
	}
	if f.hostKey == "" {
		f.hostKey = filepath.Join(f.state, "host_ed25519")
	}
	return f, nil
}

// runServe serves Klob over SSH until interrupted.
func runServe(args []string, stdout, stderr io.Writer) int {
	f, err := parseServe(args, stderr, os.Getenv)
	switch {
	case errors.Is(err, errHelp):
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "klob serve: %v\n", err)
		return 2
	}
	if err := os.MkdirAll(f.state, 0o700); err != nil {
		fmt.Fprintf(stderr, "klob serve: %v\n", err)
		return 1
	}
	srv, err := server.New(server.Config{
		Addr:        f.addr,
		HostKey:     f.hostKey,
		MaxSessions: f.maxSessions,
		IdleTimeout: f.idle,
		KeyRate:     f.keyRate,
		Log:         stdout,
		NewModel: func(s *server.Session) tea.Model {
			return tui.NewPlay(soloConfig(f.state, s))
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "klob serve: %v\n", err)
		return 1
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		fmt.Fprintf(stderr, "klob serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "klob serve: listening on %s (state in %s); connect with ssh -p PORT HOST\n", ln.Addr(), f.state)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		if err != nil {
			fmt.Fprintf(stderr, "klob serve: %v\n", err)
			return 1
		}
		return 0
	case <-sig:
	}
	fmt.Fprintln(stdout, "klob serve: shutting down")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
	return 0
}

// soloConfig is the play against bots of one connection: its games are
// kept under the state directory, per player key (a guest's are not
// kept).
func soloConfig(state string, s *server.Session) tui.PlayConfig {
	cfg := tui.PlayConfig{
		Setup:  tui.DefaultSetup(uint64(time.Now().UnixNano())),
		Timing: tui.DefaultTiming(),
		Player: s.User,
	}
	if !s.Guest() {
		cfg.Store = store.New(filepath.Join(state, "players", s.Key), store.Options{})
	}
	return cfg
}
