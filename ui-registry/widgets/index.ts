import type { DisplayWidget } from '../../contract/pages/descriptor';
import { type Registry, type RenderersFor, registerEach } from '../registry';
import { CountdownWidget } from './countdown';
import { DateTimeWidget, DateWidget } from './date';
import { EnumWidget } from './enum';
import { FileSizeWidget } from './file-size';
import { LinkWidget } from './link';
import { MoneyWidget } from './money';
import { NumberWidget } from './number';
import { PercentWidget } from './percent';
import { PhoneWidget } from './phone';
import { RegionWidget } from './region';
import { StatusWidget } from './status';
import { TextWidget } from './text';

/** Every display widget a column may name (DISPLAY_WIDGETS in contract/pages/descriptor.ts). */
const WIDGETS = {
  text: TextWidget,
  number: NumberWidget,
  percent: PercentWidget,
  fileSize: FileSizeWidget,
  money: MoneyWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  countdown: CountdownWidget,
  status: StatusWidget,
  link: LinkWidget,
  region: RegionWidget,
  phone: PhoneWidget,
  enum: EnumWidget,
} satisfies RenderersFor<'widget', DisplayWidget>;

export function registerWidgets(registry: Registry): void {
  registerEach(registry, 'widget', WIDGETS);
}
