import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="flex-1">
        {/* Pages are lazy chunks; the header and footer stay put while one loads. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
