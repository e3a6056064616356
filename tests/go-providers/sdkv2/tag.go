package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// petstore_tag: a set of blocks, a sensitive map, a name whose change replaces the tag.
func tagResource() *schema.Resource {
	return &schema.Resource{
		Description:   "A tag for pets.",
		CreateContext: createTag,
		ReadContext:   readTag,
		UpdateContext: updateTag,
		DeleteContext: deleteTag,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true, ForceNew: true, Description: "The tag's name; another name replaces the tag."},
			"color":  {Type: schema.TypeString, Optional: true},
			"labels": {Type: schema.TypeMap, Optional: true, Sensitive: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"rule": {
				Type:     schema.TypeSet,
				Optional: true,
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"pattern": {Type: schema.TypeString, Required: true},
					"weight":  {Type: schema.TypeInt, Optional: true},
				}},
			},
		},
	}
}

// tagObject is what the store keeps: the framework fixture's form.
type tagObject struct {
	Name   string            `json:"name"`
	Color  *string           `json:"color"`
	Labels map[string]string `json:"labels"`
	Rules  []ruleObject      `json:"rules"`
}

type ruleObject struct {
	Pattern string `json:"pattern"`
	Weight  *int64 `json:"weight"`
}

func tagOf(d *schema.ResourceData) tagObject {
	object := tagObject{Name: d.Get("name").(string), Color: optional(d, "color")}
	if labels := d.Get("labels").(map[string]any); len(labels) > 0 {
		object.Labels = map[string]string{}
		for key, value := range labels {
			object.Labels[key] = value.(string)
		}
	}
	for _, r := range d.Get("rule").(*schema.Set).List() {
		m := r.(map[string]any)
		weight := int64(m["weight"].(int))
		object.Rules = append(object.Rules, ruleObject{Pattern: m["pattern"].(string), Weight: &weight})
	}
	return object
}

func fillTag(d *schema.ResourceData, object tagObject) {
	_ = d.Set("name", object.Name)
	_ = d.Set("color", object.Color)
	_ = d.Set("labels", object.Labels)
	var rules []any
	for _, r := range object.Rules {
		m := map[string]any{"pattern": r.Pattern, "weight": 0}
		if r.Weight != nil {
			m["weight"] = int(*r.Weight)
		}
		rules = append(rules, m)
	}
	_ = d.Set("rule", rules)
}

func createTag(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	id := newID("tag")
	object := tagOf(d)
	if err := meta.(*store).Put("tag", id, object); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	fillTag(d, object)
	return nil
}

func readTag(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	var object tagObject
	found, err := meta.(*store).Get("tag", d.Id(), &object)
	if err != nil {
		return diag.FromErr(err)
	}
	if !found {
		d.SetId("")
		return nil
	}
	fillTag(d, object)
	return nil
}

func updateTag(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	object := tagOf(d)
	if err := meta.(*store).Put("tag", d.Id(), object); err != nil {
		return diag.FromErr(err)
	}
	fillTag(d, object)
	return nil
}

func deleteTag(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := meta.(*store).Remove("tag", d.Id()); err != nil {
		return diag.FromErr(err)
	}
	return nil
}
