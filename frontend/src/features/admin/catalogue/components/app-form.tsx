/**
 * Manage Apps' create / edit form: every catalogue field (the spec's page was a placeholder; DESIGN.md
 * asks for the real thing). The server validates again and answers with a message per field, shown under
 * the field it names.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { NativeSelect } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { ApiError } from '../../../../lib/api-client';
import { useSubmit } from '../../../../lib/use-submit';
import { createApp, updateApp } from '../api/save-app';
import { EMPTY_FORM, fieldsOf, formValuesOf, type AppFormValues, type ListField } from '../app-form-values';
import { DEVELOPMENT_STATUS_LABELS, type AdminApp, type DevelopmentStatus } from '../types';
import { ROI_FIGURES } from '../../../../../../contracts/catalogue/fields';

/** The suggestion form's categories (backend STANDARD_CATEGORIES); any other text is allowed too. */
const CATEGORIES = ['Productivity', 'Marketing', 'Sales', 'Analytics', 'Customer Support', 'Finance', 'HR & Recruiting', 'Other'];

type AppFormProps = {
  /** The app being edited; none when creating. */
  app?: AdminApp;
  onSaved: (saved: { id: string; slug: string }) => void;
};

export function AppForm({ app, onSaved }: AppFormProps) {
  const creating = !app;
  const [values, setValues] = useState<AppFormValues>(() => (app ? formValuesOf(app) : EMPTY_FORM));
  const { pending: saving, fieldErrors: errors, send } = useSubmit();
  const set = <K extends keyof AppFormValues>(key: K, value: AppFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(
      async () => {
        const fields = fieldsOf(values, creating);
        if (app) {
          await updateApp(app.id, fields);
          toast.success('App saved');
          return { id: app.id, slug: fields.slug ?? app.slug };
        }
        const created = await createApp(fields);
        toast.success('App created');
        return created;
      },
      {
        onSuccess: onSaved,
        // The server's `fields` go under the fields they name; a taken slug comes without them.
        onFailure: (error) => {
          if (error instanceof ApiError && error.status < 500 && error.status > 0) {
            toast.error('Failed to save app', { description: error.message });
            if (!error.fields && error.code === 'CATALOGUE.SLUG_TAKEN') return { fieldErrors: { slug: error.message } };
          } else {
            toast.error('Failed to save app', { description: 'Please try again.' });
          }
        },
      },
    );
  }

  const text = (key: keyof AppFormValues & string, label: string, props: Partial<React.ComponentProps<'input'>> = {}) => (
    <FormField id={`app-${key}`} label={label} error={errors[key]}>
      <Input
        id={`app-${key}`}
        value={values[key] as string}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => set(key, e.target.value as never)}
        {...props}
      />
    </FormField>
  );
  const area = (key: keyof AppFormValues & string, label: string, hint?: string, rows = 3) => (
    <FormField id={`app-${key}`} label={label} error={errorFor(errors, key)} hint={hint}>
      <Textarea
        id={`app-${key}`}
        rows={rows}
        value={values[key] as string}
        aria-invalid={errorFor(errors, key) ? true : undefined}
        onChange={(e) => set(key, e.target.value as never)}
      />
    </FormField>
  );
  const list = (key: ListField, label: string) => area(key, label, 'One per line');

  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Basics</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {text('name', 'Name', { required: true, maxLength: 120 })}
          {text('slug', 'Slug (address)', {
            placeholder: 'Leave empty to use the name',
            pattern: '[a-z0-9]+(-[a-z0-9]+)*',
            maxLength: 120,
          })}
          <FormField id="app-category" label="Category" error={errors.category}>
            <Input
              id="app-category"
              list="app-categories"
              required
              maxLength={60}
              value={values.category}
              aria-invalid={errors.category ? true : undefined}
              onChange={(e) => set('category', e.target.value)}
            />
            <datalist id="app-categories">
              {CATEGORIES.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
          </FormField>
          {creating ? text('views', 'Starting views', { type: 'number', min: 0, step: 1 }) : <div />}
          <div className="md:col-span-2">{area('description', 'Description', undefined, 3)}</div>
          <div className="md:col-span-2">{area('long_description', 'Long description', undefined, 5)}</div>
          {text('problem_solved', 'Problem solved', { maxLength: 1000 })}
          {text('replaces_tools', 'Replaces tools', { placeholder: 'Excel, Google Sheets', maxLength: 500 })}
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.featured}
              onChange={(e) => set('featured', e.target.checked)}
            />
            Featured
          </label>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Status and link</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField id="app-development_status" label="Development status" error={errors.development_status}>
            <NativeSelect
              id="app-development_status"
              value={values.development_status}
              onChange={(e) => set('development_status', e.target.value as DevelopmentStatus)}
            >
              {Object.entries(DEVELOPMENT_STATUS_LABELS).map(([status, label]) => (
                <option key={status} value={status}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {text('status_text', 'Status text', { maxLength: 120 })}
          {text('app_url', 'App URL', { type: 'url', placeholder: 'https://' })}
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.status_link_enabled}
              onChange={(e) => set('status_link_enabled', e.target.checked)}
            />
            Link enabled
          </label>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Page content</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {list('key_features', 'Key features')}
          {list('how_it_works', 'How it works')}
          {list('spreadsheet_benefits', 'Spreadsheet benefits')}
          {list('target_personas', 'Target personas')}
          {list('roi_benefits', 'ROI benefits')}
          {list('keywords', 'Keywords')}
          <fieldset className="flex flex-col gap-3 md:col-span-2">
            <legend className="mb-2 text-sm font-medium">FAQ</legend>
            {values.faq_items.map((item, i) => (
              <div key={i} className="grid gap-2 rounded-md border p-3 md:grid-cols-[1fr_2fr_auto]">
                <Input
                  aria-label={`Question ${i + 1}`}
                  placeholder="Question"
                  value={item.question}
                  onChange={(e) =>
                    set(
                      'faq_items',
                      values.faq_items.map((it, j) => (j === i ? { ...it, question: e.target.value } : it)),
                    )
                  }
                />
                <Input
                  aria-label={`Answer ${i + 1}`}
                  placeholder="Answer"
                  value={item.answer}
                  onChange={(e) =>
                    set(
                      'faq_items',
                      values.faq_items.map((it, j) => (j === i ? { ...it, answer: e.target.value } : it)),
                    )
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() =>
                    set(
                      'faq_items',
                      values.faq_items.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              onClick={() => set('faq_items', [...values.faq_items, { question: '', answer: '' }])}
            >
              Add question
            </Button>
            {errorFor(errors, 'faq_items') && <p className="text-sm text-destructive">{errorFor(errors, 'faq_items')}</p>}
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>ROI figures</h2>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            The app page's 'ROI & Business Impact' figures. Leave all five empty to show the standard ones (45% faster, 30% less errors, 25%
            cost savings, 40% ROI, $69,000 projected).
          </p>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {ROI_FIGURES.map(({ key, label, min, max }) => {
            const id = `app-roi_figures-${key}`;
            const error = errors[`roi_figures.${key}`] ?? errors.roi_figures;
            return (
              <FormField key={key} id={id} label={label} error={error}>
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  step={1}
                  value={values.roi_figures[key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => set('roi_figures', { ...values.roi_figures, [key]: e.target.value })}
                />
              </FormField>
            );
          })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Search engines</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {text('meta_title', 'Meta title', { maxLength: 120 })}
          {text('meta_description', 'Meta description', { maxLength: 320 })}
        </CardContent>
      </Card>

      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : creating ? 'Create App' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** A field's own message, or the first message about one of its items ('key_features.2'). */
function errorFor(errors: Record<string, string>, key: string): string | undefined {
  return errors[key] ?? Object.entries(errors).find(([field]) => field.startsWith(`${key}.`))?.[1];
}

function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p className="text-sm text-destructive" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
