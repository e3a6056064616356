// A small provider on terraform-plugin-sdk/v2 (plugin protocol 5): the Go side of the
// migration tests for providers written with the older SDK. A Rust front
// (examples/terraform-provider-petstore, with this build beside it) serves some of its types
// itself, speaks protocol 6 to Terraform, and forwards the rest here in protocol 5.
//
// Objects live as JSON files under the directory named by the provider's `directory`
// attribute (or PETSTORE_DIR), as in the framework fixture.
package main

import (
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-sdk/v2/plugin"
)

func main() {
	// Tests count the processes started: each start appends its pid to PETSTORE_STARTS.
	if starts := os.Getenv("PETSTORE_STARTS"); starts != "" {
		if f, err := os.OpenFile(starts, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintln(f, os.Getpid())
			f.Close()
		}
	}
	plugin.Serve(&plugin.ServeOpts{ProviderFunc: newProvider})
}
