// Kubernetes' OpenAPI (v2) document → one standalone, strict JSON schema per kind, named as kubeconform
// looks them up (`{{ .ResourceKind }}{{ .KindSuffix }}.json`: deployment-apps-v1.json, service-v1.json).
// kubeconform cannot download its schemas here; the document ships in the k8s.io/kubernetes Go module
// (api/openapi-spec/swagger.json), which infra/kubernetes/validate.sh fetches from the Go module proxy.
// Like kubeconform's own openapi2jsonschema: $refs inlined, no additional properties where a type lists
// its properties, int-or-string and quantities as either. Usage: node openapi-to-schemas.mjs SWAGGER OUT_DIR
import fs from 'node:fs';
import path from 'node:path';

const [swaggerFile, outDir] = process.argv.slice(2);
const { definitions } = JSON.parse(fs.readFileSync(swaggerFile, 'utf8'));
fs.mkdirSync(outDir, { recursive: true });

const EITHER = {
  'int-or-string': { oneOf: [{ type: 'string' }, { type: 'integer' }] },
  quantity: { oneOf: [{ type: 'string' }, { type: 'number' }] },
};

function inline(schema, seen) {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/definitions/', '');
    // A recursive type (JSONSchemaProps) is left open below its first level.
    if (seen.has(name)) return {};
    if (name.endsWith('.api.resource.Quantity')) return EITHER.quantity;
    return inline(definitions[name], new Set([...seen, name]));
  }
  if (schema.format === 'int-or-string') return EITHER['int-or-string'];
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key.startsWith('x-kubernetes-')) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v, seen)]))
        : inline(value, seen);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

let written = 0;
for (const [name, definition] of Object.entries(definitions)) {
  for (const { group, version, kind } of definition['x-kubernetes-group-version-kind'] ?? []) {
    const schema = inline(definition, new Set([name]));
    const apiVersion = group ? `${group}/${version}` : version;
    schema.properties.apiVersion = { type: 'string', enum: [apiVersion] };
    schema.properties.kind = { type: 'string', enum: [kind] };
    const suffix = group ? `-${group.split('.')[0]}-${version}` : `-${version}`;
    fs.writeFileSync(
      path.join(outDir, `${kind.toLowerCase()}${suffix}.json`),
      JSON.stringify({ $schema: 'http://json-schema.org/schema#', ...schema }),
    );
    written += 1;
  }
}
console.log(`${written} schemas in ${outDir}`);
