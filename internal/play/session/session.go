package session

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Player is who sits at a seat: a person, or a bot of a level.
type Player struct {
	// Name is the name the game log records.
	Name string
	// Human is set for a person; the session then never asks a bot for
	// this seat, and takes only its forced moves (none with AskAll).
	Human bool
	// Level is a bot's level (ignored for a person).
	Level ai.Level
	// Key is a person's SSH key id on a server, "" elsewhere: the log
	// records it on the seat (gamelog.Header.SetKey), so that the games
	// filed in the person's history are found theirs, as a shared
	// table's are.
	Key string
}

// Config is what a new game needs.
type Config struct {
	// Options are the rules; Options.Target is the game's target.
	Options rules.Options
	// Seed draws the first dealer and every deck of the game. Resume
	// uses it only for a log with no deal and no seed it can trust (see
	// Resume).
	Seed uint64
	// Players sit at the seats in order (A, B, C, D): as many as
	// Options.Players (two by default). Resume takes the players from
	// the log instead.
	Players []Player
	// NewBot makes the bots; nil means ai.New.
	NewBot ai.Factory
	// Start is the game's start time, recorded in the log's header.
	Start time.Time
	// Practice marks the game practice in its log (gamelog.PracticeTag):
	// the player chose the seed, so the cards could be known. Resume
	// keeps the mark from the log.
	Practice bool
	// Board, when set, makes the game one fixed deal (see Board): its
	// deck and dealer, the bots on its seeds, the chance from its
	// generator. Seed then draws nothing, and the log has no Seed tag.
	// Resume needs it again: the log of a board does not say it is one.
	Board *Board
	// AskAll asks a person every decision, even one with a single legal
	// answer: Advance then takes no forced move, only a claim's cards.
	// At a game others watch or share, the wait for a person must not
	// depend on what they hold, or "no exchange" or "pass" would tell
	// whether they hold the 7 of trump or a shlomo. Only says why an
	// answer is the only one.
	AskAll bool
}

// SeedTag is the log tag that keeps the game's seed, so a resumed game
// goes on drawing its decks from the same stream.
const SeedTag = "Seed"

// The errors of Apply, Advance and BotMove.
var (
	// ErrNoTurn: no one is to move (the game waits for a deal, or is over).
	ErrNoTurn = errors.New("no one is to move")
	// ErrStale: a bot's answer to a position the game has left.
	ErrStale = errors.New("the answer is for an old position")
)

// TurnError says that a seat acted out of turn.
type TurnError struct {
	Seat, Turn rules.Seat
}

func (e *TurnError) Error() string {
	return fmt.Sprintf("seat %v cannot act: it is seat %v's turn", e.Seat, e.Turn)
}

// BotError says that a bot failed (its Choose returned an error or an
// illegal action). When Instead is set, the session took that action
// for the bot so the game goes on; when it is not, nothing was applied.
type BotError struct {
	Seat    rules.Seat
	Err     error
	Instead *rules.Action
}

func (e *BotError) Error() string {
	if e.Instead != nil {
		return fmt.Sprintf("the bot failed (%v) and did %q instead", e.Err, e.Instead.Words())
	}
	return "the bot failed: " + e.Err.Error()
}

func (e *BotError) Unwrap() error { return e.Err }

// Session is one game in progress: the rules.Game, who sits where, the
// bots, and the forced moves taken for the people. It saves nothing:
// its caller (internal/play/host) writes the Log.
//
// A Session is not safe for concurrent use: one goroutine (the host's
// loop) calls its methods. What it hands out (a Thinker, a ClaimCheck)
// is the exception: it is made to run on another goroutine.
type Session struct {
	game *rules.Game
	seed uint64
	// seedKnown is false for a board, and for a game resumed from a log
	// whose seed is unknown (see Resume): seed deals its later deals, not
	// its earlier ones.
	seedKnown bool
	header    gamelog.Header
	players   []Player
	bots      []ai.Bot // by seat; nil at a person's seat

	// forced holds the reason of every move taken for a person because
	// it was their only choice, by deal number and step index.
	forced map[[2]int]string
	// claimer claimed the rest of deal claimDeal for its side (Claim);
	// Advance plays the side's cards. NoSeat: no claim.
	claimer   rules.Seat
	claimDeal int
	// claims holds every claim accepted, by deal number, for the log.
	claims map[int]gamelog.Claim

	gen int

	// askAll is Config.AskAll: Advance takes no forced move.
	askAll bool

	// board is the fixed deal of a board game (Config.Board), nil in a
	// game to the target; chance draws its chance steps.
	board  *Board
	chance *rand.Rand
}

// New starts a new game: it draws the first dealer from the seed and
// makes a bot for every seat that is not a person's. The first deal is
// dealt by StartDeal.
func New(cfg Config) (*Session, error) {
	n := cfg.Options.NumPlayers()
	if len(cfg.Players) != n {
		return nil, fmt.Errorf("a game has %d players, not %d", n, len(cfg.Players))
	}
	first := FirstDealerOf(cfg.Seed, n)
	if b := cfg.Board; b != nil {
		if err := b.check(n); err != nil {
			return nil, err
		}
		first = b.Dealer
	}
	s := newSession(cfg, rules.NewGame(cfg.Options, first), cfg.Seed)
	s.seedKnown = cfg.Board == nil
	if s.board != nil {
		s.chance = s.board.Chance()
	}
	s.players = append([]Player(nil), cfg.Players...)
	if err := s.makeBots(cfg, cfg.Seed); err != nil {
		return nil, err
	}
	h := &s.header
	h.Event = "Klob game"
	for i, p := range s.players {
		lv := gamelog.Human
		if !p.Human {
			lv = string(p.Level)
		}
		h.SetPlayer(rules.Seat(i), p.Name, lv)
	}
	if s.board == nil {
		// A board's deal is fixed, drawn from no seed: no tag claims one.
		h.SetTag(SeedTag, strconv.FormatUint(cfg.Seed, 10))
	}
	for i, p := range s.players {
		if p.Human && p.Key != "" {
			h.SetKey(rules.Seat(i), p.Key)
		}
	}
	h.SetStart(cfg.Start)
	if cfg.Practice {
		h.SetPractice()
	}
	return s, nil
}

// Resume continues the game a log saved. The players, their levels and
// the rules come from the log. The decks and chance steps still to come
// are drawn from the log's seed when it deals every deal the log holds
// (CheckSeed); the seed is unknown (SeedKnown false) when the log has no
// Seed tag, or one that is not a number or does not deal it (edited).
// An unknown seed's game goes on from a seed derived from the log's
// first deck, so the same log always goes on the same way; with no deal
// yet, from cfg.Seed. A board (cfg.Board) draws from the board. The bots
// are seeded from cfg.Seed.
func Resume(l *gamelog.Log, cfg Config) (*Session, error) {
	g, err := l.Game()
	if err != nil {
		return nil, err
	}
	r, err := l.Replay()
	if err != nil {
		return nil, err
	}
	seed, known := cfg.Seed, false
	if cfg.Board == nil {
		seed, known = resumeSeed(l, r, cfg.Seed)
	}
	s := newSession(cfg, g, seed)
	s.seedKnown = known
	if b := s.board; b != nil {
		if err := b.check(g.Players()); err != nil {
			return nil, err
		}
		if len(l.Deals) > 1 || len(l.Deals) == 1 && l.Deals[0].Deck != b.Deck || l.Header.FirstDealer != b.Dealer {
			return nil, errors.New("saved game: it is not the board's deal")
		}
		if err := s.replayChance(); err != nil {
			return nil, fmt.Errorf("saved game: %w", err)
		}
	}
	s.header = l.Header
	for i := range rules.Seat(l.Header.Seats()) {
		lv := l.Header.Level(i)
		p := Player{Name: l.Header.Name(i), Human: lv == gamelog.Human, Key: l.Header.Key(i)}
		if !p.Human {
			if p.Level, err = ai.ParseLevel(lv); err != nil {
				return nil, fmt.Errorf("saved game: %v", err)
			}
		}
		s.players = append(s.players, p)
	}
	if err := s.makeBots(cfg, cfg.Seed); err != nil {
		return nil, err
	}
	s.recallForced(r)
	for i, d := range l.Deals {
		if d.Claim != nil {
			s.claims[i+1] = *d.Claim
		}
	}
	s.recallClaimed(r)
	s.recallClaim()
	s.drawChance() // a log may stop at a chance step
	return s, nil
}

// recallForced finds again the moves of every deal that were taken for
// a person (Forced), which the log does not mark: a person's move
// outside the card play with no other legal action. So a resumed game
// tells them, in its earlier deals too, as the game before the save did.
// A claim's moves are not told again: the claim ends the deal. With
// Config.AskAll no move was taken: the person answered each.
func (s *Session) recallForced(r *gamelog.Replay) {
	if s.askAll {
		return
	}
	for k := range r.Deals {
		rd := &r.Deals[k]
		d := rd.At(0)
		for i, st := range rd.Steps {
			if st.Seat != rules.ChanceSeat && s.Human(st.Seat) {
				v := d.View(st.Seat)
				if why, ok := ForcedReason(&v); ok {
					s.forced[[2]int{rd.No, i}] = why
				}
			}
			d.ApplyUnchecked(st.Action)
		}
	}
}

// recallClaimed finds again the cards played out for a claim the log
// holds, in every deal: the game before the save took them for the
// claimer's side (Forced "claimed"), and a resumed game tells them, and
// counts the tricks played for the side, as that game did.
func (s *Session) recallClaimed(r *gamelog.Replay) {
	for i := range r.Deals {
		rd := &r.Deals[i]
		if rd.Claim == nil || !s.Human(rd.Claim.Seat) {
			continue
		}
		for j := range rd.Steps {
			if rd.ClaimedAt(j) {
				s.forced[[2]int{rd.No, j}] = "claimed"
			}
		}
	}
}

func newSession(cfg Config, g *rules.Game, seed uint64) *Session {
	return &Session{game: g, seed: seed, forced: map[[2]int]string{}, claimer: rules.NoSeat, claims: map[int]gamelog.Claim{},
		board: cfg.Board, askAll: cfg.AskAll}
}

// makeBots makes the bot of every seat that is not a person's. The
// first bot is seeded with seed, the next with seed+1, and so on; on a
// board each with its seat's seed, bounded by work.
func (s *Session) makeBots(cfg Config, seed uint64) error {
	f := cfg.NewBot
	if f == nil {
		// The game's bots share their win tables and deal models:
		// each is built once a game rather than once a bot.
		f = ai.WithWinTables(ai.New, &eval.WinTables{})
	}
	s.bots = make([]ai.Bot, len(s.players))
	n := uint64(0)
	for i, p := range s.players {
		if p.Human {
			continue
		}
		bc := ai.Config{Seed: seed + n}
		if s.board != nil {
			bc = ai.Config{Seed: s.board.BotSeed(rules.Seat(i)), Think: -1}
		}
		b, err := f(p.Level, bc)
		if err == nil && b == nil {
			err = errors.New("no bot")
		}
		if err != nil {
			return fmt.Errorf("cannot start the %s bot: %w", p.Level, err)
		}
		s.bots[i] = b
		n++
	}
	return nil
}

// FirstDealerOf draws the seat that deals first at a table of players
// from the game's seed.
func FirstDealerOf(seed uint64, players int) rules.Seat {
	return rules.Seat(rand.New(rand.NewPCG(seed, 0)).IntN(players))
}

// Deck returns the deck of deal n (1-based): each deal has its own
// stream of the seed, so a resumed game deals what it would have dealt.
func Deck(seed uint64, n int) rules.Deck {
	return rules.Shuffle(rand.New(rand.NewPCG(seed, uint64(n))))
}

// NextSeed derives the seed of the next game from the last one
// (splitmix64), so a sitting stays reproducible from its first seed.
func NextSeed(s uint64) uint64 { return seedmix.Mix(s, 1) }

// Game is the game itself, to read: change it only through the Session.
func (s *Session) Game() *rules.Game { return s.game }

// Seed is the seed the game's decks are drawn from.
func (s *Session) Seed() uint64 { return s.seed }

// SeedKnown says whether Seed deals the whole game again: false for a
// board, and for a game resumed from a log whose seed is unknown (no
// Seed tag, or one that does not deal the log: see Resume).
func (s *Session) SeedKnown() bool { return s.seedKnown }

// Players returns who sits where, by seat.
func (s *Session) Players() []Player { return append([]Player(nil), s.players...) }

// Human reports whether a person sits at seat.
func (s *Session) Human(seat rules.Seat) bool {
	return int(seat) < len(s.players) && s.players[seat].Human
}

// Humans returns the seats of the people, in order.
func (s *Session) Humans() []rules.Seat {
	var out []rules.Seat
	for i, p := range s.players {
		if p.Human {
			out = append(out, rules.Seat(i))
		}
	}
	return out
}

// Gen counts the changes to the game (deals and actions): an answer
// computed for one position carries its Gen, and is stale once Gen moves.
func (s *Session) Gen() int { return s.gen }

// View is what seat may see of the current deal. It is a value: safe to
// hand to another goroutine, and it never shows another seat's hidden
// cards.
func (s *Session) View(seat rules.Seat) rules.View { return s.game.Deal().View(seat) }

// ToMove returns the seat to act, and false when no one is: the game
// waits for a deal, or is over.
func (s *Session) ToMove() (rules.Seat, bool) {
	if s.Over() || s.game.NeedDeal() {
		return 0, false
	}
	return s.game.Turn(), true
}

// Header is the game log's header.
func (s *Session) Header() gamelog.Header { return s.header }

// Log records the game as it stands.
func (s *Session) Log() *gamelog.Log {
	l := gamelog.FromGame(s.header, s.game)
	for no, c := range s.claims {
		if no >= 1 && no <= len(l.Deals) {
			l.Deals[no-1].Claim = &c
		}
	}
	return l
}

// Forced returns why the move at step of deal was taken for a person,
// worded to that person ("you hold no sequence"), and false when the move was
// chosen.
func (s *Session) Forced(deal, step int) (string, bool) {
	r, ok := s.forced[[2]int{deal, step}]
	return r, ok
}

// StartDeal deals the next deal if the game waits for one, from the
// seed's stream for that deal (a board's deck on a board).
func (s *Session) StartDeal() error {
	if !s.game.NeedDeal() || s.Over() {
		return nil
	}
	deck := Deck(s.seed, s.game.DealNo())
	if s.board != nil {
		deck = s.board.Deck
	}
	if err := s.game.StartDeal(deck); err != nil {
		return err
	}
	s.gen++
	s.drawChance()
	return nil
}

// Apply takes action a for seat, which must be the seat to move.
func (s *Session) Apply(seat rules.Seat, a rules.Action) error {
	turn, ok := s.ToMove()
	if !ok {
		return ErrNoTurn
	}
	if seat != turn {
		return &TurnError{Seat: seat, Turn: turn}
	}
	return s.apply(a)
}

func (s *Session) apply(a rules.Action) error {
	if err := s.game.Apply(a); err != nil {
		return err
	}
	s.gen++
	s.drawChance()
	return nil
}

// Advance takes the forced moves of the people: while a person is to
// move and has one legal action outside the card play, it is applied
// and its reason kept (see Forced); with Config.AskAll the person is
// asked it like any other decision (see Only). Card play is never
// forced, so a person always plays their own cards, except after a good
// Claim: then the cards of the claimer's side (a bot partner's too) are
// played for it ("claimed"). It stops when a bot is to move, a person
// has a choice, or the deal is over.
func (s *Session) Advance() error {
	for {
		seat, ok := s.ToMove()
		if !ok || (!s.Human(seat) && !s.Claimed(seat)) {
			return nil
		}
		var a rules.Action
		var why string
		switch {
		case s.Claimed(seat):
			a, ok = s.claimedMove(seat)
			why = "claimed"
		case s.askAll:
			return nil
		default:
			v := s.View(seat)
			a, why, ok = onlyAt(&v)
		}
		if !ok {
			return nil
		}
		key := [2]int{s.game.DealNo(), len(s.game.Deal().Steps())}
		if err := s.apply(a); err != nil {
			return err
		}
		s.forced[key] = why
	}
}

// Only returns why seat, a person to move, has a single legal answer to
// a decision outside the card play, worded to them ("you hold no 7 of
// trump"), and false when they have a choice, are not to move, or play
// a card. Advance takes such a move itself unless Config.AskAll.
func (s *Session) Only(seat rules.Seat) (string, bool) {
	if turn, ok := s.ToMove(); !ok || turn != seat || !s.Human(seat) || s.Claimed(seat) {
		return "", false
	}
	v := s.View(seat)
	return ForcedReason(&v)
}

// onlyAt is the single legal action at v outside the card play and its
// reason (forcedReason), false when there is none or more than one.
func onlyAt(v *rules.View) (rules.Action, string, bool) {
	legal := v.Legal()
	if len(legal) != 1 || v.Phase == rules.PhasePlay {
		return rules.Action{}, "", false
	}
	return legal[0], forcedReason(legal[0], v), true
}

// ForcedReason is why the move at v is taken for a person who is not
// asked every move: their one legal action outside the card play, told
// as the table tells it ("you hold no sequence"); false when they have a
// choice. A replay of a local game tells the person's moves with it.
func ForcedReason(v *rules.View) (string, bool) {
	_, why, ok := onlyAt(v)
	return why, ok
}

// forcedReason says why a move was taken for the person at v, in a
// player's words, read after "automatic:"; any other move is "your only
// choice". "Good" is the only word left both to a person without a
// sequence and to one whose sequence is lower than the claim standing:
// the reason says which, and what becomes of the lower one. With four
// a lower sequence is not lost while the team may still win the right:
// under the partner's claim, or with the partner still to speak (it
// may claim higher); then the team scores both partners' sequences.
// Once the partner has spoken and the claim standing is the
// opponents', it is not shown. A set (of_a_kind), told like a
// sequence, is named a set; a top card or length told names the meld
// the claim stands for.
func forcedReason(a rules.Action, v *rules.View) string {
	best := v.OwnBest()
	none := "you hold no sequence"
	if v.Options.OfAKind {
		none = "you hold no sequence or set"
	}
	switch a.Kind {
	case rules.Good:
		claimant, _, _, _ := v.Claim()
		partner := rules.PartnerOf(v.Players, v.Seat)
		lower := "your " + meldWord(best) + " is lower than the claim standing"
		switch {
		case best.Len < 3:
			return none
		case partner != rules.NoSeat && claimant == partner:
			return "your partner's claim is higher: if it stands, yours scores too"
		case partner != rules.NoSeat && v.ToSpeak(partner):
			return lower + ": it scores if your partner claims higher"
		}
		return lower + ", so it is not shown"
	case rules.Top:
		if told := v.OwnClaim(); told.Set {
			return "the rank of your set"
		}
		return "the top card of your sequence"
	case rules.Length:
		if told := v.OwnClaim(); told.Set {
			return "the size of your set"
		}
		return "the length of your sequence"
	case rules.NoExchange:
		return "you hold no 7 of trump"
	case rules.NoSequence:
		return none
	case rules.Pass:
		switch v.Declaring() {
		case rules.Shlomo:
			return "you were dealt no shlomo"
		case rules.Cleopatra:
			return "you hold no cleopatra"
		}
	}
	return "your only choice"
}

// meldWord names m as the dialogue tells it: a set or a sequence.
func meldWord(m rules.Meld) string {
	if m.Set {
		return "set"
	}
	return "sequence"
}

// Thinker is a bot's decision, ready to run on any goroutine: it holds
// the bot and a copy of its seat's View, nothing of the Session. Its
// Seat and Gen go back to BotMove with the answer.
type Thinker struct {
	Seat rules.Seat
	Gen  int
	bot  ai.Bot
	view rules.View
	// stand is set for a bot that plays a person's seat (ThinkWith).
	stand bool
}

// Think runs the bot's decision. ctx carries the deadline; a bot that
// passes it returns its best so far or an error.
func (t Thinker) Think(ctx context.Context) (rules.Action, error) {
	return t.bot.Choose(ctx, &t.view)
}

// Think returns the decision of the bot to move, and false when no bot
// is to move. A bot is one value for the whole game, so run one of its
// Thinkers at a time: ask for the next after BotMove has taken (or
// dropped) the answer of the last.
func (s *Session) Think() (Thinker, bool) {
	seat, ok := s.ToMove()
	if !ok || !s.botAt(seat) || s.Claimed(seat) {
		return Thinker{}, false
	}
	return Thinker{Seat: seat, Gen: s.gen, bot: s.bots[seat], view: s.View(seat)}, true
}

// ThinkWith returns the decision of bot for the person to move, when a
// bot plays a person's seat (a shared game's dropped player), and false
// when no person is to move or the person's move is taken for them (a
// claim). Its answer goes back through BotMove like any bot's.
func (s *Session) ThinkWith(bot ai.Bot) (Thinker, bool) {
	seat, ok := s.ToMove()
	if !ok || !s.Human(seat) || s.Claimed(seat) || bot == nil {
		return Thinker{}, false
	}
	return Thinker{Seat: seat, Gen: s.gen, bot: bot, view: s.View(seat), stand: true}, true
}

// BotMove applies a Thinker's answer: the action it chose, or the error
// it returned. An answer to an old position returns ErrStale and changes
// nothing. When the bot failed, or chose an illegal action, the first
// legal action is taken instead and a *BotError says so.
func (s *Session) BotMove(t Thinker, a rules.Action, chooseErr error) error {
	if seat, ok := s.ToMove(); !ok || t.Gen != s.gen || seat != t.Seat || (!s.botAt(seat) && !(t.stand && s.Human(seat))) {
		return ErrStale
	}
	if chooseErr == nil {
		err := s.apply(a)
		if err == nil {
			return nil
		}
		chooseErr = err
	}
	legal := s.game.Legal()
	if len(legal) == 0 {
		return &BotError{Seat: t.Seat, Err: chooseErr}
	}
	if err := s.apply(legal[0]); err != nil {
		return &BotError{Seat: t.Seat, Err: err}
	}
	return &BotError{Seat: t.Seat, Err: chooseErr, Instead: &legal[0]}
}
