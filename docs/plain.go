package docs

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// MinWidth is the narrowest width Plain lays text out for; a smaller
// width is read as this one.
const MinWidth = 20

// Plain lays out markdown text, such as Rules, for a terminal of width
// columns, without changing a word: paragraphs and list items are
// wrapped to the width (list items with a hanging indent), headings are
// underlined, tables are aligned in columns without their bars, fenced
// code blocks lose their fences and are indented, and the * and `
// marks go. No line is wider than width, except a single word longer
// than the room its line leaves (words are never broken); the rules
// have none at 30 columns and more.
func Plain(md string, width int) string {
	width = max(width, MinWidth)
	p := plainWriter{width: width}
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		trimmed := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			p.flush()
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
				p.code(lines[i])
			}
		case trimmed == "":
			p.flush()
			p.blank()
		case strings.HasPrefix(trimmed, "#"):
			p.flush()
			p.heading(trimmed)
		case strings.HasPrefix(trimmed, "|"):
			p.flush()
			var rows []string
			for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				rows = append(rows, strings.TrimSpace(lines[i]))
			}
			i--
			p.table(rows)
		default:
			if m := listItem.FindStringSubmatch(l); m != nil {
				p.flush()
				p.first = m[1] + m[2] + " "
				p.indent = strings.Repeat(" ", utf8.RuneCountInString(p.first))
				p.words = strings.Fields(m[3])
				continue
			}
			if p.words == nil {
				// A paragraph keeps the indent of its first line.
				lead := l[:len(l)-len(strings.TrimLeft(l, " "))]
				p.first, p.indent = lead, lead
			}
			p.words = append(p.words, strings.Fields(l)...)
		}
	}
	p.flush()
	return strings.TrimRight(p.out.String(), "\n") + "\n"
}

// listItem is a line that starts a list item: its indent, its marker
// ("-", "*" or "12."), and its text.
var listItem = regexp.MustCompile(`^(\s*)([-*]|\d+\.)\s+(.*)$`)

// inline removes the marks that only style text: * (and **) and `.
func inline(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "*", ""), "`", "")
}

// plainWriter collects the output and the paragraph being read.
type plainWriter struct {
	out    strings.Builder
	width  int
	blanks int // blank lines written last, to write at most one
	// The paragraph being read: its words, the prefix of its first line
	// and of the lines after.
	words         []string
	first, indent string
}

func (p *plainWriter) line(s string) {
	p.out.WriteString(strings.TrimRight(s, " "))
	p.out.WriteByte('\n')
	p.blanks = 0
}

func (p *plainWriter) blank() {
	if p.blanks == 0 && p.out.Len() > 0 {
		p.out.WriteByte('\n')
	}
	p.blanks++
}

// flush writes the paragraph read so far, wrapped.
func (p *plainWriter) flush() {
	if p.words == nil {
		return
	}
	var words []string
	for _, w := range p.words {
		if w = inline(w); w != "" {
			words = append(words, w)
		}
	}
	for _, l := range wrapWords(words, p.first, p.indent, p.width) {
		p.line(l)
	}
	p.words = nil
}

// wrapWords fills lines of at most width runes with words, the first
// line starting with first and the others with indent.
func wrapWords(words []string, first, indent string, width int) []string {
	var out []string
	var cur strings.Builder
	cur.WriteString(first)
	n, empty := utf8.RuneCountInString(first), true
	for _, w := range words {
		wn := utf8.RuneCountInString(w)
		if !empty && n+1+wn > width {
			out = append(out, cur.String())
			cur.Reset()
			cur.WriteString(indent)
			n, empty = utf8.RuneCountInString(indent), true
		}
		if !empty {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(w)
		n += wn
		empty = false
	}
	if !empty {
		out = append(out, cur.String())
	}
	return out
}

func (p *plainWriter) heading(s string) {
	level := len(s) - len(strings.TrimLeft(s, "#"))
	text := inline(strings.TrimSpace(s[level:]))
	lines := wrapWords(strings.Fields(text), "", "", p.width)
	for _, l := range lines {
		p.line(l)
	}
	under := map[int]string{1: "=", 2: "-"}[level]
	if under != "" {
		n := 0
		for _, l := range lines {
			n = max(n, utf8.RuneCountInString(l))
		}
		p.line(strings.Repeat(under, n))
	}
}

// code writes a line of a code block indented by two spaces; a line
// too wide breaks at its last space that fits, the rest indented more.
func (p *plainWriter) code(s string) {
	s = strings.TrimRight(s, " ")
	if s == "" {
		p.blank()
		return
	}
	lines := wrapWords(strings.Fields(s), "  "+leading(s), "    "+leading(s), p.width)
	for _, l := range lines {
		p.line(l)
	}
}

func leading(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " "))] }

// table writes a markdown table in aligned columns, two spaces apart,
// a rule of dashes under the header; the last column wraps when the
// table is wider than the width.
func (p *plainWriter) table(rows []string) {
	var cells [][]string
	for _, r := range rows {
		inner := strings.Trim(r, "|")
		if strings.Trim(inner, "-:| ") == "" {
			continue // the separator
		}
		var row []string
		for _, c := range strings.Split(inner, "|") {
			row = append(row, inline(strings.TrimSpace(c)))
		}
		cells = append(cells, row)
	}
	ncol := 0
	for _, r := range cells {
		ncol = max(ncol, len(r))
	}
	w := make([]int, ncol)
	for _, r := range cells {
		for j, c := range r {
			w[j] = max(w[j], utf8.RuneCountInString(c))
		}
	}
	lead := 0 // the width of every column but the last, with the gaps
	for j := 0; j < ncol-1; j++ {
		lead += w[j] + 2
	}
	// The last column wraps its words, but never breaks one: a column
	// narrower than its longest word ("sequence_rank=length") would
	// push that word past the width.
	longest := 10
	for _, r := range cells {
		if len(r) == ncol {
			for _, f := range strings.Fields(r[ncol-1]) {
				longest = max(longest, utf8.RuneCountInString(f))
			}
		}
	}
	last := p.width - lead
	if last < longest {
		// Too narrow for columns: a row is a paragraph of its cells.
		for _, r := range cells {
			for _, l := range wrapWords(strings.Fields(strings.Join(r, " · ")), "", "  ", p.width) {
				p.line(l)
			}
		}
		return
	}
	for i, r := range cells {
		var b strings.Builder
		for j := 0; j < ncol-1; j++ {
			c := ""
			if j < len(r) {
				c = r[j]
			}
			b.WriteString(c + strings.Repeat(" ", w[j]-utf8.RuneCountInString(c)+2))
		}
		text := ""
		if len(r) == ncol {
			text = r[ncol-1]
		}
		for k, l := range wrapWords(strings.Fields(text), "", "", last) {
			if k == 0 {
				p.line(b.String() + l)
			} else {
				p.line(strings.Repeat(" ", lead) + l)
			}
		}
		if len(strings.Fields(text)) == 0 {
			p.line(b.String())
		}
		if i == 0 {
			p.line(strings.Repeat("-", min(p.width, lead+min(w[ncol-1], last))))
		}
	}
}
