// Under the review screen of an invoice with flagged or unconfirmed fields: "Ask the seller for a
// corrected invoice" writes a correction_request letter (POST /api/v1/letters) sent from the
// connected mailbox, and says to whom it went and in which state it is. The button keeps the
// keyboard's place while the letter is written (BusyButton).
import { BusyButton, httpInvoiceData, needsAttention, useBusy, type WebJob } from '@invoice-reader/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../api';
import type { Letter } from '../types';

const data = httpInvoiceData('');

export function CorrectionRequest({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<WebJob | null>(null);
  const { busy, run } = useBusy<'ask'>();
  const [letter, setLetter] = useState<Letter | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    let stale = false;
    data.getJob(jobId).then(
      (j) => {
        if (!stale) setJob(j);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [jobId]);

  if (job?.status !== 'done' || !job.fields_detailed.some(needsAttention)) return null;

  const ask = () =>
    run('ask', async () => {
      setFailed('');
      try {
        setLetter(
          await api<Letter>('/api/v1/letters', { json: { job_id: jobId, kind: 'correction_request' } }),
        );
      } catch (err) {
        const detail = err instanceof ApiError ? err.detail : '';
        setFailed(t(`mail.error.${detail}`, { defaultValue: t('common.failed') }));
      }
    });

  return (
    <div className="ir-card">
      {/* Once the letter is written there is nothing more to ask, but the button stays unavailable
          rather than `disabled`: it has the focus at that moment, and `disabled` would drop it. */}
      <div>
        <BusyButton variant="default" busy={busy !== null || letter !== null} onClick={ask}>
          {t('mail.ask')}
        </BusyButton>
      </div>
      {failed && (
        <p role="alert" className="ir-error">
          {failed}
        </p>
      )}
      <p role="status" className="ir-small">
        {busy
          ? t('mail.asking')
          : letter && t('mail.asked', { to: letter.to, state: t(`mail.letterState.${letter.status}`) })}
      </p>
    </div>
  );
}
