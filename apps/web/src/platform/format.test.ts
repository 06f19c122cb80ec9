import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressName, composeFullName } from '@casedesk/shared';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatSpan,
  formatUnit,
  formatMoney,
  formatNumber,
  formatQuantity,
  formatTime,
  readDecimalInput,
} from './format';
import { greetingName } from './user-info';

// Intl writes a narrow no-break space before AM/PM in some versions: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00A0\u202F]/g, ' ');

beforeAll(async () => {
  await i18n.init({ lng: 'en', lowerCaseLng: true, resources: {} });
});

describe('one formatter per language', () => {
  it('writes a length of time in the language’s units', () => {
    expect(formatDuration(42.4, 'en')).toBe('42 sec');
    expect(formatDuration(125, 'en')).toBe('2 min 5 sec');
    expect(formatDuration(1, 'zh-cn')).toBe('1秒');
    expect(formatDuration(125, 'zh-cn')).toBe('2分钟5秒');
    expect(formatDuration(3780, 'zh-tw')).toMatch(/^1 小時\s?3 分鐘$/);
    expect(formatDuration(0, 'zh-cn')).toBe('0秒');
    expect(formatDuration(null)).toBe('—');
    expect(formatSpan(135, 'en')).toBe('2h 15m');
    expect(formatSpan(26 * 60 + 5, 'en')).toBe('1d 2h');
    expect(formatSpan(0.2, 'en')).toBe('1m');
    expect(formatSpan(361 * 1440 + 23 * 60, 'en')).toBe('361d');
    expect(formatSpan(-45, 'zh-cn')).toBe('45分钟');
    expect(formatSpan(135, 'zh-cn')).toBe('2小时15分钟');
    expect(formatSpan(1440, 'zh-tw')).toMatch(/^1\s?天$/);
    expect(formatUnit(850, 'millisecond', 'zh-cn')).toBe('850毫秒');
    expect(formatUnit(12.34, 'second', 'en')).toBe('12.3 sec');
  });

  const decemberFirst = new Date(2026, 11, 1, 18, 7, 53);

  it('writes dates with the month named, so 1 December never reads as 12 January', () => {
    expect(formatDate('2026-12-01', { language: 'en' })).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01', { language: 'zh-cn' })).toBe('2026年12月1日');
    expect(formatDate('2026-12-01', { language: 'zh-tw' })).toBe('2026年12月1日');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('writes times 12-hour in English and 24-hour in Chinese, seconds for logs', () => {
    expect(plain(formatDateTime(decemberFirst, { language: 'en' }))).toBe('Dec 1, 2026, 6:07 PM');
    expect(plain(formatDateTime(decemberFirst, { language: 'en', seconds: true }))).toBe('Dec 1, 2026, 6:07:53 PM');
    expect(formatDateTime(decemberFirst, { language: 'zh-cn', seconds: true })).toBe('2026年12月1日 18:07:53');
    expect(formatDateTime(decemberFirst, { language: 'zh-tw' })).toBe('2026年12月1日 18:07');
    const morning = new Date(2026, 11, 1, 9, 5);
    expect(plain(formatDateTime(morning, { language: 'en' }))).toBe('Dec 1, 2026, 9:05 AM');
    expect(formatDateTime(morning, { language: 'zh-cn' })).toBe('2026年12月1日 09:05');
    expect(formatDateTime(morning, { language: 'zh-tw' })).toBe('2026年12月1日 09:05');
    expect(formatTime(morning, 'zh-cn')).toBe('09:05');
  });

  it('reads a fire time on the server’s clock, weekday first', () => {
    const utc = new Date(Date.UTC(2026, 11, 1, 10, 0, 0));
    const options = { weekday: true, seconds: true, timeZone: 'Asia/Shanghai' };
    expect(plain(formatDateTime(utc, { ...options, language: 'en' }))).toBe('Tue, Dec 1, 2026, 6:00:00 PM');
    expect(formatDateTime(utc, { ...options, language: 'zh-cn' })).toBe('2026年12月1日周二 18:00:00');
    expect(formatDateTime(utc, { ...options, language: 'zh-tw' })).toBe('2026年12月1日週二 18:00:00');
  });

  it('follows the interface language when none is named', async () => {
    await i18n.changeLanguage('zh-cn');
    expect(formatDate('2026-12-01')).toBe('2026年12月1日');
    await i18n.changeLanguage('en');
    expect(formatDate('2026-12-01')).toBe('Dec 1, 2026');
  });

  it('groups numbers and keeps quantities and prices to the decimals they need', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'zh-tw')).toBe('1,234,567');
    expect(formatQuantity('3.000', 'en')).toBe('3');
    expect(formatQuantity('2.500', 'zh-cn')).toBe('2.5');
    expect(formatDecimal('12.4900', 'en')).toBe('12.49');
    expect(formatDecimal('1234.0001', 'en')).toBe('1,234.0001');
  });

  it('writes money with two decimals, exactly, and the currency where Intl puts it in every language', () => {
    expect(formatMoney('1234567.5', undefined, 'en')).toBe('1,234,567.50');
    expect(formatMoney('9999999999999.99', undefined, 'en')).toBe('9,999,999,999,999.99');
    expect(formatMoney('-12.3', undefined, 'en')).toBe('-12.30');
    expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'USD', 'zh-cn')).toBe('US$1,234.50');
    expect(formatMoney('1234.5', 'CNY', 'zh-cn')).toBe('¥1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'zh-tw')).toBe('€1,234.50');
    expect(formatMoney('0', 'JPY', 'en')).toBe('¥0.00');
    expect(formatMoney(null, 'USD')).toBe('—');
  });

  it('reads a typed decimal with the language’s grouping as the plain text the server takes', () => {
    for (const language of ['en', 'zh-cn', 'zh-tw']) {
      expect(readDecimalInput('1,234.56', language)).toBe('1234.56');
      expect(readDecimalInput(' 1,234,567 ', language)).toBe('1234567');
    }
    expect(readDecimalInput('１，２３４．５', 'zh-cn')).toBe('1234.5');
    expect(readDecimalInput('1234.5')).toBe('1234.5');
    expect(readDecimalInput('-12')).toBe('-12');
    // Grouping that does not group thousands, or no number at all, is left for the schema to refuse.
    expect(readDecimalInput('1,23.4')).toBe('1,23.4');
    expect(readDecimalInput('12a')).toBe('12a');
  });
});

describe('names in their language’s order', () => {
  it('writes a Han name family name first without a space, a Latin one given name first', () => {
    expect(composeFullName('伟', '陈')).toBe('陈伟');
    expect(composeFullName('Wei', 'Chen')).toBe('Wei Chen');
    expect(composeFullName('Ada', null)).toBe('Ada');
    expect(composeFullName('美', '')).toBe('美');
  });

  it('greets a Han name whole and a Latin one by the given name, else by the login name', () => {
    expect(addressName('伟', '陈')).toBe('陈伟');
    expect(addressName('Wei', 'Chen')).toBe('Wei');
    expect(greetingName({ firstName: '美', lastName: '林', userName: 'lin.mei' })).toBe('林美');
    expect(greetingName({ firstName: null, lastName: null, userName: 'lin.mei' })).toBe('lin.mei');
    expect(greetingName({ firstName: 'Ada', userName: 'ada' })).toBe('Ada');
  });
});
