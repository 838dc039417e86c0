import { Readable, Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import type { Kysely } from 'kysely';
import { IMPORT_EXAMPLE, IMPORT_PARTY_EXAMPLE } from '../../contract/case-intake';
import { MESSAGES_EN_US, MESSAGES_ZH_CN } from '../../contract/messages';
import type { Database } from '../../server/db/schema';

/**
 * The examples the server itself shows: its messages (`0755-12345678`) and the import template's
 * example rows, which a test imports as they are. Published by the product, no one's data.
 */
const EXAMPLES = JSON.stringify([MESSAGES_ZH_CN, MESSAGES_EN_US, IMPORT_EXAMPLE, IMPORT_PARTY_EXAMPLE]);

/**
 * "A scan of every list, export, message and server log line the API tests produce finds no full
 * ID number or party phone outside a reveal answer" (issue 19). The harness hands every answer a
 * test server sends (JSON, CSV, the files inside an .xlsx) and every log line it writes to a
 * `PersonalDataCapture`; when the server closes, the full numbers stored for parties are looked
 * for in all of it. Only the reveal call's answers are left out: that is where a full value
 * belongs. The search is one pass of a regular expression over the text, the numbers in a Set.
 */
export class PersonalDataCapture {
  private texts: string[] = [];
  private files: Buffer[] = [];

  /** The logger's destination: every line, kept. */
  readonly logStream = { write: (line: string) => void this.texts.push(line) };

  /** Keeps every answer's body, except the reveal's. */
  hook(fastify: FastifyInstance): void {
    fastify.addHook('onSend', async (request, _reply, payload) => {
      if (request.method === 'POST' && /\/parties\/\d+\/reveal(\?|$)/.test(request.url)) return payload;
      if (typeof payload === 'string') this.texts.push(payload);
      else if (Buffer.isBuffer(payload)) this.keep(payload);
      else if (payload instanceof Readable) {
        // A Transform keeps each chunk as it passes: nothing flows before the reply reads it (a
        // 'data' listener would start the flow and lose what came before the reply's pipe).
        const chunks: Buffer[] = [];
        const keep = (bytes: Buffer) => this.keep(bytes);
        const copy = new Transform({
          transform(chunk: Buffer | string, _encoding, done) {
            chunks.push(Buffer.from(chunk));
            done(null, chunk);
          },
          flush(done) {
            keep(Buffer.concat(chunks));
            done();
          },
        });
        payload.on('error', (err) => copy.destroy(err));
        return payload.pipe(copy);
      }
      return payload;
    });
  }

  private keep(bytes: Buffer): void {
    // A zip (.xlsx): its entries are read at the scan. PDFs draw glyphs, not text: not searchable.
    if (bytes.subarray(0, 2).toString('latin1') === 'PK') this.files.push(bytes);
    else if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') this.texts.push(bytes.toString('utf8'));
  }

  /** Forgets what was captured (the scan's own test, after its made-up leak). */
  forget(): void {
    this.texts = [];
    this.files = [];
  }

  /** Where each full party number found appears: `<value> in <excerpt>`. */
  async leaks(db: Kysely<Database>): Promise<string[]> {
    const secrets = await fullPartyNumbers(db);
    if (secrets.size === 0) return [];
    const texts = [...this.texts];
    for (const file of this.files) {
      try {
        const zip = await JSZip.loadAsync(file);
        for (const entry of Object.values(zip.files)) if (!entry.dir) texts.push(await entry.async('string'));
      } catch {
        texts.push(file.toString('utf8'));
      }
    }
    const lengths = [...new Set([...secrets].map((s) => s.length))];
    const found: string[] = [];
    for (const text of texts) {
      for (const match of text.matchAll(/[0-9A-Z-]{7,}/g)) {
        const run = match[0];
        for (const length of lengths) {
          for (let i = 0; i + length <= run.length; i++) {
            const piece = run.slice(i, i + length);
            if (secrets.has(piece)) {
              const at = match.index + i;
              found.push(`${piece} in …${text.slice(Math.max(0, at - 60), at + length + 60)}…`);
            }
          }
        }
      }
    }
    return found;
  }
}

/**
 * Every full ID number and phone stored for a party (not yet erased), less staff phones (which
 * `phones.read` may see) and the examples of the message catalogue.
 */
async function fullPartyNumbers(db: Kysely<Database>): Promise<Set<string>> {
  const [ids, phones, staff] = await Promise.all([
    db
      .selectFrom('case_parties')
      .select('id_number as value')
      .where('id_number', 'is not', null)
      .where('pii_erased_at', 'is', null)
      .execute(),
    db.selectFrom('party_phones').select('number as value').where('number_hash', '!=', '').execute(),
    db.selectFrom('users').select('phone').execute(),
  ]);
  const set = new Set<string>();
  for (const row of [...ids, ...phones])
    if (row.value && !row.value.includes('*') && !EXAMPLES.includes(row.value)) set.add(row.value);
  for (const user of staff) set.delete(user.phone);
  return set;
}
