// Package store keeps the petstore fixtures' objects as JSON files, DIR/KIND/ID.json: the
// "cloud" the Go providers (framework and SDKv2) and the Rust front share.
package store

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

// Store keeps each object as DIR/KIND/ID.json.
type Store struct{ dir string }

// New is the store in dir.
func New(dir string) *Store { return &Store{dir: dir} }

// NewID is a fresh id for an object of kind.
func NewID(kind string) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return kind + "-" + hex.EncodeToString(b)
}

func (s *Store) path(kind, id string) string {
	return filepath.Join(s.dir, kind, id+".json")
}

// Put writes an object.
func (s *Store) Put(kind, id string, object any) error {
	if err := os.MkdirAll(filepath.Join(s.dir, kind), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(object, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(s.path(kind, id), data, 0o644)
}

// Get reads an object; found is false when it does not exist.
func (s *Store) Get(kind, id string, object any) (found bool, err error) {
	data, err := os.ReadFile(s.path(kind, id))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(data, object)
}

// Remove deletes an object; one that does not exist is no error.
func (s *Store) Remove(kind, id string) error {
	err := os.Remove(s.path(kind, id))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// IDs lists the objects of a kind, sorted.
func (s *Store) IDs(kind string) ([]string, error) {
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
