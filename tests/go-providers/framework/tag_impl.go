package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// petstore_tag: the type the tests move from Go to Rust with its state.
type tagResource struct{ store *store }

type tagModel struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Color  types.String `tfsdk:"color"`
	Labels types.Map    `tfsdk:"labels"`
	Rules  []ruleModel  `tfsdk:"rule"`
}

type ruleModel struct {
	Pattern types.String `tfsdk:"pattern"`
	Weight  types.Int64  `tfsdk:"weight"`
}

type tagObject struct {
	Name   string            `json:"name"`
	Color  *string           `json:"color"`
	Labels map[string]string `json:"labels"`
	Rules  []rule            `json:"rules"`
}

type rule struct {
	Pattern string `json:"pattern"`
	Weight  *int64 `json:"weight"`
}

func newTag() resource.Resource { return &tagResource{} }

func (r *tagResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_tag"
}

func (r *tagResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A tag for pets.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Description:   "The tag's id.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Description:   "The tag's name; another name replaces the tag.",
				Required:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"color":  schema.StringAttribute{Optional: true},
			"labels": schema.MapAttribute{ElementType: types.StringType, Optional: true, Sensitive: true},
		},
		Blocks: map[string]schema.Block{
			"rule": schema.SetNestedBlock{
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"pattern": schema.StringAttribute{Required: true},
						"weight":  schema.Int64Attribute{Optional: true},
					},
				},
			},
		},
	}
}

func (r *tagResource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	if req.ProviderData != nil {
		r.store = req.ProviderData.(*store)
	}
}

func (m *tagModel) object(ctx context.Context) (tagObject, error) {
	object := tagObject{Name: m.Name.ValueString(), Color: m.Color.ValueStringPointer()}
	if !m.Labels.IsNull() {
		if diags := m.Labels.ElementsAs(ctx, &object.Labels, false); diags.HasError() {
			return object, errorOf(diags)
		}
	}
	for _, r := range m.Rules {
		object.Rules = append(object.Rules, rule{Pattern: r.Pattern.ValueString(), Weight: r.Weight.ValueInt64Pointer()})
	}
	return object, nil
}

func (m *tagModel) fill(id string, object tagObject) {
	m.ID = types.StringValue(id)
	m.Name = types.StringValue(object.Name)
	m.Color = types.StringPointerValue(object.Color)
	if object.Labels == nil {
		m.Labels = types.MapNull(types.StringType)
	} else {
		m.Labels, _ = types.MapValueFrom(context.Background(), types.StringType, object.Labels)
	}
	m.Rules = nil
	for _, r := range object.Rules {
		m.Rules = append(m.Rules, ruleModel{Pattern: types.StringValue(r.Pattern), Weight: types.Int64PointerValue(r.Weight)})
	}
}

func (r *tagResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan tagModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	object, err := plan.object(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid tag", err.Error())
		return
	}
	id := newID("tag")
	if err := r.store.Put("tag", id, object); err != nil {
		resp.Diagnostics.AddError("Cannot store the tag", err.Error())
		return
	}
	plan.fill(id, object)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *tagResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state tagModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var object tagObject
	found, err := r.store.Get("tag", state.ID.ValueString(), &object)
	if err != nil {
		resp.Diagnostics.AddError("Cannot read the tag", err.Error())
		return
	}
	if !found {
		resp.State.RemoveResource(ctx)
		return
	}
	state.fill(state.ID.ValueString(), object)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *tagResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan tagModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	object, err := plan.object(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid tag", err.Error())
		return
	}
	if err := r.store.Put("tag", plan.ID.ValueString(), object); err != nil {
		resp.Diagnostics.AddError("Cannot store the tag", err.Error())
		return
	}
	plan.fill(plan.ID.ValueString(), object)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *tagResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state tagModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if err := r.store.Remove("tag", state.ID.ValueString()); err != nil {
		resp.Diagnostics.AddError("Cannot delete the tag", err.Error())
	}
}

func (r *tagResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}
