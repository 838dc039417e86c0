import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { CATALOGUES } from '../../../locales/all';
import { allowedEvents } from '../../../machines/caseStatusMachine';
import type { RegistryEnvironment, RegistryLocale } from '../../../ui-registry/environment';
import { RegistryProvider } from '../../../ui-registry/environment';
import type { Registry } from '../../../ui-registry/registry';

/**
 * Labels of the test descriptors (fixtures.ts), so the tests do not lean on the wording of
 * other areas' catalogues. The registry's own texts come from the real catalogues.
 */
const FIXTURE_LABELS: Record<RegistryLocale, Record<string, string>> = {
  'zh-CN': {
    'fixture.caseList': '案件列表',
    'fixture.caseEdit': '编辑案件',
    'fixture.caseDetail': '案件详情',
    'fixture.status': '状态',
    'fixture.created': '创建日期',
    'fixture.amount': '金额',
    'fixture.region': '地区',
    'fixture.take': '接案',
    'fixture.suspend': '中止',
    'fixture.close': '结案',
    'fixture.assign': '分配',
    'fixture.reopen': '重新打开',
    'fixture.export': '导出',
    'fixture.exportSelected': '导出所选',
    'fixture.archive': '归档',
    'fixture.archived': '已归档',
    'fixture.note': '备注',
    'fixture.followUp': '添加跟进',
    'fixture.basic': '基本信息',
    'fixture.repayments': '还款记录',
    'fixture.audit': '操作记录',
    'fixture.phone': '手机号',
    'fixture.expires': '到期日',
    'fixture.session': '开庭时间',
    'fixture.urgent': '加急',
    'fixture.files': '附件',
    'fixture.type': '类型',
    'fixture.lawyer': '律师',
  },
  'en-US': { 'fixture.caseList': 'Cases', 'fixture.status': 'Status' },
};

/** A real i18next over the real catalogues, configured like the app's (flat keys). */
export function translator(locale: RegistryLocale): RegistryEnvironment['t'] {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { [locale]: { translation: { ...CATALOGUES[locale], ...FIXTURE_LABELS[locale] } } },
    lng: locale,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (key, params) => i18n.t(key, params ?? {}) as string;
}

/** Query params as the app's HTTP client sends them: lists as repeated keys, nothing for undefined. */
export function queryOf(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A refused call as the app's client rejects it: the server's message, status, code and field errors. */
class TestApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly errors: Array<{ path: string; message: string }>,
  ) {
    super(message);
  }
}

/**
 * The environment of a test: requests go through fetch to MSW (the envelope unwrapped like the
 * app's client does), navigation, notices and confirmations are spies. `download` fetches the
 * file like the app would and keeps its text in `downloads`.
 */
export function testEnvironment(overrides: Partial<RegistryEnvironment> = {}) {
  const locale = overrides.locale ?? 'zh-CN';
  const request: RegistryEnvironment['request'] = async (method, path, options = {}) => {
    const isForm = options.body instanceof FormData;
    const response = await fetch(`/api${path}${queryOf(options.params)}`, {
      method,
      signal: options.signal,
      headers: options.body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    });
    const envelope = (await response.json()) as {
      status: string;
      code?: number;
      msg: string;
      data: never;
      errors?: Array<{ path: string; message: string }>;
    };
    if (!response.ok || envelope.status !== 'ok') {
      throw new TestApiFailure(
        envelope.msg || `HTTP ${response.status}`,
        response.status,
        envelope.code ?? null,
        envelope.errors ?? [],
      );
    }
    return envelope.data;
  };
  const downloads: string[] = [];
  return {
    role: 'superAdmin',
    locale,
    t: translator(locale),
    request,
    fetchPage: (id: string, options?: { signal?: AbortSignal }) => request('GET', `/pages/${id}`, options),
    navigate: vi.fn<(to: string) => void>(),
    back: vi.fn<() => void>(),
    notify: vi.fn<RegistryEnvironment['notify']>(),
    confirm: vi.fn<RegistryEnvironment['confirm']>(async () => true),
    caseEvents: allowedEvents,
    download: vi.fn<NonNullable<RegistryEnvironment['download']>>(async (path, options = {}) => {
      const response = await fetch(`/api${path}${queryOf(options.params)}`, {
        headers: { authorization: 'Bearer test-token' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      downloads.push(await response.text());
    }),
    downloads,
    ...overrides,
  } satisfies RegistryEnvironment & { downloads: string[] };
}

/** Renders inside a RegistryProvider: the app's registry unless the test brings its own. */
export function renderWithRegistry(
  ui: ReactElement,
  { env = testEnvironment(), registry }: { env?: RegistryEnvironment; registry?: Registry } = {},
) {
  // A wrapper, so `rerender` keeps the provider.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RegistryProvider env={env} registry={registry}>
      {children}
    </RegistryProvider>
  );
  return { env, ...render(ui, { wrapper }) };
}

/**
 * Loads the renderers the registry registers lazily, so the first test of a file does not
 * spend its time budget compiling them (the app loads them the same way, on first use).
 */
export async function preloadRenderers() {
  await Promise.all([
    import('../../../ui-registry/pages/table/TablePage'),
    import('../../../ui-registry/pages/form/FormPage'),
    import('../../../ui-registry/pages/detail/DetailPage'),
    import('../../../ui-registry/pages/TabsPage'),
    import('../../../ui-registry/pages/ResultPage'),
    import('../../../ui-registry/result-view'),
    import('../../../ui-registry/alert-view'),
    import('../../../ui-registry/actions/ActionFormModal'),
    import('../../../ui-registry/actions/record-actions'),
    import('../../../ui-registry/inputs/light'),
    import('../../../ui-registry/actions/overlay-panel'),
    import('../../../ui-registry/inputs/text'),
    import('../../../ui-registry/inputs/number'),
    import('../../../ui-registry/inputs/select'),
    import('../../../ui-registry/inputs/date'),
    import('../../../ui-registry/inputs/region'),
    import('../../../ui-registry/inputs/switch'),
    import('../../../ui-registry/inputs/upload'),
  ]);
}
