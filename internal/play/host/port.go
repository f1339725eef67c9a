package host

import (
	"sync"
	"sync/atomic"

	"github.com/klob/klob/rules"
)

// Port is one person's seat at a game: the only thing a screen sees.
// Its methods are safe for concurrent use and never wait for a bot, a
// save or another seat; an action waits only for the host's turn.
type Port interface {
	// Snapshot is everything this seat may know, now.
	Snapshot() Snapshot
	// Updates ticks when Snapshot has changed. Ticks are coalesced: a
	// seat that reads late gets one tick for many changes, and the host
	// never waits for it. It is closed when the port has left, lost its
	// seat or the host has stopped.
	Updates() <-chan struct{}
	// Act takes this seat's decision. gen is the Snapshot.Gen the person
	// saw: an action for a position they have not seen is refused
	// (ErrStale).
	Act(gen int, a rules.Action) error
	// Ready says, between deals, that the person has read the deal's
	// result (the next deal starts once every person here is ready; in
	// a game of one person, at once); or lets the bots go on after a
	// trick held on the table. gen as for Act.
	Ready(gen int) error
	// Undo takes back this seat's last decision and every move after it,
	// never past a point where this seat saw new cards or heard another
	// seat tell of its hidden cards (ErrRevealed).
	Undo() error
	// Claim claims the rest of the deal for this seat's side; the check
	// runs off the host, and its verdict comes in Snapshot.Claim.
	Claim() error
	// Hint asks the hard bot's view of this seat's decision at gen; it
	// comes in Snapshot.Hint. One hint per seat is worked out at a time,
	// behind every bot of the server. CloseHint drops it, and stops it
	// if it is still being worked out.
	Hint(gen int) error
	CloseHint()
	// Again says, once the game is over, that the person wants another
	// game: when every person here has said it, a new game starts with
	// the same seats and rules (Host doc). gen as for Act. Leaving takes
	// it back.
	Again(gen int) error
	// AgainWithBots says again and starts the next game now, a bot
	// (Config.AgainBot) in the seat of each person who played and is
	// away: once every person here has said again and the game is
	// filed (Can.AgainWithBots). Until then a person away may come back
	// to their seat. gen as for Act.
	AgainWithBots(gen int) error
	// NoAgain says, once the game is over, that the person wants no
	// other game: the others read it, and may start the next game with a
	// bot in the seat as for a person away (AgainWithBots); if they do,
	// the port is let go (Snapshot.Closed, SeatInfo.No). It takes back an
	// again said, and Again takes it back in turn. gen as for Act.
	NoAgain(gen int) error
	// Here says the person is at the keyboard (any key pressed): a seat
	// the move clock counted as idle gets its decisions back. Every
	// other call of the seat's says as much.
	Here() error
	// Leave gives the seat up: a person's seat waits Config.Grace for
	// them, then a bot plays it; at the game's end it stays theirs, their
	// answer too, for Config.OverWait (a connection cut for a moment).
	// A spectator stops watching.
	Leave()
	// Quit is Leave by the person's choice (q), not a connection cut: at
	// the game's end their seat is not held for them, and their answer
	// goes with them at once.
	Quit()
}

// port is a connection's hold on a seat, or a spectator's (watch, at
// NoSeat) on the game.
type port struct {
	h     *Host
	seat  rules.Seat
	watch bool
	snap  atomic.Pointer[Snapshot]

	mu     sync.Mutex
	ch     chan struct{}
	closed bool // ch is closed

	// The loop's: the port left, or a newer one took the seat.
	left, kicked bool
}

func newPort(h *Host, seat rules.Seat) *port {
	return &port{h: h, seat: seat, watch: seat == rules.NoSeat, ch: make(chan struct{}, 1)}
}

func (p *port) Snapshot() Snapshot       { return *p.snap.Load() }
func (p *port) Updates() <-chan struct{} { return p.ch }

// do runs f on the host's loop as this seat's call: the state is the
// game's at that moment (a rematch replaces it), and the seat is the
// cause of what follows (the bell rings for others only). A port that
// lost its seat is refused (state.check); a spectator's calls never
// reach the loop.
func (p *port) do(f func(st *state) error) error {
	if p.watch {
		return ErrWatching
	}
	return p.h.call(func() error {
		p.h.cause = p.seat
		if err := p.h.st.check(p); err != nil {
			return err
		}
		p.h.st.stir(p.seat)
		return f(p.h.st)
	})
}

func (p *port) Act(gen int, a rules.Action) error {
	return p.do(func(st *state) error { return st.act(p, gen, a) })
}

func (p *port) Ready(gen int) error { return p.do(func(st *state) error { return st.ready(p, gen) }) }
func (p *port) Undo() error         { return p.do(func(st *state) error { return st.undo(p) }) }
func (p *port) Claim() error        { return p.do(func(st *state) error { return st.claim(p) }) }
func (p *port) Hint(gen int) error  { return p.do(func(st *state) error { return st.hint(p, gen) }) }
func (p *port) Again(gen int) error {
	return p.do(func(st *state) error { return st.again(p, gen, true) })
}
func (p *port) AgainWithBots(gen int) error {
	return p.do(func(st *state) error { return st.againWithBots(p, gen) })
}
func (p *port) NoAgain(gen int) error {
	return p.do(func(st *state) error { return st.again(p, gen, false) })
}
func (p *port) Here() error { return p.do(func(*state) error { return nil }) }

func (p *port) CloseHint() {
	_ = p.do(func(st *state) error { st.dropHint(st.seats[p.seat]); return nil })
}

func (p *port) Leave() { p.leave(false) }
func (p *port) Quit()  { p.leave(true) }

func (p *port) leave(chosen bool) {
	if p.watch {
		_ = p.h.call(func() error { p.h.unwatch(p); return nil })
	} else {
		// Not through do: a port that lost its seat leaves too.
		_ = p.h.call(func() error {
			p.h.cause = p.seat
			p.h.st.leave(p, chosen)
			return nil
		})
	}
	p.end()
}

// tick tells the reader that the snapshot changed, without waiting.
func (p *port) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	select {
	case p.ch <- struct{}{}:
	default:
	}
}

// end closes Updates, once.
func (p *port) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		close(p.ch)
	}
}
