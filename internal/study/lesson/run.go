package lesson

import (
	"context"
	"errors"
	"fmt"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
)

// The seats: you are A, the bots the others. With two players the bot
// is B; with four your partner is C, opposite you.
const (
	You = rules.SeatA
	Bot = rules.SeatB
)

// Kind is what a step asks of the player.
type Kind uint8

const (
	// Read: read the text, press enter.
	Read Kind = iota
	// Act: take the one decision the step wants (Step.Want).
	Act
	// Play: play the cards of the deal, any legal card.
	Play
	// Claim: claim every remaining trick (Run.Claim); the lesson stops
	// here only where every trick is sure.
	Claim
	// Score: read the score of the deal just played.
	Score
	// End: the lesson is over; offer a real game.
	End
)

// Step is where the lesson stands: the text to show and what the
// player may do.
type Step struct {
	// Name is the section of lesson.md shown.
	Name string
	Kind Kind
	// Want is the decision an Act step asks for.
	Want rules.Action
	// Bella, in the card play, is the card the lesson asks to play with
	// bella now (rules.NoCard when none).
	Bella rules.Card
	// Discard, in the card play, is true when the step's advice is to
	// throw away a card worth little (any card may be played).
	Discard bool
	// Advised, in the card play, is the card the step's advice names: at
	// your lead leadCard's, at a discard the legal card worth least;
	// rules.NoCard at any other step.
	Advised rules.Card
	// Marks is true once the lesson has reached the step that explains
	// sequences: from there on the hand shows its meld marks (20, 50,
	// bella); before it a mark would show what the text has not told.
	Marks bool
	// Runs is true at a step whose subject is your sequences: the hand
	// is best shown in sequence order (A K Q J 10 9 8 7 in each suit),
	// where a run reads as one, rather than by trick strength.
	Runs bool
}

// op is one entry of the script: a new deal, a scripted action of the
// bot, or of yours when it is the only one you have, or a stop for the
// player.
type op struct {
	deck   string       // start a deal with this deck
	move   rules.Action // the scripted action (isMove)
	stop   Kind
	name   string
	want   rules.Action
	isMove bool
	isDeal bool
	marks  bool // the step explains the meld marks under the hand
	runs   bool // the step's subject is your sequences (Step.Runs)
}

func deal(deck string) op                { return op{deck: deck, isDeal: true} }
func bot(a rules.Action) op              { return op{move: a, isMove: true} }
func read(name string) op                { return op{stop: Read, name: name} }
func act(name string, a rules.Action) op { return op{stop: Act, name: name, want: a} }

// explains marks o as the step whose text explains the meld marks under
// the hand: they show from it on (Step.Marks).
func explains(o op) op { o.marks = true; return o }

// aboutRuns marks o as a step whose text is about your sequences: the
// hand shows in sequence order there (Step.Runs).
func aboutRuns(o op) op { o.runs = true; return o }

// yours is your move when it is the only one the rules leave you ("no
// sequence" without a sequence): the lesson makes it, as a game does.
func yours(a rules.Action) op { return op{move: a, isMove: true} }

// isStop reports whether o waits for the player.
func (o op) isStop() bool { return !o.isMove && !o.isDeal }

// Deck1, Deck2 and Deck3 are the three hand-picked deals (deck order as
// in the game log: 1-3 to the non-dealer, 4-6 to the dealer, 7-9, 10-12,
// the upcard, 14-16, 17-19, the bottom card last).
const (
	// The bot deals; you hold nothing in clubs, the upcard's suit, and
	// the bot J 9 A of clubs.
	Deck1 = "7D 8S 9S JC 9C AC 7S 8D 7H AS TS AD 8C " +
		"QC KC TC QD KD KH QH JH TH 9H 8H 7C 9D JD TD JS QS KS AH"
	// You deal: the upcard is the jack of hearts; you hold 7 K Q of
	// hearts and A K Q J of spades; the bot 10 9 8 of diamonds and no
	// trump but the 8. The 10 of hearts is the bottom card and the ace
	// stays in the stock, so your king and queen of trump, bella, are
	// never beaten.
	Deck2 = "TD 9D AC 7H KH QH 8H KC 7C AS KS TC JH " +
		"AD 8D 7S 9H QS JS AH JD QD KD 7D QC JC 9C 8C TS 9S 8S TH"
	// The bot deals; the upcard is the 8 of clubs, and you hold J 9 A K
	// of spades with the red aces: pass, then name spades in round two.
	// With the 10 of spades at the bottom and the aces and tens of your
	// second batch, every trick is yours from the first lead: a claim.
	Deck3 = "JS 9S AS 7H 9H JH KS AH AD 8D JD KC 8C " +
		"TH TD AC 9C QS 8S KH QH 8H KD QD 9D 7D QC JC TC 7C 7S TS"
)

// Deck3p is the deal of the three-player lesson (deck order as in the
// game log: three each from eldest, twice; the upcard; three more each;
// the stock, its bottom card last). You deal, so West speaks first and
// takes hearts with the 10, king and 8; the upcard is the 7 of hearts,
// the dix itself, so there is no exchange. West leads the ace of spades;
// East, with no spade, trumps it with a trump above your queen of hearts,
// your only trump, and you, with no spade either, must play it under
// East's. East holds the jack, 9 and ace of hearts: West is bete however
// the cards are played (the tests play it out many ways). Nobody holds
// bella nor a sequence.
const Deck3p = "TH KH 8H JH 9H AH AD QD 9D AS TS 8S AC TC 8C KC QC 9C 7H " +
	"7S JC JD KD TD 8D QH 7C 7D KS QS JS 9S"

// Deck4 is the deal of the four-player lesson (deck order as in the game
// log: three each from eldest, twice; then the eight kept back, two each
// from eldest, the maker taking the upcard, the last card, as one of its
// two). You deal, so West, North and East speak before you, and pass.
// The upcard is the jack of hearts and you hold the 9, ace and 7 of
// hearts and K Q J of spades: you take, and receive the 10 of spades and
// the upcard. Your K Q J 10 of spades (50) is the best sequence at the
// table, so your team also scores North's A K Q of clubs (20). West
// leads the first trick with a diamond; North, with one trump and no
// diamond, must trump it, and you, with no diamond either, must trump
// over your partner. Your team makes the contract however the cards are
// played (the tests play it out many ways).
const Deck4 = "KH TH AD AC KC QC QH KD JD 9H AH 7H QD TD 8D 9C 8H 9S " +
	"9D 7D TC KS QS JS JC AS 8C 7S 7C 8S TS JH"

// plan is the lesson at one seat count: who deals first, the suffix of
// the step names that differ by count ("" with two players), and the
// script.
type plan struct {
	dealer rules.Seat
	suffix string
	ops    []op
}

// planFor returns the lesson for players seats: at two, a deal thrown in
// by a schmeiss, a deal taken in round one and played out, and a deal
// named in round two and claimed at the first lead; at three, a deal the
// maker loses; at four, a deal your team takes and plays with a partner.
func planFor(players int) (plan, error) {
	switch players {
	case 2:
		return plan{dealer: Bot, ops: script()}, nil
	case 3:
		// As at four, the card play's rules come before West's first
		// lead, and your first card, under East's trump, has its step.
		return plan{dealer: You, suffix: "-3", ops: []op{
			read("welcome-3"),
			read("cards"),
			read("points"),
			deal(Deck3p),
			read("bid-3"),
			bot(rules.Action{Kind: rules.Take}),
			bot(rules.Action{Kind: rules.NoSequence}),
			bot(rules.Action{Kind: rules.NoSequence}),
			yours(rules.Action{Kind: rules.NoSequence}),
			read("taken-3"),
			read("play-3"),
			{stop: Play},
			{stop: Score, name: "score-3"},
			{stop: End, name: "end-3"},
		}}, nil
	case 4:
		pass, good := rules.PassAction(), rules.Action{Kind: rules.Good}
		// The card play's rules are told before West's first lead, so
		// that your first card, over your partner's trump, has its own
		// step (a Play stop without a name starts with the situation).
		return plan{dealer: You, suffix: "-4", ops: []op{
			read("welcome-4"),
			read("cards-4"),
			read("points"),
			deal(Deck4),
			bot(pass),
			bot(pass),
			bot(pass),
			act("bid-4", rules.Action{Kind: rules.Take}),
			aboutRuns(read("hands-4")),
			bot(rules.Action{Kind: rules.NoSequence}),
			bot(rules.AnnounceAction(20)),
			bot(good),
			aboutRuns(explains(act("sequences-4", good))),
			read("play-4"),
			{stop: Play},
			{stop: Score, name: "score-4"},
			{stop: End, name: "end-4"},
		}}, nil
	}
	return plan{}, fmt.Errorf("the lesson is for 2, 3 or 4 players, not %d", players)
}

// script is the two-player lesson, in order: a deal thrown in by a
// schmeiss, a deal taken in round one and played out, and a deal named
// in round two and claimed at the first lead.
func script() []op {
	return []op{
		read("welcome"),
		read("cards"),
		read("points"),
		deal(Deck1),
		act("deal1-bid", rules.PassAction()),
		bot(rules.Action{Kind: rules.Schmeiss}),
		act("deal1-schmeiss", rules.Action{Kind: rules.Accept}),
		read("deal1-over"),
		deal(Deck2),
		bot(rules.PassAction()),
		act("deal2-bid", rules.Action{Kind: rules.Take}),
		read("deal2-bottom"),
		bot(rules.Action{Kind: rules.NoExchange}),
		act("deal2-dix", rules.Action{Kind: rules.Exchange}),
		bot(rules.AnnounceAction(20)),
		aboutRuns(explains(act("deal2-sequences", rules.Action{Kind: rules.NotGood}))),
		{stop: Play, name: "play"},
		{stop: Score, name: "score"},
		deal(Deck3),
		act("deal3-bid", rules.PassAction()),
		bot(rules.PassAction()),
		act("deal3-name", rules.NameAction(rules.Spades)),
		yours(rules.Action{Kind: rules.NoSequence}),
		bot(rules.Action{Kind: rules.NoSequence}),
		{stop: Claim, name: "deal3-claim"},
		{stop: Score, name: "deal3-score"},
		{stop: End, name: "end"},
	}
}

// Refusal is a move the lesson did not take, and why.
type Refusal struct {
	// Illegal is true when the rules forbid the move (Why is the
	// engine's reason); false when the lesson wants another move here.
	Illegal bool
	Why     string
	// Err is the engine's error when Illegal (a *rules.IllegalError).
	Err error
}

func (r *Refusal) Error() string { return r.Why }

// Unwrap returns the engine's error, if any.
func (r *Refusal) Unwrap() error { return r.Err }

// Run is one pass through the lesson.
type Run struct {
	text   Text
	ops    []op
	suffix string // of the step names that differ by seat count
	pos    int    // the op the lesson stands at (a stop)
	game   *rules.Game
	bots   [4]ai.Bot // by seat; none at yours
	played int       // stops passed, for "step N of M"
	seen   map[string]bool
	remark string // on your last card, when the step advised another
}

// New starts the lesson for a table of players (2, 3 or 4): you at seat
// A, an easy bot with a fixed seed at each other seat.
func New(players int) (*Run, error) {
	t, err := LoadText()
	if err != nil {
		return nil, err
	}
	pl, err := planFor(players)
	if err != nil {
		return nil, err
	}
	opts := rules.DefaultOptions().WithPlayers(players)
	r := &Run{text: t, ops: pl.ops, suffix: pl.suffix, game: rules.NewGame(opts, pl.dealer), seen: map[string]bool{}}
	for s := rules.Seat(1); s < rules.Seat(players); s++ {
		// The bot at B has seed 1, as the two-player lesson always had.
		if r.bots[s], err = ai.New(ai.Easy, ai.Config{Seed: uint64(s)}); err != nil {
			return nil, err
		}
	}
	if err := r.advance(); err != nil {
		return nil, err
	}
	return r, nil
}

// Players returns the number of players at the lesson's table.
func (r *Run) Players() int { return r.game.Players() }

// Name names seat s as the lesson's table does: "You", and each bot
// as a game against bots names it (host.AgainstBots: "Bot" with two
// players, else by where it sits around you: "West" on your left,
// "North" opposite, your partner, at four; "East" on your right).
func (r *Run) Name(s rules.Seat) string {
	if s == You {
		return "You"
	}
	return host.AgainstBots(r.Players(), host.Player{}, You, ai.Easy)[s].Name
}

// named is the name of a step that differs by seat count: base with
// the lesson's suffix ("play-lead-4").
func (r *Run) named(base string) string { return base + r.suffix }

// Text returns the lesson text.
func (r *Run) Text() Text { return r.text }

// Game returns the game the lesson plays (its events are the table talk
// and the tricks).
func (r *Run) Game() *rules.Game { return r.game }

// View returns what you may see of the deal in play (or of the last one).
func (r *Run) View() rules.View { return r.game.Deal().View(You) }

// Dealt reports whether a deal has been dealt yet.
func (r *Run) Dealt() bool { return len(r.game.Records()) > 0 || !r.game.NeedDeal() }

// Stops returns how many steps the lesson has, and which one is current
// (1-based).
func (r *Run) Stops() (current, total int) {
	for _, o := range r.ops {
		if o.isStop() {
			total++
		}
	}
	return r.played + 1, total
}

// Step returns the current step. In the card play its name follows the
// situation: your lead, following suit, a trump lead, having to trump
// (over or under a trump in the trick, over your partner's), any card,
// or bella; once the last trick is played, the play is over. A Play stop
// with a name shows it at your first card, as the rules of the play; one
// without starts with the situation (the rules were a step of their own).
func (r *Run) Step() Step {
	o := r.ops[r.pos]
	s := Step{Name: o.name, Kind: o.stop, Want: o.want, Bella: rules.NoCard, Advised: rules.NoCard, Marks: r.marked(), Runs: o.runs}
	if o.stop != Play {
		return s
	}
	d := r.game.Deal()
	if d.Over() {
		// The last trick is played: the text says so, not how to play
		// a card, until enter goes on to the score.
		s.Name = r.named("play-over")
		return s
	}
	if d.Turn() != You {
		return s
	}
	if c := r.bellaCard(); c != rules.NoCard {
		s.Name, s.Bella = r.named("bella"), c
		return s
	}
	if !r.seen["play"] && o.name != "" {
		return s
	}
	// Once the first trick is over the winner of the sequences has
	// shown them, as in a game: the next card's step says so, once.
	if v := d.View(You); !r.seen["play-shown"] && v.Shown != [4]rules.CardSet{} {
		s.Name = r.named("play-shown")
		return s
	}
	sit := situation(d)
	s.Name = r.named(sit)
	s.Discard = s.Name == r.named("play-free")
	switch p := d.Play(); {
	case s.Discard:
		s.Advised = cheapest(p.Legal(), p.Trump)
	case p.InTrick == 0:
		s.Advised = leadCard(sit, p.Hands[You], p.Trump)
	}
	return s
}

// marked reports whether the lesson has reached the step that explains
// the meld marks (the script's explains).
func (r *Run) marked() bool {
	for _, o := range r.ops[:r.pos+1] {
		if o.marks {
			return true
		}
	}
	return false
}

// leadCard is the card the advice of the lead step sit names from
// hand: where you hold a trump above every one still out ("play-lead")
// or none is out ("play-lead-none"), your highest trump, which wins and
// draws the others' trumps; else, or holding no trump, the card outside
// trumps worth fewest points, the weaker of two worth the same ("lead
// one worth little"), or a trump worth least when you hold only trumps.
func leadCard(sit string, hand rules.CardSet, trump rules.Suit) rules.Card {
	trumps := rules.CardSet(0)
	if trump < rules.NoTrumps {
		trumps = hand & rules.SuitMask(trump)
	}
	if (sit == "play-lead" || sit == "play-lead-none") && trumps != 0 {
		best := rules.NoCard
		for m := trumps; m != 0; m &= m - 1 {
			if c := m.First(); best == rules.NoCard || rules.Power(c, trump) > rules.Power(best, trump) {
				best = c
			}
		}
		return best
	}
	if hand&^trumps != 0 {
		return cheapest(hand&^trumps, trump)
	}
	return cheapest(hand, trump)
}

// cheapest is the card of m worth fewest points, the weaker of two
// worth the same; rules.NoCard for none.
func cheapest(m rules.CardSet, trump rules.Suit) rules.Card {
	best := rules.NoCard
	for ; m != 0; m &= m - 1 {
		c := m.First()
		if best == rules.NoCard {
			best = c
			continue
		}
		p, q := rules.Points(c, trump), rules.Points(best, trump)
		if p < q || p == q && rules.Power(c, trump) < rules.Power(best, trump) {
			best = c
		}
	}
	return best
}

// Trick returns the number of the trick being played in the card play
// (1-based) and how many a deal has; 0 outside the card play.
func (r *Run) Trick() (n, of int) {
	d := r.game.Deal()
	if d.Phase() != rules.PhasePlay {
		return 0, 0
	}
	v := d.View(You)
	for s := range v.Players {
		n += v.Tricks[s]
	}
	return n + 1, rules.TricksPerDeal(v.Players)
}

// situation names the duty of the card you are about to play (your last
// card has no choice, and its own step): from your hand, whether you
// can follow or trump, or at your lead whether any trump is left; from
// the engine's legal cards, whether you can beat a trump already in the
// trick. With three or four players a trump may already be winning a
// trick led in another suit: you must then beat it if you can (even
// your partner's), else play a lower trump.
func situation(d *rules.Deal) string {
	p := d.Play()
	if p.Hands[You].Count() == 1 {
		// One card left: no advice on which to play, whatever the duty.
		return "play-last"
	}
	if p.InTrick == 0 {
		// The advice on leading trumps follows what you can know: the
		// trumps another player may still hold, from your hand, the
		// cards played and shown, and the voids the play has shown.
		v := d.View(You)
		out := trumpsOut(&v)
		switch {
		case p.Trump >= rules.NoTrumps:
			return "play-lead-plain"
		case out == 0 && p.Hands[You]&rules.SuitMask(p.Trump) == 0:
			// No trump is left in any hand, yours included.
			return "play-lead-bare"
		case out == 0:
			return "play-lead-none"
		case !holdsTop(p.Hands[You], out, p.Trump):
			return "play-lead-plain"
		}
		return "play-lead"
	}
	legal, hand := p.Legal(), p.Hands[You]
	led := p.Lead().Suit()
	win := p.Trick[p.Win]
	switch {
	case led == p.Trump:
		return "play-trump-lead"
	case hand&rules.SuitMask(led) != 0:
		return "play-follow"
	case hand&rules.SuitMask(p.Trump) == 0: // none with no trumps
		return "play-free"
	case win.Suit() == p.Trump:
		by := p.Winning()
		switch {
		case legal&rules.Above(win, p.Trump) != legal:
			return "play-undertrump"
		case rules.SideOfSeat(int(p.N), by) == rules.SideOfSeat(int(p.N), You):
			return "play-over-partner"
		}
		return "play-overtrump"
	}
	return "play-must-trump"
}

// trumpsOut returns the trumps that the viewer of v cannot rule out of
// another player's hand: unseen (in a hand or the stock, it cannot
// tell) or known there, less those the player's card play has shown it
// cannot hold. The other hands themselves are not looked at.
func trumpsOut(v *rules.View) rules.CardSet {
	if v.Trump >= rules.NoTrumps {
		return 0
	}
	var out rules.CardSet
	unseen := v.Unseen()
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o != v.Seat && v.Counts[o] > 0 {
			out |= (unseen | v.Known(o)) &^ v.CannotHold(o)
		}
	}
	return out & rules.SuitMask(v.Trump)
}

// holdsTop reports whether hand holds a trump above every trump in out:
// led, it wins, and draws the trumps of the others.
func holdsTop(hand, out rules.CardSet, trump rules.Suit) bool {
	for m := hand & rules.SuitMask(trump); m != 0; m &= m - 1 {
		if rules.Above(m.First(), trump)&out == 0 {
			return true
		}
	}
	return false
}

// high reports whether c, thrown away, gives 10 points or more to the
// trick's winner while a card worth less could be played.
func (r *Run) high(c rules.Card) bool {
	p := r.game.Deal().Play()
	if rules.Points(c, p.Trump) < 10 {
		return false
	}
	for m := p.Legal(); m != 0; m &= m - 1 {
		if rules.Points(m.First(), p.Trump) < rules.Points(c, p.Trump) {
			return true
		}
	}
	return false
}

// Remark returns the lesson's word on the card you just played, when
// the step advised another kind of card ("" when none): the card is
// taken, as in a game, and the remark says what it gave away.
func (r *Run) Remark() string { return r.remark }

// bellaCard returns the card you may play now with bella, or NoCard.
func (r *Run) bellaCard() rules.Card {
	d := r.game.Deal()
	if d.Phase() != rules.PhasePlay || d.Turn() != You {
		return rules.NoCard
	}
	p := d.Play()
	for m := p.Legal(); m != 0; m &= m - 1 {
		if c := m.First(); d.IsLegal(rules.PlayBellaAction(c)) {
			return c
		}
	}
	return rules.NoCard
}

// Continue goes past a Read or Score step (enter). It returns false on
// other steps.
func (r *Run) Continue() bool {
	o := r.ops[r.pos]
	if o.stop != Read && o.stop != Score && !(o.stop == Play && r.game.Deal().Over()) {
		return false
	}
	return r.pass() == nil
}

// pass goes past the current stop and runs the script to the next.
func (r *Run) pass() error {
	r.pos++
	r.played++
	return r.advance()
}

// Try takes your move: the rules check it first, then the lesson. A
// refused move changes nothing and comes back as a *Refusal.
func (r *Run) Try(a rules.Action) error {
	o := r.ops[r.pos]
	d := r.game.Deal()
	if o.stop != Act && o.stop != Play && o.stop != Claim || d.Over() || d.Turn() != You {
		return &Refusal{Why: "it is not your turn to play now"}
	}
	// A copy of the deal says whether the
	// rules allow a, and why not.
	trial := d.Copy()
	if err := trial.Apply(a); err != nil {
		return &Refusal{Illegal: true, Why: err.Error(), Err: err}
	}
	remark := ""
	switch o.stop {
	case Act, Claim:
		if a != o.want {
			return &Refusal{Why: r.text[o.name+"/other"].String()}
		}
	case Play:
		if c := r.bellaCard(); c != rules.NoCard && a.Card == c && !a.Bella {
			return &Refusal{Why: r.text[r.named("bella")+"/other"].String()}
		}
		// The step shown for this card, before the first card's rules
		// step counts as seen.
		if st := r.Step(); st.Discard && r.high(a.Card) {
			remark = r.text[st.Name+"/high"].String()
		}
		r.seen["play"] = true
		if r.Step().Name == r.named("play-shown") {
			r.seen["play-shown"] = true
		}
	}
	if err := r.game.Apply(a); err != nil {
		return &Refusal{Illegal: true, Why: err.Error()}
	}
	r.remark = remark
	if o.stop == Act {
		return r.pass()
	}
	return r.advance()
}

// advance runs the script to the next stop: deals, scripted words (the
// bot's, and yours when you have no other), and in the card play the
// bot's cards until it is your turn or the deal is over.
func (r *Run) advance() error {
	for r.pos < len(r.ops) {
		o := r.ops[r.pos]
		switch {
		case o.isDeal:
			deck, err := rules.ParseDeck(o.deck)
			if err != nil {
				return fmt.Errorf("lesson deck: %w", err)
			}
			if err := r.game.StartDeal(deck); err != nil {
				return fmt.Errorf("lesson deal: %w", err)
			}
		case o.isMove:
			who := r.Name(r.game.Turn()) + "'s"
			if r.game.Turn() == You {
				who = "your"
			}
			if err := r.game.Apply(o.move); err != nil {
				return fmt.Errorf("lesson script, %s %v: %w", who, o.move, err)
			}
		case o.stop == Play, o.stop == Claim:
			return r.botPlays()
		default:
			return nil
		}
		r.pos++
	}
	return errors.New("the lesson script ran out")
}

// Claim is your claim of every remaining trick. The lesson takes it
// only at its Claim step, where every trick is sure whatever the bot
// holds (its tests check the claim as a game would, exactly); anywhere
// else it is refused with the lesson's reason. A claim plays the deal
// out: your cards by claim.Next, each keeping every trick, the bot's
// by the bot.
func (r *Run) Claim() error {
	o := r.ops[r.pos]
	d := r.game.Deal()
	if o.stop != Claim {
		return &Refusal{Why: r.text[r.named("claim")+"/other"].String()}
	}
	for !d.Over() {
		if d.Turn() != You {
			if err := r.botPlays(); err != nil {
				return err
			}
			continue
		}
		c, ok := claim.Next(d.Play(), You)
		if !ok {
			return fmt.Errorf("lesson script: the claim of %s is not sure", o.name)
		}
		a := rules.PlayAction(c)
		if b := rules.PlayBellaAction(c); d.IsLegal(b) {
			a = b
		}
		if err := r.game.Apply(a); err != nil {
			return fmt.Errorf("lesson claim, your %v: %w", a, err)
		}
	}
	return r.pass()
}

// botPlays plays the bots' cards while it is a bot's turn.
func (r *Run) botPlays() error {
	d := r.game.Deal()
	for !d.Over() && d.Turn() != You {
		v := d.View(d.Turn())
		a, err := r.bots[d.Turn()].Choose(context.Background(), &v)
		if err != nil {
			return err
		}
		if err := r.game.Apply(a); err != nil {
			return fmt.Errorf("the bot's %v: %w", a, err)
		}
		d = r.game.Deal()
	}
	return nil
}

// Records returns the deals finished so far.
func (r *Run) Records() []rules.DealRecord { return r.game.Records() }
