package program

import (
	"reflect"
	"slices"
	"strconv"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// lang is the vocabulary of a rules file's expressions: the Go types expr
// checks them against, built once per compile from the file's stats,
// tracks, side tracks and options.
type lang struct {
	Stats      []string // the stats, hp first
	Tracks     []string // per-unit tracks
	SideTracks []string
	SideValues []string
	options    []optionVal
	unitType   reflect.Type // what self, target and other are
	sideType   reflect.Type // what side and enemy are
	optType    reflect.Type // what options is
	// units are unitFields' names, listed once: a compile looks them up
	// for every unit member its expressions read
	units []string
}

// optionVal is an option in force and how expressions see it.
type optionVal struct {
	Name  string // as declared (hyphens)
	Field string // as expressions read it (underscores)
	Kind  reflect.Kind
	Int   int64
	Bool  bool
	Str   string
}

// unit view fields besides stats and tracks.
const (
	UHP    = "hp"     // hit points left
	UMaxHP = "max_hp" // the hp stat
	UAlive = "alive"
	USide  = "side"
	UType  = "type"
)

// field makes a struct field expr reads under name.
func field(i int, name string, t reflect.Type) reflect.StructField {
	return reflect.StructField{Name: "F" + strconv.Itoa(i), Type: t, Tag: reflect.StructTag(`expr:"` + name + `"`)}
}

var (
	intT    = reflect.TypeFor[int]()
	boolT   = reflect.TypeFor[bool]()
	stringT = reflect.TypeFor[string]()
)

func newLang(stats, tracks, sideTracks, sideValues []string, opts []optionVal) *lang {
	l := &lang{Stats: stats, Tracks: tracks, SideTracks: sideTracks, SideValues: sideValues, options: opts}
	l.units = l.listUnitFields()
	var uf []reflect.StructField
	for _, s := range stats {
		name := s
		if s == "hp" {
			name = UMaxHP
		}
		uf = append(uf, field(len(uf), document.ExprName(name), intT))
	}
	for _, t := range tracks {
		uf = append(uf, field(len(uf), document.ExprName(t), intT))
	}
	uf = append(uf, field(len(uf), UHP, intT), field(len(uf)+1, UAlive, boolT), field(len(uf)+2, USide, stringT), field(len(uf)+3, UType, stringT))
	l.unitType = reflect.StructOf(uf)
	var sf []reflect.StructField
	for _, a := range document.SideAggregates {
		sf = append(sf, field(len(sf), a.Name, intT))
	}
	for _, t := range sideTracks {
		sf = append(sf, field(len(sf), document.ExprName(t), intT))
	}
	sf = append(sf, field(len(sf), "name", stringT))
	for _, v := range sideValues {
		sf = append(sf, field(len(sf), document.ExprName(v), intT))
	}
	l.sideType = reflect.StructOf(sf)
	var of []reflect.StructField
	for _, o := range opts {
		t := intT
		switch o.Kind {
		case reflect.Bool:
			t = boolT
		case reflect.String:
			t = stringT
		}
		of = append(of, field(len(of), o.Field, t))
	}
	l.optType = reflect.StructOf(of)
	return l
}

// NameIndex returns the index of name in a list of declared names, a
// hyphen and an underscore taken as the same (the file refuses two names
// that differ only so), or −1.
func NameIndex(list []string, name string) int {
	x := document.ExprName(name)
	return slices.IndexFunc(list, func(s string) bool { return document.ExprName(s) == x })
}

// UnitFields lists the names a unit view has, as expressions and hooks
// read them, for did-you-mean.
// The list is the lang's: an append to it copies it.
func (l *lang) UnitFields() []string { return slices.Clip(l.units) }

// listUnitFields lists unitFields' names.
func (l *lang) listUnitFields() []string {
	var out []string
	for _, s := range l.Stats {
		if s == "hp" {
			out = append(out, UMaxHP)
			continue
		}
		out = append(out, document.ExprName(s))
	}
	for _, t := range l.Tracks {
		out = append(out, document.ExprName(t))
	}
	return append(out, UHP, UAlive, USide, UType)
}

func (l *lang) SideFields() []string {
	var out []string
	for _, a := range document.SideAggregates {
		out = append(out, a.Name)
	}
	for _, t := range l.SideTracks {
		out = append(out, document.ExprName(t))
	}
	out = append(out, "name")
	for _, v := range l.SideValues {
		out = append(out, document.ExprName(v))
	}
	return out
}

func (l *lang) optionFields() []string {
	out := make([]string, len(l.options))
	for i, o := range l.options {
		out[i] = o.Field
	}
	return out
}

// Indexes of fighter.agg, as sideAggregates orders them.
const (
	AggAlive = iota
	AggHP
	AggArmed
	AggLost // worked out, not kept
)
