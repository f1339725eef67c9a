package drill

import (
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
	// Seed fixes the samples: DefaultSeed unless the text sets seed=
	// (then SeedSet).
	Seed    uint64
	SeedSet bool
}

// DefaultSeed is the evaluation seed of a Request that names none, so
// that the same text always prints the same table.
const DefaultSeed = 1

// maxText bounds the text Parse reads: a deck, every word before the
// card play and every option fit in far less.
const maxText = 4096

// The keys of the two text forms, in the order the help lists them;
// every rule option (rules.AllOptionNames) is a key as well.
var (
	deckKeys   = []string{"players", "dealer", "score", "target", "said", "deck"}
	handKeys   = []string{"hand", "up", "seat", "score", "target", "said", "round"}
	commonKeys = []string{"samples", "seed"}
)

// Parse reads a situation in one of two text forms, key=value fields
// separated by spaces, in any order. The deck form is what String
// writes and the record keeps, at every seat count:
//
//	players=3 dealer=B score=120-40-300 target=500 said=pass,name:H deck=7C,KS,...
//
// The hand form is the one a person writes for a bidding decision, at
// any seat count (players=, 2 by default), the cards the player cannot
// see left out:
//
//	hand=JS 9S AS KH QH 7D   the six cards held (spaces or commas between)
//	up=8S                    the upcard (upcard= also)
//	seat=elder|dealer        optional: the words said decide whose turn it
//	                         is (second and third for the places between)
//	score=120-430            your total first, then the others' from your
//	                         left, or your team's then theirs (default 0s)
//	said=pass                the bids before your turn: pass, schmeiss
//	round=2                  round one was passed by everyone: said= then
//	                         lists only the words of round two
//
// With shlomo or cleopatra on, said= lists the bidding only and every
// declaration round is taken as passed, unless said= writes the
// declarations from the first, as the log does: no-shlomo, shlomo,
// draw:QS, give:9D, no-cleopatra, cleopatra.
//
// Both take target=, samples=, seed= and any rule option. A value runs
// to the next key, so "hand=JS 9S AS KH QH 7D" needs no quotes inside the
// text. The situation must be one that can happen; an error is a
// *FieldError naming the key at fault.
func Parse(text string) (Request, error) {
	req := Request{Seed: DefaultSeed}
	if len(text) > maxText {
		return req, fieldErr("text", "%d bytes, at most %d", len(text), maxText)
	}
	f, err := fields(text)
	if err != nil {
		return req, err
	}
	s := &req.Situation
	s.Options = rules.DefaultOptions()
	// Rule options first: target= and players= are among them, and the
	// rest is checked against them.
	for _, k := range f.order {
		if !slices.Contains(rules.AllOptionNames(), k) {
			continue
		}
		v, err := f.one(k)
		if err != nil {
			return req, err
		}
		if err := s.Options.Set(k, v); err != nil {
			return req, &FieldError{Field: k, Err: err}
		}
	}
	// A variant the table does not play is refused, as -rules refuses
	// it, rather than shown on and left out.
	for _, k := range f.order {
		if why := s.Options.NotPlayedWhy(k); why != "" {
			return req, fieldErr(k, "not played: %s=on (%s)", k, why)
		}
	}
	for _, k := range commonKeys {
		if _, ok := f.values[k]; !ok {
			continue
		}
		if err := req.parseCommon(f, k); err != nil {
			return req, err
		}
	}
	_, hasDeck := f.values["deck"]
	_, hasDealer := f.values["dealer"]
	if hasDeck || hasDealer {
		err = parseDeckForm(s, f)
	} else {
		err = parseHandForm(s, f)
	}
	return req, err
}

// parsed is a text cut into its fields.
type parsed struct {
	values map[string][]string
	order  []string
	seat   string // a bare place word, like elder or dealer (hand form)
}

// fields cuts text into key=value fields; a value runs to the next key.
func fields(text string) (*parsed, error) {
	f := &parsed{values: map[string][]string{}}
	cur := ""
	for _, tok := range strings.Fields(text) {
		k, v, ok := strings.Cut(tok, "=")
		if !ok {
			switch w := strings.ToLower(tok); w {
			case "elder", "eldest", "second", "third", "dealer", "non-dealer", "nondealer":
				if f.seat != "" {
					return nil, fieldErr("seat", "given twice")
				}
				f.seat, cur = w, ""
				continue
			}
			if cur == "" {
				return nil, fieldErr(tok, "not key=value (keys: %s, or a rule option)", strings.Join(allKeys(), ", "))
			}
			f.values[cur] = append(f.values[cur], tok)
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "upcard" {
			k = "up"
		}
		if !slices.Contains(allKeys(), k) && !slices.Contains(rules.AllOptionNames(), k) {
			return nil, fieldErr(k, "unknown key (keys: %s, or a rule option: %s)",
				strings.Join(allKeys(), ", "), strings.Join(rules.AllOptionNames(), ", "))
		}
		if _, dup := f.values[k]; dup || (k == "seat" && f.seat != "") {
			return nil, fieldErr(k, "given twice")
		}
		f.values[k] = nil
		if v != "" {
			f.values[k] = []string{v}
		}
		f.order = append(f.order, k)
		cur = k
	}
	if vs, ok := f.values["seat"]; ok {
		if len(vs) != 1 {
			return nil, fieldErr("seat", "want one place like elder or dealer, got %q", strings.Join(vs, " "))
		}
		f.seat = strings.ToLower(vs[0])
	}
	return f, nil
}

func allKeys() []string {
	var out []string
	for _, k := range slices.Concat(deckKeys, handKeys, commonKeys) {
		if k != "players" && k != "target" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// one returns the single value of key k.
func (f *parsed) one(k string) (string, error) {
	vs := f.values[k]
	if len(vs) != 1 {
		return "", fieldErr(k, "want one value, got %q", strings.Join(vs, " "))
	}
	return vs[0], nil
}

// parseCommon reads samples= or seed=.
func (req *Request) parseCommon(f *parsed, k string) error {
	v, err := f.one(k)
	if err != nil {
		return err
	}
	switch k {
	case "samples":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > eval.MaxSamples {
			return fieldErr(k, "%q is not a number from 1 to %d", v, eval.MaxSamples)
		}
		req.Samples = n
	case "seed":
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fieldErr(k, "%q is not a number from 0 to %d", v, uint64(1<<64-1))
		}
		req.Seed, req.SeedSet = n, true
	}
	return nil
}

// parseDeckForm reads the deck form into s (its options already set).
func parseDeckForm(s *Situation, f *parsed) error {
	for _, k := range handKeys {
		if _, ok := f.values[k]; ok && !slices.Contains(deckKeys, k) {
			return fieldErr(k, "not with dealer= and deck= (give either those, or hand= and up=)")
		}
	}
	if f.seat != "" {
		return fieldErr("seat", "not with dealer= and deck=: dealer= says who deals")
	}
	if n := s.Players(); !rules.ValidPlayers(n) {
		return fieldErr("players", "%w, not %d", ErrPlayers, n)
	}
	for _, k := range []string{"dealer", "deck"} {
		if _, ok := f.values[k]; !ok {
			return fieldErr(k, "missing")
		}
	}
	v, err := f.one("dealer")
	if err != nil {
		return err
	}
	// Any seat letter reads; replay says when it is past this table.
	if s.Dealer, err = rules.ParseSeat(v, rules.MaxPlayers); err != nil {
		return fieldErr("dealer", "%q is not a seat A to D", v)
	}
	d, err := rules.ParseDeck(strings.ReplaceAll(strings.Join(f.values["deck"], " "), ",", " "))
	if err != nil {
		return &FieldError{Field: "deck", Err: err}
	}
	s.Deck = d
	if err := parseScoreSaid(s, f); err != nil {
		return err
	}
	_, err = s.Deal()
	return err
}

// parseHandForm reads the hand form into s (its options already set):
// a bidding decision at any seat count, the deck filled in around the
// player's hand and the upcard.
func parseHandForm(s *Situation, f *parsed) error {
	if n := s.Players(); !rules.ValidPlayers(n) {
		return fieldErr("players", "%w, not %d", ErrPlayers, n)
	}
	if _, ok := f.values["hand"]; !ok {
		return fieldErr("hand", "missing: give the six cards held, like hand=JS 9S AS KH QH 7D (or a whole deal with dealer= and deck=)")
	}
	hand, err := parseHand(f.values["hand"])
	if err != nil {
		return err
	}
	if _, ok := f.values["up"]; !ok {
		return fieldErr("up", "missing: give the upcard, like up=8S")
	}
	up, err := parseUp(f.values["up"])
	if err != nil {
		return err
	}
	if hand.Has(up) {
		return fieldErr("up", "%w: %s is in both", ErrUpcardHeld, up)
	}
	if err := parseScoreSaid(s, f); err != nil {
		return err
	}
	// said= lists the bidding: the declaration rounds the rules hold
	// (shlomo, cleopatra) are taken as passed by everyone unless said=
	// writes them, as the log does (no-shlomo, cleopatra, give:7H...).
	implied := 0
	if !writesDeclarations(f.values["said"]) {
		implied = declarationRounds(s.Options) * s.Players()
	}
	if _, ok := f.values["round"]; ok {
		v, err := f.one("round")
		if err != nil {
			return err
		}
		switch v {
		case "1":
		case "2":
			if implied == 0 && declarationRounds(s.Options) > 0 {
				return fieldErr("round", "round=2 with the declarations in said=: write round one's passes in said= too")
			}
			s.Said = append(slices.Repeat([]rules.Action{rules.PassAction()}, s.Players()), s.Said...)
		default:
			return fieldErr("round", "%q is not 1 or 2", v)
		}
	}
	want := -1 // the place seat= names
	if f.seat != "" {
		if want = placeOf(f.seat, s.Players()); want < 0 {
			return fieldErr("seat", "%q is not one of %s", f.seat, strings.Join(PlaceWords(s.Players()), ", "))
		}
	}
	s.Said = append(slices.Repeat([]rules.Action{rules.PassAction()}, implied), s.Said...)
	// Whose turn it is follows from the words said, in turn from eldest:
	// the player sits at the one place whose turn comes after them.
	errs := make([]error, s.Players())
	for k := range s.Players() {
		for dealer := range rules.Seat(s.Players()) {
			if rules.Place(You, dealer, s.Players()) == k {
				s.Dealer = dealer
			}
		}
		s.Deck = handDeck(s.Players(), s.Dealer, hand, up)
		d, err := s.replay()
		switch {
		case err != nil:
		case d.Phase() == rules.PhaseDeclare:
			// Only when said= writes the declarations itself: the hand
			// form asks a bid, after every declaration round.
			err = fieldErr("said", "%w: after %s the declarations are not over (%s to say); the short form asks a bid: leave the declarations out of said= (everyone passes them) or write them all, like %s",
				ErrNotYourTurn, saidText(s.Said), actorName(s.Players(), d.Turn()), declarationPasses(s.Options))
		case !d.Over() && d.Phase() > rules.PhaseBid2:
			// The hand form knows six cards: a decision past the
			// bidding needs the player's others.
			err = fieldErr("said", "%w: after %s the bidding is over (give a whole deal with dealer= and deck=)",
				ErrNotYourTurn, saidText(s.Said))
		case d.Turn() != You:
			_, err = s.Deal()
		case want >= 0 && k != want:
			return fieldErr("seat", "after %s it is the %s's turn, not the %s's", saidText(s.Said),
				PlaceWords(s.Players())[k], PlaceWords(s.Players())[want])
		default:
			return nil
		}
		errs[k] = err
	}
	// Words that fit no place: the error where the words would end
	// if every word were one turn.
	return errs[len(s.Said)%s.Players()]
}

// declarationRounds is the number of declaration rounds before the
// bidding under opts: shlomo's and cleopatra's, each where played.
func declarationRounds(opts rules.Options) int {
	n := 0
	if opts.HasShlomo() {
		n++
	}
	if opts.HasCleopatra() {
		n++
	}
	return n
}

// declarationPasses writes every declaration round passed, as said=
// takes it: "no-shlomo,no-shlomo,no-shlomo" at three.
func declarationPasses(opts rules.Options) string {
	var w []string
	for _, r := range []struct {
		on   bool
		word string
	}{{opts.HasShlomo(), "no-shlomo"}, {opts.HasCleopatra(), "no-cleopatra"}} {
		if r.on {
			w = append(w, slices.Repeat([]string{r.word}, opts.NumPlayers())...)
		}
	}
	return strings.Join(w, ",")
}

// writesDeclarations reports whether the words of said= include a word
// of the declaration rounds: then said= lists them all, from the first.
func writesDeclarations(vs []string) bool {
	for _, v := range vs {
		for _, w := range strings.Split(v, ",") {
			w = strings.ToLower(strings.TrimSpace(w))
			if i := strings.IndexAny(w, ": "); i >= 0 {
				w = w[:i]
			}
			switch w {
			case "no-shlomo", "no-cleopatra", "shlomo", "cleopatra", "draw", "give":
				return true
			}
		}
	}
	return false
}

// PlaceWords names the places at a table of players (2, 3 or 4) from
// eldest (the dealer's left) to the dealer, as seat= takes them.
func PlaceWords(players int) []string {
	return [][]string{2: {"elder", "dealer"}, 3: {"elder", "second", "dealer"}, 4: {"elder", "second", "third", "dealer"}}[players]
}

// placeOf returns the place seat= names at a table of players, or -1.
func placeOf(word string, players int) int {
	switch word {
	case "eldest":
		word = "elder"
	case "non-dealer", "nondealer":
		if players != 2 {
			return -1
		}
		word = "elder"
	}
	return slices.Index(PlaceWords(players), word)
}

// handDeck returns a deck that deals hand to the player and up as the
// upcard when dealer deals, the other cards in index order.
func handDeck(players int, dealer rules.Seat, hand rules.CardSet, up rules.Card) rules.Deck {
	var deck rules.Deck
	mine, rest := hand.Cards(), (rules.FullDeck &^ hand).Without(up).Cards()
	for i := range deck {
		switch {
		case i == rules.UpcardPlace(players):
			deck[i] = up
		case rules.DealtTo(players, dealer, i) == You:
			deck[i], mine = mine[0], mine[1:]
		default:
			deck[i], rest = rest[0], rest[1:]
		}
	}
	return deck
}

func parseHand(vs []string) (rules.CardSet, error) {
	if len(vs) == 0 {
		return 0, fieldErr("hand", "no cards: give six, like hand=JS 9S AS KH QH 7D")
	}
	h, err := rules.ParseCardSet(strings.Join(vs, " "))
	if err != nil {
		return 0, &FieldError{Field: "hand", Err: err}
	}
	if n := h.Count(); n != 6 {
		return 0, fieldErr("hand", "%w, not %d", ErrHandSize, n)
	}
	return h, nil
}

func parseUp(vs []string) (rules.Card, error) {
	if len(vs) != 1 {
		return rules.NoCard, fieldErr("up", "want one card, got %q", strings.Join(vs, " "))
	}
	c, err := rules.ParseCard(vs[0])
	if err != nil {
		return rules.NoCard, &FieldError{Field: "up", Err: err}
	}
	return c, nil
}

// parseScoreSaid reads score= (when given) and said=, as both forms
// have them.
func parseScoreSaid(s *Situation, f *parsed) error {
	if vs, ok := f.values["score"]; ok {
		if err := parseScore(s, vs); err != nil {
			return err
		}
	}
	return parseSaid(s, f.values["said"])
}

// parseScore reads the totals, one a side: "120-430", "120-40-300".
func parseScore(s *Situation, vs []string) error {
	want := s.Sides()
	example := []string{"", "", "120-430", "120-40-300"}[want]
	if len(vs) != 1 {
		return fieldErr("score", "want one total a side like %s, got %q", example, strings.Join(vs, " "))
	}
	parts := strings.Split(vs[0], "-")
	if len(parts) != want {
		return fieldErr("score", "%q is not %d totals like %s (yours first)", vs[0], want, example)
	}
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 || x > rules.MaxTarget*4 {
			return fieldErr("score", "%q is not a total", p)
		}
		s.Totals[i] = x
	}
	return nil
}

// parseSaid reads the words before the player's turn, separated by
// commas or spaces, ':' standing for a space inside a word; a pass in a
// declaration's round may be written as the log writes it, "no-shlomo"
// or "no-cleopatra".
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
		if lw := strings.ToLower(w); lw == "no-shlomo" || lw == "no-cleopatra" {
			w = "pass" // a declaration's round passed, as the game log writes it
		}
		a, err := rules.ParseAction(strings.ReplaceAll(w, ":", " "))
		if err != nil {
			return fieldErr("said", "%q is not a word of the deal (like pass, take, schmeiss, name:H)", w)
		}
		s.Said = append(s.Said, a)
	}
	return nil
}
