import type { MouseEvent } from 'react';
import { useRegistryEnv } from '../context';
import { fillTemplate, getField, isAppPath } from '../record';
import type { DataRecord, WidgetProps } from '../registry';
import { displayText } from './text';

/**
 * The app path a link column points to for this record (`/list/case-detail/:id` ->
 * `/list/case-detail/12`), or null when a parameter is missing or the result would leave
 * the app (`javascript:`, `//host`, `https://`).
 */
export function linkTarget(template: string | undefined, record: DataRecord): string | null {
  if (!template) return null;
  const path = fillTemplate(template, (name) => getField(record, name));
  if (path === null) return null;
  if (!isAppPath(path)) {
    console.warn(`[ui-registry] refused link target "${template}": not a path inside the app`);
    return null;
  }
  return path;
}

/** A value that opens another page of the app; the router navigates, the page never reloads. */
export function LinkWidget({ column, value, record }: WidgetProps) {
  const { navigate } = useRegistryEnv();
  const text = displayText(value);
  const target = linkTarget(column.link, record);
  if (!target) return <>{text}</>;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd-click and middle-click keep the browser's own new-tab behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(target);
  };
  return (
    <a href={target} onClick={open} style={{ color: 'rgb(var(--primary-6))', textDecoration: 'none' }}>
      {text}
    </a>
  );
}
