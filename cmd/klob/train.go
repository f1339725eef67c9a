package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
)

// trainFlags is what the flags of klob train say.
type trainFlags struct {
	cfg    tui.TrainConfig
	eval   string // -eval: the situation to evaluate, headless
	evalOn bool
	review bool
	// seedSet: -seed was given (it seeds -eval when the text names no
	// seed).
	seedSet bool
}

// parseTrain reads the flags of klob train:
//
//	klob train [-players 2|3|4] [-seed N] [-only KIND] [-samples N] [-target N] [-rules k=v,...] [-ascii]
//	klob train -eval "hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430"
//	klob train -eval "players=3 dealer=B score=0-0-0 said=pass deck=..."
//	klob train -review
func parseTrain(args []string, stdout, stderr io.Writer, secret func() uint64) (trainFlags, error) {
	fs := newFlagSet("train", `usage: klob train [-players 2|3|4] [-seed N] [-only KIND] [-samples N] [-target N] [-rules k=v,...] [-ascii]
       klob train -eval "hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430"
       klob train -review
Drills the bidding: at two players round one, the schmeiss and round two; with
-players 3 or 4 (or -rules players=3) every decision before the card play at
that table: the declarations (shlomo, cleopatra), both rounds of bidding (no
trumps with four, dealer_forced), the dix (three) and the sequence dialogue.
The house variants go in -rules: `+strings.Join(rules.TableOptionNames[1:], ", ")+`.`)
	fs.notes = `
-eval reads key=value fields: hand= (six cards), up= (the upcard), seat=elder|dealer
(optional: what was said decides whose turn it is), score=YOURS-THEIRS, target=N,
said=pass or said=schmeiss or said=pass,schmeiss (the words before your turn), round=2
(both passed round one; said= then lists round two only), samples=N, seed=N, and any
rule option (bottom_card=off...). A drill of three or four players is written
players=N dealer=SEAT score=A-B[-C] target=N said=WORD,... deck=CARD,... (the
form -review prints), and -eval evaluates that too.`
	players := fs.Int("players", 0, "players at the table: 2, 3 or 4 (0: as -rules says, else 2)")
	game := fs.gameFlags("seed of the drills and their evaluations")
	only := fs.String("only", "", "only drills of one kind: "+strings.Join(drill.FilterNames, ", ")+
		"; at three or four: "+strings.Join(drill.TableFilterNames, ", "))
	samples := fs.Int("samples", drill.DefaultSamples, "samples per evaluation (every option is scored on each)")
	evalText := fs.String("eval", "", "evaluate one situation and print the table of options (no screen); see below")
	review := fs.Bool("review", false, "print your record and your last mistakes (no screen)")
	ascii := fs.Bool("ascii", false, "draw suits as letters (C D H S) and boxes with + - |")
	pos, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return trainFlags{}, err
	}
	if len(pos) > 0 {
		return trainFlags{}, fmt.Errorf("unexpected argument %q", pos[0])
	}
	set := fs.set()
	f, err := drill.ParseFilter(*only)
	if err != nil {
		return trainFlags{}, fmt.Errorf("-only: %v", err)
	}
	if *samples < 1 || *samples > 100000 {
		return trainFlags{}, fmt.Errorf("-samples: %d is not from 1 to 100000", *samples)
	}
	opts, s, seedSet, err := game.resolve(set, secret)
	if err != nil {
		return trainFlags{}, err
	}
	switch *players {
	case 0:
	case 2, 3, 4:
		if err := opts.Set("players", fmt.Sprint(*players)); err != nil {
			return trainFlags{}, fmt.Errorf("-players: %v", err)
		}
	default:
		return trainFlags{}, fmt.Errorf("-players must be 2, 3 or 4, got %d", *players)
	}
	if err := f.ForPlayers(opts.NumPlayers()); err != nil {
		return trainFlags{}, err
	}
	if opts.NumPlayers() > 2 {
		// Fails early on a drill kind the rules never ask (-only dix at
		// four, -only declare without shlomo or cleopatra).
		if _, err := drill.NewTableGenerator(s, f, opts); err != nil {
			return trainFlags{}, errors.New(strings.TrimPrefix(err.Error(), "drill: "))
		}
	}
	if set["eval"] && set["review"] {
		return trainFlags{}, errors.New("-eval and -review do not go together")
	}
	return trainFlags{
		eval:    *evalText,
		evalOn:  set["eval"],
		review:  *review,
		seedSet: seedSet,
		cfg: tui.TrainConfig{
			Seed: s, Only: f, Options: opts, Samples: *samples,
			Spinner: true, ASCII: *ascii,
		},
	}, nil
}

// runTrain is the bidding trainer: drills on the screen, or -eval and
// -review as text.
func runTrain(args []string, stdout, stderr io.Writer) int {
	tf, err := parseTrain(args, stdout, stderr, seedmix.Secret)
	switch {
	case errors.Is(err, errHelp), errors.Is(err, errUsage):
		return parseExit(err)
	case err != nil:
		fmt.Fprintf(stderr, "klob train: %v\n", err)
		return 2
	}
	if tf.evalOn {
		return trainEval(tf, stdout, stderr)
	}
	rec, err := drill.DefaultStatsFile()
	if tf.review {
		if err != nil {
			fmt.Fprintf(stderr, "klob train: %v\n", err)
			return 1
		}
		return trainReview(rec, stdout, stderr)
	}
	cfg := tf.cfg
	if err != nil {
		// Shown on the first screen, and again once it is gone.
		cfg.Warning = fmt.Sprintf("%v: your record will not be kept", err)
		defer fmt.Fprintf(stderr, "klob train: %s\n", cfg.Warning)
	} else {
		cfg.Record = rec
	}
	return runApp("train", tui.NewTrain(cfg), stdout, stderr)
}

// trainEval evaluates the -eval situation and prints the table. The
// text's samples= and seed= win over -samples and -seed; without them
// the seed is drill.DefaultSeed, so the same text prints the same table.
func trainEval(tf trainFlags, stdout, stderr io.Writer) int {
	if isTableText(tf.eval) {
		return trainEvalTable(tf, stdout, stderr)
	}
	req, err := drill.Parse(tf.eval)
	if err != nil {
		fmt.Fprintf(stderr, "klob train: -eval: %v\n", err)
		return 2
	}
	if req.Samples == 0 {
		req.Samples = tf.cfg.Samples
	}
	if !req.SeedSet && tf.seedSet {
		req.Seed = tf.cfg.Seed
	}
	v, err := req.Situation.View()
	if err != nil {
		fmt.Fprintf(stderr, "klob train: -eval: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	an, err := evalWithProgress(ctx, v, drill.Options{Samples: req.Samples, Seed: req.Seed}, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "klob train: -eval: %v\n", err)
		return 1
	}
	if err := drill.WriteReport(stdout, req, &an); err != nil {
		fmt.Fprintf(stderr, "klob train: %v\n", err)
		return 1
	}
	return 0
}

// isTableText reports whether an -eval text is a drill of three or four
// players (players=3 or players=4 among its fields).
func isTableText(text string) bool {
	for _, f := range strings.Fields(text) {
		if k, v, ok := strings.Cut(f, "="); ok && strings.EqualFold(k, "players") && (v == "3" || v == "4") {
			return true
		}
	}
	return false
}

// trainEvalTable evaluates a table drill given to -eval (the text form
// drill.ParseTable reads, with samples= and seed= as for two players)
// and prints the table of options.
func trainEvalTable(tf trainFlags, stdout, stderr io.Writer) int {
	samples, seed := tf.cfg.Samples, uint64(drill.DefaultSeed)
	if tf.seedSet {
		seed = tf.cfg.Seed
	}
	var rest []string
	for _, f := range strings.Fields(tf.eval) {
		k, v, _ := strings.Cut(f, "=")
		switch strings.ToLower(k) {
		case "samples":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 100000 {
				fmt.Fprintf(stderr, "klob train: -eval: samples: %q is not from 1 to 100000\n", untrusted.Text(v))
				return 2
			}
			samples = n
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				fmt.Fprintf(stderr, "klob train: -eval: seed: %q is not a seed\n", untrusted.Text(v))
				return 2
			}
			seed = n
		default:
			rest = append(rest, f)
		}
	}
	s, err := drill.ParseTable(strings.Join(rest, " "))
	if err != nil {
		fmt.Fprintf(stderr, "klob train: -eval: %s\n", untrusted.Text(err.Error()))
		return 2
	}
	v, err := s.View()
	if err != nil {
		fmt.Fprintf(stderr, "klob train: -eval: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	an, err := drill.EvaluateTableWith(ctx, drill.DefaultTableEvaluator, v, drill.Options{Samples: samples, Seed: seed})
	if err != nil {
		fmt.Fprintf(stderr, "klob train: -eval: %v\n", err)
		return 1
	}
	if err := drill.WriteTableReport(stdout, &s, seed, &an); err != nil {
		fmt.Fprintf(stderr, "klob train: %v\n", err)
		return 1
	}
	return 0
}

// evalProgressFrom is the sample count from which -eval shows its
// progress on stderr: a default evaluation takes about a second, the
// largest (eval.MaxSamples) over a minute.
const evalProgressFrom = 2 * drill.DefaultSamples

// evalWithProgress evaluates v batch by batch. From evalProgressFrom
// samples on it rewrites a progress line on stderr after each batch. An
// interrupt (ctx) stops it after the batch under way; what the finished
// batches show is returned, and stderr says so.
func evalWithProgress(ctx context.Context, v rules.View, o drill.Options, stderr io.Writer) (drill.Analysis, error) {
	p := drill.NewPlan(o)
	t, err := drill.NewTally(v, p)
	if err != nil {
		return drill.Analysis{}, err
	}
	show := p.Samples >= evalProgressFrom
	e := drill.NewEvaluator()
	k := 0
	for ; k < p.Batches && ctx.Err() == nil; k++ {
		if show {
			fmt.Fprintf(stderr, "\revaluating: %d of %d samples ", t.Samples(), p.Samples)
		}
		ev, err := e.Batch(ctx, v, p, k)
		if err != nil {
			return drill.Analysis{}, err
		}
		if err := t.Add(k, ev); err != nil {
			return drill.Analysis{}, err
		}
	}
	if show {
		fmt.Fprintf(stderr, "\revaluating: %d of %d samples\n", t.Samples(), p.Samples)
	}
	if k < p.Batches {
		if k == 0 {
			return drill.Analysis{}, ctx.Err()
		}
		fmt.Fprintf(stderr, "klob train: -eval: interrupted: the table shows %d of %d samples\n", t.Samples(), p.Samples)
	}
	return t.Analysis(), nil
}

// trainReview prints the record and the last mistakes, newest first,
// each with the -eval text that shows it again.
func trainReview(rec *drill.StatsFile, stdout, stderr io.Writer) int {
	st, err := rec.Load()
	var de *drill.DamagedError
	switch {
	case errors.As(err, &de):
		fmt.Fprintf(stderr, "klob train: %s\n", untrusted.Text(err.Error()))
	case err != nil:
		fmt.Fprintf(stderr, "klob train: %s\n", untrusted.Text(err.Error()))
		return 1
	}
	if st.Drills == 0 && st.Table(3).Drills == 0 && st.Table(4).Drills == 0 {
		fmt.Fprintln(stdout, "No drills yet: run klob train.")
		return 0
	}
	if st.Drills > 0 {
		trainReviewTwo(st, stdout)
	}
	for _, n := range []int{3, 4} {
		if ts := st.Table(n); ts.Drills > 0 {
			if st.Drills > 0 || n == 4 && st.Table(3).Drills > 0 {
				fmt.Fprintln(stdout)
			}
			trainReviewTable(n, ts, stdout)
		}
	}
	return 0
}

// trainReviewTable prints the record of the tables of n players and
// their kept mistakes, each with the -eval text that shows it again.
func trainReviewTable(n int, ts drill.TableStats, stdout io.Writer) {
	fmt.Fprintf(stdout, "At %d players: %d drills, %d right (%.0f%%), %.1f points lost a drill.\n", n, ts.Drills, ts.Correct, 100*ts.Accuracy(), ts.AvgLost())
	for _, k := range drill.TableKinds {
		if s, ok := ts.Kinds[k.String()]; ok && s.Drills > 0 {
			fmt.Fprintf(stdout, "  %-11s %d of %d right (%.0f%%), %.1f points lost a drill\n", k, s.Correct, s.Drills, 100*s.Accuracy(), s.AvgLost())
		}
	}
	if len(ts.Mistakes) > 0 {
		fmt.Fprintf(stdout, "\nYour last mistakes at %d players, newest first:\n", n)
	}
	for i := len(ts.Mistakes) - 1; i >= 0; i-- {
		m := ts.Mistakes[i]
		fmt.Fprintf(stdout, "%s  you: %s, best: %s: %s\n  klob train -eval %q\n", m.When.Local().Format("2006-01-02 15:04"),
			untrusted.Text(m.Chose), untrusted.Text(m.Best), m.Verdict().Text(), m.Situation)
	}
}

// trainReviewTwo prints the two-player record and its kept mistakes.
func trainReviewTwo(st drill.Stats, stdout io.Writer) {
	fmt.Fprintf(stdout, "%d drills, %d right (%.0f%%), %.1f points lost a drill.\n", st.Drills, st.Correct, 100*st.Accuracy(), st.AvgLost())
	for _, k := range []drill.Kind{drill.Round1, drill.Schmeiss, drill.Round2} {
		if s, ok := st.Kinds[k.String()]; ok && s.Drills > 0 {
			fmt.Fprintf(stdout, "  %-10s %d of %d right (%.0f%%), %.1f points lost a drill\n", k, s.Correct, s.Drills, 100*s.Accuracy(), s.AvgLost())
		}
	}
	if len(st.Mistakes) > 0 {
		fmt.Fprintln(stdout, "\nYour last mistakes, newest first:")
	}
	for i := len(st.Mistakes) - 1; i >= 0; i-- {
		m := st.Mistakes[i]
		// Every string from the file is made safe to print (the loader
		// checks them too).
		fmt.Fprintf(stdout, "%s  you: %s, best: %s: %s\n  klob train -eval %q\n", m.When.Local().Format("2006-01-02 15:04"),
			untrusted.Text(m.Chose), untrusted.Text(m.Best), m.Verdict().Text(), m.Situation)
	}
}
