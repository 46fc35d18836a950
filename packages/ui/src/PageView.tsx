// One page of the invoice as a picture with each field's box drawn where the value was seen.
// The boxes are drawn over the picture as it is shown (measured, so they follow resizing), and
// listed in text beside it for people who cannot see them.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bboxToPixels, fieldsOnPage } from './bbox.js';
import type { FieldDetail } from './data.js';
import { UI_NAMESPACE } from './i18n/index.js';

interface Props {
  src: string | null;
  page: number;
  name: string;
  fields: FieldDetail[];
  active: string | null;
  onPick: (key: string) => void;
}

export function PageView({ src, page, name, fields, active, onPick }: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  const img = useRef<HTMLImageElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [broken, setBroken] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new picture is measured again
  useEffect(() => {
    setBroken(false);
    const el = img.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [src]);

  if (!src || broken) return <p>{t('review.no_page')}</p>;
  const boxed = fieldsOnPage(fields, page);
  const label = (f: FieldDetail) =>
    t('review.box_label', {
      field: t(`field.${f.key}`, { defaultValue: f.key }),
      value: f.value,
      status: t(`status.${f.status}`),
    });

  return (
    <figure style={{ margin: 0 }}>
      <div className="ir-page" data-testid="page">
        <img
          ref={img}
          src={src}
          alt={t('review.page_alt', { n: page, name })}
          onLoad={(e) =>
            setSize({ width: e.currentTarget.clientWidth, height: e.currentTarget.clientHeight })
          }
          onError={() => setBroken(true)}
        />
        {boxed.map((f) => {
          const box = bboxToPixels(f.bbox, size);
          if (!box) return null;
          // The same choice as the field list beside it: the list is the keyboard's way, so a box takes no tab stop.
          return (
            <button
              type="button"
              tabIndex={-1}
              key={f.key}
              data-field={f.key}
              className={`ir-box ir-st-${f.status}${f.key === active ? ' ir-active' : ''}`}
              style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
              title={label(f)}
              aria-label={label(f)}
              onClick={() => onPick(f.key)}
            />
          );
        })}
      </div>
      <figcaption>
        <span className="ir-sr">{t('review.boxes')}</span>
        <ul className="ir-sr">
          {boxed.map((f) => (
            <li key={f.key}>{label(f)}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
