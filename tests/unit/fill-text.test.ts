import { describe, expect, it } from 'vitest';
import { fillText } from '../../contract/fill-text';
import { renderNotice } from '../../contract/notices';

describe('fillText', () => {
  it('fills each slot with its value', () => {
    expect(fillText('{{firm}} 已接收案件 {{caseNo}}。', { firm: '华远律所', caseNo: 'MS1' })).toBe(
      '华远律所 已接收案件 MS1。',
    );
  });

  it('keeps one full stop when the value already ends a sentence', () => {
    const template = '未通过审核：{{reason}}。请修改后重新提交。';
    expect(fillText(template, { reason: '资料不全。' })).toBe('未通过审核：资料不全。请修改后重新提交。');
    expect(fillText(template, { reason: '资料不全！' })).toBe('未通过审核：资料不全！请修改后重新提交。');
    expect(fillText(template, { reason: '资料不全' })).toBe('未通过审核：资料不全。请修改后重新提交。');
    expect(fillText('Rejected: {{reason}}.', { reason: 'Missing papers.' })).toBe(
      'Rejected: Missing papers.',
    );
  });

  it('leaves a slot without a value empty', () => {
    expect(fillText('a{{missing}}b', {})).toBe('ab');
  });

  it('renders a stored rejection without a doubled stop in both languages', () => {
    const params = { caseNo: 'MS00000001', letterNo: 'L1', reason: '金额写错了。' };
    const zh = renderNotice('zh-CN', 'letter.rejected', params).content;
    expect(zh).not.toMatch(/。。/);
    expect(zh).toContain('金额写错了。请修改');
    const en = renderNotice('en-US', 'letter.rejected', { ...params, reason: 'Wrong amount.' }).content;
    expect(en).not.toMatch(/\.\./);
  });
});
