package main

import petstore "example.com/petstore-store"

// The objects live in the store both fixtures share (../store).
type store = petstore.Store

var newID = petstore.NewID

func newStore(dir string) *store { return petstore.New(dir) }
