package kit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/unicode/norm"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/textwrap"
)

// Fit cuts or pads every line to exactly w cells.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := WidthOf(s)
	switch {
	case sw > w:
		return ansi.TruncateWc(s, w, "")
	case sw < w:
		return s + strings.Repeat(" ", w-sw)
	}
	return s
}

// Columns lays two columns side by side on h lines, a rule between
// them: left cut or padded to leftW cells, right cut to the rightW-1
// cells after the rule's space. The tables and the replay all lay out
// their body so.
func Columns(ctx *Context, left, right []string, leftW, rightW, h int) []string {
	sep := ctx.Styles.Rule.Render(ctx.Paint.Glyphs.VRule)
	out := make([]string, 0, h)
	for i := range h {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, Fit(l, leftW)+sep+" "+Clip(r, rightW-1))
	}
	return out
}

// Clip cuts a line to at most w cells, without padding.
func Clip(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if WidthOf(s) > w {
		return ansi.TruncateWc(s, w, "")
	}
	return s
}

// Cut is s in at most w cells: a longer s (a name) is cut to end in
// mark (the screen's Ellipsis), so that it does not read whole.
func Cut(s string, w int, mark string) string {
	if WidthOf(s) <= w {
		return s
	}
	return Clip(s, w-WidthOf(mark)) + mark
}

// Center pads s on both sides to w cells (cutting it if longer).
func Center(s string, w int) string {
	sw := WidthOf(s)
	if sw >= w {
		return Clip(s, w)
	}
	left := (w - sw) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-sw-left)
}

// Right pads s on the left to w cells.
func Right(s string, w int) string {
	sw := WidthOf(s)
	if sw >= w {
		return Clip(s, w)
	}
	return strings.Repeat(" ", w-sw) + s
}

// Canvas renders lines into exactly w×h cells: longer lines are cut,
// missing lines are blank. It is the last step of every View.
func Canvas(lines []string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	// One allocation for the whole: every View ends here, for every
	// message of every session of klob serve.
	size := h * (w + 1)
	for _, l := range lines[:min(len(lines), h)] {
		size += len(l)
	}
	var sb strings.Builder
	sb.Grow(size)
	for i := range h {
		if i > 0 {
			sb.WriteByte('\n')
		}
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		writeFit(&sb, l, w)
	}
	return sb.String()
}

// Padded adds blank lines to lines up to n, then tail.
func Padded(lines []string, n int, tail ...string) []string {
	for len(lines) < n {
		lines = append(lines, "")
	}
	return append(lines, tail...)
}

// Footed puts foot at the bottom of h lines: lines above it, cut or
// padded to the room it leaves.
func Footed(lines []string, h int, foot ...string) []string {
	return Padded(lines[:max(0, min(len(lines), h-len(foot)))], h-len(foot), foot...)
}

// Scrolled puts rows between head and foot in h lines, keeping row at
// in view; a line says where rows are left out ("↑ more above", "↓ more
// below").
func Scrolled(head, rows, foot []string, at, h int) []string {
	out, _ := ScrolledAt(head, rows, foot, at, h)
	return out
}

// ScrolledAt is Scrolled with the row of rows drawn on each line of the
// screen (-1 on the other lines), for clicks.
func ScrolledAt(head, rows, foot []string, at, h int) ([]string, []int) {
	room := max(1, h-len(head)-len(foot))
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	if len(rows) > room {
		// A line at each end where rows are left out says so; an end
		// with nothing left out gives its line to one more row.
		inner, marks := room-2, true
		if inner < 1 {
			inner, marks = room, false
		}
		from := max(0, min(at-inner/2, len(rows)-inner))
		if marks {
			switch {
			case from == 0:
				inner++
			case from+inner == len(rows):
				from, inner = from-1, inner+1
			}
		}
		shown := slices.Clone(rows[from : from+inner])
		idx = idx[from : from+inner]
		if marks && from > 0 {
			shown = append([]string{"   ↑ more above"}, shown...)
			idx = append([]int{-1}, idx...)
		}
		if marks && from+inner < len(rows) {
			shown = append(shown, "   ↓ more below")
			idx = append(idx, -1)
		}
		rows = shown
	}
	out := Padded(append(slices.Clone(head), rows...), h-len(foot), foot...)
	at2 := make([]int, len(out))
	for i := range at2 {
		at2[i] = -1
		if j := i - len(head); j >= 0 && j < len(idx) && i < h-len(foot) {
			at2[i] = idx[j]
		}
	}
	return out, at2
}

// writeFit writes Fit(s, w) to sb without making it first.
func writeFit(sb *strings.Builder, s string, w int) {
	sw := WidthOf(s)
	if sw > w {
		sb.WriteString(ansi.TruncateWc(s, w, ""))
		return
	}
	sb.WriteString(s)
	for pad := w - sw; pad > 0; pad -= len(blanks) {
		sb.WriteString(blanks[:min(pad, len(blanks))])
	}
}

// blanks pads lines.
const blanks = "                                                                " +
	"                                                                "

// Wrap word-wraps plain or styled text to w cells, at spaces and after
// hyphens; a word with a "/" in it (a path) is never parted at one of
// its hyphens ("/tmp/qa-" over "crash/klob.lock" reads as two names),
// nor a hyphen between digits (a date: "2026-" over "12-07"): too long
// for a line, such a word is cut as any long word is.
func Wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	s, kept := keepPathHyphens(s)
	s, dates := keepDigitHyphens(s)
	kept = kept || dates
	s, signs := keepErrorSigns(s)
	lines := strings.Split(ansi.WrapWc(s, w, ""), "\n")
	if kept || signs {
		for i, l := range lines {
			lines[i] = strings.ReplaceAll(strings.ReplaceAll(l, nbHyphen, "-"), nbSpace, " ")
		}
	}
	return lines
}

// nbSpace is a no-break space: one cell, where a line must not break.
const nbSpace = "\u00a0"

// keepErrorSigns binds a figure to its error ("5.6% ± 1.5%", "+-" in
// ASCII) with no-break spaces, so that no line ends on the figure and
// the next starts with its error; it reports whether it bound any.
func keepErrorSigns(s string) (string, bool) {
	if !strings.Contains(s, " ± ") && !strings.Contains(s, " +- ") {
		return s, false
	}
	return strings.NewReplacer(" ± ", nbSpace+"±"+nbSpace, " +- ", nbSpace+"+"+nbHyphen+nbSpace).Replace(s), true
}

// nbHyphen is a non-breaking hyphen: it holds a hyphen's place, one cell
// wide, where a line must not break.
const nbHyphen = "\u2011"

// keepPathHyphens turns the hyphens of s's words that hold a "/" into
// non-breaking ones, and reports whether it turned any.
func keepPathHyphens(s string) (string, bool) {
	if !strings.Contains(s, "/") || !strings.Contains(s, "-") {
		return s, false
	}
	words := strings.Split(s, " ")
	kept := false
	for i, word := range words {
		if strings.Contains(word, "/") && strings.Contains(word, "-") {
			words[i], kept = strings.ReplaceAll(word, "-", nbHyphen), true
		}
	}
	return strings.Join(words, " "), kept
}

// keepDigitHyphens turns the hyphens of s that stand between two
// digits (a date's, "2026-12-07") into non-breaking ones, and reports
// whether it turned any.
func keepDigitHyphens(s string) (string, bool) {
	if !strings.Contains(s, "-") {
		return s, false
	}
	b := []byte(s)
	var out strings.Builder
	kept := false
	for i, c := range b {
		if c == '-' && i > 0 && i+1 < len(b) && isDigit(b[i-1]) && isDigit(b[i+1]) {
			out.WriteString(nbHyphen)
			kept = true
			continue
		}
		out.WriteByte(c)
	}
	return out.String(), kept
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// WrapAtSpaces wraps s to w cells at its spaces only, never after a
// hyphen inside a word ("Anne-Marie" stays whole), on at most limit
// lines when limit > 0 (the last cut with mark, as WrapLines cuts it):
// talk, where a name broken in two reads as two names. A word longer
// than a line is still cut, as Wrap cuts it.
func WrapAtSpaces(s string, w, limit int, mark string) []string {
	lines := WrapLines(strings.ReplaceAll(s, "-", nbHyphen), w, limit, mark)
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, nbHyphen, "-")
	}
	return lines
}

// WrapLines wraps s to w cells (at least 10) on at most limit lines, the
// last one cut with mark (the screen's Context.Ellipsis: "…", "..."
// under -ascii, measured as it is drawn) when s needs more: a note, a
// refusal or an error keeps its words instead of being clipped at the
// window's edge.
func WrapLines(s string, w, limit int, mark string) []string {
	w = max(10, w)
	lines := Wrap(s, w)
	if limit > 0 && len(lines) > limit {
		lines = lines[:limit]
		lines[limit-1] = ansi.TruncateWc(lines[limit-1]+" "+mark, w, mark)
	}
	return lines
}

// PathLines breaks a path into lines of at most w cells, only after a
// "/", or inside a name longer than a line after a "-", so that a file
// name that fits on a line stays whole, no name is cut inside a word
// and the path reads whole (a part longer than a line is cut where it
// must). With limit > 0 at most limit lines: "…" and the last ones,
// which end the path.
func PathLines(path string, w, limit int) []string {
	w = max(1, w)
	var parts []string
	for rest := path; rest != ""; {
		name := rest
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			name = rest[:j+1]
		}
		rest = rest[len(name):]
		for WidthOf(name) > w {
			j := strings.IndexByte(name, '-')
			if j < 0 || j == len(name)-1 {
				break
			}
			parts = append(parts, name[:j+1])
			name = name[j+1:]
		}
		parts = append(parts, name)
	}
	var out []string
	line := ""
	for _, part := range parts {
		if line != "" && WidthOf(line+part) > w {
			out = append(out, line)
			line = ""
		}
		line += part
		for WidthOf(line) > w {
			cut := []rune(Clip(line, w))
			if len(cut) == 0 {
				cut = []rune(line)[:1] // a window narrower than one character
			}
			out = append(out, string(cut))
			line = string([]rune(line)[len(cut):])
		}
	}
	out = append(out, line)
	if limit > 0 && len(out) > limit {
		out = append([]string{"…"}, out[len(out)-(limit-1):]...)
	}
	return out
}

// Paragraph is text wrapped to a window w cells wide with a cell
// spare at each side, set one in from the edge, drawn with style (nil:
// as it is): the screens' running text.
func Paragraph(text string, w int, style func(...string) string) []string {
	return Indent(" ", Wrap(text, w-2), style)
}

// Alert is a trouble said on a screen: "! " and text, wrapped to a
// window w cells wide in at most n lines (the last cut short), set one
// in, in the error style.
//
// Every line of text (several errors are joined one a line) that begins
// with a letter begins with a capital, since the errors it says are
// written as Go writes them, in lower case. Alert cannot tell a word
// from a player's name, a key or a command such as klob serve, so a
// text must not begin with one: its writer puts a word before it
// ("Player bob left", "Key a is not among the choices") or quotes it
// (`"bob" is taken`). A line that begins with anything but a letter (a
// quote, a digit, a path) is left as it is.
func Alert(ctx *Context, text string, w, n int) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if r, _ := utf8.DecodeRuneInString(l); unicode.IsLetter(r) {
			lines[i] = Capital(l)
		}
	}
	text = strings.Join(lines, "\n")
	return Indent(" ", WrapLines("! "+text, w-2, n, ctx.Ellipsis()), ctx.Styles.Error.Render)
}

// Indent puts pre before each of lines, drawn with style (nil: as they
// are): a paragraph from Wrap or WrapLines, set in from the edge.
func Indent(pre string, lines []string, style func(...string) string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if style != nil {
			l = style(l)
		}
		out[i] = pre + l
	}
	return out
}

// Hang puts first before the first of lines and rest before the others:
// a paragraph hanging from a mark or a label.
func Hang(first, rest string, lines []string) []string {
	out := Indent(rest, lines, nil)
	if len(out) > 0 {
		out[0] = first + lines[0]
	}
	return out
}

// Rect is an area of the screen, for mouse clicks.
type Rect struct{ X, Y, W, H int }

// Has reports whether the cell at column x, row y lies in r.
func (r Rect) Has(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// SplitLines splits a drawn block into its lines.
func SplitLines(s string) []string { return strings.Split(s, "\n") }

// JoinLines joins lines into a drawn block.
func JoinLines(lines []string) string { return strings.Join(lines, "\n") }

// Repeat is s n times, nothing for n of zero or less (a width that came
// out negative in a tiny window).
func Repeat(s string, n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(s, n)
}

// WidthOf is the width of styled text in cells. Screens are redrawn
// after every message, and measuring lines is most of the work, so the
// characters the screens draw with (ASCII, Latin, box drawing, blocks,
// shapes, arrows, suits, braille) are counted one cell each here while
// escape sequences count none; any other character sends the whole
// string to ansi.StringWidthWc, which knows every width.
//
// Widths are those of each character (wcwidth), not of each cluster
// of them: tmux, xterm and most terminals draw so, and so does the
// renderer, unless a terminal says it clusters (mode 2027). An Indic
// conjunct (क्ष: a consonant, a virama, a consonant) or a spacing
// vowel sign (रा) takes a cell for each consonant and sign there, one
// for the cluster by its grapheme width; measured so, a name of them
// pushed every column after it aside. A clustering terminal draws such
// text narrower than measured: a column then ends early, none is cut.
// Clip, Fit, Wrap and the rest cut and wrap by this same measure.
func WidthOf(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			j := skipEscape(s, i)
			if j < 0 {
				return ansi.StringWidthWc(s)
			}
			i = j
			continue
		case c < 0x20 || c == 0x7f:
			return ansi.StringWidthWc(s)
		case c < 0x80:
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !narrow(r) {
			return ansi.StringWidthWc(s)
		}
		n++
		i += size
	}
	return n
}

// narrow reports whether r is one cell wide in every terminal the
// screens target: the characters they draw with.
func narrow(r rune) bool {
	switch {
	case r >= 0xa0 && r < 0x300: // Latin-1 and Latin extended: é, ·, ×
		return true
	case r >= 0x2010 && r <= 0x203a: // dashes, quotes, bullet •, ellipsis …, ‹ ›
		return true
	case r >= 0x2190 && r <= 0x21ff: // arrows
		return true
	case r >= 0x2500 && r <= 0x25fc: // box drawing, blocks, shapes ▮ ▲ ▶
		return true
	case r >= 0x2660 && r <= 0x2667: // card suits
		return true
	case r >= 0x2800 && r <= 0x28ff: // braille (the spinner)
		return true
	}
	return false
}

// skipEscape returns the index after the escape sequence at s[i] (CSI
// or OSC), or -1 for one it does not know.
func skipEscape(s string, i int) int {
	if i+1 >= len(s) {
		return -1
	}
	switch s[i+1] {
	case '[': // CSI: parameters, then a final byte 0x40-0x7e
		for j := i + 2; j < len(s); j++ {
			if s[j] >= 0x40 && s[j] <= 0x7e {
				return j + 1
			}
		}
	case ']': // OSC: up to BEL or ST
		for j := i + 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
	}
	return -1
}

// Plural writes "1 card", "2 cards".
func Plural(n int, noun string) string { return textwrap.Count(n, noun) }

// Capital makes the first letter upper case.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Sentence makes s read as a sentence: its first letter upper case, and
// a full stop at its end unless it ends in one, a question or an
// exclamation mark. Errors, as Go writes them, are neither.
func Sentence(s string) string {
	if s == "" {
		return s
	}
	s = Capital(s)
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

// ASCIIText turns what is left of Unicode on a screen into ASCII for
// -ascii: arrows, dots, dashes, rules, marks, suits and the signs of
// the hint's and trainer's numbers; then what others wrote (talk,
// names): quotes, dashes and accented Latin letters as their plain
// forms, anything else as '?', for a terminal without Unicode.
func ASCIIText(s string) string { return asciiRest(asciiText.Replace(s)) }

// asciiRest writes what Unicode is left in s as ASCII: the typographic
// quotes and dashes as ASCII ones, a Latin letter without its accents
// ("ü" as "u", "ß" as "ss"), every other character and lone accent as
// one '?' (a wide letter too: the frame is padded after).
func asciiRest(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case unicode.IsMark(r):
			// An accent goes with the letter it sits on.
		default:
			if t, ok := asciiPunct[r]; ok {
				b.WriteString(t)
			} else if t := latinBare(r); t != "" {
				b.WriteString(t)
			} else {
				b.WriteByte('?')
			}
		}
	}
	return b.String()
}

// asciiPunct are the punctuation and spaces others type most, in ASCII.
var asciiPunct = map[rune]string{
	'“': `"`, '”': `"`, '„': `"`, '«': `"`, '»': `"`, '‘': "'", '’': "'", '‚': "'", '′': "'", '″': `"`,
	'—': "--", '―': "--", '‐': "-", '‑': "-", '−': "-", '¡': "!", '¿': "?", '\u00a0': " ",
}

// latinBare is the Latin letter r without its accents ("é" as "e"),
// or the letters it is written as ("ß" as "ss"); "" for any other.
func latinBare(r rune) string {
	if !unicode.Is(unicode.Latin, r) {
		return ""
	}
	switch r {
	case 'ß':
		return "ss"
	case 'æ':
		return "ae"
	case 'Æ':
		return "AE"
	case 'œ':
		return "oe"
	case 'Œ':
		return "OE"
	case 'ø':
		return "o"
	case 'Ø':
		return "O"
	case 'ł':
		return "l"
	case 'Ł':
		return "L"
	case 'đ':
		return "d"
	case 'Đ':
		return "D"
	}
	base, _ := utf8.DecodeRuneInString(norm.NFD.String(string(r)))
	if base >= utf8.RuneSelf {
		return ""
	}
	return string(base)
}

// The up and down arrows are words: "v" would read as the v key. A
// scrolled list's "↑ more above" reads "more above" (not "up more
// above"): the replacer tries its pairs in order at each place.
var asciiText = strings.NewReplacer(
	"↑ more above", "more above", "↓ more below", "more below",
	"←", "<-", "→", "->", "↑", "up", "↓", "down", "·", "-", "…", "...", "×", "x", "–", "-",
	"‹", "<", "›", ">", "▶", ">", "─", "-", "│", "|", "▮", "#", "░", "#",
	"•", "*", "▲", "^", "♣", "C", "♦", "D", "♥", "H", "♠", "S",
	"±", "+-", "≈", "~", // as the option tables write them under -ascii
)

// PathShower writes a file's path as the screens show it ("~/..." for
// the home folder); a nil one writes it as it is.
type PathShower func(path string) string

// Show is path as f writes it.
func (f PathShower) Show(path string) string {
	if f == nil {
		return path
	}
	return f(path)
}

// ShowErr is err's message with the paths of the damaged files it tells
// of (where each was, where it is kept) as f shows paths; err may join
// several.
func (f PathShower) ShowErr(err error) string {
	text := err.Error()
	var walk func(e error)
	walk = func(e error) {
		if d, ok := e.(*durable.DamagedError); ok {
			for _, p := range []string{d.Aside, d.Path} {
				if p != "" {
					text = strings.ReplaceAll(text, p, f.Show(p))
				}
			}
		}
		switch u := e.(type) {
		case interface{ Unwrap() []error }:
			for _, c := range u.Unwrap() {
				walk(c)
			}
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		}
	}
	walk(err)
	return text
}
