"""The provider of `scale.py`, written in Go with terraform-plugin-framework (issue 43).

Same types, same attributes, validators, defaults, plan modifiers and nested blocks as the
Rust provider `scale.py` generates (`model_fields` and `nested_fields` there are the one
description both generators read), one package per service, as a Go team lays out a large
provider:

    go.mod                           example.com/scale: the framework and its validators
    main.go                          providerserver.Serve
    internal/common/store.go         the in-memory store the CRUD writes to
    internal/provider/provider.go    the provider: its block, and every service's types
    internal/service{k}/thing{i}.go  one resource (and every fourth, a data source)

Every file carries `nonce` in a comment, so that a new run compiles every package of the
provider again (Go's build cache is keyed on file contents) while its dependencies stay cached,
as `cargo clean -p` does on the Rust side.
"""

import shutil

FRAMEWORK = "v1.19.0"
VALIDATORS = "v0.19.0"

# Rust field type -> (Go model type, schema attribute, element type)
GO_TYPES = {
    "types::String": ("types.String", "schema.StringAttribute", None),
    "String": ("types.String", "schema.StringAttribute", None),
    "Option<String>": ("types.String", "schema.StringAttribute", None),
    "Option<i64>": ("types.Int64", "schema.Int64Attribute", None),
    "types::Int64": ("types.Int64", "schema.Int64Attribute", None),
    "Option<f64>": ("types.Float64", "schema.Float64Attribute", None),
    "Option<bool>": ("types.Bool", "schema.BoolAttribute", None),
    "Option<BTreeMap<String, String>>": ("types.Map", "schema.MapAttribute", "types.StringType"),
    "Option<Vec<String>>": ("types.List", "schema.ListAttribute", "types.StringType"),
    "Option<Vec<i64>>": ("types.List", "schema.ListAttribute", "types.Int64Type"),
}

VALIDATOR_PACKAGE = {
    "schema.StringAttribute": ("stringvalidator", "validator.String"),
    "schema.Int64Attribute": ("int64validator", "validator.Int64"),
}


def go_name(member):
    parts = member.split("_")
    name = "".join(p[:1].upper() + p[1:] for p in parts)
    return "ID" if name == "Id" else name


def parse_options(options):
    """The derive's options of a field, as a dict (`name`, flags, `length`, `range`, ...)."""
    out = {}
    depth = 0
    current = ""
    pieces = []
    for ch in options:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            pieces.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        pieces.append(current.strip())
    for piece in pieces:
        if "=" in piece:
            key, value = piece.split("=", 1)
            out[key.strip()] = value.strip()
        else:
            out[piece] = True
    return out


def attribute(member, options, rust_type, doc, data_source=False):
    """One schema attribute in Go, from a field of the Rust model."""
    o = parse_options(options)
    _, kind, element = GO_TYPES[rust_type]
    if data_source:
        kind = kind.replace("schema.", "dsschema.")
    lines = [f"{kind}{{", f"\tDescription: {go_string(doc)},"]
    if element:
        lines.append(f"\tElementType: {element},")
    default = o.get("default")
    if o.get("required"):
        lines.append("\tRequired: true,")
    if o.get("optional"):
        lines.append("\tOptional: true,")
    if o.get("computed") or default is not None:
        lines.append("\tComputed: true,")
    if default is not None:
        if default == "true" or default == "false":
            lines.append(f"\tDefault: booldefault.StaticBool({default}),")
        else:
            lines.append(f"\tDefault: int64default.StaticInt64({default.removesuffix('i64')}),")
    modifiers = []
    if o.get("stable"):
        modifiers.append(("planmodifier.String", "stringplanmodifier.UseStateForUnknown()"))
    if o.get("force_new"):
        modifiers.append(("planmodifier.String", "stringplanmodifier.RequiresReplace()"))
    if modifiers:
        lines.append(f"\tPlanModifiers: []{modifiers[0][0]}{{{', '.join(m for _, m in modifiers)}}},")
    validators = []
    if "length" in o:
        low, high = o["length"].split("..=")
        validators.append(f"stringvalidator.LengthBetween({low}, {high})")
    if "range" in o:
        low, high = o["range"].split("..=")
        validators.append(f"int64validator.Between({low}, {high})")
    if "one_of" in o:
        values = o["one_of"].strip("[]")
        validators.append(f"stringvalidator.OneOf({values})")
    if validators:
        package, interface = VALIDATOR_PACKAGE[kind]
        lines.append(f"\tValidators: []{interface}{{{', '.join(validators)}}},")
    lines.append("}")
    return "\n".join(lines)


def go_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def indent(text, tabs):
    pad = "\t" * tabs
    return "\n".join(pad + line if line else line for line in text.split("\n"))


def nested(i, name, fields, depth):
    """Model structs and the schema block of a nested block, `depth` more levels below."""
    structs = []
    members = []
    attrs = []
    for member, options, rust_type, doc in fields:
        o = parse_options(options)
        members.append(f"\t{go_name(member)} {GO_TYPES[rust_type][0]} `tfsdk:\"{o['name'].strip(chr(34))}\"`")
        attrs.append(f"{go_string(o['name'].strip(chr(34)))}: {attribute(member, options, rust_type, doc)},")
    blocks = ""
    if depth > 0:
        child = f"{name}Statement"
        child_structs, child_block = nested(i, child, fields, depth - 1)
        structs.append(child_structs)
        members.append(f"\tStatement []{child} `tfsdk:\"statement\"`")
        blocks = f"\tBlocks: map[string]schema.Block{{\n\t\t\"statement\": {indent(child_block, 2).lstrip()},\n\t}},\n"
    structs.append(f"type {name} struct {{\n" + "\n".join(members) + "\n}\n")
    block = (
        "schema.ListNestedBlock{\n"
        "\tDescription: \"The nested statement, one level down.\",\n"
        "\tNestedObject: schema.NestedBlockObject{\n"
        "\t\tAttributes: map[string]schema.Attribute{\n"
        + "\n".join(indent(a, 3) for a in attrs)
        + "\n\t\t},\n"
        + indent(blocks, 1)
        + "\t},\n}"
    )
    return "\n".join(structs), block


def resource_file(i, k, fields, rule_fields, depth, with_data_source, nonce):
    name = f"Thing{i}"
    rule_structs, rule_block = nested(i, f"{name}Rule", rule_fields, depth)
    rule_block = rule_block.replace("The nested statement, one level down.", "Its rules, one `rule` block each.", 1)
    members = []
    attrs = []
    for member, options, rust_type, doc in fields:
        if member == "rules":
            members.append(f"\tRules []{name}Rule `tfsdk:\"rule\"`")
            continue
        o = parse_options(options)
        tf_name = o["name"].strip('"')
        members.append(f"\t{go_name(member)} {GO_TYPES[rust_type][0]} `tfsdk:\"{tf_name}\"`")
        attrs.append(f"{go_string(tf_name)}: {attribute(member, options, rust_type, doc)},")
    imports = [
        '"context"',
        '"fmt"',
        "",
        '"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"',
        '"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"',
        '"github.com/hashicorp/terraform-plugin-framework/resource"',
        '"github.com/hashicorp/terraform-plugin-framework/resource/schema"',
        '"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"',
        '"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"',
        '"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"',
        '"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"',
        '"github.com/hashicorp/terraform-plugin-framework/schema/validator"',
        '"github.com/hashicorp/terraform-plugin-framework/types"',
        "",
        '"example.com/scale/internal/common"',
    ]
    if with_data_source:
        imports.insert(5, '"github.com/hashicorp/terraform-plugin-framework/datasource"')
        imports.insert(6, 'dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"')
    out = [
        f"// Resource scale_thing{i}. Generated by scripts/scale.py, run {nonce}.",
        f"package service{k}",
        "",
        "import (\n" + "\n".join("\t" + x if x else "" for x in imports) + "\n)",
        "",
        rule_structs,
        f"// {name}Model is the state of scale_thing{i}.",
        f"type {name}Model struct {{\n" + "\n".join(members) + "\n}",
        "",
        f"// {name}Resource is the scale_thing{i} resource type.",
        f"type {name}Resource struct{{ store *common.Store }}",
        "",
        f"// New{name}Resource makes the resource type.",
        f"func New{name}Resource() resource.Resource {{ return &{name}Resource{{}} }}",
        "",
        f"""func (r *{name}Resource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {{
	resp.TypeName = "scale_thing{i}"
}}

func (r *{name}Resource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {{
	resp.Schema = schema.Schema{{
		Description: "Thing {i}: a resource of ~{len(fields)} attributes.",
		Attributes: map[string]schema.Attribute{{
{indent(chr(10).join(attrs), 3)}
		}},
		Blocks: map[string]schema.Block{{
			"rule": {indent(rule_block, 3).lstrip()},
		}},
	}}
}}

func (r *{name}Resource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {{
	if req.ProviderData != nil {{
		r.store = req.ProviderData.(*common.Store)
	}}
}}

func (r *{name}Resource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {{
	var thing {name}Model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &thing)...)
	if resp.Diagnostics.HasError() {{
		return
	}}
	id := r.store.Insert("thing{i}", thing.Name.ValueString())
	thing.ID = types.StringValue(id)
	thing.Arn = types.StringValue(fmt.Sprintf("arn:scale:thing{i}/%s", id))
	thing.Region = types.StringValue("us-west")
	thing.CreatedAt = types.StringValue("2026-01-01T00:00:00Z")
	thing.UpdatedAt = types.StringValue("2026-01-01T00:00:00Z")
	thing.Version = types.Int64Value(1)
	thing.Endpoint = types.StringValue(fmt.Sprintf("https://thing{i}.example/%s", id))
	thing.Status = types.StringValue("ready")
	resp.Diagnostics.Append(resp.State.Set(ctx, &thing)...)
}}

func (r *{name}Resource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {{
	var thing {name}Model
	resp.Diagnostics.Append(req.State.Get(ctx, &thing)...)
	if resp.Diagnostics.HasError() {{
		return
	}}
	resp.Diagnostics.Append(resp.State.Set(ctx, &thing)...)
}}

func (r *{name}Resource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {{
	var thing, prior {name}Model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &thing)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {{
		return
	}}
	thing.UpdatedAt = types.StringValue("2026-01-02T00:00:00Z")
	thing.Version = types.Int64Value(prior.Version.ValueInt64() + 1)
	thing.Endpoint = prior.Endpoint
	thing.Status = types.StringValue("ready")
	resp.Diagnostics.Append(resp.State.Set(ctx, &thing)...)
}}

func (r *{name}Resource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {{
	var thing {name}Model
	resp.Diagnostics.Append(req.State.Get(ctx, &thing)...)
	if resp.Diagnostics.HasError() {{
		return
	}}
	r.store.Remove("thing{i}", thing.ID.ValueString())
}}
""",
    ]
    if with_data_source:
        out.append(data_source(i))
    return "\n".join(out)


def data_source(i):
    name = f"Thing{i}"
    return f"""// {name}LookupModel is what the scale_thing{i} data source reads.
type {name}LookupModel struct {{
	Name types.String `tfsdk:"name"`
	ID   types.String `tfsdk:"id"`
	Kind types.String `tfsdk:"kind"`
	Size types.Int64  `tfsdk:"size"`
	Tags types.Map    `tfsdk:"tags"`
}}

// {name}DataSource is the scale_thing{i} data source.
type {name}DataSource struct{{ store *common.Store }}

// New{name}DataSource makes the data source.
func New{name}DataSource() datasource.DataSource {{ return &{name}DataSource{{}} }}

func (d *{name}DataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {{
	resp.TypeName = "scale_thing{i}"
}}

func (d *{name}DataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {{
	resp.Schema = dsschema.Schema{{
		Description: "What a data source reads of thing {i}.",
		Attributes: map[string]dsschema.Attribute{{
			"name": dsschema.StringAttribute{{Description: "The thing's name.", Required: true}},
			"id":   dsschema.StringAttribute{{Description: "Its id.", Computed: true}},
			"kind": dsschema.StringAttribute{{Description: "Its kind.", Computed: true}},
			"size": dsschema.Int64Attribute{{Description: "Its size.", Computed: true}},
			"tags": dsschema.MapAttribute{{Description: "Its tags.", Computed: true, ElementType: types.StringType}},
		}},
	}}
}}

func (d *{name}DataSource) Configure(_ context.Context, req datasource.ConfigureRequest, _ *datasource.ConfigureResponse) {{
	if req.ProviderData != nil {{
		d.store = req.ProviderData.(*common.Store)
	}}
}}

func (d *{name}DataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {{
	var lookup {name}LookupModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &lookup)...)
	if resp.Diagnostics.HasError() {{
		return
	}}
	lookup.ID = types.StringValue(d.store.Find("thing{i}", lookup.Name.ValueString()))
	lookup.Kind = types.StringValue("standard")
	lookup.Size = types.Int64Value(10)
	lookup.Tags = types.MapValueMust(types.StringType, nil)
	resp.Diagnostics.Append(resp.State.Set(ctx, &lookup)...)
}}
"""


STORE = """// Package common holds what every service of the scale provider shares.
package common

import (
	"fmt"
	"strings"
	"sync"
)

// Store keeps names by id, in memory: what the trivial CRUD writes to.
type Store struct {
	mu     sync.Mutex
	things map[string]string
}

// NewStore makes an empty store.
func NewStore() *Store { return &Store{things: map[string]string{}} }

// Insert keeps name of kind and returns its new id.
func (s *Store) Insert(kind, name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := fmt.Sprintf("%s-%d", kind, len(s.things)+1)
	s.things[id] = name
	return id
}

// Find returns the id of a kind named name, or "".
func (s *Store) Find(kind, name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, n := range s.things {
		if strings.HasPrefix(id, kind) && n == name {
			return id
		}
	}
	return ""
}

// Remove forgets id.
func (s *Store) Remove(_ string, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.things, id)
}
"""


def provider_file(services):
    imports = "\n".join(f'\t"example.com/scale/internal/service{k}"' for k in range(services))
    resources = "\n".join(f"\tout = append(out, service{k}.Resources()...)" for k in range(services))
    data_sources = "\n".join(f"\tout = append(out, service{k}.DataSources()...)" for k in range(services))
    return f"""// Package provider is the scale provider: its block, and every service's types.
package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"example.com/scale/internal/common"
{imports}
)

type scaleProvider struct{{ store *common.Store }}

type scaleConfig struct {{
	Region types.String `tfsdk:"region"`
}}

// New makes the provider.
func New() provider.Provider {{ return &scaleProvider{{store: common.NewStore()}} }}

func (p *scaleProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {{
	resp.TypeName = "scale"
}}

func (p *scaleProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {{
	resp.Schema = schema.Schema{{
		Attributes: map[string]schema.Attribute{{
			"region": schema.StringAttribute{{Description: "The region things are made in.", Optional: true}},
		}},
	}}
}}

func (p *scaleProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {{
	var config scaleConfig
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	resp.ResourceData = p.store
	resp.DataSourceData = p.store
}}

func (p *scaleProvider) Resources(_ context.Context) []func() resource.Resource {{
	var out []func() resource.Resource
{resources}
	return out
}}

func (p *scaleProvider) DataSources(_ context.Context) []func() datasource.DataSource {{
	var out []func() datasource.DataSource
{data_sources}
	return out
}}
"""


def service_file(k, indices, nonce):
    resources = "\n".join(f"\t\tNewThing{i}Resource," for i in indices)
    data_sources = "\n".join(f"\t\tNewThing{i}DataSource," for i in indices if i % 4 == 0)
    return f"""// Package service{k} is one service of the scale provider. Generated, run {nonce}.
package service{k}

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Resources lists this service's resource types.
func Resources() []func() resource.Resource {{
	return []func() resource.Resource{{
{resources}
	}}
}}

// DataSources lists this service's data sources.
func DataSources() []func() datasource.DataSource {{
	return []func() datasource.DataSource{{
{data_sources}
	}}
}}
"""


MAIN = """// The scale provider in Go, generated by scripts/scale.py.
package main

import (
	"context"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"example.com/scale/internal/provider"
)

func main() {
	err := providerserver.Serve(context.Background(), provider.New, providerserver.ServeOpts{
		Address: "registry.terraform.io/example/scale",
	})
	if err != nil {
		log.Fatal(err)
	}
}
"""


def generate(directory, n, services, fields_of, rule_fields, depth_of, nonce):
    """Writes the Go provider of n resources in `services` packages; returns thing0's file.

    `fields_of(i)` gives resource i's fields as (member, options, Rust type, doc), the Rust
    generator's own list; `depth_of(i)` how many levels of `statement` blocks lie below its
    `rule` block."""
    keep = {"go.sum"}
    if directory.exists():
        for child in directory.iterdir():
            if child.name not in keep:
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "go.mod").write_text(
        "module example.com/scale\n\ngo 1.25.0\n\nrequire (\n"
        f"\tgithub.com/hashicorp/terraform-plugin-framework {FRAMEWORK}\n"
        f"\tgithub.com/hashicorp/terraform-plugin-framework-validators {VALIDATORS}\n)\n"
    )
    (directory / "main.go").write_text(MAIN)
    write(directory / "internal/common/store.go", STORE)
    write(directory / "internal/provider/provider.go", provider_file(services))
    per = (n + services - 1) // services
    for k in range(services):
        indices = range(k * per, min(n, (k + 1) * per))
        write(directory / f"internal/service{k}/service.go", service_file(k, indices, nonce))
        for i in indices:
            write(
                directory / f"internal/service{k}/thing{i}.go",
                resource_file(i, k, fields_of(i), rule_fields, depth_of(i), i % 4 == 0, nonce),
            )
    return directory / "internal/service0/thing0.go"


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def edit(text):
    """The two-line edit of `scale.py`, in Go: a description and a string literal."""
    return text.replace('"The thing\'s name."', '"The thing\'s name (edited)."', 1).replace(
        'types.StringValue("ready")', 'types.StringValue("ready, edited")', 1
    )

