/**
 * Messages the server sends and the validation keys of contract/ schemas, in both
 * languages. The server answers in the caller's language (Accept-Language); the browser
 * merges this catalogue into its own, so a rule's message is written once.
 */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

const zhCN = {
  ok: '成功',
  'rule.phone': '请输入正确的 11 位手机号',
  'rule.phoneRequired': '用户名不能为空',
  'rule.password': '密码至少 6 位，须包含数字、大写字母和小写字母，不能有空格',
  'rule.passwordRequired': '密码不能为空',
  'rule.smsCode': '验证码为 6 位数字',
  'rule.creditCode': '统一社会信用代码不正确（18 位，校验位须符合 GB 32100-2015）',
  'rule.regionCode': '请选择所在地区',
  'rule.nameLength': '姓名为 2 到 30 个字符',
  'rule.email': '请输入正确的邮箱地址',
  'rule.firmName': '律所名称为 2 到 60 个字符',
  'rule.licenceNo': '执业证号为 17 位数字',
  'rule.agreement': '请阅读并同意《律师入驻协议》',
  'rule.boolean': '取值只能是 true 或 false',
  'rule.id': '编号必须是正整数',
  'rule.nicknameRequired': '请输入昵称',
  'rule.countryRegionRequired': '请选择国家/地区',
  'rule.introductionMax': '个人简介不能超过 200 个字符',
  'rule.website': '请输入以 http:// 或 https:// 开头的网址',
  'auth.wrongPassword': '账号或密码错误',
  'auth.locked': '密码错误次数过多，账号已锁定，请 {{minutes}} 分钟后再试',
  'auth.notLoggedIn': '未登录或登录已过期，请重新登录',
  'auth.tokenInvalid': '登录凭证无效，请重新登录',
  'auth.sessionExpired': '身份已过期，请重新登录',
  'auth.accountDisabled': '账号已被停用，请联系管理员',
  'auth.accountAuditing': '账号正在审核中，审核通过后即可登录',
  'auth.accountRejected': '账号审核未通过：{{reason}}',
  'auth.forbidden': '没有权限执行此操作',
  'auth.roleNotHeld': '当前账号没有该角色',
  'auth.wrongOldPassword': '原密码不正确',
  'sms.cooldown': '验证码发送过于频繁，请 {{seconds}} 秒后再试',
  'sms.codeInvalid': '验证码错误或已失效',
  'sms.text': '【CaseDesk】您的验证码是 {{code}}，5 分钟内有效，请勿泄露给他人。',
  'register.phoneTaken': '该手机号已注册',
  'register.creditCodeTaken': '该统一社会信用代码已被注册',
  'register.licenceTaken': '该执业证号已被注册',
  'register.firmNotFound': '所选律所不存在或未通过审核',
  'user.notFound': '用户不存在',
  'user.cannotDisableSelf': '不能停用自己的账号',
  'user.lawFirmRequired': '律所联系人和律师必须关联律所',
  'user.licenceRequired': '创建律师账号需要填写执业证号',
  'device.notFound': '设备不存在或已解绑',
  'lawfirm.notFound': '律所不存在',
  'lawyer.notFound': '律师不存在',
  'review.reasonRequired': '驳回时必须填写原因',
  'http.validation': '请求参数有误',
  'http.notFound': '接口不存在',
  'http.payloadTooLarge': '请求内容过大',
  'http.unsupportedMediaType': '不支持的请求格式',
  'http.invalidJson': '请求内容不是合法的 JSON',
  'http.tooManyRequests': '请求过于频繁，请稍后再试',
  'http.internal': '服务器开小差了，请稍后重试（请求编号 {{requestId}}）',
} as const;

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  ok: 'Success',
  'rule.phone': 'Enter a valid 11-digit mobile number',
  'rule.phoneRequired': 'Username cannot be empty',
  'rule.password':
    'Password needs at least 6 characters with a digit, an upper-case and a lower-case letter, and no spaces',
  'rule.passwordRequired': 'Password cannot be empty',
  'rule.smsCode': 'The verification code has 6 digits',
  'rule.creditCode':
    'Invalid unified social credit code (18 characters with a GB 32100-2015 check character)',
  'rule.regionCode': 'Choose a region',
  'rule.nameLength': 'Name must be 2 to 30 characters',
  'rule.email': 'Enter a valid email address',
  'rule.firmName': 'Law firm name must be 2 to 60 characters',
  'rule.licenceNo': 'The licence number has 17 digits',
  'rule.agreement': 'Read and accept the lawyer agreement',
  'rule.boolean': 'Must be true or false',
  'rule.id': 'The id must be a positive integer',
  'rule.nicknameRequired': 'Enter a nickname',
  'rule.countryRegionRequired': 'Choose a country or region',
  'rule.introductionMax': 'The introduction can have at most 200 characters',
  'rule.website': 'Enter a URL starting with http:// or https://',
  'auth.wrongPassword': 'Account or password wrong',
  'auth.locked': 'Too many wrong passwords: the account is locked, try again in {{minutes}} minutes',
  'auth.notLoggedIn': 'Not logged in or login expired, please log in again',
  'auth.tokenInvalid': 'Invalid login token, please log in again',
  'auth.sessionExpired': 'Identity expired, please log in again',
  'auth.accountDisabled': 'This account is disabled; contact an administrator',
  'auth.accountAuditing': 'This account is under review; you can log in once it is approved',
  'auth.accountRejected': 'This account was not approved: {{reason}}',
  'auth.forbidden': 'You do not have permission for this',
  'auth.roleNotHeld': 'This account does not hold that role',
  'auth.wrongOldPassword': 'The current password is wrong',
  'sms.cooldown': 'Codes are requested too often; try again in {{seconds}} seconds',
  'sms.codeInvalid': 'The verification code is wrong or has expired',
  'sms.text': '[CaseDesk] Your verification code is {{code}}, valid for 5 minutes. Do not share it.',
  'register.phoneTaken': 'This phone number is already registered',
  'register.creditCodeTaken': 'This unified social credit code is already registered',
  'register.licenceTaken': 'This licence number is already registered',
  'register.firmNotFound': 'The chosen law firm does not exist or is not approved',
  'user.notFound': 'User not found',
  'user.cannotDisableSelf': 'You cannot disable your own account',
  'user.lawFirmRequired': 'Law-firm contact persons and lawyers must belong to a law firm',
  'user.licenceRequired': 'A lawyer account needs a licence number',
  'device.notFound': 'Device not found or already unbound',
  'lawfirm.notFound': 'Law firm not found',
  'lawyer.notFound': 'Lawyer not found',
  'review.reasonRequired': 'A reason is required when rejecting',
  'http.validation': 'Invalid request parameters',
  'http.notFound': 'No such API',
  'http.payloadTooLarge': 'Request body too large',
  'http.unsupportedMediaType': 'Unsupported request format',
  'http.invalidJson': 'The request body is not valid JSON',
  'http.tooManyRequests': 'Too many requests, try again later',
  'http.internal': 'Something went wrong on the server; try again later (request id {{requestId}})',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

export function translate(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return MESSAGES[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
