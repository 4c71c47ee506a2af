import { toast } from 'sonner';
import { ApiError, OFFLINE_CODE } from './api-client';

/**
 * The error toast of a form whose request failed: the form's own message (the spec's), unless the visitor
 * is offline, which deserves saying plainly since trying again later is then the answer.
 */
export function toastFailure(error: unknown, failure: { title: string; description: string }): void {
  if (error instanceof ApiError && error.code === OFFLINE_CODE) {
    toast.error('You are offline', { description: "Please try again when you're back online." });
  } else {
    toast.error(failure.title, { description: failure.description });
  }
}
