import { Link, type LinkProps } from '@arco-design/web-react';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/** An Arco link to a route of the app: a real href (open in a new tab works), SPA navigation on a plain click. */
export function RouteLink({ to, onClick, ...rest }: Omit<LinkProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    if (event.defaultPrevented || !plain || rest.target) return;
    event.preventDefault();
    navigate(to);
  }
  return <Link href={href} onClick={follow} {...rest} />;
}
