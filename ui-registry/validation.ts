import { fieldErrorsOf } from '../contract/envelope';
import { type PageDescriptor, pageDescriptorSchema } from '../contract/pages/descriptor';

export type DescriptorCheck =
  | { ok: true; page: PageDescriptor }
  | {
      ok: false;
      /** Dot path of the first wrong field (`columns.0.widget`); empty for the descriptor itself. */
      path: string;
      /** zod's message, or an i18n key from contract/messages.ts (`descriptor.field`). */
      message: string;
    };

/**
 * Validates a descriptor from anywhere (server, editor, drawer); defaults filled in on success.
 * The schema is the server's: the same tree limits (a hostile descriptor nested thousands deep
 * is refused, not a stack overflow in the browser) and the same strict objects.
 */
export function checkDescriptor(raw: unknown): DescriptorCheck {
  const result = pageDescriptorSchema.safeParse(raw);
  if (result.success) return { ok: true, page: result.data };
  const [first] = fieldErrorsOf(result.error.issues, '');
  return { ok: false, path: first.path, message: first.message };
}
