import type { z } from 'zod';
import {
  type CaseIntake,
  type CaseIntakeField,
  caseIntakeSchema,
  caseTypeOf,
  IMPORT_COLUMNS,
  yuanToFen,
} from '../../../contract/case-intake';
import { isMessageKey, type MessageKey } from '../../../contract/messages';
import { cellText } from './sheet-rows';

/**
 * Why a row was refused, stored as data (never prose) and rendered in the reader's language:
 * a catalogue key with parameters, or zod's own issue (its locales render it).
 */
export type Reason =
  | { field: string; key: MessageKey; params?: Record<string, string | number> }
  | { field: string; issue: Record<string, unknown> };

/** Where each template column is in this file; null when a required header is missing. */
export function columnsOf(header: unknown[]): { positions: (number | null)[]; missing: string[] } {
  const texts = header.map(cellText);
  const positions = IMPORT_COLUMNS.map((c) => {
    const at = texts.indexOf(c.header);
    return at < 0 ? null : at;
  });
  const missing = IMPORT_COLUMNS.filter((c, i) => c.required && positions[i] === null).map((c) => c.header);
  return { positions, missing };
}

/** The row's cells as text, in the template's column order (what the errors download shows). */
export function rowTexts(cells: unknown[], positions: (number | null)[]): string[] {
  return positions.map((p) => (p === null ? '' : cellText(cells[p])));
}

/**
 * One row judged by the same schema as the form (contract/case-intake.ts), after the
 * spreadsheet's own forms are read: a type by its label, an amount in yuan, a date cell.
 */
export function checkRow(
  cells: unknown[],
  positions: (number | null)[],
): { ok: true; value: CaseIntake } | { ok: false; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const input: Record<string, unknown> = {};
  IMPORT_COLUMNS.forEach((column, i) => {
    const at = positions[i];
    const raw = at === null ? null : cells[at];
    const text = cellText(raw);
    if (text === '') {
      if (column.required) reasons.push({ field: column.field, key: 'intake.required' });
      else input[column.field] = null;
      return;
    }
    switch (column.field) {
      case 'type': {
        const type = caseTypeOf(text);
        if (type === null) reasons.push({ field: 'type', key: 'intake.typeUnknown' });
        else input.type = type;
        return;
      }
      case 'amountFen': {
        const fen = yuanToFen(typeof raw === 'number' ? raw : text);
        if (fen === null) reasons.push({ field: 'amountFen', key: 'intake.amountYuan' });
        else input.amountFen = fen;
        return;
      }
      default:
        input[column.field] = text;
    }
  });
  const refused = new Set(reasons.map((r) => r.field));
  const parsed = caseIntakeSchema.safeParse(input, { reportInput: true });
  if (parsed.success && reasons.length === 0) return { ok: true, value: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row') as CaseIntakeField;
      if (refused.has(field)) continue;
      refused.add(field);
      reasons.push(reasonOf(field, issue));
    }
  }
  const order = (field: string) => IMPORT_COLUMNS.findIndex((c) => c.field === field);
  return { ok: false, reasons: reasons.sort((a, b) => order(a.field) - order(b.field)) };
}

function reasonOf(field: string, issue: z.core.$ZodIssue): Reason {
  if (isMessageKey(issue.message)) return { field, key: issue.message };
  const { message: _m, path: _p, input, ...rest } = issue as z.core.$ZodIssue & { input?: unknown };
  const shortInput = typeof input === 'string' ? input.slice(0, 50) : input;
  return { field, issue: { ...rest, input: shortInput } };
}
