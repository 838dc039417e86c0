import { Button, Grid } from '@arco-design/web-react';
import type { CSSProperties, Key, ReactNode } from 'react';

/** The share of a row its 删除 takes (of Arco's 24): the columns share the rest, 20. */
const REMOVE_SPAN = 4;
/** Height of a vertical form item's label: a labelled first row's 删除 moves down by it. */
const LABEL_HEIGHT = 30;

/** One column of a list-rows editor: its share of the row (the spans of a row add up to 20) and its cell. */
export interface ListRowsColumn<Row> {
  span: number;
  cell: (row: Row, index: number) => ReactNode;
}

export interface ListRowsProps<Row> {
  rows: readonly Row[];
  /** A row's React key: an Arco `Form.List` field's `key`, or the row's place when rows have no identity. */
  rowKey: (row: Row, index: number) => Key;
  columns: readonly ListRowsColumn<Row>[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  removeLabel: string;
  /** Rows that always stay: 删除 is off at this many (an instalment plan keeps one). */
  minRows?: number;
  /** The add button is off at this many. */
  maxRows?: number;
  disabled?: boolean;
  /** Under the add button: what the rows add up to. */
  footer?: ReactNode;
  /**
   * The cells are form items labelled on the first row only (a party's phones): that row's 删除
   * stands lower, beside its inputs rather than its labels, and the items space the rows.
   */
  labelledFirstRow?: boolean;
  id?: string;
  style?: CSSProperties;
}

/**
 * The one editor of a list of rows (a party's phones and addresses, a plan's instalments): each
 * row's cells with 删除 at its end, and an add button under the last. It holds no rows itself:
 * the caller's value (or Arco's `Form.List`) does, and `onAdd` and `onRemove` change it.
 */
export function ListRows<Row>({
  rows,
  rowKey,
  columns,
  onAdd,
  onRemove,
  addLabel,
  removeLabel,
  minRows = 0,
  maxRows = Number.POSITIVE_INFINITY,
  disabled = false,
  footer,
  labelledFirstRow = false,
  id,
  style,
}: ListRowsProps<Row>) {
  return (
    <div id={id} style={{ width: '100%', ...style }}>
      {rows.map((row, index) => (
        <Grid.Row
          key={rowKey(row, index)}
          gutter={8}
          align={labelledFirstRow ? 'start' : 'center'}
          style={labelledFirstRow ? undefined : { marginBottom: 8 }}
        >
          {columns.map((column, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the editor's life
            <Grid.Col key={c} span={column.span}>
              {column.cell(row, index)}
            </Grid.Col>
          ))}
          <Grid.Col span={REMOVE_SPAN}>
            <Button
              type="text"
              status="danger"
              disabled={disabled || rows.length <= minRows}
              onClick={() => onRemove(index)}
              style={{ marginTop: labelledFirstRow && index === 0 ? LABEL_HEIGHT : 0 }}
            >
              {removeLabel}
            </Button>
          </Grid.Col>
        </Grid.Row>
      ))}
      <Button type="dashed" long disabled={disabled || rows.length >= maxRows} onClick={onAdd}>
        {addLabel}
      </Button>
      {footer !== undefined && <div style={{ marginTop: 8 }}>{footer}</div>}
    </div>
  );
}
