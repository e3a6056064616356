// A small provider on terraform-plugin-framework (plugin protocol 6): the Go side of the
// migration tests. A Rust front (examples/terraform-provider-petstore) serves some of its
// types itself and forwards the rest here.
//
// Objects live as JSON files under the directory named by the provider's `directory`
// attribute (or PETSTORE_DIR), so that the Go and Rust implementations of a type share one
// "cloud".
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

func main() {
	// Tests count the processes started: each start appends its pid to PETSTORE_STARTS.
	if starts := os.Getenv("PETSTORE_STARTS"); starts != "" {
		if f, err := os.OpenFile(starts, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintln(f, os.Getpid())
			f.Close()
		}
	}
	err := providerserver.Serve(context.Background(), newProvider, providerserver.ServeOpts{
		Address: "registry.terraform.io/example/petstore",
	})
	if err != nil {
		log.Fatal(err)
	}
}
