import { lazy } from 'react';
import type { InputDescriptor } from '../../contract/pages/descriptor';
import { type Registry, type RenderersFor, registerEach } from '../registry';

// Inputs arrive with the first form or filter bar that shows them: the light ones together,
// the heavy ones (DatePicker, Cascader with the division table, Upload) each on its own, so a
// form of text boxes loads no date picker.
const light = () => import('./light');
const date = () => import('./date');

/** Every input kind a field may name (`inputSchema` in contract/pages/descriptor.ts). */
const INPUTS = {
  input: lazy(() => light().then((m) => ({ default: m.TextInput }))),
  password: lazy(() => light().then((m) => ({ default: m.PasswordInput }))),
  textarea: lazy(() => light().then((m) => ({ default: m.TextareaInput }))),
  number: lazy(() => light().then((m) => ({ default: m.NumberInput }))),
  moneyRange: lazy(() => light().then((m) => ({ default: m.MoneyRangeInput }))),
  select: lazy(() => light().then((m) => ({ default: m.SelectInput }))),
  date: lazy(() => date().then((m) => ({ default: m.DateInput }))),
  datetime: lazy(() => date().then((m) => ({ default: m.DateTimeInput }))),
  dateRange: lazy(() => date().then((m) => ({ default: m.DateRangeInput }))),
  region: lazy(() => import('./region').then((m) => ({ default: m.RegionInput }))),
  switch: lazy(() => light().then((m) => ({ default: m.SwitchInput }))),
  instalments: lazy(() => import('./instalments').then((m) => ({ default: m.InstalmentsInput }))),
  feeRates: lazy(() => import('./fee-rates').then((m) => ({ default: m.FeeRatesInput }))),
  upload: lazy(() => import('./upload').then((m) => ({ default: m.UploadInput }))),
} satisfies RenderersFor<'input', InputDescriptor['kind']>;

export function registerInputs(registry: Registry): void {
  registerEach(registry, 'input', INPUTS);
}
