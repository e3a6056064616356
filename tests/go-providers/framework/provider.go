package main

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// resources lists the resource types this build serves; tag.go adds petstore_tag unless the
// build has the tag `rust_tag` (the type has moved to Rust).
var resources = []func() resource.Resource{newPet}

// providerAttributes is the provider block's schema; provider_region.go adds `region` when
// built with the tag `other_schema` (a provider schema the Rust front does not have).
var providerAttributes = map[string]schema.Attribute{
	"directory": schema.StringAttribute{
		Description: "Where the store keeps its objects (default: PETSTORE_DIR).",
		Optional:    true,
	},
}

type petstoreProvider struct{}

type providerModel struct {
	Directory types.String `tfsdk:"directory"`
}

func newProvider() provider.Provider { return &petstoreProvider{} }

func (p *petstoreProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "petstore"
}

func (p *petstoreProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A pet store kept in a directory of JSON files.",
		Attributes:  providerAttributes,
	}
}

func (p *petstoreProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var config providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	dir := config.Directory.ValueString()
	if dir == "" {
		dir = os.Getenv("PETSTORE_DIR")
	}
	if dir == "" {
		resp.Diagnostics.AddError("No store directory", "Set `directory` or PETSTORE_DIR.")
		return
	}
	store := newStore(dir)
	resp.ResourceData = store
	resp.DataSourceData = store
}

func (p *petstoreProvider) Resources(context.Context) []func() resource.Resource {
	return resources
}

func (p *petstoreProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{newPetsDataSource}
}

func (p *petstoreProvider) Functions(context.Context) []func() function.Function {
	return []func() function.Function{newSlugFunction}
}
