package testkit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// The rule paths of docs/rules.md sections 12, 13 and 15 the recorded games of
// three and four players (testdata/games/tables) must cover together.
const (
	T3Made        Path = "three: made"
	T3Bete        Path = "three: bete split"
	T3BeteOdd     Path = "three: bete split with its odd point"
	T3Tie         Path = "three: tie with the best opponent"
	T3AllPassed   Path = "three: all passed"
	T3RoundTwo    Path = "three: round-two trump"
	T3Dix         Path = "three: dix exchange"
	T3Overtrump   Path = "three: the third player overtrumps"
	T3Undertrump  Path = "three: the third player undertrumps"
	T3SeqRight    Path = "three: a player wins the sequence right"
	T3Bella       Path = "three: bella"
	T3Won         Path = "three: a player wins the game"
	T4Made        Path = "four: made"
	T4Bete        Path = "four: bete"
	T4Tie         Path = "four: tie"
	T4AllPassed   Path = "four: all passed"
	T4Take        Path = "four: the maker takes the upcard"
	T4RoundTwo    Path = "four: round-two trump"
	T4NoTrumps    Path = "four: no trumps"
	T4DealerUp    Path = "four: the dealer names the upcard suit"
	T4Partners    Path = "four: partners' sequences counted together"
	T4Undertrump  Path = "four: a later player undertrumps"
	T4Bella       Path = "four: bella"
	T4Won         Path = "four: a team wins the game"
	VOfAKind      Path = "of_a_kind: a set scores"
	VMenage       Path = "menage: announced"
	VForced       Path = "dealer_forced: the dealer names trump"
	VBimah        Path = "bimah: a forced dealer makes it"
	VShlomo3      Path = "shlomo: declared with three"
	VShlomo4      Path = "shlomo: declared with four"
	VCleopatra    Path = "cleopatra: declared"
	VShlomoBefore Path = "shlomo and cleopatra in one deal"
	TNotGood      Path = "dialogue: a later player beats the claim"
	THowHigh      Path = "dialogue: how-high at a table"
	TSame         Path = "dialogue: same at a table"
	T4PartnerGood Path = "four: good to a partner's claim"
)

// AllTablePaths lists every path of the tables, in the order TablePaths
// reports them.
var AllTablePaths = []Path{T3Made, T3Bete, T3BeteOdd, T3Tie, T3AllPassed, T3RoundTwo, T3Dix, T3Overtrump,
	T3Undertrump, T3SeqRight, T3Bella, T3Won, T4Made, T4Bete, T4Tie, T4AllPassed, T4Take, T4RoundTwo,
	T4NoTrumps, T4DealerUp, T4Partners, T4Undertrump, T4Bella, T4Won, VOfAKind, VMenage, VForced, VBimah,
	VShlomo3, VShlomo4, VCleopatra, VShlomoBefore, TNotGood, THowHigh, TSame, T4PartnerGood}

// TablePaths returns the paths a game of three or four players goes
// through, in AllTablePaths order (nothing for two players: see Paths).
func TablePaths(r *gamelog.Replay) []Path {
	n := r.Players()
	if n == 2 {
		return nil
	}
	seen := map[Path]bool{}
	pick := func(three, four Path) Path {
		if n == 3 {
			return three
		}
		return four
	}
	if r.Over {
		seen[pick(T3Won, T4Won)] = true
	}
	for i := range r.Deals {
		tableDealPaths(&r.Deals[i], n, seen, pick)
	}
	return inOrder(AllTablePaths, seen)
}

func tableDealPaths(rd *gamelog.ReplayDeal, n int, seen map[Path]bool, pick func(three, four Path) Path) {
	t := rd.At(0)
	var shlomo, cleo bool
	for _, st := range rd.Steps {
		a := st.Action
		switch a.Kind {
		case rules.Name:
			seen[pick(T3RoundTwo, T4RoundTwo)] = true
			if a.Suit == rules.NoTrumps {
				seen[T4NoTrumps] = true
			}
			if n == 4 && a.Suit == t.OrigUpcard().Suit() && st.Seat == t.Dealer() {
				seen[T4DealerUp] = true
			}
		case rules.Take:
			if n == 4 {
				seen[T4Take] = true
			}
		case rules.Exchange:
			seen[T3Dix] = true
		case rules.Shlomo:
			seen[pick(VShlomo3, VShlomo4)], shlomo = true, true
		case rules.Cleopatra:
			seen[VCleopatra], cleo = true, true
		case rules.NotGood:
			seen[TNotGood] = true
		case rules.HowHigh:
			seen[THowHigh] = true
		case rules.Same:
			seen[TSame] = true
		case rules.Good:
			v := t.View(rules.NoSeat)
			if c, _, _, _ := v.Claim(); c != rules.NoSeat && c == t.Partner(st.Seat) {
				seen[T4PartnerGood] = true
			}
		case rules.PlayCard:
			if a.Announced() == rules.MenagePoints {
				seen[VMenage] = true
			} else if a.Bella {
				seen[pick(T3Bella, T4Bella)] = true
			}
			trumpDuty(&t, st.Seat, a.Card, n, seen)
		}
		t.ApplyUnchecked(a)
	}
	if shlomo && cleo {
		seen[VShlomoBefore] = true
	}
	if !rd.Done {
		return
	}
	sc := rd.Score
	if sc.Forced {
		seen[VForced] = true
	}
	if sc.Bimah > 0 {
		seen[VBimah] = true
	}
	switch sc.Outcome {
	case rules.Abandoned:
		seen[pick(T3AllPassed, T4AllPassed)] = true
		return
	case rules.Made:
		seen[pick(T3Made, T4Made)] = true
	case rules.Tie:
		seen[pick(T3Tie, T4Tie)] = true
	case rules.Bete:
		seen[pick(T3Bete, T4Bete)] = true
		if n == 3 && sc.SideTotal[sc.Maker]%2 == 1 {
			seen[T3BeteOdd] = true
		}
	}
	w := t.SeqWinner()
	if w == rules.NoSeat {
		return
	}
	if n == 3 && sc.Seqs[w] > 0 {
		seen[T3SeqRight] = true
	}
	if p := t.Partner(w); p != rules.NoSeat && sc.Seqs[w] > 0 && sc.Seqs[p] > 0 {
		seen[T4Partners] = true
	}
	for s := range rules.Seat(n) {
		if sc.Seqs[s] > 0 && t.BestMeld(s).Set {
			seen[VOfAKind] = true
		}
	}
}

// trumpDuty notes the overtrump and the undertrump of section 10: a
// player after the second, void in the plain suit led, with a trump
// already in the trick, plays a trump that beats it, or one lower.
func trumpDuty(t *rules.Deal, seat rules.Seat, c rules.Card, n int, seen map[Path]bool) {
	cards, _ := t.Trick()
	trump := t.Trump()
	if len(cards) < 2 || trump == rules.NoTrumps || cards[0].Suit() == trump || c.Suit() != trump {
		return
	}
	if t.Hand(seat).Suit(cards[0].Suit()) != 0 {
		return
	}
	high := rules.NoCard
	for _, x := range cards {
		if x.Suit() == trump {
			high = x
		}
	}
	if high == rules.NoCard {
		return
	}
	over := rules.TrickWinnerOf(append(append([]rules.Card(nil), cards...), c), trump) == len(cards)
	switch {
	case n == 3 && len(cards) == 2 && over:
		seen[T3Overtrump] = true
	case n == 3 && len(cards) == 2:
		seen[T3Undertrump] = true
	case n == 4 && !over && rules.TrickWinnerOf([]rules.Card{high, c}, trump) == 0:
		seen[T4Undertrump] = true
	}
}

// tableGame is one kind of recorded table game: the seat count and the
// house variants on.
type tableGame struct {
	players int
	vars    []string
}

func (g tableGame) options() rules.Options {
	o := rules.DefaultOptions()
	o.Players = g.players
	for _, v := range g.vars {
		if err := o.Set(v, "on"); err != nil {
			panic(err)
		}
	}
	return o
}

func (g tableGame) String() string {
	s := fmt.Sprintf("%d players", g.players)
	if len(g.vars) > 0 {
		s += ", " + strings.Join(g.vars, ", ")
	}
	return s
}

// tablePathGame says with which table each path is looked for.
func tablePathGame(p Path) tableGame {
	three, four := tableGame{players: 3}, tableGame{players: 4}
	switch p {
	case VOfAKind:
		return tableGame{players: 3, vars: []string{"of_a_kind"}}
	case VMenage:
		return tableGame{players: 4, vars: []string{"menage"}}
	case VForced, VBimah:
		return tableGame{players: 3, vars: []string{"dealer_forced", "bimah"}}
	case VShlomo3:
		return tableGame{players: 3, vars: []string{"shlomo"}}
	case VShlomo4, VCleopatra, VShlomoBefore:
		return tableGame{players: 4, vars: []string{"shlomo", "cleopatra"}}
	}
	if strings.HasPrefix(string(p), "three") || strings.HasPrefix(string(p), "dialogue") {
		return three
	}
	return four
}

func tableHeader(n, day int) gamelog.Header {
	h := gamelog.Header{Event: "Klob test corpus, tables", Date: fmt.Sprintf("2026-02-%02d", day), Time: "12:00:00"}
	for s := range rules.Seat(n) {
		h.SetPlayer(s, "Random "+s.String(), "random")
	}
	return h
}

// TableCorpus plays the recorded games of testdata/games/tables: first
// one game per seat count with every house variant on, then for each
// path still uncovered the first seeded game of its table
// (tablePathGame) that goes through it, then more until there are at
// least five complete games of each count. It is deterministic.
func TableCorpus() ([]Recorded, error) {
	covered := map[Path]bool{}
	count := map[int]int{}
	var out []Recorded
	day := 1
	add := func(g tableGame, seed uint64, why string) error {
		cfg := Config{Seed: seed, Options: g.options(), FirstDealer: rules.Seat(seed % uint64(g.players)), Header: tableHeader(g.players, day)}
		day++
		l, paths, err := playPaths(cfg, TablePaths)
		if err != nil {
			return err
		}
		for _, p := range paths {
			covered[p] = true
		}
		count[g.players]++
		l.Comment = recordedComment(fmt.Sprintf("seed %d, %s, random players, decks and draws from the seed", seed, g), why, paths, "; ")
		slug := strings.NewReplacer(" ", "-", ":", "", "'", "", ",", "", "_", "-").Replace(why)
		out = append(out, Recorded{Name: fmt.Sprintf("%d-%02d-%s.klob", g.players, len(out)+1, slug), Log: l})
		return nil
	}
	all := [][]string{{"of_a_kind", "menage", "dealer_forced", "bimah", "shlomo"},
		{"of_a_kind", "menage", "dealer_forced", "bimah", "shlomo", "cleopatra"}}
	for i, n := range []int{3, 4} {
		if err := add(tableGame{players: n, vars: all[i]}, uint64(n), "every house variant"); err != nil {
			return nil, err
		}
	}
	for _, p := range AllTablePaths {
		if covered[p] {
			continue
		}
		g := tablePathGame(p)
		seed, err := searchTable(g, p)
		if err != nil {
			return nil, err
		}
		if err := add(g, seed, string(p)); err != nil {
			return nil, err
		}
	}
	for _, n := range []int{3, 4} {
		for seed := uint64(100); count[n] < 5; seed++ {
			if err := add(tableGame{players: n}, seed, "another game"); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// searchTable returns the first seed whose game of table g goes through
// path p.
func searchTable(g tableGame, p Path) (uint64, error) {
	for s := uint64(1); s < maxSeed; s++ {
		_, paths, err := playPaths(Config{Seed: s, Options: g.options(), FirstDealer: rules.Seat(s % uint64(g.players))}, TablePaths)
		if err != nil {
			return 0, err
		}
		if slices.Contains(paths, p) {
			return s, nil
		}
	}
	return 0, fmt.Errorf("no game of %s up to seed %d goes through %q", g, maxSeed, p)
}

// TableSaves are unfinished games of three and four players, as the
// autosave writes them: stopped between a shlomo's draw and its gift,
// in the sequence dialogue, and inside a trick.
func TableSaves() ([]Recorded, error) {
	type stop struct {
		name string
		what string
		g    tableGame
		at   func(t *rules.Deal) bool
	}
	stops := []stop{
		{"three-in-declarations", "between a shlomo's draw and its gift", tableGame{players: 3, vars: []string{"shlomo"}}, func(t *rules.Deal) bool {
			st := t.Steps()
			return len(st) > 0 && st[len(st)-1].Action.Kind == rules.Draw
		}},
		{"four-in-cleopatra", "between the two cards of a cleopatra", tableGame{players: 4, vars: []string{"cleopatra"}}, func(t *rules.Deal) bool {
			st := t.Steps()
			return len(st) > 0 && st[len(st)-1].Action.Kind == rules.Give && st[len(st)-1].Seat == t.Turn()^2
		}},
		{"three-in-dialogue", "in the sequence dialogue", tableGame{players: 3}, func(t *rules.Deal) bool {
			st := t.Steps()
			return t.Phase() == rules.PhaseSequences && len(st) > 0 && st[len(st)-1].Action.Kind == rules.Announce
		}},
		{"four-in-trick", "inside a trick", tableGame{players: 4}, func(t *rules.Deal) bool {
			cards, _ := t.Trick()
			return t.Phase() == rules.PhasePlay && len(cards) == 2 && t.Play().Tricks == 3
		}},
	}
	var out []Recorded
	for _, s := range stops {
		found := false
		for seed := uint64(1); seed < 2000 && !found; seed++ {
			full, err := Play(Config{Seed: seed, Options: s.g.options(), FirstDealer: rules.Seat(seed % uint64(s.g.players)), Header: tableHeader(s.g.players, 20)})
			if err != nil {
				return nil, err
			}
			rep, err := full.Replay()
			if err != nil {
				return nil, err
			}
			for di := 1; di < len(rep.Deals) && di < 4 && !found; di++ {
				rd := &rep.Deals[di]
				for n := 1; n <= len(rd.Steps) && !found; n++ {
					t := rd.At(n)
					if !s.at(&t) {
						continue
					}
					cut := &gamelog.Log{Comment: []string{fmt.Sprintf(" A save of %s stopped %s (seed %d, deal %d, after %d steps).", s.g, s.what, seed, di+1, n)},
						Header: full.Header, Deals: append([]gamelog.Deal(nil), full.Deals[:di+1]...)}
					cut.Deals[di].Steps = cut.Deals[di].Steps[:n]
					out = append(out, Recorded{Name: s.name + ".klob", Log: cut})
					found = true
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("no table save %s found", s.name)
		}
	}
	return out, nil
}
