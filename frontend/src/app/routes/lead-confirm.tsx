import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { checkLeadConfirmationLink, confirmLead } from '../../features/early-access/api/confirm-lead';
import { UNEXPECTED_ERROR } from '../../../../contracts/errors';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';

type State = 'checking' | 'ready' | 'confirming' | 'confirmed' | 'invalid' | 'failed';

/**
 * The welcome e-mail's link lands here: one button confirms that the address is the lead's own (opening the
 * link changes nothing, since mail scanners open links too).
 */
export function LeadConfirmRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let current = true;
    checkLeadConfirmationLink(token).then(
      ({ valid }) => current && setState(valid ? 'ready' : 'invalid'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const confirm = () => {
    setState('confirming');
    confirmLead(token).then(
      () => setState('confirmed'),
      (failure: unknown) => setState(failure instanceof ApiError && failure.status === 400 ? 'invalid' : 'failed'),
    );
  };

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <PageMeta title="Confirm your place | Unsheet" description="Confirm your place on the Unsheet list." path={paths.leadConfirm} />
      <meta name="robots" content="noindex" />
      {state === 'confirmed' ? (
        <>
          <h1 className="text-2xl font-semibold">Your address is confirmed</h1>
          <p role="status" className="text-muted-foreground">
            Your place on the Unsheet list is yours for good, and friends who join through your link now count.
          </p>
          <Button asChild variant="outline">
            <Link to={paths.home}>Back to Unsheet</Link>
          </Button>
        </>
      ) : state === 'invalid' || state === 'failed' ? (
        <>
          <h1 className="text-2xl font-semibold">{state === 'invalid' ? 'This link is not valid' : "We couldn't confirm your address"}</h1>
          <p role="alert" className="text-muted-foreground">
            {state === 'invalid' ? 'The confirmation link is incomplete or has expired.' : UNEXPECTED_ERROR}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.home}>Back to Unsheet</Link>
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">Confirm your place on the Unsheet list</h1>
          <p className="text-muted-foreground">Confirm that this address is yours, to keep your place on the list.</p>
          {state === 'checking' ? (
            <p role="status" className="text-muted-foreground">
              Checking your link...
            </p>
          ) : (
            <Button type="button" size="lg" disabled={state === 'confirming'} onClick={confirm}>
              Confirm my address
            </Button>
          )}
        </>
      )}
    </div>
  );
}
