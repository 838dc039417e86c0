import { isAppPath } from '../../../ui-registry';

/** A message's link when it is a route of this app (isAppPath): a stored link never leads off-site. */
export const appLinkOf = (link: string | null): string | null =>
  link !== null && isAppPath(link) ? link : null;
