import type { TextModuleLanguage } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { textModule } from './text-module.table.js';

type DemoReply = { name: string; keywords: string; language: TextModuleLanguage; body: string };

/** A desk's everyday answers, each in the three languages, shared with everyone (the demo's agents use them). */
const demoReplies: DemoReply[] = [
  {
    name: 'Thanks, we are on it',
    keywords: 'thanks received ack',
    language: 'en',
    body: '<p>Dear {{ customer.name }},</p><p>thank you for your message. Ticket <strong>{{ ticket.caseNumber }}</strong> ({{ ticket.subject }}) is now {{ ticket.status }}, and we will get back to you as soon as we can.</p><p>Kind regards,<br>{{ agent.name }}</p>',
  },
  {
    name: 'Need more information',
    keywords: 'info details question',
    language: 'en',
    body: '<p>Hello {{ customer.firstName }},</p><p>to go on with {{ ticket.caseNumber }} we need a little more information:</p><ul><li>when did it start?</li><li>what did you see on the screen?</li></ul><p>Thank you,<br>{{ agent.name }}</p>',
  },
  {
    name: 'Resolved, please confirm',
    keywords: 'solved resolved close',
    language: 'en',
    body: '<p>Hello {{ customer.firstName }},</p><p>we believe {{ ticket.caseNumber }} is resolved. Please tell us if anything is still not working; otherwise the ticket will be closed.</p><p>{{ agent.name }}</p>',
  },
  {
    name: '已收到，正在处理',
    keywords: '收到 感谢 thanks',
    language: 'zh-cn',
    body: '<p>{{ customer.name }}，您好：</p><p>感谢您的来信。工单 <strong>{{ ticket.caseNumber }}</strong>（{{ ticket.subject }}）当前状态为“{{ ticket.status }}”，我们会尽快回复您。</p><p>此致<br>{{ agent.name }}</p>',
  },
  {
    name: '需要更多信息',
    keywords: '信息 详情 info',
    language: 'zh-cn',
    body: '<p>{{ customer.name }}，您好：</p><p>为继续处理工单 {{ ticket.caseNumber }}，请补充以下信息：</p><ul><li>问题从何时开始？</li><li>屏幕上显示了什么？</li></ul><p>谢谢！<br>{{ agent.name }}</p>',
  },
  {
    name: '已解决，请确认',
    keywords: '解决 关闭 solved',
    language: 'zh-cn',
    body: '<p>{{ customer.name }}，您好：</p><p>工单 {{ ticket.caseNumber }} 的问题应已解决。如仍有问题请告诉我们，否则该工单将被关闭。</p><p>{{ agent.name }}</p>',
  },
  {
    name: '已收到，正在處理',
    keywords: '收到 感謝 thanks',
    language: 'zh-tw',
    body: '<p>{{ customer.name }}，您好：</p><p>感謝您的來信。工單 <strong>{{ ticket.caseNumber }}</strong>（{{ ticket.subject }}）目前狀態為「{{ ticket.status }}」，我們會儘快回覆您。</p><p>此致<br>{{ agent.name }}</p>',
  },
  {
    name: '需要更多資訊',
    keywords: '資訊 詳情 info',
    language: 'zh-tw',
    body: '<p>{{ customer.name }}，您好：</p><p>為繼續處理工單 {{ ticket.caseNumber }}，請補充以下資訊：</p><ul><li>問題從何時開始？</li><li>螢幕上顯示了什麼？</li></ul><p>謝謝！<br>{{ agent.name }}</p>',
  },
  {
    name: '已解決，請確認',
    keywords: '解決 關閉 solved',
    language: 'zh-tw',
    body: '<p>{{ customer.name }}，您好：</p><p>工單 {{ ticket.caseNumber }} 的問題應已解決。如仍有問題請告訴我們，否則此工單將被關閉。</p><p>{{ agent.name }}</p>',
  },
];

/** The demo's shared canned replies (no owner: the seed wrote them). */
export async function seedDemoTextModules(tx: Tx): Promise<void> {
  await tx.insert(textModule).values(demoReplies.map((reply) => ({ ...reply, shared: true })));
}
