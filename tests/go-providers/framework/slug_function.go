package main

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
)

// provider::petstore::slug("Rex the Dog") = "rex-the-dog".
type slugFunction struct{}

func newSlugFunction() function.Function { return &slugFunction{} }

func (f *slugFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "slug"
}

func (f *slugFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary:    "A name as a slug.",
		Parameters: []function.Parameter{function.StringParameter{Name: "name"}},
		Return:     function.StringReturn{},
	}
}

func (f *slugFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var name string
	resp.Error = function.ConcatFuncErrors(resp.Error, req.Arguments.Get(ctx, &name))
	if resp.Error != nil {
		return
	}
	slug := strings.ToLower(strings.Join(strings.Fields(name), "-"))
	resp.Error = function.ConcatFuncErrors(resp.Error, resp.Result.Set(ctx, slug))
}
