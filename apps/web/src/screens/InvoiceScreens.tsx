// The shared invoice screens of packages/ui in the web application: their data over /api/v1
// (httpInvoiceData on this origin) and their links through the router under /app; under the
// review, the request to the seller for a corrected invoice; the company profile the e-invoice
// exports take buyer-side values from.
import {
  CompanyProfileScreen,
  ExportsScreen,
  httpInvoiceData,
  InvoiceList,
  InvoiceUiProvider,
  ReviewScreen,
} from '@invoice-reader/ui';
import { useMemo } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { useSession } from '../session';
import { CorrectionRequest } from './CorrectionRequest';
import { setTabTitle } from './title';

const data = httpInvoiceData('');

export function InvoiceScreens() {
  const navigate = useNavigate();
  const links = useMemo(
    () => ({
      list: '/app/invoices',
      invoice: (id: number) => `/app/invoices/${id}`,
      exports: '/app/exports',
      plans: '/app/plans',
      company: '/app/account/company',
      navigate: (href: string) => navigate(href.replace(/^\/app/, '')),
    }),
    [navigate],
  );
  // The screens name themselves (the review by its file); a 401 goes back to sign-in.
  const { signedOut } = useSession();
  return (
    <InvoiceUiProvider data={data} links={links} title={setTabTitle} signedOut={signedOut}>
      <Outlet />
    </InvoiceUiProvider>
  );
}

export function InvoiceListScreen() {
  return <InvoiceList />;
}

export function ReviewRoute() {
  const { jobId } = useParams();
  return (
    <ReviewScreen jobId={Number(jobId)} aside={<CorrectionRequest key={jobId} jobId={Number(jobId)} />} />
  );
}

export function ExportsRoute() {
  return <ExportsScreen />;
}

export function CompanyRoute() {
  return <CompanyProfileScreen />;
}
