/**
 * The suggestion modal ('Got an idea?' everywhere, 'Suggest a tool for {category}' on a category page):
 * e-mail, the idea with a live counter, and an optional category, preselected from the opener's context.
 * Its form state lives inside the content, which radix unmounts on close, so each opening starts afresh.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Honeypot, honeypotOf } from '../../../components/ui/honeypot';
import { FieldMessages, fieldDescription } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { trackConversion } from '../../../lib/conversions';
import { useSubmit } from '../../../lib/use-submit';
import { submitSuggestion } from '../api/submit-suggestion';
import { isValidEmail } from '../../../../../contracts/email';
import {
  isSuggestionCategory,
  MESSAGE_MAX_LENGTH,
  MISSING_SUGGESTION,
  SUGGESTION_CATEGORIES,
} from '../../../../../contracts/feedback/fields';
import { INVALID_EMAIL, isBlank } from '../validation';
import { EmailField, FormDialog, type FormDialogProps, MessageField } from './fields';

/** The API's names of the form's fields, with their labels (a refusal goes under the field it names). */
const SUGGESTION_FIELDS = { email: 'Email', suggestion_text: 'Your suggestion', category: 'Category' };

export function SuggestionDialog({
  open,
  onOpenChange,
  context,
}: FormDialogProps & {
  /**
   * From the modals store: { category } preselects that category when it is one of the fixed list; { text,
   * searchId } (the search box's "Suggest this tool") fills in the query and links the suggestion to that search.
   */
  context?: Record<string, string>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Idea"
      description="Tell us which spreadsheet or manual process you would love to see replaced."
    >
      {(close) => (
        <SuggestionForm initialCategory={context?.category} initialText={context?.text} searchId={context?.searchId} onDone={close} />
      )}
    </FormDialog>
  );
}

function SuggestionForm({
  initialCategory,
  initialText,
  searchId,
  onDone,
}: {
  initialCategory: string | undefined;
  initialText: string | undefined;
  searchId: string | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const { pathname } = useLocation();
  const [email, setEmail] = useState('');
  const [text, setText] = useState((initialText ?? '').slice(0, MESSAGE_MAX_LENGTH));
  const [category, setCategory] = useState(isSuggestionCategory(initialCategory) ? initialCategory : '');
  const { pending: submitting, fieldErrors, send } = useSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trap = honeypotOf(event.currentTarget);
    if (submitting) return;
    if (isBlank(email) || isBlank(text)) {
      toast.error('Missing information', { description: MISSING_SUGGESTION });
      return;
    }
    if (!isValidEmail(email)) {
      toast.error(INVALID_EMAIL.title, { description: INVALID_EMAIL.description });
      return;
    }

    await send(
      () =>
        submitSuggestion({
          ...trap,
          email: email.trim(),
          suggestion_text: text.trim(),
          category: isSuggestionCategory(category) ? category : null,
          source_page: pathname,
          ...(searchId ? { search_id: searchId } : {}),
        }),
      {
        log: 'Submitting the suggestion failed',
        fields: SUGGESTION_FIELDS,
        failureToast: { title: 'Something went wrong', description: 'Please try again later.' },
        onSuccess: () => {
          trackConversion('suggestion');
          toast.success('Thank you! 💡', { description: 'We read every idea.' });
          // Closing unmounts this form, which is the reset.
          onDone();
        },
      },
    );
  }

  return (
    // noValidate: the spec's own toasts replace the browser's validation bubbles.
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Honeypot />
      <EmailField id={`${id}-email`} value={email} onValueChange={setEmail} disabled={submitting} error={fieldErrors.email} />

      <MessageField
        id={`${id}-text`}
        label="Your suggestion"
        name="suggestion"
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="I spend hours every week updating a spreadsheet that…"
        value={text}
        onValueChange={setText}
        disabled={submitting}
        error={fieldErrors.suggestion_text}
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-category`}>Category (optional)</Label>
        <NativeSelect
          id={`${id}-category`}
          name="category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          disabled={submitting}
          {...fieldDescription(`${id}-category`, fieldErrors.category, null)}
        >
          <option value="">No category</option>
          {SUGGESTION_CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <FieldMessages id={`${id}-category`} error={fieldErrors.category} />
      </div>

      <Button type="submit" className="h-10" disabled={submitting || email === '' || text === ''} aria-busy={submitting}>
        {submitting ? 'Sending…' : 'Submit Suggestion'}
      </Button>
    </form>
  );
}
