import type { Selectable } from 'kysely';
import type { CertificationRecord, LegalPersonIdType } from '../../contract/certifications';
import { maskPartyIdNumber } from '../../contract/parties';
import type { CertificationsTable } from '../db/schema';
import { API_PREFIX } from '../http/register';

/**
 * The legal person's ID number is masked before it is stored, by the one ID-number mask of the
 * product (a party's, contract/parties.ts): an 18-character document keeps its first 6 and last
 * 4 characters, other documents their first and last 2.
 */
export function maskIdNumber(_type: LegalPersonIdType, id: string): string {
  return maskPartyIdNumber(id);
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
