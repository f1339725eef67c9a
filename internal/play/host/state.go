package host

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/quietlog"
	"github.com/klob/klob/rules"
)

// state is the game and everything the host keeps about it. Only the
// loop goroutine touches it: no lock, and nothing in it waits.
type state struct {
	h    *Host
	cfg  *Config
	sess *session.Session

	seats    []*seat
	comments []string // the log's header comments: takeovers, seats taken back
	// noHints refuses hints in this game: Config.NoHints, or
	// Config.NoHintsFor of its players.
	noHints bool
	// movers says who made each step, by deal number (from 1);
	// claimedBy who claimed the rest of a deal.
	movers    map[int][]By
	claimedBy map[int]rules.Seat
	// seen is the cards each seat has seen in the deal; barrier is the
	// earliest point of the game an undo of the seat may go back to: the
	// step after the last one that showed it new cards.
	seen    []rules.CardSet
	barrier []mark
	// seenDeal is the number of the last deal shown to a person at a
	// seat while it was played (dealSeen); a deal resumed in play counts
	// as shown.
	seenDeal int

	note Note
	last *Move
	// lastStep is the step of the last move in its deal: each seat sees
	// that step as its View's history shows it (a card given face down
	// between two others stays hidden).
	lastStep int
	lastAt   time.Time // when the last move was made: the pace counts from it
	// lastTrick is set when the last move finished a trick.
	lastTrick bool
	// fresh is set until the game's first deal: it waits for nobody's
	// Ready.
	fresh bool
	hold  bool // a finished trick waits for a person's Ready
	bot   *botJob

	saveState SaveState
	saveSeq   int // saves queued
	savedSeq  int // saves written (or failed)
	// saveFails counts the saves failed in a row, the last logged at
	// saveFailLogged (logSave).
	saveFails      int
	saveFailLogged time.Time
	filing         bool // the archive is queued: nothing is saved after it
	changed        bool // the game changed since the last save was queued
	dirty          bool // the snapshots changed since they were last sent
	closed         bool

	// game numbers the games of this host, from 1; genBase is added to
	// the session's Gen so that Gen never goes back when "again" starts
	// the next game; rematchOf is RematchTag's value ("" for none).
	game      int
	genBase   int
	rematchOf string
	// final is the finished game's log as it was filed (SumLog names it).
	final *gamelog.Log
	// open is the scored deal opened to spectators, for position openGen.
	open    *OpenDeal
	openGen int

	// observe, set by tests, sees every seat's snapshot at every change,
	// a bot's seat's too, and the spectators', on the loop.
	observe func(*Snapshot)
}

// seat is one place at the game.
type seat struct {
	player Player
	port   *port // the person's connection, nil when away or a bot's seat
	// dropped is set once the person was here and left (or the game
	// was resumed): coming back is news.
	dropped bool
	// until is when a dropped person's seat goes to a bot; the grace is
	// one allowance a deal (Config.Grace), so a person who drops and
	// comes back again and again does not get a whole grace each time:
	// graceUsed is what the deal's drops spent of it, graceFrom when the
	// running grace began.
	until     time.Time
	graceUsed time.Duration
	graceFrom time.Time
	graceStop func() bool
	graceTok  int
	takeover  bool // the stand-in bot plays for a person who did not come back
	back      bool // the person came back: takes the seat once the bot's move lands
	ready     bool
	again     bool // the game is over and the person wants another
	// no is set when the person, here at the game's end, said they want
	// no other game (Port.NoAgain): the others may start it without
	// them, a bot in their seat, as for a person away.
	no bool
	// noLogged: the log said so once this game; saying no again after
	// taking it back is not logged again, so x and n pressed in turn
	// cannot fill the log.
	noLogged bool
	// againLeft is set when the person said again and then left: the
	// leaving took it back, which the others are told (SeatInfo).
	againLeft bool
	rename    string // the person's name for the next game, "" to keep it
	// kept is set while the seat of a person who left at the game's end
	// stays theirs (Config.OverWait), until keptUntil: their answer
	// stands, and nobody may start the next game without them.
	kept      bool
	keptUntil time.Time
	keptStop  func() bool
	keptTok   int
	// botAgain is set on a person's seat away at the game's end when
	// those here start the next game without them: a bot
	// (Config.AgainBot) takes it there (AgainWithBots).
	botAgain bool

	hint  *hintJob
	claim *claimJob

	// The move clock (Config.MoveClock, moveclock.go): due is when the
	// bot decides for the person, for the decision or Ready of clockKey;
	// timeouts counts the run-outs in a row since the person last did
	// anything; botGen is the position whose decision the clock gave the
	// bot (-1 none); clocked is the bot's last such decision, shown to
	// the person until they act; stand is the bot that decides for them.
	due       time.Time
	clockKey  clockKey
	clockStop func() bool
	clockTok  int
	timeouts  int
	botGen    int
	clocked   *Move
	stand     ai.Bot
	// clockedRanOut: clocked was made because the clock ran out on its
	// decision, not at once for an idle seat.
	clockedRanOut bool
	// held is what was left of the clock of decision heldKey when its
	// person went away (holding): it runs on from there when they come
	// back.
	heldKey clockKey
	held    time.Duration
	holding bool
}

// mark is a point of the game: a deal (from 1) and a step of it.
type mark struct{ deal, step int }

func (m mark) before(o mark) bool { return m.deal < o.deal || (m.deal == o.deal && m.step < o.step) }

type botJob struct {
	th       session.Thinker
	by       By
	cancel   context.CancelFunc
	thinking bool // its goroutine has not answered yet
	stale    bool // the position it thinks about has gone
	stop     func() bool
}

type hintJob struct {
	gen    int
	cancel context.CancelFunc
	state  HintState
}

type claimJob struct {
	c      session.ClaimCheck
	deal   int
	cancel context.CancelFunc
	state  ClaimState
}

func newState(h *Host, s *session.Session, l *gamelog.Log) (*state, error) {
	// fresh: the game's first deal waits for nobody. A game resumed
	// with a deal on the table, or between deals (its people reading the
	// last deal's summary), waits for their Ready as before the stop.
	g := s.Game()
	st := &state{h: h, cfg: &h.cfg, sess: s, movers: map[int][]By{}, claimedBy: map[int]rules.Seat{}, fresh: g.NeedDeal() && g.DealNo() == 1,
		seen: make([]rules.CardSet, g.Players()), barrier: make([]mark, g.Players()), saveState: SaveState{NoStore: h.cfg.Store == nil},
		game: 1}
	for _, p := range s.Players() {
		st.seats = append(st.seats, &seat{player: p, dropped: l != nil, botGen: -1})
	}
	st.noHints = h.cfg.NoHints || h.cfg.NoHintsFor != nil && h.cfg.NoHintsFor(s.Players())
	if l != nil {
		st.rematchOf = l.Header.Tag(RematchTag)
		st.comments = append([]string(nil), l.Comment...)
		st.movers = readMovers(l, s)
		left := l.LeftAtEnd()
		for i, sd := range st.seats {
			if !sd.player.Human || !slices.Contains(left, rules.Seat(i)) || s.Over() {
				continue
			}
			// A bot played the seat when the game stopped: it plays on
			// until the person comes back (handBack).
			if _, err := st.standIn(rules.Seat(i)); err != nil {
				return nil, err
			}
			sd.takeover = true
			st.stopGrace(rules.Seat(i))
		}
		st.barrier = resumeBarriers(l, s)
		for no := range len(l.Deals) {
			// Each deal's claim in the log, so that a deal over says who
			// claimed it as it did before the save.
			if c, ok := s.ClaimOf(no + 1); ok {
				st.claimedBy[no+1] = c.Seat
			}
		}
		if c, ok := s.Claimer(); ok {
			// A claim's cards were being played when the game stopped.
			st.claimedBy[g.DealNo()] = c
		}
		if st.hasDeal() {
			// What each seat sees now it saw before the stop: the
			// barriers above already stand after every reveal, and
			// lookAtCards must not count those cards as new.
			for i := range st.seen {
				v := s.View(rules.Seat(i))
				st.seen[i] = seenBy(&v)
			}
		}
		// A finished game saved but not filed (the filing failed) is
		// filed once the loop runs.
		st.changed = s.Over()
	}
	return st, nil
}

// gen is the Gen the seats see: the session's, after every earlier game
// of this host.
func (st *state) gen() int { return st.genBase + st.sess.Gen() }

// dealShown is the number of the deal whose steps the game holds: the
// one on the table, or the last finished between deals (0 before any).
func (st *state) dealShown() int {
	g := st.sess.Game()
	if g.NeedDeal() || g.Over() {
		return g.DealNo() - 1
	}
	return g.DealNo()
}

// hasDeal reports whether a deal was dealt. The deals finished are
// counted by DealNo: Records copies every deal's steps.
func (st *state) hasDeal() bool {
	g := st.sess.Game()
	return g.DealNo() > 1 || !g.NeedDeal()
}

// dealInPlay reports whether a deal is being played: a seat's Snapshot
// then has HasDeal, and neither Between nor Over.
func (st *state) dealInPlay() bool {
	return st.hasDeal() && !st.sess.Over() && !st.sess.Game().NeedDeal()
}

// dealSeen reports whether the deal in play has been shown to a person
// at a seat (Host.DealSeen), marking it so when one is here now: a deal
// dealt while every person was away (they count as ready between deals)
// has shown nobody a hand until one of them comes back.
func (st *state) dealSeen() bool {
	if !st.dealInPlay() {
		return false
	}
	if no := st.sess.Game().DealNo(); st.personHere() {
		st.seenDeal = no
	}
	return st.seenDeal == st.sess.Game().DealNo()
}

// place is where the game stands, by the rule a snapshot of it goes by
// (Snapshot.Place): the same facts its snapshot holds, put through
// placeAt.
func (st *state) place() *Place {
	deal := 0
	if st.hasDeal() {
		deal = st.dealShown()
	}
	p := placeAt(st.game, deal, len(st.steps()), st.dealInPlay())
	return &p
}

func (st *state) steps() []rules.Step {
	if !st.hasDeal() {
		return nil
	}
	return st.sess.Deal().Steps()
}

// anyoneHere reports whether somebody the game moves for is at it: a
// person at a seat, or a spectator, for whom the bots play on as they
// would for a person (not with Config.StandStill). The seats of people
// away wait for a person seated (graces).
func (st *state) anyoneHere() bool {
	return st.personHere() || len(st.h.watchers) > 0 && !st.cfg.StandStill
}

// personHere reports whether a person is at a seat: only one may say
// Ready to a trick held (Config.HoldTricks), a spectator may not.
func (st *state) personHere() bool {
	for _, s := range st.seats {
		if s.port != nil {
			return true
		}
	}
	return false
}

// person reports whether a person decides at seat now (not a bot's
// seat, not a bot standing in).
func (st *state) person(s rules.Seat) bool {
	return int(s) < len(st.seats) && st.seats[s].player.Human && !st.seats[s].takeover
}

// moveOn is the game loop: it plays what the game plays by itself, the
// people's forced moves and the claimed cards (the session's Advance),
// the next deal once everyone here is ready, and asks the bot to move
// for its decision; it stops at a person's decision. Nothing moves while
// nobody is at the game.
func (st *state) moveOn() {
	for range 1000 {
		if st.closed || !st.anyoneHere() {
			return
		}
		if st.sess.Over() {
			if st.rematchDue() {
				st.h.rematch()
			}
			return
		}
		st.handBack()
		if st.sess.Game().NeedDeal() {
			if !st.fresh && !st.allReady() {
				return
			}
			if err := st.deal(); err != nil {
				st.setNote(Note{Kind: NoteError, Seat: rules.NoSeat, Text: "cannot deal: " + err.Error()})
				return
			}
			continue
		}
		if st.hold {
			return
		}
		moved, err := st.advance()
		if err != nil {
			st.setNote(Note{Kind: NoteError, Seat: rules.NoSeat, Text: "cannot move on: " + err.Error()})
			return
		}
		if moved {
			continue
		}
		if seat, ok := st.sess.ToMove(); ok && (!st.person(seat) || st.botDecides(seat)) {
			st.think(seat)
		}
		return
	}
}

// allReady reports whether every person here has said Ready; bots,
// bots standing in, absent people and people gone idle on the move
// clock always are.
func (st *state) allReady() bool {
	for i, s := range st.seats {
		if s.port != nil && !s.takeover && !s.ready && !st.idleReady(rules.Seat(i)) {
			return false
		}
	}
	return true
}

// takenOver has bit s set for each person's seat s a bot plays because
// they left and did not come back in time (Host.BotPlays).
func (st *state) takenOver() uint32 {
	var bits uint32
	for i, sd := range st.seats {
		if sd.takeover {
			bits |= 1 << i
		}
	}
	return bits
}

// handBack gives each person who came back their seat from the bot
// standing in, at once: at the seat's next decision, mid-deal or
// between deals. A move the bot is making for the seat lands first (it
// was asked for a decision the person has not seen). The bot's moves
// stay the session's, not the person's to take back.
func (st *state) handBack() {
	for i, s := range st.seats {
		if !s.takeover || !s.back || s.port == nil {
			continue
		}
		if b := st.bot; b != nil && b.th.Seat == rules.Seat(i) && !b.stale {
			continue // the bot's move for the seat lands first
		}
		// The deal on the table, or the next.
		no := st.sess.Game().DealNo()
		s.takeover, s.back, st.dirty, st.changed = false, false, true, true
		st.comments = append(st.comments, gamelog.TakenBackComment(no, s.player.Name, rules.Seat(i)))
	}
}

// deal deals the next deal.
func (st *state) deal() error {
	g := st.sess.Game()
	no := g.DealNo()
	for _, s := range st.seats {
		if s.port != nil {
			s.graceUsed = 0 // here as the deal starts: a whole grace again
		}
		s.ready = false
	}
	st.cancelBot()
	if err := st.sess.StartDeal(); err != nil {
		return err
	}
	st.fresh = false
	st.movers[no] = nil
	st.label(ByChance, rules.NoSeat)
	st.lookAtCards(true)
	st.setNote(Note{Kind: NoteDealt, Seat: g.Dealer(), Text: fmt.Sprintf("deal %d: %s deals", no, st.seats[g.Dealer()].player.Name)})
	st.lastAt, st.lastTrick = st.h.clock.Now(), false
	st.changed = true
	return nil
}

// advance takes the forced moves and the claimed cards; it reports
// whether any was made.
func (st *state) advance() (bool, error) {
	before := st.markNow()
	if err := st.sess.Advance(); err != nil {
		return false, err
	}
	if st.markNow().mark == before.mark {
		return false, nil
	}
	st.label(ByForced, rules.NoSeat)
	st.movedLast(before)
	return true, nil
}

// movedLast notes the last move of the deal made from before (the last
// step no chance made), once the moves are labelled.
func (st *state) movedLast(before where) {
	steps := st.steps()
	ms := st.movers[st.dealShown()]
	for i := len(steps) - 1; i >= 0; i-- {
		if ms[i] != ByChance {
			st.moved(before, i, steps[i].Seat, steps[i].Action, ms[i])
			return
		}
	}
}

// where is a point of the game with the tricks done, to tell whether a
// move finished a trick.
type where struct {
	mark
	tricks int
}

func (st *state) markNow() where {
	if !st.hasDeal() {
		return where{}
	}
	return where{mark{st.dealShown(), len(st.steps())}, int(st.sess.Deal().Play().Tricks)}
}

// label says who made the steps of the deal not labelled yet: the first
// by first (when by seat) or, for moves the session took, forced or
// claimed; chance steps by chance.
func (st *state) label(first By, seat rules.Seat) {
	deal := st.dealShown()
	steps := st.steps()
	ms := st.movers[deal]
	start := len(ms)
	for i := start; i < len(steps); i++ {
		by := ByPerson
		switch why, forced := st.sess.Forced(deal, i); {
		case steps[i].Seat == rules.ChanceSeat:
			by = ByChance
		case i == start && seat != rules.NoSeat && steps[i].Seat == seat:
			by = first
		case forced && why == "claimed":
			by = ByClaim
		case forced && st.seats[steps[i].Seat].takeover:
			by = ByTakeover // the only choice, taken while a bot stands in
		case forced:
			by = ByForced
		case first == ByForced:
			by = ByPerson
		}
		ms = append(ms, by)
	}
	st.movers[deal] = ms
}

// moved notes a move made from before, step of its deal: the last move,
// the pace, the trick held on the table, the save, what each seat saw.
func (st *state) moved(before where, step int, seat rules.Seat, a rules.Action, by By) {
	m := &Move{Seat: seat, Action: a, By: by, TrickTo: rules.NoSeat}
	if a.Kind == rules.PlayCard && st.hasDeal() {
		d := st.sess.Deal()
		if before.deal != st.dealShown() || int(d.Play().Tricks) > before.tricks {
			m.TrickTo = d.LastTrickWinner()
		}
	}
	st.last, st.note, st.lastStep = m, Note{}, step
	st.lastAt, st.lastTrick = st.h.clock.Now(), m.TrickTo != rules.NoSeat
	st.changed, st.dirty = true, true
	st.lookAtCards(false)
	g := st.sess.Game()
	if st.cfg.HoldTricks && st.lastTrick && !g.NeedDeal() && !st.sess.Over() {
		if next, ok := st.sess.ToMove(); ok && !st.person(next) && st.personHere() {
			st.hold = true
		}
	}
}

// lookAtCards updates what every person has seen; a seat that sees a
// card it had not seen (the rest of the deal, the bottom card, a shown
// sequence, another seat's card), or hears another seat tell of its
// hidden cards (toldBy), cannot take back a decision made before.
// atDeal: a deal was just dealt.
func (st *state) lookAtCards(atDeal bool) {
	if !st.hasDeal() {
		return
	}
	here := mark{st.dealShown(), len(st.steps())}
	for i := range st.seats {
		s := rules.Seat(i)
		v := st.sess.View(s)
		seen := seenBy(&v)
		switch {
		case atDeal:
			st.barrier[i] = mark{here.deal, 0}
		case seen&^st.seen[i] != 0:
			st.barrier[i] = here
		}
		st.seen[i] = seen
		st.barrier[i] = toldBy(&v, here.deal, st.barrier[i])
	}
}

// toldBy moves barrier, a point of deal, to the step after the last
// word or card of v's history that told v's seat about another seat's
// hidden cards (View.Told: a value announced, a top card, "same", a
// card played even if known), when that is later: what was heard cannot
// be unheard. Bids, passes and "good" tell nothing, and stay undoable.
func toldBy(v *rules.View, deal int, barrier mark) mark {
	if m := (mark{deal, v.Told()}); barrier.before(m) {
		return m
	}
	return barrier
}

// seenBy is every card v shows: the hand, the cards played, the melds
// shown, the cards known in other hands, the upcard and the bottom card.
func seenBy(v *rules.View) rules.CardSet {
	m := v.Hand
	for o := range v.Players {
		m |= v.Played[o] | v.Shown[o] | v.Known(rules.Seat(o))
	}
	for _, c := range []rules.Card{v.Upcard, v.OrigUpcard, v.Bottom} {
		if c != rules.NoCard {
			m = m.With(c)
		}
	}
	return m
}

func (st *state) setNote(n Note) {
	st.note, st.last, st.dirty = n, nil, true
}

// check refuses an action through a port that lost its seat.
func (st *state) check(p *port) error {
	switch {
	case st.closed:
		return ErrClosed
	case p.kicked:
		return ErrKicked
	case p.left:
		return ErrLeft
	}
	return nil
}

// act takes a person's decision.
func (st *state) act(p *port, gen int, a rules.Action) error {
	seat := p.seat
	switch {
	case st.seats[seat].takeover:
		return ErrBotSeat
	case gen != st.gen():
		return ErrStale
	case st.hold:
		return ErrNotYourTurn
	case st.sess.Claimed(seat):
		return ErrClaimed
	}
	before := st.markNow()
	err := st.sess.Apply(seat, a)
	var te *session.TurnError
	switch {
	case errors.As(err, &te), errors.Is(err, session.ErrNoTurn):
		return ErrNotYourTurn
	case err != nil:
		// Refused: nothing changes, and a bot the move clock asked for
		// the seat goes on thinking.
		return err
	}
	if b := st.bot; b != nil && b.th.Seat == seat {
		// The person decided before the bot the move clock asked: its
		// answer, for a position gone, is dropped.
		st.cancelBot()
	}
	st.label(ByPerson, seat)
	st.moved(before, before.step, seat, a, ByPerson)
	return nil
}

// ready takes a person's Ready: the trick held on the table goes, or
// between deals the seat is ready for the next.
func (st *state) ready(p *port, gen int) error {
	g := st.sess.Game()
	switch {
	case gen != st.gen():
		return ErrStale
	case st.hold:
		st.hold, st.dirty = false, true
		return nil
	case st.sess.Over():
		return ErrGameOver
	case !g.NeedDeal():
		return ErrNotBetween
	}
	st.seats[p.seat].ready, st.dirty = true, true
	return nil
}

// undo takes back the seat's last decision, unless the seat has seen
// new cards since.
func (st *state) undo(p *port) error {
	seat := p.seat
	if !st.cfg.Takebacks {
		return ErrNoTakebacks
	}
	if !st.person(seat) {
		return ErrBotSeat
	}
	if err := st.mayUndo(seat); err != nil {
		return err
	}
	if err := st.sess.Undo(seat); err != nil {
		return err
	}
	st.cancelBot()
	st.hold = false
	for _, s := range st.seats {
		st.dropClaim(s)
	}
	// Forget who made the steps taken back.
	deal := st.dealShown()
	maps.DeleteFunc(st.movers, func(d int, _ []By) bool { return d > deal })
	// A claim before the decision stands (the session refuses to take
	// one back): only those the session no longer holds go.
	maps.DeleteFunc(st.claimedBy, func(d int, _ rules.Seat) bool {
		_, kept := st.sess.ClaimOf(d)
		return d >= deal && !kept
	})
	if ms := st.movers[deal]; len(ms) > len(st.steps()) {
		st.movers[deal] = ms[:len(st.steps())]
	}
	for i := range st.seats {
		v := st.sess.View(rules.Seat(i))
		st.seen[i] = seenBy(&v)
	}
	st.setNote(Note{Kind: NoteTakeback, Seat: seat, Text: st.seats[seat].player.Name + " took back a decision"})
	st.lastAt, st.lastTrick = st.h.clock.Now(), false
	st.changed = true
	return nil
}

// mayUndo says whether seat may take back its last decision.
func (st *state) mayUndo(seat rules.Seat) error {
	// The session refuses a takeback across a claim (ErrClaimStands):
	// so the screens stop offering u once a claim is accepted.
	if err := st.sess.MayUndo(seat); err != nil {
		return err
	}
	deal, step, _ := st.sess.LastDecision(seat)
	if (mark{deal, step}).before(st.barrier[seat]) {
		return ErrRevealed
	}
	// The session counts a stand-in's move as the seat's own; the movers
	// know it was a bot's, which is not the person's to take back.
	if ms := st.movers[deal]; step < len(ms) && ms[step] == ByTakeover {
		return ErrStoodIn
	}
	return nil
}

// claim starts the check of the seat's claim off the loop.
func (st *state) claim(p *port) error {
	seat := p.seat
	s := st.seats[seat]
	switch {
	case st.cfg.NoClaims:
		return ErrNoClaims
	case !st.person(seat):
		return ErrBotSeat
	case st.sess.Claimed(seat):
		return ErrClaimed
	case s.claim != nil && s.claim.state.Pending:
		return nil
	}
	c, err := st.sess.CheckClaim(seat)
	if err != nil {
		return err
	}
	if v := st.sess.View(seat); v.Phase != rules.PhasePlay {
		return claim.ErrNotPlaying
	}
	st.dropClaim(s)
	job := &claimJob{c: c, deal: st.dealShown(), state: ClaimState{Pending: true}}
	s.claim, st.dirty = job, true
	var vd claim.Verdict
	job.cancel = st.offLoop(ForHint, 0, func(context.Context) error {
		vd = c.Run()
		return nil
	}, func(err error) { st.claimChecked(seat, job, vd, err) })
	return nil
}

// claimChecked takes a claim's verdict: a good claim plays the side's
// cards from now on.
func (st *state) claimChecked(seat rules.Seat, job *claimJob, vd claim.Verdict, err error) {
	s := st.seats[seat]
	if s.claim != job {
		return
	}
	job.state.Pending, st.dirty = false, true
	if err != nil {
		job.state.Err = err
		return
	}
	job.state.Verdict = vd
	before := st.markNow()
	if err := st.sess.ClaimChecked(job.c, vd); err != nil {
		if errors.Is(err, session.ErrStale) {
			err = errors.New("the game moved on while the claim was checked: claim again")
		}
		job.state.Err = err
		return
	}
	if !vd.OK {
		return
	}
	st.label(ByClaim, rules.NoSeat)
	st.claimedBy[st.dealShown()] = seat
	st.changed = true
	if st.markNow().mark != before.mark {
		st.movedLast(before)
	}
	st.note = Note{Kind: NoteClaimed, Seat: seat, Text: st.seats[seat].player.Name + " claimed the rest of the deal"}
}

func (st *state) dropClaim(s *seat) {
	if s.claim != nil {
		s.claim.cancel()
		s.claim = nil
		st.dirty = true
	}
}

// hint starts the seat's hint for the position gen off the loop.
func (st *state) hint(p *port, gen int) error {
	seat := p.seat
	s := st.seats[seat]
	if st.noHints {
		return ErrNoHints
	}
	if gen != st.gen() {
		return ErrStale
	}
	if !st.canAct(seat) {
		return ErrNotYourTurn
	}
	if s.hint != nil && s.hint.gen == gen {
		return nil // one hint per seat: this one is on its way, or here
	}
	st.dropHint(s)
	job := &hintJob{gen: gen, state: HintState{Gen: gen, Pending: true}}
	s.hint, st.dirty = job, true
	v, f := st.sess.View(seat), st.cfg.Hint
	var ev eval.Evaluation
	job.cancel = st.offLoop(ForHint, st.cfg.HintBudget, func(ctx context.Context) (err error) {
		ev, err = f(ctx, &v, analysisSeed)
		return err
	}, func(err error) { st.hinted(seat, job, ev, err) })
	return nil
}

func (st *state) hinted(seat rules.Seat, job *hintJob, ev eval.Evaluation, err error) {
	if st.seats[seat].hint != job {
		return
	}
	job.state = HintState{Gen: job.gen, Eval: ev, Err: err}
	st.dirty = true
}

func (st *state) dropHint(s *seat) {
	if s.hint != nil {
		s.hint.cancel()
		s.hint = nil
		st.dirty = true
	}
}

// think asks the bot to move for its decision on a goroutine of its
// own; its answer comes back to the loop (botAnswered).
func (st *state) think(seat rules.Seat) {
	gen := st.sess.Gen()
	if st.bot != nil {
		if st.bot.th.Gen == gen && st.bot.th.Seat == seat && !st.bot.stale {
			return // thinking already
		}
		// A bot is one value: it thinks one decision at a time.
		st.cancelBot()
		if st.bot != nil {
			return
		}
	}
	var th session.Thinker
	var ok bool
	by := ByBot
	if st.seats[seat].player.Human {
		// A person's seat: the bot that stands in for them decides (it
		// took the seat, or the move clock ran out, or the person went
		// idle), recorded as a takeover's move.
		tk, err := st.standIn(seat)
		if err != nil {
			st.setNote(Note{Kind: NoteError, Seat: seat, Text: "no bot could decide for the seat: " + err.Error()})
			return
		}
		th, ok = st.sess.ThinkWith(tk)
		by = ByTakeover
	} else {
		th, ok = st.sess.Think()
	}
	if !ok {
		return
	}
	job := &botJob{th: th, by: by, thinking: true}
	st.bot, st.dirty = job, true
	// A board's bot is bounded by its work: a deadline would make its
	// move depend on the machine. A bot that panics fails like one that
	// errs: its first legal move is made instead.
	budget := st.cfg.Think
	if st.cfg.Board != nil {
		budget = 0
	}
	var a rules.Action
	job.cancel = st.offLoop(ForBot, budget, func(ctx context.Context) (err error) {
		a, err = th.Think(ctx)
		return err
	}, func(err error) { st.botAnswered(job, a, err) })
}

// offLoop runs work on a goroutine of its own (Close waits for it) in a
// slot of priority p, with a deadline budget on the host's clock (none
// for 0) and a panic caught as its error; done then takes the error on
// the loop (work's results reach it through variables both share,
// ordered by the post). The function it returns cancels the work.
func (st *state) offLoop(p Priority, budget time.Duration,
	work func(context.Context) error, done func(error)) context.CancelFunc {
	ctx, stop := context.WithCancel(st.h.ctx)
	slots, clock := st.cfg.Slots, st.h.clock
	st.h.work.Go(func() {
		err := slots.Acquire(ctx, p)
		if err == nil {
			wctx, cancel := context.WithCancel(ctx)
			if budget > 0 {
				cancel()
				wctx, cancel = clock.WithTimeout(ctx, budget)
			}
			err = safely(func() error { return work(wctx) })
			cancel()
			slots.Release()
		}
		st.h.post(func() { done(err) })
	})
	return stop
}

// botAnswered takes a bot's answer: it is made at once, or once the
// pace since the last move has passed.
func (st *state) botAnswered(job *botJob, a rules.Action, err error) {
	if st.bot != job {
		return
	}
	job.thinking = false
	if job.stale || st.closed {
		st.bot, st.dirty = nil, true
		return
	}
	pace := st.cfg.Pace
	if st.lastTrick {
		pace = max(pace, st.cfg.TrickPace)
	}
	if wait := st.lastAt.Add(pace).Sub(st.h.clock.Now()); wait > 0 {
		job.stop = st.h.after(wait, func() { st.botMove(job, a, err) })
		return
	}
	st.botMove(job, a, err)
}

// botMove makes the bot's move; a failing bot's first legal move is made
// instead, and the note says so.
func (st *state) botMove(job *botJob, a rules.Action, chooseErr error) {
	if st.bot != job {
		return
	}
	st.bot, st.dirty = nil, true
	if job.stale {
		return
	}
	th := job.th
	before := st.markNow()
	ranOut := st.seats[th.Seat].botGen == st.gen() // else idle, or not the person's
	err := st.sess.BotMove(th, a, chooseErr)
	var be *session.BotError
	switch {
	case errors.Is(err, session.ErrStale):
		return
	case errors.As(err, &be) && be.Instead != nil:
		st.label(job.by, th.Seat)
		st.moved(before, before.step, th.Seat, *be.Instead, job.by)
		// The note names no card: the move made may be a card given face
		// down, which only two seats may know.
		who := st.seats[th.Seat].player.Name
		if job.by == ByTakeover {
			who += "'s bot"
		}
		st.note = Note{Kind: NoteBotFailed, Seat: th.Seat, Text: who + " failed and made its first legal move"}
		st.h.logf("bot at seat %s failed: %v", th.Seat, be.Err)
	case err != nil:
		st.setNote(Note{Kind: NoteBotFailed, Seat: th.Seat, Text: err.Error()})
		st.h.logf("bot at seat %s failed: %v", th.Seat, err)
	default:
		st.label(job.by, th.Seat)
		st.moved(before, before.step, th.Seat, a, job.by)
	}
	if sd := st.seats[th.Seat]; st.last != nil && st.person(th.Seat) {
		// The move clock's decision: the person reads what it was.
		m := *st.last
		sd.clocked, sd.clockedRanOut = &m, ranOut
	}
}

// cancelBot drops the bot's decision under way: its answer will be
// ignored. A bot still thinking stays the job until it answers, so the
// same bot is never asked twice at once.
func (st *state) cancelBot() {
	job := st.bot
	if job == nil {
		return
	}
	job.stale = true
	job.cancel()
	if !job.thinking {
		if job.stop != nil {
			job.stop()
		}
		st.bot = nil
	}
	st.dirty = true
}

// kindComings is the lines of a person dropping from the seat and coming
// back: each costs them a reconnection only, so a loop of them would
// fill the server's log. A person gets Most of them a minute, then one
// line that counts the rest.
var kindComings = quietlog.Kind{One: "line", Many: "lines", What: "of dropping from the seat and coming back", Most: 6}

// who names the person at seat s in the log's lines (Config.Who).
func (st *state) who(s rules.Seat) string { return st.cfg.Who(s, st.seats[s].player.Name) }

// join connects a person to seat s.
func (st *state) join(s rules.Seat) (*port, error) {
	if st.closed {
		return nil, ErrClosed
	}
	if int(s) >= len(st.seats) || !st.seats[s].player.Human {
		return nil, ErrNoPerson
	}
	sd := st.seats[s]
	if old := sd.port; old != nil {
		old.kicked = true
		old.snap.Store(st.snapshot(old))
		old.end()
	}
	st.stopGrace(s)
	kept := sd.kept
	st.unkeep(sd)
	if sd.dropped {
		st.setNote(Note{Kind: NoteBack, Seat: s, Text: sd.player.Name + " is back"})
		st.h.comings.Printf(st.who(s), kindComings, "%s is back at seat %s", st.who(s), s)
	}
	sd.dropped, sd.botAgain, sd.againLeft = false, false, false
	if !kept {
		sd.no = false // away, they took it back: they answer anew
	}
	st.stir(s)
	if sd.takeover {
		sd.back = true
	}
	p := newPort(st.h, s)
	sd.port, st.dirty = p, true
	st.armGraces()
	p.snap.Store(st.snapshot(p))
	return p, nil
}

// leave gives up a port's seat: the seat waits for its person; at the
// game's end a while (keep), unless they chose to leave.
func (st *state) leave(p *port, chosen bool) {
	p.left = true
	sd := st.seats[p.seat]
	if sd.port != p {
		return // it left already, or a newer connection took the seat
	}
	// Gone, they take nothing back from the bot: at the game's end too,
	// where the others read them away (SeatTakeover), not back.
	sd.port, sd.ready, sd.back, st.dirty = nil, false, false, true
	st.dropHint(sd)
	st.dropClaim(sd)
	if !chosen && st.keep(p.seat) {
		return // their answer stands a while (Config.OverWait)
	}
	sd.dropAnswer()
	if st.closed || st.sess.Over() {
		return
	}
	sd.dropped = true
	st.gone()
	st.setNote(Note{Kind: NoteDropped, Seat: p.seat, Text: sd.player.Name + " dropped"})
	if st.cfg.Board != nil {
		// A board is one person's: leaving it (esc, or the connection
		// cut) is the board's whole story.
		st.h.logf("%s left the board", st.who(p.seat))
	} else {
		st.h.comings.Printf(st.who(p.seat), kindComings, "%s dropped from seat %s", st.who(p.seat), p.seat)
	}
	if !st.personHere() {
		// No grace runs with no person seated: armGraces starts them
		// afresh when one comes.
		for i := range st.seats {
			st.stopGrace(rules.Seat(i))
		}
	} else if !sd.takeover {
		st.armGrace(p.seat, st.h.clock.Now())
	}
}

// dropAnswer takes back the answer of a person who left the game's
// end: the others read that an again went with them (againLeft).
func (sd *seat) dropAnswer() {
	sd.againLeft = sd.again
	sd.again, sd.no = false, false
}

// keep holds the seat of a person who left at the game's end for
// Config.OverWait, their answer as it was: a connection cut there for a
// moment must not let the others start the next game with a bot in it.
// It reports whether the wait began.
func (st *state) keep(s rules.Seat) bool {
	sd := st.seats[s]
	if st.closed || !st.sess.Over() || st.sess.IsBoard() || st.cfg.AgainBot == nil {
		return false
	}
	st.unkeep(sd)
	sd.kept, sd.keptUntil = true, st.h.clock.Now().Add(st.cfg.OverWait)
	tok := sd.keptTok
	sd.keptStop = st.h.after(st.cfg.OverWait, func() {
		if sd.keptTok == tok && sd.kept && sd.port == nil && !st.closed {
			// Not back: as if they had left at once.
			st.unkeep(sd)
			sd.dropAnswer()
			st.dirty = true
		}
	})
	return true
}

// unkeep ends the seat's wait (keep), if it runs.
func (st *state) unkeep(sd *seat) {
	if sd.keptStop != nil {
		sd.keptStop()
	}
	sd.kept, sd.keptUntil, sd.keptStop = false, time.Time{}, nil
	sd.keptTok++ // a timer already fired ends nothing
}

// gone follows someone's leaving the game: with no person left at a
// seat nobody may say Ready to a trick held; with nobody left at all
// the bots wait, and a decision under way is dropped (asked again when
// someone comes).
func (st *state) gone() {
	if !st.personHere() {
		st.hold = false
	}
	if !st.anyoneHere() {
		st.cancelBot()
	}
}

// armGraces starts the grace of each person away whose seat waits for
// them (no bot plays it yet), once a person is seated: a grace runs
// only while a person plays with those away (bots never take seats
// over for spectators alone). It runs from when a person next comes:
// a whole grace after a restart, what was left of it once every person
// had left.
func (st *state) armGraces() {
	if st.closed || st.sess.Over() || !st.personHere() {
		return
	}
	now := st.h.clock.Now()
	for i, sd := range st.seats {
		if sd.player.Human && sd.port == nil && !sd.takeover && sd.graceStop == nil {
			st.armGrace(rules.Seat(i), now)
		}
	}
}

// armGrace starts the wait of a person's seat, for what is left of the
// deal's grace: a bot takes it at the end.
func (st *state) armGrace(s rules.Seat, now time.Time) {
	st.stopGrace(s)
	sd := st.seats[s]
	left := max(st.cfg.Grace-sd.graceUsed, 0)
	sd.until, sd.graceFrom = now.Add(left), now
	sd.graceTok++
	tok := sd.graceTok
	sd.graceStop = st.h.after(left, func() { st.graceOver(s, tok) })
}

// stopGrace stops the seat's grace, if it runs, charging the time it ran
// to the deal's allowance.
func (st *state) stopGrace(s rules.Seat) {
	sd := st.seats[s]
	if sd.graceStop != nil {
		sd.graceStop()
		sd.graceStop = nil
		sd.graceUsed += st.h.clock.Now().Sub(sd.graceFrom)
	}
	sd.graceTok++
	sd.until = time.Time{}
}

// graceOver gives a bot the seat of a person who did not come back.
// Bots take seats only while a person is at the game to play with.
func (st *state) graceOver(s rules.Seat, tok int) {
	sd := st.seats[s]
	if st.closed || sd.graceTok != tok || sd.port != nil || sd.takeover || st.sess.Over() {
		return
	}
	sd.graceStop = nil
	if !st.personHere() {
		return // armGraces starts it afresh when a person comes
	}
	if _, err := st.standIn(s); err != nil {
		st.setNote(Note{Kind: NoteError, Seat: s, Text: "no bot could take the seat: " + err.Error()})
		return
	}
	sd.takeover, sd.until = true, time.Time{}
	// The deal on the table, or the next.
	line := gamelog.TakeoverComment(st.sess.Game().DealNo(), sd.player.Name, string(st.cfg.TakeoverLevel), s)
	st.comments = append(st.comments, line)
	st.h.logf("%s", line)
	st.setNote(Note{Kind: NoteTakeover, Seat: s, Text: fmt.Sprintf("%s did not come back: a %s bot plays the seat", sd.player.Name, st.cfg.TakeoverLevel)})
	st.changed = true
}

// shutdown stops everything the game runs: the bots, hints, claims and
// clocks; the seats' Updates close.
func (st *state) shutdown() {
	st.stop()
	for _, s := range st.seats {
		if s.port != nil {
			s.port.snap.Store(st.snapshot(s.port))
			s.port.end()
		}
	}
	if len(st.h.watchers) > 0 {
		last := st.snapshot(st.h.eye)
		for p := range st.h.watchers {
			p.snap.Store(last)
			p.end()
		}
	}
}

// canAct reports whether seat's person decides now.
func (st *state) canAct(seat rules.Seat) bool {
	turn, ok := st.sess.ToMove()
	return ok && turn == seat && st.person(seat) && !st.hold && !st.sess.Claimed(seat) && !st.closed
}

// ring counts a bell for each person here whose decision has just come
// after another seat's move: the screen, seeing Snapshot.Bell grow,
// rings the terminal's bell. A decision that follows the person's own
// call (their move, Ready, takeback, sitting down) rings nothing;
// neither do their own forced moves or chance steps count as another's
// move.
func (st *state) ring() {
	h := st.h
	for i, sd := range st.seats {
		s := rules.Seat(i)
		now := st.canAct(s)
		if now && !h.turnWas[i] && sd.port != nil && h.cause != s && st.othersMoved(s) {
			h.bells[i]++
			st.dirty = true
		}
		h.turnWas[i] = now
	}
}

// othersMoved reports whether the last move of the deal on the table,
// not counting chance steps and s's own forced moves, was another
// seat's; at a deal's first decision, whether the deal was started by
// another (the caller knows it was not s).
func (st *state) othersMoved(s rules.Seat) bool {
	steps := st.steps()
	ms := st.movers[st.dealShown()]
	for i := len(steps) - 1; i >= 0; i-- {
		switch {
		case steps[i].Seat == rules.ChanceSeat:
		case steps[i].Seat != s:
			return true
		case i >= len(ms) || ms[i] != ByForced:
			return false
		}
	}
	return true
}
