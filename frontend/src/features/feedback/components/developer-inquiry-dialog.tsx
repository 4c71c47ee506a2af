/**
 * 'Apply as a Developer' (header, mobile menu, About page): name, e-mail and message required, portfolio
 * and LinkedIn URLs optional. Its form state lives inside the content, which radix unmounts on close.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { submitDeveloperInquiry } from '../api/submit-developer-inquiry';
import { isBlank } from '../validation';

interface DeveloperInquiryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DeveloperInquiryDialog({ open, onOpenChange }: DeveloperInquiryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Apply as a Developer</DialogTitle>
          <DialogDescription>Want to build small AI tools with us? Tell us about yourself.</DialogDescription>
        </DialogHeader>
        <DeveloperInquiryForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function DeveloperInquiryForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [portfolio, setPortfolio] = useState('');
  const [linkedin, setLinkedin] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (isBlank(name) || isBlank(email) || isBlank(message)) {
      toast.error('Missing Information', { description: 'Please fill in all required fields.' });
      return;
    }

    setSubmitting(true);
    try {
      await submitDeveloperInquiry({
        name: name.trim(),
        email: email.trim(),
        message: message.trim(),
        portfolio_url: orNull(portfolio),
        linkedin_url: orNull(linkedin),
      });
    } catch (error) {
      console.error('Submitting the developer inquiry failed', error);
      toast.error('Error', { description: 'Failed to submit your inquiry. Please try again.' });
      setSubmitting(false);
      return;
    }
    toast.success('Thank you!', { description: "We'll get back to you soon!" });
    onDone();
  }

  // Not noValidate: no field is `required` (the spec's toast covers missing ones), so the browser only steps
  // in for a malformed e-mail or URL, the one check the spec gives these fields (§5: "of URL type").
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={submitting}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submitting}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          placeholder="What you build, what you would like to work on…"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          disabled={submitting}
          className="min-h-24 w-full min-w-0 resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-portfolio`}>Portfolio URL (optional)</Label>
        <Input
          id={`${id}-portfolio`}
          type="url"
          name="portfolio_url"
          autoComplete="url"
          placeholder="https://"
          value={portfolio}
          onChange={(event) => setPortfolio(event.target.value)}
          disabled={submitting}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-linkedin`}>LinkedIn URL (optional)</Label>
        <Input
          id={`${id}-linkedin`}
          type="url"
          name="linkedin_url"
          placeholder="https://www.linkedin.com/in/…"
          value={linkedin}
          onChange={(event) => setLinkedin(event.target.value)}
          disabled={submitting}
        />
      </div>

      <Button type="submit" className="h-10" disabled={submitting} aria-busy={submitting}>
        {submitting ? 'Sending…' : 'Submit Application'}
      </Button>
    </form>
  );
}
