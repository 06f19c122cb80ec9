import { escapeHtml } from '../../platform/html.js';
import { textAt, type Language } from '../../platform/translator.js';
import type { LinkPage } from './workflow-link.service.js';

/*
 * The small page a task mail's link opens (contract 22), in the assignee's language, without the app: what is being
 * decided, a comment box and one button; or why the link does nothing now. Its words are the web's
 * (`workflow.mailLink.*`), so the three languages live in one place.
 */

const say = (language: Language, key: string, values: Record<string, string> = {}) =>
  escapeHtml(textAt(language, `workflow.mailLink.${key}`) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    escapeHtml(values[name] ?? ''),
  );

const style = `body{font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;margin:0;color:#1f1f1f}
main{max-width:560px;margin:40px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 16px}dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 16px}
dt{color:#8c8c8c}dd{margin:0}textarea{width:100%;box-sizing:border-box;min-height:90px;font:inherit;padding:8px;border:1px solid #d9d9d9;border-radius:6px}
button{margin-top:12px;font:inherit;color:#fff;border:0;border-radius:6px;padding:8px 20px;cursor:pointer}
.approve{background:#1677ff}.reject{background:#ff4d4f}.note{color:#8c8c8c;font-size:13px}.notice{padding:12px 14px;border-radius:6px;background:#fffbe6;border:1px solid #ffe58f}
.done{background:#f6ffed;border-color:#b7eb8f}a{color:#1677ff}`;

function shell(language: Language, title: string, content: string): string {
  return `<!doctype html><html lang="${language === 'en' ? 'en' : language === 'zh-cn' ? 'zh-CN' : 'zh-TW'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${style}</style></head><body><main>${content}</main></body></html>`;
}

function summary(page: LinkPage): string {
  const { language: l, task } = page;
  if (!task) return '';
  const rows: [string, string][] = [
    ['record', task.title],
    ['workflow', task.workflowName],
    ['initiator', task.initiatorName],
    ['step', task.nodeName],
  ];
  if (task.onBehalfOfName) rows.push(['onBehalfOf', task.onBehalfOfName]);
  return `<dl>${rows.map(([key, value]) => `<dt>${say(l, `field.${key}`)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

const appLink = (page: LinkPage, baseUrl: string) =>
  page.appPath ? `<p><a href="${escapeHtml(baseUrl + page.appPath)}">${say(page.language, 'openApp')}</a></p>` : '';

/** The page for a link's state; `formAction` is the link itself (the POST's only credential: no cookie). */
export function renderLinkPage(page: LinkPage, formAction: string, baseUrl: string): string {
  const l = page.language;
  const action = page.action ?? 'approve';
  if (page.state === 'confirm') {
    const title = say(l, `title.${action}`);
    return shell(
      l,
      title,
      `<h1>${title}</h1>${summary(page)}<form method="post" action="${escapeHtml(formAction)}">` +
        `<label for="comment">${say(l, 'comment')}</label><textarea id="comment" name="comment" maxlength="2000"></textarea>` +
        `<button type="submit" class="${action}">${say(l, `button.${action}`)}</button></form>` +
        `<p class="note">${say(l, 'note')}</p>${appLink(page, baseUrl)}`,
    );
  }
  if (page.state === 'done') {
    const title = say(l, `done.${action}`);
    return shell(
      l,
      title,
      `<h1>${title}</h1>${summary(page)}<p class="notice done">${say(l, `done.${action}Text`)}</p>${appLink(page, baseUrl)}`,
    );
  }
  const title = say(l, 'notValid');
  const why = say(l, `state.${page.state}`, { reason: page.refusal ?? '' });
  return shell(
    l,
    title,
    `<h1>${title}</h1><p class="notice">${why}${l === 'en' ? ' ' : ''}${say(l, 'nothingChanged')}</p>${summary(page)}${appLink(page, baseUrl)}`,
  );
}
