package docs_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/rules"
)

// tableRows returns the cells of the markdown table whose header line
// starts with header, without the header and the separator.
func tableRows(t *testing.T, md, header string) [][]string {
	t.Helper()
	var rows [][]string
	in := false
	for _, l := range strings.Split(md, "\n") {
		switch {
		case !in && strings.HasPrefix(l, header):
			in = true
		case in && !strings.HasPrefix(l, "|"):
			return rows
		case in && strings.HasPrefix(l, "|-"):
		case in:
			var cells []string
			for _, c := range strings.Split(strings.Trim(l, "|"), "|") {
				cells = append(cells, strings.Trim(strings.TrimSpace(c), "`"))
			}
			rows = append(rows, cells)
		}
	}
	if !in {
		t.Fatalf("rules.md has no table %q", header)
	}
	return rows
}

// TestWordsTable: the table of section 5 gives the words Klob shows for
// each action (rules.Action.Words) and the notation the log writes
// (rules.Action.String), exactly.
func TestWordsTable(t *testing.T) {
	rows := tableRows(t, docs.Rules(), "| Klob says")
	if len(rows) < 15 {
		t.Fatalf("the words table has %d rows", len(rows))
	}
	for _, r := range rows {
		a, err := rules.ParseAction(r[1])
		if err != nil {
			t.Errorf("%q: %v", r[1], err)
			continue
		}
		if a.String() != r[1] {
			t.Errorf("the log writes %q, not %q", a.String(), r[1])
		}
		if a.Words() != r[0] {
			t.Errorf("%q: Klob says %q, not %q", r[1], a.Words(), r[0])
		}
	}
}

// TestOptionsTable: section 16 lists every rule option the engine
// knows, with its default, and no other.
func TestOptionsTable(t *testing.T) {
	rows := tableRows(t, docs.Rules(), "| option")
	def := rules.DefaultOptions()
	var names []string
	for _, r := range rows {
		names = append(names, r[0])
		want, err := def.Get(r[0])
		if err != nil {
			t.Errorf("%s: %v", r[0], err)
			continue
		}
		if r[2] != want {
			t.Errorf("%s: the default is %s, not %s", r[0], want, r[2])
		}
	}
	all := rules.AllOptionNames()
	slices.Sort(all)
	slices.Sort(names)
	if !slices.Equal(all, names) {
		t.Errorf("the options table lists %v, the engine knows %v", names, all)
	}
}

// TestContents: the contents list names the numbered sections, in order.
func TestContents(t *testing.T) {
	md := docs.Rules()
	var heads []string
	for _, m := range regexp.MustCompile(`(?m)^## (\d+\. .*)$`).FindAllStringSubmatch(md, -1) {
		heads = append(heads, m[1])
	}
	var listed []string
	for _, m := range regexp.MustCompile(`(?m)^(\d+\. .*)$`).FindAllStringSubmatch(md, -1) {
		listed = append(listed, m[1])
	}
	if len(heads) == 0 || !slices.Equal(heads, listed[:min(len(listed), len(heads))]) {
		t.Errorf("the contents list\n%s\ndoes not match the sections\n%s", strings.Join(listed, "\n"), strings.Join(heads, "\n"))
	}
}
