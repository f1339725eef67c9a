package docs_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/rules"
)

// The worked examples of rules.md are fenced blocks opened by
// "```example NAME". TestExamples deals each one from its deck with the
// engine (a rules.Game, the path every game of Klob takes), applies the
// words and cards it lists, and checks every figure it states. The
// lines a block may hold, in the order a deal goes:
//
//	deal: 3 players, C deals, rules menage=on     (rules is optional)
//	hand A: 7♣ 8♣ 9♣ K♣ A♣ 7♦ + 8♦ 9♦ 10♦         (the six, + the rest)
//	upcard J♦, bottom 7♠                          (bottom is optional)
//	declarations: A shlomo, A draw Q♠, A give 7♣
//	bidding: A pass, B take                       (also schmeiss, name ♥)
//	dix: A exchange
//	dialogue: A announce 50, B how-high, A top K, B good
//	legal C: play 9♦, play J♦                     (what the seat may do)
//	holds A: ...                                  (a hand, now)
//	maker B, trump ♥                              (who made trump, which)
//	right: A                                      (who won the sequences)
//	trick 1: A 7♣, B 10♣ → B 10                   (winner, card points)
//	trick 9: A K♥ bella, B 7♥ → A 4 + 10          (+ the last trick)
//	score A: cards 59, last trick 10, sequences 70, bella 20 = 159
//	team AC: A 95 + C 40 = 135                    (four players)
//	made: A scores 159, B scores 33               (equal:, bete:; bimah 40)
//	game to 500: A 480 + 30 = 510, B 430 + 90 = 520 → B wins
//
// A trick line without "→" goes on in the next line of the same trick.
// Actions are written as the game log writes them (rules.ParseAction),
// cards as a player writes them (rules.ParseCard).

// example is one example block of rules.md.
type example struct {
	name  string
	line  int // of the opening fence
	lines []exLine
}

type exLine struct {
	no   int
	text string
}

// parseExamples finds the example blocks of a markdown text.
func parseExamples(md string) ([]example, error) {
	var out []example
	var cur *example
	for i, l := range strings.Split(md, "\n") {
		no := i + 1
		trimmed := strings.TrimSpace(l)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```example"):
			name := strings.TrimSpace(strings.TrimPrefix(trimmed, "```example"))
			if name == "" {
				return nil, fmt.Errorf("rules.md:%d: an example block needs a name", no)
			}
			out = append(out, example{name: name, line: no})
			cur = &out[len(out)-1]
		case cur != nil && trimmed == "```":
			cur = nil
		case cur != nil && trimmed != "":
			cur.lines = append(cur.lines, exLine{no, trimmed})
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("rules.md:%d: example %s is not closed", cur.line, cur.name)
	}
	return out, nil
}

// outcome is what a checked example showed, for the coverage test.
type outcome struct {
	players  int
	opts     rules.Options
	scored   bool // played out and its score checked
	outcome  rules.Outcome
	features map[string]bool
}

// runner plays one example.
type runner struct {
	t       *testing.T
	ex      example
	line    int
	failed  bool
	players int
	opts    rules.Options
	dealer  rules.Seat
	first   [4][]rules.Card
	later   [4][]rules.Card
	upcard  rules.Card
	bottom  rules.Card
	g       *rules.Game
	trickNo int
	// pending: the cards of a trick split over lines so far.
	pending int
	// lastDeclarer is the seat that said shlomo last: a draw is its.
	lastDeclarer rules.Seat
	scoreSeen    bool
	out          outcome
}

func (r *runner) errorf(format string, args ...any) {
	r.t.Helper()
	r.failed = true
	r.t.Errorf("rules.md:%d: example %s: %s", r.line, r.ex.name, fmt.Sprintf(format, args...))
}

func parseSeat(s string) (rules.Seat, error) {
	s = strings.TrimSpace(s)
	if len(s) == 1 && s[0] >= 'A' && s[0] <= 'D' {
		return rules.Seat(s[0] - 'A'), nil
	}
	return rules.NoSeat, fmt.Errorf("%q is not a seat (A to D)", s)
}

func parseCards(s string) ([]rules.Card, error) {
	var out []rules.Card
	for _, f := range strings.Fields(s) {
		c, err := rules.ParseCard(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// parseSide reads a side's name: a seat, or with four players "AC" or
// "BD".
func (r *runner) parseSide(s string) (int, error) {
	for i := range rules.SidesAt(r.players) {
		if rules.SideName(r.players, i) == s {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%q is not a side of %d players", s, r.players)
}

func (r *runner) run() outcome {
	r.players, r.opts, r.dealer = 2, rules.DefaultOptions(), rules.NoSeat
	r.upcard, r.bottom, r.lastDeclarer = rules.NoCard, rules.NoCard, rules.NoSeat
	r.out.features = map[string]bool{}
	for _, l := range r.ex.lines {
		r.line = l.no
		if err := r.step(l.text); err != nil {
			r.errorf("%s: %v", l.text, err)
			return r.out
		}
	}
	if r.g != nil && r.pending != 0 {
		r.errorf("trick %d is not finished", r.trickNo)
	}
	if r.g != nil && r.scoreSeen && !r.g.Deal().Over() {
		r.errorf("a score is stated but the deal is not over")
	}
	r.out.players, r.out.opts = r.players, r.opts
	return r.out
}

var (
	reDeal   = regexp.MustCompile(`^deal: ([234]) players, ([A-D]) deals(?:, rules (\S+))?$`)
	reHand   = regexp.MustCompile(`^hand ([A-D]): ([^+]*)(?:\+(.*))?$`)
	reUpcard = regexp.MustCompile(`^upcard (\S+)(?:, bottom (\S+))?$`)
	reTrick  = regexp.MustCompile(`^trick (\d+): ([^→]*)(?:→ ([A-D]) (.*))?$`)
	reSeatLn = regexp.MustCompile(`^(legal|holds|score) ([A-D]): ?(.*)$`)
	reTeam   = regexp.MustCompile(`^team (AC|BD): (.*) = (\d+)$`)
	reResult = regexp.MustCompile(`^(made|equal|bete): (.*)$`)
	reGame   = regexp.MustCompile(`^game to (\d+): (.*) → (.*)$`)
	reMaker  = regexp.MustCompile(`^maker ([A-D]), trump (.+)$`)
)

func (r *runner) step(s string) error {
	if m := reDeal.FindStringSubmatch(s); m != nil {
		r.players, _ = strconv.Atoi(m[1])
		o, err := rules.ParseOptions(m[3])
		if err != nil {
			return err
		}
		if err := o.Set("players", m[1]); err != nil {
			return err
		}
		r.opts = o
		r.dealer, _ = parseSeat(m[2])
		return nil
	}
	if m := reHand.FindStringSubmatch(s); m != nil {
		seat, _ := parseSeat(m[1])
		var err error
		if r.first[seat], err = parseCards(m[2]); err != nil {
			return err
		}
		if len(r.first[seat]) != 6 {
			return fmt.Errorf("a hand is dealt six cards first, got %d", len(r.first[seat]))
		}
		r.later[seat], err = parseCards(m[3])
		return err
	}
	if m := reUpcard.FindStringSubmatch(s); m != nil {
		var err error
		if r.upcard, err = rules.ParseCard(m[1]); err != nil {
			return err
		}
		if m[2] != "" {
			if r.bottom, err = rules.ParseCard(m[2]); err != nil {
				return err
			}
		}
		return nil
	}
	if m := reGame.FindStringSubmatch(s); m != nil {
		return r.game(m[1], m[2], m[3])
	}
	if r.g == nil {
		if err := r.start(); err != nil {
			return err
		}
	}
	label, rest, _ := strings.Cut(s, ":")
	switch label {
	case "declarations", "bidding", "dix", "dialogue":
		return r.actions(label, rest)
	case "right":
		return r.right(strings.TrimSpace(rest))
	}
	if m := reTrick.FindStringSubmatch(s); m != nil {
		return r.trick(m)
	}
	if m := reSeatLn.FindStringSubmatch(s); m != nil {
		seat, _ := parseSeat(m[2])
		switch m[1] {
		case "legal":
			return r.legal(seat, m[3])
		case "holds":
			return r.holds(seat, m[3])
		default:
			return r.score(seat, m[3])
		}
	}
	if m := reMaker.FindStringSubmatch(s); m != nil {
		return r.maker(m[1], m[2])
	}
	if m := reTeam.FindStringSubmatch(s); m != nil {
		return r.team(m[1], m[2], m[3])
	}
	if m := reResult.FindStringSubmatch(s); m != nil {
		return r.result(m[1], m[2])
	}
	return fmt.Errorf("not a line of an example")
}

// start builds the deck the example's hands describe, in the order
// rules.md says the cards are dealt, and deals it.
func (r *runner) start() error {
	n := r.players
	if r.dealer == rules.NoSeat {
		return fmt.Errorf("no deal: line before the first action")
	}
	if r.upcard == rules.NoCard {
		return fmt.Errorf("no upcard")
	}
	var deck rules.Deck
	for i := range deck {
		deck[i] = rules.NoCard
	}
	used := rules.CardSet(0)
	put := func(i int, c rules.Card) error {
		if used.Has(c) {
			return fmt.Errorf("%s is dealt twice", c)
		}
		used = used.With(c)
		deck[i] = c
		return nil
	}
	seatAt := func(k int) rules.Seat { return rules.Seat((int(r.dealer) + 1 + k) % n) }
	for k := range n {
		s := seatAt(k)
		if len(r.first[s]) != 6 {
			return fmt.Errorf("no hand for %s", s)
		}
		// Three each from eldest, twice.
		for j := range 3 {
			if err := put(3*k+j, r.first[s][j]); err != nil {
				return err
			}
			if err := put(3*n+3*k+j, r.first[s][3+j]); err != nil {
				return err
			}
		}
	}
	if n == 4 {
		// The upcard is the last card; after the bidding the seven
		// before it go two each from eldest, the maker taking one and
		// the upcard.
		if err := put(31, r.upcard); err != nil {
			return err
		}
		at := 24
		for k := range n {
			s := seatAt(k)
			for _, c := range r.later[s] {
				if c == r.upcard {
					continue
				}
				if err := put(at, c); err != nil {
					return err
				}
				at++
			}
		}
		if at != 24 && at != 31 {
			return fmt.Errorf("the last cards of four hands are eight, the upcard among them, got %d", at-24+1)
		}
	} else {
		// The upcard, then three more each from eldest; the bottom card
		// is the last of the deck.
		if err := put(6*n, r.upcard); err != nil {
			return err
		}
		for k := range n {
			s := seatAt(k)
			if l := len(r.later[s]); l != 0 && l != 3 {
				return fmt.Errorf("%s gets three more cards, not %d", s, l)
			}
			for j, c := range r.later[s] {
				if err := put(6*n+1+3*k+j, c); err != nil {
					return err
				}
			}
		}
		if r.bottom != rules.NoCard {
			if err := put(31, r.bottom); err != nil {
				return err
			}
		}
	}
	// The rest of the stock, in card order.
	next := rules.Card(0)
	for i := range deck {
		if deck[i] != rules.NoCard {
			continue
		}
		for used.Has(next) {
			next++
		}
		deck[i] = next
		used = used.With(next)
	}
	r.g = rules.NewGame(r.opts, r.dealer)
	if err := r.g.StartDeal(deck); err != nil {
		return err
	}
	tb := r.g.Deal()
	for s := rules.Seat(0); int(s) < n; s++ {
		if want := rules.SetOf(r.first[s]...); tb.Hand(s) != want {
			return fmt.Errorf("%s is dealt %s, the example says %s", s, tb.Hand(s), want)
		}
	}
	if tb.OrigUpcard() != r.upcard {
		return fmt.Errorf("the upcard is %s, the example says %s", tb.OrigUpcard(), r.upcard)
	}
	return nil
}

// phases are the phases each label of actions may be said in.
var phases = map[string][]rules.Phase{
	"declarations": {rules.PhaseDeclare},
	"bidding":      {rules.PhaseBid1, rules.PhaseSchmeiss, rules.PhaseBid2},
	"dix":          {rules.PhaseDix},
	"dialogue":     {rules.PhaseSequences},
	"trick":        {rules.PhasePlay},
}

// apply takes one "SEAT action" item.
func (r *runner) apply(label, item string) error {
	who, what, ok := strings.Cut(strings.TrimSpace(item), " ")
	if !ok {
		return fmt.Errorf("%q: want SEAT ACTION", item)
	}
	seat, err := parseSeat(who)
	if err != nil {
		return err
	}
	if label == "trick" {
		what = "play " + what
	}
	a, err := rules.ParseAction(what)
	if err != nil {
		return err
	}
	tb := r.g.Deal()
	if !slices.Contains(phases[label], tb.Phase()) {
		return fmt.Errorf("%q: the deal is in phase %s, not %s", item, tb.Phase(), label)
	}
	turn := r.g.Turn()
	switch {
	case turn == rules.ChanceSeat:
		// The card a shlomo declarer draws at random: the example
		// names the declarer and the card the draw gave.
		if seat != r.lastDeclarer || a.Kind != rules.Draw {
			return fmt.Errorf("%q: a card is drawn at random for %s now", item, r.lastDeclarer)
		}
	case turn != seat:
		return fmt.Errorf("%q: it is %s's turn", item, turn)
	}
	before := r.g.Deal().Copy()
	if err := r.g.ApplyAs(turn, a); err != nil {
		return fmt.Errorf("%q: %v", item, err)
	}
	switch a.Kind {
	case rules.Shlomo:
		r.lastDeclarer = seat
		r.out.features["shlomo"] = true
	case rules.Cleopatra:
		r.out.features["cleopatra"] = true
	case rules.PlayCard:
		if a.Bella && a.N == 50 {
			r.out.features["menage"] = true
		}
	}
	// Once the bidding is settled every seat holds its later cards.
	if before.Maker() == rules.NoSeat && r.g.Deal().Maker() != rules.NoSeat {
		tb := r.g.Deal()
		for s := rules.Seat(0); int(s) < r.players; s++ {
			for _, c := range r.later[s] {
				if !tb.Hand(s).Has(c) {
					return fmt.Errorf("after the bidding %s holds %s, not %s", s, tb.Hand(s), c)
				}
			}
		}
		if r.bottom != rules.NoCard && tb.Bottom() != r.bottom {
			return fmt.Errorf("the bottom card turned is %s, the example says %s", tb.Bottom(), r.bottom)
		}
		if sc := tb.Score(); sc.Forced {
			r.out.features["dealer_forced"] = true
		}
	}
	return nil
}

func (r *runner) actions(label, rest string) error {
	for _, item := range strings.Split(rest, ",") {
		if err := r.apply(label, item); err != nil {
			return err
		}
	}
	return nil
}

func (r *runner) trick(m []string) error {
	no, _ := strconv.Atoi(m[1])
	if r.pending == 0 {
		r.trickNo++
	}
	if no != r.trickNo {
		return fmt.Errorf("this is trick %d", r.trickNo)
	}
	items := strings.Split(strings.TrimSpace(m[2]), ",")
	before := r.g.Deal().Play()
	for _, item := range items {
		if err := r.apply("trick", item); err != nil {
			return err
		}
		r.pending++
	}
	if m[3] == "" {
		if r.pending >= r.players {
			return fmt.Errorf("the trick is complete: say who wins it (→)")
		}
		return nil
	}
	if r.pending != r.players {
		return fmt.Errorf("a trick holds %d cards, not %d", r.players, r.pending)
	}
	r.pending = 0
	winner, _ := parseSeat(m[3])
	tb := r.g.Deal()
	if w := tb.LastTrickWinner(); w != winner {
		return fmt.Errorf("%s wins the trick, not %s", w, winner)
	}
	pts, err := sum(m[4])
	if err != nil {
		return err
	}
	after := tb.Play()
	if got := int(after.Points[winner] - before.Points[winner]); got != pts {
		return fmt.Errorf("the trick is worth %d to %s, not %d", got, winner, pts)
	}
	return nil
}

// sum reads "14 + 10" or "20".
func sum(s string) (int, error) {
	total := 0
	for _, f := range strings.Split(s, "+") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return 0, fmt.Errorf("%q is not a number", f)
		}
		total += n
	}
	return total, nil
}

func (r *runner) legal(seat rules.Seat, list string) error {
	if t := r.g.Turn(); t != seat {
		return fmt.Errorf("it is %s's turn", t)
	}
	var want []string
	for _, item := range strings.Split(list, ",") {
		a, err := rules.ParseAction(strings.TrimSpace(item))
		if err != nil {
			return err
		}
		want = append(want, a.String())
	}
	var got []string
	for _, a := range r.g.Legal() {
		got = append(got, a.String())
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		return fmt.Errorf("%s may say %s", seat, strings.Join(got, ", "))
	}
	return nil
}

func (r *runner) holds(seat rules.Seat, list string) error {
	cards, err := parseCards(list)
	if err != nil {
		return err
	}
	if h := r.g.Deal().Hand(seat); h != rules.SetOf(cards...) {
		return fmt.Errorf("%s holds %s", seat, h)
	}
	return nil
}

func (r *runner) maker(who, trump string) error {
	seat, _ := parseSeat(who)
	tr := rules.NoTrumps
	if trump != "no trumps" {
		var err error
		if tr, err = rules.ParseSuit(trump); err != nil {
			return err
		}
	}
	tb := r.g.Deal()
	if tb.Maker() != seat || tb.Trump() != tr {
		return fmt.Errorf("the maker is %s, trump %s", tb.Maker(), tb.Trump().Name())
	}
	return nil
}

func (r *runner) right(who string) error {
	tb := r.g.Deal()
	if tb.Phase() != rules.PhasePlay && tb.Phase() != rules.PhaseOver {
		return fmt.Errorf("the dialogue is not over (phase %s)", tb.Phase())
	}
	got := "nobody"
	if w := tb.SeqWinner(); w != rules.NoSeat {
		got = w.String()
	}
	if got != who {
		return fmt.Errorf("the right goes to %s", got)
	}
	return nil
}

// record returns the score of the finished deal as the game recorded it.
func (r *runner) record() (rules.Score, error) {
	recs := r.g.Records()
	if !r.g.Deal().Over() || len(recs) == 0 {
		return rules.Score{}, fmt.Errorf("the deal is not over")
	}
	r.scoreSeen, r.out.scored = true, true
	sc := recs[len(recs)-1].Score
	r.out.outcome = sc.Outcome
	return sc, nil
}

var reItem = regexp.MustCompile(`^(cards|last trick|sequences|sets|sequences and sets|bella|menage|shlomo|cleopatra) (\d+)$`)

func (r *runner) score(seat rules.Seat, line string) error {
	sc, err := r.record()
	if err != nil {
		return err
	}
	parts, total, ok := strings.Cut(line, "=")
	if !ok {
		return fmt.Errorf("want the parts = the total")
	}
	var got [7]int // cards, last, seqs, bella, menage, declared
	for _, item := range strings.Split(parts, ",") {
		item = strings.TrimSpace(item)
		if item == "" || item == "nothing" {
			continue
		}
		m := reItem.FindStringSubmatch(item)
		if m == nil {
			return fmt.Errorf("%q is not a part of a score", item)
		}
		n, _ := strconv.Atoi(m[2])
		switch m[1] {
		case "cards":
			got[0] += n
		case "last trick":
			got[1] += n
		case "sequences", "sets", "sequences and sets":
			got[2] += n
			if m[1] != "sequences" {
				if !r.g.Deal().BestMeld(seat).Set {
					return fmt.Errorf("%s's best meld is not a set", seat)
				}
				r.out.features["of_a_kind"] = true
			}
		case "bella":
			got[3] += n
			if r.g.Deal().BellaBy() != seat {
				return fmt.Errorf("%s did not announce bella", seat)
			}
		case "menage":
			got[3] += n
			if r.g.Deal().MenageBy() != seat {
				return fmt.Errorf("%s did not announce the menage", seat)
			}
		case "shlomo", "cleopatra":
			got[4] += n
		}
	}
	checks := []struct {
		name      string
		want, got int
	}{
		{"card points", got[0], sc.Cards[seat]},
		{"last trick", got[1], sc.LastTrick[seat]},
		{"sequences", got[2], sc.Seqs[seat]},
		{"bella or menage", got[3], sc.Bella[seat]},
		{"declarations", got[4], sc.Declared[seat]},
	}
	for _, c := range checks {
		if c.want != c.got {
			return fmt.Errorf("%s's %s are %d, the example says %d", seat, c.name, c.got, c.want)
		}
	}
	t, err := strconv.Atoi(strings.TrimSpace(total))
	if err != nil {
		return err
	}
	if sum := got[0] + got[1] + got[2] + got[3] + got[4]; sum != t {
		return fmt.Errorf("the parts add up to %d, not %d", sum, t)
	}
	if sc.Total[seat] != t {
		return fmt.Errorf("%s's total is %d", seat, sc.Total[seat])
	}
	return nil
}

func (r *runner) team(name, parts, total string) error {
	sc, err := r.record()
	if err != nil {
		return err
	}
	side, err := r.parseSide(name)
	if err != nil {
		return err
	}
	sum := 0
	for _, item := range strings.Split(parts, "+") {
		who, n, ok := strings.Cut(strings.TrimSpace(item), " ")
		seat, err := parseSeat(who)
		if !ok || err != nil || rules.SideOfSeat(r.players, seat) != side {
			return fmt.Errorf("%q: want a seat of %s and its total", item, name)
		}
		v, err := strconv.Atoi(n)
		if err != nil {
			return err
		}
		if sc.Total[seat] != v {
			return fmt.Errorf("%s's total is %d", seat, sc.Total[seat])
		}
		sum += v
	}
	t, _ := strconv.Atoi(total)
	if sum != t || sc.SideTotal[side] != t {
		return fmt.Errorf("%s's total is %d (the parts add up to %d), not %d", name, sc.SideTotal[side], sum, t)
	}
	return nil
}

var reScored = regexp.MustCompile(`^(A|B|C|D|AC|BD) scores (\d+)$`)

func (r *runner) result(word, items string) error {
	sc, err := r.record()
	if err != nil {
		return err
	}
	want := map[string]rules.Outcome{"made": rules.Made, "equal": rules.Tie, "bete": rules.Bete}[word]
	if sc.Outcome != want {
		return fmt.Errorf("the deal is %s", sc.Outcome)
	}
	seen := map[int]bool{}
	for _, item := range strings.Split(items, ",") {
		item = strings.TrimSpace(item)
		if item == "bimah 40" {
			if sc.Bimah != 40 {
				return fmt.Errorf("no bimah: the bimah is %d", sc.Bimah)
			}
			r.out.features["bimah"] = true
			continue
		}
		m := reScored.FindStringSubmatch(item)
		if m == nil {
			return fmt.Errorf("%q: want SIDE scores N", item)
		}
		side, err := r.parseSide(m[1])
		if err != nil {
			return err
		}
		n, _ := strconv.Atoi(m[2])
		if sc.Scored[side] != n {
			return fmt.Errorf("%s scores %d", m[1], sc.Scored[side])
		}
		seen[side] = true
	}
	for s := range rules.SidesAt(r.players) {
		if !seen[s] {
			return fmt.Errorf("say what %s scores", rules.SideName(r.players, s))
		}
	}
	if sc.Bimah != 0 && !r.out.features["bimah"] {
		return fmt.Errorf("the maker's side scores a bimah of %d: say so", sc.Bimah)
	}
	return nil
}

var reGameSide = regexp.MustCompile(`^(A|B|C|D|AC|BD) (\d+) \+ (\d+) = (\d+)$`)

// game checks the end of a game: the totals after a deal and who wins.
func (r *runner) game(target, items, verdict string) error {
	tg, _ := strconv.Atoi(target)
	var totals []int
	var names []string
	for _, item := range strings.Split(items, ",") {
		m := reGameSide.FindStringSubmatch(strings.TrimSpace(item))
		if m == nil {
			return fmt.Errorf("%q: want SIDE BEFORE + DEAL = AFTER", item)
		}
		b, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		a, _ := strconv.Atoi(m[4])
		if b+d != a {
			return fmt.Errorf("%d + %d is %d", b, d, b+d)
		}
		totals = append(totals, a)
		names = append(names, m[1])
	}
	got := "nobody yet"
	if w := rules.SideWinner(totals, tg); w >= 0 {
		got = names[w] + " wins"
	}
	if !strings.HasPrefix(verdict, got) {
		return fmt.Errorf("%s", got)
	}
	r.out.features["game"] = true
	return nil
}

// TestExamples plays every example of rules.md (one subtest each), then
// checks that rules.md has a worked example, played out and scored, for
// two, three and four players, for a bete at two and at three, for the
// end of a game, and for every house variant with the variant at work.
func TestExamples(t *testing.T) {
	exs, err := parseExamples(docs.Rules())
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]string{}
	for _, ex := range exs {
		if have["example "+ex.name] != "" {
			t.Errorf("rules.md:%d: two examples are named %s", ex.line, ex.name)
		}
		have["example "+ex.name] = ex.name
		t.Run(ex.name, func(t *testing.T) {
			r := &runner{t: t, ex: ex}
			o := r.run()
			if r.failed {
				return
			}
			if o.scored {
				have[fmt.Sprintf("%d players", o.players)] = ex.name
				have[fmt.Sprintf("%d players %s", o.players, o.outcome)] = ex.name
			}
			for f := range o.features {
				if on, err := o.opts.Get(f); f == "game" || (err == nil && on == "on") {
					have[f] = ex.name
				}
			}
		})
	}
	for _, w := range []string{"2 players", "3 players", "4 players", "2 players bete", "3 players bete", "game",
		"of_a_kind", "menage", "dealer_forced", "bimah", "shlomo", "cleopatra"} {
		if have[w] == "" {
			t.Errorf("rules.md has no worked example of %s", w)
		}
	}
}
