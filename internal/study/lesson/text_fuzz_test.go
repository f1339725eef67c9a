package lesson

import (
	"strings"
	"testing"
)

// FuzzParseText: any text either parses into named steps, each named
// by a heading of the text, or is refused with the line that is wrong.
func FuzzParseText(f *testing.F) {
	f.Add(lessonText)
	f.Add("## a\nTitle: x\n\n  pre\n- item\ntext\n")
	f.Add("## a\n## a\n")
	f.Add("## \n")
	f.Add("\r\n## b\r\n  x\r\n")
	f.Fuzz(func(t *testing.T, src string) {
		text, err := ParseText(src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "lesson.md:") {
				t.Fatalf("ParseText: %v does not say where", err)
			}
			return
		}
		for name := range text {
			if name == "" || !strings.Contains(src, "## ") {
				t.Fatalf("ParseText made step %q", name)
			}
		}
	})
}
