package main

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func newProvider() *schema.Provider {
	return &schema.Provider{
		Schema: map[string]*schema.Schema{
			"directory": {
				Type:        schema.TypeString,
				Optional:    true,
				Description: "Where the store keeps its objects (default: PETSTORE_DIR).",
			},
		},
		ResourcesMap: map[string]*schema.Resource{
			"petstore_pet": petResource(),
			"petstore_tag": tagResource(),
		},
		DataSourcesMap: map[string]*schema.Resource{
			"petstore_pets": petsDataSource(),
		},
		ConfigureContextFunc: func(_ context.Context, d *schema.ResourceData) (any, diag.Diagnostics) {
			dir := d.Get("directory").(string)
			if dir == "" {
				dir = os.Getenv("PETSTORE_DIR")
			}
			if dir == "" {
				return nil, diag.Errorf("No store directory: set `directory` or PETSTORE_DIR.")
			}
			return newStore(dir), nil
		},
	}
}
