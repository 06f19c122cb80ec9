/** `text` with `insert` put in place of the selection `[start, end)`, and where the cursor goes after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** A variable as the template writes it. */
export const placeholder = (name: string) => `{{ ${name} }}`;
