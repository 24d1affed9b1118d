package workbench

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// refusal is an error a request gets as its answer, with its HTTP status.
type refusal struct {
	status int
	msg    string
}

func (e *refusal) Error() string { return e.msg }

func refuse(status int, format string, args ...any) error {
	return &refusal{status, fmt.Sprintf(format, args...)}
}

// reply writes v as the JSON answer of a request.
func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// fail answers a request with err: its status for a refusal, 400 for
// anything else (an input the request carried), as {"error": message}.
func fail(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	var ref *refusal
	if errors.As(err, &ref) {
		status = ref.status
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}
