import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAudit } from '../../contract/audit';
import { AUDIT_TEXTS_EN_US } from '../../contract/audit-texts-en-US';
import { AUDIT_TEXTS_ZH_CN } from '../../contract/audit-texts-zh-CN';
import { CASE_EVENTS } from '../../contract/cases';
import { EDITABLE } from '../../server/cases/edit';
import { TRANSITION_ACTIONS } from '../../server/cases/transition-audit';
import { PROJECT_ROOT } from '../../server/config';

/** Every .ts file under server/ (seed included: it may write audit rows too). */
function serverFiles(dir = join(PROJECT_ROOT, 'server')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The actions the server writes, collected from the source like the locale test collects
 * keys: each `action:` of a file that records audit rows. An action built at run time must be
 * listed here with every value it can take, so a new one cannot slip past the catalogue.
 */
const BUILT: Record<string, (file: string, literals: string[]) => string[]> = {
  'case.${event.type.toLowerCase()}': () => CASE_EVENTS.map((e) => `case.${e.toLowerCase()}`),
  'letter.review.${decision.status}': () => ['letter.review.passed', 'letter.review.rejected'],
  'certification.review.${decision.status}': () => [
    'certification.review.passed',
    'certification.review.rejected',
  ],
  // record-review.ts: the table's `action` per reviewed table, then the decision.
  '${action}.${decision.status}': (_, literals) => literals.flatMap((a) => [`${a}.passed`, `${a}.rejected`]),
  // suspension.ts: the table's `action` (lawfirm, lawyer), then suspend or resume.
  "${action}.${body.suspended ? 'suspend' : 'resume'}": (_, literals) =>
    literals.flatMap((a) => [`${a}.suspend`, `${a}.resume`]),
};

function writtenActions(): { actions: Set<string>; unknownBuilt: string[] } {
  const actions = new Set<string>();
  const unknownBuilt: string[] = [];
  for (const file of serverFiles()) {
    const source = readFileSync(file, 'utf8');
    // Audit rows are written by recordAudit, an insert, or a bulk insert of many (a batch of transitions).
    if (!source.includes('recordAudit(') && !source.includes("'audit_log'")) continue;
    if (file.endsWith(join('audit', 'audit.ts'))) continue;
    const literals = [
      ...[...source.matchAll(/\baction: '([^']+)'/g)].map((m) => m[1]),
      // `action: enabled ? 'user.enable' : 'user.disable'`
      ...[...source.matchAll(/\baction: [^'`\n]+\? '([^']+)' : '([^']+)'/g)].flatMap((m) => [m[1], m[2]]),
    ];
    const built = [...source.matchAll(/\baction: `([^`]+)`/g)].map((m) => m[1]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal is what is matched.
    const prefixesOnly = built.some((b) => b.startsWith('${action}'));
    if (!prefixesOnly) for (const a of literals) actions.add(a);
    for (const b of built) {
      const expand = BUILT[b];
      if (!expand) unknownBuilt.push(`${file}: ${b}`);
      else for (const a of expand(file, literals)) actions.add(a);
    }
    // A case's transitions are audited through one builder (server/cases/transition-audit.ts).
    if (source.includes('transitionAuditEntry(')) for (const a of TRANSITION_ACTIONS) actions.add(a);
  }
  return { actions, unknownBuilt };
}

describe('the audit catalogue', () => {
  it('has every action the server writes, in both languages', () => {
    const { actions, unknownBuilt } = writtenActions();
    expect(unknownBuilt).toEqual([]);
    // The collection found what it should: a sanity floor, and the kinds written at run time.
    expect(actions.size).toBeGreaterThan(30);
    expect(actions).toContain('case.take');
    expect(actions).toContain('lawyer.review.rejected');
    const missingZh = [...actions].filter((a) => !Object.hasOwn(AUDIT_TEXTS_ZH_CN, a));
    const missingEn = [...actions].filter((a) => !Object.hasOwn(AUDIT_TEXTS_EN_US, a));
    expect(missingZh).toEqual([]);
    expect(missingEn).toEqual([]);
  });

  it('gives each action the same detail slots in both languages', () => {
    const slots = (text?: string) => [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [action, zh] of Object.entries(AUDIT_TEXTS_ZH_CN)) {
      const en = AUDIT_TEXTS_EN_US[action as keyof typeof AUDIT_TEXTS_EN_US];
      expect(en.label, action).toBeTruthy();
      expect(slots(en.detail), action).toEqual(slots('detail' in zh ? zh.detail : undefined));
    }
  });
});

/** Actions whose row says all there is to say with its actor and time. */
const WITHOUT_PARAMS = new Set([
  'logout',
  'user.changePassword',
  'user.saveInfo',
  'certification.withdraw',
  'case.export',
  'piiAccess.export',
]);

describe('the audit rows the server writes', () => {
  it('store the parameters their detail is rendered with', () => {
    const missing: string[] = [];
    let entries = 0;
    for (const file of serverFiles()) {
      const source = readFileSync(file, 'utf8');
      if (file.endsWith(join('audit', 'audit.ts'))) continue;
      for (const m of source.matchAll(/\baction: ([^\n]+)\n/g)) {
        const rest = source.slice(m.index);
        const entry = rest.slice(0, rest.search(/\n\s*\}\)?,?\s*\n/));
        if (!entry.includes('summary:')) continue; // not an audit entry
        entries++;
        // The action names only (`action: 'a', summary: '...'` may sit on one line).
        const named = [...m[1].split(/,\s*summary:/)[0].matchAll(/'([^']+)'/g)].map((a) => a[1]);
        if (named.length > 0 && named.every((a) => WITHOUT_PARAMS.has(a))) continue;
        if (!/\bparams\b/.test(entry)) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(entries).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('have a detail text for every action that stores parameters', () => {
    const { actions } = writtenActions();
    for (const action of actions) {
      if (WITHOUT_PARAMS.has(action)) continue;
      const zh = AUDIT_TEXTS_ZH_CN[action as keyof typeof AUDIT_TEXTS_ZH_CN];
      expect('detail' in zh && zh.detail, action).toBeTruthy();
    }
  });

  it('show roles and templates by their labels, never a phone in full', () => {
    expect(
      renderAudit('en-US', 'session.switchRole', { fromRole: 'caseOperation', role: 'superAdmin' }).detail,
    ).toBe('Case operations → Super admin');
    expect(renderAudit('zh-CN', 'user.create', { name: '王律师', role: 'lawyer' }).detail).toBe(
      '王律师（律师）',
    );
    expect(
      renderAudit('en-US', 'letter.write', { letterNo: 'L1', template: 'mediation', caseNo: 'MS1' }).detail,
    ).toBe('L1 (Mediation invitation) for case MS1');
  });
});

describe('an audit row in the reader’s language', () => {
  it('says a transition with the states’ labels', () => {
    const params = { caseNo: 'MS1', from: 'pending.pool', to: 'processing', reason: null, result: null };
    expect(renderAudit('zh-CN', 'case.take', params)).toEqual({
      label: '领取案件',
      detail: '待处理（案件池） → 处理中',
    });
    expect(renderAudit('en-US', 'case.take', JSON.stringify(params))).toEqual({
      label: 'Taken',
      detail: 'Pending (In the pool) → Processing',
    });
  });

  it('writes amounts in yuan, not fen', () => {
    const params = { caseNo: 'MS1', amountFen: 5000000, repaidOn: '2026-11-20' };
    expect(renderAudit('zh-CN', 'case.repayment', params).detail).toBe(
      '还款 50,000.00 元，还款日期 2026-11-20',
    );
    expect(renderAudit('en-US', 'case.repayment', params).detail).toBe('¥50,000.00 repaid on 2026-11-20');
  });

  it('names edited fields by their labels', () => {
    const params = { fields: 'title,amountFen,description' };
    expect(renderAudit('zh-CN', 'case.edit', params).detail).toBe(
      '修改了 案件名称、标的金额（元）、案情描述',
    );
    expect(renderAudit('en-US', 'case.edit', params).detail).toBe('Changed Title, Amount (CNY), Description');
  });

  it('has a label for every field a case edit may change', () => {
    for (const field of Object.keys(EDITABLE)) {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const { detail } = renderAudit(lang, 'case.edit', { fields: field });
        expect(detail, `${lang} ${field}`).not.toContain(field);
      }
    }
  });

  it('names a close result by its label', () => {
    const params = { from: 'processing', to: 'closed', result: 'mediated', reason: null };
    expect(renderAudit('zh-CN', 'case.close', params).detail).toBe('处理中 → 已结案，结果：调解成功');
  });

  it('shows an older row without parameters by its label alone, and an unknown action by its code', () => {
    expect(renderAudit('zh-CN', 'case.take', null)).toEqual({ label: '领取案件', detail: '' });
    expect(renderAudit('zh-CN', 'case.repayment', '{broken')).toEqual({ label: '登记还款', detail: '' });
    expect(renderAudit('en-US', 'login', null)).toEqual({ label: 'Signed in', detail: '' });
    expect(renderAudit('zh-CN', 'something.new', null)).toEqual({ label: 'something.new', detail: '' });
  });
});
