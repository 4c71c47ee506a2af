import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { ApiError, FALLBACK_MESSAGE, OFFLINE_CODE } from './api-client';
import { createSubmitter, IDLE, type SubmitState } from './use-submit';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function submitter() {
  const states: SubmitState[] = [];
  const { send } = createSubmitter((state) => states.push(state));
  return { states, send };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const refused = new ApiError(400, 'CATALOGUE.VALIDATION', 'Check the highlighted fields.', { slug: 'Use lower-case letters.' });
const FAILURE = { title: 'Something went wrong', description: 'Please try again later.' };

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('createSubmitter', () => {
  it('is pending while the request runs, then idle, and hands the answer over in the same step', async () => {
    const { states, send } = submitter();
    const answer = deferred<{ position: number }>();
    const onSuccess = vi.fn(() => expect(states.at(-1)).toEqual(IDLE));

    const sent = send(() => answer.promise, { onSuccess });
    expect(states).toEqual([{ pending: true, error: null, fieldErrors: {} }]);
    answer.resolve({ position: 7 });

    expect(await sent).toBe(true);
    expect(states).toEqual([{ pending: true, error: null, fieldErrors: {} }, IDLE]);
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith({ position: 7 });
  });

  it('ignores a second submit while the first is pending, and takes one again once it is done', async () => {
    const { states, send } = submitter();
    const answer = deferred<void>();
    const second = vi.fn(async () => undefined);

    const first = send(() => answer.promise);
    expect(await send(second)).toBe(false);
    expect(second).not.toHaveBeenCalled();
    answer.resolve();
    await first;

    expect(await send(second)).toBe(true);
    expect(second).toHaveBeenCalledOnce();
    expect(states.filter((state) => state.pending)).toHaveLength(2);
  });

  it("shows the server's message and its fields after a refusal, and clears them on the next submit", async () => {
    const { states, send } = submitter();
    const onSuccess = vi.fn();

    expect(await send(() => Promise.reject(refused), { onSuccess })).toBe(false);
    expect(states.at(-1)).toEqual({
      pending: false,
      error: 'Check the highlighted fields.',
      fieldErrors: { slug: 'Use lower-case letters.' },
    });
    expect(onSuccess).not.toHaveBeenCalled();

    await send(async () => 'saved');
    expect(states.at(-2)).toEqual({ pending: true, error: null, fieldErrors: {} });
  });

  it("shows a refusal of the form's own fields under them, with their toast instead of the form's failure toast", async () => {
    const { states, send } = submitter();
    const onFailure = vi.fn();
    const answer = new ApiError(400, 'VALIDATION_FAILED', 'display_name: Display name must be at most 100 characters long.', {
      display_name: 'Display name must be at most 100 characters long.',
    });
    await send(() => Promise.reject(answer), {
      fields: { email: 'Email', display_name: 'Display name' },
      failureToast: FAILURE,
      onFailure,
    });
    expect(states.at(-1)).toEqual({
      pending: false,
      error: null,
      fieldErrors: { display_name: 'Display name must be at most 100 characters long.' },
    });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Please check the Display name field', {
      description: 'Display name must be at most 100 characters long.',
    });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it("keeps the form's own failure for a refusal of a field the form does not show", async () => {
    const { states, send } = submitter();
    await send(() => Promise.reject(refused), { fields: { email: 'Email' }, failureToast: FAILURE });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(FAILURE.title, { description: FAILURE.description });
    expect(states.at(-1)?.fieldErrors).toEqual({ slug: 'Use lower-case letters.' });
  });

  it('shows the generic sentence and no field messages for a failure that is no answer of the server', async () => {
    const { states, send } = submitter();
    await send(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(states.at(-1)).toEqual({ pending: false, error: FALLBACK_MESSAGE, fieldErrors: {} });
  });

  it("lets the form's onFailure replace the message and the fields it shows", async () => {
    const { states, send } = submitter();
    const taken = new ApiError(409, 'CATALOGUE.SLUG_TAKEN', 'This slug is taken.');

    await send(() => Promise.reject(taken), { onFailure: (error) => ({ fieldErrors: { slug: (error as ApiError).message } }) });
    expect(states.at(-1)).toEqual({ pending: false, error: 'This slug is taken.', fieldErrors: { slug: 'This slug is taken.' } });

    await send(() => Promise.reject(taken), { onFailure: () => ({ error: 'Invalid email or password.' }) });
    expect(states.at(-1)).toEqual({ pending: false, error: 'Invalid email or password.', fieldErrors: {} });

    await send(() => Promise.reject(taken), { onFailure: () => ({ error: null }) });
    expect(states.at(-1)?.error).toBeNull();
  });

  it("toasts the form's own failure text, or the offline one when the visitor is offline", async () => {
    const { send } = submitter();

    await send(() => Promise.reject(refused), { failureToast: FAILURE });
    expect(toast.error).toHaveBeenLastCalledWith('Something went wrong', { description: 'Please try again later.' });

    await send(() => Promise.reject(refused), { failureToast: (error) => ({ title: 'Error', description: (error as ApiError).message }) });
    expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Check the highlighted fields.' });

    const offline = new ApiError(0, OFFLINE_CODE, "You are offline. Please try again when you're back online.");
    await send(() => Promise.reject(offline), { failureToast: FAILURE });
    expect(toast.error).toHaveBeenLastCalledWith('You are offline', { description: "Please try again when you're back online." });
    expect(toast.error).toHaveBeenCalledTimes(3);
  });

  it('toasts nothing and logs nothing unless asked, and logs the error with the given words when asked', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { send } = submitter();

    await send(() => Promise.reject(refused));
    expect(toast.error).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();

    await send(() => Promise.reject(refused), { log: 'Joining the list failed' });
    expect(log).toHaveBeenCalledExactlyOnceWith('Joining the list failed', refused);
  });
});
