//go:build other_schema

package main

import "github.com/hashicorp/terraform-plugin-framework/provider/schema"

// Built with `-tags other_schema`, the provider block has a `region` the Rust front lacks.
func init() {
	providerAttributes["region"] = schema.StringAttribute{Optional: true}
}
