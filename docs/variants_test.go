package docs_test

import (
	"strings"
	"testing"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/rules"
)

// The house variants' headings in the rules call each variant by the
// name the screens use (rules.VariantName) with its option key:
// "Three or four of a kind (`of_a_kind`)", "bimah (`bimah`)".
func TestVariantHeadingsUseTheirNames(t *testing.T) {
	_, sec, _ := strings.Cut(docs.Rules(), "\n## 15. House variants\n")
	sec, _, _ = strings.Cut(sec, "\n## ")
	var heads []string
	for _, l := range strings.Split(sec, "\n") {
		if strings.HasPrefix(l, "### ") {
			heads = append(heads, strings.ToLower(l))
		}
	}
	for _, k := range rules.VariantKeys() {
		want := rules.VariantName(k) + " (`" + k + "`"
		found := false
		for _, h := range heads {
			found = found || strings.Contains(h, want)
		}
		if !found {
			t.Errorf("no heading of section 15 says %q: %q", want, heads)
		}
	}
}
