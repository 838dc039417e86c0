import { fromPromise } from 'xstate';

/**
 * The default of an actor the app must supply with `.provide({ actors })`. It fails loudly, so a
 * missing wiring shows up as the machine's failure path with a message naming what is missing,
 * never as a silent success.
 */
export function unprovidedActor<TOutput, TInput = void>(machine: string, actor: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`${machine}: the "${actor}" actor was not provided (use .provide({ actors }))`)),
  );
}

/** A readable message from whatever an actor rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'unknown error';
}
