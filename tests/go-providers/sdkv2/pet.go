package main

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// petstore_pet: a list block, a one-element block (MaxItems 1, SDKv2's single object), a set,
// sensitive and computed attributes, import by id.
func petResource() *schema.Resource {
	return &schema.Resource{
		Description:   "A pet.",
		SchemaVersion: 1,
		CreateContext: createPet,
		ReadContext:   readPet,
		UpdateContext: updatePet,
		DeleteContext: deletePet,
		Importer: &schema.ResourceImporter{
			StateContext: schema.ImportStatePassthroughContext,
		},
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Required: true, Description: "The pet's name."},
			"species":    {Type: schema.TypeString, Optional: true, Default: "dog"},
			"secret":     {Type: schema.TypeString, Optional: true, Sensitive: true},
			"nicknames":  {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"owner_id":   {Type: schema.TypeString, Optional: true},
			"created_at": {Type: schema.TypeString, Computed: true},
			"toy": {
				Type:        schema.TypeList,
				Optional:    true,
				Description: "A toy of the pet.",
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"name":  {Type: schema.TypeString, Required: true},
					"color": {Type: schema.TypeString, Optional: true},
				}},
			},
			"collar": {
				Type:     schema.TypeList,
				Optional: true,
				MaxItems: 1,
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"size": {Type: schema.TypeInt, Required: true},
				}},
			},
		},
	}
}

// petObject is what the store keeps: the framework fixture's form, and a collar.
type petObject struct {
	Name      string   `json:"name"`
	Species   string   `json:"species"`
	Secret    *string  `json:"secret"`
	Nicknames []string `json:"nicknames"`
	OwnerID   *string  `json:"owner_id"`
	CreatedAt string   `json:"created_at"`
	Toys      []toy    `json:"toys"`
	Collar    *int     `json:"collar"`
}

type toy struct {
	Name  string  `json:"name"`
	Color *string `json:"color"`
}

func optional(d *schema.ResourceData, key string) *string {
	if v, ok := d.GetOk(key); ok {
		s := v.(string)
		return &s
	}
	return nil
}

func objectOf(d *schema.ResourceData) petObject {
	object := petObject{
		Name:    d.Get("name").(string),
		Species: d.Get("species").(string),
		Secret:  optional(d, "secret"),
		OwnerID: optional(d, "owner_id"),
	}
	for _, n := range d.Get("nicknames").(*schema.Set).List() {
		object.Nicknames = append(object.Nicknames, n.(string))
	}
	for _, t := range d.Get("toy").([]any) {
		m := t.(map[string]any)
		item := toy{Name: m["name"].(string)}
		if c := m["color"].(string); c != "" {
			item.Color = &c
		}
		object.Toys = append(object.Toys, item)
	}
	if collars := d.Get("collar").([]any); len(collars) == 1 && collars[0] != nil {
		size := collars[0].(map[string]any)["size"].(int)
		object.Collar = &size
	}
	return object
}

func fill(d *schema.ResourceData, object petObject) {
	_ = d.Set("name", object.Name)
	_ = d.Set("species", object.Species)
	_ = d.Set("secret", object.Secret)
	_ = d.Set("owner_id", object.OwnerID)
	_ = d.Set("created_at", object.CreatedAt)
	_ = d.Set("nicknames", object.Nicknames)
	var toys []any
	for _, t := range object.Toys {
		m := map[string]any{"name": t.Name, "color": ""}
		if t.Color != nil {
			m["color"] = *t.Color
		}
		toys = append(toys, m)
	}
	_ = d.Set("toy", toys)
	var collars []any
	if object.Collar != nil {
		collars = append(collars, map[string]any{"size": *object.Collar})
	}
	_ = d.Set("collar", collars)
}

func createPet(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s := meta.(*store)
	object := objectOf(d)
	object.CreatedAt = time.Now().UTC().Format(time.RFC3339)
	id := newID("pet")
	if err := s.Put("pet", id, object); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	fill(d, object)
	return nil
}

func readPet(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s := meta.(*store)
	var object petObject
	found, err := s.Get("pet", d.Id(), &object)
	if err != nil {
		return diag.FromErr(err)
	}
	if !found {
		d.SetId("")
		return nil
	}
	fill(d, object)
	return nil
}

func updatePet(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s := meta.(*store)
	object := objectOf(d)
	object.CreatedAt = d.Get("created_at").(string)
	if err := s.Put("pet", d.Id(), object); err != nil {
		return diag.FromErr(err)
	}
	fill(d, object)
	return nil
}

func deletePet(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := meta.(*store).Remove("pet", d.Id()); err != nil {
		return diag.FromErr(err)
	}
	return nil
}
