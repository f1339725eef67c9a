package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/klob/klob/internal/platform/progress"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/errwrite"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/platform/textwrap"
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
	fs := newFlagSet("train", `usage: klob train [-players 2|3|4] [-seed N] [-only KIND] [-samples N]
                  [-target N] [-rules k=v,...] [-ascii]
       klob train -eval "hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430"
       klob train -review [-ascii]
Drills every decision before the card play, at a table of two, three or four
(-players, or -rules players=N): the declarations (shlomo, cleopatra), both
rounds of bidding (the schmeiss at two, no trumps at four, dealer_forced), the
dix (two and three) and the sequence dialogue. The house variants go in
-rules: `+strings.Join(rules.VariantKeys(), ", ")+`.`)
	fs.notes = `
-eval reads the form -review prints: players=N dealer=SEAT score=A-B[-C]
target=N said=WORD,... deck=CARD,... and any rule option. For a bid it also
reads a shorter form: hand= (six cards), up= (the upcard), players=N (2 by
default), seat=` + strings.Join(drill.PlaceWords(4), "|") + ` at four players,
` + strings.Join(drill.PlaceWords(3), "|") + ` at three, ` + strings.Join(drill.PlaceWords(2), "|") + ` at two (optional: what
was said decides whose turn it is), score= (yours first, then the others'
from your left, or your team's then theirs), target=N, said= (the words
before your turn, like pass or pass,schmeiss), round=2 (everyone passed round
one; said= then lists round two only) and any rule option. With shlomo or
cleopatra on, said= lists the bidding only and everyone passed the
declarations, unless said= writes them first as the log does (no-shlomo,
shlomo, draw:QS, give:9D, no-cleopatra). Both take samples=N and seed=N.
-eval takes -samples, -seed and -ascii beside its text (the text's samples=
and seed= win); -review takes -ascii only. Other flags beside them are
refused, never left unread.`
	game := fs.gameFlags("seed of the drills and their evaluations (default: a secret one, shown in the trainer's title)", false)
	// dealer and elder are seats, not kinds: they take every decision
	// of that seat (the forced dealer's among them).
	seat := func(f string) bool { return f == drill.OnlyDealer.String() || f == drill.OnlyElder.String() }
	var kinds, seats []string
	for _, f := range drill.FilterNames {
		if seat(f) {
			seats = append(seats, f)
		} else {
			kinds = append(kinds, f)
		}
	}
	only := fs.String("only", "", "only drills of one kind: "+strings.Join(kinds, ", ")+"; or every decision of one seat: "+strings.Join(seats, ", "))
	samples := fs.Int("samples", drill.DefaultSamples, "sampled deals an evaluation, every option scored on each (0: the default; klob analyze -samples defaults by phase instead)")
	evalText := fs.String("eval", "", "evaluate one situation and print the table of options (no screen); see below")
	review := fs.Bool("review", false, "print your record and your last mistakes (no screen)")
	ascii := fs.asciiFlag("draw suits as letters (C D H S) and boxes with + - |")
	pos, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return trainFlags{}, err
	}
	// Every error of the flags is said as the parse's own are
	// (flagSet.fail), exit 2.
	usage := func(format string, args ...any) (trainFlags, error) {
		fs.fail(stderr, format, args...)
		return trainFlags{}, errUsage
	}
	if len(pos) > 0 {
		return trainFlags{}, fs.unexpected(stderr, pos[0])
	}
	set := fs.set()
	f, err := drill.ParseFilter(*only)
	if err != nil {
		// In the shape of every refused value: `-only "x": want …`.
		return usage("-only %q: want %s", *only, strings.Join(drill.FilterNames, ", "))
	}
	if *samples == 0 {
		*samples = drill.DefaultSamples // as in klob analyze: 0 is the default
	}
	if *samples < 1 || *samples > maxAnalyzeSamples {
		return usage("%s", samplesRange(*samples))
	}
	opts, s, seedSet, err := game.resolve(set, secret)
	if err != nil {
		return usage("%v", err)
	}
	// Fails early on a drill kind the rules never ask (-only dix at
	// four, -only declare without shlomo or cleopatra).
	if err := f.Check(opts); err != nil {
		return usage("%v", err)
	}
	if set["eval"] && set["review"] {
		return usage("-eval and -review do not go together")
	}
	// -eval's text is the whole situation: the seat count, target and
	// rules flags would go unread, so they are refused, not ignored.
	// -review prints the record as kept: only -ascii changes it.
	if set["eval"] {
		for _, f := range []string{"players", "target", "rules", "only"} {
			if !set[f] {
				continue
			}
			if f == "only" {
				return usage("-only does not go with -eval")
			}
			return usage("-%s does not go with -eval: its text says the situation whole (players=3 target=300 menage=on ...)", f)
		}
	}
	if set["review"] {
		for _, f := range []string{"players", "target", "rules", "only", "samples", "seed"} {
			if set[f] {
				return usage("-%s does not go with -review: it prints the record as kept (only -ascii goes with it)", f)
			}
		}
	}
	return trainFlags{
		eval:    *evalText,
		evalOn:  set["eval"],
		review:  *review,
		seedSet: seedSet,
		cfg: tui.TrainConfig{
			Seed: s, Only: f, Options: opts, Samples: *samples,
			Spinner: true, ASCII: ascii.in(os.Getenv), ShowPath: homePath(os.Getenv("HOME")),
		},
	}, nil
}

// runTrain is the trainer: drills on the screen, or -eval and -review as
// text.
func runTrain(args []string, stdout, stderr io.Writer) int {
	tf, err := parseTrain(args, stdout, stderr, seedmix.Secret)
	if err != nil {
		return flagsExit("train", err, stderr)
	}
	if tf.evalOn {
		return trainEval(tf, stdout, stderr)
	}
	rec, err := drill.DefaultStatsFile()
	if tf.review {
		if err != nil {
			return failed(stderr, "train", err)
		}
		return trainReview(rec, tf.cfg.ASCII, stdout, stderr)
	}
	cfg := tf.cfg
	if useRecord(&cfg, rec, err); cfg.Warning != "" {
		// Shown on the first screen, and again once it is gone.
		defer printError(stderr, "train", cfg.Warning)
	}
	if stdout == io.Writer(os.Stdout) {
		// Asked before runApp does, to say what of the trainer runs
		// without a terminal.
		if err := checkTerminal(os.Stdin, os.Stdout, openTTY); err != nil {
			printError(stderr, "train", trainNoTerminal(err))
			return 1 // as haveTerminal: a failure, not a usage error
		}
	}
	return runApp("train", tui.NewTrain(cfg), stdout, stderr)
}

// trainNoTerminal says why the trainer's screen cannot start (err, from
// checkTerminal) and what of the trainer needs no terminal.
func trainNoTerminal(err error) string {
	return err.Error() + `; klob train -eval "hand=... up=..." evaluates a situation and klob train -review prints your record without one`
}

// useRecord gives cfg the training record rec (err from
// drill.DefaultStatsFile), or the warning that says why the record
// will not be kept: no state folder, or a file where it should be.
func useRecord(cfg *tui.TrainConfig, rec *drill.StatsFile, err error) {
	switch {
	case err != nil:
		cfg.Warning = fmt.Sprintf("%v: your record will not be kept", err)
	case inTheWay(filepath.Dir(rec.Path)):
		cfg.Warning = stateInTheWay(filepath.Dir(rec.Path), "your record will not be kept")
	default:
		cfg.Record = rec
	}
	// The screen writes the home folder as ~, as klob play's warnings do.
	cfg.Warning = homeWords(os.Getenv("HOME"))(cfg.Warning)
}

// trainEval evaluates the -eval situation and prints the table. The
// text's samples= and seed= win over -samples and -seed; without them
// the seed is drill.DefaultSeed, so the same text prints the same table.
func trainEval(tf trainFlags, stdout, stderr io.Writer) int {
	req, err := drill.Parse(tf.eval)
	if err != nil {
		return refuse(stderr, "train", "-eval: "+errorText(err), "")
	}
	if req.Samples == 0 {
		req.Samples = tf.cfg.Samples
	}
	if !req.SeedSet && tf.seedSet {
		req.Seed = tf.cfg.Seed
	}
	v, err := req.Situation.View()
	if err != nil {
		return refuse(stderr, "train", "-eval: "+errorText(err), "")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	an, err := evalWithProgress(ctx, &v, drill.Options{Samples: req.Samples, Seed: req.Seed}, stderr, progress.IsTerminal(stderr))
	if err != nil {
		return failed(stderr, "train", fmt.Errorf("-eval: %v", err))
	}
	if err := drill.WriteReport(stdout, req, &an, tf.cfg.ASCII); err != nil {
		return failed(stderr, "train", err)
	}
	return interrupted(ctx)
}

// evalProgressFrom is the sample count from which -eval shows its
// progress on stderr: a default evaluation takes about a second, the
// largest (eval.MaxSamples) over a minute.
const evalProgressFrom = 2 * drill.DefaultSamples

// evalWithProgress evaluates v batch by batch. From evalProgressFrom
// samples on, where stderr is a terminal (tty), it rewrites a progress
// line there after each batch: elsewhere (a file, a pipe) the rewrites
// would run together as one line of text. An interrupt (ctx) stops it
// after the batch under way; what the finished batches show is
// returned, and stderr says so.
func evalWithProgress(ctx context.Context, v *rules.View, o drill.Options, stderr io.Writer, tty bool) (drill.Analysis, error) {
	asked := drill.NewPlan(o).Samples
	show := tty && asked >= evalProgressFrom
	e := drill.NewEvaluator()
	done := 0
	batch := func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		if show {
			fmt.Fprintf(stderr, "\revaluating: %d of %d samples ", done, asked)
		}
		ev, err := e.Batch(ctx, v, p, k)
		done += ev.Samples
		return ev, err
	}
	an, err := drill.EvaluateWith(ctx, batch, v, o)
	if err != nil {
		return drill.Analysis{}, err
	}
	if show {
		fmt.Fprintf(stderr, "\revaluating: %d of %d samples\n", an.Samples, asked)
	}
	if ctx.Err() != nil && an.Samples < asked {
		if an.Samples == 0 {
			return drill.Analysis{}, ctx.Err()
		}
		printError(stderr, "train", fmt.Sprintf("-eval: interrupted: the table shows %d of %d samples", an.Samples, asked))
	}
	return an, nil
}

// trainReview prints the record of each seat count trained at and its
// last mistakes, newest first, each with the -eval text that shows it
// again. Every string from the file is made safe to print (the loader
// checks them too).
func trainReview(rec *drill.StatsFile, ascii bool, stdout, stderr io.Writer) int {
	out := &checkedWriter{errwrite.Writer{W: stdout}}
	// Only read: a damaged record is said and left where it is (the
	// trainer moves it aside), a newer one left for the newer klob.
	st, err := rec.Read()
	if errors.Is(err, syscall.ENOTDIR) {
		printError(stderr, "train", stateInTheWay(filepath.Dir(rec.Path), "your training record cannot be read"))
		return 1
	}
	var de *drill.DamagedError
	if errors.As(err, &de) && de.Aside == "" {
		// Said with what to do: a drill's save keeps the file aside.
		return failed(stderr, "train", fmt.Errorf("%w. klob train moves it aside and starts afresh", err))
	}
	if err != nil {
		return failed(stderr, "train", err)
	}
	if st.Total().Drills == 0 {
		fmt.Fprintln(out, "No drills yet: run klob train.")
		return out.done(stderr, "train", 0)
	}
	first := true
	for _, n := range rules.SeatCounts() {
		sec := st.Section(n)
		if sec.Drills == 0 {
			continue
		}
		if !first {
			fmt.Fprintln(out)
		}
		first = false
		printHanging(out, fmt.Sprintf("At %d players: %s", n, sec.Text()), "", "  ")
		for _, k := range drill.Kinds {
			if s, ok := sec.Kinds[k.String()]; ok && s.Drills > 0 {
				printHanging(out, s.Text(), fmt.Sprintf("  %-11s ", k), strings.Repeat(" ", 14))
			}
		}
		if len(sec.Mistakes) > 0 {
			fmt.Fprintf(out, "Your last mistakes at %d players, newest first:\n", n)
		}
		for i := len(sec.Mistakes) - 1; i >= 0; i-- {
			m := sec.Mistakes[i]
			chose, best := m.Words(ascii)
			printHanging(out, fmt.Sprintf("you: %s; best: %s; %s.", chose, best, m.Verdict().Text()),
				m.When.Local().Format("2006-01-02 15:04")+"  ", "  ")
			// The command stays on one line, to copy.
			fmt.Fprintf(out, "  klob train -eval %q\n", untrusted.Text(m.EvalText()))
		}
	}
	return out.done(stderr, "train", 0)
}

// printHanging prints text wrapped to 80 columns after first, the
// lines after the first indented by rest (both ASCII).
func printHanging(w io.Writer, text, first, rest string) {
	for i, l := range textwrap.Wrap(text, 80-max(len(first), len(rest))) {
		if i == 0 {
			fmt.Fprintf(w, "%s%s\n", first, l)
			continue
		}
		fmt.Fprintf(w, "%s%s\n", rest, l)
	}
}
