package host

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// RematchTag is the log tag of a game that "again" started: the
// checksum (SumLog) of the game before it, as it was filed.
const RematchTag = "RematchOf"

// SumLog is the checksum that names a game: the hex SHA-256 of its log
// as Log.MarshalText writes it, which is how Store.Archive files it (the
// club's database identifies games by the same sum of the file's bytes).
func SumLog(l *gamelog.Log) (string, error) {
	data, err := l.MarshalText()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// again takes a person's answer once the game is over: "again" (yes),
// or "no" to another game; each takes back the other. No is only taken
// where the others could go on without them (Config.AgainBot):
// elsewhere the next game needs everyone, and leaving says no.
func (st *state) again(p *port, gen int, yes bool) error {
	switch {
	case !yes && st.cfg.AgainBot == nil:
		return ErrNoAgainBots
	case st.sess.IsBoard():
		return ErrBoardOnce
	case !st.sess.Over():
		return ErrNotOver
	case gen != st.gen():
		return ErrStale
	}
	if sd := st.seats[p.seat]; sd.again != yes || sd.no == yes {
		sd.again, sd.no, st.dirty = yes, !yes, true
		if !yes && !sd.noLogged {
			sd.noLogged = true
			st.h.logf("%s wants no other game", st.who(p.seat))
		}
	}
	return nil
}

// without reports whether the next game may go on without the person
// of seat sd: away, or here and said no (noAgain).
// A person who left the end a moment ago (keep) is not away yet,
// unless they said no.
func (sd *seat) without() bool { return sd.player.Human && (sd.port == nil && !sd.kept || sd.no) }

// againWithBots takes a person's "again" and, once every person here
// has said it and the game is filed, starts the next game with a bot in
// the seat of each person who played and is away (rematch). Any person
// here who says again may: the table's host may be the one who left,
// and nobody here is put in a game they did not ask for.
func (st *state) againWithBots(p *port, gen int) error {
	if st.cfg.AgainBot == nil {
		return ErrNoAgainBots
	}
	if err := st.again(p, gen, true); err != nil {
		return err
	}
	if err := st.againWithBotsMay(); err != nil {
		return err
	}
	for _, sd := range st.seats {
		if sd.without() {
			sd.botAgain, st.dirty = true, true
		}
	}
	return nil
}

// againWithBotsMay says why the people here may not start the next game
// with bots for those away: nil once the game is filed, every person
// here has said again or no, and a person who played it is away or
// said no.
func (st *state) againWithBotsMay() error {
	switch {
	case st.cfg.AgainBot == nil || st.closed:
		return ErrNoAgainBots
	case st.sess.IsBoard():
		return ErrBoardOnce
	case !st.sess.Over():
		return ErrNotOver
	case st.final == nil || st.cfg.Store != nil && !st.saveState.Filed:
		return ErrNotFiled
	}
	away := false
	for _, sd := range st.seats {
		switch {
		case !sd.player.Human:
		case sd.kept && !sd.no:
			return ErrOverWait
		case sd.without():
			away = true
		case !sd.again:
			return ErrNotAllAgain
		}
	}
	if !away {
		return ErrNotAllAgain // nobody away: the next game waits for again
	}
	return nil
}

// RenameNext gives the person at seat the name the next game "again"
// starts under: the game over keeps the names it was played and filed
// with. Refused while the game is not over, and at a bot's seat.
func (h *Host) RenameNext(seat rules.Seat, name string) error {
	return h.call(func() error {
		st := h.st
		switch {
		case !st.sess.Over():
			return ErrNotOver
		case int(seat) >= len(st.seats) || !st.seats[seat].player.Human:
			return fmt.Errorf("seat %s holds no person", seat)
		}
		st.seats[seat].rename = name
		return nil
	})
}

// rematchDue reports whether the next game starts: the game is over,
// every person who played it is here and said "again" (or is away, and
// those here start it with a bot in their seat: botAgain), and the game
// is filed (a new game's saves never come before the old one's filing).
// A person away, or who left at the end, is never put in a game (rated,
// filed in their history) they did not ask for: the others wait, go on
// with a bot in their place, or leave.
func (st *state) rematchDue() bool {
	if st.closed || !st.sess.Over() || st.sess.IsBoard() || st.final == nil {
		return false
	}
	for _, sd := range st.seats {
		if sd.player.Human && !sd.botAgain && (sd.port == nil || !sd.again) {
			return false
		}
	}
	return st.cfg.Store == nil || st.saveState.Filed
}

// rematch starts the next game at this host: the same seats (people
// and bots) and rules, the people asked as before (Game.AskAll), the
// first dealer one seat on from the last game's, a fresh secret seed,
// and RematchTag naming the game before. The people here keep their
// ports, the spectators theirs; Gen goes on rising.
func (h *Host) rematch() {
	old := h.st
	fail := func(err error) {
		h.logf("a new game could not start: %v", err)
		for _, sd := range old.seats {
			sd.again, sd.botAgain = false, false
		}
		old.setNote(Note{Kind: NoteError, Seat: rules.NoSeat, Text: "a new game could not start: " + err.Error()})
	}
	g := old.sess.Game()
	n := g.Players()
	dealer := rules.NextDealer(g.FirstDealer(), n)
	seed, err := seedDealtBy(h.cfg.NewSeed(), dealer, n)
	if err != nil {
		fail(err)
		return
	}
	sum, err := SumLog(old.final)
	if err != nil {
		fail(err)
		return
	}
	players := old.sess.Players()
	var bots, nos []string // the seats a bot takes: of people away, of people who said no
	for i, sd := range old.seats {
		if sd.rename != "" {
			players[i].Name = sd.rename
		}
		if sd.botAgain {
			if sd.no {
				nos = append(nos, old.who(rules.Seat(i)))
			} else {
				bots = append(bots, old.who(rules.Seat(i)))
			}
			players[i] = h.cfg.AgainBot(rules.Seat(i))
		}
	}
	s, err := session.New(session.Config{Options: g.Options(), Seed: seed, Players: players,
		NewBot: h.cfg.NewBot, Start: h.clock.Now(), AskAll: h.cfg.AskAll})
	if err != nil {
		fail(err)
		return
	}
	st, err := newState(h, s, nil)
	if err != nil {
		fail(err)
		return
	}
	left := make([]*port, len(old.seats)) // the ports retire takes
	for i, sd := range old.seats {
		left[i] = sd.port
	}
	st.genBase, st.rematchOf, st.game, st.observe = old.gen()+1, sum, old.game+1, old.observe
	for i, sd := range old.seats {
		if st.seats[i].player.Human { // every person is here (rematchDue)
			st.seats[i].port = sd.port
			st.stopGrace(rules.Seat(i))
		}
	}
	old.retire()
	for i, sd := range old.seats {
		if p := left[i]; p != nil && sd.botAgain {
			// Here and said no: the seat is the bot's now, and the
			// person's screen reads the game closed to them.
			p.left = true
			p.snap.Store(old.snapshot(p))
			p.end()
		}
	}
	h.st = st
	h.w.reset()
	st.dirty = true
	first := fmt.Sprintf("%q", st.seats[dealer].player.Name)
	if st.seats[dealer].player.Human {
		first = st.who(dealer) // Config.Who names people, not bots
	}
	h.logf("game %d: again, %s deals first", st.game, first)
	if len(bots) > 0 {
		h.logf("game %d: a bot plays the seat of %s, away", st.game, strings.Join(bots, ", "))
	}
	if len(nos) > 0 {
		h.logf("game %d: a bot plays the seat of %s, who wanted no other game", st.game, strings.Join(nos, ", "))
	}
}

// seedDealtBy is the first seed of the stream from base (base itself,
// then seedmix's) whose game has dealer deal first: as secret as base,
// the cut for the first dealer being no secret.
func seedDealtBy(base uint64, dealer rules.Seat, n int) (uint64, error) {
	seed := base
	// Each try deals from dealer with odds 1 in n: a thousand all fail
	// with odds below 1 in 10^120.
	for i := range uint64(1000) {
		if i > 0 {
			seed = seedmix.Mix(base, i)
		}
		if session.FirstDealerOf(seed, n) == dealer {
			return seed, nil
		}
	}
	return 0, fmt.Errorf("no seed lets seat %s deal first", dealer)
}

// retire stops what the game ran when the next game replaces it: its
// bots, hints, claims and clocks. The ports are the next game's now; an
// answer that comes late to this state changes nothing.
func (st *state) retire() {
	st.stop()
	for _, s := range st.seats {
		s.port = nil
	}
}

// stop closes the state and stops what it runs: the bot thinking, the
// seats' hints, claims, grace and move clocks.
func (st *state) stop() {
	st.closed = true
	st.cancelBot()
	for i, s := range st.seats {
		st.dropHint(s)
		st.dropClaim(s)
		st.stopGrace(rules.Seat(i))
		st.stopClock(rules.Seat(i))
		st.unkeep(s)
	}
}
