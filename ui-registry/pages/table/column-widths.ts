import type { DisplayWidget } from '../../../contract/pages/descriptor';

/**
 * Every column of a table page gets a width (the descriptor's, else one fitting its widget), and
 * the table scrolls sideways past their sum. With a fixed action column on the right, a table
 * laid out to the screen's width (`scroll.x: true`) slid the last data column under it; with the
 * widths summed the last column ends where the action column begins, at 1280 px as at 1440.
 */
const WIDGET_WIDTHS: Record<DisplayWidget, number> = {
  text: 160,
  number: 110,
  percent: 100,
  fileSize: 110,
  money: 140,
  date: 120,
  datetime: 180,
  countdown: 150,
  status: 110,
  link: 160,
  region: 150,
  phone: 140,
  enum: 120,
};

/** The checkbox column Arco adds for bulk actions. */
export const SELECTION_WIDTH = 48;

export function columnWidth(column: { width?: number; widget: DisplayWidget }): number {
  return column.width ?? WIDGET_WIDTHS[column.widget] ?? WIDGET_WIDTHS.text;
}

/** How wide the table is laid out: its columns' widths and the selection column's. */
export function tableScrollWidth(widths: readonly number[], selectable: boolean): number {
  return widths.reduce((sum, w) => sum + w, 0) + (selectable ? SELECTION_WIDTH : 0);
}
