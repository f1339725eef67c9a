package host

import (
	"time"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// flush ends the handling of an event: hints and verdicts of a position
// the game has left go, and a changed game is handed to the writer.
func (st *state) flush() {
	gen := st.sess.Gen()
	for _, s := range st.seats {
		if s.hint != nil && s.hint.gen != st.gen() {
			st.dropHint(s)
		}
		// A verdict shows while its position does; a good claim's for
		// the rest of its deal.
		if c := s.claim; c != nil && !c.state.Pending && c.c.Gen != gen &&
			(!c.state.Verdict.OK || c.state.Err != nil || c.deal != st.dealShown()) {
			st.dropClaim(s)
		}
	}
	if !st.changed {
		return
	}
	st.changed = false
	over := st.sess.Over()
	if st.cfg.Store == nil || st.filing {
		if over && st.final == nil {
			st.final = st.log()
		}
		return
	}
	l := st.log()
	if over {
		st.final = l
	}
	st.send(l, over)
}

// abandon hands the game as it stands to the writer to be filed.
func (st *state) abandon() {
	if st.cfg.Store == nil || st.filing {
		return
	}
	st.changed = false
	st.send(st.log(), true)
}

// send hands l to the writer; final: the last save, then the filing
// (nothing is saved after it).
func (st *state) send(l *gamelog.Log, final bool) {
	st.saveSeq++
	st.filing = final
	st.h.w.queue(st.saveSeq, l, final)
	st.saveState.Pending, st.dirty = true, true
}

// written takes a write's result from the writer.
func (st *state) written(r writeResult) {
	if r.saved {
		st.savedSeq = max(st.savedSeq, r.seq)
		st.saveState.Err = st.h.errorText(r.err)
		st.logSave(r.err)
	}
	if r.filing {
		st.saveState.Filed = r.fileErr == nil
		st.saveState.FileErr = st.h.errorText(r.fileErr)
		if !st.cfg.Server {
			st.saveState.Path = r.path
		}
		if r.fileErr != nil {
			st.h.logf("filing the game failed (tried again later): %v", r.fileErr)
		} else {
			st.h.logf("game over: filed")
		}
	}
	st.saveState.Pending = st.savedSeq < st.saveSeq
	st.dirty = true
}

// saveLogEvery is the least time between two log lines of failing
// saves: a full disk fails every move's save, and one line a minute
// says as much as one a move.
const saveLogEvery = time.Minute

// logSave logs a save's failure: the first at once, then at most one
// line every saveLogEvery with how many failed since, and a line when
// the saves work again.
func (st *state) logSave(err error) {
	now := st.h.clock.Now()
	switch {
	case err == nil:
		if st.saveFails > 0 {
			st.h.logf("autosave works again (%d failed before)", st.saveFails)
		}
		st.saveFails = 0
	case st.saveFails == 0 || now.Sub(st.saveFailLogged) >= saveLogEvery:
		st.saveFails++
		if st.saveFails == 1 {
			st.h.logf("autosave failed: %v", err)
		} else {
			st.h.logf("autosave failed: %v (%d failed so far)", err, st.saveFails)
		}
		st.saveFailLogged = now
	default:
		st.saveFails++
	}
}

// log is the game's log as it stands, with what the host adds: the
// takeovers in the header's comments and which moves the bots standing
// in made.
func (st *state) log() *gamelog.Log {
	l := st.sess.Log()
	l.Header.Extra = append([]gamelog.Tag(nil), l.Header.Extra...)
	l.Comment = append([]string(nil), st.comments...)
	for _, t := range st.cfg.Tags {
		l.Header.SetTag(t.Name, t.Value)
	}
	if st.rematchOf != "" {
		l.Header.SetTag(RematchTag, st.rematchOf)
	}
	l.Header.SetTag(TakeoverTag, writeMovers(st.movers))
	return l
}

// publish sends every connected seat and spectator its snapshot when
// something changed: it stores the snapshot and ticks, never waiting
// for a reader. The spectators share one snapshot.
func (st *state) publish() {
	if !st.dirty {
		return
	}
	st.dirty = false
	for i, s := range st.seats {
		var snap *Snapshot
		if p := s.port; p != nil {
			snap = st.snapshot(p)
			p.snap.Store(snap)
			p.tick()
		}
		if st.observe != nil {
			if snap == nil {
				snap = st.snapshot(newPort(st.h, rules.Seat(i)))
			}
			st.observe(snap)
		}
	}
	if len(st.h.watchers) == 0 && st.observe == nil {
		return
	}
	snap := st.snapshot(st.h.eye)
	for p := range st.h.watchers {
		p.snap.Store(snap)
		p.tick()
	}
	if st.observe != nil {
		st.observe(snap)
	}
}

// snapshot builds what p's seat may know now: its own View and public
// facts only.
func (st *state) snapshot(p *port) *Snapshot {
	g := st.sess.Game()
	seat := p.seat
	s := &Snapshot{
		Seat: seat, Gen: st.gen(), Options: g.Options(), Note: st.note, Thinking: rules.NoSeat,
		Hold: st.hold, Save: st.saveState, Takebacks: st.sess.Takebacks(), Claimer: rules.NoSeat,
		Closed: st.closed, Kicked: p.kicked, Over: st.sess.Over(), WinnerSide: g.Winner(), Sides: g.Sides(), Totals: g.Totals(),
		Watching: p.watch, Watchers: len(st.h.watchers), Private: st.h.private, Game: st.game, RematchOf: st.rematchOf,
	}
	if st.sess.IsBoard() {
		s.WinnerSide = -1 // a board has a result, no winner
	}
	for i, sd := range st.seats {
		in := SeatInfo{Name: sd.player.Name, Human: sd.player.Human, Again: sd.again, AgainLeft: sd.againLeft, No: sd.no, Due: sd.due}
		switch {
		case !sd.player.Human:
			in.State, in.Level, in.Ready = SeatBot, sd.player.Level, true
		case sd.takeover && sd.back:
			in.State, in.Level, in.Ready = SeatBack, st.cfg.TakeoverLevel, true
		case sd.takeover:
			in.State, in.Level, in.Ready, in.Until = SeatTakeover, st.cfg.TakeoverLevel, true, sd.keptUntil
		case sd.port != nil:
			in.State, in.Ready, in.Idle = SeatHere, sd.ready || st.idleReady(rules.Seat(i)), sd.idle()
		default:
			in.State, in.Ready, in.Until = SeatAway, true, sd.until
			if st.sess.Over() {
				// No grace runs at the end: Until is the end of the
				// wait before the others may go on without them.
				in.Until = sd.keptUntil
			}
		}
		s.Players = append(s.Players, in)
	}
	if b := st.bot; b != nil && !b.stale {
		s.Thinking = b.th.Seat
	}
	for i := range g.DealNo() - 1 {
		r := g.Result(i)
		s.Deals = append(s.Deals, DealResult{Dealer: r.Dealer, Score: r.Score, Ending: r.Ending, Schmeisser: r.Schmeisser, Totals: r.Totals})
	}
	if s.HasDeal = st.hasDeal(); s.HasDeal {
		s.View = st.sess.View(seat)
		s.DealNo = st.dealShown()
		s.Between = g.NeedDeal() && !s.Over
		steps := st.steps()
		ms := st.movers[s.DealNo]
		s.Moves = make([]Mover, len(steps))
		for i, stp := range steps {
			m := Mover{Seat: stp.Seat, By: ByPerson}
			if i < len(ms) {
				m.By = ms[i]
			}
			if m.By == ByForced && stp.Seat != seat {
				m.By = ByPerson
			}
			s.Moves[i] = m
			if why, ok := st.sess.Forced(s.DealNo, i); ok && stp.Seat == seat {
				if s.Forced == nil {
					s.Forced = map[int]string{}
				}
				s.Forced[i] = why
			}
		}
		if c, ok := st.claimedBy[s.DealNo]; ok {
			s.Claimer = c
		}
		// A spectator sees a scored deal whole; one thrown in stays
		// hidden from them, as from the players, until the game is
		// over: its hands were never played, and one who saw them
		// could tell a player whether a schmeiss came from a strong
		// hand or a weak one.
		if p.watch && (s.Over || s.Between && !st.sess.Deal().Ending().ThrownIn()) {
			s.Open = st.openDeal()
		}
	}
	if st.last != nil && s.HasDeal {
		m := *st.last
		if m.By == ByForced && m.Seat != seat {
			m.By = ByPerson // that it was forced would tell what the seat holds
		}
		// The move as this seat knows it: a card drawn or given between
		// two others reads NoCard.
		if h := s.View.History(); st.lastStep < len(h) && h[st.lastStep].Seat == m.Seat {
			m.Action = h[st.lastStep].Action
		} else {
			m.Action.Card = rules.NoCard
		}
		s.Last = &m
	}
	if s.Over && st.sess.SeedKnown() {
		// A game resumed from a log without its seed has none to show:
		// no seed deals it again.
		s.Seed, s.SeedShown = st.sess.Seed(), true
	}
	if p.watch {
		return s
	}
	s.Bell = st.h.bells[seat]
	sd := st.seats[seat]
	if j := sd.claim; j != nil {
		c := j.state
		s.Claim = &c
	}
	if j := sd.hint; j != nil {
		h := j.state
		s.Hint = &h
	}
	s.NoHints, s.NoTakebacks = st.noHints, !st.cfg.Takebacks
	s.Clocked, s.ClockedRanOut = sd.clocked, sd.clockedRanOut
	live := !st.closed && !p.kicked && !p.left && sd.port == p
	if live {
		s.Can.Act = st.canAct(seat)
		if s.Can.Act {
			s.Only, _ = st.sess.Only(seat)
		}
		s.Can.Hint = s.Can.Act && !st.noHints
		s.Can.Ready = st.person(seat) && (st.hold || (s.Between && !sd.ready))
		_, turnOK := st.sess.ToMove()
		s.Can.Claim = !st.cfg.NoClaims && st.person(seat) && turnOK && s.View.Phase == rules.PhasePlay && !st.sess.Claimed(seat) &&
			(sd.claim == nil || !sd.claim.state.Pending)
		s.Can.Undo = st.cfg.Takebacks && st.person(seat) && st.mayUndo(seat) == nil
		s.Can.Again = s.Over && !sd.again && !st.sess.IsBoard()
		s.Can.NoAgain = s.Over && !sd.no && !st.sess.IsBoard() && st.cfg.AgainBot != nil
		s.Can.AgainWithBots = s.Over && sd.again && st.againWithBotsMay() == nil
	}
	return s
}
