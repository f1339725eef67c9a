package gamelog

import (
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

func handLine(d rules.DealReader, s rules.Seat) wline {
	return wline{toks: append([]tok{kw("hand"), kw(s.String())}, setToks(d.Hand(s), s.String()+"'s hand")...), key: 2}
}

// dealtLines follow the deck: both six-card hands and the upcard.
func dealtLines(d rules.DealReader) []wline {
	return []wline{
		handLine(d, rules.SeatA),
		handLine(d, rules.SeatB),
		{toks: []tok{kw("upcard"), val(d.Upcard().String(), "the upcard")}, key: 1},
	}
}

// mark is what derived lines depend on, taken before an action.
type mark struct {
	maker  rules.Seat
	phase  rules.Phase
	tricks uint8
	shown  bool
}

func markOf(d rules.DealReader) mark {
	_, w := d.ShownSequences()
	return mark{maker: d.Maker(), phase: d.Phase(), tricks: d.Play().Tricks, shown: w != rules.NoSeat}
}

// derived returns the lines the replay adds after one action (after the
// action or trick line itself): trump and the full hands once trump is
// settled, the sequence right when the dialogue ends, the shown
// sequences after trick one, and the score block when the deal ends.
func derived(g *rules.Game, before mark) []wline {
	d := g.Deal()
	var out []wline
	if before.maker == rules.NoSeat && d.Maker() != rules.NoSeat {
		out = append(out, wline{toks: []tok{kw("trump"), val(d.Trump().String(), "trump"),
			kw("maker"), val(d.Maker().String(), "the maker")}, key: 1})
		out = append(out, handLine(d, rules.SeatA), handLine(d, rules.SeatB))
		if b := d.Bottom(); b != rules.NoCard {
			out = append(out, wline{toks: []tok{kw("bottom"), val(b.String(), "the bottom card")}, key: 1})
		}
	}
	if before.phase == rules.PhaseSequences && d.Phase() != rules.PhaseSequences {
		out = append(out, wline{toks: []tok{kw("sequence-right"),
			val(seatName(d.SeqWinner()), "the winner of the sequence right")}, key: 1})
	}
	if seqs, w := d.ShownSequences(); !before.shown && w != rules.NoSeat {
		toks := []tok{kw("show"), val(w.String(), "who shows")}
		for _, q := range seqs {
			toks = append(toks, val(q.String(), w.String()+"'s sequences"))
		}
		out = append(out, wline{toks: toks, key: 1})
	}
	if d.Over() {
		out = append(out, scoreLines(d.Score(), g.Totals())...)
	}
	return out
}

// scoreLines is the score block of a finished deal.
func scoreLines(sc rules.Score, totals [2]int) []wline {
	var out []wline
	if sc.Outcome != rules.Abandoned {
		for s := rules.SeatA; s <= rules.SeatB; s++ {
			p := s.String() + "'s "
			out = append(out, wline{toks: []tok{kw("score"), kw(s.String()),
				kw("tricks"), num(sc.Tricks[s], p+"tricks"),
				kw("cards"), num(sc.Cards[s], p+"card points"),
				kw("last"), num(sc.LastTrick[s], p+"last-trick bonus"),
				kw("sequences"), num(sc.Seqs[s], p+"sequence points"),
				kw("bella"), num(sc.Bella[s], p+"bella"),
				kw("total"), num(sc.Total[s], p+"total"),
				kw("scored"), num(sc.Scored[s], p+"score for the deal"),
			}, key: 2})
		}
	}
	out = append(out,
		wline{toks: []tok{kw("result"), val(sc.Outcome.String(), "the result")}, key: 1},
		wline{toks: []tok{kw("totals"), kw("A"), num(totals[0], "A's game total"),
			kw("B"), num(totals[1], "B's game total")}, key: 1})
	return out
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
	tagPlayerA     = "PlayerA"
	tagPlayerB     = "PlayerB"
	tagLevelA      = "LevelA"
	tagLevelB      = "LevelB"
	tagFirstDealer = "FirstDealer"
	tagResult      = "Result"
)

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

// tagOrder lists the standard tags in the order the writer uses.
func tagOrder() []string {
	t := []string{tagVersion, tagEvent, tagDate, tagTime, tagPlayerA, tagPlayerB, tagLevelA, tagLevelB}
	for _, k := range rules.OptionNames {
		t = append(t, optionTag(k))
	}
	return append(t, tagFirstDealer, tagResult)
}

// headerTags returns the standard tags of h (Result excluded: the writer
// adds it from the replay) as name to value.
func headerTags(h *Header) map[string]string {
	m := map[string]string{
		tagVersion: Version, tagEvent: h.Event, tagDate: h.Date, tagTime: h.Time,
		tagPlayerA: h.Players[0], tagPlayerB: h.Players[1],
		tagLevelA: h.Levels[0], tagLevelB: h.Levels[1],
		tagFirstDealer: h.FirstDealer.String(),
	}
	for _, k := range rules.OptionNames {
		v, _ := h.Options.Get(k)
		m[optionTag(k)] = v
	}
	return m
}

// quote writes a tag value: backslash and double quote are escaped.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
