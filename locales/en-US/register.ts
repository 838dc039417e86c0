import type zh from '../zh-CN/register';

export default {
  'register.firm.title': 'Law firm registration',
  'register.firm.subtitle':
    'Tell us about the law firm and its contact person. The platform reviews the application within 1–3 working days and tells you by SMS.',
  'register.firm.section.firm': 'Law firm',
  'register.firm.section.contact': 'Contact person and login',
  'register.firm.submit': 'Submit application',
  'register.lawyer.title': 'Lawyer registration',
  'register.lawyer.subtitle':
    'Enter your practising details and choose your law firm; the platform reviews the registration.',
  'register.lawyer.submit': 'Submit registration',
  'register.haveAccount': 'Already have an account?',
  'register.field.firmName': 'Law firm name',
  'register.field.firmName.placeholder': 'As on the practising licence',
  'register.field.region': 'Region',
  'register.field.region.placeholder': 'Province / city',
  'register.field.region.loading': 'Loading regions…',
  'register.field.creditCode': 'Unified social credit code',
  'register.field.creditCode.placeholder': '18 characters, on the firm’s practising licence',
  'register.field.address': 'Office address',
  'register.field.address.placeholder': 'Optional: street and number',
  'register.field.contactName': 'Contact name',
  'register.field.contactName.placeholder': 'Contact person’s name',
  'register.field.name': 'Name',
  'register.field.name.placeholder': 'As on your practising certificate',
  'register.field.licenceNo': 'Licence number',
  'register.field.licenceNo.placeholder': '17 digits',
  'register.field.lawFirm': 'Law firm',
  'register.field.lawFirm.placeholder': 'Choose a law firm registered on the platform',
  'register.field.lawFirm.empty': 'No law firm to choose yet; your firm needs to register first',
  'register.field.phone': 'Phone number',
  'register.field.phone.placeholder': 'For login and verification codes',
  'register.field.code': 'SMS code',
  'register.field.code.placeholder': '6-digit code',
  'register.field.password': 'Password',
  'register.field.password.placeholder': 'Choose a password',
  'register.field.confirmPassword': 'Confirm password',
  'register.field.confirmPassword.placeholder': 'Enter the password again',
  'register.rule.confirmRequired': 'Enter the password again',
  'register.rule.confirmMismatch': 'The two passwords differ',
  'register.rule.lawFirmRequired': 'Choose your law firm',
  'register.password.title': 'Password rule',
  'register.password.length': '6–64 characters',
  'register.password.digit': 'a digit',
  'register.password.upper': 'an upper-case letter',
  'register.password.lower': 'a lower-case letter',
  'register.password.noSpace': 'no spaces',
  'register.agreement.accept': 'I have read and accept the ',
  'register.agreement.linkText': 'Lawyer Agreement',
  'register.agreement.backToRegister': 'Back to lawyer registration',
  'register.agreement.title': 'Lawyer Agreement',
  'register.agreement.updated': 'In force from 1 January 2026',
  'register.agreement.intro':
    'Welcome to CaseDesk (the "Platform"). This agreement is made between you (the "Lawyer") and the operator of the Platform and sets out the rights and duties of a Lawyer who takes on and handles financial-dispute cases and takes part in mediation through the Platform. Read all of it before you submit your registration; ticking the box means you have understood and accept it.',
  'register.agreement.s1.title': 'Who may join',
  'register.agreement.s1.body':
    'The Lawyer holds a valid lawyer’s practising certificate issued by the judicial administration and practises at a law firm the Platform has approved.\nThe Lawyer gives their true name, phone number, licence number and law firm, and warrants that this information is true, accurate and complete.\nThe Platform reviews each application; only approved Lawyers may take on cases, and the Platform may decline applications that do not qualify.',
  'register.agreement.s2.title': 'Account and security',
  'register.agreement.s2.body':
    'The account’s login is the registered phone number. It is for the Lawyer alone and may not be transferred, lent or shared.\nThe Lawyer keeps the password and SMS codes safe and bears the consequences of another person using the account through the Lawyer’s carelessness.\nOn noticing unusual use of the account, the Lawyer changes the password at once and tells the Platform, which helps to freeze the account if needed.',
  'register.agreement.s3.title': 'Taking on and handling cases',
  'register.agreement.s3.body':
    'The Lawyer may take on cases from the case pool that match their field of practice, and then records progress at the stages the Platform sets.\nThe Lawyer acts diligently and lawfully in the parties’ legitimate interests and does not delay or drop an accepted case without cause.\nWhere recusal or a conflict of interest means the Lawyer should not continue, the Lawyer promptly tells the Platform and their law firm and hands the case over.',
  'register.agreement.s4.title': 'Mediation',
  'register.agreement.s4.body':
    'In mediation the Lawyer follows the principles of free will, legality and fairness, and never brings about a settlement by deception or coercion.\nProposals, agreements and communications made during mediation are kept on the Platform so that the process can be traced.',
  'register.agreement.s5.title': 'Confidentiality and personal information',
  'register.agreement.s5.body':
    'The Lawyer keeps confidential the case files, personal information of the parties and trade secrets learnt on the Platform; this duty survives the end of this agreement.\nThe Lawyer processes personal information in accordance with the Personal Information Protection Law of the People’s Republic of China and other laws, only as far as handling the case requires, and does not download, copy or pass it to third parties without authority.',
  'register.agreement.s6.title': 'Fees and settlement',
  'register.agreement.s6.body':
    'Fees for case services, and when and how they are settled, follow the rules published on the Platform and the agreement between the Lawyer’s law firm and the Platform.\nThe Lawyer does not charge parties privately, outside the Platform.',
  'register.agreement.s7.title': 'Breaches',
  'register.agreement.s7.body':
    'Where the Lawyer breaches this agreement or professional rules, the Platform may, depending on the circumstances, issue a warning, suspend case intake or end the Lawyer’s membership, and may inform the Lawyer’s law firm and the judicial administration.\nThe Lawyer is liable according to law for any loss this causes to parties, the Platform or third parties.',
  'register.agreement.s8.title': 'Changes and termination',
  'register.agreement.s8.body':
    'The Platform may revise this agreement as laws and its business require; a revision takes effect once published on the Platform, and continued use of the Platform means the Lawyer accepts it.\nThe Lawyer may ask for the account to be cancelled, after completing or properly handing over the cases they have accepted.',
  'register.agreement.s9.title': 'Governing law and disputes',
  'register.agreement.s9.body':
    'This agreement is made, performed and interpreted under the laws of the People’s Republic of China.\nThe parties settle disputes arising from this agreement by friendly negotiation; failing that, either party may sue in the competent people’s court where the Platform’s operator is located.',
} satisfies Record<keyof typeof zh, string>;
