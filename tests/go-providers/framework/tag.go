//go:build !rust_tag

package main

// petstore_tag is served here until it moves to Rust: built with `-tags rust_tag`, this
// provider no longer has it.
func init() { resources = append(resources, newTag) }
