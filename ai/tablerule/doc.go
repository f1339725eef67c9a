// Package tablerule is the normal table bot's judgement at tables of
// two, three and four players (rules.Deal): rules of thumb read from
// one seat's rules.View alone, for every decision of a deal (the
// bids, the declarations and the cards given in them, the dix exchange,
// each word of the sequence dialogue, each card, bella and the menage).
//
// It is a package of its own because two users share it: the easy,
// normal and hard table bots of package ai (hard bids like normal), and
// package eval, which plays the decisions after the one it evaluates
// with it (eval.EvaluateTable), so that the evaluation's players see
// only their own views.
package tablerule
