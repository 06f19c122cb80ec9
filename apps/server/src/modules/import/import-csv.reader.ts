import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { importMessages, msg, type ImportEncoding } from '@casedesk/shared';
import { badRequest } from '../../platform/errors.js';

/** Reading a csv as a stream of rows of text cells: its encoding detected or chosen, decoded chunk by chunk. */

const bom = [0xef, 0xbb, 0xbf];

/** Which encoding a sample of bytes is in: BOM, valid UTF-8, else GBK or Big5 by which reads more plainly. */
export function detectEncoding(sample: Buffer, wanted: ImportEncoding): string {
  if (sample[0] === bom[0] && sample[1] === bom[1] && sample[2] === bom[2]) return 'utf-8';
  if (wanted !== 'auto') return wanted;
  if (decodes(sample, 'utf-8')) return 'utf-8';
  const gbk = decodes(sample, 'gbk');
  const big5 = decodes(sample, 'big5');
  if (gbk === undefined && big5 === undefined) return 'gbk';
  if (big5 === undefined) return 'gbk';
  if (gbk === undefined) return 'big5';
  // Both decode: the right one reads as everyday words; the wrong one as rare characters.
  const score = (text: string) => commonness(text) - oddities(text);
  return score(big5) > score(gbk) ? 'big5' : 'gbk';
}

/** Everyday characters, simplified and traditional: what a sheet's text is mostly made of. */
const commonChars = new Set(
  '的一是不了人我在有他这這中大来來上国國个個到说說们們为為子和你地出道也时時年得就那要下以生会會自着著去之过過家学學对對可她里裡后後小么麼心多天而能好都然没沒日于於起还還发發成事只作当當想看文无無开開手十用主行方又如前所本见見经經头頭面公同三已老从從动動两兩长長知民样樣现現分将將外但身些与與高意进進把法此实實回二理美点點月明其种種声聲全工己话話儿兒者向情部正名定女问問力机機给給等几幾很业業最间間新什打便位因重被走电電四第门門相次东東政海口使教西再平真听聽世气氣信北少关關并並内內加化由却代军軍产產入先山五太水万萬市眼体體别別处處总總才场場师師书書比住员員九笑性通目华華报報立马馬命张張活难難神数數件安表原车車白应應路期叫死常提感金何更反合放做系統统计計司号號公司有限股份服务務科技软軟件贸貿易资資讯訊办辦用品电電脑腦开開发發与與北京上海广廣州深圳台臺湾灣省市区區县縣路街号號楼樓室客户戶姓名称稱编編码碼地址话話邮郵箱项項目类類别別状狀态態日期金额額备備注註',
);

function commonness(text: string): number {
  let n = 0;
  for (const ch of text) if (commonChars.has(ch)) n++;
  return n;
}

function decodes(sample: Buffer, encoding: string): string | undefined {
  try {
    // A sample may end inside a character: `stream` leaves that tail undecided instead of failing.
    return new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
  } catch {
    return undefined;
  }
}

function oddities(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) continue;
    const common = (c >= 0x4e00 && c <= 0x9fa5) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xff00 && c <= 0xffef);
    if (!common) n++;
  }
  return n;
}

export async function csvRows(path: string, wanted: ImportEncoding) {
  const handle = await open(path, 'r');
  const sample = Buffer.alloc(64 * 1024);
  const { bytesRead } = await handle.read(sample, 0, sample.length, 0);
  await handle.close();
  const encoding = detectEncoding(sample.subarray(0, bytesRead), wanted);
  const label = encoding.toUpperCase();
  async function* rows(): AsyncIterable<{ rowNo: number; cells: string[] }> {
    const decoder = new TextDecoder(encoding, { fatal: true });
    const parser = new CsvParser();
    let rowNo = 0;
    const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          throw badRequest(msg(importMessages, 'badEncoding', { encoding: label }));
        }
        for (const cells of parser.push(text)) yield { rowNo: ++rowNo, cells };
      }
      try {
        decoder.decode();
      } catch {
        throw badRequest(msg(importMessages, 'badEncoding', { encoding: label }));
      }
      for (const cells of parser.end()) yield { rowNo: ++rowNo, cells };
    } finally {
      stream.destroy();
    }
  }
  return { sheets: [], encoding, rows: rows() };
}

/** RFC 4180 csv over text chunks: quoted fields may hold commas, quotes ("") and line breaks. */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private afterQuote = false;
  private started = false;
  /** A record ended at `\r`: a `\n` next (maybe in the next chunk) belongs to it. */
  private skipLf = false;

  *push(text: string): Generator<string[]> {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.skipLf) {
        this.skipLf = false;
        if (ch === '\n') continue;
      }
      if (!this.started) {
        this.started = true;
        if (ch === '\ufeff') continue;
      }
      if (this.quoted) {
        if (ch === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else this.field += ch;
        continue;
      }
      if (ch === '"') {
        // `""` inside a quoted field is one quote; a quote opening a field starts quoting.
        if (this.afterQuote) this.field += '"';
        this.quoted = true;
        this.afterQuote = false;
        continue;
      }
      this.afterQuote = false;
      if (ch === ',') {
        this.record.push(this.field);
        this.field = '';
      } else if (ch === '\n' || ch === '\r') {
        this.skipLf = ch === '\r';
        this.record.push(this.field);
        this.field = '';
        yield this.record;
        this.record = [];
      } else this.field += ch;
    }
  }

  *end(): Generator<string[]> {
    if (this.field !== '' || this.record.length > 0) {
      this.record.push(this.field);
      yield this.record;
    }
    this.field = '';
    this.record = [];
  }
}
