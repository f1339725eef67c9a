package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SeqRank selects how two sequences of equal value are compared
// (docs/rules.md section 5, option sequence_rank).
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

// Options holds the rule options of docs/rules.md. The zero value is not the
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

	// The options of docs/rules.md sections 12, 13 and 15 (see ExtraOptionNames).
	// Their zero values are the defaults, except Players, where 0 reads
	// as 2, so an Options built before they existed means the same game.

	// Players is the number of players, 2, 3 or 4 (option players,
	// default 2).
	Players int
	// OfAKind scores three of a kind 20 and four of a kind 50, ranked and
	// declared like sequences (option of_a_kind).
	OfAKind bool
	// Menage scores K, Q and J of trump held together 50 in place of
	// bella and the 20 sequence they make (option menage).
	Menage bool
	// DealerForced stops the dealer passing in round two when everyone
	// else has passed (option dealer_forced); Bimah adds 40 to a forced
	// dealer who makes the contract (option bimah).
	DealerForced bool
	Bimah        bool
	// Shlomo (three or four players) and Cleopatra (four players) are
	// the declarations of docs/rules.md section 15 (options shlomo, cleopatra).
	Shlomo    bool
	Cleopatra bool
}

// HasBottomCard reports whether the bottom_card option means anything
// at this table: with four players every card is dealt, so there is no
// stock and no bottom card to turn up.
func (o Options) HasBottomCard() bool { return o.NumPlayers() != 4 }

// HasSchmeiss reports whether a bidder may schmeiss (and so be accepted
// or refused): it is an offer between two players, so only at two
// (docs/rules.md sections 12 and 13).
func (o Options) HasSchmeiss() bool { return o.NumPlayers() == 2 }

// HasDix reports whether the dix exchange is played: not with four
// players, where every card is dealt and no upcard is left to take
// (docs/rules.md sections 12 and 13).
func (o Options) HasDix() bool { return o.NumPlayers() != 4 }

// HasNoTrumps reports whether round two may name no trumps: only with
// four players (docs/rules.md sections 12 and 13).
func (o Options) HasNoTrumps() bool { return o.NumPlayers() == 4 }

// DealerNamesUpcardSuit reports whether the dealer, last to speak in
// round two, may name the upcard's suit too: only with four players
// (docs/rules.md section 13).
func (o Options) DealerNamesUpcardSuit() bool { return o.NumPlayers() == 4 }

// MakerTakesUpcard reports whether the maker takes the upcard into its
// hand with its last cards, whatever trump it named: with four players,
// where the upcard is the last card of the deck (docs/rules.md sections 12 and 13).
// Everyone then knows the maker holds it until it is played.
func (o Options) MakerTakesUpcard() bool { return o.NumPlayers() == 4 }

// HasDeclarations reports whether the declarations of docs/rules.md
// section 15 (shlomo, and at four cleopatra) belong to this table, and
// with them a score for the points declared: with three or four
// players. Whether one is played is HasShlomo's and HasCleopatra's.
func (o Options) HasDeclarations() bool { return o.NumPlayers() >= 3 }

// HasShlomo and HasCleopatra report whether those declarations are
// played: switched on, at a table they apply to (Applies: shlomo with
// three or four players, cleopatra with four; an option set at a table
// too small for it is ignored).
func (o Options) HasShlomo() bool    { return o.Shlomo && o.Applies("shlomo") }
func (o Options) HasCleopatra() bool { return o.Cleopatra && o.Applies("cleopatra") }

// Applies reports whether the option key means anything at o's table:
// bottom_card not with four players, where every card is dealt and no
// stock is left (HasBottomCard); shlomo with three or four players,
// cleopatra with four; bimah beside dealer_forced only; every other
// option at every table. It is false for a key that is no option.
func (o Options) Applies(key string) bool {
	switch key {
	case "bottom_card":
		return o.HasBottomCard()
	case "shlomo":
		return o.HasDeclarations()
	case "cleopatra":
		return o.NumPlayers() == 4
	case "bimah":
		return o.DealerForced
	}
	_, err := o.Get(key)
	return err == nil
}

// Applicable returns o with every on/off option that does not apply at
// its table (Applies) at its default: shlomo below three players,
// cleopatra below four and bimah without dealer_forced switched off,
// bottom_card at four on. The game plays the same either way; a log, a
// command, a report or a form then names only the rules played.
func (o Options) Applicable() Options {
	a, def := o, DefaultOptions()
	for _, names := range [][]string{OptionNames, ExtraOptionNames} {
		for _, key := range names {
			if f := a.flag(key); f != nil && !o.Applies(key) {
				*f = *def.flag(key)
			}
		}
	}
	return a
}

// NotPlayedWhy says why the option key, set away from its default in o,
// means nothing at o's table (Applicable sets it back): "it needs
// dealer_forced", "played by three or four", "played by two or three"
// (bottom_card=off: four players deal every card). It is "" for an
// option that applies, one at its default, or any other key.
func (o Options) NotPlayedWhy(key string) string {
	v, err := o.Get(key)
	if d, _ := DefaultOptions().Get(key); err != nil || v == d || o.Applies(key) {
		return ""
	}
	switch key {
	case "shlomo":
		return "played by three or four"
	case "cleopatra":
		return "played by four"
	case "bimah":
		return "it needs dealer_forced"
	case "bottom_card":
		return "played by two or three"
	}
	return ""
}

// NeverPlayed names the options of o, set away from their defaults,
// that no table plays whatever its seat count, each with NotPlayedWhy's
// reason: "bimah=on (it needs dealer_forced)". Such a list is a mistake
// in itself, where an option only o's seat count leaves out
// (cleopatra=on at three) depends on how many play.
func (o Options) NeverPlayed() []string {
	var out []string
	for _, key := range AllOptionNames() {
		if o.NotPlayedWhy(key) == "" {
			continue
		}
		played := false
		for _, n := range SeatCounts() {
			played = played || o.WithPlayers(n).Applies(key)
		}
		if !played {
			v, _ := o.Get(key)
			out = append(out, key+"="+v+" ("+o.NotPlayedWhy(key)+")")
		}
	}
	return out
}

// WithPlayers returns o for a table of n players, two kept as the zero
// default so that Options stay comparable to DefaultOptions.
func (o Options) WithPlayers(n int) Options {
	o.Players = n
	if n == 2 {
		o.Players = 0
	}
	return o
}

// MinPlayers and MaxPlayers bound the number of players at a table:
// the game is played by two, three or four (docs/rules.md sections 12
// and 13).
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// ValidPlayers reports whether n players make a table the rules know.
func ValidPlayers(n int) bool { return n >= MinPlayers && n <= MaxPlayers }

// SeatCounts returns every number of players the rules know, fewest
// first: a new slice each call, the caller's to keep.
func SeatCounts() []int {
	s := make([]int, 0, MaxPlayers-MinPlayers+1)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		s = append(s, n)
	}
	return s
}

// NumPlayers returns the number of players: Players, or 2 when unset.
func (o Options) NumPlayers() int {
	if o.Players == 0 {
		return 2
	}
	return o.Players
}

// MaxTarget is the highest target the rules accept. The setup screen
// offers up to 2000; past this a game runs for hundreds of deals and the
// bots' model of the rest of the game (ai/eval) grows with the target,
// so a larger value in a flag or a log is refused, not slowly obeyed.
const MaxTarget = 5000

// MaxLastTrick is the highest last_trick bonus the rules accept.
const MaxLastTrick = 1000

// DefaultOptions returns the rules as docs/rules.md states them by default.
func DefaultOptions() Options {
	return Options{BottomCard: true, SequenceRank: RankByValue, MeldsNeedTrick: true, LastTrick: 10, Target: 500}
}

// OptionNames lists the option keys in the order String writes them.
var OptionNames = []string{"bottom_card", "sequence_rank", "melds_need_trick", "last_trick", "target"}

// ExtraOptionNames lists the options of docs/rules.md sections 12, 13 and 15, in
// the order String writes them. String writes one only when it differs
// from its default, so the logs of games without them read as they did
// before these options existed.
var ExtraOptionNames = []string{"players", "of_a_kind", "menage", "dealer_forced", "bimah", "shlomo", "cleopatra"}

// AllOptionNames lists every option key: OptionNames, then
// ExtraOptionNames.
func AllOptionNames() []string {
	return append(append([]string(nil), OptionNames...), ExtraOptionNames...)
}

// flag maps the on/off options to their fields.
func (o *Options) flag(key string) *bool {
	switch key {
	case "bottom_card":
		return &o.BottomCard
	case "melds_need_trick":
		return &o.MeldsNeedTrick
	case "of_a_kind":
		return &o.OfAKind
	case "menage":
		return &o.Menage
	case "dealer_forced":
		return &o.DealerForced
	case "bimah":
		return &o.Bimah
	case "shlomo":
		return &o.Shlomo
	case "cleopatra":
		return &o.Cleopatra
	}
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// Get returns the value of option key in its text form.
func (o Options) Get(key string) (string, error) {
	switch key {
	case "sequence_rank":
		return o.SequenceRank.String(), nil
	case "last_trick":
		return strconv.Itoa(o.LastTrick), nil
	case "target":
		return strconv.Itoa(o.Target), nil
	case "players":
		return strconv.Itoa(o.NumPlayers()), nil
	}
	if f := o.flag(key); f != nil {
		return onOff(*f), nil
	}
	return "", fmt.Errorf("unknown rule option %q (known: %s)", key, strings.Join(AllOptionNames(), ", "))
}

// String writes every option as key=value, comma separated, in a fixed
// order; ParseOptions reads it back.
func (o Options) String() string {
	var parts []string
	for _, k := range OptionNames {
		v, _ := o.Get(k)
		parts = append(parts, k+"="+v)
	}
	def := DefaultOptions()
	for _, k := range ExtraOptionNames {
		v, _ := o.Get(k)
		if d, _ := def.Get(k); v != d {
			parts = append(parts, k+"="+v)
		}
	}
	return strings.Join(parts, ",")
}

// Played is String without the options that mean nothing at the table
// (Applies: bottom_card with four players), for the lines that tell a
// person the rules played (klob verify's, klob match's). String stays
// whole where it is stored or seeds a game: ParseOptions reads Played
// back to the same options.
func (o Options) Played() string {
	var parts []string
	for _, kv := range strings.Split(o.String(), ",") {
		if k, _, _ := strings.Cut(kv, "="); o.Applies(k) {
			parts = append(parts, kv)
		}
	}
	return strings.Join(parts, ",")
}

// onWords and offWords are the values an on/off option takes, in any
// case, on and off first.
var (
	onWords  = []string{"on", "yes", "true", "1"}
	offWords = []string{"off", "no", "false", "0"}
)

// OnOffWords says the values an on/off option takes: "on, yes, true or
// 1, or off, no, false or 0".
func OnOffWords() string {
	list := func(w []string) string {
		return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
	}
	return list(onWords) + ", or " + list(offWords)
}

func parseOnOff(key, v string) (bool, error) {
	switch l := strings.ToLower(v); {
	case slices.Contains(onWords, l):
		return true, nil
	case slices.Contains(offWords, l):
		return false, nil
	}
	return false, fmt.Errorf("option %s: %q is not on or off: say %s", key, v, OnOffWords())
}

// parseNumber reads option key's value as a whole number from lo to hi.
func parseNumber(key, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("option %s: %q is not a number from %d to %d", key, v, lo, hi)
	}
	return n, nil
}

// Set changes one option from its text form.
func (o *Options) Set(key, value string) error {
	value = strings.TrimSpace(value)
	switch strings.TrimSpace(key) {
	case "sequence_rank":
		switch strings.ToLower(value) {
		case "value":
			o.SequenceRank = RankByValue
		case "length":
			o.SequenceRank = RankByLength
		default:
			return fmt.Errorf("option sequence_rank: %q is not value or length", value)
		}
	case "last_trick":
		n, err := parseNumber("last_trick", value, 0, MaxLastTrick)
		if err != nil {
			return err
		}
		o.LastTrick = n
	case "target":
		n, err := parseNumber("target", value, 1, MaxTarget)
		if err != nil {
			return err
		}
		o.Target = n
	case "players":
		n, err := strconv.Atoi(value)
		if err != nil || !ValidPlayers(n) {
			return fmt.Errorf("option players: %q is not 2, 3 or 4", value)
		}
		*o = o.WithPlayers(n)
	default:
		f := o.flag(strings.TrimSpace(key))
		if f == nil {
			return fmt.Errorf("unknown rule option %q (known: %s)", key, strings.Join(AllOptionNames(), ", "))
		}
		b, err := parseOnOff(key, value)
		if err != nil {
			return err
		}
		*f = b
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
