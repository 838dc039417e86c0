import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * zod's lighter front end (`zod/mini`: functions instead of methods, the same core, parser and
 * issues) for the schemas the browser runs on every signed-in page: the page descriptor, the
 * menu tree, the roles and access rules, the envelope and the tree limits. Classic zod hangs
 * some forty methods on every schema, so loading it at all brings most of its schema kinds:
 * about 11 kB gzip more on the workplace. The server and the rest of contract/ keep classic
 * zod; the two mix freely (a classic object may hold a mini schema), and `z.safeParse`,
 * `z.toJSONSchema` and the issues are the same for both.
 *
 * Classic zod, on its first schema, sets English messages and the memoizer that lets a
 * parse walk a value whose references close a cycle, unless something set them already
 * (zod/v4/classic/schemas.js); a page that loads only mini must get the same, before any
 * schema here is built. Import `z` from this module, never from `zod/mini` directly.
 */
if (!z.config().localeError) z.config(en());
if (!z.config().memoizer) z.config({ memoizer: z.memoizer() });

export { z };
