package duplicate

import (
	"bytes"
	"fmt"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// The result file (FORMAT.md in this directory says it for people).
const (
	// ResultFileMagic starts a result file, followed by the format
	// version.
	ResultFileMagic = "klob-results"
	// ResultFileVersion is the format version written and read.
	ResultFileVersion = 1
	// MaxResultFileSize bounds what ParseResultFile reads. The longest
	// file it can accept, 64 boards of maxSteps actions, writes back in
	// about 320 KB (a real deal has under 100 actions, about 2 KB).
	MaxResultFileSize = 1 << 20
	// MaxNameLen and MaxVersionLen bound the name and the version, in
	// characters.
	MaxNameLen    = 40
	MaxVersionLen = 64
	// maxSteps bounds the actions of one board (a deal has under 100).
	maxSteps = 256

	resultFile = "result file"
)

// ResultFile is one player's results on one board set: what a player
// shares with friends and imports from them. It is not signed: it says
// what its writer claims, and which Klob made it.
type ResultFile struct {
	Date    Date   // the day the set was played (the daily's date)
	Players int    // the seat count
	Set     string // the board set's ID
	Name    string // the player, as they want to be shown
	Version string // the Klob that wrote the file ("v1.4.0", "dev-0a1b2c3d4e5f")
	Boards  []BoardResult
}

// BoardResult is a player's result on one board: the board's number,
// the result (Margin, from the player's seat), par when known, every
// action of the deal in order when recorded (Check replays them), and
// the player's claim of the rest of the deal when they made one.
type BoardResult struct {
	Board  int
	Result float64
	Par    float64 // meaningless when HasPar is false (written "-")
	HasPar bool
	Steps  []rules.Step
	// Claim is the claim made in the deal, nil when none; only with
	// Steps, which it is checked against.
	Claim *gamelog.Claim
}

// Entry returns the file as an entrant of Matchpoints: its name and its
// results by board.
func (f *ResultFile) Entry() Entry {
	e := Entry{Name: f.Name, Results: make(map[int]float64, len(f.Boards))}
	for _, b := range f.Boards {
		e.Results[b.Board] = b.Result
	}
	return e
}

// VersusPar returns the sum of result minus par over the boards whose
// par is known, and how many they are.
func VersusPar(boards []BoardResult) (total float64, n int) {
	for _, b := range boards {
		if b.HasPar {
			total += b.Result - b.Par
			n++
		}
	}
	return total, n
}

// ParseError is a problem in a result file or a history: which of them
// (Of), the line (from 1, 0 for the file as a whole) and what is wrong
// there.
type ParseError struct {
	Of   string // "result file" or "history"
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return e.Of + ": " + e.Msg
	}
	return fmt.Sprintf("%s, line %d: %s", e.Of, e.Line, e.Msg)
}

// checkData refuses the data of a result file or a history (of) when
// it is over maxSize bytes or not UTF-8: both read untrusted text.
func checkData(of string, data []byte, maxSize int) error {
	if len(data) > maxSize {
		return &ParseError{of, 0, fmt.Sprintf("%d bytes, more than a %s holds (%d)", len(data), of, maxSize)}
	}
	if !utf8.Valid(data) {
		line, col, b := firstBadByte(data)
		return &ParseError{of, line, fmt.Sprintf("not UTF-8 text at column %d (byte %#02x)", col, b)}
	}
	return nil
}

// firstBadByte finds the first byte of data that is not UTF-8: its line
// and its column (in characters), both from 1, and the byte. data must
// hold one.
func firstBadByte(data []byte) (line, col int, b byte) {
	line, col = 1, 1
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		switch {
		case r == utf8.RuneError && n <= 1:
			return line, col, data[0]
		case r == '\n':
			line, col = line+1, 1
		default:
			col++
		}
		data = data[n:]
	}
	return line, col, 0
}

// textLines yields the lines of a result file or a history that hold
// something, trimmed (a CRLF end too), with their numbers from 1: both
// formats skip blank lines and lines starting with #.
func textLines(data []byte) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if line != "" && !strings.HasPrefix(line, "#") && !yield(i+1, line) {
				return
			}
		}
	}
}

// number is the form of a result and of par: an optional sign, up to 6
// digits, up to 2 decimals.
var number = regexp.MustCompile(`^[+-]?[0-9]{1,6}(\.[0-9]{1,2})?$`)

// playWord is the word "play" on a board line, which the actions follow.
var playWord = regexp.MustCompile(`\splay(\s|$)`)

// setID is the form of a board set's ID.
var setID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// formatNumber writes x as the file does: a sign unless zero, no
// trailing zeros ("+12.5", "-3", "0").
func formatNumber(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// formatKnown writes x as formatNumber does, or "-" when it is not
// known (a board's par, a day's result versus par).
func formatKnown(x float64, known bool) string {
	if !known {
		return "-"
	}
	return formatNumber(x)
}

func parseNumber(s string) (float64, bool) {
	if !number.MatchString(s) {
		return 0, false
	}
	x, err := strconv.ParseFloat(s, 64)
	return x + 0, err == nil // + 0 turns -0 into 0
}

// checkText reports what is wrong with a name or a version, "" when
// nothing: empty, too long, or holding a character that is not
// printable (a control character, a bidirectional override, a tab), so
// that a shared file cannot draw on the importer's terminal.
func checkText(s string, maxLen int, spaces bool) string {
	n := utf8.RuneCountInString(s)
	switch {
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case n == 0:
		return "is empty"
	case n > maxLen:
		return fmt.Sprintf("has %d characters (at most %d)", n, maxLen)
	case strings.TrimSpace(s) != s:
		return "starts or ends with a space"
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == ' ' && !spaces {
			return fmt.Sprintf("holds %q", r)
		}
	}
	return ""
}

// MarshalText writes f in the result file format. It refuses a file
// that ParseResultFile would refuse.
func (f *ResultFile) MarshalText() ([]byte, error) {
	if err := f.validate(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %d\n", ResultFileMagic, ResultFileVersion)
	fmt.Fprintf(&b, "date %s\nplayers %d\nset %s\nname %s\nversion %s\n", f.Date, f.Players, f.Set, f.Name, f.Version)
	for _, br := range f.Boards {
		fmt.Fprintf(&b, "board %d result %s par %s", br.Board, formatNumber(br.Result), formatKnown(br.Par, br.HasPar))
		if br.Claim != nil {
			b.WriteString(" " + FormatClaim(br.Claim))
		}
		if len(br.Steps) > 0 {
			b.WriteString(" play ")
			b.WriteString(FormatSteps(br.Steps))
		}
		b.WriteByte('\n')
	}
	b.WriteString("end\n")
	return b.Bytes(), nil
}

// validate checks what MarshalText needs and ParseResultFile ensures.
func (f *ResultFile) validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("result file: "+format, a...)
	}
	if !f.Date.valid() {
		return bad("date %v is not a day", f.Date)
	}
	if !rules.ValidPlayers(f.Players) {
		return bad("%d players (want 2, 3 or 4)", f.Players)
	}
	if !setID.MatchString(f.Set) {
		return bad("set %q is not 16 hex digits", f.Set)
	}
	if m := checkText(f.Name, MaxNameLen, true); m != "" {
		return bad("name %q %s", f.Name, m)
	}
	if m := checkText(f.Version, MaxVersionLen, false); m != "" {
		return bad("version %q %s", f.Version, m)
	}
	last := 0
	for _, br := range f.Boards {
		if br.Board <= last || br.Board > MaxBoards {
			return bad("board %d after board %d (boards go up, from 1 to %d)", br.Board, last, MaxBoards)
		}
		last = br.Board
		if _, ok := parseNumber(formatNumber(br.Result)); !ok {
			return bad("board %d: result %v has more than 6 digits or 2 decimals", br.Board, br.Result)
		}
		if _, ok := parseNumber(formatNumber(br.Par)); br.HasPar && !ok {
			return bad("board %d: par %v has more than 6 digits or 2 decimals", br.Board, br.Par)
		}
		if len(br.Steps) > maxSteps {
			return bad("board %d: %d actions (at most %d)", br.Board, len(br.Steps), maxSteps)
		}
		if c := br.Claim; c != nil && (len(br.Steps) == 0 || int(c.Seat) >= f.Players || c.Step < 0 || c.Step > len(br.Steps)) {
			return bad("board %d: a claim needs the play it came in", br.Board)
		}
		for _, s := range br.Steps {
			if s.Seat != rules.ChanceSeat && int(s.Seat) >= f.Players {
				return bad("board %d: an action by seat %s at a table of %d", br.Board, s.Seat, f.Players)
			}
			if a, err := rules.ParseAction(s.Action.String()); err != nil || a != s.Action {
				return bad("board %d: action %q does not read back", br.Board, s.Action)
			}
		}
	}
	return nil
}

// LooksLikeResultFile reports whether data starts as a result file does,
// with its magic word, whatever follows: for a program that was given
// one in place of another kind of file, to say what it was given.
func LooksLikeResultFile(data []byte) bool {
	for _, line := range textLines(data) {
		key, _, _ := strings.Cut(line, " ")
		return key == ResultFileMagic
	}
	return false
}

// ParseResultFile reads a result file. An error is a *ParseError that
// says on which line and what is wrong.
func ParseResultFile(data []byte) (*ResultFile, error) {
	if err := checkData(resultFile, data, MaxResultFileSize); err != nil {
		return nil, err
	}
	p := resultParser{f: &ResultFile{}, seen: map[string]int{}}
	ended := false
	for n, line := range textLines(data) {
		p.line = n
		if ended {
			return nil, p.errorf("%q after end", clip(line))
		}
		var err error
		ended, err = p.parseLine(line)
		if err != nil {
			return nil, err
		}
	}
	p.line = 0
	if !p.started {
		return nil, p.errorf("empty: no %q line", ResultFileMagic)
	}
	if !ended {
		return nil, p.errorf("no end line: the file is cut short")
	}
	return p.f, nil
}

type resultParser struct {
	f       *ResultFile
	line    int
	started bool
	seen    map[string]int // header key -> line
}

func (p *resultParser) errorf(format string, a ...any) error {
	return &ParseError{resultFile, p.line, fmt.Sprintf(format, a...)}
}

// clip shortens s for an error message.
func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "..."
	}
	return s
}

var headerKeys = []string{"date", "players", "set", "name", "version"}

// parseLine reads one line that is not blank or a comment, and reports
// whether it was the end line.
func (p *resultParser) parseLine(line string) (bool, error) {
	key, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if !p.started {
		if key != ResultFileMagic {
			return false, p.errorf("%q: a result file starts with %q", clip(line), ResultFileMagic+" "+strconv.Itoa(ResultFileVersion))
		}
		if rest != strconv.Itoa(ResultFileVersion) {
			return false, p.errorf("format version %q: this Klob reads version %d", clip(rest), ResultFileVersion)
		}
		p.started = true
		return false, nil
	}
	switch key {
	case "date", "players", "set", "name", "version":
		if len(p.f.Boards) > 0 {
			return false, p.errorf("%s after the boards: the header comes first", key)
		}
		if l, ok := p.seen[key]; ok {
			return false, p.errorf("%s given twice (first on line %d)", key, l)
		}
		p.seen[key] = p.line
		return false, p.header(key, rest)
	case "board":
		if err := p.needHeader(); err != nil {
			return false, err
		}
		return false, p.board(rest)
	case "end":
		if rest != "" {
			return false, p.errorf("end takes nothing after it, got %q", clip(rest))
		}
		return true, p.needHeader()
	}
	return false, p.errorf("%q is not a line of a result file (date, players, set, name, version, board or end)", clip(key))
}

func (p *resultParser) needHeader() error {
	for _, k := range headerKeys {
		if _, ok := p.seen[k]; !ok {
			return p.errorf("no %s line before the boards", k)
		}
	}
	return nil
}

func (p *resultParser) header(key, v string) error {
	f := p.f
	switch key {
	case "date":
		d, err := ParseDate(v)
		if err != nil {
			return p.errorf("%v", err)
		}
		f.Date = d
	case "players":
		n, err := strconv.Atoi(v)
		if err != nil || !rules.ValidPlayers(n) {
			return p.errorf("players %q is not 2, 3 or 4", clip(v))
		}
		f.Players = n
	case "set":
		if !setID.MatchString(v) {
			return p.errorf("set %q is not a board set ID (16 hex digits)", clip(v))
		}
		f.Set = v
	case "name":
		if m := checkText(v, MaxNameLen, true); m != "" {
			return p.errorf("name %q %s", clip(v), m)
		}
		f.Name = v
	case "version":
		if m := checkText(v, MaxVersionLen, false); m != "" {
			return p.errorf("version %q %s", clip(v), m)
		}
		f.Version = v
	}
	return nil
}

// board reads "N result R par P [claim SEAT after K HOW] [play STEPS]".
func (p *resultParser) board(rest string) error {
	fields := strings.Fields(rest)
	var claim []string
	if len(fields) > 5 && fields[5] == "claim" {
		// The claim's five words, then the play it came in.
		end := min(len(fields), 10)
		claim, fields = fields[5:end], append(slices.Clip(fields[:5]), fields[end:]...)
		if len(fields) == 5 {
			return p.errorf("board %q: a claim comes with the play it came in", clip(rest))
		}
	}
	if len(fields) < 5 || fields[1] != "result" || fields[3] != "par" || len(fields) > 5 && fields[5] != "play" {
		return p.errorf("board %q: want \"board N result R par P\", then \"play\" and the actions if recorded", clip(rest))
	}
	var br BoardResult
	n, err := strconv.Atoi(fields[0])
	if err != nil || n < 1 || n > MaxBoards {
		return p.errorf("board %q is not a board number (1 to %d)", clip(fields[0]), MaxBoards)
	}
	br.Board = n
	if k := len(p.f.Boards); k > 0 && n <= p.f.Boards[k-1].Board {
		return p.errorf("board %d after board %d: boards go up, each once", n, p.f.Boards[k-1].Board)
	}
	var ok bool
	if br.Result, ok = parseNumber(fields[2]); !ok {
		return p.errorf("board %d: result %q is not a number like +12.5 or -40", n, clip(fields[2]))
	}
	if fields[4] != "-" {
		if br.Par, ok = parseNumber(fields[4]); !ok {
			return p.errorf("board %d: par %q is not a number like +12.5 or -40, nor - (unknown)", n, clip(fields[4]))
		}
		br.HasPar = true
	}
	if len(fields) > 5 {
		// The first word "play" is the one before the actions: the
		// fields before it hold no such word ("played-out" is not it).
		steps := rest[playWord.FindStringIndex(rest)[1]:]
		if br.Steps, err = ParseSteps(steps, p.f.Players); err != nil {
			return p.errorf("board %d: %v", n, err)
		}
	}
	if claim != nil {
		if br.Claim, err = ParseClaim(strings.Join(claim, " "), p.f.Players); err != nil {
			return p.errorf("board %d: %v", n, err)
		}
		if br.Claim.Step > len(br.Steps) {
			return p.errorf("board %d: a claim after %d actions, of %d played", n, br.Claim.Step, len(br.Steps))
		}
	}
	p.f.Boards = append(p.f.Boards, br)
	return nil
}

// FormatSteps writes a deal's actions as a result file's play does:
// "B: pass, C: take, A: play 7C", "chance: draw KS" for a chance step.
func FormatSteps(steps []rules.Step) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = stepString(s)
	}
	return strings.Join(parts, ", ")
}

// stepString writes one step as rules.Step does, but "chance" for the
// chance seat, which Seat.String writes "-".
func stepString(s rules.Step) string {
	if s.Seat == rules.ChanceSeat {
		return "chance: " + s.Action.String()
	}
	return s.String()
}

// ParseSteps reads what FormatSteps writes, for a table of players:
// at most 256 actions, each SEAT: ACTION with SEAT a seat of the table
// or chance and ACTION as rules.Action writes it. The error says which
// action is wrong and why.
func ParseSteps(s string, players int) ([]rules.Step, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("play with no actions")
	}
	parts := strings.Split(s, ",")
	if len(parts) > maxSteps {
		return nil, fmt.Errorf("%d actions (at most %d)", len(parts), maxSteps)
	}
	out := make([]rules.Step, 0, len(parts))
	for i, part := range parts {
		who, what, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			return nil, fmt.Errorf("action %d %q: want SEAT: ACTION", i+1, clip(strings.TrimSpace(part)))
		}
		seat := rules.ChanceSeat
		if who != "chance" {
			seat = rules.NoSeat
			for s := range rules.Seat(players) {
				if who == s.String() {
					seat = s
				}
			}
			if seat == rules.NoSeat {
				return nil, fmt.Errorf("action %d: %q is not a seat at a table of %d (A to %s) nor chance",
					i+1, clip(who), players, rules.Seat(players-1))
			}
		}
		what = strings.TrimSpace(what)
		a, err := rules.ParseAction(what)
		if err != nil {
			return nil, fmt.Errorf("action %d %q: %v", i+1, clip(what), err)
		}
		if a.String() != what {
			return nil, fmt.Errorf("action %d %q: write it %q", i+1, clip(what), a)
		}
		out = append(out, rules.Step{Seat: seat, Action: a})
	}
	return out, nil
}

// Unchecked returns the boards of f whose line has no play: Check
// cannot replay them, only bound their results.
func (f *ResultFile) Unchecked() []int {
	var ns []int
	for _, br := range f.Boards {
		if len(br.Steps) == 0 {
			ns = append(ns, br.Board)
		}
	}
	return ns
}

// RecordBoard returns the result of the person in seat on board n, the
// finished deal t: the result and every action (par unknown).
func RecordBoard(n int, t *rules.Deal, seat rules.Seat) BoardResult {
	return BoardResult{Board: n, Result: Result(t, seat), Steps: t.Steps()}
}

// Check compares f with the board set it names: the set's ID and seat
// count, board numbers within the set, and, for each board whose
// actions are recorded, a replay of them on the board's deal: every
// action legal and in turn, the deal finished, and the result the one
// stated from the set's seat. A board without actions cannot be
// replayed: it passes if its result and par are within what a deal can
// give (MaxResult). Par is not checked further: computing it needs the
// bots.
func (f *ResultFile) Check(s *BoardSet) error {
	if f.Set != s.ID {
		return fmt.Errorf("results of board set %s, not of %s", f.Set, s.ID)
	}
	if f.Players != s.Players() {
		return fmt.Errorf("results at a table of %d, the set is for %d", f.Players, s.Players())
	}
	for _, br := range f.Boards {
		b, ok := s.Board(br.Board)
		if !ok {
			return fmt.Errorf("board %d: the set has %s", br.Board, textwrap.Count(len(s.Boards), "board"))
		}
		// A result the actions replay is checked exactly below, and
		// bounded by then; par is only ever bounded.
		bounded := func() error {
			bound := MaxResult(s.Options)
			for _, x := range []struct {
				what  string
				v     float64
				known bool
			}{{"result", br.Result, true}, {"par", br.Par, br.HasPar}} {
				if x.known && (x.v > bound || x.v < -bound) {
					return fmt.Errorf("board %d: %s %s is beyond what a deal can give at %d players (%s to %s)",
						br.Board, x.what, formatNumber(x.v), s.Players(), formatNumber(-bound), formatNumber(bound))
				}
			}
			return nil
		}
		if len(br.Steps) == 0 {
			if err := bounded(); err != nil {
				return err
			}
			continue
		}
		t, err := b.Replay(s.Options, br.Steps)
		if err != nil {
			return err
		}
		if t.Turn() != rules.NoSeat {
			return fmt.Errorf("board %d: the deal stops after %s, unfinished", br.Board, textwrap.Count(len(br.Steps), "action"))
		}
		if got := Result(&t, s.Seat); got != br.Result {
			return fmt.Errorf("board %d: the actions give %s from seat %s, the file says %s",
				br.Board, formatNumber(got), s.Seat, formatNumber(br.Result))
		}
		if br.Claim != nil {
			if err := s.CheckClaim(b, br.Steps, br.Claim); err != nil {
				return err
			}
		}
		if err := bounded(); err != nil {
			return err
		}
	}
	return nil
}

// Compare scores the result files of one board set against each other
// (Matchpoints), each file an entrant in the order given. Every file
// must pass Check against s; the first that does not is named in the
// error, and nothing is scored.
func Compare(s *BoardSet, files []*ResultFile) (*Standings, error) {
	entries := make([]Entry, len(files))
	for i, f := range files {
		if err := f.Check(s); err != nil {
			return nil, fmt.Errorf("results %d (%s): %w", i+1, f.Name, err)
		}
		entries[i] = f.Entry()
	}
	return Matchpoints(len(s.Boards), entries)
}
