import { Alert, Form, Grid } from '@arco-design/web-react';
import { Fragment } from 'react';
import { can } from '../../contract/access';
import type { FieldDescriptor } from '../../contract/pages/descriptor';
import type { Role } from '../../contract/roles';
import { useRegistryEnv } from '../context';
import type { DataRecord, RouteParams } from '../registry';
import { FieldInput } from './FieldInput';
import { fieldProblem } from './rules';
import { isLocked } from './values';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The fields a role may fill in (a field's `access`). */
export function visibleFields(fields: readonly FieldDescriptor[], role: Role | null): FieldDescriptor[] {
  return fields.filter((field) => can(field.access, role));
}

/** One Arco rule that asks `fieldProblem`, so the messages are the product's own. */
export function rulesOf(field: FieldDescriptor, t: Translate) {
  return [
    {
      validator(value: unknown, callback: (error?: string) => void) {
        const problem = fieldProblem(field, value);
        callback(problem ? t(problem.key, { label: t(field.label), ...problem.params }) : undefined);
      },
    },
  ];
}

interface Props {
  fields: readonly FieldDescriptor[];
  /** 1 to 3 fields side by side on a wide screen; a field's own `span` (of 24) wins. */
  columns: number;
  params?: RouteParams;
  disabled?: boolean;
  /** Fields from this position on stay in the form (their values count) but are not shown. */
  collapsedFrom?: number;
  /** The record the form edits: a field its `editableWhen` locks shows disabled with its note. */
  record?: DataRecord;
}

/** Form items for descriptor fields, in a grid, inside an Arco Form the caller owns. */
export function FormFields({
  fields,
  columns,
  params,
  disabled,
  collapsedFrom = Number.POSITIVE_INFINITY,
  record,
}: Props) {
  const { t, role } = useRegistryEnv();
  const span = Math.floor(24 / Math.min(3, Math.max(1, columns)));
  const shown = visibleFields(fields, role);
  return (
    <Grid.Row gutter={16}>
      {shown.map((field, i) => {
        const own = field.span ?? span;
        // A descriptor may (wrongly) name a field twice: the position keeps the keys apart.
        const key = `${field.name}#${i}`;
        const locked = isLocked(field, record);
        // Locked fields side by side with one note (the claim's parts) say it once, on a line
        // of its own after the last of them.
        const after = shown[i + 1];
        const note =
          locked &&
          !(after && isLocked(after, record) && after.editableWhen?.note === field.editableWhen?.note)
            ? field.editableWhen?.note
            : undefined;
        const hidden = i >= collapsedFrom ? { display: 'none' } : undefined;
        return (
          <Fragment key={key}>
            <Grid.Col xs={24} md={Math.max(own, 12)} lg={own} style={hidden}>
              <Form.Item
                field={field.name}
                label={t(field.label)}
                required={field.required}
                rules={locked ? undefined : rulesOf(field, t)}
                disabled={disabled || locked}
              >
                <FieldInput field={field} value={undefined} onChange={() => undefined} params={params} />
              </Form.Item>
            </Grid.Col>
            {note && (
              <Grid.Col span={24} style={hidden}>
                <Alert
                  type="info"
                  showIcon
                  content={t(note)}
                  style={{ marginTop: -8, marginBottom: 20 }}
                  data-testid="field-locked-note"
                />
              </Grid.Col>
            )}
          </Fragment>
        );
      })}
    </Grid.Row>
  );
}
