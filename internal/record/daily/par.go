package daily

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/duplicate"
)

// The par file keeps the hard bot's line of each board played
// (duplicate.BoardSet.ParLine), so that the results of a day opened
// again show it without the bot thinking it out again:
//
//	klob-daily-par 1
//	version v1.2.0                 the Klob that worked the lines out
//	set 0123456789abcdef           the day's board set
//	board 1 play B: pass, A: take, ...   (as a result file's play)
//	...
//	sum 89abcdef01234567           SHA-256 of the lines above, 8 bytes
//
// A line is a pure function of the board and the bots, so it is kept
// for the version that worked it out only: another version's file is
// worked out again and replaced. A file that does not read (the sum, a
// play that does not replay to the deal's end) is moved into damaged/
// and its lines worked out again; one that cannot be moved is never
// written over. A board's line is written only once the board is
// played (par, into the result file, once every board of the day is).
const (
	ParLinesName = "par.txt"
	parMagic     = "klob-daily-par 1"
	// parFamily starts a par file of any format: one of another format
	// is another Klob's, not a damaged file.
	parFamily = "klob-daily-par "
	// maxParFile bounds what the par file may hold: eight boards of at
	// most 256 actions.
	maxParFile = 256 << 10
)

func (d *Day) parPath() string { return filepath.Join(d.Dir(), ParLinesName) }

// KeptLine returns the hard bot's line of board n when it is known: kept
// in the par file by this version of Klob, or worked out this run
// (SetParLine). The error says the par file was damaged and moved aside
// (a *durable.DamagedError, also kept for TakeMoved); it comes once, and
// the lines are then worked out again.
func (d *Day) KeptLine(n int) (duplicate.ParLine, bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	err := d.readLines()
	l, ok := d.lines[n]
	return l, ok, err
}

// SetParLine keeps the hard bot's line of its board, and par (SetPar):
// the line goes into the par file once the board is played (now, when
// it is already), par into the result file once the day is.
func (d *Day) SetParLine(l duplicate.ParLine) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.readLines() // a damaged file is moved aside first, and said by KeptLine or TakeMoved
	d.lines[l.Board] = l
	if err := d.setPar(l.Board, l.Par); err != nil || slices.Contains(d.onDisk, l.Board) {
		return err
	}
	p, err := d.load()
	if p == nil {
		return err
	}
	return d.keepLines(p.Results)
}

// readLines reads the par file once a run into d.lines. A missing file,
// or one of another version or format, holds no line; a damaged one is
// moved aside (the error says where), and one that cannot be moved is
// never written (d.linesStuck).
func (d *Day) readLines() error {
	if d.linesRead {
		return nil
	}
	d.linesRead = true
	if !versionWord(d.Version) {
		return nil
	}
	data, ok, err := d.f.read(d.parPath())
	if err != nil || !ok {
		// A file that cannot be read now is left alone, and not written.
		d.linesStuck = err != nil
		return nil
	}
	lines, mine, err := d.parseLines(data)
	if err != nil {
		path := d.parPath()
		de := durable.Damaged(d.f.fs, fmt.Sprintf("the hard bot's lines of %s at %d players", d.Date, d.Players()), path,
			filepath.Join(d.f.root, DamagedDir), strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), filepath.Ext(path),
			fmt.Errorf("they are worked out again: %w", err))
		d.linesStuck = de.Aside == ""
		return d.f.note(de)
	}
	if !mine {
		return nil
	}
	d.onDisk = slices.Sorted(maps.Keys(lines))
	for n, l := range lines {
		if _, known := d.lines[n]; !known {
			d.lines[n] = l
		}
	}
	return nil
}

// keepLines writes the par file with the line of every board played (in
// rf) that is known, when that is not what it holds already.
func (d *Day) keepLines(rf *duplicate.ResultFile) error {
	if d.linesStuck || !versionWord(d.Version) {
		return nil
	}
	var keep []int
	for _, br := range rf.Boards {
		if _, ok := d.lines[br.Board]; ok {
			keep = append(keep, br.Board)
		}
	}
	slices.Sort(keep)
	if len(keep) == 0 || slices.Equal(keep, d.onDisk) {
		return nil
	}
	if err := d.f.write(d.parPath(), parText(d, d.lines, keep)); err != nil {
		return fmt.Errorf("the hard bot's lines could not be kept: %w", err)
	}
	d.onDisk = keep
	return nil
}

// parText is the par file of d holding the lines of the boards keep.
func parText(d *Day, lines map[int]duplicate.ParLine, keep []int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\nversion %s\nset %s\n", parMagic, d.Version, d.Set.ID)
	for _, n := range keep {
		l := lines[n]
		fmt.Fprintf(&b, "board %d play %s\n", n, duplicate.FormatSteps(l.Deal.Steps()))
	}
	fmt.Fprintf(&b, "sum %s\n", parSum(b.String()))
	return []byte(b.String())
}

// parSum is the par file's sum of text, the lines before it.
func parSum(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// versionWord reports whether v may stand on the par file's version
// line: one word. A Day with no version (one only counted) keeps no
// line.
func versionWord(v string) bool {
	return v != "" && !strings.ContainsFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
}

// parseLines reads a par file: its lines by board, and mine false when
// it is another version's or format's (then no line). An error says
// what does not read, and on which line.
func (d *Day) parseLines(data []byte) (map[int]duplicate.ParLine, bool, error) {
	if len(data) > maxParFile {
		return nil, false, fmt.Errorf("%d bytes, more than a par file holds (%d)", len(data), maxParFile)
	}
	text := string(data)
	first, _, _ := strings.Cut(text, "\n")
	if first != parMagic {
		if strings.HasPrefix(first, parFamily) {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("line 1: not a par file (want %q)", parMagic)
	}
	if !strings.HasSuffix(text, "\n") {
		return nil, false, fmt.Errorf("cut short: no sum at its end")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last := len(lines) - 1
	sum, ok := strings.CutPrefix(lines[last], "sum ")
	if !ok || last < 3 {
		return nil, false, fmt.Errorf("cut short: no sum at its end")
	}
	if body := strings.Join(lines[:last], "\n") + "\n"; sum != parSum(body) {
		return nil, false, fmt.Errorf("line %d: the sum is not the lines' (the file was changed or damaged)", last+1)
	}
	if v, ok := strings.CutPrefix(lines[1], "version "); !ok {
		return nil, false, fmt.Errorf("line 2: want version and a word")
	} else if v != d.Version {
		return nil, false, nil
	}
	if id, ok := strings.CutPrefix(lines[2], "set "); !ok || id != d.Set.ID {
		return nil, false, fmt.Errorf("line 3: want set %s, the day's boards", d.Set.ID)
	}
	out := map[int]duplicate.ParLine{}
	for i := 3; i < last; i++ {
		head, play, ok := strings.Cut(lines[i], " play ")
		num, isBoard := strings.CutPrefix(head, "board ")
		n, err := strconv.Atoi(num)
		if !ok || !isBoard || err != nil {
			return nil, false, fmt.Errorf("line %d: want board N play ACTIONS", i+1)
		}
		b, found := d.Set.Board(n)
		if !found {
			return nil, false, fmt.Errorf("line %d: board %d: the day has %d", i+1, n, len(d.Set.Boards))
		}
		if _, dup := out[n]; dup {
			return nil, false, fmt.Errorf("line %d: board %d again", i+1, n)
		}
		steps, err := duplicate.ParseSteps(play, d.Players())
		if err != nil {
			return nil, false, fmt.Errorf("line %d: %w", i+1, err)
		}
		l, err := d.Set.LineOf(b, steps)
		if err != nil {
			return nil, false, fmt.Errorf("line %d: %w", i+1, err)
		}
		out[n] = l
	}
	return out, true, nil
}
