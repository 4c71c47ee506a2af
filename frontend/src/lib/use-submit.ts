/*
 * The one submit state machine of the hand-written forms: a pending flag that disables the form (a second
 * submit while one is under way is ignored), the request in a try/catch, and a failure turned into what the
 * form shows: the server's message per field it names (`fields` of its `{ code, message, fields? }` answer),
 * a general message, a toast. What each form says stays the form's own: the spec quotes those texts.
 */
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, FALLBACK_MESSAGE, OFFLINE_CODE } from './api-client';
import { fieldRefusal, type FormFields } from './field-errors';

export type FieldErrors = Readonly<Record<string, string>>;

export interface SubmitState {
  pending: boolean;
  /** A message about the form as a whole, for the forms with a place for one; null when there is none. */
  error: string | null;
  /** The messages of the last failure, by the name of the field each is about. */
  fieldErrors: FieldErrors;
}

/** A failure toast's texts. */
export interface FailureText {
  title: string;
  description: string;
}

export interface SubmitOptions<Result> {
  /**
   * Runs with the answer in the same render as the form is enabled again, so a form that this replaces or
   * closes is never shown enabled first.
   */
  onSuccess?: (result: Result) => void;
  /** Written with the error to the console. */
  log?: string;
  /** The form's own failure toast; an offline visitor is told that instead, since trying later is then the answer. */
  failureToast?: FailureText | ((error: unknown) => FailureText);
  /**
   * Anything else a failure calls for (a toast of another kind, the spec's sentences for the server's). What it
   * returns replaces the defaults the form shows: the server's message and its `fields`.
   */
  onFailure?: (error: unknown) => Partial<Pick<SubmitState, 'error' | 'fieldErrors'>> | void;
  /**
   * The fields the form shows, by the API's name for each, with their labels. A refusal that names one goes
   * under it, and instead of the failure toast (or `onFailure`) the toast says what is wrong with it.
   */
  fields?: FormFields;
}

export type Send = <Result>(request: () => Promise<Result>, options?: SubmitOptions<Result>) => Promise<boolean>;

export const IDLE: SubmitState = { pending: false, error: null, fieldErrors: {} };
const PENDING: SubmitState = { pending: true, error: null, fieldErrors: {} };
const NO_FIELDS: FieldErrors = {};

/**
 * The state machine without React, so it is tested on its own: `update` receives every new state. `send`
 * resolves to true when the request succeeded, false when it failed or was ignored.
 */
export function createSubmitter(update: (state: SubmitState) => void): { send: Send } {
  let running = false;
  async function send<Result>(request: () => Promise<Result>, options: SubmitOptions<Result> = {}): Promise<boolean> {
    if (running) return false;
    running = true;
    update(PENDING);
    let result: Result;
    try {
      result = await request();
    } catch (error) {
      running = false;
      update(failed(error, options));
      return false;
    }
    running = false;
    update(IDLE);
    options.onSuccess?.(result);
    return true;
  }
  return { send };
}

function failed(error: unknown, { log, failureToast, onFailure, fields }: Omit<SubmitOptions<unknown>, 'onSuccess'>): SubmitState {
  if (log) console.error(log, error);
  const refusal = fields ? fieldRefusal(error, fields) : null;
  if (refusal) {
    if (failureToast) toast.error(refusal.toast.title, { description: refusal.toast.description });
    return { pending: false, error: null, fieldErrors: refusal.fieldErrors };
  }
  if (failureToast) toastFailure(error, typeof failureToast === 'function' ? failureToast(error) : failureToast);
  const shown = onFailure?.(error);
  const answer = error instanceof ApiError ? error : null;
  return {
    pending: false,
    error: shown?.error !== undefined ? shown.error : (answer?.message ?? FALLBACK_MESSAGE),
    fieldErrors: shown?.fieldErrors ?? answer?.fields ?? NO_FIELDS,
  };
}

function toastFailure(error: unknown, failure: FailureText): void {
  if (error instanceof ApiError && error.code === OFFLINE_CODE) {
    toast.error('You are offline', { description: "Please try again when you're back online." });
  } else {
    toast.error(failure.title, { description: failure.description });
  }
}

/**
 * A form's submit state and `send`, which runs a request through it. `setError` shows a general message of
 * the form's own (a check made before sending), or clears it and the field messages.
 */
export function useSubmit(): SubmitState & { send: Send; setError: (message: string | null) => void } {
  const [state, setState] = useState<SubmitState>(IDLE);
  // One submitter per form for its lifetime: its `running` flag is what ignores a second submit.
  const [{ send }] = useState(() => createSubmitter(setState));
  // Clearing the message (a new submit, a reset of the form) clears the field messages with it.
  const setError = useCallback(
    (message: string | null) =>
      setState((current) => ({ ...current, error: message, fieldErrors: message === null ? NO_FIELDS : current.fieldErrors })),
    [],
  );
  return { ...state, send, setError };
}
