package gamelog

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/rules"
)

// Parse reads a log and replays it, checking every action and every
// stated value. name is used in error positions ("game.klob:41:12: ...").
// Any error is an *Error. Parse never panics, whatever data holds.
func Parse(name string, data []byte) (*Log, error) {
	l, _, err := ParseReplay(name, data)
	return l, err
}

// ParseReplay is Parse that also returns the Replay the parse computed
// on its way (the log is replayed once, not a second time by
// Log.Replay).
func ParseReplay(name string, data []byte) (l *Log, r *Replay, err error) {
	defer func() {
		if rec := recover(); rec != nil {
			l, r, err = nil, nil, &Error{File: name, Msg: fmt.Sprintf("internal error: %v", rec), Err: ErrInternal}
		}
	}()
	p := newParser(name, data)
	if err := p.parse(); err != nil {
		return nil, nil, err
	}
	return p.log, replayOf(p.log, p.g), nil
}

// ReadHead reads the tags at the head of data, a log that may be too
// damaged to parse whole, as far as they read: each tag the format does
// not name (a shared table's, the people's keys: Header.Key) into Extra,
// the first of a name kept. It stops at the first line that is not a
// tag, a comment or blank, or that does not read; nothing is checked
// against the game.
func ReadHead(data []byte) Header {
	var h Header
	seen := map[string]bool{}
	for _, s := range strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n") {
		t := strings.TrimLeft(strings.TrimSuffix(s, "\r"), " \t")
		switch {
		case t == "" || t[0] == ';':
			continue
		case t[0] != '[':
			return h
		}
		name, value, _, _, msg := parseTag(t)
		if msg != "" {
			return h
		}
		if !standardTag[name] && !seen[name] {
			seen[name] = true
			h.Extra = append(h.Extra, Tag{Name: name, Value: value})
		}
	}
	return h
}

// ReadFile reads and parses the log at path; errors name the path. Only
// a regular file of at most untrusted.MaxFileSize bytes is read.
func ReadFile(path string) (*Log, error) {
	l, _, err := ReadReplay(path)
	return l, err
}

// ReadReplay reads, parses and replays the log at path (see
// ParseReplay); errors name the path. Only a regular file of at most
// untrusted.MaxFileSize bytes is read.
func ReadReplay(path string) (*Log, *Replay, error) {
	b, err := untrusted.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return ParseReplay(path, b)
}

// token is one word of a body line and its 1-based column.
type token struct {
	text string
	col  int
}

// line is a body line split into tokens, comments removed.
type line struct {
	num  int
	toks []token
	end  int // the column after the last token
}

func (ln *line) first() string { return ln.toks[0].text }

func (ln *line) String() string { return ln.from(0) }

// from is the line's tokens from the k-th on, single-spaced.
func (ln *line) from(k int) string {
	parts := make([]string, 0, len(ln.toks)-k)
	for _, t := range ln.toks[k:] {
		parts = append(parts, t.text)
	}
	return strings.Join(parts, " ")
}

// tagAt is a tag as read, with the position of its value.
type tagAt struct {
	value     string
	line, col int
}

type parser struct {
	name    string
	raw     []string // the lines, without line ends
	i       int      // the next raw line
	eofLine int
	eofCol  int

	log *Log
	g   *rules.Game
	no  int // the deal being read, 0 in the header

	// claimLn is the claim line of the deal being read, nil when none;
	// claimTrick the trick (from 1) it came in.
	claimLn    *line
	claimTrick int
}

func newParser(name string, data []byte) *parser {
	// A byte-order mark some editors add is not part of the log.
	raw := strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n")
	p := &parser{name: name, raw: raw, log: &Log{}, eofLine: len(raw), eofCol: len(raw[len(raw)-1]) + 1}
	for i, s := range raw {
		raw[i] = strings.TrimSuffix(s, "\r")
	}
	return p
}

// errAt builds an error at token t of ln (t == len(toks) points after the
// line's last token), prefixed with the deal being read.
func (p *parser) errAt(ln *line, t int, kind error, format string, args ...any) *Error {
	col := 1
	switch {
	case t >= len(ln.toks):
		col = ln.end
	case t >= 0:
		col = ln.toks[t].col
	}
	return p.errPos(ln.num, col, kind, format, args...)
}

func (p *parser) errPos(lineNo, col int, kind error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if p.no > 0 {
		msg = fmt.Sprintf("deal %d: %s", p.no, msg)
	}
	return &Error{File: p.name, Line: lineNo, Col: col, Msg: msg, Err: kind}
}

// truncated is the error of a log that ends before its end line, saying
// where the reader is.
func (p *parser) truncated() *Error {
	where := fmt.Sprintf("inside deal %d", p.no)
	switch {
	case p.no == 0:
		where = "after the tags"
	case len(p.log.Deals) == p.no && dealOver(p.g):
		where = fmt.Sprintf("after deal %d", p.no)
	}
	p.no = 0
	return p.errPos(p.eofLine, p.eofCol, ErrTruncated, "the log ends %s, before its end line (truncated?)", where)
}

// peek returns the next body line that holds a token, nil at the end.
func (p *parser) peek() *line {
	for p.i < len(p.raw) {
		if ln := tokenize(p.raw[p.i], p.i+1); ln != nil {
			return ln
		}
		p.i++
	}
	return nil
}

// next returns the next body line and moves past it.
func (p *parser) next() *line {
	ln := p.peek()
	if ln != nil {
		p.i++
	}
	return ln
}

// tokenize splits a body line at spaces and tabs, dropping a comment
// (from ';' to the end); nil for a line with no token.
func tokenize(s string, num int) *line {
	if k := strings.IndexByte(s, ';'); k >= 0 {
		s = s[:k]
	}
	ln := &line{num: num}
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		ln.toks = append(ln.toks, token{text: s[i:j], col: i + 1})
		ln.end = j + 1
		i = j
	}
	if len(ln.toks) == 0 {
		return nil
	}
	return ln
}

func (p *parser) parse() error {
	tags, err := p.parseHeader()
	if err != nil {
		return err
	}
	// After the header, so that a file that is no log at all is called
	// so, and a bad tag value is reported by its tag.
	if err := p.checkText(); err != nil {
		return err
	}
	p.g = rules.NewGame(p.log.Header.Options, p.log.Header.FirstDealer)
	for {
		ln := p.peek()
		if ln == nil {
			return p.truncated()
		}
		if ln.first() == "end" {
			return p.parseEnd(tags[tagResult])
		}
		if ln.toks[0].text[0] == '[' {
			return p.errAt(ln, 0, ErrSyntax, "tags come before the first deal")
		}
		if p.g.Over() {
			p.no = 0
			won := fmt.Sprintf("%s won (%s)", Result(p.g), totalsText(p.g.Players(), p.g.Totals()))
			if t, w := p.g.Totals(), p.g.Winner(); p.g.Players() == 2 {
				won = fmt.Sprintf("%s won %d to %d", Result(p.g), t[w], t[1-w])
			}
			return p.errAt(ln, 0, ErrMismatch, "the game is over after deal %d: %s, so the end line \"end %s\" comes next, not %q",
				len(p.log.Deals), won, Result(p.g), ln.first())
		}
		// A deal that stops early returns at the end line or the end of
		// the data, which the loop's next turn reads.
		if err := p.parseDeal(); err != nil {
			return err
		}
	}
}

// checkText refuses a line that is not UTF-8 text, or holds a control
// character other than a tab, wherever it is: comments included, though
// they are dropped, since a reader trusting the format may print them.
func (p *parser) checkText() error {
	for i, s := range p.raw {
		for j := 0; j < len(s); {
			r, n := utf8.DecodeRuneInString(s[j:])
			switch {
			case r == utf8.RuneError && n == 1 && i == len(p.raw)-1 && !utf8.FullRuneInString(s[j:]):
				// A rune cut by the end of the data: a truncated log,
				// which the parser reports as such.
				return nil
			case r == utf8.RuneError && n == 1:
				return p.errPos(i+1, j+1, ErrSyntax, "invalid UTF-8 (byte %#02x): a log is UTF-8 text", s[j])
			case r != '\t' && unicode.IsControl(r):
				return p.errPos(i+1, j+1, ErrSyntax, "control character %U: a log holds no control characters but tabs", r)
			}
			j += n
		}
	}
	return nil
}

// expect reads the next lines and compares them with the derived lines ws.
func (p *parser) expect(ws ...wline) error {
	for _, w := range ws {
		ln := p.next()
		if ln == nil {
			return p.truncated()
		}
		for k, wt := range w.toks {
			if k < len(ln.toks) && (ln.toks[k].text == wt.text || ln.toks[k].text == wt.older && wt.older != "" || sameCard(ln.toks[k].text, wt.text)) {
				continue
			}
			switch {
			case k < w.key:
				return p.errAt(ln, 0, ErrSyntax, "expected the line %q, found %q", w, ln)
			case k >= len(ln.toks):
				return p.errAt(ln, k, ErrSyntax, "the line ends early: expected %q", wt.text)
			case wt.text == "bella" && ln.toks[k].text == "menage" && !p.g.Options().Menage:
				// A score line's menage in a game that does not play it:
				// the rule, not the word, is what differs.
				return p.errAt(ln, k, ErrMismatch, "expected \"bella\", found \"menage\": the log's header plays menage=off")
			case wt.label != "" && wt.note != "":
				return p.errAt(ln, k, ErrMismatch, "%s: the replay gives %s, the log says %s; %s", wt.label, wt.text, ln.toks[k].text, wt.note)
			case wt.label != "":
				return p.errAt(ln, k, ErrMismatch, "%s: the replay gives %s, the log says %s", wt.label, wt.text, ln.toks[k].text)
			default:
				return p.errAt(ln, k, ErrSyntax, "expected %q, found %q", wt.text, ln.toks[k].text)
			}
		}
		if len(ln.toks) > len(w.toks) {
			return p.errAt(ln, len(w.toks), ErrSyntax, "unexpected %q at the end of the line", ln.toks[len(w.toks)].text)
		}
	}
	return nil
}

// sameCard accepts another notation of a card in a derived line (10C
// for TC).
func sameCard(got, want string) bool {
	a, err := rules.ParseCard(got)
	if err != nil {
		return false
	}
	b, err := rules.ParseCard(want)
	return err == nil && a == b
}

func (p *parser) parseDeal() error {
	g := p.g
	p.no = g.DealNo()
	if err := p.expect(headLines(p.no, g.Dealer())...); err != nil {
		return err
	}
	deck, err := p.parseDeck()
	if err != nil {
		return err
	}
	if err := g.StartDeal(deck); err != nil {
		return p.errPos(p.i, 1, ErrSyntax, "%v", err)
	}
	p.log.Deals = append(p.log.Deals, Deal{Deck: deck})
	p.claimLn = nil
	if err := p.expect(dealtLines(g)...); err != nil {
		return err
	}
	for !dealOver(g) {
		ln := p.peek()
		if ln == nil {
			return p.truncated()
		}
		if ln.first() == "end" {
			return p.claimEnds() // an unfinished game
		}
		p.i++
		if ln.first() == "claim" {
			if err := p.parseClaim(ln); err != nil {
				return err
			}
			continue
		}
		if g.Deal().Phase() == rules.PhasePlay {
			partial, err := p.parseTrick(ln)
			if err != nil {
				return err
			}
			if partial {
				return p.claimEnds()
			}
		} else if err := p.parseAction(ln); err != nil {
			return err
		}
	}
	return nil
}

// parseClaim reads "claim A trick 5 card 1 played-out", the claim of
// seat A that came before card 1 of trick 5, which is the trick whose
// line follows; the trick number is checked, the rest is input.
func (p *parser) parseClaim(ln *line) error {
	dl := &p.log.Deals[len(p.log.Deals)-1]
	d := p.g.Deal()
	if p.claimLn != nil {
		return p.errAt(ln, 0, ErrSyntax, "a deal has one claim, and this one's is on line %d", p.claimLn.num)
	}
	if d.Phase() != rules.PhasePlay {
		return p.errAt(ln, 0, ErrSyntax, "a claim comes in the card play, and this is the %s", phaseWord[d.Phase()])
	}
	const form = `"claim S trick N card N played-out" (or by-hand)`
	if len(ln.toks) != 7 || ln.toks[2].text != "trick" || ln.toks[4].text != "card" {
		return p.errAt(ln, min(len(ln.toks), 1), ErrSyntax, "a claim line reads %s", form)
	}
	seat := rules.NoSeat
	for s := range rules.Seat(p.g.Players()) {
		if ln.toks[1].text == s.String() {
			seat = s
		}
	}
	if seat == rules.NoSeat {
		return p.errAt(ln, 1, ErrSyntax, "claim: %q is not a seat of the game", ln.toks[1].text)
	}
	no := int(d.Play().Tricks) + 1
	if ln.toks[3].text != strconv.Itoa(no) {
		return p.errAt(ln, 3, ErrMismatch, "claim: the trick that follows is %d, the log says %s", no, ln.toks[3].text)
	}
	card, err := strconv.Atoi(ln.toks[5].text)
	if err != nil || card < 1 || card > p.g.Players() {
		return p.errAt(ln, 5, ErrSyntax, "claim: the card of the trick is 1 to %d, not %s", p.g.Players(), ln.toks[5].text)
	}
	c := &Claim{Seat: seat, Step: len(dl.Steps) + card - 1}
	switch ln.toks[6].text {
	case PlayedOutWord:
		c.PlayedOut = true
	case ByHandWord:
	default:
		return p.errAt(ln, 6, ErrSyntax, "claim: expected %q or %q, found %q", PlayedOutWord, ByHandWord, ln.toks[6].text)
	}
	dl.Claim, p.claimLn, p.claimTrick = c, ln, no
	return nil
}

// claimEnds checks, where the log stops inside a deal, that the deal's
// claim came before a card the log holds or right after the last one.
func (p *parser) claimEnds() error {
	dl := &p.log.Deals[len(p.log.Deals)-1]
	if c := dl.Claim; c != nil && c.Step > len(dl.Steps) {
		return p.errAt(p.claimLn, 5, ErrSyntax, "claim: the log stops before card %s of trick %d comes",
			p.claimLn.toks[5].text, p.claimTrick)
	}
	return nil
}

func (p *parser) parseDeck() (rules.Deck, error) {
	var deck rules.Deck
	ln := p.next()
	if ln == nil {
		return deck, p.truncated()
	}
	if ln.first() != "deck" {
		return deck, p.errAt(ln, 0, ErrSyntax, "expected the deck line, found %q", ln.first())
	}
	var seen rules.CardSet
	for i := range deck {
		if 1+i >= len(ln.toks) {
			return deck, p.errAt(ln, 1+i, ErrSyntax, "the deck has 32 cards, the line has %d", i)
		}
		t := ln.toks[1+i]
		c, err := rules.ParseCard(t.text)
		if err != nil {
			return deck, p.errAt(ln, 1+i, ErrSyntax, "deck: %q is not a card", t.text)
		}
		if seen.Has(c) {
			return deck, p.errAt(ln, 1+i, ErrSyntax, "deck: %s appears twice", c)
		}
		seen = seen.With(c)
		deck[i] = c
	}
	if len(ln.toks) > 33 {
		return deck, p.errAt(ln, 33, ErrSyntax, "the deck has 32 cards, the line has %d", len(ln.toks)-1)
	}
	return deck, nil
}

// phaseWord names what the seat to move says in each phase.
var phaseWord = map[rules.Phase]string{
	rules.PhaseBid1:      "bid",
	rules.PhaseSchmeiss:  "answer to the schmeiss",
	rules.PhaseBid2:      "bid in round two",
	rules.PhaseDix:       "word on the dix exchange",
	rules.PhaseSequences: "word in the sequence dialogue",
	rules.PhaseDeclare:   "declaration",
}

// parseAction reads "A: take" and the lines the replay derives from it.
func (p *parser) parseAction(ln *line) error {
	d := p.g.Deal()
	turn := d.Turn()
	seat := rules.NoSeat
	for s := range rules.Seat(p.g.Players()) {
		if ln.first() == seatWord(s) {
			seat = s
		}
	}
	if ln.first() == seatWord(rules.ChanceSeat) {
		seat = rules.ChanceSeat
	}
	if seat == rules.NoSeat {
		if turn == rules.ChanceSeat {
			return p.errAt(ln, 0, ErrSyntax, "expected the card drawn (\"chance: draw C\"), found %q", ln.first())
		}
		return p.errAt(ln, 0, ErrSyntax, "expected %s's %s (\"%s: ...\"), found %q", turn, phaseWord[d.Phase()], turn, ln.first())
	}
	if seat != turn {
		return p.errAt(ln, 0, ErrMismatch, "it is %s's turn, not %s's", turnName(turn), turnName(seat))
	}
	if len(ln.toks) < 2 {
		return p.errAt(ln, 1, ErrSyntax, "%s's %s is missing", turn, phaseWord[d.Phase()])
	}
	text := ln.from(1)
	if k := declined(text); k != rules.NoAction {
		// A pass at the declarations, as the writer writes it; an older
		// log's "pass" there reads as ever, through ParseAction.
		if asked := d.DeclarationAsked(); asked != k {
			return p.errAt(ln, 1, rules.ErrWrongPhase, "%q is not a move now: %s", text, declinedWhy(k, asked, d.Phase()))
		}
		return p.apply(ln, 1, seat, rules.PassAction(), 0)
	}
	a, err := rules.ParseAction(text)
	if err != nil {
		return p.errAt(ln, 1, ErrSyntax, "%v", err)
	}
	if a.Kind == rules.PlayCard {
		return p.errAt(ln, 1, ErrSyntax, "cards are played in trick lines, and the card play has not begun")
	}
	return p.apply(ln, 1, seat, a, 0)
}

// declined is the declaration whose round a pass written as text
// declines ("no-shlomo": rules.Shlomo), NoAction for any other text.
func declined(text string) rules.Kind {
	for _, k := range []rules.Kind{rules.Shlomo, rules.Cleopatra} {
		if strings.EqualFold(text, declinedWord(k)) {
			return k
		}
	}
	return rules.NoAction
}

// declinedWhy says why a pass of the round of k is not a move now, when
// asked is the declaration asked for and phase the deal's phase.
func declinedWhy(k, asked rules.Kind, phase rules.Phase) string {
	name := rules.Action{Kind: k}.String()
	if asked != rules.NoAction {
		return fmt.Sprintf("this is the %s round of the declarations: %s or %s",
			rules.Action{Kind: asked}.String(), rules.Action{Kind: asked}.String(), declinedWord(asked))
	}
	if phase == rules.PhaseDeclare {
		return fmt.Sprintf("it passes on a %s, and a card changes hands now", name)
	}
	if w := phaseWord[phase]; w != "" {
		return fmt.Sprintf("it passes on a %s at the declarations, and this is a %s", name, w)
	}
	return fmt.Sprintf("it passes on a %s at the declarations, which are over", name)
}

// apply takes a for seat, recording it; t is the token to blame if it is
// illegal. A card of trick (from 1) is blamed with the trick; an action
// line (trick 0) is followed by the lines derived from it, read here.
func (p *parser) apply(ln *line, t int, seat rules.Seat, a rules.Action, trick int) error {
	before := markOf(p.g)
	if err := p.g.Apply(a); err != nil {
		prefix := ""
		if trick > 0 {
			prefix = fmt.Sprintf("trick %d: ", trick)
		}
		msg := illegalMsg(seat, a, err)
		if errors.Is(err, rules.ErrBella) && a.Announced() == rules.MenagePoints && !p.g.Options().Menage {
			// The card line says menage in a game whose rules do not
			// play it: name the rule, not what the menage goes with.
			msg = fmt.Sprintf("%s: %s cannot announce the menage: the log's header plays menage=off", a.Card, seat)
		}
		return p.errAt(ln, t, err, "%s%s", prefix, msg)
	}
	dl := &p.log.Deals[len(p.log.Deals)-1]
	dl.Steps = append(dl.Steps, rules.Step{Seat: seat, Action: a})
	if trick > 0 {
		return nil
	}
	return p.expect(derived(p.g, before)...)
}

// parseTrick reads "trick 3 A 9H B QH won B", or only its first card
// when the log stops inside the trick (partial).
func (p *parser) parseTrick(ln *line) (partial bool, err error) {
	no := int(p.g.Deal().Play().Tricks) + 1
	if ln.first() != "trick" {
		return false, p.errAt(ln, 0, ErrSyntax, "expected trick %d, found %q", no, ln.first())
	}
	before := markOf(p.g)
	k := 1
	need := func(what string) error {
		if k >= len(ln.toks) {
			return p.errAt(ln, k, ErrSyntax, "trick %d: the line ends early: expected %s", no, what)
		}
		return nil
	}
	word := func(want, label string) error {
		if err := need(strconv.Quote(want)); err != nil {
			return err
		}
		if got := ln.toks[k].text; got != want {
			if label == "" {
				return p.errAt(ln, k, ErrSyntax, "trick %d: expected %q, found %q", no, want, got)
			}
			return p.errAt(ln, k, ErrMismatch, "trick %d: %s is %s, the log says %s", no, label, want, got)
		}
		k++
		return nil
	}
	play := func() error {
		seat := p.g.Deal().Turn()
		if err := word(seat.String(), "the player to play"); err != nil {
			return err
		}
		if err := need("a card"); err != nil {
			return err
		}
		ct := k
		c, err := rules.ParseCard(ln.toks[k].text)
		if err != nil {
			return p.errAt(ln, k, ErrSyntax, "trick %d: %q is not a card", no, ln.toks[k].text)
		}
		k++
		a := rules.PlayAction(c)
		if k < len(ln.toks) && ln.toks[k].text == "bella" {
			a.Bella = true
			k++
		} else if k < len(ln.toks) && ln.toks[k].text == "menage" {
			a = rules.PlayMenageAction(c)
			k++
		}
		return p.apply(ln, ct, seat, a, no)
	}
	if k < len(ln.toks) && ln.toks[k].text != strconv.Itoa(no) {
		if n, err := strconv.Atoi(ln.toks[k].text); err == nil && n > no {
			return false, p.errAt(ln, k, ErrSyntax, "trick %d is missing: this line is trick %d", no, n)
		}
	}
	if err := word(strconv.Itoa(no), "the trick number"); err != nil {
		return false, err
	}
	for cards := 0; p.g.Deal().Play().Tricks < uint8(no); cards++ {
		if cards > 0 && k == len(ln.toks) {
			// A log may stop inside a trick, after a card, only at its
			// very end.
			if nx := p.peek(); nx != nil && nx.first() != "end" {
				if p.g.Players() == 2 {
					return false, p.errAt(nx, 0, ErrSyntax, "trick %d on line %d has one card: expected its second card there, or the end line here", no, ln.num)
				}
				return false, p.errAt(nx, 0, ErrSyntax, "trick %d on line %d has %d cards: expected the next card there, or the end line here", no, ln.num, cards)
			}
			return true, nil
		}
		if err := play(); err != nil {
			return false, err
		}
	}
	winner := p.g.Deal().LastTrickWinner()
	if err := word("won", ""); err != nil {
		return false, err
	}
	if err := word(winner.String(), fmt.Sprintf("the winner of trick %d", no)); err != nil {
		return false, err
	}
	if c := p.log.Deals[len(p.log.Deals)-1].Claim; c != nil && c.PlayedOut && no >= p.claimTrick && p.g.SideOf(winner) != p.g.SideOf(c.Seat) {
		return false, p.errAt(ln, k-1, ErrMismatch, "trick %d went to %s, but %s claimed every remaining trick (line %d) and they were played out",
			no, winner, c.Seat, p.claimLn.num)
	}
	if k < len(ln.toks) {
		return false, p.errAt(ln, k, ErrSyntax, "trick %d: unexpected %q at the end of the line", no, ln.toks[k].text)
	}
	return false, p.expect(derived(p.g, before)...)
}

// parseEnd reads the end line and checks it, and the Result tag, against
// the replay. Nothing but comments may follow.
func (p *parser) parseEnd(result tagAt) error {
	ln := p.next()
	want := Result(p.g)
	p.no = 0
	if len(ln.toks) < 2 {
		return p.errAt(ln, 1, ErrSyntax, "the end line needs the result: expected \"end %s\"", want)
	}
	got := ln.toks[1].text
	if tot := totalsText(p.g.Players(), p.g.Totals()); got != want {
		if want == "*" {
			return p.errAt(ln, 1, ErrMismatch,
				"the game is not over (%s): expected \"end *\", found \"end %s\"", tot, got)
		}
		return p.errAt(ln, 1, ErrMismatch,
			"%s won the game (%s): expected \"end %s\", found \"end %s\"", want, tot, want, got)
	}
	if len(ln.toks) > 2 {
		return p.errAt(ln, 2, ErrSyntax, "unexpected %q after the result", ln.toks[2].text)
	}
	if result.value != want {
		return p.errPos(result.line, result.col, ErrMismatch, "the Result tag says %q, the game's result is %q", result.value, want)
	}
	if nx := p.peek(); nx != nil {
		return p.errAt(nx, 0, ErrSyntax, "text after the end line")
	}
	return nil
}

// blank says what the input is when it holds no text at all: "empty
// file", or "only blank lines" when it has spaces or line ends; "" when
// it has some text. A missing [Klob] tag would misname such a file.
func (p *parser) blank() string {
	for _, s := range p.raw {
		if strings.TrimSpace(s) != "" {
			return ""
		}
	}
	if len(p.raw) == 1 && p.raw[0] == "" {
		return "empty file"
	}
	return "only blank lines"
}

// parseHeader reads the comments and tags before the first deal.
func (p *parser) parseHeader() (map[string]tagAt, error) {
	tags := map[string]tagAt{}
	h := &p.log.Header
	for ; p.i < len(p.raw); p.i++ {
		s := p.raw[p.i]
		t := strings.TrimLeft(s, " \t")
		if t == "" {
			continue
		}
		if t[0] == ';' {
			if len(tags) == 0 {
				c := t[1:]
				if err := checkValue(c, true); err != nil {
					return nil, p.errPos(p.i+1, 1, ErrSyntax, "comment: %v", err)
				}
				p.log.Comment = append(p.log.Comment, c)
			}
			continue
		}
		if t[0] != '[' {
			break
		}
		name, value, vcol, ecol, msg := parseTag(s)
		if msg != "" {
			return nil, p.errPos(p.i+1, ecol, ErrSyntax, "%s", msg)
		}
		if _, dup := tags[name]; dup {
			return nil, p.errPos(p.i+1, len(s)-len(t)+1, ErrSyntax, "tag %s is given twice", name)
		}
		tags[name] = tagAt{value: value, line: p.i + 1, col: vcol}
		if !standardTag[name] {
			h.Extra = append(h.Extra, Tag{Name: name, Value: value})
		}
	}
	// Where a missing tag is reported: the first line after the tags.
	missLine, missCol := p.eofLine, p.eofCol
	if ln := p.peek(); ln != nil {
		missLine, missCol = ln.num, 1
	}
	v, ok := tags[tagVersion]
	if !ok {
		if what := p.blank(); what != "" {
			return nil, p.errPos(1, 1, ErrSyntax, "%s, not a Klob game log", what)
		}
		return nil, p.errPos(missLine, missCol, ErrSyntax, "not a Klob game log: the tag [Klob %q] is missing", Version)
	}
	if v.value != Version {
		return nil, p.errPos(v.line, v.col, &VersionError{Version: v.value}, "format version %q: this klob reads version %s", v.value, Version)
	}
	for _, n := range tagOrder {
		if _, ok := tags[n]; !ok && !optionalTag[n] {
			return nil, p.errPos(missLine, missCol, ErrSyntax, "the tag [%s] is missing", n)
		}
	}
	bad := func(name, format string, args ...any) *Error {
		t := tags[name]
		return p.errPos(t.line, t.col, ErrSyntax, "tag %s: %s", name, fmt.Sprintf(format, args...))
	}
	h.Event = tags[tagEvent].value
	h.Date, h.Time = tags[tagDate].value, tags[tagTime].value
	for _, name := range []string{tagDate, tagTime} {
		if err := checkStart(name, tags[name].value); err != nil {
			return nil, bad(name, "%v", err)
		}
	}
	for s := range rules.Seat(rules.MaxPlayers) {
		h.Players[s], h.Levels[s] = tags[PlayerTag(s)].value, tags[LevelTag(s)].value
	}
	h.Options = rules.DefaultOptions()
	for _, k := range rules.AllOptionNames() {
		n := optionTag(k)
		t, ok := tags[n]
		if !ok {
			continue // a table option left out: its default
		}
		if err := h.Options.Set(k, t.value); err != nil {
			return nil, bad(n, "%v", err)
		}
	}
	seats := h.Options.NumPlayers()
	// Seats C and D have their tags exactly when the game has the seat.
	for s := rules.Seat(rules.MinPlayers); s < rules.MaxPlayers; s++ {
		for _, n := range []string{PlayerTag(s), LevelTag(s)} {
			switch _, ok := tags[n]; {
			case ok && seats <= int(s):
				return nil, bad(n, "a game of %d players has no seat %s", seats, s)
			case !ok && seats > int(s):
				return nil, p.errPos(missLine, missCol, ErrSyntax, "the tag [%s] is missing (a game of %d players)", n, seats)
			}
		}
	}
	var seatNames, results []string // the seats; a side (a seat or a team) or "*"
	for s := range rules.Seat(seats) {
		seatNames = append(seatNames, s.String())
	}
	for side := range rules.SidesAt(seats) {
		results = append(results, rules.SideName(seats, side))
	}
	results = append(results, "*")
	fd := tags[tagFirstDealer].value
	i := slices.Index(seatNames, fd)
	if i < 0 {
		return nil, bad(tagFirstDealer, "%q is not a seat: %s", fd, orList(seatNames))
	}
	h.FirstDealer = rules.Seat(i)
	if r := tags[tagResult].value; !slices.Contains(results, r) {
		return nil, bad(tagResult, "%q is not a result: %s (unfinished)", r, orList(results))
	}
	return tags, nil
}

// TagPlace is where the value of the header tag name stands in data,
// a log's text: its line and the column of the value's opening quote,
// as the log's errors give a tag's place; 0, 0 when the header has no
// such tag (Header.Tag cannot tell a missing tag from an empty one).
func TagPlace(data []byte, name string) (line, col int) {
	for i, s := range strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n") {
		s = strings.TrimSuffix(s, "\r")
		t := strings.TrimLeft(s, " \t")
		switch {
		case t == "" || t[0] == ';':
			continue
		case t[0] != '[':
			return 0, 0 // the header has ended
		}
		if n, _, vcol, _, msg := parseTag(s); msg == "" && n == name {
			return i + 1, vcol
		}
	}
	return 0, 0
}

// parseTag reads [Name "value"] with an optional comment after it. It
// returns the column of the value, or an error message and its column.
func parseTag(s string) (name, value string, vcol, ecol int, msg string) {
	i := strings.IndexByte(s, '[') + 1
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '"' && s[j] != ']' {
		j++
	}
	name = s[i:j]
	if !validTagName(name) {
		return "", "", 0, i + 1, fmt.Sprintf("%q is not a tag name: a letter, then letters, digits or _", name)
	}
	j = skipBlanks(s, j)
	if j >= len(s) || s[j] != '"' {
		return "", "", 0, j + 1, fmt.Sprintf("tag %s: expected a quoted value", name)
	}
	vcol = j + 1
	var b strings.Builder
	j++
	for {
		if j >= len(s) {
			return "", "", 0, j + 1, fmt.Sprintf("tag %s: the value has no closing quote", name)
		}
		c := s[j]
		if c == '"' {
			break
		}
		if c == '\\' {
			if j+1 >= len(s) || (s[j+1] != '\\' && s[j+1] != '"') {
				return "", "", 0, j + 1, fmt.Sprintf("tag %s: a backslash escapes only \\ and \"", name)
			}
			j++
			c = s[j]
		}
		b.WriteByte(c)
		j++
	}
	value = b.String()
	if err := checkValue(value, false); err != nil {
		return "", "", 0, vcol, fmt.Sprintf("tag %s: %v", name, err)
	}
	j++
	j = skipBlanks(s, j)
	if j >= len(s) || s[j] != ']' {
		return "", "", 0, j + 1, fmt.Sprintf("tag %s: expected ] after the value", name)
	}
	j++
	j = skipBlanks(s, j)
	if j < len(s) && s[j] != ';' {
		return "", "", 0, j + 1, fmt.Sprintf("tag %s: unexpected text after ]", name)
	}
	return name, value, vcol, 0, ""
}

// skipBlanks returns the index of the first byte of s from j on that is
// not a space or a tab (len(s) when there is none).
func skipBlanks(s string, j int) int {
	return len(s) - len(strings.TrimLeft(s[j:], " \t"))
}

// Refusal says why the engine refused action a by seat, in the third
// person, for a file that records several players' actions (a log, a
// daily result file): "B does not hold QS", where the engine's own
// reason speaks to the player to move ("you do not hold Q♠").
func Refusal(seat rules.Seat, a rules.Action, err error) string {
	var ie *rules.IllegalError
	if errors.As(err, &ie) && ie.Err == rules.ErrNotYourTurn {
		if seat == rules.ChanceSeat {
			return fmt.Sprintf("a card is not drawn by chance now: it is %s's turn", ie.Turn)
		}
		if ie.Turn == rules.ChanceSeat {
			return fmt.Sprintf("it is not %s's turn: a card is drawn by chance now", seat)
		}
		return fmt.Sprintf("it is not %s's turn but %s's", seat, ie.Turn)
	}
	return illegalMsg(seat, a, err)
}

// illegalMsg says why the engine refused a for seat, in the log's
// third person: "9S does not follow hearts (QH in hand)". It words the
// message from the facts the *rules.IllegalError carries.
func illegalMsg(seat rules.Seat, a rules.Action, err error) string {
	var ie *rules.IllegalError
	if !errors.As(err, &ie) {
		return err.Error()
	}
	hand, trump, led := ie.Hand, ie.Trump, ie.Led
	switch ie.Err {
	case rules.ErrNotInHand:
		if a.Kind == rules.Draw {
			return fmt.Sprintf("the draw: %s is not in the hand of the player on the declarer's left", a.Card)
		}
		return fmt.Sprintf("%s does not hold %s", seat, a.Card)
	case rules.ErrMustFollow:
		return fmt.Sprintf("%s does not follow %s (%s in hand)", a.Card, led.Suit().Name(), hand.Suit(led.Suit()))
	case rules.ErrMustOvertrump:
		if a.Card.Suit() != trump {
			return fmt.Sprintf("%s does not follow %s (%s in hand)", a.Card, led.Suit().Name(), hand.Suit(trump))
		}
		return fmt.Sprintf("%s does not beat %s, the trump led (%s in hand)", a.Card, led, ie.Cards)
	case rules.ErrMustTrump:
		return fmt.Sprintf("%s: %s has no %s and must trump (%s in hand)", a.Card, seat, led.Suit().Name(), hand.Suit(trump))
	case rules.ErrBella:
		if ie.Menage {
			return fmt.Sprintf("%s: %s holds the menage: it goes with the last of the king, queen and jack of trump, never as bella", a.Card, seat)
		}
		if a.Announced() == rules.MenagePoints {
			return fmt.Sprintf("%s: %s cannot announce the menage: the menage goes with the last of the king, queen and jack of trump, played by the player who held all three", a.Card, seat)
		}
		return fmt.Sprintf("%s: %s cannot announce bella: bella goes with the second of the king and queen of trump, played by the player who held both", a.Card, seat)
	case rules.ErrNoDix:
		return fmt.Sprintf("%s does not hold the 7 of %s to exchange", seat, trump.Name())
	case rules.ErrBadSuit:
		return fmt.Sprintf("%s cannot name %s: they were refused in round one", seat, a.Suit.Name())
	case rules.ErrNoSuchSequence:
		best := ie.Best
		switch a.Kind {
		case rules.Announce:
			if best.Len == 0 {
				return fmt.Sprintf("%s cannot announce %d: %s holds no sequence", seat, a.N, seat)
			}
			return fmt.Sprintf("%s cannot announce %d: %s's best sequence is %s, worth %d", seat, a.N, seat, best, best.Value())
		case rules.Top:
			return fmt.Sprintf("%s's best sequence is %s, not %s high", seat, best, a.Rank.Name())
		case rules.Length:
			return fmt.Sprintf("%s's best sequence is %s, not %d cards", seat, best, a.N)
		}
	case rules.ErrDialogue:
		return fmt.Sprintf("%s cannot say %q now: %s may say %s", seat, a.String(), seat, strings.Join(quoted(ie.Legal), ", "))
	case rules.ErrWrongPhase:
		if ie.Phase != rules.PhaseSequences || len(ie.Legal) == 0 {
			return fmt.Sprintf("%q is not a move now: %s", a.String(), ie.Want)
		}
		return fmt.Sprintf("%q is not a move now: %s: %s may say %s", a.String(), ie.Want, seat, orList(quoted(ie.Legal)))
	}
	return ie.Reason
}

// quoted names actions in the log's notation, each in quotes.
func quoted(as []rules.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = strconv.Quote(a.String())
	}
	return out
}

// orList names the choices of names: "A or B", "A, B or C".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// totalsText is the game totals t of a table of n by side: "A 120,
// B 80, C 95".
func totalsText(n int, t [4]int) string {
	var parts []string
	for side := range rules.SidesAt(n) {
		parts = append(parts, fmt.Sprintf("%s %d", rules.SideName(n, side), t[side]))
	}
	return strings.Join(parts, ", ")
}

// turnName names a seat to move, "chance" for a chance step.
func turnName(s rules.Seat) string {
	if s == rules.ChanceSeat {
		return "chance"
	}
	return s.String()
}
