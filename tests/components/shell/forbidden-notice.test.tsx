import { Message } from '@arco-design/web-react';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tellForbidden } from '../../../src/router/forbidden-notice';

const messages = () => [...document.querySelectorAll('.arco-message')].map((el) => el.textContent?.trim());

afterEach(async () => {
  Message.clear();
  await waitFor(() => expect(document.querySelector('.arco-message')).toBeNull());
});

describe('a deep link the role may not open', () => {
  it('tells the user which page was refused, by its menu name', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const text = await tellForbidden('/list/search-table', 'lawyer');
    expect(text).toBe('当前角色无权打开「案件列表」，已为你打开可访问的页面');
    await waitFor(() => expect(messages()).toEqual([text]));
  });

  it('names a page with parameters by its route, and an unknown one by its address', async () => {
    expect(await tellForbidden('/list/case-edit/12', 'lawyer')).toContain('「');
    expect(await tellForbidden('/nowhere/at-all', 'lawyer')).toContain('「/nowhere/at-all」');
  });

  it("says nothing when the role's own home is what it may not open (admin signing in)", async () => {
    expect(await tellForbidden('/dashboard/workplace', 'admin')).toBeNull();
    expect(messages()).toEqual([]);
  });
});
