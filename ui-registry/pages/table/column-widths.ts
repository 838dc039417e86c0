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

/** Words at 14 px: CJK characters 14 px wide, others about 8 px. */
export function textWidth(words: string): number {
  let width = 0;
  for (const ch of words) width += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 14 : 8;
  return width;
}

/** A text link's width for its words, plus padding and border (32). */
function linkWidth(label: string): number {
  return textWidth(label) + 32;
}

/** "更多" with its arrow. */
const MORE_ICON = 20;
const GAP = 4;
/** The cell's padding on both sides, and a little room so that the links never wrap. */
const CELL = 32 + 8;

/**
 * The action column's width: room for the widest row of links a row can show. Actions without
 * a `when` (and not case transitions, which follow each case's allowed events) show on every
 * row and take the first places; the others may or may not. With more than `inline` in all,
 * the last place is "更多", as ActionBar draws it.
 */
export function rowActionsWidth(
  actions: ReadonlyArray<{ label: string; conditional: boolean }>,
  moreLabel: string,
  inline: number,
): number {
  const widths = actions.map((a) => linkWidth(a.label));
  // The widest links that can stand in `slots` places, taking actions in order.
  const widest = (from: number, slots: number): number => {
    if (slots === 0 || from >= actions.length) return 0;
    const take = widths[from] + GAP + widest(from + 1, slots - 1);
    return actions[from].conditional ? Math.max(take, widest(from + 1, slots)) : take;
  };
  const all = widest(0, inline);
  const folded = actions.length > inline ? widest(0, inline - 1) + linkWidth(moreLabel) + MORE_ICON : 0;
  return Math.max(all, folded) + CELL;
}
