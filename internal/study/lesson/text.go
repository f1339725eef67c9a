package lesson

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed lesson.md
var lessonText string

// Section is the text of one step.
type Section struct {
	Title string
	// Paras are the paragraphs; a paragraph of lines that start with two
	// spaces is preformatted (kept as is, one line each).
	Paras []Para
}

// Para is one paragraph of a Section.
type Para struct {
	Text string
	Pre  bool // preformatted: Text holds lines joined by "\n"
	Item bool // a list item ("- " in the file): no blank line before the next item
}

// String is the section as plain text, paragraphs separated by blank
// lines.
func (s Section) String() string {
	var parts []string
	for _, p := range s.Paras {
		parts = append(parts, p.Text)
	}
	return strings.Join(parts, "\n\n")
}

// Text is every section of the lesson file, by name.
type Text map[string]Section

// ParseText reads lesson text in the lesson.md format.
func ParseText(src string) (Text, error) {
	t := Text{}
	var name string
	var cur *Section
	var para []string
	pre, item := false, false
	flush := func() {
		if cur != nil && len(para) > 0 {
			sep := " "
			if pre {
				sep = "\n"
			}
			cur.Paras = append(cur.Paras, Para{Text: strings.Join(para, sep), Pre: pre, Item: item})
		}
		para, pre, item = nil, false, false
	}
	for n, line := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		if rest, ok := strings.CutPrefix(line, "## "); ok {
			flush()
			if cur != nil {
				t[name] = *cur
			}
			name = strings.TrimSpace(rest)
			if name == "" {
				return nil, fmt.Errorf("lesson.md:%d: a heading without a name", n+1)
			}
			if _, dup := t[name]; dup {
				return nil, fmt.Errorf("lesson.md:%d: step %q is written twice", n+1, name)
			}
			cur = &Section{}
			continue
		}
		if cur == nil {
			continue // the note before the first step
		}
		if title, ok := strings.CutPrefix(line, "Title:"); ok && len(cur.Paras) == 0 && len(para) == 0 {
			cur.Title = strings.TrimSpace(title)
			continue
		}
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		isPre := strings.HasPrefix(line, "  ")
		isItem := strings.HasPrefix(line, "- ")
		if len(para) > 0 && (isPre != pre || isItem) {
			flush()
		}
		if isPre {
			pre = true
			para = append(para, strings.TrimRight(line[2:], " "))
			continue
		}
		if isItem && len(para) == 0 {
			item = true
			line = line[2:]
		}
		para = append(para, strings.TrimSpace(line))
	}
	flush()
	if cur != nil {
		t[name] = *cur
	}
	return t, nil
}

// LoadText reads the lesson text built into the program.
func LoadText() (Text, error) { return ParseText(lessonText) }
