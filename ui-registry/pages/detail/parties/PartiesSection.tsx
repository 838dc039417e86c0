import { Button, Card, Descriptions, Empty, Space, Spin, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import type { Party, PartyCan } from '../../../../contract/parties';
import { useRegistryEnv } from '../../../context';
import { fillTemplate } from '../../../record';
import type { SectionProps } from '../section-props';
import { PartyFormModal, type PartyFormTarget } from './PartyFormModal';
import { RevealModal, type RevealTarget } from './RevealModal';

const NOTHING: PartyCan = { reveal: false, add: false, edit: false, contactsOnly: false };

/**
 * The parties of an answer as the section draws them: whatever the server sends (an answer from
 * another version, a page edited to read the wrong path), a list of parties with lists of
 * phones and addresses, so the section never breaks on a missing one.
 */
function partiesOf(answer: unknown): Party[] {
  const list = (answer as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return [];
  const text = (v: unknown): string | null =>
    typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
  const id = (v: unknown, i: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : -1 - i);
  const records = (v: unknown): Record<string, unknown>[] =>
    Array.isArray(v)
      ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
      : [];
  return records(list).map((p, i) => ({
    id: id(p.id, i),
    role: (text(p.role) ?? 'debtor') as Party['role'],
    name: text(p.name) ?? '-',
    idType: text(p.idType) as Party['idType'],
    idNumber: text(p.idNumber),
    employer: text(p.employer),
    phones: records(p.phones).map((phone, j) => ({
      id: id(phone.id, j),
      number: text(phone.number) ?? '-',
      label: text(phone.label),
      status: (text(phone.status) ?? 'unknown') as Party['phones'][number]['status'],
    })),
    addresses: records(p.addresses).map((address, j) => ({
      id: id(address.id, j),
      kind: (text(address.kind) ?? 'residence') as Party['addresses'][number]['kind'],
      text: text(address.text) ?? '-',
    })),
  }));
}

/**
 * A case's parties (section kind `parties`): each with its role, name, ID document (masked),
 * phones (masked, label, status), addresses and employer. 查看 beside a number reveals it with a
 * reason, when the server's `can.reveal` says the reader may; 添加当事人 and 编辑 follow
 * `can.add` and `can.edit` on a section marked `editable`.
 */
export function PartiesSection({ section, params }: SectionProps<'parties'>) {
  const { t, request } = useRegistryEnv();
  const path = fillTemplate(section.path, (name) => params[name]);
  const [state, setState] = useState<{ list: Party[]; can: PartyCan } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reveal, setReveal] = useState<RevealTarget | null>(null);
  const [editing, setEditing] = useState<PartyFormTarget | null>(null);

  const load = useCallback(async () => {
    if (!path) return;
    try {
      const answer = await request<{ list: Party[]; can?: PartyCan }>('GET', path, { silent: true });
      setState({ list: partiesOf(answer), can: answer.can ?? NOTHING });
      setFailed(null);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, [path, request]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <Empty description={failed} />;
  if (!state || !path) return <Spin />;
  const { list, can } = state;
  const showReveal = (target: RevealTarget) => setReveal(target);
  const revealLink = (target: RevealTarget) =>
    can.reveal ? (
      <Button size="mini" type="text" onClick={() => showReveal(target)}>
        {t('party.reveal')}
      </Button>
    ) : null;

  return (
    <div>
      {list.length === 0 && <Empty description={t('party.none')} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        {list.map((party, index) => (
          <Card
            key={party.id}
            size="small"
            data-testid={`party-${party.id}`}
            title={
              <Space>
                <Tag>{t(`enum.partyRole.${party.role}`)}</Tag>
                <span>{party.name}</span>
                {index === 0 && <Tag color="arcoblue">{t('party.mainDebtor')}</Tag>}
              </Space>
            }
            extra={
              section.editable && can.edit ? (
                <Button
                  size="mini"
                  type="text"
                  onClick={() =>
                    setEditing({
                      method: 'PUT',
                      path: `${path}/${party.id}`,
                      party,
                      contactsOnly: can.contactsOnly,
                    })
                  }
                >
                  {t('party.edit')}
                </Button>
              ) : null
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2 }}
              colon={t('common.colon')}
              data={[
                {
                  label: t('enum.partyField.idType'),
                  value: party.idType ? t(`enum.partyIdType.${party.idType}`) : '-',
                },
                {
                  label: t('enum.partyField.idNumber'),
                  value: party.idNumber ? (
                    <Space size={4}>
                      <span>{party.idNumber}</span>
                      {revealLink({
                        path: `${path}/${party.id}/reveal`,
                        body: { field: 'idNumber' },
                        masked: party.idNumber,
                      })}
                    </Space>
                  ) : (
                    '-'
                  ),
                },
                {
                  label: t('enum.partyField.phones'),
                  value: party.phones.length ? (
                    <Space direction="vertical" size={2}>
                      {party.phones.map((phone) => (
                        <Space key={phone.id} size={4}>
                          <span>{phone.number}</span>
                          {phone.label && <Tag size="small">{phone.label}</Tag>}
                          <Tag size="small" color={phone.status === 'valid' ? 'green' : 'gray'}>
                            {t(`enum.phoneStatus.${phone.status}`)}
                          </Tag>
                          {revealLink({
                            path: `${path}/${party.id}/reveal`,
                            body: { field: 'phone', phoneId: phone.id },
                            masked: phone.number,
                          })}
                        </Space>
                      ))}
                    </Space>
                  ) : (
                    '-'
                  ),
                },
                { label: t('enum.partyField.employer'), value: party.employer || '-' },
                {
                  label: t('enum.partyField.addresses'),
                  span: 2,
                  value: party.addresses.length ? (
                    <Space direction="vertical" size={2}>
                      {party.addresses.map((a) => (
                        <span key={a.id}>
                          {t(`enum.addressKind.${a.kind}`)}
                          {t('common.colon')}
                          {a.text}
                        </span>
                      ))}
                    </Space>
                  ) : (
                    '-'
                  ),
                },
              ]}
            />
          </Card>
        ))}
        {section.editable && can.add && (
          <Button
            type="dashed"
            long
            onClick={() => setEditing({ method: 'POST', path, party: null, contactsOnly: false })}
          >
            {t('party.add')}
          </Button>
        )}
      </Space>
      <RevealModal target={reveal} onClose={() => setReveal(null)} />
      <PartyFormModal target={editing} onClose={() => setEditing(null)} onSaved={() => void load()} />
    </div>
  );
}
