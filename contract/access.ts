import { ROLES, type Role } from './roles';

/**
 * Who may do what, written once. Every layer names these abilities instead of role lists:
 * the API's route declarations, the route table's leaves, descriptor fields, columns, tabs
 * and actions, the case status machine's guards, the menu editor's check and the server's
 * phone masking. A role holds an ability when the table lists it, with a scope:
 *
 * - `all`: over every record (platform staff);
 * - `firm`: over the records of the caller's law firm (a firm's contact person);
 * - `own`: over the caller's own records (a lawyer's own cases, anyone's own phone number).
 *
 * superAdmin holds what this table gives it and nothing more. Plain data (no zod): the
 * browser's first screen imports it. Labels are `enum.ability.<ability>` in contract/labels-*.
 */
export const ACCESS_SCOPES = ['all', 'firm', 'own'] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];

type Grants = Partial<Record<Role, AccessScope>>;

const staff = (...roles: Role[]): Grants => Object.fromEntries(roles.map((r) => [r, 'all']));

export const ABILITIES = {
  // Workplaces
  'workplace.read': staff('superAdmin', 'caseOperation', 'bussinessOperation'),
  'firm.workplace': { lawfirmContactPerson: 'firm' },
  'lawyer.workplace': { lawyer: 'own' },
  'tasks.read': staff('superAdmin', 'bussinessOperation'),
  'statistics.read': staff('superAdmin', 'bussinessOperation'),

  // Cases
  'cases.read': {
    ...staff('superAdmin', 'caseOperation', 'bussinessOperation'),
    lawfirmContactPerson: 'firm',
    lawyer: 'own',
  },
  'cases.manage': staff('superAdmin', 'caseOperation'),
  'cases.edit': staff('superAdmin', 'caseOperation'),
  'cases.create': staff('superAdmin', 'caseOperation'),
  'cases.import': staff('superAdmin', 'caseOperation'),
  'cases.review': staff('superAdmin', 'caseOperation'),
  'cases.push': staff('superAdmin', 'caseOperation'),
  'pushes.answer': { lawfirmContactPerson: 'firm' },
  'cases.assign': { ...staff('superAdmin', 'caseOperation'), lawfirmContactPerson: 'firm' },
  /** Bulk jobs (server/cases/bulk-jobs/): started and followed by those who push, assign or close many cases; each case is judged on its own. */
  'cases.bulk': { ...staff('superAdmin', 'caseOperation'), lawfirmContactPerson: 'firm' },
  'cases.pool': { ...staff('superAdmin', 'caseOperation'), lawyer: 'own' },
  'cases.take': { lawyer: 'own' },
  'cases.run': { ...staff('superAdmin', 'caseOperation'), lawyer: 'own' },
  'cases.reopen': staff('superAdmin'),
  'cases.stats': staff('superAdmin', 'caseOperation', 'bussinessOperation'),
  'cases.pushes': { ...staff('superAdmin', 'caseOperation'), lawfirmContactPerson: 'firm' },
  /**
   * A case's parties (server/cases/parties/): `all` writes every field while the case awaits review
   * or was returned (the machine's `intakeEditable`); `own`, the handling lawyer, corrects the
   * phones, addresses and employer of the parties of a case being worked.
   */
  'parties.write': { ...staff('superAdmin', 'caseOperation'), lawyer: 'own' },
  /**
   * One ID number or party phone in full, with a reason, recorded: never platform managers
   * (admin, superAdmin, business operations), and `phones.read` does not unmask a party's phone.
   */
  'parties.reveal': { caseOperation: 'all', lawfirmContactPerson: 'firm', lawyer: 'own' },
  /** A reversal (冲正) of a recorded repayment, with its reason (server/cases/ledger/): case operations only. */
  'repayments.reverse': { caseOperation: 'all' },
  /** The record of reveals (GET /api/pii-access), for those who watch compliance. */
  'pii.audit': staff('superAdmin', 'admin', 'bussinessOperation'),
  /**
   * The contact log (server/contacts/): whoever works the case (`cases.run`) and the firm's
   * contact person on the firm's cases log calls, SMS and visits; `contacts.override` records
   * one against a collection rule, with a reason.
   */
  'contacts.write': { ...staff('superAdmin', 'caseOperation'), lawfirmContactPerson: 'firm', lawyer: 'own' },
  'contacts.override': { caseOperation: 'all', lawfirmContactPerson: 'firm', lawyer: 'own' },
  /** 合规监控: contacts per firm and lawyer, refusals and overrides, calls per person per day. */
  'compliance.read': staff('superAdmin', 'bussinessOperation'),
  /** The sensitive words a note, SMS or letter may not hold. */
  'sensitiveWords.manage': staff('superAdmin'),
  /** Propose a repayment plan (分期还款): the handling lawyer, on a case in processing. */
  'plans.propose': { lawyer: 'own' },
  /** Approve or reject a reduced plan (减免), the queue 分期审核: case operations. */
  'plans.review': staff('superAdmin', 'caseOperation'),
  /** The routing rules (分案规则, server/routing/): case operations keep them. */
  'routing.manage': staff('superAdmin', 'caseOperation'),
  /** Extend an entrustment (延长委托) once it expires or nears it (server/deadlines/): case operations only. */
  'cases.entrust': { caseOperation: 'all' },
  'attachments.read': staff('superAdmin', 'caseOperation', 'bussinessOperation'),
  'business.cases': staff('superAdmin', 'bussinessOperation'),
  'firm.cases': { superAdmin: 'all', lawfirmContactPerson: 'firm' },
  'lawyer.cases': { superAdmin: 'all', lawyer: 'own' },

  // Creditors (委托方) and their batches (server/creditors/): kept by case operations, read by business operations
  'creditors.read': staff('superAdmin', 'caseOperation', 'bussinessOperation'),
  'creditors.manage': staff('superAdmin', 'caseOperation'),
  /** A firm's monthly settlement: operations see every firm, a firm's contact person their own. */
  'settlements.read': {
    ...staff('superAdmin', 'caseOperation', 'bussinessOperation'),
    lawfirmContactPerson: 'firm',
  },

  // Law firms, lawyers and their letters
  'firms.read': staff('superAdmin', 'bussinessOperation'),
  'firms.review': staff('superAdmin', 'bussinessOperation'),
  'firm.profile': { superAdmin: 'all', lawfirmContactPerson: 'firm' },
  'lawyers.read': { ...staff('superAdmin', 'bussinessOperation'), lawfirmContactPerson: 'firm' },
  'lawyers.review': { ...staff('superAdmin', 'bussinessOperation'), lawfirmContactPerson: 'firm' },
  'lawyer.profile': { superAdmin: 'all', lawyer: 'own' },
  'letters.read': {
    ...staff('superAdmin', 'caseOperation', 'bussinessOperation'),
    lawfirmContactPerson: 'firm',
    lawyer: 'own',
  },
  'letters.review': staff('superAdmin', 'bussinessOperation'),
  'letters.resubmit': {
    ...staff('superAdmin', 'caseOperation'),
    lawfirmContactPerson: 'firm',
    lawyer: 'own',
  },
  'letters.write': { lawyer: 'own' },
  /** A letter's PDF: its writer, their firm's contact person and the reviewers. */
  'letters.file': {
    ...staff('superAdmin', 'bussinessOperation'),
    lawfirmContactPerson: 'firm',
    lawyer: 'own',
  },
  'certifications.review': staff('superAdmin', 'bussinessOperation'),

  // People, devices and money
  'devices.manage': { ...staff('superAdmin', 'bussinessOperation'), lawfirmContactPerson: 'firm' },
  'wallets.read': { ...staff('superAdmin', 'bussinessOperation'), lawfirmContactPerson: 'firm' },
  'phones.read': {
    ...staff('superAdmin', 'caseOperation', 'bussinessOperation'),
    lawfirmContactPerson: 'own',
    lawyer: 'own',
    admin: 'own',
  },

  // One's own account
  'profile.edit': Object.fromEntries(ROLES.map((r) => [r, 'own'])) as Grants,
  'profile.read': Object.fromEntries(ROLES.map((r) => [r, 'own'])) as Grants,

  // Administration
  'accounts.manage': staff('superAdmin'),
  'menus.edit': staff('superAdmin'),
  'pages.edit': staff('superAdmin'),
  'access.read': staff('superAdmin'),
  'dev.tools': staff('superAdmin', 'admin'),
  'docs.read': staff('superAdmin', 'admin'),
  'monitor.read': staff('admin'),
} as const satisfies Record<string, Grants>;

export type Ability = keyof typeof ABILITIES;
export const ABILITY_NAMES = Object.keys(ABILITIES) as [Ability, ...Ability[]];

/**
 * What a declaration asks for: an ability (any scope), or an ability in one scope
 * (`lawyers.review:all`: reviewing lawyers of every firm, not only one's own firm's).
 */
export type AccessRule = Ability | `${Ability}:${AccessScope}`;

/** The scope in which a role holds an ability, or null when it does not hold it. */
export function scopeOf(ability: Ability, role: Role | null | undefined): AccessScope | null {
  if (!role) return null;
  const grants: Grants = ABILITIES[ability];
  return grants?.[role] ?? null;
}

/** The one permission check. No rule at all means nothing beyond being signed in. */
export function can(rule: AccessRule | undefined, role: Role | null | undefined): boolean {
  if (rule === undefined) return !!role;
  const [ability, scope] = rule.split(':') as [Ability, AccessScope | undefined];
  const held = scopeOf(ability, role);
  return held !== null && (scope === undefined || held === scope);
}

/** Is this string a rule of the table (for checking data that names rules)? */
export function isAccessRule(value: unknown): value is AccessRule {
  if (typeof value !== 'string') return false;
  const [ability, scope, ...rest] = value.split(':');
  return (
    rest.length === 0 &&
    Object.hasOwn(ABILITIES, ability) &&
    (scope === undefined || (ACCESS_SCOPES as readonly string[]).includes(scope))
  );
}

/** Every rule a descriptor or route may name: each ability, and each ability in each scope it is held in. */
export const ACCESS_RULES: [AccessRule, ...AccessRule[]] = ABILITY_NAMES.flatMap((ability) => [
  ability,
  ...[...new Set(Object.values(ABILITIES[ability] as Grants))].map(
    (scope) => `${ability}:${scope}` as AccessRule,
  ),
]) as [AccessRule, ...AccessRule[]];

/** The roles holding a rule, in the product's role order. */
export function rolesHolding(rule: AccessRule): Role[] {
  return ROLES.filter((role) => can(rule, role));
}

/**
 * A phone number as shown to someone who may not read it (138****0001): the server masks
 * every number it sends to a caller without `phones.read` over it, and screens use the same
 * function where they shorten a number the caller may read.
 */
export function maskPhone(phone: string): string {
  // Never shows more than all but four characters: a mobile (11 digits) or a landline with
  // its area code keeps its first three and last four; a shorter number keeps only its last
  // four when at least four others stay hidden; anything shorter shows nothing. The one
  // masking rule of the product (screens, API answers, audit rows, sign-in failures).
  if (phone.length >= 11) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  if (phone.length >= 8) return `****${phone.slice(-4)}`;
  return '****';
}
