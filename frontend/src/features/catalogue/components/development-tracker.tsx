import { cn } from '../../../lib/utils';
import { trackerStages } from '../display-rules';
import type { App } from '../../../../../contracts/catalogue/app';
import { CheckIcon } from './icons';

/**
 * Concept → Prototype → Beta Testing → Public Launch, every stage up to the current one highlighted. Across
 * on phones, where it sits above the content and height is precious; down the side column on desktop.
 */
export function DevelopmentTracker({ app }: { app: Pick<App, 'development_status'> }) {
  const stages = trackerStages(app);
  return (
    <ol data-testid="development-tracker" className="grid grid-cols-4 gap-1 lg:flex lg:flex-col lg:gap-0">
      {stages.map((stage, index) => (
        <li
          key={stage.status}
          aria-current={stage.current ? 'step' : undefined}
          data-reached={stage.reached}
          className="relative flex flex-col items-center gap-2 text-center lg:flex-row lg:gap-3 lg:pb-5 lg:text-left lg:last:pb-0"
        >
          {/* The rail to the next stage is coloured once that stage has been reached too. */}
          {index < stages.length - 1 && (
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-3.5 left-1/2 h-0.5 w-[calc(100%+0.25rem)]',
                'lg:top-7 lg:left-3.5 lg:h-[calc(100%-1.75rem)] lg:w-0.5 lg:-translate-x-1/2',
                stages[index + 1]!.reached ? 'bg-primary' : 'bg-border',
              )}
            />
          )}
          <span
            aria-hidden="true"
            className={cn(
              'relative flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
              stage.reached ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-muted-foreground',
              stage.current && 'ring-4 ring-primary/20',
            )}
          >
            {stage.reached && !stage.current ? <CheckIcon className="size-3.5" /> : index + 1}
          </span>
          <span
            data-testid="stage-label"
            className={cn('text-xs leading-tight lg:text-sm', stage.reached ? 'font-medium text-foreground' : 'text-muted-foreground')}
          >
            {stage.label}
          </span>
          {stage.reached && !stage.current && <span className="sr-only">(done)</span>}
        </li>
      ))}
    </ol>
  );
}
