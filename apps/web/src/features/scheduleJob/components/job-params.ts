// The handler's parameters are JSON checked by the server against the handler's schema (sent as JSON Schema);
// the editor fills in the schema's defaults and lists its properties, so nobody has to guess the names.

type JsonSchema = { properties?: Record<string, { type?: unknown; default?: unknown; description?: unknown }> };

const propertiesOf = (schema: Record<string, unknown> | undefined) =>
  (schema as JsonSchema | undefined)?.properties ?? {};

/** The parameters as JSON text, with every property that has a default. */
export function paramsTemplate(schema: Record<string, unknown> | undefined): string {
  const defaults = Object.fromEntries(
    Object.entries(propertiesOf(schema))
      .filter(([, property]) => property.default !== undefined)
      .map(([name, property]) => [name, property.default]),
  );
  return JSON.stringify(defaults, null, 2);
}

/** `retentionDays: integer = 30` for each property, for the hint under the box. */
export function paramsSummary(schema: Record<string, unknown> | undefined): string[] {
  return Object.entries(propertiesOf(schema)).map(([name, property]) => {
    const type = typeof property.type === 'string' ? `: ${property.type}` : '';
    const fallback = property.default !== undefined ? ` = ${JSON.stringify(property.default)}` : '';
    return `${name}${type}${fallback}`;
  });
}

/** The text as a JSON object, or null when it is not one (an array, a number, broken JSON). Blank is `{}`. */
export function parseParams(text: string | null | undefined): Record<string, unknown> | null {
  if (!text?.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
