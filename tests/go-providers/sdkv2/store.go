package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// store keeps each object as DIR/KIND/ID.json.
type store struct{ dir string }

func newID(kind string) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return kind + "-" + hex.EncodeToString(b)
}

func (s *store) path(kind, id string) string {
	return filepath.Join(s.dir, kind, id+".json")
}

func (s *store) put(kind, id string, object any) error {
	if err := os.MkdirAll(filepath.Join(s.dir, kind), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(object, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(s.path(kind, id), data, 0o644)
}

// get reads an object; found is false when it does not exist.
func (s *store) get(kind, id string, object any) (found bool, err error) {
	data, err := os.ReadFile(s.path(kind, id))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(data, object)
}

func (s *store) remove(kind, id string) error {
	err := os.Remove(s.path(kind, id))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// ids lists the objects of a kind, sorted.
func (s *store) ids(kind string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, kind))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, entry := range entries {
		if name, ok := strings.CutSuffix(entry.Name(), ".json"); ok {
			ids = append(ids, name)
		}
	}
	sort.Strings(ids)
	return ids, nil
}
