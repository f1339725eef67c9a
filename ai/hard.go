package ai

import "fmt"

// newHard is being written (issue 4).
func newHard(cfg Config) (Bot, error) {
	return nil, fmt.Errorf("bot level hard: not built yet")
}
