package gamelog

import (
	"slices"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// The lines of a deal block are built here once, for both the writer
// (which prints them) and the reader (which compares the log's lines with
// them token by token). That is what makes the replay the checksum: a
// derived line is correct exactly when it is what the writer would write.

// tok is one token of a derived line. label names a value the replay
// computes ("A's total"); it is "" for fixed words.
type tok struct {
	text  string
	label string
	older string // a word older logs wrote here instead, which the reader accepts
	note  string // said after the reader's mismatch of this value, or ""
}

// wline is a derived line. key is how many leading tokens say which line
// it is ("hand A"): a difference there means the line is missing, a
// difference after it means a wrong value.
type wline struct {
	toks []tok
	key  int
}

func (l wline) String() string {
	parts := make([]string, len(l.toks))
	for i, t := range l.toks {
		parts[i] = t.text
	}
	return strings.Join(parts, " ")
}

func kw(s string) tok             { return tok{text: s} }
func val(s, label string) tok     { return tok{text: s, label: label} }
func num(n int, label string) tok { return tok{text: strconv.Itoa(n), label: label} }

func seatName(s rules.Seat) string {
	if s == rules.NoSeat {
		return "none"
	}
	return s.String()
}

// setToks lists the cards of m in index order (clubs 7 up to spades ace).
func setToks(m rules.CardSet, label string) []tok {
	var out []tok
	for _, c := range m.Cards() {
		out = append(out, val(c.String(), label))
	}
	return out
}

// headLines are the two lines that open deal no, dealt by dealer.
func headLines(no int, dealer rules.Seat) []wline {
	return []wline{
		{toks: []tok{kw("deal"), num(no, "the deal number")}, key: 1},
		{toks: []tok{kw("dealer"), val(dealer.String(), "the dealer")}, key: 1},
	}
}

// deckLine is the deck, an input line the writer prints.
func deckLine(d rules.Deck) wline {
	toks := []tok{kw("deck")}
	for _, c := range d {
		toks = append(toks, kw(c.String()))
	}
	return wline{toks: toks, key: 1}
}

// handLines are the hands of every seat, in seat order.
func handLines(g *rules.Game) []wline {
	var out []wline
	for s := range rules.Seat(g.Players()) {
		toks := append([]tok{kw("hand"), kw(s.String())}, setToks(g.Deal().Hand(s), s.String()+"'s hand")...)
		out = append(out, wline{toks: toks, key: 2})
	}
	return out
}

// dealtLines follow the deck: every six-card hand and the upcard.
func dealtLines(g *rules.Game) []wline {
	return append(handLines(g), wline{toks: []tok{kw("upcard"), val(g.Deal().Upcard().String(), "the upcard")}, key: 1})
}

// seatWord is the word that opens an action line: "A:", or "chance:"
// for a chance step (the card a shlomo declarer draws).
func seatWord(s rules.Seat) string {
	if s < 4 {
		return seatWords[s]
	}
	if s == rules.ChanceSeat {
		return "chance:"
	}
	return s.String() + ":"
}

var seatWords = [4]string{"A:", "B:", "C:", "D:"}

// mark is what derived lines depend on, taken before an action.
type mark struct {
	maker  rules.Seat
	phase  rules.Phase
	tricks uint8
	shown  bool
	asked  rules.Kind // the declaration asked for (Deal.DeclarationAsked)
}

func markOf(g *rules.Game) mark {
	d := g.Deal()
	return mark{maker: d.Maker(), phase: d.Phase(), tricks: d.Play().Tricks, shown: shown(g), asked: d.DeclarationAsked()}
}

// actionWords is how an action line writes a, taken at before: as the
// rules write it, but a pass at the declarations as declinedWord says,
// so that it never reads as a bid's "pass".
func actionWords(a rules.Action, before mark) string {
	if a.Kind == rules.Pass && before.asked != rules.NoAction {
		return declinedWord(before.asked)
	}
	return a.String()
}

// declinedWord is the word of a pass at the round of the declaration k
// (rules.Shlomo or rules.Cleopatra): "no-shlomo", "no-cleopatra".
func declinedWord(k rules.Kind) string { return "no-" + rules.Action{Kind: k}.String() }

// shown reports whether the melds of the side with the right have been
// shown (after trick one).
func shown(g *rules.Game) bool {
	return g.Deal().ShownCards() != [4]rules.CardSet{}
}

// exchanged reports whether cards changed hands in the declarations.
func exchanged(t *rules.Deal) bool {
	return slices.ContainsFunc(t.Steps(),
		func(st rules.Step) bool { return st.Action.Kind == rules.Give })
}

// derived returns the lines the replay adds after one action (after the
// action or trick line itself): every hand once the declarations end
// when cards changed hands in them (shlomo, cleopatra), trump and the
// full hands once trump is settled, the sequence right when the dialogue
// ends, the shown melds after trick one, and the score block when the
// deal ends.
func derived(g *rules.Game, before mark) []wline {
	t := g.Deal()
	var out []wline
	if before.phase == rules.PhaseDeclare && t.Phase() != rules.PhaseDeclare && exchanged(t) {
		out = append(out, handLines(g)...)
	}
	if before.maker == rules.NoSeat && t.Maker() != rules.NoSeat {
		toks := []tok{kw("trump"), val(t.Trump().String(), "trump"), kw("maker"), val(t.Maker().String(), "the maker")}
		if t.Score().Forced {
			toks = append(toks, kw("forced"))
		}
		out = append(out, wline{toks: toks, key: 1})
		out = append(out, handLines(g)...)
		if b := t.Bottom(); b != rules.NoCard {
			out = append(out, wline{toks: []tok{kw("bottom"), val(b.String(), "the bottom card")}, key: 1})
		}
	}
	if before.phase == rules.PhaseSequences && t.Phase() != rules.PhaseSequences {
		out = append(out, wline{toks: []tok{kw("sequence-right"),
			val(seatName(t.SeqWinner()), "the winner of the sequence right")}, key: 1})
	}
	if !before.shown && shown(g) {
		out = append(out, showLines(g)...)
	}
	if before.phase != rules.PhaseOver && t.Over() {
		out = append(out, scoreLines(g.Options(), t.Score(), g.Totals())...)
	}
	return out
}

// showLines are the melds the side with the right shows after trick
// one: the cards each player of that side shows, in index order. With
// two players, when every meld shown is a sequence, the line names the
// sequences instead ("show A JC-TC-9C"), as two-player logs always did.
func showLines(g *rules.Game) []wline {
	var out []wline
	for s, cards := range g.Deal().ShownCards() {
		if cards == 0 {
			continue
		}
		seat := rules.Seat(s).String()
		toks := []tok{kw("show"), val(seat, "who shows")}
		if seqs := rules.Sequences(cards); g.Players() == 2 && seqCards(seqs) == cards {
			for _, q := range seqs {
				toks = append(toks, val(q.String(), seat+"'s sequences"))
			}
		} else {
			toks = append(toks, setToks(cards, seat+"'s melds")...)
		}
		note := meldNote(g, rules.Seat(s))
		for i := 2; i < len(toks); i++ {
			toks[i].note = note
		}
		out = append(out, wline{toks: toks, key: 1})
	}
	return out
}

// meldNote names the on/off rule options, as the log's header sets
// them, on which seat s's melds depend: each whose other value would
// give s other melds (menage=off, where s holds K-Q-J of trump, which
// menage=on takes out of the sequences): "the log's header plays
// menage=off"; "" for none. A hand-edited rule tag then shows as the
// cause of a show line that no longer matches.
func meldNote(g *rules.Game, s rules.Seat) string {
	d, o := g.Deal(), g.Options()
	// The hand as play began: the melds are those held then.
	hand := d.Hand(s)
	if trick, by, ok := d.LastTrick(); ok {
		for i := range g.Players() {
			if rules.SeatAfter(by, i, g.Players()) == s {
				hand = hand.With(trick[i])
			}
		}
	}
	melds := rules.Melds(hand, d.Trump(), o)
	var plays []string
	for _, key := range rules.AllOptionNames() {
		v, _ := o.Get(key)
		other := map[string]string{"on": "off", "off": "on"}[v]
		if f := o; other != "" && f.Set(key, other) == nil && !slices.Equal(rules.Melds(hand, d.Trump(), f), melds) {
			plays = append(plays, key+"="+v)
		}
	}
	if len(plays) == 0 {
		return ""
	}
	return "the log's header plays " + strings.Join(plays, ", ")
}

// seqCards returns the cards of seqs.
func seqCards(seqs []rules.Sequence) rules.CardSet {
	var m rules.CardSet
	for _, q := range seqs {
		m |= q.Cards()
	}
	return m
}

// bellaWord names the field that holds a seat's bella or menage points
// (a seat scores one or the other): "menage" when it holds the menage's,
// which logs written before the word had as "bella".
func bellaWord(points int) tok {
	if points == rules.MenagePoints {
		return tok{text: "menage", older: "bella"}
	}
	return kw("bella")
}

// scoreLines is the score block of a finished deal: a line per seat,
// with three or four players the declarations too, with four a line per
// team; the result; the game totals by side.
func scoreLines(o rules.Options, sc rules.Score, totals [4]int) []wline {
	n := o.NumPlayers()
	var out []wline
	if sc.Outcome != rules.Abandoned {
		for s := range rules.Seat(n) {
			p := s.String() + "'s "
			toks := []tok{kw("score"), kw(s.String()),
				kw("tricks"), num(sc.Tricks[s], p+"tricks"),
				kw("cards"), num(sc.Cards[s], p+"card points"),
				kw("last"), num(sc.LastTrick[s], p+"last-trick bonus"),
				kw("sequences"), num(sc.Seqs[s], p+"sequence points"),
				bellaWord(sc.Bella[s]), num(sc.Bella[s], p+bellaWord(sc.Bella[s]).text),
			}
			if o.HasDeclarations() {
				toks = append(toks, kw("declared"), num(sc.Declared[s], p+"declarations"))
			}
			toks = append(toks, kw("total"), num(sc.Total[s], p+"total"))
			if !rules.PlaysInTeams(n) {
				toks = append(toks, kw("scored"), num(sc.Scored[s], p+"score for the deal"))
			}
			out = append(out, wline{toks: toks, key: 2})
		}
		if rules.PlaysInTeams(n) {
			for side := range rules.SidesAt(n) {
				name := rules.SideName(n, side)
				p := name + "'s "
				out = append(out, wline{toks: []tok{kw("team"), kw(name),
					kw("total"), num(sc.SideTotal[side], p+"total"),
					kw("scored"), num(sc.Scored[side], p+"score for the deal")}, key: 2})
			}
		}
		if sc.Bimah > 0 {
			side := rules.SideName(n, rules.SideOfSeat(n, sc.Maker))
			out = append(out, wline{toks: []tok{kw("bimah"), val(side, "the side of the forced dealer"), num(sc.Bimah, "the bimah")}, key: 1})
		}
	}
	toks := []tok{kw("totals")}
	for side := range rules.SidesAt(n) {
		name := rules.SideName(n, side)
		toks = append(toks, kw(name), num(totals[side], name+"'s game total"))
	}
	return append(out,
		wline{toks: []tok{kw("result"), val(sc.Outcome.String(), "the result")}, key: 1},
		wline{toks: toks, key: 1})
}

// Claim words: how the cards after a claim were played.
const (
	PlayedOutWord = "played-out"
	ByHandWord    = "by-hand"
)

// How is the claim word of how the cards after c were played.
func (c *Claim) How() string {
	if c.PlayedOut {
		return PlayedOutWord
	}
	return ByHandWord
}

// claimLine is the line of claim c, written before the line of trick
// (from 1) it came in: "claim A trick 5 card 1 played-out", the claim
// coming before that trick's card (from 1).
func claimLine(c *Claim, trick, card int) wline {
	how := c.How()
	return wline{toks: []tok{kw("claim"), kw(c.Seat.String()), kw("trick"), kw(strconv.Itoa(trick)),
		kw("card"), kw(strconv.Itoa(card)), kw(how)}, key: 1}
}

// endLine closes the log: the winner, or * while the game goes on.
func endLine(g *rules.Game) wline {
	return wline{toks: []tok{kw("end"), val(Result(g), "the result of the game")}, key: 1}
}

// Tag names. The option tags are the rule option keys in CamelCase
// (bottom_card: BottomCard), so a new option gets its tag by itself.
const (
	tagVersion     = "Klob"
	tagEvent       = "Event"
	tagDate        = "Date"
	tagTime        = "Time"
	tagFirstDealer = "FirstDealer"
	tagResult      = "Result"
)

// PlayerTag and LevelTag name the tags of seat s's player and of its
// bot level: "PlayerA", "LevelC".
func PlayerTag(s rules.Seat) string { return "Player" + s.String() }
func LevelTag(s rules.Seat) string  { return "Level" + s.String() }

// optionTag returns the tag name of a rule option key.
func optionTag(key string) string {
	var b strings.Builder
	for _, part := range strings.Split(key, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// tagOrder lists the standard tags in the order the writer uses, and
// standardTag holds the same names. optionalTag holds those a log may
// leave out: the tags of seats C and D, which the writer writes when the
// game has the seat (and the reader then requires), and of the options
// of docs/rules.md sections 12, 13 and 15 (rules.ExtraOptionNames),
// which it writes when they differ from their default; so a two-player
// log reads as it always did. All three are computed once: the option
// keys do not change while the program runs.
var tagOrder, standardTag, optionalTag = makeTags()

func makeTags() (order []string, std, optional map[string]bool) {
	order = []string{tagVersion, tagEvent, tagDate, tagTime}
	for _, tag := range []func(rules.Seat) string{PlayerTag, LevelTag} {
		for s := range rules.Seat(rules.MaxPlayers) {
			order = append(order, tag(s))
		}
	}
	for _, k := range rules.AllOptionNames() {
		order = append(order, optionTag(k))
	}
	order = append(order, tagFirstDealer, tagResult)
	std = map[string]bool{}
	for _, n := range order {
		std[n] = true
	}
	optional = map[string]bool{}
	for s := rules.Seat(rules.MinPlayers); s < rules.MaxPlayers; s++ {
		optional[PlayerTag(s)], optional[LevelTag(s)] = true, true
	}
	for _, k := range rules.ExtraOptionNames {
		optional[optionTag(k)] = true
	}
	return order, std, optional
}

// headerTags returns the standard tags of h the writer writes (Result
// excluded: the writer adds it from the replay) as name to value.
func headerTags(h *Header) map[string]string {
	m := map[string]string{
		tagVersion: Version, tagEvent: h.Event, tagDate: h.Date, tagTime: h.Time,
		tagFirstDealer: h.FirstDealer.String(),
	}
	for s := range rules.Seat(min(max(h.Seats(), rules.MinPlayers), rules.MaxPlayers)) {
		m[PlayerTag(s)], m[LevelTag(s)] = h.Players[s], h.Levels[s]
	}
	for _, k := range rules.OptionNames {
		v, _ := h.Options.Get(k)
		m[optionTag(k)] = v
	}
	def := rules.DefaultOptions()
	for _, k := range rules.ExtraOptionNames {
		v, _ := h.Options.Get(k)
		if d, _ := def.Get(k); v != d {
			m[optionTag(k)] = v
		}
	}
	return m
}

// quote writes a tag value: backslash and double quote are escaped.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
