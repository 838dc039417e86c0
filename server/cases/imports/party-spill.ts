/**
 * The 当事人 sheet's judged rows waiting for their case row, kept in a private temporary SQLite
 * database of the judging thread (not the server's database, and not in the thread's heap): the
 * sheet is read before the main sheet, so every party of the file waits. Held as objects and
 * then as JSON texts in a Map, 50,000 parties were most of the judging thread's live heap, and
 * each full collection walked them again (a fifth of the thread's time, bench/README.md); here
 * they take SQLite's page cache (capped) and its temporary file. `take` hands a case's parties
 * over once, in row order; what is never taken is the file's orphans. Taken rows stay in the file
 * (a delete rewrote the table's and the index's pages for every case: a fifth of the thread's
 * time) and only the case numbers that had parties are remembered.
 */
import SQLite from 'better-sqlite3';

/** A waiting party row: its row number, its cells as JSON (for the errors download), the PartyInput as JSON. */
export interface SpilledParty {
  rowNo: number;
  cells: string;
  party: string;
}

/** SQLite's page cache for the spill, in KiB (a negative cache_size): what it holds in memory at most. */
const CACHE_KIB = 8 * 1024;

export class PartySpill {
  #db: SQLite.Database;
  #insert: SQLite.Statement;
  #take: SQLite.Statement | null = null;
  #pending: unknown[][] = [];
  /** Case numbers whose parties were taken (only those that had any). */
  #taken = new Set<string>();
  #indexed = false;
  #count = 0;

  constructor() {
    // '' opens a private temporary database on disk, removed when it is closed.
    this.#db = new SQLite('');
    this.#db.pragma('journal_mode = OFF');
    this.#db.pragma('synchronous = OFF');
    this.#db.pragma(`cache_size = -${CACHE_KIB}`);
    this.#db.exec(
      'create table parties (case_no text not null, row_no integer not null, cells text not null, party text not null)',
    );
    this.#insert = this.#db.prepare(
      'insert into parties (case_no, row_no, cells, party) values (?, ?, ?, ?)',
    );
  }

  get size(): number {
    return this.#count;
  }

  add(caseNo: string, party: SpilledParty): void {
    if (this.#indexed) throw new Error('PartySpill: add after take');
    this.#pending.push([caseNo, party.rowNo, party.cells, party.party]);
    this.#count++;
    if (this.#pending.length >= 1000) this.#flush();
  }

  /** The parties of this case number, in row order, removed from the spill. */
  take(caseNo: string): SpilledParty[] {
    if (this.#count === 0 || this.#taken.has(caseNo)) return [];
    this.#ready();
    const rows = (this.#take as SQLite.Statement).all(caseNo) as SpilledParty[];
    if (rows.length === 0) return rows;
    this.#taken.add(caseNo);
    this.#count -= rows.length;
    return rows;
  }

  /** Every party never taken, in row order. */
  *rest(): Generator<SpilledParty> {
    if (this.#count === 0) return;
    this.#ready();
    const all = this.#db
      .prepare('select case_no as caseNo, row_no as rowNo, cells, party from parties order by row_no')
      .iterate() as Iterable<SpilledParty & { caseNo: string }>;
    for (const { caseNo, ...party } of all) if (!this.#taken.has(caseNo)) yield party;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    const rows = this.#pending;
    this.#pending = [];
    this.#db.transaction(() => {
      for (const r of rows) this.#insert.run(r);
    })();
  }

  /** The index is built once the sheet is in (cheaper than keeping it up row by row). */
  #ready(): void {
    if (this.#indexed) return;
    this.#flush();
    this.#db.exec('create index parties_case_no on parties (case_no, row_no)');
    this.#take = this.#db.prepare(
      'select row_no as rowNo, cells, party from parties where case_no = ? order by row_no',
    );
    this.#indexed = true;
  }
}
