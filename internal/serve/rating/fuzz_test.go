package rating

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzRate feeds the update any numbers: a rating or parameter out of
// range must be refused, and anything accepted must give ratings the
// next game accepts, with the Fixed players' unchanged.
//
//	go test -run '^$' -fuzz FuzzRate -fuzztime 60s ./internal/serve/rating
func FuzzRate(f *testing.F) {
	f.Add(25.0, 25.0/3, 25.0, 25.0/3, 25.0, 25.0/3, 25.0, 25.0/3, byte(0), byte(0), byte(0), 25.0/300, 25.0/6, 0.0001)
	f.Add(1e6, 1e-6, -1e6, 1e6, 0.0, 1.0, 3.0, 2.0, byte(1), byte(0x1b), byte(0x02), 0.0, 1e-6, 1.0)
	f.Add(30.0, 1.0, 25.0, 25.0/3, 28.0, 4.0, 20.0, 6.0, byte(2), byte(0x05), byte(0x09), 1e6, 1e6, 1e-300)
	f.Fuzz(func(t *testing.T, m0, s0, m1, s1, m2, s2, m3, s3 float64, shape, ranks, fixed byte, tau, beta, kappa float64) {
		sh := shapes[int(shape)%len(shapes)]
		ratings := []Rating{{m0, s0}, {m1, s1}, {m2, s2}, {m3, s3}}
		g := make([]Side, sh.sides)
		valid := true
		n := 0
		for i := range g {
			g[i].Rank = int(ranks>>(2*i)) & 3
			for range sh.seats {
				r := ratings[n]
				g[i].Players = append(g[i].Players, Player{Rating: r, Fixed: fixed&(1<<n) != 0})
				valid = valid && r.Check() == nil
				n++
			}
		}
		cfg := Default()
		cfg.Tau, cfg.Beta, cfg.Kappa = tau, beta, kappa
		cfg.LimitSigma, cfg.RateBotOnly = fixed&0x40 != 0, fixed&0x80 != 0
		valid = valid && cfg.Check() == nil

		after, _, err := cfg.Rate(g)
		if !valid {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		checkResult(t, g, after)
	})
}
