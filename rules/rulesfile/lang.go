package rulesfile

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
	stats      []string // the stats, hp first
	tracks     []string // per-unit tracks
	sideTracks []string
	sideValues []string
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
	uHP    = "hp"     // hit points left
	uMaxHP = "max_hp" // the hp stat
	uAlive = "alive"
	uSide  = "side"
	uType  = "type"
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
	l := &lang{stats: stats, tracks: tracks, sideTracks: sideTracks, sideValues: sideValues, options: opts}
	l.units = l.listUnitFields()
	var uf []reflect.StructField
	for _, s := range stats {
		name := s
		if s == "hp" {
			name = uMaxHP
		}
		uf = append(uf, field(len(uf), document.ExprName(name), intT))
	}
	for _, t := range tracks {
		uf = append(uf, field(len(uf), document.ExprName(t), intT))
	}
	uf = append(uf, field(len(uf), uHP, intT), field(len(uf)+1, uAlive, boolT), field(len(uf)+2, uSide, stringT), field(len(uf)+3, uType, stringT))
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

// nameIndex returns the index of name in a list of declared names, a
// hyphen and an underscore taken as the same (the file refuses two names
// that differ only so), or −1.
func nameIndex(list []string, name string) int {
	x := document.ExprName(name)
	return slices.IndexFunc(list, func(s string) bool { return document.ExprName(s) == x })
}

// unitFields lists the names a unit view has, as expressions and hooks
// read them, for did-you-mean.
// The list is the lang's: an append to it copies it.
func (l *lang) unitFields() []string { return slices.Clip(l.units) }

// listUnitFields lists unitFields' names.
func (l *lang) listUnitFields() []string {
	var out []string
	for _, s := range l.stats {
		if s == "hp" {
			out = append(out, uMaxHP)
			continue
		}
		out = append(out, document.ExprName(s))
	}
	for _, t := range l.tracks {
		out = append(out, document.ExprName(t))
	}
	return append(out, uHP, uAlive, uSide, uType)
}

func (l *lang) sideFields() []string {
	var out []string
	for _, a := range document.SideAggregates {
		out = append(out, a.Name)
	}
	for _, t := range l.sideTracks {
		out = append(out, document.ExprName(t))
	}
	out = append(out, "name")
	for _, v := range l.sideValues {
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
