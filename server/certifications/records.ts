import type { Selectable } from 'kysely';
import type { CertificationRecord, LegalPersonIdType } from '../../contract/certifications';
import type { CertificationsTable } from '../db/schema';
import { API_PREFIX } from '../http/register';

/**
 * The legal person's ID number is masked before it is stored: a resident ID keeps its region
 * (first 6) and last 4 characters, other documents their first and last 2.
 */
export function maskIdNumber(type: LegalPersonIdType, id: string): string {
  const [head, tail] = type === 'residentIdCard' ? [6, 4] : [2, 2];
  const hidden = Math.max(1, id.length - head - tail);
  return `${id.slice(0, head)}${'*'.repeat(hidden)}${id.slice(id.length - tail)}`;
}

/** Where the applicant and the reviewers open an application's licence image. */
export const licenceFileUrl = (certificationId: number) =>
  `${API_PREFIX}/certifications/${certificationId}/licence-file`;

export function toCertificationRecord(row: Selectable<CertificationsTable>): CertificationRecord {
  return {
    id: row.id,
    certType: row.cert_type === 'personal' ? 'personal' : 'enterprise',
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
    licenceNo: row.licence_no,
    licenceFile:
      row.licence_file_key && row.licence_file_name
        ? { name: row.licence_file_name, url: licenceFileUrl(row.id) }
        : null,
    reason: row.reason,
    version: row.version,
  };
}
