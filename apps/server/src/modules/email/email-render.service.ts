import { Liquid, type LiquidOptions, type Template } from 'liquidjs';
import { emailMessages, msg } from '@casedesk/shared';
import type { Config } from '../../platform/config.js';
import { badRequest, fieldRefusal } from '../../platform/errors.js';
import { htmlToText } from '../../platform/html.js';

/**
 * Templates are LiquidJS: no file system (an empty in-memory mapping answers every include), unknown variables
 * render empty, unknown filters are refused at save, and a render has a time and memory budget so that a loop
 * in a template cannot stall a ticket save.
 */
const common: LiquidOptions = {
  templates: {},
  strictVariables: false,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: 400_000,
  renderLimit: 500,
  memoryLimit: 8_000_000,
};
/** The body: every value HTML-escaped (a `<script>` in a subject shows as text). */
const bodyEngine = new Liquid({ ...common, outputEscape: 'escape' });
/** The subject is plain text (a mail header): nothing escaped, newlines removed after rendering. */
const subjectEngine = new Liquid(common);

/**
 * Parsed templates by engine and text: a template is parsed once, not for every mail (a save that mails ten
 * people parsed the same text twenty times). Parsed templates never change, so a text is its own key; the
 * oldest entry goes when the cache is full.
 */
const parsedLimit = 200;
const parsedTemplates = new Map<Liquid, Map<string, Template[]>>([
  [bodyEngine, new Map()],
  [subjectEngine, new Map()],
]);
function parsed(engine: Liquid, text: string): Template[] {
  const cache = parsedTemplates.get(engine)!;
  let templates = cache.get(text);
  if (!templates) {
    templates = engine.parse(text);
    if (cache.size >= parsedLimit) cache.delete(cache.keys().next().value as string);
    cache.set(text, templates);
  }
  return templates;
}

/** What a template renders against: nested plain values only. */
export type TemplateValues = { [name: string]: string | number | TemplateValues | undefined };

/** The longest rendered body kept (a runaway loop stops at the memory budget before this, normally). */
const maxBodyLength = 1_000_000;
const maxSubjectLength = 500;

/** Throws `templateSyntax` with the field when the text does not parse (unknown tag or filter, unclosed block). */
export function checkTemplateSyntax(field: 'subject' | 'body', text: string): void {
  try {
    (field === 'body' ? bodyEngine : subjectEngine).parse(text);
  } catch {
    throw badRequest(msg(emailMessages, 'templateSyntax'), [{ field, message: emailMessages.templateSyntax }]);
  }
}

/**
 * Where a rich-text body stops parsing (the placeholder or tag, at most 60 characters), or undefined when it parses:
 * for a refusal that says what is wrong (canned replies).
 */
export function bodyTemplateProblem(text: string): string | undefined {
  try {
    bodyEngine.parse(text);
    return undefined;
  } catch (error) {
    const token = (error as { token?: { getText?: () => string } }).token;
    const near = token?.getText?.() ?? text;
    return near.length > 60 ? `${near.slice(0, 57)}...` : near;
  }
}

/** Renders a subject and body; a template that cannot be read or rendered throws (callers decide what that means). */
export async function renderTemplate(
  template: { subject: string; body: string },
  values: TemplateValues,
): Promise<{ subject: string; body: string }> {
  const [subject, body] = await Promise.all([
    subjectEngine.render(parsed(subjectEngine, template.subject), values),
    bodyEngine.render(parsed(bodyEngine, template.body), values),
  ]);
  return {
    subject: String(subject)
      .replace(/[\r\n]+/g, ' ')
      .trim()
      .slice(0, maxSubjectLength),
    body: String(body).slice(0, maxBodyLength),
  };
}

/** Like `renderTemplate`, but a template error is the caller's 400 (`templateSyntax`, with the field). */
export async function renderForCaller(
  template: { subject: string; body: string },
  values: TemplateValues,
): Promise<{ subject: string; body: string }> {
  checkTemplateSyntax('subject', template.subject);
  checkTemplateSyntax('body', template.body);
  try {
    return await renderTemplate(template, values);
  } catch {
    throw fieldRefusal('body', msg(emailMessages, 'templateSyntax'));
  }
}

/** Sanitised rich text as plain text with its line breaks, for `ticket.content` and `comment.body`. */
export function plainTextOf(html: string): string {
  const broken = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '\n');
  return htmlToText(broken)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Dotted names (`holiday.day`) become nested values, as the templates read them. */
export function nestValues(flat: Record<string, string | number>): TemplateValues {
  const out: TemplateValues = {};
  for (const [name, value] of Object.entries(flat)) {
    const parts = name.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = (node[part] = typeof next === 'object' ? next : {}) as TemplateValues;
    }
    node[parts.at(-1)!] = value;
  }
  return out;
}

let baseUrl = 'http://localhost:3000';

/** Where links in mails point: `SYSTEM_URL`, else this server on localhost (set once by the module's register). */
export function setMailBaseUrl(config: Pick<Config, 'systemUrl' | 'port'>): void {
  baseUrl = (config.systemUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export const ticketLinkOf = (ticketId: number) => `${baseUrl}/ticket/info/${ticketId}`;
export const mailBaseUrl = () => baseUrl;
