import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, tokenOf } from './api';
import { fileBrowser, signIn } from './browser';

const e2e = fileBrowser();
const MACHINE_IDS = ['auth', 'menu', 'guard', 'caseStatus'];
/** A chunk of the inspector or of its layout: none is fetched before /dev/machines opens. */
const INSPECTOR_CHUNK = /\/assets\/(MachineInspectorPage|elk-worker|inspector)[^/]*\.js$/;

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of one rendered statechart, in its SVG's own units, measured from the DOM. */
async function measureChart(page: Page, machineId: string) {
  // tsx names the inner functions below with a helper of its own, which the page lacks.
  await page.evaluate('globalThis.__name = (f) => f');
  return page
    .locator(`[data-testid="machine-${machineId}"] svg[data-testid="statechart"]`)
    .evaluate((svg) => {
      const box = (el: Element) => {
        const b = (el as SVGGraphicsElement).getBBox();
        return { x: b.x, y: b.y, width: b.width, height: b.height };
      };
      const states = [...svg.querySelectorAll('[data-testid="statechart-state"]')].map((g) => {
        const rect = g.querySelector('rect') as SVGRectElement;
        const compound =
          g.parentElement?.querySelector(`[data-state-id^="${g.getAttribute('data-state-id')}."]`) !== null;
        const outline = box(rect);
        // A compound state holds its children and their arrows: only its name's strip is its own.
        return { id: g.getAttribute('data-state-id'), box: compound ? { ...outline, height: 30 } : outline };
      });
      const labels = [...svg.querySelectorAll('[data-testid="statechart-transition"]')].map((g) => {
        const path = g.querySelector('path') as SVGPathElement;
        const length = path.getTotalLength();
        const points = Array.from({ length: 200 }, (_, i) => path.getPointAtLength((length * i) / 199));
        const text = g.querySelector('[data-testid="statechart-label"] text') as SVGTextElement;
        return {
          id: `${g.getAttribute('data-source')} -> ${g.getAttribute('data-target')}`,
          box: box(g.querySelector('[data-testid="statechart-label"] rect') as SVGRectElement),
          text: box(text),
          points: points.map((p) => ({ x: p.x, y: p.y })),
        };
      });
      return { states, labels };
    });
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;
const distance = (p: { x: number; y: number }, b: Box) =>
  Math.hypot(Math.max(b.x - p.x, 0, p.x - b.x - b.width), Math.max(b.y - p.y, 0, p.y - b.y - b.height));

async function openFromMenu(page: Page) {
  await page.locator('.arco-menu-inline-header').filter({ hasText: '开发工具' }).click();
  await page.locator('.arco-menu-item').filter({ hasText: '状态机检查器' }).click();
  await page.waitForURL((url) => url.pathname === '/dev/machines' && url.search === '');
}

describe('the machine inspector', () => {
  it('opens from the menu as superAdmin and lays out every machine with no label over another label or a state', async () => {
    const page = await e2e.signedIn('13800000001', '/dashboard/workplace');
    await openFromMenu(page);
    for (const id of MACHINE_IDS) {
      await page.locator(`[data-testid="machine-${id}"] svg[data-testid="statechart"]`).waitFor();
      const { states, labels } = await measureChart(page, id);
      assert.ok(labels.length > 3, `${id}: labels drawn`);
      for (const label of labels) {
        // The text sits inside its own box, and the box on its own arrow.
        assert.ok(label.text.width <= label.box.width + 1, `${id}: ${label.id}'s text fits its box`);
        const near = Math.min(...label.points.map((p) => distance(p, label.box)));
        assert.ok(near <= 12, `${id}: ${label.id}'s label is ${near.toFixed(1)} px from its arrow`);
        for (const other of labels)
          if (other !== label)
            assert.ok(!overlap(label.box, other.box), `${id}: ${label.id} overlaps ${other.id}`);
        for (const state of states)
          assert.ok(!overlap(label.box, state.box), `${id}: ${label.id} overlaps state ${state.id}`);
      }
    }
    // The way back to the app.
    await page.getByTestId('inspector-back').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');
  });

  it("replays a seeded case's stored history to its stored state, step by step", async () => {
    const token = await tokenOf('13800000001');
    const { list } = await api<{ list: Array<{ caseNo: string; status: string }> }>(
      token,
      'GET',
      '/cases?status=suspended&pageSize=1',
    );
    const seeded = list[0];
    assert.ok(seeded, 'a suspended demo case');
    const page = await e2e.signedIn('13800000001', '/dashboard/workplace');
    await page.goto('/dev/machines');
    const replay = page.getByTestId('case-replay');
    await replay.locator('input').fill(seeded.caseNo);
    await replay.locator('input').press('Enter');
    await replay.locator('[data-testid="replay-verdict"][data-matches="true"]').waitFor();
    assert.equal(await replay.getByTestId('replay-state').textContent(), 'suspended');
    await replay.locator('[data-state-id="caseStatus.suspended"][data-active="true"]').waitFor();
    await replay.getByTestId('replay-back').click();
    assert.equal(await replay.getByTestId('replay-state').textContent(), 'processing');
    await replay.locator('[data-state-id="caseStatus.processing"][data-active="true"]').waitFor();
    await replay.getByTestId('replay-forward').click();
    assert.equal(await replay.getByTestId('replay-state').textContent(), 'suspended');
  });

  it("does not fetch the inspector's chunks on superAdmin's workplace", async () => {
    const { page } = await e2e.freshPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await signIn(page, '13800000001');
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');
    await page.waitForLoadState('networkidle');
    assert.ok(
      fetched.some((path) => path.startsWith('/assets/')),
      'the app was fetched',
    );
    assert.deepEqual(
      fetched.filter((path) => INSPECTOR_CHUNK.test(path)),
      [],
    );
  });
});
