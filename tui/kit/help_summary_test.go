package kit

import (
	"fmt"
	"strings"
	"testing"
)

// TestRulesSummaryDealerForced: the rules in short say at every seat
// count what dealer forced changes in round two, where the deal is
// otherwise thrown in.
func TestRulesSummaryDealerForced(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if text := strings.Join(rulesSummary(n, 100), " "); !strings.Contains(text, "with dealer forced on") {
				t.Fatalf("the rules in short for %d players do not tell dealer forced:\n%s", n, text)
			}
		})
	}
}
