import { describe, expect, it } from 'vitest';
import { isAllowedLink } from '../../contract/menu-api';
import { readConfig } from '../../server/config';

describe('MENU_LINK_HOSTS', () => {
  it('is empty by default: menus cannot link out until an operator allows a host', () => {
    expect(readConfig({}).menuLinkHosts).toEqual([]);
    expect(isAllowedLink('https://example.com/', readConfig({}).menuLinkHosts)).toBe(false);
  });

  it('reads comma-separated host names, trimmed and in lower case', () => {
    expect(readConfig({ MENU_LINK_HOSTS: ' Help.Example.com, docs.example.com ,' }).menuLinkHosts).toEqual([
      'help.example.com',
      'docs.example.com',
    ]);
  });

  it.each(['https://help.example.com', 'help.example.com/docs', 'help.example.com:8443', '*.example.com'])(
    'refuses to start with %s, which is not a host name',
    (value) => {
      expect(() => readConfig({ MENU_LINK_HOSTS: value })).toThrow(/MENU_LINK_HOSTS/);
    },
  );
});

describe('isAllowedLink', () => {
  const hosts = ['help.example.com', 'xn--fiqs8s.example'];

  it.each([
    ['https://help.example.com/docs?q=1#top', true],
    ['https://HELP.example.com/', true],
    ['https://help.example.com:8443/', true],
    ['https://中国.example/', true],
    ['http://help.example.com/', false],
    ['https://example.com/', false],
    ['https://evil.help.example.com/', false],
    ['https://help.example.com.evil.example/', false],
    ['https://help.example.com@evil.example/', false],
    ['https://helpxexample.com/', false],
    ['javascript:alert(1)', false],
  ])('%s: %s', (url, allowed) => {
    expect(isAllowedLink(url, hosts)).toBe(allowed);
  });
});
