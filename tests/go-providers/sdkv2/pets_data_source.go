package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// petstore_pets: the names of the pets in the store.
func petsDataSource() *schema.Resource {
	return &schema.Resource{
		Description: "The pets in the store.",
		ReadContext: readPets,
		Schema: map[string]*schema.Schema{
			"species": {Type: schema.TypeString, Optional: true, Description: "Only pets of this species."},
			"names":   {Type: schema.TypeList, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

func readPets(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s := meta.(*store)
	ids, err := s.IDs("pet")
	if err != nil {
		return diag.FromErr(err)
	}
	species, filter := d.GetOk("species")
	names := []string{}
	for _, id := range ids {
		var object petObject
		if found, err := s.Get("pet", id, &object); err == nil && found {
			if !filter || species.(string) == object.Species {
				names = append(names, object.Name)
			}
		}
	}
	d.SetId("pets")
	if err := d.Set("names", names); err != nil {
		return diag.FromErr(err)
	}
	return nil
}
