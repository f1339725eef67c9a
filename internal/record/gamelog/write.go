package gamelog

import (
	"bytes"
	"fmt"
	"io"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/klob/klob/rules"
)

// MarshalText writes the log in its one canonical form: every tag in a
// fixed order, then each deal with the lines the replay derives (hands,
// upcard, trump, tricks and winners, shown sequences, the breakdown and
// totals), then the end line. It fails with an *Error when a step is
// illegal, a deck is not 32 distinct cards, or a tag value or comment
// holds a control character or invalid UTF-8.
func (l *Log) MarshalText() ([]byte, error) {
	if err := l.checkText(); err != nil {
		return nil, err
	}
	var body bytes.Buffer
	put := func(ws ...wline) {
		for _, w := range ws {
			body.WriteString(w.String())
			body.WriteByte('\n')
		}
	}
	var trick []byte // the trick line being built
	var claim *Claim // the claim of the deal being written, until it is
	step := 0        // the index of the next step in its deal
	g, err := l.replay(func(no int, g *rules.Game) {
		body.WriteByte('\n')
		put(headLines(no, g.Dealer())...)
		put(deckLine(l.Deals[no-1].Deck))
		put(dealtLines(g)...)
		claim, step = l.Deals[no-1].Claim, 0
	}, func(g *rules.Game, st rules.Step, before mark) {
		step++
		if before.phase == rules.PhasePlay {
			if trick == nil {
				// A claim is written before the line of the trick it
				// came in, saying before which of its cards.
				if claim != nil && claim.Step < step+g.Players()-1 {
					put(claimLine(claim, int(before.tricks)+1, claim.Step-step+2))
					claim = nil
				}
				trick = fmt.Appendf(nil, "trick %d %s", before.tricks+1, st.Seat)
			} else {
				trick = fmt.Append(trick, " ", st.Seat)
			}
			trick = fmt.Append(trick, " ", st.Action.Card)
			switch {
			case st.Action.Announced() == rules.MenagePoints:
				trick = append(trick, " menage"...)
			case st.Action.Bella:
				trick = append(trick, " bella"...)
			}
			if g.Deal().Play().Tricks == before.tricks {
				return // the trick goes on
			}
			trick = fmt.Append(trick, " won ", g.Deal().LastTrickWinner())
			body.Write(append(trick, '\n'))
			trick = nil
		} else {
			put(wline{toks: []tok{kw(seatWord(st.Seat)), kw(actionWords(st.Action, before))}})
		}
		put(derived(g, before)...)
	})
	if err != nil {
		return nil, err
	}
	if claim != nil { // a save with a claim before the next trick's first card
		put(claimLine(claim, int(g.Deal().Play().Tricks)+1, 1))
	}
	if trick != nil { // a save in the middle of a trick (the last deal's)
		body.Write(append(trick, '\n'))
	}
	body.WriteByte('\n')
	put(endLine(g))

	var out bytes.Buffer
	for _, c := range l.Comment {
		out.WriteString(";" + c + "\n")
	}
	tags := headerTags(&l.Header)
	tags[tagResult] = Result(g)
	for _, name := range tagOrder {
		if v, ok := tags[name]; ok {
			fmt.Fprintf(&out, "[%s %s]\n", name, quote(v))
		}
	}
	for _, t := range l.Header.Extra {
		fmt.Fprintf(&out, "[%s %s]\n", t.Name, quote(t.Value))
	}
	out.Write(body.Bytes())
	return out.Bytes(), nil
}

// checkText refuses header text the reader would not read back.
func (l *Log) checkText() error {
	bad := func(format string, args ...any) error {
		return &Error{Msg: fmt.Sprintf(format, args...), Err: ErrSyntax}
	}
	for i, c := range l.Comment {
		if err := checkValue(c, true); err != nil {
			return bad("comment %d: %v", i+1, err)
		}
	}
	h := &l.Header
	if int(h.FirstDealer) >= h.Seats() {
		return bad("tag FirstDealer: no first dealer")
	}
	tags := headerTags(h)
	for name, v := range tags {
		if err := checkValue(v, false); err != nil {
			return bad("tag %s: %v", name, err)
		}
	}
	for _, name := range []string{tagDate, tagTime} {
		if err := checkStart(name, tags[name]); err != nil {
			return bad("tag %s: %v", name, err)
		}
	}
	seen := map[string]bool{}
	for _, t := range h.Extra {
		if !validTagName(t.Name) {
			return bad("tag %q: a tag name is a letter then letters, digits or _", t.Name)
		}
		if standardTag[t.Name] || seen[t.Name] {
			return bad("tag %s: given twice", t.Name)
		}
		seen[t.Name] = true
		if err := checkValue(t.Value, false); err != nil {
			return bad("tag %s: %v", t.Name, err)
		}
	}
	// Options must be ones the reader accepts back.
	for _, k := range rules.AllOptionNames() {
		v, _ := h.Options.Get(k)
		var o rules.Options
		if err := o.Set(k, v); err != nil {
			return bad("tag %s: %v", optionTag(k), err)
		}
	}
	return nil
}

// checkValue accepts UTF-8 text without control characters (a tab is
// allowed in comments only).
func checkValue(s string, comment bool) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("invalid UTF-8")
	}
	for _, r := range s {
		if r == '\t' && comment {
			continue
		}
		if unicode.IsControl(r) {
			return fmt.Errorf("control character %U", r)
		}
	}
	return nil
}

// checkStart accepts the value v of the tag name, Date or Time: empty,
// or a date YYYY-MM-DD or a time HH:MM:SS.
func checkStart(name, v string) error {
	layout, want := dateLayout, "a date YYYY-MM-DD"
	if name == tagTime {
		layout, want = timeLayout, "a time HH:MM:SS"
	}
	if _, err := time.Parse(layout, v); v != "" && err != nil {
		return fmt.Errorf("%q is not %s", v, want)
	}
	return nil
}

func validTagName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return true
}

// checkDeck accepts 32 distinct cards.
func checkDeck(d rules.Deck) error {
	var seen rules.CardSet
	for i, c := range d {
		if !c.Valid() {
			return fmt.Errorf("card %d is not a card", i+1)
		}
		if seen.Has(c) {
			return fmt.Errorf("card %d: %s appears twice", i+1, c)
		}
		seen = seen.With(c)
	}
	return nil
}

// WriteTo writes the canonical text of the log to w.
func (l *Log) WriteTo(w io.Writer) (int64, error) {
	b, err := l.MarshalText()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}
