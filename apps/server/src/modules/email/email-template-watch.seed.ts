import type { TemplateLanguage } from '@casedesk/shared';

type Seeded = { subject: string; body: string };
type Pieces = { block: (variable: string) => string; ticketLink: (label: string) => string; signature: string };

/**
 * The seeded mention and watched-ticket mails (contract 20) in each language, built with the seed's own pieces
 * (`email-template.seed.ts`). `ticketWatched` is one template for both kinds of news: `watch.kind` is comment or status.
 */
export const watchTemplates = ({
  block,
  ticketLink,
  signature,
}: Pieces): Record<'ticketMentioned' | 'ticketWatched', Record<TemplateLanguage, Seeded>> => ({
  ticketMentioned: {
    en: {
      subject: '[{{ ticket.caseNumber }}] {{ comment.authorName }} mentioned you: {{ ticket.subject }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>{{ comment.authorName }} mentioned you on ticket <b>{{ ticket.caseNumber }}</b> ({{ ticket.status }}), and you now watch it:</p>',
        block('comment.body'),
        ticketLink('Open the ticket'),
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] {{ comment.authorName }} 提到了您：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>{{ comment.authorName }} 在工单 <b>{{ ticket.caseNumber }}</b>（{{ ticket.status }}）中提到了您，您现已关注该工单：</p>',
        block('comment.body'),
        ticketLink('打开工单'),
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] {{ comment.authorName }} 提及了您：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>{{ comment.authorName }} 在工單 <b>{{ ticket.caseNumber }}</b>（{{ ticket.status }}）中提及了您，您現已關注該工單：</p>',
        block('comment.body'),
        ticketLink('開啟工單'),
        signature,
      ].join('\n'),
    },
  },
  ticketWatched: {
    en: {
      subject:
        '[{{ ticket.caseNumber }}] {% if watch.kind == "status" %}Status now {{ ticket.status }}{% else %}New comment by {{ watch.actorName }}{% endif %}: {{ ticket.subject }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '{% if watch.kind == "status" %}<p>{{ watch.actorName }} changed the status of ticket <b>{{ ticket.caseNumber }}</b> from {{ watch.fromStatus }} to <b>{{ ticket.status }}</b>.</p>',
        '{% else %}<p>{{ watch.actorName }} commented on ticket <b>{{ ticket.caseNumber }}</b>, which you watch:</p>',
        block('comment.body'),
        '{% endif %}',
        ticketLink('Open the ticket'),
        '<p>You receive this because you watch the ticket; stop watching it on its page.</p>',
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject:
        '[{{ ticket.caseNumber }}] {% if watch.kind == "status" %}状态已变为{{ ticket.status }}{% else %}{{ watch.actorName }} 发表了新评论{% endif %}：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '{% if watch.kind == "status" %}<p>{{ watch.actorName }} 将工单 <b>{{ ticket.caseNumber }}</b> 的状态从{{ watch.fromStatus }}改为<b>{{ ticket.status }}</b>。</p>',
        '{% else %}<p>{{ watch.actorName }} 评论了您关注的工单 <b>{{ ticket.caseNumber }}</b>：</p>',
        block('comment.body'),
        '{% endif %}',
        ticketLink('打开工单'),
        '<p>您收到此邮件是因为您关注了该工单；可在工单页面取消关注。</p>',
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject:
        '[{{ ticket.caseNumber }}] {% if watch.kind == "status" %}狀態已變為{{ ticket.status }}{% else %}{{ watch.actorName }} 發表了新留言{% endif %}：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '{% if watch.kind == "status" %}<p>{{ watch.actorName }} 將工單 <b>{{ ticket.caseNumber }}</b> 的狀態從{{ watch.fromStatus }}改為<b>{{ ticket.status }}</b>。</p>',
        '{% else %}<p>{{ watch.actorName }} 在您關注的工單 <b>{{ ticket.caseNumber }}</b> 留言：</p>',
        block('comment.body'),
        '{% endif %}',
        ticketLink('開啟工單'),
        '<p>您收到此郵件是因為您關注了該工單；可在工單頁面取消關注。</p>',
        signature,
      ].join('\n'),
    },
  },
});
