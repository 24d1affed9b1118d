package skillreport

import (
	"encoding/json"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/formats"
)

// Field is the "skill" field a command adds to its JSON object: each
// axis, with what it judges ("answer": skill.Answer's values: side a's
// win share, the first mover's on a mirrored battle that counts it, or a
// comparison's effect), the mirror ("mirror": how side b is side a's
// mirror when the battle is mirrored at every level, else null) and the
// answer about the sides it gives ("sides", skill.Axis.Sides, else null),
// its levels (each with the first mover's win share, "first_mover", on an
// axis that judges it, else null), its move and the move's 95 % interval
// (move_lo, move_hi: the move itself when exact), its verdict
// ("sensitive", "holds" or "undecided"), whether it is sensitive (true
// only when shown: the verdict "sensitive"), its flag, and its note (null
// unless the levels are styles of play or the battle is mirrored with no
// first mover's count, skill.Axis.Note).
func Field(axes []*skill.Axis) formats.Field {
	objs := make([]formats.Object, len(axes))
	for i, a := range axes {
		objs[i] = axisObject(a)
	}
	return formats.Field{Key: "skill", Val: objs}
}

// With returns o (a command's JSON object, formats.Object) with the
// axes' field appended; o itself when there are none.
func With(o json.Marshaler, axes []*skill.Axis) json.Marshaler {
	obj, ok := o.(formats.Object)
	if len(axes) == 0 || !ok {
		return o
	}
	return append(obj[:len(obj):len(obj)], Field(axes))
}

func axisObject(a *skill.Axis) formats.Object {
	levels := make([]formats.Object, len(a.Levels))
	for i, l := range a.Levels {
		var first any
		if l.FirstMover != nil {
			first = estimateObject(*l.FirstMover)
		}
		o := formats.Object{{Key: "player", Val: l.Policy}, {Key: "exact", Val: l.Exact}, {Key: "answer", Val: l.Answer()},
			{Key: "win_a", Val: estimateObject(l.Win[0])}, {Key: "win_b", Val: estimateObject(l.Win[1])}, {Key: "first_mover", Val: first}}
		if l.Base != nil {
			o = append(o, formats.Field{Key: "base_win_a", Val: estimateObject(l.Base[0])}, formats.Field{Key: "base_win_b", Val: estimateObject(l.Base[1])})
		}
		levels[i] = o
	}
	lo, hi := a.MoveInterval()
	o := formats.Object{{Key: "scenario", Val: a.Scenario}, {Key: "labels", Val: a.Labels}, {Key: "answer", Val: string(a.Answer())},
		{Key: "mirror", Val: formats.Nullable(a.Mirror)}, {Key: "sides", Val: formats.Nullable(a.Sides())}}
	if a.Effect != "" {
		o = append(o, formats.Field{Key: "effect", Val: a.Effect})
	}
	return append(o, formats.Field{Key: "levels", Val: levels}, formats.Field{Key: "threshold", Val: a.Threshold},
		formats.Field{Key: "move", Val: a.Move()}, formats.Field{Key: "move_lo", Val: lo}, formats.Field{Key: "move_hi", Val: hi},
		formats.Field{Key: "verdict", Val: string(a.Verdict())}, formats.Field{Key: "sensitive", Val: a.Sensitive()}, formats.Field{Key: "flag", Val: formats.Nullable(a.Flag())},
		formats.Field{Key: "note", Val: formats.Nullable(a.Note())})
}

func estimateObject(e analysis.Estimate) formats.Object {
	return formats.Object{{Key: "estimate", Val: e.Value}, {Key: "lo", Val: e.Lo}, {Key: "hi", Val: e.Hi}, {Key: "trials", Val: e.Trials}}
}
