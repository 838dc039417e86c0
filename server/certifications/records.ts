import type { Selectable } from 'kysely';
import type { CertificationRecord, LegalPersonIdType } from '../../contract/certifications';
import type { CertificationsTable } from '../db/schema';

/**
 * The legal person's ID number is masked before it is stored: a resident ID keeps its region
 * (first 6) and last 4 characters, other documents their first and last 2.
 */
export function maskIdNumber(type: LegalPersonIdType, id: string): string {
  const [head, tail] = type === 'residentIdCard' ? [6, 4] : [2, 2];
  const hidden = Math.max(1, id.length - head - tail);
  return `${id.slice(0, head)}${'*'.repeat(hidden)}${id.slice(id.length - tail)}`;
}

export function toCertificationRecord(row: Selectable<CertificationsTable>): CertificationRecord {
  return {
    id: row.id,
    certType: 'enterprise',
    enterpriseName: row.enterprise_name,
    enterpriseCertType: row.enterprise_cert_type as CertificationRecord['enterpriseCertType'],
    creditCode: row.credit_code,
    legalPersonName: row.legal_person_name,
    legalPersonIdType: row.legal_person_id_type as CertificationRecord['legalPersonIdType'],
    legalPersonIdNumber: row.legal_person_id_number,
    contactPhone: row.contact_phone,
    status: row.status as CertificationRecord['status'],
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
  };
}
