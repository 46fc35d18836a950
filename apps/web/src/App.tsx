// The routes of the web application (under /app). Invoices, review and exports are the shared
// screens of packages/ui; the rest are this app's own.
import { useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Layout } from './Layout';
import { forgetNext, takeNext } from './next-path';
import { Account } from './screens/Account';
import { ApiDashboard } from './screens/ApiDashboard';
import { Calculator } from './screens/Calculator';
import { DeviceConfirm } from './screens/DeviceConfirm';
import {
  CompanyRoute,
  ExportsRoute,
  InvoiceListScreen,
  InvoiceScreens,
  ReviewRoute,
} from './screens/InvoiceScreens';
import { Keys } from './screens/Keys';
import { Mail } from './screens/Mail';
import { NotFound } from './screens/NotFound';
import { Plans } from './screens/Plans';
import { SignIn } from './screens/SignIn';
import { Usage } from './screens/Usage';
import { RequireSession, SessionProvider } from './session';

const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignIn /> },
    {
      path: '/',
      element: (
        <RequireSession>
          <Layout />
        </RequireSession>
      ),
      children: [
        { index: true, element: <Home /> },
        {
          element: <InvoiceScreens />,
          children: [
            { path: 'invoices', element: <InvoiceListScreen /> },
            { path: 'invoices/:jobId', element: <ReviewRoute /> },
            { path: 'exports', element: <ExportsRoute /> },
            { path: 'account/company', element: <CompanyRoute /> },
          ],
        },
        { path: 'api', element: <ApiDashboard /> },
        { path: 'api/keys', element: <Keys /> },
        { path: 'api/usage', element: <Usage /> },
        { path: 'api/calculator', element: <Calculator /> },
        { path: 'plans', element: <Plans /> },
        { path: 'mail', element: <Mail /> },
        { path: 'account', element: <Account /> },
        { path: 'device', element: <DeviceConfirm /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/app' },
);

/**
 * /app/: where the person was going before the sign-in link, else the invoices; back from the
 * mail provider's consent page (`?mail=connected`), the mail screen.
 */
function Home() {
  const [to] = useState(() =>
    new URLSearchParams(location.search).get('mail') === 'connected'
      ? '/mail?mail=connected'
      : (takeNext() ?? '/invoices'),
  );
  useEffect(forgetNext, []);
  return <Navigate to={to} replace />;
}

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
