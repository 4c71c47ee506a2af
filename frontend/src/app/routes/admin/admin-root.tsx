import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from 'sonner';
import { ClientOnly } from '../../../components/client-only';
import { MarkHydrated } from '../root-layout';

/** Every /admin page: no public header or footer; the pages themselves are lazy chunks. */
export function AdminRoot() {
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
        <MarkHydrated />
      </Suspense>
      <ClientOnly>
        <Toaster richColors position="top-center" />
      </ClientOnly>
    </>
  );
}
