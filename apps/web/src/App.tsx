// The routes of the web application (under /app). Invoices, review and exports are the shared
// screens of packages/ui; the rest are this app's own.
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Layout } from './Layout';
import { ExportsRoute, InvoiceListScreen, InvoiceScreens, ReviewRoute } from './screens/InvoiceScreens';
import { Placeholder } from './screens/Placeholder';
import { SignIn } from './screens/SignIn';
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
        { index: true, element: <Navigate to="/invoices" replace /> },
        {
          element: <InvoiceScreens />,
          children: [
            { path: 'invoices', element: <InvoiceListScreen /> },
            { path: 'invoices/:jobId', element: <ReviewRoute /> },
            { path: 'exports', element: <ExportsRoute /> },
          ],
        },
        { path: 'api', element: <Placeholder titleKey="nav.api" /> },
        { path: 'api/keys', element: <Placeholder titleKey="nav.keys" /> },
        { path: 'api/usage', element: <Placeholder titleKey="nav.usage" /> },
        { path: 'api/calculator', element: <Placeholder titleKey="nav.calculator" /> },
        { path: 'plans', element: <Placeholder titleKey="nav.plans" /> },
        { path: 'account', element: <Placeholder titleKey="nav.account" /> },
        { path: '*', element: <Placeholder titleKey="common.notFound" /> },
      ],
    },
  ],
  { basename: '/app' },
);

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
