/**
 * What the success page says after each public flow, chosen by `?kind=`: only these texts
 * can appear, so a link cannot make the page say something else.
 */
export interface SuccessOutcome {
  title: string;
  subtitle: string;
  /** First is the primary button. */
  actions: Array<'toLogin' | 'backHome' | 'backToEdit'>;
  /** Registration shows where the application stands. */
  reviewSteps?: boolean;
}

export const SUCCESS_OUTCOMES: Record<string, SuccessOutcome> = {
  lawfirmRegistered: {
    title: 'exception.outcome.lawfirmRegistered.title',
    subtitle: 'exception.outcome.lawfirmRegistered.subtitle',
    actions: ['toLogin'],
    reviewSteps: true,
  },
  lawyerRegistered: {
    title: 'exception.outcome.lawyerRegistered.title',
    subtitle: 'exception.outcome.lawyerRegistered.subtitle',
    actions: ['toLogin'],
    reviewSteps: true,
  },
  passwordReset: {
    title: 'exception.outcome.passwordReset.title',
    subtitle: 'exception.outcome.passwordReset.subtitle',
    actions: ['toLogin'],
  },
};

export const GENERIC_SUCCESS: SuccessOutcome = {
  title: 'exception.success.title',
  subtitle: 'exception.success.subtitle',
  actions: ['backHome', 'backToEdit'],
};

export function successOutcome(kind: string | null): SuccessOutcome {
  return (kind && Object.hasOwn(SUCCESS_OUTCOMES, kind) && SUCCESS_OUTCOMES[kind]) || GENERIC_SUCCESS;
}

/** Route state a form may pass to /outcome/fail: texts already in the user's language. */
export interface FailureState {
  subtitle?: string;
  details?: string[];
  /** Where "back to edit" goes; one step back when absent. */
  backTo?: string;
}
