package rulestest

// CounterName exposes counterName to the tests.
var CounterName = counterName

// ResultLine exposes resultLine to the tests.
var ResultLine = resultLine
