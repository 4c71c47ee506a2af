import { Badge } from '../../../components/ui/badge';
import { statusBadge } from '../display-rules';
import type { App } from '../../../../../contracts/catalogue/app';
import { ExternalLinkIcon } from './icons';

type StatusBadgeProps = {
  app: Pick<App, 'development_status' | 'app_url' | 'status_text' | 'status_link_enabled'>;
  /** Called when the visitor follows the link to the app. */
  onOpen?: () => void;
};

/** The app page's status badge (rules in display-rules.ts); a link to the app, in a new tab, when it has one. */
export function StatusBadge({ app, onOpen }: StatusBadgeProps) {
  const badge = statusBadge(app);
  if (!badge) return null;

  // Spaces between the parts keep the text readable ('Live · Live now') where the flex gap does not apply:
  // screen readers and copied text.
  const content = (
    <>
      {badge.label && (
        <>
          <span className="font-semibold">{badge.label}</span> <span aria-hidden="true">·</span>{' '}
        </>
      )}
      <span>{badge.text}</span>
    </>
  );

  if (!badge.href) {
    return (
      <Badge data-testid="status-badge" variant="outline">
        {content}
      </Badge>
    );
  }
  return (
    <Badge data-testid="status-badge" variant="outline" asChild className="border-secondary/40 hover:bg-accent">
      <a href={badge.href} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
        {content}
        <ExternalLinkIcon className="size-3" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Badge>
  );
}
