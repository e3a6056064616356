package main

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// petstore_pets: the names of the pets in the store.
type petsDataSource struct{ store *store }

type petsModel struct {
	Species types.String `tfsdk:"species"`
	Names   types.List   `tfsdk:"names"`
}

func newPetsDataSource() datasource.DataSource { return &petsDataSource{} }

func (d *petsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_pets"
}

func (d *petsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The pets in the store.",
		Attributes: map[string]schema.Attribute{
			"species": schema.StringAttribute{Optional: true, Description: "Only pets of this species."},
			"names":   schema.ListAttribute{ElementType: types.StringType, Computed: true},
		},
	}
}

func (d *petsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, _ *datasource.ConfigureResponse) {
	if req.ProviderData != nil {
		d.store = req.ProviderData.(*store)
	}
}

func (d *petsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var config petsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ids, err := d.store.IDs("pet")
	if err != nil {
		resp.Diagnostics.AddError("Cannot list the pets", err.Error())
		return
	}
	names := []string{}
	for _, id := range ids {
		var object petObject
		if found, err := d.store.Get("pet", id, &object); err == nil && found {
			if config.Species.IsNull() || config.Species.ValueString() == object.Species {
				names = append(names, object.Name)
			}
		}
	}
	list, diags := types.ListValueFrom(ctx, types.StringType, names)
	resp.Diagnostics.Append(diags...)
	config.Names = list
	resp.Diagnostics.Append(resp.State.Set(ctx, &config)...)
}

// errorOf turns the framework's diagnostics into an error.
func errorOf(diags diag.Diagnostics) error {
	for _, d := range diags.Errors() {
		return errors.New(d.Summary() + ": " + d.Detail())
	}
	return nil
}
