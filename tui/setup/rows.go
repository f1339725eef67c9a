package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Setup is what the setup screen decides: the bots' level, the rules
// and the seed every deck of the game is drawn from.
type Setup struct {
	Level   ai.Level
	Options rules.Options // Options.Target is the game's target
	Seed    uint64
	// Practice: the player chose the seed (-seed), so the cards could be
	// known; the game, and the next ones drawn from it, are marked
	// practice in the log and the history.
	Practice bool
	// Next: a later game of a practice sitting, its seed drawn from the
	// seed chosen by the player.
	Next bool
	// Prefs are the player's settings (pace, after a trick, hand order,
	// the bell),
	// offered on the setup screen when Config.Prefs is set.
	Prefs settings.Settings
	// PaceFlag is the -pace given on the command line ("0s"), which
	// paces the bots in place of the setting; "" when none was given.
	PaceFlag string
	// PaceServer: PaceFlag is the pace of the server the person plays
	// on (klob serve -pace), not a flag of theirs.
	PaceServer bool
	// hidden holds the options set away from their defaults whose rows
	// a change of the seat count or of dealer_forced took away (settle),
	// as "key=value,key=value": at their defaults in Options, they come
	// back with their rows (bottom_card=off from four players to three,
	// shlomo=on from two to three).
	hidden string
	// given holds a target and a last trick bonus the form was given
	// (-target 250, -rules last_trick=25) that are not among the row's
	// standard values: stepped away from, they stay among its choices.
	given struct{ target, lastTrick int }
}

// settle brings back the options hidden that apply again to s's table,
// then sets those that no longer do to their defaults, keeping them in
// hidden: the game plays only rules its table has (rules.Options.
// Applicable), so its log and its command name no other, and looking at
// another seat count on the form loses no choice.
func (s *Setup) settle() {
	var still []string
	for _, kv := range strings.Split(s.hidden, ",") {
		k, v, ok := strings.Cut(kv, "=")
		switch {
		case !ok:
		case s.Options.Applies(k):
			_ = s.Options.Set(k, v) // as Get wrote it: it reads
		default:
			still = append(still, kv)
		}
	}
	played := s.Options.Applicable()
	for _, k := range rules.AllOptionNames() {
		v, _ := s.Options.Get(k)
		if p, _ := played.Get(k); v != p {
			// A choice made since it was hidden is the one kept.
			still = slices.DeleteFunc(still, func(kv string) bool { return strings.HasPrefix(kv, k+"=") })
			still = append(still, k+"="+v)
		}
	}
	s.hidden = strings.Join(still, ",")
	s.Options = played
}

// Row is one line of a setup form: a stable key, its label, its value
// as text, how left and right (a step of -1 or +1) change it, and what
// its value means, in a phrase. Steps says whether a step by d would
// change the value, for the form to draw an arrow only where one does;
// nil, the step is tried on a copy of the Setup, which is right for a
// row that changes nothing but the Setup it is given (a row that keeps
// its value elsewhere says Steps).
type Row struct {
	Key     string
	Label   string
	Value   func(*Setup) string
	Step    func(*Setup, int)
	Explain func(*Setup) string
	Steps   func(*Setup, int) bool
}

// steps reports whether stepping r by d from s changes what the row
// shows: r.Steps, else the step tried on a copy of s.
func (r Row) steps(s *Setup, d int) bool {
	if r.Steps != nil {
		return r.Steps(s, d)
	}
	trial := *s
	r.Step(&trial, d)
	return r.Value(&trial) != r.Value(s)
}

// ClampSteps is a Steps for a row whose value is an index i, clamped
// among n: whether a step by d leaves the end it is at.
func ClampSteps(i func() int, n int) func(*Setup, int) bool {
	return func(_ *Setup, d int) bool { return Clamp(i()+d, n) != i() }
}

// Rows are every row of the form for s's seat count: the players, the
// rules, the house variants that apply, and the player's settings when
// prefs is set; sections head the groups.
func Rows(s *Setup, prefs bool) []Row {
	rows := append([]Row{playersRow}, RuleRows(s)...)
	rows = append(rows, VariantRows(s)...)
	if prefs {
		rows = append(rows, prefRows...)
	}
	return rows
}

// Section is a heading over a group of a form's rows: the rows from the
// one keyed First on, up to the next section. Note, dim, follows the
// heading on its line. A heading is never dropped for room: the rows
// scroll under it (see layout).
type Section struct {
	First   string
	Heading string
	Note    string
}

// line is the heading's line.
func (sec Section) line(ctx *kit.Context) string {
	text := " " + ctx.Styles.Heading.Render(sec.Heading)
	if sec.Note != "" {
		text += ctx.Styles.Dim.Render("  " + sec.Note)
	}
	return text
}

// sections head the groups of Rows, in order: without its heading a
// variant would read as a standard rule, a setting as a rule.
var sections = []Section{
	{First: "players", Heading: "The game, kept for the next setup once started"},
	variantsSection,
	{First: "pace", Heading: "Your settings, kept for the next games"},
}

// variantsSection heads the house variants (VariantRows), of_a_kind
// first at every seat count.
var variantsSection = Section{First: "of_a_kind", Heading: "House variants, off unless switched on"}

// players is the seat count of s, as a word for sentences.
func players(s *Setup) int { return s.Options.NumPlayers() }

// stepSeats moves the seat count by d through 2, 3 and 4; variants that
// no longer apply go until a count that plays them (settle).
func stepSeats(s *Setup, d int) {
	s.Options.Players = Shift(rules.SeatCounts(), players(s), d)
	s.settle()
}

// playersRow chooses the seat count; variants that no longer apply go
// until a count that plays them.
var playersRow = Row{
	Key:   "players",
	Label: "Players",
	Value: func(s *Setup) string {
		switch players(s) {
		case 3:
			return "3: you and two bots, each for themselves"
		case 4:
			return "4: you and a bot partner against two bots"
		}
		return "2: you against a bot"
	},
	Step: stepSeats,

	Explain: func(s *Setup) string {
		switch players(s) {
		case 3:
			return "each for themselves: the maker must score more than each of the others"
		case 4:
			return "you and the bot opposite play against the two bots beside you; partners' points count together"
		}
		return "the classic game of two"
	},
}

// Targets are the targets the form offers (another one given by a flag
// is kept among them).
var Targets = []int{100, 200, 300, 500, 700, 1000, 1500, 2000}

// Shift moves v by d through the sorted values in list (v itself is
// added when it is not one of them), stopping at either end: a number
// does not jump from the smallest to the largest (a game to 100, one
// key too far, is not a game to 2000).
func Shift(list []int, v, d int) int {
	l := slices.Clone(list)
	if !slices.Contains(l, v) {
		l = append(l, v)
		slices.Sort(l)
	}
	return l[Clamp(slices.Index(l, v)+d, len(l))]
}

// shiftGiven moves *v by d as Shift does, through list and the value
// kept in *given: the first value of *v off the list is kept there, so
// that a value given on the command line can be chosen again.
func shiftGiven(list []int, v, given *int, d int) {
	if !slices.Contains(list, *v) {
		*given = *v
	}
	l := list
	if *given != 0 && !slices.Contains(list, *given) {
		l = append(slices.Clone(list), *given)
		slices.Sort(l)
	}
	*v = Shift(l, *v, d)
}

// Clamp is i within the indexes of a list of n.
func Clamp(i, n int) int { return max(0, min(i, n-1)) }

// step is the value d places from v in l, stopping at either end, as
// every row does: a value never jumps from one end to the other.
func step[T comparable](l []T, v T, d int) T {
	return l[Clamp(slices.Index(l, v)+d, len(l))]
}

// flip sets a switch as a two-valued row: left is off, right on, and a
// step past either end changes nothing.
func flip(b *bool, d int) { *b = step([]bool{false, true}, *b, d) }

// LastTricks are the last trick bonuses the form offers (another one
// given by a flag is kept among them).
var LastTricks = []int{0, 10, 20, 50, 100}

// OnOff writes a switch.
func OnOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// BotsOf names a table's bots, of level, by how many seats they play:
// "normal bot", "normal bots", or "no bots" where people hold every
// seat.
func BotsOf(level ai.Level, bots int) string {
	switch bots {
	case 0:
		return "no bots"
	case 1:
		return string(level) + " bot"
	}
	return string(level) + " bots"
}

// levelRow is the bots' level: "Opponent" at two, "Bots" at a table.
func levelRow(s *Setup) Row {
	label := "Opponent"
	if players(s) > 2 {
		label = "Bots"
	}
	return Row{Key: "level", Label: label,
		Value: func(s *Setup) string { return BotsOf(s.Level, players(s)-1) },
		Step: func(s *Setup, d int) {
			// The random bot is for tests: offered only when asked for.
			levels := []ai.Level{ai.Easy, ai.Normal, ai.Hard}
			if !slices.Contains(levels, s.Level) {
				levels = append([]ai.Level{s.Level}, levels...)
			}
			s.Level = step(levels, s.Level, d)
		},
		Explain: func(s *Setup) string {
			switch s.Level {
			case ai.Easy:
				return "sensible cards, and a mistake now and then"
			case ai.Normal:
				return "bids and cards by a careful rule of thumb"
			case ai.Hard:
				return "searches the deals that fit what it sees: the strongest"
			}
			return "random cards (for testing)"
		},
	}
}

// RuleRows are the rows of the rules proper for s's seat count: the
// bots' level, the target and the rule options that mean something at
// that count (no bottom card at four, where every card is dealt).
func RuleRows(s *Setup) []Row {
	team := rules.PlaysInTeams(players(s))
	rows := []Row{levelRow(s),
		{"target", "Game to", func(s *Setup) string { return fmt.Sprint(s.Options.Target) },
			func(s *Setup, d int) { shiftGiven(Targets, &s.Options.Target, &s.given.target, d) },
			func(s *Setup) string {
				who := "player"
				if team {
					who = "team"
				}
				return fmt.Sprintf("the first %s to %d points after a deal wins the game", who, s.Options.Target)
			}, nil},
	}
	if s.Options.Applies("bottom_card") {
		rows = append(rows, Row{"bottom_card", "Bottom card shown", func(s *Setup) string { return OnOff(s.Options.BottomCard) },
			func(s *Setup, d int) { flip(&s.Options.BottomCard, d) },
			func(s *Setup) string {
				if s.Options.BottomCard {
					return "the bottom card of the pack is turned up after the deal: every player knows it"
				}
				return "the bottom card of the pack stays hidden"
			}, nil})
	}
	return append(rows,
		Row{"sequence_rank", "Equal sequences by", func(s *Setup) string {
			if s.Options.SequenceRank == rules.RankByLength {
				return "length, then top card"
			}
			return "top card"
		}, func(s *Setup, d int) {
			s.Options.SequenceRank = step([]rules.SeqRank{rules.RankByValue, rules.RankByLength}, s.Options.SequenceRank, d)
		}, func(s *Setup) string {
			if s.Options.SequenceRank == rules.RankByLength {
				return "two fifties: the longer wins, then the higher top card"
			}
			return "two sequences of one value: the higher top card wins"
		}, nil},
		Row{"melds_need_trick", "Sequences need a trick", func(s *Setup) string { return OnOff(s.Options.MeldsNeedTrick) },
			func(s *Setup, d int) { flip(&s.Options.MeldsNeedTrick, d) },
			func(s *Setup) string {
				who := "a player who takes"
				if team {
					who = "a team that takes"
				}
				if s.Options.MeldsNeedTrick {
					return who + " no trick scores no sequences"
				}
				return "sequences count even without a trick"
			}, nil},
		Row{"last_trick", "Last trick bonus", func(s *Setup) string { return fmt.Sprint(s.Options.LastTrick) },
			func(s *Setup, d int) { shiftGiven(LastTricks, &s.Options.LastTrick, &s.given.lastTrick, d) },
			func(s *Setup) string {
				if s.Options.LastTrick == 0 {
					return "the last trick scores only its cards"
				}
				return fmt.Sprintf("the last trick scores %d more", s.Options.LastTrick)
			}, nil},
	)
}

// variant is one house variant: its option key, field and what it
// does. Its row's label is the rules' name for it (rules.VariantName).
type variant struct {
	key     string
	on      func(o *rules.Options) *bool
	explain string
}

// applies reports whether the variant is played at o's table when
// switched on (rules.Options.Applies).
func (v variant) applies(o *rules.Options) bool { return o.Applies(v.key) }

// variants are the house variants in the order of docs/rules.md; which
// apply at a table is rules.Options.Applicable's to say.
var variants = []variant{
	{"of_a_kind", func(o *rules.Options) *bool { return &o.OfAKind },
		"three cards of one rank score 20, four score 50, told and ranked like sequences"},
	{"menage", func(o *rules.Options) *bool { return &o.Menage },
		"K, Q and J of trump held together score 50, in place of bella and of the 20 sequence they make"},
	{"dealer_forced", func(o *rules.Options) *bool { return &o.DealerForced },
		"when everyone else passes in round two, the dealer may not pass: they must name trump"},
	{"bimah", func(o *rules.Options) *bool { return &o.Bimah },
		"a forced dealer whose side makes the contract scores 40 more"},
	{"shlomo", func(o *rules.Options) *bool { return &o.Shlomo },
		"a K and both Qs of the other colour: 20; the declarer then draws a card unseen from the player on their left and gives one back"},
	{"cleopatra", func(o *rules.Options) *bool { return &o.Cleopatra },
		"a Q and both Js of the other colour: 20; then the partners swap a card face down"},
}

// VariantRows are the rows of the house variants that apply to s's
// table. Switching dealer_forced off takes bimah with it, until it is
// switched on again.
func VariantRows(s *Setup) []Row {
	var rows []Row
	for _, v := range variants {
		if !v.applies(&s.Options) {
			continue
		}
		rows = append(rows, Row{Key: v.key, Label: kit.Capital(rules.VariantName(v.key)),
			Value: func(s *Setup) string { return OnOff(*v.on(&s.Options)) },
			Step: func(s *Setup, d int) {
				flip(v.on(&s.Options), d)
				s.settle()
			},
			Explain: func(*Setup) string { return v.explain },
		})
	}
	return rows
}

// ChangedRules names the rule options of o that differ from the
// standard ones at its seat count, as the form shows them ("Last trick
// bonus 0"), the target and the bots' level left out.
func ChangedRules(o rules.Options) []string {
	def := rules.DefaultOptions()
	def.Players = o.Players
	a, b := Setup{Options: o}, Setup{Options: def}
	var diff []string
	for _, r := range RuleRows(&a) {
		if r.Key == "target" || r.Key == "level" {
			continue
		}
		if v := r.Value(&a); v != r.Value(&b) {
			diff = append(diff, r.Label+" "+v)
		}
	}
	return diff
}

// pacedBy names what paces the bots in place of the setting: "-pace
// 0s", or "the server's 100ms".
func pacedBy(s *Setup) string {
	if s.PaceServer {
		return "the server's " + s.PaceFlag
	}
	return "-pace " + s.PaceFlag
}

// prefRows are the player's settings, offered when the game has a
// settings file: kept there for the next games.
var prefRows = []Row{
	{"pace", "Speed of the bots", func(s *Setup) string {
		if s.PaceFlag != "" {
			// The flag (or the server) wins: the row says so rather
			// than show a speed the game does not play at.
			return s.Prefs.Pace.String() + ", but " + pacedBy(s) + " now"
		}
		return s.Prefs.Pace.String()
	},
		func(s *Setup, d int) {
			s.Prefs.Pace = settings.Pace(Clamp(int(s.Prefs.Pace)+d, int(settings.Instant)+1))
		},
		func(s *Setup) string {
			switch {
			case s.PaceServer:
				return "this server paces the bots, " + s.PaceFlag + " before each move; the setting is kept all the same"
			case s.PaceFlag != "":
				return "-pace " + s.PaceFlag + " paces the bots of these games; the setting is kept for later ones"
			}
			return s.Prefs.Pace.Explain()
		}, nil},
	{"after_trick", "After each trick", func(s *Setup) string {
		if s.Prefs.AfterTrick == settings.WaitKey {
			return "wait for a key"
		}
		return "pause"
	}, func(s *Setup, d int) {
		s.Prefs.AfterTrick = step([]settings.AfterTrick{settings.Pause, settings.WaitKey}, s.Prefs.AfterTrick, d)
	}, func(s *Setup) string { return s.Prefs.AfterTrick.Explain() }, nil},
	{"sort", "Sort the hand by", func(s *Setup) string {
		if s.Prefs.Sort == settings.BySuit {
			return "suit (A K Q J 10 9 8 7)"
		}
		return "trick strength"
	}, func(s *Setup, d int) {
		s.Prefs.Sort = step([]settings.Sort{settings.ByStrength, settings.BySuit}, s.Prefs.Sort, d)
	}, func(s *Setup) string { return s.Prefs.Sort.Explain() + " (o toggles it in a game)" }, nil},
	{"bell", "Bell on your turn", func(s *Setup) string { return OnOff(s.Prefs.Bell) },
		func(s *Setup, d int) { flip(&s.Prefs.Bell, d) }, func(s *Setup) string { return settings.BellExplain(s.Prefs.Bell) }, nil},
}
