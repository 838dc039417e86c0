import type { Registry } from '../registry';
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
export function registerWidgets(registry: Registry): void {
  registry.register('widget', 'text', TextWidget);
  registry.register('widget', 'number', NumberWidget);
  registry.register('widget', 'percent', PercentWidget);
  registry.register('widget', 'fileSize', FileSizeWidget);
  registry.register('widget', 'money', MoneyWidget);
  registry.register('widget', 'date', DateWidget);
  registry.register('widget', 'datetime', DateTimeWidget);
  registry.register('widget', 'countdown', CountdownWidget);
  registry.register('widget', 'status', StatusWidget);
  registry.register('widget', 'link', LinkWidget);
  registry.register('widget', 'region', RegionWidget);
  registry.register('widget', 'phone', PhoneWidget);
  registry.register('widget', 'enum', EnumWidget);
}
