import { Badge, Descriptions } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { CertificationRecord, CertificationStatus } from '../../../../contract/certifications';
import { formatDateTime } from '../format';

export const CERTIFICATION_STATUS_BADGES: Record<
  CertificationStatus,
  'processing' | 'success' | 'error' | 'default'
> = {
  auditing: 'processing',
  passed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function CertificationStatusBadge({ status }: { status: CertificationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge status={CERTIFICATION_STATUS_BADGES[status]} text={t(`enum.certificationStatus.${status}`)} />
  );
}

/** Every field of one application; the legal person's ID number arrives masked from the server. */
export function CertificationDetail({
  record,
  column = 2,
}: {
  record: CertificationRecord;
  column?: number;
}) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={column}
      border
      labelStyle={{ width: 140 }}
      data={[
        {
          label: t('userSetting.cert.type'),
          value: t(
            record.certType === 'personal' ? 'userSetting.cert.personal' : 'userSetting.cert.enterprise',
          ),
        },
        ...(record.licenceNo ? [{ label: t('userSetting.cert.licenceNo'), value: record.licenceNo }] : []),
        { label: t('userSetting.cert.enterpriseName'), value: record.enterpriseName },
        {
          label: t('userSetting.cert.enterpriseCertType'),
          value: t(`userSetting.enterpriseCertType.${record.enterpriseCertType}`),
        },
        { label: t('userSetting.cert.creditCode'), value: record.creditCode },
        { label: t('userSetting.cert.legalPersonName'), value: record.legalPersonName },
        {
          label: t('userSetting.cert.legalPersonIdType'),
          value: t(`userSetting.idType.${record.legalPersonIdType}`),
        },
        { label: t('userSetting.cert.legalPersonIdNumber'), value: record.legalPersonIdNumber },
        { label: t('userSetting.cert.contactPhone'), value: record.contactPhone },
        { label: t('userSetting.cert.status'), value: <CertificationStatusBadge status={record.status} /> },
        {
          label: t('userSetting.cert.submittedAt'),
          value: formatDateTime(record.submittedAt),
        },
        { label: t('userSetting.cert.reviewedAt'), value: formatDateTime(record.reviewedAt) },
        ...(record.licenceFile
          ? [{ label: t('userSetting.cert.licenceFile'), value: record.licenceFile.name }]
          : []),
        ...(record.status === 'rejected' && record.reason
          ? [{ label: t('userSetting.cert.rejectReason'), value: record.reason }]
          : []),
      ]}
    />
  );
}
