/**
 * Stands in, in the browser build only, for the two modules of zod's JSON Schema output that
 * zod's classic schemas import (`core/json-schema-processors` and `core/to-json-schema`; see
 * `replaceImport` in vite.config.ts): every schema carries a `processJSONSchema` hook and a
 * `toJSONSchema` method, so the generator (about 18 kB before compression) came with the first
 * schema though the browser never writes a JSON Schema (the server's OpenAPI document does, with
 * the real modules). Parsing is untouched; `minLength`, `format` and the like still read the
 * real `aggregateChecks`.
 */
export { aggregateChecks } from '../../node_modules/zod/v4/core/json-schema-processors.js';

function notInTheBrowser(): never {
  throw new Error('zod JSON Schema output is not built into the browser bundle');
}

export const anyProcessor = notInTheBrowser;
export const arrayProcessor = notInTheBrowser;
export const bigintProcessor = notInTheBrowser;
export const booleanProcessor = notInTheBrowser;
export const catchProcessor = notInTheBrowser;
export const customProcessor = notInTheBrowser;
export const dateProcessor = notInTheBrowser;
export const defaultProcessor = notInTheBrowser;
export const enumProcessor = notInTheBrowser;
export const fileProcessor = notInTheBrowser;
export const functionProcessor = notInTheBrowser;
export const intersectionProcessor = notInTheBrowser;
export const lazyProcessor = notInTheBrowser;
export const literalProcessor = notInTheBrowser;
export const mapProcessor = notInTheBrowser;
export const nanProcessor = notInTheBrowser;
export const neverProcessor = notInTheBrowser;
export const nonoptionalProcessor = notInTheBrowser;
export const nullProcessor = notInTheBrowser;
export const nullableProcessor = notInTheBrowser;
export const numberProcessor = notInTheBrowser;
export const objectProcessor = notInTheBrowser;
export const optionalProcessor = notInTheBrowser;
export const pipeProcessor = notInTheBrowser;
export const prefaultProcessor = notInTheBrowser;
export const promiseProcessor = notInTheBrowser;
export const readonlyProcessor = notInTheBrowser;
export const recordProcessor = notInTheBrowser;
export const setProcessor = notInTheBrowser;
export const stringProcessor = notInTheBrowser;
export const successProcessor = notInTheBrowser;
export const symbolProcessor = notInTheBrowser;
export const templateLiteralProcessor = notInTheBrowser;
export const transformProcessor = notInTheBrowser;
export const tupleProcessor = notInTheBrowser;
export const undefinedProcessor = notInTheBrowser;
export const unionProcessor = notInTheBrowser;
export const unknownProcessor = notInTheBrowser;
export const voidProcessor = notInTheBrowser;

/** For `core/to-json-schema` (the `toJSONSchema()` method and `~standard.jsonSchema`). */
export const createToJSONSchemaMethod = () => notInTheBrowser;
export const createStandardJSONSchemaMethod = () => notInTheBrowser;
