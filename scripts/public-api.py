#!/usr/bin/env python3
"""Lists a crate's public API from rustdoc's JSON and the items in it that reach tonic, prost,
http or the generated protocol types (`proto`): how issue 34 checks that tfsdk-server's API
holds no gRPC type without the feature `unstable-protocol`.

    cargo +nightly rustdoc -p tfsdk-server --lib -- -Z unstable-options --output-format json
    python3 scripts/public-api.py target/doc/tfsdk_server.json

Prints the public paths (one a line; trait impls that mention a gRPC type indented under their
type) and, last, the counts.
"""
import json
import sys

GRPC_CRATES = {"tonic", "prost", "prost_types", "http"}


def public_items(doc):
    external = {int(k): v["name"] for k, v in doc["external_crates"].items()}
    paths, index = doc["paths"], doc["index"]

    def grpc_mentions(node):
        found = set()

        def walk(x):
            if isinstance(x, dict):
                for key, value in x.items():
                    if key == "id" and isinstance(value, int) and str(value) in paths:
                        path = paths[str(value)]
                        crate = external.get(path["crate_id"], "self")
                        if crate in GRPC_CRATES or "proto" in path["path"]:
                            found.add(crate + ":" + "::".join(path["path"]))
                    else:
                        walk(value)
            elif isinstance(x, list):
                for value in x:
                    walk(value)

        walk(node)
        return sorted(found)

    out = []

    def visit(item_id, prefix):
        item = index.get(str(item_id))
        if item is None:
            return
        inner, name = item["inner"], item.get("name")
        if "module" in inner:
            for child in inner["module"]["items"]:
                visit(child, prefix + [name])
        elif "use" in inner:
            use = inner["use"]
            target = use.get("id")
            if target is not None and str(target) in index:
                visit(target, prefix)
            else:
                out.append("::".join(prefix + [use["name"]]) + " (re-export of " + use["source"] + ")")
        else:
            out.append("::".join(prefix + [name]))
            for kind in ("struct", "enum", "trait"):
                for impl_id in inner.get(kind, {}).get("impls", []):
                    imp = index.get(str(impl_id), {}).get("inner", {}).get("impl", {})
                    if imp.get("blanket_impl") is not None or imp.get("is_synthetic"):
                        continue
                    mentions = grpc_mentions(imp)
                    if mentions:
                        trait = (imp.get("trait") or {}).get("path")
                        out.append(f"    impl {trait} -> {', '.join(mentions[:3])}")

    visit(doc["root"], [])
    return out


def main():
    lines = public_items(json.load(open(sys.argv[1])))
    for line in lines:
        print(line)
    items = [line for line in lines if not line.startswith("    ")]
    grpc = [line for line in lines if any(word in line for word in ("tonic", "prost", "proto", "http:"))]
    print(f"{len(items)} public items; {len(grpc)} lines mention tonic, prost, http or proto")


if __name__ == "__main__":
    main()
