package ai

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// NewHeuristicVariant returns the heuristic bot of level with some of its
// parameters changed by spec, "Name=value,Name=value" (field names of
// heurParams), for tuning runs.
func NewHeuristicVariant(level Level, cfg Config, spec string) (Bot, error) {
	b := &heuristicBot{level: level, seed: cfg.Seed, par: defaultHeurParams(), easy: level == Easy}
	if err := b.par.set(spec); err != nil {
		return nil, err
	}
	return b, nil
}

// set changes parameters from "Name=value,..." text.
func (p *heurParams) set(spec string) error {
	rv := reflect.ValueOf(p).Elem()
	for _, kv := range strings.Split(spec, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("parameter %q: want Name=value", kv)
		}
		f := rv.FieldByName(strings.TrimSpace(k))
		if !f.IsValid() || f.Kind() != reflect.Float64 {
			return fmt.Errorf("no parameter %q", k)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			return fmt.Errorf("parameter %s: %v", k, err)
		}
		f.SetFloat(x)
	}
	return nil
}
