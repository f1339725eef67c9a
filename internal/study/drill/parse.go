package drill

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// Request is a situation to evaluate, as `klob train -eval` reads it,
// with the evaluation's sample count and seed.
type Request struct {
	Situation Situation
	// Samples is the number of sampled deals (every option is scored on
	// each); 0 means DefaultSamples.
	Samples int
	// Seed fixes the samples; DefaultSeed unless the text sets seed=
	// (SeedSet).
	Seed    uint64
	SeedSet bool
}

// DefaultSeed is the evaluation seed of a Request that names none, so
// that the same text always prints the same table.
const DefaultSeed = 1

// Keys of the text form, in the order the help lists them. Every rule
// option key (rules.OptionNames) is accepted as well.
var textKeys = []string{"hand", "up", "seat", "score", "target", "said", "round", "samples", "seed"}

// Parse reads a situation in the text form (see Situation.String):
// key=value fields separated by spaces, in any order.
//
//	hand=JS 9S AS KH QH 7D   the six cards held (spaces or commas between)
//	up=8S                    the upcard (upcard= also)
//	seat=elder|dealer        who you are; a bare "elder" or "dealer" too.
//	                         Optional: the words said decide whose turn it is
//	score=120-430            your total, then the opponent's (default 0-0)
//	target=500               the score that wins the game
//	said=pass                what was said before your turn, in order,
//	                         separated by commas: pass, schmeiss
//	round=2                  round one was passed by both: said= then lists
//	                         only the words of round two
//	samples=500 seed=1       the evaluation's samples and seed
//
// and any rule option (bottom_card=off, last_trick=0...). A value runs
// to the next key, so "hand=JS 9S AS KH QH 7D" needs no quotes inside
// the text. The situation must be one that can happen; an error is a
// *FieldError naming the key at fault.
func Parse(text string) (Request, error) {
	req := Request{Seed: DefaultSeed}
	s := &req.Situation
	s.Options = rules.DefaultOptions()
	values := map[string][]string{}
	var order []string
	cur := ""
	seat := ""
	for _, tok := range strings.Fields(text) {
		k, v, ok := strings.Cut(tok, "=")
		if !ok {
			switch w := strings.ToLower(tok); w {
			case "elder", "dealer", "non-dealer", "nondealer":
				if seat != "" {
					return req, fieldErr("seat", "given twice")
				}
				seat = w
				cur = ""
				continue
			}
			if cur == "" {
				return req, fieldErr(tok, "not key=value (keys: %s, or a rule option)", strings.Join(textKeys, ", "))
			}
			values[cur] = append(values[cur], tok)
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "upcard" {
			k = "up"
		}
		if !slices.Contains(textKeys, k) && !slices.Contains(rules.OptionNames, k) {
			return req, fieldErr(k, "unknown key (keys: %s, or a rule option: %s)",
				strings.Join(textKeys, ", "), strings.Join(rules.OptionNames, ", "))
		}
		if _, dup := values[k]; dup || (k == "seat" && seat != "") {
			return req, fieldErr(k, "given twice")
		}
		values[k] = nil
		if v != "" {
			values[k] = []string{v}
		}
		order = append(order, k)
		cur = k
	}
	if vs, ok := values["seat"]; ok {
		if len(vs) != 1 {
			return req, fieldErr("seat", "want elder or dealer, got %q", strings.Join(vs, " "))
		}
		seat = strings.ToLower(vs[0])
	}
	one := func(k string) (string, error) {
		vs := values[k]
		if len(vs) != 1 {
			return "", fieldErr(k, "want one value, got %q", strings.Join(vs, " "))
		}
		return vs[0], nil
	}
	// Rule options first: target= is one, and the score is checked
	// against it.
	for _, k := range order {
		if !slices.Contains(rules.OptionNames, k) {
			continue
		}
		v, err := one(k)
		if err != nil {
			return req, err
		}
		if err := s.Options.Set(k, v); err != nil {
			return req, &FieldError{Field: k, Err: err}
		}
	}
	for _, k := range order {
		var err error
		switch k {
		case "hand":
			err = parseHand(s, values[k])
		case "up":
			err = parseUp(s, values[k])
		case "score":
			err = parseScore(s, values[k])
		case "said":
			err = parseSaid(s, values[k])
		case "samples":
			var v string
			if v, err = one(k); err == nil {
				n, perr := strconv.Atoi(v)
				if perr != nil || n < 1 || n > eval.MaxSamples {
					err = fieldErr(k, "%q is not a number from 1 to %d", v, eval.MaxSamples)
				}
				req.Samples = n
			}
		case "seed":
			var v string
			if v, err = one(k); err == nil {
				n, perr := strconv.ParseUint(v, 10, 64)
				if perr != nil {
					err = fieldErr(k, "%q is not a number from 0 to %d", v, uint64(1<<64-1))
				}
				req.Seed, req.SeedSet = n, true
			}
		}
		if err != nil {
			return req, err
		}
	}
	if _, ok := values["hand"]; !ok {
		return req, fieldErr("hand", "missing: give the six cards held, like hand=JS 9S AS KH QH 7D")
	}
	if _, ok := values["up"]; !ok {
		return req, fieldErr("up", "missing: give the upcard, like up=8S")
	}
	if _, ok := values["round"]; ok {
		v, err := one("round")
		if err != nil {
			return req, err
		}
		switch v {
		case "1":
		case "2":
			s.Said = append([]rules.Action{rules.PassAction(), rules.PassAction()}, s.Said...)
		default:
			return req, fieldErr("round", "%q is not 1 or 2", v)
		}
	}
	// Whose turn it is follows from the words said: the bidding
	// alternates, elder first, in both rounds and for a schmeiss answer.
	s.Dealer = len(s.Said)%2 == 1
	switch seat {
	case "":
	case "elder", "non-dealer", "nondealer":
		if s.Dealer {
			return req, fieldErr("seat", "after %s it is the dealer's turn, not the elder's", saidText(s.Said))
		}
	case "dealer":
		if !s.Dealer {
			return req, fieldErr("seat", "after %s it is the elder's turn, not the dealer's", saidText(s.Said))
		}
	default:
		return req, fieldErr("seat", "%q is not elder or dealer", seat)
	}
	if _, err := s.Deal(); err != nil {
		return req, err
	}
	return req, nil
}

func parseHand(s *Situation, vs []string) error {
	if len(vs) == 0 {
		return fieldErr("hand", "no cards: give six, like hand=JS 9S AS KH QH 7D")
	}
	h, err := rules.ParseCardSet(strings.Join(vs, " "))
	if err != nil {
		return &FieldError{Field: "hand", Err: err}
	}
	if n := h.Count(); n != 6 {
		return &FieldError{Field: "hand", Err: fmt.Errorf("%w, not %d", ErrHandSize, n)}
	}
	s.Hand = h
	return nil
}

func parseUp(s *Situation, vs []string) error {
	if len(vs) != 1 {
		return fieldErr("up", "want one card, got %q", strings.Join(vs, " "))
	}
	c, err := rules.ParseCard(vs[0])
	if err != nil {
		return &FieldError{Field: "up", Err: err}
	}
	s.Upcard = c
	return nil
}

func parseScore(s *Situation, vs []string) error {
	if len(vs) != 1 {
		return fieldErr("score", "want yours-theirs like 120-430, got %q", strings.Join(vs, " "))
	}
	a, b, ok := strings.Cut(vs[0], "-")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x > 1e6 || y > 1e6 {
		return fieldErr("score", "%q is not your total and the opponent's like 120-430", vs[0])
	}
	s.Totals = [2]int{You: x, Opp: y}
	return nil
}

func parseSaid(s *Situation, vs []string) error {
	var words []string
	for _, v := range vs {
		for _, w := range strings.Split(v, ",") {
			if w = strings.TrimSpace(w); w != "" {
				words = append(words, w)
			}
		}
	}
	for _, w := range words {
		switch strings.ToLower(w) {
		case "nothing", "-":
			if len(words) == 1 {
				return nil
			}
		}
		a, err := rules.ParseAction(strings.ReplaceAll(w, ":", " "))
		if err != nil {
			return fieldErr("said", "%q is not a bid: say pass or schmeiss", w)
		}
		s.Said = append(s.Said, a)
	}
	return nil
}
