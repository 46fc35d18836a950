// A key just made: the whole key and its callback secret, shown this once (the service keeps
// only their hashes), with a way to copy them.
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NewKey } from '../types';

export function NewKeyBox({ created, onDone }: { created: NewKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ir-card new-key" role="status" aria-labelledby="new-key-title">
      <h2 id="new-key-title">{t('keys.newTitle')}</h2>
      <p>{t('keys.shownOnce')}</p>
      <p>
        <strong>{t('keys.key')}</strong>
      </p>
      <p className="secret" data-testid="new-key">
        {created.key}
      </p>
      <p>
        <strong>{t('keys.callbackSecret')}</strong>
      </p>
      <p className="secret">{created.callback_secret}</p>
      <div className="ir-toolbar">
        <Button variant="default" onClick={() => void navigator.clipboard?.writeText(created.key)}>
          {t('keys.copy')}
        </Button>
        <Button onClick={onDone}>{t('keys.stored')}</Button>
      </div>
    </div>
  );
}
