/** Only routes of this app: a stored message link never sends the reader to another site. */
export const isAppRoute = (link: string | null): link is string =>
  !!link && link.startsWith('/') && !link.startsWith('//');
