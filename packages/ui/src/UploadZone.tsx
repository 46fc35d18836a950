// Drop or choose many files; each is uploaded on its own with its progress, and its refusal
// (no plan left, too large, not an invoice type) said in words next to its name.
import { Button } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, useInvoiceUi } from './context.js';
import type { WebJob } from './data.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { ACCEPTED_TYPES, PLAN_REQUIRED, percent, uploadErrorKey } from './upload-errors.js';

interface Item {
  key: number;
  name: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  errorKey?: string;
  duplicate?: boolean;
}

let nextKey = 1;

export function UploadZone({ country, onUploaded }: { country?: string; onUploaded: (job: WebJob) => void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { data, links } = useInvoiceUi();
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const update = (key: number, patch: Partial<Item>) =>
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...patch } : it)));

  const send = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = nextKey++;
      setItems((list) => [
        ...list,
        { key, name: file.name, loaded: 0, total: file.size, state: 'uploading' },
      ]);
      data
        .upload(file, { country, onProgress: (p) => update(key, { loaded: p.loaded, total: p.total }) })
        .then((job) => {
          update(key, { state: 'done', loaded: file.size, duplicate: job.duplicate === true });
          onUploaded(job);
        })
        .catch((err: unknown) => update(key, { state: 'failed', errorKey: uploadErrorKey(err) }));
    }
  };

  return (
    <section className="ir-upload" aria-labelledby={hintId}>
      {/* Dropping is the mouse's way; the button is the keyboard's, so the zone itself takes no focus. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the file button inside is the accessible way */}
      <div
        className={`ir-drop${over ? ' ir-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          send(e.dataTransfer.files);
        }}
      >
        <svg
          className="ir-drop-icon"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4M7 9l5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        <span id={hintId}>{t('upload.drop')}</span>
        <Button size="sm" onClick={() => input.current?.click()}>
          {t('upload.choose')}
        </Button>
        <span className="ir-drop-types">{t('upload.types')}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          hidden
          aria-label={t('upload.choose')}
          onChange={(e) => {
            if (e.target.files) send(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <>
          <ul className="ir-uploads" aria-live="polite">
            {items.map((it) => (
              <li key={it.key} data-testid="upload-item">
                <span className="ir-upload-name">{it.name}</span>
                {it.state === 'uploading' && (
                  <>
                    <progress max={100} value={percent(it.loaded, it.total)} aria-label={it.name} />
                    <span>{t('upload.uploading', { percent: percent(it.loaded, it.total) })}</span>
                  </>
                )}
                {it.state === 'done' && (
                  <span className="ir-ok">{t(it.duplicate ? 'upload.duplicate' : 'upload.queued')}</span>
                )}
                {it.state === 'failed' && (
                  <span className="ir-error" role="alert">
                    {t(it.errorKey ?? 'upload.error.unknown')}
                  </span>
                )}
                {/* No scanned parse left: the way to a plan, beside the sentence that asks for one. */}
                {it.state === 'failed' && it.errorKey === PLAN_REQUIRED && links.plans && (
                  <>
                    {' '}
                    <AppLink href={links.plans}>{t('upload.choose_plan')}</AppLink>
                  </>
                )}
              </li>
            ))}
          </ul>
          <div>
            <Button
              variant="default"
              size="xs"
              onClick={() => setItems((list) => list.filter((it) => it.state === 'uploading'))}
            >
              {t('upload.dismiss')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
