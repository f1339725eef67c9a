package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// SeqRank selects how two sequences of equal value are compared
// (RULES.md section 5, option sequence_rank).
type SeqRank uint8

const (
	// RankByValue compares value (50 over 20), then top card, then trump.
	RankByValue SeqRank = iota
	// RankByLength compares value, then the number of cards, then top
	// card, then trump: the dialogue asks "how many cards?" first.
	RankByLength
)

// String returns "value" or "length".
func (r SeqRank) String() string {
	if r == RankByLength {
		return "length"
	}
	return "value"
}

// Options holds the rule options of RULES.md. The zero value is not the
// default: use DefaultOptions.
type Options struct {
	// BottomCard turns the bottom card of the stock face up after the
	// second batch (option bottom_card, default on).
	BottomCard bool
	// SequenceRank is how equal-valued sequences compare (option
	// sequence_rank, default value).
	SequenceRank SeqRank
	// MeldsNeedTrick makes a player who takes no trick score no sequences
	// (option melds_need_trick, default on).
	MeldsNeedTrick bool
	// LastTrick is the bonus for the last trick (option last_trick,
	// default 10).
	LastTrick int
	// Target is the score that wins the game (option target, default 500,
	// from 1 to MaxTarget).
	Target int
}

// MaxTarget is the highest target the rules accept. The setup screen
// offers up to 2000; past this a game runs for hundreds of deals and the
// bots' model of the rest of the game (ai/eval) grows with the target,
// so a larger value in a flag or a log is refused, not slowly obeyed.
const MaxTarget = 5000

// MaxLastTrick is the highest last_trick bonus the rules accept.
const MaxLastTrick = 1000

// DefaultOptions returns the rules as RULES.md states them by default.
func DefaultOptions() Options {
	return Options{BottomCard: true, SequenceRank: RankByValue, MeldsNeedTrick: true, LastTrick: 10, Target: 500}
}

// OptionNames lists the option keys in the order String writes them.
var OptionNames = []string{"bottom_card", "sequence_rank", "melds_need_trick", "last_trick", "target"}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// Get returns the value of option key in its text form.
func (o Options) Get(key string) (string, error) {
	switch key {
	case "bottom_card":
		return onOff(o.BottomCard), nil
	case "sequence_rank":
		return o.SequenceRank.String(), nil
	case "melds_need_trick":
		return onOff(o.MeldsNeedTrick), nil
	case "last_trick":
		return strconv.Itoa(o.LastTrick), nil
	case "target":
		return strconv.Itoa(o.Target), nil
	}
	return "", fmt.Errorf("unknown rule option %q (known: %s)", key, strings.Join(OptionNames, ", "))
}

// String writes every option as key=value, comma separated, in a fixed
// order; ParseOptions reads it back.
func (o Options) String() string {
	var parts []string
	for _, k := range OptionNames {
		v, _ := o.Get(k)
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ",")
}

func parseOnOff(key, v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "yes", "1":
		return true, nil
	case "off", "false", "no", "0":
		return false, nil
	}
	return false, fmt.Errorf("option %s: %q is not on or off", key, v)
}

// Set changes one option from its text form.
func (o *Options) Set(key, value string) error {
	value = strings.TrimSpace(value)
	switch strings.TrimSpace(key) {
	case "bottom_card":
		b, err := parseOnOff(key, value)
		if err != nil {
			return err
		}
		o.BottomCard = b
	case "sequence_rank":
		switch strings.ToLower(value) {
		case "value":
			o.SequenceRank = RankByValue
		case "length":
			o.SequenceRank = RankByLength
		default:
			return fmt.Errorf("option sequence_rank: %q is not value or length", value)
		}
	case "melds_need_trick":
		b, err := parseOnOff(key, value)
		if err != nil {
			return err
		}
		o.MeldsNeedTrick = b
	case "last_trick":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > MaxLastTrick {
			return fmt.Errorf("option last_trick: %q is not a number from 0 to %d", value, MaxLastTrick)
		}
		o.LastTrick = n
	case "target":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxTarget {
			return fmt.Errorf("option target: %q is not a number from 1 to %d", value, MaxTarget)
		}
		o.Target = n
	default:
		return fmt.Errorf("unknown rule option %q (known: %s)", key, strings.Join(OptionNames, ", "))
	}
	return nil
}

// ParseOptions reads "key=value,key=value" over the defaults. An empty
// string gives the defaults. A key given twice is refused: which of the
// two values was meant is not for the reader to guess.
func ParseOptions(s string) (Options, error) {
	o := DefaultOptions()
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return o, fmt.Errorf("rule option %q: want key=value", kv)
		}
		k = strings.TrimSpace(k)
		if seen[k] {
			return o, fmt.Errorf("rule option %s is given twice", k)
		}
		seen[k] = true
		if err := o.Set(k, v); err != nil {
			return o, err
		}
	}
	return o, nil
}
