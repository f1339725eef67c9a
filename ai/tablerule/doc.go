// Package tablerule is the normal bot's judgement at tables of three
// and four players (it plays two as well): rules of thumb read from one
// seat's rules.View alone, for every decision of a deal. Its bids are
// package handvalue's fitted models.
//
// It is a package of its own because two users share it: the easy,
// normal and hard bots of package ai, and package eval, which plays the
// decisions after the one it evaluates with it at three and four
// players, so that the evaluation's players see only their own views.
package tablerule
