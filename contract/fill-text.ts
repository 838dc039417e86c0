/**
 * The one way a stored text's `{{name}}` slots are filled (notices, audit details): a value that
 * already ends a sentence (a reason typed as "资料不全。" or "Missing papers.") takes the place
 * of the template's own full stop after the slot, so no text reads "资料不全。。".
 */
const SENTENCE_END = /[。．.！!？?…]$/;
const SLOT = /\{\{(\w+)\}\}([。．.])?/g;

export function fillText(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(SLOT, (_, name: string, stop: string | undefined) => {
    const raw = values[name];
    const value = raw === undefined || raw === null ? '' : String(raw);
    if (!stop) return value;
    return SENTENCE_END.test(value.trimEnd()) ? value : value + stop;
  });
}
