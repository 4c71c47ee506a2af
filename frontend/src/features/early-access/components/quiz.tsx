/**
 * The quiz (spec §4): an e-mail, then 4 questions one at a time ('Step n/4'), a loading state, and the
 * 'Perfect Match!' result with a share link. The server recommends the app, keeps the result and puts the
 * address on the list with source 'quiz'; if that fails, the spec's default result is shown under a plain
 * statement that the visitor was not added to the list, with a retry (and, when the server refused the address,
 * its message and a way back to the address).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Honeypot, honeypotOf } from '../../../components/ui/honeypot';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { trackConversion } from '../../../lib/conversions';
import type { QuizAnswer, QuizOutcome } from '../../../../../contracts/early-access/quiz-api';
import { useSubmitQuiz } from '../api/submit-quiz';
import { getQuizQuestion } from '../api/get-quiz-question';
import { confirmReminder, placeText } from '../join-messages';
import { fieldRefusal } from '../../../lib/field-errors';
import { DEFAULT_RESULT, fallbackQuestion, QUIZ_NOT_SAVED, QUIZ_RETRY_HINT, QUIZ_STEPS, type QuizQuestion } from '../quiz-questions';
import { readReferral, shareLink } from '../referral';
import { EMAIL_FIELD, validateEmail } from '../validation';
import { CopyButton } from './copy-button';
import { EmailInput } from './email-input';

/** Why the result was not saved: the server's message about the address, or null for any other failure. */
type Unsaved = { emailRefused: string | null };

type Phase =
  | { kind: 'email' }
  | { kind: 'question'; step: number }
  | { kind: 'loading' }
  | { kind: 'result'; outcome: QuizOutcome | null; unsaved?: Unsaved };

/** `currentApp`: the slug of the app page the quiz is on, if any (the questions adapt to it). */
export function Quiz({ currentApp }: { currentApp?: string | undefined }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [trap, setTrap] = useState<{ website?: string }>({});
  const [answers, setAnswers] = useState<QuizAnswer[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitQuiz = useSubmitQuiz();

  // Each step replaces the last: move focus to its heading so keyboard and screen-reader users follow.
  useEffect(() => {
    if (phase.kind !== 'email') headingRef.current?.focus();
  }, [phase]);

  async function finish(all: QuizAnswer[]) {
    setPhase({ kind: 'loading' });
    try {
      const outcome = await submitQuiz({ email, answers: all, ref: readReferral(), ...trap });
      trackConversion('lead');
      setPhase({ kind: 'result', outcome });
    } catch (error) {
      console.error('Saving the quiz result failed', error);
      setPhase({ kind: 'result', outcome: null, unsaved: { emailRefused: fieldRefusal(error, EMAIL_FIELD)?.fieldErrors.email ?? null } });
    }
  }

  function answer(step: number, question: string, value: string) {
    const next = [...answers.slice(0, step), { question, answer: value }];
    setAnswers(next);
    if (next.length === QUIZ_STEPS) void finish(next);
    else setPhase({ kind: 'question', step: step + 1 });
  }

  function restart() {
    setAnswers([]);
    setPhase({ kind: 'question', step: 0 });
  }

  return (
    <div data-testid="quiz" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      {phase.kind === 'email' && (
        <EmailStep
          email={email}
          onEmail={setEmail}
          onStart={(filled) => {
            setTrap(filled);
            // Back from a refused address with every answer given: send them again with the new address.
            if (answers.length === QUIZ_STEPS) void finish(answers);
            else setPhase({ kind: 'question', step: 0 });
          }}
        />
      )}
      {phase.kind === 'question' && (
        <QuestionStep
          headingRef={headingRef}
          step={phase.step}
          answers={answers}
          currentApp={currentApp}
          onAnswer={answer}
          onBack={() => setPhase(phase.step === 0 ? { kind: 'email' } : { kind: 'question', step: phase.step - 1 })}
        />
      )}
      {phase.kind === 'loading' && (
        <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
          <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" />
          <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Finding your perfect match…
          </h3>
        </div>
      )}
      {phase.kind === 'result' && (
        <ResultStep
          headingRef={headingRef}
          outcome={phase.outcome}
          unsaved={phase.unsaved}
          onRetry={() => void finish(answers)}
          onChangeEmail={() => setPhase({ kind: 'email' })}
          onRestart={restart}
        />
      )}
    </div>
  );
}

function EmailStep({
  email,
  onEmail,
  onStart,
}: {
  email: string;
  onEmail: (email: string) => void;
  onStart: (trap: { website?: string }) => void;
}) {
  const inputId = useId();
  const [invalid, setInvalid] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateEmail(email);
    if (problem) {
      setInvalid(true);
      toast.error(problem.title, { description: problem.description });
      return;
    }
    onStart(honeypotOf(event.currentTarget));
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <h3 className="text-xl font-semibold">Find your perfect tool in {QUIZ_STEPS} steps</h3>
        <p className="text-pretty text-muted-foreground">
          Answer {QUIZ_STEPS} quick questions and we will match you with the tool that replaces your spreadsheet.
        </p>
      </div>
      <form noValidate onSubmit={handleSubmit} className="@container flex flex-col gap-2">
        <Honeypot />
        <Label htmlFor={inputId}>Email</Label>
        <div className="flex flex-col gap-2 @sm:flex-row">
          <EmailInput
            id={inputId}
            value={email}
            onValueChange={(value) => {
              onEmail(value);
              setInvalid(false);
            }}
            invalid={invalid}
          />
          <Button type="submit" className="h-10">
            Start the quiz
          </Button>
        </div>
      </form>
    </div>
  );
}

interface QuestionStepProps {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  step: number;
  answers: readonly QuizAnswer[];
  currentApp: string | undefined;
  onAnswer: (step: number, question: string, value: string) => void;
  onBack: () => void;
}

function QuestionStep({ headingRef, step, answers, currentApp, onAnswer, onBack }: QuestionStepProps) {
  const { pathname } = useLocation();
  const asked = answers.slice(0, step).map((a) => a.answer);
  const key = JSON.stringify([step, asked]);
  const [loaded, setLoaded] = useState<{ key: string; question: QuizQuestion } | null>(null);
  // Each question depends on the answers before it; if it cannot be loaded, the spec's fallback is asked.
  useEffect(() => {
    let current = true;
    void getQuizQuestion({ currentAnswers: asked, currentPage: pathname, currentApp })
      .catch((error: unknown) => {
        console.error('Loading the quiz question failed', error);
        return fallbackQuestion(step, asked, pathname);
      })
      .then((question) => {
        if (current) setLoaded({ key, question });
      });
    return () => {
      current = false;
    };
    // `key` stands for step and the answers before it (`asked` is a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pathname, currentApp]);
  const ready = loaded?.key === key;
  // The heading appears only once the question has loaded: move focus to it then.
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready, headingRef]);
  const chosen = answers[step]?.answer;
  if (!ready) {
    return (
      <div role="status" className="flex flex-col gap-3 py-6">
        <p className="text-sm font-medium text-muted-foreground">
          Step {step + 1}/{QUIZ_STEPS}
        </p>
        <span className="block h-6 w-2/3 animate-pulse rounded-md bg-muted" />
        <span className="sr-only">Loading the question…</span>
      </div>
    );
  }
  const { question, options } = loaded!.question;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted-foreground">
          Step {step + 1}/{QUIZ_STEPS}
        </p>
        <div
          role="progressbar"
          aria-label="Quiz progress"
          aria-valuemin={0}
          aria-valuemax={QUIZ_STEPS}
          aria-valuenow={step + 1}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${((step + 1) / QUIZ_STEPS) * 100}%` }} />
        </div>
      </div>
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {question}
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <Button
            key={option.value}
            type="button"
            variant="outline"
            aria-pressed={chosen === option.value}
            className="h-auto min-h-11 justify-start py-2.5 text-left whitespace-normal"
            onClick={() => onAnswer(step, question, option.value)}
          >
            {option.text}
          </Button>
        ))}
      </div>
      <div>
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}

interface ResultStepProps {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  outcome: QuizOutcome | null;
  /** Set when the result could not be saved. */
  unsaved: Unsaved | undefined;
  onRetry: () => void;
  onChangeEmail: () => void;
  onRestart: () => void;
}

function ResultStep({ headingRef, outcome, unsaved, onRetry, onChangeEmail, onRestart }: ResultStepProps) {
  const linkId = useId();
  const app = outcome?.recommendedApp;
  const link = outcome ? shareLink(outcome.lead.refCode, window.location.origin) : null;
  return (
    <div className="flex flex-col gap-5" data-testid="quiz-result">
      {unsaved && (
        <div
          role="alert"
          data-testid="quiz-unsaved"
          className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <p className="font-semibold text-destructive">{QUIZ_NOT_SAVED}</p>
          <p>{unsaved.emailRefused ? `Your email address was not accepted: ${unsaved.emailRefused}` : QUIZ_RETRY_HINT}</p>
          <div className="flex flex-wrap gap-2">
            {unsaved.emailRefused ? (
              <Button type="button" onClick={onChangeEmail}>
                Change email
              </Button>
            ) : (
              <Button type="button" onClick={onRetry}>
                Try again
              </Button>
            )}
          </div>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-primary outline-none">
          Perfect Match!
        </h3>
        <p className="text-xl font-semibold">{app?.name ?? DEFAULT_RESULT.name}</p>
        <p className="text-pretty text-muted-foreground">{app ? (outcome?.reason ?? app.description) : DEFAULT_RESULT.description}</p>
      </div>
      {outcome && (
        <div className="flex flex-col gap-1 text-sm" data-testid="quiz-place">
          <p>
            {outcome.lead.alreadyJoined && 'You were already on the list. '}
            {placeText(outcome.lead)}.
          </p>
          <p className="font-medium text-pretty">{confirmReminder(outcome.lead.alreadyJoined)}</p>
        </div>
      )}
      {link && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={linkId}>Share your match with a friend</Label>
          <div className="flex gap-2">
            <Input id={linkId} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={link} />
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {app && (
          <Button asChild>
            <Link to={paths.app(app.slug)}>See {app.name}</Link>
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onRestart}>
          Take the quiz again
        </Button>
      </div>
    </div>
  );
}
