package main

import (
	"context"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// petstore_pet: a nested block, a set, a sensitive and computed attributes.
type petResource struct{ store *store }

type petModel struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Species   types.String `tfsdk:"species"`
	Secret    types.String `tfsdk:"secret"`
	Nicknames types.Set    `tfsdk:"nicknames"`
	OwnerID   types.String `tfsdk:"owner_id"`
	CreatedAt types.String `tfsdk:"created_at"`
	Toys      []toyModel   `tfsdk:"toy"`
}

type toyModel struct {
	Name  types.String `tfsdk:"name"`
	Color types.String `tfsdk:"color"`
}

// petObject is what the store keeps.
type petObject struct {
	Name      string   `json:"name"`
	Species   string   `json:"species"`
	Secret    *string  `json:"secret"`
	Nicknames []string `json:"nicknames"`
	OwnerID   *string  `json:"owner_id"`
	CreatedAt string   `json:"created_at"`
	Toys      []toy    `json:"toys"`
}

type toy struct {
	Name  string  `json:"name"`
	Color *string `json:"color"`
}

func newPet() resource.Resource { return &petResource{} }

func (r *petResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_pet"
}

func (r *petResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A pet.",
		Version:     1,
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Description:   "The pet's id.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{Description: "The pet's name.", Required: true},
			"species": schema.StringAttribute{
				Optional: true, Computed: true, Default: stringdefault.StaticString("dog"),
			},
			"secret":    schema.StringAttribute{Optional: true, Sensitive: true},
			"nicknames": schema.SetAttribute{ElementType: types.StringType, Optional: true},
			"owner_id":  schema.StringAttribute{Optional: true, DeprecationMessage: "Owners will be kept by the owner."},
			"created_at": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
		Blocks: map[string]schema.Block{
			"toy": schema.ListNestedBlock{
				Description: "A toy of the pet.",
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"name":  schema.StringAttribute{Required: true},
						"color": schema.StringAttribute{Optional: true},
					},
				},
			},
		},
	}
}

func (r *petResource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	if req.ProviderData != nil {
		r.store = req.ProviderData.(*store)
	}
}

func (m *petModel) object(ctx context.Context) (petObject, error) {
	object := petObject{
		Name:      m.Name.ValueString(),
		Species:   m.Species.ValueString(),
		Secret:    m.Secret.ValueStringPointer(),
		OwnerID:   m.OwnerID.ValueStringPointer(),
		CreatedAt: m.CreatedAt.ValueString(),
	}
	if !m.Nicknames.IsNull() {
		if diags := m.Nicknames.ElementsAs(ctx, &object.Nicknames, false); diags.HasError() {
			return object, errorOf(diags)
		}
	}
	for _, t := range m.Toys {
		object.Toys = append(object.Toys, toy{Name: t.Name.ValueString(), Color: t.Color.ValueStringPointer()})
	}
	return object, nil
}

func (m *petModel) fill(id string, object petObject) {
	m.ID = types.StringValue(id)
	m.Name = types.StringValue(object.Name)
	m.Species = types.StringValue(object.Species)
	m.Secret = types.StringPointerValue(object.Secret)
	m.OwnerID = types.StringPointerValue(object.OwnerID)
	m.CreatedAt = types.StringValue(object.CreatedAt)
	if object.Nicknames == nil {
		m.Nicknames = types.SetNull(types.StringType)
	} else {
		m.Nicknames, _ = types.SetValueFrom(context.Background(), types.StringType, object.Nicknames)
	}
	m.Toys = nil
	for _, t := range object.Toys {
		m.Toys = append(m.Toys, toyModel{Name: types.StringValue(t.Name), Color: types.StringPointerValue(t.Color)})
	}
}

func (r *petResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan petModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// A pet whose name starts with "slow" takes its time: the tests end the process meanwhile.
	if strings.HasPrefix(plan.Name.ValueString(), "slow") {
		if marker := os.Getenv("PETSTORE_SLOW_MARKER"); marker != "" {
			_ = os.WriteFile(marker, []byte("creating"), 0o644)
		}
		time.Sleep(60 * time.Second)
	}
	plan.CreatedAt = types.StringValue("2026-01-01T00:00:00Z")
	object, err := plan.object(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid pet", err.Error())
		return
	}
	id := newID("pet")
	if err := r.store.Put("pet", id, object); err != nil {
		resp.Diagnostics.AddError("Cannot store the pet", err.Error())
		return
	}
	plan.fill(id, object)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *petResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state petModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var object petObject
	found, err := r.store.Get("pet", state.ID.ValueString(), &object)
	if err != nil {
		resp.Diagnostics.AddError("Cannot read the pet", err.Error())
		return
	}
	if !found {
		resp.State.RemoveResource(ctx)
		return
	}
	state.fill(state.ID.ValueString(), object)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *petResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan petModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	object, err := plan.object(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid pet", err.Error())
		return
	}
	if err := r.store.Put("pet", plan.ID.ValueString(), object); err != nil {
		resp.Diagnostics.AddError("Cannot store the pet", err.Error())
		return
	}
	plan.fill(plan.ID.ValueString(), object)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *petResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state petModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if err := r.store.Remove("pet", state.ID.ValueString()); err != nil {
		resp.Diagnostics.AddError("Cannot delete the pet", err.Error())
	}
}

func (r *petResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}
