import type {
  ActionDescriptor,
  DetailPage,
  FieldDescriptor,
  FormPage,
  PageDescriptor,
  TablePage,
  TabsPage,
} from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { col, field } from './builders';

/**
 * The contact log on a case's pages (server/cases/contacts/): the log and the main debtor's
 * contact window as sections of 案件处理 and the record, the 记录联系 and 发短信 forms, and the
 * compliance pages (合规监控, 敏感词).
 */
const v = SCHEMA_VERSION;

export const contactLog: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'contact.section.log',
  field: 'contacts',
  columns: [
    col('at', 'contact.at', { widget: 'datetime', width: 170 }),
    col('partyName', 'contact.party'),
    col('channel', 'contact.channel', { widget: 'enum', enum: 'contactChannel' }),
    col('direction', 'contact.direction', { widget: 'enum', enum: 'contactDirection' }),
    col('phone', 'contact.phone'),
    col('outcome', 'contact.outcome', { widget: 'enum', enum: 'contactOutcome' }),
    col('note', 'contact.note', { width: 220 }),
    col('promiseAmountFen', 'contact.promiseAmount', { widget: 'money' }),
    col('promiseDueOn', 'contact.promiseDueOn', { widget: 'date' }),
    col('nextFollowUpOn', 'contact.nextFollowUpOn', { widget: 'date' }),
    col('overrideRule', 'contact.overrideRule', { widget: 'enum', enum: 'contactRule' }),
    col('overrideReason', 'contact.overrideReason'),
    col('createdByName', 'contact.createdBy'),
  ],
};

const windowItems = [
  col('contactWindow.partyName', 'contact.party'),
  col('contactWindow.state', 'contact.windowState', { widget: 'enum', enum: 'contactWindowState' }),
  col('contactWindow.rule', 'contact.windowRule', { widget: 'enum', enum: 'contactRule' }),
  col('contactWindow.nextAllowedAt', 'contact.nextAllowedAt', { widget: 'datetime' }),
];

/** Whether the main debtor may be called now, shown before the lawyer calls. */
export const contactWindow: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'contact.section.window',
  columns: 4,
  items: windowItems,
};

const partySelect = field(
  'partyId',
  'contact.party',
  { kind: 'select', optionsFrom: { path: '/cases/:id/parties', value: 'id', label: 'name' } },
  { required: true },
);
const phoneSelect = (required: boolean) =>
  field(
    'phoneId',
    'contact.phone',
    { kind: 'select', optionsFrom: { path: '/cases/:id/contact-phones', value: 'id', label: 'label' } },
    { required },
  );
const overrideReason = field(
  'override.reason',
  'contact.overrideReason',
  { kind: 'textarea', maxLength: 200 },
  { placeholder: 'contact.overrideReasonHint', access: 'contacts.override' },
);

const contactForm: FieldDescriptor[] = [
  partySelect,
  field('channel', 'contact.channel', { kind: 'select', enum: 'contactChannel' }, { required: true }),
  phoneSelect(false),
  field('direction', 'contact.direction', { kind: 'select', enum: 'contactDirection' }, { required: true }),
  field('at', 'contact.at', { kind: 'datetime' }, { placeholder: 'contact.atHint' }),
  field('outcome', 'contact.outcome', { kind: 'select', enum: 'contactOutcome' }, { required: true }),
  field('note', 'contact.note', { kind: 'textarea', maxLength: 500 }, { required: true }),
  field('promise.amountFen', 'contact.promiseAmount', {
    kind: 'number',
    money: true,
    min: 0.01,
    precision: 2,
  }),
  field('promise.dueOn', 'contact.promiseDueOn', { kind: 'date' }),
  field('nextFollowUpOn', 'contact.nextFollowUpOn', { kind: 'date' }),
  overrideReason,
];

/** 记录联系 and 发短信 on 案件处理, with the main debtor's window above each form. */
export const contactActions: ActionDescriptor[] = [
  {
    kind: 'api',
    key: 'logContact',
    label: 'contact.action.log',
    access: 'contacts.write',
    method: 'POST',
    path: '/cases/:id/contacts',
    body: 'form',
    form: contactForm,
    summary: windowItems,
    successMessage: 'contact.saved',
  },
  {
    kind: 'api',
    key: 'sendSms',
    label: 'contact.action.sms',
    access: 'contacts.write',
    method: 'POST',
    path: '/cases/:id/sms',
    body: 'form',
    form: [
      partySelect,
      phoneSelect(true),
      field('template', 'contact.smsTemplate', { kind: 'select', enum: 'smsTemplate' }, { required: true }),
      overrideReason,
    ],
    summary: windowItems,
    successMessage: 'contact.smsSent',
  },
];

/** The record's tab of contacts (the full record and business operations' record). */
export const contactsTab = (id: string): TabsPage['tabs'][number] => ({
  key: 'contacts',
  title: 'contact.section.log',
  page: {
    schemaVersion: v,
    id,
    type: 'detail',
    title: 'contact.section.log',
    source: { path: '/cases/:id' },
    subtitleField: 'caseNo',
    sections: [contactLog],
    actions: [],
  },
});

const period = field('day', 'contact.compliance.period', { kind: 'dateRange' });
const complianceTable = (
  id: string,
  title: string,
  path: string,
  columns: TablePage['columns'],
): TablePage => ({
  schemaVersion: v,
  id,
  type: 'table',
  title,
  source: { path },
  rowKey: 'key',
  filters: [period],
  columns,
  rowActions: [],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
});

/** 合规监控 (business operations, superAdmin): who contacts how much, breaches, calls per person a day. */
const compliance: TabsPage = {
  schemaVersion: v,
  id: 'compliance',
  type: 'tabs',
  title: 'menu.compliance',
  tabs: [
    {
      key: 'lawyers',
      title: 'contact.compliance.byLawyer',
      page: complianceTable('compliance-lawyers', 'contact.compliance.byLawyer', '/compliance/contacts', [
        col('lawFirmName', 'case.lawFirm'),
        col('userName', 'contact.createdBy'),
        col('contacts', 'contact.compliance.contacts', { widget: 'number' }),
        col('calls', 'contact.compliance.calls', { widget: 'number' }),
        col('connected', 'contact.compliance.connected', { widget: 'number' }),
        col('overrides', 'contact.compliance.overrides', { widget: 'number' }),
        col('refused', 'contact.compliance.refused', { widget: 'number' }),
      ]),
    },
    {
      key: 'breaches',
      title: 'contact.compliance.breaches',
      page: complianceTable('compliance-breaches', 'contact.compliance.breaches', '/compliance/breaches', [
        col('at', 'contact.at', { widget: 'datetime' }),
        col('kind', 'contact.compliance.kind', { widget: 'enum', enum: 'breachKind' }),
        col('rule', 'contact.windowRule', { widget: 'enum', enum: 'contactRule' }),
        col('caseNo', 'case.caseNo', { widget: 'link', link: '/result/case-record/:caseId' }),
        col('lawFirmName', 'case.lawFirm'),
        col('userName', 'contact.createdBy'),
        col('reason', 'contact.overrideReason'),
      ]),
    },
    {
      key: 'party-days',
      title: 'contact.compliance.partyDays',
      page: complianceTable(
        'compliance-party-days',
        'contact.compliance.partyDays',
        '/compliance/party-days',
        [
          col('day', 'contact.compliance.day', { widget: 'date' }),
          col('partyName', 'contact.party'),
          col('cases', 'contact.compliance.cases', { widget: 'number' }),
          col('calls', 'contact.compliance.calls', { widget: 'number' }),
          col('connected', 'contact.compliance.connected', { widget: 'number' }),
          col('overLimit', 'contact.compliance.overLimit', { widget: 'enum', enum: 'enabled' }),
        ],
      ),
    },
  ],
};

/** 敏感词 (superAdmin): the list, one word a line. */
const sensitiveWords: FormPage = {
  schemaVersion: v,
  id: 'sensitive-words',
  type: 'form',
  title: 'menu.sensitiveWords',
  source: { path: '/sensitive-words' },
  layout: 'vertical',
  columns: 1,
  fields: [
    field(
      'text',
      'contact.sensitiveWords',
      { kind: 'textarea', maxLength: 40000 },
      { required: true, placeholder: 'contact.sensitiveWordsHint', span: 24 },
    ),
  ],
  submit: {
    method: 'PUT',
    path: '/sensitive-words',
    successMessage: 'contact.sensitiveWordsSaved',
    afterSuccess: 'stay',
  },
};

export const compliancePages: PageDescriptor[] = [compliance, sensitiveWords];
