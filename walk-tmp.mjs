process.env.E2E_BASE_URL = process.env.URL;
const { signIn } = await import('/work/main/tests/e2e/browser.ts');
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const close = () => browser.close();
const roles = (process.env.ROLES ?? '13800000001').split(',');
const sizes = (process.env.SIZES ?? '1366x768,1920x1080').split(',');
for (const phone of roles) for (const size of sizes) {
  const [w, h] = size.split('x').map(Number);
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'zh-CN', baseURL: process.env.URL });
  const page = await ctx.newPage();
  await page.goto('/login'); await signIn(page, phone);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.waitForLoadState('networkidle');
  const lg = await (await fetch(process.env.URL + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password: 'Demo@2026' }) })).json();
  const m = await (await fetch(process.env.URL + '/api/user/menu', { headers: { authorization: 'Bearer ' + lg.data.token } })).json();
  const flat = (xs) => xs.flatMap((x) => x.children ? flat(x.children) : [x.path]);
  const list = flat(m.data).filter((p) => !p.includes(':'));
  console.log(phone, size, 'links', list.join(' '));
  let i = 0;
  for (const p of (process.env.PATHS ? process.env.PATHS.split(',') : list)) {
    try {
      await page.goto(p); await page.waitForLoadState('networkidle'); await page.waitForTimeout(3500); await page.waitForLoadState('networkidle');
      const f = `/tmp/walk/${phone.slice(-2)}-${w}-${String(i++).padStart(2, '0')}-${p.replace(/\//g, '_')}.png`;
      const hs = await page.evaluate(() => { const els = Array.from(document.querySelectorAll('.arco-table-content-scroll, .arco-table-body')); return els.map((e) => e.scrollWidth - e.clientWidth).filter((d) => d > 2); });
      await page.screenshot({ path: f });
      console.log(f, hs.length ? 'HSCROLL ' + hs.join(',') : '');
    } catch (e) { console.log('ERR', p, String(e).slice(0, 100)); }
  }
  await ctx.close();
}
await close();
