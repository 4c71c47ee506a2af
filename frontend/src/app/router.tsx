import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { NotFoundRoute } from './routes/not-found';
import { RootLayout } from './routes/root-layout';

const HomeRoute = lazy(() => import('./routes/home').then((module) => ({ default: module.HomeRoute })));

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      { index: true, Component: HomeRoute },
      { path: '*', Component: NotFoundRoute },
    ],
  },
]);
