import type { IMPORT_MESSAGES_ZH_CN } from './messages-imports-zh-CN';

/** The messages of case imports and the new-case form (server/cases/imports/, contract/case-intake.ts), en-US (the twin of messages-imports-zh-CN.ts). */
export const IMPORT_MESSAGES_EN_US: Record<keyof typeof IMPORT_MESSAGES_ZH_CN, string> = {
  'intake.caseNoTaken': 'This case number already exists',
  'intake.caseNoRepeated': 'Same case number as row {{row}} of the file',
  'intake.amountYuan': 'The amount must be a number of yuan with at most two decimals',
  'intake.typeUnknown':
    'The case type must be one of 民事, 刑事, 行政, 商事, 诉讼, 仲裁 (or civil, criminal, administrative, commercial, litigation, arbitration)',
  'intake.required': 'Required',
  'intake.dateCell': 'Dates are written YYYY-MM-DD',
  'import.mode':
    'The import mode is all (import only if every row is valid) or valid (import the valid rows)',
  'import.fileRequired': 'Choose a file to import (form field file)',
  'import.emptyFile': 'The file is empty',
  'import.typeNotAllowed': 'Only .xlsx and .csv files can be imported',
  'import.notSpreadsheet': 'This file cannot be read: use the import template (.xlsx) or a UTF-8 .csv',
  'import.badHeaders': 'The header row does not match the template; missing columns: {{missing}}',
  'import.noRows': 'The file holds no cases',
  'import.tooManyRows': 'Too many rows: at most {{max}} rows can be imported at once',
  'import.tooLarge': 'The file is too large: an import file may be at most {{mb}} MB',
  'import.zipEntries': 'The file holds too many entries (more than {{max}}): it is not a normal spreadsheet',
  'import.expandsTooFar':
    'The file expands too far (more than {{mb}} MB): split it and import the parts one by one',
  'import.compressedTooFar':
    '{{part}} in the file is compressed too far (more than {{max}} times): it is not a normal spreadsheet',
  'import.tooManyStrings':
    'The file holds too much text (more than {{max}} strings): split it and import the parts one by one',
  'import.elementTooLong':
    'A row or cell of the file is longer than {{max}} characters and cannot be read: check the file and import it again',
  'import.rowTooLong': 'Row {{row}} is longer than {{max}} characters: a quote may not be closed',
  'import.notFound': 'No such import',
  'import.interrupted': 'The import stopped (server restart or error)',
  'import.rowColumn': 'Row',
  'import.reasonColumn': 'Reason',
  'import.sheetColumn': 'Sheet',
  'import.badPartyHeaders':
    'The header row of the 当事人 sheet does not match the template; missing columns: {{missing}}',
  'import.idTypeUnknown':
    'The ID type must be one of resident ID card, residence permit, passport, HK/Macao permit, Taiwan permit or unified social credit code',
  'import.idNumberAsNumber':
    'Excel stored this ID number as a number and lost its last digits: format the column as text and type it again',
  'import.partyRoleUnknown':
    'The party type must be 债务人, 共同债务人 or 担保人 (debtor, co-debtor, guarantor)',
  'import.partYuan': 'Amounts are numbers of yuan with at most two decimals',
  'import.partsSum': 'Principal, interest, penalty interest and fees must add up to the amount',
  'import.partyCaseUnknown': 'No case on the main sheet has this case number',
  'import.partyRowRefused': 'Row {{row}} of the 当事人 sheet is refused, so this case is not imported',
};
