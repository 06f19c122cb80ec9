import { z } from 'zod';

/** A field of a body schema: its name and where it sits (`lines.#.quantity`). */
export type SchemaField = { name: string; path: string; schema: z.ZodType };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  innerType?: z.ZodType;
  catchall?: z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A field Update and Add take back from what Get gave and drop (`acceptsReadBack`): anything goes, never refused. */
export const isIgnoredField = (schema: z.ZodType) =>
  z.globalRegistry.get(schema)?.description?.startsWith('Read-only') ?? false;

/** Every named field of a schema, at any depth (objects in lists, unions and recursive graphs), each once per path. */
export function schemaFields(schema: unknown): SchemaField[] {
  const found: SchemaField[] = [];
  const walk = (node: z.ZodType | undefined, path: string[], seen: Set<unknown>) => {
    if (!node || !(node instanceof z.ZodType) || seen.has(node)) return;
    const within = new Set(seen).add(node);
    const def = defOf(node);
    switch (def.type) {
      case 'object':
        for (const [name, field] of Object.entries(def.shape ?? {})) {
          if (isIgnoredField(field)) continue;
          found.push({ name, path: [...path, name].join('.'), schema: field });
          walk(field, [...path, name], within);
        }
        walk(def.catchall, [...path, '*'], within);
        break;
      case 'array':
        walk(def.element, [...path, '#'], within);
        break;
      case 'union':
        for (const option of def.options ?? []) walk(option, path, within);
        break;
      case 'intersection':
        walk(def.left, path, within);
        walk(def.right, path, within);
        break;
      case 'pipe':
        walk(def.in, path, within);
        walk(def.out, path, within);
        break;
      case 'lazy':
        walk(def.getter?.(), path, within);
        break;
      case 'record':
        walk(def.valueType, [...path, '*'], within);
        break;
      case 'tuple':
        for (const item of def.items ?? []) walk(item, [...path, '#'], within);
        break;
      default:
        walk(def.innerType, path, within);
    }
  };
  walk(schema as z.ZodType, [], new Set());
  return found;
}

/** The top-level fields of an object body (through the read-back pipe), with the schema of each. */
export function topFields(schema: unknown): Record<string, z.ZodType> {
  let node = schema as z.ZodType | undefined;
  while (node) {
    const def = defOf(node);
    if (def.type === 'object') return def.shape ?? {};
    node = def.type === 'pipe' ? def.in : def.innerType;
  }
  return {};
}

/** What a field takes at its core (optional, nullable and defaults unwrapped): `string`, `number`, `object`, ... */
export function coreType(schema: z.ZodType): string {
  let def = defOf(schema);
  while (def.innerType && def.type !== 'object' && def.type !== 'array') def = defOf(def.innerType);
  if (def.type === 'pipe' && def.in) return coreType(def.in);
  return def.type;
}
