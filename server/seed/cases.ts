import { type Insertable, type Kysely, sql } from 'kysely';
import {
  CASE_NO_PREFIX,
  type CaseStage,
  type CaseStatus,
  type CaseType,
  type CloseResult,
} from '../../contract/cases';
import type { Parts } from '../../contract/ledger';
import { isWorked } from '../../machines/caseRules';
import { piiHasher } from '../cases/parties/pii-hash';
import { caseTermRows } from '../cases/search-terms';
import type { CasesTable, Database } from '../db/schema';
import { API_PREFIX } from '../http/register';
import type { FileStorage } from '../storage/storage';
import { type SampleFiles, sampleKind, writeAttachmentFiles } from './attachment-files';
import { caseHistoryRows, type HistoryPeople, type SeededCase } from './case-histories';
import { seededContacts } from './contacts';
import { countiesByCity, courtOf, MAINLAND_CITIES } from './courts';
import { seedPlacements } from './creditors';
import { insertMany } from './insert-many';
import {
  claimColumns,
  claimOfRow,
  claimSplit,
  outstandingAfter,
  repaymentEntries,
  settleOutstanding,
} from './ledger';
import { ATTACHMENT_NAMES, clientName, DISPUTES, debtorName, FOLLOW_UP_NOTES } from './names';
import { furtherPartyRows, mainDebtorRows } from './parties';
import type { SeededPeople } from './people';
import type { Random } from './random';

const DAY = 86_400_000;
/** Unanswered demo pushes are younger (PUSH_ANSWER_HOURS is 48); derived from the drawn moment. */
const UNANSWERED_WITHIN_MS = 36 * 3_600_000;
const CHUNK = 5000;

const TYPES: ReadonlyArray<readonly [CaseType, number]> = [
  ['civil', 35],
  ['commercial', 25],
  ['litigation', 15],
  ['arbitration', 12],
  ['administrative', 8],
  ['criminal', 5],
];
const STATUSES: ReadonlyArray<readonly [CaseStatus, number]> = [
  ['pending', 25],
  ['processing', 40],
  ['suspended', 10],
  ['closed', 25],
];
const RESULTS: ReadonlyArray<readonly [CloseResult, number]> = [
  ['mediated', 45],
  ['repaid', 30],
  ['failed', 15],
  ['withdrawn', 10],
];
const ACTIVE_STAGES: readonly CaseStage[] = ['mediation', 'litigation', 'hearing', 'judgment', 'execution'];
const SUSPEND_REASONS = [
  '债务人下落不明，等待公告送达',
  '债务人进入破产程序',
  '当事人申请中止调解',
  '等待法院排期',
];

export interface CaseCounts {
  cases: number;
  attachments: number;
  followUps: number;
  repayments: number;
  pushes: number;
}

/** Where seeded attachments' files go, and their contents; without it no attachment is seeded. */
export interface SeedFiles {
  storage: FileStorage;
  samples: SampleFiles;
}

/**
 * Cases over the last two years (more of them recent), every status, type and region,
 * in chunks of 5,000 with their attachments, follow-ups, repayments and pushes, so a
 * million cases fit in memory and in minutes.
 */
export async function seedCases(
  db: Kysely<Database>,
  rng: Random,
  now: Date,
  people: SeededPeople,
  total: number,
  log: (msg: string) => void,
  files: SeedFiles | null,
): Promise<CaseCounts> {
  const counts: CaseCounts = { cases: 0, attachments: 0, followUps: 0, repayments: 0, pushes: 0 };
  const demoLawyer = people.lawyers.find((l) => l.id === people.demoLawyerId);
  const operators = [people.demoUserIds.caseOperation, people.demoUserIds.superAdmin];
  const nowMs = now.getTime();

  // One chunk's attachment files are written while the next chunk's rows are made and inserted
  // (the files wait on the disk, the rows on the database); at most one chunk's files in flight.
  let filesInFlight: Promise<void> = Promise.resolve();
  const hash = await piiHasher(db);
  const lawyerUsers = new Map(people.lawyers.map((l) => [l.id, l.userId]));
  const placements = seedPlacements(
    [people.demoFirmId, ...people.passedFirmIds.filter((id) => id !== people.demoFirmId)],
    people.demoUserIds.caseOperation,
    now.toISOString(),
  );
  const historyPeople: HistoryPeople = {
    operators: [
      [people.demoUserIds.caseOperation, 'caseOperation'],
      [people.demoUserIds.superAdmin, 'superAdmin'],
    ],
    lawyerUsers,
    // Each firm's contact person (the demo one first): who answers its pushes.
    firmUsers: new Map(
      (
        await db
          .selectFrom('users')
          .select(['id', 'law_firm_id'])
          .where('role', '=', 'lawfirmContactPerson')
          .orderBy('id', 'desc')
          .execute()
      ).map((u) => [u.law_firm_id as number, u.id]),
    ),
  };
  /** The chunk's contact log (seed/contacts.ts): each worked case's main debtor, by their first phone. */
  const contactsOfChunk = (
    ids: number[],
    rows: Insertable<CasesTable>[],
    partyIds: number[],
    parties: ReadonlyArray<{ id_number_hash?: string | null }>,
    phoneRows: ReadonlyArray<{ party_id: number; position: number }>,
    phoneIds: number[],
    repayments: ReadonlyArray<Insertable<Database['ledger_entries']>>,
  ) => {
    const firstPhone = new Map<number, number>();
    phoneRows.forEach((p, i) => {
      if (p.position === 0) firstPhone.set(p.party_id, phoneIds[i] as number);
    });
    const repaid = new Map<number, Array<{ amountFen: number; createdAt: string }>>();
    for (const r of repayments.filter((e) => e.kind === 'repayment'))
      repaid.set(r.case_id, [
        ...(repaid.get(r.case_id) ?? []),
        { amountFen: Number(r.amount_fen), createdAt: String(r.created_at) },
      ]);
    return seededContacts(
      ids.map((caseId, k) => {
        const c = rows[k] as Insertable<CasesTable>;
        const partyId = partyIds[k] as number;
        return {
          caseId,
          worked: isWorked({ status: c.status, position: c.position ?? null } as Parameters<
            typeof isWorked
          >[0]),
          createdAt: c.created_at,
          partyId,
          phoneId: firstPhone.get(partyId) ?? null,
          personKey: `id:${parties[k]?.id_number_hash ?? partyId}`,
          lawyerUserId: c.lawyer_id ? (lawyerUsers.get(c.lawyer_id) ?? null) : null,
          lawFirmId: c.law_firm_id ?? null,
          repayments: repaid.get(caseId) ?? [],
        };
      }),
      now,
    );
  };
  for (let start = 0; start < total; start += CHUNK) {
    const n = Math.min(CHUNK, total - start);
    const rows: Insertable<CasesTable>[] = [];
    for (let k = 0; k < n; k++) {
      const seq = start + k + 1;
      const type = rng.weighted(TYPES);
      const status = rng.weighted(STATUSES);
      const [cityCode, cityName] = rng.pick(MAINLAND_CITIES);
      // Skewed towards recent months: the square of a uniform number piles up near zero.
      const ageDays = Math.floor(730 * rng.next() ** 2);
      const createdMs = nowMs - ageDays * DAY - rng.int(0, DAY - 1);
      const debtor = debtorName(rng, cityName);
      const client = clientName(rng, cityName);
      // Pending cases have no lawyer: some await review, the others were approved into the
      // pool, and some of those were pushed to a firm (which may have accepted already).
      let lawyer: SeededPeople['lawyers'][number] | null = null;
      let firmId: number | null = null;
      let position: string | null = null;
      if (status !== 'pending') {
        lawyer = demoLawyer && rng.chance(0.02) ? demoLawyer : rng.pick(people.lawyers);
        firmId = lawyer.firmId;
      } else if (rng.chance(0.35)) {
        firmId = rng.chance(0.2) ? people.demoFirmId : rng.pick(people.passedFirmIds);
        position = rng.chance(0.7) ? 'pushed' : 'accepted';
      } else {
        position = rng.chance(0.3) ? 'awaitingReview' : 'pool';
      }
      const stage: CaseStage =
        status === 'pending' ? 'intake' : status === 'closed' ? 'archived' : rng.pick(ACTIVE_STAGES);
      const inCourt = stage === 'litigation' || stage === 'hearing' || stage === 'judgment';
      const counties = countiesByCity.get(cityCode) ?? [];
      const court =
        inCourt || rng.chance(0.2)
          ? courtOf(cityCode, cityName, counties.length && rng.chance(0.7) ? rng.pick(counties) : null, seq)
          : null;
      const sessionMs = inCourt ? Math.max(createdMs + 20 * DAY, nowMs + rng.int(-30, 60) * DAY) : null;
      const updatedMs = Math.min(nowMs, createdMs + rng.int(0, 90) * DAY);
      rows.push({
        case_no: `${CASE_NO_PREFIX[type]}${String(seq).padStart(8, '0')}`,
        title: `${client}诉${debtor}${rng.pick(DISPUTES)}`,
        type,
        debtor_name: debtor,
        client_name: client,
        region_code: cityCode,
        amount_fen: rng.logUniform(5_000, 5_000_000) * 100 + rng.int(0, 99),
        entrust_expires_on: new Date(createdMs + rng.int(180, 720) * DAY).toISOString().slice(0, 10),
        status,
        position,
        close_result: status === 'closed' ? rng.weighted(RESULTS) : null,
        suspend_reason: status === 'suspended' ? rng.pick(SUSPEND_REASONS) : null,
        stage,
        lawyer_id: lawyer?.id ?? null,
        law_firm_id: firmId,
        court,
        court_session_at:
          sessionMs === null ? null : new Date(sessionMs - (sessionMs % (30 * 60_000))).toISOString(),
        description: `${client}委托催收${debtor}欠款，合同编号 HT${rng.digits(10)}，借款到期后经多次催告未清偿。`,
        created_at: new Date(createdMs).toISOString(),
        updated_at: new Date(updatedMs).toISOString(),
      });
      // The claim's split is derived from the amount, not drawn, so the rest of the demo data stays the same.
      Object.assign(
        rows[rows.length - 1],
        claimColumns(claimSplit(Number(rows[rows.length - 1].amount_fen), seq)),
      );
    }
    const written: Parameters<typeof writeAttachmentFiles>[2][number][] = [];
    await db.transaction().execute(async (trx) => {
      // Each case in its creditor's batch of the quarter (seed/creditors.ts).
      for (const row of rows)
        Object.assign(row, await placements.place(trx, row.client_name, row.created_at));
      const ids = await insertMany(trx, 'cases', rows, { returnIds: true });
      // The keyword search's index, as insertCases writes it for a case made by hand.
      await insertMany(trx, 'case_terms', caseTermRows(ids, rows));
      const debtors = mainDebtorRows(
        ids.map((id, k) => ({
          id,
          ...(rows[k] as { debtor_name: string; region_code: string; created_at: string }),
        })),
        hash,
      );
      const partyIds = await insertMany(trx, 'case_parties', debtors.parties, { returnIds: true });
      const phoneRows = debtors.phonesOf(partyIds);
      const phoneIds = await insertMany(trx, 'party_phones', phoneRows, { returnIds: true });
      await insertMany(trx, 'party_addresses', debtors.addressesOf(partyIds));
      const further = furtherPartyRows(
        ids.map((id, k) => ({ id, ...(rows[k] as { region_code: string; created_at: string }) })),
        hash,
      );
      const furtherIds = await insertMany(trx, 'case_parties', further.parties, { returnIds: true });
      await insertMany(trx, 'party_phones', further.phonesOf(furtherIds));
      await insertMany(trx, 'party_addresses', further.addressesOf(furtherIds));
      const attachments: Insertable<Database['case_attachments']>[] = [];
      const followUps: Insertable<Database['contacts']>[] = [];
      const repayments: Insertable<Database['ledger_entries']>[] = [];
      const settled: { id: number; outstanding: Parts }[] = [];
      const pushes: Insertable<Database['case_pushes']>[] = [];
      ids.forEach((caseId, k) => {
        const c = rows[k];
        const created = Date.parse(c.created_at);
        // Between the case's creation and the seed's moment, never after it.
        const span = nowMs - created;
        const within = () => new Date(created + Math.floor(rng.next() * span)).toISOString();
        for (let a = rng.int(0, 3); a > 0; a--) {
          const name = rng.pick(ATTACHMENT_NAMES);
          // Drawn as before so the rest of the demo data stays the same; the row gets its file's size.
          rng.int(20_000, 4_000_000);
          const uploadedBy = rng.pick(operators);
          if (!files) continue;
          const kind = sampleKind(name);
          const key = `seed-${a}`;
          written.push({ caseId, key, kind });
          attachments.push({
            case_id: caseId,
            name,
            url: '',
            size: files.samples[kind].length,
            uploaded_by: uploadedBy,
            created_at: c.created_at,
            stored_key: key,
          });
        }
        if (c.law_firm_id) {
          const accepted = c.position !== 'pushed';
          const drawn = within();
          // A waiting push lies within the answer window, so the first sweep does not lapse them all.
          const pushedAt = accepted
            ? drawn
            : new Date(
                Math.max(created, nowMs - ((nowMs - Date.parse(drawn)) % UNANSWERED_WITHIN_MS)),
              ).toISOString();
          // An accepted push was answered after it was pushed and before the seed's moment:
          // within three days, or halfway to now when it was pushed less than six days ago.
          // Derived, not drawn, so the rest of the demo data stays the same.
          const pushedMs = Date.parse(pushedAt);
          const answeredAt = accepted
            ? new Date(pushedMs + Math.floor(Math.min(3 * DAY, (nowMs - pushedMs) / 2))).toISOString()
            : null;
          pushes.push({
            case_id: caseId,
            law_firm_id: c.law_firm_id,
            pushed_at: pushedAt,
            push_status: accepted ? 'accepted' : 'pushed',
            operator_id: rng.pick(operators),
            answered_at: answeredAt,
          });
        }
        if (c.status === 'pending') return;
        const paid = c.close_result === 'repaid' || c.close_result === 'mediated';
        for (let f = rng.int(0, 4); f > 0; f--) {
          const followedAt = within();
          // A payment follow-up (添加跟进) is a contact without a channel.
          followUps.push({
            case_id: caseId,
            at: followedAt,
            logged_at: followedAt,
            note: rng.pick(FOLLOW_UP_NOTES),
            payment_status: paid
              ? rng.pick(['partial', 'paid'] as const)
              : rng.pick(['unpaid', 'promised', 'partial'] as const),
            created_by: rng.pick(operators),
          });
        }
        if (paid || (c.status === 'processing' && rng.chance(0.3))) {
          const parts = paid ? rng.int(1, 3) : 1;
          const amount = Number(c.amount_fen);
          const share = Math.floor(amount / (paid ? parts : rng.int(3, 10)));
          const drawn = Array.from({ length: parts }, (_, r) => ({
            // A case closed as repaid was paid in full: its last repayment pays the rest.
            amount:
              c.close_result === 'repaid' && r === parts - 1
                ? amount - share * (parts - 1)
                : Math.max(100, share),
            on: within().slice(0, 10),
            note: r === 0 ? '首期还款' : `第 ${r + 1} 期还款`,
            createdAt: within(),
          }));
          const entries = repaymentEntries(caseId, claimOfRow(c), drawn);
          repayments.push(...entries);
          settled.push({ id: caseId, outstanding: outstandingAfter(claimOfRow(c), entries) });
        }
      });
      const attachmentIds = await insertMany(trx, 'case_attachments', attachments, { returnIds: true });
      // The stored url is the download route, as an upload stores it (server/cases/attachments.ts).
      // Only this chunk's rows, found by primary key: not a scan of every attachment so far.
      if (attachmentIds.length > 0)
        await sql`update case_attachments set url = ${sql.lit(`${API_PREFIX}/cases/`)}
          || cast(case_id as varchar(20)) || '/attachments/' || cast(id as varchar(20))
          where id between ${attachmentIds[0]} and ${attachmentIds[attachmentIds.length - 1]} and url = ''`.execute(
          trx,
        );
      await insertMany(trx, 'contacts', followUps);
      await insertMany(trx, 'ledger_entries', repayments);
      await settleOutstanding(trx, settled);
      await insertMany(trx, 'case_pushes', pushes);
      // Each case's journey so far, as the product audits its transitions.
      await insertMany(
        trx,
        'audit_log',
        ids.flatMap((id, k) => caseHistoryRows({ ...(rows[k] as SeededCase), id }, historyPeople)),
      );
      await insertMany(
        trx,
        'contacts',
        contactsOfChunk(ids, rows, partyIds, debtors.parties, phoneRows, phoneIds, repayments),
      );
      counts.cases += ids.length;
      counts.attachments += attachments.length;
      counts.followUps += followUps.length;
      counts.repayments += repayments.length;
      counts.pushes += pushes.length;
    });
    await filesInFlight;
    if (files) {
      filesInFlight = writeAttachmentFiles(files.storage, files.samples, written);
      // Handled here so a failure cannot go unnoticed while the next chunk runs; the next
      // `await filesInFlight` (or the one after the loop) throws it.
      filesInFlight.catch(() => {});
    }
    if (total > CHUNK * 10 && (start / CHUNK) % 20 === 19) log(`  ${start + n} / ${total} cases`);
  }
  await filesInFlight;
  return counts;
}
